"""The derived index: incremental builds, atomic generations, pruning, corrupt generations."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from sleepstack.api import Memory
from sleepstack.index.build import GenerationInfo, build_generation
from sleepstack.index.location import current_generation, index_dir, list_generations
from sleepstack.index.reader import open_current
from sleepstack.store import Store
from sleepstack.wake.recall import recall

EMB = "hash:384"


def _mem(tmp_path: Path) -> Memory:
    mem = Memory.init(tmp_path / "home")
    for i in range(5):
        mem.log("ann", "s1", "user", f"turn number {i} about gardening and tomatoes",
                at=f"2024-03-0{i + 1}T10:00:00Z", id=f"A{i}")
    return mem


def test_incremental_build_counts(tmp_path: Path) -> None:
    mem = _mem(tmp_path)
    first = build_generation(mem.store, embedder=EMB)
    assert isinstance(first, GenerationInfo)
    assert (first.generation, first.added, first.removed, first.unchanged) == (1, 5, 0, 0)
    assert set(first.to_dict()) >= {"generation", "path", "added", "removed", "unchanged",
                                    "seconds"}
    again = build_generation(mem.store, embedder=EMB)
    assert again.added == 0 and again.removed == 0 and again.unchanged == 5
    mem.log("ann", "s1", "user", "one more turn", at="2024-03-05T11:00:00Z", id="A9")
    third = build_generation(mem.store, embedder=EMB)
    assert (third.added, third.removed, third.unchanged) == (1, 0, 5)
    assert third.generation == 2
    # The watermark of the day file moved to its full size.
    conn = sqlite3.connect(third.path)
    size = conn.execute("SELECT size FROM sources WHERE path = ?",
                        ("memory/log/ann/2024-03-05.md",)).fetchone()[0]
    assert size == (mem.store.fs.local_path() / "memory/log/ann/2024-03-05.md").stat().st_size


def test_full_rebuild_reuses_vectors_and_changed_files_replace_rows(tmp_path: Path) -> None:
    mem = _mem(tmp_path)
    build_generation(mem.store, embedder=EMB)
    mem.store.write_text("user/ann/SHORT_TERM.md", "- Ann grows tomatoes. [cites: A1]\n",
                         actor="t", reason="t")
    info = build_generation(mem.store, embedder=EMB)
    assert info.added == 1
    mem.store.write_text("user/ann/SHORT_TERM.md", "- Ann grows peppers. [cites: A2]\n",
                         actor="t", reason="t")
    info = build_generation(mem.store, embedder=EMB)
    assert (info.added, info.removed) == (1, 1)
    full = build_generation(mem.store, embedder=EMB, full=True)
    assert full.added == 6 and full.items == 6


def test_index_lives_outside_the_audited_tree_and_prunes(tmp_path: Path) -> None:
    mem = _mem(tmp_path)
    for n in range(4):
        mem.log("ann", "s2", "user", f"extra {n}", at="2024-04-01T10:00:00Z", id=f"X{n}")
        build_generation(mem.store, embedder=EMB)
    directory = index_dir(mem.store)
    assert directory == tmp_path / "home" / "index"
    assert list_generations(directory) == [3, 4]  # the current one and its predecessor
    assert current_generation(directory) is not None
    assert mem.store.audit_verify().ok
    assert not any(p.startswith("index") for p in mem.store.list(""))


def test_reader_keeps_old_generation_while_new_one_is_published(tmp_path: Path) -> None:
    mem = _mem(tmp_path)
    build_generation(mem.store, embedder=EMB)
    old = open_current(mem.store)
    old_conn = old.conn
    before = old_conn.execute("SELECT count(*) FROM items").fetchone()[0]
    for n in range(3):  # three more generations: the first one gets pruned from disk
        mem.log("ann", "s3", "user", f"new {n}", at="2024-05-01T10:00:00Z", id=f"N{n}")
        build_generation(mem.store, embedder=EMB)
    assert not old.path.exists()
    # The old reader still answers from its (now unlinked) file, consistently.
    assert old_conn.execute("SELECT count(*) FROM items").fetchone()[0] == before
    assert open_current(mem.store).number == 4
    ctx = recall(mem.store, "new", "ann", budget_tokens=200)
    assert {"N0", "N1", "N2"} <= set(ctx.cites) and not ctx.degraded


def test_a_build_in_progress_is_invisible(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                          ) -> None:
    mem = _mem(tmp_path)
    build_generation(mem.store, embedder=EMB)
    mem.log("ann", "s9", "user", "tulips in spring", at="2024-05-02T10:00:00Z", id="T1")
    import sleepstack.index.build as build_mod

    seen: list[int] = []
    real_publish = build_mod.publish

    def spy(directory: Path, number: int) -> None:
        # Mid-build: the new file exists but CURRENT still names the old generation.
        cur = current_generation(directory)
        assert cur is not None
        seen.append(cur[0])
        ctx = recall(mem.store, "tulips", "ann", budget_tokens=200)
        assert "T1" in ctx.cites and not ctx.degraded  # read from the tail of the old one
        real_publish(directory, number)

    monkeypatch.setattr(build_mod, "publish", spy)
    info = build_generation(mem.store, embedder=EMB)
    assert seen == [1] and info.generation == 2


def test_corrupt_generation_is_rebuilt(tmp_path: Path) -> None:
    mem = _mem(tmp_path)
    info = build_generation(mem.store, embedder=EMB)
    Path(info.path).write_bytes(b"garbage" * 1000)
    again = build_generation(mem.store, embedder=EMB)
    assert again.generation == 2 and again.added == 5


def test_other_embedder_triggers_full_rebuild(tmp_path: Path) -> None:
    mem = _mem(tmp_path)
    build_generation(mem.store, embedder=EMB)
    info = build_generation(mem.store, embedder="hash:64")
    assert info.added == 5 and info.embedder == "hash:64"


def test_facts_notes_and_topics_are_indexed(tmp_path: Path) -> None:
    mem = _mem(tmp_path)
    store: Store = mem.store
    fact = ('{"id": "f1", "user": "ann", "subject": "ann", "attribute": "city", "value": "Oslo",'
            ' "category": "personal", "confidence": 0.9, "text": "Ann lives in Oslo",'
            ' "at": "2024-03-01T10:00:00Z", "valid_from": "2024-03-01T10:00:00Z",'
            ' "cites": ["A0"]}\n')
    store.write_text("user/ann/facts.jsonl", fact, actor="t", reason="t")
    store.write_text("user/ann/notes/garden.md", "# Garden\n- Tomatoes need sun. [cites: A1]\n",
                     actor="t", reason="t")
    store.put_document("memory/topics/howto/a.md", "# Howto\n\n## Water\n\nWater daily.\n",
                       actor="t", reason="t")
    info = build_generation(store, embedder=EMB)
    conn = sqlite3.connect(info.path)
    layers = dict(conn.execute("SELECT layer, count(*) FROM items GROUP BY layer").fetchall())
    assert layers == {"raw": 5, "fact": 1, "note": 1, "topic": 1}
    assert conn.execute("SELECT slug FROM topics").fetchall() == [("howto",)]


def test_fsspec_store_indexes_into_a_local_cache(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SLEEPSTACK_CACHE", str(tmp_path / "cache"))
    mem = Memory.init(f"memory://idx-{tmp_path.name}")
    mem.log("kai", "s", "user", "I love kayaking on the fjord", id="K1")
    info = build_generation(mem.store, embedder=EMB)
    assert Path(info.path).parent.parent == tmp_path / "cache" / "index"
    mem.log("kai", "s", "user", "my kayak is red", id="K2")
    ctx = recall(mem.store, "kayak", "kai")
    assert set(ctx.cites) == {"K1", "K2"} and not ctx.degraded
