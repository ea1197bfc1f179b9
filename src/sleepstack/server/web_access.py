"""What a token may see in the inspector, and the store reads the pages share.

Isolation follows :mod:`.auth`: a token sees its own user's files
(``user/<u>/…``, ``memory/log/<u>/…``) and the shared ``memory/topics/…``;
store-wide views (every audit entry, every report) are the operator's.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from ..api import Memory
from ..errors import NotFoundError
from ..store.paths import check_path, user_of
from .access_tokens import TokenRecord
from .auth import is_operator, not_found

_CYCLES_PATH = "reports/cycles.json"


# -------------------------------------------------------------------- access
def _is_admin(record: TokenRecord) -> bool:
    # Store-wide views (every audit entry, every report) are the operator's:
    # a user-bound token, whatever its scope, sees its own user only.
    return is_operator(record)


def visible(record: TokenRecord, path: str) -> bool:
    """Whether the token's user may see *path* in the inspector."""
    owner = user_of(path)
    if owner is not None:
        return owner == record.user
    return path.startswith("memory/topics/")


def viewable_path(record: TokenRecord, path: str | None) -> str:
    """Normalise *path*; another user's (or an internal) path is 404."""
    if not path:
        raise NotFoundError("no path given")
    norm = check_path(path)
    if not visible(record, norm):
        raise not_found()
    return norm


def _names_other_user(prefix: str, user: str) -> bool:
    """Whether a listing prefix points into another user's files (``user/bob/``)."""
    parts = prefix.split("/")
    at = 1 if parts[0] == "user" else 2 if parts[:2] == ["memory", "log"] else None
    if at is None or len(parts) <= at or not parts[at]:
        return False
    segment = parts[at]
    complete = len(parts) > at + 1  # followed by "/": a whole user id
    return segment != user if complete else not user.startswith(segment)


def _roots(user: str) -> list[tuple[str, str]]:
    return [(f"user/{user}", "Memory"), (f"memory/log/{user}", "Raw conversation logs"),
            ("memory/topics", "Shared reference documents")]


# --------------------------------------------------------------- store reads
def _entries_for(mem: Memory, path: str) -> list[dict[str, Any]]:
    return [e for e in mem.store.audit_entries() if e.get("path") == path]


def content_at(mem: Memory, entries: Sequence[dict[str, Any]], version: int) -> str | None:
    """The text of *path* at version *version* (1-based), None when deleted.

    Writes keep their whole content as a blob; appends keep only the chunk, so
    a log's version is the last full write before it plus the chunks since.
    """
    if not 1 <= version <= len(entries):
        raise NotFoundError(f"no version {version}", version=version)
    upto = list(entries[:version])
    start = 0
    for i in range(len(upto) - 1, -1, -1):
        if upto[i].get("op") in ("write", "delete"):
            start = i
            break
    text: str | None = None
    for e in upto[start:]:
        op = e.get("op")
        if op == "delete":
            text = None
        elif op == "append":
            text = (text or "") + mem.store.blob_text(str(e.get("chunk_sha")))
        else:
            sha = e.get("new_sha")
            text = None if sha is None else mem.store.blob_text(str(sha))
    return text


def _safe_content(fn: Callable[[], str | None]) -> tuple[str | None, str | None]:
    """``(text, problem)``: the content, or why it cannot be shown."""
    try:
        return fn(), None
    except NotFoundError:
        return None, "this version's content is not stored"
    except UnicodeDecodeError:
        return None, "binary content (not shown)"


def _load_cycles(mem: Memory) -> list[dict[str, Any]]:
    try:
        data = json.loads(mem.store.read_text(_CYCLES_PATH))
    except (NotFoundError, ValueError):
        return []
    if not isinstance(data, list):
        return []
    rows = [d for d in data if isinstance(d, dict) and d.get("cycle_id")]
    return sorted(rows, key=lambda d: str(d.get("at", "")), reverse=True)


def _user_cycles(mem: Memory, record: TokenRecord) -> list[dict[str, Any]]:
    """Cycles that changed the user's files: ``{cycle_id, at, paths}``, newest first."""
    found: dict[str, dict[str, Any]] = {}
    for e in mem.store.audit_entries():
        cid, path = e.get("cycle"), str(e.get("path", ""))
        if cid and visible(record, path):
            row = found.setdefault(str(cid), {"cycle_id": str(cid), "at": e.get("at"),
                                              "paths": set()})
            row["paths"].add(path)
    return sorted(found.values(), key=lambda d: str(d.get("at", "")), reverse=True)
