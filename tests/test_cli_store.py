"""The store commands through the real CLI in a subprocess: happy path and every exit code."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import run_cli, snapshot


def test_missing_home_is_exit_3(tmp_path: Path) -> None:
    r = run_cli("ls", home=tmp_path / "absent")
    assert r.returncode == 3
    assert r.stderr.count("\n") == 1 and "sleepstack init" in r.stderr
    assert not (tmp_path / "absent").exists()


def test_store_happy_path(tmp_path: Path) -> None:
    home = tmp_path / "h"
    assert run_cli("init", home=home).returncode == 0
    r = run_cli("log", "--user", "alice", "--session", "s1", "--role", "user",
                "--at", "2024-03-01T10:00:00Z", "--id", "T1", "I like tea", home=home)
    assert r.returncode == 0 and r.stdout.strip() == "T1"
    r = run_cli("--json", "ls", "memory", home=home)
    assert json.loads(r.stdout)["files"] == ["memory/log/alice/2024-03-01.md"]
    r = run_cli("cat", "memory/log/alice/2024-03-01.md", home=home)
    assert "| T1 | s1 | user | I like tea" in r.stdout
    r = run_cli("propose", "Alice likes tea", "--user", "alice", "--session", "s1", home=home)
    assert r.returncode == 0 and r.stdout.startswith("p-")
    staged = json.loads(run_cli("--json", "ls", "staging", home=home).stdout)["files"]
    assert len(staged) == 1
    r = run_cli("--json", "history", staged[0], home=home)
    versions = json.loads(r.stdout)["versions"]
    assert versions[0]["actor"] == "cli" and versions[0]["op"] == "write"
    r = run_cli("audit", "verify", home=home)
    assert r.returncode == 0 and r.stdout.startswith("ok:")
    r = run_cli("audit", "verify", "--json", home=home)
    assert json.loads(r.stdout)["ok"] is True


def test_rollback_via_cli(tmp_path: Path) -> None:
    from sleepstack.store import Store

    home = tmp_path / "h"
    store = Store.init(home)
    store.write_text("user/a/x.md", "first", actor="t", reason="r")
    store.write_text("user/a/x.md", "second", actor="t", reason="r")
    r = run_cli("rollback", "user/a/x.md", "1", home=home)
    assert r.returncode == 0, r.stderr
    assert (home / "user/a/x.md").read_text() == "first"
    r = run_cli("rollback", "user/a/x.md", "9", home=home)
    assert r.returncode == 3


def test_exit_codes(tmp_path: Path) -> None:
    home = tmp_path / "h"
    run_cli("init", home=home)
    run_cli("log", "--user", "a", "--session", "s", "--role", "user", "--id", "X", "hi", home=home)
    before = snapshot(home)
    cases = [
        (["frobnicate"], 2),
        (["log", "--user", "a", "--session", "s", "--role", "user", "--at", "yesterday-ish",
          "hi"], 2),
        (["cat", "user/a/none.md"], 3),
        (["log", "--user", "a", "--session", "s", "--role", "user", "--id", "X", "dup"], 4),
        (["cat", "../../etc/passwd"], 5),
        (["rollback", "memory/log/a/x.md", "1"], 5),
        (["log", "--user", "../evil", "--session", "s", "--role", "user", "hi"], 5),
    ]
    for args, code in cases:
        r = run_cli(*args, home=home)
        assert r.returncode == code, (args, r.returncode, r.stderr)
        assert r.stderr.strip().count("\n") == 0, r.stderr  # one line
        assert "Traceback" not in r.stderr
    assert snapshot(home) == before
    r = run_cli("--json", "cat", "user/a/none.md", home=home)
    assert json.loads(r.stdout)["error"] == "not_found"


def test_audit_verify_names_breaks_exit_4(tmp_path: Path) -> None:
    from sleepstack.store import Store

    home = tmp_path / "h"
    Store.init(home).write_text("user/a/x.md", "ok", actor="t", reason="r")
    (home / "user/a/x.md").write_text("tampered")
    r = run_cli("audit", "verify", home=home)
    assert r.returncode == 4
    assert "user/a/x.md" in r.stdout


def test_import_all_or_nothing(tmp_path: Path) -> None:
    home = tmp_path / "h"
    run_cli("init", home=home)
    before = snapshot(home)
    bad = (b'{"user":"a","session":"s","role":"user","text":"ok"}\n'
           b'{"user":"a","session":"s","role":"user","text":"x","mood":"?"}\n')
    r = run_cli("import", "-", home=home, stdin=bad)
    assert r.returncode == 2 and "<stdin>:2" in r.stderr and "mood" in r.stderr
    for payload, needle in [
        (b'{"session":"s","role":"user","text":"x"}\n', "user"),
        (b'{"user":"a","session":"s","role":"user","text":"x","at":"tomorrow"}\n', "time"),
        (b'not json\n', "JSON"),
        (b'{"user":"a","session":"s","role":"user","text":"\xff"}\n', "UTF-8"),
    ]:
        r = run_cli("import", "-", home=home, stdin=payload) if b"\xff" not in payload else None
        if r is None:
            path = tmp_path / "bad.jsonl"
            path.write_bytes(payload)
            r = run_cli("import", str(path), home=home)
        assert r.returncode == 2 and needle in r.stderr and ":1" in r.stderr, r.stderr
    assert snapshot(home) == before
    good = b"".join(
        b'{"user":"u%d","session":"s","role":"user","text":"turn %d",'
        b'"at":"2024-01-0%dT00:00:00Z"}\n' % (i % 3, i, i % 5 + 1) for i in range(200))
    path = tmp_path / "good.jsonl"
    path.write_bytes(good)
    r = run_cli("import", str(path), home=home)
    assert r.returncode == 0 and "imported 200" in r.stdout
    assert "imported 200 turns" in r.stdout and "\r" not in r.stderr  # no bar off a terminal
