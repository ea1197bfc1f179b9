"""One stemmer everywhere: Porter's, as SQLite FTS5's ``porter`` tokenizer applies it.

Indexed rows are stemmed by FTS5 itself (``tokenize='porter unicode61 remove_diacritics 2'``);
rows scored in Python — turns past the index watermark, changed files, the
degraded path, topic routing terms — must group words the same way, or the
same turn matches differently depending on where it sits. This module uses
the maintained Snowball implementation of the original Porter algorithm
(PyPI ``snowballstemmer``, pure Python, the ``porter`` algorithm), the one
FTS5's tokenizer implements; ``bench/locomo.py`` reports the agreement with
FTS5 on LoCoMo's vocabulary next to the previous light stemmer's.

The stemmer is loaded on first use (the package import costs ~10-30 ms that a
recall answered entirely from the index never pays) and results are memoised.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from typing import Any

__all__ = ["light_stem", "porter_stem"]

_stemmer: Any = None


def _porter() -> Any:
    global _stemmer
    if _stemmer is None:
        from snowballstemmer.porter_stemmer import PorterStemmer

        _stemmer = PorterStemmer()
    return _stemmer


def _fold(word: str) -> str:
    """Diacritics removed, as ``unicode61 remove_diacritics 2`` does before stemming."""
    if word.isascii():
        return word
    decomposed = unicodedata.normalize("NFKD", word)
    return unicodedata.normalize(
        "NFC", "".join(ch for ch in decomposed if not unicodedata.combining(ch)))


@lru_cache(maxsize=1 << 16)
def porter_stem(word: str) -> str:
    """The Porter stem of a lower-case *word* (what FTS5's porter tokenizer indexes)."""
    word = _fold(word)
    if len(word) < 3:  # FTS5's porter leaves words this short alone
        return word
    out: str = _porter().stemWord(word)
    return out


def light_stem(word: str) -> str:
    """The light suffix stemmer used before (plural, -ing, -ed, -ly): kept for the benchmark."""
    w = word
    if len(w) > 4 and w.endswith("ies"):
        return w[:-3] + "y"
    if len(w) > 5 and w.endswith("ing"):
        w = w[:-3]
        return w[:-1] if len(w) > 3 and w[-1] == w[-2] else w
    if len(w) > 4 and w.endswith("ed"):
        w = w[:-2]
        return w[:-1] if len(w) > 3 and w[-1] == w[-2] else w
    if len(w) > 4 and w.endswith("ly"):
        return w[:-2]
    if len(w) > 3 and w.endswith("es") and w[-3] in "sxz":
        return w[:-2]
    if len(w) > 3 and w.endswith("s") and not w.endswith("ss"):
        return w[:-1]
    return w
