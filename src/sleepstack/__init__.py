"""sleepstack: long-term memory for AI agents.

Reading memory (the wake path: fast, read-only, cited) and writing memory (the
sleep path: validated, consolidated, audited, reversible) are split in time.
"""

from .api import Memory
from .errors import SleepstackError

__all__ = ["Memory", "SleepstackError", "__version__"]

__version__ = "0.1.0"
