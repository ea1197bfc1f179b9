"""A forget SIGKILLed at any of its points: the store stays verifiable and the erasure completes.

Killed before the commit point (the redaction record), not a byte of the
audited tree changed and a rerun erases. Killed after it, the next open of the
store (here: ``audit verify`` in a new process) finishes the erasure from the
record — no byte of the secret survives, and the recovery is audited.
"""

from __future__ import annotations

import json
import shutil
import signal
from pathlib import Path

import pytest

from conftest import run_cli
from forget_seed import CONFIG, SECRET, hits, seed
from sleepstack.faults import KILL_ENV
from sleepstack.store import Store
from sleepstack.store.erase import KILL_POINTS

BEFORE_COMMIT = {"forget:planned", "forget:blobs"}


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    home = tmp_path_factory.mktemp("forget-crash") / "seed"
    seed(Store.init(home, config_text=CONFIG))
    assert run_cli("sleep", home=home).returncode == 0
    return home


def _tree(home: Path) -> dict[str, bytes]:
    out = {}
    for p in sorted((home).rglob("*")):
        rel = p.relative_to(home).as_posix()
        if p.is_file() and rel.split("/")[0] in ("memory", "user", "staging", "reports",
                                                  "config"):
            out[rel] = p.read_bytes()
    return out


def test_there_are_ten_kill_points() -> None:
    assert len(KILL_POINTS) == 10


@pytest.mark.parametrize("point", KILL_POINTS)
def test_killed_forget_is_finished_by_the_next_open(point: str, seeded: Path,
                                                    tmp_path: Path) -> None:
    home = tmp_path / "home"
    shutil.copytree(seeded, home)
    before = _tree(home)
    r = run_cli("forget", "--text", SECRET, "--reason", "leak", home=home,
                env={KILL_ENV: point})
    assert r.returncode == -signal.SIGKILL, (point, r.returncode, r.stderr)
    if point in BEFORE_COMMIT:
        assert _tree(home) == before  # nothing was committed: nothing changed
    r = run_cli("audit", "verify", "--json", home=home)  # opening the store recovers
    assert r.returncode == 0, (point, r.stdout, r.stderr)
    report = json.loads(r.stdout)
    assert report["ok"], report
    if point in BEFORE_COMMIT:
        assert report["erasures"] == 0 and hits(SECRET, home)
        r = run_cli("forget", "--text", SECRET, "--reason", "leak, again", home=home)
        assert r.returncode == 0, r.stderr
    else:
        assert report["erasures"] == 1
        recovered = [e for e in Store.open(home).audit_entries() if e["op"] == "recover"]
        assert "completed interrupted mutation" in recovered[-1]["reason"]
    assert hits(SECRET, home) == [], point
    assert Store.open(home).audit_verify().ok
    # Recall still answers (from the files when the index was purged and not yet rebuilt).
    r = run_cli("recall", "where do I live", "--user", "alice", "--json", home=home)
    assert r.returncode == 0, r.stderr
    assert "Lisbon" in json.loads(r.stdout)["context"]
