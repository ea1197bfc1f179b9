"""Layering: the wake path imports no write API, and the whole package follows one layer order.

Every module of ``sleepstack.wake`` is read with ``ast``: only ``wake/log.py`` and
``wake/propose.py`` may import ``sleepstack.store.Change``, the index builder or
the sleep package, or call the store's mutating methods. Every module of
``sleepstack`` is read the same way against :data:`LAYERS`: no upward or peer
imports, no package loops, no file circles (docs/architecture.md, "Layers").
"""

from __future__ import annotations

import ast
from functools import lru_cache
from pathlib import Path

from conftest import parse_python

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
    tree = parse_python(path)
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


# ---------------------------------------------------------------------------
# The whole package against a declared layer order.
#
# Bottom first. A package (or top-level module) may import its own layer's
# modules only when they are itself, and any package of a lower layer; peers in
# one layer never import each other. Function-level (lazy) imports count: they
# are dependencies all the same. Imports under ``if TYPE_CHECKING:`` do not
# (types only, never executed). A new package is one entry here (``graph`` goes
# where its imports put it: above ``index``, below ``wake``/``sleep``).
LAYERS: tuple[tuple[str, ...], ...] = (
    ("version", "errors", "faults", "observe", "environment"),
    ("registry", "config_keys", "weights"),
    ("text", "plan", "html"),
    ("adapters",),
    ("store",),
    ("validate",),
    ("layers",),
    ("config",),
    ("index",),
    ("graph",),
    ("engines",),
    ("sleep", "wake"),
    ("forget",),
    ("memories",),
    ("api",),
    ("integrations", "server", "demo"),
    ("cli", "deploy"),
    ("__main__", "__init__"),
)

SRC = WAKE.parent


def _module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def _type_checking_lines(tree: ast.Module) -> set[int]:
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.body:
                lines |= set(range(child.lineno, (child.end_lineno or child.lineno) + 1))
    return lines


def import_graph(root: Path) -> dict[str, set[str]]:
    return {k: set(v) for k, v in _import_graph(root, _mtime(root)).items()}


def _mtime(root: Path) -> float:
    return max(p.stat().st_mtime for p in root.rglob("*.py"))


@lru_cache(maxsize=4)
def _import_graph(root: Path, _stamp: float) -> dict[str, frozenset[str]]:
    """Module -> the package modules it imports (lazy ones too; TYPE_CHECKING ones not)."""
    paths = {_module_name(p, root): p for p in root.rglob("*.py")}
    graph: dict[str, frozenset[str]] = {}
    for name, path in paths.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        tree = parse_python(path)
        skip = _type_checking_lines(tree)
        out: set[str] = set()
        for node in ast.walk(tree):
            if getattr(node, "lineno", None) in skip:
                continue
            if isinstance(node, ast.Import):
                out |= {a.name for a in node.names}
            elif isinstance(node, ast.ImportFrom):
                mod = _absolute(node.module, node.level, package)
                for alias in node.names:
                    full = f"{mod}.{alias.name}"
                    out.add(full if full in paths else mod)
        graph[name] = frozenset(m for m in out if m in paths and m != name)
    return graph


def _unit(module: str) -> str:
    """The layer unit of a module: its top-level package or module under ``sleepstack``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def _rank() -> dict[str, int]:
    return {unit: i for i, layer in enumerate(LAYERS) for unit in layer}


def layer_violations(root: Path) -> list[str]:
    rank = _rank()
    out: list[str] = []
    for src, targets in sorted(import_graph(root).items()):
        a = _unit(src)
        for dst in sorted(targets):
            b = _unit(dst)
            if a == b:
                continue
            if a not in rank or b not in rank:
                out.append(f"{src} -> {dst}: {a if a not in rank else b} is in no layer")
            elif rank[b] >= rank[a]:
                kind = "a peer" if rank[b] == rank[a] else "upward"
                out.append(f"{src} -> {dst}: {kind} import ({a} -> {b})")
    return out


def circles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """Strongly connected components of more than one node (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[frozenset[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph.get(start, ()))))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on.add(start)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                    break
                if child in on:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    comp: set[str] = set()
                    while True:
                        top = stack.pop()
                        on.discard(top)
                        comp.add(top)
                        if top == node:
                            break
                    if len(comp) > 1:
                        found.append(frozenset(comp))
    return found


def package_graph(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for src, targets in graph.items():
        mine = _unit(src)
        out.setdefault(mine, set()).update(_unit(t) for t in targets if _unit(t) != mine)
    return out


def test_every_package_is_in_a_layer() -> None:
    units = {_unit(m) for m in import_graph(SRC)}
    declared = {u for layer in LAYERS for u in layer}
    assert units - declared == set(), "add the new package to LAYERS"
    assert len(declared) == sum(len(layer) for layer in LAYERS), "a unit is in two layers"


def test_no_upward_or_peer_imports_anywhere_in_the_package() -> None:
    assert layer_violations(SRC) == []


def test_no_package_loops() -> None:
    assert circles(package_graph(import_graph(SRC))) == []


def test_no_file_circles() -> None:
    assert circles(import_graph(SRC)) == []


def test_the_layering_checker_catches_loops_and_upward_imports(tmp_path: Path) -> None:
    root = tmp_path / "sleepstack"
    for sub in ("store", "wake", "sleep"):
        (root / sub).mkdir(parents=True)
        (root / sub / "__init__.py").write_text("")
    (root / "__init__.py").write_text("")
    (root / "store" / "a.py").write_text("from ..sleep import b\n")  # upward
    (root / "sleep" / "b.py").write_text("def f():\n    from ..wake import c\n")  # peer, lazy
    (root / "wake" / "c.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..sleep import b\n")
    (root / "store" / "x.py").write_text("from . import y\n")
    (root / "store" / "y.py").write_text("def g():\n    from . import x\n")
    found = layer_violations(root)
    assert any("store.a -> sleepstack.sleep.b: upward" in v for v in found)
    assert any("sleep.b -> sleepstack.wake.c: a peer" in v for v in found)
    assert not any(v.startswith("sleepstack.wake.c") for v in found)  # TYPE_CHECKING only
    assert frozenset({"sleepstack.store.x", "sleepstack.store.y"}) in circles(import_graph(root))
    # store -> sleep -> wake; with wake -> store the three are one package loop.
    (root / "wake" / "d.py").write_text("from ..store import a\n")
    assert circles(package_graph(import_graph(root))) == [frozenset({"store", "sleep", "wake"})]
