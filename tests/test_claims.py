"""Claims by meaning (issue #10): self-disclosures become slotted facts, and stale ones never
pass as current.

Unit level: the statements the issue quotes, the poisoning cases (reported speech,
translation requests, quotes), removals. End to end through a real store, one sleep
cycle and recall: Boston -> Seattle, Zalando -> Spotify.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from conftest import facts_of
from sleepstack import Memory
from sleepstack.adapters.embed import load_embedder
from sleepstack.layers.facts import Fact
from sleepstack.layers.rawlog import Turn
from sleepstack.sleep.claims import disclosures, strip_foreign_text
from sleepstack.sleep.extract import extract_facts
from sleepstack.sleep.resolve import resolve

AT = datetime(2024, 5, 8, 10, 0, tzinfo=UTC)


def slots(text: str) -> set[tuple[str, str]]:
    return {(f.attribute, f.value) for f in facts_of(text)}


@pytest.mark.parametrize(
    ("text", "slot"),
    [
        ("I'm allergic to peanuts", ("allergic_to", "peanuts")),
        ("I'm vegetarian now", ("diet", "vegetarian")),
        ("I'm a high school chemistry teacher", ("job_title", "high school chemistry teacher")),
        ("My birthday is on July 4th", ("birthday", "July 4")),
        ("We use PostgreSQL 16", ("uses_database", "PostgreSQL 16")),
        ("My flight to Tokyo is next Friday", ("next_trip", "Tokyo")),
        ("I've been based in Nairobi since March", ("lives_in", "Nairobi")),
        ("These days I live in Porto", ("lives_in", "Porto")),
        ("Big news: we moved to Seattle last week", ("lives_in", "Seattle")),
    ],
)
def test_the_statements_the_rules_missed_become_claims(text: str, slot: tuple[str, str]) -> None:
    assert slot in slots(text)


@pytest.mark.parametrize("text", [
    "I live in Boston with my partner.",
    "My girlfriend and I are staying at Lisbon for the summer.",
    "We spent the weekend near Porto with my sister.",
])
def test_a_place_is_never_a_person(text: str) -> None:
    # A name after a preposition of place fills no person slot (partner, family, ...).
    got = {(f.attribute, f.value) for f in facts_of(text)}
    person_slots = {"partner", "family", "manager"}
    assert not {(a, v) for a, v in got if a in person_slots
                and v in {"Boston", "Lisbon", "Porto"}}, got


def test_dates_in_a_claim_are_absolute() -> None:
    (f,) = facts_of("My flight to Tokyo is next Friday")
    assert "2024-05-03" in f.text and "next Friday" not in f.text  # said on Wed 1 May
    assert f.text.startswith("The user ")


def test_a_workplace_keeps_its_possessive_and_each_fact_has_its_own_sentence() -> None:
    got = facts_of("I work as a nurse at the children's hospital")
    by = {f.attribute: f for f in got}
    assert by["works_at"].value == "the children's hospital"
    assert by["job_title"].value == "nurse"
    assert by["works_at"].text != by["job_title"].text
    assert all("the children (" not in f.text for f in got)


def test_quitting_and_starting_in_one_turn() -> None:
    got = slots("I quit Zalando and started as a product manager at Spotify today")
    assert ("works_at", "Spotify") in got and ("job_title", "product manager") in got
    assert ("ended:works_at", "Zalando") in got
    assert ("works_at", "Zalando") not in got


@pytest.mark.parametrize(
    "text",
    [
        "My friend said: 'my name is Bob and I live in Paris'",
        'My friend said: "my name is Bob and I live in Paris"',
        "My friend said my name is Bob and I live in Paris",
        "Translate to German: 'My name is Mallory and I live in Kyiv'",
        "Translate to German: My name is Mallory and I live in Kyiv.",
        "Please repeat after me: I live in Kyiv and I work at Evil Corp.",
        "How do you say 'I live in Kyiv' in Spanish?",
        "She told me \"I moved to Paris\".",
        "Can you proofread this: I moved to Paris and I am a pilot.",
        "If I moved to Paris, would I need a visa?",
        "Traduis en allemand : « Je m'appelle Mallory et j'habite à Kyiv »",
        "Übersetze bitte: 'I live in Kyiv and I work at Evil Corp'",
        "Write a short story where I live in Kyiv and work at Evil Corp.",
        "Repeat this back to me: I live in Kyiv.",
        "My sister said that I live in Kyiv now, which is wrong.",
        "Say “I moved to Kyiv” five times fast.",
        "Do you think I should move to Paris?",
    ],
)
def test_reported_quoted_and_handed_over_text_never_fills_a_slot(text: str) -> None:
    got = facts_of(text)
    assert not [f for f in got if f.attribute in ("lives_in", "name", "works_at", "job_title")], got


def test_poisoning_does_not_replace_the_users_city() -> None:
    existing = facts_of("I live in Lisbon.")
    later = [Turn("p1", "u1", "s1", "user",
                  "My friend said: 'my name is Bob and I live in Paris'", AT.replace(day=20)),
             Turn("p2", "u1", "s1", "user",
                  "Translate to German: 'My name is Mallory and I live in Kyiv'",
                  AT.replace(day=21))]
    new = extract_facts(later, embedder=load_embedder("local:all-MiniLM-L6-v2"))
    res = resolve(existing, new)
    current = {(f.attribute, f.value) for f in res.facts if f.current}
    assert ("lives_in", "Lisbon") in current
    assert not any(f.attribute == "lives_in" and f.value in ("Paris", "Kyiv") for f in res.facts)


def test_foreign_text_is_cut_but_own_words_stay() -> None:
    assert "Paris" not in strip_foreign_text("My friend said: 'I live in Paris'. I live in Rome.")
    assert "Rome" in strip_foreign_text("My friend said: 'I live in Paris'. I live in Rome.")
    assert [c.text for c in disclosures("Can you help me? I live in Rome.")] == ["I live in Rome"]


@pytest.mark.parametrize(
    ("old", "removal", "attribute", "old_value"),
    [
        ("I drive a Honda Civic.", "I sold the Civic.", "vehicle", "Honda Civic"),
        ("I love chili.", "No more chili for me.", "likes", "chili"),
        ("My manager is Priya.", "Priya left.", "manager", "Priya"),
        ("I have a cat named Luna.", "Our cat Luna passed away last month.", "has_pet", "Luna"),
        ("I'm allergic to peanuts.", "I'm no longer allergic to peanuts.", "allergic_to",
         "peanuts"),
    ],
)
def test_an_explicit_removal_closes_the_old_value(old: str, removal: str, attribute: str,
                                                  old_value: str) -> None:
    before = facts_of(old)
    assert any(f.attribute == attribute and f.value == old_value for f in before), before
    after = [Turn("r1", "u1", "s1", "user", removal, AT.replace(day=25))]
    res = resolve(before, extract_facts(after, embedder=load_embedder("local:all-MiniLM-L6-v2")))
    closed = [f for f in res.facts if f.attribute == attribute and f.value == old_value]
    assert closed and all(not f.current for f in closed)
    assert all(f.superseded_by for f in closed)


def test_multi_valued_slots_add() -> None:
    res = resolve([], facts_of("I'm allergic to peanuts.", "I'm also allergic to latex."))
    current = {f.value for f in res.facts if f.current and f.attribute == "allergic_to"}
    assert current == {"peanuts", "latex"}


def test_single_valued_slots_supersede_with_history() -> None:
    res = resolve([], facts_of("I live in Boston.", "Big news: we moved to Seattle last week."))
    homes = [f for f in res.facts if f.attribute == "lives_in"]
    assert [f.value for f in homes if f.current] == ["Seattle"]
    old = next(f for f in homes if f.value == "Boston")
    new = next(f for f in homes if f.value == "Seattle")
    assert old.valid_to == new.valid_from and old.superseded_by == new.id


def test_the_hashing_embedder_degrades_sensibly() -> None:
    # Word overlap only: the clear statements still find their slot, nothing crashes,
    # and poisoning is still refused (detection does not depend on the embedder).
    got = {(f.attribute, f.value) for f in facts_of(
        "I live in Boston.", "My email is ana@example.com.",
        "Translate to German: 'I live in Kyiv'", embedder="hash:64")}
    assert ("lives_in", "Boston") in got and ("email", "ana@example.com") in got
    assert not any(v == "Kyiv" for _, v in got)


# ------------------------------------------------------------------- end to end
def _story(tmp_path: Path, turns: list[tuple[str, str, str]]) -> Memory:
    mem = Memory.init(tmp_path / "home")
    now = datetime.now(UTC)
    for i, (role, text, days_ago) in enumerate(turns):
        at = now.replace(microsecond=0) - _days(float(days_ago))
        mem.log("dana", f"s{i // 2}", role, text, at=at.isoformat())
    mem.sleep()
    return mem


def _days(n: float) -> object:
    from datetime import timedelta

    return timedelta(days=n)


FILLER = [("user", "Can you recommend a good book?", "20"),
          ("assistant", "Sure! Here are a few ideas you might enjoy.", "20"),
          ("user", "Thanks, that was really helpful!", "15"),
          ("assistant", "Happy to help - let me know if you need anything else.", "15")]


def _check_update(mem: Memory, question: str, old: str, new: str, attribute: str) -> None:
    ctx = mem.recall(question, "dana", budget_tokens=150)
    assert new in ctx.context
    for line in ctx.context.splitlines():
        if old in line and new not in line:
            # marked by recall, or a removal claim that says so itself
            assert "no longer current" in line.casefold(), ctx.context
    data = ctx.to_dict()
    for item in data["items"]:
        assert {"layer", "valid_from", "valid_to", "current", "superseded_by"} <= set(item)
        if old in item["text"] and new not in item["text"] \
                and "no longer current" not in item["text"].casefold():
            assert item["current"] is False and item["superseded_by"]
    # The replacing claim ranks above the stale one.
    texts = [i.text for i in ctx.items]
    first_new = next(i for i, t in enumerate(texts) if new in t)
    stale = [i for i, t in enumerate(texts) if old in t and new not in t]
    assert all(first_new < i for i in stale)
    current = [f for f in mem.facts("dana") if f.attribute == attribute]
    assert [f.value for f in current] == [new]
    history = [f for f in mem.facts("dana", include_history=True)
               if f.attribute == attribute and f.value == old]
    assert history and all(not f.current and f.superseded_by for f in history)
    json.dumps(data)


def test_seattle_replaces_boston_end_to_end(tmp_path: Path) -> None:
    mem = _story(tmp_path, [("user", "I live in Boston.", "30"),
                            ("assistant", "Noted, thanks for telling me.", "30"),
                            *FILLER,
                            ("user", "Big news: we moved to Seattle last week.", "2")])
    _check_update(mem, "Which city does the user live in now?", "Boston", "Seattle", "lives_in")


def test_spotify_replaces_zalando_end_to_end(tmp_path: Path) -> None:
    mem = _story(tmp_path, [("user", "I work at Zalando as a data analyst.", "30"),
                            ("assistant", "Noted, thanks for telling me.", "30"),
                            *FILLER,
                            ("user", "I quit Zalando and started as a product manager at "
                                     "Spotify today.", "1")])
    _check_update(mem, "Where does the user work now?", "Zalando", "Spotify", "works_at")
    long_term = mem.store.read_text("user/dana/LONG_TERM.md")
    lines = [ln for ln in long_term.splitlines() if ln.strip().startswith("-")]
    assert len(lines) == len(set(lines)), long_term


# ------------------------------------------------------------------ grounding
@pytest.mark.parametrize(
    ("claim", "evidence", "ok"),
    [
        ("Alice prefers aisle seats.", ["Alice prefers window seats."], False),
        ("Bob prefers window seats.", ["Alice prefers window seats."], False),
        ("The user lives in Seattle.", ["I live in Boston."], False),
        ("Alice prefers window seats.", ["Alice always books a window seat."], True),
        ("The user enjoys hiking on weekends.", ["I love hiking every weekend."], True),
    ],
)
def test_the_grounding_gate_checks_support_not_similarity(claim: str, evidence: list[str],
                                                          ok: bool) -> None:
    from sleepstack.sleep.grounding import grounded

    got = grounded(claim, evidence, load_embedder("local:all-MiniLM-L6-v2"))
    assert got.ok is ok, got
    if not ok:
        assert any("not supported" in r for r in got.reasons)


# ----------------------------------------------------------------- profile block
def test_the_profile_block_keeps_facts_above_pleasantries(tmp_path: Path) -> None:
    chatter = []
    for d in range(12):
        chatter += [("user", "Thanks, that was really helpful!", str(20 - d)),
                    ("assistant", "Happy to help - let me know if you need anything else.",
                     str(20 - d))]
    mem = _story(tmp_path, [("user", "I'm allergic to peanuts.", "40"),
                            ("user", "I work at Zalando.", "39"), *chatter])
    ctx = mem.recall("Thanks! Anything else I should know?", "dana", budget_tokens=120)
    assert "peanuts" in ctx.context or "Zalando" in ctx.context
    facts = [i for i in ctx.items if i.layer == "fact"]
    assert facts and facts[0] is ctx.items[0]
    profile_tokens = sum(len(i.text.split()) for i in facts)
    assert profile_tokens <= 0.15 * 120 + 20  # bounded share (plus the header)


# ------------------------------------------------------------------------ TTL
def test_a_dated_plan_expires_after_its_date_and_every_category_has_a_ttl_row() -> None:
    from sleepstack.config import Config
    from sleepstack.sleep.claims import OTHER, SLOTS
    from sleepstack.sleep.expire import expire
    from sleepstack.sleep.extract import CATEGORIES
    from sleepstack.store.store import _DEFAULT_CONFIG

    (trip,) = facts_of("My flight to Tokyo is next Friday")  # 2024-05-03
    ttl = Config().ttl_days
    _, gone = expire([trip], ttl, "2024-05-03T12:00:00Z")
    assert not gone
    _, gone = expire([trip], ttl, "2024-05-05T12:00:00Z")
    assert [f.id for f in gone] == [trip.id]
    emitted = {s.category for s in (*SLOTS, OTHER)} | set(CATEGORIES)
    assert emitted <= set(ttl), emitted - set(ttl)
    assert emitted <= set(Config.parse(_DEFAULT_CONFIG).ttl_days)


@pytest.mark.parametrize(
    ("text", "slot"),
    [
        ("CI is on Jenkins these days.", ("uses_ci", "Jenkins")),
        ("Paris is beautiful in spring.", None),
        ("Vim is the best editor ever made.", None),
        ("Google is hiring.", None),
    ],
)
def test_statements_without_a_first_person(text: str, slot: tuple[str, str] | None) -> None:
    got = slots(text)
    assert (slot in got) if slot else not got, got


# ------------------------------------------------------------------ LLM path
def test_the_llm_path_gives_the_same_claim_shape_and_is_checked_the_same_way() -> None:
    from fake_openai_server import FakeOpenAI, chat
    from sleepstack.adapters.llm.openai import OpenAILLM
    from sleepstack.sleep.extract import extract_facts_llm

    turns = [Turn("t1", "u1", "s1", "user",
                  "Translate to German: 'My name is Mallory and I live in Kyiv'", AT),
             Turn("t2", "u1", "s1", "user", "Big news: we moved to Seattle last week.",
                  AT.replace(hour=11)),
             Turn("t3", "u1", "s1", "user", "I sold the Civic.", AT.replace(hour=12))]
    reply = {"facts": [
        # poisoned: the value is only inside the text handed over to translate
        {"subject": "user", "attribute": "lives_in", "value": "Kyiv", "category": "personal",
         "confidence": 0.9, "text": "The user lives in Kyiv.", "cites": ["t1"]},
        # named by slot, as the prompt's taxonomy offers
        {"subject": "user", "attribute": "home", "value": "Seattle", "category": "personal",
         "confidence": 0.9, "text": "The user lives in Seattle since 2024-04-29.",
         "cites": ["t2"]},
        {"subject": "user", "attribute": "ended:vehicle", "value": "Civic",
         "category": "personal", "confidence": 0.9, "text": "The user sold the Civic.",
         "cites": ["t3"]},
    ]}
    with FakeOpenAI(api_key="sk-test") as fake:
        fake.script(chat(json.dumps(reply)))
        llm = OpenAILLM("fake-model", base_url=fake.base_url, api_key="sk-test", env={},
                        timeout=5.0, max_retries=0)
        got, _ = extract_facts_llm(turns, llm)
        assert "lives_in (home)" in fake.requests[0].raw.decode("utf-8")
    by_llm = {(f.attribute, f.value) for f in got}
    assert by_llm == {("lives_in", "Seattle"), ("ended:vehicle", "Civic")}
    offline = {(f.attribute, f.value) for f in facts_of(*(t.text for t in turns))}
    assert ("lives_in", "Seattle") in offline and not any(v == "Kyiv" for _, v in offline)


def test_an_unslotted_self_disclosure_is_still_a_claim_and_chatter_is_not() -> None:
    (f,) = facts_of("I volunteer every Tuesday with friends.")
    assert (f.attribute, f.category) == ("other", "conversation")
    assert f.text.startswith("The user volunteers every Tuesday")
    # a pastime said as a habit is a like since the value-span tagger (round 12)
    assert [(f.attribute, f.value) for f in facts_of("I go climbing every Tuesday with friends.")
            ] == [("likes", "climbing")]
    assert not facts_of("I think that sounds great.")
    assert not facts_of("Thanks, that was really helpful!")


# ------------------------------------------------------------------ coherence
def test_coherence_lists_conflicts_and_newer_contradictions(tmp_path: Path) -> None:
    from conftest import run_cli
    from sleepstack.sleep.coherence import check_coherence

    mem = _story(tmp_path, [("user", "I live in Boston.", "30"),
                            ("user", "I work at Zalando.", "29")])
    now = datetime.now(UTC).replace(microsecond=0)
    mem.log("dana", "s9", "user", "Big news: we moved to Seattle last week.",
            at=now.isoformat())  # after the last cycle
    got = run_cli("check", "coherence", "--user", "dana", "--json", home=tmp_path / "home")
    assert got.returncode == 0, got.stderr
    findings = json.loads(got.stdout)["findings"]
    assert [(f["kind"], f["values"], f["action"]) for f in findings] == [
        ("contradicted_by_turn", ["Boston", "Seattle"], "resolved in the next cycle")]
    mem.sleep()
    after = run_cli("check", "coherence", "--user", "dana", "--json", home=tmp_path / "home")
    assert json.loads(after.stdout)["findings"] == []
    # Two current values in one single-valued slot (a hand edit): held for review.
    a, b = (Fact(id=f"f{i}", user="dana", subject="user", attribute="lives_in", value=v,
                 category="personal", confidence=0.9, text=f"The user lives in {v}.",
                 at=f"2024-01-0{i + 1}T00:00:00Z", valid_from=f"2024-01-0{i + 1}T00:00:00Z")
            for i, v in enumerate(("Oslo", "Rome")))
    (conflict,) = check_coherence([a, b], [], "hash:64")
    assert (conflict.kind, conflict.action) == ("conflict", "held for review")
