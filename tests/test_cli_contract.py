"""Issue #12 item 10: the CLI's exit codes agree with themselves and with HTTP."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import run_cli


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    h = tmp_path_factory.mktemp("contract") / "home"
    assert run_cli("init", home=h).returncode == 0
    return h


def _one_line(r: object) -> str:
    err = r.stderr  # type: ignore[attr-defined]
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return str(lines[0])


def test_bad_user_is_the_same_error_for_log_and_import(home: Path) -> None:
    r1 = run_cli("log", "--user", "../bob", "--session", "s", "--role", "user", "x", home=home)
    line = json.dumps({"user": "../bob", "session": "s", "role": "user", "text": "x"})
    r2 = run_cli("import", "-", home=home, stdin=(line + "\n").encode())
    assert r1.returncode == r2.returncode == 5, (r1.returncode, r2.returncode)
    _one_line(r1)
    _one_line(r2)


def test_ls_of_an_unknown_prefix_is_a_usage_error(home: Path) -> None:
    r = run_cli("ls", "nothing/", home=home)
    assert r.returncode == 2, (r.returncode, r.stderr)
    assert "user/" in _one_line(r)  # names the prefixes there are


def test_propose_outside_the_users_area_is_refused(home: Path) -> None:
    for path in ("../../etc/passwd", "user/bob/notes/x.md", "config/tokens.json"):
        r = run_cli("propose", "x", "--user", "alice", "--session", "s", "--path", path,
                    home=home)
        assert r.returncode == 5, (path, r.returncode, r.stderr)
        _one_line(r)
    assert not list((home / "staging").rglob("*.json"))
    ok = run_cli("propose", "x", "--user", "alice", "--session", "s", "--path",
                 "user/alice/notes/x.md", home=home)
    assert ok.returncode == 0, ok.stderr


def test_ls_without_results_prints_no_json(home: Path) -> None:
    r = run_cli("ls", "user/nobody", home=home)
    assert r.returncode == 0, r.stderr
    assert r.stdout == ""
    r = run_cli("ls", "user/nobody", "--json", home=home)
    assert json.loads(r.stdout) == {"prefix": "user/nobody", "files": []}


def test_sign_in_page_suggests_a_command_that_works(home: Path) -> None:
    import re

    from sleepstack.server import web

    page = web._login_document("/", None, "")
    m = re.search(r"<code>(sleepstack token create[^<]*)</code>", page)
    assert m, page
    args = m.group(1).replace("USER", "alice").split()[1:]
    r = run_cli(*args, home=home)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip().startswith("sst_")
