"""File/directory collisions: a path may not be a file where the tree has a directory.

``a.md`` and ``a.md/b.md`` cannot both exist on a filesystem (on object storage
they can, which is worse: two backends would disagree). Once a mutation's entry
is in the audit log it must be applicable, or every later open would have to
deal with it (issue #12: one proposal stopped the store for everyone), so the
store calls :func:`check_collisions` before its commit point, counting the
files that the same batch creates or deletes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..errors import PathRefused

if TYPE_CHECKING:
    from .fs import StoreFS
    from .store import Change

__all__ = ["check_collisions"]


def _first_ancestor(parts: list[str]) -> int:
    # user/<u> and memory/<kind>[/<slug>] are never files (the policy refuses
    # them as paths), so only deeper ancestors cost a look.
    return 3 if parts[0] == "user" else 4 if parts[0] == "memory" else 2


def check_collisions(fs: StoreFS, changes: Sequence[Change],
                     known: dict[str, bool] | None = None) -> None:
    """Refuse (PathRefused, rule ``collision``) a file where a directory is, or the reverse.

    *changes* are in batch order with normalised paths; *known* says which
    paths were files before the batch (the store has read them anyway), so that
    object storage pays a request only for what it has not seen.
    """
    created: set[str] = set()
    created_dirs: set[str] = set()  # every ancestor of a file the batch creates
    removed: set[str] = set()
    was_file: dict[str, bool] = dict(known or {})

    def existed(p: str) -> bool:
        if p not in was_file:
            was_file[p] = fs.exists(p)
        return was_file[p]

    def is_file(p: str) -> bool:
        return p in created or (p not in removed and existed(p))

    for c in changes:
        if c.op == "delete":
            removed.add(c.path)
            created.discard(c.path)
            continue
        parts = c.path.split("/")
        for i in range(_first_ancestor(parts), len(parts)):
            above = "/".join(parts[:i])
            if is_file(above):
                raise PathRefused(f"{c.path} would put a file under {above}, which is a file",
                                  path=c.path, conflicts_with=above, rule="collision")
        if c.path in created_dirs or (
                c.path not in created and not is_file(c.path) and fs.is_dir(c.path)
                and any(p not in removed for p in fs.list(c.path))):
            raise PathRefused(f"{c.path} is a directory; a file cannot take its place",
                              path=c.path, conflicts_with=c.path + "/", rule="collision")
        created.add(c.path)
        removed.discard(c.path)
        created_dirs.update("/".join(parts[:i]) for i in range(1, len(parts)))
