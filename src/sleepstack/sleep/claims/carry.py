"""Unread remarks across cycles: what one cycle could not read waits for a later change.

Three mechanisms make an earlier remark that no reader took a value from the
history of its slot once a later claim of the same speaker gives the slot
another value: an unread statement clearly about one slot
(:func:`.settle.mentions`: "My girlfriend and I live together"), a remark with
no first person (:mod:`.remarks`: "Sheffield born and bred"), and a thing the
change names in passing (:mod:`.conamed`: "work at rakuten" … "Zendesk hired
me!!! rakuten is over"). Within one batch of turns they see both the remark
and the change. In real use the remark is slept on weeks before the change,
in another cycle; so each cycle keeps a *reference* to every remark still
unread (:class:`~sleepstack.layers.claims_map.Unread`: turn id, day, the
clause's position in the turn, slots, a mention's score; never its words) in
the user's claims map, and the next one starts from them:

* the cycle re-reads the referenced turns from the raw log
  (:mod:`sleepstack.sleep.phases.carried`); a turn ``forget`` erased or
  redacted, or one the trust gate now withholds, is gone, and so is its remark;
* :func:`seed` turns the references back into what :func:`..claims_of` keeps
  while it reads a batch (the mentions waiting for a later claim, the
  speaker's own clauses for :func:`.conamed.co_named`), placed before the
  batch's turns, the clause's words taken from the re-read turn;
* :func:`finish` takes out the claims those earlier turns got from this batch
  (their history, read now: :attr:`Carry.late`) and the references still
  unread (:attr:`Carry.left`).

A remark stays unread while no later claim of the same speaker has spoken of
its slot: once one has, it either became the slot's history or the claim gave
the value it may have meant, and it is dropped. Only the speaker's own remarks
in raw-log turns are kept (a promoted note, whose "turn" is the note file, is
never carried; a third party's clause only for a slot whose value is a person:
"my boss here is called Tuomas", as in :mod:`.conamed`). At most
:data:`MAX_UNREAD` references per user, the newest, are kept.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ...layers.claims_map import Unread
from ...layers.rawlog import Turn
from ...layers.trust import is_reserved_role
from ..extract_base import subject_for_role
from .claim import Claim
from .conamed import Said, names_of, spans
from .detect import disclosures
from .held import names_value
from .subject import third_party
from .taxonomy import OTHER, slot_by_name

__all__ = ["MAX_UNREAD", "Carry", "finish", "seed"]

#: references kept per user (the newest). A remark matters only until the
#: speaker next speaks of its slot (then it is dropped, see above), so what
#: waits is at most a few remarks for each of the ~15 single-valued slots; 48
#: keeps that with room while a talkative user's map stays small (a reference
#: is 90-210 bytes, the most for a clause near many slots: at most ~10 KB per
#: user), and bounds the raw-log files a cycle re-reads per user to 48.
MAX_UNREAD = 48


@dataclass
class Carry:
    """The unread remarks of earlier cycles in, what this batch made of them out."""

    #: the references the claims map kept
    earlier: Sequence[Unread] = ()
    #: their turns as re-read from the raw log, by id (a missing one is gone)
    turns: Mapping[str, Turn] = field(default_factory=dict)
    #: claims of the earlier turns read now: the history a change in this batch gave them
    late: list[Claim] = field(default_factory=list)
    #: the references still unread after this batch (earlier ones and this batch's)
    left: list[Unread] = field(default_factory=list)


def _clause(turn: Turn, n: int) -> str | None:
    cl = disclosures(turn.text)
    return cl[n].text if 0 <= n < len(cl) else None


def seed(carry: Carry | None, turns: Sequence[Turn]
         ) -> tuple[list[list[Claim]], list[tuple[int, Claim]], list[Said]]:
    """The earlier cycles' unread remarks, as the start of a batch of *turns*.

    Returns one (empty) claim list per earlier turn, to go before the batch's
    own, the mentions by that position, and the speaker's clauses in turn order.
    A reference whose turn is gone, is no raw-log turn of the batch's user, or
    whose clause is no longer there, is left out.
    """
    if carry is None or not carry.earlier or not turns:
        return [], [], []
    user = turns[0].user
    if any(t.user != user for t in turns):
        raise ValueError("unread remarks belong to one user; turns are of several")
    now = {t.id for t in turns}
    got: list[tuple[Turn, Unread, str, str]] = []
    for u in carry.earlier:
        t = carry.turns.get(u.turn)
        if t is None or t.user != user or t.id in now or is_reserved_role(t.role):
            continue
        subject, clause = subject_for_role(t.role), _clause(t, u.clause)
        if subject is None or clause is None:
            continue
        try:
            slots = [slot_by_name(n) for n in u.slots]
        except KeyError:  # a slot this version does not know
            continue
        if slots and all(sl is not OTHER for sl in slots):
            got.append((t, u, subject, clause))
    got.sort(key=lambda x: (x[0].at, x[0].id, x[1].clause))
    at: dict[str, int] = {}
    unread: list[tuple[int, Claim]] = []
    said: list[Said] = []
    for t, u, subject, clause in got:
        i = at.setdefault(t.id, len(at))
        if u.mention is not None:
            unread.append((i, Claim(t, subject, slot_by_name(u.slots[0]), clause, False,
                                    clause, u.mention, mention=True)))
        else:
            said.append(Said(i, t, subject, clause, frozenset(u.slots), third_party(clause)))
    return [[] for _ in at], unread, said


def _ref(turn: Turn, clause: str, slots: tuple[str, ...],
         mention: float | None = None) -> Unread | None:
    """The reference to *clause* of *turn*: its position among the turn's disclosures."""
    if is_reserved_role(turn.role):
        return None  # a promoted note: its "turn" is the note file, never carried
    n = next((k for k, c in enumerate(disclosures(turn.text)) if c.text == clause), None)
    if n is None:
        return None
    return Unread(turn.id, turn.day, n, slots, None if mention is None else round(mention, 3))


def finish(out: list[list[Claim]], n_pre: int, unread: Sequence[tuple[int, Claim]],
           said: Sequence[Said], ruled: Sequence[Sequence[tuple[str, str]]] | None,
           carry: Carry | None) -> list[list[Claim]]:
    """The batch's own claims (*out* without the first *n_pre* lists); *carry* filled in.

    *unread* and *said* are every mention and clause the batch kept, the earlier
    cycles' ones included; *ruled* the phrasing rules' readings per batch turn
    (a mention yields to a rule reading of its slot in its own turn).
    """
    if carry is None:
        return out[n_pre:]
    carry.late = [c for cs in out[:n_pre] for c in cs]
    # Per speaker and slot, the last position a claim of theirs spoke of the slot.
    last: dict[tuple[str, str, str], int] = {}
    for i, cs in enumerate(out):
        for d in cs:
            if not d.mention:
                last[(d.turn.user, d.subject, d.slot.name)] = i

    def spoken(i: int, c: Claim | Said, slot: str) -> bool:
        """Whether a claim of the speaker's at or after position *i* is about *slot*."""
        return last.get((c.turn.user, c.subject, slot), -1) >= i

    left: list[tuple[Turn, Unread]] = []
    for i, m in unread:
        rules = ruled[i - n_pre] if ruled and i >= n_pre else ()
        if spoken(i + 1, m, m.slot.name) or any(a == m.slot.attribute for a, _ in rules):
            continue
        ref = _ref(m.turn, m.clause, (m.slot.name,), m.score)
        if ref is not None:
            left.append((m.turn, ref))
    for s in said:
        keep = []
        for name in sorted(s.slots):
            sl = slot_by_name(name)
            if sl.multi or sl is OTHER or (s.third and sl.kind != "person") \
                    or spoken(s.index, s, name):
                continue
            keep.append(name)
        # Only a clause that names something can name a slot's old value (.conamed):
        # a name or rare word, or what one of the slots' readers reads, that is no
        # value its own turn's claims took ("I live in Lisbon": Lisbon is the home,
        # never another slot's old value; the claims map keeps it as the home's).
        if keep and _unclaimed(s, keep, out[s.index]):
            ref = _ref(s.turn, s.clause, tuple(keep))
            if ref is not None:
                left.append((s.turn, ref))
    carry.left = newest(left)
    return out[n_pre:]


def _unclaimed(s: Said, slots: Sequence[str], claims: Sequence[Claim]) -> bool:
    """Whether *s* names something (.conamed's spans) that none of *claims* took as a value."""
    taken = [c.value for c in claims if not c.mention and c.slot is not OTHER]
    found = list(names_of(s.clause))
    if not found:  # the slots' readers only when no name is there (dearer)
        found = [x for n in slots for x in spans(slot_by_name(n).kind, s.clause)]
    return any(not any(x.casefold() in v.casefold() or names_value(v, x) for v in taken)
               for x in found)


def newest(left: Sequence[tuple[Turn, Unread]], cap: int = MAX_UNREAD) -> list[Unread]:
    """The newest *cap* references of *left* without repeats, in turn order."""
    seen: set[Unread] = set()
    kept: list[tuple[Turn, Unread]] = []
    for t, u in sorted(left, key=lambda x: (x[0].at, x[1].clause), reverse=True):
        if u in seen:
            continue
        seen.add(u)
        kept.append((t, u))
        if len(kept) >= cap:
            break
    return [u for _, u in sorted(kept, key=lambda x: (x[0].at, x[1].clause))]
