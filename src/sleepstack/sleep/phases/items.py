"""Work items' values: facts and turns travel between phases as plain dicts.

``Fact.to_dict`` / ``Turn.to_dict`` on the way out, these on the way back, so
an item can cross a thread, a process or a remote task unchanged.
"""

from __future__ import annotations

from typing import Any

from ...layers.facts import Fact
from ...layers.rawlog import Turn, parse_at

__all__ = ["dicts", "facts_of", "turn_of"]


def turn_of(d: dict[str, Any]) -> Turn:
    """A turn from its dict."""
    return Turn(d["id"], d["user"], d["session"], d["role"], d["text"], parse_at(d["at"]))


def facts_of(ds: list[dict[str, Any]]) -> list[Fact]:
    """Facts from their dicts."""
    return [Fact.from_dict(d) for d in ds]


def dicts(fs: list[Fact]) -> list[dict[str, Any]]:
    """Facts as dicts."""
    return [f.to_dict() for f in fs]
