"""Entity resolution: which entity a name or a reference stands for, and why.

A name resolves, in order, to the entity that already goes by it (canonical
name or alias, case-insensitive); to the one person whose full name starts
with it ("Ana" → "Ana Silva"); or, for a full name, absorbs the one entity
known by its first name alone (the entity takes the longer name, keeps the
short one as an alias). A reference ("my sister") resolves to the one person
who holds that relation to the speaker; while none is known it is a
placeholder entity ("user's sister"), merged into the named person as soon as
a sentence names them ("my sister Ana"). Every merge is recorded on the
surviving entity as ``{"alias", "reason", "at"}``; undoing the cycle that
wrote it restores the graph file as it was, unmerged.
"""

from __future__ import annotations

from dataclasses import replace

from .extract import KIN
from .model import USER_ENTITY, Entity, Graph, Relation, entity_id

__all__ = ["Resolver"]


def _norm(name: str) -> str:
    return " ".join(name.casefold().split())


class Resolver:
    """Resolves names and references against one graph, merging as it learns."""

    def __init__(self, graph: Graph, user_name: str | None = None) -> None:
        self.g = graph
        self.user_name = user_name
        self._names: dict[str, str] = {}
        for e in graph.entities.values():
            for n in e.names():
                self._names.setdefault(_norm(n), e.id)

    # ------------------------------------------------------------ entities
    def _add(self, name: str, kind: str, at: str | None) -> Entity:
        eid = entity_id(name)
        e = self.g.entities.get(eid)
        if e is None:
            e = Entity(eid, name, kind, aliases=(name,), first_at=at, last_at=at)
            self.g.entities[eid] = e
        self._names[_norm(name)] = eid
        return e

    def user(self) -> Entity:
        """The user's own node (created on first use)."""
        e = self.g.entities.get(USER_ENTITY)
        if e is None:
            name = self.user_name or "user"
            e = Entity(USER_ENTITY, name, "user", aliases=(name, "I", "me"))
            self.g.entities[USER_ENTITY] = e
        return e

    def retype(self, e: Entity, kind: str) -> Entity:
        """Give an untyped entity the kind a relation implies (a typed one keeps its own)."""
        if e.kind in ("thing",) and kind not in ("thing", "user"):
            e = replace(e, kind=kind)
            self.g.entities[e.id] = e
        return e

    def name(self, name: str, kind: str, at: str | None, *, create: bool = True) -> Entity | None:
        """The entity *name* stands for (merging a first name into its full name)."""
        key = _norm(name)
        if self.user_name and key == _norm(self.user_name):
            return self.user()
        eid = self._names.get(key)
        if eid is not None and eid in self.g.entities:
            return self.retype(self.g.entities[eid], kind)
        words = name.split()
        people = [e for e in self.g.entities.values() if e.kind in ("person", "thing")]
        if len(words) == 1:
            fuller = [e for e in people if len(e.name.split()) > 1
                      and _norm(e.name.split()[0]) == key]
            if len(fuller) == 1:
                return self._alias(fuller[0], name, f"first name of {fuller[0].name}", at)
            # A short form of one named person's first name ("Mel" for Melanie).
            short_of = [e for e in people if e.kind == "person" and len(key) >= 3
                        and _norm(e.name.split()[0]).startswith(key)
                        and _norm(e.name.split()[0]) != key and "'s " not in e.name]
            if len(short_of) == 1:
                return self._alias(short_of[0], name, f"short form of {short_of[0].name}", at)
        elif kind in ("person", "thing"):
            short = [e for e in people if len(e.name.split()) == 1
                     and _norm(e.name) == _norm(words[0]) and e.id != USER_ENTITY]
            if len(short) == 1 and not create_conflict(self.g, short[0], name):
                return self._rename(short[0], name, at)
        if not create:
            return None
        return self._add(name, kind, at)

    def alias(self, e: Entity, alias: str, reason: str, at: str | None) -> Entity:
        """*e* also goes by *alias* (recorded with *reason*)."""
        return self._alias(e, alias, reason, at)

    def _alias(self, e: Entity, alias: str, reason: str, at: str | None) -> Entity:
        if _norm(alias) not in {_norm(n) for n in e.names()}:
            e = replace(e, aliases=(*e.aliases, alias),
                        merges=(*e.merges, {"alias": alias, "reason": reason, "at": at or ""}))
            self.g.entities[e.id] = e
        self._names[_norm(alias)] = e.id
        return e

    def _rename(self, short: Entity, full: str, at: str | None) -> Entity:
        """*short* ("Ana") becomes *full* ("Ana Silva"), keeping its id and edges."""
        e = replace(short, name=full, aliases=(*short.aliases, full),
                    merges=(*short.merges, {"alias": short.name,
                                            "reason": f"first name of {full}", "at": at or ""}))
        self.g.entities[e.id] = e
        self._names[_norm(full)] = e.id
        return e

    # ---------------------------------------------------------- references
    def ref(self, speaker: Entity, kin: str, at: str | None) -> Entity:
        """The person "my <kin>" of *speaker* is (a placeholder while unnamed)."""
        kind = KIN.get(kin, ("friend_of", True))[0]
        holders = [self.g.entities[r.src] for r in self.g.relations
                   if r.current and r.kind == kind and r.dst == speaker.id
                   and r.src in self.g.entities and _kin_word(self.g.entities[r.src], kin)]
        uniq = {e.id: e for e in holders}
        if len(uniq) == 1:
            return next(iter(uniq.values()))
        named = [e for e in uniq.values() if not _placeholder(e)]
        if len(named) == 1:
            return named[0]
        label = f"{speaker.name}'s {kin}"
        e = self._add(label, "person", at)
        phrase = f"my {kin}" if speaker.id == USER_ENTITY else f"{speaker.name}'s {kin}"
        return self._alias(e, phrase, "relative reference, not yet named", at)

    def absorb_placeholder(self, named: Entity, speaker: Entity, kin: str, at: str | None,
                           cite: str) -> Entity:
        """"my sister Ana": merge the unnamed "user's sister" into Ana, if there is one."""
        label = _norm(f"{speaker.name}'s {kin}")
        ph = self.g.entities.get(self._names.get(label, ""))
        if ph is None or ph.id == named.id or not _placeholder(ph):
            return named
        phrase = f"my {kin}" if speaker.id == USER_ENTITY else f"{speaker.name}'s {kin}"
        reason = f"'{phrase}' is {named.name} ({cite})"
        merged = replace(
            named,
            aliases=tuple(dict.fromkeys((*named.aliases, *ph.aliases))),
            cites=tuple(dict.fromkeys((*named.cites, *ph.cites))),
            merges=(*named.merges, *ph.merges,
                    *({"alias": a, "reason": reason, "at": at or ""} for a in ph.aliases)),
            first_at=min(x for x in (named.first_at, ph.first_at, at) if x) if (
                named.first_at or ph.first_at or at) else None,
        )
        self.g.entities[named.id] = merged
        del self.g.entities[ph.id]
        for n in ph.names():
            self._names[_norm(n)] = named.id
        # The placeholder's edges are the named person's now.
        self.g.relations = [
            replace(r, src=named.id if r.src == ph.id else r.src,
                    dst=named.id if r.dst == ph.id else r.dst) for r in self.g.relations]
        _dedupe(self.g)
        return merged


def create_conflict(g: Graph, short: Entity, full: str) -> bool:
    """Whether another full name already claims *short*'s first name (then keep both)."""
    first = _norm(full.split()[0])
    return any(len(e.name.split()) > 1 and _norm(e.name.split()[0]) == first
               and _norm(e.name) != _norm(full) for e in g.entities.values())


def _placeholder(e: Entity) -> bool:
    return "'s " in e.name and e.kind == "person" and e.name.split("'s ")[-1] in KIN


def _kin_word(e: Entity, kin: str) -> bool:
    """Whether *e* was stated as this kin word (a sister is not "my brother")."""
    if _placeholder(e):
        return e.name.endswith(f"'s {kin}")
    return True


def _dedupe(g: Graph) -> None:
    """Collapse edges a merge made identical (same ends, kind and window start)."""
    seen: dict[tuple[str, str, str, bool], Relation] = {}
    out: list[Relation] = []
    for r in g.relations:
        k = (r.src, r.kind, r.dst, r.current)
        if r.src == r.dst:
            continue
        if k in seen and r.current:
            first = seen[k]
            idx = out.index(first)
            out[idx] = replace(first, cites=tuple(dict.fromkeys((*first.cites, *r.cites))))
            seen[k] = out[idx]
            continue
        seen[k] = r
        out.append(r)
    g.relations = out
