"""sleepstack: long-term memory for AI agents.

Reading memory (the wake path: fast, read-only, cited) and writing memory (the
sleep path: validated, consolidated, audited, reversible) are split in time.
"""

from .api import Memory
from .errors import SleepstackError
from .version import __version__

__all__ = ["Memory", "SleepstackError", "__version__"]
