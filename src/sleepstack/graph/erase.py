"""Erasure of turns from a graph file (called by ``forget``'s content rules).

A relation loses the erased cites; one whose every cite was erased goes, and
so does its evidence sentence when that sentence came from an erased turn. An
entity loses the erased mentions; one left with no mention and no relation
goes, with its aliases and merge reasons (they name what was said). The
user's own node stays.
"""

from __future__ import annotations

from dataclasses import replace

from .model import USER_ENTITY, Graph

__all__ = ["erase_turns"]


def erase_turns(text: str, erased: set[str]) -> str:
    """The graph file *text* with every trace of the *erased* turn ids removed."""
    g = Graph.loads(text)
    rels = []
    for r in g.relations:
        kept = tuple(c for c in r.cites if c not in erased)
        if not kept:
            continue
        rels.append(replace(r, cites=kept,
                            evidence="" if r.cites and r.cites[0] in erased else r.evidence))
    g.relations = rels
    linked = {r.src for r in rels} | {r.dst for r in rels}
    for eid, e in list(g.entities.items()):
        kept = tuple(c for c in e.cites if c not in erased)
        if not kept and eid not in linked and eid != USER_ENTITY:
            del g.entities[eid]
            continue
        merges = tuple(m for m in e.merges if not any(f"({c})" in m.get("reason", "")
                                                       for c in erased))
        g.entities[eid] = replace(e, cites=kept, merges=merges,
                                  mentions=max(0, e.mentions - (len(e.cites) - len(kept))))
    return g.dumps()
