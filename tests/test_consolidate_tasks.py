"""Consolidation as tasks: one ``cluster`` item per user, one ``consolidate`` item per cluster.

Each cluster's merge is a work item of its own, cached on its content: a
second cycle in which one cluster changed merges only that cluster again
(counted through a ``cmd:`` LLM that appends a line to a file per call).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from sleepstack.engines import LocalEngine
from sleepstack.plan import CycleState, Plan
from sleepstack.sleep.phases import consolidate as phase
from sleepstack.sleep.phases import default_plan
from sleepstack.sleep.phases.consolidate import consolidate_notes
from sleepstack.sleep.phases.notes import render_note

HASH = "hash:384"
NOW = "2026-01-06T08:00:00Z"

#: merges a cluster into its newest note's text, citing every note; counts its calls
FAKE_LLM = r'''
import json, os, re, sys
prompt = sys.stdin.read()
m = re.search(r"<<<NOTES\n(.*?)\nNOTES>>>", prompt, re.S)
notes = [json.loads(line) for line in m.group(1).splitlines()] if m else []
with open(os.environ["FAKE_LLM_COUNT"], "a") as f:
    f.write(json.dumps(sorted(n["id"] for n in notes)) + "\n")
newest = max(notes, key=lambda n: (n["at"], n["id"]))
cites = sorted({c for n in notes for c in n["cites"]})
print(json.dumps({"lines": [{"text": newest["text"], "cites": cites}]}))
'''

TEA = ["Alice's favourite tea is sencha.", "Alice's favourite tea is sencha tea."]
TRAIN = ["Alice takes the 7:40 train to work every weekday.",
         "Alice takes the 7:40 train to work every single weekday."]


def _note(i: int, text: str) -> dict[str, str]:
    rec = {"id": f"p{i:03d}", "user": "alice", "at": f"2026-01-0{1 + i}T10:00:00Z"}
    return {"path": f"user/alice/notes/p{i:03d}.md",
            "text": render_note(rec, text, promoted_by="c0", decision="accept")}


def _notes(train: list[str]) -> list[dict[str, str]]:
    return [_note(i, t) for i, t in enumerate([*TEA, *train])]


def _state(notes: list[dict[str, str]], settings: dict[str, Any], cycle: str) -> CycleState:
    return CycleState(home="", cycle_id=cycle, key="k", now=NOW, dry_run=False,
                      settings={**settings, "cycle_id": cycle, "run_id": f"run-{cycle}"},
                      inputs={"all_notes": {"alice": notes}}, users=["alice"])


def _consolidation() -> Plan:
    return Plan(tuple(p for p in default_plan().phases if p.name in ("cluster", "consolidate")))


@pytest.fixture
def llm(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[str, Path]:
    script = tmp_path / "fake_llm.py"
    script.write_text(FAKE_LLM)
    count = tmp_path / "llm-calls.txt"
    count.write_text("")
    monkeypatch.setenv("FAKE_LLM_COUNT", str(count))
    return f"cmd:{sys.executable} {script}", count


def _calls(count: Path) -> list[list[str]]:
    return [json.loads(line) for line in count.read_text().splitlines()]


def test_two_independent_clusters_are_two_consolidate_items(tmp_path: Path) -> None:
    settings = {"embedder": HASH, "llm": "none", "cache_dir": str(tmp_path / "cache")}
    state = _state(_notes(TRAIN), settings, "c1")
    (item,) = phase.cluster_split(state)
    assert item["user"] == "alice" and "now" not in item  # every note has its own time
    phase.cluster_merge(state, [phase.cluster_work(item, {**settings, "now": NOW})])
    items = phase.split(state)
    assert [i["user"] for i in items] == ["alice", "alice"]
    members = [sorted(m["text"] for m in i["members"]) for i in items]
    assert sorted(members) == sorted([sorted(TEA), sorted(TRAIN)])
    for i in items:  # everything the merge needs travels with the cluster
        cites = {c for m in i["members"] for c in m["cites"]}
        assert set(i["evidence"]) == cites == set(i["evidence_at"])
        assert len(i["sims"]) == len(i["members"]) == 2
    json.dumps(items)  # plain JSON: a remote task can take it


def test_the_tasks_do_what_one_call_does(tmp_path: Path) -> None:
    settings = {"embedder": HASH, "llm": "none", "cache_dir": str(tmp_path / "cache"),
                "now": NOW}
    notes = _notes(TRAIN)
    state = LocalEngine(concurrency=4).run(_consolidation(), _state(notes, settings, "c1"))
    whole = consolidate_notes("alice", notes, {**settings, "cycle_id": "c1"})
    assert whole["clusters"] == state.counts["clusters"] == 2
    # The same cache entries: the one call is served what the tasks stored.
    assert all(m["cached"] for m in whole["merges"])
    assert not any(m["cached"] for m in state.details["merges"])
    assert state.details["merges"] == [{"user": "alice", **{k: v for k, v in m.items()
                                                             if k != "text"}, "cached": False}
                                       for m in whole["merges"]]
    for m in whole["merges"]:
        assert state.changes[m["path"]] == m["text"]
    assert "consolidate_clusters" not in state.inputs  # the state stays lean


def test_a_changed_cluster_is_the_only_one_merged_again(tmp_path: Path,
                                                       llm: tuple[str, Path]) -> None:
    spec, count = llm
    settings = {"embedder": HASH, "llm": spec, "cache_dir": str(tmp_path / "cache"),
                "work_cache_dir": str(tmp_path / "work")}
    engine = LocalEngine(concurrency=4)

    first = engine.run(_consolidation(), _state(_notes(TRAIN), settings, "c1"))
    assert first.counts["clusters"] == 2 and first.counts["merged"] == 4
    calls = _calls(count)
    assert len(calls) == 2  # one LLM call per cluster
    assert all(not m["cached"] for m in first.details["merges"])

    changed = [TRAIN[0], "Alice takes the 7:40 train to work every single working weekday."]
    second = engine.run(_consolidation(), _state(_notes(changed), settings, "c2"))
    assert second.counts["clusters"] == 2 and second.counts["merged"] == 4
    again = _calls(count)[len(calls):]
    assert again == [["user/alice/notes/p002.md", "user/alice/notes/p003.md"]]  # train only
    cached = {tuple(m["sources"]): m["cached"] for m in second.details["merges"]}
    assert cached == {("user/alice/notes/p000.md", "user/alice/notes/p001.md"): True,
                      ("user/alice/notes/p002.md", "user/alice/notes/p003.md"): False}
    # the unchanged cluster's note is the same line; only the cycle that wrote it differs
    tea = "user/alice/notes/p000.md"
    before = first.changes[tea]
    assert before is not None and "cycle c1" in before
    assert second.changes[tea] == before.replace("cycle c1", "cycle c2")
