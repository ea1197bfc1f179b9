"""Which values a turn ended: the mark of a removal statement itself.

A turn that ends a value ("quit Lidl finally, no job at all right now", "had to
cancel Bergen") names the old value and is no stale claim: it is the news that
the value ended, so :mod:`.claims_stale` leaves it unmarked. Shown as is, though,
its line names the old value with nothing saying it is over. Here each such
turn gets, per value it ended, ``(value, since)``; recall shows it as
" (Lidl: no longer current since DATE)" after the line and, in the Context
JSON, keeps the item ``current`` (the turn itself is true) with an ``ends``
list of those values.

A turn ended a value when it is cited by the claims map's removal of that value,
or by the fact that replaced it. Only a turn that names the value (all its words, or
one capitalised word of a name: "sold the Volvo") and no value of the slot still
current is marked ("we moved from Boston to Seattle" states the
change and says what is current). Read-only, computed once per recall pool.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..index.rows import Row
from ..layers.claims_map import SlotHistory
from .claims_stale import value_named

__all__ = ["Ends", "ended_in_turns"]

#: per turn id, the values it ended: ``((value, since), ...)``
Ends = dict[str, tuple[tuple[str, str], ...]]


def _names(value: str, text: str) -> bool:
    """Whether *text* names *value*.

    All its words, or (the turn is known to have ended it) one capitalised word of
    it said capitalised ("sold the Volvo" for "Volvo V70").
    """
    if value_named(value, text):
        return True
    return any(len(w) >= 3 and w[:1].isupper() and not w.isdigit()
               and re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text) is not None
               for w in (x.strip(".,'’-!?;:") for x in value.split()))


def ended_in_turns(slots: dict[str, SlotHistory], rows: Sequence[Row]) -> Ends:
    """Per raw turn id, the values of the user's claims map that turn ended (see module)."""
    by_fact: dict[str, list[tuple[str, str, list[str]]]] = {}  # closer fact -> closed values
    wanted: dict[str, list[tuple[str, str, list[str]]]] = {}  # turn -> (value, since, current)
    for h in slots.values():
        current = [v.value for v in h.current()]
        for v in h.values:
            if v.valid_to is None:
                continue
            if v.ended and v.by is None:  # the removal itself: its turns ended the value
                for t in v.turns:
                    wanted.setdefault(t, []).append((v.value, v.valid_to, current))
            elif v.by:
                by_fact.setdefault(v.by, []).append((v.value, v.valid_to, current))
    if by_fact:
        for r in rows:
            if r.layer == "fact" and r.cites:
                got = by_fact.get(r.key.rsplit(":", 1)[-1])
                for c in r.cites if got else ():
                    wanted.setdefault(c, []).extend(got or ())
    if not wanted:
        return {}
    out: dict[str, dict[str, tuple[str, str]]] = {}
    for r in rows:
        if r.layer != "raw" or len(r.cites) != 1 or r.cites[0] not in wanted:
            continue
        for value, since, current in wanted[r.cites[0]]:
            if _names(value, r.text) and not any(value_named(c, r.text) for c in current):
                out.setdefault(r.cites[0], {})[value.casefold()] = (value, since)
    return {t: tuple(sorted(vs.values(), key=lambda v: (v[1], v[0]))) for t, vs in out.items()}
