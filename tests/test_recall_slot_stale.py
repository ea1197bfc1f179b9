"""Older turns about the asked slot that name no value sleep read (wake/slot_stale.py, round 15).

"Our landlord finally fixed the heating in the flat" tells of the user's home
without a value any reader takes (nor one the cycle keeps as history); after
"Just moved to Invercargill" it must not pass as current next to the new home.
A real store, a real sleep cycle, MiniLM and the shipped slot head.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from sleepstack.api import Memory
from sleepstack.wake import recall as recall_mod

USER = "u-slot"
OLD = "Our landlord finally fixed the heating in the flat, only took three weeks."
TURNS = [
    (OLD, 40),
    ("I drive an old Volvo estate, great for the dog", 38),
    ("I'm allergic to sesame, careful with the hummus recipes", 36),
    ("how long do I boil an egg for a runny yolk", 30),
    ("Just moved to Invercargill, the wind is wild.", 3),
]


@pytest.fixture(scope="module")
def mem(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Memory]:
    m = Memory.init(Path(tmp_path_factory.mktemp("slotstale")) / "home")
    now = datetime.now(UTC).replace(microsecond=0)
    for i, (text, days) in enumerate(TURNS):
        at = now - timedelta(days=days)
        m.log(USER, f"s{i}", "user", text, at=at.isoformat())
        m.log(USER, f"s{i}", "assistant", "Sure.", at=(at + timedelta(seconds=5)).isoformat())
    m.sleep()
    yield m


def _line(ctx: str, words: str) -> str:
    got = [ln for ln in ctx.splitlines() if words in ln]
    assert got, ctx
    return got[0]


def test_an_older_turn_about_the_asked_slot_is_marked_behind_the_new_value(mem: Memory) -> None:
    facts = [f for f in mem.facts(USER) if f.attribute == "lives_in"]
    assert [f.value for f in facts] == ["Invercargill"], facts
    ctx = mem.recall("Where does the user live now?", USER, budget_tokens=150)
    assert "(no longer current since" in _line(ctx.context, "fixed the heating")
    assert "no longer current" not in _line(ctx.context, "moved to Invercargill")
    old = next(it for it in ctx.items if "fixed the heating" in it.text)
    assert old.current is False and old.superseded_by == facts[0].id


def test_without_the_slot_reading_the_turn_passes_as_current(
        mem: Memory, monkeypatch: pytest.MonkeyPatch) -> None:
    # the mark above comes from wake/slot_stale.py: no fact or claim names the old home
    monkeypatch.setattr(recall_mod, "older_on_slot", lambda *a, **k: {})
    ctx = mem.recall("Where does the user live now?", USER, budget_tokens=150)
    assert "no longer current" not in _line(ctx.context, "fixed the heating")


def test_turns_about_other_slots_and_multi_valued_ones_stay_current(mem: Memory) -> None:
    for q, words in (("What car does the user drive these days?", "Volvo"),
                     ("What is the user allergic to?", "sesame")):
        ctx = mem.recall(q, USER, budget_tokens=150)
        assert "no longer current" not in _line(ctx.context, words), (q, ctx.context)


def test_a_question_about_the_past_marks_nothing(mem: Memory) -> None:
    ctx = mem.recall("Where did the user live two months ago?", USER, budget_tokens=150)
    lines = [ln for ln in ctx.context.splitlines() if "fixed the heating" in ln]
    assert all("no longer current" not in ln for ln in lines), ctx.context
