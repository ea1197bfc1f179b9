"""Erasure on a local store: the conformance scan, whole-user erasure, the audit, bad input.

Every test seeds a real store, runs real sleep cycles (so the secret reaches
facts, notes, summaries, archives, reports, the index and the work cache), runs
the real CLI in a subprocess and then reads every byte under the home.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from conftest import run_cli
from conftest import snapshot as _snapshot
from forget_seed import CONFIG, ESCAPED, SECRET, hits, log, seed
from sleepstack.api import Memory
from sleepstack.layers.facts import facts_path, load_facts
from sleepstack.store import Store
from sleepstack.store.audit import canonical


def snapshot(home: Path) -> dict[str, bytes]:
    """Every file of the home but lock files (a lock records its holder, not content)."""
    return {p: b for p, b in _snapshot(home).items() if not Path(p).name.startswith(".")}


def _cli_json(home: Path, *args: str, stdin: bytes | None = None) -> dict[str, Any]:
    r = run_cli(*args, "--json", home=home, stdin=stdin)
    assert r.returncode == 0, r.stderr
    out: dict[str, Any] = json.loads(r.stdout)
    return out


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two cycles: the first spreads the secret, the second is about bob only."""
    home = tmp_path_factory.mktemp("forget") / "seed"
    store = Store.init(home, config_text=CONFIG)
    seed(store)
    first = _cli_json(home, "sleep")
    assert first["counts"]["promoted"] >= 1 and first["counts"]["facts_added"] >= 3
    log(store, "bob", "b3", "I live in Hamburg now.", 10)
    second = _cli_json(home, "sleep")
    assert second["counts"]["facts_superseded"] == 1
    assert hits(SECRET, home), "the seed must spread the secret"
    # Validation verdicts are never cached (a security verdict is recomputed), and
    # with llm = "none" no other work item carries the turn's text; an LLM's cached
    # consolidation would. Stand in for one, in the cache's own layout.
    cached = home / "cache/work/00/00" / ("0" * 64 + ".json")
    cached.parent.mkdir(parents=True, exist_ok=True)
    cached.write_text(json.dumps({"merged": f"Alice's codename is {SECRET}."}))
    return home


@pytest.fixture
def home(seeded: Path, tmp_path: Path) -> Path:
    target = tmp_path / "home"
    shutil.copytree(seeded, target)
    return target


def _cycles(home: Path) -> list[str]:
    return [c["cycle_id"] for c in json.loads((home / "reports/cycles.json").read_text())]


def test_the_secret_reaches_every_area(home: Path) -> None:
    where = {Path(h).relative_to(home).parts[0] for h in hits(SECRET, home)}
    assert {"memory", "user", "staging", "reports", "versions", "index", "cache"} <= where
    notes = list((home / "user/alice/notes").glob("*.md"))
    assert notes and SECRET in notes[0].read_text()
    assert SECRET in (home / "user/alice/SHORT_TERM.md").read_text()
    assert SECRET in (home / "user/alice/facts.jsonl").read_text()


def test_forget_text_erases_every_byte_and_the_audit_verifies(home: Path) -> None:
    bob_before = {p: b for p, b in snapshot(home).items() if "/bob/" in p}
    untouched = snapshot(home)
    dry = _cli_json(home, "forget", "--text", SECRET, "--reason", f"leaked {SECRET}",
                    "--dry-run")
    assert dry["dry_run"] and dry["changed"] > 0 and snapshot(home) == untouched
    assert SECRET not in json.dumps(dry, ensure_ascii=False)  # the listing names places only
    assert {"memory.rewritten", "user.rewritten", "staging.rewritten", "reports.rewritten",
            "versions.rewritten"} <= set(dry["counts"])
    out = _cli_json(home, "forget", "--secret", "--reason", f"leaked key {SECRET}",
                    stdin=(SECRET + "\n").encode())
    assert out["counts"] == dry["counts"] and out["seq"]
    assert hits(SECRET, home) == []
    verify = _cli_json(home, "audit", "verify")
    assert verify["ok"] and verify["erasures"] == 1, verify
    record = next(e for e in Store.open(home).audit_entries() if e["op"] == "redact")
    assert SECRET not in json.dumps(record, ensure_ascii=False)
    assert record["target"] == {"kind": "text", "literal": f"{len(SECRET)} characters"}
    # Cites still resolve: the turns are there, only the string is gone.
    raw = (home / "memory/log/alice").glob("*.md")
    text = "".join(p.read_text() for p in raw)
    assert "| a1 |" in text and "[REDACTED:forget]" in text
    # Unrelated memory works: recall (from the rebuilt index), facts, history, undo.
    mem = Memory(home)
    ctx = mem.recall("where do I live", "alice")
    assert "Lisbon" in ctx.context and SECRET not in ctx.context
    assert any("Lisbon" in f.value for f in mem.facts("alice"))
    assert any("Hamburg" in f.value for f in mem.facts("bob"))
    assert len(mem.history(facts_path("alice"))) >= 2
    assert {p: b for p, b in snapshot(home).items() if "/bob/" in p} == bob_before
    undone = _cli_json(home, "undo", _cycles(home)[-1])
    assert undone["undone"] == _cycles(home)[-1]
    assert any("Berlin" in f.value for f in Memory(home).facts("bob"))
    assert _cli_json(home, "audit", "verify")["ok"]


def test_forget_text_with_escapes_finds_every_encoding(home: Path) -> None:
    assert hits(ESCAPED, home)
    _cli_json(home, "forget", "--text", ESCAPED, "--reason", "vault label")
    assert hits(ESCAPED, home) == []
    assert _cli_json(home, "audit", "verify")["ok"]


def test_history_of_an_erased_file_reads_redacted_versions(home: Path) -> None:
    _cli_json(home, "forget", "--text", SECRET, "--reason", "leak")
    store = Store.open(home)
    versions = store.history(facts_path("alice"))
    assert versions[-1].op == "redact"
    for v in versions:
        if v.sha:
            assert SECRET not in store.blob_text(v.sha)
    r = run_cli("rollback", facts_path("alice"), "1", home=home)
    assert r.returncode == 0, r.stderr
    assert SECRET not in (home / facts_path("alice")).read_text()
    assert _cli_json(home, "audit", "verify")["ok"]


def test_forget_user_leaves_no_file_or_row_and_others_byte_identical(home: Path) -> None:
    from sleepstack.server.access_tokens import TokenStore

    tokens = TokenStore(Store.open(home))
    tokens.create("alice", "write")
    _, bob_token = tokens.create("bob", "read")
    before = snapshot(home)
    others = {p: b for p, b in before.items()
              if p.startswith(("memory/log/bob", "user/bob", "memory/log/carol", "user/carol"))}
    out = _cli_json(home, "forget", "--user", "alice", "--reason", "account deleted")
    assert out["counts"]["user.removed"] >= 3 and out["counts"]["memory.removed"] >= 1
    after = snapshot(home)
    assert not [p for p in after if "/alice" in p or p.startswith("memory/log/alice")]
    for p in after:
        if p.startswith("staging/"):
            assert '"alice"' not in after[p].decode(), p
    assert {p: b for p, b in after.items() if p in others} == others
    for needle in (SECRET, "I live in Lisbon.", ESCAPED):
        assert hits(needle, home) == [], needle
    gen = sorted((home / "index").glob("gen-*.sqlite"))
    assert len(gen) == 1
    with sqlite3.connect(gen[0]) as db:
        assert db.execute("select count(*) from items where user = 'alice'").fetchone()[0] == 0
        assert db.execute("select count(*) from sources where user = 'alice'").fetchone()[0] == 0
        assert db.execute("select count(*) from items where user = 'bob'").fetchone()[0] > 0
    assert _cli_json(home, "audit", "verify")["ok"]
    assert "Oslo" in Memory(home).recall("where do I live", "carol").context
    assert '"alice"' not in (home / "config/tokens.json").read_text()
    bob = TokenStore(Store.open(home)).verify(bob_token)
    assert bob is not None and bob.user == "bob"


def test_forget_turn_tombstones_and_drops_what_only_it_said(home: Path) -> None:
    mem = Memory(home)
    works = [f for f in mem.facts("alice") if f.cites == ("a1",)]
    assert works
    out = mem.forget(turns=["a1"], user="alice", reason="user asked")
    assert out.counts["memory.rewritten"] == 1
    text = (home / "memory/log/alice").glob("*.md")
    lines = "".join(p.read_text() for p in text).splitlines()
    a1 = [line for line in lines if "| a1 |" in line]
    assert len(a1) == 1 and a1[0].endswith(f"[REDACTED:forget] erased by {out.forget_id}")
    assert works[0].id not in {f.id for f in Memory(home).facts("alice", include_history=True)}
    assert "I work at" not in (home / "user/alice/LONG_TERM.md").read_text()
    # a3 said the secret too and is not erased.
    assert SECRET in (home / "memory/log/alice").joinpath(Path(next(
        iter((home / "memory/log/alice").glob("*.md")))).name).read_text()
    assert Store.open(home).audit_verify().ok


def test_forget_fact_removes_it_and_its_history(home: Path) -> None:
    mem = Memory(home)
    bob = load_facts((home / facts_path("bob")).read_text())
    berlin = next(f for f in bob if f.value == "Berlin")
    out = mem.forget(facts=[berlin.id], reason="wrong")
    assert out.counts.get("user.rewritten", 0) >= 1
    left = Memory(home).facts("bob", include_history=True)
    assert berlin.id not in {f.id for f in left}
    assert "Berlin" not in (home / "user/bob/LONG_TERM.md").read_text()
    store = Store.open(home)
    for v in store.history(facts_path("bob")):
        if v.sha:
            assert berlin.id not in store.blob_text(v.sha)
    assert store.audit_verify().ok


def test_forget_session_of_a_user(home: Path) -> None:
    out = Memory(home).forget(session="s1", user="alice", reason="session erased")
    assert out.counts["memory.rewritten"] == 1
    assert not list((home / "user/alice/notes").glob("*.md"))
    for p in (home / "staging").rglob("*.json"):
        assert '"alice"' not in p.read_text() or '"s1"' not in p.read_text()
    assert hits(SECRET, home) == []
    assert Store.open(home).audit_verify().ok


def test_bad_input_exits_and_leaves_the_store_unchanged(home: Path) -> None:
    before = snapshot(home)
    cases = [
        (("forget", "--turn", "no-such-turn", "--reason", "x"), 3),
        (("forget", "--fact", "f-nope", "--reason", "x"), 3),
        (("forget", "--user", "nobody", "--reason", "x"), 3),
        (("forget", "--turn", "a1"), 2),
        (("forget", "--text", SECRET, "--reason", "   "), 2),
        (("forget", "--reason", "x"), 2),
        (("forget", "--text", "ab", "--reason", "x"), 2),
        (("forget", "--turn", "a1", "--text", SECRET, "--reason", "x"), 2),
        (("forget", "--session", "s1", "--reason", "x"), 2),
        (("forget", "--user", "../x", "--reason", "x"), 5),
    ]
    for args, code in cases:
        r = run_cli(*args, home=home)
        assert r.returncode == code, (args, r.returncode, r.stderr)
        assert len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert snapshot(home) == before


def test_a_text_found_nowhere_changes_nothing(home: Path) -> None:
    before = snapshot(home)
    out = _cli_json(home, "forget", "--text", "never-said-anywhere-9931", "--reason", "x")
    assert out["changed"] == 0 and out["seq"] is None
    assert snapshot(home) == before


def test_verify_still_detects_unrecorded_changes_after_an_erasure(home: Path) -> None:
    _cli_json(home, "forget", "--text", SECRET, "--reason", "leak")
    log_path = home / "audit/log.jsonl"
    pristine = log_path.read_bytes()
    lines = pristine.splitlines(keepends=True)
    entries = [json.loads(line) for line in lines]
    # 1. an ordinary entry edited: a break, as before
    victim = next(i for i, e in enumerate(entries) if e["op"] == "write")
    edited = dict(entries[victim], reason="rewritten history")
    log_path.write_bytes(b"".join([*lines[:victim], canonical(edited) + b"\n",
                                   *lines[victim + 1:]]))
    assert any(b.kind == "edited" for b in Store.open(home).audit_verify().breaks)
    # 2. the redaction record itself edited (claiming more): a break
    rec = next(i for i, e in enumerate(entries) if e["op"] == "redact")
    forged = dict(entries[rec], counts={"memory.rewritten": 0})
    log_path.write_bytes(b"".join([*lines[:rec], canonical(forged) + b"\n", *lines[rec + 1:]]))
    assert not Store.open(home).audit_verify().ok
    log_path.write_bytes(pristine)
    assert Store.open(home).audit_verify().ok
    # 3. a version that no erasure removed deleted by hand: a break
    store = Store.open(home)
    erased = {s for e in entries if e["op"] == "redact" for s in e["blobs"]}
    keep = next(e["new_sha"] for e in entries if e["op"] == "write"
                and e["new_sha"] and e["new_sha"] not in erased)
    (home / "versions" / keep[:2] / keep).unlink()
    assert any(b.kind == "version_missing" for b in store.audit_verify().breaks)


def test_a_scrubbed_entry_is_accepted_only_as_recorded(home: Path) -> None:
    store = Store.open(home)
    store.write_text("user/alice/notes/manual.md", "plain note\n", actor="test",
                     reason=f"pasted {SECRET} by mistake")
    _cli_json(home, "forget", "--text", SECRET, "--reason", "leak")
    verify = _cli_json(home, "audit", "verify")
    assert verify["ok"] and verify["redacted"] >= 1
    log_path = home / "audit/log.jsonl"
    raw = log_path.read_text()
    assert SECRET not in raw and "pasted [REDACTED:forget] by mistake" in raw
    # Editing the scrubbed entry any further is caught.
    log_path.write_text(raw.replace("pasted [REDACTED:forget] by mistake", "pasted nothing"))
    assert any(b.kind == "edited" for b in Store.open(home).audit_verify().breaks)


def test_undo_of_a_cycle_whose_files_were_redacted(tmp_path: Path) -> None:
    home = tmp_path / "home"
    seed(Store.init(home, config_text=CONFIG))
    cycle = _cli_json(home, "sleep")["cycle_id"]
    _cli_json(home, "forget", "--text", SECRET, "--reason", "leak")
    # The redacted files are what the cycle wrote, minus the erased bytes: no conflict.
    undone = _cli_json(home, "undo", cycle)
    assert undone["undone"] == cycle
    assert not (home / "user/alice/facts.jsonl").exists()
    assert hits(SECRET, home) == []
    assert _cli_json(home, "audit", "verify")["ok"]


@pytest.mark.parametrize("target", [("--turn", "a2"), ("--text", SECRET), ("--user", "bob")])
def test_the_next_sleep_cycle_reads_exactly_the_new_turns(home: Path,
                                                          target: tuple[str, str]) -> None:
    # Watermarks are byte offsets into the raw logs: an erasure changes line
    # lengths, so it must move them, or the next cycle re-reads or skips turns.
    before = {u: {f.id: f for f in Memory(home).facts(u, include_history=True)}
              for u in ("alice", "carol")}
    _cli_json(home, "forget", *target, "--reason", "test")
    store = Store.open(home)
    log(store, "alice", "a20", "I prefer tea over coffee.", 1)
    log(store, "carol", "c20", "I work at Globex.", 1)
    out = _cli_json(home, "sleep")
    assert out["counts"]["turns_read"] == 2, out["counts"]
    for user in ("alice", "carol"):
        after = {f.id: f for f in Memory(home).facts(user, include_history=True)}
        for fid, fact in after.items():
            if fid in before[user]:
                assert fact.restated == before[user][fid].restated, fact
    assert target[0] != "--text" or hits(SECRET, home) == []
    assert _cli_json(home, "audit", "verify")["ok"]


def test_a_temp_file_a_killed_writer_left_is_purged(home: Path) -> None:
    stale = home / "user/alice/.facts.jsonl.0123abcd.tmp"
    stale.write_text(f"half-written {SECRET}\n")
    _cli_json(home, "forget", "--text", SECRET, "--reason", "leak")
    assert not stale.exists() and hits(SECRET, home) == []


def test_tombstones_keep_cites_but_say_nothing_to_summaries_or_recall(home: Path) -> None:
    Memory(home).forget(turns=["a3"], user="alice", reason="x")
    store = Store.open(home)
    log(store, "alice", "a30", "I started learning the cello.", 1)
    _cli_json(home, "sleep")
    short = (home / "user/alice/SHORT_TERM.md").read_text()
    assert "cello" in short and "REDACTED" not in short and "a3]" not in short
    ctx = Memory(home).recall("what did I say about the project codename", "alice")
    assert all("REDACTED:forget" not in it.text for it in ctx.items)
    raw = "".join(p.read_text() for p in (home / "memory/log/alice").glob("*.md"))
    assert "| a3 |" in raw  # the id is still there for any cite that names it


def test_an_erasure_does_not_launder_a_file_written_behind_the_log(home: Path) -> None:
    sneaky = home / "user/alice/notes/sneaky.md"
    sneaky.write_text(f"dropped in by hand: {SECRET}\n")
    assert not Store.open(home).audit_verify().ok
    _cli_json(home, "forget", "--text", SECRET, "--reason", "leak")
    assert hits(SECRET, home) == []  # erased all the same
    breaks = Store.open(home).audit_verify().breaks
    assert any(b.path == "user/alice/notes/sneaky.md" for b in breaks)  # still reported


def test_a_record_larger_than_the_tail_read_is_recovered(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    from sleepstack.forget import ForgetTarget, forget
    from sleepstack.store import Change
    from sleepstack.store import erase as erase_mod

    home = tmp_path / "home"
    store = Store.init(home, config_text=CONFIG)
    store.apply([Change("write", f"user/alice/notes/n{i:04d}.md", f"note {i}: {SECRET}\n")
                 for i in range(260)], actor="test", reason="many notes")

    class Crash(BaseException):
        pass

    def crash(name: str) -> None:
        if name == "forget:committed":
            raise Crash

    from sleepstack.store import store as store_mod

    monkeypatch.setattr(erase_mod, "kill_point", crash)
    monkeypatch.setattr(store_mod, "kill_point", crash)
    with pytest.raises(Crash):
        forget(store, ForgetTarget.from_args(text=SECRET), reason="leak", actor="test",
               embedder="hash:64")
    monkeypatch.undo()
    log_bytes = (home / "audit/log.jsonl").read_bytes()
    assert len(log_bytes.splitlines()[-1]) > 1 << 16  # the record outgrows the tail read
    reopened = Store.open(home)  # recovery parses the long last line and finishes
    assert reopened.audit_verify().ok
    assert hits(SECRET, home) == []


def test_a_multi_line_secret_is_found_in_every_file_format(tmp_path: Path) -> None:
    home = tmp_path / "home"
    store = Store.init(home, config_text=CONFIG)
    block = "ZQX-BEGIN vault-token\nqv8Lm2-Rt5Wz-0pNa\nZQX-END vault-token"
    log(store, "alice", "m1", f"here it is:\n{block}\nkeep it safe", 5)
    from sleepstack.wake.propose import propose

    propose(store, f"Remember this block:\n{block}", user="alice", session="s1", source="chat")
    _cli_json(home, "sleep")
    assert hits("qv8Lm2-Rt5Wz-0pNa", home)
    _cli_json(home, "forget", "--secret", "--reason", "pasted a token",
              stdin=(block + "\n").encode())
    for part in ("qv8Lm2-Rt5Wz-0pNa", block):
        assert hits(part, home) == [], part
    assert _cli_json(home, "audit", "verify")["ok"]


def test_a_failed_index_rebuild_does_not_undo_or_hide_the_erasure(home: Path) -> None:
    from sleepstack.forget import ForgetTarget, forget

    out = forget(Store.open(home), ForgetTarget.from_args(text=SECRET), reason="leak",
                 actor="test", embedder="nope:x")
    assert out.seq and out.index is None and "index rebuild failed" in out.warnings[0]
    assert hits(SECRET, home) == []
    assert "Lisbon" in Memory(home).recall("where do I live", "alice").context  # from files
