"""The code version covers every module a sleep cycle runs.

Work items are cached on their input and the code version: a module the cycle
imports but the version leaves out (the graph rules, the stemmer) could change
without missing the cache, and a new release would serve results of the old
rules.
"""

from __future__ import annotations

import ast
from pathlib import Path

import sleepstack
from conftest import parse_python
from sleepstack.sleep.state import NOT_IN_CODE_VERSION, code_files

ROOT = Path(sleepstack.__file__).resolve().parent

#: the modules a cycle starts from: the driver, the phases, the engines
ENTRY_POINTS = ("sleep/cycle.py", "sleep/flyte_driver.py", "engines/__init__.py")


def _file_of(module: str) -> Path | None:
    """The source file of a dotted ``sleepstack`` module, or None outside the package."""
    parts = module.split(".")
    if parts[0] != "sleepstack":
        return None
    base = ROOT.joinpath(*parts[1:])
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def _module_of(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = ["sleepstack", *rel.parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[Path]:
    """Files of the package that *path* imports, lazy imports included."""
    module = _module_of(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[Path] = set()
    for node in ast.walk(parse_python(path)):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            names = [target, *(f"{target}.{alias.name}" for alias in node.names)]
        for name in names:
            # every enclosing package's __init__ runs too
            # (the package root's __init__ is the public API, importing everything: skipped)
            parts = name.split(".")
            for i in range(2, len(parts) + 1):
                file = _file_of(".".join(parts[:i]))
                if file is not None:
                    found.add(file)
    return found


def closure(starts: list[Path]) -> set[Path]:
    seen: set[Path] = set()
    todo = list(starts)
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        todo.extend(_imports(path) - seen)
    return seen


def test_every_module_a_cycle_imports_is_in_the_code_version() -> None:
    hashed = set(code_files(ROOT))
    ran = closure([ROOT / p for p in ENTRY_POINTS])
    assert len(ran) > 50  # the walk really followed the imports
    # the graph rules and the text helpers were once left out of the version
    assert ROOT / "graph" / "activity.py" in ran
    assert ROOT / "text" / "__init__.py" in ran
    missing = sorted(str(p.relative_to(ROOT)) for p in ran - hashed)
    assert not missing, f"imported by a cycle but not in the code version: {missing}"


def test_the_left_out_parts_are_read_path_and_entry_points_only() -> None:
    hashed = set(code_files(ROOT))
    for part in NOT_IN_CODE_VERSION:
        assert (ROOT / part).is_dir(), part
        assert not any(p.is_relative_to(ROOT / part) for p in hashed)
    assert ROOT / "graph" / "build.py" in hashed
