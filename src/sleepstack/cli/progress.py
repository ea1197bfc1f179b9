r"""Progress bars on stderr, drawn only when stderr is a terminal.

Redirected to a file or a pipe, a bar's ``\\r`` redraws would fill the log with
hundreds of partial lines, so there the bar says nothing at all (the command's
own summary line still reports the result).
"""

from __future__ import annotations

import sys

__all__ = ["bar"]


def bar(label: str, done: int, total: int, *, width: int = 30) -> None:
    """Redraw the bar *label* at *done* of *total* (a final newline at the end)."""
    stream = sys.stderr
    if not stream.isatty():
        return
    filled = int(width * done / total) if total else width
    end = "\n" if done >= total else ""
    print(f"\r{label} [{'#' * filled}{'.' * (width - filled)}] {done}/{total}", end=end,
          file=stream, flush=True)
