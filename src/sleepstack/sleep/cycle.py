"""One sleep cycle, end to end: snapshot → phases → state → report → commit → index.

The phases only compute; the commit applies their whole changeset (trusted
memory, staging moves, ``reports/state.json`` and the report files) as one
audited batch tagged with the cycle id, each write guarded by the sha it had
at snapshot time. So:

* a cycle killed before the commit leaves no trace, and the rerun computes
  the same key, hence the same cycle id and the same result;
* a cycle killed inside the commit is finished (or discarded) by the store's
  recovery on the next open, and the rerun then finds the resting key: no-op;
* a dry run stops before the commit and prints the diff instead;
* the index is rebuilt after the commit; its failure is reported, never
  undoes the commit, and the next run (even a no-op) retries it.
"""

from __future__ import annotations

import copy
import json
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from .. import observe
from ..config import Config
from ..engines import Engine, cycle_lock, get_engine, kill_point
from ..errors import NotFoundError, SleepstackError
from ..plan import COUNT_KEYS, CycleState, Plan
from ..store import ABSENT, Change, Store
from ..store.audit import sha256_hex
from ..store.local_dirs import consolidate_cache_dir as _cache_dir
from ..store.paths import Area, area_of
from .diff import changeset_diff
from .phases import default_plan
from .phases.graph import graph_inputs
from .phases.llm import cycle_llm
from .phases.snapshot import NOTES_DIR, Snapshot, load_inputs, per_user_digests, take_snapshot
from .report import (
    CYCLES_PATH,
    INDEX_PATH,
    cycle_entry,
    dumps,
    html_path,
    json_path,
    render_html,
    render_index,
    report_body,
    summary_dict,
)
from .state import STATE_PATH, STATE_VERSION, CycleInputs, code_version, compute_key, user_digest

__all__ = ["ACTOR", "AfterCommit", "CycleSummary", "report_location", "run_cycle",
           "settings_from_config"]

ACTOR = "sleep"

#: a step run after the commit: ``(store, raw config) -> {"seq": …, …}``
AfterCommit = Callable[[Store, dict[str, Any]], dict[str, Any]]
_INDEX_MARK = "cache/sleep-index.json"


@dataclass
class CycleSummary:
    """What a cycle (or an undo) did: INTERFACES.md's cycle summary, plus extras."""

    cycle_id: str
    key: str
    noop: bool = False
    dry_run: bool = False
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(COUNT_KEYS, 0))
    rejections: list[dict[str, Any]] = field(default_factory=list)
    timings_s: dict[str, float] = field(default_factory=dict)
    report: str | None = None
    #: dry run: the unified diff of every file the cycle would change
    diff: str | None = None
    changed: list[str] = field(default_factory=list)
    index: dict[str, Any] | None = None
    llm: dict[str, Any] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    details: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    undone: str | None = None
    #: the HTML report page (not part of the JSON summary)
    html: str | None = field(default=None, repr=False)

    def to_dict(self) -> dict[str, Any]:
        """The JSON summary (``sleep --json``): the INTERFACES.md keys first."""
        out = summary_dict(
            cycle_id=self.cycle_id, key=self.key, noop=self.noop, dry_run=self.dry_run,
            counts=self.counts, rejections=self.rejections, timings=self.timings_s,
            report=self.report,
        )
        out["changed"] = self.changed
        out["index"] = self.index
        out["llm"] = self.llm
        out["warnings"] = self.warnings
        if self.diff is not None:
            out["diff"] = self.diff
        if self.undone is not None:
            out["undone"] = self.undone
        return out


def report_location(store: Store, path: str) -> str:
    """Where a report file can be opened: a local file path or the store URL."""
    root = store.fs.local_path()
    return str(root / path) if root is not None else f"{store.url}/{path}"


def settings_from_config(config: Config) -> dict[str, Any]:
    """The cycle settings a config implies (JSON values only)."""
    sleep = config.raw.get("sleep", {}) if isinstance(config.raw, dict) else {}
    budget = sleep.get("token_budget", 200_000)
    return {
        "llm": config.llm,
        "ttl_days": dict(config.ttl_days),
        "token_budget": None if budget in (None, 0, "none") else int(budget),
        "concurrency": int(sleep.get("concurrency", 4)),
        "processes": int(sleep.get("processes", 0)),
        "summary_days": int(sleep.get("summary_days", 3)),
        "embedder": config.embedder,
    }


def _utc_now() -> str:
    return datetime.now(UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def run_cycle(
    store: Store,
    config: Config,
    *,
    engine: str | Engine = "local",
    dry_run: bool = False,
    now: str | None = None,
    plan: Plan | None = None,
    after_commit: AfterCommit | None = None,
) -> CycleSummary:
    """Run one sleep cycle on *store* (see the module docstring for the guarantees).

    *after_commit* runs once the cycle is committed and indexed, under the cycle
    lock: an audited step of its own (the entry points pass retention,
    :func:`sleepstack.forget.retention.apply_retention`, which sits above this
    package). Its ``{"seq": …}`` result is reported when it wrote something.
    """
    with cycle_lock(store):
        summary = _run_locked(store, config, engine=engine, dry_run=dry_run, now=now, plan=plan,
                               after_commit=after_commit)
    observe.cycle_done(summary.timings_s, cycle_id=summary.cycle_id, noop=summary.noop,
                       dry_run=summary.dry_run)
    return summary


def _run_locked(store: Store, config: Config, *, engine: str | Engine, dry_run: bool,
                now: str | None, plan: Plan | None,
                after_commit: AfterCommit | None = None) -> CycleSummary:
    t0 = time.perf_counter()
    now = now or _utc_now()
    day = now[:10]
    code = code_version()
    snap = take_snapshot(store, day=day, code=code)
    timings: dict[str, float] = {}
    if snap.noop:
        timings["snapshot"] = round(time.perf_counter() - t0, 4)
        last = str(snap.state.get("last_cycle", snap.cycle_id))
        summary = CycleSummary(
            cycle_id=last, key=snap.key, noop=True, dry_run=dry_run, timings_s=timings,
            report=report_location(store, html_path(last)),
        )
        if not dry_run:
            summary.index = _index_catch_up(store, last, timings)
        timings["total"] = round(time.perf_counter() - t0, 4)
        return summary

    settings = settings_from_config(config)
    settings.update(
        cycle_id=snap.cycle_id, now=now, code=code, run_id=uuid.uuid4().hex,
        engine=engine if isinstance(engine, str) else engine.name,
        cache_dir=None if dry_run else _cache_dir(store),
    )
    state = load_inputs(store, snap, settings, now=now, dry_run=dry_run)
    graph_inputs(store, state, config.raw)  # the graph phase's files (issue 14)
    kill_point("snapshot")
    state.timings["snapshot"] = round(time.perf_counter() - t0, 4)

    eng = get_engine(engine, concurrency=settings["concurrency"],
                     processes=settings["processes"]) if isinstance(engine, str) else engine
    eng.run(plan or default_plan(), state)
    _record_llm(state, settings)

    t1 = time.perf_counter()
    _drop_unchanged(store, state)
    _finish_state(store, snap, state)
    summary = CycleSummary(
        cycle_id=state.cycle_id, key=state.key, dry_run=dry_run, counts=dict(state.counts),
        # The user travels with each rejection so erasing a user reaches these rows too.
        rejections=[{"proposal": r["proposal"], "user": r.get("user"), "reasons": r["reasons"]}
                    for r in state.details.get("rejections", [])],
        timings_s=state.timings, report=report_location(store, html_path(state.cycle_id)),
        llm=state.llm, warnings=state.warnings, details=state.details,
    )
    _stage_reports(store, state, summary)
    kill_point("report")
    state.timings["report"] = round(time.perf_counter() - t1, 4)
    summary.changed = sorted(state.changes)

    if dry_run:
        summary.diff = changeset_diff(state.changes, lambda p: _read_or_none(store, p))
        state.timings["total"] = round(time.perf_counter() - t0, 4)
        return summary

    t2 = time.perf_counter()
    changes = [
        Change("delete" if content is None else "write", path, content,
               state.base.get(path) or ABSENT)
        for path, content in state.changes.items()
    ]
    kill_point("commit")
    store.apply(changes, actor=ACTOR, reason=f"sleep cycle {state.cycle_id}",
                cycle=state.cycle_id)
    state.timings["commit"] = round(time.perf_counter() - t2, 4)
    kill_point("index")
    summary.index = _build_index(store, state.cycle_id, state.timings, engine=eng,
                                 settings=state.settings, now=now)
    if summary.index and summary.index.get("error"):
        state.warnings.append(f"index rebuild failed: {summary.index['error']}")
    # ---- retention (owned by forget/retention.py, passed in): an audited erasure of its own ----
    if after_commit is not None and not dry_run:
        try:
            retained = after_commit(store, config.raw)
            if retained.get("seq") is not None:
                summary.details["retention"] = [retained]
        except SleepstackError as exc:  # the cycle is committed: retention waits for the next
            state.warnings.append(f"retention skipped: {exc.message}")
    # ---- end retention ----
    try:  # bounded opens on object storage: old log segments folded (store/compact.py)
        compacted = store.compact_log()
        if compacted is not None:
            summary.details["compaction"] = [compacted["checkpoint"]]
    except SleepstackError as exc:
        state.warnings.append(f"log compaction skipped: {exc.message}")
    state.timings["total"] = round(time.perf_counter() - t0, 4)
    return summary


def _read_or_none(store: Store, path: str) -> str | None:
    try:
        return store.read_text(path)
    except NotFoundError:
        return None


def _record_llm(state: CycleState, settings: dict[str, Any]) -> None:
    llm, budget = cycle_llm(settings)
    if llm is None:
        state.llm = {}
        return
    state.llm = {"spec": llm.spec, "budget": budget.max_tokens, "usage": budget.spent.to_dict()}


def _drop_unchanged(store: Store, state: CycleState) -> None:
    """Leave out writes that would not change a file (no empty audit entries)."""
    for path in list(state.changes):
        content = state.changes[path]
        if path not in state.base:
            state.base[path] = store.sha(path)
        old = state.base[path]
        if content is None:
            if old is None:
                del state.changes[path]
        elif old is not None and old == sha256_hex(content.encode()):
            del state.changes[path]


def _finish_state(store: Store, snap: Snapshot, state: CycleState) -> None:
    """Stage ``reports/state.json``: watermarks, seen notes, digests and the resting key."""
    after: dict[str, str | None] = dict(snap.user_files)
    for path, content in state.changes.items():
        if area_of(path) is Area.USER:
            after[path] = None if content is None else sha256_hex(content.encode())
    after = {p: s for p, s in after.items() if s is not None}
    marks = {str(k): int(v) for k, v in snap.state.get("watermarks", {}).items()}
    marks.update(state.inputs.get("watermarks", {}))
    leftover = [(p, marks.get(p, 0), size) for p, size in snap.raw_sizes.items()
                if size > marks.get(p, 0)]
    resting = compute_key(CycleInputs(
        config_sha=state.inputs["config_sha"], code=state.inputs["code"],
        day=state.inputs["day"], raw=leftover, proposals=[], memory=user_digest(after),
    ))
    notes = {p: s for p, s in after.items() if f"/{NOTES_DIR}/" in p and p.endswith(".md")}
    next_state = {
        "version": STATE_VERSION,
        "last_cycle": state.cycle_id,
        "last_key": state.key,
        "resting_key": resting,
        "day": state.inputs["day"],
        "at": state.now,
        "code": state.inputs["code"],
        "watermarks": dict(sorted(marks.items())),
        "notes": dict(sorted(notes.items())),
        "user_digests": per_user_digests(dict(after)),
    }
    state.next_state = next_state
    state.put(STATE_PATH, json.dumps(next_state, sort_keys=True, indent=1) + "\n")
    state.base.setdefault(STATE_PATH, snap.state_sha)


def _stage_reports(store: Store, state: CycleState, summary: CycleSummary) -> None:
    """Stage ``reports/<id>.json``, ``.html``, ``cycles.json`` and ``index.html``."""
    body = report_body(state, summary.to_dict() | {"timings_s": dict(state.timings)})
    for k in ("changed", "index", "diff"):
        body.pop(k, None)
    state.put(json_path(state.cycle_id), dumps(body))
    summary.html = render_html(body)
    state.put(html_path(state.cycle_id), summary.html)
    cycles = _load_cycles(store, state)
    cycles = [c for c in cycles if c.get("cycle_id") != state.cycle_id]
    cycles.append(cycle_entry(body, state.now))
    # Bounded, so the listing can never outgrow the store's content limit and
    # fail a cycle; older reports stay in reports/ and in the audit log.
    cycles = cycles[-MAX_LISTED_CYCLES:]
    state.put(CYCLES_PATH, dumps(cycles))
    state.put(INDEX_PATH, render_index(cycles))
    for p in (json_path(state.cycle_id), html_path(state.cycle_id), CYCLES_PATH, INDEX_PATH):
        state.base.setdefault(p, store.sha(p))


#: how many cycles reports/cycles.json and reports/index.html list
MAX_LISTED_CYCLES = 500


def _load_cycles(store: Store, state: CycleState) -> list[dict[str, Any]]:
    try:
        raw = store.read_bytes(CYCLES_PATH)
    except NotFoundError:
        state.base[CYCLES_PATH] = None
        return []
    state.base[CYCLES_PATH] = sha256_hex(raw)
    try:
        data = json.loads(raw)
    except ValueError:
        return []
    return [d for d in data if isinstance(d, dict)] if isinstance(data, list) else []


# -------------------------------------------------------------------- index
def _mark_path(store: Store) -> Path | None:
    root = store.fs.local_path()
    return root / _INDEX_MARK if root is not None else None


def _build_index(store: Store, cycle_id: str, timings: dict[str, float], *,
                 engine: Engine | None = None, settings: dict[str, Any] | None = None,
                 now: str | None = None) -> dict[str, Any]:
    """Rebuild the index after the commit; a failure is returned, never raised.

    With the cycle's *engine*, the texts the new generation needs are embedded
    first as that engine's work items (one per topic and per user, cached on
    content), and the builder is handed their vectors; without one, or should
    that step fail, the builder embeds them itself.
    """
    t = time.perf_counter()
    try:
        from ..index.build import build_generation
    except ImportError as exc:
        return {"error": f"index builder unavailable: {exc}"}
    embed: dict[str, Any] | None = None
    vectors: dict[str, list[float]] | None = None
    if engine is not None:
        try:
            embed, vectors = _embed_for_index(store, cycle_id, engine, settings or {},
                                              now or _utc_now())
        except Exception as exc:  # the builder embeds whatever is missing
            embed = {"error": f"{type(exc).__name__}: {exc}"}
    try:
        # The shards of a remote store are cut on the cycle's engine too (one item each).
        info = build_generation(store, vectors=vectors, engine=engine).to_dict()
    except Exception as exc:  # the commit stands whatever the index does
        info = {"error": f"{type(exc).__name__}: {exc}"}
    if embed is not None:
        info["embed"] = embed
    timings["index"] = round(time.perf_counter() - t, 4)
    mark = _mark_path(store)
    if mark is not None:
        try:
            mark.parent.mkdir(parents=True, exist_ok=True)
            mark.write_text(json.dumps({"cycle": cycle_id, "ok": "error" not in info}))
        except OSError:
            pass
    return info


def _embed_for_index(store: Store, cycle_id: str, engine: Engine, settings: dict[str, Any],
                     now: str) -> tuple[dict[str, Any] | None, dict[str, list[float]] | None]:
    """Run the index's embedding plan on *engine*: what it did, and the vectors (None: nothing)."""
    from ..index.build import plan_embedding
    from ..index.tasks import INDEX_PLAN, index_plan

    items = plan_embedding(store)
    if not items:
        return None, None
    state = CycleState(home=store.url, cycle_id=cycle_id, key=f"index:{cycle_id}", now=now,
                       dry_run=False, settings=dict(settings), inputs={"embed_items": items})
    # A copy, so the engine's record of the cycle (cache stats, last run) stays the
    # cycle's; an engine that runs plans by reference is pointed at the index plan.
    runner = copy.copy(engine)
    if isinstance(getattr(runner, "plan", None), str):
        runner.plan = INDEX_PLAN  # type: ignore[attr-defined]
    runner.run(index_plan(), state)
    vectors: dict[str, list[float]] = state.inputs.get("vectors", {})
    return {"items": len(items), "texts": sum(len(i["texts"]) for i in items),
            "engine": runner.name}, vectors


def _index_catch_up(store: Store, last: str, timings: dict[str, float]) -> dict[str, Any] | None:
    """On a no-op run: rebuild the index only if the last cycle's build did not finish."""
    mark = _mark_path(store)
    if mark is not None:
        try:
            data = json.loads(mark.read_text())
            if data.get("cycle") == last and data.get("ok"):
                return None
        except (OSError, ValueError):
            pass
    return _build_index(store, last, timings)
