"""Issue 14: activity and event edges (graph/activity.py) read by sentence shape."""

from __future__ import annotations

import pytest

from sleepstack.graph import Graph, Text, build_graph
from sleepstack.graph.activity import activities, validate_activity
from sleepstack.graph.extract import Statement


def _read(text: str, speaker: str | None = "@speaker:Mia") -> set[tuple[str, str, str]]:
    return {(s.src, s.kind, s.dst) for s in activities(text, cite="t1", at="2026-01-01",
                                                        speaker=speaker)}


@pytest.mark.parametrize(("text", "want"), [
    ("Yesterday we went sailing with the neighbours.", ("@speaker:Mia", "does", "sailing")),
    ("I signed up for a ceramics class.", ("@speaker:Mia", "does", "ceramics")),
    ("Last month I went to a jazz festival.", ("@speaker:Mia", "attends", "jazz festival")),
    ("Rui took up fencing in May.", ("Rui", "does", "fencing")),
    ("My brother joined a debate club.", ("@ref:@speaker:Mia|brother", "attends", "debate club")),
    ("I'm off to do some archery!", ("@speaker:Mia", "does", "archery")),
])
def test_activities_and_events_are_read(text: str, want: tuple[str, str, str]) -> None:
    assert want in _read(text)


@pytest.mark.parametrize("text", [
    "I don't go hiking any more.",  # negated
    "We're thinking about going camping in June.",  # a plan
    "If I had time I would go climbing.",  # a condition
    "Did you go fishing?",  # a question states nothing
    "I love being a parent.",  # a state, not an activity
    "I'm doing great, thanks!",  # how one is, not what one does
    "Last Fri I went to a party.",  # "Fri I" is not a subject (the speaker is)
])
def test_what_is_not_done_is_not_read(text: str) -> None:
    got = _read(text)
    assert not any(s == "Fri" or s.startswith("Fri") for s, _, _ in got)
    if "party" not in text:
        assert got == set()


def test_assistant_first_person_is_nobodys() -> None:
    assert _read("I went hiking yesterday.", speaker=None) == set()


def test_validate_refuses_an_object_not_in_the_sentence() -> None:
    st = Statement("@user", "does", "skydiving", "I went hiking.", "c", "a", "user", "activity")
    assert not validate_activity(st, "I went hiking.")
    ok = Statement("@user", "does", "hiking", "I went hiking.", "c", "a", "user", "activity")
    assert validate_activity(ok, "I went hiking.")


def test_build_links_the_speakers_activity_to_every_turn_that_writes_it() -> None:
    texts = [Text("d1", "I just signed up for a pottery class!", "2026-01-01T10:00:00Z", "Mia"),
             Text("d2", "Pottery is so calming, look at this bowl.", "2026-01-02T10:00:00Z",
                  "Mia"),
             Text("d3", "Nice weather today.", "2026-01-03T10:00:00Z", "Leo")]
    g = build_graph(Graph("u"), texts)
    mia = g.by_name("Mia")
    pottery = g.by_name("pottery")
    assert mia is not None and pottery is not None and pottery.kind == "activity"
    edges = [r for r in g.relations if r.kind == "does"]
    assert [(r.src, r.dst, r.cites) for r in edges] == [(mia.id, pottery.id, ("d1",))]
    assert set(pottery.cites) == {"d1", "d2"}  # the lower-case mention cites d2 too
