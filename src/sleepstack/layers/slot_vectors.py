"""The slots' prototype sentences embedded once per embedder, for sleep and wake alike.

The sleep cycle decides a clause's slot by its cosine to every slot's
prototypes (:mod:`sleepstack.sleep.claims.classify`); recall decides which slot
a question asks for the same way (:mod:`sleepstack.wake.topic`). Both read the
one matrix kept here, so a process that sleeps and serves embeds the
prototypes once, and both read the one floor below which a sentence is about
no slot.
"""

from __future__ import annotations

import threading

import numpy as np

from ..adapters.embed import Embedder
from .slots import SLOTS

__all__ = ["FLOOR", "embedded", "prototype_matrix", "slot_scores"]

#: below this cosine to its nearest prototype, a sentence is about no slot
FLOOR = 0.28

_lock = threading.Lock()
_protos: dict[str, tuple[np.ndarray, list[int]]] = {}


def _key(embedder: Embedder) -> str:
    return f"{embedder.name}:{embedder.dim}"


def embedded(embedder: Embedder) -> bool:
    """Whether the prototypes are embedded for *embedder* (else the next use embeds them)."""
    with _lock:
        return _key(embedder) in _protos


def prototype_matrix(embedder: Embedder) -> tuple[np.ndarray, list[int]]:
    """Every slot's prototype vectors for *embedder*, and the slot index (in SLOTS) of each row.

    Computed once per embedder (name and dimension) and process.
    """
    key = _key(embedder)
    with _lock:
        got = _protos.get(key)
    if got is not None:
        return got
    texts = [p for slot in SLOTS for p in slot.prototypes]
    owner = [i for i, slot in enumerate(SLOTS) for _ in slot.prototypes]
    mat = np.asarray(embedder.embed(texts), dtype=np.float32)
    with _lock:
        _protos[key] = (mat, owner)
    return mat, owner


def slot_scores(sims: np.ndarray, owner: list[int]) -> np.ndarray:
    """Each row's best cosine per slot (columns in SLOTS order).

    *sims*: each row's cosines to every prototype, columns as
    :func:`prototype_matrix` orders them; *owner*: the slot index of each column.
    """
    sims = np.atleast_2d(np.asarray(sims, dtype=np.float32))
    best = np.full((len(sims), len(SLOTS)), -1.0, dtype=np.float32)
    np.maximum.at(best, (np.arange(len(sims))[:, None], np.asarray(owner)[None, :]), sims)
    return best
