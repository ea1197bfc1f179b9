"""Issue 14: an existing store gets a graph of its history, once.

A store that logged turns (and ingested documents) while ``[structured] tier``
was ``"facts"`` (the same as a store from before the graph tier) has no graph
files; switching to ``"graph"`` must build them from the whole log and every
document, and a later cycle with nothing new must build nothing.
"""

from __future__ import annotations

from pathlib import Path

from sleepstack.api import Memory
from sleepstack.config import Config
from sleepstack.engines.local import LocalEngine
from sleepstack.graph.files import load_graph
from sleepstack.graph.model import graph_path, topic_graph_path
from sleepstack.layers.rawlog import Turn, parse_at
from sleepstack.sleep.cycle import run_cycle
from sleepstack.store import Store
from sleepstack.wake.log import append_turns

BASE = """\
[wake]
embedder = "hash:64"

[sleep]
llm = "none"
"""


def _log(store: Store, user: str, tid: str, text: str, at: str) -> None:
    append_turns(store, [Turn(tid, user, "s1", "user", text, parse_at(at))], actor="test")


def _set_config(home: Path, text: str) -> None:
    (home / "sleepstack.toml").write_text(text)  # an operator's edit


def _graph_calls(store: Store, eng: LocalEngine, now: str) -> list[str]:
    cfg = Config.parse(store.fs.read_bytes("sleepstack.toml").decode())
    summary = run_cycle(store, cfg, engine=eng, now=now)
    assert not summary.noop
    return sorted(f"{d['kind']}:{d['owner']}" for d in summary.details.get("graph", []))


def test_switching_to_the_graph_tier_backfills_once(tmp_path: Path) -> None:
    home = tmp_path / "h"
    store = Store.init(home, config_text=BASE + '\n[structured]\ntier = "facts"\n')
    eng = LocalEngine(work_cache_dir=tmp_path / "wc")
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "team.md").write_text("Maria Costa works at Initech in Braga.\n")
    Memory(home, actor="t").ingest(docs, "alpha")
    _log(store, "alice", "a1", "My sister Ana works at Acme Corp in Porto.",
         "2026-01-05T09:00:00Z")
    _log(store, "alice", "a2", "My dog Rex loves the beach.", "2026-01-06T09:00:00Z")
    _log(store, "bob", "b1", "I moved to Lisbon last year.", "2026-01-06T10:00:00Z")
    assert _graph_calls(store, eng, "2026-01-07T03:00:00Z") == []  # facts tier: no graph
    assert not store.exists(graph_path("alice"))

    _set_config(home, BASE + '\n[structured]\ntier = "graph"\n')
    calls = _graph_calls(store, eng, "2026-01-07T04:00:00Z")  # same day: no user is dirty
    assert calls == ["topic:alpha", "user:alice", "user:bob"]
    g = load_graph(store, "alice")
    ana = g.by_name("Ana")
    assert ana is not None and "a1" in ana.cites
    rex = g.by_name("Rex")
    assert rex is not None and rex.cites == ("a2",)
    names = {(g.entities[r.src].name, r.kind, g.entities[r.dst].name) for r in g.relations}
    assert ("Ana", "works_at", "Acme Corp") in names
    assert load_graph(store, "bob").by_name("Lisbon") is not None
    topic = load_graph(store, "alpha", path=topic_graph_path("alpha"))
    assert topic.by_name("Initech") is not None
    assert store.audit_verify().ok

    # Nothing new (a new day dirties every user): the graphs are not rebuilt.
    before = store.read_text(graph_path("alice"))
    assert _graph_calls(store, eng, "2026-01-08T03:00:00Z") == []
    assert store.read_text(graph_path("alice")) == before

    # A new turn folds into the backfilled graph (not a rebuild from the log).
    _log(store, "alice", "a3", "Ana now works for Globex.", "2026-01-08T09:00:00Z")
    assert _graph_calls(store, eng, "2026-01-08T10:00:00Z") == ["user:alice"]
    g2 = load_graph(store, "alice")
    assert g2.by_name("Globex") is not None and g2.by_name("Rex") is not None


def test_a_forgotten_turn_is_not_backfilled(tmp_path: Path) -> None:
    home = tmp_path / "h"
    store = Store.init(home, config_text=BASE + '\n[structured]\ntier = "facts"\n')
    eng = LocalEngine(work_cache_dir=tmp_path / "wc")
    _log(store, "alice", "a1", "My sister Ana works at Acme Corp.", "2026-01-05T09:00:00Z")
    _log(store, "alice", "a2", "My dog Rex loves Porto.", "2026-01-05T09:01:00Z")
    _graph_calls(store, eng, "2026-01-06T03:00:00Z")
    Memory(home, actor="t").forget(turns=["a1"], reason="test")
    _set_config(home, BASE + '\n[structured]\ntier = "graph"\n')
    assert _graph_calls(store, eng, "2026-01-06T04:00:00Z") == ["user:alice"]
    text = store.read_text(graph_path("alice"))
    assert "Acme" not in text and "a1" not in text
    assert load_graph(store, "alice").by_name("Rex") is not None
