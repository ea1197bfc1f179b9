"""A LangGraph ``BaseStore`` over sleepstack (``pip install 'sleepstack[langgraph]'``).

Namespaces map onto sleepstack's layers; the first label is always the user:

* ``(user, "facts")``: the user's long-term facts, read-only (key: the fact
  id); ``delete`` erases a fact everywhere (``forget``);
* ``(user, "notes")``: the notes sleep cycles promoted from proposals,
  read and delete;
* ``(user, *labels)``: anything else is the agent's own collection: ``put``
  writes a curated note through the validator (refused values raise
  :class:`~sleepstack.errors.ValidationRejected` and change nothing), with
  the namespace, key and the value's other fields in its provenance header;
* ``("topics", slug)``: the reference documents of a topic, read-only and
  listed in path order (a ``query`` is not applied to them: recall ranks
  documents for a user's question, see :meth:`Memory.recall`).

``search`` with a ``query`` is sleepstack's recall (ranked, cited, under the
trust gate) restricted to the namespace prefix; without one it lists, newest
first. ``filter`` keeps items whose value has those exact fields. Every write
is audited under the store's actor. Async methods run the sync ones in a
worker thread, as :meth:`BaseStore.abatch` allows.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections.abc import Iterable, Mapping
from datetime import UTC, datetime
from typing import Any

from langgraph.store.base import (
    BaseStore,
    GetOp,
    InvalidNamespaceError,
    Item,
    ListNamespacesOp,
    Op,
    PutOp,
    Result,
    SearchItem,
    SearchOp,
)

from ..api import Memory
from ..errors import NotFoundError
from ..layers.notes import PINNED, note_fields
from ..memories import MemoryFilter, MemoryItem

__all__ = ["SleepstackStore"]

_TEXT_KEYS = ("text", "content", "memory", "data")
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def _dt(value: str | None) -> datetime:
    if not value:
        return _EPOCH
    try:
        dt = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return _EPOCH
    return dt if dt.tzinfo else dt.replace(tzinfo=UTC)


def _note_name(labels: tuple[str, ...], key: str) -> str:
    """The file name of an agent's item: a hash, so any key and namespace are safe."""
    raw = json.dumps([list(labels), key], ensure_ascii=False)
    return "lg-" + hashlib.sha256(raw.encode()).hexdigest()[:24]


def _split(value: dict[str, Any]) -> tuple[str, str | None, dict[str, Any]]:
    """``(text, the key it came from, the other fields)``."""
    for k in _TEXT_KEYS:
        if isinstance(value.get(k), str) and value[k].strip():
            return value[k], k, {x: v for x, v in value.items() if x != k}
    return json.dumps(value, ensure_ascii=False, sort_keys=True), None, {}


class SleepstackStore(BaseStore):
    """LangGraph long-term memory backed by a sleepstack store.

    *user* binds the store to one user: any other namespace is refused, so
    a graph serving one person cannot reach another's memory.
    """

    def __init__(self, memory: Memory, *, user: str | None = None) -> None:
        self.memory = memory
        self.user = user

    # ---------------------------------------------------------------- ops
    def batch(self, ops: Iterable[Op]) -> list[Result]:
        """Run the operations in order (each write is its own audited mutation)."""
        out: list[Result] = []
        for op in ops:
            if isinstance(op, GetOp):
                out.append(self._get(op.namespace, op.key))
            elif isinstance(op, SearchOp):
                out.append(self._search(op.namespace_prefix, op.query, op.filter, op.limit,
                                        op.offset))
            elif isinstance(op, PutOp):
                self._put(op.namespace, op.key, op.value)
                out.append(None)
            elif isinstance(op, ListNamespacesOp):
                out.append(self._namespaces(op))
            else:
                raise TypeError(f"unknown store operation {type(op).__name__}")
        return out

    async def abatch(self, ops: Iterable[Op]) -> list[Result]:
        """:meth:`batch` in a worker thread (the store's I/O is blocking)."""
        return await asyncio.to_thread(self.batch, list(ops))

    # ------------------------------------------------------------ helpers
    def _user(self, namespace: tuple[str, ...]) -> str:
        if not namespace:
            raise InvalidNamespaceError("a sleepstack namespace starts with the user id")
        if self.user is not None and namespace[0] != self.user:
            raise InvalidNamespaceError(f"this store is bound to user {self.user!r}")
        return namespace[0]

    def _fact_item(self, m: MemoryItem) -> dict[str, Any]:
        return {"text": m.text, "category": m.category, "source": m.source,
                "tags": list(m.tags), "current": m.current, "valid_from": m.valid_from,
                "valid_to": m.valid_to, "cites": list(m.cites), "id": m.id}

    def _items(self, user: str, labels: tuple[str, ...] | None) -> list[Item]:
        """Every item of *user* whose namespace starts with ``(user, *labels)``."""
        out: list[Item] = []
        want = labels or ()
        for m in self.memory.get_all(user, MemoryFilter(current=False)):
            item = self._as_item(m)
            if item is not None and item.namespace[1:len(want) + 1] == want:
                out.append(item)
        return out

    def _as_item(self, m: MemoryItem) -> Item | None:
        created, updated = _dt(m.created_at), _dt(m.updated_at or m.created_at)
        if m.kind == "fact":
            return Item(value=self._fact_item(m), key=m.id, namespace=(m.user, "facts"),
                        created_at=created, updated_at=updated)
        md = self.memory.store.read_text(m.path)
        fields = note_fields(md)
        if "langgraph key" not in fields:
            return Item(value={"text": m.text, "category": m.category, "source": m.source,
                               "tags": list(m.tags), "id": m.id},
                        key=m.path.rsplit("/", 1)[-1].removesuffix(".md"),
                        namespace=(m.user, "notes"), created_at=created, updated_at=updated)
        labels = tuple(json.loads(fields.get("langgraph namespace", "[]")))
        extra = json.loads(fields.get("langgraph extra", "{}"))
        text_key = fields.get("langgraph text key")
        value = dict(extra) if text_key else json.loads(m.text)
        if text_key:
            value[text_key] = m.text
        return Item(value=value, key=fields["langgraph key"], namespace=(m.user, *labels),
                    created_at=created, updated_at=updated)

    def _find(self, namespace: tuple[str, ...], key: str) -> MemoryItem | None:
        user = self._user(namespace)
        labels = namespace[1:]
        if labels == ("facts",):
            mid = key
        elif labels == ("notes",):
            mid = f"note:{user}:{key}"
        else:
            mid = f"note:{user}:{_note_name(labels, key)}"
        try:
            return self.memory.get(mid, user=user)
        except NotFoundError:
            return None

    def _topic_items(self, slug: str) -> list[Item]:
        from ..store.paths import check_prefix

        prefix = check_prefix(f"memory/topics/{slug}")
        out: list[Item] = []
        for path in self.memory.store.list(prefix):
            text = self.memory.store.read_text(path)
            out.append(Item(value={"text": text, "path": path},
                            key=path[len(prefix) + 1:], namespace=("topics", slug),
                            created_at=_EPOCH, updated_at=_EPOCH))
        return out

    # ---------------------------------------------------------- operations
    def _get(self, namespace: tuple[str, ...], key: str) -> Item | None:
        if namespace[:1] == ("topics",) and len(namespace) == 2:
            return next((i for i in self._topic_items(namespace[1]) if i.key == key), None)
        m = self._find(namespace, key)
        if m is None or (m.kind == "fact" and not m.current):
            return None
        item = self._as_item(m)
        return item if item is not None and item.namespace == namespace else None

    def _put(self, namespace: tuple[str, ...], key: str,
             value: Mapping[str, Any] | None) -> None:
        user = self._user(namespace)
        labels = namespace[1:]
        if value is None:
            m = self._find(namespace, key)
            if m is not None:
                self.memory.delete(m.id, user=user, reason=f"langgraph delete {key}")
            return
        if not labels or labels in (("facts",), ("notes",)) or namespace[0] == "topics":
            raise InvalidNamespaceError(
                f"{namespace!r} is read-only here: put into (user, <collection>, …); facts "
                "come from sleep cycles and proposals from Memory.propose")
        text, text_key, extra = _split(dict(value))
        from ..memories.write import gate_text, put_note

        # Pinned: a sleep cycle must not merge it into another note (its key would vanish).
        fields = {"langgraph namespace": json.dumps(list(labels), ensure_ascii=False),
                  "langgraph key": key, PINNED: "true"}
        if text_key:
            fields["langgraph text key"] = text_key
            if extra:
                # The other fields reach prompts too: they pass the same gate.
                dumped = json.dumps(extra, ensure_ascii=False, sort_keys=True)
                checked = gate_text(dumped, user=user, path=None, source=None)
                fields["langgraph extra"] = json.dumps(json.loads(checked), ensure_ascii=False)
        put_note(self.memory.store, user=user, name=_note_name(labels, key), text=text,
                 fields=fields, actor=self.memory.actor, reason=f"langgraph put {key}")

    def _search(self, prefix: tuple[str, ...], query: str | None,
                filt: dict[str, Any] | None, limit: int, offset: int) -> list[SearchItem]:
        if prefix[:1] == ("topics",):
            items = self._topic_items(prefix[1]) if len(prefix) >= 2 else []
            scored: list[tuple[Item, float | None]] = [(i, None) for i in items]
        else:
            user = self._user(prefix)
            items = self._items(user, prefix[1:])
            items = [i for i in items if i.namespace != (user, "facts")
                     or i.value.get("current", True)]
            if query:
                scored = self._ranked(user, query, items)
            else:
                items.sort(key=lambda i: i.updated_at, reverse=True)
                scored = [(i, None) for i in items]
        if filt:
            scored = [(i, s) for i, s in scored
                      if all(i.value.get(k) == v for k, v in filt.items())]
        return [SearchItem(namespace=i.namespace, key=i.key, value=i.value,
                           created_at=i.created_at, updated_at=i.updated_at, score=s)
                for i, s in scored[offset:offset + limit]]

    def _ranked(self, user: str, query: str, items: list[Item]
                ) -> list[tuple[Item, float | None]]:
        """Recall's order over *items*: facts by their text, notes by their file."""
        ctx = self.memory.recall(query, user, budget_tokens=4000)
        by_path: dict[str, list[Item]] = {}
        for i in items:
            if i.namespace[1:] == ("facts",):
                by_path.setdefault(f"fact:{i.value['text']}", []).append(i)
            else:
                mid = str(i.value.get("id") or "")
                name = mid.split(":", 2)[2] if mid.startswith("note:") else \
                    _note_name(i.namespace[1:], i.key)
                by_path.setdefault(f"user/{user}/notes/{name}.md", []).append(i)
        out: list[tuple[Item, float | None]] = []
        seen: set[tuple[tuple[str, ...], str]] = set()
        for hit in ctx.items:
            ref = f"fact:{hit.text}" if hit.layer == "fact" else hit.path
            for i in by_path.get(ref, []):
                if (i.namespace, i.key) not in seen:
                    seen.add((i.namespace, i.key))
                    out.append((i, float(hit.score)))
        # The context leads with the profile block (current facts, unscored): by score.
        out.sort(key=lambda p: -(p[1] or 0.0))
        return out

    def _namespaces(self, op: ListNamespacesOp) -> list[tuple[str, ...]]:
        users = [self.user] if self.user is not None else sorted(
            {p.split("/")[1] for p in self.memory.store.fs.list("user") if p.count("/") >= 2})
        found: set[tuple[str, ...]] = set()
        for u in users:
            found |= {i.namespace for i in self._items(u, None)}
        if self.user is None:
            found |= {("topics", p.split("/")[2])
                      for p in self.memory.store.fs.list("memory/topics") if p.count("/") >= 3}
        out = sorted(found)
        for cond in op.match_conditions or ():
            path = tuple(cond.path)
            if cond.match_type == "prefix":
                out = [n for n in out if len(n) >= len(path) and all(
                    p in ("*", x) for p, x in zip(path, n, strict=False))]
            else:
                out = [n for n in out if len(n) >= len(path) and all(
                    p in ("*", x) for p, x in zip(path, n[len(n) - len(path):], strict=True))]
        if op.max_depth is not None:
            out = sorted({n[:op.max_depth] for n in out})
        return out[op.offset:op.offset + op.limit]
