"""A pydantic-ai toolset (``pip install 'sleepstack[pydantic-ai]'``).

``memory_toolset(memory, user)`` is a :class:`pydantic_ai.FunctionToolset`
for ``Agent(toolsets=[...])`` with ``recall_memory``, ``remember``,
``list_memories``, ``update_memory`` and ``delete_memory`` (see
:mod:`sleepstack.integrations._tools`). A library error (a refused update, an
unknown id) is a :class:`pydantic_ai.ModelRetry`, so the model reads the
message and may try again.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from pydantic_ai import FunctionToolset, ModelRetry

from ..api import Memory
from ..errors import SleepstackError
from ._tools import make_tools

__all__ = ["memory_toolset"]


def _retrying(fn: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except SleepstackError as exc:
            raise ModelRetry(f"{exc.code}: {exc.message}") from None

    return wrapper


def memory_toolset(memory: Memory, user: str, *, session: str = "agent",
                   source: str = "pydantic-ai") -> FunctionToolset[Any]:
    """The memory tools for one user, as one toolset."""
    return FunctionToolset([_retrying(fn) for fn in
                            make_tools(memory, user, session=session, source=source)])
