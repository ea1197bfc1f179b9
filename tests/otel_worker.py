"""Run recall, a promotion, a sleep cycle and an LLM call under the OTel SDK's in-memory exporters.

Prints the finished spans and metric points as JSON (tests/test_otel.py).
"""

from __future__ import annotations

import json
import shlex
import sys
from datetime import UTC, datetime

from opentelemetry import metrics, trace
from opentelemetry.sdk.metrics import MeterProvider
from opentelemetry.sdk.metrics.export import InMemoryMetricReader
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

spans = InMemorySpanExporter()
provider = TracerProvider()
provider.add_span_processor(SimpleSpanProcessor(spans))
trace.set_tracer_provider(provider)
reader = InMemoryMetricReader()
metrics.set_meter_provider(MeterProvider(metric_readers=[reader]))

from sleepstack.adapters.llm import load_llm  # noqa: E402
from sleepstack.api import Memory  # noqa: E402

home = sys.argv[1]
mem = Memory.init(home)
mem.log("u1", "s1", "user", "I moved to Porto last spring", at=datetime.now(UTC).isoformat())
mem.recall("where do I live?", "u1")
mem.sleep()
llm = load_llm("cmd:" + shlex.join([sys.executable, "-c", "print('an answer')"]))
llm.complete("a secret question about Porto")
data = reader.get_metrics_data()
points: dict[str, float] = {}
for rm in data.resource_metrics:
    for sm in rm.scope_metrics:
        for m in sm.metrics:
            for p in m.data.data_points:
                points[m.name] = points.get(m.name, 0.0) + float(
                    getattr(p, "value", None) or getattr(p, "count", 0))
print(json.dumps({
    "spans": [{"name": s.name, "parent": s.parent.span_id if s.parent else None,
               "id": s.context.span_id, "attrs": dict(s.attributes or {}),
               "ms": (s.end_time - s.start_time) / 1e6} for s in spans.get_finished_spans()],
    "metrics": points,
}, default=str))
