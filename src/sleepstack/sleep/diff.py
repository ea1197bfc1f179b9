"""Unified diffs of a pending changeset: what ``sleep --dry-run`` prints."""

from __future__ import annotations

import difflib
from collections.abc import Callable, Mapping

__all__ = ["changeset_diff", "file_diff"]

#: the order areas appear in a diff: what matters most to a reader first
_ORDER = {"user": 0, "staging": 1, "config": 2, "reports": 3}


def file_diff(path: str, old: str | None, new: str | None) -> str:
    """The unified diff of one path (``/dev/null`` for a created or deleted file)."""
    a = [] if old is None else old.splitlines(keepends=True)
    b = [] if new is None else new.splitlines(keepends=True)
    lines = list(
        difflib.unified_diff(
            a,
            b,
            fromfile="/dev/null" if old is None else f"a/{path}",
            tofile="/dev/null" if new is None else f"b/{path}",
        )
    )
    # A file without a final newline would glue two diff lines together.
    return "".join(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n"
                   for line in lines)


def changeset_diff(
    changes: Mapping[str, str | None], read_old: Callable[[str], str | None]
) -> str:
    """The diff of every changed path, trusted memory first; unchanged paths are skipped."""
    out: list[str] = []
    for path in sorted(changes, key=lambda p: (_ORDER.get(p.split("/", 1)[0], 9), p)):
        old = read_old(path)
        new = changes[path]
        if old == new:
            continue
        out.append(file_diff(path, old, new))
    return "".join(out)
