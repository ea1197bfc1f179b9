"""Crash-test hooks: die at a named point when the test environment asks for it.

Crash tests run a cycle or an erasure in a subprocess with
``SLEEPSTACK_TEST_KILL_AT=<point>`` and check what the next open recovers. The
hook reads the environment at the point itself (the process is the test's), so
this is the one module below the entry points that reads ``os.environ``; it
carries no configuration.
"""

from __future__ import annotations

import os
import signal

__all__ = ["KILL_ENV", "kill_point"]

KILL_ENV = "SLEEPSTACK_TEST_KILL_AT"


def kill_point(name: str) -> None:
    """Die here, abruptly (SIGKILL), when the crash-test hook names this point."""
    if os.environ.get(KILL_ENV) == name:
        os.kill(os.getpid(), signal.SIGKILL)
