"""The wake path's latency budget (``[retrieval] max_latency_ms``).

Recall is a pipeline of stages of very different cost: the lexical search
(FTS5, milliseconds) is always run; the query embedding (a model load on first
use, then milliseconds), the dense scoring over the user's vectors (linear in
their number) and the pseudo-relevance rescoring are *expensive* and optional.
Before each expensive stage recall asks :meth:`LatencyBudget.allows` whether
the time spent so far plus the stage's expected cost still fits; when it does
not, the stage is skipped, the answer is lexical only, and the Context says
``fallback: "latency"`` with the stages it skipped.

Expected costs are learnt in the process: an exponential moving average per
stage of the observed cost per unit of work (per query for the embedding, per
vector component for the dense product), seeded with conservative priors (a
model that is not loaded yet costs a load). A budget of 0 means no budget.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field

__all__ = ["LatencyBudget", "estimate_ms", "observe"]

#: ms per unit of work before anything was observed (deliberately pessimistic)
_PRIOR_MS: dict[str, float] = {
    "embed_load": 400.0,  # loading a local model (MiniLM: weights, tokenizer)
    "embed": 15.0,  # one query through a loaded model
    "dense": 2e-6,  # per vector component of a matrix-vector product (ms)
    "fresh_embed": 15.0,  # per batch of fresh rows embedded at query time
    "prf": 2e-6,  # rescoring: another dense product
    "topic_load": 600.0,  # embedding the slot prototypes once per process (wake/topic.py)
}
_ALPHA = 0.3
_rates: dict[str, float] = {}
_lock = threading.Lock()


def estimate_ms(stage: str, units: float = 1.0) -> float:
    """The expected cost of *units* of *stage*, in ms."""
    rate = _rates.get(stage, _PRIOR_MS.get(stage, 10.0))
    return rate * units


def observe(stage: str, ms: float, units: float = 1.0) -> None:
    """Record that *units* of *stage* took *ms* (updates the moving average)."""
    if units <= 0:
        return
    rate = ms / units
    with _lock:
        old = _rates.get(stage)
        _rates[stage] = rate if old is None else (1 - _ALPHA) * old + _ALPHA * rate


@dataclass
class LatencyBudget:
    """One recall's deadline, and what was left out to meet it."""

    max_ms: float = 0.0  # 0: unlimited
    fallback_to_keywords: bool = True
    start: float = field(default_factory=time.perf_counter)
    skipped: list[str] = field(default_factory=list)

    @property
    def limited(self) -> bool:
        """Whether there is a budget at all (and falling back is allowed)."""
        return self.max_ms > 0 and self.fallback_to_keywords

    def elapsed_ms(self) -> float:
        """Time spent since the recall started."""
        return (time.perf_counter() - self.start) * 1000.0

    def allows(self, stage: str, units: float = 1.0, *, extra_ms: float = 0.0) -> bool:
        """True when *stage* (plus *extra_ms* more) is expected to finish within the budget.

        A refused stage is recorded: the Context reports the fallback.
        """
        if not self.limited:
            return True
        if self.elapsed_ms() + estimate_ms(stage, units) + extra_ms <= self.max_ms:
            return True
        if stage not in self.skipped:
            self.skipped.append(stage)
        return False

    def timed(self, stage: str, t0: float, units: float = 1.0) -> None:
        """Record the cost of a stage that started at ``perf_counter()`` *t0*."""
        observe(stage, (time.perf_counter() - t0) * 1000.0, units)

    @property
    def fallback(self) -> str | None:
        """``"latency"`` when an expensive stage was skipped to meet the budget."""
        return "latency" if self.skipped else None
