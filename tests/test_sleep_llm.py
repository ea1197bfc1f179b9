"""A cycle with an LLM configured: structured extraction, a token budget, spend reported."""

from __future__ import annotations

import sys
from pathlib import Path

from cycle_seed import log
from sleepstack.config import Config
from sleepstack.sleep.cycle import run_cycle
from sleepstack.store import Store

# A stand-in model: reads the prompt, answers with one fact citing the first turn id given.
FAKE_MODEL = r'''
import json, re, sys
prompt = sys.stdin.read()
ids = re.findall(r'"id": "([^"]+)"', prompt)
print(json.dumps({"facts": [{"subject": "user", "attribute": "favourite_colour",
    "value": "teal", "category": "preference", "confidence": 0.9,
    "text": "The user's favourite colour is teal.", "cites": ids[:1]}]}))
'''


def _store(tmp_path: Path, budget: int) -> tuple[Store, Config]:
    script = tmp_path / "fake_model.py"
    script.write_text(FAKE_MODEL)
    cfg = (f'[wake]\nembedder = "hash:64"\n[sleep]\nllm = "cmd:{sys.executable} {script}"\n'
           f"token_budget = {budget}\n")
    store = Store.init(tmp_path / "home", config_text=cfg)
    log(store, "alice", "a1", "My favourite colour is teal. I live in Oslo.",
        "2026-03-01T09:00:00Z")
    return store, Config.parse(cfg)


def test_llm_extraction_reports_what_it_spent(tmp_path: Path) -> None:
    store, config = _store(tmp_path, 100_000)
    summary = run_cycle(store, config)
    assert summary.llm["spec"].startswith("cmd:")
    assert summary.llm["budget"] == 100_000
    assert summary.llm["usage"]["calls"] == 1 and summary.llm["usage"]["total_tokens"] > 0
    assert summary.counts["facts_added"] == 1
    assert "teal" in store.read_text("user/alice/facts.jsonl")
    assert not summary.warnings
    stored = store.read_text(f"reports/{summary.cycle_id}.json")
    assert '"total_tokens"' in stored
    assert "tokens in" in store.read_text(f"reports/{summary.cycle_id}.html")


def test_budget_exceeded_falls_back_to_rules_and_says_so(tmp_path: Path) -> None:
    store, config = _store(tmp_path, 10)
    summary = run_cycle(store, config)
    assert summary.llm["usage"]["total_tokens"] > 10
    assert any("fell back to rules" in w for w in summary.warnings)
    # The rules still found what they could.
    assert "Oslo" in store.read_text("user/alice/facts.jsonl")
