"""The wake path imports no write API beyond ``log``/``propose`` (ARCHITECTURE.md §5).

Every module of ``sleepstack.wake`` is read with ``ast``: only ``wake/log.py`` and
``wake/propose.py`` may import ``sleepstack.store.Change``, the index builder or
the sleep package, or call the store's mutating methods.
"""

from __future__ import annotations

import ast
from pathlib import Path

WAKE = Path(__file__).resolve().parents[1] / "src" / "sleepstack" / "wake"
ALLOWED = {"log.py", "propose.py"}
FORBIDDEN_MODULES = ("sleepstack.index.build", "sleepstack.sleep")
FORBIDDEN_NAMES = {("sleepstack.store", "Change"), ("sleepstack.store.store", "Change")}
FORBIDDEN_CALLS = {"write_text", "apply", "delete", "rollback", "put_document", "append_text"}


def _absolute(module: str | None, level: int, package: str) -> str:
    if level == 0:
        return module or ""
    parts = package.split(".")
    base = parts[: len(parts) - level + 1]
    return ".".join(base + ([module] if module else []))


def violations(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    package = "sleepstack.wake"
    out: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith(FORBIDDEN_MODULES):
                    out.append(f"{path.name}:{node.lineno} imports {alias.name}")
        elif isinstance(node, ast.ImportFrom):
            mod = _absolute(node.module, node.level, package)
            if mod.startswith(FORBIDDEN_MODULES):
                out.append(f"{path.name}:{node.lineno} imports from {mod}")
            for alias in node.names:
                full = f"{mod}.{alias.name}"
                if (mod, alias.name) in FORBIDDEN_NAMES or full.startswith(FORBIDDEN_MODULES):
                    out.append(f"{path.name}:{node.lineno} imports {full}")
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
              and node.func.attr in FORBIDDEN_CALLS):
                out.append(f"{path.name}:{node.lineno} calls .{node.func.attr}()")
    return out


def test_wake_modules_import_no_write_api() -> None:
    modules = sorted(WAKE.glob("*.py"))
    assert len(modules) >= 5
    found = [v for m in modules if m.name not in ALLOWED for v in violations(m)]
    assert found == []


def test_the_checker_catches_violations(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text(
        "from ..store import Change\n"
        "from sleepstack.index.build import build_generation\n"
        "import sleepstack.sleep.cycle\n"
        "from .. import sleep\n"
        "def f(store):\n    store.write_text('x', 'y')\n    store.put_document('a', 'b')\n"
    )
    found = violations(bad)
    assert {v.split(":")[1].split()[0] for v in found} == {"1", "2", "3", "4", "6", "7"}


def test_wake_opens_sqlite_read_only() -> None:
    source = (WAKE.parent / "index" / "schema.py").read_text()
    assert "mode=ro" in source
    reader = (WAKE.parent / "index" / "reader.py").read_text()
    assert "connect_ro" in reader and "connect_rw" not in reader
