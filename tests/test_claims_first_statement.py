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
