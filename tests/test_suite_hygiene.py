"""The test suite's own rules: no test module imports another test module.

Shared fixtures live in ``conftest.py``; shared scenarios and fakes in helper
modules that are not test modules (``cycle_seed.py``, ``forget_seed.py``,
``fake_openai_server.py``, …). Importing a test module runs its module-level
code twice and couples two suites' fixtures by accident.
"""

from __future__ import annotations

import ast
from pathlib import Path

from conftest import parse_python

TESTS = Path(__file__).resolve().parent


def violations(modules: list[Path]) -> list[str]:
    found = []
    for module in modules:
        for node in ast.walk(parse_python(module)):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            else:
                continue
            found += [f"{module.name}:{node.lineno} imports {n}"
                      for n in names if n.split(".")[0].startswith("test_")]
    return found


def test_no_test_module_imports_another() -> None:
    assert violations(sorted(TESTS.glob("*.py"))) == []


def test_the_checker_sees_both_spellings(tmp_path: Path) -> None:
    bad = tmp_path / "test_bad.py"
    bad.write_text("import test_other as t\nfrom test_sleep_cycle import seed\n"
                   "from cycle_seed import seed as s\n")
    assert [v.split(":")[1].split()[0] for v in violations([bad])] == ["1", "2"]
