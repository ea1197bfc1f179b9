"""The local engine: threads and a process pool give the same cycle; the Engine protocol."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cycle_seed import CONFIG, make_store, seed
from sleepstack.config import Config
from sleepstack.engines import Engine, LocalEngine, get_engine
from sleepstack.errors import UsageError
from sleepstack.sleep.cycle import run_cycle
from sleepstack.store import Store


def test_process_pool_and_threads_agree(tmp_path: Path) -> None:
    store = make_store(tmp_path / "a")
    seed(store)
    shutil.copytree(tmp_path / "a", tmp_path / "b")
    config = Config.parse(CONFIG)
    pooled = LocalEngine(processes=2, process_threshold=0)
    threaded = LocalEngine()
    assert isinstance(pooled, Engine)
    one = run_cycle(store, config, engine=pooled)
    other_store = Store.open(tmp_path / "b")
    two = run_cycle(other_store, config, engine=threaded)
    assert pooled.modes["validate"] == "processes"
    assert threaded.modes["validate"] == "threads"
    assert one.cycle_id == two.cycle_id and one.counts == two.counts
    assert {p: store.read_bytes(p) for p in store.list("user")} == {
        p: other_store.read_bytes(p) for p in other_store.list("user")}


def test_engine_names() -> None:
    assert isinstance(get_engine("local"), LocalEngine)
    with pytest.raises(UsageError):
        get_engine("spark")
