"""Proposals held for a person: ``sleepstack review list|accept|reject``.

A ``review`` verdict moves a proposal to ``staging/review/<id>.json`` (with
the validator's reasons); it stays there across cycles until a person
decides. Accepting promotes it exactly as a cycle would (a quoted note with
its provenance, the validator's redacted text where it redacted); rejecting
archives it with the person's reason. Both are one audited batch under the
person's actor name. A proposal still waiting in an inbox can be decided the
same way, before any cycle has seen it.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from ..errors import NotFoundError, UsageError
from ..store import ABSENT, Change, Store
from ..store.audit import sha256_hex
from ..store.paths import check_user_id
from .phases.notes import render_note
from .phases.validate import (
    REVIEW_DIR,
    archive_path,
    note_path_for,
    review_path,
    verdict_record,
)

__all__ = ["accept", "list_reviews", "reject"]


def _now() -> str:
    return datetime.now(UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def list_reviews(store: Store, user: str | None = None) -> list[dict[str, Any]]:
    """Every proposal held for review: ``{id, user, text, source, reasons, at, path}``."""
    out: list[dict[str, Any]] = []
    for path in store.list(REVIEW_DIR):
        if not path.endswith(".json"):
            continue
        try:
            rec = json.loads(store.read_bytes(path))
        except ValueError:
            continue
        prop = rec.get("proposal", {}) if isinstance(rec, dict) else {}
        if user is not None and prop.get("user") != user:
            continue
        out.append({
            "id": prop.get("id", path.rsplit("/", 1)[-1].removesuffix(".json")),
            "user": prop.get("user"),
            "session": prop.get("session"),
            "source": prop.get("source"),
            "text": prop.get("text"),
            "reasons": rec.get("reasons", []),
            "held_since": rec.get("at"),
            "path": path,
        })
    return out


def _find(store: Store, proposal_id: str) -> tuple[str, dict[str, Any], dict[str, Any]]:
    """``(path, proposal, verdict record)`` from the review area or an inbox."""
    if not proposal_id or "/" in proposal_id:
        raise UsageError(f"invalid proposal id {proposal_id!r}")
    path = review_path(proposal_id)
    if store.exists(path):
        rec = json.loads(store.read_bytes(path))
        return path, dict(rec.get("proposal", {})), rec
    suffix = f"/inbox/{proposal_id}.json"
    for p in store.list("staging/sessions"):
        if p.endswith(suffix):
            prop = json.loads(store.read_bytes(p))
            return p, dict(prop), {"reasons": [], "verdict": {}}
    raise NotFoundError(f"no proposal {proposal_id!r} is waiting for review", id=proposal_id)


def accept(store: Store, proposal_id: str, *, actor: str, reason: str = "accepted on review"
           ) -> dict[str, Any]:
    """Promote a held proposal; returns ``{id, note, decision}``."""
    path, prop, rec = _find(store, proposal_id)
    for name in ("id", "user", "text"):
        if not isinstance(prop.get(name), str):
            raise UsageError(f"proposal {proposal_id} is malformed (no {name!r}); reject it")
    verdict = rec.get("verdict") or {}
    text = verdict.get("redacted") or prop["text"]
    check_user_id(prop["user"])
    taken = set(store.list(f"user/{prop['user']}"))
    note = note_path_for(prop, taken)
    by = f"{actor} ({reason})"
    reasons = [str(r) for r in rec.get("reasons", [])]
    raw = store.read_bytes(path)
    changes = [
        Change("write", note, render_note(prop, text, promoted_by=by, decision="accept",
                                          reasons=reasons,
                                          redacted=verdict.get("redacted") is not None),
               ABSENT),
        Change("write", archive_path(prop["id"]), verdict_record(
            prop, raw.decode("utf-8", "replace"), decision="accept",
            reasons=[*reasons, f"accepted by {actor}: {reason}"], verdict=verdict, by=actor,
            at=_now(), inbox=str(rec.get("inbox") or path), note=note)),
        Change("delete", path, None, sha256_hex(raw)),
    ]
    store.apply(changes, actor=actor, reason=f"review accept {prop['id']}: {reason}")
    return {"id": prop["id"], "decision": "accept", "note": note}


def reject(store: Store, proposal_id: str, *, actor: str, reason: str = "rejected on review"
           ) -> dict[str, Any]:
    """Archive a held proposal with the person's reason; returns ``{id, archive, decision}``."""
    path, prop, rec = _find(store, proposal_id)
    pid = str(prop.get("id") or proposal_id)
    raw = store.read_bytes(path)
    reasons = [*(str(r) for r in rec.get("reasons", [])), f"rejected by {actor}: {reason}"]
    changes = [
        Change("write", archive_path(pid), verdict_record(
            prop, raw.decode("utf-8", "replace"), decision="reject", reasons=reasons,
            verdict=rec.get("verdict") or {}, by=actor, at=_now(),
            inbox=str(rec.get("inbox") or path))),
        Change("delete", path, None, sha256_hex(raw)),
    ]
    store.apply(changes, actor=actor, reason=f"review reject {pid}: {reason}")
    return {"id": pid, "decision": "reject", "archive": archive_path(pid)}
