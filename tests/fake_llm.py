"""A counting ``cmd:`` LLM for sleep-cycle tests: extracts "I live in X" as JSON facts.

Each call appends a line to ``$FAKE_LLM_COUNT``, so tests can assert how much
LLM work a cycle did (cache hits make none); ``$FAKE_LLM_FAIL`` makes it fail.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from sleepstack.config import Config
from sleepstack.store import Store

SCRIPT = r'''
import json, os, re, sys
prompt = sys.stdin.read()
with open(os.environ["FAKE_LLM_COUNT"], "a") as f:
    f.write("call\n")
if os.environ.get("FAKE_LLM_FAIL"):
    sys.exit(3)
m = re.search(r"<<<TURNS\n(.*?)\nTURNS>>>", prompt, re.S)
out = []
for line in (m.group(1).splitlines() if m else []):
    t = json.loads(line)
    hit = re.search(r"I live in ([A-Z][a-z]+)", t["text"]) if t.get("role") == "user" else None
    if hit:
        out.append({"subject": "user", "attribute": "lives_in", "value": hit.group(1),
                    "category": "personal", "confidence": 0.9, "cites": [t["id"]],
                    "text": f"The user lives in {hit.group(1)}."})
print(json.dumps(out))
'''


def install(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[str, Path]:
    """Write the script and its call counter; returns (config text, counter path)."""
    script = tmp / "fake_llm.py"
    script.write_text(SCRIPT)
    count = tmp / "llm-calls.txt"
    count.write_text("")
    monkeypatch.setenv("FAKE_LLM_COUNT", str(count))
    return config_for(script), count


def config_for(script: Path) -> str:
    """A store config whose sleep cycles use *script* as their LLM (and a fast embedder)."""
    return f'[wake]\nembedder = "hash:64"\n\n[sleep]\nllm = "cmd:{sys.executable} {script}"\n'


def llm_store(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Store, Config, Path]:
    """A seeded store (alice and bob) whose cycles use the fake LLM; and its call counter."""
    from cycle_seed import seed

    config_text, count = install(tmp, monkeypatch)
    store = Store.init(tmp / "home", config_text=config_text)
    seed(store)
    return store, Config.parse(config_text), count


def calls(count: Path) -> int:
    """How many times the fake LLM was called."""
    return len(count.read_text().splitlines())
