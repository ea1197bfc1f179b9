"""MCP tools of the memory verbs by id, for the server's bound user.

``list_memories``, ``get_memory``, ``update_memory``, ``delete_memory`` and
``memory_history``: the same library calls as ``/v1/memories``, with the
user fixed at startup (no tool takes a user), the scope checked per call by
the server's ``allow`` and library errors reported by its ``guard``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mcp.server.mcpserver import Context, MCPServer

from ..api import Memory
from .tokens import Scope

__all__ = ["register_memory_tools"]


def register_memory_tools(server: MCPServer, *, memory: Memory, user: str,
                          allow: Callable[[Context[Any, Any] | None, Scope, str], str],
                          call: Callable[[str], Memory], guard: Callable[..., Any]) -> None:
    """Add the memory tools to *server* (the callbacks are :func:`build_mcp`'s own)."""

    @server.tool()
    def list_memories(kind: str | None = None, category: str | None = None,
                      source: str | None = None, tags: list[str] | None = None,
                      current: bool = True, since: str | None = None, until: str | None = None,
                      limit: int | None = None, ctx: Context[Any, Any] | None = None
                      ) -> dict[str, Any]:
        """The user's facts and notes with their ids and metadata, filtered (all must hold)."""
        allow(ctx, Scope.READ, "list_memories")
        filters = {"kind": kind, "category": category, "source": source, "tags": tags or [],
                   "current": current, "since": since, "until": until, "limit": limit}
        found = guard(memory.get_all, user, filters)
        return {"memories": [m.to_dict() for m in found]}

    @server.tool()
    def get_memory(memory_id: str, ctx: Context[Any, Any] | None = None) -> dict[str, Any]:
        """One memory by id (a fact id f-… or note:<user>:<name>)."""
        allow(ctx, Scope.READ, "get_memory")
        data: dict[str, Any] = guard(memory.get, memory_id, user=user).to_dict()
        return data

    @server.tool()
    def update_memory(memory_id: str, text: str | None = None, category: str | None = None,
                      source: str | None = None, tags: list[str] | None = None,
                      expected_sha: str | None = None, reason: str | None = None,
                      ctx: Context[Any, Any] | None = None) -> dict[str, Any]:
        """Change a memory's text (checked by the validator) or metadata; audited."""
        actor = allow(ctx, Scope.WRITE, "update_memory")
        data: dict[str, Any] = guard(call(actor).update, memory_id, text, user=user,
                                     category=category, source=source, tags=tags,
                                     expected_sha=expected_sha, reason=reason).to_dict()
        return data

    @server.tool()
    def delete_memory(memory_id: str, reason: str | None = None,
                      expected_sha: str | None = None, ctx: Context[Any, Any] | None = None
                      ) -> dict[str, Any]:
        """Delete a memory: a fact is erased everywhere it went, a note deleted (versioned)."""
        actor = allow(ctx, Scope.WRITE, "delete_memory")
        data: dict[str, Any] = guard(call(actor).delete, memory_id, user=user,
                                     expected_sha=expected_sha, reason=reason)
        return data

    @server.tool()
    def memory_history(memory_id: str, ctx: Context[Any, Any] | None = None
                       ) -> dict[str, Any]:
        """What happened to a memory (add, update, delete, expire, erase), oldest first."""
        from ..memories import history

        allow(ctx, Scope.READ, "memory_history")
        events = guard(history, memory.store, memory_id, user=user)
        return {"id": memory_id, "events": [e.to_dict() for e in events]}
