"""The engine contract: every engine turns the same store and config into the same cycle.

Each test runs one engine on a fresh copy of the same store, with the same
config and a fixed ``now``, and compares with what the local engine produced
on another copy: the dry run's diff and, after a real cycle (and a second one
on new input), every audited file byte for byte. Only what names the engine
or measures time may differ: the report's ``engine`` and ``timings_s`` and the
report's own location (each copy lives in its own directory).
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from cycle_seed import CONFIG, log, make_store, seed
from sleepstack.config import Config
from sleepstack.engines import Engine, LocalEngine
from sleepstack.sleep.cycle import CycleSummary, run_cycle
from sleepstack.store import Store
from sleepstack.wake.propose import propose

NOW_1 = "2026-01-06T08:00:00Z"
NOW_2 = "2026-01-07T08:00:00Z"
ENGINES = ["local", "flyte"]


def _engine(kind: str, tmp: Path) -> Engine:
    if kind == "local":
        return LocalEngine(concurrency=4)
    flyte_mod = pytest.importorskip("sleepstack.engines.flyte")
    # A cache of its own per test: nothing is served from another test (or ~/.flyte).
    engine: Engine = flyte_mod.FlyteEngine(concurrency=4, cache_root=tmp / "flyte-cache")
    return engine


def _build(home: Path) -> Store:
    store = make_store(home)
    seed(store)
    # Enough for every phase to have work: notes, a second user, a contradiction on day 2.
    log(store, "bob", "b2", "I work at Initech.", "2026-01-05T10:05:00Z")
    return store


def _second_day(store: Store, staged: dict[str, str]) -> None:
    log(store, "alice", "a4", "I live in Porto now.", "2026-01-06T09:00:00Z", session="s2")
    log(store, "bob", "b3", "I prefer short answers.", "2026-01-06T09:30:00Z", session="s2")
    for path, text in staged.items():  # the day's proposal, the same bytes for every engine
        store.write_text(path, text, actor="test", reason="day two")


def _day_two_proposal(template: Path, scratch: Path) -> dict[str, str]:
    """A near-duplicate of day one's note (consolidate merges them), as staged files.

    A proposal's id and time come from the clock, so it is made once, on a
    scratch copy, and its files are replayed into every run's store.
    """
    shutil.copytree(template, scratch)
    store = Store.open(scratch)
    before = set(store.list("staging"))
    propose(store, "Alice's favourite tea is sencha tea.", user="alice", session="s2",
            source="chat")
    return {p: store.read_text(p) for p in sorted(set(store.list("staging")) - before)}


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """One built store and day two's staged proposal; every run gets copies of both."""
    root = tmp_path_factory.mktemp("template")
    _build(root / "home")
    return root / "home", _day_two_proposal(root / "home", root / "scratch")


@pytest.fixture(scope="module")
def golden(tmp_path_factory: pytest.TempPathFactory, template: tuple[Path, dict[str, str]]
           ) -> dict[str, Any]:
    """What the local engine does: the reference for every engine."""
    home = tmp_path_factory.mktemp("golden") / "home"
    shutil.copytree(template[0], home)
    return _scenario(home, LocalEngine(concurrency=4), template[1])


def _scenario(home: Path, engine: Engine, staged: dict[str, str]) -> dict[str, Any]:
    store = Store.open(home)
    config = Config.parse(CONFIG)
    dry = run_cycle(store, config, engine=engine, dry_run=True, now=NOW_1)
    tree_before = _tree(store, home)
    first = run_cycle(store, config, engine=engine, now=NOW_1)
    tree_first = _tree(store, home)
    _second_day(store, staged)
    second = run_cycle(store, config, engine=engine, now=NOW_2)
    return {
        "dry": dry, "diff": _normal_text(dry.diff or "", home), "tree_before": tree_before,
        "first": first, "tree_first": tree_first, "second": second,
        "tree_second": _tree(store, home),
    }


_TIMING = re.compile(r'<span class="n">[0-9.]+ s</span>')
_ENGINE = re.compile(r"engine (local|flyte)")


def _normal_text(text: str, home: Path) -> str:
    """Text with the engine's name, timings and the home's location masked."""
    text = text.replace(str(home), "<home>")
    text = _TIMING.sub("<t>", _ENGINE.sub("engine <e>", text))
    # Report JSON inside a diff: the timing lines and the engine line.
    text = re.sub(r'"(engine)": "(local|flyte)"', r'"\1": "<e>"', text)
    return re.sub(r'("[a-z_]+": )[0-9.]+(,?)$', _mask_number, text, flags=re.M)


def _mask_number(m: re.Match[str]) -> str:
    # Only timings are masked; counts are integers without a dot in the report.
    return f"{m.group(1)}<t>{m.group(2)}" if "." in m.group(0) else m.group(0)


def _normal_json(data: Any) -> Any:
    if isinstance(data, dict):
        return {k: ("<e>" if k == "engine" else "<t>" if k in ("timings_s", "total") else
                    _normal_json(v)) for k, v in data.items()}
    if isinstance(data, list):
        return [_normal_json(v) for v in data]
    return data


def _tree(store: Store, home: Path) -> dict[str, bytes]:
    """Every audited file; reports normalised (engine, timings, location)."""
    out: dict[str, bytes] = {}
    for path in store.list(""):
        raw = store.read_bytes(path)
        if path.startswith("reports/") and path.endswith(".json"):
            data = json.loads(raw.decode().replace(str(home), "<home>"))
            raw = json.dumps(_normal_json(data), sort_keys=True).encode()
        elif path.startswith("reports/") and path.endswith(".html"):
            raw = _normal_text(raw.decode(), home).encode()
        out[path] = raw
    return out


@pytest.fixture(params=ENGINES)
def outcome(request: pytest.FixtureRequest, tmp_path: Path,
            template: tuple[Path, dict[str, str]]) -> Iterator[dict[str, Any]]:
    engine = _engine(str(request.param), tmp_path)
    shutil.copytree(template[0], tmp_path / "home")
    yield _scenario(tmp_path / "home", engine, template[1])


def _same(a: dict[str, bytes], b: dict[str, bytes]) -> Callable[[], list[str]]:
    def diff() -> list[str]:
        return sorted(p for p in set(a) | set(b) if a.get(p) != b.get(p))
    return diff


def test_dry_run_diff_is_the_same(outcome: dict[str, Any], golden: dict[str, Any]) -> None:
    dry: CycleSummary = outcome["dry"]
    assert dry.counts == golden["dry"].counts
    assert dry.cycle_id == golden["dry"].cycle_id
    assert outcome["diff"] == golden["diff"]
    # and a dry run changes nothing in the store
    assert outcome["tree_before"] == golden["tree_before"]


def test_final_trees_are_the_same(outcome: dict[str, Any], golden: dict[str, Any]) -> None:
    for run, tree in (("first", "tree_first"), ("second", "tree_second")):
        mine: CycleSummary = outcome[run]
        theirs: CycleSummary = golden[run]
        assert (mine.cycle_id, mine.counts, mine.changed) == \
            (theirs.cycle_id, theirs.counts, theirs.changed)
        assert _same(outcome[tree], golden[tree])() == []
    # the scenario exercises every phase: a contradiction, and two notes merged
    assert outcome["second"].counts["facts_superseded"] >= 1
    assert outcome["second"].counts["merged"] >= 2


def test_rerun_with_nothing_new_is_a_noop(tmp_path: Path) -> None:
    for kind in ENGINES:
        home = tmp_path / kind
        store = _build(home)
        engine = _engine(kind, tmp_path / f"{kind}-cache")
        run_cycle(store, Config.parse(CONFIG), engine=engine, now=NOW_1)
        again = run_cycle(store, Config.parse(CONFIG), engine=engine, now=NOW_1)
        assert again.noop, kind




# ---------------------------------------------- per-user isolation (issue #12 item 2)
#: what only one user ever said in the scenario: it must never be written for the other
ONLY = {"alice": ("Lisbon", "Porto", "bullet points", "sencha"),
        "bob": ("Berlin", "Initech", "short answers")}


def _cycle_writes(store: Store) -> dict[str, list[str]]:
    """Every path a sleep cycle wrote, with each version's text, by user."""
    out: dict[str, list[str]] = {}
    for e in store.audit_entries():
        path = str(e.get("path", ""))
        if e.get("cycle") and e.get("new_sha") and path.startswith("user/"):
            out.setdefault(path, []).append(store.blob_text(str(e["new_sha"])))
    return out


def test_every_cycle_write_stays_with_its_user(outcome: dict[str, Any], tmp_path: Path) -> None:
    store = Store.open(tmp_path / "home")
    writes = _cycle_writes(store)
    assert writes, "the scenario writes user memory"
    for path, texts in writes.items():
        owner = path.split("/")[1]
        for other, markers in ONLY.items():
            if other == owner:
                continue
            for text in texts:
                leaked = [m for m in markers if m in text]
                assert not leaked, (path, leaked)


WRONG_SUBJECT_LLM = r"""
import json, re, sys
prompt = sys.stdin.read()
m = re.search(r"<<<NOTES\n(.*?)\nNOTES>>>", prompt, re.S)
if not m:
    print("[]")  # no facts from extraction
    sys.exit(0)
cites = [c for line in m.group(1).splitlines() for c in json.loads(line)["cites"]]
print(json.dumps({"lines": [{"text": "Alice prefers window seats on flights.",
                             "cites": cites}]}))
"""


@pytest.mark.parametrize("kind", ENGINES)
def test_a_merge_naming_another_user_is_refused_on_every_engine(tmp_path: Path,
                                                                kind: str) -> None:
    import sys

    script = tmp_path / "wrong_subject.py"
    script.write_text(WRONG_SUBJECT_LLM)
    config = (f'[wake]\nembedder = "hash:64"\n\n[sleep]\n'
              f'llm = "cmd:{sys.executable} {script}"\n')
    store = Store.init(tmp_path / "home", config_text=config)
    log(store, "alice", "a1", "I prefer aisle seats.", "2026-01-05T09:00:00Z")
    log(store, "bob", "b1", "bob prefers window seats", "2026-01-05T10:00:00Z")
    log(store, "bob", "b2", "bob prefers window seats on flights", "2026-01-05T10:01:00Z")
    for i, text in enumerate(("bob prefers window seats", "bob prefers window seats on flights")):
        store.write_text(f"user/bob/notes/seat-{i}.md", text + "\n", actor="test",
                         reason="two near-duplicate notes")
    summary = run_cycle(store, Config.parse(config), engine=_engine(kind, tmp_path), now=NOW_1)
    for path, texts in _cycle_writes(store).items():
        if path.startswith("user/bob/"):
            assert not any("Alice" in t for t in texts), (kind, path)
    bob_now = " ".join(store.read_text(p) for p in store.list("user/bob"))
    assert "Alice" not in bob_now
    assert "window seats" in bob_now  # the originals stay
    assert any("subject.foreign" in w or "grounding" in w for w in summary.warnings), \
        summary.warnings
