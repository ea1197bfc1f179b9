"""sleepstack: long-term memory for AI agents.

Reading memory (the wake path: fast, read-only, cited) and writing memory (the
sleep path: validated, consolidated, audited, reversible) are split in time.
"""

from typing import TYPE_CHECKING, Any

from .errors import SleepstackError

if TYPE_CHECKING:
    from .api import Memory

__all__ = ["Memory", "SleepstackError", "__version__"]

__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    # Memory is imported on first use: the CLI's entry point (``sleepstack.cli``)
    # is inside this package and must be able to start without numpy and the store.
    if name == "Memory":
        from .api import Memory

        return Memory
    raise AttributeError(f"module 'sleepstack' has no attribute {name!r}")
