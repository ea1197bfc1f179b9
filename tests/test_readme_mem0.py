"""The README's "Coming from mem0" table: every row names tests, and every named test exists."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
REF = re.compile(r"`(tests/[\w/]+\.py)::(\w+)`")


def _section(title: str) -> str:
    text = (ROOT / "README.md").read_text()
    start = text.index(f"\n## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start:end if end != -1 else None]


def test_every_mem0_row_is_backed_by_an_existing_test() -> None:
    rows = [ln for ln in _section("Coming from mem0").splitlines()
            if ln.startswith("| `") and not ln.startswith("|---")]
    verbs = {ln.split("|")[1].strip().split("(")[0].strip("` ") for ln in rows}
    assert {"add", "search", "get", "get_all", "update", "delete", "history"} <= verbs
    for row in rows:
        refs = REF.findall(row)
        assert refs, f"row without a named test: {row}"
        for file, name in refs:
            src = (ROOT / file).read_text()
            assert re.search(rf"^def {name}\(", src, re.M), f"{file}::{name} does not exist"
