"""The local engine's work cache: reruns make no LLM calls, changes miss, degraded isn't kept.

LLM work is counted through a ``cmd:`` model that appends a line to a file per
call (as in ``test_flyte_engine.py``). Every test places its caches in its own
temporary directory (the temp dir itself is redirected for dry runs).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import fake_llm
from cycle_seed import log
from sleepstack.config import Config
from sleepstack.engines import LocalEngine
from sleepstack.engines.local import WorkCache, work_cache_dir, work_key
from sleepstack.plan import CycleState, Item, Phase, Plan, Result
from sleepstack.sleep.cycle import run_cycle
from sleepstack.store import Store

NOW = "2026-01-06T08:00:00Z"


@pytest.fixture
def llm_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Store, Config, Path]:
    return fake_llm.llm_store(tmp_path, monkeypatch)


_calls = fake_llm.calls


def test_rerun_makes_no_llm_calls_and_a_changed_user_alone_misses(
        llm_store: tuple[Store, Config, Path]) -> None:
    store, config, count = llm_store
    engine = LocalEngine()
    before = {p: store.read_bytes(p) for p in store.list("")}
    first = run_cycle(store, config, engine=engine, dry_run=True, now=NOW)
    assert _calls(count) == 2  # one extraction per user (alice, bob)
    assert engine.cache_stats["stored"] >= 2 and engine.cache_stats["hits"] == 0
    # A dry run changes no memory; its derived cache lives beside the index.
    assert engine.cache_path == Path(str(store.fs.local_path())) / "cache" / "work"
    assert {p: store.read_bytes(p) for p in store.list("")} == before
    # The same inputs again (another run id): no LLM work at all, the same changes.
    again = run_cycle(store, config, engine=LocalEngine(), dry_run=True, now=NOW)
    assert _calls(count) == 2
    assert again.counts == first.counts and again.changed == first.changed
    # One user's new turn: a new cycle id, but only bob's extraction runs again.
    log(store, "bob", "b9", "I live in Oslo.", "2026-01-05T11:00:00Z")
    changed = LocalEngine()
    out = run_cycle(store, config, engine=changed, dry_run=True, now=NOW)
    assert out.cycle_id != first.cycle_id
    assert _calls(count) == 3
    assert out.counts["facts_added"] == first.counts["facts_added"] + 1
    # The real cycle reads what the dry run computed, and keeps its own cache in the home.
    real = LocalEngine()
    done = run_cycle(store, config, engine=real, now=NOW)
    assert _calls(count) == 3 and real.cache_stats["misses"] == 0
    assert done.counts == out.counts
    assert real.cache_path == Path(str(store.fs.local_path())) / "cache" / "work"


def test_a_changed_setting_misses(llm_store: tuple[Store, Config, Path],
                                  tmp_path: Path) -> None:
    store, config, count = llm_store
    run_cycle(store, config, engine=LocalEngine(), dry_run=True, now=NOW)
    assert _calls(count) == 2
    other = tmp_path / "other_llm.py"  # the same model under another spec
    other.write_text(fake_llm.SCRIPT)
    run_cycle(store, Config.parse(fake_llm.config_for(other)), engine=LocalEngine(), dry_run=True,
              now=NOW)
    assert _calls(count) == 4
    budget = Config.parse(fake_llm.config_for(other) + "token_budget = 123456\n")
    run_cycle(store, budget, engine=LocalEngine(), dry_run=True, now=NOW)
    assert _calls(count) == 6


def test_a_degraded_result_is_not_cached(llm_store: tuple[Store, Config, Path],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    store, config, count = llm_store
    monkeypatch.setenv("FAKE_LLM_FAIL", "1")
    engine = LocalEngine()
    out = run_cycle(store, config, engine=engine, dry_run=True, now=NOW)
    spent = _calls(count)
    assert spent >= 2
    assert any("fell back to rules" in w for w in out.warnings)
    assert engine.cache_stats["not_stored"] >= 2
    # The model is back: the fallback results were not kept, so extraction runs again.
    monkeypatch.delenv("FAKE_LLM_FAIL")
    again = run_cycle(store, config, engine=LocalEngine(), dry_run=True, now=NOW)
    assert _calls(count) == spent + 2
    assert not any("fell back" in w for w in again.warnings)


CALLS: list[str] = []


def _split(state: CycleState) -> list[Item]:
    return [{"n": n} for n in state.inputs["ns"]]


def _work(item: Item, settings: dict[str, Any]) -> Result:
    CALLS.append(str(item["n"]))
    bad = item["n"] % 2 == 1
    return {"n": item["n"] * settings["factor"], "warnings": ["fell back"] if bad else []}


def _merge(state: CycleState, results: list[Result]) -> None:
    state.details["out"] = [{"n": r["n"]} for r in results]


def _state(ns: list[int], factor: int = 3) -> CycleState:
    return CycleState(home="memory://nowhere", cycle_id="c", key="k", now=NOW, dry_run=True,
                      settings={"factor": factor, "code": "x", "run_id": "r"},
                      inputs={"ns": ns})


def test_custom_phase_keys_hits_and_degraded_results(tmp_path: Path) -> None:
    plan = Plan((Phase("square", _split, _work, _merge, uses_llm=True),))
    CALLS.clear()
    engine = LocalEngine(work_cache_dir=tmp_path / "wc")
    st = engine.run(plan, _state([1, 2, 4]))
    assert st.details["out"] == [{"n": 3}, {"n": 6}, {"n": 12}]
    assert engine.cache_stats == {"hits": 0, "misses": 3, "stored": 2, "not_stored": 1}
    st = engine.run(plan, _state([1, 2, 4]))
    assert st.details["out"] == [{"n": 3}, {"n": 6}, {"n": 12}]  # order kept
    assert engine.cache_stats == {"hits": 2, "misses": 1, "stored": 0, "not_stored": 1}
    assert sorted(CALLS) == ["1", "1", "2", "4"]
    engine.run(plan, _state([2], factor=5))  # an unknown phase is keyed on every setting
    assert engine.cache_stats["misses"] == 1
    # One file per key, two-level fan-out, nothing left half-written.
    settings = {**_state([]).settings, "cycle_id": "c", "now": NOW}  # as the engine adds
    key = work_key("square", {"n": 2}, settings)
    path = WorkCache(tmp_path / "wc").path(key)
    assert path.parent.parent.parent == tmp_path / "wc" and path.is_file()
    assert json.loads(path.read_text())["result"]["n"] == 6
    assert not list((tmp_path / "wc").rglob(".tmp-*"))
    # A corrupt entry is a miss, and is replaced.
    path.write_text("{not json")
    engine.run(plan, _state([2]))
    assert engine.cache_stats["misses"] == 1 and json.loads(path.read_text())["key"] == key
    # Off is off.
    off = LocalEngine(work_cache=False)
    off.run(plan, _state([2]))
    assert off.cache_path is None and off.cache_stats["hits"] == 0


def test_where_the_cache_lives(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    assert work_cache_dir({"work_cache_dir": str(tmp_path / "x")}) == tmp_path / "x"
    assert work_cache_dir({"cache_dir": str(home / "cache" / "consolidate")}, str(home)) \
        == home / "cache" / "work"
    assert work_cache_dir({"cache_dir": None}, str(home)) == home / "cache" / "work"
    assert work_cache_dir({"cache_dir": None}, "memory://store") is None
    assert work_cache_dir({}, "s3://bucket/prefix") is None
