"""Issue 14: deep recall searches a named speaker's turns, not their name (wake/deep_query.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from sleepstack.api import Memory
from sleepstack.layers.rawlog import Turn, parse_at
from sleepstack.store import Store
from sleepstack.wake.context import Context
from sleepstack.wake.deep_query import named_speakers, search_text
from sleepstack.wake.log import append_turns

CONFIG = """\
[wake]
embedder = "hash:64"

[sleep]
llm = "none"

[structured]
tier = "graph"
"""

ROLES = {"Maya", "Theo", "user", "assistant"}


def test_search_text_drops_the_named_speakers_and_their_possessive() -> None:
    assert search_text("What did Maya plant in the garden?", ROLES) == \
        "What did plant in the garden?"
    assert search_text("Where do Maya's kids go to school?", ROLES) == \
        "Where do kids go to school?"
    assert search_text("What did Maya and Theo both cook?", ROLES) == "What did and both cook?"
    assert search_text("WHAT DID MAYA PLANT?", ROLES) == "WHAT DID PLANT?"


def test_search_text_leaves_other_names_and_generic_roles() -> None:
    # Ana is a person in the memory, not a speaker: her name is what to look for.
    assert search_text("Where does Ana work?", ROLES) == "Where does Ana work?"
    assert search_text("What did the user say to the assistant?", ROLES) == \
        "What did the user say to the assistant?"
    # A name inside another word is not the name.
    assert search_text("What did Mayan culture build?", ROLES) == "What did Mayan culture build?"
    assert named_speakers(ROLES, "What did Theodore say?") == set()


def test_search_text_keeps_a_question_that_would_be_left_empty() -> None:
    assert search_text("Who is Maya?", ROLES) == "Who is Maya?"
    assert search_text("Maya?", ROLES) == "Maya?"


def test_multi_word_speaker_names() -> None:
    roles = {"Dr. Ruth Okafor", "Sam"}
    assert named_speakers(roles, "What did Okafor prescribe?") == {"Dr. Ruth Okafor"}
    assert search_text("What did Ruth Okafor prescribe?", roles) == "What did prescribe?"


#: Theo's turns write Maya's name (and "garden"); Maya's own answer never writes it.
THEO = [
    "Maya, your garden looked lovely at the party.",
    "Hey Maya! The garden gate is squeaking again.",
    "Thanks Maya, the garden chairs were comfy.",
    "Maya, did the garden hose get fixed?",
    "See you soon Maya, say hi to the garden gnome.",
    "Maya, the garden lights were a great idea.",
]
#: Maya's answer shares one word ("garden") with the question, each of Theo's turns two
ANSWER = "Tulips, and two rows of leeks in the garden bed."
QUESTION = "What did Maya plant in the garden?"


def _seed(home: Path) -> Memory:
    Store.init(home, config_text=CONFIG)
    mem = Memory(home, actor="test")
    turns: list[tuple[str, str, str]] = []
    for i, text in enumerate(THEO):
        turns.append((f"t{i}", "Theo", text))
        turns.append((f"m{i}", "Maya", f"Oh, {['nice', 'right', 'ha', 'sure', 'yes', 'ok'][i]}!"))
    turns.append(("ans", "Maya", ANSWER))
    for n, (tid, role, text) in enumerate(turns):
        append_turns(mem.store, [Turn(tid, "chat", f"s{n // 4}", role, text,
                                      parse_at(f"2026-02-0{1 + n // 4}T10:{n:02d}:00Z"))],
                     actor="test")
    mem.sleep()
    return mem


@pytest.fixture(scope="module")
def mem(tmp_path_factory: pytest.TempPathFactory) -> Memory:
    return _seed(tmp_path_factory.mktemp("speakers") / "h")


def test_deep_recall_finds_the_speakers_own_turn(mem: Memory) -> None:
    fast = mem.recall(QUESTION, "chat", budget_tokens=60)
    deep = mem.recall(QUESTION, "chat", budget_tokens=60, deep=True)
    # Fast recall matches the name: Theo's vocatives fill the small budget.
    assert _best(fast).startswith("t")
    assert "ans" not in fast.cites
    # Deep recall searches without it and prefers what Maya herself said.
    assert _best(deep) == "ans"


def _best(ctx: Context) -> str:
    """The first cite of the best-scored item (items are rendered by session, not score)."""
    return max(ctx.items, key=lambda it: it.score).cites[0]


def test_fast_recall_is_unchanged_by_deep(mem: Memory) -> None:
    before = mem.recall(QUESTION, "chat", budget_tokens=200).to_dict()
    mem.recall(QUESTION, "chat", budget_tokens=200, deep=True)
    after = mem.recall(QUESTION, "chat", budget_tokens=200).to_dict()
    before.pop("timings_ms")
    after.pop("timings_ms")
    assert after == before
    # The name still counts on the fast path: the vocative turns are in its context.
    assert any(c.startswith("t") for c in mem.recall(QUESTION, "chat", budget_tokens=200).cites)


def test_a_speaker_not_named_is_not_boosted(mem: Memory) -> None:
    # Nobody is named: deep recall searches the question as written.
    ctx = mem.recall("Which garden gate is squeaking?", "chat", budget_tokens=60, deep=True)
    assert _best(ctx) == "t1"



def test_a_question_that_is_only_a_name_still_recalls(mem: Memory) -> None:
    # Nothing but the name to search for: deep recall keeps it and still answers.
    ctx = mem.recall("Who is Maya?", "chat", budget_tokens=80, deep=True)
    assert ctx.items and ctx.ctx_tokens <= 80
