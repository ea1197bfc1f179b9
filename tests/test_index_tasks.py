"""An index rebuild's embedding as engine work: one item per topic and per user, cached."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from cycle_seed import CONFIG, log, make_store, seed
from sleepstack.config import Config
from sleepstack.engines import Engine, LocalEngine
from sleepstack.index.build import build_generation, embed_key, plan_embedding
from sleepstack.index.location import current_generation, index_dir
from sleepstack.index.rows import Row
from sleepstack.index.tasks import embed_work, index_plan
from sleepstack.plan import CycleState, Plan
from sleepstack.sleep.cycle import run_cycle
from sleepstack.store import Store

EMB = "hash:64"
NOW = "2026-01-06T08:00:00Z"


def _topic(store: Store, slug: str, text: str) -> None:
    store.put_document(f"memory/topics/{slug}/doc.md", text, actor="t", reason="t")


def _content(store: Store) -> dict[str, list[tuple[Any, ...]]]:
    """Everything a generation says, but its build time and place."""
    cur = current_generation(index_dir(store))
    assert cur is not None
    conn = sqlite3.connect(cur[1])
    try:
        return {
            "items": conn.execute(
                "SELECT key, user, layer, path, text, role, ctx, cites, at, at_ts, valid_from,"
                " valid_to, session, topic, tkey, vec FROM items ORDER BY key").fetchall(),
            "topics": conn.execute("SELECT * FROM topics ORDER BY slug").fetchall(),
            "sources": conn.execute("SELECT * FROM sources ORDER BY path").fetchall(),
        }
    finally:
        conn.close()


def _seeded(home: Path) -> Store:
    """Two users' turns and two topics (no proposals: their ids are random)."""
    store = make_store(home)
    log(store, "alice", "a1", "I prefer bullet points.", "2026-01-05T09:00:00Z")
    log(store, "alice", "a2", "I live in Lisbon.", "2026-01-05T09:01:00Z")
    log(store, "bob", "b1", "I live in Berlin.", "2026-01-05T10:00:00Z")
    _topic(store, "garden", "# Garden\n\n## Water\n\nWater daily.\n\n## Sun\n\nSix hours.\n")
    _topic(store, "bikes", "# Bikes\n\nOil the chain monthly.\n")
    return store


def test_plan_groups_per_topic_and_per_user(tmp_path: Path) -> None:
    store = _seeded(tmp_path / "home")
    items = plan_embedding(store, embedder=EMB)
    groups = [i["group"] for i in items]
    assert groups == sorted(groups)
    assert {"topic:garden", "topic:bikes", "user:alice", "user:bob"} <= set(groups)
    for item in items:
        assert item["embedder"] == EMB
        assert item["texts"] == sorted(set(item["texts"])) and item["texts"]
    garden = next(i for i in items if i["group"] == "topic:garden")
    assert any("Water daily." in t for t in garden["texts"])
    assert all("Oil the chain" not in t for t in garden["texts"])
    # Embedded: nothing left to plan. One topic changed: only its new texts.
    build_generation(store, embedder=EMB)
    assert plan_embedding(store, embedder=EMB) == []
    _topic(store, "bikes", "# Bikes\n\nOil the chain weekly.\n")
    again = plan_embedding(store, embedder=EMB)
    assert [i["group"] for i in again] == ["topic:bikes"]
    assert again[0]["texts"] == [t for t in again[0]["texts"] if "weekly" in t]
    # A full rebuild still reuses the generation's vectors.
    assert plan_embedding(store, embedder=EMB, full=True) == again


def test_embed_key_is_the_row_text_key() -> None:
    row = Row(key="k", user="u", layer="raw", path="p", text="hi there", cites=(), role="user")
    assert embed_key(row.embed_text) == row.text_key


def test_precomputed_vectors_give_the_identical_generation(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    plain = _seeded(tmp_path / "plain")
    given = _seeded(tmp_path / "given")
    build_generation(plain, embedder=EMB)
    vectors: dict[str, list[float]] = {}
    for item in plan_embedding(given, embedder=EMB):
        vectors.update(embed_work(item, {})["vectors"])
    # With every vector given, the builder embeds nothing itself.
    import sleepstack.index.build as build_mod

    with monkeypatch.context() as m:
        m.setattr(build_mod, "get_embedder", lambda spec: _DimOnly(64))
        info = build_generation(given, embedder=EMB, vectors=vectors)
    assert info.added > 0
    assert _content(given) == _content(plain)
    # Some vectors missing: the builder embeds the rest, with the same result.
    _topic(plain, "bikes", "# Bikes\n\nOil the chain weekly.\n")
    _topic(given, "bikes", "# Bikes\n\nOil the chain weekly.\n")
    build_generation(plain, embedder=EMB)
    build_generation(given, embedder=EMB, vectors={})
    assert _content(given) == _content(plain)


class _DimOnly:
    """An embedder that knows its dimension and refuses to embed."""

    def __init__(self, dim: int) -> None:
        self.dim = dim

    def embed(self, texts: Any) -> Any:
        raise AssertionError(f"embedded {len(list(texts))} texts although vectors were given")


class SpyEngine:
    """A local engine that records the embedding items it is given and its cache stats."""

    name = "local"

    def __init__(self) -> None:
        self.inner = LocalEngine()
        self.embeds: list[dict[str, Any]] = []

    def run(self, plan: Plan, state: CycleState) -> CycleState:
        out = self.inner.run(plan, state)
        if plan.names == ["embed"]:
            self.embeds.append({"items": list(state.inputs["embed_items"]),
                                "stats": dict(self.inner.cache_stats)})
        return out


def _topic_groups(run: dict[str, Any]) -> dict[str, list[str]]:
    return {i["group"]: i["texts"] for i in run["items"] if i["group"].startswith("topic:")}


def test_cycle_embeds_changed_topics_as_work_items(tmp_path: Path) -> None:
    store = make_store(tmp_path / "home")
    seed(store)
    config = Config.parse(CONFIG)
    _topic(store, "garden", "# Garden\n\nWater daily.\n")
    _topic(store, "bikes", "# Bikes\n\nOil the chain monthly.\n")
    spy = SpyEngine()
    assert isinstance(spy, Engine)
    first = run_cycle(store, config, engine=spy, now=NOW)
    assert first.index is not None and "error" not in first.index
    assert first.index["embed"]["engine"] == "local"
    assert len(spy.embeds) == 1
    topics = _topic_groups(spy.embeds[0])
    assert set(topics) == {"topic:garden", "topic:bikes"}
    stats = spy.embeds[0]["stats"]
    assert stats["misses"] == len(spy.embeds[0]["items"]) and stats["hits"] == 0
    garden_v1 = topics["topic:garden"]
    # Only one topic changed: only that topic is embedded.
    _topic(store, "garden", "# Garden\n\nWater weekly.\n")
    log(store, "alice", "a9", "I cycle to work.", "2026-01-06T09:00:00Z")
    run_cycle(store, config, engine=spy, now="2026-01-06T10:00:00Z")
    assert set(_topic_groups(spy.embeds[1])) == {"topic:garden"}
    # Back to the first text: the same work item, served from the engine's cache.
    _topic(store, "garden", "# Garden\n\nWater daily.\n")
    log(store, "alice", "a10", "I cycle home too.", "2026-01-06T11:00:00Z")
    run_cycle(store, config, engine=spy, now="2026-01-06T12:00:00Z")
    assert _topic_groups(spy.embeds[2]) == {"topic:garden": garden_v1}
    assert spy.embeds[2]["stats"]["hits"] >= 1
    assert spy.inner.cache_path == Path(str(store.fs.local_path())) / "cache" / "work"
    # The index is the one a plain build from scratch gives.
    home = Path(str(store.fs.local_path()))
    shutil.copytree(home, tmp_path / "plain", ignore=shutil.ignore_patterns(
        index_dir(store).name, "cache"))
    plain = Store.open(tmp_path / "plain")
    build_generation(plain)
    assert _content(plain)["items"] == _content(store)["items"]


def test_after_a_cycle_nothing_is_left_to_embed(tmp_path: Path) -> None:
    store = make_store(tmp_path / "home")
    seed(store)
    spy = SpyEngine()
    run_cycle(store, Config.parse(CONFIG), engine=spy, now=NOW)
    assert len(spy.embeds) == 1
    assert plan_embedding(store) == []
    # A rerun with nothing new is a no-op: no embedding plan runs.
    again = run_cycle(store, Config.parse(CONFIG), engine=spy, now=NOW)
    assert again.noop and len(spy.embeds) == 1
    # The plan itself copes with no items.
    state = CycleState(home=store.url, cycle_id="c", key="k", now=NOW, dry_run=False,
                       settings={}, inputs={"embed_items": []})
    LocalEngine().run(index_plan(), state)
    assert state.inputs["vectors"] == {}


def test_both_engines_build_identical_generations(tmp_path: Path) -> None:
    pytest.importorskip("flyte")
    from sleepstack.engines.flyte import FlyteEngine

    config = Config.parse(CONFIG)
    local = _seeded(tmp_path / "local")
    remote = _seeded(tmp_path / "flyte")
    a = run_cycle(local, config, engine=LocalEngine(), now=NOW)
    engine = FlyteEngine(cache_root=tmp_path / "cache")
    b = run_cycle(remote, config, engine=engine, now=NOW)
    assert a.index is not None and b.index is not None
    assert a.index["embed"]["items"] == b.index["embed"]["items"] >= 4
    assert b.index["embed"]["engine"] == "flyte"
    assert engine.plan == "sleepstack.sleep.phases:default_plan"  # the cycle's engine untouched
    assert _content(local)["items"] == _content(remote)["items"]
    assert _content(local)["topics"] == _content(remote)["topics"]


def test_a_failed_embedding_step_leaves_it_to_the_builder(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    import sleepstack.index.tasks as tasks

    def broken(item: dict[str, Any], settings: dict[str, Any]) -> dict[str, Any]:
        raise RuntimeError("no workers")

    monkeypatch.setattr(tasks, "embed_work", broken)
    store = _seeded(tmp_path / "home")
    out = run_cycle(store, Config.parse(CONFIG), engine=LocalEngine(), now=NOW)
    assert out.index is not None and "error" not in out.index
    assert out.index["embed"]["error"]  # (what the engine raised)
    assert out.index["added"] > 0 and plan_embedding(store) == []
