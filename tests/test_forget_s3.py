"""Erasure on ``s3://`` (moto's S3 server on 127.0.0.1): every object of the bucket is scanned.

Covers both audit-log layouts: old log segments (or the one log object) are
rewritten in place without the erased bytes, version objects are rewritten or
deleted, and the local index cache of the store is purged and rebuilt.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("moto")
pytest.importorskip("botocore")

from conftest import s3_snapshot as snapshot
from forget_seed import CONFIG, SECRET, files_under, forms, seed
from sleepstack.api import Memory
from sleepstack.sleep.cycle import _cache_dir
from sleepstack.store import Store
from sleepstack.store.s3 import S3FS
from sleepstack.store.store import CONFIG_FILE

_LOCAL_CACHES: list[Path] = []



@pytest.fixture
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "xdg-cache"
    monkeypatch.setenv("SLEEPSTACK_CACHE", str(root))
    return root


@pytest.fixture(params=["segments", "object"])
def s3home(request: pytest.FixtureRequest, bucket: str, cache_dir: Path) -> Iterator[str]:
    url = f"s3://{bucket}/mem"
    fs = S3FS(url, log_layout=request.param)
    with fs.lock():
        fs.write_atomic(CONFIG_FILE, CONFIG.encode())
    seed(Store(fs))
    mem = Memory(url)
    # A URL store's consolidation and work caches live in a local temp dir.
    _LOCAL_CACHES[:] = [Path(_cache_dir(mem.store)), Path(_cache_dir(mem.store)).parent / "work"]
    summary = mem.sleep()
    assert summary.counts["promoted"] >= 1 and summary.index is not None
    yield url


def _hits(secret: str, objects: dict[str, bytes], cache_dir: Path) -> list[str]:
    """Objects, local index files and local work/consolidation caches holding *secret*."""
    found = [k for k, v in objects.items() if any(f in v for f in forms(secret))]
    found += [str(p) for p in files_under(cache_dir, *_LOCAL_CACHES)
              if any(f in p.read_bytes() for f in forms(secret))]
    return found


def test_forget_text_on_s3_leaves_no_byte_in_bucket_or_index(
        s3home: str, client: Any, bucket: str, cache_dir: Path) -> None:
    before = snapshot(client, bucket)
    assert _hits(SECRET, before, cache_dir), "the seed must spread the secret"
    assert any(k.startswith("mem/audit/") for k in before)
    mem = Memory(s3home)
    out = mem.forget(text=SECRET, reason="leaked")
    assert out.counts["versions.rewritten"] >= 3 and out.index is not None
    after = snapshot(client, bucket)
    assert _hits(SECRET, after, cache_dir) == []
    report = Memory(s3home).audit_verify()
    assert report.ok and report.erasures == 1, report.to_dict()
    ctx = Memory(s3home).recall("where do I live", "alice")
    assert "Lisbon" in ctx.context
    assert any(f.value == "Berlin" for f in Memory(s3home).facts("bob"))


def test_forget_user_on_s3(s3home: str, client: Any, bucket: str, cache_dir: Path) -> None:
    before = snapshot(client, bucket)
    others = {k: v for k, v in before.items() if "/bob/" in k or "/carol/" in k}
    Memory(s3home).forget(user="alice", reason="account closed")
    after = snapshot(client, bucket)
    assert not [k for k in after if "/alice/" in k]
    assert {k: v for k, v in after.items() if k in others} == others
    assert _hits(SECRET, after, cache_dir) == []
    assert _hits("I live in Lisbon.", after, cache_dir) == []
    assert Memory(s3home).audit_verify().ok


class _Crash(BaseException):
    """Stands in for SIGKILL in-process (the lease is released, nothing else is done)."""


@pytest.mark.parametrize("point", ["forget:files-half", "forget:versions-half",
                                   "forget:audit"])
def test_an_interrupted_erasure_on_s3_is_finished_by_the_next_open(
        point: str, s3home: str, client: Any, bucket: str, cache_dir: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    from sleepstack.store import erase, store

    def crash(name: str) -> None:
        if name == point:
            raise _Crash(name)

    real = erase.kill_point
    monkeypatch.setattr(erase, "kill_point", crash)
    monkeypatch.setattr(store, "kill_point", crash)
    with pytest.raises(_Crash):
        Memory(s3home).forget(text=SECRET, reason="leaked")
    monkeypatch.setattr(erase, "kill_point", real)
    monkeypatch.setattr(store, "kill_point", real)
    report = Memory(s3home).audit_verify()  # opening recovers: the record is executed
    assert report.ok and report.erasures == 1, report.to_dict()
    assert _hits(SECRET, snapshot(client, bucket), cache_dir) == []
    recovered = [e for e in Store.open(s3home).audit_entries() if e["op"] == "recover"]
    assert recovered and "completed interrupted mutation" in recovered[-1]["reason"]
