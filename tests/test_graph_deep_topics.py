"""Issue 14: deep recall expands through the graphs of the routed reference topics.

A topic's graph (built by the sleep cycle from its documents) links "Maria
Costa" to "Initech"; a passage about Initech that shares no word with the
question comes back under deep recall only, and fast recall is unchanged.
"""

from __future__ import annotations

from pathlib import Path

from sleepstack.api import Memory
from sleepstack.graph.model import topic_graph_path
from sleepstack.index.lexical import raw_words
from sleepstack.layers.rawlog import Turn, parse_at
from sleepstack.store import Store
from sleepstack.wake.log import append_turns

CONFIG = """\
[wake]
embedder = "local:all-MiniLM-L6-v2"

[sleep]
llm = "none"
"""
QUESTION = "Where does Maria Costa from the staff handbook work?"
#: shares no word with QUESTION: only the topic graph (Maria -works_at-> Initech) reaches it
FAR = "Initech opened a rooftop garden above its headquarters last spring."
FILLER = [
    "Expense reports are due on the fifth business day of each month.",
    "The printer on the third floor needs a badge to release jobs.",
    "Parking permits are renewed every January at reception.",
    "Laptops are replaced after four years of service.",
    "The cafeteria serves vegetarian options every weekday.",
    "Visitors sign in at the front desk and wear a guest badge.",
    "Fire drills happen twice a year without notice.",
    "Holiday requests go through the planning calendar.",
]


def _seed(home: Path, tmp: Path) -> Memory:
    store = Store.init(home, config_text=CONFIG)
    docs = tmp / "docs"
    docs.mkdir()
    (docs / "people.md").write_text("# Staff handbook: people\n\n"
                                    "Maria Costa works at Initech in Braga.\n")
    (docs / "offices.md").write_text(f"# Offices\n\n{FAR}\n")
    for i, text in enumerate(FILLER):
        (docs / f"policy{i}.md").write_text(f"# Policy {i}\n\n{text}\n")
    mem = Memory(home, actor="t")
    mem.ingest(docs, "staff")
    append_turns(store, [Turn("a1", "alice", "s1", "user", "I like tea.",
                              parse_at("2026-01-05T09:00:00Z"))], actor="t")
    mem.sleep()
    return mem


def test_question_and_far_passage_share_no_words() -> None:
    assert not set(raw_words(QUESTION)) & set(raw_words(FAR))


def test_deep_recall_follows_the_routed_topics_graph(tmp_path: Path) -> None:
    mem = _seed(tmp_path / "h", tmp_path)
    store = mem.store
    assert store.exists(topic_graph_path("staff"))
    far_path = "memory/topics/staff/offices.md"
    fast = mem.recall(QUESTION, "alice", budget_tokens=120)
    assert "memory/topics/staff/people.md" in fast.cites  # the router picked the topic
    assert far_path not in fast.cites
    before = {p: store.sha(p) for p in store.list("")}
    deep = mem.recall(QUESTION, "alice", budget_tokens=120, deep=True)
    assert far_path in deep.cites
    assert {p: store.sha(p) for p in store.list("")} == before  # read-only
    again = mem.recall(QUESTION, "alice", budget_tokens=120)
    assert [i.cites for i in again.items] == [i.cites for i in fast.items]


def test_an_unrouted_topic_lends_nothing(tmp_path: Path) -> None:
    mem = _seed(tmp_path / "h", tmp_path)
    # A personal question routes to no topic: deep recall adds no topic passage.
    deep = mem.recall("What do I like to drink?", "alice", budget_tokens=200, deep=True)
    assert not [c for c in deep.cites if c.startswith("memory/topics/")]
