"""Phase 7, summarise: ``facts.jsonl``, ``SHORT_TERM.md`` and ``LONG_TERM.md`` per user.

Also the user's claims map (``claims.json``, :mod:`sleepstack.sleep.claims_map`),
derived from the same facts so that both land in one audited batch.

One work item per user the cycle touched; :mod:`sleepstack.sleep.summarise` renders.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import Any

from ...layers.claims_map import claims_path, dump_claims_map, unread_of
from ...layers.facts import Fact, bound_cites, dump_facts, facts_path
from ...plan import CycleState, Item, Result
from ..claims_map import claims_map_of
from ..summarise import render_long_term, render_short_term
from .items import facts_of, turn_of

__all__ = ["summarise_merge", "summarise_split", "summarise_work"]


def summarise_split(state: CycleState) -> list[Item]:
    """One item per user the cycle touched."""
    recent = state.inputs.get("recent_turns", {})
    unread = state.inputs.get("unread", {})
    return [
        {"user": u, "turns": recent.get(u, []), "facts": state.facts.get(u, []),
         "unread": unread.get(u, {}).get("refs", [])}
        for u in state.users
    ]


def summarise_work(item: Item, settings: dict[str, Any]) -> Result:
    """Render ``facts.jsonl``, ``SHORT_TERM.md`` and ``LONG_TERM.md`` for one user."""
    facts = [_bounded(f) for f in facts_of(item["facts"])]
    turns = [turn_of(d) for d in item["turns"]]
    now = datetime.fromisoformat(str(settings["now"]).replace("Z", "+00:00"))
    days = int(settings.get("summary_days", 3))
    return {
        "user": item["user"],
        "facts_jsonl": dump_facts(facts),
        "short": render_short_term(turns, facts, now=now, days=days),
        "long": render_long_term(facts),
        # ... with references to the remarks no cycle could read yet (claims/carry.py)
        "claims": dump_claims_map(item["user"], claims_map_of(item["user"], facts),
                                  unread_of(item.get("unread"))),
        "unread": bool(item.get("unread")),
    }


def _bounded(f: Fact) -> Fact:
    """*f* with its citations bounded (facts written before the bound was kept all)."""
    kept, dropped = bound_cites(f.cites)
    if not dropped:
        return f
    # Every citation after the first was a restatement.
    return replace(f, cites=kept, restated=max(f.restated, len(kept) + dropped - 1))


def summarise_merge(state: CycleState, results: list[Result]) -> None:
    """Stage the files; an unchanged file is dropped at commit time."""
    for r in sorted(results, key=lambda x: str(x["user"])):
        u = r["user"]
        if r["facts_jsonl"] or state.base.get(facts_path(u)) is not None:
            state.put(facts_path(u), r["facts_jsonl"])
        state.put(f"user/{u}/SHORT_TERM.md", r["short"])
        state.put(f"user/{u}/LONG_TERM.md", r["long"])
        if "claims" in r and (r["facts_jsonl"] or r.get("unread")
                              or state.base.get(claims_path(u)) is not None):
            state.put(claims_path(u), r["claims"])
