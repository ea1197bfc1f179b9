"""A reader of the segmented audit log on ``s3://`` racing a compaction (moto on 127.0.0.1).

Compaction writes its checkpoint (which carries the folded entries) at the key
of the first folded segment, then deletes the others. A reader that LISTed
before the delete and GETs after it finds a listed segment gone: it must then
take the entries from the checkpoint (re-listing if its cached copy of that
key is the old one), never raise FileNotFoundError and never return a gapped
chain. The hook runs the compaction from another Store right after the
reader's LIST, so the race happens every time.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("moto")
pytest.importorskip("botocore")

from sleepstack.errors import ConflictError
from sleepstack.store import Store
from sleepstack.store.s3 import S3FS
from sleepstack.store.s3_base import SEGMENT_DIR, segment_key

W: dict[str, Any] = {"actor": "test", "reason": "log race test"}


def _fs(url: str) -> S3FS:
    return S3FS(url, lease_ttl=2, lease_linger=0, lock_timeout=30)


def _seed(url: str, n: int = 8) -> None:
    fs = _fs(url)
    with fs.lock():
        fs.write_atomic("sleepstack.toml", b"[store]\n")
    store = Store(fs)
    for i in range(n):
        store.write_text(f"user/a/f{i % 3}.md", f"content {i}", **W)
    fs.close()


def _after_first_list(fs: S3FS, action: Callable[[], None]) -> list[int]:
    """Run *action* once, right after *fs*'s next LIST of the segments (before any GET)."""
    original = fs._list_keys
    fired: list[int] = []

    def hooked(prefix: str, **kwargs: Any) -> list[tuple[str, str]]:
        out = original(prefix, **kwargs)
        if prefix == f"{SEGMENT_DIR}/" and not fired:
            fired.append(1)
            action()
        return out

    fs._list_keys = hooked  # type: ignore[method-assign]
    return fired


def _compact(url: str) -> None:
    other = Store(_fs(url))
    assert other.compact_log(min_objects=2) is not None
    other.fs.close()  # type: ignore[attr-defined]


def _seqs(entries: list[dict[str, Any]]) -> list[int]:
    return [int(e["seq"]) for e in entries]


def test_a_cold_reader_racing_a_compaction_reads_the_whole_chain(bucket: str) -> None:
    url = f"s3://{bucket}/cold"
    _seed(url)
    before = Store.open(url).audit_entries()
    reader = Store(_fs(url))
    fired = _after_first_list(reader.fs, lambda: _compact(url))  # type: ignore[arg-type]
    got = reader.audit_entries()
    assert fired
    # The LIST predates the compaction: the chain as it was, whole and in order.
    assert got == before
    assert _seqs(got) == list(range(1, len(got) + 1))
    after = reader.audit_entries()  # and the next read sees the compact entry too
    assert after[:-1] == before and after[-1]["op"] == "compact"


def test_a_warm_reader_racing_a_compaction_relists_and_reads_the_checkpoint(
        bucket: str) -> None:
    url = f"s3://{bucket}/warm"
    _seed(url)
    reader = Store(_fs(url))
    reader.audit_entries()  # every segment cached: the old first segment among them
    writer = Store(_fs(url))
    for i in range(4):
        writer.write_text("user/a/new.md", f"later {i}", **W)
    writer.fs.close()  # type: ignore[attr-defined]
    fired = _after_first_list(reader.fs, lambda: _compact(url))  # type: ignore[arg-type]
    got = reader.audit_entries()
    assert fired
    assert _seqs(got) == list(range(1, len(got) + 1))  # no gap where the folded ones were
    assert got == Store.open(url).audit_entries()
    assert got[-1]["op"] == "compact"
    history = reader.history("user/a/new.md")
    assert len(history) == 4


def test_a_segment_that_stays_gone_is_a_clear_conflict(bucket: str) -> None:
    url = f"s3://{bucket}/gone"
    _seed(url)
    reader = Store(_fs(url))
    fs: S3FS = reader.fs  # type: ignore[assignment]
    original = fs._get
    hidden = segment_key(3)

    def get(rel: str, **kwargs: Any) -> tuple[bytes, str]:
        if rel == hidden:
            raise FileNotFoundError(rel)  # listed every time, never readable
        return original(rel, **kwargs)

    fs._get = get  # type: ignore[method-assign]
    with pytest.raises(ConflictError, match="kept changing"):
        reader.audit_entries()


def test_the_change_feed_racing_a_compaction_restarts_instead_of_raising(
        bucket: str) -> None:
    url = f"s3://{bucket}/feed"
    _seed(url)
    reader = _fs(url)
    cursor, _, complete = reader.changes_after(None)  # type: ignore[misc]
    assert not complete
    writer = Store(_fs(url))
    for i in range(4):
        writer.write_text("user/a/feed.md", f"later {i}", **W)
    writer.fs.close()  # type: ignore[attr-defined]
    fired = _after_first_list(reader, lambda: _compact(url))
    got = reader.changes_after(cursor)
    assert fired and got is not None
    cursor, entries, complete = got
    # Either the segments were read before they went (complete, the four writes) or the
    # feed says it cannot know (not complete): never a silent gap.
    assert not complete or [e["path"] for e in entries] == ["user/a/feed.md"] * 4
    cursor, entries, complete = reader.changes_after(cursor)  # type: ignore[misc]
    seqs = _seqs(Store.open(url).audit_entries())
    assert cursor[1] == seqs[-1] or not complete
