"""The sleep cycle end to end on real stores: contradictions, idempotency, dry run, undo."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from conftest import run_cli
from cycle_seed import CONFIG, INJECTION, log, make_store, seed
from sleepstack.config import Config
from sleepstack.layers.facts import facts_path, load_facts
from sleepstack.layers.rawlog import Turn, parse_at
from sleepstack.plan import COUNT_KEYS
from sleepstack.sleep.cycle import run_cycle
from sleepstack.store import Store
from sleepstack.wake.log import append_turns
from sleepstack.wake.propose import propose


def sleep_json(home: Path, *extra: str, env: dict[str, str] | None = None) -> dict[str, Any]:
    r = run_cli("sleep", "--json", *extra, home=home, env=env)
    assert r.returncode == 0, r.stderr
    out: dict[str, Any] = json.loads(r.stdout)
    return out


def audited_tree(store: Store) -> dict[str, bytes]:
    return {p: store.read_bytes(p) for p in store.list("")}


def whole_home(home: Path) -> dict[str, bytes]:
    # cache/ is derived, content-keyed work (like index/): a dry run may fill it.
    return {p.relative_to(home).as_posix(): p.read_bytes() for p in sorted(home.rglob("*"))
            if p.is_file() and not p.name.startswith(".")
            and p.relative_to(home).parts[0] != "cache"}


def test_contradiction_supersedes_and_keeps_history(tmp_path: Path) -> None:
    home = tmp_path / "home"
    store = make_store(home)
    seed(store)
    first = sleep_json(home)
    assert first["counts"]["facts_added"] >= 3
    bob_before = store.read_bytes(facts_path("bob"))
    alice_before = {f.id: f for f in load_facts(store.read_text(facts_path("alice")))}

    log(store, "alice", "a9", "Actually, I prefer prose now.", "2026-01-07T08:00:00Z",
        session="s2")
    second = sleep_json(home)
    assert second["counts"]["facts_superseded"] == 1
    assert second["counts"]["turns_read"] == 1

    r = run_cli("facts", "--user", "alice", "--json", home=home)
    assert r.returncode == 0, r.stderr
    current = [f for f in json.loads(r.stdout)["facts"]]
    r = run_cli("facts", "--user", "alice", "--all", "--json", home=home)
    every = json.loads(r.stdout)["facts"]
    fmt_now = [f for f in current if "prose" in f["value"]]
    assert len(fmt_now) == 1
    assert not any("bullet" in f["value"] for f in current)
    old = [f for f in every if "bullet" in f["value"]]
    assert len(old) == 1
    assert old[0]["valid_to"] == "2026-01-07T08:00:00Z"
    assert old[0]["superseded_by"] == fmt_now[0]["id"]
    assert old[0]["valid_from"] == "2026-01-05T09:00:00Z"
    # Unrelated facts are untouched: Lisbon keeps its id and window, bob's file its bytes.
    lisbon = [f for f in every if "Lisbon" in f["value"]]
    assert len(lisbon) == 1 and lisbon[0]["valid_to"] is None
    assert lisbon[0]["id"] in alice_before
    assert store.read_bytes(facts_path("bob")) == bob_before
    long_term = store.read_text("user/alice/LONG_TERM.md")
    assert "prose" in long_term
    # The old value may appear only as history, never as a current statement.
    assert all("superseded" in line for line in long_term.splitlines() if "bullet" in line)
    # Human output of facts --all shows both, with their status.
    r = run_cli("facts", "--user", "alice", "--all", home=home)
    assert "superseded" in r.stdout and "current" in r.stdout


def test_second_run_is_a_noop_without_audit_entries(tmp_path: Path) -> None:
    home = tmp_path / "home"
    store = make_store(home)
    seed(store)
    config = Config.parse(CONFIG)
    first = run_cycle(store, config)
    assert not first.noop
    entries = len(store.audit_entries())
    tree = audited_tree(store)
    again = run_cycle(store, config)
    assert again.noop and again.cycle_id == first.cycle_id
    assert len(store.audit_entries()) == entries
    assert audited_tree(store) == tree
    assert not list(store.iter_tx(cycle="c-none"))
    # Something new arrives: the next run is a real cycle again.
    log(store, "bob", "b2", "I work at Acme Corp.", "2026-01-06T10:00:00Z")
    third = run_cycle(store, config)
    assert not third.noop and third.counts["turns_read"] == 1
    assert third.cycle_id != first.cycle_id


def test_dry_run_prints_the_diff_and_changes_nothing(tmp_path: Path) -> None:
    home = tmp_path / "home"
    store = make_store(home)
    seed(store)
    before = whole_home(home)
    r = run_cli("sleep", "--dry-run", home=home)
    assert r.returncode == 0, r.stderr
    assert "+++ b/user/alice/facts.jsonl" in r.stdout
    assert "--- a/staging/sessions/s1/inbox/" in r.stdout
    assert "+++ /dev/null" in r.stdout  # the inbox delete
    assert "(dry run)" in r.stdout
    as_json = sleep_json(home, "--dry-run")
    assert as_json["dry_run"] is True and as_json["noop"] is False
    assert "diff" in as_json and as_json["counts"]["proposals"] == 2
    assert whole_home(home) == before
    # …and the real cycle afterwards does what the dry run said.
    real = sleep_json(home)
    assert real["cycle_id"] == as_json["cycle_id"]
    assert real["counts"] == as_json["counts"]


def test_undo_restores_exact_prior_bytes(tmp_path: Path) -> None:
    home = tmp_path / "home"
    store = make_store(home)
    seed(store)
    sleep_json(home)
    log(store, "alice", "a9", "Actually, I prefer prose now.", "2026-01-07T08:00:00Z")
    propose(store, "Alice is learning Portuguese.", user="alice", session="s2")
    before = audited_tree(store)
    second = sleep_json(home)
    cid = second["cycle_id"]
    assert audited_tree(store) != before

    r = run_cli("undo", cid, "--json", home=home)
    assert r.returncode == 0, r.stderr
    after = audited_tree(store)
    kept = {f"reports/{cid}.json", f"reports/{cid}.html", "reports/cycles.json",
            "reports/index.html"}
    for path in before.keys() | after.keys():
        if path not in kept:
            assert after.get(path) == before.get(path), path
    assert json.loads(store.read_text("reports/cycles.json"))[-1]["undone"] is True
    entries = [e for e in store.audit_entries() if e.get("cycle") == f"undo:{cid}"]
    assert entries and len({e["tx"] for e in entries}) == 1  # one audited batch
    assert run_cli("audit", "verify", home=home).returncode == 0
    # Undoing twice is refused.
    assert run_cli("undo", cid, home=home).returncode == 4


def test_undo_refuses_when_a_path_changed_since(tmp_path: Path) -> None:
    home = tmp_path / "home"
    store = make_store(home)
    seed(store)
    cid = sleep_json(home)["cycle_id"]
    path = "user/alice/LONG_TERM.md"
    edited = store.read_text(path) + "- A curated line. [cites: a2]\n"
    store.write_text(path, edited, actor="person", reason="curated edit")
    r = run_cli("undo", cid, home=home)
    assert r.returncode == 4
    assert "LONG_TERM.md" in r.stderr
    assert store.read_text(path) == edited
    r = run_cli("undo", cid, "--force", home=home)
    assert r.returncode == 0, r.stderr
    assert not store.exists(path)
    assert run_cli("undo", "c-nope", home=home).returncode == 3


def test_rejected_proposal_never_reaches_trusted_memory(tmp_path: Path) -> None:
    home = tmp_path / "home"
    store = make_store(home)
    ids = seed(store)
    out = sleep_json(home)
    assert [r["proposal"] for r in out["rejections"]] == [ids["bad"]]
    assert out["rejections"][0]["reasons"]
    assert out["counts"]["promoted"] == 1 and out["counts"]["rejected"] == 1
    for path in store.list("user"):
        assert "ZZ-4471" not in store.read_text(path), path
    assert store.exists(f"staging/archive/{ids['bad']}.json")
    archived = json.loads(store.read_text(f"staging/archive/{ids['bad']}.json"))
    assert archived["decision"] == "reject" and archived["reasons"]
    assert not [p for p in store.list("staging/sessions") if "/inbox/" in p]
    # The promoted one is quoted data with its provenance.
    note = store.read_text(f"user/alice/notes/{ids['good']}.md")
    assert "> Alice's favourite tea is sencha." in note
    assert f'- proposal: "{ids["good"]}"' in note and '- source: "chat"' in note
    # Later recall (when the wake path is present) never returns it either.
    try:
        from sleepstack import Memory

        mem = Memory(home)
        ctx = mem.recall("payment account", "alice")
    except (ImportError, AttributeError):
        return
    assert "ZZ-4471" not in json.dumps(getattr(ctx, "to_dict", lambda: str(ctx))(), default=str)


def test_report_json_matches_interfaces(tmp_path: Path) -> None:
    home = tmp_path / "home"
    store = make_store(home)
    seed(store)
    propose(store, "<script>alert('x')</script> I prefer <b>bold</b> titles.", user="bob",
            session="s9")
    out = sleep_json(home)
    for key, kind in [("cycle_id", str), ("key", str), ("noop", bool), ("dry_run", bool),
                      ("counts", dict), ("rejections", list), ("timings_s", dict),
                      ("report", str)]:
        assert isinstance(out[key], kind), key
    assert list(out)[:8] == ["cycle_id", "key", "noop", "dry_run", "counts", "rejections",
                             "timings_s", "report"]
    assert list(out["counts"]) == list(COUNT_KEYS)
    assert all(isinstance(v, int) for v in out["counts"].values())
    assert all(isinstance(v, float) for v in out["timings_s"].values())
    assert {"snapshot", "validate", "extract", "resolve", "consolidate", "expire",
            "summarise", "commit"} <= set(out["timings_s"])
    for r in out["rejections"]:
        assert set(r) == {"proposal", "user", "reasons"} and isinstance(r["reasons"], list)
    cid = out["cycle_id"]
    assert out["report"] == str(home.resolve() / "reports" / f"{cid}.html")
    stored = json.loads(store.read_text(f"reports/{cid}.json"))
    assert stored["cycle_id"] == cid and stored["counts"] == out["counts"]
    page = store.read_text(f"reports/{cid}.html")
    assert "<script" not in page and "&lt;script&gt;" in page
    assert "http://" not in page and "https://" not in page.replace("https://evil.test", "")
    index = store.read_text("reports/index.html")
    assert f'href="{cid}.html"' in index
    # --report FILE writes the same page outside the store; a no-op run reports the last one.
    copy = tmp_path / "r.html"
    noop = sleep_json(home, "--report", str(copy))
    assert noop["noop"] is True and copy.read_text() == page


def test_schedule_lock_and_cli_errors(tmp_path: Path) -> None:
    from sleepstack.engines import cycle_lock, parse_duration
    from sleepstack.errors import LockHeldError, UsageError

    home = tmp_path / "home"
    store = make_store(home)
    seed(store)
    assert parse_duration("1h30m") == 5400 and parse_duration("45s") == 45
    with pytest.raises(UsageError):
        parse_duration("6 hours")
    r = run_cli("schedule", "--help", home=home)
    assert "0 */6 * * *" in r.stdout
    with cycle_lock(store):
        # Another process (a manual sleep or a second scheduler) is refused at once.
        r = run_cli("sleep", home=home)
        assert r.returncode == 4 and "running" in r.stderr
        r = run_cli("schedule", "--every", "1s", "--max-cycles", "1", home=home)
        assert r.returncode == 4
    r = run_cli("schedule", "--every", "1s", "--max-cycles", "2", "--json", home=home)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["cycles"] == 2
    assert [s["noop"] for s in out["summaries"]] == [False, True]
    other = Store.open(home)
    with cycle_lock(store), pytest.raises(LockHeldError):
        import threading

        box: list[BaseException] = []

        def other_thread() -> None:
            try:
                with cycle_lock(other):
                    pass
            except BaseException as exc:
                box.append(exc)

        t = threading.Thread(target=other_thread)
        t.start()
        t.join()
        raise box[0]


def test_index_failure_is_reported_and_retried(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    import sleepstack.index.build as build

    store = make_store(tmp_path / "home")
    seed(store)
    config = Config.parse(CONFIG)
    real = build.build_generation

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("disk full")

    monkeypatch.setattr(build, "build_generation", broken)
    first = run_cycle(store, config)
    assert first.index is not None and "disk full" in first.index["error"]
    assert any("index rebuild failed" in w for w in first.warnings)
    assert store.exists(facts_path("alice"))  # the commit stands
    monkeypatch.setattr(build, "build_generation", real)
    again = run_cycle(store, config)
    assert again.noop and again.index is not None and again.index.get("generation")
    assert run_cycle(store, config).index is None  # caught up: nothing more to do


def test_a_big_cycle_writes_bounded_reports_and_succeeds(tmp_path: Path) -> None:
    """A report must never fail a cycle: lists are capped, counts stay exact."""
    limit = 65536
    home = tmp_path / "home"
    store = Store.init(home, config_text=CONFIG + f"\n[store]\nmax_bytes = {limit}\n")
    pets = ["Rex", "Miso", "Pixel", "Nova", "Biscuit"]
    turns = []
    for u in range(80):
        for k, text in enumerate([f"I live in City{u}.", f"I work at Company{u}.",
                                  f"My dog is called {pets[u % 5]}{u}.", "I prefer prose.",
                                  f"I love hobby{u}."]):
            turns.append(Turn(f"u{u}-{k}", f"user{u:03d}", "s1", "user", text,
                              parse_at(f"2026-01-05T09:{k:02d}:00Z")))
    append_turns(store, turns, actor="test")
    for i in range(30):
        propose(store, f"{INJECTION} ({i})", user=f"user{i:03d}", session="s1",
                source="web:https://evil.test")
    out = sleep_json(home)
    assert out["noop"] is False
    counts = out["counts"]
    assert counts["turns_read"] == 400 and counts["facts_added"] >= 400
    assert counts["rejected"] == 30 and len(out["rejections"]) == 30  # the CLI summary: whole
    cid = out["cycle_id"]
    raw_json = store.read_bytes(f"reports/{cid}.json")
    raw_html = store.read_bytes(f"reports/{cid}.html")
    assert len(raw_json) <= limit and len(raw_html) <= limit
    report = json.loads(raw_json)
    assert report["counts"] == counts  # exact, whatever was cut
    shown = report["details"]["facts_added"]
    assert 0 < len(shown) < counts["facts_added"]
    assert len(shown) + report["truncated"]["details.facts_added"] == counts["facts_added"]
    assert "more not listed here" in raw_html.decode()
    # The trusted memory of every user was written: the cycle went through.
    assert store.exists(facts_path("user079"))
    assert sleep_json(home)["noop"] is True


def test_report_body_caps_each_list_at_max_entries() -> None:
    from sleepstack.plan import CycleState
    from sleepstack.sleep.report import MAX_ENTRIES, dumps, render_html, report_body

    state = CycleState(home="/h", cycle_id="c-1", key="k", now="2026-01-05T00:00:00Z",
                       dry_run=False, settings={"max_bytes": 8 << 20})
    for i in range(MAX_ENTRIES + 50):
        state.detail("review", {"proposal": f"p{i}", "user": "u", "reasons": ["r"],
                                "text": "x" * 5000})
    state.changes = {f"user/u/notes/n{i}.md": "" for i in range(MAX_ENTRIES + 7)}
    summary = {"cycle_id": "c-1", "key": "k", "noop": False, "dry_run": False,
               "counts": {"proposals": 250}, "rejections": [], "timings_s": {}, "report": None}
    body = report_body(state, summary)
    assert len(body["details"]["review"]) == MAX_ENTRIES
    assert body["truncated"] == {"details.review": 50, "changed_paths": 7}
    assert len(body["details"]["review"][0]["text"]) < 2100  # long texts are cut too
    assert body["counts"] == {"proposals": 250}
    assert "Files changed (207)" in render_html(body)
    # A limit too small for any entry still gives a report: the counts alone (the
    # page's own chrome, the shared stylesheet, is about 6 kB of any HTML limit).
    tiny = report_body(state, summary, max_bytes=8000)
    assert tiny["counts"] == {"proposals": 250}
    assert len(dumps(tiny).encode()) <= 8000 and len(render_html(tiny).encode()) <= 8000
