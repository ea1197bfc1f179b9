"""Engines run a sleep cycle's plan: ``local`` (default) in this process.

``get_engine("local")`` gives :class:`LocalEngine`; ``flyte`` runs each phase
as a Flyte task where the optional ``flyte`` extra is installed and an engine
module for it exists.
"""

from __future__ import annotations

from typing import Any

from ..errors import UsageError
from ..registry import Implementation, load_implementation
from .base import KILL_ENV, Engine, kill_point
from .local import LocalEngine
from .schedule import CRON_EXAMPLE, cycle_lock, parse_duration, run_schedule

__all__ = [
    "CRON_EXAMPLE",
    "ENGINES",
    "KILL_ENV",
    "KNOWN_ENGINES",
    "Engine",
    "LocalEngine",
    "cycle_lock",
    "get_engine",
    "kill_point",
    "parse_duration",
    "run_schedule",
]

#: engine name -> its class ("module:Class"), imported when asked for
KNOWN_ENGINES: dict[str, Implementation] = {
    "local": Implementation("sleepstack.engines.local:LocalEngine"),
    "flyte": Implementation("sleepstack.engines.flyte:FlyteEngine",
                            "install sleepstack[flyte]"),
}
ENGINES = tuple(KNOWN_ENGINES)


def get_engine(name: str | Engine = "local", **options: Any) -> Engine:
    """The engine called *name* (an :class:`Engine` instance is passed through)."""
    if not isinstance(name, str):
        return name
    kind = name.strip().lower()
    if kind not in KNOWN_ENGINES:
        raise UsageError(f"unknown engine {name!r}: use one of {', '.join(ENGINES)}",
                         engine=name)
    engine: Engine = load_implementation(KNOWN_ENGINES, kind, what="engine",
                                         engine=name)(**options)
    return engine
