"""An opt-in results cache for recall (``[retrieval] cache_enabled`` / ``cache_ttl_seconds``).

A hit is served only while nothing it depends on changed. Each entry carries
the *state* of the memory it was computed from and is dropped when that state
moves on:

* the index generation (a sleep cycle, ``index``, ``forget`` all publish a new one);
* the user's raw-log files (size and, on local stores, mtime in ns): a new
  turn, an import, a tombstone written by ``forget``;
* the user's own files (notes, facts, summaries: size and mtime), which
  ``review accept`` or a promotion may change without a new generation;

and in any case after its TTL. Reading the state is a few ``stat`` calls, so
a hit costs far less than a recall. The cache lives in the process (a server,
an agent's library); a CLI call is its own process and never benefits.
"""

from __future__ import annotations

import os
import threading
import time
from collections import OrderedDict
from datetime import datetime

from ..index.location import current_generation, index_dir
from ..layers.rawlog import user_log_prefix
from ..store import Store
from .context import Context

__all__ = ["ResultsCache", "memory_state", "results_cache"]

_State = tuple[object, ...]


def _tree_state(store: Store, prefix: str) -> tuple[tuple[str, int, int], ...]:
    """(path, size, mtime_ns) of every file under *prefix*, sorted."""
    root = store.fs.local_path()
    out: list[tuple[str, int, int]] = []
    if root is not None:
        base = os.path.join(root, prefix)
        for dirpath, _dirs, files in os.walk(base):
            for name in files:
                full = os.path.join(dirpath, name)
                try:
                    st = os.stat(full)
                except OSError:
                    continue
                out.append((os.path.relpath(full, base), st.st_size, st.st_mtime_ns))
        return tuple(sorted(out))
    try:
        paths = store.fs.list(prefix)
    except Exception:  # an unreadable listing: a state that never matches again
        return (("?", time.monotonic_ns(), 0),)
    for path in paths:
        try:
            out.append((path, store.fs.size(path), 0))
        except Exception:
            out.append((path, -1, time.monotonic_ns()))
    return tuple(sorted(out))


def memory_state(store: Store, user: str) -> _State:
    """What a cached recall for *user* depends on (see the module docstring)."""
    directory = index_dir(store)
    gen = current_generation(directory)
    gen_ident: object = None
    if gen is not None:
        try:
            st = gen[1].stat()
            gen_ident = (gen[0], st.st_size, st.st_mtime_ns)
        except OSError:
            gen_ident = (gen[0], None)
    return (gen_ident, _tree_state(store, user_log_prefix(user)),
            _tree_state(store, f"user/{user}"), _tree_state(store, "memory/topics"))


class ResultsCache:
    """LRU of recall results with a TTL, validated against the memory's state on every hit."""

    def __init__(self, max_entries: int = 256) -> None:
        self.max_entries = max_entries
        self._lock = threading.Lock()
        self._data: OrderedDict[tuple[object, ...], tuple[float, _State, Context]] = \
            OrderedDict()
        self.hits = 0
        self.misses = 0

    @staticmethod
    def key(store: Store, query: str, user: str, session: str | None, budget_tokens: int,
            include_flagged: bool, config: object, now: datetime | None) -> tuple[object, ...]:
        """The cache key of one recall call (the config is a frozen dataclass: hashable)."""
        return (store.url, query, user, session, budget_tokens, include_flagged, config,
                now.isoformat() if now is not None else None)

    def get(self, key: tuple[object, ...], state: _State, ttl_s: float) -> Context | None:
        """The cached Context, if fresh and computed from *state*."""
        with self._lock:
            entry = self._data.get(key)
            if entry is None:
                self.misses += 1
                return None
            at, old_state, ctx = entry
            if time.monotonic() - at > ttl_s or old_state != state:
                del self._data[key]
                self.misses += 1
                return None
            self._data.move_to_end(key)
            self.hits += 1
            return ctx

    def put(self, key: tuple[object, ...], state: _State, ctx: Context) -> None:
        """Remember *ctx* for *key*, computed from *state*."""
        with self._lock:
            self._data[key] = (time.monotonic(), state, ctx)
            self._data.move_to_end(key)
            while len(self._data) > self.max_entries:
                self._data.popitem(last=False)

    def clear(self) -> None:
        """Drop every entry."""
        with self._lock:
            self._data.clear()


#: the process-wide cache recall uses when the config enables it
results_cache = ResultsCache()
