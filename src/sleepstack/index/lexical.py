"""Lexical matching shared by the index and the wake path: terms, FTS5 queries, BM25.

Indexed rows are searched with SQLite FTS5 (``bm25()``); rows read straight
from files (read-your-writes, degraded mode) are scored here with the same
Okapi BM25 formula, so both kinds rank on one scale. The analyser is
deliberately simple and deterministic: lower-case word runs, English stop
words dropped, and Porter's stemmer — the same one FTS5 applies to indexed
rows (:mod:`.stemmer`), so a turn matches the same way wherever it sits.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable, Sequence

from .stemmer import porter_stem

__all__ = ["BM25", "STOPWORDS", "fts_query", "stem", "terms"]

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


def fts_query(query: str, ukeys: Sequence[str], *,
              columns: str = "{text role ctx}") -> str | None:
    """An FTS5 MATCH expression: any content word of *query*, within the given user keys.

    Words are quoted so FTS5 syntax in the query (``AND``, ``*``, ``:``) is inert;
    FTS5 applies its own Porter stemmer to them.
    """
    words = [w for w in dict.fromkeys(raw_words(query))
             if w not in STOPWORDS and (len(w) > 1 or w.isdigit())]
    if not words or not ukeys:
        return None
    any_word = " OR ".join(f'"{w}"' for w in words)
    owners = " OR ".join(f'"{k}"' for k in ukeys)
    return f"ukey : ({owners}) AND {columns} : ({any_word})"


class BM25:
    """Okapi BM25 over an in-memory list of documents (fallback and fresh rows)."""

    def __init__(self, docs: Iterable[str], *, k1: float = 1.2, b: float = 0.75) -> None:
        self.k1, self.b = k1, b
        self.tfs: list[Counter[str]] = [Counter(terms(d)) for d in docs]
        self.lengths = [sum(tf.values()) for tf in self.tfs]
        self.n = len(self.tfs)
        self.avgdl = (sum(self.lengths) / self.n) if self.n else 1.0
        self.df: Counter[str] = Counter()
        for tf in self.tfs:
            self.df.update(tf.keys())

    def idf(self, term: str, df: int | None = None, n: int | None = None) -> float:
        """Okapi idf (never negative), from this corpus or the given statistics."""
        df = self.df.get(term, 0) if df is None else df
        n = self.n if n is None else n
        return math.log(1.0 + (n - df + 0.5) / (df + 0.5))

    def scores(self, query: str, *, idf: dict[str, float] | None = None,
               avgdl: float | None = None) -> list[float]:
        """A score per document (0 for no match)."""
        qterms = list(dict.fromkeys(terms(query)))
        weights = {t: (idf[t] if idf is not None and t in idf else self.idf(t)) for t in qterms}
        avg = avgdl or self.avgdl or 1.0
        out: list[float] = []
        for tf, dl in zip(self.tfs, self.lengths, strict=True):
            s = 0.0
            for t in qterms:
                f = tf.get(t, 0)
                if f:
                    s += weights[t] * f * (self.k1 + 1) / (
                        f + self.k1 * (1 - self.b + self.b * dl / avg))
            out.append(s)
        return out
