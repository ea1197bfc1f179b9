"""Versions that live only in their audit-log segment on ``s3://`` (moto on 127.0.0.1).

An audited write is two PUTs (the segment, which carries the new version, and
the working file); ``versions/<sha>`` objects appear only when compaction folds
the segment, and it writes them out *before* it removes anything. These tests
check what must hold meanwhile: another process reads and rolls back to a
version that is only in a segment, a reader finds it through its index (no
scan), a reader never serves a version erased elsewhere from its cache, an
erasure keeps the other held versions, a compaction killed at each step loses
nothing, and a local store still writes its blobs at commit time.
"""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("moto")
pytest.importorskip("botocore")

from conftest import child_env, count_requests, s3_snapshot
from sleepstack.errors import NotFoundError
from sleepstack.faults import KILL_ENV
from sleepstack.store import Store, blob_path
from sleepstack.store.audit import sha256_hex
from sleepstack.store.erase import ErasurePlan
from sleepstack.store.s3 import S3FS
from sleepstack.store.s3_log import PAYLOAD_SEP

W: dict[str, Any] = {"actor": "test", "reason": "held blobs test"}
LOG = "memory/log/ann/2024-01-02.md"


def _init(url: str, *, linger: float = 0) -> Store:
    fs = S3FS(url, lease_linger=linger, lease_ttl=2, lock_timeout=30)
    with fs.lock():
        fs.write_atomic("sleepstack.toml", b"[store]\n")
    return Store(fs)


def _versions(client: Any, bucket: str, prefix: str) -> set[str]:
    return {k.rsplit("/", 1)[-1] for k in s3_snapshot(client, bucket)
            if k.startswith(f"{prefix}/versions/")}


def _shas(store: Store) -> list[str]:
    """Every stored version the log names (a write's content, an append's chunk)."""
    return [str(e["chunk_sha"] if e["op"] == "append" else e["new_sha"])
            for e in store.audit_entries() if e["op"] in ("write", "append")]


def test_another_process_rolls_back_to_a_version_held_in_a_segment(client: Any,
                                                                    bucket: str) -> None:
    url = f"s3://{bucket}/undo"
    store = _init(url)
    for i in range(1, 4):
        store.write_text("user/a/x.md", f"version {i}", **W)
    store.fs.close()  # type: ignore[attr-defined]
    assert _versions(client, bucket, "undo") == set()  # nothing but segments hold them
    script = (
        "import sys\n"
        "from sleepstack.store import Store\n"
        "s = Store.open(sys.argv[1])\n"
        "print([s.blob_text(v.sha) for v in s.history('user/a/x.md')])\n"
        "s.rollback('user/a/x.md', 1, actor='child', reason='undo from elsewhere')\n"
        "print(s.read_text('user/a/x.md'))\n"
    )
    out = subprocess.run([sys.executable, "-c", script, url], capture_output=True, text=True,
                         env=child_env(), timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == [
        "['version 1', 'version 2', 'version 3']", "version 1"]
    fresh = Store.open(url)
    assert fresh.read_text("user/a/x.md") == "version 1"
    assert fresh.audit_verify().ok


def test_a_reader_finds_a_held_version_without_listing_again(client: Any,
                                                             bucket: str) -> None:
    url = f"s3://{bucket}/idx"
    store = _init(url)
    for i in range(12):
        store.write_text(f"user/a/f{i % 3}.md", f"v{i}", **W)
    store.fs.close()  # type: ignore[attr-defined]
    reader = Store.open(url)
    shas = _shas(reader)  # reads the log once, as history does
    assert reader.blob_text(shas[0]) == "v0"
    calls = count_requests(reader.fs)
    assert [reader.blob_text(s) for s in shas[1:]] == [f"v{i}" for i in range(1, 12)]
    # Per version: the blob object's GET (missing) and one HEAD proving the cached
    # segment is still current; the index is never rebuilt from a LIST.
    assert calls == Counter(get_object=11, head_object=11)


def test_a_reader_never_serves_a_version_erased_by_another_store(client: Any,
                                                                  bucket: str) -> None:
    url = f"s3://{bucket}/erase"
    writer = _init(url)
    writer.write_text("user/a/x.md", "the secret draft", **W)
    writer.write_text("user/a/x.md", "the clean text", **W)
    writer.write_text("user/a/y.md", "another held version", **W)
    reader = Store.open(url)
    secret, clean, other = _shas(reader)
    assert reader.blob_text(secret) == "the secret draft"  # its segment is cached now
    with writer.fs.lock():
        writer.erase(ErasurePlan(forget_id="f1", target={"text": "[redacted]"},
                                 blobs={secret: None}), actor="test", reason="erase a draft")
    writer.fs.close()  # type: ignore[attr-defined]
    with pytest.raises(NotFoundError):
        reader.blob_text(secret)
    assert not [k for k, v in s3_snapshot(client, bucket).items() if b"secret" in v]
    # The erasure dropped that version only: the others still live in their segments.
    assert reader.blob_text(clean) == "the clean text"
    assert reader.blob_text(other) == "another held version"
    assert _versions(client, bucket, "erase") == set()
    assert Store.open(url).audit_verify().ok


def _seed(url: str) -> tuple[Store, list[str]]:
    store = _init(url)
    for i in range(10):
        store.write_text(f"user/a/f{i % 3}.md", f"content {i}", **W)
        store.append_text(LOG, f"turn {i}\n", **W)
    store.fs.close()  # type: ignore[attr-defined]
    return store, _shas(store)


def _compact_in_child(url: str, point: str | None) -> subprocess.CompletedProcess[str]:
    script = (
        "import sys\n"
        "from sleepstack.store import Store\n"
        "from sleepstack.store.s3 import S3FS\n"
        "s = Store(S3FS(sys.argv[1], lease_ttl=2, lease_linger=0, lock_timeout=30))\n"
        "print(s.compact_log(min_objects=2)['checkpoint'])\n"
    )
    env = child_env() if point is None else {**child_env(), KILL_ENV: point}
    return subprocess.run([sys.executable, "-c", script, url], capture_output=True, text=True,
                          env=env, timeout=120)


def test_compaction_writes_the_versions_out_before_folding(client: Any, bucket: str) -> None:
    url = f"s3://{bucket}/fold"
    store, shas = _seed(url)
    assert _versions(client, bucket, "fold") == set()
    out = _compact_in_child(url, None)
    assert out.returncode == 0, out.stderr
    objects = s3_snapshot(client, bucket)
    checkpoint = objects["fold/audit/log/000000000001.jsonl"]
    assert PAYLOAD_SEP not in checkpoint  # the folded versions left the log...
    newest = sorted(k for k in objects if k.startswith("fold/audit/log/"))[-2]
    held_by_newest = set(_shas(store)[-1:])  # ...but for the one segment never folded
    assert _versions(client, bucket, "fold") == set(shas) - held_by_newest
    assert PAYLOAD_SEP in objects[newest]
    fresh = Store.open(url)
    for sha in shas:
        assert sha256_hex(fresh.blob_text(sha).encode()) == sha
    assert fresh.audit_verify().ok


@pytest.mark.parametrize("point", ["compact:blobs", "compact:checkpoint"])
def test_a_compaction_killed_at_any_step_loses_no_version(point: str, client: Any,
                                                         bucket: str) -> None:
    url = f"s3://{bucket}/kill"
    store, shas = _seed(url)
    before = store.audit_entries()
    segments = [k for k in s3_snapshot(client, bucket) if k.startswith("kill/audit/log/")]
    out = _compact_in_child(url, point)
    assert out.returncode == -9, out.stderr
    objects = s3_snapshot(client, bucket)
    left = [k for k in objects if k.startswith("kill/audit/log/")]
    assert left == segments  # killed before deleting a single folded segment
    assert _versions(client, bucket, "kill") >= set(shas[:-1])  # written out first
    if point == "compact:checkpoint":  # the first segment is a checkpoint already
        assert PAYLOAD_SEP not in objects["kill/audit/log/000000000001.jsonl"]
    reader = Store.open(url)
    assert reader.audit_entries() == before
    assert [sha256_hex(reader.blob_text(s).encode()) for s in shas] == shas
    writer = Store(S3FS(url, lease_ttl=2, lease_linger=0, lock_timeout=30))
    entry = writer.compact_log(min_objects=2)  # waits out the dead lease, then finishes
    assert entry is not None and entry["op"] == "compact"
    fresh = Store.open(url)
    assert [sha256_hex(fresh.blob_text(s).encode()) for s in shas] == shas
    assert fresh.read_text(LOG) == "".join(f"turn {i}\n" for i in range(10))
    assert fresh.audit_verify().ok


def test_a_local_store_still_writes_its_blobs_at_commit(tmp_path: Path) -> None:
    store = Store.init(tmp_path / "home")
    entry = store.write_text("user/a/x.md", "local bytes", **W)
    assert (tmp_path / "home" / blob_path(entry["new_sha"])).read_text() == "local bytes"


def test_a_version_read_in_the_same_lock_session_as_its_compaction(client: Any,
                                                                   bucket: str) -> None:
    url = f"s3://{bucket}/session"
    store, shas = _seed(url)
    store = Store(S3FS(url, lease_ttl=2, lease_linger=0, lock_timeout=30))
    with store.fs.lock():  # as the cycle does: one lease around its commit and compaction
        assert sha256_hex(store.blob_text(shas[0]).encode()) == shas[0]  # seen absent, held
        assert store.compact_log(min_objects=2) is not None
        assert sha256_hex(store.blob_text(shas[0]).encode()) == shas[0]  # the object now
    assert shas[0] in _versions(client, bucket, "session")


def test_another_process_undoes_a_cycle_whose_old_versions_are_held(
        client: Any, bucket: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from forget_seed import CONFIG, seed
    from sleepstack.api import Memory

    monkeypatch.setenv("SLEEPSTACK_CACHE", str(tmp_path / "cache"))
    url = f"s3://{bucket}/cycle"
    fs = S3FS(url, lease_linger=0)
    with fs.lock():
        fs.write_atomic("sleepstack.toml", CONFIG.encode())
    seed(Store(fs))
    fs.close()
    before = {p: Store.open(url).read_text(p) for p in Store.open(url).list("")}
    summary = Memory(url).sleep()
    cycle = summary.cycle_id
    changed = [e["path"] for e in Store.open(url).iter_tx(cycle=cycle)
               if e["old_sha"] is not None]
    assert [p for p in changed if not p.startswith("reports/")], changed
    assert _versions(client, bucket, "cycle") == set()  # every old version is in a segment
    script = (
        "import sys\n"
        "from sleepstack.api import Memory\n"
        "print(Memory(sys.argv[1]).undo(sys.argv[2]).cycle_id)\n"
    )
    out = subprocess.run([sys.executable, "-c", script, url, cycle], capture_output=True,
                         text=True, env={**child_env(), "SLEEPSTACK_CACHE": str(tmp_path / "c2")},
                         timeout=300)
    assert out.returncode == 0, out.stderr
    after = Store.open(url)
    for path in changed:
        if not path.startswith("reports/"):  # the cycle's report pages are kept
            assert after.read_text(path) == before[path], path
    assert after.audit_verify().ok
