"""Backends are found through tables of dotted paths; a table's module never imports them."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from conftest import parse_python
from sleepstack.adapters.llm import KNOWN_LLMS
from sleepstack.engines import KNOWN_ENGINES, get_engine
from sleepstack.errors import SleepstackError, UsageError, exit_code_for, status_for
from sleepstack.registry import Implementation, import_path, load_implementation
from sleepstack.store.fs import KNOWN_IMPLEMENTATIONS

SRC = Path(__file__).resolve().parents[1] / "src" / "sleepstack"


def _imports(path: Path) -> set[str]:
    out: set[str] = set()
    for node in ast.walk(parse_python(path)):
        if isinstance(node, ast.ImportFrom):
            out.add("." * node.level + (node.module or ""))
        elif isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
    return out


@pytest.mark.parametrize("table", [KNOWN_IMPLEMENTATIONS, KNOWN_ENGINES, KNOWN_LLMS])
def test_every_row_of_every_table_imports(table: dict[str, Implementation]) -> None:
    for name, impl in table.items():
        if name == "flyte":
            pytest.importorskip("flyte")
        assert isinstance(import_path(impl.path), type), name


def test_the_store_fs_module_never_imports_a_backend_of_its_own() -> None:
    found = _imports(SRC / "store" / "fs.py")
    assert not {m for m in found if m.endswith("s3")}, found


def test_an_unknown_name_is_a_usage_error_naming_the_choices() -> None:
    with pytest.raises(UsageError, match="use one of local"):
        get_engine("nope")
    with pytest.raises(UsageError, match="unknown thing 'x'"):
        load_implementation({}, "x", what="thing")


def test_a_missing_module_is_a_usage_error_with_its_install_hint() -> None:
    table = {"gone": Implementation("sleepstack.no_such_module:Nothing", "pip install gone")}
    with pytest.raises(UsageError, match=r"not available here \(pip install gone\)"):
        load_implementation(table, "gone", what="backend")
    with pytest.raises(ImportError):
        import_path("sleepstack.errors:NoSuchClass")
    with pytest.raises(ValueError):
        import_path("sleepstack.errors")


def test_http_status_and_exit_code_come_from_the_error_class() -> None:
    for cls in [SleepstackError, *SleepstackError.__subclasses__()]:
        err = cls("x")
        assert status_for(err) == cls.http_status
        assert exit_code_for(err) == cls.exit_code
    assert status_for(RuntimeError("bug")) == 500
    assert exit_code_for(RuntimeError("bug")) == 1
