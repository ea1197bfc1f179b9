"""Time expressions in questions, relative to an anchor."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from sleepstack.wake.timeparse import about_past, choose_anchor, parse_time

A = datetime(2023, 8, 20, 15, 0, tzinfo=UTC)  # a Sunday


@pytest.mark.parametrize(("query", "start", "end"), [
    ("what did I do last week", "2023-08-07", "2023-08-20"),
    ("what happened in May 2023?", "2023-05-01", "2023-06-01"),
    ("what did we discuss on 8 May", "2023-05-08", "2023-05-09"),
    ("and on May 8th, 2022?", "2022-05-08", "2022-05-09"),
    ("anything yesterday?", "2023-08-19", "2023-08-20"),
    ("two weeks ago", "2023-07-31", "2023-08-07"),
    ("in the last 3 days", "2023-08-18", "2023-08-20"),
    ("what did she do on Monday", "2023-08-14", "2023-08-15"),
    ("notes from 2023-03-02", "2023-03-02", "2023-03-03"),
    ("what did I buy in December", "2022-12-01", "2023-01-01"),
    ("since 2022", "2022-01-01", "2023-08-20"),
])
def test_windows(query: str, start: str, end: str) -> None:
    w = parse_time(query, A)
    assert w is not None
    assert w.start.date().isoformat() == start
    assert w.end.date().isoformat() == end
    assert w.phrase.lower() in query.lower()
    assert w.phrase not in w.strip(query)


@pytest.mark.parametrize("query", ["When did Melanie paint a sunrise?", "may I ask something",
                                   "what is my cat called", "I ran 5 km"])
def test_no_window(query: str) -> None:
    assert parse_time(query, A) is None


def test_anchor_and_past() -> None:
    now = A + timedelta(days=300)
    assert choose_anchor(now, A) == A  # long silence: their own "last week"
    assert choose_anchor(A + timedelta(days=2), A) == A + timedelta(days=2)
    assert about_past("where did I live before?", None, A)
    assert about_past("what did I do in May 2023", parse_time("in May 2023", A), A)
    assert not about_past("where do I live?", None, A)
