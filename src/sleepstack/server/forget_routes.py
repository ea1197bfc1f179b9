"""HTTP routes of erasure: ``POST /v1/forget``, ``DELETE /v1/turns/{id}`` and ``/v1/facts/{id}``.

The user is bound from the token, as everywhere: a write token erases only its
own user's data (turns, sessions, facts, and a literal string within that
user's data). Erasing a *whole user* is store-wide and needs the operator
scope (:func:`require_operator`). No ``from __future__ import annotations``:
FastAPI resolves the handlers' annotations at runtime.
"""

from collections.abc import Awaitable, Callable
from typing import Annotated, Any, TypeVar

from fastapi import Depends, FastAPI, Path, Query
from pydantic import BaseModel, ConfigDict, Field

from ..api import Memory
from ..errors import AccessDenied, UsageError
from .access_tokens import Scope, TokenRecord
from .auth import bind_user, check_scope, is_operator

__all__ = ["ForgetIn", "ForgetOut", "mount_forget", "require_operator"]

T = TypeVar("T")
_ID_PATTERN = r"^[^\s|\\]{1,128}$"
_USER_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$"
Reason = Annotated[str, Query(min_length=1, max_length=2000, pattern=r"\S",
                              description="why (recorded in the audit)")]


def require_operator(record: TokenRecord, operation: str) -> None:
    """:class:`AccessDenied` (403) unless the token has the operator scope."""
    if not is_operator(record):
        raise AccessDenied(f"{operation} needs an operator token; this token has {record.scope}",
                           scope=record.scope)


class ForgetIn(BaseModel):
    """``POST /v1/forget``: name exactly one target; the user comes from the token."""

    model_config = ConfigDict(extra="forbid", strict=True)

    turns: list[str] | None = Field(default=None, max_length=1000)
    session: str | None = Field(default=None, min_length=1, max_length=128)
    facts: list[str] | None = Field(default=None, max_length=1000)
    text: str | None = Field(default=None, min_length=1, max_length=10_000)
    everything: bool = Field(default=False, description="erase the whole user (operator only)")
    user: str | None = Field(default=None, max_length=64, pattern=_USER_PATTERN,
                             description="the token's own user; another user only for an"
                                         " operator erasing a whole user")
    reason: str = Field(min_length=1, max_length=2000, pattern=r"\S")
    dry_run: bool = False


class ForgetOut(BaseModel):
    """What the erasure changed (or would change, with ``dry_run``)."""

    model_config = ConfigDict(extra="ignore")

    forget_id: str
    target: dict[str, Any]
    dry_run: bool
    counts: dict[str, int]
    changed: int
    places: list[dict[str, Any]]
    bytes_rewritten: int
    bytes_removed: int = 0
    seconds: float
    seq: int | None = None
    warnings: list[str] = Field(default_factory=list)


def mount_forget(app: FastAPI, *, writer: Callable[..., Awaitable[TokenRecord]],
                 anyone: Callable[..., Awaitable[TokenRecord]],
                 memory: Callable[[str], Memory],
                 run: Callable[[Callable[[], Any], float | None], Awaitable[Any]],
                 timeout_s: float) -> None:
    """Add the erasure routes.

    *writer* is the write-scope token dependency; *anyone* accepts any valid
    token, because ``POST /v1/forget`` serves both a user's write token (its own
    data) and an operator token (a whole user), checked inside.
    """
    Writer = Annotated[TokenRecord, Depends(writer)]
    Anyone = Annotated[TokenRecord, Depends(anyone)]

    @app.post("/v1/forget", response_model=ForgetOut, tags=["write"])
    async def forget(body: ForgetIn, tok: Anyone) -> Any:
        """Erase the caller's turns, a session, facts or a string everywhere it went."""
        if body.everything:
            require_operator(tok, "erasing a whole user")
            if body.user is None:
                raise UsageError("name the user to erase")
            user: str | None = body.user
        else:
            check_scope(tok, Scope.WRITE, "erasing")
            user = bind_user(tok, body.user)
        mem = memory(tok.actor)
        kwargs: dict[str, Any] = {"turns": body.turns, "facts": body.facts, "text": body.text,
                                  "session": body.session, "user": user}
        if not body.everything and not any(
                (body.turns, body.facts, body.text is not None, body.session is not None)):
            raise UsageError("name a target: turns, session, facts, text or everything")
        summary = await run(lambda: mem.forget(reason=body.reason, dry_run=body.dry_run,
                                               **kwargs), timeout_s)
        return summary.to_dict()

    @app.delete("/v1/turns/{turn_id}", response_model=ForgetOut, tags=["write"])
    async def forget_turn(turn_id: Annotated[str, Path(pattern=_ID_PATTERN)], reason: Reason,
                          tok: Writer) -> Any:
        """Erase one of the caller's turns (the raw log keeps a tombstone line)."""
        mem = memory(tok.actor)
        summary = await run(lambda: mem.forget(turns=[turn_id], user=tok.user, reason=reason),
                            timeout_s)
        return summary.to_dict()

    @app.delete("/v1/facts/{fact_id}", response_model=ForgetOut, tags=["write"])
    async def forget_fact(fact_id: Annotated[str, Path(pattern=_ID_PATTERN)], reason: Reason,
                          tok: Writer) -> Any:
        """Erase one of the caller's facts and its history."""
        mem = memory(tok.actor)
        summary = await run(lambda: mem.forget(facts=[fact_id], user=tok.user, reason=reason),
                            timeout_s)
        return summary.to_dict()
