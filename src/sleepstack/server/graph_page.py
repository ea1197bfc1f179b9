"""``/ui/graph``: the web inspector's graph page, server-rendered SVG (no JavaScript).

The signed-in user's entities drawn on a circle (the most mentioned first,
at most :data:`MAX_NODES`), their relations as lines (closed ones dashed),
each node a link to that entity's view: its names and merge reasons, and a
timeline with one bar per relation from ``valid_from`` to ``valid_to`` (or
now), with the turns it cites. The page reads the graph file only; with
``[structured] tier = "facts"`` it says so instead of drawing.
"""

from __future__ import annotations

import math
from datetime import UTC, datetime

from ..errors import TierRefused
from ..graph.model import Entity, Graph, Relation
from ..html.markup import Safe, el, frag, url
from .web_pages import Ctx, Page

__all__ = ["MAX_NODES", "graph_page", "render_svg", "render_timeline"]

MAX_NODES = 40
_W, _H = 760, 520


def _when(ts: str | None) -> datetime | None:
    if not ts:
        return None
    try:
        return datetime.fromisoformat(ts.replace("Z", "+00:00")).astimezone(UTC)
    except ValueError:
        return None


def render_svg(g: Graph, focus: str | None = None) -> Safe:
    """The graph as one ``<svg>``: nodes on a circle, relations as lines."""
    ents = sorted(g.entities.values(), key=lambda e: (-max(len(e.cites), e.mentions), e.name))
    linked = {r.src for r in g.relations} | {r.dst for r in g.relations}
    ents = sorted(ents, key=lambda e: e.id not in linked)[:MAX_NODES]  # related ones first
    if not ents:
        return el("p", "no entities yet: the graph is built by sleep cycles", class_="muted")
    pos: dict[str, tuple[float, float]] = {}
    cx, cy, rad = _W / 2, _H / 2, min(_W, _H) / 2 - 60
    for i, e in enumerate(ents):
        a = 2 * math.pi * i / len(ents)
        pos[e.id] = (cx + rad * math.cos(a), cy + rad * math.sin(a))
    parts: list[Safe] = []
    for r in g.relations:
        if r.src not in pos or r.dst not in pos:
            continue
        (x1, y1), (x2, y2) = pos[r.src], pos[r.dst]
        parts.append(el("line", el("title", f"{g.entities[r.src].name} {r.kind} "
                                            f"{g.entities[r.dst].name}"),
                        x1=f"{x1:.1f}", y1=f"{y1:.1f}", x2=f"{x2:.1f}", y2=f"{y2:.1f}",
                        stroke="#888", stroke_width="1.5",
                        stroke_dasharray=None if r.current else "4 3"))
        parts.append(el("text", r.kind, x=f"{(x1 + x2) / 2:.1f}", y=f"{(y1 + y2) / 2:.1f}",
                        font_size="10", fill="#666", text_anchor="middle"))
    for e in ents:
        x, y = pos[e.id]
        colour = "#c33" if e.id == focus else ("#36c" if e.kind != "thing" else "#999")
        parts.append(el("a", el("circle", el("title", f"{e.name} ({e.kind})"), cx=f"{x:.1f}",
                                cy=f"{y:.1f}", r="7", fill=colour),
                        el("text", e.name, x=f"{x + 10:.1f}", y=f"{y + 4:.1f}", font_size="12"),
                        href=url("/ui/graph", entity=e.name)))
    return el("svg", *parts, xmlns="http://www.w3.org/2000/svg", viewBox=f"0 0 {_W} {_H}",
              width="100%", role="img", aria_label=f"graph of {len(ents)} entities")


def render_timeline(g: Graph, e: Entity) -> Safe:
    """One bar per relation of *e* on a shared time axis (closed ones end where they closed)."""
    now = datetime.now(UTC)
    rows: list[tuple[Relation, datetime, datetime]] = []
    for r in sorted(g.edges_of(e.id), key=lambda r: r.valid_from):
        start = _when(r.valid_from)
        if start is None:
            continue
        rows.append((r, start, max(_when(r.valid_to) or now, start)))
    if not rows:
        return el("p", "no relations for this entity", class_="muted")
    t0 = min(s for _, s, _ in rows)
    total = max((now - t0).total_seconds(), 86400.0)
    height = 24 * len(rows) + 10
    parts: list[Safe] = []
    for i, (r, s, end) in enumerate(rows):
        left = 250 + (s - t0).total_seconds() / total * 480
        width = max((end - s).total_seconds() / total * 480, 3)
        other = g.entities.get(r.dst if r.src == e.id else r.src)
        label = (f"{r.kind} → {other.name if other else '?'}" if r.src == e.id
                 else f"{other.name if other else '?'} {r.kind} →")
        y = 10 + 24 * i
        parts.append(el("text", label, x="0", y=f"{y + 12}", font_size="12"))
        parts.append(el("rect", el("title", f"{r.valid_from} → {r.valid_to or 'now'};"
                                            f" cites {', '.join(r.cites)}"),
                        x=f"{left:.1f}", y=f"{y}", width=f"{width:.1f}", height="14",
                        fill="#36c" if r.current else "#bbb"))
    return el("svg", *parts, xmlns="http://www.w3.org/2000/svg", viewBox=f"0 0 740 {height}",
              width="100%", role="img", aria_label=f"timeline of {e.name}")


def graph_page(ctx: Ctx) -> Page:
    """``/ui/graph?entity=NAME``: the user's graph, or one entity and its timeline."""
    from ..graph.tier import require_graph
    from ..wake.deep import load_user_graph

    try:
        require_graph(ctx.mem.config.raw, "the graph page")
    except TierRefused as exc:
        return Page("graph", frag(el("h1", "Graph"), el("p", exc.message, class_="muted")),
                    "graph")
    user = ctx.record.user
    if not user:
        return Page("graph", frag(el("h1", "Graph"),
                                  el("p", "Sign in with a user's token to see their graph.",
                                     class_="muted")), "graph")
    g = load_user_graph(ctx.mem.store, user)
    name = ctx.query.get("entity")
    focus = g.by_name(name) if name else None
    body: list[Safe] = [el("h1", "Graph"),
                        el("p", f"{len(g.entities)} entities, {len(g.relations)} relations"
                           " (dashed: closed by a newer statement).", class_="sub"),
                        render_svg(g, focus.id if focus else None)]
    if name and focus is None:
        body.append(el("div", f"no entity named {name!r}", class_="error"))
    if focus is not None:
        aka = [a for a in focus.aliases if a != focus.name]
        body += [el("h2", f"{focus.name} ({focus.kind})"),
                 el("p", "also: " + (", ".join(aka) or "—"), class_="small")]
        if focus.merges:
            body.append(el("ul", *[el("li", f"{m.get('alias')}: {m.get('reason')}")
                                   for m in focus.merges]))
        body += [el("h2", "Timeline"), render_timeline(g, focus),
                 el("p", "mentioned in: " + ", ".join(focus.cites[:20]), class_="small")]
    return Page("graph", frag(*body), "graph")
