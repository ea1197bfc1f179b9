"""The first statement of a value is read, and read into its slot (issue #10, round 17).

A value the user states once, plainly, must become a fact of its slot: every
later change is read against it, and a first value never read (or read into
another slot) is a stale value nothing can supersede. These are the plain
shapes the readers missed: a tool named next to what it is for ("Hudson for the
Windows builds"), a first statement naming two places ("I live in Kettering so
the trains to London…").

Sentences here are written for these tests; none is from the benchmark's splits.
"""

from __future__ import annotations

import pytest

from conftest import slot_values


@pytest.mark.parametrize(("text", "attribute", "value", "not_value"), [
    # the tool, not the language, OS, platform or machine it is for or on
    ("We still build with Tinderbox for the Linux packages, don't judge.", "uses_ci",
     "Tinderbox", "Linux"),
    ("I use Geany as my editor for Python scripts.", "uses_editor", "Geany", "Python"),
    ("Our stock list lives in FileMaker on an old PC in the back office.",
     "uses_database", "FileMaker", "PC"),
    ("Our iOS builds run on Bitrise.", "uses_ci", "Bitrise", "iOS"),
])
def test_a_tool_is_not_what_it_is_for(text: str, attribute: str, value: str,
                                      not_value: str) -> None:
    got = slot_values(text)
    assert (attribute, value) in got, got
    assert (attribute, not_value) not in got, got


@pytest.mark.parametrize(("text", "attribute", "value", "not_value"), [
    # a first statement gives its value first; what follows is where or what for
    ("We live in Hove near the Brighton marina.", "lives_in", "Hove", "Brighton"),
    ("I work for Arup as a bridge engineer at the Solihull office.", "works_at", "Arup",
     "Solihull"),
])
def test_a_first_statement_gives_its_first_value(text: str, attribute: str, value: str,
                                                 not_value: str) -> None:
    got = slot_values(text)
    assert (attribute, value) in got, got
    assert (attribute, not_value) not in got, got


def test_a_change_still_gives_its_last_value() -> None:
    # with a value held, a clause naming two is a change: the new one is said last
    got = slot_values("I live in Leeds.", "Leeds is behind us, we moved to York last month.")
    assert ("lives_in", "York") in got, got
    assert ("ended:lives_in", "Leeds") in got, got


@pytest.mark.parametrize(("text", "value"), [
    # a day in digits with a birth word is a birthday as written, never a phone number
    ("Birthday: 17.09.1983", "17.09.1983"),
    ("my date of birth is 1979-03-21", "1979-03-21"),
    ("DOB: 05/11/1992", "05/11/1992"),
    ("I was born 28-02-1966, a leap year baby almost", "28-02-1966"),
])
def test_a_birthday_in_digits_is_read(text: str, value: str) -> None:
    got = slot_values(text)
    assert ("birthday", value) in got, got
    assert not [v for a, v in got if a == "phone"], got


@pytest.mark.parametrize("text", [
    # no birth word: a date is an appointment, a number a phone
    "the dentist moved me to 17.09.2024",
    "my mum's birthday is 05/11/1952",  # someone else's
])
def test_a_date_in_digits_without_the_speakers_birth_is_no_birthday(text: str) -> None:
    got = slot_values(text)
    assert not [v for a, v in got if a in ("birthday", "phone")], got


@pytest.mark.parametrize(("text", "value"), [
    # an animal given a name is a pet, whatever slot the name reads nearer to
    ("My cockatiel is called Major Tom.", "Major Tom"),
    ("our whippet's called Biscuit", "Biscuit"),
    ("My lurcher is named Sergeant.", "Sergeant"),
])
def test_an_animal_given_a_name_is_a_pet(text: str, value: str) -> None:
    got = slot_values(text)
    assert ("has_pet", value) in got, got
    assert not [a for a, v in got if v == value and a != "has_pet"], got


def test_someone_elses_named_animal_is_not_the_speakers_pet() -> None:
    got = slot_values("My neighbour's whippet is called Biscuit.")
    assert ("has_pet", "Biscuit") not in got, got


@pytest.mark.parametrize(("text", "value"), [
    # a language by its name, rare ones too (a closed class, said capitalised)
    ("I'm learning Wolof before the fieldwork.", "Wolof"),
    ("studying Tigrinya with my neighbour on Sundays", "Tigrinya"),
    ("I'm doing an evening class in Middle English.", "Middle English"),
    ("I've started Kinyarwanda on an app", "Kinyarwanda"),
])
def test_a_rare_language_is_read(text: str, value: str) -> None:
    got = slot_values(text)
    assert ("learning_language", value) in got, got


@pytest.mark.parametrize("text", [
    # the lower-case English word is no language
    "we had an ewe and two lambs on the farm when I was a kid",
    "my colleague is learning Wolof",  # someone else's
])
def test_no_language_where_none_is_learnt_by_the_speaker(text: str) -> None:
    got = slot_values(text)
    assert not [v for a, v in got if a == "learning_language"], got


@pytest.mark.parametrize(("text", "attribute", "value"), [
    # a field note with an acronym label
    ("CI: Woodpecker, self-hosted", "uses_ci", "Woodpecker"),
    ("DOB: 11.02.1990", "birthday", "11.02.1990"),
])
def test_a_field_note_with_an_acronym_label(text: str, attribute: str, value: str) -> None:
    assert (attribute, value) in slot_values(text)


def test_a_country_before_a_colon_is_no_field() -> None:
    got = slot_values("USA: great trip, loved Utah")
    assert not [v for a, v in got if v == "USA"], got


@pytest.mark.parametrize(("text", "attribute", "value"), [
    # a statement followed by a hypothetical clause of its own stands
    ("I've lived in Dunfermline for twenty years, and I can't imagine living anywhere else.",
     "lives_in", "Dunfermline"),
    ("I'm a midwife, so I might be slow to reply tonight.", "job_title", "midwife"),
    # a condition on the statement's relevance, not on whether it holds
    ("my number's 07700 900412 if the landlord needs it", "phone", "07700 900412"),
    ("my email is kwame.b@proton.me if the school office asks", "email", "kwame.b@proton.me"),
    # a predicate only a person has, with no "I" ("allergic to …", "based in …")
    ("allergic to lupin, so careful with the Italian pastry recipes", "allergic_to", "lupin"),
    ("based in Lerwick these days", "lives_in", "Lerwick"),
    # a chat aside is no part of the value
    ("allergic to chlorhexidine fyi, found out at the dentist", "allergic_to", "chlorhexidine"),
])
def test_a_statement_is_read_past_what_follows_it(text: str, attribute: str,
                                                  value: str) -> None:
    got = slot_values(text)
    assert (attribute, value) in got, got


@pytest.mark.parametrize("text", [
    # still hypothetical: the opening clause is, or the whole sentence hangs on it
    "If I moved to Aberdeen, I'd learn to sail.",
    "I'll move to Aberdeen if I get the job.",
    "We would love to live in Aberdeen someday.",
    "I might switch to Ocado next year.",
])
def test_a_hypothetical_sentence_gives_nothing(text: str) -> None:
    got = slot_values(text)
    assert not [a for a, _ in got if a in ("lives_in", "works_at")], got


@pytest.mark.parametrize(("text", "attribute"), [
    # a language name before a noun is a nationality, not a language learnt
    ("allergic to lupin, so careful with the Italian pastry recipes", "learning_language"),
    ("we had a full English breakfast at the hotel", "learning_language"),
    ("Vegetarian food at the canteen is overrated", "diet"),  # nor a diet, said of food
])
def test_a_nationality_is_no_language_and_food_no_diet(text: str, attribute: str) -> None:
    got = slot_values(text)
    assert not [v for a, v in got if a == attribute], got


def test_a_language_before_its_classes_is_learnt() -> None:
    assert ("learning_language", "Arabic") in slot_values("I take Arabic evening classes.")


@pytest.mark.parametrize(("text", "value"), [
    # a relation named with where it holds first: the speaker's relation, named
    ("My supervisor at the surgery is Oluwaseun Adeyemi.", "Oluwaseun Adeyemi"),
    ("my manager on the graduate scheme is Ffion Pritchard, very organised", "Ffion Pritchard"),
])
def test_a_relation_named_after_where_it_holds(text: str, value: str) -> None:
    assert ("manager", value) in slot_values(text)


@pytest.mark.parametrize("text", [
    "My sister in Leeds is pregnant.",  # the relation's news, no name of the speaker's
    "My boss at work is stressed.",
])
def test_a_relation_after_where_it_holds_is_still_theirs(text: str) -> None:
    got = slot_values(text)
    assert not [a for a, _ in got if a in ("manager", "lives_in", "family")], got


def test_working_in_a_company_is_an_employer() -> None:
    got = slot_values("I am working in Wipro, Chennai campus.")
    assert ("works_at", "Wipro") in got, got
    assert ("lives_in", "Wipro") not in got, got


@pytest.mark.parametrize(("text", "attribute", "value"), [
    # a name whose first letter is not ASCII is a name
    ("Our next trip is to Côn Đảo in May.", "next_trip", "Côn Đảo"),
    ("We moved to Łódź in the spring.", "lives_in", "Łódź"),
    ("I live in Ústí nad Labem now.", "lives_in", "Ústí nad Labem"),  # with its joiner
    ("I'm off to Frankfurt am Main in March.", "next_trip", "Frankfurt am Main"),
])
def test_a_name_with_a_non_ascii_capital_is_read(text: str, attribute: str, value: str) -> None:
    assert (attribute, value) in slot_values(text)
