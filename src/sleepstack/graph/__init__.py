"""The graph tier: entities and relations, cited down to turns, with validity windows.

Modules, one job each: :mod:`.model` (entities, relations, the graph file),
:mod:`.extract` (offline rules: sentences → statements, and the one
:func:`~.extract.validate` every statement passes, an LLM's too),
:mod:`.resolve` (aliases and references → entities, with recorded reasons),
:mod:`.build` (fold texts into a graph, closing contradicted edges),
:mod:`.tier` (the ``[structured] tier`` setting), :mod:`.files` (reading the
graph files and writing them through the audited store).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .build import Text, build_graph
    from .model import Entity, Graph, Relation, graph_path, topic_graph_path

__all__ = ["Entity", "Graph", "Relation", "Text", "build_graph", "graph_path",
           "topic_graph_path"]

#: where each name lives; resolved on first use (PEP 562), so importing
#: ``sleepstack.graph.model`` (the wake path reads the graph file) does not
#: compile the extraction rules' regular expressions (~20 ms per cold CLI call)
_LAZY = {"Text": ".build", "build_graph": ".build", "Entity": ".model", "Graph": ".model",
         "Relation": ".model", "graph_path": ".model", "topic_graph_path": ".model"}


def __getattr__(name: str) -> Any:
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(_LAZY[name], __name__), name)
    globals()[name] = value
    return value
