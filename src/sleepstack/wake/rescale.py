"""Score rescaling for recall: ranks, a quantile, and a linear map onto [0, 1].

Shared by :mod:`.recall` (lexical and dense scores) and :mod:`.topic_rank` (topic scores).
"""

from __future__ import annotations

import math

import numpy as np

from ..index.vectors import F32

__all__ = ["quantile", "ranks", "rescaled"]


def ranks(values: F32, mask: np.ndarray, top: int) -> dict[int, int]:
    """The 1-based rank of each of the *top* best rows in *mask*, best first (row -> rank)."""
    idx = np.flatnonzero(mask)
    if idx.size == 0:
        return {}
    vals = values[idx]
    if idx.size > top:
        part = np.argpartition(-vals, top - 1)[:top]
        idx, vals = idx[part], vals[part]
    order = idx[np.argsort(-vals, kind="stable")]
    return {int(i): r for r, i in enumerate(order, start=1)}


def quantile(vals: F32, q: float) -> float:
    """``np.quantile(vals, q)`` (linear interpolation) without importing numpy.ma (~50 ms cold)."""
    pos = q * (vals.size - 1)
    lo, hi = math.floor(pos), math.ceil(pos)
    part = np.partition(vals, [lo, hi])
    return float(part[lo] + (part[hi] - part[lo]) * (pos - lo))


def rescaled(values: F32, mask: np.ndarray, floor_q: float) -> F32:
    """Scores rescaled to [0, 1]: 0 at the *floor_q* quantile of the visible rows, 1 at the best."""
    out = np.zeros_like(values)
    idx = np.flatnonzero(mask)
    if idx.size == 0:
        return out
    vals = values[idx]
    lo = quantile(vals, floor_q) if floor_q > 0 else 0.0
    hi = float(vals.max())
    if hi > lo:
        out[idx] = np.clip((vals - lo) / (hi - lo), 0.0, 1.0)
    return out
