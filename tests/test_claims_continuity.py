"""Claims read from everyday chat (issue #10, round 5): chat spelling, subject-less
follow-ups that continue the speaker's own slot, and the value a change leaves behind.

Each case is written here, not taken from the benchmark's stories; the negative
cases pin what the continuity must not do (take a value from a sentence with no
first person and no history, or from an evaluation of a place).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import facts_of
from sleepstack import Memory
from sleepstack.sleep.claims import MENTION, disclosures


def pairs(*texts: str) -> list[tuple[str, str, str]]:
    """(attribute, value, cited turn) of the facts of *texts*, one turn each, in order."""
    return [(f.attribute, f.value, f.cites[0]) for f in facts_of(*texts)]


@pytest.mark.parametrize(("text", "want"), [
    ("im based in Tallinn now", ("lives_in", "Tallinn")),
    ("ive been coding in Helix lately", ("uses_editor", "Helix")),
])
def test_chat_spelling_of_the_first_person_is_read(text: str, want: tuple[str, str]) -> None:
    assert want in {(a, v) for a, v, _ in pairs(text)}


def test_chat_spelling_does_not_make_a_question_a_statement() -> None:
    assert disclosures("im not sure, should i move to Oslo?") == []


def test_a_follow_up_without_first_person_continues_the_speakers_slot() -> None:
    got = pairs("My phone number is +1 206 555 0100.", "new number btw: +1 206 555 0199")
    assert ("phone", "+1 206 555 0199", "t1") in got


def test_without_history_an_address_needs_a_word_that_gives_it() -> None:
    # An address said with a word for it ("number", "tel.", "email") and as no one
    # else's is the speaker's even in a clause with no first person (round 18); a
    # service's, or someone else's, is not.
    assert ("phone", "+1 206 555 0199", "t0") in pairs("new number btw +1 206 555 0199")
    assert pairs("the helpline number is 0800 123 4567") == []
    assert pairs("her new number is +1 206 555 0142") == []
    assert pairs("the meeting is at 10 in room 206 555") == []


def test_an_evaluation_of_a_place_is_no_move() -> None:
    got = pairs("I live in Leeds.", "Berlin is lovely in spring.")
    assert ("lives_in", "Leeds", "t0") in got
    assert not any(v == "Berlin" for _, v, _ in got)


def test_a_third_partys_follow_up_stays_theirs() -> None:
    got = pairs("I'm allergic to cashews.", "My cousin's allergy is to bees.")
    assert not any(c == "t1" for _, _, c in got)


def test_the_value_a_change_leaves_behind_is_removed_not_restated() -> None:
    got = pairs("Our data lives in Couchbase.",
                "Everything sits in Firestore now; we decommissioned Couchbase.")
    assert ("uses_database", "Firestore", "t1") in got
    assert ("uses_database", "Couchbase", "t1") not in got
    assert ("ended:uses_database", "Couchbase", "t1") in got


def test_one_clause_naming_the_old_and_the_new_value_keeps_the_new_one() -> None:
    got = pairs("I write code in Geany.", "I code in Kakoune full time now, Geany sits unused.")
    assert ("uses_editor", "Kakoune", "t1") in got
    assert ("uses_editor", "Geany", "t1") not in got


@pytest.mark.parametrize(("text", "want"), [
    ("I have allergies to penicillin and latex.", {"penicillin", "latex"}),
    ("I'm allergic to cashews, kiwi or mango.", {"cashews", "kiwi", "mango"}),
    ("I have a severe peanut allergy.", {"peanut"}),
])
def test_every_allergen_of_a_list_is_a_claim(text: str, want: set[str]) -> None:
    assert {v for a, v, _ in pairs(text) if a == "allergic_to"} == want


def test_an_unread_earlier_statement_of_a_slot_becomes_its_history(tmp_path: Path) -> None:
    """The old partner is never named in a way the reader takes; after the new one is,
    the old turn is the slot's history and recall marks it, through a real cycle."""
    got = facts_of("My boyfriend and I have been together for years.",
                   "We broke up. I'm dating Sam now.")
    mentions = [f for f in got if f.text.startswith(MENTION)]
    assert [(f.attribute, f.cites) for f in mentions] == [("partner", ("t0",))]
    assert ("partner", "Sam") in {(f.attribute, f.value) for f in got}
    mem = Memory.init(tmp_path / "home")
    mem.import_turns([
        {"user": "u1", "session": "a", "role": "user", "at": "2024-05-01T10:00:00+00:00",
         "text": "My boyfriend and I have been together for years."},
        {"user": "u1", "session": "b", "role": "user", "at": "2024-06-01T10:00:00+00:00",
         "text": "We broke up. I'm dating Sam now."},
    ])
    mem.sleep()
    assert [f.value for f in mem.facts("u1") if f.attribute == "partner"] == ["Sam"]
    ctx = mem.recall("Who is the user's partner now?", "u1", budget_tokens=150)
    old = [ln for ln in ctx.context.splitlines() if "together for years" in ln]
    assert old and all("no longer current" in ln for ln in old)


def test_no_history_without_a_later_value() -> None:
    got = facts_of("My boyfriend and I have been together for years.", "ok cool")
    assert not any(f.text.startswith(MENTION) for f in got)
