"""Engines run a sleep cycle's plan: ``local`` (default) in this process.

``get_engine("local")`` gives :class:`LocalEngine`; ``flyte`` runs each phase
as a Flyte task where the optional ``flyte`` extra is installed and an engine
module for it exists.
"""

from __future__ import annotations

import importlib
from typing import Any

from ..errors import UsageError
from .base import KILL_ENV, Engine, kill_point
from .local import LocalEngine
from .schedule import CRON_EXAMPLE, cycle_lock, parse_duration, run_schedule

__all__ = [
    "CRON_EXAMPLE",
    "ENGINES",
    "KILL_ENV",
    "Engine",
    "LocalEngine",
    "cycle_lock",
    "get_engine",
    "kill_point",
    "parse_duration",
    "run_schedule",
]

ENGINES = ("local", "flyte")


def get_engine(name: str | Engine = "local", **options: Any) -> Engine:
    """The engine called *name* (an :class:`Engine` instance is passed through)."""
    if not isinstance(name, str):
        return name
    kind = name.strip().lower()
    if kind == "local":
        return LocalEngine(**options)
    if kind == "flyte":
        try:
            module = importlib.import_module(f"{__name__}.flyte")
        except ImportError as exc:
            raise UsageError(
                "the flyte engine is not available here (install sleepstack[flyte]): "
                f"{exc}", engine=name) from None
        engine: Engine = module.FlyteEngine(**options)
        return engine
    raise UsageError(f"unknown engine {name!r}: use one of {', '.join(ENGINES)}", engine=name)
