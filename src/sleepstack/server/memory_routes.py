"""HTTP routes of the memory verbs by id: REST on ``/v1/memories`` and ``/v1/memories/{id}``.

``GET /v1/memories`` (filters as query parameters), ``POST /v1/memories``
(mem0's ``add``: a quarantined proposal), ``GET``/``PUT``/``PATCH``/``DELETE``
``/v1/memories/{id}`` and ``GET /v1/memories/{id}/history``. The user is
bound from the token as everywhere: another user's memory answers 404, the
same as one that does not exist. Reading needs the read scope, changing the
write scope (like ``DELETE /v1/facts/{id}``); new text passes the validator
(:mod:`sleepstack.memories.write`). No ``from __future__ import annotations``:
FastAPI resolves the handlers' annotations at runtime.
"""

from collections.abc import Awaitable, Callable
from typing import Annotated, Any, Literal

from fastapi import Depends, FastAPI, Path, Query
from pydantic import BaseModel, ConfigDict, Field

from ..api import Memory
from .auth import bind_user
from .tokens import TokenRecord

__all__ = ["mount_memories"]

_ID = r"^[^/\s\\]{1,256}$"
_USER = r"^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$"
_TAG = r"^[A-Za-z0-9][A-Za-z0-9._:+/-]{0,63}$"
_CATEGORY = r"^[a-z][a-z0-9_-]{0,31}$"
_SOURCE = r"^[A-Za-z0-9][A-Za-z0-9._:/@+?&=%#~-]{0,199}$"
_SHA = r"^[0-9a-f]{64}$"
_SESSION = r"^[A-Za-z0-9][A-Za-z0-9._:@-]{0,127}$"
MemoryId = Annotated[str, Path(pattern=_ID, description="a fact id (f-…) or note:<user>:<name>")]
Sha = Annotated[str | None, Query(pattern=_SHA, description="the memory's sha from GET: "
                                  "refused with 409 if it changed since")]
Reason = Annotated[str | None, Query(min_length=1, max_length=2000, pattern=r"\S",
                                     description="why (recorded in the audit)")]


class MemoryOut(BaseModel):
    """One fact or note."""

    model_config = ConfigDict(extra="ignore")

    id: str
    kind: Literal["fact", "note"]
    user: str
    text: str
    category: str
    source: str
    tags: list[str]
    created_at: str | None = None
    updated_at: str | None = None
    current: bool
    path: str
    sha: str
    valid_from: str | None = None
    valid_to: str | None = None
    superseded_by: str | None = None
    cites: list[str] = Field(default_factory=list)


class MemoriesOut(BaseModel):
    """``GET /v1/memories``."""

    user: str
    memories: list[MemoryOut]


class MemoryEventOut(BaseModel):
    """One step of a memory's history."""

    model_config = ConfigDict(extra="ignore")

    id: str
    event: str
    at: str | None = None
    text: str | None = None
    previous_text: str | None = None
    actor: str | None = None
    reason: str | None = None


class MemoryHistoryOut(BaseModel):
    """``GET /v1/memories/{id}/history``."""

    id: str
    events: list[MemoryEventOut]


class MemoryPatchIn(BaseModel):
    """``PATCH``: any of text and metadata; the user comes from the token."""

    model_config = ConfigDict(extra="forbid", strict=True)

    text: str | None = Field(default=None, min_length=1, max_length=100_000, pattern=r"\S")
    category: str | None = Field(default=None, pattern=_CATEGORY)
    source: str | None = Field(default=None, pattern=_SOURCE)
    tags: list[Annotated[str, Field(pattern=_TAG)]] | None = Field(default=None, max_length=32)
    expected_sha: str | None = Field(default=None, pattern=_SHA)
    reason: str | None = Field(default=None, min_length=1, max_length=2000, pattern=r"\S")


class MemoryPutIn(MemoryPatchIn):
    """``PUT``: the new text is required."""

    text: str = Field(min_length=1, max_length=100_000, pattern=r"\S")


class MemoryAddIn(BaseModel):
    """``POST /v1/memories``: mem0's ``add``, a proposal judged by the next sleep cycle."""

    model_config = ConfigDict(extra="forbid", strict=True)

    text: str = Field(min_length=1, max_length=100_000, pattern=r"\S")
    session: str = Field(default="default", pattern=_SESSION)
    source: str | None = Field(default=None, pattern=_SOURCE)
    category: str | None = Field(default=None, pattern=_CATEGORY)
    tags: list[Annotated[str, Field(pattern=_TAG)]] | None = Field(default=None, max_length=32)
    user: str | None = Field(default=None, pattern=_USER)


class MemoryAddOut(BaseModel):
    """The quarantined proposal."""

    id: str
    status: Literal["quarantined"]


class MemoryDeleteOut(BaseModel):
    """What ``DELETE`` did: a fact is erased everywhere (the forget summary), a note deleted."""

    model_config = ConfigDict(extra="ignore")

    id: str
    deleted: bool
    erased: bool
    forget: dict[str, Any] | None = None


def mount_memories(app: FastAPI, *, reader: Callable[..., Awaitable[TokenRecord]],
                   writer: Callable[..., Awaitable[TokenRecord]],
                   memory: Callable[[str], Memory],
                   run: Callable[[Callable[[], Any], float | None], Awaitable[Any]],
                   timeout_s: float) -> None:
    """Add the ``/v1/memories`` routes (*reader*/*writer*: the scope dependencies)."""
    Reader = Annotated[TokenRecord, Depends(reader)]
    Writer = Annotated[TokenRecord, Depends(writer)]

    @app.get("/v1/memories", response_model=MemoriesOut, tags=["memories"])
    async def list_memories(
        tok: Reader,
        kind: Literal["fact", "note"] | None = None,
        category: Annotated[str | None, Query(pattern=_CATEGORY)] = None,
        source: Annotated[str | None, Query(pattern=_SOURCE)] = None,
        tags: Annotated[list[Annotated[str, Query(pattern=_TAG)]] | None,
                        Query(max_length=32, description="all of these tags")] = None,
        current: bool = True,
        since: Annotated[str | None, Query(max_length=64, description="ISO 8601")] = None,
        until: Annotated[str | None, Query(max_length=64, description="ISO 8601")] = None,
        limit: Annotated[int | None, Query(ge=1, le=10_000)] = None,
        user: Annotated[str | None, Query(pattern=_USER)] = None,
    ) -> Any:
        """The caller's facts and notes that pass every filter (current ones by default)."""
        who = bind_user(tok, user)
        filters = {"kind": kind, "category": category, "source": source, "tags": tags or [],
                   "current": current, "since": since, "until": until, "limit": limit}
        mem = memory("http")
        found = await run(lambda: mem.get_all(who, filters), None)
        return {"user": who, "memories": [i.to_dict() for i in found]}

    @app.post("/v1/memories", response_model=MemoryAddOut, status_code=201,
              tags=["memories"])
    async def add_memory(body: MemoryAddIn, tok: Writer) -> Any:
        """mem0's ``add``: quarantine a proposal; it becomes a memory at the next cycle."""
        who = bind_user(tok, body.user)
        mem = memory(tok.actor)
        pid = await run(lambda: mem.add(body.text, who, body.session, source=body.source,
                                        category=body.category, tags=body.tags), None)
        return {"id": pid, "status": "quarantined"}

    @app.get("/v1/memories/{memory_id}", response_model=MemoryOut, tags=["memories"])
    async def get_memory(memory_id: MemoryId, tok: Reader) -> Any:
        """One of the caller's memories."""
        mem = memory("http")
        return (await run(lambda: mem.get(memory_id, user=tok.user), None)).to_dict()

    async def _update(memory_id: str, body: MemoryPatchIn, tok: TokenRecord) -> Any:
        mem = memory(tok.actor)
        return (await run(lambda: mem.update(
            memory_id, body.text, user=tok.user, category=body.category, source=body.source,
            tags=body.tags, expected_sha=body.expected_sha, reason=body.reason), None)).to_dict()

    @app.put("/v1/memories/{memory_id}", response_model=MemoryOut, tags=["memories"])
    async def put_memory(memory_id: MemoryId, body: MemoryPutIn, tok: Writer) -> Any:
        """Replace a memory's text (through the validator); metadata too if given."""
        return await _update(memory_id, body, tok)

    @app.patch("/v1/memories/{memory_id}", response_model=MemoryOut, tags=["memories"])
    async def patch_memory(memory_id: MemoryId, body: MemoryPatchIn, tok: Writer) -> Any:
        """Change a memory's text and/or metadata."""
        return await _update(memory_id, body, tok)

    @app.delete("/v1/memories/{memory_id}", response_model=MemoryDeleteOut,
                tags=["memories"])
    async def delete_memory(memory_id: MemoryId, tok: Writer, reason: Reason = None,
                            expected_sha: Sha = None) -> Any:
        """Delete a memory: a fact is erased everywhere it went, a note deleted (versioned)."""
        mem = memory(tok.actor)
        return await run(lambda: mem.delete(memory_id, user=tok.user,
                                            expected_sha=expected_sha, reason=reason),
                         timeout_s)

    @app.get("/v1/memories/{memory_id}/history", response_model=MemoryHistoryOut,
             tags=["memories"])
    async def memory_history(memory_id: MemoryId, tok: Reader) -> Any:
        """What happened to one of the caller's memories, oldest first."""
        mem = memory("http")

        def events() -> list[dict[str, Any]]:
            from ..memories import history

            return [e.to_dict() for e in history(mem.store, memory_id, user=tok.user)]

        return {"id": memory_id, "events": await run(events, None)}
