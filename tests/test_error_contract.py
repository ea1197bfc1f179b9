"""Issue #12 item 10: docs/errors.md is the contract, and every row holds on the CLI
(a real subprocess), the HTTP API (a real server on 127.0.0.1) and MCP."""

from __future__ import annotations

import asyncio
import json
import re
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from conftest import REPO, run_cli
from sleepstack import Memory, errors
from sleepstack.server.access_tokens import TokenStore
from sleepstack.server.testing import free_port


def _doc_rows() -> list[tuple[str, str, int, int]]:
    """(code, class name, exit, HTTP) of every row of docs/errors.md's table."""
    rows = []
    for line in (REPO / "docs" / "errors.md").read_text().splitlines():
        m = re.match(r"^\| `(\w+)` \((\w+)\) \| (\d) \| (\d{3}) \|", line)
        if m:
            rows.append((m[1], m[2], int(m[3]), int(m[4])))
    return rows


ROWS = _doc_rows()
IDS = [r[1] for r in ROWS]


def test_the_table_is_every_error_class_and_agrees_with_the_code() -> None:
    classes = {name for name in errors.__all__
               if isinstance(getattr(errors, name), type)
               and issubclass(getattr(errors, name), errors.SleepstackError)}
    assert {r[1] for r in ROWS} == classes
    for code, name, exit_code, status in ROWS:
        cls = getattr(errors, name)
        assert (cls.code, cls.exit_code, cls.http_status) == (code, exit_code, status), name


# ------------------------------------------------------------------------ CLI
_RAISE = """
import sys
from sleepstack import errors
from sleepstack.api import Memory
from sleepstack.cli import main
cls = getattr(errors, sys.argv[1])
def boom(self, *a, **k):
    raise cls("boom from " + sys.argv[1], path="user/alice/x.md")
Memory.audit_verify = boom
sys.exit(main(["--home", sys.argv[2], "audit", "verify", *sys.argv[3:]]))
"""


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    h = tmp_path_factory.mktemp("errs") / "home"
    Memory.init(h)
    return h


@pytest.mark.parametrize(("code", "name", "exit_code", "status"), ROWS, ids=IDS)
def test_every_row_on_the_cli(home: Path, code: str, name: str, exit_code: int,
                              status: int) -> None:
    for extra in ((), ("--json",)):
        r = subprocess.run([sys.executable, "-c", _RAISE, name, str(home), *extra],
                           capture_output=True, text=True, timeout=60, check=False)
        assert r.returncode == exit_code, (name, r.returncode, r.stderr)
        assert r.stderr.strip() == f"sleepstack: error: boom from {name}", r.stderr
        if extra:
            assert json.loads(r.stdout)["error"] == code


# ----------------------------------------------------------------------- HTTP
@pytest.fixture(scope="module")
def server(home: Path) -> Iterator[tuple[str, str]]:
    """A real uvicorn server on loopback, in this process (so a method can be made to fail)."""
    import uvicorn

    from sleepstack.server.http import ServerSettings, create_app

    _, token = TokenStore(Memory(home).store).create(None, "operator")
    app = create_app(ServerSettings(home=str(home), rate=0))
    port = free_port()
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="error"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while not srv.started:
        assert time.monotonic() < deadline and thread.is_alive()
        time.sleep(0.05)
    yield base, token
    srv.should_exit = True
    thread.join(timeout=10)


@pytest.mark.parametrize(("code", "name", "exit_code", "status"), ROWS, ids=IDS)
def test_every_row_over_http(server: tuple[str, str], monkeypatch: pytest.MonkeyPatch,
                             code: str, name: str, exit_code: int, status: int) -> None:
    base, token = server
    cls = getattr(errors, name)

    def boom(self: Any) -> Any:
        raise cls(f"boom from {name}", path="user/alice/x.md")

    monkeypatch.setattr(Memory, "audit_verify", boom)
    r = httpx.get(f"{base}/v1/audit/verify", headers={"Authorization": f"Bearer {token}"},
                  timeout=30)
    assert r.status_code == status, (name, r.text)
    assert r.json() == {"error": code, "message": f"boom from {name}",
                        "detail": {"path": "user/alice/x.md"}}


# ------------------------------------------------------------------------ MCP
@pytest.mark.parametrize(("code", "name", "exit_code", "status"), ROWS, ids=IDS)
def test_every_row_over_mcp(home: Path, monkeypatch: pytest.MonkeyPatch, code: str, name: str,
                            exit_code: int, status: int) -> None:
    from mcp import Client

    from sleepstack.server.access_tokens import Scope
    from sleepstack.server.mcp import MCPBinding, build_mcp

    cls = getattr(errors, name)

    def boom(self: Any, *a: Any, **k: Any) -> Any:
        raise cls(f"boom from {name}")

    monkeypatch.setattr(Memory, "recall", boom)
    server = build_mcp(Memory(home), MCPBinding("alice", Scope.WRITE, "mcp:alice"))

    async def go() -> None:
        async with Client(server) as c:
            res = await c.call_tool("recall", {"query": "x"})
            assert res.is_error
            text = res.content[0].text  # type: ignore[union-attr]
            assert text.endswith(f"{code}: boom from {name}"), text

    asyncio.run(asyncio.wait_for(go(), timeout=60))


# ------------------------------------------ the same refusals, really triggered
def test_real_refusals_agree_across_cli_http_and_mcp(home: Path,
                                                    server: tuple[str, str]) -> None:
    base, _ = server
    _, tok = TokenStore(Memory(home).store).create("alice", "write")
    h = {"Authorization": f"Bearer {tok}"}
    cases: list[tuple[str, tuple[str, ...], dict[str, Any]]] = [
        ("usage", ("log", "--user", "alice", "--session", "s", "--role", "user",
                   "--at", "0001-01-01T00:00:00+14:00", "x"),
         {"session": "s", "role": "user", "text": "x", "at": "0001-01-01T00:00:00+14:00"}),
        ("duplicate_id", ("log", "--user", "alice", "--session", "s", "--role", "user",
                          "--id", "dup-1", "x"),
         {"session": "s", "role": "user", "text": "x", "id": "dup-1"}),
    ]
    for code, argv, body in cases:
        cls = next(getattr(errors, n) for c, n, _, _ in ROWS if c == code)
        if code == "duplicate_id":
            assert run_cli(*argv, home=home).returncode == 0
        r = run_cli(*argv, home=home)
        assert r.returncode == cls.exit_code, (code, r.stderr)
        resp = httpx.post(f"{base}/v1/log", json=body, headers=h, timeout=30)
        assert resp.status_code == cls.http_status, resp.text
        assert resp.json()["error"] == code
    # a proposal target outside the user's area: 5 on the CLI, 422 path_refused over HTTP
    r = run_cli("propose", "x", "--user", "alice", "--session", "s", "--path",
                "../../etc/passwd", home=home)
    assert r.returncode == errors.PathRefused.exit_code
    resp = httpx.post(f"{base}/v1/propose", headers=h, timeout=30,
                      json={"text": "x", "session": "s", "path": "../../etc/passwd"})
    assert resp.status_code == errors.PathRefused.http_status
    assert resp.json()["error"] == "path_refused"
