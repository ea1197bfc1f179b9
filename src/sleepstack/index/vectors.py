"""Vectors in SQLite: float32 or float16 blobs, and the embedder an index was built with.

``[index] vectors`` picks the stored width (default float16). float16 halves
the bytes a generation spends on vectors; scoring always runs on float32 (blobs are
widened when read), so only the stored precision changes. A generation
records its width in ``meta.vectors``; a generation without the key is
float32 (written before the setting existed), and a blob's length tells its
width anyway, so old indexes read unchanged.
"""

from __future__ import annotations

import contextlib

import numpy as np
import numpy.typing as npt

from ..adapters.embed import DEFAULT_EMBEDDER, load_embedder
from ..adapters.embed.base import Embedder

__all__ = ["DEFAULT_EMBEDDER", "DEFAULT_VECTORS", "F32", "VECTOR_DTYPES", "from_blob",
           "get_embedder", "matrix_from_blobs", "to_blob"]

F32 = npt.NDArray[np.float32]

#: stored widths: setting value -> little-endian numpy dtype
VECTOR_DTYPES: dict[str, str] = {"float32": "<f4", "float16": "<f2"}
#: float16 by default: LoCoMo evidence recall is unchanged (docs/benchmarks.md, vector width)
DEFAULT_VECTORS = "float16"


def get_embedder(spec: str) -> Embedder:
    """The embedder for *spec* (loaded once per process by the adapter's own cache)."""
    return load_embedder(spec)


def to_blob(vec: F32, dtype: str = "float32") -> bytes:
    """A vector as little-endian bytes of *dtype* (``"float32"`` or ``"float16"``)."""
    return np.ascontiguousarray(vec, dtype=VECTOR_DTYPES[dtype]).tobytes()


def _dtype_of(blob: bytes, dim: int) -> str:
    for code in VECTOR_DTYPES.values():
        if len(blob) == dim * np.dtype(code).itemsize:
            return code
    raise ValueError(f"vector blob of {len(blob)} bytes fits no stored width for {dim} components")


def from_blob(blob: bytes, dim: int) -> F32:
    """Inverse of :func:`to_blob`, as float32 (a copy, so the row outlives the cursor).

    The width comes from the blob's length: ``dim`` float32s or ``dim`` float16s.
    """
    return np.frombuffer(blob, dtype=_dtype_of(blob, dim)).astype(np.float32)


def matrix_from_blobs(blobs: list[bytes | None], dim: int) -> F32:
    """Stack blobs into a float32 ``(len(blobs), dim)`` matrix; a missing or bad blob is zeros."""
    out = np.zeros((len(blobs), dim), dtype=np.float32)
    if not blobs:
        return out
    # One generation stores one width: decode the common case in a single pass.
    sizes = {len(b) for b in blobs if b is not None}
    if len(sizes) == 1 and None not in blobs:
        only = next(iter(sizes))
        for code in VECTOR_DTYPES.values():
            if only == dim * np.dtype(code).itemsize:
                raw = b"".join(b for b in blobs if b is not None)
                return np.frombuffer(raw, dtype=code).reshape(len(blobs), dim).astype(np.float32)
    for i, b in enumerate(blobs):
        if b is not None:
            with contextlib.suppress(ValueError):  # a malformed vector scores as zero, as before
                out[i] = from_blob(b, dim)
    return out
