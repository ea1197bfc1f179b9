"""Long-term facts: ``(subject, attribute, value)`` with validity windows and citations.

Stored one JSON object per line in ``user/<user>/facts.jsonl`` (written only by
the sleep cycle). A new value in the same ``(subject, attribute)`` slot
supersedes the old one: the old fact gets ``valid_to`` and ``superseded_by``;
nothing is deleted, so the file is the facts' full history.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, replace
from typing import Any

__all__ = ["Fact", "dump_facts", "facts_path", "load_facts"]


def facts_path(user: str) -> str:
    """Where one user's facts live."""
    return f"user/{user}/facts.jsonl"


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
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Fact:
        """Inverse of :meth:`to_dict` (unknown keys are ignored)."""
        known = {k: v for k, v in d.items() if k in cls.__dataclass_fields__}
        known["cites"] = tuple(known.get("cites", ()))
        return cls(**known)


def load_facts(text: str) -> list[Fact]:
    """Parse ``facts.jsonl`` text."""
    return [Fact.from_dict(json.loads(line)) for line in text.splitlines() if line.strip()]


def dump_facts(facts: list[Fact]) -> str:
    """Serialise facts, one per line, in a stable order."""
    return "".join(
        json.dumps(f.to_dict(), ensure_ascii=False, sort_keys=True) + "\n" for f in facts
    )
