"""The servers: an HTTP API (FastAPI) and an MCP server.

Both are thin layers over :class:`sleepstack.Memory` and share bearer-token
authentication (:mod:`.tokens`, :mod:`.auth`).

Import the submodules directly (``sleepstack.server.http``, ``.mcp``): they
pull in FastAPI and the MCP SDK, which are optional dependencies.
"""

from __future__ import annotations

from .access_tokens import Scope, TokenRecord, TokenStore

__all__ = ["Scope", "TokenRecord", "TokenStore"]
