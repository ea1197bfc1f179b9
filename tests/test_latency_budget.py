"""[retrieval]: the latency budget's lexical fallback, top_k and the results cache."""

from __future__ import annotations

import json
import time
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from conftest import run_cli
from sleepstack.adapters.embed import clear_embedder_cache, is_loaded
from sleepstack.api import Memory
from sleepstack.index.build import build_generation
from sleepstack.wake import budget as budget_mod
from sleepstack.wake.cache import results_cache
from sleepstack.wake.recall import DEFAULT_CONFIG, recall

NOW = datetime(2024, 6, 20, 12, 0, tzinfo=UTC)
TURNS = [
    ("s1", "user", "I adopted a tabby cat called Miso from the shelter"),
    ("s1", "assistant", "Congratulations! How is Miso settling in?"),
    ("s2", "user", "My sister Lena is getting married in Lisbon next spring"),
    ("s3", "user", "Booked violin lessons with a teacher named Ortiz"),
    ("s4", "user", "Went bouldering at the climbing gym with Sam"),
]


def _mem(tmp_path: Path, embedder: str = "hash:64") -> Memory:
    mem = Memory.init(tmp_path / "home")
    for n, (session, role, text) in enumerate(TURNS):
        mem.log("bo", session, role, text, at=(NOW - timedelta(days=9 - n)).isoformat(),
                id=f"B{n}")
    build_generation(mem.store, embedder=embedder)
    return mem


def test_budget_skips_an_unloaded_embedder_and_says_so(tmp_path: Path) -> None:
    mem = _mem(tmp_path, embedder="local:all-MiniLM-L6-v2")
    clear_embedder_cache()  # a model load does not fit in 5 ms
    cfg = replace(DEFAULT_CONFIG, max_latency_ms=5.0)
    ctx = recall(mem.store, "who teaches my violin lessons?", "bo", now=NOW, config=cfg)
    assert ctx.fallback == "latency" and "embed_load" in ctx.skipped
    assert ctx.to_dict()["fallback"] == "latency"
    assert not is_loaded("local:all-MiniLM-L6-v2")  # the model load was skipped, not paid
    assert any("B3" in it.cites for it in ctx.items)  # the lexical answer is still there
    # No budget: the full pipeline, no fallback key in the JSON.
    full = recall(mem.store, "who teaches my violin lessons?", "bo", now=NOW)
    assert full.fallback is None and "fallback" not in full.to_dict()


def test_budget_generous_enough_runs_everything(tmp_path: Path) -> None:
    mem = _mem(tmp_path)
    recall(mem.store, "warm up", "bo", now=NOW)
    cfg = replace(DEFAULT_CONFIG, max_latency_ms=60_000.0)
    ctx = recall(mem.store, "climbing with Sam", "bo", now=NOW, config=cfg)
    assert ctx.fallback is None and ctx.skipped == ()


def test_dense_stage_skipped_when_its_learnt_cost_does_not_fit(tmp_path: Path) -> None:
    mem = _mem(tmp_path)
    recall(mem.store, "warm up", "bo", now=NOW)  # the embedder is loaded
    old = dict(budget_mod._rates)
    try:
        budget_mod._rates["dense"] = 1.0  # as if the vectors cost 1 ms per component
        cfg = replace(DEFAULT_CONFIG, max_latency_ms=50.0)
        ctx = recall(mem.store, "the cat from the shelter", "bo", now=NOW, config=cfg)
        assert ctx.skipped == ("dense",) and ctx.fallback == "latency"
        assert any("B0" in it.cites for it in ctx.items)
    finally:
        budget_mod._rates.clear()
        budget_mod._rates.update(old)


def test_fallback_to_keywords_false_never_skips(tmp_path: Path) -> None:
    mem = _mem(tmp_path, embedder="local:all-MiniLM-L6-v2")
    clear_embedder_cache()
    cfg = replace(DEFAULT_CONFIG, max_latency_ms=0.001, fallback_to_keywords=False)
    ctx = recall(mem.store, "violin teacher", "bo", now=NOW, config=cfg)
    assert ctx.fallback is None


def test_top_k(tmp_path: Path) -> None:
    mem = _mem(tmp_path)
    ctx = recall(mem.store, "cat violin Lisbon climbing", "bo", now=NOW,
                 config=replace(DEFAULT_CONFIG, top_k=2))
    assert 1 <= len(ctx.items) <= 2
    assert ctx.ctx_tokens <= 1000


def test_cache_hits_and_is_invalidated_by_new_turns_and_generations(tmp_path: Path) -> None:
    mem = _mem(tmp_path)
    results_cache.clear()
    cfg = replace(DEFAULT_CONFIG, cache_ttl_s=60.0)
    first = recall(mem.store, "what pet did I adopt?", "bo", now=NOW, config=cfg)
    hits = results_cache.hits
    second = recall(mem.store, "what pet did I adopt?", "bo", now=NOW, config=cfg)
    assert results_cache.hits == hits + 1 and "cache" in second.timings_ms
    assert second.items == first.items
    # A new turn: the cached answer is stale.
    mem.log("bo", "s9", "user", "I adopted a second cat, a kitten named Udon",
            at=NOW.isoformat(), id="NEW1")
    third = recall(mem.store, "what pet did I adopt?", "bo", now=NOW, config=cfg)
    assert "cache" not in third.timings_ms
    assert any("NEW1" in it.cites for it in third.items)
    # A new generation: stale again.
    recall(mem.store, "what pet did I adopt?", "bo", now=NOW, config=cfg)
    build_generation(mem.store, embedder="hash:64")
    fourth = recall(mem.store, "what pet did I adopt?", "bo", now=NOW, config=cfg)
    assert "cache" not in fourth.timings_ms
    # Erasure must never be served from the cache.
    mem.forget(turns=["NEW1"], reason="test")
    fifth = recall(mem.store, "what pet did I adopt?", "bo", now=NOW, config=cfg)
    assert all("NEW1" not in it.cites for it in fifth.items)
    assert "Udon" not in fifth.context


def test_cache_ttl_and_off_by_default(tmp_path: Path) -> None:
    mem = _mem(tmp_path)
    results_cache.clear()
    hits = results_cache.hits
    recall(mem.store, "violin", "bo", now=NOW)
    recall(mem.store, "violin", "bo", now=NOW)
    assert results_cache.hits == hits  # default: no cache
    cfg = replace(DEFAULT_CONFIG, cache_ttl_s=0.2)
    recall(mem.store, "violin", "bo", now=NOW, config=cfg)
    time.sleep(0.3)
    again = recall(mem.store, "violin", "bo", now=NOW, config=cfg)
    assert "cache" not in again.timings_ms


def test_cache_keeps_users_apart(tmp_path: Path) -> None:
    mem = _mem(tmp_path)
    mem.log("zed", "z1", "user", "I adopted a parrot called Kiwi", at=NOW.isoformat(), id="Z1")
    results_cache.clear()
    cfg = replace(DEFAULT_CONFIG, cache_ttl_s=60.0)
    recall(mem.store, "what pet did I adopt?", "bo", now=NOW, config=cfg)
    other = recall(mem.store, "what pet did I adopt?", "zed", now=NOW, config=cfg)
    assert all(c.startswith("Z") for it in other.items for c in it.cites)


@pytest.mark.parametrize("budget", ["5"])
def test_cli_config_latency_budget(tmp_path: Path, budget: str) -> None:
    home = tmp_path / "home"
    assert run_cli("init", home=home).returncode == 0
    for n, (session, role, text) in enumerate(TURNS):
        r = run_cli("log", "--user", "bo", "--session", session, "--role", role,
                    "--at", (NOW - timedelta(days=9 - n)).isoformat(), "--id", f"B{n}", text,
                    home=home)
        assert r.returncode == 0, r.stderr
    assert run_cli("index", home=home).returncode == 0
    cfg = home / "sleepstack.toml"
    cfg.write_text(cfg.read_text() + f"\n[retrieval]\nmax_latency_ms = {budget}\n")
    r = run_cli("--json", "recall", "violin lessons", "--user", "bo", home=home)
    assert r.returncode == 0, r.stderr
    doc = json.loads(r.stdout)
    assert doc["fallback"] == "latency" and "embed_load" in doc["skipped"]
    assert any("B3" in it["cites"] for it in doc["items"])
    r = run_cli("recall", "violin lessons", "--user", "bo", home=home,
                env={"SLEEPSTACK_DEBUG": "1"})
    assert "fallback: latency" in r.stdout
    assert "retrieve_s=" in r.stderr and "fallback=latency" in r.stderr
