"""The cycle's LLM: built once per run in the process that does the work.

Phases that may call a model (extract, consolidate) share one :class:`Budget`
of tokens per cycle run, so the model and its budget live here, keyed by run.
"""

from __future__ import annotations

import threading
from typing import Any

from ...adapters.llm import Budget, load_llm

__all__ = ["cycle_llm"]

_LLM_LOCK = threading.Lock()
_LLMS: dict[str, tuple[Any, Any]] = {}


def cycle_llm(settings: dict[str, Any]) -> tuple[Any, Any]:
    """``(llm, budget)`` for this cycle, or ``(None, None)`` without an LLM."""
    spec = str(settings.get("llm") or "none").strip()
    if not spec or spec.lower() == "none":
        return None, None
    # Per run, not per cycle id: a dry run and the real run of one cycle each get a budget.
    cid = str(settings.get("run_id") or settings.get("cycle_id", ""))
    with _LLM_LOCK:
        if cid not in _LLMS:
            _LLMS.clear()  # one cycle at a time per process
            _LLMS[cid] = (load_llm(spec), Budget(settings.get("token_budget")))
        return _LLMS[cid]
