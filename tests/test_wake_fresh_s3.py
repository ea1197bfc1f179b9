"""The warm read path of a wake replica on ``s3://`` (issue #15), moto's S3 server on 127.0.0.1.

A replica reads the store's shards and, on every recall, what the files hold
past them. With the audit log as a change feed (:mod:`sleepstack.wake.fresh`)
a warm recall makes one LIST and reuses what it read, yet a change made by
another writer shows at once: a turn, a user file, an erasure, a write the
replica caught half way (segment committed, file not yet written), and a
compaction that folded segments past the replica's cursor.
"""

from __future__ import annotations

import collections
import threading
from collections.abc import Callable, Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("moto")
pytest.importorskip("botocore")

from conftest import run_cli
from shard_seed import AT
from shard_seed import seed_shard_store as _seed
from sleepstack.index import shard_reader
from sleepstack.index.build import build_generation
from sleepstack.layers.rawlog import Turn
from sleepstack.store import Store
from sleepstack.store import commit as commit_mod
from sleepstack.store.s3 import S3FS
from sleepstack.wake import fresh
from sleepstack.wake.log import append_turns
from sleepstack.wake.recall import recall


@pytest.fixture
def url(bucket: str, aws_env: dict[str, str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    home = f"s3://{bucket}/fresh"
    monkeypatch.setenv("SLEEPSTACK_CACHE", str(tmp_path / "builder"))
    store = _seed(home)
    build_generation(store)  # publishes the shards the replica reads
    store.fs.close()  # type: ignore[attr-defined]
    monkeypatch.setenv("SLEEPSTACK_CACHE", str(tmp_path / "replica"))
    shard_reader.forget_views()
    fresh.forget()
    yield home
    shard_reader.forget_views()
    fresh.forget()


def _writer(url: str) -> Store:
    return Store(S3FS(url, lease_linger=0))


def _log(store: Store, user: str, text: str, n: int = 0) -> None:
    append_turns(store, [Turn(f"t-{user}-x{n}-{abs(hash(text)) % 10**8}", user, "s9", "user",
                              text, AT + timedelta(hours=1, minutes=n))], actor="test")


@pytest.fixture
def requests(monkeypatch: pytest.MonkeyPatch) -> collections.Counter[str]:
    """S3 requests by operation, from every S3FS of this process.

    The manifest is re-read once its TTL (1 s) has passed; on a loaded machine two
    recalls can be that far apart, which adds a GET that is not the feed's. The
    counts here are about the feed, so the TTL is held open while they are taken.
    """
    monkeypatch.setattr(shard_reader, "MANIFEST_TTL", 3600.0)
    counts: collections.Counter[str] = collections.Counter()
    real: Callable[..., dict[str, Any]] = S3FS._call

    def counted(self: S3FS, op: str, **kwargs: Any) -> dict[str, Any]:
        counts[op] += 1
        return real(self, op, **kwargs)

    monkeypatch.setattr(S3FS, "_call", counted)
    return counts


def test_a_warm_recall_makes_one_request_and_answers_as_before(
        url: str, requests: collections.Counter[str]) -> None:
    replica = Store.open(url)
    first = recall(replica, "what is my cat called", "alice")
    assert "Miso" in first.context
    requests.clear()
    again = recall(replica, "what is my cat called", "alice")
    assert dict(requests) == {"list_objects_v2": 1}  # the feed: nothing changed
    assert again.context == first.context
    # The same answer as reading every file, uncached (what a store without a feed does).
    fresh.forget()
    uncached = recall(replica, "what is my cat called", "alice")
    assert uncached.context == first.context


def test_a_turn_and_a_note_written_elsewhere_are_recalled_at_once(
        url: str, requests: collections.Counter[str]) -> None:
    replica = Store.open(url)
    assert "Biscuit" not in recall(replica, "what is my dog called", "alice").context
    writer = _writer(url)
    _log(writer, "alice", "my dog is called Biscuit")
    requests.clear()
    assert "Biscuit" in recall(replica, "what is my dog called", "alice").context
    # The segment carries the appended turn: no LIST, no GET of the day file.
    assert dict(requests) == {"list_objects_v2": 1, "get_object": 1}
    requests.clear()
    assert "Biscuit" in recall(replica, "what is my dog called", "alice").context
    assert dict(requests) == {"list_objects_v2": 1}
    # The same rows as reading the files afresh.
    cached = recall(replica, "what is my dog called", "alice").context
    fresh.forget()
    assert recall(replica, "what is my dog called", "alice").context == cached
    assert "Biscuit" not in recall(replica, "what is my dog called", "bob").context
    writer.write_text("user/alice/notes/garden.md", "The garden gate is painted teal.\n",
                      actor="test", reason="a note")
    assert "teal" in recall(replica, "what colour is the garden gate", "alice").context
    writer.write_text("user/alice/notes/garden.md", "The garden gate is painted crimson.\n",
                      actor="test", reason="changed")
    ctx = recall(replica, "what colour is the garden gate", "alice").context
    assert "crimson" in ctx and "teal" not in ctx


def test_a_recall_between_commit_point_and_file_write_keeps_nothing_stale(
        url: str, monkeypatch: pytest.MonkeyPatch,
        requests: collections.Counter[str]) -> None:
    replica = Store.open(url)
    recall(replica, "what is my dog called", "alice")
    fresh.forget()  # nothing cached: the replica must read the day file itself
    committed, release = threading.Event(), threading.Event()
    real = commit_mod.kill_point

    def hold(name: str) -> None:
        if name == "commit:logged" and threading.current_thread().name == "writer":
            committed.set()  # the segment is in the bucket; the day file is not written
            assert release.wait(30)
        real(name)

    monkeypatch.setattr(commit_mod, "kill_point", hold)
    writer = _writer(url)
    thread = threading.Thread(target=_log, args=(writer, "alice", "my dog is called Biscuit"),
                              name="writer")
    thread.start()
    try:
        assert committed.wait(30)
        # The replica sees the new segment, but the file still has the old bytes.
        assert "Biscuit" not in recall(replica, "what is my dog called", "alice").context
    finally:
        release.set()
        thread.join(30)
    # No new segment since: only the pending entry makes the replica read the file again.
    assert "Biscuit" in recall(replica, "what is my dog called", "alice").context
    requests.clear()
    assert "Biscuit" in recall(replica, "what is my dog called", "alice").context
    assert dict(requests) == {"list_objects_v2": 1}  # confirmed, so cached again


def test_a_replica_with_the_tail_cached_shows_a_committed_turn_before_its_file_is_written(
        url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    replica = Store.open(url)
    recall(replica, "what is my dog called", "alice")  # the tail part is cached
    committed, release = threading.Event(), threading.Event()
    real = commit_mod.kill_point

    def hold(name: str) -> None:
        if name == "commit:logged" and threading.current_thread().name == "writer":
            committed.set()
            assert release.wait(30)
        real(name)

    monkeypatch.setattr(commit_mod, "kill_point", hold)
    thread = threading.Thread(target=_log, name="writer",
                              args=(_writer(url), "alice", "my dog is called Biscuit"))
    thread.start()
    try:
        assert committed.wait(30)
        # Committed (durable in the log): the segment's payload already has the turn.
        assert "Biscuit" in recall(replica, "what is my dog called", "alice").context
    finally:
        release.set()
        thread.join(30)
    assert "Biscuit" in recall(replica, "what is my dog called", "alice").context


def test_a_compaction_past_the_replicas_cursor_drops_what_it_cached(url: str) -> None:
    replica = Store.open(url)
    assert "Biscuit" not in recall(replica, "what is my dog called", "alice").context
    writer = _writer(url)
    for n, text in enumerate(["my dog is called Biscuit", "my dog likes the park",
                              "my dog is three years old"]):
        _log(writer, "alice", text, n)
    _log(writer, "bob", "my kayak is yellow")  # the newest segment names only bob's log
    assert writer.compact_log(min_objects=2) is not None  # alice's segments are folded away
    assert "Biscuit" in recall(replica, "what is my dog called", "alice").context


def test_an_erasure_by_another_process_reaches_the_replicas_cached_tail(
        url: str, aws_env: dict[str, str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    # The replica keeps its generation (the erasure's new manifest is not looked at),
    # so only the feed's redaction entry can drop the tail it cached.
    monkeypatch.setattr(shard_reader, "MANIFEST_TTL", 3600.0)
    replica = Store.open(url)
    _log(_writer(url), "alice", "my locker is behind the Zebra-0412 poster")
    assert "Zebra-0412" in recall(replica, "where is my locker", "alice").context
    done = run_cli("forget", "--text", "Zebra-0412", "--user", "alice", "--reason", "leaked",
                   home=url, env={**aws_env, "SLEEPSTACK_CACHE": str(tmp_path / "eraser")})
    assert done.returncode == 0, done.stderr
    assert "Zebra-0412" not in recall(replica, "where is my locker", "alice").context


def test_expectations_of_each_kind_of_entry() -> None:
    expect = fresh._expectations
    assert expect({"op": "append", "path": "memory/log/a/d.md", "size": 10}) == [
        ("memory/log/a/d.md", ("size", 10))]
    assert expect({"op": "write", "path": "user/a/x", "new_sha": "ab"}) == [
        ("user/a/x", ("sha", "ab"))]
    assert expect({"op": "delete", "path": "user/a/x", "new_sha": None}) == [
        ("user/a/x", ("absent", None))]
    assert expect({"op": "redact", "path": "", "files": {
        "memory/log/a/d.md": ["o", "n"], "user/a/x": ["o", None]}}) == [
        ("memory/log/a/d.md", ("sha", "n")), ("user/a/x", ("absent", None))]
    assert expect({"op": "recover", "path": ""}) == []
    assert fresh._folder("memory/log/a/d.md") == "memory/log/a"
    assert fresh._folder("user/a/notes/n.md") == "user/a"
    assert fresh._folder("memory/topics/cooking/p.md") == "memory/topics"
    assert fresh._folder("staging/x.json") is None


def test_a_store_with_the_one_object_log_reads_the_files_every_time(
        bucket: str, aws_env: dict[str, str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    home = f"s3://{bucket}/object-log"
    fs = S3FS(home, lease_linger=0, log_layout="object")
    with fs.lock():
        fs.write_atomic("sleepstack.toml", b'[wake]\nembedder = "hash:64"\n')
    writer = Store(fs)
    _log(writer, "alice", "my cat is called Miso")
    monkeypatch.setenv("SLEEPSTACK_CACHE", str(tmp_path / "builder"))
    build_generation(writer)
    monkeypatch.setenv("SLEEPSTACK_CACHE", str(tmp_path / "replica"))
    shard_reader.forget_views()
    fresh.forget()
    replica = Store.open(home)
    assert "Miso" in recall(replica, "what is my cat called", "alice").context
    assert replica.fs.changes_after(None) is None  # type: ignore[attr-defined]  # no feed
    _log(writer, "alice", "my dog is called Biscuit", 1)
    assert "Biscuit" in recall(replica, "what is my dog called", "alice").context
    fresh.forget()


def test_threads_recalling_while_others_log_each_find_their_own_turn(url: str) -> None:
    replica, writer = Store.open(url), _writer(url)
    recall(replica, "what is my cat called", "alice")
    missed: list[str] = []

    def work(k: int) -> None:
        for i in range(3):
            word = "kayak" + "abcd"[k] * 2 + "xyz"[i] * 2  # one unique word per turn
            _log(writer, "alice", f"my {word} is in the shed", 10 * k + i)
            if word not in recall(replica, f"where is my {word}", "alice").context:
                missed.append(word)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert missed == []
    # What the cache built turn by turn is what reading the files afresh gives.
    cached = recall(replica, "my kayak in the shed", "alice", budget_tokens=4000).context
    fresh.forget()
    assert recall(replica, "my kayak in the shed", "alice", budget_tokens=4000).context == cached
