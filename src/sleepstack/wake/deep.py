"""Deep recall: expand a fast recall's ranking through the graph tier's entities.

``recall(..., deep=True)`` scores the question as fast recall does, then
hands the ranking to :func:`expand`:

1. **seeds**: the entities the question names (by any of their names or
   aliases), at full weight, and the entities the best few hits mention, at
   a share of their hit's strength;
2. **hops**: from each seed along its relations (current ones at full
   strength, closed ones at a share), at most :attr:`DeepConfig.hops` steps,
   each step multiplying the path's strength by :attr:`DeepConfig.hop_decay`;
3. **turns**: every turn an entity cites gains the entity's strength, divided
   by ``1 + ln(turns citing it)`` (a name in every turn says little about any),
   times a recency factor, in units of the best hit's score; turns already
   ranked add it to their score, the others join the ranking even when they
   share no word with the question.

The same walk runs through the graph of every reference topic the question
was routed to (``config/graph/topics/<slug>.json``; the routed topics are the
ones whose passages are in the pool). A topic graph cites document paths, so
an entity's strength goes to the passages of its documents that write one of
its names: a passage about "Initech" joins the ranking for a question about
"Maria Costa" (who works there) without sharing a word with it.

Read-only: the graph files are read through the store's read API (and parsed
once per content), nothing is written. A store with ``[structured] tier =
"facts"`` refuses deep recall (:class:`~sleepstack.errors.TierRefused`).
"""

from __future__ import annotations

import hashlib
import math
import re
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from ..errors import NotFoundError, TierRefused
from ..graph.model import Graph, graph_path, topic_graph_path
from ..graph.tier import require_graph
from ..index.rows import Row
from ..store import Store
from ..store.store import CONFIG_FILE
from .context import Piece

__all__ = ["DEFAULT_DEEP", "DeepConfig", "DeepResult", "check_tier", "expand",
           "load_topic_graph", "load_user_graph", "names_in", "wants_deep"]


@dataclass(frozen=True)
class DeepConfig:
    """The knobs of the expansion (tuned on LoCoMo conversations 0-4 only)."""

    hops: int = 2
    hop_decay: float = 0.5
    closed_factor: float = 0.5  # a closed (superseded) edge carries this share
    seed_hits: int = 5  # how many of the best hits seed the walk
    seed_share: float = 0.5  # a hit-seeded entity's weight, relative to a named one
    weight: float = 0.6  # the expansion's scale, in units of the best hit's score
    recency_weight: float = 0.1
    recency_days: float = 90.0
    max_fanout: int = 400  # an entity citing more turns than this seeds nothing
    #: entity kinds the walk passes over: an activity or event node cites every turn
    #: writing its word ("painting"), which spreads the walk thin; the activity step
    #: (:mod:`.deep_activity`) reads them instead
    skip_kinds: tuple[str, ...] = ("activity", "event", "thing")
    #: RecallConfig values deep recall uses instead of fast recall's, as ``{name: value}``.
    #: Deep recall searches without the named speakers' names (:mod:`.deep_query`), so
    #: their turns are found by the speaker prior, raised here (not further: at 4.0
    #: multi-hop gained 0.6 points more and adversarial questions, which name the
    #: wrong speaker, lost 13); the question's meaning then weighs more than its words
    #: (dense weight); and a question that needs several sessions' evidence is hurt by
    #: fast recall's pull towards its strongest session, halved here. Tuned on LoCoMo
    #: conversations 0-4 only.
    recall: tuple[tuple[str, float], ...] = (
        ("session_weight", 0.4), ("speaker_boost", 1.0), ("w_dense", 1.0))


#: the configuration deep recall uses (a benchmark may replace it to tune)
DEFAULT_DEEP = DeepConfig()


@dataclass
class DeepResult:
    """What the expansion did (for the context's timings and the tests)."""

    pieces: list[Piece]
    seeds: list[str]
    added: int


_LOCK = threading.Lock()
_GRAPHS: dict[str, Graph] = {}
_TIERS: dict[str, bool] = {}


def check_tier(store: Store, operation: str = "deep recall") -> None:
    """Refuse *operation* on a store whose graph tier is off (config parsed once per content)."""
    try:
        raw = store.fs.read_bytes(CONFIG_FILE)
    except (FileNotFoundError, NotFoundError):
        return
    key = hashlib.sha256(raw).hexdigest()
    with _LOCK:
        ok = _TIERS.get(key)
    if ok:
        return
    import tomllib

    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError):
        data = {}
    require_graph(data, operation)
    with _LOCK:
        _TIERS[key] = True


_ASKS_RELATION = re.compile(r"\b(?:who|whom|whose|which|both|each|either|neither|together"
                            r"|relationship|related)\b", re.IGNORECASE)


def wants_deep(store: Store, user: str, question: str) -> bool:
    """Whether ``ask`` should recall deeply: a who/which/both question, or two named entities.

    Never on a facts-only store (``ask`` then stays on fast recall, no error).
    """
    try:
        check_tier(store, "deep recall")
    except TierRefused:
        return False
    if _ASKS_RELATION.search(question):
        return True
    return len(names_in(load_user_graph(store, user), question)) >= 2


def load_user_graph(store: Store, user: str) -> Graph:
    """*user*'s graph, parsed once per file content (empty when none was built)."""
    return _load(store, graph_path(user), user)


def load_topic_graph(store: Store, slug: str) -> Graph:
    """Reference topic *slug*'s graph, parsed once per file content (empty when none)."""
    return _load(store, topic_graph_path(slug), slug)


def _load(store: Store, path: str, user: str) -> Graph:
    try:
        raw = store.read_bytes(path)
    except NotFoundError:
        return Graph(user)
    key = hashlib.sha256(path.encode() + b"\0" + raw).hexdigest()
    with _LOCK:
        got = _GRAPHS.get(key)
    if got is not None:
        return got
    g = Graph.loads(raw.decode("utf-8"), user)
    with _LOCK:
        if len(_GRAPHS) > 64:
            _GRAPHS.clear()
        _GRAPHS[key] = g
    return g


def names_in(g: Graph, text: str) -> list[str]:
    """The ids of the entities *text* names (whole words, any of their names)."""
    low = text.casefold()
    out: list[str] = []
    for e in g.entities.values():
        for n in e.names():
            n2 = n.casefold()
            if len(n2) < 2 or n2 in ("i", "me", "user"):
                continue
            if n2 in low and re.search(rf"(?<!\w){re.escape(n2)}(?!\w)", low):
                out.append(e.id)
                break
    return out


def _fanout(g: Graph, eid: str) -> int:
    """How many turns mention an entity (its cites are bounded; the count is not)."""
    e = g.entities[eid]
    return max(len(e.cites), e.mentions)


def _walk(g: Graph, seeds: dict[str, float], cfg: DeepConfig) -> dict[str, float]:
    strength = dict(seeds)
    frontier = dict(seeds)
    adj: dict[str, list[tuple[str, float]]] = {}
    for r in g.relations:
        w = (1.0 if r.current else cfg.closed_factor) * r.confidence
        adj.setdefault(r.src, []).append((r.dst, w))
        adj.setdefault(r.dst, []).append((r.src, w))
    for _ in range(cfg.hops):
        nxt: dict[str, float] = {}
        for eid, s in frontier.items():
            for other, w in adj.get(eid, ()):
                v = s * w * cfg.hop_decay
                if v > strength.get(other, 0.0) and v > nxt.get(other, 0.0):
                    nxt[other] = v
        for eid, v in nxt.items():
            strength[eid] = max(strength.get(eid, 0.0), v)
        frontier = nxt
        if not frontier:
            break
    return strength


def _spread(g: Graph, seeds: dict[str, float], cfg: DeepConfig
            ) -> tuple[dict[str, float], dict[str, float]]:
    """The usable seeds, and each reached entity's strength shared over its cites.

    A seed must be an entity of *g* citing at most ``max_fanout`` things; the walk's
    strength of an entity with cites is divided by ``1 + log(fanout)``, so an entity
    mentioned everywhere lends little to each mention. Both the user's graph and a
    topic's graph spread this way; they differ only in what a cite points at.
    """
    seeds = {k: v for k, v in seeds.items()
             if k in g.entities and 0 < _fanout(g, k) <= cfg.max_fanout
             and g.entities[k].kind not in cfg.skip_kinds}
    if not seeds:
        return {}, {}
    spread: dict[str, float] = {}
    for eid, strength in _walk(g, seeds, cfg).items():
        ent = g.entities.get(eid)
        if ent is None or not ent.cites or _fanout(g, eid) > cfg.max_fanout \
                or ent.kind in cfg.skip_kinds:
            continue
        spread[eid] = strength / (1.0 + math.log(_fanout(g, eid)))
    return seeds, spread


def expand(store: Store, user: str, rows: Sequence[Row], hidden: Sequence[bool] | Any,
           pieces: list[Piece], query: str, anchor: datetime,
           cfg: DeepConfig | None = None, *, dense: Any = None,
           question: str = "") -> DeepResult:
    """*pieces* re-ranked with what the user's graph and the routed topics' graphs connect.

    With *dense* (each row's similarity to the question) and the *question*
    as asked, the named speakers' activity and event turns are pulled in too
    (:mod:`.deep_activity`).
    """
    cfg = cfg or DEFAULT_DEEP
    best = max((p.score for p in pieces), default=0.0) or 1.0
    got = _expand_user(store, user, rows, hidden, pieces, query, anchor, cfg, best)
    if question and dense is not None:
        from .deep_activity import pull

        lifted, n = pull(load_user_graph(store, user), rows, hidden, dense, got.pieces,
                         question, best)
        got = DeepResult(lifted, got.seeds, got.added + n)
    topics = sorted({r.topic for r in rows if r.layer == "topic" and r.topic})
    if not topics:
        return got
    seeds, added = list(got.seeds), got.added
    out = got.pieces
    for slug in topics:
        tg = load_topic_graph(store, slug)
        if tg.entities:
            s, n = _expand_topic(tg, slug, rows, hidden, out, query, cfg, best)
            seeds += [f"{slug}:{e}" for e in s]
            added += n
    out.sort(key=lambda p: (-p.score, p.row.key))
    return DeepResult(out, seeds, added)


def _expand_user(store: Store, user: str, rows: Sequence[Row], hidden: Sequence[bool] | Any,
                 pieces: list[Piece], query: str, anchor: datetime, cfg: DeepConfig,
                 best: float) -> DeepResult:
    g = load_user_graph(store, user)
    if not g.entities:
        return DeepResult(list(pieces), [], 0)
    seeds: dict[str, float] = dict.fromkeys(names_in(g, query), 1.0)
    by_cite: dict[str, list[str]] = {}
    for e in g.entities.values():
        for c in e.cites:
            by_cite.setdefault(c, []).append(e.id)
    for p in pieces[: cfg.seed_hits]:
        share = cfg.seed_share * p.score / best
        for c in p.row.cites:
            for eid in by_cite.get(c, ()):
                if share > seeds.get(eid, 0.0):
                    seeds[eid] = share
    seeds, spread = _spread(g, seeds, cfg)
    if not seeds:
        return DeepResult(list(pieces), [], 0)
    gain: dict[str, float] = {}
    for eid, per in spread.items():
        for c in g.entities[eid].cites:
            gain[c] = gain.get(c, 0.0) + per
    if not gain:
        return DeepResult(list(pieces), sorted(seeds), 0)
    anchor_ts = anchor.timestamp()
    known = {c: p for p in pieces for c in p.row.cites}
    added = 0
    out = list(pieces)
    where: dict[str, int] | None = None
    for cite, v in gain.items():
        bonus = cfg.weight * best * min(1.0, v)
        hit = known.get(cite)
        if hit is None:
            if where is None:
                where = {r.cites[0]: i for i, r in enumerate(rows)
                         if r.layer == "raw" and r.cites}
            i = where.get(cite)
            if i is None or hidden[i]:
                continue
            hit = Piece(rows[i], 0.0, extra={"pos": i, "deep": True})
            known[cite] = hit
            out.append(hit)
            added += 1
        ts = hit.row.at_ts
        if ts is not None:
            age = max(0.0, anchor_ts - ts) / 86400.0
            bonus *= 1.0 + cfg.recency_weight * math.exp(-age / cfg.recency_days)
        hit.score += bonus
    out.sort(key=lambda p: (-p.score, p.row.key))
    return DeepResult(out, sorted(seeds), added)


def _writes_name(g: Graph, eid: str, text: str) -> bool:
    """Whether *text* writes one of entity *eid*'s names (whole words, any case)."""
    low = text.casefold()
    for n in g.entities[eid].names():
        n2 = n.casefold()
        if len(n2) >= 3 and n2 in low and re.search(rf"(?<!\w){re.escape(n2)}(?!\w)", low):
            return True
    return False


def _expand_topic(g: Graph, slug: str, rows: Sequence[Row], hidden: Sequence[bool] | Any,
                  pieces: list[Piece], query: str, cfg: DeepConfig,
                  best: float) -> tuple[list[str], int]:
    """Add to *pieces* (in place) the passages of *slug* its graph connects to the query.

    Returns the seeds and how many passages joined the ranking. A topic graph's
    entities cite document paths; a seed from a hit, and a passage's gain, need
    the passage to write the entity's name, so one long document does not lend
    every entity to every one of its passages.
    """
    seeds: dict[str, float] = dict.fromkeys(names_in(g, query), 1.0)
    by_doc: dict[str, list[str]] = {}
    for e in g.entities.values():
        for c in e.cites:
            by_doc.setdefault(c, []).append(e.id)
    for p in pieces[: cfg.seed_hits]:
        if p.row.layer != "topic" or p.row.topic != slug:
            continue
        share = cfg.seed_share * p.score / best
        for eid in by_doc.get(p.row.path, ()):
            if share > seeds.get(eid, 0.0) and _writes_name(g, eid, p.row.text):
                seeds[eid] = share
    seeds, spread = _spread(g, seeds, cfg)
    if not seeds:
        return [], 0
    passages: dict[str, list[int]] = {}
    for i, r in enumerate(rows):
        if r.layer == "topic" and r.topic == slug and not hidden[i]:
            passages.setdefault(r.path, []).append(i)
    gain: dict[int, float] = {}
    for eid, per in spread.items():
        for doc in g.entities[eid].cites:
            for i in passages.get(doc, ()):
                if _writes_name(g, eid, rows[i].text):
                    gain[i] = gain.get(i, 0.0) + per
    known = {p.row.key: p for p in pieces}
    added = 0
    for i, v in sorted(gain.items()):
        hit = known.get(rows[i].key)
        if hit is None:
            hit = Piece(rows[i], 0.0, extra={"pos": i, "deep": True})
            known[rows[i].key] = hit
            pieces.append(hit)
            added += 1
        hit.score += cfg.weight * best * min(1.0, v)
    return sorted(seeds), added
