"""The Context recall returns: items, the rendered prompt block, and the token budget.

Tokens are counted with :func:`sleepstack.text.token_count.count_tokens`, a
conservative deterministic approximation whose count of lines joined by
newlines is at most the sum of the lines' counts. Packing relies on that: it
adds each line's cost as it goes, and the final block is counted again and
trimmed if it ever came out above the budget. ``ctx_tokens`` is therefore
never above the budget.

Untrusted items are rendered as fenced, labelled data (:mod:`.fence`); the
fence markers and labels are priced like any other line.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime
from functools import lru_cache
from typing import Any

from ..index.rows import Row
from ..layers.rawlog import parse_at
from ..text.token_count import count_tokens
from .fence import (
    CLOSE,
    OPEN,
    TRUSTED_HEADER,
    flag_mark,
    label,
    neutral,
    neutral_lines,
    role_label,
    trust_of,
)

__all__ = [
    "Context",
    "Item",
    "Piece",
    "count_tokens",
    "pack",
    "render",
]

@dataclass(frozen=True)
class Item:
    """One recalled memory (INTERFACES.md, *Context*)."""

    text: str
    layer: str
    path: str
    cites: tuple[str, ...]
    score: float
    at: str | None = None
    valid_from: str | None = None
    valid_to: str | None = None
    trust: str = "raw"  # fact | note | raw | document: only facts are trusted
    flags: tuple[str, ...] = ()  # rules that flagged the text; secrets are already redacted
    #: False when a newer claim superseded this one (or its fact expired)
    current: bool = True
    superseded_by: str | None = None
    #: a turn that ended values ("quit Lidl, no job right now"): each (value, since);
    #: the turn itself stays current, the values it names are not
    ends: tuple[tuple[str, str], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form, keys as in INTERFACES.md."""
        return {
            "text": self.text,
            "layer": self.layer,
            "path": self.path,
            "cites": list(self.cites),
            "score": self.score,
            "at": self.at,
            "valid_from": self.valid_from,
            "valid_to": self.valid_to,
            "trust": self.trust,
            "current": self.current,
            "superseded_by": self.superseded_by,
            "flags": list(self.flags),
            # Only present when the turn ended values, so the documented keys stay as they were.
            **({"ends": [{"value": v, "since": s} for v, s in self.ends]} if self.ends else {}),
        }


@dataclass(frozen=True)
class Context:
    """What recall returns (INTERFACES.md, *Context*)."""

    query: str
    user: str
    items: tuple[Item, ...]
    context: str
    ctx_chars: int
    ctx_tokens: int
    timings_ms: dict[str, float]
    degraded: bool = False
    #: "latency" when recall skipped expensive stages to meet ``max_latency_ms`` (wake/budget.py)
    fallback: str | None = None
    skipped: tuple[str, ...] = ()  # the stages it skipped

    @property
    def cites(self) -> tuple[str, ...]:
        """Every citation of every item, in item order, without repeats."""
        return tuple(dict.fromkeys(c for it in self.items for c in it.cites))

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form with exactly the keys of INTERFACES.md."""
        return {
            "query": self.query,
            "user": self.user,
            "items": [it.to_dict() for it in self.items],
            "context": self.context,
            "ctx_chars": self.ctx_chars,
            "ctx_tokens": self.ctx_tokens,
            "timings_ms": dict(self.timings_ms),
            "degraded": self.degraded,
            # Only present when it applied, so the documented keys stay as they were.
            **({"fallback": self.fallback, "skipped": list(self.skipped)}
               if self.fallback else {}),
        }


@dataclass
class Piece:
    """A scored row on its way into the context."""

    row: Row
    score: float
    depth: int = 0  # 0 for a retrieved hit, 1 for a neighbour pulled in with it
    extra: dict[str, Any] = field(default_factory=dict)

    def stale(self) -> tuple[str | None, str] | None:
        """``(superseded_by, since)`` when this piece's claim is no longer current."""
        got = self.extra.get("stale")
        if isinstance(got, tuple):
            return got
        r = self.row
        if r.layer == "fact" and r.valid_to:
            return (r.superseded_by, r.valid_to)
        return None

    def item(self) -> Item:
        """The public form; items always cite something that resolves."""
        r = self.row
        cites = r.cites or (r.path,)
        stale = self.stale()
        valid_to = r.valid_to or (stale[1].removesuffix("~partly") if stale else None)
        return Item(text=r.text, layer=r.layer, path=r.path, cites=cites,
                    score=round(self.score, 6), at=r.at, valid_from=r.valid_from or r.at,
                    valid_to=valid_to, trust=_trust(r), flags=r.flags, current=stale is None,
                    superseded_by=stale[0] if stale else None, ends=self.ends())

    def ends(self) -> tuple[tuple[str, str], ...]:
        """The values this turn ended, ``(value, since)`` each (wake/ends_marks.py)."""
        got = self.extra.get("ends")
        return got if isinstance(got, tuple) and self.stale() is None else ()


_LAYER_ORDER = {"fact": 0, "short_term": 1, "note": 2, "raw": 3, "topic": 4}


def _flat(text: str) -> str:
    return " ".join(text.split())


@lru_cache(maxsize=65536)
def _date(at: str | None) -> datetime | None:
    if not at:
        return None
    try:
        return parse_at(at)
    except Exception:
        return None


@lru_cache(maxsize=65536)
def _human_day(dt: datetime) -> str:
    return f"{dt.day} {dt.strftime('%b %Y')}"


def _group(p: Piece) -> tuple[Any, ...]:
    r = p.row
    if r.layer == "raw":
        return ("raw", r.session or "")
    if r.layer in ("topic", "note"):
        return (r.layer, r.path)  # one labelled fence per document, per note
    if r.flags or _quoted(r):
        return (r.layer, r.path)  # a flagged or quoted fact is data, under its own label
    return (r.layer,)


def _quoted(r: Row) -> bool:
    """A fact row the index marked as a quoted claim (not in slot form, see layers.factform)."""
    return r.layer == "fact" and r.role is not None


def _trust(r: Row) -> str:
    """An item's trust: a flagged item is never trusted, whatever its layer."""
    trust = trust_of(r.layer)
    return "raw" if trust == "fact" and (r.flags or _quoted(r)) else trust


def _trusted(group: tuple[Any, ...]) -> bool:
    return group == ("fact",)


def _session_start(p: Piece) -> str | None:
    """When the piece's session began (set by recall), else the piece's own time."""
    start = p.extra.get("session_start")
    return start if isinstance(start, str) else p.row.at


def _header(group: tuple[Any, ...], first: Piece) -> str:
    kind = group[0]
    if kind == "raw":
        # Compact on purpose: a label is paid for once per session in every context
        # (the session id is in each item's path and cites, not repeated here).
        dt = _date(_session_start(first))
        return label("chat", _human_day(dt) if dt else str(group[1]) or None)
    if kind == "topic":
        return label("document", str(group[1]))
    if kind == "note":
        dt = _date(first.row.at)
        return label("note", str(group[1]), _human_day(dt) if dt else None)
    if kind == "short_term":
        return label("summary", first.row.path)
    if _trusted(group):
        return TRUSTED_HEADER
    return label(str(kind), first.row.path)  # e.g. [fact user/u/facts.jsonl], flagged


def _line(p: Piece, header_day: str | None) -> str:
    r = p.row
    mark = flag_mark(r.flags)
    if r.layer == "raw":
        # The day is in the session label; a turn shows its own only past midnight.
        dt = _date(r.at)
        stamp = ""
        if dt is not None and _human_day(dt) != header_day:
            stamp = f"({_human_day(dt)}) "
        # Deep recall may show a long turn as its excerpt (wake/excerpt.py); fast never does.
        text = p.extra.get("excerpt") or r.text
        return f"{role_label(r.role)}: {mark}{stamp}{neutral(text)}{_stale_mark(p)}{_ends_mark(p)}"
    if r.layer == "fact" and not r.flags and not _quoted(r):
        line = f"- {neutral(r.text)}"
        if r.valid_from and r.valid_to:
            line += f" (from {r.valid_from[:10]}; no longer current since {r.valid_to[:10]})"
        elif r.valid_from and "(stated " not in r.text:  # the sentence already dates itself
            line += f" (since {r.valid_from[:10]})"
        return line
    # Notes, summaries, documents: every line of quoted text starts with the data marker.
    lines = neutral_lines(r.text) or [""]
    lines[-1] += _stale_mark(p)  # a note naming a replaced value says so
    return "\n".join(f"| {mark}{x}" for x in lines)  # a flagged item says so on every line


def _stale_mark(p: Piece) -> str:
    """The visible mark of a turn whose claim a newer one replaced."""
    stale = p.stale()
    if not stale:
        return ""
    partly = "partly " if stale[1].endswith("~partly") else ""
    return f" ({partly}no longer current since {stale[1][:10]})"


def _ends_mark(p: Piece) -> str:
    """The visible mark of a turn that ended values: " (Lidl: no longer current since …)"."""
    return "".join(f" ({neutral(v)}: no longer current since {s[:10]})" for v, s in p.ends())


def _header_day(first: Piece) -> str | None:
    dt = _date(_session_start(first))
    return _human_day(dt) if dt else None


def render(pieces: Iterable[Piece]) -> str:
    """The prompt block: trusted facts, then untrusted data fenced and labelled.

    Conversation turns are grouped by session in time order, each session under
    one label with its date, so a date is paid for once per session. Summaries,
    notes, turns and reference chunks sit inside one untrusted-data section
    (:mod:`.fence`).
    """
    groups: dict[tuple[Any, ...], list[Piece]] = {}
    for p in pieces:
        groups.setdefault(_group(p), []).append(p)

    def order(item: tuple[tuple[Any, ...], list[Piece]]) -> tuple[bool, int, float, str]:
        g, ps = item
        stamps = [r.at_ts for r in (p.row for p in ps) if r.at_ts is not None]
        # Trusted groups first: everything after the fence opens is quoted data.
        return (not _trusted(g), _LAYER_ORDER.get(g[0], 9), min(stamps) if stamps else 0.0,
                str(g[1:]))

    lines: list[str] = []
    fenced = False
    for g, ps in sorted(groups.items(), key=order):
        if not _trusted(g) and not fenced:
            lines.append(OPEN)
            fenced = True
        if g[0] == "raw":
            ps = sorted(ps, key=lambda p: (p.row.at_ts or 0.0, p.row.key))
        first = ps[0]
        lines.append(_header(g, first))
        day = _header_day(first) if g[0] == "raw" else None
        lines.extend(_line(p, day) for p in ps)
    if fenced:
        lines.append(CLOSE)
    return "\n".join(lines)


_cost_cache: dict[str, int] = {}
_FENCE_COST = count_tokens(OPEN) + count_tokens(CLOSE)


def _cost(line: str) -> int:
    """Token count of a line, memoised (the same turns are priced on every recall)."""
    cost = _cost_cache.get(line)
    if cost is None:
        if len(_cost_cache) > 200_000:
            _cost_cache.clear()
        cost = _cost_cache[line] = count_tokens(line)
    return cost


def pack(
    ranked: list[Piece],
    budget: int,
    neighbours: Callable[[Piece], list[Piece]] | None = None,
    *,
    decay: float = 0.5,
    max_depth: int = 1,
    patience: int = 40,
    prepare: Callable[[Piece], None] | None = None,
) -> tuple[list[Piece], str, int]:
    """Choose pieces best-first until the budget is spent; returns (pieces, block, tokens).

    Each chosen hit puts its neighbouring turns in the queue at ``decay`` times
    its score, so an excerpt grows around strong hits only while they are
    worth more than the next hit. A piece that does not fit is skipped (a
    smaller one further down may still fit) until *patience* misses in a row.
    *prepare*, when given, is called on each piece before it is priced (deep
    recall gives a long turn its excerpt there, :mod:`.excerpt`).
    """
    heap: list[tuple[float, int, Piece]] = [(-p.score, i, p) for i, p in enumerate(ranked)]
    heapq.heapify(heap)
    counter = len(heap)
    chosen: dict[str, Piece] = {}
    seen_text: set[tuple[str, str]] = set()
    opened: dict[tuple[Any, ...], Piece] = {}
    used = 0
    misses = 0
    fenced = False
    while heap and misses < patience:
        _, _, p = heapq.heappop(heap)
        key = p.row.key
        if key in chosen:
            continue
        dedupe = (p.row.layer if p.row.layer == "raw" else "-", _flat(p.row.text).lower())
        if p.row.layer != "raw" and dedupe in seen_text:
            continue
        if prepare is not None:
            prepare(p)
        g = _group(p)
        head = _header(g, p) if g not in opened else None
        cost = _cost(_line(p, _header_day(opened.get(g, p)) if g[0] == "raw" else None))
        if head is not None:
            cost += _cost(head)
        if not fenced and not _trusted(g):
            cost += _FENCE_COST  # the first untrusted item opens (and will close) the section
        if used + cost > budget:
            misses += 1
            continue
        misses = 0
        used += cost
        fenced = fenced or not _trusted(g)
        chosen[key] = p
        seen_text.add(dedupe)
        opened.setdefault(g, p)
        if neighbours is not None and p.depth < max_depth:
            for nb in neighbours(p):
                if nb.row.key not in chosen:
                    nb.score = p.score * decay
                    nb.depth = p.depth + 1
                    counter += 1
                    heapq.heappush(heap, (-nb.score, counter, nb))
    pieces = sorted(chosen.values(), key=lambda q: -q.score)
    block = render(pieces)
    tokens = count_tokens(block)
    while pieces and tokens > budget:  # only if pieces of one session disagree on its start
        pieces.pop()
        block = render(pieces)
        tokens = count_tokens(block)
    return pieces, block, tokens
