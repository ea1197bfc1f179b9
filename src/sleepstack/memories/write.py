"""Changing memories by id: ``update`` and ``delete``, through the gate and the audit.

Every change is one :meth:`Store.apply` batch under the caller's actor and
reason, with the memory id in the audit entry (``memory``), so ``history``
can say who did what. New text is untrusted until the validator accepts it —
the same validator a sleep cycle runs on a proposal, with no weaker path:
anything but ``accept`` is refused (:class:`ValidationRejected`) and the
store is unchanged; a secret it redacted is stored redacted.

* a **note** is rewritten in place: its provenance header is kept, the new
  metadata and an ``updated by``/``updated at`` line added, the text quoted as
  data like every note (the old text stays in the file's versions);
* a **fact** with new text is *superseded*, as a newer statement in a sleep
  cycle would supersede it: the old one's window is closed, a new fact with
  the same slot and citations takes over, and ``LONG_TERM.md`` is re-rendered
  in the same batch; new metadata alone is set on the fact in place;
* **delete** of a fact is its erasure (:mod:`sleepstack.forget`, ADR 0004);
  delete of a note is a versioned delete (its history and versions stay, so
  ``rollback`` can bring it back; ``forget --text`` erases the words).

The optional *expected_sha* is the ``sha`` :func:`~sleepstack.memories.get`
returned: if the memory changed since, the change is refused
(:class:`PreconditionFailed`).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

from ..errors import (
    ConflictError,
    NotFoundError,
    PreconditionFailed,
    UsageError,
    ValidationRejected,
)
from ..layers.facts import Fact, dump_facts, facts_path
from ..layers.metadata import join_tags
from ..layers.notes import NOTE_MARKER, QUOTE_INTRO, note_fields
from ..store import ABSENT, Change, Store
from ..store.audit import sha256_hex
from .model import MemoryItem, check_category, check_source, check_tags, parse_id
from .read import fact_item, find_fact, get, note_item

__all__ = ["DEFAULT_REASON", "delete", "gate_text", "put_note", "update"]

DEFAULT_REASON = "memory API"


def _now() -> str:
    return datetime.now(UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def gate_text(text: object, *, user: str, path: str | None, source: str | None) -> str:
    """The text to store, once the validator accepted it (redacted where it redacted)."""
    from ..sleep.phases.validate import validate_text

    if not isinstance(text, str) or not text.strip():
        raise UsageError("an update needs non-empty text", field="text")
    verdict = validate_text(text, user=user, path=path, source=source)
    if verdict["decision"] != "accept":
        # A person may still accept it: propose it and decide with `review accept`.
        raise ValidationRejected(
            f"the validator refused the new text ({verdict['decision']}): "
            + "; ".join(verdict["reasons"]),
            decision=verdict["decision"], reasons=verdict["reasons"])
    redacted = verdict.get("redacted")
    return str(redacted) if redacted else text


def _check_sha(expected: str | None, actual: str, memory_id: str) -> None:
    if expected is not None and expected != actual:
        raise PreconditionFailed(f"memory {memory_id} changed: expected {expected}, found "
                                 f"{actual}", id=memory_id, expected_sha=expected,
                                 actual_sha=actual)


def _field(name: str, value: str) -> str:
    return f"- {name}: {json.dumps(value, ensure_ascii=False)}"


def _render_note(markdown: str, text: str | None, meta: dict[str, str], *, by: str,
                 at: str) -> str:
    """The note with *meta* set in its header and, when given, *text* as its quote."""
    lines = markdown.splitlines()
    cut = lines.index(QUOTE_INTRO) if QUOTE_INTRO in lines else None
    head = lines[:cut] if cut is not None else []
    title = [ln for ln in head if ln.startswith("#")][:1] or ["# Memory note"]
    fields = {k: v for k, v in note_fields(markdown).items()}
    fields.update(meta)
    fields["updated by"] = by
    fields["updated at"] = at
    if text is None:
        body = lines[cut + 1:] if cut is not None else \
            ["", *(f"> {ln}" if ln else ">" for ln in markdown.strip("\n").split("\n"))]
    else:
        clean = text.replace("\r\n", "\n").replace("\r", "\n").rstrip("\n")
        body = ["", *(f"> {ln}" if ln else ">" for ln in clean.split("\n"))]
    out = [NOTE_MARKER, *title, "", *(_field(k, v) for k, v in fields.items()), "",
           QUOTE_INTRO, *body]
    return "\n".join(out).rstrip("\n") + "\n"


def _meta(category: str | None, source: str | None, tags: Any) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if category is not None:
        out["category"] = check_category(category)
    if source is not None:
        out["source"] = check_source(source)
    if tags is not None:
        out["tags"] = check_tags(tags)
    return out


def _long_term(store: Store, user: str, old: list[Fact], new: list[Fact]) -> list[Change]:
    """``LONG_TERM.md`` re-rendered, when it is the rendering of the old facts."""
    from ..sleep.summarise import render_long_term

    page = f"user/{user}/LONG_TERM.md"
    try:
        data = store.read_bytes(page)
    except NotFoundError:
        return []
    if data.decode("utf-8", "replace") != render_long_term(old):
        return []  # edited by hand or from another version: left alone
    return [Change("write", page, render_long_term(new), sha256_hex(data))]


def update(store: Store, memory_id: str, *, user: str, actor: str, text: str | None = None,
           category: str | None = None, source: str | None = None,
           tags: list[str] | tuple[str, ...] | None = None, expected_sha: str | None = None,
           reason: str = DEFAULT_REASON) -> MemoryItem:
    """Change one of *user*'s memories; returns the memory as it is now."""
    meta = _meta(category, source, tags)
    if text is None and not meta:
        raise UsageError("an update needs text, category, source or tags")
    kind, _, ref = parse_id(memory_id)
    why = f"memory update {memory_id}: {reason}"
    if kind == "note":
        item = get(store, memory_id, user=user)
        _check_sha(expected_sha, item.sha, memory_id)
        new_text = None if text is None else gate_text(
            text, user=user, path=item.path, source=meta.get("source", item.source))
        note_meta = {k: (join_tags(v) if k == "tags" else v) for k, v in meta.items()}
        md = _render_note(store.read_text(item.path), new_text, note_meta, by=actor, at=_now())
        store.apply([Change("write", item.path, md, item.sha)], actor=actor, reason=why,
                    extra={"memory": memory_id})
        return note_item(item.path, md, sha256_hex(md.encode()))
    fact, facts, file_sha, line_sha = find_fact(store, ref, user)
    _check_sha(expected_sha, line_sha, memory_id)
    if text is not None and not fact.current:
        raise ConflictError(f"fact {fact.id} is no longer current (superseded by "
                            f"{fact.superseded_by or 'nothing: it expired'}); update the "
                            "current one", id=fact.id, superseded_by=fact.superseded_by)
    changed: dict[str, Any] = {}
    if "category" in meta:
        changed["category"] = meta["category"]
    if "source" in meta:
        changed["source"] = meta["source"]
    if "tags" in meta:
        changed["tags"] = meta["tags"]
    if text is None:
        new_fact = replace(fact, **changed)
        new_facts = [new_fact if f.id == fact.id else f for f in facts]
        mid = fact.id
    else:
        stored = gate_text(text, user=user, path=None, source=meta.get("source", fact.source))
        now = _now()
        new_id = "f-" + hashlib.sha256(
            f"{user}\0{fact.id}\0{stored}\0{now}".encode()).hexdigest()[:16]
        new_fact = replace(
            fact, id=new_id, value=stored.strip().rstrip("."), text=stored, at=now,
            valid_from=now, valid_to=None, superseded_by=None, expired=False, confidence=1.0,
            cycle=None, restated=0, source=changed.get("source", "update"),
            **{k: v for k, v in changed.items() if k != "source"})
        new_facts = [fact.close(now, by=new_id) if f.id == fact.id else f for f in facts]
        new_facts.append(new_fact)
        mid = new_id
    changes = [Change("write", facts_path(user), dump_facts(new_facts), file_sha),
               *_long_term(store, user, facts, new_facts)]
    store.apply(changes, actor=actor, reason=why, extra={"memory": mid})
    return fact_item(new_fact)


def delete(store: Store, memory_id: str, *, user: str, actor: str,
           expected_sha: str | None = None, reason: str = DEFAULT_REASON,
           embedder: str | None = None) -> dict[str, Any]:
    """Delete one of *user*'s memories (a fact: erased everywhere); returns what was done."""
    item = get(store, memory_id, user=user)
    _check_sha(expected_sha, item.sha, memory_id)
    why = f"memory delete {memory_id}: {reason}"
    if item.kind == "fact":
        from ..forget import ForgetTarget, forget

        summary = forget(store, ForgetTarget(kind="fact", ids=(item.id,), user=user),
                         reason=why, actor=actor, embedder=embedder)
        return {"id": memory_id, "deleted": True, "erased": True,
                "forget": summary.to_dict()}
    store.apply([Change("delete", item.path, None, item.sha)], actor=actor, reason=why,
                extra={"memory": memory_id})
    return {"id": memory_id, "deleted": True, "erased": False}


def put_note(store: Store, *, user: str, name: str, text: str, fields: dict[str, str],
             actor: str, reason: str = DEFAULT_REASON) -> MemoryItem:
    """Create or replace the curated note ``user/<user>/notes/<name>.md`` through the gate.

    For callers that keep their own keys (the LangGraph store): *fields* go
    into the provenance header (names of lower-case letters and spaces), the
    text is quoted as data once the validator accepted it. Returns the memory.
    """
    from ..store.paths import check_user_id, check_write_path

    path = check_write_path(f"user/{check_user_id(user)}/notes/{name}.md")
    stored = gate_text(text, user=user, path=path, source=fields.get("source"))
    now = _now()
    try:
        old = store.read_bytes(path)
    except NotFoundError:
        old = None
    head = {"user": user, "created at": now}
    if old is not None:
        prev = note_fields(old.decode("utf-8", "replace"))
        head["created at"] = prev.get("created at") or prev.get("proposed at") or now
    head.update(fields)
    base = f"{NOTE_MARKER}\n# Memory note {name}\n\n{QUOTE_INTRO}\n"
    md = _render_note(base, stored, head, by=actor, at=now)
    store.apply([Change("write", path, md, sha256_hex(old) if old is not None else ABSENT)],
                actor=actor, reason=f"memory put {name}: {reason}",
                extra={"memory": f"note:{user}:{name}"})
    return note_item(path, md, sha256_hex(md.encode()))
