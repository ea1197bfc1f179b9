"""Long-term facts: ``(subject, attribute, value)`` with validity windows and citations.

Stored one JSON object per line in ``user/<user>/facts.jsonl`` (written only by
the sleep cycle). A new value in the same ``(subject, attribute)`` slot
supersedes the old one: the old fact gets ``valid_to`` and ``superseded_by``;
nothing is deleted, so the file is the facts' full history.

Citations are bounded: a fact restated a thousand times keeps its first
citation and the latest few (:data:`MAX_CITES` in all) and counts the rest in
``restated``, so the file stays flat however often a fact is repeated.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, replace
from typing import Any

__all__ = [
    "CITES_FIRST",
    "CITES_LATEST",
    "MAX_CITES",
    "Fact",
    "bound_cites",
    "dump_facts",
    "facts_path",
    "load_facts",
]

#: citations a fact keeps: its first statement plus the latest few restatements
CITES_FIRST = 1
CITES_LATEST = 4
MAX_CITES = CITES_FIRST + CITES_LATEST


def facts_path(user: str) -> str:
    """Where one user's facts live."""
    return f"user/{user}/facts.jsonl"


def bound_cites(
    cites: tuple[str, ...] | list[str], *, first: int = CITES_FIRST, latest: int = CITES_LATEST
) -> tuple[tuple[str, ...], int]:
    """``(kept, dropped)``: the first *first* and the last *latest* unique citations.

    Order is kept (oldest first); *dropped* is how many were left out in between.
    """
    unique = tuple(dict.fromkeys(c for c in cites if c))
    if len(unique) <= first + latest:
        return unique, 0
    kept = unique[:first] + (unique[-latest:] if latest > 0 else ())
    return kept, len(unique) - len(kept)


@dataclass(frozen=True)
class Fact:
    """One durable fact, preference or decision."""

    id: str
    user: str
    subject: str
    attribute: str
    value: str
    category: str  # preference | personal | conversation | project | plan | ...
    confidence: float
    text: str  # the rendered sentence, what recall shows
    at: str  # ISO 8601 time of the turn that stated it
    valid_from: str
    valid_to: str | None = None
    superseded_by: str | None = None
    expired: bool = False
    cites: tuple[str, ...] = field(default_factory=tuple)
    cycle: str | None = None
    #: how many later statements repeated this fact (their cites are bounded: see MAX_CITES)
    restated: int = 0
    #: where it came from when not a cycle's extraction (``update``: Memory.update; who: the audit)
    source: str | None = None
    #: free labels set through ``Memory.update`` (sleepstack.memories)
    tags: tuple[str, ...] = ()

    @property
    def current(self) -> bool:
        """Neither superseded nor expired."""
        return self.valid_to is None

    @property
    def slot(self) -> tuple[str, str]:
        """The ``(subject, attribute)`` slot newer values supersede."""
        return (self.subject.casefold(), self.attribute.casefold())

    def close(self, at: str, *, by: str | None = None, expired: bool = False) -> Fact:
        """A copy of the fact with its validity window closed at *at*."""
        return replace(self, valid_to=at, superseded_by=by, expired=expired)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        d = asdict(self)
        d["cites"] = list(self.cites)
        # Left out when unset, so facts written before these fields keep their bytes.
        if d["source"] is None:
            del d["source"]
        if self.tags:
            d["tags"] = list(self.tags)
        else:
            del d["tags"]
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Fact:
        """Inverse of :meth:`to_dict` (unknown keys are ignored, missing new ones default)."""
        known = {k: v for k, v in d.items() if k in cls.__dataclass_fields__}
        known["cites"] = tuple(str(c) for c in known.get("cites") or ())
        known["tags"] = tuple(str(t) for t in known.get("tags") or ())
        try:
            known["restated"] = max(0, int(known.get("restated") or 0))
        except (TypeError, ValueError):
            known["restated"] = 0
        return cls(**known)

    def with_cites(self, cites: tuple[str, ...] | list[str], *, restated: int = 0) -> Fact:
        """A copy citing *cites* (bounded), with *restated* more restatements counted."""
        kept, _ = bound_cites(cites)
        return replace(self, cites=kept, restated=self.restated + max(0, restated))


def load_facts(text: str) -> list[Fact]:
    """Parse ``facts.jsonl`` text."""
    return [Fact.from_dict(json.loads(line)) for line in text.splitlines() if line.strip()]


def dump_facts(facts: list[Fact]) -> str:
    """Serialise facts, one per line, in a stable order."""
    return "".join(
        json.dumps(f.to_dict(), ensure_ascii=False, sort_keys=True) + "\n" for f in facts
    )
