"""Which values of a clause an ending governs: the parts of a clause, each read on its own.

A clause can end one value and hold another ("said goodbye to the Bolt - the
Mustang is parked outside", "paris is cancelled :( heading to Vienna instead").
:func:`clause_parts` splits it where a new predicate may start; the sleep cycle
embeds each part's masked predicate (:func:`.classify.ending_scores`) and
:func:`governed` keeps as ended only the values said in a part that means an
ending. Pure functions, no model.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .classify import END_MARGIN, mask_values

__all__ = ["clause_parts", "governed"]


def clause_parts(clause: str) -> list[str]:
    """The parts of *clause* that may each govern their own values (two or more, or none).

    Split at a dash, a semicolon, a comma or a coordinating conjunction: "said
    goodbye to the Bolt - the Mustang is parked outside", "Paris is cancelled,
    heading to Vienna instead".
    """
    parts: list[str] = []
    lead = ""  # an opening part with no predicate ("Sadly Miso and Tofu …")
    for p in (p.strip(" ,;.!?") for p in _PART_SPLIT.split(clause)):
        if not p:
            continue
        # A part with no predicate of its own ("I sold the Civic and the Accord",
        # "…, the Polo too") shares the one next to it.
        words = [w for w in _WORDS.findall(mask_values(p)) if w.casefold() not in _BARE]
        if len(words) < 2:
            if parts:
                parts[-1] = f"{parts[-1]} {p}"
            else:
                lead = f"{lead} {p}".strip()
            continue
        parts.append(f"{lead} {p}".strip() if lead else p)
        lead = ""
    if lead and parts:
        parts[-1] = f"{parts[-1]} {lead}"
    return parts if len(parts) >= 2 else []


_WORDS = re.compile(r"[A-Za-z']+")
_BARE_WORDS = "it the a an my our his her their its too also as well either"
_BARE = frozenset(_BARE_WORDS.split(" "))


_PART_SPLIT = re.compile(
    r"\s+[-–—]+\s+|\s*;\s*|,\s+|\.{2,}|…|\s+[^\w\s]{2,}\s+|"
    r"\s+(?:and|but|so|while|whereas|now|instead)\s+(?=\w)", re.I)


#: how far below the ending cut a part must score to count as holding its values when
#: the whole clause, but no part of it, reads as an ending (p(end) 0.3 under the head's
#: threshold: "Now I am at it" scores ~0.05, "it is finish for me" ~0.4)
HOLD_GAP = 0.3


def governed(values: Sequence[str],
              parts: Sequence[tuple[str, float]]) -> tuple[list[str], list[str]] | None:
    """(ended, still held) among *values* of a clause whose predicate means an ending.

    *parts* are the clause's parts with their own ending scores: a value said in
    a part that does not mean an ending is not what ended, when another part
    does ("paris is cancelled :( heading to Vienna instead": the ending governs
    an unread "paris", not Vienna). None when the values cannot be told apart
    by part.
    """
    if not parts:
        return None
    cut = END_MARGIN
    if not any(sc >= END_MARGIN for _, sc in parts):
        # The whole clause reads as an ending but no part alone does ("Now I am at
        # Continental, Bosch is finish for me since March"): a part far below the
        # cut states a value held or started, never the one that ended, when
        # another part is nearer an ending.
        cut = END_MARGIN - HOLD_GAP
        if max(sc for _, sc in parts) < cut:
            return None
    gone: list[str] = []
    kept: list[str] = []
    for v in values:
        where = [sc for p, sc in parts if v.casefold() in p.casefold()]
        if not where:
            return None
        (gone if max(where) >= cut else kept).append(v)
    if not gone and len(values) > 1:
        return None
    return gone, kept
