"""Undo a sleep cycle: revert every write it made, as one audited batch.

Each path the cycle wrote gets back the content it had before the cycle
(from the store's immutable versions) or is deleted when the cycle created
it. The batch is tagged ``undo:<cycle id>``. If any of those paths changed
after the cycle (a later cycle, a curated edit), undoing would destroy that
later change: the undo is refused with :class:`ConflictError` (exit 4) unless
forced. The cycle's own report pages stay (they are the record of what
happened); ``reports/cycles.json`` and ``reports/index.html`` mark it undone.
"""

from __future__ import annotations

import json
import time
from typing import Any

from ..errors import ConflictError, NotFoundError
from ..store import ABSENT, Change, Store
from ..store.audit import sha256_hex
from ..store.erase import redactions_of, resolve_sha
from .cycle import CycleSummary, _build_index, report_location
from .report import CYCLES_PATH, INDEX_PATH, dumps, html_path, json_path, render_index

__all__ = ["undo_cycle"]


def _kept(cycle_id: str) -> set[str]:
    return {json_path(cycle_id), html_path(cycle_id), CYCLES_PATH, INDEX_PATH}


def undo_cycle(store: Store, cycle_id: str, *, actor: str = "sleep:undo", force: bool = False,
               reason: str | None = None) -> CycleSummary:
    """Revert every write of *cycle_id*; returns a summary tagged ``undo:<cycle id>``."""
    from ..engines import cycle_lock

    t0 = time.perf_counter()
    tag = f"undo:{cycle_id}"
    with cycle_lock(store):
        entries = list(store.iter_tx(cycle=cycle_id))
        if not entries:
            raise NotFoundError(f"no sleep cycle {cycle_id!r} in the audit log", cycle=cycle_id)
        if any(True for _ in store.iter_tx(cycle=tag)) and not force:
            raise ConflictError(f"cycle {cycle_id} was already undone", cycle=cycle_id)
        before: dict[str, str | None] = {}
        after: dict[str, str | None] = {}
        for e in entries:
            path = str(e["path"])
            before.setdefault(path, e.get("old_sha"))
            after[path] = e.get("new_sha")
        kept = _kept(cycle_id)
        changes: list[Change] = []
        conflicts: list[str] = []
        # An erasure since the cycle replaced some of its versions by redacted ones:
        # those files are what the cycle wrote, minus the erased bytes — no conflict.
        redacted = redactions_of(store.audit_entries())
        for path in before:
            if path in kept:
                continue
            current = store.sha(path)
            wrote = after[path]
            if current != wrote and (wrote is None or current != resolve_sha(redacted, wrote)):
                conflicts.append(path)
            old = before[path]
            if old == current:
                continue
            expected = current if current is not None else ABSENT
            if old is None:
                changes.append(Change("delete", path, None, expected))
            else:
                changes.append(Change("write", path, store.blob_text(old), expected))
        if conflicts and not force:
            raise ConflictError(
                f"cannot undo {cycle_id}: {len(conflicts)} path(s) changed since the cycle "
                f"({', '.join(conflicts[:5])}{' …' if len(conflicts) > 5 else ''}); "
                "use --force to overwrite them",
                cycle=cycle_id,
                paths=conflicts,
            )
        changes.extend(_mark_undone(store, cycle_id))
        store.apply(changes, actor=actor, reason=reason or f"undo sleep cycle {cycle_id}",
                    cycle=tag)
        timings = {"undo": round(time.perf_counter() - t0, 4)}
        # The index still holds what the cycle wrote; it must follow the files back.
        index = _build_index(store, tag, timings)
    return CycleSummary(
        cycle_id=tag,
        key="",
        timings_s=timings,
        index=index,
        report=report_location(store, html_path(cycle_id)),
        changed=sorted(c.path for c in changes),
        warnings=[f"forced over later changes to {p}" for p in conflicts],
        undone=cycle_id,
    )


def _mark_undone(store: Store, cycle_id: str) -> list[Change]:
    """``cycles.json`` and ``index.html`` with the cycle marked undone."""
    try:
        raw = store.read_bytes(CYCLES_PATH)
    except NotFoundError:
        return []
    try:
        cycles: list[dict[str, Any]] = [c for c in json.loads(raw) if isinstance(c, dict)]
    except (ValueError, TypeError):
        return []
    for c in cycles:
        if c.get("cycle_id") == cycle_id:
            c["undone"] = True
    out = [Change("write", CYCLES_PATH, dumps(cycles), sha256_hex(raw))]
    index_sha = store.sha(INDEX_PATH)
    out.append(Change("write", INDEX_PATH, render_index(cycles), index_sha or ABSENT))
    return out
