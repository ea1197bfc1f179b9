"""How near each candidate row of recall is to the slot a question asks for (see :mod:`.topic`).

The user's turns, facts and summaries are scored against the asked slot's
prototypes and rescaled to [0, 1]; the assistant's replies and documents tell
nothing about the user's own facts and get no topic. For a question about the
present, :func:`newest_first` ranks the newest turn about the slot first.
"""

from __future__ import annotations

import numpy as np

from ..index.rows import Row
from .pool import Pool
from .rescale import quantile
from .settings import RecallConfig
from .topic import ROW_FLOOR

__all__ = ["discloses", "newest_first", "topic_scores"]

#: speakers whose turns never tell the user's own facts
_NOT_OWNER = frozenset({"assistant", "tool", "system"})


def discloses(row: Row) -> bool:
    """Whether *row* may tell the user's own facts: not the assistant's reply, not a document.

    (The assistant's canned replies would even look like a job title by the
    speaker's name alone.)
    """
    if row.layer == "raw":
        return (row.role or "").lower() not in _NOT_OWNER
    return row.layer in ("fact", "note", "short_term")


def newest_first(pool: Pool, topic: dict[int, float], weight: float) -> dict[int, float]:
    """Per topical raw turn, *weight* times its place from oldest (0) to newest (1)."""
    turns = sorted((pool.rows[i].at_ts or 0.0, i) for i in topic if pool.rows[i].layer == "raw")
    if len(turns) < 2:
        return {}
    return {i: weight * k / (len(turns) - 1) for k, (_, i) in enumerate(turns)}


def topic_scores(pool: Pool, cands: set[int], cfg: RecallConfig) -> dict[int, float]:
    """Each candidate's topic on [0, 1]: 0 up to a floor, 1 for the nearest one.

    The floor is the candidates' *topic_floor_q* quantile, and at least *topic_min*;
    none is about the slot unless the nearest is at least :data:`ROW_FLOOR` near it
    (rescaled, the nearest of a few unrelated turns would count as fully on topic).
    """
    topic = pool.topic
    if topic is None:
        return {}
    got = {i: v for i in cands if discloses(pool.rows[i]) and not pool.hidden[i]
           and (v := pool.vector(i)) is not None}
    if not got:
        return {}
    idx = list(got)
    vecs = np.stack(list(got.values()))
    raw = topic.scores(vecs)
    top = float(raw.max())
    lo = max(cfg.topic_min, quantile(raw, cfg.topic_floor_q))
    if top < ROW_FLOOR or top <= lo:
        return {}
    norm = np.clip((raw - lo) / (top - lo), 0.0, 1.0)
    return {i: float(v) for i, v in zip(idx, norm, strict=True) if v > 0}
