"""The session compression DAG: recent turns verbatim, older ones folded, ids kept."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from sleepstack.api import Memory
from sleepstack.layers.compression import compress_turns
from sleepstack.layers.rawlog import Turn
from sleepstack.text.token_count import count_tokens

T0 = datetime(2024, 1, 1, 9, 0, tzinfo=UTC)
TOPICS = ["the garden", "a trip to Rome", "the new job", "violin practice", "a sick cat",
          "the marathon", "a birthday party", "the tax return"]


def _turns(n: int) -> list[Turn]:
    return [
        Turn(f"t{i}", "u", "s", "user" if i % 2 == 0 else "assistant",
             f"Turn {i} is about {TOPICS[i % len(TOPICS)]}. It has some detail number {i * 7}"
             " that matters later on.", T0 + timedelta(minutes=i))
        for i in range(n)
    ]


def test_short_session_is_verbatim() -> None:
    ctx = compress_turns(_turns(4), 1000, user="u", session="s")
    assert [n.kind for n in ctx.nodes] == ["turn"] * 4
    assert ctx.cites == ("t0", "t1", "t2", "t3")


@pytest.mark.parametrize("budget", [60, 150, 300, 600])
def test_long_session_folds_within_budget(budget: int) -> None:
    turns = _turns(120)
    ctx = compress_turns(turns, budget, user="u", session="s")
    assert ctx.ctx_tokens <= budget and ctx.ctx_tokens == count_tokens(ctx.context)
    kinds = [n.kind for n in ctx.nodes]
    assert kinds and (kinds[-1] == "turn" or budget < 100)  # newest turn verbatim if it fits
    assert "summary" in kinds or budget < 100
    # Every summary leads down to raw turns through its parents.
    for node in ctx.nodes:
        stack = [node]
        covered: set[str] = set()
        while stack:
            cur = stack.pop()
            if cur.kind == "turn":
                covered.add(cur.id)
            stack.extend(ctx.dag[p] for p in cur.parents)
        assert covered == set(node.turns)
    # What is shown plus what was dropped covers the whole session, in order.
    shown = [t for n in ctx.nodes for t in n.turns]
    assert shown == sorted(shown, key=lambda t: int(t[1:]))
    dropped = [t for nid in ctx.omitted for t in ctx.dag[nid].turns]
    assert sorted(dropped + shown, key=lambda t: int(t[1:])) == [t.id for t in turns]


def test_folding_is_deterministic_and_stable_as_the_session_grows() -> None:
    a = compress_turns(_turns(60), 300, user="u", session="s")
    b = compress_turns(_turns(60), 300, user="u", session="s")
    assert a.to_dict() == b.to_dict()
    grown = compress_turns(_turns(66), 300, user="u", session="s")
    first_blocks = {k for k, v in a.dag.items() if v.level == 1}
    assert first_blocks & {k for k, v in grown.dag.items() if v.level == 1}


def test_session_context_from_the_store(tmp_path: Path) -> None:
    mem = Memory.init(tmp_path / "home")
    for t in _turns(40):
        mem.log("u", "s", t.role, t.text, at=t.at.isoformat(), id=t.id)
    mem.log("u", "other", "user", "unrelated", at=T0.isoformat(), id="x1")
    ctx = mem.session_context("u", "s", 200)
    assert ctx.ctx_tokens <= 200 and "x1" not in ctx.cites
    assert ctx.nodes[-1].id == "t39"
