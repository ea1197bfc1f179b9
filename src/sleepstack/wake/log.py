"""Appending turns to the raw log: ``log`` (one turn) and ``import`` (many).

No embedding or indexing happens here; the index catches up later and recall
reads turns past the index watermark straight from the files. An import is
validated completely first and then written as one audited mutation, so a
rejected file leaves nothing half-written.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

from ..errors import DuplicateIdError, PathRefused, PolicyError, UsageError
from ..layers.rawlog import (
    Turn,
    check_turn_fields,
    format_line,
    new_turn_id,
    parse_at,
    parse_file,
    user_log_prefix,
)
from ..layers.timerange import TimeRange
from ..layers.trust import SECRET_MODES, redact_secrets
from ..store import Change, Store

__all__ = ["TURN_FIELDS", "append_turns", "parse_jsonl", "turn_from_dict"]

TURN_FIELDS = frozenset({"user", "session", "role", "text", "at", "id"})
_REQUIRED = ("user", "session", "role", "text")


def turn_from_dict(obj: Mapping[str, Any], *, where: str = "") -> Turn:
    """Build a Turn from an import record, refusing unknown or missing fields."""
    prefix = f"{where}: " if where else ""
    unknown = sorted(set(obj) - TURN_FIELDS)
    if unknown:
        raise UsageError(f"{prefix}unknown field(s) {', '.join(unknown)}", fields=unknown)
    for name in _REQUIRED:
        if name not in obj or obj[name] is None:
            raise UsageError(f"{prefix}missing field {name!r}", field=name)
        if not isinstance(obj[name], str):
            raise UsageError(f"{prefix}field {name!r} must be a string", field=name)
    tid = obj.get("id")
    if tid is not None and not isinstance(tid, str):
        raise UsageError(f"{prefix}field 'id' must be a string", field="id")
    at = obj.get("at")
    if at is not None and not isinstance(at, str):
        raise UsageError(f"{prefix}field 'at' must be an ISO 8601 string", field="at")
    try:
        when = parse_at(at)
        turn_id = tid if tid is not None else new_turn_id()
        check_turn_fields(obj["user"], obj["session"], obj["role"], obj["text"], turn_id)
    except UsageError as exc:
        raise UsageError(f"{prefix}{exc.message}", **exc.fields) from None
    except PathRefused as exc:  # a bad user id: refused by policy, as `log` refuses it
        raise PathRefused(f"{prefix}{exc.message}", **exc.fields, field="user") from None
    except PolicyError as exc:  # a reserved role
        raise PolicyError(f"{prefix}{exc.message}", **exc.fields) from None
    return Turn(turn_id, obj["user"], obj["session"], obj["role"], obj["text"], when)


def parse_jsonl(data: bytes, *, source: str = "input") -> list[Turn]:
    """Parse JSON Lines of turns; any bad line fails the whole input, naming the line."""
    turns: list[Turn] = []
    for lineno, raw in enumerate(data.split(b"\n"), start=1):
        if not raw.strip():
            continue
        where = f"{source}:{lineno}"
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise UsageError(f"{where}: not valid UTF-8", line=lineno) from None
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            raise UsageError(f"{where}: not valid JSON ({exc.msg})", line=lineno) from None
        if not isinstance(obj, dict):
            raise UsageError(f"{where}: each line must be a JSON object", line=lineno)
        turns.append(turn_from_dict(obj, where=where))
    return turns


def _existing_ids(store: Store, users: Iterable[str]) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for user in users:
        ids: set[str] = set()
        for path in store.list(user_log_prefix(user)):
            ids.update(t.id for t in parse_file(store.read_text(path), user))
        out[user] = ids
    return out


def append_turns(
    store: Store,
    turns: list[Turn],
    *,
    actor: str,
    reason: str = "log turn",
    on_progress: Callable[[int, int], None] | None = None,
    time_range: TimeRange | None = None,
    secrets: str = "redact",
) -> list[str]:
    """Append turns as one audited mutation (one append per day file); returns their ids.

    Every turn's time must lie in *time_range* (the store's ``[log]`` range;
    the default range when None), or nothing is written. With
    ``secrets="redact"`` (``[ingest] secrets``, the default) every secret the
    validator finds is replaced by ``[REDACTED:<rule>]`` before the line is
    written, so it never reaches the raw log, its versions or anything derived;
    ``"keep"`` writes the text as given.
    """
    if not turns:
        return []
    changes, guard = turn_changes(store, turns, on_progress=on_progress,
                                  time_range=time_range, secrets=secrets)
    # Generated ids are unique by construction: no guard, so the store may group-commit
    # these turns with other writers' (store/group.py).
    store.apply(changes, actor=actor, reason=reason, guard=guard)
    return [t.id for t in turns]


def turn_changes(
    store: Store,
    turns: list[Turn],
    *,
    on_progress: Callable[[int, int], None] | None = None,
    time_range: TimeRange | None = None,
    secrets: str = "redact",
) -> tuple[list[Change], Callable[[], None] | None]:
    """The appends that log *turns*, checked as :func:`append_turns` checks them.

    Returns the changes and the guard to run under the store lock (None when
    every id is generated), so a caller can log turns in the same audited
    batch as other changes: ``promote`` writes the curated turn and the fact
    citing it together, never one without the other.
    """
    if secrets not in SECRET_MODES:
        raise UsageError(f"secrets must be one of {', '.join(SECRET_MODES)}", secrets=secrets)
    limits = time_range or TimeRange()
    now = datetime.now(UTC)
    for i, t in enumerate(turns, start=1):
        try:
            limits.check(t.at, now=now)
        except UsageError as exc:
            where = f"turn {i} ({t.id}): " if len(turns) > 1 else ""
            raise UsageError(where + exc.message, **exc.fields) from None
    if secrets == "redact":
        turns = [t if (clean := redact_secrets(t.text)) == t.text else replace(t, text=clean)
                 for t in turns]
    seen: dict[str, set[str]] = defaultdict(set)
    for t in turns:
        if t.id in seen[t.user]:
            raise DuplicateIdError(f"turn id {t.id!r} appears twice for user {t.user!r}",
                                   id=t.id, user=t.user)
        seen[t.user].add(t.id)
    chunks: dict[str, list[str]] = defaultdict(list)
    for i, t in enumerate(turns, start=1):
        chunks[t.path].append(format_line(t))
        if on_progress is not None and (i % 1000 == 0 or i == len(turns)):
            on_progress(i, len(turns))
    explicit_users = {t.user for t in turns if not t.id.startswith("t-")}

    def guard() -> None:
        # Under the store lock, so two writers cannot both claim one id.
        existing = _existing_ids(store, explicit_users)
        for t in turns:
            if t.id in existing.get(t.user, ()):
                raise DuplicateIdError(
                    f"turn id {t.id!r} already exists for user {t.user!r}", id=t.id, user=t.user
                )

    changes = [Change("append", path, "".join(lines)) for path, lines in sorted(chunks.items())]
    return changes, (guard if explicit_users else None)
