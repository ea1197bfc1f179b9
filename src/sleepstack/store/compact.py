"""Compaction of the audit log: bounded opens on object storage (issue #15).

On ``s3://`` the segmented log grows by one object per commit, so reading it
(recovery, history, ``audit verify``, an erasure) costs a LIST page per 1,000
commits and a GET per commit. :func:`compact_log` folds every complete segment
but the newest into one *checkpoint* object (``SegmentLog.compact``), under the
lock and after recovery, and records that it did so as an audit entry of its
own (``op: "compact"``). The entries themselves are carried over byte for byte,
so the hash chain, ``history`` and ``audit verify`` still cover the whole log.
A backend whose log cannot compact (a local file, one log object) is left as
it is. The sleep cycle calls this after its commit.
"""

from __future__ import annotations

import uuid
from typing import TYPE_CHECKING, Any

from .audit import canonical, entry_hash
from .names import now

if TYPE_CHECKING:
    from .store import Store

__all__ = ["ACTOR", "compact_log"]

ACTOR = "sleepstack:compact"
#: fold only when at least this many segments would go (a cycle must stay cheap)
DEFAULT_MIN_OBJECTS = 64


def compact_log(store: Store, *, min_objects: int = DEFAULT_MIN_OBJECTS
                ) -> dict[str, Any] | None:
    """Fold old log segments into one checkpoint; the audit entry, or None if nothing to do."""
    compact = getattr(store._log, "compact", None)
    if compact is None:
        return None
    with store.fs.lock():
        store._recover_if_needed()
        head = store._read_head()
        if not head:
            return None
        # Only complete mutations (up to HEAD) are folded: their blobs exist, so the
        # segments' payloads can go.
        done: dict[str, int] | None = compact(int(head["seq"]), min_objects=min_objects)
        if done is None:
            return None
        seq, prev = store._tail()
        entry: dict[str, Any] = {
            "op": "compact", "path": "", "seq": seq + 1, "actor": ACTOR,
            "reason": f"folded {done['objects']} audit segments (seq {done['first']}.."
                      f"{done['last']}) into one checkpoint object",
            "old_sha": None, "new_sha": None, "checkpoint": done, "at": now(),
            "tx": uuid.uuid4().hex[:16], "tx_n": 1, "prev_hash": prev,
        }
        entry["hash"] = entry_hash(entry)
        store._log.append(canonical(entry) + b"\n", first_seq=seq + 1)
        store._write_head(entry)
        return entry
