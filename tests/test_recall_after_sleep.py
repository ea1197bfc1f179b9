"""Recall after a sleep cycle: notes, facts and the raw log agree on what is current."""

from __future__ import annotations

from pathlib import Path

from sleepstack import Memory


def _mem(tmp_path: Path) -> Memory:
    mem = Memory.init(tmp_path / "home")
    mem.log("carol", "s1", "user", "I live in Berlin.", at="2024-03-01T10:00:00Z")
    mem.log("carol", "s1", "user", "I prefer short answers.", at="2024-03-01T10:01:00Z")
    for day in (2, 3, 4):
        mem.log("carol", f"s{day}", "user", "I am training for a half marathon.",
                at=f"2024-03-0{day}T09:00:00Z")
    mem.log("carol", "s5", "user", "I moved to Munich last week.", at="2024-03-10T10:00:00Z")
    mem.propose("Carol swims every Thursday morning.", "carol", "s5", source="chat")
    mem.sleep()
    return mem


def test_promoted_note_is_recalled(tmp_path: Path) -> None:
    mem = _mem(tmp_path)
    ctx = mem.recall("When does Carol go swimming?", "carol", budget_tokens=200)
    notes = [i for i in ctx.items if i.layer == "note"]
    assert notes and "Thursday" in notes[0].text
    assert notes[0].cites[0].startswith("user/carol/notes/")
    assert mem.store.exists(notes[0].cites[0])


def test_superseded_claim_ranks_below_the_current_fact(tmp_path: Path) -> None:
    mem = _mem(tmp_path)
    ctx = mem.recall("Where does Carol live?", "carol", budget_tokens=300)
    texts = [i.text for i in ctx.items]
    munich = next(i for i, t in enumerate(texts) if "Munich" in t)
    berlin = [i for i, t in enumerate(texts) if t == "I live in Berlin."]
    assert not berlin or munich < berlin[0]
    assert not any(i.layer == "fact" and "Berlin" in i.text for i in ctx.items)
    # About the past, the history is still there.
    past = mem.recall("Where did Carol live before?", "carol", budget_tokens=300)
    assert any("Berlin" in i.text for i in past.items)


def test_identical_statements_are_one_item_citing_all(tmp_path: Path) -> None:
    mem = _mem(tmp_path)
    ctx = mem.recall("What is Carol training for?", "carol", budget_tokens=300)
    same = [i for i in ctx.items if i.layer == "raw" and "half marathon" in i.text]
    assert len(same) == 1
    assert len(same[0].cites) == 3
