"""``index``, ``recall`` and ``ask`` through the real CLI in a subprocess."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

from conftest import run_cli

ITEM_KEYS = ["text", "layer", "path", "cites", "score", "at", "valid_from", "valid_to",
             "trust", "current", "superseded_by", "flags"]
CONTEXT_KEYS = ["query", "user", "items", "context", "ctx_chars", "ctx_tokens", "timings_ms",
                "degraded"]


def _home(tmp_path: Path) -> Path:
    home = tmp_path / "home"
    assert run_cli("init", home=home).returncode == 0
    now = datetime.now(UTC)
    lines = [
        {"user": "cy", "session": "s1", "role": "user", "text": "I ran a half marathon in Oslo",
         "at": (now - timedelta(days=3)).isoformat(), "id": "C1"},
        {"user": "cy", "session": "s1", "role": "assistant", "text": "What was your time?",
         "at": (now - timedelta(days=3, minutes=-1)).isoformat(), "id": "C2"},
        {"user": "cy", "session": "s0", "role": "user", "text": "I bought a new bicycle",
         "at": (now - timedelta(days=40)).isoformat(), "id": "C0"},
    ]
    data = "".join(json.dumps(x) + "\n" for x in lines).encode()
    assert run_cli("import", "-", home=home, stdin=data).returncode == 0
    return home


def test_index_and_recall_json_shape(tmp_path: Path) -> None:
    home = _home(tmp_path)
    r = run_cli("--json", "index", home=home)
    assert r.returncode == 0, r.stderr
    info = json.loads(r.stdout)
    assert info["added"] == 3 and info["generation"] == 1
    r = run_cli("--json", "index", home=home)
    assert json.loads(r.stdout)["added"] == 0
    r = run_cli("log", "--user", "cy", "--session", "s2", "--role", "user", "--id", "C3",
                "I signed up for a triathlon", home=home)
    assert r.returncode == 0
    r = run_cli("recall", "triathlon", "--user", "cy", "--json", home=home)
    assert r.returncode == 0, r.stderr
    ctx = json.loads(r.stdout)
    assert list(ctx) == CONTEXT_KEYS
    assert ctx["items"] and all(list(it) == ITEM_KEYS for it in ctx["items"])
    assert list(ctx["timings_ms"]) == ["route", "retrieve", "assemble", "total"]
    assert ctx["items"][0]["cites"] == ["C3"] and ctx["degraded"] is False
    assert isinstance(ctx["ctx_tokens"], int) and ctx["ctx_tokens"] <= 1000
    r = run_cli("--json", "index", home=home)
    assert json.loads(r.stdout)["added"] == 1


def test_recall_human_output_and_budget(tmp_path: Path) -> None:
    home = _home(tmp_path)
    assert run_cli("index", home=home).returncode == 0
    # 60, not 40: the untrusted-data fence and the session label count against the budget.
    r = run_cli("recall", "what did I do last week", "--user", "cy", "--budget-tokens", "60",
                home=home)
    assert r.returncode == 0, r.stderr
    assert "half marathon" in r.stdout and "score" in r.stdout and "total" in r.stdout
    first_row = r.stdout.splitlines()[1]
    assert "C1" in first_row or "C2" in first_row
    r = run_cli("recall", "x", "--user", "cy", "--budget-tokens", "0", home=home)
    assert r.returncode == 2


def test_recall_degraded_without_index_and_missing_home(tmp_path: Path) -> None:
    home = _home(tmp_path)
    r = run_cli("--json", "recall", "bicycle", "--user", "cy", home=home)
    ctx = json.loads(r.stdout)
    assert r.returncode == 0 and ctx["degraded"] is True and ctx["items"][0]["cites"] == ["C0"]
    r = run_cli("recall", "bicycle", "--user", "cy", home=tmp_path / "nowhere")
    assert r.returncode == 3


def test_ask_extractive_cli(tmp_path: Path) -> None:
    home = _home(tmp_path)
    assert run_cli("index", home=home).returncode == 0
    r = run_cli("ask", "where did I run a half marathon?", "--user", "cy", home=home)
    assert r.returncode == 0 and "Oslo" in r.stdout and "C1" in r.stdout
    r = run_cli("--json", "ask", "where did I run?", "--user", "cy", "--llm", "none", home=home)
    body = json.loads(r.stdout)
    assert set(body) == {"text", "cites", "llm", "context", "timings_ms"} and body["llm"] == "none"
    r = run_cli("ask", "q", "--user", "cy", "--llm", "bogus:x", home=home)
    assert r.returncode == 2
