"""Held values across sleep cycles (issue #10, round 8b).

The old value is usually stated weeks before the change, in an earlier cycle:
it is then a current fact of the user, no longer a turn of the cycle that reads
the update. These tests sleep twice — once after the old statement, once after
an update phrased so that only the held value anchors it ("Golf is over for
me", "Second week in our Darwin apartment") — and check facts and recall; the
cycle's extraction work item carries the held values (its cache key changes
with them), and a forgotten fact is held no longer.

Sentences here are written for these tests; none is from the benchmark's splits.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from sleepstack import Memory
from sleepstack.plan import item_hash
from sleepstack.sleep.phases.extract import held_of


def _two_cycles(tmp_path: Path, user: str, before: str, after: str) -> Memory:
    mem = Memory.init(tmp_path / "home")
    now = datetime.now(UTC).replace(microsecond=0)
    mem.log(user, "s0", "user", before, at=(now - timedelta(days=30)).isoformat())
    mem.log(user, "s0", "assistant", "Noted.", at=(now - timedelta(days=30)).isoformat())
    mem.sleep()
    mem.log(user, "s1", "user", "Can you suggest a podcast for my commute?",
            at=(now - timedelta(days=3)).isoformat())
    mem.log(user, "s1", "assistant", "Sure, here is one.", at=(now - timedelta(days=3)).isoformat())
    mem.log(user, "s2", "user", after, at=(now - timedelta(days=1)).isoformat())
    mem.sleep()
    return mem


def _current(mem: Memory, user: str) -> list[str]:
    return [f"{f.attribute}={f.value}" for f in mem.facts(user)]


def test_an_ending_in_a_later_cycle_ends_the_value_held_from_an_earlier_one(
        tmp_path: Path) -> None:
    mem = _two_cycles(tmp_path, "gale", "I really enjoy golf.",
                      "Golf is over for me, my knees can't take it anymore.")
    assert not [f for f in mem.facts("gale") if f.value.casefold() == "golf"], _current(mem, "gale")
    ctx = mem.recall("What sports does the user play?", "gale", budget_tokens=150)
    for line in ctx.context.splitlines():
        if "enjoy golf" in line.casefold():
            assert "no longer current" in line.casefold(), ctx.context


def test_a_bare_name_in_a_later_cycle_replaces_the_value_held_from_an_earlier_one(
        tmp_path: Path) -> None:
    mem = _two_cycles(tmp_path, "perth", "We live in Perth.",
                      "Second week in our Darwin apartment!")
    facts = mem.facts("perth")
    assert any(f.value == "Darwin" for f in facts), _current(mem, "perth")
    assert not any(f.value == "Perth" for f in facts), _current(mem, "perth")
    ctx = mem.recall("Which city does the user live in now?", "perth", budget_tokens=150)
    assert "Darwin" in ctx.context, ctx.context
    for line in ctx.context.splitlines():
        if "Perth" in line and "Darwin" not in line:
            assert "no longer current" in line.casefold(), ctx.context
    # The old turn itself is marked in the JSON too.
    old = [it for it in ctx.items if "We live in Perth" in it.text]
    assert all(not it.current for it in old), [(it.text, it.current) for it in ctx.items]


def test_a_closed_class_value_in_a_later_cycle_replaces_the_held_diet(tmp_path: Path) -> None:
    mem = _two_cycles(tmp_path, "kit", "I'm keto.", "I'm trying Mediterranean this month.")
    facts = mem.facts("kit")
    assert any(f.value.casefold() == "mediterranean" for f in facts), _current(mem, "kit")
    assert not any(f.value.casefold() == "keto" for f in facts), _current(mem, "kit")


def test_the_held_values_come_from_current_facts_only() -> None:
    def fact(attr: str, value: str, **kw: object) -> dict[str, object]:
        return {"id": f"f-{attr}-{value}", "user": "u", "subject": "user", "attribute": attr,
                "value": value, "category": "personal", "confidence": 0.8, "text": value,
                "at": "2024-01-01T00:00:00+00:00", "valid_from": "2024-01-01T00:00:00+00:00",
                "cites": ["t1"], **kw}

    got = held_of([
        fact("lives_in", "Perth"),
        fact("lives_in", "Hobart", valid_to="2023-12-01T00:00:00+00:00", superseded_by="x"),
        fact("likes", "golf"),
        fact("pet", "Rex", expired=True),
        fact("works_at", "none"),
        fact("~works_at", "Acme"),  # an ending: no value held
        fact("works_at", "[REDACTED:forget] erased by fg-1"),
        fact("other", "The user went hiking"),
        fact("lives_in", "Oslo", subject="Dana"),
    ])
    assert got == {"user": {"home": ["Perth"], "likes": ["golf"]}, "Dana": {"home": ["Oslo"]}}


def test_the_extract_item_key_changes_with_the_prior_facts(tmp_path: Path) -> None:
    mem = Memory.init(tmp_path / "home")
    now = datetime.now(UTC).replace(microsecond=0)
    mem.log("gale", "s0", "user", "We live in Perth.", at=(now - timedelta(days=30)).isoformat())
    mem.sleep()
    from sleepstack.sleep.phases.extract import extract_split

    def item_for(facts: dict[str, list[dict[str, object]]]) -> str:
        from sleepstack.plan import CycleState

        state = CycleState(home=str(tmp_path / "home"), cycle_id="c", key="k", now=now.isoformat(),
                           dry_run=True, users=["gale"], facts=facts,
                           inputs={"new_turns": {"gale": [{
                               "id": "t9", "user": "gale", "session": "s1", "role": "user",
                               "text": "Second week in our Darwin apartment!",
                               "at": now.isoformat()}]}},
                           settings={"embedder": "local:all-MiniLM-L6-v2"})
        items = extract_split(state)
        assert len(items) == 1
        return item_hash(items[0])

    prior = [f.to_dict() for f in mem.facts("gale")]
    assert prior
    k_prior = item_for({"gale": prior})
    k_none = item_for({"gale": []})
    changed = [{**prior[0], "value": "Hobart"}]
    assert len({k_prior, k_none, item_for({"gale": changed})}) == 3


@pytest.mark.parametrize("how", ["fact", "turn"])
def test_a_forgotten_fact_is_held_no_longer(tmp_path: Path, how: str) -> None:
    mem = Memory.init(tmp_path / "home")
    now = datetime.now(UTC).replace(microsecond=0)
    mem.log("gale", "s0", "user", "We live in Perth.", at=(now - timedelta(days=30)).isoformat())
    mem.sleep()
    perth = [f for f in mem.facts("gale") if f.value == "Perth"]
    assert perth
    if how == "fact":
        mem.forget(facts=[perth[0].id], reason="test")
    else:
        mem.forget(session="s0", user="gale", reason="test")
    assert not [f for f in mem.facts("gale") if f.value == "Perth"]
    # No first person: only a slot the speaker holds would make it theirs.
    mem.log("gale", "s1", "user", "Darwin is lovely in the dry season!",
            at=(now - timedelta(days=1)).isoformat())
    mem.sleep()
    # Nothing held: the bare name is no new home, and Perth does not come back.
    assert not [f for f in mem.facts("gale") if "Perth" in f.value or "Perth" in f.text]
    assert not [f for f in mem.facts("gale") if f.value == "Darwin"]
