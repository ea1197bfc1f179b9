"""Configuration enters at the edges: ``os.environ`` is read only by entry points.

The CLI, the servers, the deployment glue and the Flyte task bootstrap read the
environment once and pass plain values down (into :class:`~sleepstack.config.Config`
or constructor arguments, or :func:`sleepstack.environment.install` for settings looked
up by name: API keys, the cache root, S3 lease times); library code below them never
looks. Every module of
``sleepstack`` is read with ``ast`` for ``os.environ``, ``os.getenv``,
``os.putenv`` and ``from os import environ``.
"""

from __future__ import annotations

import ast
import os
from pathlib import Path

import pytest

from conftest import parse_python
from sleepstack import environment
from sleepstack.adapters.llm import load_llm
from sleepstack.adapters.llm.openai import OpenAILLM
from sleepstack.api import Memory
from sleepstack.errors import UsageError
from sleepstack.store.local_dirs import index_dir

SRC = Path(__file__).resolve().parents[1] / "src" / "sleepstack"

#: entry points: they turn the environment into configuration
ENTRY_POINTS = {
    "cli/": "the command line",
    "deploy/": "deployment glue (the store URL a trigger is deployed with)",
    "server/http.py": "the ASGI app factory reads SLEEPSTACK_* settings (uvicorn --factory)",
    "server/testing.py": "starts a real server in a subprocess with a clean environment",
    "engines/flyte.py": "the Flyte task bootstrap: the worker's image, telemetry, cache",
    "config.py": "the one loader of Config (SLEEPSTACK_HOME as the default home)",
    "faults.py": "the crash-test hook (SLEEPSTACK_TEST_KILL_AT), no configuration",
}

_NAMES = ("environ", "getenv", "putenv")


def readers(path: Path) -> list[int]:
    tree = parse_python(path)
    lines: list[int] = []
    for node in ast.walk(tree):
        attr = (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                and node.value.id == "os" and node.attr in _NAMES)
        imported = (isinstance(node, ast.ImportFrom) and node.module == "os"
                    and any(a.name in _NAMES for a in node.names))
        if attr or imported:
            lines.append(getattr(node, "lineno", 0))
    return lines


def _allowed(rel: str) -> bool:
    return any(rel == k or (k.endswith("/") and rel.startswith(k))
               for k in ENTRY_POINTS)


def test_only_entry_points_read_the_environment() -> None:
    found = []
    for path in sorted(SRC.rglob("*.py")):
        rel = path.relative_to(SRC).as_posix()
        if not _allowed(rel):
            found += [f"{rel}:{n}" for n in readers(path)]
    assert found == []


def test_the_checker_sees_every_spelling(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("import os\nfrom os import environ\nos.environ['A']\nos.getenv('B')\n"
                   "x = os.environ.get('C')\n")
    assert readers(bad) == [2, 3, 4, 5]


def test_the_library_reads_only_what_an_entry_point_installed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(environment, "_installed", environment.current())  # restored after
    monkeypatch.setenv("SLEEPSTACK_LLM_BASE_URL", "http://127.0.0.1:9/v1")
    environment.install({})  # no entry point: the process environment is not looked at
    with pytest.raises(UsageError, match="SLEEPSTACK_LLM_BASE_URL"):
        load_llm("openai:m")
    environment.install({"SLEEPSTACK_LLM_BASE_URL": "http://127.0.0.1:8/v1"})
    adapter = load_llm("openai:m")
    assert isinstance(adapter, OpenAILLM) and adapter.base_url == "http://127.0.0.1:8/v1"


def test_memory_adopts_the_process_environment(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(environment, "_installed", environment.current())
    environment.install({})
    monkeypatch.setenv("SLEEPSTACK_CACHE", str(tmp_path / "cache"))
    mem = Memory.init(f"memory://env-{tmp_path.name}")  # the Python API's entry point
    assert environment.current() is os.environ
    assert index_dir(mem.store).parent == tmp_path / "cache" / "index"
