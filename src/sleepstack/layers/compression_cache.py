"""The compression DAG, persisted: ``compress`` saves it, ``session-context`` reuses it.

A session's DAG is derived data (deterministic from the raw log and the
``[compression]`` thresholds), so it lives with the other derived data in the
store's ``cache/`` area — which ``forget`` purges whole — never in the audited
tree. A saved DAG is used only while it was built from exactly the session's
current turns (their ids, in order) and the same thresholds; anything else
(a new turn, an erased one, changed settings) recomputes it. Stores given by
URL have no local cache area: their DAG is computed on every call.

Thresholds (the layered-stack template's keys, ``[compression]``):
``window_limit_tokens × summary_threshold`` is the session block's budget,
``max_raw_turns`` the newest turns kept verbatim, ``dag_retention_days`` how
long an unused saved DAG is kept.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..config_keys import Compression
from ..store import Store
from ..store.paths import check_user_id
from .compression import Node, SessionContext, compress_turns, session_turns

__all__ = ["CompressResult", "budget_of", "compress_session", "dag_path", "prune"]

_DIR = "cache/compression"


@dataclass(frozen=True)
class CompressResult:
    """A session's compressed context and whether it came from the saved DAG."""

    context: SessionContext
    reused: bool
    path: str | None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {**self.context.to_dict(), "reused": self.reused, "dag_path": self.path}


def budget_of(settings: Compression) -> int:
    """The session block's token budget the thresholds imply."""
    return max(1, int(settings.window_limit_tokens * settings.summary_threshold))


def dag_path(store: Store, user: str, session: str) -> Path | None:
    """Where the session's DAG is saved (None for a store without a local root)."""
    root = store.fs.local_path()
    if root is None:
        return None
    name = hashlib.sha256(session.encode()).hexdigest()[:24]  # any session id is a safe name
    return root / _DIR / check_user_id(user) / f"{name}.json"


def _node(d: dict[str, Any]) -> Node:
    return Node(d["id"], d["kind"], int(d["level"]), d["text"], d["role"],
                tuple(d["parents"]), tuple(d["turns"]), d["start"], d["end"])


def _load(path: Path, key: str) -> SessionContext | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("key") != key:
        return None
    try:
        c = data["context"]
        dag = {k: _node(v) for k, v in c["dag"].items()}
        return SessionContext(c["user"], c["session"], tuple(_node(n) for n in c["nodes"]),
                              c["context"], int(c["ctx_tokens"]), int(c["ctx_chars"]), dag,
                              tuple(c["omitted"]))
    except (KeyError, TypeError, ValueError):
        return None


def _key(turn_ids: list[str], budget: int, settings: Compression) -> str:
    body = json.dumps([turn_ids, budget, settings.max_raw_turns, settings.enabled])
    return hashlib.sha256(body.encode()).hexdigest()


def compress_session(store: Store, user: str, session: str, settings: Compression, *,
                     budget_tokens: int | None = None, save: bool = True) -> CompressResult:
    """The session compressed with *settings*: the saved DAG while it still matches.

    With *save*, a DAG computed here is saved for later calls.
    """
    budget = budget_tokens if budget_tokens is not None else budget_of(settings)
    if not settings.enabled:  # compression off: the session verbatim, whatever its size
        budget = 1 << 30
    turns = session_turns(store, user, session)
    key = _key([f"{t.id}:{t.text}" for t in turns], budget, settings)
    path = dag_path(store, user, session)
    if path is not None:
        saved = _load(path, key)
        if saved is not None:
            os.utime(path)  # still in use: retention counts from the last use
            return CompressResult(saved, True, str(path))
    fresh = compress_turns(turns, budget, user=user, session=session,
                           max_raw_turns=settings.max_raw_turns if settings.enabled else None)
    if path is not None and save and settings.enabled:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(json.dumps({"key": key, "context": fresh.to_dict()},
                                  ensure_ascii=False), encoding="utf-8")
        os.replace(tmp, path)
        return CompressResult(fresh, False, str(path))
    return CompressResult(fresh, False, None)


def prune(store: Store, settings: Compression, *, now: float | None = None) -> int:
    """Delete saved DAGs unused for ``dag_retention_days``; returns how many went."""
    root = store.fs.local_path()
    if root is None or settings.dag_retention_days <= 0:
        return 0
    limit = (now or time.time()) - settings.dag_retention_days * 86400
    gone = 0
    for path in (root / _DIR).glob("*/*.json"):
        try:
            if path.stat().st_mtime < limit:
                path.unlink()
                gone += 1
        except OSError:
            continue
    return gone
