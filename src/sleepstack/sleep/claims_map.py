"""Builds a user's claims map (``user/<u>/claims.json``) from their whole fact history.

The map is what the wake path needs to keep a stale value from passing as
current across cycles: for every slot of the user's own claims, each value it
had, when it held, what replaced it or that it was explicitly removed, and the
turns that stated it (:mod:`sleepstack.layers.claims_map` has the format).
``facts.jsonl`` keeps the history; this is the same history by slot and value,
so that recall can match a value said in any older turn without reading
sentences. Pure: facts in, map out.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..layers.claims_map import ClaimValue, SlotHistory
from ..layers.facts import Fact
from .resolve import ENDED, is_multi_valued

__all__ = ["claims_map_of"]

#: the opening of a claim that named a slot without a readable value (claims.MENTION)
_MENTION = "Earlier, about"


def _own(f: Fact, user: str) -> bool:
    return f.subject.casefold() in (user.casefold(), "user")


def claims_map_of(user: str, facts: Iterable[Fact]) -> dict[str, SlotHistory]:
    """Every slot of *user*'s own claims with its values, oldest first.

    Left out: unslotted ``other`` claims and mentions (no value to match), a
    slot ended without a value ("I'm single": it closes the old value, which
    is in the map), and values that only expired by TTL.
    """
    facts = list(facts)
    removals = {f.id for f in facts if f.attribute.startswith(ENDED)}
    by_slot: dict[str, list[ClaimValue]] = {}
    for f in facts:
        if not _own(f, user) or not f.value.strip() or f.text.startswith(_MENTION):
            continue
        attr = f.attribute.casefold()
        if attr.startswith(ENDED):
            base = attr.removeprefix(ENDED)
            if base in ("*", "other"):
                continue
            # the removal itself: the value ends when it was said
            cv = ClaimValue(f.value, f.id, f.valid_from, f.valid_to or f.valid_from, ended=True,
                            turns=f.cites)
            by_slot.setdefault(base, []).append(cv)
            continue
        if attr == "other" or f.value.casefold() == "none":
            continue
        if f.expired and not f.superseded_by:
            continue  # old, not contradicted
        by_slot.setdefault(attr, []).append(ClaimValue(
            f.value, f.id, f.valid_from, f.valid_to, by=f.superseded_by,
            ended=f.superseded_by in removals, turns=f.cites))
    return {attr: SlotHistory(multi=is_multi_valued(attr),
                              values=tuple(sorted(vs, key=lambda v: (v.valid_from, v.fact))))
            for attr, vs in by_slot.items()}
