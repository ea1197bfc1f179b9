"""The store's contract: policy, preconditions, versions, rollback, audit verification."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import snapshot
from sleepstack.errors import (
    ContentRefused,
    NotFoundError,
    PathRefused,
    PreconditionFailed,
    SleepstackError,
    StoreNotFoundError,
    UsageError,
)
from sleepstack.store import ABSENT, Change, Store
from sleepstack.store.audit import sha256_hex

W = {"actor": "test", "reason": "unit test"}


def test_write_read_history_rollback(store: Store) -> None:
    e1 = store.write_text("user/alice/notes.md", "one", **W)
    e2 = store.write_text("user/alice/notes.md", "two", expected_sha=e1["new_sha"], **W)
    assert store.read_text("user/alice/notes.md") == "two"
    assert store.sha("user/alice/notes.md") == e2["new_sha"] == sha256_hex(b"two")
    store.delete("user/alice/notes.md", **W)
    assert not store.exists("user/alice/notes.md")
    hist = store.history("user/alice/notes.md")
    assert [v.op for v in hist] == ["write", "write", "delete"]
    assert hist[0].actor == "test" and hist[0].reason == "unit test"
    store.rollback("user/alice/notes.md", 1, actor="ops", reason="restore")
    assert store.read_text("user/alice/notes.md") == "one"
    hist = store.history("user/alice/notes.md")
    assert len(hist) == 4 and hist[-1].op == "rollback" and hist[-1].actor == "ops"
    assert store.audit_verify().ok


def test_rollback_to_tombstone_deletes(store: Store) -> None:
    store.write_text("user/a/x.md", "1", **W)
    store.delete("user/a/x.md", **W)
    store.write_text("user/a/x.md", "2", **W)
    store.rollback("user/a/x.md", 2, **W)
    assert not store.exists("user/a/x.md")
    with pytest.raises(NotFoundError):
        store.rollback("user/a/x.md", 99, **W)


def test_audit_entries_are_chained(store: Store) -> None:
    store.write_text("user/a/x.md", "1", **W)
    store.write_text("staging/sessions/s/inbox/p.json", "{}", **W)
    entries = store.audit_entries()
    assert [e["seq"] for e in entries] == [1, 2]
    assert entries[1]["prev_hash"] == entries[0]["hash"]
    for key in ("seq", "op", "path", "actor", "reason", "old_sha", "new_sha", "at",
                "prev_hash", "hash"):
        assert key in entries[0]


def test_precondition_conflict_changes_nothing(store: Store, home: Path) -> None:
    store.write_text("user/a/x.md", "1", **W)
    before = snapshot(home)
    with pytest.raises(PreconditionFailed) as info:
        store.write_text("user/a/x.md", "2", expected_sha="0" * 64, **W)
    assert info.value.exit_code == 4
    with pytest.raises(PreconditionFailed):
        store.write_text("user/a/x.md", "2", expected_sha=ABSENT, **W)
    assert snapshot(home) == before


@pytest.mark.parametrize(
    ("path", "rule"),
    [
        ("../etc/passwd", "traversal"),
        ("user/a/../../b.md", "traversal"),
        ("user/a/./b.md", "traversal"),
        ("/etc/passwd", "absolute"),
        ("C:/x", "absolute"),
        ("user\\a\\b.md", "backslash"),
        ("user/a/b\x00.md", "control"),
        ("user/a/b\n.md", "control"),
        ("user/a/\u202eb.md", "control"),
        ("user//b.md", "empty_segment"),
        ("user/a/", "empty_segment"),
        ("", "empty"),
        ("elsewhere/a.md", "prefix"),
        ("user/a\ud800/b.md", "utf8"),
        ("memory/log/a/2024-01-01.md", "memory_readonly"),
        ("memory/topics/t/doc.md", "memory_readonly"),
        ("audit/log.jsonl", "internal"),
        ("versions/ab/abcdef", "internal"),
        ("user/../x.md", "traversal"),
        ("user/bad user/x.md", "user_id"),
        ("user/a/.hidden.md", "hidden"),
    ],
)
def test_refused_paths_change_nothing(store: Store, home: Path, path: str, rule: str) -> None:
    store.write_text("user/a/keep.md", "keep", **W)
    before = snapshot(home)
    with pytest.raises(PathRefused) as info:
        store.write_text(path, "x", **W)
    assert info.value.fields["rule"] == rule
    assert info.value.exit_code == 5
    with pytest.raises(PathRefused):
        store.delete(path, **W)
    assert snapshot(home) == before


def test_non_string_path_refused(store: Store) -> None:
    with pytest.raises(PathRefused):
        store.write_text(b"user/a/x.md", "x", **W)  # type: ignore[arg-type]


def test_content_limits(tmp_path: Path) -> None:
    store = Store.init(tmp_path / "h")
    store.max_bytes = 100
    before = snapshot(tmp_path / "h")
    with pytest.raises(ContentRefused) as info:
        store.write_text("user/a/x.md", "x" * 101, **W)
    assert info.value.fields["rule"] == "size"
    with pytest.raises(ContentRefused):
        store.write_text("user/a/x.md", "bin\x00ary", **W)
    with pytest.raises(ContentRefused):
        store.write_text("user/a/x.md", "bad \udcff surrogate", **W)
    with pytest.raises(ContentRefused):
        store.write_text("user/a/x.md", b"bytes", **W)  # type: ignore[arg-type]
    assert snapshot(tmp_path / "h") == before


def test_default_limit_is_one_mebibyte(store: Store) -> None:
    store.write_text("user/a/x.md", "x" * (1 << 20), **W)
    with pytest.raises(ContentRefused):
        store.write_text("user/a/y.md", "x" * ((1 << 20) + 1), **W)


def test_actor_and_reason_required(store: Store) -> None:
    with pytest.raises(UsageError):
        store.write_text("user/a/x.md", "x", actor="", reason="r")
    with pytest.raises(UsageError):
        store.write_text("user/a/x.md", "x", actor="a", reason=" ")


def test_append_only_through_ingestion_api(store: Store) -> None:
    store.append_text("memory/log/alice/2024-01-01.md", "- a\n", **W)
    store.append_text("memory/log/alice/2024-01-01.md", "- b\n", **W)
    assert store.read_text("memory/log/alice/2024-01-01.md") == "- a\n- b\n"
    with pytest.raises(PathRefused):
        store.append_text("user/alice/x.md", "x", **W)
    with pytest.raises(PathRefused):
        store.append_text("memory/log/alice/notes.md", "x", **W)
    with pytest.raises(PathRefused):
        store.rollback("memory/log/alice/2024-01-01.md", 1, **W)
    store.put_document("memory/topics/cooking/pasta.md", "# Pasta\n", **W)
    with pytest.raises(PathRefused):
        store.put_document("user/alice/doc.md", "x", **W)
    assert store.audit_verify().ok


def test_batch_is_all_or_nothing(store: Store, home: Path) -> None:
    store.write_text("user/a/x.md", "1", **W)
    before = snapshot(home)
    with pytest.raises(PreconditionFailed):
        store.apply(
            [Change("write", "user/a/y.md", "new"),
             Change("write", "user/a/x.md", "2", expected_sha="f" * 64)],
            **W,
        )
    assert snapshot(home) == before
    entries = store.apply(
        [Change("write", "user/a/y.md", "new"), Change("delete", "user/a/x.md")],
        cycle="c1", **W,
    )
    assert {e["tx"] for e in entries} == {entries[0]["tx"]}
    assert [e["path"] for e in store.iter_tx(cycle="c1")] == ["user/a/y.md", "user/a/x.md"]


def test_verify_detects_tampering(store: Store, home: Path) -> None:
    for i in range(4):
        store.write_text(f"user/a/f{i}.md", f"v{i}", **W)
    log = home / "audit" / "log.jsonl"
    original = log.read_bytes()
    lines = original.splitlines(keepends=True)

    def breaks_after(data: bytes) -> set[str]:
        log.write_bytes(data)
        kinds = {b.kind for b in store.audit_verify().breaks}
        log.write_bytes(original)
        return kinds

    edited = json.loads(lines[1])
    edited["actor"] = "mallory"
    assert "edited" in breaks_after(b"".join([lines[0], (json.dumps(edited) + "\n").encode(),
                                              *lines[2:]]))
    assert "chain" in breaks_after(b"".join([lines[0], *lines[2:]]))  # removed
    assert "chain" in breaks_after(b"".join([lines[0], lines[2], lines[1], lines[3]]))  # reordered
    assert "chain" in breaks_after(b"".join([lines[0], lines[1], lines[1], *lines[2:]]))  # inserted
    assert "truncated" in breaks_after(b"".join(lines[:-1]))  # last line removed
    assert "unparsable" in breaks_after(original + b"garbage\n")
    assert store.audit_verify().ok

    (home / "user/a/f2.md").write_text("tampered")
    (home / "user/a/rogue.md").write_text("sneaked in")
    (home / "user/a/f3.md").unlink()
    report = store.audit_verify()
    by_path = {b.path: b.kind for b in report.breaks}
    assert by_path == {"user/a/f2.md": "file_mismatch", "user/a/rogue.md": "unaudited_file",
                       "user/a/f3.md": "file_mismatch"}
    assert all(b.message for b in report.breaks)


def test_verify_detects_altered_version_blob(store: Store, home: Path) -> None:
    e = store.write_text("user/a/x.md", "content", **W)
    blob = home / "versions" / e["new_sha"][:2] / e["new_sha"]
    blob.write_text("altered")
    assert [b.kind for b in store.audit_verify().breaks] == ["version_corrupt"]


def test_open_missing_store(tmp_path: Path) -> None:
    with pytest.raises(StoreNotFoundError) as info:
        Store.open(tmp_path / "nope")
    assert info.value.exit_code == 3
    assert not (tmp_path / "nope").exists()


def test_list_prefixes(store: Store) -> None:
    store.write_text("user/a/x.md", "1", **W)
    store.write_text("user/b/y.md", "1", **W)
    assert store.list("user/a") == ["user/a/x.md"]
    assert store.list("user") == ["user/a/x.md", "user/b/y.md"]
    assert store.list("") == ["user/a/x.md", "user/b/y.md"]
    with pytest.raises(PathRefused):
        store.list("../")


def test_memory_fsspec_backend() -> None:
    store = Store.init("memory://sleepstack-test-backend")
    store.write_text("user/a/x.md", "1", **W)
    store.append_text("memory/log/a/2024-01-01.md", "- x\n", **W)
    store.write_text("user/a/x.md", "2", **W)
    assert store.read_text("user/a/x.md") == "2"
    assert store.list("") == ["memory/log/a/2024-01-01.md", "user/a/x.md"]
    assert [v.op for v in store.history("user/a/x.md")] == ["write", "write"]
    assert store.audit_verify().ok
    reopened = Store.open("memory://sleepstack-test-backend")
    assert reopened.read_text("user/a/x.md") == "2"


def test_errors_pickle_with_fields() -> None:
    import pickle

    err = PreconditionFailed("changed", path="user/a/x.md", expected_sha="x")
    back = pickle.loads(pickle.dumps(err))
    assert isinstance(back, SleepstackError) and back.fields["path"] == "user/a/x.md"
    assert back.to_dict()["error"] == "precondition_failed"
