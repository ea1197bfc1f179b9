"""Group commit: mutations that arrive while another commits share its log append.

On object storage every commit point is one conditional PUT of a log segment,
and a round trip costs milliseconds. Threads of one process that call
``Store.apply`` while a commit is in flight (an API server logging turns and
taking proposals for many users) queue here; the first in line becomes the
*leader*, takes the store lock once, and commits the queued mutations together:
each keeps its own ``tx`` and entries (so undo, history and ``audit verify``
see them exactly as if committed one by one), but all go into one segment and
one write per touched file. A mutation that fails its own checks (a stale
``expected_sha``, a collision) fails alone; the others still commit.

Mutations with a *guard* (a check that reads the store, such as unique turn
ids) are committed alone: a guard reads the working files, which do not yet
show the other members of a group.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .store import Change

__all__ = ["MAX_GROUP", "GroupCommit", "Pending"]

#: at most this many mutations per group (bounds the segment and the leader's latency)
MAX_GROUP = 64


@dataclass
class Pending:
    """One caller's mutation, waiting for a leader to commit it."""

    changes: Sequence[Change]
    actor: str
    reason: str
    cycle: str | None = None
    extra: dict[str, Any] | None = None
    guard: Callable[[], None] | None = None
    entries: list[dict[str, Any]] | None = None
    error: BaseException | None = None
    done: bool = False
    #: set by the leader: how many mutations shared this one's commit
    group_size: int = field(default=1)

    def result(self) -> list[dict[str, Any]]:
        """The committed entries, or the exception this mutation failed with."""
        if self.error is not None:
            raise self.error
        assert self.entries is not None
        return self.entries


class GroupCommit:
    """A queue of pending mutations and at most one leader committing them."""

    def __init__(self) -> None:
        self._cv = threading.Condition()
        self._queue: list[Pending] = []
        self._leading = False

    def submit(self, item: Pending, commit: Callable[[list[Pending]], None]
               ) -> list[dict[str, Any]]:
        """Commit *item*, alone or with others queued at the same time; its entries.

        *commit* gets a batch and must set ``entries`` or ``error`` on each member.
        """
        with self._cv:
            self._queue.append(item)
        while True:
            with self._cv:
                while self._leading and not item.done:
                    self._cv.wait()
                if item.done:
                    return item.result()
                # Lead one group; the queue's head (maybe not this item) goes first.
                self._leading = True
                batch = self._take()
            try:
                commit(batch)
            except BaseException as exc:  # the whole group failed (e.g. the lock)
                for member in batch:
                    if member.entries is None and member.error is None:
                        member.error = exc
            finally:
                with self._cv:
                    for member in batch:
                        member.done = True
                        member.group_size = len(batch)
                    self._leading = False
                    self._cv.notify_all()

    def _take(self) -> list[Pending]:
        # The queue's head first; a guarded mutation goes alone (see the module doc).
        first = self._queue[0]
        if first.guard is not None:
            batch = [first]
        else:
            batch = []
            for member in self._queue:
                if member.guard is not None or len(batch) >= MAX_GROUP:
                    break
                batch.append(member)
        del self._queue[:len(batch)]
        return batch
