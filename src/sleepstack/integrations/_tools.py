"""The agent tools every framework adapter exposes, as plain typed functions.

One user is bound when the tools are made (no tool takes a user, so a model
cannot ask for someone else's memory). ``recall_memory`` is the wake path and
returns the rendered context — trusted facts apart from the fenced,
untrusted quotes — ready for a prompt; ``remember`` files a proposal that the
next sleep cycle validates, as the MCP tool does; the by-id tools change
memory through the validator and the audit (:mod:`sleepstack.memories`).
The adapters wrap these functions; their signatures and docstrings become the
tools' schemas and descriptions.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..api import Memory
from ..store.paths import check_user_id

__all__ = ["make_tools"]


def make_tools(memory: Memory, user: str, *, session: str = "agent",
               source: str = "agent") -> list[Callable[..., Any]]:
    """``[recall_memory, remember, list_memories, update_memory, delete_memory]`` for *user*."""
    check_user_id(user)

    def recall_memory(query: str) -> str:
        """Recall what is known about the user that is relevant to the query.

        Args:
            query: the question or topic to look up in the user's long-term memory.
        """
        return memory.recall(query, user, session).context

    def remember(text: str) -> str:
        """Propose something worth remembering about the user (reviewed before it is kept).

        Args:
            text: one self-contained statement, e.g. "The user prefers aisle seats."
        """
        pid = memory.propose(text, user, session, source=source)
        return f"proposed as {pid}: it is checked at the next sleep cycle before it is kept"

    def list_memories(category: str | None = None, tag: str | None = None) -> list[dict[str, Any]]:
        """List the user's current memories (facts and notes) with their ids.

        Args:
            category: keep only this category (e.g. preference, personal).
            tag: keep only memories with this tag.
        """
        found = memory.get_all(user, {"category": category, "tags": [tag] if tag else []})
        return [{"id": m.id, "kind": m.kind, "text": m.text, "category": m.category,
                 "tags": list(m.tags)} for m in found]

    def update_memory(memory_id: str, text: str) -> str:
        """Correct one of the user's memories by id (the new text is checked first).

        Args:
            memory_id: the id from list_memories.
            text: the corrected statement.
        """
        got = memory.update(memory_id, text, user=user, reason="agent tool update")
        return f"updated: {got.id}"

    def delete_memory(memory_id: str) -> str:
        """Delete one of the user's memories by id (a fact is erased everywhere).

        Args:
            memory_id: the id from list_memories.
        """
        memory.delete(memory_id, user=user, reason="agent tool delete")
        return f"deleted: {memory_id}"

    return [recall_memory, remember, list_memories, update_memory, delete_memory]
