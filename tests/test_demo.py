"""``sleepstack demo`` runs offline in a subprocess and prints its tables."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import run_cli
from sleepstack.store import Store


def test_demo_prints_its_tables(tmp_path: Path) -> None:
    # No --home: a temp dir, and it says where. With --json the tables go to stderr.
    r = run_cli("demo", "--json", env={"TMPDIR": str(tmp_path)}, timeout=240)
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    home = Path(data["home"])
    assert home.parent == tmp_path and "a temporary directory" in r.stderr
    out = r.stderr
    for heading in ("What recall returned", "Facts superseded", "Proposals rejected",
                    "Trusted memory (user/) before and after", "HTML report:"):
        assert heading in out, heading
    assert "response_format" in out and "bullet points" in out and "prose" in out
    assert "injection." in out and "secret." in out
    assert "injected or secret text in any recall after the cycle: none" in out
    assert data["leaked"] == []
    assert data["cycle"]["counts"]["facts_superseded"] >= 2
    assert data["cycle"]["counts"]["rejected"] == 2
    report = out.split("HTML report: ", 1)[1].split()[0]
    assert Path(report).is_file() and Path(report).parent == home / "reports"
    store = Store.open(home)
    assert store.audit_verify().ok
    for path in store.list("user"):
        text = store.read_text(path)
        assert "DE89 3704" not in text and "ghp_" not in text, path
    # A second run into the same home is refused rather than doubling the data.
    again = run_cli("demo", home=home)
    assert again.returncode == 2 and "not empty" in again.stderr
