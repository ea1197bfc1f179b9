"""A build of a state the store already published is skipped, on moto S3 (issue #15).

The manifest records what it was built from (the audit log's tail, the
embedder, width, vectors, schema, shard format, code: index/built_from.py).
A later build, in this process or a fresh one with an empty cache, skips the
build and makes no write to the derived area when the store is still in that
state; any change to what the index reads (a raw-log turn, a trusted file, a
reference document, the embedder, the schema) builds and publishes again.
Requests are counted at the S3 backend's one entry point (``S3FS._call``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("moto")
pytest.importorskip("botocore")

from conftest import run_cli, s3_snapshot
from cycle_seed import CONFIG as CYCLE_CONFIG
from cycle_seed import log, seed
from shard_seed import AT
from shard_seed import seed_shard_store as _seed
from sleepstack.config import Config
from sleepstack.errors import LockHeldError
from sleepstack.index import built_from, shard_reader, shards
from sleepstack.index.build import build_generation, plan_embedding
from sleepstack.layers.rawlog import Turn
from sleepstack.sleep.cycle import run_cycle
from sleepstack.store import Store
from sleepstack.store.s3 import S3FS
from sleepstack.wake.log import append_turns

_WRITES = ("put_object", "delete_object", "delete_objects", "copy_object",
           "create_multipart_upload", "upload_part", "complete_multipart_upload")


@pytest.fixture
def derived_writes(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, str]]]:
    """Every write request to a ``derived/`` key, as ``(operation, key)``."""
    seen: list[tuple[str, str]] = []
    real = S3FS._call

    def counting(self: S3FS, op: str, **kwargs: Any) -> dict[str, Any]:
        key = str(kwargs.get("Key", ""))
        if op in _WRITES and "/derived/" in f"/{key}":
            seen.append((op, key))
        return real(self, op, **kwargs)

    monkeypatch.setattr(S3FS, "_call", counting)
    yield seen


def _fresh(url: str, cache: Path, monkeypatch: pytest.MonkeyPatch) -> Store:
    """Another process's view: a new handle on the store and an empty local cache."""
    monkeypatch.setenv("SLEEPSTACK_CACHE", str(cache))
    shard_reader.forget_views()
    return Store(S3FS(url, lease_linger=0))


def _derived(client: Any, bucket: str) -> dict[str, bytes]:
    return {k: v for k, v in s3_snapshot(client, bucket).items() if "/derived/" in k}


def test_an_unchanged_store_is_not_rebuilt_by_a_fresh_process(
        bucket: str, client: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        derived_writes: list[tuple[str, str]]) -> None:
    url = f"s3://{bucket}/skip"
    monkeypatch.setenv("SLEEPSTACK_CACHE", str(tmp_path / "builder"))
    first = build_generation(_seed(url))
    assert first.published and not first.skipped
    assert derived_writes, "the first build published nothing"
    manifest = shards.read_manifest(Store(S3FS(url, lease_linger=0)))
    assert manifest is not None and manifest["built_from"]["head"]["seq"] > 0
    before = _derived(client, bucket)

    derived_writes.clear()
    info = build_generation(_fresh(url, tmp_path / "replica", monkeypatch))
    assert info.skipped and not info.published, info.to_dict()
    assert info.generation == first.generation and info.items == first.items
    assert derived_writes == []
    assert _derived(client, bucket) == before
    # Nothing was built either: the fresh process's cache holds no generation.
    assert not list((tmp_path / "replica").rglob("gen-*.sqlite"))


def _turn(store: Store) -> None:
    append_turns(store, [Turn("t-new", "alice", "s9", "user", "my dog is called Rex", AT)],
                 actor="test")


def _trusted(store: Store) -> None:
    store.write_text("user/bob/SHORT_TERM.md", "# Short term\n\nBob repaints his bike.\n",
                     actor="test", reason="a trusted file")


def _doc(store: Store) -> None:
    store.put_document("memory/topics/cooking/rice.md", "# Rice\n\nRinse the rice first.\n",
                       actor="test", reason="a reference document")


@pytest.mark.parametrize("change", [_turn, _trusted, _doc], ids=["turn", "trusted", "doc"])
def test_any_change_to_what_the_index_reads_republishes(
        bucket: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        derived_writes: list[tuple[str, str]], change: Callable[[Store], None]) -> None:
    url = f"s3://{bucket}/change"
    monkeypatch.setenv("SLEEPSTACK_CACHE", str(tmp_path / "builder"))
    store = _seed(url)
    build_generation(store)
    old = shards.read_manifest(store)
    assert old is not None
    change(store)
    derived_writes.clear()
    info = build_generation(_fresh(url, tmp_path / "replica", monkeypatch))
    assert info.published and not info.skipped, info.to_dict()
    assert ("put_object", f"change/{shards.MANIFEST}") in derived_writes
    new = shards.read_manifest(store)
    assert new is not None and new["built_from"]["head"] != old["built_from"]["head"]
    assert new["shards"] != old["shards"]  # the changed shards were uploaded


def test_another_embedder_or_schema_is_never_skipped(
        bucket: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        derived_writes: list[tuple[str, str]]) -> None:
    url = f"s3://{bucket}/spec"
    monkeypatch.setenv("SLEEPSTACK_CACHE", str(tmp_path / "builder"))
    store = _seed(url)
    build_generation(store)
    other = build_generation(store, embedder="hash:32")  # the audit log did not move
    assert other.published and not other.skipped
    manifest = shards.read_manifest(store)
    assert manifest is not None and manifest["embedder"] == "hash:32"
    assert manifest["built_from"]["embedder"] == "hash:32"
    assert build_generation(store, embedder="hash:32").skipped
    # The config is outside the audited tree: a new vector type there is seen all the same.
    with store.fs.lock():
        store.fs.write_atomic("sleepstack.toml",
                              b'[wake]\nembedder = "hash:32"\n\n[index]\nvectors = "float32"\n')
    assert not build_generation(_fresh(url, tmp_path / "r2", monkeypatch)).skipped
    manifest = shards.read_manifest(store)
    assert manifest is not None and manifest["built_from"]["vectors"] == "float32"
    # A new schema (or new row code) means other rows: built again, not skipped.
    monkeypatch.setattr(built_from, "SCHEMA_VERSION", "test-next")
    derived_writes.clear()
    again = build_generation(store, embedder="hash:32")
    assert not again.skipped and derived_writes
    assert build_generation(store, embedder="hash:32").skipped
    monkeypatch.setattr(built_from, "index_code", lambda: "0.1.0+other-row-code")
    assert not build_generation(store, embedder="hash:32").skipped
    # --full is never skipped either.
    assert not build_generation(store, embedder="hash:32", full=True).skipped


def _cycle_store(url: str) -> Store:
    fs = S3FS(url, lease_linger=0)
    with fs.lock():
        fs.write_atomic("sleepstack.toml", CYCLE_CONFIG.encode())
    store = Store(fs)
    seed(store)
    return store


def test_a_noop_cycle_skips_the_index_and_a_change_republishes(
        bucket: str, client: Any, aws_env: dict[str, str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch, derived_writes: list[tuple[str, str]]) -> None:
    url = f"s3://{bucket}/cyc"
    monkeypatch.setenv("SLEEPSTACK_CACHE", str(tmp_path / "driver"))
    store = _cycle_store(url)
    config = Config.parse(CYCLE_CONFIG)
    first = run_cycle(store, config)
    assert not first.noop and first.index and first.index.get("published"), first.index
    before = _derived(client, bucket)

    # (Real time throughout: the CLI's cycle runs now, and a new day is not a no-op.)
    # A no-op cycle in this process: nothing built, nothing written to derived/.
    derived_writes.clear()
    again = run_cycle(store, config)
    assert again.noop and again.index and again.index.get("skipped"), again.index
    assert derived_writes == []

    # A no-op cycle in a fresh process (the CLI, its own empty cache): skipped too.
    env = {**aws_env, "SLEEPSTACK_CACHE": str(tmp_path / "cli-cache")}
    r = run_cli("sleep", "--json", home=url, env=env, timeout=240)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["noop"] and out["index"].get("skipped"), out["index"]
    assert _derived(client, bucket) == before
    assert not list((tmp_path / "cli-cache").rglob("gen-*.sqlite"))
    r = run_cli("index", home=url, env=env)  # `sleepstack index` says so too
    assert r.returncode == 0 and "skipped" in r.stdout, (r.stdout, r.stderr)
    assert _derived(client, bucket) == before

    # A turn logged since: the next cycle builds and publishes.
    log(store, "bob", "b2", "I moved to Hamburg.", "2026-01-05T11:00:00Z")
    derived_writes.clear()
    third = run_cycle(store, config)
    assert third.index and third.index.get("published") and not third.index.get("skipped")
    assert ("put_object", f"cyc/{shards.MANIFEST}") in derived_writes


def test_a_fresh_builder_continues_from_the_published_shards(
        bucket: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"s3://{bucket}/seeded"
    monkeypatch.setenv("SLEEPSTACK_CACHE", str(tmp_path / "builder"))
    store = _seed(url)
    first = build_generation(store)
    _turn(store)
    # The cycle's embedding plan on a fresh pod lists the new turn's text alone.
    items = plan_embedding(_fresh(url, tmp_path / "pod-plan", monkeypatch))
    assert [t for i in items for t in i["texts"]] == ["user: my dog is called Rex"], items
    # A fresh pod: its empty cache starts from the published shards, and only the new
    # turn is read and embedded (not the whole store again).
    info = build_generation(_fresh(url, tmp_path / "pod", monkeypatch))
    assert info.published and info.added == 1 and info.unchanged == first.items, info.to_dict()
    pod = shards.read_manifest(store)
    assert pod is not None and pod["generation"] == first.generation + 1
    # The warm builder, building the same change on its own generation, cuts the very
    # same shards: continuing from the shards is continuing from the generation.
    monkeypatch.setattr(built_from, "up_to_date", lambda *a, **k: False)
    monkeypatch.setenv("SLEEPSTACK_CACHE", str(tmp_path / "builder"))
    warm = build_generation(Store(S3FS(url, lease_linger=0)))
    assert warm.added == 1 and warm.generation == info.generation
    again = shards.read_manifest(store)
    assert again is not None

    def users_and_topics(m: dict[str, Any]) -> dict[str, str]:
        return {n: str(e["sha"]) for n, e in m["shards"].items() if n != shards.base_name()}

    assert users_and_topics(again) == users_and_topics(pod)


def test_the_recorded_state_is_read_under_the_store_lock(bucket: str) -> None:
    # A writer holds the lock from its commit point until its files land: a tail read
    # while it holds it could name entries whose files the build would not see yet.
    url = f"s3://{bucket}/locked"
    store = _seed(url)
    other = S3FS(url, lease_linger=0)
    mine = Store(S3FS(url, lease_linger=0, lock_timeout=0))
    with other.lock():
        with pytest.raises(LockHeldError):
            built_from.store_state(mine, embedder="hash:64", dim=64, vectors="float16")
        # The check (which writes nothing and records nothing) does not wait for it.
        seen = built_from.store_state(mine, embedder="hash:64", dim=64, vectors="float16",
                                      locked=False)
    assert seen == built_from.store_state(mine, embedder="hash:64", dim=64, vectors="float16")
    assert seen["head"]["seq"] == store._tail()[0]


def test_a_log_compaction_after_the_build_is_the_same_state(
        bucket: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        derived_writes: list[tuple[str, str]]) -> None:
    # The cycle compacts the audit log after it indexed: one more entry, no file changed.
    url = f"s3://{bucket}/compact"
    monkeypatch.setenv("SLEEPSTACK_CACHE", str(tmp_path / "builder"))
    store = _seed(url)
    build_generation(store)
    folded = store.compact_log(min_objects=1)
    assert folded is not None and folded["op"] == "compact"
    derived_writes.clear()
    fresh = _fresh(url, tmp_path / "replica", monkeypatch)
    assert build_generation(fresh).skipped and derived_writes == []
    # ... but a turn after the compaction is a change again.
    _turn(store)
    assert not build_generation(_fresh(url, tmp_path / "replica2", monkeypatch)).skipped
