"""``sleepstack graph``: a user's entities and relations, with validity and cites."""

from __future__ import annotations

import argparse
from typing import Any

from ..errors import NotFoundError
from ..graph.model import Entity, Graph, Relation
from ..graph.tier import require_graph
from .context import Context

__all__ = ["register"]


def register(sub: Any, common: argparse.ArgumentParser) -> None:
    """Add the ``graph`` subcommand."""
    p = sub.add_parser("graph", parents=[common],
                       help="entities and relations of a user's graph (validity, cites)")
    p.add_argument("--user", required=True)
    p.add_argument("--entity", default=None, metavar="NAME",
                   help="only this entity (any of its names) and its relations")
    p.add_argument("--history", action="store_true", help="also closed (superseded) relations")
    p.set_defaults(func=_graph)


def select(g: Graph, entity: str | None, *, history: bool = True) -> dict[str, Any]:
    """The JSON view of *g*, or of one entity and its relations (``NotFoundError``: no such)."""
    rels = [r for r in g.relations if history or r.current]
    if entity is None:
        ents = sorted(g.entities.values(), key=lambda e: e.name.casefold())
    else:
        e = g.by_name(entity)
        if e is None:
            raise NotFoundError(f"no entity named {entity!r} in {g.owner}'s graph",
                                entity=entity, user=g.owner)
        rels = [r for r in rels if e.id in (r.src, r.dst)]
        ids = {e.id} | {r.src for r in rels} | {r.dst for r in rels}
        ents = sorted((g.entities[i] for i in ids if i in g.entities),
                      key=lambda x: (x.id != e.id, x.name.casefold()))
    names = {i: x.name for i, x in g.entities.items()}
    return {"user": g.owner, "entities": [x.to_dict() for x in ents],
            "relations": [r.to_dict() | {"src_name": names.get(r.src, r.src),
                                         "dst_name": names.get(r.dst, r.dst)} for r in rels]}


def _line_entity(e: Entity) -> str:
    aka = [a for a in e.aliases if a != e.name]
    cites = ",".join(e.cites[:4]) + ("…" if len(e.cites) > 4 else "")
    return (f"{e.name} ({e.kind})" + (f" aka {', '.join(aka)}" if aka else "")
            + f"  [{cites}]")


def _line_relation(r: Relation, names: dict[str, str]) -> str:
    window = f"{r.valid_from[:10]}..{(r.valid_to or '')[:10]}"
    state = "" if r.current else "  (closed)"
    return (f"{names.get(r.src, r.src)} -{r.kind}-> {names.get(r.dst, r.dst)}  {window}"
            f"  [{','.join(r.cites)}]{state}")


def _graph(args: argparse.Namespace, ctx: Context) -> int:
    from ..store.paths import check_user_id
    from ..wake.deep import load_user_graph

    mem = ctx.memory()
    require_graph(mem.config.raw, "sleepstack graph")
    g = load_user_graph(mem.store, check_user_id(args.user))
    data = select(g, args.entity, history=args.history or ctx.as_json)

    def human() -> None:
        names = {i: x.name for i, x in g.entities.items()}
        print(f"entities ({len(data['entities'])}):")
        for d in data["entities"]:
            print("  " + _line_entity(Entity.from_dict(d)))
        print(f"relations ({len(data['relations'])}):")
        for d in data["relations"]:
            print("  " + _line_relation(Relation.from_dict(d), names))
        if not g.entities:
            ctx.note("no graph yet: it is built by `sleepstack sleep`")

    ctx.emit(data, human)
    return 0
