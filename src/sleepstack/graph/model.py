"""The graph tier's data: entities, relations and one graph file per user or topic.

An :class:`Entity` is a person, place, organisation, pet, project, product or
event, with the names it goes by (``aliases``), why those names were merged
(``merges``) and the turns or document paths that mention it (``cites``). A
:class:`Relation` is a typed edge between two entities with its own cites and
a validity window: when a newer statement contradicts a single-valued edge
("Ana works at Globex" after "Ana works at Acme"), the old edge gets
``valid_to`` and ``superseded_by`` and stays in the file as history.

A :class:`Graph` is stored as one JSON document (sorted keys, one entity or
relation per line inside its list, so diffs and the audit log stay readable)
at :func:`graph_path` for a user and :func:`topic_graph_path` for a reference
topic, and is written only through :meth:`sleepstack.store.Store.apply`.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field, replace
from typing import Any

__all__ = [
    "ENTITY_KINDS",
    "GRAPH_VERSION",
    "MAX_CITES",
    "RELATION_KINDS",
    "SINGLE_VALUED",
    "USER_ENTITY",
    "Entity",
    "Graph",
    "Relation",
    "entity_id",
    "graph_path",
    "relation_id",
    "topic_graph_path",
]

GRAPH_VERSION = 1

ENTITY_KINDS = ("user", "person", "place", "organisation", "pet", "project", "product",
                "event", "activity", "thing")

#: relation kind -> (subject kind(s), object kind(s)); "*" for any
RELATION_KINDS: dict[str, tuple[str, str]] = {
    "sister_of": ("person", "person|user"),
    "brother_of": ("person", "person|user"),
    "sibling_of": ("person", "person|user"),
    "parent_of": ("person|user", "person|user"),
    "child_of": ("person|user", "person|user"),
    "partner_of": ("person|user", "person|user"),
    "friend_of": ("person|user", "person|user"),
    "colleague_of": ("person|user", "person|user"),
    "manages": ("person|user", "person|user|project"),
    "works_at": ("person|user", "organisation"),
    "lives_in": ("person|user", "place"),
    "located_in": ("organisation|place|event", "place"),
    "owns": ("person|user", "pet|product|thing"),
    "works_on": ("person|user|organisation", "project|product"),
    "attends": ("person|user", "event|organisation"),
    "does": ("person|user", "activity"),  # what someone does (graph/activity.py)
    "member_of": ("person|user", "organisation"),
}

#: a subject has one current object of these at a time: a new one closes the old
SINGLE_VALUED = frozenset({"works_at", "lives_in", "partner_of", "located_in"})

#: the id of the entity that stands for the user themself in their own graph
USER_ENTITY = "user"

#: mentions an entity keeps (the oldest and the newest; a graph file stays bounded)
MAX_CITES = 64


def graph_path(user: str) -> str:
    """Where one user's graph lives (trusted memory, written by the sleep path)."""
    return f"user/{user}/graph.json"


def topic_graph_path(slug: str) -> str:
    """Where a reference topic's graph lives (audited like the users' files)."""
    return f"config/graph/topics/{slug}.json"


def entity_id(name: str) -> str:
    """A stable id for a canonical name (case and spacing do not matter)."""
    norm = " ".join(name.casefold().split())
    return "e_" + hashlib.sha1(norm.encode("utf-8")).hexdigest()[:12]


def relation_id(src: str, kind: str, dst: str, valid_from: str) -> str:
    """A stable id for one edge as first stated."""
    raw = f"{src}|{kind}|{dst}|{valid_from}"
    return "r_" + hashlib.sha1(raw.encode("utf-8")).hexdigest()[:12]


def _bounded(cites: list[str]) -> list[str]:
    unique = list(dict.fromkeys(c for c in cites if c))
    if len(unique) <= MAX_CITES:
        return unique
    half = MAX_CITES // 2
    return unique[:half] + unique[-half:]


@dataclass(frozen=True)
class Entity:
    """One node: a named thing with its aliases, merge reasons and mentions."""

    id: str
    name: str
    kind: str
    aliases: tuple[str, ...] = ()
    cites: tuple[str, ...] = ()
    first_at: str | None = None
    last_at: str | None = None
    #: ``{"alias", "reason", "at"}`` for every name merged into this entity
    merges: tuple[dict[str, str], ...] = ()
    #: how many mentions were dropped from ``cites`` by the bound
    mentions: int = 0

    def names(self) -> tuple[str, ...]:
        """The canonical name first, then the aliases."""
        return (self.name, *[a for a in self.aliases if a != self.name])

    def mention(self, cite: str, at: str | None) -> Entity:
        """A copy that also cites *cite* (stated at *at*)."""
        if cite in self.cites:
            return self
        cites = _bounded([*self.cites, cite])
        first = min(x for x in (self.first_at, at) if x) if (self.first_at or at) else None
        last = max(x for x in (self.last_at, at) if x) if (self.last_at or at) else None
        return replace(self, cites=tuple(cites), first_at=first, last_at=last,
                       mentions=self.mentions + 1)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        d = asdict(self)
        d["aliases"] = list(self.aliases)
        d["cites"] = list(self.cites)
        d["merges"] = [dict(m) for m in self.merges]
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Entity:
        """Inverse of :meth:`to_dict` (unknown keys ignored)."""
        return cls(
            id=str(d["id"]), name=str(d["name"]), kind=str(d.get("kind", "thing")),
            aliases=tuple(str(a) for a in d.get("aliases") or ()),
            cites=tuple(str(c) for c in d.get("cites") or ()),
            first_at=d.get("first_at"), last_at=d.get("last_at"),
            merges=tuple({str(k): str(v) for k, v in m.items()} for m in d.get("merges") or ()),
            mentions=int(d.get("mentions") or 0),
        )


@dataclass(frozen=True)
class Relation:
    """One edge ``src -kind-> dst`` with its cites and validity window."""

    id: str
    src: str
    kind: str
    dst: str
    valid_from: str
    valid_to: str | None = None
    superseded_by: str | None = None
    cites: tuple[str, ...] = ()
    confidence: float = 1.0
    #: "rules" or "llm": who wrote it (both pass the same validation)
    source: str = "rules"
    #: the sentence it was read from (redacted text, for the inspector)
    evidence: str = ""

    @property
    def current(self) -> bool:
        """Not closed by a newer statement."""
        return self.valid_to is None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        d = asdict(self)
        d["cites"] = list(self.cites)
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Relation:
        """Inverse of :meth:`to_dict`."""
        return cls(
            id=str(d["id"]), src=str(d["src"]), kind=str(d["kind"]), dst=str(d["dst"]),
            valid_from=str(d["valid_from"]), valid_to=d.get("valid_to"),
            superseded_by=d.get("superseded_by"),
            cites=tuple(str(c) for c in d.get("cites") or ()),
            confidence=float(d.get("confidence", 1.0)), source=str(d.get("source", "rules")),
            evidence=str(d.get("evidence", "")),
        )


@dataclass
class Graph:
    """Every entity and relation of one user (or one reference topic)."""

    owner: str
    entities: dict[str, Entity] = field(default_factory=dict)
    relations: list[Relation] = field(default_factory=list)
    #: what the graph was built from: source path or turn-batch key -> sha
    sources: dict[str, str] = field(default_factory=dict)

    def by_name(self, name: str) -> Entity | None:
        """The entity one of whose names is *name* (case-insensitive), if any."""
        want = " ".join(name.casefold().split())
        for e in self.entities.values():
            if any(" ".join(n.casefold().split()) == want for n in e.names()):
                return e
        return None

    def edges_of(self, eid: str, *, current_only: bool = False) -> list[Relation]:
        """The relations touching entity *eid*."""
        return [r for r in self.relations if eid in (r.src, r.dst)
                and (r.current or not current_only)]

    def dumps(self) -> str:
        """The file's text: deterministic, one node or edge per line."""
        ents = sorted(self.entities.values(), key=lambda e: e.id)
        rels = sorted(self.relations, key=lambda r: (r.valid_from, r.id))
        lines = ["{", f'"version": {GRAPH_VERSION},', f'"owner": {json.dumps(self.owner)},',
                 f'"sources": {json.dumps(dict(sorted(self.sources.items())), sort_keys=True)},',
                 '"entities": [']
        lines += [json.dumps(e.to_dict(), sort_keys=True, ensure_ascii=False)
                  + ("," if i < len(ents) - 1 else "") for i, e in enumerate(ents)]
        lines += ["],", '"relations": [']
        lines += [json.dumps(r.to_dict(), sort_keys=True, ensure_ascii=False)
                  + ("," if i < len(rels) - 1 else "") for i, r in enumerate(rels)]
        lines += ["]", "}"]
        return "\n".join(lines) + "\n"

    @classmethod
    def loads(cls, text: str, owner: str = "") -> Graph:
        """Parse a graph file (an empty text is an empty graph)."""
        if not text.strip():
            return cls(owner)
        data = json.loads(text)
        g = cls(str(data.get("owner") or owner))
        for d in data.get("entities") or []:
            e = Entity.from_dict(d)
            g.entities[e.id] = e
        g.relations = [Relation.from_dict(d) for d in data.get("relations") or []]
        g.sources = {str(k): str(v) for k, v in (data.get("sources") or {}).items()}
        return g

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (what ``sleepstack graph --json`` prints)."""
        return {"owner": self.owner,
                "entities": [e.to_dict() for e in sorted(self.entities.values(),
                                                           key=lambda e: e.name.casefold())],
                "relations": [r.to_dict() for r in self.relations]}
