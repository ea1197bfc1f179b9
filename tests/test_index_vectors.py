"""Stored vector width ([index] vectors): float16 round-trips, ranks like float32, rebuilds."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import numpy as np
import pytest

from sleepstack.api import Memory
from sleepstack.errors import UsageError
from sleepstack.index.build import build_generation
from sleepstack.index.reader import open_current
from sleepstack.index.vectors import from_blob, get_embedder, matrix_from_blobs, to_blob
from sleepstack.wake.recall import recall

MINILM = "local:all-MiniLM-L6-v2"

SENTENCES = [
    "Caroline went to an LGBTQ support group on Sunday.",
    "Melanie painted a sunrise over the lake last year.",
    "We adopted a puppy named Oscar from the shelter.",
    "My brother is training for the Boston marathon in April.",
    "The quarterly budget review moved to Thursday afternoon.",
    "I started learning to play the violin after the concert.",
]
QUERIES = [
    ("When did Caroline go to the support group?", 0),
    ("What did Melanie paint?", 1),
    ("What is the name of the dog?", 2),
    ("Which race is the brother running?", 3),
    ("When is the budget meeting?", 4),
    ("What instrument is being learned?", 5),
]


def test_float16_round_trips_and_ranks_the_same_top_hit_on_minilm() -> None:
    emb = get_embedder(MINILM)
    docs = emb.embed(SENTENCES)
    dim = int(emb.dim)
    blobs16 = [to_blob(v, "float16") for v in docs]
    blobs32 = [to_blob(v, "float32") for v in docs]
    assert all(len(b) == 2 * dim for b in blobs16) and all(len(b) == 4 * dim for b in blobs32)
    back16 = matrix_from_blobs(list(blobs16), dim)
    back32 = matrix_from_blobs(list(blobs32), dim)
    assert back16.dtype == np.float32 and back16.shape == (len(SENTENCES), dim)
    np.testing.assert_array_equal(back32, np.asarray(docs, dtype=np.float32))
    # float16 keeps ~3 significant digits: unit vectors come back within 1e-3 per component
    assert float(np.max(np.abs(back16 - back32))) < 1e-3
    np.testing.assert_array_equal(from_blob(blobs16[0], dim), back16[0])
    qv = emb.embed([q for q, _ in QUERIES])
    s16, s32 = qv @ back16.T, qv @ back32.T
    for (question, want), r16, r32 in zip(QUERIES, s16, s32, strict=True):
        assert int(np.argmax(r32)) == want, question  # the sentences are told apart at all
        assert int(np.argmax(r16)) == int(np.argmax(r32)), question
    assert float(np.max(np.abs(s16 - s32))) < 2e-3


def test_bad_blobs_score_as_zero() -> None:
    dim = 4
    good = to_blob(np.ones(dim, dtype=np.float32) / 2, "float16")
    mat = matrix_from_blobs([good, None, b"\x00" * 3], dim)
    np.testing.assert_array_equal(mat, np.array([[0.5] * 4, [0] * 4, [0] * 4], dtype=np.float32))
    with pytest.raises(ValueError):
        from_blob(b"\x00" * 3, dim)


def _mem(tmp_path: Path, setting: str | None) -> Memory:
    mem = Memory.init(tmp_path / "home")
    if setting is not None:
        with (tmp_path / "home" / "sleepstack.toml").open("a") as fh:
            fh.write(f'\n[index]\nvectors = "{setting}"\n')
    for i, text in enumerate(SENTENCES):
        mem.log("ann", "s1", "user", text, at=f"2024-03-0{i + 1}T10:00:00Z", id=f"A{i}")
    return mem


def _widths(path: str) -> tuple[str | None, set[int]]:
    conn = sqlite3.connect(path)
    try:
        meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
        sizes = {int(n) for (n,) in conn.execute("SELECT DISTINCT length(vec) FROM items")}
    finally:
        conn.close()
    return meta.get("vectors"), sizes


def _vecs(path: str) -> dict[str, bytes]:
    conn = sqlite3.connect(path)
    try:
        return dict(conn.execute("SELECT key, vec FROM items").fetchall())
    finally:
        conn.close()


@pytest.mark.parametrize("setting", [None, "float16"])
def test_setting_stores_float16_and_recall_reads_it(tmp_path: Path, setting: str | None) -> None:
    mem = _mem(tmp_path, setting)  # float16 is the default
    info = build_generation(mem.store, embedder=MINILM)
    assert _widths(info.path) == ("float16", {2 * 384})
    gen = open_current(mem.store)
    assert gen.user_data("ann").matrix.dtype == np.float32
    ctx = recall(mem.store, "What is the name of the dog?", "ann", budget_tokens=60)
    assert ctx.cites and ctx.cites[0] == "A2"


def test_changing_width_rebuilds_in_full_and_never_widens_float16(tmp_path: Path) -> None:
    mem = _mem(tmp_path, "float32")
    first = build_generation(mem.store, embedder=MINILM)
    assert _widths(first.path) == ("float32", {4 * 384})
    first_vecs = _vecs(first.path)
    # float32 -> float16: a full rebuild (one width per generation), vectors reused
    half = build_generation(mem.store, embedder=MINILM, vector_dtype="float16")
    assert half.published and half.added == len(SENTENCES)
    assert _widths(half.path) == ("float16", {2 * 384})
    # float16 -> float32: float16 vectors are not widened into a "float32" index: re-embedded,
    # so the vectors equal the first float32 generation's exactly
    full = build_generation(mem.store, embedder=MINILM, vector_dtype="float32")
    assert _widths(full.path) == ("float32", {4 * 384})
    assert _vecs(full.path) == first_vecs


def test_old_generation_without_the_key_reads_as_float32(tmp_path: Path) -> None:
    mem = _mem(tmp_path, None)
    info = build_generation(mem.store, embedder=MINILM, vector_dtype="float32")
    conn = sqlite3.connect(info.path)
    conn.execute("DELETE FROM meta WHERE key = 'vectors'")  # as written before the setting
    conn.commit()
    conn.close()
    ctx = recall(mem.store, "What did Melanie paint?", "ann", budget_tokens=60)
    assert ctx.cites and ctx.cites[0] == "A1"  # read as float32
    again = build_generation(mem.store, embedder=MINILM, vector_dtype="float32")
    assert not again.published  # same width: the old generation is continued, not rebuilt
    # Under the float16 default the old generation is rebuilt in full, its vectors reused.
    new = build_generation(mem.store, embedder=MINILM)
    assert new.published and new.added == len(SENTENCES)
    assert _widths(new.path) == ("float16", {2 * 384})
    ctx = recall(mem.store, "What did Melanie paint?", "ann", budget_tokens=60)
    assert ctx.cites and ctx.cites[0] == "A1"


def test_bad_setting_is_refused(tmp_path: Path) -> None:
    mem = Memory.init(tmp_path / "home")
    with pytest.raises(UsageError):
        build_generation(mem.store, embedder="hash:64", vector_dtype="int8")
    with (tmp_path / "home" / "sleepstack.toml").open("a") as fh:
        fh.write('\n[index]\nvectors = "float8"\n')
    with pytest.raises(UsageError, match=r"index\.vectors"):
        build_generation(mem.store, embedder="hash:64")
