"""Where a store keeps what lives outside its audited tree, on a local disk.

Derived data (the index generations, the consolidation cache) is not part of
the audited tree. A local store keeps it in its home (``<home>/index``,
``<home>/cache/consolidate``); a store given by URL keeps it in a local cache
directory keyed by the URL (SQLite needs a local file anyway). The store's
erasure purges these places, the index and the sleep cycle use them, so they
are decided here, below all three.
"""

from __future__ import annotations

import hashlib
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from ..environment import current

if TYPE_CHECKING:  # the type only: the store purges through these functions
    from .store import Store

__all__ = ["consolidate_cache_dir", "index_dir"]


def _cache_root() -> Path:
    # The user's cache directory (XDG), or SLEEPSTACK_CACHE to put it elsewhere.
    env = current()  # what the entry point installed (sleepstack.environment)
    explicit = env.get("SLEEPSTACK_CACHE")
    if explicit:
        return Path(explicit) / "index"
    xdg = env.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "sleepstack" / "index"


def index_dir(store: Store) -> Path:
    """The directory holding this store's index generations (not created here)."""
    local = store.fs.local_path()
    if local is not None:
        return local / "index"
    key = hashlib.sha256(store.url.encode("utf-8")).hexdigest()[:20]
    return _cache_root() / key


def consolidate_cache_dir(store: Store) -> str:
    """Consolidation's cache: in the home, outside the audited tree (a temp dir for URLs)."""
    root = store.fs.local_path()
    if root is not None:
        return str(root / "cache" / "consolidate")
    key = hashlib.sha256(store.url.encode()).hexdigest()[:16]
    return str(Path(tempfile.gettempdir()) / "sleepstack-consolidate" / key)
