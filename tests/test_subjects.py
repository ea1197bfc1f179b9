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


LOWER_CASE_OTHER_USER = r"""
import json, re, sys
prompt = sys.stdin.read()
m = re.search(r"<<<NOTES\n(.*?)\nNOTES>>>", prompt, re.S)
if not m:
    print("[]")
    sys.exit(0)
cites = [c for line in m.group(1).splitlines() for c in json.loads(line)["cites"]]
print(json.dumps({"lines": [{"text": "alice prefers window seats on flights.",
                             "cites": cites}]}))
"""


def test_a_lower_case_name_of_another_user_is_refused_in_a_cycle(tmp_path: Path) -> None:
    from sleepstack.config import Config
    from sleepstack.sleep.cycle import run_cycle
    from sleepstack.store import Store

    script = tmp_path / "lower.py"
    script.write_text(LOWER_CASE_OTHER_USER)
    config = f'[wake]\nembedder = "hash:64"\n\n[sleep]\nllm = "cmd:{sys.executable} {script}"\n'
    store = Store.init(tmp_path / "home", config_text=config)
    W = {"actor": "test", "reason": "seed"}
    store.write_text("user/alice/notes/tea.md", "alice likes green tea\n", **W)
    for i, text in enumerate(("bob prefers window seats", "bob prefers window seats on flights")):
        store.write_text(f"user/bob/notes/seat-{i}.md", text + "\n", **W)
    summary = run_cycle(store, Config.parse(config), now="2026-01-06T08:00:00Z")
    bob = " ".join(store.read_text(p) for p in store.list("user/bob"))
    assert "alice" not in bob.lower()
    assert summary.counts["clusters"] == 1
    # Refused and reported: by the grounding gate (a name its evidence lacks) or,
    # where that passes it, by the subject gate; either way the report says why.
    assert any("alice" in w and ("subject" in w or "not supported by evidence" in w)
               for w in summary.warnings), summary.warnings
