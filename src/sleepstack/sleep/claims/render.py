"""A claim as a fact: the third-person sentence, attribute and category it is stored as.

:func:`claim_fact` renders one :class:`~.claim.Claim` (the speaker's clause read
as slot and value) as a :class:`~sleepstack.layers.facts.Fact`: the slot's
sentence template filled with the value ("The user lives in Leeds"), a removal
as "No longer current: …" in the slot ``ended:<attribute>``, a mention as
"Earlier, about <slot>: …", an unslotted claim as its own clause in the third
person; with the clause's dates made absolute and the day it was stated.
:func:`facts_of` keeps the claims worth a fact (an unslotted one only when
:func:`.useful.useful_other` says so). Pure text functions.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import UTC

from ...layers.facts import Fact
from ...layers.rawlog import iso
from ..dates import absolutize, find_dates
from ..extract_base import direction_of, stated_fact
from ..resolve import ENDED
from .claim import Claim
from .taxonomy import OTHER, nothing_sentence
from .useful import useful_other

__all__ = ["MENTION", "claim_fact", "facts_of"]

#: the opening of a mention's fact sentence (see :func:`.settle.mentions`)
MENTION = "Earlier, about"

_NO_S_WORDS = (
    "had was were did could would will can should might must may shall went got made took "
    "gave came saw said told left quit sold bought met found began became ran drove flew "
    "wrote never always also just still really often usually already "
)
_NO_S = frozenset(_NO_S_WORDS.split())


def _article(title: str) -> str:
    if re.match(r"^(?:a|an|the)\s", title, re.I):
        return title
    return ("an " if title[:1].lower() in "aeiou" else "a ") + title


def _name(subject: str) -> str:
    return "The user" if subject == "user" else subject


def _third_person(text: str, subject: str) -> str:
    s = _name(subject)
    t = re.sub(r"^(?:I'm|I am)\b", f"{s} is", text.strip())
    t = re.sub(r"^(?:I've|I have)\b", f"{s} has", t)
    t = re.sub(r"^(?:we're|we are)\b", f"{s} and others are", t, flags=re.I)
    m = re.match(r"^(?:I|we)\s+([a-z]+)\b", t, flags=re.I)
    if m and m.group(1) not in _NO_S and not m.group(1).endswith("ed"):
        # "I work" -> "The user works": the third person takes an -s.
        v = m.group(1)
        v = (v[:-1] + "ies" if re.search(r"[^aeiou]y$", v)
             else v + "es" if re.search(r"(?:s|sh|ch|x|z|o)$", v) else v + "s")
        t = f"{s} {v}{t[m.end():]}"
    t = re.sub(r"^(?:I|we)\b", s, t, flags=re.I)
    t = re.sub(r"^(?:my|our)\b", "The user's" if subject == "user" else f"{subject}'s", t,
               flags=re.I)
    t = re.sub(r"\b(?:my|our)\b", "their", t, flags=re.I)
    t = re.sub(r"\b(?:me|us)\b", "them", t)
    t = re.sub(r"\bI am\b|\bI'm\b", "they are", t)
    t = re.sub(r"\bI was\b", "they were", t)
    t = re.sub(r"\bI\b", "they", t)
    return t[:1].upper() + t[1:]


def claim_fact(c: Claim) -> Fact:
    """The fact of one claim: a third-person sentence with the day it was stated."""
    stated = c.turn.at.astimezone(UTC).date().isoformat()
    s = _name(c.subject)
    if c.mention:
        attr = c.slot.attribute
        body = f"{MENTION} {c.slot.name.replace('_', ' ')}: " + _third_person(
            absolutize(c.clause, c.turn.at), c.subject)
        category = c.slot.category
    elif c.removal:
        attr = ENDED + ("*" if c.slot is OTHER else c.slot.attribute)
        what = c.slot.template.format(S=s.lower(), v=c.value)
        body = (f"No longer current: {what}" if c.slot is not OTHER
                else f"No longer current: {c.value}")
        category = c.slot.category if c.slot is not OTHER else "conversation"
    elif c.value == "none":
        attr = c.slot.attribute
        body = nothing_sentence(c.slot, s)
        category = c.slot.category
    elif c.slot is OTHER:
        attr = OTHER.attribute
        body = _third_person(absolutize(c.value, c.turn.at), c.subject)
        category = OTHER.category
    else:
        attr = c.slot.attribute
        body = c.slot.template.format(S=s, v=_article(c.value) if c.slot.kind == "title"
                                      else c.value)
        category = c.slot.category
    body = body.rstrip(".!,;: ")
    if c.slot is not OTHER and c.slot.kind != "birthday":  # a birthday's date is its value
        # The claim keeps the clause's dates, made absolute ("next Friday" -> a day).
        dates = [d.rendered for d in find_dates(c.clause, c.turn.at, direction_of(c.clause))]
        if dates:
            body += ", " + " and ".join(dict.fromkeys(dates))
    text = f"{body[:1].upper()}{body[1:]} (stated {stated})."
    conf = 0.5 if c.slot is OTHER else round(min(0.9, 0.6 + c.score / 2), 2)
    return stated_fact(c.turn.user, c.subject, attr, c.value, category=category,
                       confidence=conf, text=text, at=iso(c.turn.at), cites=(c.turn.id,))


def facts_of(claims: Iterable[Claim]) -> list[Fact]:
    """The facts of a turn's *claims*, less the unslotted ones not worth a fact."""
    return [claim_fact(c) for c in claims if _worth_a_fact(c)]


def _worth_a_fact(c: Claim) -> bool:
    if c.slot is not OTHER or c.removal:
        return True
    return useful_other(c.value, bool(find_dates(c.value, c.turn.at)))
