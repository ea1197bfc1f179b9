"""Earlier statements that never became facts are still marked once a change supersedes them.

Issue #10, round 10. Two mechanisms, each tested through the real pipeline (a
store in a tmp dir, the real MiniLM, one sleep cycle, recall):

* A, :mod:`sleepstack.sleep.claims.conamed` — a turn that gives a single-valued
  slot a new value and names in passing something the same speaker named
  earlier in a remark about that slot ("Personio hired me, zalando is history"
  after "backend stuff at zalando these days") makes that thing the slot's
  previous value: every earlier turn naming it is marked no longer current;
* B, :mod:`sleepstack.sleep.claims.remarks` — a remark with no first person
  that is clearly about a single-valued slot ("vegetarian since uni, no
  regrets") is that slot's history once a later claim of the same speaker
  gives the slot another value.

And the negatives: a remark about another topic that shares a word, a third
party's value, a turn naming the old and the new value, a multi-valued slot,
a remark naming the new value, a remark no later claim supersedes.
Sentences here are written for these tests; none is from the benchmark's splits.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest

from sleepstack import Memory

MARK = "no longer current"

# user -> (question, turns oldest first); each turn a few days after the previous
STORIES: dict[str, tuple[str, list[str]]] = {
    # --- A: the old value named in passing by the change ---
    "a-zalando": ("Where does the user work?", [
        "backend stuff at zalando these days, mostly kotlin",
        "what's a good name for a cat?",
        "Personio hired me!! zalando is history, first week was wild"]),
    "a-wellington": ("Where does the user live?", [
        "greetings from windy Wellington, my umbrella died again",
        "how do I descale a kettle",
        "we packed up and moved to Dunedin, Wellington rent was insane"]),
    "a-oskar": ("Who is the user's manager?", [
        "my team lead here goes by Oskar, quiet guy, good at chess",
        "any tips for a 10k run?",
        "Oskar took a job in Zurich, so now I report to Brigitte"]),
    "a-bosch": ("Where does the user work?", [
        "Bosch, automotive sensors, this is my daily life",
        "how many eggs for a sponge cake",
        "Now I am at Continental, Bosch is finish for me since March"]),
    "a-hungarian": ("Which language is the user learning?", [
        "Hungarian streak at 40 days on the app, the grammar is wild",
        "recommend a sci-fi book",
        "dropped the hungarian course. I'm learning Greek now for the summer"]),
    "a-helix": ("Which editor does the user use?", [
        "Kate editor all day long, the split view is handy",
        "what's the capital of Australia",
        "Kate kept freezing on big files, so I code in Helix now"]),
    "a-corfu": ("Where is the user's next trip?", [
        "Corfu in September with the whole gang, booking ferries tomorrow",
        "convert 5 miles to km",
        "Corfu got too pricey so our next trip is to Split instead"]),
    "a-mazda": ("What car does the user drive?", [
        "the old Corolla makes a weird noise on cold mornings",
        "best way to clean suede shoes?",
        "Corolla failed the inspection, so I bought a Mazda 3"]),
    "a-valencia": ("Where does the user live?", [
        "hola from sunny Valencia, 30 degrees in October",
        "how do I fold a fitted sheet",
        "we moved to Madrid, Valencia was too humid for us"]),
    # --- A negatives ---
    "an-coffee": ("Where does the user work?", [
        "my coffee machine broke again, third time this year",
        "how do I boil an egg",
        "I work at Spotify now and the coffee there is free"]),
    "an-sister": ("Where does the user live?", [
        "my sister lives in Galway and loves it",
        "name a good board game",
        "I moved to Porto in May, Galway is where my sister is"]),
    "an-pets": ("What pets does the user have?", [
        "Biscuit the hamster is napping on my keyboard",
        "what is 15% of 80",
        "we adopted a kitten called Pixel, Biscuit is jealous"]),
    "an-anja": ("Where does the user live?", [
        "I report to Anja at the agency",
        "what rhymes with orange",
        "I moved to Bergen last month, Anja said I can stay remote"]),
    # --- B: remarks with no first person, superseded later ---
    "b-vegetarian": ("What diet does the user follow?", [
        "vegetarian since uni, no regrets",
        "how long to roast a pumpkin?",
        "I'm pescatarian now, fish twice a week"]),
    "b-nurse": ("What is the user's job title?", [
        "night shift nurse life: 12 hours on my feet again",
        "what's a synonym for tired",
        "I work as a midwife now at the same hospital"]),
    "b-postgres": ("Which database does the user use?", [
        "postgres in prod since 2019, rock solid",
        "explain recursion in one line",
        "We use MySQL now, the new CTO insisted"]),
    "b-jenkins": ("Which CI does the user use?", [
        "Jenkins pipelines all day, the build queue is huge",
        "is a tomato a fruit",
        "our builds run on GitHub Actions now"]),
    "b-pescatarian": ("What diet does the user follow?", [
        "pescatarian for two years, fish on fridays",
        "what's a good gift for a 5 year old",
        "I am vegan now, since the spring"]),
    "b-spanish": ("Which language is the user learning?", [
        "Spanish lessons twice a week, muy bien",
        "how far is the moon",
        "I am learning Italian now"]),
    "b-accountant": ("What is the user's job title?", [
        "senior accountant by day, tax season is brutal",
        "explain what an ETF is",
        "I work as a financial controller now"]),
    "b-leeds": ("Where does the user live?", [
        "Flat in Leeds, two bedrooms, damp walls",
        "how to get rid of mould",
        "I live in York now"]),
    # --- C: the turn that ends a value ---
    "c-aldi": ("Where does the user work?", [
        "I do weekend shifts at Aldi to pay rent",
        "what's the boiling point of water",
        "quit Aldi finally, no job at all right now, living off savings"]),
    "c-crete": ("Where is the user's next trip?", [
        "I booked a week in Crete for June",
        "best sunscreen for kids?",
        "Had to cancel Crete, work got crazy"]),
    "c-volvo": ("What car does the user drive?", [
        "I drive a Volvo V70, old but solid",
        "how do I unclog a drain",
        "sold the Volvo last weekend, no car for now, bike everywhere"]),
    "c-french": ("Which language is the user learning?", [
        "I'm learning French for my move, two lessons a week",
        "what's the tallest mountain in Africa",
        "gave up on French, too busy at work"]),
    "c-dario": ("Who is the user's partner?", [
        "my boyfriend Dario is cooking tonight",
        "what wine goes with risotto",
        "Dario and I broke up last month, I'm single now"]),
    "c-miso": ("What pets does the user have?", [
        "we have two cats, Miso and Tofu",
        "how often should I water a cactus",
        "Miso passed away last night, we're heartbroken"]),
    # --- B negatives ---
    "bn-names-new": ("What diet does the user follow?", [
        "pescatarian curious lately, fish tacos every friday",
        "how do I keep basil alive",
        "I'm pescatarian now, no more steak"]),
    "bn-opinion": ("Where does the user live?", [
        "Paris is lovely in spring",
        "what's a good stretch for the back",
        "I live in Lyon now"]),
    "bn-brother": ("What is the user's job title?", [
        "my brother's a paralegal, drowning in discovery",
        "how do you spell necessary",
        "I'm an associate attorney now"]),
    "bn-unsuperseded": ("What diet does the user follow?", [
        "keto for six weeks now, down 4 kilos",
        "recommend a podcast about history"]),
}


@pytest.fixture(scope="module")
def mem(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Memory]:
    home = tmp_path_factory.mktemp("marks") / "home"
    m = Memory.init(home)
    now = datetime.now(UTC).replace(microsecond=0)
    for user, (_, texts) in STORIES.items():
        for i, text in enumerate(texts):
            at = now - timedelta(days=40 - 10 * i)
            m.log(user, f"s{i}", "user", text, at=at.isoformat())
            m.log(user, f"s{i}", "assistant", "Sure.", at=(at + timedelta(seconds=5)).isoformat())
    m.sleep()
    yield m


def _lines(mem: Memory, user: str, needle: str) -> list[str]:
    ctx = mem.recall(STORIES[user][0], user, budget_tokens=400)
    got = [ln for ln in ctx.context.splitlines()
           if needle.casefold() in ln.casefold() and ln.lstrip().startswith("user:")]
    assert got, f"{needle!r} not in the context:\n{ctx.context}"
    return got


def _marked(mem: Memory, user: str, needle: str) -> list[bool]:
    return [MARK in ln.casefold() for ln in _lines(mem, user, needle)]


def _superseded(mem: Memory, user: str, needle: str) -> None:
    """The remark saying *needle* is history: a fact of it was superseded, and recall
    shows its turn marked or leaves it out."""
    assert [f for f in mem.facts(user, include_history=True) if f.superseded_by], \
        [f.text for f in mem.facts(user, include_history=True)]
    ctx = mem.recall(STORIES[user][0], user, budget_tokens=400)
    lines = [ln for ln in ctx.context.splitlines() if needle.casefold() in ln.casefold()]
    assert all(MARK in ln.casefold() for ln in lines), ctx.context


@pytest.mark.parametrize(("user", "old_line"), [
    ("a-zalando", "backend stuff at zalando"),
    ("a-wellington", "greetings from windy Wellington"),
    ("a-oskar", "goes by Oskar"),
    ("a-bosch", "automotive sensors"),
    ("a-helix", "Kate editor all day"),
    ("a-corfu", "booking ferries"),
    ("a-mazda", "weird noise"),
    ("a-valencia", "sunny Valencia"),
])
def test_an_earlier_value_named_by_the_change_marks_its_turns(mem: Memory, user: str,
                                                              old_line: str) -> None:
    _superseded(mem, user, old_line)


@pytest.mark.parametrize(("user", "line"), [
    ("a-zalando", "zalando is history"),
    ("a-wellington", "moved to Dunedin"),
    ("a-oskar", "now I report to Brigitte"),
])
def test_the_turn_naming_the_old_and_the_new_value_stays_unmarked(mem: Memory, user: str,
                                                                 line: str) -> None:
    assert _marked(mem, user, line) == [False]


def test_the_co_named_value_is_history_never_a_current_fact(mem: Memory) -> None:
    facts = mem.facts("a-zalando")
    assert any(f.value == "Personio" for f in facts)
    assert not any(f.value.casefold() == "zalando" for f in facts)  # current facts only


@pytest.mark.parametrize(("user", "line"), [
    ("an-coffee", "coffee machine"),  # a shared common word is no name
    ("an-sister", "my sister lives in Galway"),  # a third party's value
    ("an-pets", "Biscuit the hamster"),  # a multi-valued slot adds
    ("an-anja", "I report to Anja"),  # a value the speaker holds in another slot
])
def test_what_is_not_the_slots_old_value_stays_unmarked(mem: Memory, user: str,
                                                        line: str) -> None:
    assert _marked(mem, user, line) == [False]


@pytest.mark.parametrize(("user", "old_line"), [
    ("b-vegetarian", "vegetarian since uni"),
    ("b-nurse", "nurse life"),
    ("b-postgres", "postgres in prod"),
    ("b-jenkins", "Jenkins pipelines"),
    ("b-pescatarian", "fish on fridays"),
    ("b-spanish", "Spanish lessons"),
    ("b-accountant", "tax season"),
    ("b-leeds", "damp walls"),
])
def test_a_remark_without_first_person_becomes_history_when_superseded(
        mem: Memory, user: str, old_line: str) -> None:
    _superseded(mem, user, old_line)


@pytest.mark.parametrize(("user", "line"), [
    ("bn-names-new", "pescatarian curious"),  # names the new value
    ("bn-opinion", "Paris is lovely"),  # an opinion about a place, no statement of home
    ("bn-brother", "my brother's a paralegal"),  # a third party
    ("bn-unsuperseded", "keto for six weeks"),  # nothing later supersedes it
])
def test_remarks_that_are_no_superseded_history_stay_unmarked(mem: Memory, user: str,
                                                              line: str) -> None:
    assert _marked(mem, user, line) == [False]


def test_a_remark_never_becomes_a_current_fact(mem: Memory) -> None:
    assert not [f for f in mem.facts("bn-unsuperseded") if "keto" in f.text.casefold()]
    assert not [f for f in mem.facts("b-vegetarian") if "vegetarian since" in f.text.casefold()]


@pytest.mark.parametrize(("user", "line", "value"), [
    ("c-aldi", "quit Aldi finally", "Aldi"),
    ("c-crete", "Had to cancel Crete", "Crete"),
    ("c-volvo", "sold the Volvo", "Volvo V70"),
    ("c-french", "gave up on French", "French"),
    ("c-dario", "Dario and I broke up", "Dario"),
    ("c-miso", "Miso passed away", "Miso"),
])
def test_the_removal_turn_says_which_value_it_ended(mem: Memory, user: str, line: str,
                                                    value: str) -> None:
    ctx = mem.recall(STORIES[user][0], user, budget_tokens=400)
    shown = [ln for ln in ctx.context.splitlines() if line in ln]
    assert shown and all(f"({value}: no longer current since " in ln for ln in shown), \
        ctx.context
    items = [it.to_dict() for it in ctx.items if line in it.text]
    # The turn itself is true (it is the news that the value ended): current, with ends.
    assert items and all(d["current"] and [e["value"] for e in d["ends"]] == [value]
                         for d in items), items


def test_a_turn_naming_the_old_and_new_value_gets_no_ends(mem: Memory) -> None:
    ctx = mem.recall(STORIES["a-valencia"][0], "a-valencia", budget_tokens=400)
    items = [it.to_dict() for it in ctx.items if "moved to Madrid" in it.text]
    assert items and all("ends" not in d and d["current"] for d in items), items
    assert not [it for it in ctx.items if it.ends and it.layer != "raw"]
