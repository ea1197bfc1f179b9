"""Home or trip by the clause's frame, not by who else is in it.

The slots by meaning weigh the whole clause, so "We're going to Lanzarote in
February for our ruby wedding" lands near *partner* and "Heading to Kanazawa
in April with the family" near *family*: the companions outweigh the journey.
Two frames are precise enough to decide the slot before that ranking:

* a **trip**: a word of travel ("going to", "off to", "flying", "trip",
  "booked") with a time still to come or a season ("in April", "next week",
  "for Easter"), and no word of moving house;
* a **home**: a word of dwelling ("living in", "based in", "residing in",
  "home is"; "I'm in" and "we're out in" only before a name that is no
  ordinary word, as "Accounts Payable" and "Year 11" are), with no word of
  travel and no time that makes it a stay ("this week", "for a conference").

:func:`place_slot` names the slot; the place reader of :mod:`.values` still
reads the value. Pure text functions.
"""

from __future__ import annotations

import re

from .calendar_words import MONTHS
from .lower import known_words

__all__ = ["place_slot"]

_SEASONS = r"spring|summer|autumn|fall|winter|easter|christmas|xmas|new year|half[- ]term|diwali|eid|ramadan|t[eế]t|hanukkah|thanksgiving|holidays?"  # noqa: E501
# A time still to come, or the season a trip is taken in.
_WHEN = re.compile(
    rf"\b(?:(?:in|for|at|over|this|next|early|late|mid|end of|until|till)\s+(?:the\s+)?"
    rf"(?:{MONTHS}|{_SEASONS})|(?:{MONTHS})\s+\d{{1,2}}|\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?"
    rf"(?:{MONTHS})|next\s+(?:week|month|year|weekend|monday|tuesday|wednesday|thursday|"
    rf"friday|saturday|sunday)|this\s+(?:coming\s+)?(?:weekend|summer|winter|spring|autumn)|"
    rf"in\s+(?:\w+\s+)?(?:days|weeks|months)|tomorrow|tmrw|(?:{_SEASONS})\s+(?:trip|break|"
    rf"holiday|is|will be))\b",
    re.I,
)
_TRAVEL = re.compile(
    # a verb of going with a name after it ("off to Broome", "heading back to Kaunas") ...
    r"\b(?:going|go|goes|heading|head|off|fly|flying|flies|travel(?:l?ing)?|driving|sailing|"
    r"cruising|visit(?:ing)?|pupunta|jaa rahe)\s+(?:(?:back|out|over|down|up|away|abroad|"
    r"again|home|off|all\s+the\s+way)\s+)?(?:to\s+|for\s+|sa\s+)?"
    r"(?:the\s+)?(?-i:[A-ZÀ-Þ])"
    # ... or a noun of travel ("coach tour to Lake Garda", "Spring trip: Takamatsu")
    r"|\b(?:trip|tour|cruise|holiday|vacation|getaway|booked)\b",
    re.I,
)
_MOVE = re.compile(r"\b(?:mov(?:e|ed|ing)|relocat\w*|emigrat\w*|settl\w*|buy(?:ing)? a house|"
                   r"house[- ]?hunt\w*|lease|rent(?:ing)?|flat|apartment)\b", re.I)
# (the speaker's dwelling: "our data lives in Parse" is no home)
_DWELL = re.compile(r"\b(?:liv(?:e|ing)\s+(?:in|at)|based\s+(?:in|at|out\s+of)|"
                    r"resid(?:e|es|ing)\s+in|home\s+is|home's|abito\s+a|vivo\s+en|"
                    r"wohne\s+in)\b", re.I)
_HERE = re.compile(r"\b(?:I'm|I am|we're|we are|im)\s+(?:out\s+|up\s+|down\s+|over\s+)?in\s+"
                   r"(?P<n>(?-i:[A-ZÀ-Þ][\w'’-]*+(?:\s+[A-ZÀ-Þ][\w'’-]*+)*+))(?!\s*\d)", re.I)
# A stay, not a home: "in Paris this week", "here till Friday", "rn".
_STAY = re.compile(r"\b(?:this\s+(?:week|weekend|month)|today|tonight|right now|rn|atm|"
                   r"for\s+(?:work|the\s+week|the\s+weekend|a\s+(?:few|couple)|\d+)|until|till|"
                   r"on\s+(?:holiday|vacation|business)|visiting|hotel|airbnb|conference)\b",
                   re.I)


def _ordinary(name: str) -> bool:
    known = known_words(name)
    return known is None or any(known)


def place_slot(clause: str) -> str | None:
    """"trip" or "home" when *clause*'s frame decides it (see the module doc), else None."""
    moving = bool(_MOVE.search(clause))
    if _TRAVEL.search(clause) and _WHEN.search(clause) and not moving:
        return "trip"
    if _TRAVEL.search(clause) or _STAY.search(clause) or _WHEN.search(clause):
        return None
    here = _HERE.search(clause)
    # (a name that is an ordinary word is a department or a room as often as a
    # town: "I'm in Accounts Payable"; the meaning ranks those)
    if _DWELL.search(clause) or (here and not _ordinary(here["n"])):
        return "home"
    return None
