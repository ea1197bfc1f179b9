"""Who is calling and what they may touch: authentication and user isolation.

Shared by the HTTP and MCP servers.

Three rules, each with one status code:

* no valid token → 401 (``unauthorized``);
* a valid token whose scope is too low for the operation → 403 (``access_denied``);
  so is a user-bound token asking for a store-wide operation (sleep, undo,
  audit verify, reports: those need an *operator* token) and an operator token
  asking for a user's data (it is bound to no user);
* a valid token asking about *another* user's memory → 404 (``not_found``),
  with the same body whether that user exists or not, so a token can learn
  nothing about other users — not even their existence.
"""

from __future__ import annotations

from typing import Any

from ..errors import AccessDenied, NotFoundError, PathRefused
from ..store.paths import Area, area_of, check_path, user_of
from .access_tokens import Scope, TokenRecord, TokenStore

__all__ = [
    "ApiError",
    "Unauthorized",
    "authenticate",
    "bind_user",
    "check_proposal_path",
    "check_readable_path",
    "check_scope",
    "is_operator",
    "not_found",
]


class ApiError(Exception):
    """An HTTP-level refusal that is not a library error (401, 413, 429, 504…)."""

    def __init__(self, status: int, error: str, message: str,
                 detail: dict[str, Any] | None = None,
                 headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.error = error
        self.message = message
        self.detail = detail or {}
        self.headers = headers or {}

    def to_dict(self) -> dict[str, Any]:
        """The JSON error body."""
        return {"error": self.error, "message": self.message, "detail": self.detail}


class Unauthorized(ApiError):
    """No token, or one that is unknown or revoked."""

    def __init__(self, message: str = "a valid bearer token is required") -> None:
        super().__init__(401, "unauthorized", message,
                         headers={"WWW-Authenticate": 'Bearer realm="sleepstack"'})


def authenticate(tokens: TokenStore, presented: str | None) -> TokenRecord:
    """The active token record for a presented bearer token, or :class:`Unauthorized`."""
    if not presented:
        raise Unauthorized()
    record = tokens.verify(presented)
    if record is None:
        # One message for unknown, malformed and revoked: no oracle for which.
        raise Unauthorized("the bearer token is invalid or revoked")
    return record


def is_operator(record: TokenRecord | None) -> bool:
    """Whether *record* is an operator token (store-wide operations, no user)."""
    return record is not None and record.operator


def check_scope(record: TokenRecord, needed: Scope, operation: str) -> None:
    """:class:`AccessDenied` unless the token's scope covers *needed*.

    Operator and user-bound scopes do not include each other: an operator
    token is refused every user operation, a user token every store-wide one.
    """
    if needed is Scope.OPERATOR:
        if not is_operator(record):
            raise AccessDenied(
                f"{operation} is a store-wide operation and needs an operator token"
                " (`sleepstack token create --operator`)",
                needed=needed.label, scope=record.scope)
        return
    if is_operator(record):
        raise AccessDenied(
            f"{operation} acts on one user's memory; an operator token is bound to no user",
            needed=needed.label, scope=record.scope)
    if record.scope_level < needed:
        raise AccessDenied(
            f"{operation} needs the {needed.label} scope; this token has {record.scope}",
            needed=needed.label,
            scope=record.scope,
        )


def not_found() -> NotFoundError:
    """The one answer for anything outside the caller's user (no detail on purpose)."""
    return NotFoundError("not found")


def bind_user(record: TokenRecord, requested: str | None) -> str:
    """The user an operation acts on: always the token's own.

    A request may name its user (clients that serve several users find that
    clearer); naming anyone else is answered like a missing resource.
    """
    if requested is not None and requested != record.user:
        raise not_found()
    return record.user


def check_readable_path(record: TokenRecord, path: str) -> str:
    """Normalise *path* and check the token may see its history.

    Own ``user/<u>/…`` and ``memory/log/<u>/…`` paths and the shared reference
    documents under ``memory/topics/`` are readable; another user's paths are
    404; the internal areas (staging, config, reports, audit, versions) are
    for operator tokens only, and an operator may read the history of any
    path but a user's.
    """
    norm = check_path(path)
    if is_operator(record):
        if user_of(norm) is not None:
            check_scope(record, Scope.READ, "reading a user's history")
        return norm
    owner = user_of(norm)
    if owner is not None:
        if owner != record.user:
            raise not_found()
        return norm
    area = area_of(norm)
    if area is Area.MEMORY and norm.startswith("memory/topics/"):
        return norm
    if area is Area.MEMORY or area is Area.USER:
        # e.g. memory/log/<u> with no file part: malformed rather than foreign
        raise PathRefused("not a file path", path=norm, rule="prefix")
    check_scope(record, Scope.OPERATOR, f"reading {area.value}/")
    return norm


def check_proposal_path(record: TokenRecord, path: str | None) -> str | None:
    """A proposal's target must be under the caller's own ``user/<u>/``."""
    if path is None:
        return None
    norm = check_path(path)
    owner = user_of(norm)
    if owner is not None and owner != record.user:
        raise not_found()
    if owner is None or not norm.startswith("user/"):
        raise PathRefused(f"proposals target user/{record.user}/…", path=norm, rule="prefix")
    return norm
