"""Issue 14: the LLM path of graph extraction passes the same validation as the rules."""

from __future__ import annotations

import sys
from pathlib import Path

from sleepstack.config import Config
from sleepstack.graph.extract import Statement, validate
from sleepstack.graph.files import load_graph
from sleepstack.graph.llm import parse_reply
from sleepstack.layers.rawlog import Turn, parse_at
from sleepstack.sleep.cycle import run_cycle
from sleepstack.store import Store
from sleepstack.wake.log import append_turns

SCRIPT = r'''
import json, re, sys
prompt = sys.stdin.read()
if "relation kinds" not in prompt:
    print("[]")  # the fact extractor's prompt: no facts
    sys.exit(0)
m = re.search(r"<<<TURNS\n(.*?)\nTURNS>>>", prompt, re.S)
ids = [json.loads(line)["id"] for line in m.group(1).splitlines()]
print(json.dumps({"relations": [
    {"turn": ids[0], "src": "Ana", "kind": "works_at", "dst": "Acme Corp"},
    {"turn": ids[0], "src": "Ana", "kind": "works_at", "dst": "Zorblax"},
    {"turn": ids[0], "src": "Ana", "kind": "hates", "dst": "Acme Corp"},
    {"turn": "not-a-turn", "src": "Ana", "kind": "lives_in", "dst": "Porto"},
]}))
'''


def test_llm_relations_are_validated_like_the_rules(tmp_path: Path) -> None:
    script = tmp_path / "llm.py"
    script.write_text(SCRIPT)
    cfg_text = (f'[wake]\nembedder = "hash:64"\n\n[sleep]\nllm = "cmd:{sys.executable} {script}"'
                '\n\n[structured]\nllm = true\n')
    store = Store.init(tmp_path / "h", config_text=cfg_text)
    append_turns(store, [Turn("a1", "alice", "s1", "user",
                              "Honestly, Ana has been with Acme Corp for years.",
                              parse_at("2026-01-05T09:00:00Z"))], actor="test")
    run_cycle(store, Config.parse(cfg_text))
    g = load_graph(store, "alice")
    names = {i: e.name for i, e in g.entities.items()}
    got = {(names[r.src], r.kind, names[r.dst], r.source) for r in g.relations}
    assert ("Ana", "works_at", "Acme Corp", "llm") in got
    assert not any("Zorblax" in n for n in names.values())  # a name not in the turn
    assert not any(k == "hates" for _, k, _, _ in got)  # not a relation kind
    ev = next(r for r in g.relations if r.source == "llm")
    assert ev.evidence == "Honestly, Ana has been with Acme Corp for years." and ev.cites == ("a1",)


def test_parse_reply_refuses_a_bad_shape_and_invented_names() -> None:
    texts = {"t1": ("My sister Ana works at Acme.", "2026-01-01T00:00:00Z", "@user")}
    import pytest

    with pytest.raises(ValueError):
        parse_reply(["not", "an", "object"], texts)
    got = parse_reply({"relations": [
        {"turn": "t1", "src": "@user", "kind": "sister_of", "dst": "Ana"},
        {"turn": "t1", "src": "Bob", "kind": "works_at", "dst": "Acme"},
        {"turn": "t1", "src": "Ana", "kind": "works_at", "dst": "Acme"},
    ]}, texts)
    assert [(s.src, s.kind, s.dst) for s in got] == [("@user", "sister_of", "Ana"),
                                                     ("Ana", "works_at", "Acme")]
    assert not validate(Statement("Ana", "works_at", "ACME Inc", "x", "t1", "t"),
                        "Ana works at Acme.")


def test_parse_reply_reads_activities_as_the_rules_do() -> None:
    """An LLM's ``does``/``attends`` objects are activity/event nodes, validated the same way."""
    texts = {"t1": ("We went camping and I joined a book club.", "2026-01-01T00:00:00Z",
                    "@user")}
    got = parse_reply({"relations": [
        {"turn": "t1", "src": "@user", "kind": "does", "dst": "Camping"},
        {"turn": "t1", "src": "@user", "kind": "attends", "dst": "book club"},
        {"turn": "t1", "src": "@user", "kind": "does", "dst": "skydiving"},  # not written
    ]}, texts)
    assert [(s.src, s.kind, s.dst, s.dst_kind) for s in got] == [
        ("@user", "does", "camping", "activity"), ("@user", "attends", "book club", "event")]
