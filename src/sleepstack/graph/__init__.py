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

from .build import Text, build_graph
from .model import Entity, Graph, Relation, graph_path, topic_graph_path

__all__ = ["Entity", "Graph", "Relation", "Text", "build_graph", "graph_path",
           "topic_graph_path"]
