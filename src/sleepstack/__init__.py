"""sleepstack: long-term memory for AI agents.

Reading memory (the wake path: fast, read-only, cited) and writing memory (the
sleep path: validated, consolidated, audited, reversible) are split in time.
"""

from typing import TYPE_CHECKING as _TYPE_CHECKING
from typing import Any as _Any

from .errors import SleepstackError
from .version import __version__

if _TYPE_CHECKING:
    from .api import Memory

__all__ = ["Memory", "SleepstackError", "__version__"]


def __getattr__(name: str) -> _Any:
    # Memory is imported on first use: the CLI's entry point (``sleepstack.cli``)
    # is inside this package and must be able to start without numpy and the store.
    if name == "Memory":
        from .api import Memory

        return Memory
    raise AttributeError(f"module 'sleepstack' has no attribute {name!r}")
