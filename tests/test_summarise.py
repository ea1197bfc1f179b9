"""SHORT_TERM.md and LONG_TERM.md rendering: cited, absolute, deterministic."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

from sleepstack.layers.cited import parse_cited
from sleepstack.layers.rawlog import Turn
from sleepstack.sleep.extract import extract_facts
from sleepstack.sleep.resolve import resolve
from sleepstack.sleep.summarise import (
    HISTORY_HEADING,
    HISTORY_LINE,
    render_long_term,
    render_short_term,
)

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
    head, _, changed = md.partition(HISTORY_HEADING)
    assert "formatted as prose" in head and "bullet points" not in head
    assert "bullet points" in changed
    assert "valid 2023-05-06 to 2023-05-08; superseded by: prose" in changed
    ids = {t.id for t in turns}
    assert all(set(c.cites) <= ids for c in parse_cited(md))
    assert not RELATIVE.search(md)


def test_history_lines_say_they_are_not_current() -> None:
    """A history line read alone (by recall or an indexer) cannot pass for a current fact."""
    turns = make_turns()
    md = render_long_term(resolve([], extract_facts(turns), cycle=None).facts)
    head, _, changed = md.partition(HISTORY_HEADING)
    lines = parse_cited(changed)
    assert lines and all(HISTORY_LINE.match(c.text) for c in lines)
    (old,) = [c for c in lines if "bullet points" in c.text]
    m = HISTORY_LINE.match(old.text)
    assert m and m.groups() == ("2023-05-08", "superseded")
    assert old.text.startswith("No longer current (until 2023-05-08, superseded): The user ")
    assert not any(HISTORY_LINE.match(c.text) for c in parse_cited(head))


def _day_of(texts: list[str], copies: int) -> list[Turn]:
    """One day of turns, each text said *copies* times in a row (ids a0, a0.1, …)."""
    out = []
    for i, text in enumerate(texts):
        for k in range(copies):
            out.append(Turn(id=f"a{i}" + (f".{k}" if k else ""), user="u1", session="s1",
                            role="user", text=text, at=BASE + timedelta(minutes=10 * i + k)))
    return out


DAY = [
    "I live in Berlin.",
    "I went to the climbing gym with my friend Sara and it was great.",
    "I ran 5 km along the river before work this morning.",
    "I ran 10 km along the river before work this morning.",
    "My sister Anna is visiting Lisbon in June with her kids.",
]


def test_short_term_repeats_are_one_line_and_do_not_grow_it() -> None:
    later = BASE + timedelta(hours=5)
    once = _day_of(DAY, 1)
    four = _day_of(DAY, 4)
    md1 = render_short_term(once, resolve([], extract_facts(once), cycle=None).facts,
                            now=later, days=1)
    md4 = render_short_term(four, resolve([], extract_facts(four), cycle=None).facts,
                            now=later, days=1)
    assert len(parse_cited(md1)) == len(parse_cited(md4)) == 5
    # The same lines and citations (the first time each was said); only the count differs.
    assert parse_cited(md1) == parse_cited(md4)
    assert abs(len(md4) - len(md1)) <= 2
    # Different numbers are different statements, never folded together.
    assert sum("km" in c.text for c in parse_cited(md4)) == 2


def test_short_term_near_identical_lines_fold_into_one() -> None:
    later = BASE + timedelta(hours=5)
    turns = _day_of([
        "I went to the climbing gym with my friend Sara and it was great.",
        "I went to the climbing gym with my friend Sara and it was great fun!",
        "My sister Anna is visiting Lisbon in June with her kids.",
    ], 1)
    md = render_short_term(turns, [], now=later, days=1)
    cited = parse_cited(md)
    assert len(cited) == 2
    gym = next(c for c in cited if "gym" in c.text)
    assert gym.cites == ("a0", "a1")  # one line, citing both wordings


def test_long_term_renders_bounded_citations_and_summarise_bounds_old_facts() -> None:
    from sleepstack.layers.facts import Fact, load_facts
    from sleepstack.sleep.phases.summarise import summarise_work

    cites = tuple(f"t{i}" for i in range(12))
    f = Fact(id="f-1", user="u1", subject="user", attribute="lives_in", value="Berlin",
             category="personal", confidence=0.8, text="The user lives in Berlin.",
             at="2023-05-06T09:00:00Z", valid_from="2023-05-06T09:00:00Z", cites=cites)
    (line,) = parse_cited(render_long_term([f]))
    assert line.cites == ("t0", "t8", "t9", "t10", "t11")
    # facts.jsonl written before the bound: the next summary bounds and counts them.
    out = summarise_work({"user": "u1", "turns": [], "facts": [f.to_dict()]},
                         {"now": "2023-05-08T00:00:00Z"})
    (kept,) = load_facts(out["facts_jsonl"])
    assert kept.cites == ("t0", "t8", "t9", "t10", "t11") and kept.restated == 11
