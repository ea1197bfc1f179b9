"""The flyte engine: content caching, telemetry off, reports, errors, remote and deployment.

Everything runs in Flyte's local mode, offline, with a cache directory per
test (never ``~/.flyte``). LLM work is counted through a ``cmd:`` model that
appends a line to a file per call.
"""

from __future__ import annotations

import importlib
import json
import os
import shutil
import socket
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("flyte")

import fake_llm
from cycle_seed import log, make_store, seed
from sleepstack.config import Config
from sleepstack.engines import flyte as fe
from sleepstack.engines import get_engine
from sleepstack.errors import UsageError
from sleepstack.plan import CycleState, Item, Phase, Plan, Result
from sleepstack.sleep.cycle import run_cycle
from sleepstack.store import Store

_llm_store = fake_llm.llm_store
_calls = fake_llm.calls


def test_rerun_is_served_from_the_cache_and_changes_miss(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    store, config, count = _llm_store(tmp_path, monkeypatch)
    engine = fe.FlyteEngine(cache_root=tmp_path / "cache")
    first = run_cycle(store, config, engine=engine, dry_run=True, now="2026-01-06T08:00:00Z")
    spent = _calls(count)
    assert spent == 2  # one extraction per user (alice, bob)
    assert engine.last_run["cache"] == str((tmp_path / "cache" / "local-cache").resolve())
    # Same inputs again, an hour later on the same day, with another run id: all cached.
    again = run_cycle(store, config, engine=engine, dry_run=True, now="2026-01-06T09:00:00Z")
    assert _calls(count) == spent
    assert again.counts == first.counts
    # New input: a new cycle key, hence a new cycle id. Extraction stamps each fact
    # with the cycle id inside `work`, so every user's extraction misses, not only bob's.
    log(store, "bob", "b9", "I live in Oslo.", "2026-01-05T11:00:00Z")
    changed = run_cycle(store, config, engine=engine, dry_run=True, now="2026-01-06T09:00:00Z")
    assert changed.cycle_id != first.cycle_id
    # Only bob's turns changed: alice's extraction is served from the cache even
    # though the cycle id is new (the merge step stamps it, not the task).
    assert _calls(count) == spent + 1
    assert changed.counts["facts_added"] == first.counts["facts_added"] + 1
    # A fresh salt is a fresh namespace: everything is recomputed.
    salted = fe.FlyteEngine(cache_root=tmp_path / "cache", cache_salt="v2")
    run_cycle(store, config, engine=salted, dry_run=True, now="2026-01-06T09:00:00Z")
    assert _calls(count) == spent + 3


def test_cache_keys_hold_what_a_phase_reads() -> None:
    settings = {"llm": "cmd:x", "token_budget": 10, "cycle_id": "c-1", "now": "2026-01-06T08:00Z",
                "code": "0.1+abc", "run_id": "r1", "concurrency": 4, "cache_dir": "/x",
                "engine": "flyte", "ttl_days": {"plan": 3}, "summary_days": 3,
                "embedder": "hash:64", "processes": 0}
    extract = fe.cache_settings("extract", settings)
    assert extract == {"code": "0.1+abc", "cache_salt": None, "llm": "cmd:x",
                       "token_budget": 10}
    assert "now" in fe.cache_settings("summarise", settings)
    assert "now" not in fe.cache_settings("resolve", settings)
    # A phase the table does not know: every setting but the run settings.
    custom = fe.cache_settings("custom", settings)
    assert not set(custom) & set(fe.RUN_SETTINGS)
    assert set(custom) == set(settings) - set(fe.RUN_SETTINGS)


def test_telemetry_is_off_and_the_excepthook_kept() -> None:
    code = (
        "import os, sys\n"
        "def mine(*a): pass\n"
        "sys.excepthook = mine\n"
        "import sleepstack.engines.flyte\n"
        "import flyte._sentry as s\n"
        "print(os.environ['DO_NOT_TRACK'], os.environ['FLYTE_DISABLE_TELEMETRY'], "
        "s._is_disabled(), sys.excepthook is mine)\n"
    )
    env = {k: v for k, v in os.environ.items()
           if k not in ("DO_NOT_TRACK", "FLYTE_DISABLE_TELEMETRY", "FLYTE_DISABLE_SENTRY",
                        "PYTEST_CURRENT_TEST")}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=env, timeout=60, check=True).stdout.split()
    assert out == ["1", "1", "True", "True"]


def test_flyte_report_is_emitted_and_tmp_cleaned(tmp_path: Path) -> None:
    store = make_store(tmp_path / "home")
    seed(store)
    engine = fe.FlyteEngine(cache_root=tmp_path / "cache", report_dir=tmp_path / "reports")
    summary = run_cycle(store, Config.parse("[wake]\nembedder = \"hash:64\"\n"), engine=engine,
                        now="2026-01-06T08:00:00Z")
    page = Path(engine.last_run["report"]).read_text()
    assert summary.cycle_id in page and "Sleep cycle" in page
    name = engine.last_run["name"]
    assert not (Path("/tmp/flyte/metadata") / name).exists()
    assert not (Path("/tmp/flyte/raw_data") / name).exists()



# A plan of three phases whose report lists the phases done; each phase's split
# reads the page Flyte has flushed so far for the running cycle (local mode
# writes it under /tmp/flyte/metadata/<run name>/), so the test sees what a
# person watching the run's report pane would have seen when that phase began.
_SEEN: dict[str, str] = {}
_RUNNING: list[fe.FlyteEngine] = []


def _peek(phase: str) -> Any:
    def split(state: CycleState) -> list[Item]:
        name = _RUNNING[0].last_run["name"]
        pages = sorted((Path("/tmp/flyte/metadata") / name).rglob("report.html"),
                       key=lambda p: p.stat().st_mtime)
        _SEEN[phase] = pages[-1].read_text() if pages else ""
        return [{"n": 1}]
    return split


def _noop(item: Item, settings: dict[str, Any]) -> Result:
    return {}


def _report(state: CycleState) -> str:
    return "<p>done: " + ",".join(state.timings) + ";</p>"


def phased_plan() -> Plan:
    return Plan(tuple(Phase(n, _peek(n), _noop, _merge) for n in ("one", "two", "three")),
                report=_report)


def test_flyte_report_is_updated_after_every_phase(tmp_path: Path) -> None:
    _SEEN.clear()
    engine = fe.FlyteEngine(cache_root=tmp_path / "cache", report_dir=tmp_path / "reports",
                            plan=f"{__name__}:phased_plan")
    _RUNNING[:] = [engine]
    state = CycleState(home="h", cycle_id="c", key="k", now="2026-01-06T08:00:00Z",
                       dry_run=True, settings={})
    engine.run(fe.load_plan(engine.plan), state)
    # Before the first phase nothing is flushed; after each phase the page lists it.
    assert "done:" not in _SEEN["one"]
    assert "done: one;" in _SEEN["two"]
    assert "done: one,two;" in _SEEN["three"]
    assert "done: one,two,three;" in Path(engine.last_run["report"]).read_text()


# A plan whose phase fails with a sleepstack error (found by reference, like any plan).
def _one(state: CycleState) -> list[Item]:
    return [{"n": 1}]


def _fail(item: Item, settings: dict[str, Any]) -> Result:
    raise UsageError("bad item for the test")


def _merge(state: CycleState, results: list[Result]) -> None:
    return None


def failing_plan() -> Plan:
    return Plan((Phase("boom", _one, _fail, _merge),))


def test_task_errors_keep_their_kind_and_plans_go_by_reference(tmp_path: Path) -> None:
    state = CycleState(home="h", cycle_id="c", key="k", now="2026-01-06T08:00:00Z",
                       dry_run=True, settings={})
    engine = fe.FlyteEngine(cache_root=tmp_path / "cache", plan=f"{__name__}:failing_plan")
    with pytest.raises(UsageError, match="bad item for the test"):
        engine.run(failing_plan(), state)
    with pytest.raises(UsageError, match="by reference"):
        fe.FlyteEngine().run(failing_plan(), state)


def test_get_engine_gives_flyte() -> None:
    engine = get_engine("flyte", concurrency=3, processes=2)
    assert isinstance(engine, fe.FlyteEngine) and engine.concurrency == 3


def _no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("network attempted")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)


def test_remote_without_endpoint_fails_before_the_network(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch,
                                                         cli: Any) -> None:
    _no_network(monkeypatch)
    monkeypatch.delenv("FLYTECTL_CONFIG", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    from flyte.config._reader import get_config_file

    get_config_file.cache_clear()
    with pytest.raises(UsageError, match="no Flyte endpoint configured"):
        fe.FlyteEngine(remote=True)
    with pytest.raises(UsageError, match="no Flyte config file"):
        fe.FlyteEngine(remote=True, flyte_config=tmp_path / "missing.yaml")
    cfg = tmp_path / "flyte.yaml"
    cfg.write_text("admin:\n  endpoint: dns:///flyte.example.invalid\n")
    assert fe.FlyteEngine(remote=True, flyte_config=cfg).flyte_config == str(cfg)
    get_config_file.cache_clear()
    # The CLI: exit 2 and one line, no traceback. --remote needs an object store (a
    # path is refused first: tests/test_flyte_remote_cycle.py), which this machine
    # never opens: the endpoint below is a closed port, and the store need not exist.
    r = cli("sleep", "--engine", "flyte", "--remote", home="s3://bucket/memory",
            env={"HOME": str(tmp_path), "AWS_ENDPOINT_URL": "http://127.0.0.1:9"})
    assert r.returncode == 2, r.stderr
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and "no Flyte endpoint configured" in lines[0]
    r = cli("sleep", "--remote", home=tmp_path / "home", env={"HOME": str(tmp_path)})
    assert r.returncode == 2 and "need --engine flyte" in r.stderr


def test_deployment_objects_build(monkeypatch: pytest.MonkeyPatch) -> None:
    import flyte

    from sleepstack.deploy import flyte_schedule as flyte_deploy

    monkeypatch.setenv("SLEEPSTACK_FLYTE_STORE", "s3://bucket/memory")
    mod = importlib.reload(flyte_deploy)
    try:
        assert mod.TRIGGER is not None
        assert isinstance(mod.TRIGGER.automation, flyte.Cron)
        assert mod.TRIGGER.automation.expression == "0 */6 * * *"
        assert mod.TRIGGER.inputs == {"store": "s3://bucket/memory", "at": flyte.TriggerTime}
        assert mod.scheduled_cycle.triggers == (mod.TRIGGER,)
        assert fe.ENV in mod.schedule_env.depends_on
        image = mod.schedule_env.image
        assert isinstance(image, flyte.Image)
        pips = [p for layer in image._layers for p in getattr(layer, "packages", ()) or ()]
        assert any(p.startswith("sleepstack[flyte,s3]") for p in pips)
        assert mod.schedule_env.env_vars["DO_NOT_TRACK"] == "1"
        assert mod.schedule_env.env_vars["SLEEPSTACK_FLYTE_STORE"] == "s3://bucket/memory"
        with pytest.raises(UsageError, match="SLEEPSTACK_FLYTE_STORE"):
            mod.deploy("s3://other/store")
        assert mod.iso_now(datetime(2026, 1, 6, 6, 0, 0, 123, tzinfo=UTC)) == \
            "2026-01-06T06:00:00Z"
    finally:
        monkeypatch.delenv("SLEEPSTACK_FLYTE_STORE")
        importlib.reload(flyte_deploy)


def test_scheduled_cycle_runs_in_local_mode(tmp_path: Path) -> None:
    import flyte

    from sleepstack.deploy import flyte_schedule as flyte_deploy

    store = make_store(tmp_path / "home")
    seed(store)
    fe.point_local_cache(tmp_path / "cache")
    run = flyte.with_runcontext(mode="local").run(
        flyte_deploy.scheduled_cycle, str(tmp_path / "home"), datetime(2026, 1, 6, 6, tzinfo=UTC))
    out = json.loads(run.outputs()[0])
    assert out["counts"]["facts_added"] == 3 and not out["noop"]
    report = json.loads(Store.open(tmp_path / "home").read_text(f"reports/{out['cycle_id']}.json"))
    assert report["at"] == "2026-01-06T06:00:00Z" and report["engine"] == "flyte"
    shutil.rmtree(Path("/tmp/flyte/metadata") / run.name, ignore_errors=True)
