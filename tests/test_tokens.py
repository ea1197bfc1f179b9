"""Bearer tokens: hashed at rest in config/, audited, revocable; the CLI around them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from conftest import run_cli
from sleepstack.errors import NotFoundError, UsageError
from sleepstack.server.access_tokens import TOKENS_PATH, Scope, TokenStore, hash_token
from sleepstack.store import Store

TOKEN_RE = re.compile(r"^sst_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$")


def test_create_verify_revoke(store: Store) -> None:
    ts = TokenStore(store)
    rec, tok = ts.create("alice", "write")
    assert TOKEN_RE.match(tok)
    assert rec.user == "alice" and rec.scope_level is Scope.WRITE and rec.active
    assert ts.verify(tok) == rec
    assert ts.verify(tok + "x") is None
    assert ts.verify(tok[:-1] + ("A" if tok[-1] != "A" else "B")) is None
    assert ts.verify("") is None and ts.verify("not-a-token") is None
    ts.revoke(rec.id)
    assert ts.verify(tok) is None
    assert ts.revoke(rec.id).revoked  # idempotent
    with pytest.raises(NotFoundError):
        ts.revoke("000000000000")
    with pytest.raises(UsageError):
        ts.create("alice", "root")


def test_stored_hashed_in_config_only_and_audited(store: Store, home: Path) -> None:
    ts = TokenStore(store)
    rec, tok = ts.create("alice", "admin", name="ops")
    raw = (home / TOKENS_PATH).read_text()
    # The secret is everything after "sst_<id>_" and may itself contain "_": no
    # 12-character stretch of it is stored (split("_")[-1] could be one letter).
    secret = tok.split("_", 2)[2]
    assert tok not in raw and len(secret) >= 32
    assert not any(secret[i:i + 12] in raw for i in range(len(secret) - 11))
    assert json.loads(raw)["tokens"][0]["hash"] == hash_token(tok)
    # Nowhere else in the tree, and never where recall reads.
    for p in home.rglob("*"):
        if p.is_file() and p.suffix != ".lock":
            assert tok.encode() not in p.read_bytes(), p
    assert not (home / "user").exists() or not any((home / "user").rglob("*"))
    versions = store.history(TOKENS_PATH)
    assert versions[-1].actor == "cli" and rec.id in versions[-1].reason
    assert store.audit_verify().ok


def test_two_token_stores_do_not_lose_records(store: Store) -> None:
    a, b = TokenStore(store), TokenStore(Store.open(store.url))
    a.create("alice")
    b.create("bob")  # re-reads before writing (expected_sha precondition)
    assert {r.user for r in a.records()} == {"alice", "bob"}


def test_cli_create_list_revoke(home: Path) -> None:
    assert run_cli("init", home=home).returncode == 0
    r = run_cli("token", "create", "--user", "alice", "--scope", "read", home=home)
    assert r.returncode == 0, r.stderr
    tok = r.stdout.strip()
    assert TOKEN_RE.match(tok) and "shown only this once" in r.stderr
    r = run_cli("--json", "token", "list", home=home)
    listed = json.loads(r.stdout)["tokens"]
    assert len(listed) == 1 and "hash" not in listed[0] and tok not in r.stdout
    r = run_cli("token", "revoke", listed[0]["id"], home=home)
    assert r.returncode == 0
    r = run_cli("token", "revoke", "ffffffffffff", home=home)
    assert r.returncode == 3
    r = run_cli("token", "create", "--user", "../etc", home=home)
    assert r.returncode == 5


def test_serve_refuses_non_loopback_without_token(home: Path) -> None:
    run_cli("init", home=home)
    r = run_cli("serve", "--host", "0.0.0.0", "--port", "1", home=home, timeout=60)
    assert r.returncode == 5
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and "token create" in lines[0], r.stderr


def test_serve_on_missing_home_is_exit_3(tmp_path: Path) -> None:
    r = run_cli("serve", home=tmp_path / "nope", timeout=60)
    assert r.returncode == 3
