"""Issue #12 item 2: a merged line that names the wrong person is never accepted."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from sleepstack.adapters.llm import load_llm
from sleepstack.sleep.consolidate import Note, merge_one_cluster
from sleepstack.sleep.subjects import foreign_names, subject_reasons

BOB = ["bob prefers window seats", "bob likes the window seat on long flights"]


@pytest.mark.parametrize("line", [
    "Alice prefers window seats on flights.",
    "Alice's preference is a window seat.",
    "On flights, Alice prefers window seats.",
    "Alicia prefers window seats.",                # a look-alike name
    "Алиса предпочитает места у окна.",            # Cyrillic
    "Zoë prefers window seats.",                   # diacritics
    "He and Carol prefer window seats.",
])
def test_a_line_about_someone_else_is_refused(line: str) -> None:
    assert subject_reasons(line, user="bob", evidence=BOB), line


@pytest.mark.parametrize("line", [
    "Bob prefers window seats on flights.",
    "bob prefers window seats.",
    "Prefers window seats on long flights.",
    "The user prefers window seats.",
    "He prefers the window seat on long flights.",
    "On Mondays bob prefers window seats.",
])
def test_a_faithful_line_passes(line: str) -> None:
    assert subject_reasons(line, user="bob", evidence=BOB) == [], line


def test_third_parties_the_evidence_names_are_allowed() -> None:
    ev = ["bob's sister Carol lives in Porto", "bob visits Carol every summer"]
    assert subject_reasons("Bob visits his sister Carol in Porto every summer.",
                           user="bob", evidence=ev) == []
    assert foreign_names("Bob visits his sister Dana in Porto.", user="bob",
                         evidence=ev) == ["Dana"]


def test_user_id_parts_and_known_other_users() -> None:
    assert subject_reasons("Smith prefers tea.", user="bob.smith",
                           evidence=["I prefer tea"]) == []
    # a lower-case name of another user of the store
    assert foreign_names("alice prefers tea.", user="bob", evidence=["I prefer tea"],
                         others=["alice", "bob"]) == ["alice"]


def _note(i: int, text: str, user: str = "bob") -> Note:
    return Note(f"n{i}", text, (f"t{i}",), "2026-01-05T10:00:00Z", user=user)


WRONG_SUBJECT = r"""
import json, sys
sys.stdin.read()
print(json.dumps({"lines": [{"text": "Alice prefers window seats on flights.",
                             "cites": ["t0", "t1"]}]}))
"""


def test_the_consolidation_gate_keeps_the_originals(tmp_path: Path) -> None:
    """A real ``cmd:`` LLM whose merge names the wrong person (what the attack saw)."""
    script = tmp_path / "wrong.py"
    script.write_text(WRONG_SUBJECT)
    llm = load_llm(f"cmd:{sys.executable} {script}")
    members = [_note(0, BOB[0]), _note(1, BOB[1])]
    sims = [[1.0, 0.95], [0.95, 1.0]]
    res, _ = merge_one_cluster(members, sims, embedder="hash:64",
                               evidence={"t0": BOB[0], "t1": BOB[1]},
                               llm=llm)
    texts = [n.text for n in res.notes]
    assert not any("Alice" in t for t in texts), texts
    assert sorted(texts) == sorted(BOB)
    assert any("subject.foreign" in r for rej in res.rejected for r in rej["reasons"])
