"""A deterministic, dependency-free hashed bag-of-words embedder.

For tests (instant, no model files) and for degraded mode when the MiniLM weights are
not installed. It captures lexical overlap only: words plus character trigrams (so
"hiking" and "hiked" still share features), hashed into ``dim`` signed buckets.

The recipe is a storage format: an index built with ``hash:<dim>`` must get the same
vectors back in every process, on every platform and in later versions. That is why
the hash is BLAKE2b and not Python's salted ``hash()``; changing any constant below
changes every vector and invalidates indexes built before.
"""

from __future__ import annotations

import hashlib
import math
import re
import unicodedata
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

import numpy as np

from sleepstack.adapters.embed.base import FloatMatrix, check_texts, l2_normalize
from sleepstack.errors import UsageError

__all__ = ["DEFAULT_HASH_DIM", "MAX_HASH_DIM", "HashingEmbedder"]

DEFAULT_HASH_DIM = 384
MAX_HASH_DIM = 1 << 16

_WORD = re.compile(r"\w+")
_WORD_WEIGHT = 1.0
_TRIGRAM_WEIGHT = 0.5
# Stands in for texts with no word characters, so that every row can be normalised.
_EMPTY_FEATURE = "\x00empty"
_PERSON = b"sleepstack-hash"


@lru_cache(maxsize=1 << 17)
def _feature_hash(feature: str) -> int:
    digest = hashlib.blake2b(feature.encode("utf-8"), digest_size=8, person=_PERSON).digest()
    return int.from_bytes(digest, "little")


def _features(text: str) -> Counter[str]:
    """Weighted features of one text: ``w:<word>`` and ``c:<trigram>`` keys."""
    norm = unicodedata.normalize("NFKC", text).casefold()
    feats: Counter[str] = Counter()
    for word in _WORD.findall(norm):
        feats["w:" + word] += 1
        padded = f"<{word}>"
        for i in range(len(padded) - 2):
            feats["c:" + padded[i : i + 3]] += 1
    if not feats:
        feats[_EMPTY_FEATURE] = 1
    return feats


class HashingEmbedder:
    """Signed feature hashing of words and character trigrams into ``dim`` buckets."""

    def __init__(self, dim: int = DEFAULT_HASH_DIM, *, name: str | None = None) -> None:
        if not 1 <= dim <= MAX_HASH_DIM:
            raise UsageError(f"hash embedder dim must be in 1..{MAX_HASH_DIM}, got {dim}", dim=dim)
        self.dim = dim
        self.name = name if name is not None else f"hash:{dim}"

    def embed(self, texts: Sequence[str]) -> FloatMatrix:
        """Embed ``texts``; see :class:`sleepstack.adapters.embed.base.Embedder`."""
        items = check_texts(texts)
        out = np.zeros((len(items), self.dim), dtype=np.float32)
        for row, text in enumerate(items):
            for feature, count in _features(text).items():
                h = _feature_hash(feature)
                weight = _WORD_WEIGHT if feature.startswith("w:") else _TRIGRAM_WEIGHT
                # Sublinear term frequency: one word repeated should not drown the rest.
                value = weight * (1.0 + math.log(count))
                # The top bit picks the sign so that collisions cancel out on average.
                out[row, h % self.dim] += -value if h >> 63 else value
        if not items:
            return out
        # Collisions can cancel a row to exactly zero; fall back to the empty feature.
        zero = ~out.any(axis=1)
        if zero.any():
            h = _feature_hash(_EMPTY_FEATURE)
            out[zero, h % self.dim] = 1.0
        return l2_normalize(out, source=self.name)

    def __repr__(self) -> str:
        return f"HashingEmbedder(dim={self.dim})"
