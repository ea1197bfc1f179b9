"""The narrow contract every embedder meets, plus helpers shared by the implementations.

An embedder turns a batch of texts into float32 rows of unit L2 norm, so that a dot
product is a cosine similarity. Nothing else about a backend leaks out of this module.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

from sleepstack.errors import EmbedderError, UsageError

__all__ = ["Embedder", "FloatMatrix", "TokenEmbedder", "TokenStates", "check_texts", "l2_normalize"]

#: What ``Embedder.embed`` returns: shape ``(n, dim)``, dtype float32, rows of unit norm.
FloatMatrix = npt.NDArray[np.float32]


@runtime_checkable
class Embedder(Protocol):
    """Turns texts into L2-normalised float32 vectors.

    ``name`` is the spec string that ``load_embedder`` accepts and that rebuilds an
    equivalent embedder, so an index can record which embedder produced it. Both
    members are read-only here so that a plain attribute or a property satisfies them.
    """

    @property
    def name(self) -> str:
        """The spec string, e.g. ``"local:all-MiniLM-L6-v2"`` or ``"hash:384"``."""
        ...

    @property
    def dim(self) -> int:
        """Length of every vector ``embed`` returns."""
        ...

    def embed(self, texts: Sequence[str]) -> FloatMatrix:
        """Return one unit-norm float32 row per text, shape ``(len(texts), dim)``.

        An empty sequence returns an array of shape ``(0, dim)``.
        """
        ...


class TokenStates(NamedTuple):
    """One text's word pieces as the model saw them: last hidden states and offsets."""

    #: shape ``(pieces, dim)``, float32, not normalised
    states: npt.NDArray[np.float32]
    #: shape ``(pieces, 2)``: each piece's ``[begin, end)`` characters in the text
    offsets: npt.NDArray[np.int64]


@runtime_checkable
class TokenEmbedder(Protocol):
    """An optional capability: an embedder that also hands out its per-token states.

    Checked at run time (``isinstance(e, TokenEmbedder)``); only the local MiniLM
    has it. Readers of token states must work (by reading nothing) without it.
    """

    def embed_tokens(self, texts: Sequence[str]) -> tuple[FloatMatrix, list[TokenStates]]:
        """``embed(texts)`` and each text's :class:`TokenStates`, from one forward pass."""
        ...


def check_texts(texts: Sequence[str]) -> list[str]:
    """Validate the argument of ``embed`` and return it as a list.

    A bare ``str`` is a ``Sequence[str]`` too, and embedding it character by
    character is never what the caller meant, so it is refused.
    """
    if isinstance(texts, str | bytes):
        raise UsageError(
            "embed() takes a sequence of texts, not a single string; wrap it in a list",
            got=type(texts).__name__,
        )
    out = list(texts)
    for i, text in enumerate(out):
        if not isinstance(text, str):
            raise UsageError(
                f"embed() texts must be str; item {i} is {type(text).__name__}",
                index=i,
                got=type(text).__name__,
            )
    return out


def l2_normalize(rows: npt.ArrayLike, *, source: str) -> FloatMatrix:
    """Return ``rows`` as C-contiguous float32 with every row scaled to unit L2 norm.

    A zero or non-finite row cannot be normalised and means the backend misbehaved,
    so it raises :class:`EmbedderError` naming ``source`` rather than returning NaNs.
    """
    mat = np.array(rows, dtype=np.float32, copy=True, ndmin=2)
    if mat.ndim != 2:
        raise EmbedderError(f"{source}: expected a 2-D array, got shape {mat.shape}")
    if mat.shape[0] == 0:
        return np.ascontiguousarray(mat)
    # Accumulate in float64: a float32 sum of squares of 3072 components loses digits.
    norms = np.sqrt(np.einsum("ij,ij->i", mat, mat, dtype=np.float64))
    bad = ~np.isfinite(norms) | (norms == 0.0)
    if bad.any():
        raise EmbedderError(
            f"{source}: produced {int(bad.sum())} zero or non-finite vector(s)",
            rows=[int(i) for i in np.flatnonzero(bad)[:10]],
        )
    mat /= norms.astype(np.float32)[:, None]
    return np.ascontiguousarray(mat)
