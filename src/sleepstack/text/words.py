"""Words of a text as the index and the wake path see them: word runs, stop words, stems.

The analyser is deliberately simple and deterministic: lower-case word runs,
English stop words dropped, and Porter's stemmer -- the same one FTS5 applies to
indexed rows (:mod:`.stemmer`), so a turn matches the same way wherever it sits.
:data:`FUNCTION_WORDS` is the much shorter list consolidation compares claims
without (it keeps "like", "much", "going": they carry a claim's meaning).
"""

from __future__ import annotations

import re
from functools import lru_cache

from .stemmer import porter_stem

__all__ = ["FUNCTION_WORDS", "STOPWORDS", "name_words", "raw_words", "stem", "terms"]

_WORD_RE = re.compile(r"[^\W_]+", re.UNICODE)

STOPWORDS = frozenset(
    (
        "a", "about", "above", "after", "again", "against", "all", "am", "an", "and", "any", "are",
        "aren", "as", "at", "be", "because", "been", "before", "being", "below", "between", "both",
        "but", "by", "can", "could", "couldn", "did", "didn", "do", "does", "doesn", "doing", "don",
        "down", "during", "each", "few", "for", "from", "further", "had", "hadn", "has", "hasn",
        "have", "haven", "having", "he", "her", "here", "hers", "herself", "him", "himself", "his",
        "how", "i", "if", "in", "into", "is", "isn", "it", "its", "itself", "just", "ll", "me",
        "more", "most", "my", "myself", "no", "nor", "not", "now", "of", "off", "on", "once",
        "only", "or", "other", "our", "ours", "ourselves", "out", "over", "own", "re", "s", "same",
        "she", "should", "so", "some", "such", "t", "than", "that", "the", "their", "theirs",
        "them", "themselves", "then", "there", "these", "they", "this", "those", "through", "to",
        "too", "under", "until", "up", "ve", "very", "was", "wasn", "we", "were", "weren", "what",
        "when", "where", "which", "while", "who", "whom", "why", "will", "with", "won", "would",
        "you", "your", "yours", "yourself", "yourselves", "also", "get", "got", "would", "like",
        "likely", "might", "must", "one", "shall", "us", "yes", "ok", "oh", "hey", "hi", "really",
        "much", "many", "thing", "things", "something", "anything", "kind", "sort", "lot", "lots",
        "let", "lets", "going", "go", "went", "tell", "told", "say", "said", "does",
    )
)


def stem(word: str) -> str:
    """Porter's stem, as FTS5's tokenizer computes it (:mod:`.stemmer`)."""
    return porter_stem(word)


def terms(text: str, *, keep_stopwords: bool = False) -> list[str]:
    """Stemmed content words of *text*, in order (duplicates kept)."""
    out: list[str] = []
    for m in _WORD_RE.finditer(text.lower()):
        w = m.group()
        if not keep_stopwords and (w in STOPWORDS or (len(w) < 2 and not w.isdigit())):
            continue
        out.append(stem(w))
    return out


def raw_words(text: str) -> list[str]:
    """Lower-case word runs of *text* without stemming (what FTS5 tokenizes itself)."""
    return [m.group() for m in _WORD_RE.finditer(text.lower())]


# a name's words keep what names are made of: "AT&T", "Node.js", "e-mail", "C++", "a@b.io"
_NAME_WORD_RE = re.compile(r"[\w'’&.@+-]+")


# cached: the claims pass asks for the same turn's words once per claim it holds against it
@lru_cache(maxsize=16384)
def name_words(text: str) -> frozenset[str]:
    """The case-folded words of *text* as a value's name is matched against another text.

    Unlike :func:`terms` there is no stemming and no stop list: "Bay Area" names
    the words {"bay", "area"}, and a value is in a text when all its words are.
    """
    return frozenset(w.strip(".,'’-!?;:").casefold()
                     for w in _NAME_WORD_RE.findall(text)) - {""}


#: words two claims may differ in and still say the same (articles, copulas, "user")
FUNCTION_WORDS = frozenset([
    "a", "an", "the", "is", "are", "was", "were", "be", "been", "of", "to", "in", "on", "at",
    "for", "and", "or", "with", "by", "as", "it", "its", "their", "they", "them", "user",
    "user's", "s", "this", "that", "these", "those", "has", "have", "had",
])
