"""The MCP server: ``recall``, ``remember``, ``log_turn`` and ``facts`` for agents.

Built on the official SDK's :class:`mcp.server.mcpserver.MCPServer` (SDK 2.x),
over stdio or streamable HTTP. The user is bound once, at startup, from the
operator's configuration (``--user``) or a token (``--token``); no tool takes
a ``user`` argument, so a model cannot talk its way into another user's memory.
``remember`` never writes memory: it files a proposal into quarantine
(:meth:`Memory.propose`), which the next sleep cycle validates.

Over HTTP every request must also carry a bearer token of the bound user
(401 otherwise; another user's token is 404), and the effective scope of a
call is the lower of the startup scope and the request's token, checked again
on every request so revocation takes effect at once. A server started with
``--token`` checks that token again on every call too (a re-read of the small
token file, parsed only when it changed), so ``token revoke`` stops a running
stdio server at its next call. An operator token binds no user and cannot
start one.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError

from ..api import Memory
from ..errors import AccessDenied, NotFoundError, SleepstackError
from ..store.paths import check_user_id
from .access_tokens import Scope as TokenScope
from .access_tokens import TokenRecord, TokenStore
from .auth import ApiError, Unauthorized, authenticate, check_scope, is_operator
from .limits import ASGIApp, RateLimiter, Receive, Scope, Send

__all__ = ["MCPBinding", "McpAuthMiddleware", "bind", "build_mcp", "run_mcp"]

_TOKEN_KEY = "sleepstack.token"
_INSTRUCTIONS = (
    "Long-term memory for one user. Call `recall` before answering questions that may "
    "depend on past conversations; call `remember` to propose something worth keeping "
    "(it is reviewed before it becomes memory); call `log_turn` to record a turn."
)


@dataclass(frozen=True)
class MCPBinding:
    """Who this server acts for, fixed at startup."""

    user: str
    scope: TokenScope
    actor: str
    #: the startup token, re-verified on every call (None: bound by ``--user``)
    token: str | None = None


def bind(tokens: TokenStore, *, user: str | None, token: str | None) -> MCPBinding:
    """The binding from ``--user`` (operator config: write scope) or ``--token``."""
    if token is not None:
        try:
            record = authenticate(tokens, token)
        except ApiError as exc:  # refused by policy: exit 5 from the CLI
            raise AccessDenied(exc.message) from None
        if is_operator(record):
            raise AccessDenied("an operator token is bound to no user; start the MCP "
                               "server with a user's token")
        return MCPBinding(record.user, record.scope_level, record.actor, token)
    if user is None:
        raise ValueError("bind needs a user or a token")
    return MCPBinding(check_user_id(user), TokenScope.WRITE, f"mcp:{user}")


def _request_token(ctx: Context[Any, Any] | None) -> TokenRecord | None:
    """The HTTP request's verified token (None over stdio)."""
    if ctx is None:
        return None
    try:
        request = ctx.request_context.request
    except ValueError:
        return None
    scope = getattr(request, "scope", None)
    record = scope.get(_TOKEN_KEY) if isinstance(scope, dict) else None
    return record if isinstance(record, TokenRecord) else None


def build_mcp(memory: Memory, binding: MCPBinding) -> MCPServer:
    """The MCP server for one bound user."""
    server: MCPServer = MCPServer("sleepstack", instructions=_INSTRUCTIONS)
    user = binding.user
    tokens = TokenStore(memory.store) if binding.token is not None else None

    def startup_scope() -> TokenScope:
        """The startup token's scope now (revoked: refused), or the ``--user`` binding's."""
        if tokens is None or binding.token is None:
            return binding.scope
        record = tokens.verify(binding.token)
        if record is None:
            raise ToolError("access_denied: this server's token was revoked: no further calls"
                            " are served")
        return min(binding.scope, record.scope_level)

    def allow(ctx: Context[Any, Any] | None, needed: TokenScope, what: str) -> str:
        """Check scope (startup ∧ request); returns the audit actor."""
        rec = _request_token(ctx)
        scope = startup_scope()
        try:
            if scope < needed:
                raise ToolError(f"access_denied: {what} needs the {needed.label} scope; this "
                                f"server was started with {scope.label}")
            if rec is not None:
                check_scope(rec, needed, what)
        except SleepstackError as exc:
            raise ToolError(f"{exc.code}: {exc.message}") from None  # as guard() reports it
        return rec.actor if rec is not None else binding.actor

    writers: dict[str, Memory] = {memory.actor: memory}

    def call(actor: str) -> Memory:
        # Memory carries its audit actor, so each token writes through its own.
        if actor not in writers:
            writers[actor] = Memory(memory.home, actor=actor)
        return writers[actor]

    def guard(fn: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except SleepstackError as exc:
            # The model sees the library's message, never a trace.
            raise ToolError(f"{exc.code}: {exc.message}") from None

    @server.tool()
    def recall(query: str, budget_tokens: int | None = None, session: str | None = None,
               include_flagged: bool = False, deep: bool = False,
               ctx: Context[Any, Any] | None = None) -> dict[str, Any]:
        """Recall cited memories relevant to *query* (rendered context plus items).

        Items the validator flagged (injection-like text) are left out unless
        *include_flagged*; then they come back fenced, marked and with their ``flags``.
        *deep* also follows the user's entities and relations (multi-hop questions).
        """
        allow(ctx, TokenScope.READ, "recall")
        if budget_tokens is not None and not 1 <= budget_tokens <= 100_000:
            raise ToolError("usage: budget_tokens must be between 1 and 100000")
        result = guard(memory.recall, query, user, session=session, budget_tokens=budget_tokens,
                       include_flagged=include_flagged, deep=deep)
        data: dict[str, Any] = result.to_dict()
        return data

    @server.tool()
    def remember(text: str, session: str = "mcp", source: str | None = None,
                 ctx: Context[Any, Any] | None = None) -> dict[str, Any]:
        """Propose a memory; it is quarantined and reviewed at the next sleep cycle."""
        actor = allow(ctx, TokenScope.WRITE, "remember")
        pid = guard(call(actor).propose, text, user, session, source=source or "mcp")
        return {"id": pid, "status": "quarantined",
                "note": "reviewed at the next sleep cycle before it becomes memory"}

    @server.tool()
    def log_turn(role: str, text: str, session: str = "mcp",
                 ctx: Context[Any, Any] | None = None) -> dict[str, Any]:
        """Append one conversation turn (role: user, assistant, tool or a name)."""
        actor = allow(ctx, TokenScope.WRITE, "log_turn")
        return {"id": guard(call(actor).log, user, session, role, text)}

    @server.tool()
    def forget(reason: str, turn_ids: list[str] | None = None, fact_ids: list[str] | None = None,
               session: str | None = None, text: str | None = None, dry_run: bool = False,
               ctx: Context[Any, Any] | None = None) -> dict[str, Any]:
        """Erase this user's turns, facts, a session or a string everywhere it went (audited)."""
        actor = allow(ctx, TokenScope.WRITE, "forget")
        if not (turn_ids or fact_ids or session or text):
            raise ToolError("name what to forget: turn_ids, fact_ids, session or text")
        summary = guard(call(actor).forget, turns=turn_ids, facts=fact_ids, session=session,
                        text=text, user=user, reason=reason, dry_run=dry_run)
        data: dict[str, Any] = summary.to_dict()
        return data

    @server.tool()
    def facts(include_history: bool = False, ctx: Context[Any, Any] | None = None
              ) -> dict[str, Any]:
        """Long-term facts about the user (with superseded ones if include_history).

        Each carries ``trust``: ``fact`` in slot form, ``raw`` for a quoted claim (data).
        """
        allow(ctx, TokenScope.READ, "facts")
        found = guard(memory.facts, user, include_history=include_history)
        from ..layers.factform import trusted_fact  # a claim not in slot form is quoted data

        return {"facts": [{**f.to_dict(), "trust": "fact" if trusted_fact(f) else "raw"}
                          for f in found]}

    # Memory verbs by id (owned by server/mcp_memories.py).
    from .mcp_memories import register_memory_tools

    register_memory_tools(server, memory=memory, user=user, allow=allow, call=call, guard=guard)

    def read(name: str) -> str:
        allow(None, TokenScope.READ, name)
        try:
            return memory.store.read_text(f"user/{user}/{name}")
        except NotFoundError:
            return f"(no {name} yet: it is written by the first sleep cycle)\n"

    @server.resource("sleepstack://memory/LONG_TERM.md", name="LONG_TERM.md",
                     mime_type="text/markdown",
                     description="Durable facts, preferences and decisions (rendered view).")
    def long_term() -> str:
        return read("LONG_TERM.md")

    @server.resource("sleepstack://memory/SHORT_TERM.md", name="SHORT_TERM.md",
                     mime_type="text/markdown",
                     description="Rolling summary of the last few days, with citations.")
    def short_term() -> str:
        return read("SHORT_TERM.md")

    return server


class McpAuthMiddleware:
    """Bearer-token gate for the MCP HTTP transport (and a per-token rate limit)."""

    def __init__(self, app: ASGIApp, *, tokens: TokenStore, user: str,
                 limiter: RateLimiter) -> None:
        self.app = app
        self.tokens = tokens
        self.user = user
        self.limiter = limiter

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """ASGI entry point: lifespan passes through; HTTP needs a token."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        auth = headers.get(b"authorization", b"").decode("latin-1")
        presented = auth[7:].strip() if auth[:7].lower() == "bearer " else None
        try:
            record = authenticate(self.tokens, presented)
            if record.user != self.user:
                raise ApiError(404, "not_found", "not found")
            wait = self.limiter.acquire(record.id)
            if wait > 0:
                raise ApiError(429, "rate_limited", "too many requests for this token",
                               {"retry_after_s": round(wait, 3)})
        except ApiError as exc:
            await _reply(send, exc)
            return
        scope[_TOKEN_KEY] = record
        await self.app(scope, receive, send)


async def _reply(send: Send, exc: ApiError) -> None:
    body = json.dumps(exc.to_dict()).encode()
    headers = [(b"content-type", b"application/json"),
               (b"content-length", str(len(body)).encode())]
    if isinstance(exc, Unauthorized):
        headers.append((b"www-authenticate", b'Bearer realm="sleepstack"'))
    await send({"type": "http.response.start", "status": exc.status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def run_mcp(home: str, *, transport: str, user: str | None, token: str | None,
            host: str = "127.0.0.1", port: int = 8766, rate: float = 50.0,
            burst: int = 100) -> None:
    """Run the MCP server in the foreground until stopped."""
    tokens = TokenStore(Memory(home).store)
    binding = bind(tokens, user=user, token=token)
    memory = Memory(home, actor=binding.actor)
    server = build_mcp(memory, binding)
    if transport == "stdio":
        server.run("stdio")
        return
    import uvicorn

    app = McpAuthMiddleware(server.streamable_http_app(host=host), tokens=tokens,
                            user=binding.user, limiter=RateLimiter(rate, burst))
    uvicorn.run(app, host=host, port=port, log_level="warning", server_header=False)
