"""The claims map: per user, every slot's values over time, as ``user/<u>/claims.json``.

Written only by the sleep cycle, in the same audited batch as ``facts.jsonl``
(it is derived from the user's whole fact history there), and read by the wake
path to mark as *no longer current* any turn or note that states a value a
slot no longer has, however many cycles ago it was said or superseded.

One entry per slot (the fact attribute) and value::

    {"version": 1, "user": "u", "slots": {"lives_in": {"multi": false, "values": [
        {"value": "Boston", "fact": "f-…", "from": "2024-…", "to": "2024-…",
         "by": "f-…", "ended": false, "turns": ["t-…"]}, …]}}}

``to`` is empty while the value is current. A value closed by a newer one has
``by``; one closed by an explicit removal ("we gave the cat away") has
``ended``; a value that only expired by TTL is not in the map at all (it is
old, not contradicted). Pure data functions: no store access.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

__all__ = [
    "CLAIMS_VERSION",
    "ClaimValue",
    "SlotHistory",
    "claims_path",
    "dump_claims_map",
    "erase_from_claims_map",
    "load_claims_map",
]

CLAIMS_VERSION = 1


def claims_path(user: str) -> str:
    """Where one user's claims map lives."""
    return f"user/{user}/claims.json"


@dataclass(frozen=True)
class ClaimValue:
    """One value a slot had, with its validity window."""

    value: str
    fact: str
    valid_from: str
    valid_to: str | None = None
    by: str | None = None  # the fact that replaced it
    ended: bool = False  # closed by an explicit removal
    turns: tuple[str, ...] = ()

    @property
    def current(self) -> bool:
        """True while no newer claim or removal closed it."""
        return self.valid_to is None

    def as_json(self) -> dict[str, Any]:
        """The map's JSON form of this value."""
        return {"value": self.value, "fact": self.fact, "from": self.valid_from,
                "to": self.valid_to, "by": self.by, "ended": self.ended,
                "turns": list(self.turns)}


@dataclass(frozen=True)
class SlotHistory:
    """Every value one slot had, oldest first."""

    multi: bool
    values: tuple[ClaimValue, ...]

    def current(self) -> list[ClaimValue]:
        """The values still current."""
        return [v for v in self.values if v.current]


def dump_claims_map(user: str, slots: Mapping[str, SlotHistory]) -> str:
    """The file's text (stable: sorted slots, values in order)."""
    body = {"version": CLAIMS_VERSION, "user": user, "slots": {
        name: {"multi": h.multi, "values": [v.as_json() for v in h.values]}
        for name, h in sorted(slots.items())}}
    return json.dumps(body, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n"


def _str(d: Mapping[str, Any], key: str) -> str | None:
    v = d.get(key)
    return v if isinstance(v, str) and v else None


def load_claims_map(text: str | None) -> dict[str, SlotHistory]:
    """Parse ``claims.json`` text; empty for none, another version or a malformed file.

    A malformed map only costs the stale marks it would have given: recall
    still has the facts' own windows, so this never raises.
    """
    if not text:
        return {}
    try:
        body = json.loads(text)
    except ValueError:
        return {}
    if not isinstance(body, dict) or body.get("version") != CLAIMS_VERSION:
        return {}
    slots = body.get("slots")
    if not isinstance(slots, dict):
        return {}
    out: dict[str, SlotHistory] = {}
    for name, h in slots.items():
        if not isinstance(h, dict) or not isinstance(h.get("values"), list):
            continue
        values = []
        for d in h["values"]:
            if not isinstance(d, dict):
                continue
            value, fact, start = _str(d, "value"), _str(d, "fact"), _str(d, "from")
            if value is None or fact is None or start is None:
                continue
            turns = d.get("turns")
            values.append(ClaimValue(
                value=value, fact=fact, valid_from=start, valid_to=_str(d, "to"),
                by=_str(d, "by"), ended=d.get("ended") is True,
                turns=tuple(t for t in turns if isinstance(t, str)) if isinstance(turns, list)
                else ()))
        out[str(name)] = SlotHistory(multi=h.get("multi") is True, values=tuple(values))
    return out


def erase_from_claims_map(text: str, fact_ids: set[str], turn_ids: set[str]) -> str:
    """*text* without the erased facts' values and the erased turns (for ``forget``).

    A value goes with its fact, or when every turn that stated it is erased;
    the others lose the erased turns. A file this code cannot read is left to
    the literal rules (returned unchanged).
    """
    try:
        body = json.loads(text)
        users = body["user"]
        slots = load_claims_map(text)
    except (ValueError, KeyError, TypeError):
        return text
    if not isinstance(users, str) or not slots:
        return text
    out: dict[str, SlotHistory] = {}
    for name, h in slots.items():
        kept = []
        for v in h.values:
            if v.fact in fact_ids or (v.turns and all(t in turn_ids for t in v.turns)):
                continue
            kept.append(ClaimValue(v.value, v.fact, v.valid_from, v.valid_to,
                                   by=None if v.by in fact_ids else v.by, ended=v.ended,
                                   turns=tuple(t for t in v.turns if t not in turn_ids)))
        if kept:
            out[name] = SlotHistory(h.multi, tuple(kept))
    new = dump_claims_map(users, out)
    return text if load_claims_map(new) == slots else new
