"""Whether an unslotted (``other``) claim is worth a long-term fact.

Every self-disclosure that fits no slot stays a *claim* (:func:`claims_of`
returns it), but only some deserve a line in ``facts.jsonl``: on a long
everyday conversation most are the moment's chatter ("I went for a walk",
"I just finished a painting") and drown the facts a profile is made of. A
claim passes when it carries something a later question can ask about:

* a **specific** — a name, a number or a date ("I ran a charity race for
  the homeless shelter on 2023-05-20", "I have three kids"), or
* a **durable state** — present-tense having, being, doing habitually
  ("I volunteer at the shelter", "I've been playing violin", "I'm into
  pottery"),

and it is not a bare report of a passing activity (a past-tense verb and
nothing specific). Structural cues only; no phrasing list of statements.
"""

from __future__ import annotations

import re

__all__ = ["useful_other"]

_NUMBER = re.compile(r"\b\d+\b|\b(?:two|three|four|five|six|seven|eight|nine|ten|dozen|"
                     r"hundred|thousand)\b", re.I)
# A capitalised word that is not the sentence's first word and not "I".
_NAME = re.compile(r"(?<!^)(?<![.!?]\s)\b(?!I\b|I'[a-z]+\b)[A-Z][a-z][\w'’-]*")
_NOT_NAME_WORDS = (
    "Monday Tuesday Wednesday Thursday Friday Saturday Sunday OK Okay Oh Yes Yeah Thanks Hey "
    "Wow God Lol"
)
_NOT_NAMES = frozenset(_NOT_NAME_WORDS.split())
# Present-tense states and habits of the speaker (a claim about who they are).
_DURABLE = re.compile(
    r"^(?:I|we)\s+(?:(?:really|still|also|usually|often|always|now|currently|mostly)\s+)?"
    r"(?:am|'m|are|'re|have|'ve|has|own|work|live|volunteer|study|teach|play|collect|"
    r"run|train|practi[cs]e|belong|speak|write|paint|cook|bake|grow|keep|care|take care|"
    r"go|attend|do|raise|coach|lead|manage|build|make|sing|dance|swim|cycle|hike|"
    r"read|watch|listen|follow|support|need|use)\b"
    r"|^(?:my|our)\s+\w+(?:\s+\w+)?\s+(?:is|are|has|have)\b",
    re.I,
)
_PROGRESSIVE_NOW = re.compile(r"^(?:I|we)\s*(?:'m|am|'re|are)\s+\w+ing\b", re.I)


def useful_other(text: str, has_date: bool = False) -> bool:
    """True when the ``other`` claim *text* (the speaker's clause) earns a fact."""
    words = text.split()
    if len(words) < 4:
        return False
    names = [m.group(0) for m in _NAME.finditer(text) if m.group(0) not in _NOT_NAMES]
    specific = bool(names) or bool(_NUMBER.search(text)) or has_date
    if _PROGRESSIVE_NOW.match(text) and not specific:
        return False  # "I'm heading out": the moment, not the person
    return specific or bool(_DURABLE.match(text))
