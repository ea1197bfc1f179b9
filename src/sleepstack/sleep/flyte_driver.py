"""The whole sleep cycle as one Flyte task: the driver runs on the engine (issue #15).

``sleepstack sleep --engine flyte`` without ``--remote`` keeps the driver here:
this process opens the store, snapshots it, commits and publishes the index,
and only the phases run as Flyte tasks. With ``--remote`` the driver itself is
a task, :func:`cycle_on_engine`, launched by :func:`launch_cycle`:

``sleepstack-cycle.cycle_on_engine(store, options)``
    opens the store *by URL inside the task*, runs :func:`~sleepstack.sleep.cycle.run_cycle`
    (the cycle lock, the snapshot, the phases as nested ``cycle_task`` /
    ``phase_task`` / ``work_item`` actions of the engine, the validator gate
    inline as locally, the commit through ``Store.apply``, the shard
    publication, retention, compaction, the report files), gives the store's
    lease back, and returns the JSON summary; the HTML report is the run's
    report tab.

The user's machine only launches and waits; it never opens the store (it may
not even have its credentials). The same task runs in Flyte's local mode
(``launch_cycle(..., remote=False)``), which is how the tests drive it against
a moto S3 server.

A task cannot see the launching machine's disk, so ``--remote`` needs a store
on object storage (:data:`REMOTE_SCHEMES`); a path is refused before anything
is launched (:func:`check_remote_store`), and the task refuses one again when
it runs on a cluster.

Credentials never travel as task inputs (inputs are stored in the run's
metadata, visible to whoever can read the run): the inputs are the store URL
(refused when it carries user info) and a few options. The driver task reads
S3 credentials from its own environment: the pod's service account
(``SLEEPSTACK_FLYTE_SERVICE_ACCOUNT``, e.g. IRSA on EKS) or Flyte secrets
named in ``SLEEPSTACK_FLYTE_SECRETS`` (``ENV_VAR=secret-key,...``), which the
platform injects as environment variables. Both name things; neither holds a
value. See docs/flyte.md.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import tempfile
import time
import uuid
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from ..config import Config
from ..environment import current
from ..errors import BackendError, SleepstackError, UsageError
from ..registry import import_path
from ..store import Store
from ..store.store import CONFIG_FILE
from .cycle import AfterCommit, CycleSummary, run_cycle, settings_from_config

# The engine module switches flyte's telemetry off and keeps our excepthook
# around `import flyte`: it must be imported before flyte.
from ..engines.flyte import (  # isort: skip
    _FLYTE_TMP,
    DEFAULT_PLAN,
    ENV,
    FlyteEngine,
    _discard,
    _output,
    _remote_config,
    _translate,
    load_plan,
    point_local_cache,
    remote_init,
    remote_version,
)

import flyte  # isort: skip
import flyte.report  # isort: skip

__all__ = [
    "DRIVER_ENV",
    "OPTIONS",
    "REMOTE_SCHEMES",
    "RETENTION",
    "EngineRun",
    "check_remote_store",
    "cycle_on_engine",
    "drive_cycle",
    "launch_cycle",
    "on_cluster",
    "secret_requests",
    "summary_from_dict",
    "task_engine",
    "task_inputs",
]

#: URL schemes a task on a cluster can reach (a path is the launching machine's disk)
REMOTE_SCHEMES = ("s3", "s3a")

#: the step after the commit, by reference: retention lives above this package
#: (forget/), and a reference is what a task can resolve on any machine
RETENTION = "sleepstack.forget.retention:apply_retention"

#: the options a launch may pass, with their types (anything else is refused)
OPTIONS: dict[str, type | tuple[type, ...]] = {
    "now": (str, type(None)),
    "dry_run": bool,
    "plan": str,
    "cache_salt": str,
}

_SECRET_SPEC = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)=([A-Za-z0-9][A-Za-z0-9_.\-]*)$")


# --------------------------------------------------------------- checks
def check_remote_store(url: str) -> str:
    """*url* if a task on a cluster can open it; a :class:`UsageError` otherwise.

    A local path (or ``file://``, ``memory://``) names something only this
    machine has; a URL with user info would put a credential into the task's
    inputs, which the run's metadata keeps.
    """
    text = os.fspath(url).strip()
    scheme = text.split("://", 1)[0].lower() if "://" in text else ""
    if scheme not in REMOTE_SCHEMES:
        where = text if scheme else f"the local path {text}"
        examples = f"{REMOTE_SCHEMES[0]}://bucket/prefix"
        raise UsageError(
            f"--remote runs the cycle on the cluster, which cannot see {where}: "
            f"use a store on object storage ({examples})",
            home=text, schemes=list(REMOTE_SCHEMES))
    parts = urlsplit(text)
    if "@" in parts.netloc or parts.password is not None:
        raise UsageError("the store URL carries credentials; they would be stored with the run: "
                         "give the task its credentials through its environment (docs/flyte.md)",
                         home=f"{scheme}://…")
    if not parts.netloc:
        raise UsageError(f"the store URL {text!r} names no bucket", home=text)
    return text.rstrip("/")


def secret_requests(spec: str) -> list[str | flyte.Secret]:
    """``ENV_VAR=secret-key,...`` as Flyte secret requests, injected as those variables."""
    out: list[str | flyte.Secret] = []
    for part in (p.strip() for p in spec.split(",")):
        if not part:
            continue
        m = _SECRET_SPEC.match(part)
        if m is None:
            raise UsageError(f"SLEEPSTACK_FLYTE_SECRETS: {part!r} is not ENV_VAR=secret-key",
                             spec=part)
        out.append(flyte.Secret(key=m.group(2), as_env_var=m.group(1)))
    return out


def _env() -> Mapping[str, str]:
    # What the entry point installed: the engine module installs the process's
    # environment when it is imported (the task bootstrap), before this runs.
    return current()


def _driver_env_vars() -> dict[str, str]:
    # Names only (an image, a package, secret *names*): the same environment is
    # derived again when a pod imports this module.
    out = dict(ENV.env_vars or {})
    for var in ("SLEEPSTACK_FLYTE_SECRETS", "SLEEPSTACK_FLYTE_SERVICE_ACCOUNT"):
        if _env().get(var):
            out[var] = _env()[var]
    return out


#: the driver task's environment: the engine's image, plus how it gets S3 credentials
DRIVER_ENV = flyte.TaskEnvironment(
    name="sleepstack-cycle",
    image=ENV.image,
    env_vars=_driver_env_vars(),
    secrets=secret_requests(_env().get("SLEEPSTACK_FLYTE_SECRETS", "")) or None,
    service_account=_env().get("SLEEPSTACK_FLYTE_SERVICE_ACCOUNT", "").strip() or None,
    depends_on=[ENV],
    description="sleepstack: one whole sleep cycle (snapshot, phases, commit, shards) on a store",
)


# --------------------------------------------------------------- the driver
def _options(text: str) -> dict[str, Any]:
    try:
        opts = json.loads(text)
    except ValueError:
        raise UsageError("the cycle's options are not JSON") from None
    if not isinstance(opts, dict):
        raise UsageError("the cycle's options are not a JSON object")
    for key, value in opts.items():
        kind = OPTIONS.get(key)
        if kind is None:
            raise UsageError(f"unknown cycle option {key!r}: use {', '.join(OPTIONS)}",
                             option=key)
        if not isinstance(value, kind):
            raise UsageError(f"cycle option {key!r} has the wrong type", option=key)
    return opts


def drive_cycle(store_url: str, options: dict[str, Any], engine: FlyteEngine, *,
                on_cluster: bool = False) -> dict[str, Any]:
    """One whole cycle on the store at *store_url*: its JSON summary (plus ``html``).

    Opens the store here (recovery included), runs the cycle with *engine*
    carrying the phases, and gives the lease back before returning, whatever
    happened: a task that ends must not leave the next writer waiting out a
    linger. *on_cluster* refuses a store a pod cannot share.
    """
    url = check_remote_store(store_url) if on_cluster else store_url
    store = Store.open(url)
    try:
        config = Config.parse(store.fs.read_bytes(CONFIG_FILE).decode("utf-8"))
        store.max_bytes = config.max_bytes
        engine.concurrency = max(1, int(settings_from_config(config)["concurrency"]))
        plan_ref = str(options.get("plan") or DEFAULT_PLAN)
        engine.plan = plan_ref
        retention: AfterCommit = import_path(RETENTION)
        summary = run_cycle(store, config, engine=engine, dry_run=bool(options.get("dry_run")),
                            now=options.get("now"), plan=load_plan(plan_ref),
                            after_commit=retention)
    finally:
        close = getattr(store.fs, "close", None)
        if callable(close):
            close()  # the s3 lease lingers after a commit otherwise
    out = summary.to_dict()
    out["html"] = summary.html
    return out


def on_cluster() -> bool:
    """Whether this runs inside a Flyte task on a cluster (not local mode, not outside a task)."""
    return getattr(flyte.ctx(), "mode", None) not in (None, "local")


def task_engine(*, cache_salt: str = "") -> FlyteEngine:
    """The engine a driver task hands the phases to: nested actions on this task's loop.

    Call it on the task's event loop. On a cluster the phases run in other pods,
    so a cache path of this pod means nothing there: the engine drops it, as for
    any remote run.
    """
    engine = FlyteEngine(loop=asyncio.get_running_loop(), cache_salt=cache_salt)
    engine.remote = on_cluster()
    return engine


@DRIVER_ENV.task(report=True)
async def cycle_on_engine(store: str, options: str) -> str:
    """One sleep cycle on *store*, driven from inside this task; the JSON summary.

    The cycle is synchronous (snapshot, commit); it runs in a thread while this
    task's loop carries its phases as nested actions.
    """
    opts = _options(options)
    engine = task_engine(cache_salt=str(opts.get("cache_salt", "")))
    out = await asyncio.to_thread(drive_cycle, store, opts, engine, on_cluster=on_cluster())
    page = out.pop("html", None)
    if page:
        await flyte.report.replace.aio(page, do_flush=True)
    return json.dumps(out, sort_keys=True)


# --------------------------------------------------------------- the launcher
@dataclass
class EngineRun:
    """A launched cycle: its summary, and the Flyte run it was (name, url, wall time)."""

    summary: CycleSummary
    run: dict[str, Any] = field(default_factory=dict)


def _utc_now() -> str:
    return datetime.now(UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def task_inputs(store_url: str, *, dry_run: bool = False, now: str | None = None,
                plan: str = DEFAULT_PLAN, cache_salt: str = "") -> tuple[str, str]:
    """The task's two inputs: the store URL and the options (JSON), nothing else.

    *now* is fixed here, at launch, so a retried task computes the same cycle.
    """
    load_plan(plan)  # a bad reference fails here, before a run is started
    opts: dict[str, Any] = {"now": now or _utc_now(), "dry_run": bool(dry_run), "plan": plan}
    if cache_salt:
        opts["cache_salt"] = cache_salt
    return store_url, json.dumps(opts, sort_keys=True)


def launch_cycle(store_url: str, *, remote: bool, flyte_config: str | os.PathLike[str] | None
                 = None, dry_run: bool = False, now: str | None = None, plan: str = DEFAULT_PLAN,
                 cache_root: str | os.PathLike[str] | None = None,
                 cache_salt: str = "") -> EngineRun:
    """Run :func:`cycle_on_engine` on *store_url* and wait: on a cluster, or in local mode.

    Both refuse a store a cluster could not open; *remote* also needs a Flyte
    config naming an endpoint (a usage error before any network call).
    """
    url = check_remote_store(store_url)
    config = _remote_config(flyte_config) if remote else None
    inputs = task_inputs(url, dry_run=dry_run, now=now, plan=plan, cache_salt=cache_salt)
    name = f"sleepstack-{uuid.uuid4().hex[:16]}"
    run: dict[str, Any] = {"name": name, "mode": "remote" if remote else "local"}
    t0 = time.perf_counter()
    try:
        if remote:
            remote_init(config)
            version = remote_version(DRIVER_ENV.env_vars, str(DRIVER_ENV.secrets),
                                     DRIVER_ENV.service_account)
            result = flyte.with_runcontext(mode="remote", name=name, copy_style="none",
                                           version=version).run(cycle_on_engine, *inputs)
            run["url"] = getattr(result, "url", None)
            result.wait()
            out = _output(result.outputs())
        else:
            out = _run_local(name, inputs, cache_root)
    except flyte.errors.BaseRuntimeError as exc:
        err = _translate(exc)
        raise (_one_line(err, run=name) if isinstance(err, SleepstackError) else err) from None
    except SleepstackError:
        raise
    except Exception as exc:  # connection, auth, build: one clear line for the CLI
        if not remote:
            raise
        raise _one_line(BackendError(f"the Flyte run failed: {type(exc).__name__}: {exc}"),
                        run=name) from exc
    run["wall_s"] = round(time.perf_counter() - t0, 4)
    return EngineRun(summary_from_dict(json.loads(out)), run)


def _one_line(err: SleepstackError, **fields: Any) -> SleepstackError:
    """*err* with its message cut to its first line (the CLI prints one); the rest kept."""
    lines = [ln.strip() for ln in err.message.splitlines() if ln.strip()]
    head = lines[0] if lines else type(err).__name__
    detail = {"detail": "\n".join(lines[1:])} if len(lines) > 1 else {}
    return type(err)(head, **{**err.fields, **fields, **detail})


def _run_local(name: str, inputs: tuple[str, str],
               cache_root: str | os.PathLike[str] | None) -> str:
    root = cache_root if cache_root is not None else _env().get("SLEEPSTACK_FLYTE_CACHE")
    if root:
        point_local_cache(root)
    raw = tempfile.mkdtemp(prefix="sleepstack-flyte-")
    try:
        result = flyte.with_runcontext(mode="local", name=name, raw_data_path=raw).run(
            cycle_on_engine, *inputs)
        return _output(result.outputs())
    finally:
        _discard([Path(raw), *(_FLYTE_TMP / sub / name for sub in ("metadata", "raw_data"))])


def summary_from_dict(data: dict[str, Any]) -> CycleSummary:
    """A :class:`CycleSummary` again from its JSON form (what the task returned)."""
    try:
        return CycleSummary(
            cycle_id=str(data["cycle_id"]), key=str(data["key"]), noop=bool(data["noop"]),
            dry_run=bool(data["dry_run"]), counts=dict(data["counts"]),
            rejections=list(data.get("rejections", [])),
            timings_s=dict(data.get("timings_s", {})), report=data.get("report"),
            diff=data.get("diff"), changed=list(data.get("changed", [])),
            index=data.get("index"), llm=dict(data.get("llm", {})),
            warnings=list(data.get("warnings", [])), undone=data.get("undone"),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise BackendError(f"the Flyte run returned no cycle summary: {exc}") from None
