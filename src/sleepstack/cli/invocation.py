"""Per-invocation state shared by the CLI commands: the home, output mode, the Memory."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # imported on first use: `sleepstack --help` need not load the library
    from ..api import Memory

__all__ = ["Invocation"]


class Invocation:
    """Lazily opens the store and prints results in the chosen mode."""

    def __init__(self, *, home: str | None, as_json: bool, debug: bool = False) -> None:
        self.home = home
        self.as_json = as_json
        #: ``SLEEPSTACK_DEBUG=1`` (read by the entry point): per-answer timings on stderr
        self.debug = debug
        self._memory: Memory | None = None

    def memory(self) -> Memory:
        """The store at ``--home``; a missing store is a clear error (exit 3)."""
        if self._memory is None:
            from ..api import Memory

            self._memory = Memory(self.home, actor="cli")
        return self._memory

    def emit(self, data: Any, human: Callable[[], None] | str | None = None) -> None:
        """Print *data* as JSON with ``--json``, else the human form."""
        if self.as_json:
            print(json.dumps(data, ensure_ascii=False, default=str))
        elif callable(human):
            human()
        elif human is not None:
            print(human)
        else:
            print(json.dumps(data, ensure_ascii=False, indent=2, default=str))

    @staticmethod
    def note(message: str) -> None:
        """A progress or log line, always on stderr."""
        print(message, file=sys.stderr)
