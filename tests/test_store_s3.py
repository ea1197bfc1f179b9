"""The store on object storage, against a real S3-compatible server (moto) on 127.0.0.1.

moto's standalone server speaks the S3 REST protocol over HTTP and enforces
``If-None-Match: *`` and ``If-Match`` on PUT and DELETE (checked first, since
every guarantee here rests on it). Covered: the store's contract on s3 for both
log layouts; writers racing in separate processes (no lost update); a dead
writer's lease expiring and being taken over; a writer whose lease was stolen
failing to commit, before and after its commit point.

Run as a script, this file is the child process of the multi-process tests.
"""

from __future__ import annotations

import importlib
import importlib.util
import signal
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

if importlib.util.find_spec("moto") is None or importlib.util.find_spec("botocore") is None:
    pytest.skip("the s3 tests need a local S3 server: pip install 'moto[server]'",
                allow_module_level=True)

from conftest import child_env
from conftest import s3_snapshot as snapshot
from sleepstack.errors import (
    ConflictError,
    ContentRefused,
    LockHeldError,
    PathRefused,
    PreconditionFailed,
    StoreNotFoundError,
    UsageError,
)
from sleepstack.store import Change, Store, open_fs
from sleepstack.store.audit import sha256_hex
from sleepstack.store.s3 import LEASE_KEY, S3FS

W: dict[str, Any] = {"actor": "test", "reason": "s3 test"}
COUNTER = "user/shared/counter.txt"
THIS = str(Path(__file__).resolve())
SRC = str(Path(__file__).resolve().parents[1] / "src")




# -------------------------------------------------------------- the server
def test_server_enforces_conditional_writes(client: Any, bucket: str) -> None:
    client_error = importlib.import_module("botocore.exceptions").ClientError

    def status(call: Callable[[], Any]) -> int:
        try:
            return int(call()["ResponseMetadata"]["HTTPStatusCode"])
        except client_error as exc:
            return int(exc.response["ResponseMetadata"]["HTTPStatusCode"])

    put = client.put_object
    assert status(lambda: put(Bucket=bucket, Key="k", Body=b"1", IfNoneMatch="*")) == 200
    assert status(lambda: put(Bucket=bucket, Key="k", Body=b"2", IfNoneMatch="*")) == 412
    etag = client.head_object(Bucket=bucket, Key="k")["ETag"]
    assert status(lambda: put(Bucket=bucket, Key="k", Body=b"3", IfMatch='"0"')) == 412
    assert status(lambda: put(Bucket=bucket, Key="k", Body=b"3", IfMatch=etag)) == 200
    assert status(lambda: put(Bucket=bucket, Key="k", Body=b"4", IfMatch=etag)) == 412  # stale
    assert status(lambda: client.delete_object(Bucket=bucket, Key="k", IfMatch=etag)) == 412
    assert client.get_object(Bucket=bucket, Key="k")["Body"].read() == b"3"
    etag = client.head_object(Bucket=bucket, Key="k")["ETag"]
    assert status(lambda: client.delete_object(Bucket=bucket, Key="k", IfMatch=etag)) == 204
    assert "Contents" not in client.list_objects_v2(Bucket=bucket)


# ------------------------------------------------------------ the contract
@pytest.mark.parametrize("layout", ["segments", "object"])
def test_store_contract_on_s3(client: Any, bucket: str, layout: str) -> None:
    url = f"s3://{bucket}/mem"
    store = _init(S3FS(url, log_layout=layout))  # type: ignore[arg-type]
    assert store.fs.log_layout == layout  # type: ignore[attr-defined]
    e1 = store.write_text("user/alice/notes.md", "one", **W)
    e2 = store.write_text("user/alice/notes.md", "two", expected_sha=e1["new_sha"], **W)
    assert store.read_text("user/alice/notes.md") == "two"
    assert store.sha("user/alice/notes.md") == e2["new_sha"] == sha256_hex(b"two")
    store.delete("user/alice/notes.md", **W)
    assert not store.exists("user/alice/notes.md")
    store.rollback("user/alice/notes.md", 1, actor="ops", reason="restore")
    assert store.read_text("user/alice/notes.md") == "one"
    assert [v.op for v in store.history("user/alice/notes.md")] == [
        "write", "write", "delete", "rollback"]
    store.append_text("memory/log/alice/2024-01-01.md", "- a\n", **W)
    store.append_text("memory/log/alice/2024-01-01.md", "- b\n", **W)
    store.put_document("memory/topics/cooking/pasta.md", "# Pasta\n", **W)
    entries = store.apply([Change("write", "user/alice/y.md", "new"),
                           Change("delete", "user/alice/notes.md")], cycle="c1", **W)
    assert {e["tx"] for e in entries} == {entries[0]["tx"]}
    assert [e["path"] for e in store.iter_tx(cycle="c1")] == ["user/alice/y.md",
                                                               "user/alice/notes.md"]
    assert store.read_text("memory/log/alice/2024-01-01.md") == "- a\n- b\n"
    assert store.list("") == ["memory/log/alice/2024-01-01.md",
                              "memory/topics/cooking/pasta.md", "user/alice/y.md"]
    assert store.list("user/alice") == ["user/alice/y.md"]
    audit = store.audit_entries()
    assert [e["seq"] for e in audit] == list(range(1, len(audit) + 1))
    assert store.audit_verify().ok

    # A second process's view: a fresh S3FS opened by URL sees the same store.
    reopened = Store.open(url)
    assert reopened.read_text("user/alice/y.md") == "new"
    assert reopened.fs.log_layout == layout  # type: ignore[attr-defined]  # the store's own
    assert reopened.audit_entries() == audit
    keys = snapshot(client, bucket)
    store.fs.close()  # type: ignore[attr-defined]  # else released lease_linger s after the last write
    assert not any(obj["Key"].endswith(LEASE_KEY) for obj in client.list_objects_v2(
        Bucket=bucket)["Contents"])  # the lease was released
    if layout == "segments":
        assert sum(k.startswith("mem/audit/log/") for k in keys) == len(audit) - 1  # 1 batch
    else:
        assert "mem/audit/log.jsonl" in keys


def test_file_directory_collisions_are_refused_on_s3(client: Any, bucket: str) -> None:
    """Object keys may be both a file and a prefix; the store refuses that as on disk (#12)."""
    store = _init(S3FS(f"s3://{bucket}/collide"))
    store.write_text("user/mallory/notes/a.md", "a", **W)
    before = snapshot(client, bucket)
    for path in ("user/mallory/notes/a.md/b.md", "user/mallory/notes"):
        with pytest.raises(PathRefused) as info:
            store.write_text(path, "x", **W)
        assert info.value.fields["rule"] == "collision"
    with pytest.raises(PathRefused):
        store.apply([Change("write", "user/bob/x.md", "1"),
                     Change("write", "user/bob/x.md/y.md", "2")], **W)
    assert snapshot(client, bucket) == before
    assert store.audit_verify().ok


def _init(fs: S3FS) -> Store:
    """Store.init for a preconfigured S3FS (Store.init takes a URL)."""
    with fs.lock():
        if not fs.exists("sleepstack.toml"):
            fs.write_atomic("sleepstack.toml", b"[store]\n")
    return Store(fs)


def test_refused_and_conflicting_writes_leave_the_bucket_unchanged(client: Any,
                                                                  bucket: str) -> None:
    store = Store.init(f"s3://{bucket}")
    store.write_text("user/a/x.md", "1", **W)
    before = snapshot(client, bucket)
    with pytest.raises(PreconditionFailed):
        store.write_text("user/a/x.md", "2", expected_sha="0" * 64, **W)
    with pytest.raises(PreconditionFailed):
        store.write_text("user/a/x.md", "2", expected_sha="absent", **W)
    with pytest.raises(PreconditionFailed):
        store.apply([Change("write", "user/a/y.md", "new"),
                     Change("write", "user/a/x.md", "2", expected_sha="f" * 64)], **W)
    for path in ("../etc/passwd", "audit/log/000000000001.jsonl", "audit/HEAD",
                 "versions/ab/abcdef", "memory/log/a/2024-01-01.md", ".lock"):
        with pytest.raises(PathRefused):
            store.write_text(path, "x", **W)
        with pytest.raises(PathRefused):
            store.delete(path, **W)
    with pytest.raises(ContentRefused):
        store.write_text("user/a/x.md", "bin\x00ary", **W)
    assert snapshot(client, bucket) == before
    assert store.audit_verify().ok


def test_verify_detects_tampering_on_s3(client: Any, bucket: str) -> None:
    store = Store.init(f"s3://{bucket}/t")
    for i in range(3):
        store.write_text(f"user/a/f{i}.md", f"v{i}", **W)
    seg = "t/audit/log/000000000002.jsonl"
    original = client.get_object(Bucket=bucket, Key=seg)["Body"].read()
    client.put_object(Bucket=bucket, Key=seg, Body=original.replace(b'"test"', b'"mallory"'))
    assert "edited" in {b.kind for b in store.audit_verify().breaks}
    client.put_object(Bucket=bucket, Key=seg, Body=original)
    last = "t/audit/log/000000000003.jsonl"
    saved = client.get_object(Bucket=bucket, Key=last)["Body"].read()
    client.delete_object(Bucket=bucket, Key=last)
    assert "truncated" in {b.kind for b in Store.open(f"s3://{bucket}/t").audit_verify().breaks}
    client.put_object(Bucket=bucket, Key=last, Body=saved)
    assert store.audit_verify().ok
    client.put_object(Bucket=bucket, Key="t/user/a/f1.md", Body=b"tampered")
    client.put_object(Bucket=bucket, Key="t/user/a/rogue.md", Body=b"sneaked in")
    by_path = {b.path: b.kind for b in store.audit_verify().breaks}
    assert by_path == {"user/a/f1.md": "file_mismatch", "user/a/rogue.md": "unaudited_file"}


def test_open_errors_and_layout_detection(endpoint: str, bucket: str,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(StoreNotFoundError):
        Store.open(f"s3://{bucket}/nothing-here")
    with pytest.raises(StoreNotFoundError, match="bucket"):
        Store.init(f"s3://no-such-bucket-{uuid.uuid4().hex[:8]}/x")
    with pytest.raises(UsageError):
        S3FS("s3://")
    with pytest.raises(UsageError):
        S3FS(f"s3://{bucket}", lease_ttl="soon")  # type: ignore[arg-type]
    # An existing store keeps its layout whatever a later writer is configured with.
    _init(S3FS(f"s3://{bucket}/obj", log_layout="object")).write_text("user/a/x.md", "1", **W)
    assert S3FS(f"s3://{bucket}/obj", log_layout="segments").log_layout == "object"
    assert isinstance(open_fs(f"s3://{bucket}/obj"), S3FS)
    # fsspec's s3 configuration is honoured (here: the endpoint).
    monkeypatch.delenv("AWS_ENDPOINT_URL")
    import fsspec.config

    monkeypatch.setitem(fsspec.config.conf, "s3", {"endpoint_url": endpoint})
    assert Store.open(f"s3://{bucket}/obj").read_text("user/a/x.md") == "1"
    # Without the optional dependency: a clear UsageError naming the extra.
    monkeypatch.setitem(sys.modules, "botocore.session", None)
    with pytest.raises(UsageError, match=r"sleepstack\[s3\]"):
        open_fs(f"s3://{bucket}/obj")


# ------------------------------------------------------------- concurrency
def test_racing_writers_lose_no_update(bucket: str) -> None:
    url = f"s3://{bucket}/race"
    store = Store.init(url)
    store.write_text(COUNTER, "0", actor="setup", reason="start at zero")
    n, workers = 12, 3
    procs = [subprocess.Popen([sys.executable, THIS, "increment", url, str(n), f"w{i}"],
                              stdout=subprocess.PIPE, env=child_env(), text=True)
             for i in range(workers)]
    conflicts = 0
    for p in procs:
        out, _ = p.communicate(timeout=120)
        assert p.returncode == 0
        conflicts += int(out.strip())
    assert store.read_text(COUNTER) == str(n * workers)
    entries = [e for e in store.audit_entries() if e["path"] == COUNTER]
    assert len(entries) == n * workers + 1  # exactly one audited write per increment
    assert sorted(int(store.blob_text(e["new_sha"])) for e in entries) == list(
        range(n * workers + 1))
    assert {e["actor"] for e in entries[1:]} == {f"w{i}" for i in range(workers)}
    assert store.audit_verify().ok


def test_dead_writers_lease_expires_and_is_taken_over(bucket: str, client: Any) -> None:
    url = f"s3://{bucket}/lease"
    Store.init(url)
    holder = subprocess.Popen([sys.executable, THIS, "hold", url, "2"], stdout=subprocess.PIPE,
                              env=child_env(), text=True)
    try:
        assert holder.stdout is not None
        owner = holder.stdout.readline().strip()
        assert f":{holder.pid}:" in owner
        # Alive, it renews: still held 4.5 s on, where an unrenewed 2 s lease would be
        # taken over (expiry: older than TTL + 1 s on the server's clock).
        time.sleep(3.0)
        with pytest.raises(LockHeldError) as info:
            Store(S3FS(url, lock_timeout=1.5)).write_text("user/a/x.md", "1", **W)
        assert info.value.fields["holder"] == owner
        holder.send_signal(signal.SIGKILL)
        holder.wait(timeout=10)
        t = time.monotonic()
        store = Store(S3FS(url, lease_ttl=2, lock_timeout=20))
        store.write_text("user/a/x.md", "after the takeover", **W)
        waited = time.monotonic() - t
    finally:
        if holder.poll() is None:
            holder.kill()
            holder.wait()
    assert 1.5 < waited < 10  # it waited for the expiry (>= TTL + 1 s - one renewal period)
    assert store.read_text("user/a/x.md") == "after the takeover"
    assert store.audit_verify().ok
    store.fs.close()  # type: ignore[attr-defined]  # or lease_linger idle seconds after it
    with pytest.raises(client.exceptions.NoSuchKey):  # released
        client.get_object(Bucket=bucket, Key=f"lease/{LEASE_KEY}")


def _stall_first(fs: Any, method: str, during: Callable[[], None]) -> None:
    """Make *fs*'s first call of *method* stall while *during* runs (a paused process)."""
    original = getattr(fs, method)
    fired = threading.Event()

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        if not fired.is_set():
            fired.set()
            during()
        return original(*args, **kwargs)

    setattr(fs, method, wrapper)


@pytest.mark.parametrize(("layout", "frozen_clock"),
                         [("segments", False), ("segments", True), ("object", True)])
def test_writer_whose_lease_was_stolen_cannot_commit(client: Any, bucket: str, layout: str,
                                                    frozen_clock: bool,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"s3://{bucket}/stolen"
    _init(S3FS(url, log_layout=layout))  # type: ignore[arg-type]
    setup = Store.open(url)
    setup.write_text("user/a/x.md", "base", **W)
    a_fs = S3FS(url, lease_ttl=2)
    # A stalled process: its renewer does not run (GC pause, SIGSTOP, swapped out).
    monkeypatch.setattr(a_fs, "_renew_loop", lambda lease: None)
    if frozen_clock:
        # ...and its clock did not move either (a paused VM): only the server can stop it.
        monkeypatch.setattr(a_fs, "_check_commit_allowed", lambda: None)
    a, b = Store(a_fs), Store(S3FS(url, lease_ttl=2, lock_timeout=20))

    def b_takes_over() -> None:  # runs while A is stalled past its lease
        b.write_text("user/a/x.md", "from B", **W)

    # A stalls after reading the tail and the file, before its commit point (the
    # segment layout writes its blobs after it, carried in the segment till then).
    if a_fs.log_layout == "segments":
        _stall_first(a_fs.audit_log(), "append_with_blobs", b_takes_over)
    else:
        _stall_first(a_fs, "write_new", b_takes_over)
    before_entries = len(setup.audit_entries())
    with pytest.raises(ConflictError) as info:
        a.write_text("user/a/x.md", "from A", **W)
    assert isinstance(info.value, LockHeldError) != frozen_clock
    assert setup.read_text("user/a/x.md") == "from B"
    entries = setup.audit_entries()
    assert len(entries) == before_entries + 1 and entries[-1]["actor"] == "test"
    assert sha256_hex(b"from A") not in {e.get("new_sha") for e in entries}
    assert setup.audit_verify().ok
    a.write_text("user/a/x.md", "from A, retried", **W)  # A recovers by simply retrying
    assert setup.read_text("user/a/x.md") == "from A, retried"
    assert setup.audit_verify().ok


def test_stale_writer_after_its_commit_point_does_not_clobber(client: Any, bucket: str,
                                                              monkeypatch: pytest.MonkeyPatch
                                                              ) -> None:
    url = f"s3://{bucket}/late"
    Store.init(url).write_text("user/a/x.md", "base", **W)
    a_fs = S3FS(url, lease_ttl=2)
    monkeypatch.setattr(a_fs, "_renew_loop", lambda lease: None)
    a, b = Store(a_fs), Store(S3FS(url, lease_ttl=2, lock_timeout=20))

    def b_takes_over() -> None:
        b.write_text("user/a/x.md", "from B", **W)

    # A's mutation is in the log; A stalls before touching the working file.
    _stall_first(a_fs, "write_atomic", b_takes_over)
    entry = a.write_text("user/a/x.md", "from A", **W)  # committed: it must not report failure
    final = Store.open(url)
    assert final.read_text("user/a/x.md") == "from B"  # A's late write did not clobber B's
    ops = [(e["op"], e["actor"]) for e in final.audit_entries()]
    assert ops[-3:] == [("write", "test"), ("recover", "sleepstack:recovery"), ("write", "test")]
    assert final.audit_entries()[-3]["seq"] == entry["seq"]
    assert final.audit_verify().ok


# ----------------------------------------------------------- child process
def _increment(url: str, n: int, actor: str) -> int:
    store = Store(S3FS(url, lock_timeout=60))
    conflicts = 0
    for _ in range(n):
        while True:
            data = store.read_bytes(COUNTER)
            try:
                store.write_text(COUNTER, str(int(data) + 1), expected_sha=sha256_hex(data),
                                 actor=actor, reason="increment")
                break
            except PreconditionFailed:
                conflicts += 1
    return conflicts


def _hold(url: str, ttl: float) -> None:
    fs = S3FS(url, lease_ttl=ttl)
    with fs.lock():
        print(fs.owner, flush=True)
        time.sleep(3600)


if __name__ == "__main__":
    if sys.argv[1] == "increment":
        print(_increment(sys.argv[2], int(sys.argv[3]), sys.argv[4]))
    elif sys.argv[1] == "hold":
        _hold(sys.argv[2], float(sys.argv[3]))
