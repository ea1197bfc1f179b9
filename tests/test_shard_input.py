"""Shard items that run where the driver's disk is not (issue #15), on moto S3.

With the generation handed through the store (index/shard_input.py), the
driver uploads it once, content-keyed; items that cannot see the driver's
file (here: the file is moved away once uploaded, as a pod would not have it)
download it, check its hash and cut the same bytes the driver's own items
cut, inline, on the local engine and on Flyte (local mode), batched about one
per worker. The shared copy is gone from the store once the build has its
entries; a tampered copy is refused; items on the driver's disk are as before.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("moto")
pytest.importorskip("botocore")

from shard_seed import seed_shard_store as _seed
from sleepstack.engines import LocalEngine
from sleepstack.errors import CorruptStoreError
from sleepstack.index import shard_input, shard_reader, shard_tasks, shards
from sleepstack.index.build import build_generation
from sleepstack.index.location import current_generation, index_dir
from sleepstack.store import Store
from sleepstack.wake.recall import recall


def _generation(store: Store) -> Path:
    shards.set_enabled(False)  # the generation only: its shards are cut below
    try:
        build_generation(store)
    finally:
        shards.set_enabled(True)
    cur = current_generation(index_dir(store))
    assert cur is not None
    return cur[1]


class Pods:
    """The driver's generation file vanishes once uploaded (a pod sees none of its disk)."""

    def __init__(self) -> None:
        self.hidden: list[tuple[Path, Path]] = []
        #: the SHA-256 of every shared generation an item downloaded
        self.fetched: list[str] = []

    def back(self) -> None:
        """The driver's file where it was (between builds)."""
        while self.hidden:
            away, path = self.hidden.pop()
            os.replace(away, path)


@pytest.fixture
def pods(monkeypatch: pytest.MonkeyPatch) -> Iterator[Pods]:
    real_share, real_get = shard_input.share, shard_input.generation_for
    seen = Pods()

    def share_then_hide(fs: Any, path: Path) -> dict[str, Any]:
        out = real_share(fs, path)
        away = path.with_name(f".away-{path.name}")
        os.replace(path, away)  # what a pod sees of the driver's disk: nothing
        seen.hidden.append((away, path))
        return out

    def counting(item: dict[str, Any], fs_for: Any) -> Path:
        got = real_get(item, fs_for)
        if got != Path(str(item["gen"])):
            seen.fetched.append(str(item["gen_sha"]))
        return got

    monkeypatch.setattr(shard_input, "share", share_then_hide)
    monkeypatch.setattr(shard_input, "generation_for", counting)
    shard_input.forget_downloads()
    try:
        yield seen
    finally:
        seen.back()
        shard_input.forget_downloads()


def _shas(entries: dict[str, dict[str, Any]]) -> dict[str, str]:
    return {n: str(e["sha"]) for n, e in entries.items()}


def test_items_off_the_drivers_disk_cut_byte_identical_shards(
        bucket: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        pods: Pods) -> None:
    monkeypatch.setenv("SLEEPSTACK_CACHE", str(tmp_path / "cache"))
    store = _seed(f"s3://{bucket}/pods")
    gen = _generation(store)
    here, stats = shard_tasks.build_entries(store.fs, gen, None, shared=False)
    assert stats["shared_generation"] is None and stats["work_items"] == len(here) == 5
    assert pods.fetched == []  # the driver's own items read its file
    size, sha = gen.stat().st_size, shard_input.file_sha(gen)

    engines: list[Any] = [None, LocalEngine(concurrency=2, work_cache=False)]
    try:
        from sleepstack.engines.flyte import FlyteEngine

        engines.append(FlyteEngine(cache_root=tmp_path / "flyte", concurrency=2))
    except ImportError:  # the flyte extra is optional; the others still run
        pass
    for engine in engines:
        shard_input.forget_downloads()
        before = len(pods.fetched)
        there, stats = shard_tasks.build_entries(store.fs, gen, None, engine=engine,
                                                 shared=True)
        pods.back()
        assert _shas(there) == _shas(here), getattr(engine, "name", "inline")
        assert stats["shared_generation"] == size  # uploaded once, whole
        # Batched: about one item per worker, so a pod downloads the generation once.
        workers = int(getattr(engine, "concurrency", 1))
        assert stats["work_items"] == min(workers, len(here)) < len(here)
        assert len(pods.fetched) - before == stats["work_items"]
        assert set(pods.fetched[before:]) == {sha}
        assert store.fs.list(shard_input.GEN_DIR) == []  # dropped once the entries are in
        for entry in there.values():
            assert shards.sha256_hex(store.fs.read_bytes(entry["key"])) == entry["sha"]


def test_a_published_build_through_the_store_serves_replicas(
        bucket: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"s3://{bucket}/pub"
    monkeypatch.setenv("SLEEPSTACK_CACHE", str(tmp_path / "cache"))
    store = _seed(url)
    fetched: list[Path] = []
    real = shard_input.generation_for

    def another_machine(item: dict[str, Any], fs_for: Any) -> Path:
        # Every item runs as on another machine: the driver's file is not this one.
        got = real({**item, "gen_id": {**item["gen_id"], "host": "pod-7"}}, fs_for)
        fetched.append(got)
        return got

    monkeypatch.setattr(shard_input, "generation_for", another_machine)
    shard_input.set_shared(True)  # as a Flyte engine on a cluster does
    try:
        build_generation(store, engine=LocalEngine(concurrency=2, work_cache=False))
    finally:
        shard_input.set_shared(None)
    manifest = shards.read_manifest(store)
    assert manifest is not None and len(fetched) == 2  # two batches, both downloaded
    gen = current_generation(index_dir(store))
    assert gen is not None and all(f != gen[1] and f.name.endswith(".sqlite") for f in fetched)
    assert store.fs.list(shard_input.GEN_DIR) == []
    monkeypatch.setenv("SLEEPSTACK_CACHE", str(tmp_path / "replica"))
    shard_reader.forget_views()
    ctx = recall(Store.open(url), "what is my cat called", "alice")
    assert "Miso" in ctx.context and not ctx.degraded


def test_a_tampered_shared_generation_is_refused(
        bucket: str, client: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SLEEPSTACK_CACHE", str(tmp_path / "cache"))
    store = _seed(f"s3://{bucket}/bad")
    gen = _generation(store)
    given = shard_input.share(store.fs, gen)
    assert given["gen_key"] in store.fs.list(shard_input.GEN_DIR)
    client.put_object(Bucket=bucket, Key=f"bad/{given['gen_key']}", Body=b"not the generation")
    _, items = shard_tasks.plan_shards(store.fs, gen, None)
    item = {**items[0], **given, "gen_id": {**given["gen_id"], "ino": -1}}  # another machine
    shard_input.forget_downloads()
    with pytest.raises(CorruptStoreError):
        shard_tasks.shard_work(item, {})
    assert shard_input.drop_shared(store.fs) == 1 and store.fs.list(shard_input.GEN_DIR) == []


def test_items_on_the_drivers_disk_upload_nothing_extra(
        bucket: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SLEEPSTACK_CACHE", str(tmp_path / "cache"))
    store = _seed(f"s3://{bucket}/local")
    gen = _generation(store)
    keys: list[str] = []
    real = type(store.fs).write_new

    def spy(fs: Any, rel: str, data: bytes) -> None:
        keys.append(rel)
        real(fs, rel, data)

    monkeypatch.setattr(type(store.fs), "write_new", spy)
    entries, stats = shard_tasks.build_entries(
        store.fs, gen, None, engine=LocalEngine(concurrency=2, work_cache=False))
    assert stats["shared_generation"] is None and stats["work_items"] == len(entries)
    assert keys and all(k.startswith(f"{shards.SHARD_DIR}/shards/") for k in keys)


def test_the_remote_cycle_cuts_its_shards_from_the_stores_copy(
        bucket: str, client: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``--engine flyte --remote`` in Flyte's local mode, told it runs on a cluster."""
    pytest.importorskip("flyte")
    from cycle_seed import make_store, seed
    from sleepstack.sleep import flyte_driver as fd

    url = f"s3://{bucket}/remote"
    store = make_store(url)  # type: ignore[arg-type]  # Store.init takes a URL too
    seed(store)
    store.fs.close()  # type: ignore[attr-defined]
    monkeypatch.setenv("SLEEPSTACK_CACHE", str(tmp_path / "driver-cache"))
    # The driver task believes it is on a cluster (its engine is then `remote`), and no
    # item may read the driver's file: a pod cannot see its disk.
    monkeypatch.setattr(fd, "on_cluster", lambda: True)
    fetched: list[str] = []
    real = shard_input.generation_for

    def pod(item: dict[str, Any], fs_for: Any) -> Path:
        got = real({**item, "gen_id": {**item["gen_id"], "host": "pod"}}, fs_for)
        fetched.append(str(item["gen_sha"]))
        return got

    monkeypatch.setattr(shard_input, "generation_for", pod)
    shard_input.forget_downloads()
    run = fd.launch_cycle(url, remote=False, now="2026-01-06T06:00:00Z",
                          cache_root=tmp_path / "flyte")
    index = run.summary.index or {}
    assert not run.summary.noop and index.get("published"), index
    assert fetched, "no shard item downloaded the generation"
    listed = client.list_objects_v2(Bucket=bucket, Prefix=f"remote/{shard_input.GEN_DIR}/")
    assert not listed.get("Contents")  # the shared copy is gone once the entries are in
    store = Store.open(url)
    manifest = shards.read_manifest(store)
    assert manifest is not None
    for entry in manifest["shards"].values():
        assert shards.sha256_hex(store.fs.read_bytes(entry["key"])) == entry["sha"]
    store.fs.close()  # type: ignore[attr-defined]
