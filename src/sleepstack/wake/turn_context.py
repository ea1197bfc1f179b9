"""``context``: the per-turn block an agent loads on every turn.

The seeds' layered stack puts three things in front of the model each turn:
the rolling summary (``SHORT_TERM.md``), the curated long-term memory
(``LONG_TERM.md``: here the user's current, trusted facts, which that file
renders) and what recall finds for the turn at hand. This module builds that
block under one token budget, read-only:

* the memory part (current facts, then the summary's bullets) takes at most
  ``memory_share`` of the budget, facts first;
* recall gets the rest, for *query* — by default the newest user turn of
  *session* — with its profile share off (the facts are already there); an
  item recall shows is not repeated in the memory part.

Everything goes through the same renderer and fence as recall: facts are the
only trusted lines, the summary (it quotes conversations) is fenced data, and
flagged rows are left out.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from ..errors import NotFoundError
from ..index.rows import Row, rows_for_file
from ..index.tokens import count_tokens
from ..layers.facts import facts_path
from ..layers.rawlog import is_erased, parse_file, user_log_prefix
from ..store import Store
from ..store.paths import check_user_id
from .context import Context, Item, Piece, pack, render
from .recall import DEFAULT_CONFIG, RecallConfig, recall

__all__ = ["TurnContext", "turn_context"]


@dataclass(frozen=True)
class TurnContext:
    """The per-turn block and what it is made of."""

    user: str
    session: str | None
    query: str | None
    memory: tuple[Item, ...]  # facts and summary bullets, in the order shown
    recall: Context | None
    context: str
    ctx_tokens: int
    ctx_chars: int

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "user": self.user, "session": self.session, "query": self.query,
            "memory": [it.to_dict() for it in self.memory],
            "recall": self.recall.to_dict() if self.recall is not None else None,
            "context": self.context, "ctx_tokens": self.ctx_tokens, "ctx_chars": self.ctx_chars,
        }


def _file_rows(store: Store, path: str) -> list[Row]:
    try:
        data = store.read_bytes(path)
    except NotFoundError:
        return []
    return [r for r in rows_for_file(path, data) if not r.flags]


def _last_user_turn(store: Store, user: str, session: str) -> str | None:
    best: tuple[float, str] | None = None
    for path in store.list(user_log_prefix(user)):
        if not path.endswith(".md"):
            continue
        for t in parse_file(store.read_text(path), user):
            if t.session == session and not is_erased(t) and t.role == "user":
                ts = t.at.timestamp()
                if best is None or ts >= best[0]:
                    best = (ts, t.text)
    return best[1] if best else None


def turn_context(store: Store, user: str, session: str | None = None, query: str | None = None,
                 budget_tokens: int = 1000, *, memory_share: float = 0.5,
                 config: RecallConfig = DEFAULT_CONFIG, now: datetime | None = None
                 ) -> TurnContext:
    """SHORT_TERM + LONG_TERM + recall for this turn, within *budget_tokens*."""
    check_user_id(user)
    facts = [r for r in _file_rows(store, facts_path(user)) if not r.valid_to]
    facts.sort(key=lambda r: r.at_ts or 0.0, reverse=True)  # newest first when space is short
    summary = _file_rows(store, f"user/{user}/SHORT_TERM.md")
    # Earlier rows score higher: facts, then the summary in its own order.
    ranked = [Piece(r, float(len(facts) + len(summary) - i))
              for i, r in enumerate(facts + summary)]
    chosen, _, used = pack(ranked, int(budget_tokens * memory_share), None,
                           patience=len(ranked) + 1)
    if query is None and session is not None:
        query = _last_user_turn(store, user, session)
    ctx: Context | None = None
    pieces = list(chosen)
    if query and query.strip() and budget_tokens - used > 8:
        ctx = recall(store, query, user, session, budget_tokens - used, now=now,
                     config=replace(config, profile_share=0.0))
    tail = ""
    if ctx is not None and ctx.items:
        # Recall's block is kept whole (its fence, labels and roles); what it already
        # shows leaves the memory part instead, so nothing is paid for twice.
        tail = ctx.context
        seen = {" ".join(it.text.split()).casefold() for it in ctx.items}
        pieces = [p for p in pieces if " ".join(p.row.text.split()).casefold() not in seen]

    def join() -> str:
        return "\n".join(b for b in (render(pieces), tail) if b)

    block = join()
    tokens = count_tokens(block)
    while tokens > budget_tokens and (pieces or tail):  # never above the budget
        if pieces:
            pieces.pop()
        else:
            tail = ""
        block = join()
        tokens = count_tokens(block)
    return TurnContext(user, session, query, tuple(p.item() for p in pieces), ctx, block,
                       tokens, len(block))
