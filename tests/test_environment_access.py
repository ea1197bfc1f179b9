"""Configuration enters at the edges: ``os.environ`` is read only by entry points.

The CLI, the servers, the deployment glue and the Flyte task bootstrap read the
environment once and pass plain values down (into :class:`~sleepstack.config.Config`
or constructor arguments); library code below them never looks. Every module of
``sleepstack`` is read with ``ast`` for ``os.environ``, ``os.getenv``,
``os.putenv`` and ``from os import environ``.
"""

from __future__ import annotations

import ast
from pathlib import Path

from conftest import parse_python

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

#: below the entry points, still reading the environment; each is a named debt with
#: its way out, and this table may only shrink
KNOWN_READERS = {
    # lease TTL/wait override: owned by the S3 branch (n15); belongs in Config [store.s3]
    "store/s3.py": "SLEEPSTACK_S3_LEASE_TTL / _WAIT",
    # the cache root for URL stores; belongs in Config ([index] cache_dir)
    "store/local_dirs.py": "SLEEPSTACK_CACHE / XDG_CACHE_HOME",
    # API keys by name (api_key_env): credentials are looked up where they are used, and
    # every adapter takes an explicit env mapping; the entry points should pass it
    "adapters/llm/openai.py": "OPENAI_API_KEY (api_key_env)",
    "adapters/llm/cmd.py": "the child process inherits the environment",
    "adapters/embed/remote.py": "OPENAI_API_KEY (api_key_env)",
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
               for k in (*ENTRY_POINTS, *KNOWN_READERS))


def test_only_entry_points_read_the_environment() -> None:
    found = []
    for path in sorted(SRC.rglob("*.py")):
        rel = path.relative_to(SRC).as_posix()
        if not _allowed(rel):
            found += [f"{rel}:{n}" for n in readers(path)]
    assert found == []


def test_the_known_readers_still_read_it() -> None:
    # A debt paid off leaves the table: the table cannot keep stale permissions.
    for rel in KNOWN_READERS:
        assert readers(SRC / rel), f"{rel} no longer reads the environment: drop it"


def test_the_checker_sees_every_spelling(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("import os\nfrom os import environ\nos.environ['A']\nos.getenv('B')\n"
                   "x = os.environ.get('C')\n")
    assert readers(bad) == [2, 3, 4, 5]
