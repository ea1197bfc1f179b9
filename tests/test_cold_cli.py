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


def test_recall_still_answers_cold(tmp_path: Path) -> None:
    home = tmp_path / "h"
    assert run_cli("init", home=home).returncode == 0
    assert run_cli("log", "--user", "u", "--session", "s", "--role", "user",
                   "I adopted a cat named Miso", home=home).returncode == 0
    assert run_cli("index", home=home).returncode == 0
    r = run_cli("--json", "recall", "what is my cat called?", "--user", "u", home=home)
    assert r.returncode == 0 and "Miso" in json.loads(r.stdout)["context"]
