"""Values the learned tagger reads where the phrase readers read none (issue #10, round 10).

What it is for: a turn that changes a slot the speaker holds, said in a shape
no phrase reader knows ("Redshift was replaced by BigQuery", "so Lapce it is
now", "Picked up the Polestar 2 this afternoon"), leaves the slot unchanged:
the readers take no new value from it. :mod:`.tagger` reads each word by the
meaning of its context (a value the speaker holds now, one that ended, or
neither); this module uses it only there, and only conservatively:

* **fill-in** — the speaker holds a value in a single-valued slot, a clause of
  theirs in this turn is about that slot (it names the held value, or the slot
  classifier of :mod:`.classify` puts the slot among its candidates), and the
  readers took no new value for that slot from the turn: the tagger's most
  probable ``current`` span that is none of the speaker's held values becomes
  the new value, when its probability is at least :data:`FILL_FLOOR`;
* **ended** — a span the tagger calls ``ended`` (at least :data:`END_FLOOR`)
  that names a value the speaker holds closes that value, unless the turn
  already ends it or restates it.

What it may not decide: whose statement it is (only the speaker's own clauses
count: :mod:`.detect` has already left out questions, hypotheticals, quotes and
text handed over; :func:`.subject.third_party` leaves out other people's news),
nor a slot the speaker does not hold. A span must lie in such a clause. The
floors were chosen on the leave-one-split-out scores of
``bench/train_value_tagger.py`` (word precision of the class at that floor on
splits the model did not see), not on the shipped model's in-sample fit.

Only turns that pass these checks are embedded a second time (one batch per
turn), so a cycle's cost grows with the number of changes, not of turns.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from ...layers.rawlog import Turn
from .claim import Claim
from .classify import END_MARGIN
from .detect import Clause
from .held import HeldValues, names_value
from .subject import third_party
from .tagger import Span, tag_spans, tag_words
from .taxonomy import OTHER, Slot, slot_by_name
from .values import NAME_KINDS

__all__ = ["END_FLOOR", "FILL_FLOOR", "VETO_FLOOR", "learned_values"]

#: a ``current`` span needs at least this probability (every word) to fill a held slot
FILL_FLOOR: float | None = 0.5
#: an ``ended`` span needs at least this to close a held value (None: never)
END_FLOOR: float | None = None
#: a new value a phrase reader read in a held slot is dropped when the tagger reads all its
#: words as neither with at least this mean probability (None: never)
VETO_FLOOR: float | None = None
#: (the floors are module settings so that bench/tagger_loso.py can measure each use apart)
#: a value span longer than this is a phrase, not a value
_MAX_WORDS = 4
# Slots whose readers are precise on their own (a date, an address, a number, a closed
# class of words: .fresh reads them whatever the verb); the tagger fills names and titles.
_NO_FILL_KINDS = frozenset({"birthday", "email", "phone", "diet", "language"})


def learned_values(turn: Turn, subject: str, clauses: Sequence[Clause], got: list[Claim],
                   held: HeldValues, slots_of: Mapping[str, Sequence[tuple[Slot, float]]],
                   embedder: Any) -> list[Claim]:
    """One turn's claims *got* with what the tagger reads (see the module docstring).

    *slots_of*: each clause's candidate slots (near the best, above the floor,
    and faintly), as the classifier ranked them.
    """
    own = [c for c in clauses if not third_party(c.text)]
    if not own or not held:
        return got
    fill = _fill_slots(own, got, held, slots_of) if FILL_FLOOR is not None else {}
    named = [(n, v) for n, vs in held.items() for v in vs
             if END_FLOOR is not None and any(names_value(c.text, v) for c in own)]
    vetoable = [c for c in got if VETO_FLOOR is not None and _changes(c, held)]
    fill = {n: sc for n, sc in fill.items() if _may_fill(n, own, held, got)}
    if not fill and not named and not vetoable:
        return got  # nothing the tagger could change: no second pass through the model
    spans, probs = _tagged(turn.text, embedder)
    if vetoable:
        dropped = [c for c in vetoable if _neither(turn.text, c.value, spans, probs)]
        if dropped:
            got = [c for c in got if c not in dropped]
            fill = _fill_slots(own, got, held, slots_of) if FILL_FLOOR is not None else {}
    tagged = tag_spans(turn.text, spans, probs)
    # a value the readers took for another slot of this turn is that slot's ("I work at Zalando"
    # after "I live in Boston" is no new home)
    taken = {v: [c.value] for v, c in enumerate(got)}
    out = _filled(turn, subject, own, tagged, fill, {**held, **{str(k): v for k, v in
                                                               taken.items()}}, slots_of)
    out += _ended(turn, subject, own, tagged, named, got)
    return got + out


_NAME_SHAPED = re.compile(r"(?<![.!?]\s)(?<!^)\b[A-Z0-9][\w&.+-]*")


#: texts already tagged in this process: a cycle meets the same restatement many times
_TAGGED: dict[str, tuple[list[tuple[int, int]], Any]] = {}
_TAGGED_MAX = 4096


def _tagged(text: str, embedder: Any) -> tuple[list[tuple[int, int]], Any]:
    """The words of *text* and their class probabilities, tagged once per process."""
    hit = _TAGGED.get(text)
    if hit is None:
        ((spans, probs),) = tag_words([text], embedder)
        if getattr(embedder, "token_states", None) is None:
            return spans, probs  # no model behind it: nothing worth remembering
        if len(_TAGGED) >= _TAGGED_MAX:
            _TAGGED.clear()
        hit = _TAGGED[text] = (spans, probs)
    return hit


def _may_fill(name: str, own: Sequence[Clause], held: HeldValues,
              got: Sequence[Claim]) -> bool:
    """Whether any clause could hold a new value of slot *name* at all (before tagging).

    The tagger fills names and job titles. A name is written as one (:func:`_filled`
    refuses the rest), so a turn with no name-shaped word besides the values the
    speaker holds or the readers just took cannot fill a name slot: the model pass
    (tens of ms a turn) is spent only where a value can come out of it.
    """
    kind = slot_by_name(name).kind
    if kind == "title":
        return True
    if kind not in NAME_KINDS:
        return False
    vals = [v.casefold() for vs in held.values() for v in vs] + [c.value.casefold() for c in got]
    return any(not any(m.group(0).casefold() in v for v in vals)
               for c in own for m in _NAME_SHAPED.finditer(c.text) if m.group(0) != "I")


def _changes(c: Claim, held: HeldValues) -> bool:
    """Whether *c* gives a new value to a single-valued slot the speaker holds."""
    have = held.get(c.slot.name)
    return bool(have) and not c.removal and not c.mention and c.slot is not OTHER \
        and not c.slot.multi and not any(names_value(c.value, v) or names_value(v, c.value)
                                         for v in have or ())


def _neither(text: str, value: str, spans: Sequence[tuple[int, int]], probs: Any) -> bool:
    """Whether the tagger reads every word of *value* (found in *text*) as neither, surely."""
    at = text.casefold().find(value.casefold())
    if at < 0 or VETO_FLOOR is None:
        return False
    rows = [i for i, (a, b) in enumerate(spans) if a >= at and b <= at + len(value)]
    return bool(rows) and all(int(probs[i].argmax()) == 0 for i in rows) \
        and float(probs[rows, 0].mean()) >= VETO_FLOOR


def _fill_slots(own: Sequence[Clause], got: Sequence[Claim], held: HeldValues,
                slots_of: Mapping[str, Sequence[tuple[Slot, float]]]) -> dict[str, float]:
    """The held single-valued slots this turn is about with no new value read: name -> score."""
    # (a claim that restates the held value reads nothing new: "the Fiesta went to my nephew")
    read = {c.slot.name for c in got if not c.removal and not c.mention
            and not any(names_value(c.value, v) or names_value(v, c.value)
                        for v in held.get(c.slot.name, ()))}
    out: dict[str, float] = {}
    for name, vals in held.items():
        slot = slot_by_name(name)
        if slot is OTHER or slot.multi or not vals or name in read \
                or slot.kind in _NO_FILL_KINDS:
            continue
        for c in own:
            score = max((sc for sl, sc in slots_of.get(c.text, ()) if sl.name == name),
                        default=None)
            if score is None and any(names_value(c.text, v) for v in vals):
                score = 0.0
            if score is not None:
                out[name] = max(out.get(name, score), score)
    return out


def _clause_of(span: Span, own: Sequence[Clause]) -> Clause | None:
    return next((c for c in own if span.text.casefold() in c.text.casefold()), None)


def _filled(turn: Turn, subject: str, own: Sequence[Clause], tagged: Sequence[Span],
            fill: Mapping[str, float], held: HeldValues,
            slots_of: Mapping[str, Sequence[tuple[Slot, float]]]) -> list[Claim]:
    every = [v for vs in held.values() for v in vs]
    best: tuple[float, Claim] | None = None
    for sp in tagged:
        if sp.label != "current" or FILL_FLOOR is None or sp.prob < FILL_FLOOR \
                or len(sp.text.split()) > _MAX_WORDS:
            continue
        if any(names_value(sp.text, v) or names_value(v, sp.text) for v in every):
            continue  # a value the speaker already holds is no new value
        c = _clause_of(sp, own)
        if c is None:
            continue  # not in a clause of the speaker's own (a question, a quote …)
        slot = _slot_for(c, fill, held, slots_of)
        if slot is None or (slot.kind in NAME_KINDS
                            and not any(ch.isupper() or ch.isdigit() for ch in sp.text)):
            continue  # a name is written as one: "mate" in "cheers mate" is no person
        if best is None or sp.prob > best[0]:
            best = (sp.prob, Claim(turn, subject, slot, sp.text, False, c.text,
                                   max(fill[slot.name], 0.3)))
    return [best[1]] if best else []


def _slot_for(c: Clause, fill: Mapping[str, float], held: HeldValues,
              slots_of: Mapping[str, Sequence[tuple[Slot, float]]]) -> Slot | None:
    """The held slot a value in clause *c* belongs to, when only one can be meant."""
    ranked = [sl for sl, _ in slots_of.get(c.text, ()) if sl.name in fill]
    if ranked:
        return ranked[0]
    # The clause is about no held slot by meaning: the one whose value this turn names.
    named = [n for n in fill if any(names_value(c.text, v) for v in held.get(n, ()))]
    if len(named) == 1:
        return slot_by_name(named[0])
    return slot_by_name(next(iter(fill))) if len(fill) == 1 else None


def _ended(turn: Turn, subject: str, own: Sequence[Clause], tagged: Sequence[Span],
           named: Sequence[tuple[str, str]], got: Sequence[Claim]) -> list[Claim]:
    out: list[Claim] = []
    for sp in tagged:
        if sp.label != "ended" or END_FLOOR is None or sp.prob < END_FLOOR:
            continue
        c = _clause_of(sp, own)
        if c is None:
            continue
        for name, v in named:
            if not (names_value(sp.text, v) or names_value(v, sp.text)):
                continue
            slot = slot_by_name(name)
            if any(g.slot is slot and (not slot.multi or names_value(g.value, v)
                                       or names_value(v, g.value)) for g in got):
                continue  # the turn already ends it, restates it, or gives the slot a value
            out.append(Claim(turn, subject, slot, v, True, c.text, END_MARGIN))
    return out
