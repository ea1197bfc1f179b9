"""The CLI starts light: what a per-turn call loads is what its command needs.

Timings live in bench/cold_cli.py; these checks are the deterministic part:
the entry point, ``--version`` and ``--help`` never import numpy, the store or
OpenTelemetry, and a per-turn command runs with one BLAS thread.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from conftest import run_cli

PROBE = """
import sys
from sleepstack.cli import build_parser, main
build_parser()
heavy = [m for m in ("numpy", "sleepstack.api", "sleepstack.store.store", "tokenizers",
                     "opentelemetry", "sleepstack.wake.recall", "detect_secrets")
         if m in sys.modules]
print(heavy)
"""


def test_parser_imports_nothing_heavy() -> None:
    r = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True,
                       timeout=60, check=True)
    assert r.stdout.strip() == "[]"


def test_version_imports_nothing_heavy() -> None:
    code = ("import sys; from sleepstack.cli import main; main(['--version']);"
            " print('numpy' in sys.modules)")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       timeout=60, check=True)
    assert r.stdout.strip().splitlines()[-1] == "False"


def test_per_turn_commands_use_one_blas_thread(tmp_path: Path) -> None:
    code = ("import os, sys; from sleepstack.cli import main; sys.argv = ['x'];"
            " rc = main(['--home', sys.argv[0] + '-missing', 'recall', 'q', '--user', 'u']);"
            " print(os.environ.get('OPENBLAS_NUM_THREADS'), rc)")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       timeout=60, check=False, cwd=tmp_path,
                       env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)})
    assert r.stdout.strip().splitlines()[-1] == "1 3"  # one thread; missing home: exit 3


def test_servers_use_one_blas_thread_and_a_chosen_count_is_kept(tmp_path: Path) -> None:
    # `sleepstack serve` runs uvicorn here (its workers inherit the environment) and
    # `sleepstack mcp` serves in this process: both embed one text per request.
    def env_after(argv: list[str], extra: dict[str, str]) -> str:
        code = ("import os, sys; from sleepstack.cli import main;"
                f" rc = main({argv!r});"
                " print(os.environ.get('OPENBLAS_NUM_THREADS'), rc)")
        r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           timeout=60, check=False, cwd=tmp_path,
                           env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), **extra})
        return r.stdout.strip().splitlines()[-1]

    missing = str(tmp_path / "missing")
    assert env_after(["--home", missing, "serve", "--port", "0"], {}) == "1 3"
    assert env_after(["--home", missing, "mcp", "--user", "u"], {}) == "1 3"
    assert env_after(["--home", missing, "mcp", "--user", "u"],
                     {"OPENBLAS_NUM_THREADS": "4"}) == "4 3"
    assert env_after(["--home", missing, "ls"], {}).split()[0] == "None"


def test_recall_still_answers_cold(tmp_path: Path) -> None:
    home = tmp_path / "h"
    assert run_cli("init", home=home).returncode == 0
    assert run_cli("log", "--user", "u", "--session", "s", "--role", "user",
                   "I adopted a cat named Miso", home=home).returncode == 0
    assert run_cli("index", home=home).returncode == 0
    r = run_cli("--json", "recall", "what is my cat called?", "--user", "u", home=home)
    assert r.returncode == 0 and "Miso" in json.loads(r.stdout)["context"]


def test_fast_commands_load_only_their_module() -> None:
    # Each per-turn command's module registers it (else the light parser would
    # reject it), and the light parser for `recall` leaves the other modules unimported.
    from sleepstack.cli import FAST_COMMANDS, _command_of, build_parser

    for command, module in FAST_COMMANDS.items():
        sub = build_parser([module])._subparsers._group_actions[0]  # type: ignore[union-attr]
        assert command in sub.choices, (command, module)
    assert _command_of(["--home", "recall", "--json", "recall", "q"]) == "recall"
    assert _command_of(["--log-format", "json", "context", "--user", "u"]) == "context"
    assert _command_of(["--json"]) is None
    code = ("import sys; from sleepstack.cli import main;"
            " main(['--home', '/nonexistent-sleepstack', 'recall', 'q', '--user', 'u']);"
            " print(sorted(m for m in sys.modules if m.startswith('sleepstack.cli.')"
            " and m.endswith('_cmds')))")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       timeout=60, check=False)
    assert r.stdout.strip().splitlines()[-1] == "['sleepstack.cli.wake_cmds']"
