"""Negation: how a sentence says "not" (one list, read as a pattern or as words).

:data:`NEGATION` finds a negation in running text ("doesn't", "no longer",
"dislikes": a claim's polarity); :data:`NEGATION_WORDS` are the same cues as the
word tokens a normaliser leaves (apostrophes gone or "n't" spelt out), for code
that compares bags of words: two lines differing in a negation do not say the
same thing.
"""

from __future__ import annotations

import re

__all__ = ["NEGATION", "NEGATION_WORDS"]

NEGATION = re.compile(
    r"\b(?:not|no|never|nobody|nothing|neither|nor|without|cannot|no longer|none|"
    r"dislikes?|hates?|isn't|aren't|wasn't|weren't|don't|doesn't|didn't|won't|can't|"
    r"couldn't|shouldn't|wouldn't|haven't|hasn't|hadn't)\b|n't\b",
    re.I,
)

NEGATION_WORDS = frozenset({
    "not", "no", "never", "nothing", "none", "longer", "cannot", "n't",
    "don't", "doesn't", "didn't", "isn't", "aren't", "wasn't", "won't", "can't",
    "dont", "don", "doesnt", "didnt", "isnt", "cant", "wont",
    "dislike", "dislikes", "hate", "hates",
})
