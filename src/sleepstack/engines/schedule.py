"""Running cycles on a schedule, and the lock that keeps two cycles from overlapping.

The lock is an ``flock`` on ``<home>/.sleep.lock``: a dot file in the home,
outside the audited tree. It is taken without waiting, so a second scheduler,
or a manual ``sleepstack sleep`` while a scheduler or another cycle holds it,
fails at once with :class:`~sleepstack.errors.LockHeldError` (exit 4) instead
of queueing behind it. Inside one process the lock is re-entrant for the
thread that holds it (the scheduler runs its cycles under its own lock). For
fsspec stores there is no shared lock file; the lock is per process.

The equivalent cron line for a 6-hour schedule::

    0 */6 * * *  sleepstack sleep --home ~/.sleepstack --json >> ~/.sleepstack/cron.log 2>&1
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import re
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

from ..errors import LockHeldError, UsageError
from ..store import Store

__all__ = ["CRON_EXAMPLE", "LOCK_NAME", "cycle_lock", "parse_duration", "run_schedule"]

LOCK_NAME = ".sleep.lock"
CRON_EXAMPLE = (
    "0 */6 * * *  sleepstack sleep --home ~/.sleepstack --json "
    ">> ~/.sleepstack/cron.log 2>&1"
)
_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
_DUR_RE = re.compile(r"(\d+(?:\.\d+)?)([smhd])")

_GUARD = threading.Lock()
#: store url -> (owning thread id, depth, fd or None)
_HELD: dict[str, tuple[int, int, int | None]] = {}


def parse_duration(text: str) -> float:
    """Seconds in ``"6h"``, ``"90m"``, ``"1h30m"``, ``"45s"`` or ``"2d"``."""
    s = str(text).strip().lower()
    pos = 0
    total = 0.0
    for m in _DUR_RE.finditer(s):
        if m.start() != pos:
            break
        total += float(m.group(1)) * _UNITS[m.group(2)]
        pos = m.end()
    if not s or pos != len(s) or total <= 0:
        raise UsageError(f"invalid duration {text!r}: use e.g. 6h, 90m, 1h30m, 45s, 2d",
                         duration=text)
    return total


@contextlib.contextmanager
def cycle_lock(store: Store) -> Iterator[None]:
    """Hold the sleep lock of *store* (non-blocking; :class:`LockHeldError` when taken)."""
    url = store.url
    me = threading.get_ident()
    with _GUARD:
        held = _HELD.get(url)
        if held is not None:
            owner, depth, fd = held
            if owner != me:
                raise LockHeldError("another sleep cycle in this process holds the lock",
                                    home=url)
            _HELD[url] = (owner, depth + 1, fd)
            reentered = True
        else:
            reentered = False
    if reentered:
        try:
            yield
        finally:
            with _GUARD:
                owner, depth, fd = _HELD[url]
                _HELD[url] = (owner, depth - 1, fd)
        return
    fd = _acquire_file(store)
    with _GUARD:
        _HELD[url] = (me, 1, fd)
    try:
        yield
    finally:
        with _GUARD:
            del _HELD[url]
        if fd is not None:
            fcntl.flock(fd, fcntl.LOCK_UN)
            os.close(fd)


def _acquire_file(store: Store) -> int | None:
    root = store.fs.local_path()
    if root is None:
        return None
    path = root / LOCK_NAME
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        holder = ""
        with contextlib.suppress(OSError):
            holder = os.pread(fd, 64, 0).decode(errors="replace").strip()
        os.close(fd)
        raise LockHeldError(
            "another sleep cycle or scheduler is running on this store"
            + (f" (pid {holder})" if holder else ""),
            home=store.url,
            lock=str(path),
        ) from None
    # Who holds it, for the message a second process prints.
    os.ftruncate(fd, 0)
    os.pwrite(fd, str(os.getpid()).encode(), 0)
    return fd


def run_schedule(
    store: Store,
    run_once: Callable[[], Any],
    *,
    every: float,
    max_cycles: int | None = None,
    on_result: Callable[[Any], None] | None = None,
    on_error: Callable[[BaseException], None] | None = None,
    sleep: Callable[[float], None] = time.sleep,
) -> int:
    """Run ``run_once`` every *every* seconds in the foreground, under the lock.

    The first cycle runs at once. A failing cycle is reported through
    *on_error* and the schedule continues (the next run retries it). Returns
    the number of cycles run.
    """
    done = 0
    with cycle_lock(store):
        while max_cycles is None or done < max_cycles:
            started = time.monotonic()
            try:
                result = run_once()
            except LockHeldError:
                raise
            except Exception as exc:
                if on_error is None:
                    raise
                on_error(exc)
            else:
                if on_result is not None:
                    on_result(result)
            done += 1
            if max_cycles is not None and done >= max_cycles:
                break
            sleep(max(0.0, every - (time.monotonic() - started)))
    return done
