r"""The raw log: every turn, append-only, one line per turn, grouped by user and day.

``memory/log/<user>/<YYYY-MM-DD>.md`` holds lines of the form::

    - 2023-05-08T13:56:00Z | D1:3 | session_1 | Caroline | I went to the LGBTQ support group.

Fields are separated by `` | ``; a literal ``|``, backslash or newline inside a
field is escaped (``\|``, ``\\``, ``\n``) so one turn is always one line and
the file stays readable. This is the layer trusted when others disagree, so
parsing is strict and lossless: ``parse_line(format_line(t)) == t``.
"""

from __future__ import annotations

import re
import secrets
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime

from ..errors import PolicyError, UsageError
from ..store.paths import check_user_id
from .trust import is_reserved_role

__all__ = [
    "Turn",
    "day_path",
    "format_line",
    "is_erased",
    "new_turn_id",
    "parse_at",
    "parse_file",
    "parse_line",
    "user_log_prefix",
]

_ID_RE = re.compile(r"^[^\s|\\]{1,128}$")


@dataclass(frozen=True)
class Turn:
    """One conversational turn as stored in the raw log."""

    id: str
    user: str
    session: str
    role: str
    text: str
    at: datetime  # always timezone-aware, UTC

    @property
    def day(self) -> str:
        """The UTC day file this turn lives in."""
        return self.at.strftime("%Y-%m-%d")

    @property
    def path(self) -> str:
        """The raw-log file holding this turn."""
        return day_path(self.user, self.day)

    def to_dict(self) -> dict[str, str]:
        """JSON-ready form."""
        return {
            "id": self.id,
            "user": self.user,
            "session": self.session,
            "role": self.role,
            "text": self.text,
            "at": iso(self.at),
        }


def iso(at: datetime) -> str:
    """ISO 8601 in UTC with a ``Z`` and second precision (sub-seconds when present)."""
    at = at.astimezone(UTC)
    spec = "seconds" if at.microsecond == 0 else "milliseconds"
    return at.isoformat(timespec=spec).replace("+00:00", "Z")


def user_log_prefix(user: str) -> str:
    """The folder of one user's raw log."""
    return f"memory/log/{check_user_id(user)}"


def day_path(user: str, day: str) -> str:
    """The raw-log file of one user and UTC day (``YYYY-MM-DD``)."""
    return f"{user_log_prefix(user)}/{day}.md"


def new_turn_id() -> str:
    """A fresh, roughly time-ordered turn id (``t-`` + ms time + randomness)."""
    return f"t-{int(time.time() * 1000):x}{secrets.token_hex(4)}"


def parse_at(value: str | datetime | None) -> datetime:
    """Parse an ISO 8601 time (naive times are taken as UTC); None means now."""
    if value is None:
        return datetime.now(UTC).replace(microsecond=0)
    if isinstance(value, datetime):
        dt = value
    else:
        text = value.strip()
        if text.endswith(("Z", "z")):
            text = text[:-1] + "+00:00"
        try:
            dt = datetime.fromisoformat(text)
        except ValueError:
            raise UsageError(
                f"invalid time {value!r}: use ISO 8601, e.g. 2023-05-08T13:56:00Z", at=value
            ) from None
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=UTC)
    try:
        return dt.astimezone(UTC)
    except (OverflowError, ValueError):  # 0001-01-01T00:00:00+14:00 has no UTC form
        raise UsageError(f"time {value!r} is out of range", at=str(value)) from None


def _split_fields(body: str, count: int) -> list[str]:
    """Split on unescaped `` | ``; the last field takes the rest of the line."""
    parts: list[str] = []
    start = i = 0
    while i < len(body) and len(parts) < count - 1:
        ch = body[i]
        if ch == "\\":
            i += 2
            continue
        if body.startswith(" | ", i):
            parts.append(body[start:i])
            i += 3
            start = i
            continue
        i += 1
    parts.append(body[start:])
    return parts


def _esc(field: str) -> str:
    return (
        field.replace("\\", "\\\\").replace("|", "\\|").replace("\r", "\\r").replace("\n", "\\n")
    )


def _unesc(field: str) -> str:
    out: list[str] = []
    i = 0
    while i < len(field):
        ch = field[i]
        if ch == "\\" and i + 1 < len(field):
            nxt = field[i + 1]
            out.append({"n": "\n", "r": "\r"}.get(nxt, nxt))
            i += 2
            continue
        out.append(ch)
        i += 1
    return "".join(out)


def check_turn_fields(user: str, session: str, role: str, text: str, turn_id: str) -> None:
    """Refuse turns the log cannot hold faithfully."""
    check_user_id(user)
    for name, value in (("session", session), ("role", role), ("text", text)):
        if not isinstance(value, str):
            raise UsageError(f"{name} must be a string", field=name)
    if not session.strip():
        raise UsageError("session must not be empty", field="session")
    if not role.strip():
        raise UsageError("role must not be empty", field="role")
    if is_reserved_role(role):
        # The sleep cycle reads promoted, validated notes under this role as the
        # user's own statements: a logged turn must not claim it and skip the quarantine.
        raise PolicyError(
            f"role {role.strip()!r} is reserved for validated memories; log the turn as"
            " 'user' (or the speaker's name), or use propose to quarantine a memory",
            field="role", rule="role.reserved")
    if not text.strip():
        raise UsageError("text must not be empty", field="text")
    if not isinstance(turn_id, str) or not _ID_RE.match(turn_id):
        raise UsageError(
            "turn ids are 1-128 characters without spaces, '|' or backslashes", id=repr(turn_id)
        )
    if "\x00" in text:
        raise UsageError("text contains NUL bytes (binary content)", field="text")


def format_line(turn: Turn) -> str:
    """The raw-log line for a turn, with its trailing newline."""
    fields = [iso(turn.at), turn.id, turn.session, turn.role, turn.text]
    return "- " + " | ".join(_esc(f) for f in fields) + "\n"


def parse_line(line: str, user: str) -> Turn | None:
    """Parse one raw-log line; None for lines that are not turns (blank, headings)."""
    if not line.startswith("- "):
        return None
    parts = _split_fields(line[2:].rstrip("\n"), 5)
    if len(parts) != 5:
        return None
    at, tid, session, role, text = (_unesc(p) for p in parts)
    try:
        when = parse_at(at)
    except UsageError:
        return None
    return Turn(id=tid, user=user, session=session, role=role, text=text, at=when)


#: how an erased turn's text starts (``forget`` writes ``[REDACTED:forget] erased by <id>``)
ERASED_PREFIX = "[REDACTED:forget]"


def is_erased(turn: Turn) -> bool:
    """A tombstone left by ``forget``: its id and time stay (cites resolve), nothing else."""
    return turn.text.startswith(ERASED_PREFIX)


def parse_file(text: str, user: str) -> Iterator[Turn]:
    """Every turn in one raw-log file, in file order."""
    for line in text.splitlines():
        turn = parse_line(line, user)
        if turn is not None:
            yield turn


def sort_turns(turns: Iterable[Turn]) -> list[Turn]:
    """Turns in time order (stable for equal times, so file order breaks ties)."""
    return sorted(turns, key=lambda t: t.at)
