"""The shard cut on the local engine's process pool (issue #15), on moto S3.

A local engine given ``processes`` (``[sleep] processes``) cuts shards in
worker processes, though a shard item is only a few bytes of JSON (the
engine's payload threshold is waived for the shard plan: index/shard_tasks.py).
The workers open the store themselves and cut the same bytes as threads and
as no engine at all; without processes the engine keeps its thread pool.
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("moto")
pytest.importorskip("botocore")

from shard_seed import seed_shard_store as _seed
from sleepstack.engines import LocalEngine
from sleepstack.index import shard_tasks, shards
from sleepstack.index.build import build_generation
from sleepstack.index.location import current_generation, index_dir


def test_a_process_pool_cuts_the_same_shards(bucket: str, tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SLEEPSTACK_CACHE", str(tmp_path / "cache"))
    store = _seed(f"s3://{bucket}/procs")
    shards.set_enabled(False)  # the generation only: its shards are cut below
    try:
        build_generation(store)
    finally:
        shards.set_enabled(True)
    cur = current_generation(index_dir(store))
    assert cur is not None
    inline, stats = shard_tasks.build_entries(store.fs, cur[1], None)
    assert stats["mode"] is None  # no engine: one after the other, here
    threads, stats = shard_tasks.build_entries(
        store.fs, cur[1], None, engine=LocalEngine(concurrency=2, work_cache=False))
    assert stats["mode"] == "threads"
    engine = LocalEngine(concurrency=2, processes=2, work_cache=False)
    procs, stats = shard_tasks.build_entries(store.fs, cur[1], None, engine=engine)
    assert stats["mode"] == "processes", stats  # not the thread pool, not its fallback
    assert engine.process_threshold > 0  # the caller's engine is left as it was
    assert {n: e["sha"] for n, e in procs.items()} == {n: e["sha"] for n, e in inline.items()}
    assert {n: e["sha"] for n, e in threads.items()} == {n: e["sha"] for n, e in inline.items()}
    for entry in procs.values():
        assert shards.sha256_hex(store.fs.read_bytes(entry["key"])) == entry["sha"]
