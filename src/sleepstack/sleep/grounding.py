"""The grounding gate: a consolidated claim must be supported by its cited evidence.

Consolidation rewrites memory (merging notes, or an LLM condensing a cluster),
and a rewrite can drift: a number changes, a negation flips, a date moves. The
gate checks every consolidated claim against the texts it cites before the
claim may replace them (ARCHITECTURE.md §6):

* **similarity** — embedding cosine between the claim and its best-matching
  evidence text is at least a threshold;
* **numbers** — every number in the claim appears in the evidence;
* **negation** — the claim is negated iff that best-matching evidence is;
* **dates** — every date in the claim overlaps a date in the evidence, after
  normalisation (relative evidence dates are resolved against the evidence's
  own time when given, and the time itself counts: "(stated 2023-05-08)");
* **support** (entailment, not similarity) — every value-bearing word of the
  claim is in the evidence or a close paraphrase of an evidence word, and
  every proper name (subject, place) is in it literally: "aisle seats" is
  refused against "window seats", "Bob" against evidence about Alice.

A failing claim is not written; the caller keeps the originals and reports the
reasons. Pure apart from the embedder call.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import numpy as np

from ..adapters.embed import Embedder, load_embedder
from ..text.negation import NEGATION
from ..text.words import STOPWORDS
from .extract import find_dates

__all__ = [
    "DEFAULT_THRESHOLD",
    "WORD_SUPPORT",
    "GroundingResult",
    "grounded",
    "is_negated",
    "numbers_in",
    "unsupported_words",
]

#: default cosine threshold; MiniLM puts faithful paraphrases well above it
DEFAULT_THRESHOLD = 0.5

_NUMBER = re.compile(r"(?<![\w.])\d+(?:[.,]\d+)*(?![\w])")
_WORD_NUMBERS = {
    "zero": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6",
    "seven": "7", "eight": "8", "nine": "9", "ten": "10", "eleven": "11", "twelve": "12",
    "thirteen": "13", "fourteen": "14", "fifteen": "15", "sixteen": "16", "seventeen": "17",
    "eighteen": "18", "nineteen": "19", "twenty": "20", "thirty": "30", "forty": "40",
    "fifty": "50", "hundred": "100", "dozen": "12",
}  # fmt: skip
_WORD_NUM_RE = re.compile(r"\b(" + "|".join(_WORD_NUMBERS) + r")\b", re.I)


@dataclass(frozen=True)
class GroundingResult:
    """The gate's verdict on one claim: ``ok``, why not, and the best similarity."""

    ok: bool
    reasons: list[str] = field(default_factory=list)
    similarity: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"ok": self.ok, "reasons": list(self.reasons), "similarity": self.similarity}


def is_negated(text: str) -> bool:
    """True when *text* states something negatively ("does not like", "never")."""
    return bool(NEGATION.search(text))


def _strip_dates(text: str) -> str:
    out = text
    for d in reversed(find_dates(text)):
        out = out[: d.start] + " " + out[d.end :]
    # Times of day and ISO fragments are not the quantities we compare.
    return re.sub(r"\b\d{1,2}:\d{2}(?::\d{2})?\b|\b\d{4}-\d{2}(?:-\d{2})?\b", " ", out)


def numbers_in(text: str) -> set[str]:
    """The numbers a text states (digits or number words), dates excluded."""
    body = _strip_dates(text)
    nums = {n.replace(",", "") for n in _NUMBER.findall(body)}
    nums |= {_WORD_NUMBERS[w.lower()] for w in _WORD_NUM_RE.findall(body)}
    # "1.0" and "1" are the same quantity.
    return {n[:-2] if n.endswith(".0") else n for n in nums}


def _spans(text: str, at: str | None) -> list[tuple[str, str]]:
    return [(d.first, d.last) for d in find_dates(text, at)]


def _month_spans(text: str) -> list[tuple[str, str]]:
    # "in 2023-05" / "May 2023" style months that find_dates leaves to its month rule.
    out = []
    for m in re.finditer(r"\b(\d{4})-(\d{2})\b(?!-\d)", text):
        y, mo = int(m.group(1)), int(m.group(2))
        if 1 <= mo <= 12:
            out.append((f"{y:04d}-{mo:02d}-01", f"{y:04d}-{mo:02d}-31"))
    return out


def _claim_dates(text: str) -> list[tuple[str, str, str]]:
    found = [(d.first, d.last, d.phrase) for d in find_dates(text)]
    found += [(a, b, f"{a[:7]}") for a, b in _month_spans(text)]
    return found


def grounded(
    claim: str,
    evidence: Sequence[str],
    embedder: Embedder | str,
    *,
    threshold: float = DEFAULT_THRESHOLD,
    evidence_at: Sequence[str | None] | None = None,
) -> GroundingResult:
    """Check *claim* against its cited *evidence* texts; see the module doc.

    *embedder* is an embedder or its spec string (``"hash:384"``). *evidence_at*
    (ISO times, parallel to *evidence*) lets relative dates in raw turns
    ("yesterday") count as the absolute dates a claim states.
    """
    texts = [e for e in evidence if e and e.strip()]
    if not claim.strip():
        return GroundingResult(False, ["empty claim"], 0.0)
    if not texts:
        return GroundingResult(False, ["no evidence"], 0.0)
    ats: list[str | None] = list(evidence_at) if evidence_at is not None else []
    ats = (ats + [None] * len(evidence))[: len(evidence)]
    pairs = [(e, a) for e, a in zip(evidence, ats, strict=True) if e and e.strip()]
    emb = load_embedder(embedder) if isinstance(embedder, str) else embedder
    vecs = emb.embed([claim, *texts, " ".join(texts)])
    sims = np.asarray(vecs[1:] @ vecs[0], dtype=np.float64)
    best = int(np.argmax(sims[:-1]))
    similarity = round(float(max(sims.max(), 0.0)), 4)
    reasons: list[str] = []
    if similarity < threshold:
        reasons.append(f"similarity {similarity:.2f} below {threshold:.2f}")

    ev_numbers: set[str] = set()
    for e in texts:
        ev_numbers |= numbers_in(e)
    missing = sorted(numbers_in(claim) - ev_numbers)
    if missing:
        reasons.append(f"numbers not in evidence: {', '.join(missing)}")

    if is_negated(claim) != is_negated(texts[best]):
        which = (
            "claim is negated but its evidence is not"
            if is_negated(claim)
            else ("evidence is negated but the claim is not")
        )
        reasons.append(f"negation mismatch: {which}")

    ev_spans: list[tuple[str, str]] = []
    for e, a in pairs:
        ev_spans += _spans(e, a) + _month_spans(e)
        if a:
            day = (
                datetime.fromisoformat(a.replace("Z", "+00:00")).astimezone(UTC).date().isoformat()
            )
            ev_spans.append((day, day))
    bad = [
        phrase
        for first, last, phrase in _claim_dates(claim)
        if not any(first <= e_last and e_first <= last for e_first, e_last in ev_spans)
    ]
    if bad:
        reasons.append(f"dates not in evidence: {', '.join(bad)}")
    unsupported = unsupported_words(claim, texts, emb)
    if unsupported:
        # Entailment, not similarity: "aisle seats" is close to "window seats" in
        # embedding space but states another value.
        reasons.append(f"not supported by evidence: {', '.join(unsupported)}")
    return GroundingResult(not reasons, reasons, similarity)


# Words a faithful rewrite may add without stating anything new.
_FRAME_WORDS = (
    "user users person people also now still currently recently usually often always says "
    "said states stated mentions mentioned notes noted tells told reports reported likes like "
    "liked enjoys enjoy enjoyed loves love loved prefers prefer preferred wants want wanted "
    "has have had having is are was were been being does did do make makes made get gets got "
    "take takes took go goes went keep keeps kept use uses used using their them they theirs "
    "themself themselves his her him she he its it this that these those who which what when "
    "where while since until from into onto about after before during earlier later again "
    "each every some many much more most other another such very really quite just only both "
    "either neither same different since replaced note notes summary merged duplicate "
    "duplicates one two several times time day days week weeks month months year years today "
    "yesterday tomorrow week's answer answers response responses reply replies written write "
    "writes formatted format style "
)
_FRAME = frozenset(_FRAME_WORDS.split())
_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*")
#: a claim word this close (cosine) to an evidence word counts as supported (paraphrase)
WORD_SUPPORT = 0.8


def _stem(word: str) -> str:
    w = word.casefold().replace("’", "'")
    w = re.sub(r"'s$", "", w)
    for suf in ("ing", "ed", "es", "s"):
        if len(w) > len(suf) + 2 and w.endswith(suf):
            return w[: -len(suf)]
    return w


def unsupported_words(claim: str, evidence: Sequence[str], embedder: Embedder) -> list[str]:
    """The value-bearing words of *claim* that no evidence text supports.

    Each content word of the claim (not a stopword or a framing word such as
    "user", "prefers", "mentioned") must occur in the evidence, by stem, or be
    a close paraphrase of an evidence word (cosine at least
    :data:`WORD_SUPPORT` with the embedder: "sofa" for "couch" with MiniLM; with
    the hashing embedder only spelling variants pass). Proper names (subjects,
    places) must occur literally.
    """
    ev_words = {_stem(w) for e in evidence for w in _WORD.findall(e)}
    missing: list[str] = []
    for w in dict.fromkeys(_WORD.findall(_strip_dates(claim))):
        low = w.casefold()
        if len(low) < 3 or low in STOPWORDS or low in _FRAME or _stem(w) in ev_words:
            continue
        missing.append(w)
    if not missing:
        return []
    names = [w for w in missing if w[:1].isupper()]
    common = [w for w in missing if not w[:1].isupper()]
    if not common:
        return names
    pool = sorted({w for e in evidence for w in _WORD.findall(e) if len(w) >= 3})
    if not pool:
        return missing
    vecs = embedder.embed([*common, *pool])
    sims = vecs[: len(common)] @ vecs[len(common):].T
    weak = [w for w, row in zip(common, sims, strict=True) if float(row.max()) < WORD_SUPPORT]
    return names + weak
