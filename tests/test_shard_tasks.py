"""The shard build as engine work (issue #15), on moto's S3 server on 127.0.0.1.

* one work item per shard, fanned out on the engine (the local engine's
  thread pool; Flyte tasks in local mode), and both engines (and no engine)
  cut byte-identical shards from one generation;
* content-keyed: after one user writes, the engine is given the base and that
  user's shard only; the rest are reused from the manifest, and a reused
  object that was deleted from the store is cut again;
* a build killed in the shard phase (shards uploaded, manifest not) leaves the
  published manifest as it was, every shard it names in place; the next build
  publishes.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("moto")
pytest.importorskip("botocore")

from conftest import child_env
from shard_seed import AT, FACTS
from shard_seed import seed_shard_store as _seed
from sleepstack.engines import KILL_ENV, LocalEngine
from sleepstack.index import shard_reader, shard_tasks, shards
from sleepstack.index.build import build_generation
from sleepstack.index.location import current_generation, index_dir
from sleepstack.layers.rawlog import Turn
from sleepstack.plan import CycleState, Plan
from sleepstack.store import Store
from sleepstack.wake.log import append_turns
from sleepstack.wake.recall import recall


class SpyEngine:
    """A local engine (4 threads) that records the shard items each run is given."""

    name = "local"

    def __init__(self) -> None:
        self.inner = LocalEngine(concurrency=4, work_cache=False)
        self.runs: list[list[str]] = []

    def run(self, plan: Plan, state: CycleState) -> CycleState:
        if plan.names != ["shard"]:  # a cycle's other plans (phases, embedding) just run
            return self.inner.run(plan, state)
        self.runs.append(sorted(str(i["shard"]) for i in state.inputs["shard_items"]))
        out = self.inner.run(plan, state)
        assert self.inner.modes["shard"] == "threads"  # fanned out, not one after the other
        return out


def _generation(store: Store) -> Path:
    cur = current_generation(index_dir(store))
    assert cur is not None
    return cur[1]


def _all_names() -> set[str]:
    return {"base", *(shards.user_name(u) for u in FACTS), shards.topic_name("cooking")}


def test_each_shard_is_one_work_item_and_unchanged_shards_are_reused(
        bucket: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SLEEPSTACK_CACHE", str(tmp_path / "cache"))
    store = _seed(f"s3://{bucket}/reuse")
    spy = SpyEngine()
    build_generation(store, engine=spy)
    assert spy.runs == [sorted(_all_names())]
    first = shards.read_manifest(store)
    assert first is not None and set(first["shards"]) == _all_names()
    # Only bob writes: the engine cuts the base (it names the generation) and bob's shard.
    append_turns(store, [Turn("t-bob-new", "bob", "s2", "user", "my bike has a bell", AT)],
                 actor="test")
    build_generation(store, engine=spy)
    assert spy.runs[1] == sorted(["base", shards.user_name("bob")])
    second = shards.read_manifest(store)
    assert second is not None and second["generation"] > first["generation"]
    for name in _all_names() - {"base", shards.user_name("bob")}:
        assert second["shards"][name] == first["shards"][name]  # same object, not re-cut
    assert second["shards"][shards.user_name("bob")]["sha"] != \
        first["shards"][shards.user_name("bob")]["sha"]
    # A reused shard whose object has gone from the store is cut again, not trusted.
    gone = second["shards"][shards.user_name("carol")]["key"]
    store.fs.remove(gone)
    append_turns(store, [Turn("t-alice-new", "alice", "s2", "user", "my cat likes tuna", AT)],
                 actor="test")
    build_generation(store, engine=spy)
    assert spy.runs[2] == sorted(["base", shards.user_name("alice"), shards.user_name("carol")])
    third = shards.read_manifest(store)
    assert third is not None and store.fs.exists(third["shards"][shards.user_name("carol")]["key"])
    # A fresh replica reads what the reused shards hold.
    monkeypatch.setenv("SLEEPSTACK_CACHE", str(tmp_path / "replica"))
    shard_reader.forget_views()
    replica = Store.open(f"s3://{bucket}/reuse")
    assert "genmaicha" in recall(replica, "what is my favourite tea", "carol").context
    assert "bell" in recall(replica, "what does my bike have", "bob").context


def _cut(store: Store, gen: Path, engine: Any) -> dict[str, dict[str, Any]]:
    entries, stats = shard_tasks.build_entries(store.fs, gen, None, engine=engine)
    assert stats["built"] == len(entries) == len(_all_names()) and stats["reused"] == 0
    return entries


def test_both_engines_cut_byte_identical_shards(bucket: str, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("flyte")
    from sleepstack.engines.flyte import FlyteEngine

    monkeypatch.setenv("SLEEPSTACK_CACHE", str(tmp_path / "cache"))
    store = _seed(f"s3://{bucket}/engines")
    build_generation(store)
    gen = _generation(store)
    inline = _cut(store, gen, None)
    local = _cut(store, gen, LocalEngine(concurrency=4, work_cache=False))
    engine = FlyteEngine(cache_root=tmp_path / "flyte-cache", concurrency=4)
    flyte = _cut(store, gen, engine)
    assert engine.plan == "sleepstack.sleep.phases:default_plan"  # the caller's engine untouched
    assert set(inline) == _all_names()
    assert {n: e["sha"] for n, e in local.items()} == {n: e["sha"] for n, e in inline.items()}
    assert {n: e["sha"] for n, e in flyte.items()} == {n: e["sha"] for n, e in inline.items()}
    for entry in flyte.values():  # what the manifest would name is in the store, whole
        assert shards.sha256_hex(store.fs.read_bytes(entry["key"])) == entry["sha"]
    # Publishing on Flyte: the same generation again cuts nothing (every content key is
    # in the manifest); after carol writes, only the base and her shard are cut.
    number = int(gen.stem.split("-")[1])
    same = shards.publish_shards(store, gen, number, engine=FlyteEngine(
        cache_root=tmp_path / "flyte-cache"))
    assert same["build"]["engine"] is None and same["build"]["built"] == 0  # no run at all
    append_turns(store, [Turn("t-carol-new", "carol", "s2", "user", "I drink it cold", AT)],
                 actor="test")
    shards.set_enabled(False)  # build the generation only: it is published below, on Flyte
    try:
        build_generation(store)
    finally:
        shards.set_enabled(True)
    published = shards.publish_shards(store, _generation(store), number + 1, engine=FlyteEngine(
        cache_root=tmp_path / "flyte-cache"))
    assert published["build"]["engine"] == "flyte" and published["build"]["built"] == 2
    changed = {n for n, e in published["shards"].items() if e != same["shards"][n]}
    assert changed == {"base", shards.user_name("carol")}


_KILLED_IN_SHARD_PHASE = """
import os, sys
from sleepstack import environment
environment.install(os.environ)
from sleepstack.index.build import build_generation
from sleepstack.store import Store
build_generation(Store.open(sys.argv[1]))
"""


def test_a_build_killed_while_cutting_shards_leaves_the_manifest_as_it_was(
        bucket: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"s3://{bucket}/kill"
    monkeypatch.setenv("SLEEPSTACK_CACHE", str(tmp_path / "builder"))
    store = _seed(url)
    build_generation(store)
    before = shards.read_manifest(store)
    assert before is not None
    append_turns(store, [Turn("t-alice-dog", "alice", "s2", "user", "my dog is called Biscuit",
                              AT)], actor="test")
    store.fs.close()  # type: ignore[attr-defined]
    env = {**child_env(), "SLEEPSTACK_CACHE": str(tmp_path / "child"), KILL_ENV: "shard"}
    out = subprocess.run([sys.executable, "-c", _KILLED_IN_SHARD_PHASE, url], env=env,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == -9, out.stderr
    store = Store.open(url)
    after = shards.read_manifest(store)
    assert after == before  # killed after the uploads, before the manifest: nothing published
    named = {e["key"] for e in after["shards"].values()}
    assert set(store.fs.list(f"{shards.SHARD_DIR}/shards")) > named  # the child's, orphaned
    for entry in after["shards"].values():
        assert shards.sha256_hex(store.fs.read_bytes(entry["key"])) == entry["sha"]
    build_generation(store)
    again = shards.read_manifest(store)
    assert again is not None and again["generation"] > before["generation"]
    monkeypatch.setenv("SLEEPSTACK_CACHE", str(tmp_path / "replica"))
    shard_reader.forget_views()
    ctx = recall(Store.open(url), "what is my dog called", "alice")
    assert "Biscuit" in ctx.context and not ctx.degraded


def test_the_cycle_cuts_the_shards_on_its_engine(bucket: str, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    from sleepstack.config import Config
    from sleepstack.sleep.cycle import run_cycle

    monkeypatch.setenv("SLEEPSTACK_CACHE", str(tmp_path / "cache"))
    store = _seed(f"s3://{bucket}/cycle")
    spy = SpyEngine()
    out = run_cycle(store, Config.parse('[wake]\nembedder = "hash:64"\n'), engine=spy,
                    now="2024-03-02T09:00:00Z")
    assert out.index is not None and "error" not in out.index, out.index
    assert spy.runs == [sorted(_all_names())]
    manifest = shards.read_manifest(store)
    assert manifest is not None and set(manifest["shards"]) >= _all_names()


def test_an_engine_cached_entry_whose_object_is_gone_is_cut_again(
        bucket: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SLEEPSTACK_CACHE", str(tmp_path / "cache"))
    store = _seed(f"s3://{bucket}/stale")
    shards.set_enabled(False)  # the generation only: its shards are cut below
    try:
        build_generation(store)
    finally:
        shards.set_enabled(True)
    gen = _generation(store)
    engine = LocalEngine(concurrency=4, work_cache_dir=tmp_path / "work")
    first, stats = shard_tasks.build_entries(store.fs, gen, None, engine=engine)
    assert stats["recut"] == 0
    gone = first[shards.user_name("alice")]["key"]
    store.fs.remove(gone)
    cut: list[str] = []
    real = shard_tasks.shard_work

    def counted(item: dict[str, Any], settings: dict[str, Any]) -> dict[str, Any]:
        cut.append(str(item["shard"]))
        return real(item, settings)

    monkeypatch.setattr(shard_tasks, "shard_work", counted)
    engine = LocalEngine(concurrency=4, work_cache_dir=tmp_path / "work")
    again, stats = shard_tasks.build_entries(store.fs, gen, None, engine=engine)
    # The engine served every entry from its cache; the one whose object was gone was cut again.
    assert cut == [shards.user_name("alice")]
    assert stats["recut"] == 1 and again == first
    assert shards.sha256_hex(store.fs.read_bytes(gone)) == first[shards.user_name("alice")]["sha"]
