"""The session compression DAG: long conversations kept inside a model's window.

A session's recent turns stay verbatim; older turns fold into *summary nodes*,
and when those still do not fit, summaries fold into higher summaries. Every
summary keeps the ids of the nodes it folded (``parents``) and the raw-log
turn ids it covers (``turns``), so any line of the compressed context leads
back down to the raw log (ARCHITECTURE.md §4). The result is a DAG whose
frontier — the nodes shown — always fits the budget.

Summaries are extractive and deterministic by default: the most informative
sentences (by the session's own idf) of the folded text, in their original
order, with the speaker. Blocks are aligned from the start of the session and
summary ids are hashes of their parents, so the same history always folds into
the same nodes and a growing session only adds nodes.
"""

from __future__ import annotations

import hashlib
import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..layers.rawlog import Turn, is_erased, iso, parse_file, user_log_prefix
from ..layers.trust import screen
from ..store import Store
from ..store.paths import check_user_id
from ..text.token_count import count_tokens
from ..text.words import terms

__all__ = ["Node", "SessionContext", "compress_turns", "gate_turn", "session_context",
           "session_turns"]

#: Turns folded into one first-level summary.
BLOCK = 6
#: Summaries folded into one higher-level summary.
FANOUT = 4
#: Share of the budget reserved for verbatim recent turns.
RECENT_SHARE = 0.6
_SUMMARY_WORDS = (0, 36, 48, 60)
_SENT_RE = re.compile(r"(?<=[.!?])\s+")


def _tokens(text: str) -> int:
    return count_tokens(text)


@dataclass(frozen=True)
class Node:
    """A turn (leaf) or a summary of consecutive nodes."""

    id: str
    kind: str  # "turn" | "summary"
    level: int  # 0 for turns
    text: str
    role: str | None
    parents: tuple[str, ...]
    turns: tuple[str, ...]
    start: str | None
    end: str | None

    def render(self) -> str:
        """The node's line in the compressed context."""
        if self.kind == "turn":
            when = self.start[11:16] if self.start else ""
            return f"{when} {self.role}: {' '.join(self.text.split())}".strip()
        span = f"{(self.start or '')[:16].replace('T', ' ')}–{(self.end or '')[11:16]}"
        return f"[summary of {len(self.turns)} turns, {span}] {self.text}"

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "id": self.id, "kind": self.kind, "level": self.level, "text": self.text,
            "role": self.role, "parents": list(self.parents), "turns": list(self.turns),
            "start": self.start, "end": self.end,
        }


@dataclass(frozen=True)
class SessionContext:
    """A session compressed to a budget: the frontier shown, and the whole DAG."""

    user: str
    session: str
    nodes: tuple[Node, ...]
    context: str
    ctx_tokens: int
    ctx_chars: int
    dag: dict[str, Node] = field(default_factory=dict)
    omitted: tuple[str, ...] = ()  # oldest frontier nodes dropped when even folding did not fit

    @property
    def cites(self) -> tuple[str, ...]:
        """Every raw-log turn id the shown nodes cover."""
        return tuple(dict.fromkeys(t for n in self.nodes for t in n.turns))

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "user": self.user, "session": self.session,
            "nodes": [n.to_dict() for n in self.nodes],
            "context": self.context, "ctx_tokens": self.ctx_tokens, "ctx_chars": self.ctx_chars,
            "dag": {k: v.to_dict() for k, v in self.dag.items()},
            "omitted": list(self.omitted),
        }


def _leaf(t: Turn) -> Node:
    at = iso(t.at)
    return Node(t.id, "turn", 0, t.text, t.role, (), (t.id,), at, at)


def _summarise(parts: Sequence[Node], idf: dict[str, float], words: int) -> str:
    """The most informative sentences of *parts*, in order, within *words* words."""
    sentences: list[tuple[int, str, str | None, float]] = []
    for node in parts:
        pieces = [node.text] if node.kind == "summary" else _SENT_RE.split(node.text)
        for s in pieces:
            s = " ".join(s.split())
            if not s:
                continue
            ts = set(terms(s))
            info = sum(idf.get(t, 0.0) for t in ts) / math.sqrt(len(s.split()) + 1)
            sentences.append((len(sentences), s, node.role if node.kind == "turn" else None, info))
    chosen: list[tuple[int, str, str | None, float]] = []
    used = 0
    for item in sorted(sentences, key=lambda x: (-x[3], x[0])):
        n = len(item[1].split())
        if used + n > words:
            if not chosen:  # one long sentence: keep its head
                head = " ".join(item[1].split()[:words]) + " …"
                chosen.append((item[0], head, item[2], item[3]))
            continue
        chosen.append(item)
        used += n
    out: list[str] = []
    last_role: str | None = None
    for _, s, role, _ in sorted(chosen):
        if role and role != last_role:
            out.append(f"{role}: {s}")
            last_role = role
        else:
            out.append(s)
    return " ".join(out)


def _fold(children: Sequence[Node], level: int, idf: dict[str, float]) -> Node:
    parents = tuple(c.id for c in children)
    digest = hashlib.sha1("\x1f".join(parents).encode()).hexdigest()[:12]
    words = _SUMMARY_WORDS[min(level, len(_SUMMARY_WORDS) - 1)]
    return Node(
        id=f"sum{level}-{digest}", kind="summary", level=level,
        text=_summarise(children, idf, words), role=None, parents=parents,
        turns=tuple(t for c in children for t in c.turns),
        start=children[0].start, end=children[-1].end,
    )


def _idf(turns: Sequence[Turn]) -> dict[str, float]:
    df: Counter[str] = Counter()
    for t in turns:
        df.update(set(terms(t.text)))
    n = max(1, len(turns))
    return {w: math.log(1 + n / c) for w, c in df.items()}


def _cost(nodes: Sequence[Node], header: str) -> int:
    return _tokens(header) + sum(_tokens(n.render()) for n in nodes)


def _attempt(leaves: list[Node], turns: Sequence[Turn], budget_tokens: int, header: str,
             share: float, idf: dict[str, float], max_raw: int | None = None
             ) -> tuple[list[Node], dict[str, Node]]:
    """Fold everything but the newest turns that fit in *share* of the budget."""
    dag: dict[str, Node] = {}
    room = int(budget_tokens * share) - _tokens(header)
    tail: list[Node] = []
    for leaf in reversed(leaves):
        c = _tokens(leaf.render())
        if c > room or (max_raw is not None and len(tail) >= max_raw):
            break
        tail.insert(0, leaf)
        room -= c
    older = leaves[: len(leaves) - len(tail)]
    level_nodes = [_fold(older[i:i + BLOCK], 1, idf) for i in range(0, len(older), BLOCK)]
    dag.update((n.id, n) for n in level_nodes)
    level = 1
    while len(level_nodes) > 1 and _cost(level_nodes + tail, header) > budget_tokens:
        level += 1
        level_nodes = [_fold(level_nodes[i:i + FANOUT], level, idf)
                       for i in range(0, len(level_nodes), FANOUT)]
        dag.update((n.id, n) for n in level_nodes)
    return level_nodes + tail, dag


def _shrink(node: Node, dag: dict[str, Node], idf: dict[str, float], budget_tokens: int,
            header: str) -> Node:
    """A shorter version of a top summary for a budget even it does not fit."""
    children = [dag[p] for p in node.parents]
    words = _SUMMARY_WORDS[-1]
    candidate = node
    while words > 4 and _cost([candidate], header) > budget_tokens:
        words = int(words * 0.7)
        candidate = replace(node, id=f"{node.id}-w{words}",
                            text=_summarise(children, idf, words))
    return candidate


def compress_turns(turns: Sequence[Turn], budget_tokens: int, *, user: str, session: str,
                   recent_share: float = RECENT_SHARE, max_raw_turns: int | None = None
                   ) -> SessionContext:
    """Compress one session's turns (chronological) into *budget_tokens*.

    When even a single top summary plus the verbatim tail does not fit, the
    tail shrinks (its turns fold into the summaries) before anything is
    dropped; only then are the oldest nodes left out (they stay in the DAG).
    """
    header = f"Session {session}:"
    leaves = [_leaf(t) for t in turns]
    dag: dict[str, Node] = {n.id: n for n in leaves}
    frontier = leaves
    if _cost(leaves, header) > budget_tokens:
        idf = _idf(turns)
        for share in sorted({recent_share, 0.4, 0.25, 0.1}, reverse=True):
            frontier, folded = _attempt(leaves, turns, budget_tokens, header, share, idf,
                                        max_raw_turns)
            dag.update(folded)
            if _cost(frontier, header) <= budget_tokens:
                break
    if len(frontier) == 1 and frontier[0].kind == "summary" and \
            _cost(frontier, header) > budget_tokens:
        frontier = [_shrink(frontier[0], dag, _idf(turns), budget_tokens, header)]
        dag[frontier[0].id] = frontier[0]
    omitted: list[str] = []
    while frontier and _cost(frontier, header) > budget_tokens:
        omitted.append(frontier.pop(0).id)  # the oldest goes first; the DAG still holds it
    block = "\n".join([header, *(n.render() for n in frontier)]) if frontier else ""
    tokens = _tokens(block) if block else 0
    return SessionContext(user, session, tuple(frontier), block, tokens, len(block), dag,
                          tuple(omitted))


def session_context(store: Store, user: str, session: str, budget_tokens: int = 1000,
                    *, max_raw_turns: int | None = None) -> SessionContext:
    """Read one session of *user* from the raw log and compress it into the budget.

    At most *max_raw_turns* of the newest turns stay verbatim when it has to fold.
    """
    return compress_turns(session_turns(store, user, session), budget_tokens, user=user,
                          session=session, max_raw_turns=max_raw_turns)


def session_turns(store: Store, user: str, session: str) -> list[Turn]:
    """One session's turns of *user*, chronological, through the trust gate (:func:`gate_turn`)."""
    check_user_id(user)
    turns: list[Turn] = []
    for path in store.list(user_log_prefix(user)):
        if path.endswith(".md"):
            turns.extend(t for t in parse_file(store.read_text(path), user)
                         if t.session == session and not is_erased(t))
    turns.sort(key=lambda t: t.at)
    return [gate_turn(t) for t in turns]


def gate_turn(turn: Turn) -> Turn:
    """A turn as a prompt may see it: secrets redacted, a flagged turn's text withheld.

    The block goes to a model as the session so far, and its older turns are
    no longer in the model's window: the same trust gate as recall's applies.
    """
    got = screen(turn.text)
    if got.flagged:
        return replace(turn, text=f"(withheld: flagged by {', '.join(got.flags)})")
    return turn if got.text == turn.text else replace(turn, text=got.text)
