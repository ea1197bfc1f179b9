"""Reading memory straight from the store's files, for what the index does not cover.

Three uses, all read-only:

* the *tail*: raw-log bytes appended after the generation's watermark, so an
  agent always finds the turns it just logged (read-your-writes);
* user files and documents that changed since the generation was built (a
  sleep cycle just promoted something; a document was just ingested);
* everything, when the index is missing or broken (degraded mode).

A file that cannot be read or parsed is skipped, never fatal: one broken
layer must not take the others down.
"""

from __future__ import annotations

import os
from collections.abc import Iterable

from ..errors import SleepstackError
from ..index.rows import Row, rows_for_file, source_kind, turn_rows
from ..layers.rawlog import user_log_prefix
from ..store import Store
from ..store.audit import sha256_hex

__all__ = ["all_rows", "changed_rows", "read_from", "tail_rows"]


def read_from(store: Store, path: str, offset: int) -> bytes:
    """The bytes of *path* from *offset* on (a seek for local stores)."""
    root = store.fs.local_path()
    if root is not None:
        with open(os.path.join(root, path), "rb") as fh:
            fh.seek(offset)
            return fh.read()
    ranged = getattr(store.fs, "read_from", None)  # object storage: one ranged GET
    if ranged is not None and offset > 0:
        data: bytes = ranged(path, offset)
        return data
    return store.read_bytes(path)[offset:]


def _list(store: Store, prefix: str) -> list[str]:
    # The filesystem's own listing: Store.list refuses ``user/<u>`` (not a file path),
    # and every prefix here is built from a validated user id.
    try:
        return store.fs.list(prefix)
    except (SleepstackError, OSError):
        return []


def _log_sizes(store: Store, prefix: str) -> dict[str, int]:
    """Size of every file in a raw-log folder (one ``scandir`` for local stores).

    This runs on every recall, and a year of daily logs is hundreds of files.
    """
    root = store.fs.local_path()
    listed = getattr(store.fs, "list_sizes", None)  # object storage: sizes come with the LIST
    if root is None and listed is not None:
        try:
            sizes: dict[str, int] = listed(prefix)
            return sizes
        except (OSError, SleepstackError):
            return {}
    if root is None:
        out: dict[str, int] = {}
        for path in _list(store, prefix):
            try:
                out[path] = store.fs.size(path)
            except (OSError, SleepstackError):
                continue
        return out
    try:
        with os.scandir(os.path.join(root, prefix)) as it:
            return {f"{prefix}/{e.name}": e.stat().st_size for e in it
                    if e.is_file() and not e.name.startswith(".")}
    except OSError:
        return {}


def tail_rows(store: Store, user: str, watermarks: dict[str, int],
              seen: dict[str, int] | None = None) -> list[Row]:
    """Turns of *user* past the indexed watermark of each raw-log file (new files: all).

    *seen*, when given, receives the size each file had when it was listed
    (every read of it came after: :mod:`.fresh` confirms appends with it).
    """
    out: list[Row] = []
    sizes = _log_sizes(store, user_log_prefix(user))
    if seen is not None:
        seen.update(sizes)
    for path, size in sorted(sizes.items()):
        mark = watermarks.get(path, 0)
        if size <= mark or source_kind(path) != "raw":
            continue
        try:
            data = read_from(store, path, mark)
        except (OSError, SleepstackError):
            continue
        out.extend(turn_rows(data, user, path)[0])
    return out


def changed_rows(
    store: Store, prefix: str, indexed: dict[str, tuple[str, int]], *, by_size: bool = False
) -> tuple[list[Row], set[str]]:
    """Rows of non-raw sources under *prefix* that differ from the index, and their paths.

    The paths returned must be hidden from the index's answers (their indexed
    rows are stale). With *by_size*, only the size is compared (large
    reference documents; a same-size rewrite waits for the next ``index``).
    """
    rows: list[Row] = []
    changed: set[str] = set()
    present: set[str] = set()
    sizes = _log_sizes(store, prefix) if by_size and store.fs.local_path() is None else None
    for path in _list(store, prefix) if sizes is None else sorted(sizes):
        kind = source_kind(path)
        if kind is None or kind == "raw":
            continue
        present.add(path)
        old = indexed.get(path)
        try:
            size = sizes[path] if sizes is not None else None
            if by_size and old is not None and (
                    size if size is not None else store.fs.size(path)) == old[1]:
                continue
            data = store.read_bytes(path)
        except (OSError, SleepstackError):
            continue
        if old is not None and sha256_hex(data) == old[0]:
            continue
        changed.add(path)
        try:
            rows.extend(rows_for_file(path, data))
        except Exception:  # a malformed file must not break recall
            continue
    changed.update(p for p in indexed if source_kind(p) not in (None, "raw") and p not in present)
    return rows, changed


def all_rows(store: Store, user: str, prefixes: Iterable[str] | None = None) -> list[Row]:
    """Every row of the user's raw log, the user's files and the reference topics."""
    wanted = prefixes or (user_log_prefix(user), f"user/{user}", "memory/topics")
    out: list[Row] = []
    for prefix in wanted:
        for path in _list(store, prefix):
            if source_kind(path) is None:
                continue
            try:
                out.extend(rows_for_file(path, store.read_bytes(path)))
            except Exception:
                continue
    return out
