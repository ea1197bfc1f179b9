"""The wake path: read-your-writes, degradation, budgets, citations, time, facts, topics."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sleepstack.api import Memory
from sleepstack.index.build import build_generation
from sleepstack.index.location import index_dir
from sleepstack.layers.rawlog import parse_file
from sleepstack.text.token_count import count_tokens
from sleepstack.wake.recall import recall

NOW = datetime(2024, 6, 20, 12, 0, tzinfo=UTC)

TURNS = [
    ("s1", "user", "I adopted a tabby cat called Miso from the shelter", 40),
    ("s1", "assistant", "Congratulations! How is Miso settling in?", 40),
    ("s1", "user", "She hides under the sofa but loves tuna", 40),
    ("s2", "user", "My sister Lena is getting married in Lisbon next spring", 25),
    ("s2", "assistant", "Lovely, are you in the wedding party?", 25),
    ("s3", "user", "Booked violin lessons with a teacher named Ortiz", 12),
    ("s4", "user", "Went bouldering at the climbing gym with Sam", 4),
    ("s4", "assistant", "How was the climbing session?", 4),
    ("s4", "user", "Exhausting, my forearms were burning afterwards", 4),
]


def _build(tmp_path: Path, *, embedder: str | None = None) -> Memory:
    mem = Memory.init(tmp_path / "home")
    for n, (session, role, text, days) in enumerate(TURNS):
        at = (NOW - timedelta(days=days, minutes=-n)).isoformat()
        mem.log("bo", session, role, text, at=at, id=f"B{n}")
    mem.log("other", "x", "user", "I adopted a dog called Rex", at=NOW.isoformat(), id="O1")
    build_generation(mem.store, embedder=embedder)
    return mem


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Memory:
    return _build(tmp_path_factory.mktemp("recall"))


_ids_cache: dict[str, set[str]] = {}


def _turn_ids(mem: Memory, user: str) -> set[str]:
    ids: set[str] = set()
    for path in mem.store.list(f"memory/log/{user}"):
        ids.update(t.id for t in parse_file(mem.store.read_text(path), user))
    return ids


def test_recall_finds_the_relevant_turns_with_the_default_embedder(built: Memory) -> None:
    ctx = recall(built.store, "what is the name of my cat?", "bo", budget_tokens=60, now=NOW)
    assert not ctx.degraded
    assert "B0" in ctx.cites
    assert "O1" not in ctx.cites  # another user's memory never leaks
    assert ctx.items[0].layer == "raw" and ctx.items[0].path.startswith("memory/log/bo/")
    assert set(ctx.timings_ms) == {"route", "retrieve", "assemble", "total"}
    assert "Miso" in ctx.context and ctx.ctx_chars == len(ctx.context)


def test_neighbouring_turns_come_along(built: Memory) -> None:
    ctx = recall(built.store, "how is the cat settling in", "bo", budget_tokens=120, now=NOW)
    assert {"B0", "B1", "B2"} <= set(ctx.cites)


def test_read_your_writes(tmp_path: Path) -> None:
    mem = _build(tmp_path)
    mem.log("bo", "s5", "user", "I just planted saffron crocus bulbs", at=NOW.isoformat(),
            id="NEW1")
    ctx = recall(mem.store, "what bulbs did I plant?", "bo", budget_tokens=80, now=NOW)
    assert "NEW1" in ctx.cites and not ctx.degraded
    # A freshly promoted note (written after the generation) is seen too.
    mem.store.write_text("user/bo/notes/garden.md", "- Bo grows saffron. [cites: NEW1]\n",
                         actor="t", reason="t")
    ctx = recall(mem.store, "saffron", "bo", budget_tokens=80, now=NOW)
    assert any(it.layer == "note" for it in ctx.items)


def test_degraded_without_index_and_with_garbage(tmp_path: Path) -> None:
    mem = _build(tmp_path, embedder="hash:384")
    gen_files = sorted(index_dir(mem.store).glob("gen-*.sqlite"))
    gen_files[-1].write_bytes(b"\x00garbage bytes, not sqlite" * 200)
    ctx = recall(mem.store, "violin lessons teacher", "bo", budget_tokens=100, now=NOW)
    assert ctx.degraded and "B5" in ctx.cites
    for f in index_dir(mem.store).iterdir():
        f.unlink()
    ctx = recall(mem.store, "violin lessons teacher", "bo", budget_tokens=100, now=NOW)
    assert ctx.degraded and "B5" in ctx.cites
    # Even a question with no lexical match answers with something.
    ctx = recall(mem.store, "zzz qqq", "bo", budget_tokens=100, now=NOW)
    assert ctx.degraded


def test_garbage_inside_the_database_pages(tmp_path: Path) -> None:
    mem = _build(tmp_path, embedder="hash:384")
    path = sorted(index_dir(mem.store).glob("gen-*.sqlite"))[-1]
    data = bytearray(path.read_bytes())
    data[4096:] = b"\xff" * (len(data) - 4096)  # header intact, every page after it ruined
    path.write_bytes(bytes(data))
    ctx = recall(mem.store, "violin lessons teacher", "bo", budget_tokens=100, now=NOW)
    assert ctx.degraded and "B5" in ctx.cites


def test_time_aware_queries(built: Memory) -> None:
    ctx = recall(built.store, "what did I do last week", "bo", budget_tokens=60, now=NOW)
    assert ctx.items and ctx.items[0].cites[0] in {"B6", "B7", "B8"}
    ctx = recall(built.store, "what happened in May 2024", "bo", budget_tokens=40, now=NOW)
    may = {"B0", "B1", "B2", "B3", "B4"}
    assert ctx.items and set(ctx.items[0].cites) <= may
    day = (NOW - timedelta(days=12)).strftime("%-d %B")
    ctx = recall(built.store, f"what did I book on {day}?", "bo", budget_tokens=40, now=NOW)
    assert ctx.items[0].cites == ("B5",)


def test_time_is_relative_to_the_users_last_turn_when_history_is_old(tmp_path: Path) -> None:
    mem = _build(tmp_path, embedder="hash:384")
    later = NOW + timedelta(days=400)  # a year of silence: "last week" means theirs
    ctx = recall(mem.store, "what did I do last week", "bo", budget_tokens=60, now=later)
    assert ctx.items[0].cites[0] in {"B6", "B7", "B8"}


def test_current_facts_preferred_and_superseded_only_for_the_past(tmp_path: Path) -> None:
    mem = _build(tmp_path, embedder="hash:384")

    def fact(fid: str, value: str, vf: str, vt: str | None) -> dict[str, object]:
        return {"id": fid, "user": "bo", "subject": "bo", "attribute": "city", "value": value,
                "category": "personal", "confidence": 0.9, "text": f"Bo lives in {value}",
                "at": vf, "valid_from": vf, "valid_to": vt, "cites": ["B3"]}

    lines = [fact("f1", "Porto", "2023-01-01T00:00:00Z", "2024-05-01T00:00:00Z"),
             fact("f2", "Lisbon", "2024-05-01T00:00:00Z", None)]
    mem.store.write_text("user/bo/facts.jsonl", "".join(json.dumps(x) + "\n" for x in lines),
                         actor="t", reason="t")
    build_generation(mem.store, embedder="hash:384")
    ctx = recall(mem.store, "where does Bo live?", "bo", budget_tokens=200, now=NOW)
    facts = [it for it in ctx.items if it.layer == "fact"]
    assert [f.text for f in facts] == ["Bo lives in Lisbon"]
    assert facts[0].valid_from == "2024-05-01T00:00:00Z" and facts[0].valid_to is None
    ctx = recall(mem.store, "where did Bo live before?", "bo", budget_tokens=200, now=NOW)
    texts = {it.text for it in ctx.items if it.layer == "fact"}
    assert texts == {"Bo lives in Lisbon", "Bo lives in Porto"}


def test_topics_are_routed(tmp_path: Path) -> None:
    mem = _build(tmp_path)
    docs = tmp_path / "docs"
    (docs / "kb").mkdir(parents=True)
    (docs / "climbing.md").write_text(
        "# Climbing\n\n## Bouldering grades\n\nThe V scale rates boulder problems from V0 to"
        " V17.\n\n## Chalk\n\nChalk keeps hands dry on holds.\n")
    (docs / "kb" / "violin.md").write_text(
        "# Violin care\n\n## Strings\n\nReplace violin strings every six months.\n")
    mem.ingest([docs], "hobbies")
    (tmp_path / "tax.md").write_text("# Taxes\n\nFile the annual tax return before April.\n")
    mem.ingest([tmp_path / "tax.md"], "finance")
    build_generation(mem.store)
    ctx = recall(mem.store, "how often should violin strings be replaced?", "bo",
                 budget_tokens=200, now=NOW)
    topic = [it for it in ctx.items if it.layer == "topic"]
    assert topic and topic[0].cites == ("memory/topics/hobbies/kb/violin.md",)
    assert "Violin care > Strings" in topic[0].text
    assert not any(it.path.startswith("memory/topics/finance") for it in ctx.items)


@settings(max_examples=30, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(budget=st.integers(min_value=1, max_value=400),
       query=st.text(min_size=1, max_size=40).filter(lambda s: s.strip()))
def test_budget_never_exceeded_and_cites_resolve(built: Memory, budget: int, query: str) -> None:
    ctx = recall(built.store, query, "bo", budget_tokens=budget, now=NOW)
    assert ctx.ctx_tokens <= budget
    assert ctx.ctx_tokens == count_tokens(ctx.context)
    if "bo" not in _ids_cache:
        _ids_cache["bo"] = _turn_ids(built, "bo")
    ids = _ids_cache["bo"]
    for it in ctx.items:
        assert it.cites
        for c in it.cites:
            assert c in ids or built.store.exists(c)


def test_bad_arguments_are_usage_errors(built: Memory) -> None:
    from sleepstack.errors import PathRefused, UsageError

    with pytest.raises(UsageError):
        recall(built.store, "x", "bo", budget_tokens=0)
    with pytest.raises(UsageError):
        recall(built.store, "   ", "bo")
    with pytest.raises(PathRefused):
        recall(built.store, "x", "../etc")


def test_ask_extractive(built: Memory) -> None:
    from sleepstack.wake.ask import ask

    answer = ask(built.store, "what is my cat called?", "bo", now=NOW)
    assert "Miso" in answer.text and "B0" in answer.cites
    assert answer.context.items


def test_ask_with_a_command_llm(built: Memory, tmp_path: Path) -> None:
    import sys

    from sleepstack.wake.ask import ask

    script = tmp_path / "llm.py"
    script.write_text("import sys\nprompt = sys.stdin.read()\n"
                      "print('Miso' if 'Miso' in prompt else 'unknown')\n")
    answer = ask(built.store, "what is my cat called?", "bo", llm=f"cmd:{sys.executable} {script}",
                 now=NOW)
    assert answer.text == "Miso" and answer.llm.startswith("cmd:") and "B0" in answer.cites


def test_degraded_recall_without_index_still_finds_a_paraphrase(tmp_path: Path) -> None:
    """No index yet and no shared word: the on-the-fly embedding still ranks the right turn."""
    from sleepstack import Memory

    mem = Memory.init(tmp_path / "fresh")
    mem.log("alice", "s1", "user", "I moved to Lisbon last month", at="2024-05-08T10:00:00Z")
    mem.log("alice", "s1", "user", "The weather is nice today", at="2024-05-08T10:01:00Z")
    mem.log("alice", "s1", "user", "Lunch was a cheese sandwich", at="2024-05-08T10:02:00Z")
    ctx = mem.recall("where does she live?", "alice", budget_tokens=300)
    assert ctx.degraded is True
    assert ctx.items and ctx.items[0].text == "I moved to Lisbon last month"
