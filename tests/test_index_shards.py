"""Index shards in the store (issue #15), on moto's S3 server on 127.0.0.1.

* building the index of an ``s3://`` store publishes shards (base, one per
  user, one per topic) and a manifest into the store's derived area;
* a fresh replica (empty local cache) answers a recall from the base shard
  and the asking user's shard only, never another user's;
* a replica killed half way through a download leaves a ``.part`` file that
  is never opened: the next recall downloads the shard again and answers;
* a writer whose lease was taken over cannot publish a manifest.
"""

from __future__ import annotations

import subprocess
import sys
import threading
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("moto")
pytest.importorskip("botocore")

from conftest import child_env, s3_snapshot
from shard_seed import AT, FACTS
from shard_seed import seed_shard_store as _seed
from sleepstack.errors import ConflictError
from sleepstack.index import shard_reader, shards
from sleepstack.index.build import build_generation
from sleepstack.layers.rawlog import Turn
from sleepstack.store import Store
from sleepstack.store.s3 import S3FS
from sleepstack.wake.log import append_turns
from sleepstack.wake.recall import recall


def test_build_publishes_shards_and_a_fresh_replica_downloads_only_its_own(
        bucket: str, client: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"s3://{bucket}/sh"
    monkeypatch.setenv("SLEEPSTACK_CACHE", str(tmp_path / "builder-cache"))
    store = _seed(url)
    build_generation(store)
    manifest = shards.read_manifest(store)
    assert manifest is not None
    names = set(manifest["shards"])
    assert names == {"base", *(shards.user_name(u) for u in FACTS),
                     shards.topic_name("cooking")}
    keys = {k for k in s3_snapshot(client, bucket) if k.startswith("sh/derived/index/")}
    assert {e["key"] for e in manifest["shards"].values()} <= {k[3:] for k in keys}
    assert store.audit_verify().ok  # derived objects are not part of the audited tree
    # A new generation where only bob changed uploads bob's shard and the base, no other.
    append_turns(store, [Turn("t-bob-new", "bob", "s2", "user", "my bike has a bell", AT)],
                 actor="test")
    build_generation(store)
    second = shards.read_manifest(store)
    assert second is not None and second["generation"] > manifest["generation"]
    changed = {n for n, e in second["shards"].items() if e["sha"] != manifest["shards"][n]["sha"]}
    assert changed == {"base", shards.user_name("bob")}
    stored = {k[3:] for k in s3_snapshot(client, bucket) if k.startswith("sh/derived/index/s")}
    both = {e["key"] for m in (manifest, second) for e in m["shards"].values()}
    assert stored == both  # unchanged shards are shared; the previous ones kept for now
    manifest = second

    # A fresh replica: another process's view of the store, an empty local cache.
    monkeypatch.setenv("SLEEPSTACK_CACHE", str(tmp_path / "replica"))
    shard_reader.forget_views()
    replica = Store.open(url)
    ctx = recall(replica, "what is my cat called", "alice")
    assert "Miso" in ctx.context and "Gazelle" not in ctx.context
    fetched = {p.name for p in shard_reader.shard_dir(replica).glob("*.sqlite")
               if not p.name.startswith("view-")}
    want = {manifest["shards"][n]["sha"] + ".sqlite" for n in ("base", shards.user_name("alice"))}
    assert fetched == want  # nobody else's shard came down
    ctx = recall(replica, "how much salt goes in the pasta water", "alice")
    assert "Salt the water" in ctx.context
    topic_sha = manifest["shards"][shards.topic_name("cooking")]["sha"]
    assert (shard_reader.shard_dir(replica) / f"{topic_sha}.sqlite").is_file()  # routed: fetched
    assert not (shard_reader.shard_dir(replica)
                / f"{manifest['shards'][shards.user_name('bob')]['sha']}.sqlite").exists()


_KILLED_MID_DOWNLOAD = """
import os, signal, sys
from sleepstack import environment
from sleepstack.index import shard_reader
environment.install(os.environ)  # this child is its own entry point (SLEEPSTACK_CACHE)
from sleepstack.store import Store
from sleepstack.wake.recall import recall
real_replace = os.replace
def dying(src, dst):
    if os.path.basename(str(src)).startswith(".part-"):
        with open(src, "r+b") as fh:  # half of the bytes written when the kill lands
            fh.truncate(os.path.getsize(src) // 2)
        os.kill(os.getpid(), signal.SIGKILL)
    real_replace(src, dst)
shard_reader.os.replace = dying
recall(Store.open(sys.argv[1]), "what is my cat called", "alice")
"""


def test_a_half_downloaded_shard_is_never_served(bucket: str, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"s3://{bucket}/half"
    monkeypatch.setenv("SLEEPSTACK_CACHE", str(tmp_path / "builder-cache"))
    build_generation(_seed(url))
    replica_root = tmp_path / "replica"
    env = {**child_env(), "SLEEPSTACK_CACHE": str(replica_root)}
    out = subprocess.run([sys.executable, "-c", _KILLED_MID_DOWNLOAD, url], env=env,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == -9, out.stderr
    monkeypatch.setenv("SLEEPSTACK_CACHE", str(replica_root))
    shard_reader.forget_views()
    replica = Store.open(url)
    directory = shard_reader.shard_dir(replica)
    parts = list(directory.glob(".part-*"))
    assert parts and not list(directory.glob("*.sqlite"))  # killed mid-download: only a .part
    ctx = recall(replica, "what is my cat called", "alice")
    assert "Miso" in ctx.context and not ctx.degraded
    for p in directory.glob("*.sqlite"):
        if not p.name.startswith("view-"):
            assert shards.sha256_hex(p.read_bytes()) + ".sqlite" == p.name  # whole, verified


def test_a_writer_whose_lease_was_taken_cannot_publish_a_manifest(
        bucket: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"s3://{bucket}/lease"
    monkeypatch.setenv("SLEEPSTACK_CACHE", str(tmp_path / "cache"))
    builder = _seed(url)
    build_generation(builder)
    before = shards.read_manifest(builder)
    a_fs = S3FS(url, lease_ttl=2, lease_linger=0)
    monkeypatch.setattr(a_fs, "_renew_loop", lambda lease: None)  # a stalled process
    a = Store(a_fs)
    b = Store(S3FS(url, lease_ttl=2, lock_timeout=20, lease_linger=0))
    real_check = shards._check_writer
    took_over = threading.Event()

    def stalled_check(store: Store) -> None:
        if store is a:  # A stalls holding the lock until B has taken the lease over
            b.write_text("user/b/x.md", "B holds the lease now", actor="b", reason="takeover")
            took_over.set()
        real_check(store)

    monkeypatch.setattr(shards, "_check_writer", stalled_check)
    gen = Path(str(builder_generation(builder)))
    with pytest.raises(ConflictError):
        shards.publish_shards(a, gen, 999)
    assert took_over.is_set()
    after = shards.read_manifest(b)
    assert after is not None and before is not None
    assert after["generation"] == before["generation"] != 999


def builder_generation(store: Store) -> Path:
    from sleepstack.index.location import current_generation, index_dir

    cur = current_generation(index_dir(store))
    assert cur is not None
    return cur[1]


def test_a_turn_logged_on_one_replica_is_recalled_on_another(
        bucket: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"s3://{bucket}/ryw"
    monkeypatch.setenv("SLEEPSTACK_CACHE", str(tmp_path / "builder"))
    build_generation(_seed(url))
    monkeypatch.setenv("SLEEPSTACK_CACHE", str(tmp_path / "replica-b"))
    shard_reader.forget_views()
    b = Store.open(url)
    assert "Miso" in recall(b, "what is my cat called", "alice").context  # B is warm
    # Replica A (its own connection to the store) logs a turn after the shards were cut.
    a = Store(S3FS(url, lease_linger=0))
    append_turns(a, [Turn("t-alice-new", "alice", "s2", "user",
                          "my dog is called Biscuit", datetime(2024, 3, 2, 9, 0, tzinfo=UTC))],
                 actor="replica-a")
    ctx = recall(b, "what is my dog called", "alice")  # past the shard's watermark
    assert "Biscuit" in ctx.context and not ctx.degraded
    assert "Biscuit" not in recall(b, "what is my dog called", "bob").context
