"""Three ``sleepstack serve`` replicas on one ``s3://`` store (issue #15), moto on 127.0.0.1.

Each replica is its own process with its own local cache; all read the store's
shards. A turn logged through replica A is recalled through B and C at once
(from the raw-log tail past the shard's watermark), and no replica shows it to
another user. Proposals filed on B and C are judged by the one cycle, run
through A; afterwards all three follow the new manifest and answer alike.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

pytest.importorskip("moto")
pytest.importorskip("botocore")

from shard_seed import seed_shard_store as _seed
from sleepstack.index import shard_reader
from sleepstack.index.build import build_generation
from sleepstack.server.testing import running_server
from sleepstack.server.tokens import TokenStore
from sleepstack.store import Store
from sleepstack.store.s3 import S3FS


@contextlib.contextmanager
def _replicas(url: str, tmp: Path, aws: dict[str, str], n: int) -> Iterator[list[str]]:
    with contextlib.ExitStack() as stack:
        bases = [stack.enter_context(running_server(
            url, "--rate", "1000", "--burst", "1000", log=tmp / f"replica-{i}.log",
            env={**aws, "SLEEPSTACK_CACHE": str(tmp / f"cache-{i}")})) for i in range(n)]
        yield bases


def test_three_replicas_read_each_others_writes(bucket: str, aws_env: dict[str, str],
                                               tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"s3://{bucket}/rep"
    monkeypatch.setenv("SLEEPSTACK_CACHE", str(tmp_path / "builder"))
    store = _seed(url)
    tokens = TokenStore(store)
    tok: dict[tuple[str, str], str] = {}
    for user in ("alice", "bob"):
        for scope in ("read", "write"):
            tok[(user, scope)] = tokens.create(user, scope)[1]
    operator = tokens.create(None, "operator")[1]
    build_generation(store)  # publishes the shards the replicas read
    store.fs.close()  # type: ignore[attr-defined]

    def call(base: str, path: str, user: str, scope: str, body: dict[str, Any]) -> Any:
        r = httpx.post(base + path, json=body, timeout=60,
                       headers={"Authorization": f"Bearer {tok[(user, scope)]}"})
        assert r.status_code < 300, r.text
        return r.json()

    with _replicas(url, tmp_path, aws_env, 3) as (a, b, c):
        for base in (b, c):  # warm: they answer from shards already
            ctx = call(base, "/v1/recall", "alice", "read", {"query": "what is my cat called"})
            assert "Miso" in ctx["context"]
        call(a, "/v1/log", "alice", "write",
             {"session": "s9", "role": "user", "text": "my dog is called Biscuit"})
        for base in (b, c):
            ctx = call(base, "/v1/recall", "alice", "read", {"query": "what is my dog called"})
            assert "Biscuit" in ctx["context"]
            other = call(base, "/v1/recall", "bob", "read", {"query": "what is my dog called"})
            assert "Biscuit" not in other["context"]
        # Proposals filed on two replicas are judged by the one cycle (run through A)...
        call(b, "/v1/propose", "alice", "write",
             {"text": "I prefer oolong tea in the afternoon", "session": "s9"})
        call(c, "/v1/propose", "bob", "write",
             {"text": "I keep my bike in the blue shed", "session": "s9"})
        r = httpx.post(a + "/v1/sleep", json={}, timeout=300,
                       headers={"Authorization": f"Bearer {operator}"})
        assert r.status_code == 200, r.text
        assert r.json()["counts"]["promoted"] == 2
        time.sleep(shard_reader.MANIFEST_TTL + 0.2)  # ...and every replica follows its manifest
        seen = []
        for base in (a, b, c):
            ctx = call(base, "/v1/recall", "alice", "read", {"query": "which tea do I prefer"})
            assert "oolong" in ctx["context"]
            seen.append([it["text"] for it in ctx["items"]])
        assert seen[0] == seen[1] == seen[2]  # the replicas agree after the cycle
    for i in (1, 2):  # only A, which ran the cycle, built an index: B and C read shards
        assert not list((tmp_path / f"cache-{i}").rglob("gen-*.sqlite"))
    final = Store(S3FS(url, lease_linger=0))
    assert final.audit_verify().ok
