"""The engine interface: something that runs a :class:`~sleepstack.sleep.plan.Plan`.

An engine receives only serialisable values (the plan's phases are module
level functions; the state is JSON-ready), so the same plan runs in-process
(:class:`~sleepstack.engines.local.LocalEngine`) or as remote tasks.
"""

from __future__ import annotations

import os
import signal
from typing import Protocol, runtime_checkable

from ..sleep.plan import CycleState, Plan

__all__ = ["KILL_ENV", "Engine", "kill_point"]

#: test hook: ``SLEEPSTACK_TEST_KILL_AT=<phase>`` SIGKILLs the process inside that phase
KILL_ENV = "SLEEPSTACK_TEST_KILL_AT"


@runtime_checkable
class Engine(Protocol):
    """Runs the phases of a plan over a cycle state, in order."""

    name: str

    def run(self, plan: Plan, state: CycleState) -> CycleState:
        """Run every phase; return the state with its changeset, counts and timings."""
        ...


def kill_point(phase: str) -> None:
    """Die here, abruptly, when the test hook names this phase (crash-resume tests)."""
    if os.environ.get(KILL_ENV) == phase:
        os.kill(os.getpid(), signal.SIGKILL)
