"""A turn's claims put in order: what a change leaves behind, removals first, mentions kept.

* :func:`left_behind` — in a single-valued slot given several values by one
  turn, the value the speaker held before is the one left behind;
* :func:`settle` — removals before additions; a removal that leaves a
  single-valued slot empty becomes the value ``none``;
* :func:`mentions` — an earlier statement of a slot whose value could not be
  read becomes that slot's history once a later claim gives it a value.
"""

from __future__ import annotations

import re
from dataclasses import replace

from .claim import Claim
from .taxonomy import OTHER

__all__ = ["left_behind", "mentions", "settle"]


def mentions(out: list[list[Claim]], unread: list[tuple[int, Claim]]) -> list[list[Claim]]:
    """*out* with each unread statement that a later claim of its slot replaced.

    "My girlfriend Emma and I live together" names no partner the reader can
    take; once the same speaker's later turn gives the slot a value ("seeing
    someone new now, her name's Zoe"), the earlier statement is that slot's
    history: it becomes a fact of the slot that the later claim supersedes, so
    recall marks its turn as no longer current. An unslotted ``other`` claim of
    the same clause gives way to it. Without a later claim nothing is added.
    """
    for i, m in unread:
        later = next((c for cs in out[i + 1:] for c in cs if not c.mention and c.slot is m.slot
                      and c.subject == m.subject and c.turn.user == m.turn.user), None)
        # The later claim must give another value than the remark could have meant.
        if later is not None and later.value.casefold() not in m.clause.casefold():
            out[i] = [c for c in out[i] if not (c.slot is OTHER and c.clause == m.clause)]
            if not any(c.mention and c.slot is m.slot for c in out[i]):  # one per turn
                out[i].append(m)
    return out


def left_behind(claims: list[Claim], held: dict[str, str]) -> list[Claim]:
    """A turn's claims with the value a change leaves behind read as removed.

    When one turn gives a single-valued slot several values and one of them is
    what the speaker said it was before ("use tim.b@mailbox.org, the tim@oldco.com
    inbox is closed", "data now sits in Firestore; we decommissioned Couchbase"),
    that one is the old value, whatever verb says so. *held* (slot -> value, the
    speaker's so far) is updated with the turn's new values.
    """
    news: dict[str, set[str]] = {}
    for c in claims:
        if not c.removal and not c.slot.multi and c.slot is not OTHER and c.value != "none":
            news.setdefault(c.slot.name, set()).add(c.value.casefold())
    marked = []
    for c in claims:
        before = held.get(c.slot.name)
        if (not c.removal and len(news.get(c.slot.name, ())) >= 2
                and before == c.value.casefold()):
            c = replace(c, removal=True)
        marked.append(c)
    # One value per clause in a single-valued slot. A change states its new value
    # last ("from Leeds, now in York"); a first statement its value first, the rest
    # being what it is for or where ("Hudson for the Windows builds", "I live in
    # Kettering so the trains to London matter"), so the first where nothing is held.
    # A list ("Japanese and Swahili") is no first statement with its where: the last
    # stays, as before.
    last: dict[tuple[str, str], Claim] = {}
    for c in marked:
        if not c.removal and not c.slot.multi and c.slot is not OTHER:
            had = last.get((c.clause, c.slot.name))
            if had is not None and c.slot.name not in held \
                    and not _listed(c.clause, had.value, c.value):
                continue
            last[(c.clause, c.slot.name)] = c
    out = [c for c in marked if c.removal or c.slot.multi or c.slot is OTHER
           or last[(c.clause, c.slot.name)] is c]
    for c in out:
        if not c.removal and not c.slot.multi and c.slot is not OTHER:
            held[c.slot.name] = c.value.casefold()
    return out


def _listed(clause: str, first: str, second: str) -> bool:
    """Whether *clause* names *first* and *second* as a list ("X and Y", "X, Y")."""
    low = clause.casefold()
    i, j = low.find(first.casefold()), low.find(second.casefold())
    if i < 0 or j <= i:
        return False
    between = low[i + len(first):j]
    return bool(re.fullmatch(r"\s*(?:,|&|and|or|plus|,\s*and)\s*", between))


def settle(claims: list[Claim]) -> list[Claim]:
    """One turn's claims in the order they apply: removals first, then new values.

    A removal in a single-valued slot that the turn gives no new value for
    ("I sold the Civic", "I quit my job at Globex") also gives the value ``none``,
    which supersedes like any new value and stays current ("no car now"); the
    removal itself stays, as the history that names what ended, so that every
    older line naming the Civic reads as no longer current even when no claim
    read it when it was said.
    """
    filled = {c.slot.name for c in claims if not c.removal}
    out: list[Claim] = []
    nones: set[str] = set()
    for c in claims:
        if c.removal and not c.slot.multi and c.slot is not OTHER \
                and c.slot.name not in filled and c.slot.name not in nones:
            nones.add(c.slot.name)
            out.append(replace(c, value="none", removal=False, clause=c.value))
        out.append(c)
    # Removals before additions: "not peanuts, shellfish" must not close what it adds.
    return sorted(out, key=lambda c: not c.removal)
