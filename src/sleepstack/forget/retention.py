"""Retention: old versions and archived proposals past their keep, erased by the sleep cycle.

``[retention]`` in ``sleepstack.toml``::

    [retention]
    versions_keep = 20   # the newest N versions of a path are always kept …
    versions_days = 90   # … and so is every version younger than this: whichever is longer
    archive_days = 90    # archived proposal verdicts older than this go (0: keep forever)

A version goes only when it is both beyond the newest ``versions_keep`` of its
path and older than ``versions_days``; the current content is never touched, a
blob that also backs a kept version of any path stays, and raw logs (whose
"versions" are the appended chunks of the current file) are left alone. The
erasure is an ordinary redaction record of kind ``retention`` (ADR 0004), so
``audit verify`` accounts for every version it removed.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from ..errors import UsageError
from ..store import Store
from ..store.erase import REDACT_OP, ErasurePlan, redactions_of
from .engine import new_forget_id
from .select import Catalog

__all__ = ["Retention", "apply_retention", "plan_retention"]

ACTOR = "sleepstack:retention"


@dataclass(frozen=True)
class Retention:
    """The ``[retention]`` settings."""

    versions_keep: int = 20
    versions_days: int = 90
    archive_days: int = 90

    @classmethod
    def from_config(cls, raw: dict[str, Any]) -> Retention:
        """Read ``[retention]`` (defaults for absent keys; refuse nonsense)."""
        section = raw.get("retention", {})
        if not isinstance(section, dict):
            raise UsageError("[retention] must be a table")
        values: dict[str, int] = {}
        for key in ("versions_keep", "versions_days", "archive_days"):
            if key in section:
                value = section[key]
                if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                    raise UsageError(f"[retention] {key} must be a whole number >= 0",
                                     key=key)
                values[key] = value
        unknown = set(section) - {"versions_keep", "versions_days", "archive_days"}
        if unknown:
            raise UsageError(f"unknown [retention] setting {sorted(unknown)[0]!r}")
        return cls(**values)


def _parse(at: str) -> datetime:
    return datetime.fromisoformat(at.replace("Z", "+00:00"))


def plan_retention(store: Store, policy: Retention, now: datetime) -> ErasurePlan:
    """What retention erases now (an empty plan when nothing is due)."""
    cat = Catalog(store)
    plan = ErasurePlan(forget_id=new_forget_id(), derived=(),
                       target={"kind": "retention", "versions_keep": policy.versions_keep,
                               "versions_days": policy.versions_days,
                               "archive_days": policy.archive_days})
    cutoff = now - timedelta(days=policy.versions_days)
    doomed: set[str] = set()
    kept: set[str] = set()
    history: dict[str, list[tuple[str, datetime]]] = {}
    for e in cat.entries:
        if e.get("op") == REDACT_OP and e.get("at"):
            # An erasure's replacement content is a version of its path (maybe the current one).
            for rpath, (_old, new) in (e.get("files") or {}).items():
                history.setdefault(str(rpath), []).append((str(new or ""), _parse(str(e["at"]))))
            continue
        path, sha = e.get("path"), e.get("new_sha")
        if not path or e.get("op") not in ("write", "delete") or not e.get("at"):
            continue
        history.setdefault(str(path), []).append((str(sha or ""), _parse(str(e["at"]))))
    for path, versions in history.items():
        if path.startswith("memory/log/"):
            continue
        for age_rank, (sha, at) in enumerate(reversed(versions)):
            if not sha:
                continue
            if age_rank >= max(1, policy.versions_keep) and at < cutoff:
                doomed.add(sha)
            else:
                kept.add(sha)
    # The current content of every path is its last audited version (read from the
    # log, not from the files: this runs every cycle and must not read the whole tree).
    for versions in history.values():
        if versions[-1][0]:
            kept.add(versions[-1][0])
    if policy.archive_days:
        old = now - timedelta(days=policy.archive_days)
        for path in store.list("staging/archive"):
            written = history.get(path)
            if written and written[-1][1] < old:
                plan.files[path] = None
                doomed.update(sha for sha, _ in written if sha)
                kept.discard(written[-1][0])
    gone = redactions_of(cat.entries).blobs  # erased before: nothing left to erase
    for sha in sorted(doomed - kept - set(gone)):
        plan.blobs[sha] = None
    plan.counts = {k: v for k, v in (("versions.erased", len(plan.blobs)),
                                     ("staging.removed", len(plan.files))) if v}
    return plan


def apply_retention(store: Store, raw_config: dict[str, Any],
                    now: datetime | None = None) -> dict[str, Any]:
    """Erase what retention says is due; returns ``{seq, counts}`` (seq None: nothing due)."""
    policy = Retention.from_config(raw_config)
    with store.fs.lock():
        store._recover_if_needed()
        plan = plan_retention(store, policy, now or datetime.now(UTC))
        if plan.empty:
            return {"seq": None, "counts": {}}
        record = store.erase(plan, actor=ACTOR, reason="retention: versions and archived"
                             " proposals past their keep")
    return {"seq": record["seq"], "counts": plan.counts}
