"""Clustering and consolidation of notes and facts, the grounding gate, and the cache."""

from __future__ import annotations

import json
from collections import OrderedDict
from pathlib import Path
from typing import Any

import pytest

from sleepstack.adapters.llm import Completion
from sleepstack.layers.facts import Fact
from sleepstack.sleep.consolidate import Note, consolidate
from sleepstack.sleep.grounding import grounded

HASH = "hash:384"


def note(nid: str, text: str, at: str, cites: tuple[str, ...] | None = None) -> Note:
    return Note(id=nid, text=text, cites=cites or (f"t-{nid}",), at=at, user="u1")


NOTES = [
    note("a", "The user likes hiking in the Alps.", "2023-05-01T10:00:00Z"),
    note("b", "The user likes hiking in the Alps!", "2023-05-03T10:00:00Z"),
    note("c", "The team has 5 members.", "2023-05-02T10:00:00Z"),
    note("d", "The team has 7 members.", "2023-05-06T10:00:00Z"),
    note("e", "The user has a dog named Rex.", "2023-05-04T10:00:00Z"),
]


def run(tmp_path: Path | None = None, **kw: Any) -> Any:
    return consolidate(
        NOTES, embedder=HASH, threshold=0.7,
        cache_dir=str(tmp_path / "cache") if tmp_path else None, **kw,
    )


def test_duplicates_merge_with_citation_union() -> None:
    res = run()
    hiking = [n for n in res.notes if "hiking" in n.text]
    assert len(hiking) == 1
    assert hiking[0].cites == ("t-a", "t-b")
    assert hiking[0].at == "2023-05-03T10:00:00Z"
    assert res.merged == 1


def test_contradiction_newest_wins_and_older_is_history() -> None:
    res = run()
    texts = [n.text for n in res.notes]
    assert "The team has 7 members." in texts and "The team has 5 members." not in texts
    assert [n.id for n in res.history] == ["c"]
    assert any(n.text.startswith("The user has a dog") for n in res.notes)  # untouched
    assert len(res.notes) == 3


def test_slot_semantics_for_facts() -> None:
    def f(fid: str, attr: str, value: str, at: str) -> Fact:
        return Fact(id=fid, user="u1", subject="user", attribute=attr, value=value,
                    category="preference", confidence=0.8, text=f"The user likes {value}.",
                    at=at, valid_from=at, cites=(fid,))
    # Multi-valued: "likes jazz" and "likes blues" are both kept, not a contradiction.
    res = consolidate([f("x", "likes", "jazz", "2023-05-01T00:00:00Z"),
                       f("y", "likes", "blues", "2023-05-02T00:00:00Z")],
                      embedder=HASH, threshold=0.5)
    assert len(res.notes) == 2 and res.history == []


def test_cache_hits_on_rerun(tmp_path: Path) -> None:
    first = run(tmp_path)
    assert first.cache_hits == 0 and len(first.clusters) == 2
    second = run(tmp_path)
    assert second.cache_hits == 2
    assert [n.to_dict() for n in second.notes] == [n.to_dict() for n in first.notes]
    assert [n.id for n in second.history] == [n.id for n in first.history]
    assert len(list((tmp_path / "cache").glob("*.json"))) == 2


def test_parallel_and_serial_agree() -> None:
    a = run(max_workers=1)
    b = run(max_workers=4)
    assert a.to_dict() == b.to_dict()


@pytest.mark.parametrize(
    ("claim", "reason"),
    [
        ("The user ran 12 km on 2023-05-07.", "numbers"),
        ("The user ran 10 km on 2023-05-06.", "dates"),
        ("The user did not run 10 km on 2023-05-07.", "negation"),
    ],
)
def test_grounding_gate_rejects_wrong_number_date_or_negation(claim: str, reason: str) -> None:
    evidence = ["I ran 10 km yesterday!"]
    ok = grounded("The user ran 10 km on 2023-05-07.", evidence, HASH, threshold=0.3,
                  evidence_at=["2023-05-08T09:00:00Z"])
    assert ok.ok, ok.reasons
    bad = grounded(claim, evidence, HASH, threshold=0.3, evidence_at=["2023-05-08T09:00:00Z"])
    assert not bad.ok and any(r.startswith(reason) for r in bad.reasons), bad.reasons


def test_grounding_similarity_with_the_real_default_embedder() -> None:
    from sleepstack.adapters.embed import DEFAULT_EMBEDDER, load_embedder

    emb = load_embedder(DEFAULT_EMBEDDER)
    good = grounded("The user prefers answers written as prose.",
                    ["Actually I prefer prose now."], emb)
    assert good.ok and good.similarity > 0.6, good
    off = grounded("The user adopted a cat in Tokyo.", ["Actually I prefer prose now."], emb)
    assert not off.ok and any("similarity" in r for r in off.reasons)


class FakeLLM:
    def __init__(self, reply: dict[str, Any]) -> None:
        self.reply = reply
        self.calls = 0

    @property
    def spec(self) -> str:
        return "fake:merge"

    def complete(self, prompt: str, *, system: str | None = None, max_tokens: int = 512,
                 json_mode: bool = False) -> Completion:
        self.calls += 1
        assert "<<<NOTES" in prompt
        return Completion(json.dumps(self.reply), 50, 10, "fake")


TEAM = [
    note("p", "The user ran 10 km on 2023-05-07.", "2023-05-08T10:00:00Z"),
    note("q", "The user ran 10 km on 2023-05-07 with Anna.", "2023-05-08T11:00:00Z"),
]


def test_llm_merge_that_changes_a_number_keeps_the_originals() -> None:
    llm = FakeLLM({"lines": [{"text": "The user ran 12 km on 2023-05-07 with Anna.",
                              "cites": ["t-p", "t-q"]}]})
    res = consolidate(TEAM, embedder=HASH, threshold=0.6, llm=llm)
    assert llm.calls == 1
    assert {n.id for n in res.notes} == {"p", "q"}
    assert res.rejected and "numbers" in res.rejected[0]["reasons"][0]
    assert res.usage["calls"] == 1


def test_llm_merge_that_is_grounded_replaces_the_cluster() -> None:
    llm = FakeLLM({"lines": [{"text": "The user ran 10 km on 2023-05-07 with Anna.",
                              "cites": ["t-p", "t-q"]}]})
    res = consolidate(TEAM, embedder=HASH, threshold=0.6, llm=llm, grounding_threshold=0.3)
    assert [(n.text, n.cites) for n in res.notes] == [
        ("The user ran 10 km on 2023-05-07 with Anna.", ("t-p", "t-q"))
    ]
    assert res.rejected == [] and res.merged == 1


def test_llm_invented_citation_falls_back_to_deterministic_merge(tmp_path: Path) -> None:
    llm = FakeLLM({"lines": [{"text": "The user ran 10 km.", "cites": ["t-zzz"]}]})
    res = consolidate(TEAM, embedder=HASH, threshold=0.6, llm=llm,
                      cache_dir=str(tmp_path / "c"))
    assert llm.calls == 3  # first try plus two re-asks
    assert res.clusters[0].llm_fallback is not None
    assert {n.id for n in res.notes} == {"p", "q"}  # distinct notes, none lost
    assert not (tmp_path / "c").exists() or not list((tmp_path / "c").glob("*.json"))


# ------------------------------------------------------- what is a contradiction
def _pair(a: str, b: str) -> Any:
    return consolidate([note("x", a, "2023-05-01T10:00:00Z"), note("y", b, "2023-05-02T10:00:00Z")],
                       embedder=HASH, threshold=0.5)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("user00 keeps a running log on day 0.", "user00 keeps a running log on day 1."),
        ("I finished step 3 of the tutorial.", "I finished step 4 of the tutorial."),
        ("Ticket #12 is about the login page.", "Ticket #14 is about the login page."),
        ("The team has 5 members and meets on Mondays in the big room downstairs.",
         "The team shipped 3 releases and celebrated on Friday in the big room."),
    ],
)
def test_counters_and_different_sentences_are_not_contradictions(old: str, new: str) -> None:
    res = _pair(old, new)
    assert res.history == [] and sorted(n.text for n in res.notes) == sorted([old, new])


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The team has 5 members.", "The team has 7 members."),
        ("Our standup is at 9 every day.", "Our standup is at 10 every day."),
        ("The user likes spicy food.", "The user no longer likes spicy food."),
    ],
)
def test_the_same_sentence_with_a_value_changed_is_newest_wins(old: str, new: str) -> None:
    res = _pair(old, new)
    assert [n.text for n in res.notes] == [new] and [n.text for n in res.history] == [old]


# ------------------------------------------------------------ embedding cache
class CountingEmbedder:
    """The hashing embedder, counting the texts it is asked to embed."""

    def __init__(self) -> None:
        from sleepstack.adapters.embed import load_embedder

        self.inner = load_embedder(HASH)
        self.texts = 0

    @property
    def name(self) -> str:
        return "counting:hash"

    @property
    def dim(self) -> int:
        return self.inner.dim

    def embed(self, texts: Any) -> Any:
        self.texts += len(texts)
        return self.inner.embed(texts)


def test_unchanged_notes_are_not_embedded_again(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    import sleepstack.sleep.embed_cache as ec

    cache = str(tmp_path / "cache")
    emb = CountingEmbedder()
    first = consolidate(NOTES, embedder=emb, threshold=0.7, cache_dir=cache)
    assert emb.texts >= len(NOTES)
    # A new process: nothing in memory, everything on disk.
    monkeypatch.setattr(ec, "_MEMO", OrderedDict())
    emb.texts = 0
    second = consolidate(NOTES, embedder=emb, threshold=0.7, cache_dir=cache)
    assert emb.texts == 0 and second.cache_hits == len(second.clusters)
    assert [n.to_dict() for n in second.notes] == [n.to_dict() for n in first.notes]
    # One new note: only it is embedded.
    monkeypatch.setattr(ec, "_MEMO", OrderedDict())
    emb.texts = 0
    consolidate([*NOTES, note("f", "The user visited Oslo in 2022.", "2023-05-07T10:00:00Z")],
                embedder=emb, threshold=0.7, cache_dir=cache)
    assert emb.texts == 1


def test_the_model_is_loaded_only_for_new_texts(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    import sleepstack.sleep.embed_cache as ec
    from sleepstack.adapters.embed import load_embedder as real

    loads: list[str] = []

    def counting_load(spec: str) -> Any:
        loads.append(spec)
        return real(spec)

    monkeypatch.setattr("sleepstack.sleep.embed_cache.load_embedder", counting_load)
    monkeypatch.setattr(ec, "_MEMO", OrderedDict())
    cache = str(tmp_path / "cache")
    consolidate(NOTES, embedder=HASH, threshold=0.7, cache_dir=cache)
    assert loads == [HASH]  # through load_embedder: one model per process
    monkeypatch.setattr(ec, "_MEMO", OrderedDict())
    consolidate(NOTES, embedder=HASH, threshold=0.7, cache_dir=cache)
    assert loads == [HASH]  # every text and every cluster cached: no model needed


# ---------------------------------------------- consolidated notes, cycle after cycle
def test_a_consolidated_note_does_not_grow_over_cycles(tmp_path: Path) -> None:
    from sleepstack.sleep.phases.consolidate import consolidate_notes
    from sleepstack.sleep.phases.notes import merged_parts, render_note

    def proposal(i: int, day: int) -> dict[str, str]:
        rec = {"id": f"p{i:03d}", "user": "u1", "at": f"2023-05-0{1 + i % 9}T10:00:00Z"}
        return {"path": f"user/u1/notes/p{i:03d}.md",
                "text": render_note(rec, f"u1 keeps a running log on day {day}.",
                                    promoted_by="c", decision="accept")}

    settings = {"embedder": HASH, "now": "2023-05-10T00:00:00Z", "cycle_id": "c1",
                "cache_dir": str(tmp_path / "cache")}
    notes = {n["path"]: n["text"] for n in (proposal(i, i % 2) for i in range(4))}
    sizes = []
    for cycle in range(4):
        out = consolidate_notes("u1", [{"path": p, "text": t} for p, t in sorted(notes.items())],
                                settings)
        for m in out["merges"]:
            for src in m["sources"]:
                notes.pop(src)
            notes[m["path"]] = m["text"]
        (only,) = notes.values()
        parts = merged_parts(only)
        assert parts is not None
        assert sorted(parts[0]) == ["u1 keeps a running log on day 0.",
                                    "u1 keeps a running log on day 1."]
        assert parts[1] == []  # day 0 and day 1 are two notes, neither replaced the other
        sizes.append(len(only))
        # The next cycle brings the same two notes again.
        notes.update({n["path"]: n["text"] for n in (proposal(10 * (cycle + 1) + i, i % 2)
                                                     for i in range(2))})
    assert max(sizes) - min(sizes) <= 2  # only the "merged notes" count may change


def test_history_lines_of_a_consolidated_note_are_not_extracted_as_facts() -> None:
    from sleepstack.plan import CycleState
    from sleepstack.sleep.phases.extract import extract_split
    from sleepstack.sleep.phases.notes import merged_parts, render_merged

    md = render_merged("u1", ["The team has 7 members."], ["The team has 5 members."],
                       sources=["a", "b"], by="cycle c1", newest="2023-05-06T10:00:00Z")
    assert merged_parts(md) == (["The team has 7 members."], ["The team has 5 members."])
    state = CycleState(home="/h", cycle_id="c2", key="k", now="2023-05-09T00:00:00Z",
                       dry_run=False, settings={}, users=["u1"])
    state.inputs["new_notes"] = {"u1": [{"path": "user/u1/notes/a.md", "text": md}]}
    (item,) = extract_split(state)
    assert [t["text"] for t in item["turns"]] == ["The team has 7 members."]
