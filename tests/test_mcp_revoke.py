"""Issue #12 item 6: ``token revoke`` reaches a running stdio MCP server started with
``--token``, on its next call; an operator token (no user) cannot bind it at all."""

from __future__ import annotations

import asyncio
from pathlib import Path

from mcp import Client

from conftest import mcp_stdio, run_cli
from sleepstack import Memory
from sleepstack.server.access_tokens import TokenStore


def test_revocation_reaches_a_running_stdio_server(tmp_path: Path) -> None:
    home = tmp_path / "home"
    mem = Memory.init(home)
    mem.log("alice", "s", "user", "my bike is green")
    rec, tok = TokenStore(mem.store).create("alice", "write")

    async def go() -> None:
        async with Client(mcp_stdio(home, "--token", tok)) as c:
            ok = await c.call_tool("log_turn", {"role": "user", "text": "before revoke"})
            assert not ok.is_error, ok.content
            r = run_cli("token", "revoke", rec.id, home=home)
            assert r.returncode == 0, r.stderr
            for name, args in (("log_turn", {"role": "user", "text": "after revoke"}),
                               ("recall", {"query": "bike"}),
                               ("remember", {"text": "x"}), ("facts", {})):
                res = await c.call_tool(name, args)
                assert res.is_error, (name, res.content)
                assert "revoked" in str(res.content[0]), res.content

    asyncio.run(asyncio.wait_for(go(), timeout=90))
    log = "".join(mem.store.read_text(p) for p in mem.store.list("memory/log/alice"))
    assert "before revoke" in log and "after revoke" not in log


def test_operator_token_cannot_bind_an_mcp_server(tmp_path: Path) -> None:
    home = tmp_path / "home"
    mem = Memory.init(home)
    _, tok = TokenStore(mem.store).create(None, "operator")
    r = run_cli("mcp", "--token", tok, home=home, timeout=60)
    assert r.returncode == 5, (r.returncode, r.stderr)
    assert "operator" in r.stderr and "Traceback" not in r.stderr
