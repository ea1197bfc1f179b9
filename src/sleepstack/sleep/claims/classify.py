"""Deciding a claim's slot by meaning: nearest prototypes in the embedding space.

Each slot of :data:`~.taxonomy.SLOTS` has a few prototype sentences. A clause is
embedded once (all clauses of a cycle in one batch) and scored against every
prototype; a slot's score is its best prototype's cosine. The candidates are
the slots within :data:`MARGIN` of the best one and above :data:`FLOOR`, best
first; the claim builder takes the first whose value reader finds a value, so
meaning proposes and the value's shape confirms.

With MiniLM (the default) similarity is semantic ("we moved to Seattle" is
near "I relocated to London"); with the hashing embedder it degrades to word
overlap, which still finds most slots whose prototypes share the clause's
words, and the value readers keep precision.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

import numpy as np

from ...adapters.embed import Embedder
from .taxonomy import SLOTS, Slot

__all__ = ["FLOOR", "MARGIN", "rank_slots"]

#: below this cosine to its nearest prototype, a clause is about no slot
FLOOR = 0.28
#: slots this close to the best one are candidates too
MARGIN = 0.12

_lock = threading.Lock()
_protos: dict[str, tuple[np.ndarray, list[int]]] = {}


def _prototypes(embedder: Embedder) -> tuple[np.ndarray, list[int]]:
    """The prototype matrix for *embedder* and the slot index of each row (cached)."""
    key = f"{embedder.name}:{embedder.dim}"
    with _lock:
        got = _protos.get(key)
    if got is not None:
        return got
    texts: list[str] = []
    owner: list[int] = []
    for i, slot in enumerate(SLOTS):
        for p in slot.prototypes:
            texts.append(p)
            owner.append(i)
    mat = np.asarray(embedder.embed(texts), dtype=np.float32)
    with _lock:
        _protos[key] = (mat, owner)
    return mat, owner


def rank_slots(clauses: Sequence[str], embedder: Embedder) -> list[list[tuple[Slot, float]]]:
    """For each clause, its candidate slots with scores, best first."""
    if not clauses:
        return []
    protos, owner = _prototypes(embedder)
    vecs = np.asarray(embedder.embed(list(clauses)), dtype=np.float32)
    sims = vecs @ protos.T  # (clauses, prototypes)
    n_slots = len(SLOTS)
    out: list[list[tuple[Slot, float]]] = []
    owner_arr = np.asarray(owner)
    for row in sims:
        best = np.full(n_slots, -1.0, dtype=np.float32)
        np.maximum.at(best, owner_arr, row)
        top = float(best.max())
        cut = max(FLOOR, top - MARGIN)
        order = [int(i) for i in np.argsort(-best) if best[i] >= cut]
        out.append([(SLOTS[i], float(best[i])) for i in order])
    return out
