"""The engine interface: something that runs a :class:`~sleepstack.plan.Plan`.

An engine receives only serialisable values (the plan's phases are module
level functions; the state is JSON-ready), so the same plan runs in-process
(:class:`~sleepstack.engines.local.LocalEngine`) or as remote tasks.

It also holds what every caching engine keys a work item's result on: the
item, the settings its phase's ``work`` reads (:data:`PHASE_SETTINGS`, through
:func:`cache_settings`) and the code version; never the settings that only
steer *how* work runs (:data:`RUN_SETTINGS`).
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from ..faults import KILL_ENV, kill_point
from ..plan import CycleState, Plan

__all__ = [
    "ALWAYS_KEYED",
    "KILL_ENV",
    "PHASE_SETTINGS",
    "RUN_SETTINGS",
    "Engine",
    "cache_settings",
    "kill_point",
    "run_settings",
]

#: test hook: ``SLEEPSTACK_TEST_KILL_AT=<phase>`` SIGKILLs the process inside that phase

#: settings that steer how work runs, never what it returns (left out of cache keys)
RUN_SETTINGS = ("run_id", "engine", "concurrency", "processes", "cache_dir", "work_cache_dir")

#: in every work item's cache key: a new release (or a new salt) never reuses old results
ALWAYS_KEYED = ("code", "cache_salt")

#: what each default phase's ``work`` reads from the settings (its cache key, with the item)
PHASE_SETTINGS: dict[str, tuple[str, ...]] = {
    "validate": (),
    # the LLM spec and budget decide how facts are extracted; the merge step
    # stamps the cycle id, so one user's unchanged turns hit the cache next cycle
    "extract": ("llm", "token_budget"),
    "resolve": ("cycle_id",),
    # one item per user: embed and cluster its notes (a missing timestamp is
    # filled into the item by split, so the work reads no clock)
    "cluster": ("embedder",),
    # one item per cluster; the merge step stamps the cycle id on merged notes
    "consolidate": ("llm", "token_budget", "embedder"),
    "expire": ("ttl_days", "now"),
    "summarise": ("now", "summary_days"),
    # one item per user / per changed topic; the LLM (when set) reads relations too
    "graph": ("llm", "token_budget"),
    # the index rebuild's plan (sleepstack.index.tasks): the item names its embedder
    "embed": (),
    # the index's shard cut (sleepstack.index.shard_tasks): the item holds its content key
    "shard": (),
}


@runtime_checkable
class Engine(Protocol):
    """Runs the phases of a plan over a cycle state, in order."""

    name: str

    def run(self, plan: Plan, state: CycleState) -> CycleState:
        """Run every phase; return the state with its changeset, counts and timings."""
        ...


def cache_settings(phase: str, settings: dict[str, Any]) -> dict[str, Any]:
    """The settings that decide *phase*'s results: part of each work item's cache key.

    A phase this table does not know (a custom plan) is keyed on every setting
    but the run settings: safe, at the price of fewer hits.
    """
    keys = PHASE_SETTINGS.get(phase)
    if keys is None:
        return {k: v for k, v in settings.items() if k not in RUN_SETTINGS}
    return {k: settings.get(k) for k in (*ALWAYS_KEYED, *keys)}


def run_settings(settings: dict[str, Any]) -> dict[str, Any]:
    """The run settings among *settings* (passed to ``work``, never part of a key)."""
    return {k: settings[k] for k in RUN_SETTINGS if k in settings}
