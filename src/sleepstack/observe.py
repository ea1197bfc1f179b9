"""OpenTelemetry traces and metrics, when the ``otel`` extra is installed (a no-op otherwise).

sleepstack only talks to the OpenTelemetry *API*, and only once the process
has imported it (configuring an SDK does): otherwise, or with the package
absent, every call here costs a dictionary lookup. An
application, or ``opentelemetry-instrument``, installs the SDK and exporters.
What is emitted (tracer and meter ``sleepstack``):

* ``sleepstack.recall`` span with children ``route``, ``retrieve``, ``assemble``
  (built from recall's own stage timings, so the wake path gains no locks),
  attributes ``degraded``, ``fallback``, ``items``, ``ctx_tokens``; histogram
  ``sleepstack.recall.duration`` (ms);
* ``sleepstack.cycle`` span with one child per phase (its ``timings_s``);
  histogram ``sleepstack.cycle.phase.duration`` (s, attribute ``phase``);
* ``sleepstack.llm`` span per completion with ``llm.spec``, token counts;
  counter ``sleepstack.llm.tokens`` (attribute ``kind``: prompt | completion);
* ``sleepstack.store.apply`` span per audited mutation; counter
  ``sleepstack.store.writes`` (changes written).

No user text, query or memory content is ever put in an attribute.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

__all__ = ["cycle_done", "enabled", "llm_call", "recall_done", "store_write"]


def _api() -> tuple[Any, Any] | None:
    # Only when the process already imported OpenTelemetry: configuring an SDK (or
    # auto-instrumentation) imports it, and a process that never did has nothing to
    # export to; so a cold CLI call never pays the ~30 ms import of the API.
    if "opentelemetry" not in sys.modules:
        return None
    try:
        from opentelemetry import metrics, trace
    except ImportError:
        return None
    return trace, metrics


def enabled() -> bool:
    """Whether the OpenTelemetry API is importable."""
    return _api() is not None


@lru_cache(maxsize=1)
def _instruments() -> dict[str, Any]:
    api = _api()
    assert api is not None
    _, metrics = api
    meter = metrics.get_meter("sleepstack")
    return {
        "recall": meter.create_histogram("sleepstack.recall.duration", unit="ms"),
        "phase": meter.create_histogram("sleepstack.cycle.phase.duration", unit="s"),
        "tokens": meter.create_counter("sleepstack.llm.tokens", unit="{token}"),
        "writes": meter.create_counter("sleepstack.store.writes", unit="{change}"),
    }


def _tracer() -> Any:
    api = _api()
    assert api is not None
    return api[0].get_tracer("sleepstack")


def _sequence(name: str, start_ns: int, stages: Mapping[str, float], scale_ns: float,
              attrs: Mapping[str, Any], skip: tuple[str, ...] = ("total",)) -> None:
    """A parent span from *start_ns* with consecutive children of the given durations."""
    api = _api()
    assert api is not None
    trace = api[0]
    tracer = _tracer()
    total = stages.get("total")
    end_ns = start_ns + int((total if total is not None else sum(
        v for k, v in stages.items() if k not in skip)) * scale_ns)
    parent = tracer.start_span(name, start_time=start_ns, attributes=dict(attrs))
    ctx = trace.set_span_in_context(parent)
    at = start_ns
    for stage, value in stages.items():
        if stage in skip or not isinstance(value, int | float):
            continue
        child = tracer.start_span(stage, context=ctx, start_time=at)
        at += int(value * scale_ns)
        child.end(end_time=at)
    parent.end(end_time=max(end_ns, at))


def recall_done(timings_ms: Mapping[str, float], *, degraded: bool, fallback: str | None,
                items: int, ctx_tokens: int) -> None:
    """Report one recall (called with its timings once it is assembled)."""
    if _api() is None:
        return
    total = float(timings_ms.get("total", 0.0))
    start = time.time_ns() - int(total * 1e6)
    attrs = {"degraded": degraded, "fallback": fallback or "none", "items": items,
             "ctx_tokens": ctx_tokens}
    _sequence("sleepstack.recall", start, timings_ms, 1e6, attrs)
    _instruments()["recall"].record(total, {"degraded": degraded,
                                            "fallback": fallback or "none"})


def cycle_done(timings_s: Mapping[str, float], *, cycle_id: str, noop: bool,
               dry_run: bool) -> None:
    """Report one sleep cycle's phases."""
    if _api() is None:
        return
    total = float(timings_s.get("total", sum(timings_s.values())))
    start = time.time_ns() - int(total * 1e9)
    _sequence("sleepstack.cycle", start, timings_s, 1e9,
              {"cycle_id": cycle_id, "noop": noop, "dry_run": dry_run})
    hist = _instruments()["phase"]
    for phase, seconds in timings_s.items():
        if phase != "total":
            hist.record(float(seconds), {"phase": phase})


def llm_call(spec: str, prompt_tokens: int, completion_tokens: int, seconds: float) -> None:
    """Report one LLM completion and the tokens it cost."""
    if _api() is None:
        return
    end = time.time_ns()
    span = _tracer().start_span("sleepstack.llm", start_time=end - int(seconds * 1e9),
                                attributes={"llm.spec": spec,
                                            "llm.prompt_tokens": prompt_tokens,
                                            "llm.completion_tokens": completion_tokens})
    span.end(end_time=end)
    tokens = _instruments()["tokens"]
    tokens.add(prompt_tokens, {"kind": "prompt", "llm.spec": spec})
    tokens.add(completion_tokens, {"kind": "completion", "llm.spec": spec})


def store_write(changes: int, actor: str, seconds: float) -> None:
    """Report one audited store mutation."""
    if _api() is None:
        return
    end = time.time_ns()
    span = _tracer().start_span("sleepstack.store.apply", start_time=end - int(seconds * 1e9),
                                attributes={"changes": changes, "actor": actor})
    span.end(end_time=end)
    _instruments()["writes"].add(changes, {"actor": actor})
