"""Lexical matching shared by the index and the wake path: terms, FTS5 queries, BM25.

Indexed rows are searched with SQLite FTS5 (``bm25()``); rows read straight
from files (read-your-writes, degraded mode) are scored here with the same
Okapi BM25 formula, so both kinds rank on one scale. The analyser
(word runs, stop words, the stemmer) is :mod:`sleepstack.text.words`.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence

from ..text.words import STOPWORDS, raw_words, stem, terms

__all__ = ["BM25", "STOPWORDS", "fts_query", "raw_words", "stem", "terms"]

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
