"""The versioned, audited, policy-checked file store (ARCHITECTURE.md §2)."""

from .audit import Break, blob_path
from .fs import FsspecFS, LocalFS, StoreFS, open_fs
from .store import ABSENT, DEFAULT_MAX_BYTES, Change, Store, VerifyReport, Version

__all__ = [
    "ABSENT",
    "DEFAULT_MAX_BYTES",
    "Break",
    "Change",
    "FsspecFS",
    "LocalFS",
    "Store",
    "StoreFS",
    "VerifyReport",
    "Version",
    "blob_path",
    "open_fs",
]
