"""Issue 14: deep recall through the graph, the tier setting, the CLI and HTTP surfaces."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from conftest import run_cli
from sleepstack.api import Memory
from sleepstack.errors import TierRefused
from sleepstack.layers.rawlog import Turn, parse_at
from sleepstack.server.testing import free_port
from sleepstack.server.tokens import TokenStore
from sleepstack.store import Store
from sleepstack.wake.log import append_turns

CONFIG = """\
[wake]
embedder = "hash:64"

[sleep]
llm = "none"
"""
FILLER = [
    "The weather was grey and windy all afternoon.", "I baked sourdough bread this morning.",
    "My running shoes are worn out again.", "The train was late by twenty minutes.",
    "I finished reading a novel about sailors.", "Tea tastes better with a little honey.",
    "The printer jammed twice during the meeting.", "I watered the tomatoes on the balcony.",
    "The concert tickets sold out in an hour.", "My laptop battery barely lasts now.",
    "The museum had a new exhibit on maps.", "I tried a yoga class at the gym.",
]
QUESTION = "Where does Ana work?"
#: shares no word with QUESTION: only the graph (Ana -works_at-> Acme Corp) reaches it
FAR = "Acme Corp just opened a rooftop garden for its staff."


def _seed(home: Path, tier: str = "graph") -> Memory:
    Store.init(home, config_text=CONFIG + f'\n[structured]\ntier = "{tier}"\n')
    mem = Memory(home, actor="test")
    turns = [("a1", "My sister Ana works at Acme Corp in Porto.")]
    turns += [(f"f{i}", t) for i, t in enumerate(FILLER)]
    turns += [("a2", FAR)]
    for n, (tid, text) in enumerate(turns):
        append_turns(mem.store, [Turn(tid, "alice", f"s{n}", "user", text,
                                      parse_at(f"2026-01-05T09:{n:02d}:00Z"))], actor="test")
    mem.sleep()
    return mem


def test_no_shared_words_between_question_and_far_turn() -> None:
    from sleepstack.index.lexical import raw_words

    assert not set(raw_words(QUESTION)) & set(raw_words(FAR))


def test_deep_recall_brings_in_a_turn_that_shares_no_words(tmp_path: Path) -> None:
    mem = _seed(tmp_path / "h")
    fast = mem.recall(QUESTION, "alice", budget_tokens=120)
    deep = mem.recall(QUESTION, "alice", budget_tokens=120, deep=True)
    assert "a1" in fast.cites
    assert "a2" not in fast.cites
    assert "a2" in deep.cites and "a1" in deep.cites
    # Deep off is exactly fast recall.
    again = mem.recall(QUESTION, "alice", budget_tokens=120)
    assert [i.cites for i in again.items] == [i.cites for i in fast.items]


def test_facts_tier_refuses_relationship_operations(tmp_path: Path) -> None:
    mem = _seed(tmp_path / "h", tier="facts")
    with pytest.raises(TierRefused) as err:
        mem.recall(QUESTION, "alice", deep=True)
    assert "[structured] tier" in err.value.message
    assert mem.recall(QUESTION, "alice").items  # fast recall is untouched
    r = run_cli("graph", "--user", "alice", home=tmp_path / "h")
    assert r.returncode == 5
    assert "[structured] tier" in r.stderr and len(r.stderr.strip().splitlines()) == 1
    r = run_cli("recall", QUESTION, "--user", "alice", "--deep", home=tmp_path / "h")
    assert r.returncode == 5 and "tier" in r.stderr
    # ask falls back to fast recall on a facts-only store instead of failing.
    assert mem.ask("Who is Ana?", "alice").text


def test_bad_tier_value_is_a_usage_error(tmp_path: Path) -> None:
    Store.init(tmp_path / "h", config_text=CONFIG + '\n[structured]\ntier = "graphs"\n')
    r = run_cli("graph", "--user", "alice", home=tmp_path / "h")
    assert r.returncode == 2 and "structured" in r.stderr


def test_graph_cli_lists_entities_relations_and_one_entity(tmp_path: Path) -> None:
    home = tmp_path / "h"
    _seed(home)
    r = run_cli("graph", "--user", "alice", "--json", home=home)
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    triples = {(x["src_name"], x["kind"], x["dst_name"]) for x in data["relations"]}
    assert ("Ana", "works_at", "Acme Corp") in triples
    assert ("Acme Corp", "located_in", "Porto") in triples
    r = run_cli("graph", "--user", "alice", "--entity", "my sister", home=home)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("entities") and "Ana (person)" in r.stdout
    assert "-works_at-> Acme Corp" in r.stdout and "[a1]" in r.stdout
    r = run_cli("graph", "--user", "alice", "--entity", "Nobody", home=home)
    assert r.returncode == 3 and "Nobody" in r.stderr
    r = run_cli("recall", QUESTION, "--user", "alice", "--deep", "--budget-tokens", "120",
                "--json", home=home)
    assert r.returncode == 0, r.stderr
    assert "a2" in {c for it in json.loads(r.stdout)["items"] for c in it["cites"]}


@pytest.fixture()
def server(tmp_path: Path) -> Iterator[tuple[str, str]]:
    import uvicorn

    from sleepstack.server.http import ServerSettings, create_app

    home = tmp_path / "h"
    mem = _seed(home)
    _, token = TokenStore(mem.store).create("alice", "read")
    app = create_app(ServerSettings(home=str(home), rate=0))
    port = free_port()
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="error"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not srv.started:
        assert time.monotonic() < deadline and thread.is_alive()
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}", token
    srv.should_exit = True
    thread.join(timeout=10)


def test_http_deep_true(server: tuple[str, str]) -> None:
    base, token = server
    h = {"Authorization": f"Bearer {token}"}
    body = {"query": QUESTION, "user": "alice", "budget_tokens": 120}
    fast = httpx.post(f"{base}/v1/recall", json=body, headers=h, timeout=30)
    deep = httpx.post(f"{base}/v1/recall", json=body | {"deep": True}, headers=h, timeout=30)
    assert fast.status_code == 200 and deep.status_code == 200, (fast.text, deep.text)
    cites = lambda r: {c for it in r.json()["items"] for c in it["cites"]}  # noqa: E731
    assert "a2" not in cites(fast) and "a2" in cites(deep)
    bad = httpx.post(f"{base}/v1/recall", json=body | {"deep": "very"}, headers=h, timeout=30)
    assert bad.status_code == 422


def test_web_graph_page_is_svg_with_an_entity_timeline(server: tuple[str, str]) -> None:
    base, token = server
    h = {"Authorization": f"Bearer {token}"}
    page = httpx.get(f"{base}/ui/graph", headers=h, timeout=30)
    assert page.status_code == 200, page.text
    assert "<svg" in page.text and "Acme Corp" in page.text and "<script" not in page.text
    one = httpx.get(f"{base}/ui/graph", params={"entity": "Ana"}, headers=h, timeout=30)
    assert one.status_code == 200
    assert "Timeline" in one.text and "works_at → Acme Corp" in one.text
    assert "timeline of Ana" in one.text
    hostile = httpx.get(f"{base}/ui/graph", params={"entity": "<img src=x onerror=alert(1)>"},
                        headers=h, timeout=30)
    assert hostile.status_code == 200 and "<img src=x" not in hostile.text
    assert httpx.get(f"{base}/ui/graph", timeout=30).status_code == 401


def test_mcp_recall_takes_deep(tmp_path: Path) -> None:
    import asyncio

    from mcp import Client

    from sleepstack.server.mcp import MCPBinding, build_mcp
    from sleepstack.server.tokens import Scope

    mem = _seed(tmp_path / "h")
    server = build_mcp(mem, MCPBinding("alice", Scope.READ, "mcp:alice"))

    async def go() -> tuple[set[str], set[str]]:
        async with Client(server) as c:
            out = []
            for deep in (False, True):
                res = await c.call_tool("recall", {"query": QUESTION, "budget_tokens": 120,
                                                   "deep": deep})
                assert not res.is_error
                data = json.loads(res.content[0].text)  # type: ignore[union-attr]
                out.append({cite for it in data["items"] for cite in it["cites"]})
            return out[0], out[1]

    fast, deep = asyncio.run(asyncio.wait_for(go(), timeout=60))
    assert "a2" not in fast and "a2" in deep


def test_ask_goes_deep_on_who_which_both_or_two_entities(tmp_path: Path) -> None:
    from sleepstack.wake.deep import wants_deep

    mem = _seed(tmp_path / "h")
    assert wants_deep(mem.store, "alice", "Who is Ana?")
    assert wants_deep(mem.store, "alice", "Which city is the office in?")
    assert wants_deep(mem.store, "alice", "Is Acme Corp still where Ana works?")  # two entities
    assert not wants_deep(mem.store, "alice", "Where does Ana work?")  # one entity
    assert not wants_deep(mem.store, "alice", "What did I bake?")
    answer = mem.ask("Who works at Acme Corp?", "alice")
    assert "a1" in answer.cites
