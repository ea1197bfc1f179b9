"""Read-only view of one user's proposals, wherever they are in their life.

``pending`` in an inbox (``staging/sessions/<s>/inbox/<id>.json``), ``held``
for a person (``staging/review/``), or decided (``staging/archive/``, status
``accept``/``reject``). Proposals are not filed by user, so this scans the
staging area and keeps the records whose ``user`` is the caller's; the
server uses it both to list and to check ownership before a review decision.
"""

from __future__ import annotations

import json
from typing import Any

from ..errors import NotFoundError
from ..store import Store

__all__ = ["list_proposals"]


def _record(data: dict[str, Any], file: str, status: str) -> dict[str, Any]:
    inner = data.get("proposal") if isinstance(data.get("proposal"), dict) else None
    src: dict[str, Any] = inner if inner is not None else data
    reasons = data.get("reasons") or []
    return {
        "id": str(src.get("id") or file.rsplit("/", 1)[-1].removesuffix(".json")),
        "status": str(data.get("decision") or status) if status == "decided" else status,
        "session": src.get("session"),
        "text": str(src.get("text", "")),
        "path": src.get("path"),
        "source": src.get("source"),
        "at": src.get("at"),
        "reasons": [str(r) for r in reasons] if isinstance(reasons, list) else [str(reasons)],
        "file": file,
    }


def list_proposals(store: Store, user: str | None, *, limit: int = 500
                   ) -> list[dict[str, Any]]:
    """The user's proposals, newest first (at most *limit*); *user* None: everyone's."""
    out: list[dict[str, Any]] = []
    for file in store.list("staging"):
        if not file.endswith(".json"):
            continue
        if "/inbox/" in file:
            status = "pending"
        elif file.startswith("staging/review/"):
            status = "held"
        else:
            status = "decided"
        try:
            data = json.loads(store.read_text(file))
        except (ValueError, UnicodeDecodeError, NotFoundError):  # moved by a cycle meanwhile
            continue
        if not isinstance(data, dict):
            continue
        inner = data.get("proposal")
        owner = data.get("user") or (inner.get("user") if isinstance(inner, dict) else None)
        if user is not None and owner != user:
            continue
        rec = _record(data, file, status)
        if user is None:
            rec["user"] = owner
        out.append(rec)
    out.sort(key=lambda r: str(r.get("at") or ""), reverse=True)
    return out[:limit]
