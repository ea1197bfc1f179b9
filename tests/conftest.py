"""Shared fixtures: real stores on tmp_path, the CLI run as a real subprocess."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from sleepstack.store import Store

REPO = Path(__file__).resolve().parents[1]
SHARED_DATA = REPO.parent / "shared" / "data"


@pytest.fixture(autouse=True)
def _no_network_env(monkeypatch: pytest.MonkeyPatch) -> None:
    # Tests must never reach a real model endpoint by accident.
    for var in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "SLEEPSTACK_LLM_BASE_URL",
                "SLEEPSTACK_LLM_API_KEY", "SLEEPSTACK_HOME"):
        monkeypatch.delenv(var, raising=False)


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store.init(tmp_path / "home")


@pytest.fixture
def home(tmp_path: Path) -> Path:
    return tmp_path / "home"


def snapshot(root: Path) -> dict[str, bytes]:
    """Every file under *root* with its bytes (byte-for-byte comparisons)."""
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and p.name != ".lock"
    }


def run_cli(
    *args: str,
    home: Path | str | None = None,
    stdin: bytes | None = None,
    env: dict[str, str] | None = None,
    timeout: float = 120,
) -> subprocess.CompletedProcess[str]:
    """Run ``python -m sleepstack`` in a subprocess."""
    full_env = {k: v for k, v in os.environ.items() if not k.startswith("SLEEPSTACK_")}
    full_env.update(env or {})
    cmd = [sys.executable, "-m", "sleepstack", *args]
    if home is not None:
        cmd[3:3] = ["--home", str(home)]
    return subprocess.run(cmd, input=stdin.decode() if stdin else None, capture_output=True,
                          text=True, env=full_env, timeout=timeout, check=False)


@pytest.fixture
def cli() -> Iterator[object]:
    yield run_cli
