"""Crash-resume: a cycle SIGKILLed inside any phase leaves trusted memory as it was,
and the rerun ends in exactly the tree an uninterrupted cycle produces."""

from __future__ import annotations

import json
import shutil
import signal
from pathlib import Path
from typing import Any

import pytest

from conftest import run_cli
from cycle_seed import log, make_store, seed
from sleepstack.sleep.phases import PHASE_NAMES
from sleepstack.sleep.state import code_version
from sleepstack.store import Store

#: fields that record wall-clock time, not content
_CLOCK = {"at", "timings_s"}


def _normalised(home: Path) -> dict[str, Any]:
    store = Store.open(home)
    out: dict[str, Any] = {}
    for path in store.list(""):
        data = store.read_bytes(path)
        if path.endswith(".json"):
            obj = json.loads(data)
            if isinstance(obj, dict):
                obj = {k: v for k, v in obj.items() if k not in _CLOCK}
            if path.startswith("reports/c-"):
                obj = {"cycle_id": obj["cycle_id"], "counts": obj["counts"]}
            if path == "reports/cycles.json":
                obj = [{k: v for k, v in e.items() if k != "at"} for e in obj]
            out[path] = obj
        elif path.startswith("reports/") and path.endswith(".html"):
            out[path] = "present"  # carries timings
        else:
            out[path] = data
    return out


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, _Reference]:
    base = tmp_path_factory.mktemp("crash")
    home = base / "seed"
    store = make_store(home)
    seed(store)
    # A first cycle, then new input, so the crashed cycle is not the first one.
    assert run_cli("sleep", home=home).returncode == 0
    log(store, "alice", "a9", "Actually, I prefer prose now.", "2026-01-07T08:00:00Z")
    log(store, "bob", "b7", "I work at Initech.", "2026-01-07T09:00:00Z")
    from sleepstack.wake.propose import propose

    propose(store, "Bob's cat is called Turing.", user="bob", session="s3")
    return home, _Reference(home, base)


class _Reference:
    """The uninterrupted cycle's tree, per code version (the key includes the code's hash,
    so a source file edited while the suite runs must not fail the comparison)."""

    def __init__(self, seed_home: Path, base: Path) -> None:
        self.seed_home, self.base = seed_home, base
        self.trees: dict[str, dict[str, Any]] = {}

    def tree(self) -> dict[str, Any]:
        version = code_version.__wrapped__()
        if version not in self.trees:
            ref = self.base / f"ref-{len(self.trees)}"
            shutil.copytree(self.seed_home, ref)
            assert run_cli("sleep", home=ref).returncode == 0
            self.trees[version] = _normalised(ref)
        return self.trees[version]


@pytest.mark.parametrize("phase", PHASE_NAMES)
def test_killed_cycle_resumes_without_double_effects(
    phase: str, seeded: tuple[Path, _Reference], tmp_path: Path
) -> None:
    seed_home, reference = seeded
    home = tmp_path / "home"
    shutil.copytree(seed_home, home)
    before = _normalised(home)
    r = run_cli("sleep", home=home, env={"SLEEPSTACK_TEST_KILL_AT": phase})
    assert r.returncode == -signal.SIGKILL, (phase, r.returncode, r.stderr)
    if PHASE_NAMES.index(phase) <= PHASE_NAMES.index("commit"):
        # Killed before the commit: not a byte of the audited tree changed.
        assert _normalised(home) == before
    r = run_cli("sleep", "--json", home=home)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["noop"] is (phase == "index")
    assert _normalised(home) == reference.tree()
    assert Store.open(home).audit_verify().ok


_MID_COMMIT = """
import os, signal, sys
from sleepstack.store import store as st
real = st.Store._apply_entries
def dying(self, entries):
    entries = list(entries)
    if any(e.get("cycle") for e in entries):
        # The audit append (the commit point) is done; die while files are half applied.
        real(self, entries[: len(entries) // 2])
        os.kill(os.getpid(), signal.SIGKILL)
    real(self, entries)
st.Store._apply_entries = dying
from sleepstack.cli import main
sys.exit(main(sys.argv[1:]))
"""


def test_killed_inside_the_commit_is_rolled_forward(
    seeded: tuple[Path, _Reference], tmp_path: Path
) -> None:
    import subprocess
    import sys

    seed_home, reference = seeded
    home = tmp_path / "home"
    shutil.copytree(seed_home, home)
    r = subprocess.run([sys.executable, "-c", _MID_COMMIT, "--home", str(home), "sleep"],
                       capture_output=True, text=True, timeout=60, check=False)
    assert r.returncode == -signal.SIGKILL, r.stderr
    # The next open recovers the mutation; the rerun finds the resting key.
    r = run_cli("sleep", "--json", home=home)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["noop"] is True
    assert _normalised(home) == reference.tree()
    assert run_cli("audit", "verify", home=home).returncode == 0  # the CLI's view, once
