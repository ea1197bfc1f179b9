"""The HTTP API, served by a real ``sleepstack serve`` subprocess and driven with httpx.

One server per module (startup costs seconds on 2 cores); tests that need
other limits start their own small one.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
import pytest

from sleepstack import Memory
from sleepstack.server.access_tokens import TokenStore
from sleepstack.server.testing import running_server

USERS = ("alice", "bob")
SCOPES = ("read", "write", "admin")
NOT_FOUND = {"error": "not_found", "message": "not found", "detail": {}}


def _no_trace(r: httpx.Response) -> None:
    text = r.text
    assert "Traceback" not in text and 'File "' not in text, text


def err(r: httpx.Response, status: int, code: str | None = None) -> dict[str, Any]:
    """Assert an error response: status, JSON {error, message, detail}, no trace."""
    _no_trace(r)
    assert r.status_code == status, (r.status_code, r.text)
    body = r.json()
    assert set(body) == {"error", "message", "detail"}, body
    if code is not None:
        assert body["error"] == code, body
    return body


class Env:
    """The server, its store and a token per (user, scope)."""

    def __init__(self, home: Path, base: str, tokens: dict[tuple[str, str], str],
                 ids: dict[tuple[str, str], str]) -> None:
        self.home = home
        self.base = base
        self.tokens = tokens
        self.ids = ids
        self.client = httpx.Client(base_url=base, timeout=30)

    def h(self, user: str, scope: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.tokens[(user, scope)]}"}

    def call(self, method: str, url: str, user: str, scope: str, **kw: Any) -> httpx.Response:
        r = self.client.request(method, url, headers=self.h(user, scope), **kw)
        _no_trace(r)
        return r


def _today() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%d")


@pytest.fixture(scope="module")
def env(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Env]:
    home = tmp_path_factory.mktemp("srv") / "home"
    mem = Memory.init(home)
    ts = TokenStore(mem.store)
    tokens: dict[tuple[str, str], str] = {}
    ids: dict[tuple[str, str], str] = {}
    for u in USERS:
        for s in SCOPES:
            rec, tok = ts.create(u, s)
            tokens[(u, s)] = tok
            ids[(u, s)] = rec.id
    rec, tok = ts.create(None, "operator")
    tokens[("", "operator")] = tok
    ids[("", "operator")] = rec.id
    # Seed each user's memory with something only they said.
    for u in USERS:
        mem.log(u, "seed", "user", f"{u}'s secret favourite colour is {u}-violet", id=f"seed-{u}")
        mem.propose(f"{u} prefers tea in the morning", u, f"seed-{u}")
    with running_server(home, "--max-body", "65536", "--max-depth", "16",
                        "--rate", "1000", "--burst", "1000") as base:
        e = Env(home, base, tokens, ids)
        yield e
        e.client.close()


# ------------------------------------------------------------------ happy paths
def test_health_and_openapi(env: Env) -> None:
    r = env.client.get("/health")
    assert r.status_code == 200 and r.json()["status"] == "ok"
    spec = env.client.get("/openapi.json").json()
    paths = set(spec["paths"])
    for p in ("/v1/recall", "/v1/ask", "/v1/log", "/v1/import", "/v1/propose", "/v1/facts",
              "/v1/history", "/v1/review", "/v1/review/{proposal_id}", "/v1/sleep", "/v1/undo",
              "/v1/audit/verify", "/health"):
        assert p in paths, p
    assert "HTTPBearer" in spec["components"]["securitySchemes"]


def test_whoami(env: Env) -> None:
    r = env.call("GET", "/v1/whoami", "alice", "write")
    assert r.json() == {"id": env.ids[("alice", "write")], "name": "alice-write",
                        "user": "alice", "scope": "write"}


def test_log_recall_ask_and_audit_actor(env: Env) -> None:
    r = env.call("POST", "/v1/log", "alice", "write",
                 json={"session": "s1", "role": "user", "text": "I adopted a cat named Miso"})
    assert r.status_code == 201
    tid = r.json()["id"]
    r = env.call("POST", "/v1/recall", "alice", "read", json={"query": "cat named Miso"})
    assert r.status_code == 200
    ctx = r.json()
    assert ctx["user"] == "alice"
    assert any("Miso" in it["text"] and tid in it["cites"] for it in ctx["items"])
    r = env.call("POST", "/v1/recall", "alice", "read",
                 json={"query": "cat", "budget_tokens": 50, "user": "alice"})
    assert r.status_code == 200 and r.json()["ctx_tokens"] <= 50
    r = env.call("POST", "/v1/ask", "alice", "read", json={"question": "what is my cat called?"})
    assert r.status_code == 200 and "Miso" in r.json()["text"]
    # The write is audited with the token as actor.
    path = f"memory/log/alice/{_today()}.md"
    r = env.call("GET", "/v1/history", "alice", "read", params={"path": path})
    assert r.status_code == 200
    actors = {v["actor"] for v in r.json()["versions"]}
    assert f"token:{env.ids[('alice', 'write')]}" in actors


def test_import_and_propose_and_review(env: Env) -> None:
    turns = [{"session": "imp", "role": "user", "text": f"imported line {i}", "id": f"imp-{i}"}
             for i in range(3)]
    r = env.call("POST", "/v1/import", "alice", "write", json={"turns": turns})
    assert r.status_code == 201 and r.json() == {"imported": 3}
    r = env.call("POST", "/v1/propose", "alice", "write",
                 json={"text": "Alice's cat Miso is 3 years old", "session": "s1",
                       "path": "user/alice/notes/miso.md"})
    assert r.status_code == 201
    pid = r.json()["id"]
    r = env.call("GET", "/v1/review", "alice", "read")
    mine = {p["id"]: p for p in r.json()["proposals"]}
    assert mine[pid]["status"] == "pending"
    assert all("bob" not in p["text"] for p in mine.values())
    # The proposal is quarantined: staging, never user/.
    assert any((env.home / "staging").rglob(f"{pid}.json"))
    assert not any(pid in p.read_text() for p in (env.home / "user").rglob("*") if p.is_file())


def test_facts_sleep_undo_verify(env: Env) -> None:
    r = env.call("POST", "/v1/sleep", "", "operator", json={"dry_run": True})
    assert r.status_code == 200 and r.json()["dry_run"] is True
    r = env.call("POST", "/v1/sleep", "", "operator", json={})
    assert r.status_code == 200, r.text
    summary = r.json()
    assert summary["counts"]["proposals"] >= 1
    r = env.call("GET", "/v1/facts", "alice", "read", params={"include_history": True})
    assert r.status_code == 200 and r.json()["user"] == "alice"
    assert all(f["user"] == "alice" for f in r.json()["facts"])
    r = env.call("GET", "/v1/audit/verify", "", "operator")
    assert r.status_code == 200 and r.json()["ok"] is True
    if not summary["noop"]:
        r = env.call("POST", "/v1/undo", "", "operator", json={"cycle_id": summary["cycle_id"]})
        assert r.status_code == 200, r.text
    r = env.call("POST", "/v1/undo", "", "operator", json={"cycle_id": "c-nope"})
    err(r, 404)


def test_review_decision_is_admin_and_own_user_only(env: Env) -> None:
    r = env.call("POST", "/v1/propose", "bob", "write",
                 json={"text": "Bob plays the cello", "session": "b1"})
    bob_pid = r.json()["id"]
    r = env.call("POST", "/v1/propose", "alice", "write",
                 json={"text": "Alice plays the oboe", "session": "a1"})
    alice_pid = r.json()["id"]
    err(env.call("POST", f"/v1/review/{alice_pid}", "alice", "write",
                 json={"decision": "accept"}), 403, "access_denied")
    assert env.call("POST", f"/v1/review/{bob_pid}", "alice", "admin",
                    json={"decision": "accept"}).json() == NOT_FOUND
    r = env.call("POST", f"/v1/review/{alice_pid}", "alice", "admin",
                 json={"decision": "reject", "reason": "not needed"})
    assert r.status_code == 200 and r.json()["decision"] == "reject"
    r = env.call("GET", "/v1/review", "bob", "read")
    assert {p["id"]: p["status"] for p in r.json()["proposals"]}[bob_pid] == "pending"


# ---------------------------------------------------------------- error classes
def test_400_malformed_and_too_deep(env: Env) -> None:
    h = {**env.h("alice", "write"), "content-type": "application/json"}
    err(env.client.post("/v1/log", content=b"{not json", headers=h), 400, "usage")
    deep = b"[" * 40 + b"]" * 40
    err(env.client.post("/v1/log", content=deep, headers=h), 400, "usage")
    deep_in_string = json.dumps({"session": "s", "role": "user", "text": "[" * 40})
    assert env.client.post("/v1/log", content=deep_in_string, headers=h).status_code == 201


def test_401_missing_bad_and_revoked(env: Env) -> None:
    r = env.client.post("/v1/recall", json={"query": "x"})
    err(r, 401, "unauthorized")
    assert r.headers["www-authenticate"].startswith("Bearer")
    err(env.client.post("/v1/recall", json={"query": "x"},
                        headers={"Authorization": "Bearer sst_000000000000_" + "A" * 43}), 401)
    err(env.client.post("/v1/recall", json={"query": "x"},
                        headers={"Authorization": "Basic YWxpY2U6eA=="}), 401)
    ts = TokenStore(Memory(env.home).store)
    rec, tok = ts.create("alice", "read", name="short-lived")
    hdr = {"Authorization": f"Bearer {tok}"}
    assert env.client.get("/v1/whoami", headers=hdr).status_code == 200
    ts.revoke(rec.id)
    err(env.client.get("/v1/whoami", headers=hdr), 401, "unauthorized")


def test_403_scope(env: Env) -> None:
    err(env.call("POST", "/v1/log", "alice", "read",
                 json={"session": "s", "role": "user", "text": "x"}), 403, "access_denied")
    err(env.call("POST", "/v1/sleep", "alice", "write", json={}), 403, "access_denied")
    err(env.call("GET", "/v1/history", "alice", "read", params={"path": "config/tokens.json"}),
        403, "access_denied")


def test_404_unknown_route_and_path(env: Env) -> None:
    err(env.client.get("/v1/nope"), 404, "not_found")
    err(env.call("GET", "/v1/history", "alice", "read",
                 params={"path": "user/alice/never-written.md"}), 404, "not_found")


def test_409_duplicate_turn_id(env: Env) -> None:
    body = {"session": "s", "role": "user", "text": "once", "id": "dup-1"}
    assert env.call("POST", "/v1/log", "alice", "write", json=body).status_code == 201
    err(env.call("POST", "/v1/log", "alice", "write", json=body), 409, "duplicate_id")


def test_413_body_too_large(env: Env) -> None:
    big = {"session": "s", "role": "user", "text": "x" * 70_000}
    err(env.call("POST", "/v1/log", "alice", "write", json=big), 413, "too_large")

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted while streaming
        for _ in range(20):
            yield b" " * 8192

    r = env.client.post("/v1/log", content=chunks(),
                        headers={**env.h("alice", "write"), "content-type": "application/json"})
    err(r, 413, "too_large")


def test_422_validation_and_policy(env: Env) -> None:
    err(env.call("POST", "/v1/log", "alice", "write", json={"session": "s"}), 422, "validation")
    err(env.call("POST", "/v1/recall", "alice", "read", json={"query": "x", "evil": 1}), 422)
    err(env.call("POST", "/v1/propose", "alice", "write",
                 json={"text": "t", "session": "s", "path": "user/alice/../bob/x.md"}),
        422, "path_refused")
    err(env.call("POST", "/v1/log", "alice", "write",
                 json={"session": "s", "role": "user", "text": "x", "at": "yesterday-ish"}),
        422, "usage")  # a usage error is 422 (errors.py's table); only non-JSON is 400


def test_429_and_504_on_a_tight_server(env: Env, tmp_path: Path) -> None:
    tok = env.tokens[("alice", "read")]
    with running_server(env.home, "--rate", "0.2", "--burst", "3",
                        "--timeout", "0.000001") as base, httpx.Client(base_url=base) as c:
        h = {"Authorization": f"Bearer {tok}"}
        codes = [c.post("/v1/recall", json={"query": "cat"}, headers=h) for _ in range(4)]
        for r in codes[:3]:
            err(r, 504, "timeout")
        body = err(codes[3], 429, "rate_limited")
        assert body["detail"]["retry_after_s"] > 0
        assert int(codes[3].headers["retry-after"]) >= 1


# ------------------------------------------------------- cross-user isolation
NEEDS = {"recall": "read", "ask": "read", "facts": "read", "history": "read", "review": "read",
         "log": "write", "import": "write", "propose": "write", "review_decide": "admin"}
RANK = {s: i for i, s in enumerate(SCOPES)}


def _op(env: Env, op: str, user: str, scope: str, target: str) -> httpx.Response:
    """Run *op* with *user*'s *scope* token against *target*'s data."""
    if op == "recall":
        return env.call("POST", "/v1/recall", user, scope, json={"query": "colour", "user": target})
    if op == "ask":
        return env.call("POST", "/v1/ask", user, scope,
                        json={"question": "favourite colour?", "user": target})
    if op == "facts":
        return env.call("GET", "/v1/facts", user, scope, params={"user": target})
    if op == "history":
        return env.call("GET", "/v1/history", user, scope,
                        params={"path": f"memory/log/{target}/{_today()}.md"})
    if op == "review":
        return env.call("GET", "/v1/review", user, scope, params={"user": target})
    if op == "log":
        return env.call("POST", "/v1/log", user, scope,
                        json={"session": "m", "role": "user", "text": "matrix", "user": target})
    if op == "import":
        return env.call("POST", "/v1/import", user, scope, json={"turns": [
            {"session": "m", "role": "user", "text": "matrix import", "user": target}]})
    if op == "propose":
        return env.call("POST", "/v1/propose", user, scope,
                        json={"text": "matrix", "session": "m", "user": target})
    if op == "review_decide":
        pid = Memory(env.home).propose(f"to be judged for {target}", target, "m")
        return env.call("POST", f"/v1/review/{pid}", user, scope,
                        json={"decision": "reject", "reason": "matrix"})
    raise AssertionError(op)


@pytest.mark.parametrize("op", sorted(NEEDS))
def test_isolation_matrix(env: Env, op: str) -> None:
    before = {p: p.read_bytes() for p in (env.home / "user" / "bob").rglob("*") if p.is_file()}
    for scope in SCOPES:
        allowed = RANK[scope] >= RANK[NEEDS[op]]
        # Own data: allowed, or 403 when the scope is too low.
        r = _op(env, op, "alice", scope, "alice")
        assert (r.status_code < 300) if allowed else r.status_code == 403, (op, scope, r.text)
        # Another user's data, or a user that does not exist: 404 with the same
        # body (no content, no existence oracle) — or 403 first for a low scope.
        for target in ("bob", "nobody"):
            r = _op(env, op, "alice", scope, target)
            if allowed:
                assert r.status_code == 404 and r.json() == NOT_FOUND, (op, scope, target, r.text)
            else:
                err(r, 403, "access_denied")
            assert "violet" not in r.text and "bob-" not in r.text
    after = {p: p.read_bytes() for p in (env.home / "user" / "bob").rglob("*") if p.is_file()}
    assert before == after


def test_history_of_another_users_trusted_file_is_404(env: Env) -> None:
    for scope in SCOPES:
        r = env.call("GET", "/v1/history", "alice", scope, params={"path": "user/bob/facts.jsonl"})
        assert r.status_code == 404 and r.json() == NOT_FOUND


def test_bob_sees_only_bob(env: Env) -> None:
    r = env.call("POST", "/v1/recall", "bob", "read", json={"query": "favourite colour violet"})
    texts = " ".join(it["text"] for it in r.json()["items"])
    assert "bob-violet" in texts and "alice-violet" not in texts


def test_admin_operations_need_admin(env: Env) -> None:
    for scope in ("read", "write", "admin"):  # store-wide: no user-bound token will do
        err(env.call("POST", "/v1/sleep", "bob", scope, json={"dry_run": True}), 403)
        err(env.call("POST", "/v1/undo", "bob", scope, json={"cycle_id": "c-x"}), 403)
        err(env.call("GET", "/v1/audit/verify", "bob", scope), 403)
    assert env.call("GET", "/v1/audit/verify", "", "operator").status_code == 200


def test_unexpected_errors_are_a_bare_500(tmp_path: Path, caplog: pytest.LogCaptureFixture
                                          ) -> None:
    import asyncio

    from sleepstack.server.http import ServerSettings, create_app

    Memory.init(tmp_path / "h")
    app = create_app(ServerSettings(home=str(tmp_path / "h")))

    @app.get("/boom")
    async def boom() -> None:
        raise RuntimeError("secret internals /etc/passwd")

    async def go() -> httpx.Response:
        transport = httpx.ASGITransport(app=app, raise_app_exceptions=False)
        async with httpx.AsyncClient(transport=transport, base_url="http://t") as c:
            return await c.get("/boom")

    r = asyncio.run(go())
    assert r.status_code == 500
    assert r.json() == {"error": "internal", "message": "internal server error", "detail": {}}
    assert "secret" not in r.text
    assert any("secret internals" in str(rec.exc_info) for rec in caplog.records)
