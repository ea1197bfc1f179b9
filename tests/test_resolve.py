"""Time resolution (supersede, history, restatements) and TTL expiry of facts."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

from sleepstack.layers.facts import Fact
from sleepstack.layers.rawlog import Turn
from sleepstack.sleep.expire import expire
from sleepstack.sleep.extract import extract_facts
from sleepstack.sleep.resolve import resolve

D1 = datetime(2023, 5, 8, 10, 0, tzinfo=UTC)
D2 = datetime(2023, 5, 10, 9, 0, tzinfo=UTC)
D3 = datetime(2023, 5, 12, 9, 0, tzinfo=UTC)


def turn(text: str, tid: str, at: datetime) -> Turn:
    return Turn(id=tid, user="u1", session="s1", role="user", text=text, at=at)


def fact(fid: str, attr: str, value: str, at: str, cites: tuple[str, ...] = ()) -> Fact:
    return Fact(
        id=fid, user="u1", subject="user", attribute=attr, value=value, category="personal",
        confidence=0.8, text=f"The user {attr} {value}.", at=at, valid_from=at,
        cites=cites or (fid,),
    )


def test_contradiction_supersedes_and_keeps_history() -> None:
    first = extract_facts(
        [turn("I prefer bullet points.", "t1", D1), turn("I live in Berlin.", "t0", D1)]
    )
    res1 = resolve([], first, cycle="c1")
    second = extract_facts([turn("Actually I prefer prose now.", "t2", D2)])
    res = resolve(res1.facts, second, cycle="c2")

    fmt = [f for f in res.facts if f.attribute == "response_format"]
    assert len(fmt) == 2  # both present, nothing deleted
    old, new = fmt
    assert (old.value, new.value) == ("bullet points", "prose")
    assert new.current and not old.current
    assert old.valid_to == new.valid_from == "2023-05-10T09:00:00Z"
    assert old.superseded_by == new.id and not old.expired
    assert res.superseded == [(old, new)] and res.added == [new]
    assert new.cycle == "c2"
    # The unrelated slot is untouched.
    (home,) = [f for f in res.facts if f.attribute == "lives_in"]
    assert home == next(f for f in res1.facts if f.attribute == "lives_in")


def test_restatement_adds_citations_not_a_duplicate() -> None:
    res1 = resolve([], extract_facts([turn("I live in Berlin.", "t1", D1)]), cycle=None)
    res = resolve(res1.facts, extract_facts([turn("I live in Berlin!", "t2", D2)]), cycle=None)
    assert len(res.facts) == 1 and res.merged == 1 and res.added == []
    assert res.facts[0].cites == ("t1", "t2") and res.facts[0].current


def test_rerun_is_idempotent() -> None:
    new = extract_facts([turn("I live in Berlin.", "t1", D1), turn("I moved to Paris.", "t2", D2)])
    once = resolve([], new, cycle="c")
    twice = resolve(once.facts, new, cycle="c")
    assert twice.facts == once.facts and twice.added == [] and twice.superseded == []


def test_out_of_order_older_statement_becomes_closed_history() -> None:
    current = fact("f-new", "lives_in", "Paris", "2023-05-10T09:00:00Z")
    older = fact("f-old", "lives_in", "Berlin", "2023-05-08T10:00:00Z")
    res = resolve([current], [older], cycle=None)
    assert res.facts[0] == current  # the newer value stays current
    hist = res.facts[1]
    assert hist.value == "Berlin" and not hist.current
    assert hist.valid_to == current.valid_from and hist.superseded_by == "f-new"
    assert res.historical == [hist] and res.superseded == []


def test_batch_with_both_statements_ends_with_the_newest_current() -> None:
    a = fact("f-a", "lives_in", "Paris", "2023-05-10T09:00:00Z")
    b = fact("f-b", "lives_in", "Berlin", "2023-05-08T10:00:00Z")
    res = resolve([], [a, b], cycle=None)  # given newest first on purpose
    cur = [f for f in res.facts if f.current]
    assert [f.value for f in cur] == ["Paris"]


def test_multi_valued_accumulate_and_negation_closes_the_match() -> None:
    got = extract_facts([
        turn("I like jazz.", "t1", D1),
        turn("I love hiking.", "t2", D1),
        turn("I don't like jazz anymore.", "t3", D2),
    ])
    res = resolve([], got, cycle=None)
    current = {(f.attribute, f.value) for f in res.facts if f.current}
    assert current == {("likes", "hiking"), ("dislikes", "jazz")}
    (jazz,) = [f for f in res.facts if f.attribute == "likes" and f.value == "jazz"]
    assert jazz.valid_to == "2023-05-10T09:00:00Z" and jazz.superseded_by is not None
    assert len(res.facts) == 3


def test_expire_closes_old_current_facts_without_destroying_them() -> None:
    plan = replace(fact("f-p", "plans", "trip", "2023-01-01T00:00:00Z"), category="plan")
    pref = replace(fact("f-q", "likes", "jazz", "2023-01-01T00:00:00Z"), category="preference")
    odd = replace(fact("f-o", "x", "y", "2023-01-01T00:00:00Z"), category="weird")
    gone_already = plan.close("2023-01-02T00:00:00Z", by="f-z")
    now = datetime(2023, 3, 1, tzinfo=UTC)
    facts, expired = expire([plan, pref, odd, gone_already], {"plan": 30}, now)
    assert [f.id for f in expired] == ["f-p"]
    assert len(facts) == 4
    assert facts[0].expired and facts[0].valid_to == "2023-03-01T00:00:00Z"
    assert facts[1] == pref and facts[2] == odd and facts[3] == gone_already
    # A "default" TTL covers unknown categories.
    _, exp2 = expire([odd], {"default": 10}, now)
    assert [f.id for f in exp2] == ["f-o"]


def test_recent_citation_keeps_a_fact_alive() -> None:
    plan = replace(fact("f-p", "plans", "trip", "2023-01-01T00:00:00Z", ("t1", "t9")),
                   category="plan")
    now = datetime(2023, 3, 1, tzinfo=UTC)
    _, expired = expire([plan], {"plan": 30}, now, cite_times={"t9": "2023-02-20T00:00:00Z"})
    assert expired == []


def test_many_restatements_keep_bounded_citations_and_a_count() -> None:
    from datetime import timedelta

    from sleepstack.layers.facts import MAX_CITES, dump_facts

    def restated(n: int) -> Fact:
        facts: list[Fact] = []
        for i in range(n):
            said = extract_facts([turn("I live in Berlin.", f"t{i:03d}", D1 + timedelta(hours=i))])
            facts = resolve(facts, said, cycle=None).facts
        (only,) = facts
        return only

    once, five, many = restated(1), restated(MAX_CITES), restated(60)
    assert once.cites == ("t000",) and once.restated == 0
    assert five.cites == tuple(f"t{i:03d}" for i in range(MAX_CITES)) and five.restated == 4
    # The first statement and the latest ones; the rest is counted.
    assert many.cites == ("t000", "t056", "t057", "t058", "t059")
    assert many.restated == 59 and many.id == once.id and many.current
    # So facts.jsonl does not grow with restatements.
    assert len(dump_facts([many])) - len(dump_facts([five])) <= 2  # "59" vs "4"
    # A rerun of the same statements changes nothing.
    again = resolve([many], extract_facts([turn("I live in Berlin.", "t059",
                                                 D1 + timedelta(hours=59))]), cycle=None)
    assert again.facts == [many]


def test_fact_from_dict_is_tolerant() -> None:
    base = fact("f-1", "lives_in", "Berlin", "2023-05-08T10:00:00Z").to_dict()
    assert base["restated"] == 0
    old = {k: v for k, v in base.items() if k != "restated"}  # written before the field
    assert Fact.from_dict(old).restated == 0
    assert Fact.from_dict({**base, "restated": "x", "future_field": 1}).restated == 0
    assert Fact.from_dict({**base, "restated": 3}).restated == 3
    assert Fact.from_dict({**base, "cites": None}).cites == ()
