"""Phase 4, resolve: within a slot the newest value wins, the old one keeps its window.

One work item per user with new facts; :func:`sleepstack.sleep.resolve.resolve` decides.
"""

from __future__ import annotations

from typing import Any

from ...plan import CycleState, Item, Result
from ..late import give_way
from ..resolve import resolve
from .items import dicts, facts_of

__all__ = ["resolve_merge", "resolve_split", "resolve_work"]


def resolve_split(state: CycleState) -> list[Item]:
    """One item per user with new facts."""
    new = state.inputs.get("new_facts", {})
    late = state.inputs.get("late_facts", {})
    return [
        {"user": u, "existing": state.facts.get(u, []), "new": new[u],
         **({"late": late[u]} if late.get(u) else {})}
        for u in state.users
        if new.get(u)
    ]


def resolve_work(item: Item, settings: dict[str, Any]) -> Result:
    """Supersede within slots: the newest value wins, the old one keeps its window."""
    got = resolve(facts_of(item["existing"]), facts_of(item["new"]),
                  cycle=str(settings.get("cycle_id")))
    facts, added = list(got.facts), list(got.added)
    superseded = list(got.superseded)
    if item.get("late"):
        # An earlier turn's remark read into a slot now: its ``other`` fact gives way.
        facts, gave = give_way(facts, set(item["late"]))
        superseded += gave
    by_id = {f.id: f for f in facts}
    before = {d["id"]: d for d in item["existing"]}
    return {
        "user": item["user"],
        "facts": dicts(facts),
        "added": dicts(added),
        # before = the fact as it stood; after = with its window closed; by = its successor
        "superseded": [
            {"before": before.get(old.id, old.to_dict()),
             "after": by_id.get(old.id, old).to_dict(), "by": new.to_dict()}
            for old, new in superseded
        ],
    }


def resolve_merge(state: CycleState, results: list[Result]) -> None:
    """Replace each user's facts; count and record what changed."""
    for r in sorted(results, key=lambda x: str(x["user"])):
        state.facts[r["user"]] = r["facts"]
        state.add("facts_added", len(r["added"]))
        state.add("facts_superseded", len(r["superseded"]))
        for f in r["added"]:
            state.detail("facts_added", {"user": r["user"], "fact": f})
        for s in r["superseded"]:
            state.detail("facts_superseded", {"user": r["user"], **s})
