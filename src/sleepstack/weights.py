"""Shipped model weights: read a ``.npz``, check its pinned digest, load it once per process.

Three small learned heads ship their weights next to their modules: the
injection head (``validate/head.py``), the ending head and the value-span
tagger (``sleep/claims/endhead.py``, ``spans.py``). Each is a compressed
``.npz`` read with numpy alone, so nothing is downloaded at run time. They share
one way to fail: a file that cannot be read, or one whose digest is not the one
the code was written for, is an :class:`~sleepstack.errors.EmbedderError` that
names the script which retrains it. There is never a silent fallback to other
weights, because a head that answers with the wrong weights is worse than one
that refuses.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Generic, TypeVar

import numpy as np

from .errors import EmbedderError

__all__ = ["Shipped", "check_pinned", "read_npz", "softmax"]

T = TypeVar("T")


def softmax(z: np.ndarray, axis: int = -1) -> np.ndarray:
    """Probabilities along *axis* of the logits *z*, as float32 (the heads' last step)."""
    z = z - z.max(axis=axis, keepdims=True)
    e = np.exp(z)
    out: np.ndarray = (e / e.sum(axis=axis, keepdims=True)).astype(np.float32)
    return out


def read_npz(path: Path, what: str, build: Callable[[Mapping[str, Any]], T]) -> T:
    """*build* over the arrays of the ``.npz`` at *path*; any read or shape error is typed."""
    try:
        with np.load(path) as z:
            return build(z)
    except (OSError, KeyError, ValueError) as exc:
        raise EmbedderError(f"cannot read the {what} weights {path}: {exc}") from exc


def check_pinned(digest: str, sha256: str | None, path: Path, what: str, script: str) -> None:
    """Refuse weights whose *digest* is not the pinned *sha256* (no check when it is None)."""
    if sha256 and digest != sha256:
        raise EmbedderError(f"the {what} weights {path} are not the ones this code was written "
                            f"for (retrain with {script})")


class Shipped(Generic[T]):
    """A head loaded on first use, once per process, under a lock.

    *load* is called at most once (successfully); where it returns None (the
    weights are not shipped) every later call answers None too.
    """

    def __init__(self, load: Callable[[], T | None]) -> None:
        self._load = load
        self._lock = threading.Lock()
        self._done = False
        self._value: T | None = None

    def get(self) -> T | None:
        """The loaded head, or None where there are no weights."""
        with self._lock:
            if not self._done:
                self._value = self._load()
                self._done = True
            return self._value
