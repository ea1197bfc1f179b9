"""The otel extra: spans and metrics for recall stages, cycle phases, LLM calls, store writes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from sleepstack import observe

pytest.importorskip("opentelemetry.sdk", reason="the otel extra (opentelemetry-sdk) is absent")

HERE = Path(__file__).resolve().parent


def test_spans_and_metrics_under_the_sdk(tmp_path: Path) -> None:
    r = subprocess.run([sys.executable, str(HERE / "otel_worker.py"), str(tmp_path / "h")],
                       capture_output=True, text=True, timeout=300, check=False)
    assert r.returncode == 0, r.stderr
    doc = json.loads(r.stdout.strip().splitlines()[-1])
    spans = doc["spans"]
    by_name: dict[str, list[dict[str, object]]] = {}
    for s in spans:
        by_name.setdefault(str(s["name"]), []).append(s)
    rec = by_name["sleepstack.recall"][0]
    children = {s["name"] for s in spans if s["parent"] == rec["id"]}
    assert {"route", "retrieve", "assemble"} <= children
    assert rec["attrs"]["degraded"] in (True, False) and "ctx_tokens" in rec["attrs"]
    cyc = by_name["sleepstack.cycle"][0]
    phases = {s["name"] for s in spans if s["parent"] == cyc["id"]}
    assert "snapshot" in phases and len(phases) >= 3
    llm = by_name["sleepstack.llm"][-1]
    assert llm["attrs"]["llm.prompt_tokens"] > 0 and llm["attrs"]["llm.completion_tokens"] > 0
    assert by_name["sleepstack.store.apply"]
    m = doc["metrics"]
    for name in ("sleepstack.recall.duration", "sleepstack.cycle.phase.duration",
                 "sleepstack.llm.tokens", "sleepstack.store.writes"):
        assert m.get(name, 0) > 0, name
    # No content in attributes: neither the turn nor the question nor the prompt.
    blob = json.dumps([s["attrs"] for s in spans])
    assert "Porto" not in blob and "where do I live" not in blob


def test_no_op_without_the_api_loaded() -> None:
    code = ("import sys; from sleepstack import observe; "
            "observe.recall_done({'total': 1.0}, degraded=False, fallback=None, items=0,"
            " ctx_tokens=0); observe.store_write(1, 'a', 0.1); "
            "print('opentelemetry' in sys.modules)")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       timeout=60, check=True)
    assert r.stdout.strip() == "False"  # never imported by sleepstack itself
    assert observe.enabled() in (True, False)
