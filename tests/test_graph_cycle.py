"""Issue 14: the graph tier built by the sleep cycle, on real stores.

Aliases merged and unmerged by undo, a contradicted edge closed with history,
one changed topic rebuilt alone (engine work counts), graph files that pass
``audit verify`` and are reverted by ``undo``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from sleepstack.api import Memory
from sleepstack.config import Config
from sleepstack.engines.local import LocalEngine
from sleepstack.graph.files import load_graph
from sleepstack.graph.model import graph_path, topic_graph_path
from sleepstack.layers.rawlog import Turn, parse_at
from sleepstack.sleep.cycle import run_cycle
from sleepstack.store import Store
from sleepstack.wake.log import append_turns

CONFIG = """\
[wake]
embedder = "hash:64"

[sleep]
llm = "none"
"""


def _log(store: Store, user: str, tid: str, text: str, at: str) -> None:
    append_turns(store, [Turn(tid, user, "s1", "user", text, parse_at(at))], actor="test")


def _cycle(store: Store, engine: Any = None) -> dict[str, object]:
    cfg = Config.parse(store.fs.read_bytes("sleepstack.toml").decode())
    out = run_cycle(store, cfg, engine=engine or "local")
    return out.to_dict()


def test_aliases_are_merged_with_a_reason_and_undo_unmerges(tmp_path: Path) -> None:
    store = Store.init(tmp_path / "h", config_text=CONFIG)
    _log(store, "alice", "a1", "My sister is visiting next week.", "2026-01-05T09:00:00Z")
    first = _cycle(store)
    g1 = load_graph(store, "alice")
    placeholder = g1.by_name("my sister")
    assert placeholder is not None and placeholder.name == "alice's sister"

    _log(store, "alice", "a2", "My sister Ana works at Acme Corp in Porto.",
         "2026-01-06T09:00:00Z")
    second = _cycle(store)
    g2 = load_graph(store, "alice")
    ana = g2.by_name("Ana")
    assert ana is not None and g2.by_name("my sister") == ana
    assert any("'my sister' is Ana (a2)" in m["reason"] for m in ana.merges)
    assert set(ana.cites) >= {"a1", "a2"}
    kinds = {(g2.entities[r.src].name, r.kind, g2.entities[r.dst].name) for r in g2.relations}
    assert ("Ana", "sister_of", "alice") in kinds
    assert ("Ana", "works_at", "Acme Corp") in kinds
    assert ("Acme Corp", "located_in", "Porto") in kinds
    assert store.audit_verify().ok

    Memory(store.fs.local_path() or tmp_path, actor="t").undo(str(second["cycle_id"]))
    g3 = load_graph(store, "alice")
    assert g3.dumps() == g1.dumps()  # unmerged: the placeholder stands alone again
    assert g3.by_name("Ana") is None
    assert store.audit_verify().ok
    assert first["cycle_id"] != second["cycle_id"]


def test_a_contradicted_edge_is_closed_and_kept(tmp_path: Path) -> None:
    store = Store.init(tmp_path / "h", config_text=CONFIG)
    _log(store, "alice", "a1", "Ana Silva works at Acme Corp.", "2026-01-05T09:00:00Z")
    _cycle(store)
    _log(store, "alice", "a2", "Ana now works for Globex.", "2026-03-01T09:00:00Z")
    _cycle(store)
    g = load_graph(store, "alice")
    ana = g.by_name("Ana Silva")
    assert ana is not None and g.by_name("Ana") == ana  # the first name, resolved
    jobs = [r for r in g.relations if r.src == ana.id and r.kind == "works_at"]
    by_dst = {g.entities[r.dst].name: r for r in jobs}
    assert set(by_dst) == {"Acme Corp", "Globex"}
    old, new = by_dst["Acme Corp"], by_dst["Globex"]
    assert old.valid_to == new.valid_from and old.superseded_by == new.id
    assert new.current and old.cites == ("a1",) and new.cites == ("a2",)
    # History is in the file and in the audit log: two versions of graph.json.
    assert len(store.history(graph_path("alice"))) == 2


@pytest.mark.parametrize("engine_name", ["local", "flyte"])
def test_one_changed_topic_is_the_only_one_rebuilt(tmp_path: Path, engine_name: str) -> None:
    if engine_name == "flyte":
        pytest.importorskip("flyte")
        from sleepstack.engines.flyte import FlyteEngine

        eng: Any = FlyteEngine(cache_root=tmp_path / "fc")
    else:
        eng = LocalEngine(work_cache_dir=tmp_path / "wc")
    home = tmp_path / "h"
    store = Store.init(home, config_text=CONFIG)
    mem = Memory(home, actor="t")
    docs = tmp_path / "docs"
    (docs / "a").mkdir(parents=True)
    (docs / "b").mkdir(parents=True)
    (docs / "a" / "team.md").write_text("Maria Costa works at Initech in Braga.\n")
    (docs / "b" / "vendors.md").write_text("Globex is based in Madrid.\n")
    mem.ingest(docs / "a", "alpha")
    mem.ingest(docs / "b", "beta")
    _log(store, "alice", "a1", "I live in Porto.", "2026-01-05T09:00:00Z")
    first = _cycle(store, eng)
    assert first["counts"] is not None
    assert store.exists(topic_graph_path("alpha")) and store.exists(topic_graph_path("beta"))
    beta_before = store.read_text(topic_graph_path("beta"))
    alpha = json.loads(store.read_text(topic_graph_path("alpha")))
    assert {e["name"] for e in alpha["entities"]} >= {"Maria Costa", "Initech", "Braga"}

    (docs / "a" / "team.md").write_text("Maria Costa works at Hooli in Braga.\n")
    mem.ingest(docs / "a", "alpha")
    _log(store, "alice", "a2", "Thanks!", "2026-01-06T09:00:00Z")
    cfg = Config.parse(store.fs.read_bytes("sleepstack.toml").decode())
    summary = run_cycle(store, cfg, engine=eng)
    # The engine's graph work items this cycle: only what changed.
    calls = [f"{d['kind']}:{d['owner']}" for d in summary.details.get("graph", [])]
    assert sorted(calls) == ["topic:alpha", "user:alice"]
    assert store.read_text(topic_graph_path("beta")) == beta_before
    alpha = json.loads(store.read_text(topic_graph_path("alpha")))
    assert "Hooli" in {e["name"] for e in alpha["entities"]}
    assert store.audit_verify().ok


def test_facts_tier_builds_no_graph(tmp_path: Path) -> None:
    store = Store.init(tmp_path / "h", config_text=CONFIG + '\n[structured]\ntier = "facts"\n')
    _log(store, "alice", "a1", "My sister Ana works at Acme Corp.", "2026-01-05T09:00:00Z")
    _cycle(store)
    assert not store.exists(graph_path("alice"))


def test_forgetting_a_turn_removes_what_it_said_from_the_graph(tmp_path: Path) -> None:
    home = tmp_path / "h"
    store = Store.init(home, config_text=CONFIG)
    _log(store, "alice", "a1", "My sister Ana works at Acme Corp in Porto.",
         "2026-01-05T09:00:00Z")
    _log(store, "alice", "a2", "My dog Rex loves Porto.", "2026-01-05T09:01:00Z")
    _cycle(store)
    mem = Memory(home, actor="t")
    mem.forget(turns=["a1"], reason="test")
    text = store.read_text(graph_path("alice"))
    g = load_graph(store, "alice")
    assert "Acme" not in text and "Ana" not in text and "a1" not in text
    assert g.by_name("Rex") is not None and g.by_name("Porto") is not None  # a2 stays
    assert store.audit_verify().ok
    # No stored version of the graph file keeps the erased turn either.
    for v in store.history(graph_path("alice")):
        assert "Acme" not in store.blob_text(v.sha)
