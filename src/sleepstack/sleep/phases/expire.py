"""Phase 6, expire: close the windows of facts past their category's TTL.

One work item per user with facts; :func:`sleepstack.sleep.expire.expire` decides.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from ...plan import CycleState, Item, Result
from ..expire import expire
from .items import dicts, facts_of

__all__ = ["expire_merge", "expire_split", "expire_work"]


def expire_split(state: CycleState) -> list[Item]:
    """One item per user with facts."""
    return [
        {"user": u, "facts": state.facts[u]} for u in state.users if state.facts.get(u)
    ]


def expire_work(item: Item, settings: dict[str, Any]) -> Result:
    """Close the windows of facts past their category's TTL."""
    ttl = {str(k): int(v) for k, v in settings.get("ttl_days", {}).items()}
    facts, expired = expire(facts_of(item["facts"]), ttl,
                             datetime.fromisoformat(str(settings["now"]).replace("Z", "+00:00")))
    return {"user": item["user"], "facts": dicts(facts), "expired": dicts(expired)}


def expire_merge(state: CycleState, results: list[Result]) -> None:
    """Replace each user's facts; record the expired ones."""
    for r in sorted(results, key=lambda x: str(x["user"])):
        state.facts[r["user"]] = r["facts"]
        state.add("facts_expired", len(r["expired"]))
        for f in r["expired"]:
            state.detail("facts_expired", {"user": r["user"], "fact": f})
