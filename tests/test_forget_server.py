"""Erasure over HTTP (a real server on 127.0.0.1) and MCP (the SDK client over stdio).

A write token erases only its own user's data; whole-user erasure needs the
operator scope (403 for every other scope); another user's ids answer 404.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from sleepstack import Memory
from sleepstack.server.access_tokens import TokenStore
from sleepstack.server.testing import running_server

ALICE_SECRET = "alice-Kw9Xq-harbour-lantern"
BOB_SECRET = "bob-Zr7Tn-orchard-compass"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[Path, str, dict[tuple[str, str], str]]]:
    home = tmp_path / "home"
    mem = Memory.init(home)
    tokens: dict[tuple[str, str], str] = {}
    ts = TokenStore(mem.store)
    for user in ("alice", "bob"):
        for scope in ("read", "write", "admin"):
            tokens[(user, scope)] = ts.create(user, scope)[1]
    tokens[("ops", "operator")] = ts.create(None, "operator")[1]
    mem.log("alice", "s1", "user", f"my locker phrase is {ALICE_SECRET}", id="t-a1")
    mem.log("alice", "s1", "user", "I live in Lisbon", id="t-a2")
    mem.log("bob", "s1", "user", f"my locker phrase is {BOB_SECRET}", id="t-b1")
    with running_server(home, "--rate", "1000", "--burst", "1000") as base:
        yield home, base, tokens


def _call(base: str, tokens: dict[tuple[str, str], str], method: str, url: str, who: str,
          **kw: Any) -> httpx.Response:
    user, _, scope = who.partition(":")
    headers = {"Authorization": f"Bearer {tokens[(user, scope or 'write')]}"}
    return httpx.request(method, base + url, headers=headers, timeout=60, **kw)


def _raw(home: Path, user: str) -> str:
    return "".join(p.read_text() for p in (home / "memory/log" / user).glob("*.md"))


def test_http_forget_own_data_only(server: tuple[Path, str, dict[tuple[str, str], str]]
                                   ) -> None:
    home, base, tokens = server
    # Dry run first: nothing changes.
    r = _call(base, tokens, "POST", "/v1/forget", "alice",
              json={"text": ALICE_SECRET, "reason": "leak", "dry_run": True})
    assert r.status_code == 200, r.text
    assert r.json()["dry_run"] and r.json()["counts"]["memory.rewritten"] == 1
    assert ALICE_SECRET in _raw(home, "alice")
    # A string is erased from the caller's own data only: bob's copy stays.
    r = _call(base, tokens, "POST", "/v1/forget", "alice",
              json={"text": BOB_SECRET, "reason": "try bob's"})
    assert r.status_code == 200 and r.json()["changed"] == 0
    assert BOB_SECRET in _raw(home, "bob")
    r = _call(base, tokens, "POST", "/v1/forget", "alice",
              json={"text": ALICE_SECRET, "reason": "leak"})
    assert r.status_code == 200, r.text
    assert ALICE_SECRET not in _raw(home, "alice")
    # Another user's turn id is not found for this token; one's own is erased.
    r = _call(base, tokens, "DELETE", "/v1/turns/t-b1", "alice", params={"reason": "x"})
    assert r.status_code == 404, r.text
    r = _call(base, tokens, "DELETE", "/v1/turns/t-a2", "alice", params={"reason": "gdpr"})
    assert r.status_code == 200, r.text
    assert "Lisbon" not in _raw(home, "alice") and "| t-a2 |" in _raw(home, "alice")
    # Missing reason: 422 (schema); read scope: 403; no target: 422 (a usage error).
    r = _call(base, tokens, "POST", "/v1/forget", "alice", json={"turns": ["t-a1"]})
    assert r.status_code == 422
    r = _call(base, tokens, "POST", "/v1/forget", "alice:read",
              json={"turns": ["t-a1"], "reason": "x"})
    assert r.status_code == 403
    r = _call(base, tokens, "POST", "/v1/forget", "alice", json={"reason": "x"})
    assert r.status_code == 422 and r.json()["error"] == "usage"
    assert Memory(home).audit_verify().ok


def test_http_whole_user_erasure_needs_operator(
        server: tuple[Path, str, dict[tuple[str, str], str]]) -> None:
    home, base, tokens = server
    for who in ("bob:write", "bob:admin", "alice:admin"):
        r = _call(base, tokens, "POST", "/v1/forget", who,
                  json={"everything": True, "user": "bob", "reason": "close"})
        assert r.status_code == 403, (who, r.text)
        assert r.json()["error"] == "access_denied"
    assert BOB_SECRET in _raw(home, "bob")
    # An operator erases bob wholly; alice's data is untouched.
    before = _raw(home, "alice")
    r = _call(base, tokens, "POST", "/v1/forget", "ops:operator",
              json={"everything": True, "user": "bob", "reason": "account closed"})
    assert r.status_code == 200, r.text
    assert BOB_SECRET not in _raw(home, "bob")
    assert _raw(home, "alice") == before
    # An operator token acts on no user's data otherwise: a plain erasure is refused.
    r = _call(base, tokens, "POST", "/v1/forget", "ops:operator",
              json={"text": ALICE_SECRET, "reason": "x"})
    assert r.status_code == 403, r.text
    assert Memory(home).audit_verify().ok


def test_mcp_forget_tool_for_the_bound_user(tmp_path: Path) -> None:
    from mcp import Client, StdioServerParameters

    home = tmp_path / "home"
    mem = Memory.init(home)
    mem.log("alice", "s1", "user", f"my locker phrase is {ALICE_SECRET}", id="t-a1")
    mem.log("bob", "s1", "user", f"my locker phrase is {ALICE_SECRET}", id="t-b1")
    env = {k: v for k, v in os.environ.items() if not k.startswith("SLEEPSTACK_")}
    params = StdioServerParameters(command=sys.executable, env=env,
                                   args=["-m", "sleepstack", "--home", str(home), "mcp",
                                         "--user", "alice"])

    async def go() -> None:
        async with Client(params) as c:
            tools = {t.name: t for t in (await c.list_tools()).tools}
            assert "user" not in tools["forget"].input_schema.get("properties", {})
            r = await c.call_tool("forget", {"text": ALICE_SECRET, "reason": "leak"})
            assert not r.is_error, r.content
            data = (r.structured_content if r.structured_content is not None
                    else json.loads(r.content[0].text))
            assert data["counts"]["memory.rewritten"] == 1
            r = await c.call_tool("forget", {"turn_ids": ["t-b1"], "reason": "x"})
            assert r.is_error

    asyncio.run(asyncio.wait_for(go(), timeout=90))
    assert ALICE_SECRET not in _raw(home, "alice")
    assert ALICE_SECRET in _raw(home, "bob")  # another user's data is not the bound user's
    assert Memory(home).audit_verify().ok


def test_require_operator_is_one_comparison_with_the_operator_scope() -> None:
    from dataclasses import replace

    from sleepstack.errors import AccessDenied
    from sleepstack.server.access_tokens import TokenRecord
    from sleepstack.server.forget_routes import require_operator

    rec = TokenRecord(id="t1", name="n", user="ops", scope="operator", hash="h", created="c")
    require_operator(rec, "erasing a whole user")
    for scope in ("read", "write", "admin", "Operator", "operator "):
        with pytest.raises(AccessDenied):
            require_operator(replace(rec, scope=scope), "erasing a whole user")


def test_http_delete_fact_own_only(tmp_path: Path) -> None:
    from forget_seed import CONFIG
    from sleepstack.store import Store

    home = tmp_path / "home"
    Store.init(home, config_text=CONFIG)
    mem = Memory(home)
    mem.log("alice", "s1", "user", "I live in Lisbon.", id="a1")
    mem.log("bob", "s1", "user", "I live in Berlin.", id="b1")
    mem.sleep()
    ts = TokenStore(mem.store)
    tokens = {(u, "write"): ts.create(u, "write")[1] for u in ("alice", "bob")}
    alice_fact = mem.facts("alice")[0].id
    bob_fact = mem.facts("bob")[0].id
    with running_server(home, "--rate", "1000", "--burst", "1000") as base:
        r = _call(base, tokens, "DELETE", f"/v1/facts/{bob_fact}", "alice",
                  params={"reason": "x"})
        assert r.status_code == 404, r.text
        r = _call(base, tokens, "DELETE", f"/v1/facts/{alice_fact}", "alice")
        assert r.status_code == 422  # the reason is required
        r = _call(base, tokens, "DELETE", f"/v1/facts/{alice_fact}", "alice",
                  params={"reason": "wrong"})
        assert r.status_code == 200, r.text
    assert Memory(home).facts("alice", include_history=True) == []
    assert [f.id for f in Memory(home).facts("bob")] == [bob_fact]
    assert Memory(home).audit_verify().ok
