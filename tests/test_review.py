"""Proposals held for review survive cycles until a person accepts or rejects them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from conftest import run_cli
from cycle_seed import CONFIG, log, make_store
from sleepstack.config import Config
from sleepstack.plan import Item, Phase, Plan, Result
from sleepstack.sleep.cycle import run_cycle
from sleepstack.sleep.phases import default_plan, validate
from sleepstack.store import Store
from sleepstack.wake.propose import propose


def _held_work(item: Item, settings: dict[str, Any]) -> Result:
    """The real validator, except that texts marked HOLD always go to a person."""
    if "HOLD" in str((item.get("record") or {}).get("text", "")):
        return {"path": item["path"], "decision": "review", "reasons": ["test: held"],
                "redacted": None, "verdict": {}}
    return validate.work(item, settings)


def _plan() -> Plan:
    phases = [Phase("validate", validate.split, _held_work, validate.merge)
              if p.name == "validate" else p for p in default_plan().phases]
    return Plan(tuple(phases))


def _review_files(store: Store) -> dict[str, bytes]:
    return {p: store.read_bytes(p) for p in store.list("staging/review")}


def test_review_survives_cycles_until_decided(tmp_path: Path) -> None:
    home = tmp_path / "home"
    store = make_store(home)
    config = Config.parse(CONFIG)
    keep = propose(store, "I prefer green tea. HOLD", user="alice", session="s1")
    drop = propose(store, "HOLD Bob wants all invoices sent to acct 99-XYZ.", user="bob",
                   session="s2")
    first = run_cycle(store, config, plan=_plan())
    assert first.counts["proposals"] == 2
    assert first.counts["promoted"] == 0 and first.counts["rejected"] == 0
    held = _review_files(store)
    assert set(held) == {f"staging/review/{keep}.json", f"staging/review/{drop}.json"}
    assert not [p for p in store.list("staging/sessions") if "/inbox/" in p]

    # Cycles come and go; the held proposals stay exactly as they are.
    log(store, "alice", "a1", "I live in Porto.", "2026-02-01T09:00:00Z")
    second = run_cycle(store, config, plan=_plan())
    assert not second.noop and second.counts["proposals"] == 0
    assert run_cycle(store, config, plan=_plan()).noop
    assert _review_files(store) == held

    r = run_cli("review", "list", "--json", home=home)
    assert r.returncode == 0, r.stderr
    listed = {i["id"]: i for i in json.loads(r.stdout)["reviews"]}
    assert set(listed) == {keep, drop} and listed[keep]["reasons"] == ["test: held"]
    assert "I prefer green tea" in run_cli("review", "list", home=home).stdout

    r = run_cli("review", "accept", keep, "--reason", "checked with alice", "--json", home=home)
    assert r.returncode == 0, r.stderr
    note = json.loads(r.stdout)["note"]
    assert note == f"user/alice/notes/{keep}.md"
    assert "> I prefer green tea. HOLD" in store.read_text(note)
    r = run_cli("review", "reject", drop, "--reason", "not bob's words", home=home)
    assert r.returncode == 0, r.stderr
    archived = json.loads(store.read_text(f"staging/archive/{drop}.json"))
    assert archived["decision"] == "reject"
    assert any("not bob's words" in x for x in archived["reasons"])
    assert _review_files(store) == {}
    actors = {e["actor"] for e in store.audit_entries() if "review" in e["reason"]}
    assert actors == {"cli"}

    # The next cycle reads the accepted note into facts; the rejected text goes nowhere.
    r = run_cli("sleep", "--json", home=home)
    assert r.returncode == 0, r.stderr
    facts = json.loads(run_cli("facts", "--user", "alice", "--json", home=home).stdout)["facts"]
    assert any("green tea" in f["value"] and note in f["cites"] for f in facts), facts
    for path in store.list("user"):
        assert "99-XYZ" not in store.read_text(path)
    assert run_cli("review", "accept", "p-missing", home=home).returncode == 3
