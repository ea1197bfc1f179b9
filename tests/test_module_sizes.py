"""Small modules with one job: no module in ``src/`` over :data:`LIMIT` lines.

The exceptions are rule tables: data written as code (patterns with their
messages and hints), where splitting by line count would only scatter one
table over several files. Each is declared below with what it holds; the
code that *runs* a table lives in a module of its own, under the limit.
"""

from __future__ import annotations

from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "sleepstack"
LIMIT = 600

#: rule tables allowed over the limit (path under src/sleepstack -> what the table is)
DECLARED_RULE_TABLES = {
    # the injection rules: vocabulary and ~120 patterns; run by validate/injection_scorer.py
    "validate/rules_injection.py": "prompt-injection rule table (RULES)",
}


def _lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def oversized(root: Path, declared: dict[str, str]) -> list[str]:
    return [f"{rel}: {n} lines" for path in sorted(root.rglob("*.py"))
            if (rel := path.relative_to(root).as_posix()) not in declared
            and (n := _lines(path)) > LIMIT]


def test_no_module_over_the_limit_but_declared_rule_tables() -> None:
    assert oversized(SRC, DECLARED_RULE_TABLES) == []


def test_declared_tables_are_still_big_tables() -> None:
    # A table that shrank under the limit leaves the list: no stale permissions.
    for rel in DECLARED_RULE_TABLES:
        assert _lines(SRC / rel) > LIMIT, f"{rel} is under {LIMIT} lines: drop it"


def test_the_checker_counts_lines(tmp_path: Path) -> None:
    (tmp_path / "big.py").write_text("x = 1\n" * (LIMIT + 1))
    (tmp_path / "ok.py").write_text("x = 1\n" * LIMIT)
    assert oversized(tmp_path, {}) == [f"big.py: {LIMIT + 1} lines"]
    assert oversized(tmp_path, {"big.py": "a table"}) == []
