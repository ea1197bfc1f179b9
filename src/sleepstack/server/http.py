"""The HTTP API: a FastAPI app, a thin layer over :class:`sleepstack.Memory`.

Each handler authenticates (bearer token → user and scope), binds the user
from the token (never from the request), calls one library method in a worker
thread under a timeout, and converts the result with a pydantic model. All
errors leave as ``{error, message, detail}`` JSON with a 4xx status chosen by
:func:`status_for`; anything unexpected is a bare 500 ``{"error": "internal"}``
with the trace in the server log only.

Operations the library does not offer yet (``recall``, ``ask``, ``facts``,
``sleep``, ``undo`` land in :class:`Memory` independently) are not routed at
all, so ``/openapi.json`` always describes exactly what this server can do.

No ``from __future__ import annotations`` here: FastAPI resolves the
handlers' ``Annotated`` dependency aliases at runtime, and they are locals.
"""


import dataclasses
import logging
import math
import os
import threading
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Annotated, Any, TypeVar

import anyio
import anyio.to_thread
from fastapi import Depends, FastAPI, Path, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from starlette.exceptions import HTTPException as StarletteHTTPException

from .. import environment
from ..api import Memory
from ..errors import (
    SleepstackError,
    status_for,
)
from ..sleep.review import accept as review_accept
from ..sleep.review import reject as review_reject
from ..version import __version__
from . import models as m
from .access_tokens import Scope, TokenRecord, TokenStore
from .auth import (
    ApiError,
    authenticate,
    bind_user,
    check_proposal_path,
    check_readable_path,
    check_scope,
    is_operator,
    not_found,
)
from .limits import BodyLimitMiddleware, RateLimiter
from .review import list_proposals

__all__ = ["ServerSettings", "app_from_env", "create_app", "status_for"]

log = logging.getLogger("sleepstack.server")
T = TypeVar("T")

_ENV_PREFIX = "SLEEPSTACK_SERVE_"
#: the Memory actor of read-only operations (they write nothing, so one per thread will do)
READER = "http"


@dataclass(frozen=True)
class ServerSettings:
    """Everything the HTTP server is configured with (CLI flags or environment)."""

    home: str
    max_body_bytes: int = 2 << 20
    max_json_depth: int = 32
    rate: float = 50.0  # requests per second per token (token bucket refill)
    burst: int = 100
    timeout_s: float = 30.0  # per request, wake-path and write operations
    admin_timeout_s: float = 900.0  # sleep cycles and undo are slow by design
    llm: str | None = None  # the LLM ``ask`` uses; fixed by the operator, never by a client

    def to_env(self) -> dict[str, str]:
        """The settings as environment variables, for uvicorn worker processes."""
        env = {"SLEEPSTACK_HOME": self.home}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.name != "home" and value is not None:
                env[_ENV_PREFIX + f.name.upper()] = str(value)
        return env

    @classmethod
    def from_env(cls) -> "ServerSettings":
        """Inverse of :meth:`to_env`."""
        kwargs: dict[str, Any] = {"home": os.environ["SLEEPSTACK_HOME"]}
        for f in dataclasses.fields(cls):
            raw = os.environ.get(_ENV_PREFIX + f.name.upper())
            if f.name == "home" or raw is None:
                continue
            kind = type(getattr(cls(home=""), f.name))
            kwargs[f.name] = raw if kind in (str, type(None)) else kind(raw)
        return cls(**kwargs)


def _json_ready(obj: Any) -> Any:
    """A library result as plain data (``to_dict()``, dataclass or pydantic)."""
    if hasattr(obj, "to_dict"):
        return obj.to_dict()
    if hasattr(obj, "model_dump"):
        return obj.model_dump()
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return dataclasses.asdict(obj)
    if isinstance(obj, list | tuple):
        return [_json_ready(x) for x in obj]
    return obj


class _Memories:
    """One :class:`Memory` per (thread, actor).

    The actor of every write is the token (``token:<id>``), and ``Memory``
    carries its actor, so writers need their own instance; per thread because
    index readers (SQLite) must not be shared across threads.
    """

    def __init__(self, home: str) -> None:
        self.home = home
        self._local = threading.local()

    def get(self, actor: str) -> Memory:
        cache: dict[str, Memory] | None = getattr(self._local, "cache", None)
        if cache is None:
            cache = self._local.cache = {}
        mem = cache.get(actor)
        if mem is None:
            if len(cache) > 64:  # many short-lived tokens: bound the cache
                cache.clear()
            mem = cache[actor] = Memory(self.home, actor=actor)
        return mem


def _error(status: int, body: dict[str, Any], headers: dict[str, str] | None = None
           ) -> JSONResponse:
    return JSONResponse(body, status_code=status, headers=headers)


def _install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def _api_error(request: Request, exc: ApiError) -> JSONResponse:
        return _error(exc.status, exc.to_dict(), exc.headers)

    @app.exception_handler(SleepstackError)
    async def _lib_error(request: Request, exc: SleepstackError) -> JSONResponse:
        status = status_for(exc)
        if status >= 500:
            log.error("library error on %s %s: %s", request.method, request.url.path, exc,
                      exc_info=exc)
        return _error(status, exc.to_dict())

    @app.exception_handler(RequestValidationError)
    async def _validation(request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = [
            {"loc": [str(p) for p in e.get("loc", ())], "msg": str(e.get("msg", "")),
             "type": str(e.get("type", ""))}
            for e in exc.errors()
        ]
        # A body that is not JSON at all is malformed (400); JSON of the wrong
        # shape is a validation failure (422).
        if any(e["type"] == "json_invalid" for e in errors):
            return _error(400, {"error": "usage", "message": "the body is not valid JSON",
                                "detail": {"errors": errors}})
        return _error(422, {"error": "validation", "message": "the request is invalid",
                            "detail": {"errors": errors}})

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "http")
        return _error(exc.status_code, {"error": code, "message": str(exc.detail), "detail": {}},
                      dict(exc.headers or {}))

    @app.exception_handler(Exception)
    async def _internal(request: Request, exc: Exception) -> JSONResponse:
        # The trace stays here; the client learns only that it was our fault.
        log.error("unhandled error on %s %s", request.method, request.url.path, exc_info=exc)
        return _error(500, {"error": "internal", "message": "internal server error",
                            "detail": {}})


_ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": m.ErrorOut, "description": text}
    for code, text in [
        (400, "malformed request"), (401, "missing, invalid or revoked token"),
        (403, "the token's scope does not allow this"),
        (404, "not found (or another user's)"), (409, "conflict"),
        (413, "request body too large"), (422, "invalid request"),
        (429, "rate limited"), (504, "timed out"),
    ]
}


def create_app(settings: ServerSettings) -> FastAPI:
    """The ASGI app for one store."""
    # Opening the store up front makes a missing home fail at startup, not per request.
    root = Memory(settings.home, actor="http")
    tokens = TokenStore(root.store)
    limiter = RateLimiter(settings.rate, settings.burst)
    memories = _Memories(settings.home)
    bearer = HTTPBearer(auto_error=False, description="a token from `sleepstack token create`")

    app = FastAPI(
        title="sleepstack",
        version=__version__,
        description="Long-term memory for AI agents. Every endpoint but /health needs a "
                    "bearer token; a token sees only its own user's memory.",
        responses=_ERRORS,
    )
    _install_error_handlers(app)
    app.add_middleware(BodyLimitMiddleware, max_bytes=settings.max_body_bytes,
                       max_depth=settings.max_json_depth)

    def caller(needed: Scope | None, operation: str) -> Callable[..., Awaitable[TokenRecord]]:
        """The dependency of an endpoint; *needed* None: any valid token (checked inside)."""
        async def dependency(
            creds: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)],
        ) -> TokenRecord:
            record = authenticate(tokens, creds.credentials if creds else None)
            wait = limiter.acquire(record.id)
            if wait > 0:
                raise ApiError(429, "rate_limited", "too many requests for this token",
                               {"retry_after_s": round(wait, 3)},
                               {"Retry-After": str(max(1, math.ceil(wait)))})
            if needed is not None:
                check_scope(record, needed, operation)
            return record

        return dependency

    Reader = Annotated[TokenRecord, Depends(caller(Scope.READ, "reading"))]
    Writer = Annotated[TokenRecord, Depends(caller(Scope.WRITE, "writing"))]
    # Store-wide operations: an operator token, never a user's (see tokens.Scope).
    Operator = Annotated[TokenRecord, Depends(caller(Scope.OPERATOR, "this operation"))]
    AnyToken = Annotated[TokenRecord, Depends(caller(None, "this operation"))]
    OptionalUser = Annotated[str | None, Query(max_length=64, pattern=m.USER_PATTERN,
                                               description="the token's own user (optional)")]

    async def run(fn: Callable[[], T], timeout: float | None = None) -> T:
        """Run a blocking library call in a worker thread, bounded in time.

        On timeout the client gets a 504 at once; the thread is abandoned and
        finishes on its own (store mutations are atomic, so it cannot leave a
        half-written state behind).
        """
        limit = settings.timeout_s if timeout is None else timeout
        with anyio.move_on_after(limit) as scope:
            return await anyio.to_thread.run_sync(fn, abandon_on_cancel=True)
        if scope.cancelled_caught:
            raise ApiError(504, "timeout", f"the operation took longer than {limit:g}s",
                           {"timeout_s": limit})
        raise AssertionError("unreachable")  # pragma: no cover

    # ------------------------------------------------------------ public
    @app.get("/health", response_model=m.HealthOut, tags=["meta"])
    async def health() -> m.HealthOut:
        """Liveness: no token needed, reveals nothing but the version."""
        return m.HealthOut(status="ok", version=__version__)

    @app.get("/v1/whoami", response_model=m.WhoAmIOut, tags=["meta"])
    async def whoami(tok: AnyToken) -> m.WhoAmIOut:
        """The calling token (never its secret)."""
        return m.WhoAmIOut.model_validate(tok.public())

    # --------------------------------------------------------- wake path
    if hasattr(Memory, "recall"):

        @app.post("/v1/recall", response_model=m.ContextOut, tags=["wake"])
        async def recall(body: m.RecallIn, tok: Reader) -> Any:
            """The wake path: cited memories for a query, within a token budget."""
            user = bind_user(tok, body.user)
            mem = memories.get(READER)
            kwargs: dict[str, Any] = {"session": body.session,
                                      "include_flagged": body.include_flagged,
                                      "deep": body.deep}
            if body.budget_tokens is not None:
                kwargs["budget_tokens"] = body.budget_tokens
            ctx = await run(lambda: mem.recall(body.query, user, **kwargs))
            return _json_ready(ctx)

    if hasattr(Memory, "ask"):

        @app.post("/v1/ask", response_model=m.AnswerOut, tags=["wake"])
        async def ask(body: m.AskIn, tok: Reader) -> Any:
            """Recall plus an answer from the server's configured LLM."""
            user = bind_user(tok, body.user)
            mem = memories.get(READER)
            answer = await run(lambda: mem.ask(body.question, user, llm=settings.llm))
            return _json_ready(answer)

    @app.post("/v1/log", response_model=m.IdOut, status_code=201, tags=["write"])
    async def log_turn(body: m.LogIn, tok: Writer) -> m.IdOut:
        """Append one turn to the caller's raw log."""
        user = bind_user(tok, body.user)
        mem = memories.get(tok.actor)
        tid = await run(lambda: mem.log(user, body.session, body.role, body.text,
                                        at=body.at, id=body.id))
        return m.IdOut(id=tid)

    @app.post("/v1/import", response_model=m.ImportOut, status_code=201, tags=["write"])
    async def import_turns(body: m.ImportIn, tok: Writer) -> m.ImportOut:
        """Append many turns, all or nothing; every turn must be the caller's."""
        records = []
        for turn in body.turns:
            record = turn.model_dump(exclude_none=True)
            record["user"] = bind_user(tok, turn.user)
            records.append(record)
        mem = memories.get(tok.actor)
        count = await run(lambda: mem.import_turns(records))
        return m.ImportOut(imported=count)

    @app.post("/v1/propose", response_model=m.IdOut, status_code=201, tags=["write"])
    async def propose(body: m.ProposeIn, tok: Writer) -> m.IdOut:
        """Quarantine a memory proposal; the next sleep cycle judges it."""
        user = bind_user(tok, body.user)
        path = check_proposal_path(tok, body.path)
        mem = memories.get(tok.actor)
        pid = await run(lambda: mem.propose(body.text, user, body.session, path=path,
                                            source=body.source))
        return m.IdOut(id=pid)

    # ------------------------------------------------------------ reading
    if hasattr(Memory, "facts"):

        @app.get("/v1/facts", response_model=m.FactsOut, tags=["read"])
        async def facts(
            tok: Reader,
            include_history: bool = False,
            user: OptionalUser = None,
        ) -> Any:
            """The caller's current facts (``include_history``: superseded and expired too)."""
            who = bind_user(tok, user)
            mem = memories.get(READER)
            found = await run(lambda: mem.facts(who, include_history=include_history))
            return {"user": who, "facts": _json_ready(list(found))}

    @app.get("/v1/history", response_model=m.HistoryOut, tags=["read"])
    async def history(tok: AnyToken, path: Annotated[str, Query(min_length=1, max_length=1024)]
                      ) -> Any:
        """Every version of one of the caller's paths (metadata, not content).

        An operator token may read the history of the store-wide areas
        (``reports/``, ``staging/``, ``config/``); a user token only its own.
        """
        norm = check_readable_path(tok, path)
        mem = memories.get(READER)
        versions = await run(lambda: mem.history(norm))
        if not versions:
            raise not_found()
        return {"path": norm, "versions": [v.to_dict() for v in versions]}

    @app.get("/v1/review", response_model=m.ReviewOut, tags=["read"])
    async def review(tok: AnyToken, user: OptionalUser = None) -> Any:
        """The caller's memory proposals: pending ones and the verdicts on judged ones.

        An operator token sees the review queue of every user (or of *user*).
        """
        if is_operator(tok):
            mem = memories.get(READER)
            every = await run(lambda: list_proposals(mem.store, user))
            return {"user": user or "", "proposals": every}
        check_scope(tok, Scope.READ, "reading")
        who = bind_user(tok, user)
        mem = memories.get(READER)
        found = await run(lambda: list_proposals(mem.store, who))
        return {"user": who, "proposals": found}

    @app.post("/v1/review/{proposal_id}", response_model=m.ReviewDecisionOut, tags=["admin"])
    async def review_decide(
        proposal_id: Annotated[str, Path(min_length=1, max_length=128,
                                         pattern=r"^[A-Za-z0-9._-]+$")],
        body: m.ReviewDecisionIn,
        tok: AnyToken,
    ) -> Any:
        """Accept (promote) or reject one of the caller's pending or held proposals.

        Admin only: accepting skips the validator's verdict, so an agent's
        write token must never be able to approve what the agent proposed.
        An operator token decides on any user's proposals (the review queue).
        """
        if not is_operator(tok):
            check_scope(tok, Scope.ADMIN, "this operation")
        mem = memories.get(tok.actor)

        def decide() -> dict[str, Any]:
            owner = None if is_operator(tok) else tok.user
            mine = {p["id"] for p in list_proposals(mem.store, owner)
                    if p["status"] in ("pending", "held")}
            if proposal_id not in mine:
                raise not_found()
            act = review_accept if body.decision == "accept" else review_reject
            return act(mem.store, proposal_id, actor=tok.actor, reason=body.reason)

        return await run(decide)

    # -------------------------------------------------------------- admin
    if hasattr(Memory, "sleep"):

        @app.post("/v1/sleep", response_model=m.CycleSummaryOut, tags=["admin"])
        async def sleep(body: m.SleepIn, tok: Operator) -> Any:
            """Run one sleep cycle (operator tokens only: a cycle covers every user)."""
            mem = memories.get(tok.actor)
            summary = await run(lambda: mem.sleep(engine=body.engine, dry_run=body.dry_run),
                                settings.admin_timeout_s)
            return _json_ready(summary)

    if hasattr(Memory, "undo"):

        @app.post("/v1/undo", response_model=m.CycleSummaryOut, tags=["admin"])
        async def undo(body: m.UndoIn, tok: Operator) -> Any:
            """Revert every write of one cycle (operator tokens only)."""
            mem = memories.get(tok.actor)
            summary = await run(lambda: mem.undo(body.cycle_id), settings.admin_timeout_s)
            return _json_ready(summary)

    @app.get("/v1/audit/verify", response_model=m.AuditVerifyOut, tags=["admin"])
    async def audit_verify(tok: Operator) -> Any:
        """Check the audit chain and every file against it (operator tokens only)."""
        mem = memories.get(tok.actor)
        report = await run(mem.audit_verify, settings.admin_timeout_s)
        return report.to_dict()

    # ---- erasure (owned by server/forget_routes.py) ----
    from .forget_routes import mount_forget

    mount_forget(app, writer=caller(Scope.WRITE, "erasing"), anyone=caller(None, "erasing"),
                 memory=memories.get, run=run, timeout_s=settings.admin_timeout_s)
    # ---- end erasure ----

    # ---- memory verbs by id (owned by server/memory_routes.py) ----
    from .memory_routes import mount_memories

    mount_memories(app, reader=caller(Scope.READ, "reading"), writer=caller(Scope.WRITE, "writing"),
                   memory=memories.get, run=run, timeout_s=settings.admin_timeout_s)
    # ---- end memory verbs ----

    # ---- web inspector (owned by server/web.py): read-only HTML at / and /ui/… ----
    from .web import mount_web

    mount_web(app, tokens=tokens, memory=lambda: memories.get(READER), run=run,
              limiter=limiter)
    # ---- end web inspector ----

    return app


def app_from_env() -> FastAPI:
    """Factory for uvicorn workers (``--factory``): settings come from the environment."""
    environment.install(os.environ)  # a worker process: API keys, cache root, S3 lease
    return create_app(ServerSettings.from_env())
