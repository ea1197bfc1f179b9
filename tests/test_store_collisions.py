"""Issue #12 item 1: a file/directory collision never reaches the commit point, and a
committed entry that cannot be applied is quarantined instead of wedging every open."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest

from conftest import run_cli, snapshot
from sleepstack import Memory
from sleepstack.errors import PathRefused
from sleepstack.server.access_tokens import TokenStore
from sleepstack.server.testing import running_server
from sleepstack.store import Change, Store

W = {"actor": "test", "reason": "collision test"}


@pytest.fixture(params=["local", "memory"])
def any_store(request: pytest.FixtureRequest, tmp_path: Path) -> Store:
    if request.param == "local":
        return Store.init(tmp_path / "home")
    return Store.init(f"memory://collide-{tmp_path.name}")


def _state(store: Store) -> tuple[list[str], int]:
    return store.list(""), len(store.audit_entries())


def test_file_under_a_file_is_refused(any_store: Store) -> None:
    any_store.write_text("user/alice/notes/a.md", "a", **W)
    before = _state(any_store)
    with pytest.raises(PathRefused) as info:
        any_store.write_text("user/alice/notes/a.md/b.md", "b", **W)
    assert info.value.fields["rule"] == "collision"
    assert info.value.exit_code == 5
    assert _state(any_store) == before
    assert any_store.audit_verify().ok


def test_file_over_a_directory_is_refused(any_store: Store) -> None:
    any_store.write_text("user/alice/notes/x.md", "x", **W)
    before = _state(any_store)
    with pytest.raises(PathRefused) as info:
        any_store.write_text("user/alice/notes", "over the dir", **W)
    assert info.value.fields["rule"] == "collision"
    assert _state(any_store) == before
    assert any_store.audit_verify().ok


@pytest.mark.parametrize("order", [("a.md", "a.md/b.md"), ("a.md/b.md", "a.md")])
def test_collision_inside_one_batch_is_refused(any_store: Store, order: tuple[str, str]) -> None:
    before = _state(any_store)
    changes = [Change("write", f"user/alice/notes/{p}", p) for p in order]
    with pytest.raises(PathRefused):
        any_store.apply(changes, **W)
    assert _state(any_store) == before
    assert any_store.audit_verify().ok


def test_delete_then_reuse_as_directory_in_one_batch(any_store: Store) -> None:
    any_store.write_text("user/alice/notes/a.md", "a", **W)
    any_store.apply([Change("delete", "user/alice/notes/a.md"),
                     Change("write", "user/alice/notes/a.md/b.md", "b")], **W)
    assert any_store.read_text("user/alice/notes/a.md/b.md") == "b"
    assert any_store.audit_verify().ok


def test_ingested_documents_cannot_collide(any_store: Store) -> None:
    any_store.put_document("memory/topics/t/a.md", "doc", **W)
    with pytest.raises(PathRefused):
        any_store.put_document("memory/topics/t/a.md/b.md", "doc", **W)


def test_recovery_quarantines_an_entry_it_cannot_apply(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A log written by older code (the collision committed): open quarantines, keeps serving."""
    home = tmp_path / "home"
    store = Store.init(home)
    store.write_text("user/mallory/notes/a.md", "a", **W)
    monkeypatch.setattr(Store, "_check_collisions", lambda self, changes, known=None: None)
    with pytest.raises(OSError):
        store.write_text("user/mallory/notes/a.md/b.md", "b", **W)
    monkeypatch.undo()
    reopened = Store.open(home)  # must not raise
    report = reopened.audit_verify()
    assert report.ok, report.to_dict()
    assert [q["path"] for q in report.quarantined] == ["user/mallory/notes/a.md/b.md"]
    last = reopened.history("user/mallory/notes/a.md/b.md")[-1]
    assert last.op == "quarantine" and last.sha is None
    reopened.write_text("user/alice/notes/ok.md", "still serving", **W)
    assert Store.open(home).audit_verify().ok
    # the CLI reports it instead of crashing
    r = run_cli("audit", "verify", "--json", home=home)
    assert r.returncode == 0, r.stderr
    body = json.loads(r.stdout)
    assert body["ok"] and body["quarantined"][0]["path"] == "user/mallory/notes/a.md/b.md"


def test_cli_repro_one_proposal_cannot_stop_the_store(tmp_path: Path) -> None:
    home = tmp_path / "home"
    assert run_cli("init", home=home).returncode == 0
    for text, path in (("a", "user/mallory/notes/a.md"), ("b", "user/mallory/notes/a.md/b.md")):
        r = run_cli("propose", text, "--user", "mallory", "--session", "s", "--path", path,
                    home=home)
        assert r.returncode == 0, r.stderr
    r = run_cli("sleep", "--json", home=home)
    assert r.returncode == 0, r.stderr
    for args in (("log", "--user", "alice", "--session", "s", "--role", "user", "hi there"),
                 ("propose", "more", "--user", "alice", "--session", "s"),
                 ("recall", "hi", "--user", "alice"),
                 ("audit", "verify")):
        r = run_cli(*args, home=home)
        assert r.returncode == 0, (args, r.stderr)
        assert "Traceback" not in r.stderr
    files = Store.open(home).list("user/mallory")
    assert "user/mallory/notes/a.md" in files
    assert not any(f.startswith("user/mallory/notes/a.md/") for f in files)
    # the HTTP API keeps serving another user
    ts = TokenStore(Memory(home).store)
    _, tok = ts.create("alice", "read")
    with running_server(home) as base:
        resp = httpx.post(f"{base}/v1/recall", json={"query": "hi", "user": "alice"},
                          headers={"Authorization": f"Bearer {tok}"}, timeout=30)
    assert resp.status_code == 200, resp.text


def test_snapshot_helper_unchanged_on_refusal(tmp_path: Path) -> None:
    home = tmp_path / "home"
    store = Store.init(home)
    store.write_text("user/a/x/y.md", "1", **W)
    before = snapshot(home)
    with pytest.raises(PathRefused):
        store.write_text("user/a/x", "2", **W)
    assert snapshot(home) == before


def test_proposal_cannot_make_a_directory_of_a_cycle_file() -> None:
    from sleepstack.sleep.phases.validate import note_path_for

    prop = {"id": "p-1", "user": "mallory", "path": "user/mallory/LONG_TERM.md/notes/x.md"}
    assert note_path_for(prop, set()) == "user/mallory/notes/p-1.md"
    # another proposal asked for a directory named like this one's default
    taken = {"user/mallory/notes/p-1.md/x.md"}
    got = note_path_for({"id": "p-1", "user": "mallory"}, taken)
    assert got == "user/mallory/notes/p-1-2.md"


def test_a_name_at_the_length_limit_is_written(tmp_path: Path) -> None:
    """Found by the fuzz suite: the temporary file of a 255-byte name was over the limit."""
    store = Store.init(tmp_path / "home")
    name = "n" * 252 + ".md"
    store.write_text(f"user/ann/{name}", "long", **W)
    assert store.read_text(f"user/ann/{name}") == "long"
    assert Store.open(tmp_path / "home").audit_verify().ok


def test_recovery_quarantines_a_name_the_filesystem_refuses(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import errno

    from sleepstack.store.fs import LocalFS

    home = tmp_path / "home"
    store = Store.init(home)
    real = LocalFS._write_atomic

    def too_long(self: LocalFS, rel: str, data: bytes, *, durable: bool) -> None:
        if rel.startswith("user/"):
            raise OSError(errno.ENAMETOOLONG, "File name too long", rel)
        real(self, rel, data, durable=durable)

    monkeypatch.setattr(LocalFS, "_write_atomic", too_long)
    with pytest.raises(OSError):
        store.write_text("user/ann/x.md", "x", **W)
    again = Store.open(home)  # the name is still refused: quarantined, not a wedge
    monkeypatch.undo()
    report = again.audit_verify()
    assert report.ok and [q["path"] for q in report.quarantined] == ["user/ann/x.md"]
    again.write_text("user/ann/y.md", "still serving", **W)
