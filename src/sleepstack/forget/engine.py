"""``forget``: erase a turn, a session, a fact, a user or a string everywhere it went.

Holds the sleep lock (a cycle computed from the old bytes must not commit
after the erasure), plans under the store lock, hands the plan to
:meth:`Store.erase` (the redaction record and its execution, ADR 0004) and
then rebuilds the index from the erased tree.
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from ..errors import SleepstackError, UsageError
from ..store import Store
from .plan import Planned, plan_erasure
from .target import ForgetTarget
from .transform import encodings, redact_text

__all__ = ["ForgetSummary", "forget", "new_forget_id"]


@dataclass
class ForgetSummary:
    """What one ``forget`` did (or, with ``dry_run``, would do)."""

    forget_id: str
    target: dict[str, Any]
    dry_run: bool
    #: changes per ``area.action`` (``memory.rewritten``, ``versions.erased``, …)
    counts: dict[str, int] = field(default_factory=dict)
    #: every place that changes (``--dry-run`` lists them)
    places: list[dict[str, Any]] = field(default_factory=list)
    bytes_rewritten: int = 0
    #: bytes of files and versions deleted whole
    bytes_removed: int = 0
    seconds: float = 0.0
    #: the redaction record's audit seq (None: dry run, or nothing to erase)
    seq: int | None = None
    index: dict[str, Any] | None = None
    warnings: list[str] = field(default_factory=list)

    @property
    def changed(self) -> int:
        """How many places change."""
        return sum(self.counts.values())

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"forget_id": self.forget_id, "target": self.target, "dry_run": self.dry_run,
                "counts": self.counts, "changed": self.changed, "places": self.places,
                "bytes_rewritten": self.bytes_rewritten, "bytes_removed": self.bytes_removed,
                "seconds": self.seconds,
                "seq": self.seq, "index": self.index, "warnings": self.warnings}


def new_forget_id() -> str:
    """A fresh erasure id (random: it must not depend on the erased bytes)."""
    return f"f-{datetime.now(UTC):%Y%m%d}-{secrets.token_hex(5)}"


def forget(store: Store, target: ForgetTarget, *, reason: str, actor: str,
           dry_run: bool = False, embedder: str | None = None,
           rebuild_index: bool = True) -> ForgetSummary:
    """Erase *target* (see the module docstring); *reason* is required."""
    from ..engines import cycle_lock

    if not isinstance(reason, str) or not reason.strip():
        raise UsageError("forget needs a --reason (it is recorded in the audit)")
    t0 = time.perf_counter()
    fid = new_forget_id()
    # A reason may quote what it erases; the record must not.
    if target.text is not None:
        reason = redact_text(reason, encodings(target.text))
    with cycle_lock(store):
        with store.fs.lock():
            store._recover_if_needed()  # a half-done erasure first: it changes the tree
            planned = plan_erasure(store, target, fid)
            if dry_run or planned.plan.empty:
                return _summary(fid, target, planned, dry_run=dry_run, t0=t0)
            record = store.erase(planned.plan, actor=actor, reason=reason)
        summary = _summary(fid, target, planned, dry_run=False, t0=t0)
        summary.seq = int(record["seq"])
        if rebuild_index:
            try:
                summary.index = _rebuild_index(store, embedder)
            except SleepstackError as exc:
                # The erasure is complete; without an index recall reads the files.
                summary.warnings.append(f"index rebuild failed ({exc.message}); recall"
                                        " reads the files until the next build")
    summary.seconds = round(time.perf_counter() - t0, 4)
    return summary


def _summary(fid: str, target: ForgetTarget, planned: Planned, *, dry_run: bool,
             t0: float) -> ForgetSummary:
    return ForgetSummary(forget_id=fid, target=target.describe(), dry_run=dry_run,
                         counts=dict(sorted(planned.plan.counts.items())),
                         places=planned.places, bytes_rewritten=planned.bytes_rewritten,
                         bytes_removed=planned.bytes_removed,
                         seconds=round(time.perf_counter() - t0, 4))


def _rebuild_index(store: Store, embedder: str | None) -> dict[str, Any]:
    """A fresh generation from the erased tree (the old ones were deleted)."""
    from ..index.build import build_generation

    return build_generation(store, embedder=embedder, full=True).to_dict()
