"""The shapes of the memory verbs by id: ids, items, events, metadata and filters.

A *memory* is one long-term fact (``user/<u>/facts.jsonl``, its id is the
fact's own ``f-…`` id) or one note (``user/<u>/notes/<name>.md``, its id is
``note:<u>:<name>``). Ids carry no ``/``, so they fit a URL path segment, and
a note id names its user, so it resolves without a scan.

Metadata is ``category``, ``source`` and free ``tags``. They are checked
against strict patterns here (fail closed: a label is not a place for a
sentence), because a source is shown next to a note as its provenance.
The checks themselves are :mod:`sleepstack.layers.metadata` (the wake path
uses them too).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from typing import Any, Literal

from ..errors import PathRefused, UsageError
from ..layers.metadata import MAX_TAGS, check_category, check_source, check_tags
from ..store.paths import check_user_id

__all__ = [
    "MAX_TAGS",
    "MemoryEvent",
    "MemoryFilter",
    "MemoryItem",
    "MemoryKind",
    "check_category",
    "check_source",
    "check_tags",
    "note_id",
    "parse_id",
]

MemoryKind = Literal["fact", "note"]
NOTE_PREFIX = "note:"
_NAME_RE = re.compile(r"^[^/\\\s\x00-\x1f]{1,200}$")


def note_id(path: str) -> str:
    """The memory id of the note at ``user/<u>/notes/<name>.md``."""
    parts = path.split("/")
    return f"{NOTE_PREFIX}{parts[1]}:{parts[3].removesuffix('.md')}"


def parse_id(memory_id: object) -> tuple[MemoryKind, str | None, str]:
    """``("note", user, path)`` or ``("fact", None, fact id)``; :class:`UsageError` else."""
    if not isinstance(memory_id, str) or not memory_id or len(memory_id) > 256:
        raise UsageError("a memory id is a non-empty string of at most 256 characters")
    if memory_id.startswith(NOTE_PREFIX):
        user, sep, name = memory_id[len(NOTE_PREFIX):].partition(":")
        if not sep or not _NAME_RE.match(name) or name.startswith("."):
            raise UsageError(f"invalid note id {memory_id!r}: expected note:<user>:<name>")
        try:
            check_user_id(user)
        except PathRefused:
            raise UsageError(f"invalid note id {memory_id!r}: bad user id") from None
        return "note", user, f"user/{user}/notes/{name}.md"
    if not _NAME_RE.match(memory_id) or ":" in memory_id:
        raise UsageError(f"invalid memory id {memory_id!r}")
    return "fact", None, memory_id


def _time(value: object, name: str) -> datetime:
    if not isinstance(value, str):
        raise UsageError(f"{name} must be an ISO 8601 time", field=name)
    try:
        dt = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise UsageError(f"{name} is not an ISO 8601 time: {value!r}", field=name) from None
    return dt.replace(tzinfo=UTC) if dt.tzinfo is None else dt


@dataclass(frozen=True)
class MemoryItem:
    """One memory as the verbs by id show it."""

    id: str
    kind: MemoryKind
    user: str
    text: str
    category: str
    source: str
    tags: tuple[str, ...]
    created_at: str | None
    updated_at: str | None
    current: bool
    path: str
    #: SHA-256 of the memory's record (a fact's JSON line, a note's file): the precondition
    sha: str
    valid_from: str | None = None
    valid_to: str | None = None
    superseded_by: str | None = None
    cites: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        d = asdict(self)
        d["tags"] = list(self.tags)
        d["cites"] = list(self.cites)
        return d


@dataclass(frozen=True)
class MemoryEvent:
    """One step in a memory's life: ``add``, ``update``, ``delete``, ``expire`` or ``erase``."""

    id: str
    event: str
    at: str | None
    text: str | None = None
    previous_text: str | None = None
    actor: str | None = None
    reason: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return asdict(self)


_FILTER_KEYS = ("kind", "category", "source", "tags", "current", "since", "until", "limit")


@dataclass(frozen=True)
class MemoryFilter:
    """What ``get_all`` keeps: every given condition must hold (tags: all of them)."""

    kind: MemoryKind | None = None
    category: str | None = None
    source: str | None = None
    tags: tuple[str, ...] = field(default_factory=tuple)
    #: True: current memories only (the default); False: superseded and expired ones too
    current: bool = True
    since: str | None = None
    until: str | None = None
    limit: int | None = None

    def __post_init__(self) -> None:
        if self.kind is not None and self.kind not in ("fact", "note"):
            raise UsageError(f"kind is fact or note, not {self.kind!r}", field="kind")
        if self.category is not None:
            check_category(self.category)
        if self.source is not None:
            check_source(self.source)
        object.__setattr__(self, "tags", check_tags(self.tags))
        if not isinstance(self.current, bool):
            raise UsageError("current must be true or false", field="current")
        for name in ("since", "until"):
            value = getattr(self, name)
            if value is not None:
                _time(value, name)
        if self.limit is not None and (not isinstance(self.limit, int)
                                       or isinstance(self.limit, bool)
                                       or not 1 <= self.limit <= 10_000):
            raise UsageError("limit is between 1 and 10000", field="limit")

    @classmethod
    def parse(cls, filters: MemoryFilter | Mapping[str, Any] | None) -> MemoryFilter:
        """A filter from a mapping; an unknown key is a usage error with a suggestion."""
        if filters is None:
            return cls()
        if isinstance(filters, MemoryFilter):
            return filters
        if not isinstance(filters, Mapping):
            raise UsageError("filters must be a mapping")
        for key in filters:
            if key not in _FILTER_KEYS:
                near = difflib.get_close_matches(str(key), _FILTER_KEYS, n=1)
                hint = f" (did you mean {near[0]!r}?)" if near else ""
                raise UsageError(f"unknown filter {key!r}{hint}; known: "
                                 + ", ".join(_FILTER_KEYS), field=str(key))
        kw = dict(filters)
        if isinstance(kw.get("tags"), str):
            kw["tags"] = [kw["tags"]]
        return cls(**kw)

    def keeps(self, item: MemoryItem) -> bool:
        """Whether *item* passes every condition."""
        if self.kind is not None and item.kind != self.kind:
            return False
        if self.category is not None and item.category != self.category:
            return False
        if self.source is not None and item.source != self.source:
            return False
        if self.tags and not set(self.tags) <= set(item.tags):
            return False
        if self.current and not item.current:
            return False
        when = item.updated_at or item.created_at
        if self.since is not None or self.until is not None:
            if when is None:
                return False
            try:
                t = _time(when, "at")
            except UsageError:
                return False
            if self.since is not None and t < _time(self.since, "since"):
                return False
            if self.until is not None and t > _time(self.until, "until"):
                return False
        return True
