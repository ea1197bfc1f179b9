"""The unread remarks a cycle carries: their references, and their turns re-read from the raw log.

The claims map keeps only references to the remarks no reader took a value
from (turn id, day, the clause's position: :class:`~sleepstack.layers.claims_map.Unread`),
never their words. A cycle that starts re-reads each referenced turn from
its raw-log file, as the snapshot has it, through the same gate as new turns
(``snapshot.screen_turns``). A turn that is gone is the end of its
remark: no longer in the log, a ``forget`` tombstone, a turn in which
``forget --secret`` redacted a literal (the ``[REDACTED:forget]`` marker
anywhere in it), or one the gate withholds. Its reference is dropped, so the
next claims map no longer holds it either.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...errors import NotFoundError
from ...layers.claims_map import claims_path, load_unread
from ...layers.rawlog import ERASED_PREFIX, day_path, parse_file
from ...store import Store

__all__ = ["carried_of"]


Screen = Callable[[list[dict[str, Any]]], list[dict[str, Any]]]


def carried_of(store: Store, user: str, raw_sizes: dict[str, int],
               screen: Screen) -> dict[str, Any] | None:
    """*user*'s unread references whose turns are still there, and those turns (None: none).

    Returns ``{"refs": [Unread JSON …], "turns": [turn dicts …]}``, the turns
    through *screen* (the snapshot's gate for new turns, which keeps those the
    cycle may use); *raw_sizes* is the snapshot's (raw-log path -> bytes the
    cycle may read).
    """
    try:
        refs = load_unread(store.read_text(claims_path(user)))
    except NotFoundError:
        return None
    if not refs:
        return None
    wanted: dict[str, set[str]] = {}
    for r in refs:
        wanted.setdefault(r.day, set()).add(r.turn)
    found: list[dict[str, Any]] = []
    for day, ids in sorted(wanted.items()):
        size = raw_sizes.get(day_path(user, day))  # a day naming no file: nothing
        if size is None:
            continue
        text = store.fs.read_bytes(day_path(user, day))[:size].decode("utf-8", errors="replace")
        found.extend(t.to_dict() for t in parse_file(text, user)
                     if t.id in ids and ERASED_PREFIX not in t.text)
    turns = screen(found)
    live = {str(d["id"]) for d in turns}
    kept = [r.as_json() for r in refs if r.turn in live]
    return {"refs": kept, "turns": turns} if kept else None
