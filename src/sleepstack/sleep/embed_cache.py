"""An embedder that embeds each distinct text once: cached in memory and on disk, loaded lazily.

Consolidation embeds every note of a user on every cycle; almost all of them
are the same as last time. Vectors are keyed by the SHA-256 of the text and
the embedder spec, so an unchanged note is never embedded again and a cycle
whose notes did not change loads no model at all.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
import threading
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

import numpy as np

from ..adapters.embed import Embedder, FloatMatrix, load_embedder

__all__ = ["CachedEmbedder"]


#: embeddings kept in memory per process, across calls: (spec, text hash) -> vector
_MEMO: OrderedDict[tuple[str, str], np.ndarray[Any, np.dtype[np.float32]]] = OrderedDict()
_MEMO_LOCK = threading.Lock()
_MEMO_MAX = 50_000


class _Source:
    """The real embedder behind one or more caches, loaded on first need."""

    def __init__(self, base: Embedder | str) -> None:
        self.base: Embedder | None = None if isinstance(base, str) else base
        self.spec = base if isinstance(base, str) else base.name
        self.lock = threading.Lock()

    def model(self) -> Embedder:
        with self.lock:
            if self.base is None:
                self.base = load_embedder(self.spec)
            return self.base


class CachedEmbedder:
    """An embedder that embeds each distinct text once: cached by text hash, loaded lazily.

    Vectors are looked up in a per-process memory, then in ``cache_dir``
    (one little-endian float32 file per text, written atomically), and only
    the misses reach the real embedder, which is loaded with
    :func:`~sleepstack.adapters.embed.load_embedder` (one per process) the
    first time a miss needs it. *persist* False keeps new vectors in memory
    only (for one-off texts such as the grounding gate's claims).
    """

    def __init__(self, base: Embedder | str, cache_dir: str | None = None, *,
                 persist: bool = True) -> None:
        self._src = _Source(base)
        self._spec = self._src.spec
        digest = hashlib.sha256(self._spec.encode()).hexdigest()[:16]
        self._dir = os.path.join(cache_dir, "embeddings", digest) if cache_dir else None
        self._persist = persist
        #: texts this instance had to embed (not found in any cache)
        self.misses = 0

    @property
    def name(self) -> str:
        """The spec of the embedder behind the cache."""
        return self._spec

    @property
    def dim(self) -> int:
        """The vectors' length (loads the embedder)."""
        return self._src.model().dim

    @property
    def loaded(self) -> bool:
        """Whether the real embedder has been needed (and so loaded)."""
        return self._src.base is not None

    def sibling(self, *, persist: bool) -> CachedEmbedder:
        """The same caches and embedder (loaded at most once), another *persist* policy."""
        other = CachedEmbedder(self._spec, None, persist=persist)
        other._src = self._src
        other._dir = self._dir
        return other

    def _read(self, key: str) -> np.ndarray[Any, np.dtype[np.float32]] | None:
        if self._dir is None:
            return None
        try:
            with open(os.path.join(self._dir, key[:2], f"{key}.f32"), "rb") as fh:
                data = fh.read()
        except OSError:
            return None
        if not data or len(data) % 4:
            return None
        return np.frombuffer(data, dtype="<f4").astype(np.float32)

    def _write(self, key: str, vec: np.ndarray[Any, np.dtype[np.float32]]) -> None:
        if self._dir is None or not self._persist:
            return
        folder = os.path.join(self._dir, key[:2])
        try:
            os.makedirs(folder, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=folder, prefix=".tmp-", suffix=".f32")
            with os.fdopen(fd, "wb") as fh:
                fh.write(np.ascontiguousarray(vec, dtype="<f4").tobytes())
            os.replace(tmp, os.path.join(folder, f"{key}.f32"))
        except OSError:
            pass  # a cache that cannot be written is only slower

    def embed(self, texts: Sequence[str]) -> FloatMatrix:
        """One unit-norm float32 row per text; cached texts are not embedded again."""
        texts = list(texts)
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        keys = [hashlib.sha256(t.encode("utf-8")).hexdigest() for t in texts]
        found: dict[str, np.ndarray[Any, np.dtype[np.float32]]] = {}
        with _MEMO_LOCK:
            for k in keys:
                v = _MEMO.get((self._spec, k))
                if v is not None:
                    found[k] = v
        for k in dict.fromkeys(keys):
            if k not in found:
                v = self._read(k)
                if v is not None:
                    found[k] = v
        dims = {v.shape[0] for v in found.values()}
        base = self._src.base
        if len(dims) > 1 or (dims and base is not None and dims != {base.dim}):
            found = {}  # a stale or foreign cache: trust none of it
        todo = [k for k in dict.fromkeys(keys) if k not in found]
        if todo:
            first = {k: t for k, t in zip(keys, texts, strict=True)}
            model = self._src.model()
            with self._src.lock:
                fresh = np.asarray(model.embed([first[k] for k in todo]), dtype=np.float32)
            self.misses += len(todo)
            for k, v in zip(todo, fresh, strict=True):
                found[k] = v
                self._write(k, v)
        with _MEMO_LOCK:
            for k in dict.fromkeys(keys):
                _MEMO[(self._spec, k)] = found[k]
                _MEMO.move_to_end((self._spec, k))
            while len(_MEMO) > _MEMO_MAX:
                _MEMO.popitem(last=False)
        return np.stack([found[k] for k in keys]).astype(np.float32, copy=False)
