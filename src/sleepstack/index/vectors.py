"""Vectors in SQLite: float32 blobs, and the embedder an index was built with."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ..adapters.embed import DEFAULT_EMBEDDER, load_embedder
from ..adapters.embed.base import Embedder

__all__ = ["DEFAULT_EMBEDDER", "F32", "from_blob", "get_embedder", "to_blob"]

F32 = npt.NDArray[np.float32]


def get_embedder(spec: str) -> Embedder:
    """The embedder for *spec* (loaded once per process by the adapter's own cache)."""
    return load_embedder(spec)


def to_blob(vec: F32) -> bytes:
    """A vector as little-endian float32 bytes."""
    return np.ascontiguousarray(vec, dtype="<f4").tobytes()


def from_blob(blob: bytes, dim: int) -> F32:
    """Inverse of :func:`to_blob` (a copy, so the row outlives the cursor)."""
    arr = np.frombuffer(blob, dtype="<f4")
    if arr.shape[0] != dim:
        raise ValueError(f"vector has {arr.shape[0]} components, expected {dim}")
    return arr.astype(np.float32)
