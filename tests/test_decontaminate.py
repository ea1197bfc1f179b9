"""``bench/decontaminate.py``: a head's hand-written examples are kept apart from the bench.

Run against the real ``kinds_data.py`` source and the real knowledge splits.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

import decontaminate  # noqa: E402
from sleepstack.sleep.claims.kinds_data import EXAMPLES  # noqa: E402


def _examples_of(source: str) -> dict[str, tuple[str, ...]]:
    ns: dict[str, object] = {}
    exec(compile(source, "kinds_data", "exec"), ns)
    out = ns["EXAMPLES"]
    assert isinstance(out, dict)
    return out


def test_fix_removes_exactly_the_clashing_examples_and_keeps_the_rest() -> None:
    source = decontaminate.KINDS_DATA.read_text(encoding="utf-8")
    clash = {EXAMPLES["place"][0].casefold(), EXAMPLES["word"][-1].casefold(),
             EXAMPLES["org"][5].upper().casefold()}
    fixed, removed = decontaminate.without(source, clash)
    assert sorted(r.casefold() for r in removed) == sorted(clash)
    after = _examples_of(fixed)
    for kind, values in EXAMPLES.items():
        assert after[kind] == tuple(v for v in values if v.casefold() not in clash), kind
    # nothing outside the example blocks moved
    assert fixed.split('_PLACE = """')[0] == source.split('_PLACE = """')[0]
    assert decontaminate.without(source, set()) == (source, [])


def test_counts_follow_the_modules_own_reading() -> None:
    source = decontaminate.KINDS_DATA.read_text(encoding="utf-8")
    got = decontaminate.counts(source)
    assert got["_PLACE"] == len(EXAMPLES["place"]) and got["_WORD"] == len(EXAMPLES["word"])


def test_the_shipped_data_is_clean() -> None:
    # the report mode exits 0 only when no kinds example is a bench value and no
    # ending sentence is near a bench turn
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "decontaminate.py")],
                          capture_output=True, text=True, check=False,
                          env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stdout + done.stderr
    assert "kinds examples equal to one: 0" in done.stdout
