"""The ``[structured] tier`` setting: whether the store keeps a graph tier.

``tier = "graph"`` (the default) has the sleep cycle build entities and
relations and lets relationship operations (``sleepstack graph``, deep recall)
run; ``tier = "facts"`` keeps only the fact tier, and every relationship
operation fails with :class:`~sleepstack.errors.TierRefused` naming the
setting. Temporal validity is always on: it is part of both tiers.
"""

from __future__ import annotations

from typing import Any

from ..errors import TierRefused, UsageError

__all__ = ["DEFAULT_TIER", "TIERS", "require_graph", "tier_of"]

TIERS = ("facts", "graph")
DEFAULT_TIER = "graph"


def tier_of(raw: dict[str, Any] | None) -> str:
    """The tier a parsed ``sleepstack.toml`` (its raw tables) sets."""
    table = (raw or {}).get("structured", {})
    if not isinstance(table, dict):
        raise UsageError("[structured] in sleepstack.toml must be a table", key="structured")
    tier = table.get("tier", DEFAULT_TIER)
    if tier not in TIERS:
        raise UsageError(f'sleepstack.toml: [structured] tier must be "facts" or "graph",'
                         f" not {tier!r}", key="structured.tier")
    return str(tier)


def require_graph(raw: dict[str, Any] | None, operation: str) -> None:
    """Refuse *operation* unless the graph tier is on."""
    if tier_of(raw) != "graph":
        raise TierRefused(
            f'{operation} needs the graph tier: this store sets [structured] tier = "facts"'
            ' in sleepstack.toml (set tier = "graph" and run a sleep cycle)',
            setting="structured.tier", tier="facts", operation=operation)
