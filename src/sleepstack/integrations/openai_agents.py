"""Function tools for the OpenAI Agents SDK (``pip install 'sleepstack[agents]'``).

``memory_tools(memory, user)`` returns :class:`agents.FunctionTool` objects
for ``Agent(tools=[...])``: ``recall_memory``, ``remember``,
``list_memories``, ``update_memory`` and ``delete_memory`` (see
:mod:`sleepstack.integrations._tools`). A library error reaches the model as
the tool's result (its one-line message), never as a trace.
"""

from __future__ import annotations

from typing import Any

from agents import FunctionTool, RunContextWrapper, function_tool

from ..api import Memory
from ._tools import make_tools

__all__ = ["memory_tools"]


def _error(ctx: RunContextWrapper[Any], exc: Exception) -> str:
    from ..errors import SleepstackError

    if isinstance(exc, SleepstackError):
        return f"error ({exc.code}): {exc.message}"
    return "error: the memory tool failed"


def memory_tools(memory: Memory, user: str, *, session: str = "agent",
                 source: str = "openai-agents") -> list[FunctionTool]:
    """The memory tools for one user."""
    return [function_tool(fn, failure_error_function=_error, strict_mode=False)
            for fn in make_tools(memory, user, session=session, source=source)]
