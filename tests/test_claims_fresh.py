"""A new value of a slot the speaker holds, read by the slot's kind whatever verb says it (#10).

:mod:`sleepstack.sleep.claims.fresh`: once the speaker holds a value in a
single-valued slot, a clause about that slot (by meaning, even faintly) that
says something changed is read for the value the slot's kind calls for — a
name, a job title, a diet, a date, an address — by its shape, not by the verb
("Since the 1st I'm with X", "Set up X this afternoon", "They made me X").

Negative cases: questions, hypotheticals, other people's news, quotes, a clause
with no change cue that only faintly touches the slot, two candidate names.
Sentences here are written for these tests; none is from the benchmark's splits.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from conftest import facts_of, slot_values
from sleepstack import Memory
from sleepstack.layers.rawlog import Turn
from sleepstack.sleep.claims.claim import Claim
from sleepstack.sleep.claims.detect import Clause
from sleepstack.sleep.claims.fresh import fresh_value, titles_in
from sleepstack.sleep.claims.taxonomy import slot_by_name
from sleepstack.sleep.claims.values import birthdays_in, read_value

# ------------------------------------------------------------- names, any verb

@pytest.mark.parametrize(("before", "update", "attribute", "new"), [
    ("I work at Bosch.", "Gave notice at Bosch in May. Since June I'm with Zeiss, loving it.",
     "works_at", "Zeiss"),
    ("I work for Deloitte.", "Deloitte is behind me, it's Stripe paying the bills now.",
     "works_at", "Stripe"),
    # (a strict xfail until round 18: the clause read as CI by meaning and nothing said
    # "Zed" is an editor; the editors by name of .products now say it)
    ("My editor is Atom.", "Installed Zed yesterday, so far so good.", "uses_editor", "Zed"),
    ("My editor is Atom.", "Uninstalled Atom. Installed Zed yesterday, so far so good.",
     "uses_editor", "Zed"),
    ("Our CI is Travis.", "We switched everything over to Buildkite last sprint.",
     "uses_ci", "Buildkite"),
    ("I'm flying to Lisbon in August.", "Lisbon fell through. Booked Marrakech for August!",
     "next_trip", "Marrakech"),
    ("Heading to Oslo next month.", "oslo got cancelled so we rebooked for Dubrovnik instead",
     "next_trip", "Dubrovnik"),
    ("I report to Marta.", "Marta was let go last week. For now I answer to Okonkwo, our CTO.",
     "manager", "Okonkwo"),
    ("My manager is Ines.", "After the reorg I ended up under Kowalski.", "manager", "Kowalski"),
    ("I report to Ines.", "reorg... im in Farah's team now", "manager", "Farah"),
    ("My car is a Ford Fiesta.", "I have change my car, now I am driving one Kia Sportage.",
     "vehicle", "Kia Sportage"),
    ("We store data in Oracle.", "Outgrew Oracle, so the platform moved over to CockroachDB.",
     "uses_database", "CockroachDB"),
])
def test_a_name_in_a_held_slot_is_read_whatever_the_verb(before: str, update: str,
                                                          attribute: str, new: str) -> None:
    got = slot_values(before, update)
    assert (attribute, new) in got, got


def test_the_old_name_beside_the_new_one_is_not_the_new_value() -> None:
    # "the Fiesta I gave to my sister": the held car named again, not "Fiesta I".
    got = slot_values("My car is a Ford Fiesta.",
                      "now I'm driving one Kia Sportage, the Fiesta I gave to my sister")
    assert ("vehicle", "Kia Sportage") in got
    assert not [v for a, v in got if a == "vehicle" and v.startswith("Fiesta")]


# ------------------------------------------------------------- job titles by shape

@pytest.mark.parametrize(("text", "title"), [
    ("They made me team lead, effective Monday", "team lead"),
    ("I run the lab as principal investigator from today", "principal investigator"),
    ("I make now the work of pharmacist", "pharmacist"),
    ("senior analyst since last week", "senior analyst"),
    ("got promoted to staff engineer", "staff engineer"),
    ("they named me head of design", "head of design"),
])
def test_a_job_title_is_read_by_its_shape(text: str, title: str) -> None:
    assert titles_in(text) == [title]


@pytest.mark.parametrize("text", [
    "Being a junior developer means lots of reviews",
    "I finish the training in april",
    "as usual",
])
def test_no_job_title_where_none_is_stated(text: str) -> None:
    assert titles_in(text) == []


@pytest.mark.parametrize(("before", "update", "new"), [
    ("I'm a junior tester.", "got promoted!! test lead since friday", "test lead"),
    ("My job is line cook.", "The owner made me kitchen manager, effective today.",
     "kitchen manager"),
    ("My profession is teacher in a school.", "I make now the work of school principal.",
     "school principal"),
])
def test_a_new_job_title_of_a_held_one_is_read(before: str, update: str, new: str) -> None:
    got = slot_values(before, update)
    assert ("job_title", new) in got, got


# ------------------------------------------------------------- closed kinds and dates

@pytest.mark.parametrize(("before", "update", "attribute", "new"), [
    ("I'm vegetarian.", "Quit the veggie thing. I eat pescatarian now, fish maybe twice a week.",
     "diet", "pescatarian"),
    ("I'm keto.", "My GP said no more keto, I'm on a low-fodmap diet now for my gut.",
     "diet", "low-fodmap"),
    ("My birthday is on March 9.", "Correction: it's March 19, I mistyped it.",
     "birthday", "March 19"),
    ("I was born on 3 June.", "my aunt says the certificate is wrong, I was born on 13 June",
     "birthday", "13 June"),
])
def test_a_closed_class_or_date_value_of_a_held_slot_is_read(before: str, update: str,
                                                             attribute: str, new: str) -> None:
    got = slot_values(before, update)
    assert (attribute, new) in got, got


def test_a_diet_is_what_the_word_diet_is_modified_by() -> None:
    assert read_value("diet", "I'm on a low-purine diet for my gout").new == ["low-purine"]
    assert read_value("diet", "I'm on a strict diet").new == []


def test_a_birthday_keeps_the_speakers_order_and_no_year() -> None:
    assert birthdays_in("it's the 4th of May") == ["4 May"]
    assert read_value("birthday", "My birthday is on July 4th").new == ["July 4"]
    facts = [f for f in facts_of("I was born on 21 April.", day=8) if f.attribute == "birthday"]
    assert facts and "2024" not in facts[0].text.split("(stated")[0], facts


# ------------------------------------------------------------- what must not change

@pytest.mark.parametrize(("before", "other"), [
    ("I work at Bosch.", "Should I move to Zeiss now, what do you think?"),  # a question
    ("I work at Bosch.", "If Zeiss made an offer I would switch now."),  # a hypothetical
    ("I work at Bosch.", "My flatmate just started at Zeiss, he's thrilled."),  # someone else
    ("I work at Bosch.", 'My boss keeps saying "we should all be at Zeiss now".'),  # a quote
    ("I'm flying to Lisbon in August.", "Watched a documentary on Marrakech yesterday."),  # no cue
    ("I report to Marta.", "Now I'm having dinner with Jonas."),  # no role stated
    ("My editor is Atom.", "Now comparing Zed and Helix for the team."),  # two names
    ("I work at Bosch.", "Now reading a book about Apple, fascinating."),  # a topic
    ("My editor is Atom.", "Since Monday I'm learning Rust."),  # another slot's reading
    ("I live in Lisbon.", "The standup moved to 9:30 on Tuesdays."),  # a thing's news
    ("I'm based in Oslo.", "This app moved to Fridays for releases."),  # a thing, a weekday
    # a clause about a person, its change word in another clause: no place
    pytest.param("I live in Leeds.", "Priya relocated to Lisbon, so Tomasz now runs our team.",
                 marks=pytest.mark.xfail(strict=True, reason=(
                     "known limit: held.by_contrast (round 8) reads a bare name in a clause "
                     "near a held slot as its new value; a person as the subject is no place, "
                     "but kinds.py judges the kind of whole words of MiniLM's vocabulary only, "
                     "and a rare name like 'Tomasz' is cut into word pieces: its kind is not "
                     "read, so nothing vetoes it as a home"))),
    ("My email is kai@flux.dev.", "For refunds, email my bookkeeper at refunds@acme.co."),  # theirs
])
def test_no_new_value_from_other_voices_or_faint_clauses(before: str, other: str) -> None:
    got = slot_values(before, other)
    held = {a: v for a, v in slot_values(before)}
    for attribute, value in held.items():
        assert not [v for a, v in got if a == attribute and v not in (value, "none")], got


def test_a_restated_held_value_without_change_is_no_new_value() -> None:
    got = slot_values("I report to Marta.", "Marta and Jonas from finance had lunch with me.")
    assert ("manager", "Jonas") not in got


def test_fresh_value_needs_a_held_slot_or_a_change() -> None:
    employer = slot_by_name("employer")
    said = Clause("Started with Zeiss in May", "Started with Zeiss in May.")
    # held: the new name is read though the clause is only faintly about the slot
    got = fresh_value(said, [], [(employer, 0.2)], {"employer": ["Bosch"]}, [])
    assert [(s.name, v) for s, v, _, _ in got] == [("employer", "Zeiss")]
    # nothing held: nothing to change
    assert fresh_value(said, [], [(employer, 0.2)], {}, []) == []
    # faintly about the slot and only "since": no change said ...
    since = Clause("Since May I'm with Zeiss", "Since May I'm with Zeiss.")
    assert fresh_value(since, [], [(employer, 0.2)], {"employer": ["Bosch"]}, []) == []
    # ... unless the turn just ended the held value: its replacement
    ended = [Claim(Turn("t", "u", "s", "user", "", datetime(2024, 5, 1, tzinfo=UTC)), "user",
                   employer, "Bosch", True, "Left Bosch", 0.5)]
    got = fresh_value(since, [], [(employer, 0.2)], {"employer": ["Bosch"]}, ended)
    assert [(s.name, v) for s, v, _, _ in got] == [("employer", "Zeiss")]
    # no change cue and not near the slot
    quiet = Clause("I'm with Zeiss people a lot", "I'm with Zeiss people a lot.")
    assert fresh_value(quiet, [], [(employer, 0.2)], {"employer": ["Bosch"]}, []) == []


def test_the_new_value_is_current_in_recall_and_the_old_one_marked(tmp_path: Path) -> None:
    mem = Memory.init(tmp_path / "home")
    now = datetime.now(UTC).replace(microsecond=0)
    story = [
        ("user", "My editor is Atom.", 30),
        ("assistant", "Nice.", 30),
        ("user", "Atom kept freezing. Set up Zed this morning, so far so good.", 2),
    ]
    for i, (role, text, days) in enumerate(story):
        mem.log("quinn", f"s{i}", role, text, at=(now - timedelta(days=days)).isoformat())
    mem.sleep()
    current = {(f.attribute, f.value) for f in mem.facts("quinn")}
    assert ("uses_editor", "Zed") in current
    assert ("uses_editor", "Atom") not in current
    ctx = mem.recall("Which editor does the user code in?", "quinn", budget_tokens=150)
    assert "Zed" in ctx.context
    for line in ctx.context.splitlines():
        if "Atom" in line and "Zed" not in line:
            assert "no longer current" in line.casefold(), ctx.context
