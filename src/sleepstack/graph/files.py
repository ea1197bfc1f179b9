"""Reading graph files, and writing them through the one audited mutation path.

The sleep cycle stages graph files in its changeset like any other trusted
file (so one cycle's graph writes are one audited, undoable batch). Tools
that build a graph outside a cycle (the LoCoMo benchmark, an operator's
rebuild) use :func:`write_graphs`, which goes through
:meth:`~sleepstack.store.Store.apply` with an actor and a reason, guarded by
each file's current sha.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..errors import NotFoundError
from ..store import ABSENT, Change, Store
from .model import Graph, graph_path

__all__ = ["load_graph", "write_graphs"]


def load_graph(store: Store, user: str, *, path: str | None = None) -> Graph:
    """*user*'s graph (an empty graph when there is none yet)."""
    where = path or graph_path(user)
    try:
        text = store.read_text(where)
    except NotFoundError:
        return Graph(user)
    return Graph.loads(text, user)


def write_graphs(store: Store, graphs: Mapping[str, Graph], *, actor: str,
                 reason: str) -> list[str]:
    """Write each ``path -> graph`` as one audited batch; the paths that changed."""
    changes: list[Change] = []
    for path, g in sorted(graphs.items()):
        text = g.dumps()
        old = store.sha(path)
        try:
            if old is not None and store.read_text(path) == text:
                continue
        except NotFoundError:
            old = None
        changes.append(Change("write", path, text, old or ABSENT))
    if changes:
        store.apply(changes, actor=actor, reason=reason)
    return [c.path for c in changes]
