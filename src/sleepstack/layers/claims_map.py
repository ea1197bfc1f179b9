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
old, not contradicted).

The map also keeps, under ``"unread"``, references to the remarks no reader
took a value from that a later cycle may still make a slot's history
(:class:`Unread`, :mod:`sleepstack.sleep.claims.carry`)::

    "unread": [{"turn": "t-…", "day": "2024-05-08", "n": 2, "slots": ["employer"]},
               {"turn": "t-…", "day": "2024-05-08", "n": 0, "slots": ["partner"],
                "mention": 0.52}, …]

A reference holds no text: the turn's id and UTC day (its raw-log file), the
clause's position among the turn's self-disclosures, the slots it may be about
and, for a mention, its score. The words are read back from the raw log when a
later cycle needs them, so a turn ``forget`` erased or redacted takes its
remark with it. The wake path does not read them. Pure data functions: no
store access.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = [
    "CLAIMS_VERSION",
    "ClaimValue",
    "SlotHistory",
    "Unread",
    "claims_path",
    "dump_claims_map",
    "erase_from_claims_map",
    "load_claims_map",
    "load_unread",
    "unread_of",
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


@dataclass(frozen=True)
class Unread:
    """A reference to a remark no reader took a value from, kept for a later cycle.

    *turn* and *day*: the raw-log turn (its id and UTC day, which names its
    file); *clause*: the remark's position among the turn's self-disclosures
    (:func:`sleepstack.sleep.claims.detect.disclosures`); *slots*: the slots
    it may be about. A *mention* (its score, else None) is a statement clearly
    about ``slots[0]`` whose value could not be read; the others are clauses
    that may name a slot's old value (:mod:`sleepstack.sleep.claims.conamed`).
    """

    turn: str
    day: str
    clause: int
    slots: tuple[str, ...]
    mention: float | None = None

    def as_json(self) -> dict[str, Any]:
        """The map's JSON form of this reference."""
        out: dict[str, Any] = {"turn": self.turn, "day": self.day, "n": self.clause,
                               "slots": list(self.slots)}
        if self.mention is not None:
            out["mention"] = self.mention
        return out


def dump_claims_map(user: str, slots: Mapping[str, SlotHistory],
                    unread: Sequence[Unread] = ()) -> str:
    """The file's text (stable: sorted slots, values in order, remarks in turn order)."""
    body: dict[str, Any] = {"version": CLAIMS_VERSION, "user": user, "slots": {
        name: {"multi": h.multi, "values": [v.as_json() for v in h.values]}
        for name, h in sorted(slots.items())}}
    if unread:
        body["unread"] = [u.as_json() for u in unread]
    return json.dumps(body, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n"


def load_unread(text: str | None) -> list[Unread]:
    """The remark references of ``claims.json`` text (none for a malformed file)."""
    try:
        body = json.loads(text or "")
    except ValueError:
        return []
    if not isinstance(body, dict) or body.get("version") != CLAIMS_VERSION:
        return []
    return unread_of(body.get("unread"))


def unread_of(items: Any) -> list[Unread]:
    """The references of a JSON list of :meth:`Unread.as_json` forms (malformed ones out)."""
    out: list[Unread] = []
    for d in items if isinstance(items, list) else ():
        if not isinstance(d, dict):
            continue
        turn, day, n, slots = _str(d, "turn"), _str(d, "day"), d.get("n"), d.get("slots")
        score = d.get("mention")
        if turn is None or day is None or not isinstance(n, int) or isinstance(n, bool) \
                or n < 0 or not isinstance(slots, list) or (
                    score is not None and not isinstance(score, int | float)):
            continue
        names = tuple(s for s in slots if isinstance(s, str) and s)
        if names:
            out.append(Unread(turn, day, n, names,
                              None if score is None else float(score)))
    return out


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
    the others lose the erased turns; a remark reference goes with its turn. A
    file this code cannot read is left to the literal rules (returned unchanged).
    """
    try:
        body = json.loads(text)
        users = body["user"]
        slots = load_claims_map(text)
    except (ValueError, KeyError, TypeError):
        return text
    unread = load_unread(text)
    if not isinstance(users, str) or not (slots or unread):
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
    left = [u for u in unread if u.turn not in turn_ids]
    new = dump_claims_map(users, out, left)
    return text if load_claims_map(new) == slots and left == unread else new
