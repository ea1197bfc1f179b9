"""What every fact reader shares: speaker roles, clause patterns, the candidate shape.

Split out of :mod:`sleepstack.sleep.extract`: the roles whose first person is
"the user", the patterns that cut a turn into clauses and recognise questions,
hypotheticals, negations and quotes, the per-clause context (:class:`_Ctx`) and
candidate (:class:`_Cand`) the phrasing rules exchange, and the helpers that
turn a first-person clause into a third-person sentence. Pure functions.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass

from ..layers.facts import Fact
from .dates import DateMention

#: roles whose first person is "the user" (``memory`` = promoted memories)
USER_ROLES = frozenset({"user", "human", "me", "customer", "memory", "client"})
#: roles whose statements are not facts about anyone (unless they quote the user)
ASSISTANT_ROLES = frozenset(
    {"assistant", "system", "tool", "ai", "bot", "model", "agent", "function", "developer"}
)

# ----------------------------------------------------------------------- clauses

_SENT_SPLIT = re.compile(r"(?<=[.!?])\s+|\n+")
_CLAUSE_SPLIT = re.compile(
    r"(?:[,;]\s*|\s+)(?:and|but|so|because|since|though|although|while|plus)\s+"
    r"(?=(?:I|we|We|my|My)\b)|;\s+|\s+[-–—]\s+"
)
_MARKERS = re.compile(
    r"^(?:(?:actually|so|well|also|oh|ok|okay|yeah|yes|yep|yup|no|nope|and|but|now|anyway|"
    r"anyways|honestly|btw|by the way|fyi|just so you know|for the record|for context|hey|hi|"
    r"hello|haha|lol|wow|um|uh|hmm|plus|then|update|quick update|guess what|good news|news|"
    r"fun fact|oh and|also note|note|ah|aw|omg|thanks|thank you|sure|right|true|indeed)"
    r"(?:\s+\w+)?\s*[,!:.\-–—]+\s*|(?:actually|so|also|and|but|now|oh|well|btw|plus|anyway)\s+)+",
    re.I,
)
_HYPO = re.compile(
    r"\b(?:if|unless|suppose|supposing|imagine|hypothetically|wish|whether|maybe|perhaps|might|"
    r"could|would|should|wouldn't|couldn't|shouldn't|considering|consider|thinking about|"
    r"thinking of|wonder|wondering|hope|hoping|someday|one day|pretend|probably|want to|"
    r"wanna|wants|wanted|dream|dreaming|planning on maybe|not sure|unsure|guess)\b|"
    r"\b(?:I|you|we|they|he|she)'d\b",
    re.I,
)
# Phrases that contain a hypothetical marker but state a real preference.
_HYPO_OK = re.compile(
    r"\b(?:I'd|I would|I'd much|I would much)\s+(?:rather|prefer)\b|would have to be", re.I
)
_NEG = re.compile(
    r"\b(?:not|no|never|nobody|nothing|neither|nor|without|cannot|none)\b|n't\b|\bdont\b", re.I
)
_QUESTION_START = re.compile(
    r"^(?:do|does|did|are|is|was|were|can|could|would|should|will|shall|what|when|where|who|"
    r"whom|whose|why|how|which|have|has|had|am|may|might|isn't|aren't|don't|doesn't|didn't|"
    r"won't|wouldn't|shouldn't|right)\b",
    re.I,
)
_QUOTED = re.compile(r"[\"“]([^\"”]{1,400})[\"”]")
_ASSISTANT_QUOTE = re.compile(
    r"\b(?:you (?:said|told me|mentioned|wrote|noted)|as you said)(?: that)?[,:]?\s*"
    r"[\"“](?P<q>[^\"”]{3,400})[\"”]",
    re.I,
)
_TRAILING_FILLER = re.compile(
    r"(?:\s+|^)(?:now|anymore|any more|these days|nowadays|lately|too|as well|a lot|so much|"
    r"very much|though|haha|lol|instead|please|for sure|honestly|really|actually|either|"
    r"at all|tbh|for now|ok|okay|thanks|by the way)\s*$|\s*[!.,;:)(]+\s*$|\s*:\)\s*$",
    re.I,
)
_ADV = (
    r"(?:\s+(?:just|recently|finally|actually|also|really|still|now|totally|absolutely|"
    r"officially|already|truly|definitely|kinda|honestly|mostly|usually|generally|genuinely|"
    r"seriously|do|sorta|pretty much|personally|much|always))*"
)
_I = r"(?:I|i)"
_CAP = r"[A-Z][\w'.&-]*"
# "I", adverbs, then a space or the apostrophe of "I'm" / "I'd".
_IA = _I + _ADV + r"(?:\s+|(?='))"


@dataclass
class _Ctx:
    """What every rule needs to know about the clause it looks at."""

    subject: str  # "user" or a speaker's name
    clause: str  # without date phrases
    clause_abs: str  # with date phrases rendered absolute
    dates: list[DateMention]
    stated: str  # ISO day of the turn
    neg: bool


@dataclass(frozen=True)
class _Cand:
    subject: str
    attribute: str
    value: str
    category: str
    confidence: float
    text: str


def subject_for_role(role: str) -> str | None:
    """Whose facts a role's first person states: "user", a speaker's name, or None."""
    r = " ".join(role.split())
    low = r.casefold()
    if low in USER_ROLES:
        return "user"
    if low in ASSISTANT_ROLES or not r:
        return None
    return r


def _name(subject: str) -> str:
    return "The user" if subject == "user" else subject


def _poss(subject: str) -> str:
    return "The user's" if subject == "user" else f"{subject}'s"


def _clean(value: str) -> str:
    v = " ".join(value.split())
    prev = None
    while prev != v:
        prev = v
        v = _TRAILING_FILLER.sub("", v).strip()
    return v


_STOP_WORDS = (
    r"(?:and|but|so|because|since|which|who|where|when|that|while|though|although|as|if|"
    r"cause|cuz|like|lol|haha|btw)"
)


# A comma followed by a new clause of its own ("prose, bullet points feel choppy",
# "jazz, rock is too loud"): a subject of one to three words and a finite verb. What
# follows such a comma is a separate statement, never part of the value before it.
_SPLICE_VERBS = (
    r"(?:is|are|was|were|be|been|feel|feels|felt|seem|seems|seemed|look|looks|looked|sound|"
    r"sounds|sounded|get|gets|got|make|makes|made|has|have|had|can|can't|cannot|could|will|"
    r"won't|would|should|do|does|did|doesn't|don't|didn't|isn't|aren't|wasn't|weren't|keep|"
    r"keeps|kept|take|takes|took|drive|drives|drove|bore|bores|annoy|annoys|hurt|hurts|tire|"
    r"tires|give|gives|gave|need|needs|go|goes|went)"
)
_SPLICE = (
    r",\s+(?!(?:and|or|&|plus|as well as)\b)(?:(?:[\w-]+\s+){1,3}" + _SPLICE_VERBS
    + r"|(?:[\w-]+\s+){0,2}[\w-]+'(?:s|re)\b)\b"
)
_SPLICE_RX = re.compile(_SPLICE, re.I)


def _cut_splice(value: str) -> str:
    """*value* up to a comma that starts a new clause (see :data:`_SPLICE`)."""
    m = _SPLICE_RX.search(value)
    return value[: m.start()] if m else value


def _cut(value: str, extra: str = "") -> str:
    """The head of *value* up to its first clause boundary."""
    stops = _STOP_WORDS[:-1] + (("|" + extra) if extra else "") + ")"
    m = re.search(r"\s*(?:[,;:!?()\"“”]|\s[-–—]\s|\.(?:\s|$)|\b" + stops + r"\b)", value, re.I)
    return _clean(value[: m.start()] if m else value)


_PRONOUN_OBJ = re.compile(
    r"^(?:it|that|this|those|these|them|you|ya|him|her|everything|anything|something|"
    r"nothing|how|what|when|where|why|who|the way|the idea|the fact|seeing|hearing|to hear|"
    r"to see|to know|to think|to say|to help|to chat|to talk|to share|doing that|so|such|"
    r"your|yours|ur|one|some|all|both|each|each other|being|having|getting|lots|a lot|their|"
    r"his|its|our|these|such)\b",
    re.I,
)
_YOU = re.compile(r"\b(?:you|your|yours|ya|u|ur)\b", re.I)


def _third(text: str, subject: str) -> str:
    """First person to third person, good enough for the short clauses we render."""
    s = _name(subject)
    t = text.strip()
    t = re.sub(r"^(?:I'm|I am|im)\b", f"{s} is", t, flags=re.I)
    t = re.sub(r"^(?:I've|I have)\b", f"{s} has", t, flags=re.I)
    t = re.sub(r"^(?:I'll|I will)\b", f"{s} will", t, flags=re.I)
    t = re.sub(r"^(?:we're|we are)\b", f"{s} and others are", t, flags=re.I)
    t = re.sub(r"^(?:we've|we have)\b", f"{s} and others have", t, flags=re.I)
    t = re.sub(r"^(?:we'll|we will)\b", f"{s} and others will", t, flags=re.I)
    t = re.sub(r"^we\b", f"{s} and others", t, flags=re.I)
    t = re.sub(r"^I\b", s, t)
    t = re.sub(r"\bmyself\b", "themself", t, flags=re.I)
    t = re.sub(r"\bourselves\b", "themselves", t, flags=re.I)
    t = re.sub(r"\b(?:my|our)\b", "their", t, flags=re.I)
    t = re.sub(r"\b(?:mine|ours)\b", "theirs", t, flags=re.I)
    t = re.sub(r"\b(?:me|us)\b", "them", t)
    t = re.sub(r"\bI'm\b", "they are", t)
    t = re.sub(r"\bI\b", "they", t)
    return t


def _sentence(body: str, stated: str, *, with_stated: bool = True) -> str:
    body = body.strip().rstrip(".!,;: ")
    body = body[:1].upper() + body[1:]
    return f"{body} (stated {stated})." if with_stated else f"{body}."


def direction_of(clause: str) -> str | None:
    """``"future"`` or ``"past"`` when the clause's tense says which way its dates point."""
    if re.search(
        r"\b(?:will|'ll|going to|gonna|planning|plan to|next|tomorrow|upcoming|coming|soon|"
        r"is on|is scheduled|have an?|'ve got|is set for)\b|'(?:m|re)\s+\w+ing\b|\b(?:am|"
        r"are)\s+\w+ing\b",
        clause,
        re.I,
    ):
        return "future"
    if re.search(r"\b(?:was|were|did|had|went|ago|yesterday|last)\b|\b\w+ed\b", clause, re.I):
        return "past"
    return None


def fact_id(user: str, subject: str, attribute: str, value: str, first_cite: str) -> str:
    """The stable id of a fact: same statement, same id, in every run."""
    key = "\x1f".join(
        (
            user,
            subject.casefold(),
            attribute.casefold(),
            " ".join(value.casefold().split()),
            first_cite,
        )
    )
    return "f-" + hashlib.sha256(key.encode("utf-8")).hexdigest()[:16]


def stated_fact(user: str, subject: str, attribute: str, value: str, *, category: str,
                confidence: float, text: str, at: str, cites: Sequence[str],
                cycle: str | None = None) -> Fact:
    """A fact stated at *at* (ISO) and valid from then; its id from :func:`fact_id`.

    One constructor for every reader (rules, claims, LLM), so that the same
    statement gets the same id and the same shape whichever reader found it.
    """
    return Fact(id=fact_id(user, subject, attribute, value, cites[0]), user=user,
                subject=subject, attribute=attribute, value=value, category=category,
                confidence=round(confidence, 2), text=text, at=at, valid_from=at,
                cites=tuple(cites), cycle=cycle)
