r"""Sleep cycles on a Flyte cluster, on a schedule: ``flyte deploy`` this module.

The store must be reachable from the cluster (object storage such as
``s3://bucket/memory``: that is how the cycle's state is shared between
runs); its ``sleepstack.toml`` is the cycle's config, as for a local run.
Deploying needs the store's URL when this module is imported::

    SLEEPSTACK_FLYTE_STORE=s3://bucket/memory \\
        flyte --config .flyte/config.yaml deploy \\
        src/sleepstack/deploy/flyte_schedule.py schedule_env

which deploys :data:`schedule_env` (and the engine's ``sleepstack`` environment
it depends on) with :data:`TRIGGER`: every 6 hours, ``scheduled_cycle`` runs one
cycle on the store, with the trigger's time as the cycle's ``now``, and its
phases fan out as the engine's cached tasks. Without
``SLEEPSTACK_FLYTE_STORE`` the task deploys without a trigger (run it by hand
with ``flyte run``). See ``docs/flyte.md``.
"""

from __future__ import annotations

import asyncio
import json
import os
from datetime import UTC, datetime
from typing import Any

# The engine module switches flyte's telemetry off and keeps our excepthook
# around `import flyte`: it must be imported first.
from ..engines.flyte import ENV, FlyteEngine  # isort: skip

import flyte  # isort: skip

__all__ = ["CRON", "TRIGGER", "deploy", "iso_now", "schedule_env", "scheduled_cycle",
           "sleep_trigger"]

#: every 6 hours, on the hour (UTC)
CRON = "0 */6 * * *"


def sleep_trigger(store: str, cron: str = CRON) -> flyte.Trigger:
    """The cron trigger that runs ``scheduled_cycle`` on *store*."""
    return flyte.Trigger(
        name="sleepstack-sleep",
        automation=flyte.Cron(cron),
        description=f"sleepstack sleep cycle on {store}"[:255],
        inputs={"store": store, "at": flyte.TriggerTime},
    )


_STORE = os.environ.get("SLEEPSTACK_FLYTE_STORE", "").strip()

#: the schedule (None when ``SLEEPSTACK_FLYTE_STORE`` was unset at import)
TRIGGER: flyte.Trigger | None = sleep_trigger(_STORE) if _STORE else None

#: the environment ``flyte deploy`` sends: the scheduled task, plus the engine's tasks
schedule_env = flyte.TaskEnvironment(
    name="sleepstack-schedule",
    image=ENV.image,
    env_vars={**(ENV.env_vars or {}), **({"SLEEPSTACK_FLYTE_STORE": _STORE} if _STORE else {})},
    depends_on=[ENV],
    description="sleepstack: one sleep cycle on a store, on a schedule",
)


def iso_now(when: datetime | None) -> str | None:
    """A trigger time as a cycle's ``now`` (``2026-01-05T06:00:00Z``); None stays None."""
    if when is None:
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return when.astimezone(UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def _cycle(store: str, now: str | None, engine: FlyteEngine) -> dict[str, Any]:
    # The one driver every whole-cycle task runs (`sleep --remote` too): the store
    # opened by URL here, the lease given back at the end, a path refused on a cluster.
    from ..sleep.flyte_driver import drive_cycle, on_cluster

    return drive_cycle(store, {"now": now}, engine, on_cluster=on_cluster())


@schedule_env.task(report=True, triggers=(TRIGGER,) if TRIGGER is not None else ())
async def scheduled_cycle(store: str, at: datetime | None = None) -> str:
    """One sleep cycle on *store* (JSON summary); its HTML report goes to Flyte's report."""
    from ..sleep.flyte_driver import task_engine

    engine = task_engine()
    # The cycle is synchronous (snapshot, commit); it runs in a thread while this
    # task's loop carries its phases as nested actions.
    out = await asyncio.to_thread(_cycle, store, iso_now(at), engine)
    html = out.pop("html", None)
    if html:
        await flyte.report.replace.aio(html, do_flush=True)
    return json.dumps(out, sort_keys=True)


def deploy(store: str, *, flyte_config: str | None = None, dry_run: bool = False) -> Any:
    """What ``flyte deploy`` does, from Python: ``flyte.deploy(schedule_env)`` for *store*.

    The module must have been imported with ``SLEEPSTACK_FLYTE_STORE=<store>``
    (the trigger is part of the task's definition); a usage error otherwise.
    """
    from ..errors import UsageError

    if TRIGGER is None or store != _STORE:
        raise UsageError("set SLEEPSTACK_FLYTE_STORE to the store's URL before importing "
                         "sleepstack.deploy.flyte_schedule (the trigger is part of the task)",
                         store=store)
    from ..engines.flyte import _remote_config, remote_init, remote_version

    # The tasks are the installed package's (the image's), not the working directory's.
    remote_init(_remote_config(flyte_config))
    return flyte.deploy(schedule_env, dry_run=dry_run, copy_style="none",
                        version=remote_version(schedule_env.env_vars))
