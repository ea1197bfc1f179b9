"""Deep recall's activity step: the named speaker's turns about what they do, one per activity.

"What activities does Melanie partake in?" is answered by a handful of
Melanie's turns, each about a different thing she does ("I signed up for a
pottery class", "we went camping", "I'm off to go swimming"), none of which
shares a word with the question, and each of which ranks far below the turns
that talk *about* activities in general. The graph tier links them: the sleep
cycle reads ``Melanie —does→ pottery`` and ``Caroline —attends→ pride
parade`` from the turns (:mod:`sleepstack.graph.activity`), and every turn
that writes "pottery" cites the pottery node.

:func:`pull` walks from the speakers the question names to their activity
and event nodes, and gives each node's turns *by that speaker* a gain:

1. a node's fit is the best dense similarity between the question (searched
   without the names, :mod:`.deep_query`) and one of those turns;
2. the best-fitting :attr:`ActivityConfig.nodes` nodes take part, the gain
   scaled by their fit relative to the best node's (``fit ** power``);
3. inside a node, its best-fitting turn gains in full and the others
   :attr:`ActivityConfig.within` of it, so the budget goes to *several*
   activities (one turn each) rather than to five turns about pottery.

Read-only, and it does nothing when the question names no speaker, the
graph has no activity for them, or recall has no vectors (degraded).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..graph.model import Graph
from ..index.rows import Row
from .context import Piece
from .deep_query import named_speakers

__all__ = ["DEFAULT_ACTIVITY", "ActivityConfig", "pull"]

#: the relation kinds that link a person to what they do or attend
ACTIVITY_KINDS = frozenset({"does", "attends"})


@dataclass(frozen=True)
class ActivityConfig:
    """The step's knobs (tuned on LoCoMo conversations 0-4 only)."""

    weight: float = 0.1  # the best node's gain, in units of the best hit's score
    nodes: int = 10  # how many of the speaker's best-fitting nodes gain anything
    within: float = 0.3  # a node's other turns gain this share of its best turn's gain
    power: float = 1.0  # the gain's power of a node's fit relative to the best node's
    #: the step runs only when at least this share of the best ``top`` hits are the named
    #: speakers' activity turns: the question is about what they do
    gate: float = 0.4
    top: int = 5


#: the configuration deep recall uses (a benchmark may replace it to tune)
DEFAULT_ACTIVITY = ActivityConfig()


def pull(g: Graph, rows: Sequence[Row], hidden: Sequence[bool] | Any, dense: Any,
         pieces: list[Piece], question: str, best: float,
         cfg: ActivityConfig | None = None) -> tuple[list[Piece], int]:
    """*pieces* with the named speakers' activity turns lifted (or added); and how many joined."""
    cfg = cfg or DEFAULT_ACTIVITY
    if cfg.weight <= 0 or dense is None or not g.relations:
        return pieces, 0
    roles = {r.role for r in rows if r.layer == "raw" and r.role}
    named = named_speakers(roles, question)
    if not named:
        return pieces, 0
    who: dict[str, str] = {}  # entity id -> the speaker's role
    for role in named:
        e = g.by_name(role)
        if e is not None:
            who[e.id] = role
    nodes = {r.dst: who[r.src] for r in g.relations
             if r.kind in ACTIVITY_KINDS and r.current and r.src in who}
    if not nodes:
        return pieces, 0
    where = {r.cites[0]: i for i, r in enumerate(rows) if r.layer == "raw" and r.cites}
    n_dense = len(dense)
    fits: list[tuple[float, str, list[tuple[float, int]]]] = []
    for nid, role in nodes.items():
        ent = g.entities.get(nid)
        if ent is None:
            continue
        cites = set(ent.cites)
        for rel in g.relations:
            if rel.dst == nid and rel.kind in ACTIVITY_KINDS:
                cites.update(rel.cites)
        turns: list[tuple[float, int]] = []
        for c in cites:
            i = where.get(c)
            if i is None or hidden[i] or rows[i].role != role or i >= n_dense:
                continue
            turns.append((float(dense[i]), i))
        if turns:
            turns.sort(reverse=True)
            fits.append((turns[0][0], nid, turns))
    fits.sort(key=lambda f: (-f[0], f[1]))
    act = {i for _f, _n, turns in fits for _s, i in turns}
    head = [p.extra.get("pos") for p in pieces[: cfg.top]]
    share = sum(1 for i in head if i in act) / max(1, len(head))
    if share < cfg.gate:
        return pieces, 0
    fits = fits[: cfg.nodes]
    if not fits or fits[0][0] <= 0:
        return pieces, 0
    top = fits[0][0]
    at = {p.extra.get("pos"): p for p in pieces if isinstance(p.extra.get("pos"), int)}
    out = list(pieces)
    added = 0
    for fit, _nid, turns in fits:
        if fit <= 0:
            break
        gain = cfg.weight * best * (fit / top) ** cfg.power
        for k, (_sim, i) in enumerate(turns):
            bonus = gain if k == 0 else gain * cfg.within
            hit = at.get(i)
            if hit is None:
                hit = Piece(rows[i], 0.0, extra={"pos": i, "deep": True})
                at[i] = hit
                out.append(hit)
                added += 1
            hit.score += bonus
    out.sort(key=lambda p: (-p.score, p.row.key))
    return out, added
