"""Cheap audited writes on ``s3://`` (issue #15), against moto's S3 server on 127.0.0.1.

* a writer keeps its lease for ``lease_linger`` seconds, so a write to a file it
  already knows costs two requests (the log segment, which holds the new
  version, and the working file) and ``audit/HEAD`` is written every few
  commits and on release, not every commit;
* concurrent mutations from one process are group-committed: several
  mutations, one segment, each with its own tx; one that fails its own check
  fails alone;
* a writer killed with a deferred HEAD leaves a store the next writer recovers,
  with ``audit verify`` clean.
"""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from collections import Counter
from typing import Any

import pytest

pytest.importorskip("moto")
pytest.importorskip("botocore")

from conftest import child_env, count_requests, s3_snapshot
from sleepstack.errors import PreconditionFailed
from sleepstack.faults import KILL_ENV
from sleepstack.layers.rawlog import Turn
from sleepstack.store import Change, Store
from sleepstack.store.audit import sha256_hex
from sleepstack.store.s3 import LEASE_KEY, S3FS
from sleepstack.wake.log import append_turns

W: dict[str, Any] = {"actor": "test", "reason": "s3 writes test"}


def test_a_known_file_costs_two_requests_and_head_is_deferred(client: Any,
                                                                 bucket: str) -> None:
    url = f"s3://{bucket}/w"
    store = Store(_s3_init(url, linger=5))
    store.write_text("user/a/x.md", "v0", **W)
    calls = count_requests(store.fs)
    for i in range(1, 6):
        before = sum(calls.values())
        store.write_text("user/a/x.md", f"v{i}", **W)
        assert sum(calls.values()) - before == 2  # segment (with the version) + working file
    assert calls == Counter(put_object=10)
    assert not [k for k in s3_snapshot(client, bucket) if k.startswith("w/versions/")]
    with pytest.raises(client.exceptions.NoSuchKey):  # deferred while the lease is held...
        client.get_object(Bucket=bucket, Key="w/audit/HEAD")
    # ...but a reader in another process neither waits for the lease nor sees a half state.
    other = Store.open(url)
    assert other.read_text("user/a/x.md") == "v5"
    store.fs.close()  # type: ignore[attr-defined]
    head = client.get_object(Bucket=bucket, Key="w/audit/HEAD")["Body"].read()
    assert b'"seq":6' in head  # written on release
    with pytest.raises(client.exceptions.NoSuchKey):
        client.get_object(Bucket=bucket, Key=f"w/{LEASE_KEY}")
    final = Store.open(url)
    assert [e["op"] for e in final.audit_entries()] == ["write"] * 6  # no recovery needed
    assert final.audit_verify().ok


def test_lingering_lease_is_released_when_idle(client: Any, bucket: str) -> None:
    url = f"s3://{bucket}/idle"
    store = Store(_s3_init(url, linger=0.5))
    store.write_text("user/a/x.md", "v", **W)
    client.head_object(Bucket=bucket, Key=f"idle/{LEASE_KEY}")  # held right after
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            client.head_object(Bucket=bucket, Key=f"idle/{LEASE_KEY}")
        except Exception:
            break
        time.sleep(0.1)
    else:
        pytest.fail("the lease was not released after lease_linger idle seconds")
    assert Store.open(url).audit_verify().ok


def test_concurrent_mutations_are_group_committed(client: Any, bucket: str) -> None:
    url = f"s3://{bucket}/g"
    store = Store(_s3_init(url, linger=5))
    store.write_text("user/a/stale.md", "one", **W)
    stale_sha = sha256_hex(b"not what is there")
    n_threads, per_thread = 8, 6
    errors: list[BaseException] = []
    barrier = threading.Barrier(n_threads + 1)

    def worker(k: int) -> None:
        barrier.wait()
        for i in range(per_thread):
            try:
                if k == 0 and i == 0:  # one mutation that must fail alone
                    store.write_text("user/a/stale.md", "two", expected_sha=stale_sha, **W)
                elif i % 2:
                    store.write_text(f"staging/inbox/s{k}/p{i}.json", f"{{\"k\": {k}}}\n",
                                     expected_sha="absent", **W)
                else:
                    append_turns(store, [Turn(f"t-{k}-{i}", f"u{k % 3}", "s", "user",
                                              f"turn {k} {i}", _at())], actor="test")
            except BaseException as exc:
                errors.append(exc)

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(n_threads)]
    for t in threads:
        t.start()
    barrier.wait()
    for t in threads:
        t.join(timeout=120)
    assert len(errors) == 1 and isinstance(errors[0], PreconditionFailed)
    entries = store.audit_entries()
    mutations = {e["tx"] for e in entries}
    assert len(mutations) == 1 + n_threads * per_thread - 1  # every other mutation committed
    keys = [k for k in s3_snapshot(client, bucket) if k.startswith("g/audit/log/")]
    assert len(keys) < len(mutations)  # ...in fewer segments than mutations
    for tx in mutations:  # each its own tx, whole
        mine = [e for e in entries if e["tx"] == tx]
        assert len(mine) == mine[0]["tx_n"]
    assert store.read_text("user/a/stale.md") == "one"
    logged = "".join(store.read_text(p) for p in store.list("memory/log"))
    assert all(f"turn {k} {i}" in logged for k in range(n_threads)
               for i in range(0, per_thread, 2) if (k, i) != (0, 0))
    store.fs.close()  # type: ignore[attr-defined]
    assert Store.open(url).audit_verify().ok


def test_writer_killed_with_a_deferred_head_is_recovered(client: Any, bucket: str) -> None:
    url = f"s3://{bucket}/kill"
    _s3_init(url, linger=0).close()
    script = (
        "import sys, os, time\n"
        "from sleepstack.store import Store\n"
        "from sleepstack.store.s3 import S3FS\n"
        "s = Store(S3FS(sys.argv[1], lease_ttl=2, lease_linger=1))\n"
        "for i in range(5):\n"
        "    s.write_text('user/a/x.md', f'v{i}', actor='child', reason='before the kill')\n"
        "print('done', flush=True)\n"
        "os._exit(9)  # no atexit: the lease and the deferred HEAD stay behind\n"
    )
    out = subprocess.run([sys.executable, "-c", script, url], capture_output=True, text=True,
                         env=child_env(), timeout=60)
    assert "done" in out.stdout, out.stderr
    store = Store(S3FS(url, lease_ttl=2, lock_timeout=20, lease_linger=0))
    store.write_text("user/a/y.md", "after", **W)  # waits out the dead lease, then recovers
    assert store.read_text("user/a/x.md") == "v4"
    ops = [e["op"] for e in store.audit_entries()]
    assert ops == ["write"] * 5 + ["recover", "write"]
    assert store.audit_verify().ok


def test_killed_after_the_commit_point_blob_comes_from_the_segment(client: Any,
                                                                  bucket: str) -> None:
    url = f"s3://{bucket}/crash"
    _s3_init(url, linger=0).close()
    script = (
        "import sys\n"
        "from sleepstack.store import Store\n"
        "from sleepstack.store.s3 import S3FS\n"
        "s = Store(S3FS(sys.argv[1], lease_ttl=2, lease_linger=0))\n"
        "s.write_text('user/a/x.md', 'the committed bytes', actor='child', reason='crash')\n"
    )
    env = {**child_env(), KILL_ENV: "commit:logged"}
    out = subprocess.run([sys.executable, "-c", script, url], capture_output=True, text=True,
                         env=env, timeout=60)
    assert out.returncode == -9, out.stderr
    sha = sha256_hex(b"the committed bytes")
    keys = s3_snapshot(client, bucket)
    assert f"crash/versions/{sha[:2]}/{sha}" not in keys  # the version is in the segment...
    assert "crash/user/a/x.md" not in keys  # ...and before the working file
    store = Store(S3FS(url, lease_ttl=2, lock_timeout=20, lease_linger=0))
    store.write_text("user/a/y.md", "next", **W)  # recovery rolls the write forward
    assert store.read_text("user/a/x.md") == "the committed bytes"
    assert store.blob_text(sha) == "the committed bytes"
    assert [e["op"] for e in store.audit_entries()] == ["write", "recover", "write"]
    assert store.audit_verify().ok


class _Interrupted(BaseException):
    """A compaction killed between writing its checkpoint and deleting what it folded."""


def test_compaction_folds_segments_and_keeps_the_whole_chain(client: Any, bucket: str,
                                                             monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    url = f"s3://{bucket}/c"
    store = Store(_s3_init(url, linger=5))
    for i in range(30):
        store.write_text(f"user/a/f{i % 4}.md", f"v{i}", **W)
    before = store.audit_entries()

    def segments() -> list[str]:
        return [k for k in s3_snapshot(client, bucket) if k.startswith("c/audit/log/")]

    assert len(segments()) == 30
    # Killed half way: the checkpoint is written, the folded segments not all deleted.
    fs: S3FS = store.fs  # type: ignore[assignment]
    real_call, deleted = fs._call, []

    def dying(op: str, **kwargs: Any) -> dict[str, Any]:
        if op == "delete_object" and "audit/log/" in kwargs.get("Key", ""):
            if len(deleted) == 10:
                raise _Interrupted()
            deleted.append(kwargs["Key"])
        return real_call(op, **kwargs)

    monkeypatch.setattr(fs, "_call", dying)
    with pytest.raises(_Interrupted):
        store.compact_log(min_objects=2)
    monkeypatch.setattr(fs, "_call", real_call)
    fresh = Store.open(url)
    assert fresh.audit_entries() == before  # the checkpoint and the leftovers: no duplicates
    assert fresh.audit_verify().ok
    entry = store.compact_log(min_objects=2)  # a later compaction finishes the job
    assert entry is not None and entry["op"] == "compact"
    # One checkpoint (seq 1..29), the newest segment it never folds, the compact entry's.
    assert len(segments()) == 3
    assert segments()[0] == "c/audit/log/000000000001.jsonl"
    reopened = Store.open(url)
    after = reopened.audit_entries()
    assert after[:len(before)] == before and after[-1]["op"] == "compact"
    assert [v.sha for v in reopened.history("user/a/f1.md")] == [
        e["new_sha"] for e in before if e["path"] == "user/a/f1.md"]
    assert reopened.blob_text(before[0]["new_sha"]) == "v0"
    reopened.write_text("user/a/f1.md", "after compaction", **W)
    store.fs.close()  # type: ignore[attr-defined]
    report = Store.open(url).audit_verify()
    assert report.ok and report.entries == len(before) + 2


def test_two_stores_of_one_process_do_not_wait_for_each_others_linger(bucket: str) -> None:
    url = f"s3://{bucket}/two"
    _s3_init(url, linger=0).close()
    # A linger far longer than four writes take even on a loaded machine, so
    # waiting out a single one is unmistakable (the bound is not a speed test).
    linger = 30.0
    a = Store(S3FS(url, lease_linger=linger, lease_ttl=2 * linger))
    b = Store(S3FS(url, lease_linger=linger, lease_ttl=2 * linger))
    t = time.monotonic()
    for i in range(4):  # alternating writers, as a server's per-token stores do
        (a if i % 2 else b).write_text("user/a/x.md", f"v{i}", **W)
    assert time.monotonic() - t < linger  # three handovers, none waited out a linger
    a.fs.close()  # type: ignore[attr-defined]
    b.fs.close()  # type: ignore[attr-defined]
    assert Store.open(url).read_text("user/a/x.md") == "v3"


def test_plain_puts_and_batches_still_one_tx(client: Any, bucket: str) -> None:
    store = Store(_s3_init(f"s3://{bucket}/b", linger=1))
    entries = store.apply([Change("write", "user/a/1.md", "1"),
                           Change("write", "user/a/2.md", "2")], **W)
    assert len({e["tx"] for e in entries}) == 1 and entries[0]["tx_n"] == 2
    store.fs.close()  # type: ignore[attr-defined]


def _at() -> Any:
    from datetime import UTC, datetime

    return datetime(2024, 1, 2, 10, 0, tzinfo=UTC)


def _s3_init(url: str, *, linger: float) -> S3FS:
    fs = S3FS(url, lease_linger=linger)
    with fs.lock():
        fs.write_atomic("sleepstack.toml", b"[store]\n")
    return fs
