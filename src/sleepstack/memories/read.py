"""Reading memories by id: ``get``, ``get_all`` and ``history``.

Read-only over the store's files: a user's ``facts.jsonl`` and
``notes/*.md``, and the audit log for what happened to them. A note's
history is the versions of its file; a fact's history is its line of
succession in its slot (each update supersedes, nothing is overwritten) plus
the audit's record of who changed it, and of its erasure once forgotten.
"""

from __future__ import annotations

import json
from typing import Any

from ..errors import NotFoundError
from ..layers.facts import Fact, facts_path, load_facts
from ..layers.metadata import split_tags
from ..layers.notes import MERGED_TITLE, note_fields, note_text
from ..store import Store
from ..store.audit import sha256_hex
from ..store.erase import REDACT_OP
from ..store.paths import check_user_id
from .model import MemoryEvent, MemoryFilter, MemoryItem, note_id, parse_id

__all__ = ["fact_line_sha", "get", "get_all", "history", "load_user_facts", "note_item"]


def fact_line_sha(fact: Fact) -> str:
    """SHA-256 of a fact's line in ``facts.jsonl`` (as :func:`dump_facts` writes it)."""
    return sha256_hex(json.dumps(fact.to_dict(), ensure_ascii=False, sort_keys=True).encode())


def load_user_facts(store: Store, user: str) -> tuple[list[Fact], str | None, dict[str, str]]:
    """``(facts, sha of facts.jsonl, {fact id: sha of its line})``; no file: ``([], None, {})``.

    A line's sha is taken from the bytes as stored (the file is written by
    :func:`dump_facts`, so it equals :func:`fact_line_sha`), which spares
    re-serialising every fact of a large file on each read.
    """
    try:
        data = store.read_bytes(facts_path(check_user_id(user)))
    except NotFoundError:
        return [], None, {}
    facts: list[Fact] = []
    shas: dict[str, str] = {}
    for line in data.decode("utf-8").splitlines():
        if not line.strip():
            continue
        fact = load_facts(line)[0]
        facts.append(fact)
        shas[fact.id] = sha256_hex(line.strip().encode())
    return facts, sha256_hex(data), shas


def _users(store: Store) -> list[str]:
    return sorted({p.split("/")[1] for p in store.fs.list("user") if p.count("/") >= 2})


def fact_item(fact: Fact, sha: str | None = None) -> MemoryItem:
    """The memory view of a fact (*sha*: its line's, when already known)."""
    return MemoryItem(
        id=fact.id, kind="fact", user=fact.user, text=fact.text, category=fact.category,
        source=fact.source or "extracted", tags=fact.tags, created_at=fact.valid_from or fact.at,
        updated_at=None, current=fact.current, path=facts_path(fact.user),
        sha=sha or fact_line_sha(fact), valid_from=fact.valid_from, valid_to=fact.valid_to,
        superseded_by=fact.superseded_by, cites=fact.cites,
    )


def note_body(markdown: str) -> str:
    """What a note says now (a consolidated note: its current lines, not the replaced ones)."""
    from ..sleep.phases.notes import merged_parts

    parts = merged_parts(markdown)
    if parts is not None:
        return "\n\n".join(parts[0])
    return note_text(markdown)


def note_item(path: str, markdown: str, sha: str) -> MemoryItem:
    """The memory view of a note file."""
    fields = note_fields(markdown)
    merged = MERGED_TITLE in markdown.splitlines()[:3]
    tags = split_tags(fields.get("tags"))
    return MemoryItem(
        id=note_id(path), kind="note", user=path.split("/")[1], text=note_body(markdown),
        category=fields.get("category") or "note",
        source=fields.get("source") or ("consolidated" if merged else "curated"),
        tags=tags, created_at=(fields.get("proposed at") or fields.get("created at")
                                or fields.get("newest line at")),
        updated_at=fields.get("updated at"), current=True, path=path, sha=sha,
    )


def _is_note(path: str) -> bool:
    parts = path.split("/")
    return len(parts) == 4 and parts[2] == "notes" and parts[3].endswith(".md")


def _read_note(store: Store, path: str) -> MemoryItem:
    data = store.read_bytes(path)  # NotFoundError when absent
    return note_item(path, data.decode("utf-8", "replace"), sha256_hex(data))


def find_fact(store: Store, fact_id: str, user: str | None
              ) -> tuple[Fact, list[Fact], str, str]:
    """``(fact, all the user's facts, facts.jsonl sha, the fact's sha)``; NotFoundError else."""
    for u in [user] if user is not None else _users(store):
        facts, sha, shas = load_user_facts(store, u)
        for f in facts:
            if f.id == fact_id and sha is not None:
                return f, facts, sha, shas[f.id]
    raise NotFoundError(f"no memory {fact_id!r}", id=fact_id)


def get(store: Store, memory_id: str, *, user: str | None = None) -> MemoryItem:
    """One memory by id; with *user*, only that user's (another's answers not found)."""
    kind, owner, ref = parse_id(memory_id)
    if kind == "note":
        if user is not None and owner != user:
            raise NotFoundError(f"no memory {memory_id!r}", id=memory_id)
        try:
            return _read_note(store, ref)
        except NotFoundError:
            raise NotFoundError(f"no memory {memory_id!r}", id=memory_id) from None
    fact, _, _, sha = find_fact(store, ref, user)
    return fact_item(fact, sha)


def get_all(store: Store, user: str, filters: MemoryFilter | None = None) -> list[MemoryItem]:
    """A user's memories that pass *filters* (current ones by default), newest first."""
    flt = filters or MemoryFilter()
    check_user_id(user)
    items: list[MemoryItem] = []
    if flt.kind in (None, "fact"):
        facts, _, shas = load_user_facts(store, user)
        items += [fact_item(f, shas.get(f.id)) for f in facts]
    if flt.kind in (None, "note"):
        for path in store.fs.list(f"user/{user}/notes"):
            if not _is_note(path):
                continue
            try:
                items.append(_read_note(store, path))
            except (NotFoundError, OSError):  # removed by a cycle meanwhile
                continue
    kept = [i for i in items if flt.keeps(i) and i.text.strip()]
    kept.sort(key=lambda i: (i.updated_at or i.created_at or "", i.id), reverse=True)
    return kept[: flt.limit] if flt.limit is not None else kept


# ----------------------------------------------------------------- history
def _audit_by_memory(store: Store, ids: set[str]) -> dict[str, dict[str, Any]]:
    """The audit entry that wrote each memory id (``memory`` field of the verbs' writes)."""
    out: dict[str, dict[str, Any]] = {}
    for e in store.audit_entries():
        mid = e.get("memory")
        if isinstance(mid, str) and mid in ids:
            out[mid] = e
    return out


def _erasures(store: Store, memory_id: str, user: str | None) -> list[MemoryEvent]:
    """The redaction records that erased a fact id (``forget --fact``) of *user*."""
    out: list[MemoryEvent] = []
    for e in store.audit_entries():
        target = e.get("target")
        if e.get("op") == REDACT_OP and isinstance(target, dict) \
                and memory_id in (target.get("ids") or []) \
                and (user is None or target.get("user") == user):
            out.append(MemoryEvent(memory_id, "erase", str(e.get("at")), actor=e.get("actor"),
                                   reason=e.get("reason")))
    return out


def _fact_history(store: Store, fact_id: str, user: str | None) -> list[MemoryEvent]:
    try:
        fact, facts, _, _ = find_fact(store, fact_id, user)
    except NotFoundError:
        erased = _erasures(store, fact_id, user)
        if erased:
            return erased
        raise
    by_id = {f.id: f for f in facts}
    before = {f.superseded_by: f for f in facts if f.superseded_by}
    chain = [fact]
    while chain[0].id in before and before[chain[0].id] not in chain:
        chain.insert(0, before[chain[0].id])
    while chain[-1].superseded_by in by_id and by_id[chain[-1].superseded_by] not in chain:
        chain.append(by_id[str(chain[-1].superseded_by)])
    audit = _audit_by_memory(store, {f.id for f in chain})
    events: list[MemoryEvent] = []
    prev: Fact | None = None
    for f in chain:
        e = audit.get(f.id, {})
        actor = e.get("actor") or (f"cycle {f.cycle}" if f.cycle else f.source)
        events.append(MemoryEvent(
            f.id, "add" if prev is None else "update", f.valid_from or f.at, text=f.text,
            previous_text=None if prev is None else prev.text, actor=actor,
            reason=e.get("reason")))
        prev = f
    last = chain[-1]
    if last.valid_to is not None and last.superseded_by is None:
        events.append(MemoryEvent(last.id, "expire" if last.expired else "delete",
                                  last.valid_to, previous_text=last.text))
    return events


def _note_history(store: Store, memory_id: str, path: str) -> list[MemoryEvent]:
    try:
        versions = store.history(path)
    except NotFoundError:
        raise NotFoundError(f"no memory {memory_id!r}", id=memory_id) from None
    events: list[MemoryEvent] = []
    prev: str | None = None
    for v in versions:
        text: str | None = None
        if v.sha is not None:
            try:
                text = note_body(store.blob_text(v.sha))
            except NotFoundError:  # erased by forget or retention
                text = None
        if v.op == REDACT_OP:
            kind = "erase"
        elif v.sha is None:
            kind = "delete"
        else:
            # Written where nothing was (first, or after a delete: a rollback): an add.
            kind = "add" if not events or events[-1].event == "delete" else "update"
        events.append(MemoryEvent(memory_id, kind, v.at, text=text, previous_text=prev,
                                  actor=v.actor, reason=v.reason))
        prev = text
    if not events:
        raise NotFoundError(f"no memory {memory_id!r}", id=memory_id)
    return events


def history(store: Store, memory_id: str, *, user: str | None = None) -> list[MemoryEvent]:
    """What happened to a memory, oldest first."""
    kind, owner, ref = parse_id(memory_id)
    if kind == "note":
        if user is not None and owner != user:
            raise NotFoundError(f"no memory {memory_id!r}", id=memory_id)
        return _note_history(store, memory_id, ref)
    return _fact_history(store, ref, user)
