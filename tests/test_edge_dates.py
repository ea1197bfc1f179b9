"""Issue #12 item 7: times outside a sane, configurable range are usage errors
(exit 2 on the CLI, 422 over HTTP), never an OverflowError or a far-future turn."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import run_cli
from sleepstack import Memory
from sleepstack.errors import UsageError

EDGES = ["0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59Z", "1800-01-01T00:00:00Z",
         "9999-12-31T23:59:59-14:00", "0001-01-01"]


@pytest.mark.parametrize("at", EDGES)
def test_library_refuses_edge_dates(tmp_path: Path, at: str) -> None:
    mem = Memory.init(tmp_path / "home")
    with pytest.raises(UsageError):
        mem.log("alice", "s", "user", "hello", at=at)
    with pytest.raises(UsageError):
        mem.import_turns([{"user": "alice", "session": "s", "role": "user", "text": "x",
                           "at": at}])
    assert mem.store.list("memory/log") == []


def test_cli_log_and_import_exit_2(tmp_path: Path) -> None:
    home = tmp_path / "home"
    assert run_cli("init", home=home).returncode == 0
    for at in EDGES[:3]:
        r = run_cli("log", "--user", "alice", "--session", "s", "--role", "user",
                    "--at", at, "hi", home=home)
        assert r.returncode == 2, (at, r.returncode, r.stderr)
        assert "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1
        line = json.dumps({"user": "alice", "session": "s", "role": "user", "text": "x",
                           "at": at})
        r = run_cli("import", "-", home=home, stdin=(line + "\n").encode())
        assert r.returncode == 2, (at, r.returncode, r.stderr)
        assert "Traceback" not in r.stderr
    ok = run_cli("log", "--user", "alice", "--session", "s", "--role", "user",
                 "--at", "2023-05-08T13:56:00Z", "fine", home=home)
    assert ok.returncode == 0, ok.stderr


def test_range_is_configurable(tmp_path: Path) -> None:
    home = tmp_path / "home"
    Memory.init(home)
    cfg = home / "sleepstack.toml"
    cfg.write_text(cfg.read_text() + '\n[log]\nearliest = "1800-01-01T00:00:00Z"\n')
    mem = Memory(home)
    mem.log("alice", "s", "user", "an old letter", at="1850-06-01T00:00:00Z")
    with pytest.raises(UsageError):
        mem.log("alice", "s", "user", "older still", at="1799-12-31T00:00:00Z")
    cfg.write_text(cfg.read_text() + 'max_future_days = "soon"\n')
    with pytest.raises(UsageError):
        Memory(home).log("alice", "s", "user", "x")
