"""The code version covers every module a sleep cycle runs; the index's row code its packages.

Work items are cached on their input and the code version: a module the cycle
imports but the version leaves out (the graph rules, the stemmer) could change
without missing the cache, and a new release would serve results of the old
rules. A published index records the fingerprint of its row code
(``index/built_from.index_code``): both are ``version.code_fingerprint`` over
their own choice of files, checked here against a walk of the tree.
"""

from __future__ import annotations

import ast
import os
from pathlib import Path

import sleepstack
from conftest import parse_python
from sleepstack.index.built_from import CODE_PACKAGES, index_code, index_code_files
from sleepstack.sleep.state import NOT_IN_CODE_VERSION, code_files, code_version
from sleepstack.version import code_fingerprint, source_files

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
    hashed = set(code_files())
    ran = closure([ROOT / p for p in ENTRY_POINTS])
    assert len(ran) > 50  # the walk really followed the imports
    # the graph rules and the text helpers were once left out of the version
    assert ROOT / "graph" / "activity.py" in ran
    assert ROOT / "text" / "__init__.py" in ran
    missing = sorted(str(p.relative_to(ROOT)) for p in ran - hashed)
    assert not missing, f"imported by a cycle but not in the code version: {missing}"


def test_the_left_out_parts_are_read_path_and_entry_points_only() -> None:
    hashed = set(code_files())
    for part in NOT_IN_CODE_VERSION:
        assert (ROOT / part).is_dir(), part
        assert not any(p.is_relative_to(ROOT / part) for p in hashed)
    assert ROOT / "graph" / "build.py" in hashed


def _walk(root: Path) -> dict[str, Path]:
    """Every ``.py`` file under *root* by its path relative to it (os.walk, not glob)."""
    return {(Path(d) / f).relative_to(root).as_posix(): Path(d) / f
            for d, _, files in os.walk(root) for f in files if f.endswith(".py")}


def test_each_fingerprint_hashes_exactly_the_files_it_claims() -> None:
    files = _walk(ROOT)
    index = {rel for rel in files if rel.split("/")[0] in CODE_PACKAGES}
    assert {"index/build.py", "layers/rawlog.py", "validate/__init__.py",
            "adapters/embed/__init__.py"} <= index
    assert {p.relative_to(ROOT).as_posix() for p in index_code_files()} == index
    cycle = {rel for rel in files if rel.split("/")[0] not in NOT_IN_CODE_VERSION}
    assert {"version.py", "errors.py", "sleep/cycle.py", "graph/build.py"} <= cycle
    assert {p.relative_to(ROOT).as_posix() for p in code_files()} == cycle
    assert index < cycle  # the cycle builds the index: its version covers the row code
    for listed in (index_code_files(), code_files()):
        assert listed == sorted(listed)  # one order, whatever the file system lists
    for fingerprint in (index_code(), code_version()):
        version, _, digest = fingerprint.partition("+")
        assert version == sleepstack.__version__ and len(digest) == 12


def test_a_fingerprint_moves_with_its_files_and_only_with_them(tmp_path: Path) -> None:
    for rel in ("index/build.py", "index/sub/rows.py", "adapters/embed.py", "sleep/cycle.py",
                "wake/recall.py", "version.py"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(f"# {rel}\n")

    def prints() -> tuple[str, str]:
        rows = source_files(only=CODE_PACKAGES, root=tmp_path)
        cycle = source_files(leave_out=NOT_IN_CODE_VERSION, root=tmp_path)
        return code_fingerprint(rows, root=tmp_path), code_fingerprint(cycle, root=tmp_path)

    rows, cycle = prints()
    assert rows != cycle
    (tmp_path / "index/sub/rows.py").write_text("# a new rule\n")  # row code: both move
    rows2, cycle2 = prints()
    assert rows2 != rows and cycle2 != cycle
    (tmp_path / "sleep/cycle.py").write_text("# another phase\n")  # the cycle's only
    rows3, cycle3 = prints()
    assert rows3 == rows2 and cycle3 != cycle2
    (tmp_path / "wake/recall.py").write_text("# read path\n")  # neither
    assert prints() == (rows3, cycle3)
    (tmp_path / "adapters/embed.py").rename(tmp_path / "adapters/vectors.py")  # same bytes
    rows4, cycle4 = prints()
    assert rows4 != rows3 and cycle4 != cycle3


#: packages the row code imports that decide no row: the store's I/O and locking, the
#: engine that schedules the shard cut, the config (its values are compared at every
#: check, not its code), errors, faults, the plan's types, the fingerprint itself,
#: the entry point's environment and the backend name table
NOT_ROW_CODE = {"store", "engines", "config", "config_keys", "errors", "faults", "plan",
                "version", "environment", "registry",
                # reads a shipped head's .npz and checks its digest: which weights, not what rows
                "weights"}


def _top_level_imports(path: Path) -> set[str]:
    """The first component under ``sleepstack`` of every import in one module, lazy ones too."""
    package = path.relative_to(ROOT).parent.parts
    names: set[str] = set()
    for node in ast.walk(parse_python(path)):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                parts = [*base, *(node.module or "").split(".")]
            elif (node.module or "").startswith("sleepstack."):
                parts = node.module.split(".")[1:]  # type: ignore[union-attr]
            else:
                continue
            parts = [p for p in parts if p]
            if parts:
                names.add(parts[0].removesuffix(".py"))
        elif isinstance(node, ast.Import):
            names |= {a.name.split(".")[1] for a in node.names
                      if a.name.startswith("sleepstack.")}
    return names


def test_the_row_code_fingerprint_covers_every_package_the_row_code_imports() -> None:
    # A stemmer change (text/) that left the index's fingerprint alone let a cycle skip
    # rebuilding an index whose FTS terms no longer matched the query's.
    imported: set[str] = set()
    for path in index_code_files():
        imported |= _top_level_imports(path)
    assert "text" in imported
    missing = imported - set(CODE_PACKAGES) - NOT_ROW_CODE
    assert not missing, f"row code imports {sorted(missing)} outside CODE_PACKAGES"
