"""The kind of a candidate value by meaning (#10): :mod:`sleepstack.sleep.claims.kinds`.

A softmax head over MiniLM vectors, trained on example values written for it,
says whether a span is a place, a company, a person, a tool, a diet … A value
clearly of another kind than its slot needs is not read ("works at" a sign-off,
"lives in" a car maker), and of two names in a clause about a held slot the one
of the slot's kind is its value. Sentences here are written for these tests;
none is from the benchmark's splits, and no example value is one of their values.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from conftest import slot_values
from sleepstack.adapters.embed import load_embedder
from sleepstack.sleep.claims import kinds, kinds_head
from sleepstack.sleep.claims.kinds_data import EXAMPLES

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

from decontaminate import bench_values


def test_no_example_value_is_a_value_of_the_bench() -> None:
    bench = bench_values()
    assert len(bench) > 300  # the splits were found
    clash = sorted(v for vs in EXAMPLES.values() for v in vs if v.casefold() in bench)
    assert clash == []


def test_the_head_was_trained_on_these_examples() -> None:
    # After editing kinds_data.py: python -m sleepstack.sleep.claims.kinds
    assert kinds.digest() == kinds_head.DIGEST
    assert all(len(vs) >= 30 for vs in EXAMPLES.values())


def _probs(*spans: str) -> dict[str, dict[str, float]]:
    got = kinds.score(list(spans), load_embedder(kinds.MODEL))
    return {s.casefold(): p for s, p in zip(spans, got, strict=True)}


@pytest.mark.parametrize(("span", "kind"), [
    ("Trondheim", "place"), ("Casablanca", "place"), ("Deutsche Telekom", "org"),
    ("Margaret", "person"), ("Adebayo", "person"),
    ("Kyrgyz", "language"), ("Sanskrit", "language"), ("hummus", "allergen"),
    ("walnut oil", "allergen"), ("kayak polo", "pastime"), ("data engineer", "title"),
    ("Yahoo", "app"), ("honestly", "word"), ("you know", "word"),
])
def test_clear_spans_read_as_their_kind(span: str, kind: str) -> None:
    p = _probs(span)[span.casefold()]
    assert max(p, key=lambda k: p[k]) == kind, p


@pytest.mark.parametrize(("slot", "span"), [
    ("employer", "best wishes"),  # a sign-off is no company
    ("home", "Ferrari"),  # a car maker is no home
    ("manager", "Damascus"),  # a city is nobody's boss
    ("allergy", "merely"),  # an adverb is no allergen
    ("editor", "we're"),
    ("trip", "never"),
    ("home", "Yahoo"),
    ("job_title", "honestly"),  # a job title is vetoed by a plain word only
])
def test_a_value_of_a_foreign_kind_is_vetoed(slot: str, span: str) -> None:
    assert kinds.vetoed(slot, span, _probs(span))


@pytest.mark.parametrize(("slot", "span"), [
    ("employer", "Ferrari"),  # a company named like its cars
    ("employer", "Yahoo"),  # ... or its app
    ("home", "Trondheim"), ("manager", "Gunnhild"), ("language", "Sanskrit"),
    ("editor", "Notepad"), ("database", "Apache Ignite"), ("ci", "Semaphore CI"),
    ("vehicle", "Škoda Kodiaq"), ("allergy", "hummus"), ("job_title", "data engineer"),
    ("job_title", "treasury controller"),  # reads as a company: titles are an open class
    ("home", "some unscored span"),  # not scored: nothing is vetoed
    # A rare name is cut into word pieces and may read as anything ("Gunnhild" as a
    # plain word, "Valparaíso" as a database): only known words veto.
    ("manager", "Gunnhild"), ("home", "Valparaíso"),
])
def test_a_value_of_its_own_kind_is_kept(slot: str, span: str) -> None:
    got = _probs(span) if span != "some unscored span" else {}
    assert not kinds.vetoed(slot, span, got)


def test_of_two_names_the_one_of_the_slots_kind_is_chosen() -> None:
    p = _probs("Ferrari", "Milan", "Gunnhild")
    assert kinds.fits("employer", ["Ferrari", "Milan"], p) == ["Ferrari"]
    assert kinds.fits("home", ["Ferrari", "Milan"], p) == ["Milan"]
    # two names of one kind: nothing is chosen
    assert kinds.fits("manager", ["Gunnhild", "Ferrari"], {
        "gunnhild": p["gunnhild"], "ferrari": p["gunnhild"]}) == []
    # a value not scored (a rare name) may fit: beside a clearly foreign one it is chosen
    assert kinds.fits("employer", ["Ferrari", "unscored"], p) == []
    assert kinds.fits("manager", ["Kowalczyk", "Milan"], _probs("Milan")) == ["Kowalczyk"]
    assert kinds.fits("manager", ["Kowalczyk", "Gunnhild"], {}) == []


def test_without_minilm_nothing_is_scored() -> None:
    assert kinds.score(["Milan"], load_embedder("hash:64")) == [{}]
    assert kinds.kind_hints(["I live in Milan"], [{"place"}], load_embedder("hash:64")) == [[]]


def test_hints_round_trip() -> None:
    hints = kinds.kind_hints(["We moved to Trondheim in May."], [{"place", "org"}],
                             load_embedder(kinds.MODEL))
    got = kinds.read_hints(hints[0])
    assert max(got["trondheim"], key=lambda k: got["trondheim"][k]) == "place"


# ------------------------------------------------------------- through the extractor

def test_a_sign_off_is_no_employer() -> None:
    got = slot_values("I work for Danfoss.",
                      "For the letters you draft for me: I now work for Grundfos. Best wishes.")
    assert not {v for a, v in got if a == "works_at"} & {"Best wishes", "Best", "wishes"}


def test_of_two_names_in_a_held_slot_the_one_of_its_kind_is_the_new_value() -> None:
    from sleepstack.sleep.claims.held import by_contrast
    from sleepstack.sleep.claims.taxonomy import slot_by_name

    clause = "Now with Ferrari, also near Milan"
    p = _probs("Ferrari", "Milan")
    ranked = [(slot_by_name("employer"), 0.4)]
    held = {"employer": ["Bosch"]}
    assert by_contrast(clause, ranked, held, [], None) == []  # two names: which one?
    got = by_contrast(clause, ranked, held, [], None, p)
    assert [(s.name, v) for s, v, _, _ in got] == [("employer", "Ferrari")]
    # ... and for a held home, the city
    got = by_contrast(clause, [(slot_by_name("home"), 0.4)], {"home": ["Reutlingen"]}, [],
                      None, p)
    assert [(s.name, v) for s, v, _, _ in got] == [("home", "Milan")]


def test_a_car_maker_is_no_home() -> None:
    got = slot_values("I live in Reutlingen.", "These days I'm by Ferrari, mostly on the engines.")
    assert ("lives_in", "Ferrari") not in got


def test_a_third_partys_employer_stays_theirs() -> None:
    got = slot_values("I work at Bosch in Reutlingen.",
                      "My brother is now over at Ferrari, also near Milan.")
    assert ("works_at", "Ferrari") not in got
    assert ("lives_in", "Milan") not in got


def test_a_hypothetical_new_employer_is_not_read() -> None:
    got = slot_values("I work at Bosch in Reutlingen.",
                      "If I were at Ferrari near Milan, would the commute be worse?")
    assert ("works_at", "Ferrari") not in got
