"""SHORT_TERM.md and LONG_TERM.md rendering: cited, absolute, deterministic."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

from sleepstack.layers.cited import parse_cited
from sleepstack.layers.rawlog import Turn
from sleepstack.sleep.extract import extract_facts
from sleepstack.sleep.resolve import resolve
from sleepstack.sleep.summarise import render_long_term, render_short_term

BASE = datetime(2023, 5, 6, 9, 0, tzinfo=UTC)
RELATIVE = re.compile(r"\b(yesterday|today|tomorrow|tonight|ago|last week|next week|"
                      r"last month|next month|next friday|last night)\b", re.I)


def make_turns() -> list[Turn]:
    rows = [
        (0, "user", "Hi!"),
        (0, "assistant", "Hello! How can I help you today?"),
        (0, "user", "I went to the climbing gym yesterday with my friend Sara and it was great."),
        (0, "user", "I prefer bullet points."),
        (1, "user", "thanks"),
        (1, "user", "I'm flying to Lisbon next Friday for the PyCon conference, 3 days."),
        (2, "user", "Actually I prefer prose now."),
        (2, "user", "Last week I finished reading Dune and I start the sequel tomorrow."),
        (2, "user", "ok cool"),
        (9, "user", "This is in the future and must not appear."),
        (-5, "user", "This is too old to appear in a three-day window."),
    ]
    return [
        Turn(id=f"t{i}", user="u1", session=f"s{day % 2}", role=role, text=text,
             at=BASE + timedelta(days=day, minutes=i))
        for i, (day, role, text) in enumerate(rows)
    ]


NOW = BASE + timedelta(days=2, hours=5)


def test_short_term_is_cited_absolute_and_by_day() -> None:
    turns = make_turns()
    facts = resolve([], extract_facts(turns), cycle=None).facts
    md = render_short_term(turns, facts, now=NOW, days=3)
    ids = {t.id for t in turns}
    bullets = [line for line in md.splitlines() if line.startswith("- ")]
    cited = parse_cited(md)
    assert bullets and len(cited) == len(bullets)  # every line is a cited bullet
    assert all(c.cites and set(c.cites) <= ids for c in cited)
    assert not RELATIVE.search(md), md
    assert "## 2023-05-06" in md and "## 2023-05-08" in md
    assert "2023-05-05" in md  # "yesterday" on 2023-05-06
    assert "2023-05-12" in md  # "next Friday" said on Sunday 2023-05-07
    # Greetings, fillers, assistant turns, and turns outside the window are left out.
    assert {"t0", "t1", "t4", "t8", "t9", "t10"}.isdisjoint({c for x in cited for c in x.cites})
    # Turns that produced facts are shown as the facts' clean sentences.
    assert "The user prefers responses formatted as prose" in md


def test_short_term_is_byte_identical_on_rerun_and_respects_max_lines() -> None:
    turns = make_turns()
    facts = extract_facts(turns)
    a = render_short_term(turns, facts, now=NOW, days=3)
    b = render_short_term(list(reversed(turns)), list(reversed(facts)), now=NOW, days=3)
    assert a == b
    short = render_short_term(turns, facts, now=NOW, days=3, max_lines=2)
    assert len(parse_cited(short)) == 2


def test_short_term_with_nothing_to_say() -> None:
    md = render_short_term([], [], now=NOW)
    assert md.startswith("# Short-term memory") and parse_cited(md) == []


def test_long_term_groups_current_facts_and_lists_recent_changes() -> None:
    turns = make_turns()
    res = resolve([], extract_facts(turns), cycle=None)
    md = render_long_term(res.facts)
    assert md == render_long_term(list(reversed(res.facts)))  # stable order
    assert "## Preferences" in md and "## Plans" in md
    head, _, changed = md.partition("## Recently changed")
    assert "formatted as prose" in head and "bullet points" not in head
    assert "bullet points" in changed
    assert "valid 2023-05-06 to 2023-05-08; superseded by: prose" in changed
    ids = {t.id for t in turns}
    assert all(set(c.cites) <= ids for c in parse_cited(md))
    assert not RELATIVE.search(md)
