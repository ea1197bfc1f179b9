"""A question about the user's slot: turns about it rank above filler (wake/topic.py)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np

from sleepstack.api import Memory
from sleepstack.index.build import build_generation
from sleepstack.wake.recall import _without_own_name, recall
from sleepstack.wake.topic import question_topic

NOW = datetime(2024, 6, 20, 12, 0, tzinfo=UTC)

TURNS = [
    ("I work as a pharmacy technician at the hospital, nights mostly", 60),
    ("set a timer for twelve minutes", 50),
    ("what time is it in Tokyo right now", 40),
    ("remind me to drink water every hour", 30),
    ("got promoted last week: I'm the inventory coordinator at the supplier now", 20),
    ("how many grams is a cup of flour", 10),
    ("thanks!", 5),
]


def _build(tmp_path: Path, embedder: str | None = None) -> Memory:
    mem = Memory.init(tmp_path / "home")
    for n, (text, days) in enumerate(TURNS):
        at = (NOW - timedelta(days=days)).isoformat()
        mem.log("ana", f"s{n}", "user", text, at=at, id=f"A{n}")
        mem.log("ana", f"s{n}", "assistant", "Done. Anything else?",
                at=(NOW - timedelta(days=days, seconds=-5)).isoformat(), id=f"R{n}")
    build_generation(mem.store, embedder=embedder)
    return mem


def test_the_newest_turn_about_the_asked_slot_ranks_above_filler(tmp_path: Path) -> None:
    mem = _build(tmp_path)
    ctx = recall(mem.store, "What is the user's job title now?", "ana", budget_tokens=100, now=NOW)
    raw = [it for it in ctx.items if it.layer == "raw"]
    assert raw and raw[0].cites == ("A4",)
    assert "A4" in ctx.cites and "A0" in ctx.cites  # both statements about the job fit
    assert not {"A1", "A2", "A3"} & set(ctx.cites)  # requests never above them


def test_the_owner_named_as_the_user_is_not_a_search_word() -> None:
    assert "user" not in _without_own_name("What is the user's job title now?", "ana").lower()
    assert _without_own_name("Where does Ana live?", "ana").split() == ["Where", "does", "live?"]


def test_a_hashing_embedder_reads_no_topic() -> None:
    assert question_topic(np.ones(384, dtype=np.float32) / np.sqrt(384), "hash:384") is None
