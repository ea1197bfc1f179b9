"""Every row of the README's "Seed CLI verbs" table names tests that exist."""

from __future__ import annotations

import ast
import re

from conftest import REPO, parse_python


def _section() -> str:
    text = (REPO / "README.md").read_text()
    start = text.index("## Seed CLI verbs")
    end = text.index("\n## ", start + 1)
    return text[start:end]


def test_every_seed_row_is_backed_by_a_named_test() -> None:
    rows = [line for line in _section().splitlines()
            if line.startswith("| ") and not line.startswith("| seed verb")]
    assert len(rows) >= 8
    for row in rows:
        refs = re.findall(r"`(test_\w+\.py)::(test_\w+)`", row)
        assert refs, row
        for file, name in refs:
            tree = parse_python(REPO / "tests" / file)
            names = {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}
            assert name in names, f"{file}::{name} (README row: {row[:60]})"


def test_every_seed_verb_is_a_real_command() -> None:
    from sleepstack.cli import build_parser

    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    for verb in ("context", "promote", "summarize", "compress", "session-context", "recall",
                 "log", "config"):
        assert verb in sub.choices, verb  # type: ignore[attr-defined]
