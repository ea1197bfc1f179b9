"""The one exception tree of sleepstack.

Every error the library raises on purpose derives from :class:`SleepstackError`.
Each class carries an ``exit_code`` (the CLI's contract in INTERFACES.md), an
``http_status`` (what the HTTP API answers; the MCP server reports the same
``code``), a ``code`` for JSON bodies, and a ``fields`` dict of structured
details, and pickles cleanly so that errors can cross process and task
boundaries (process pools, Flyte tasks). This table is the contract; it is
written out in ``docs/errors.md`` and every row is tested on the CLI, HTTP and
MCP (``tests/test_error_contract.py``)::

    class                        exit  HTTP  meaning
    SleepstackError                 1   500  unexpected failure
    ├── UsageError                  2   422  the caller asked for something malformed
    ├── NotFoundError               3   404  no such store, path, version, user, cycle
    │   └── StoreNotFoundError      3   404  the home does not exist (never created silently)
    ├── ConflictError               4   409  the world changed under the caller
    │   ├── PreconditionFailed      4   409  expected_sha did not match
    │   ├── LockHeldError           4   409  another cycle/scheduler holds the lock
    │   └── DuplicateIdError        4   409  a turn id already exists for that user
    ├── PolicyError                 5   422  refused on purpose; nothing was changed
    │   ├── PathRefused             5   422  path policy (traversal, prefix, read-only area)
    │   ├── ContentRefused          5   422  size, encoding, binary content
    │   ├── ValidationRejected      5   422  the quarantine validator said no
    │   ├── AccessDenied            5   403  token scope or user isolation
    │   └── TierRefused             5   422  a graph operation on a ``tier = "facts"`` store
    ├── CorruptStoreError           4   503  audit chain or files disagree with the log
    ├── StorageFullError            1   507  the disk is full; nothing was lost
    └── BackendError                1   502  an adapter (LLM, embedder, remote fs) failed
        ├── LLMError                1   502
        └── EmbedderError           1   502
"""

from __future__ import annotations

from typing import Any, ClassVar

__all__ = [
    "AccessDenied",
    "BackendError",
    "ConflictError",
    "ContentRefused",
    "CorruptStoreError",
    "DuplicateIdError",
    "EmbedderError",
    "LLMError",
    "LockHeldError",
    "NotFoundError",
    "PathRefused",
    "PolicyError",
    "PreconditionFailed",
    "SleepstackError",
    "StorageFullError",
    "StoreNotFoundError",
    "TierRefused",
    "UsageError",
    "ValidationRejected",
    "WeightsMismatchError",
    "exit_code_for",
    "status_for",
]


class SleepstackError(Exception):
    """Root of every error sleepstack raises on purpose."""

    exit_code: ClassVar[int] = 1
    #: the HTTP API's status for this error (see the table above)
    http_status: ClassVar[int] = 500
    #: short machine-readable name used in JSON error bodies
    code: ClassVar[str] = "error"

    def __init__(self, message: str, **fields: Any) -> None:
        super().__init__(message)
        self.message = message
        self.fields: dict[str, Any] = fields

    def __reduce__(self) -> tuple[Any, ...]:
        # Keyword fields do not survive the default Exception pickling.
        return (_rebuild, (type(self), self.message, self.fields))

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready body: ``{error, message, detail}``."""
        return {"error": self.code, "message": self.message, "detail": self.fields}


def _rebuild(cls: type[SleepstackError], message: str, fields: dict[str, Any]) -> SleepstackError:
    return cls(message, **fields)


class UsageError(SleepstackError):
    """The caller passed malformed arguments or input."""

    http_status = 422
    exit_code = 2
    code = "usage"


class NotFoundError(SleepstackError):
    """A store, path, version, user or cycle does not exist."""

    http_status = 404
    exit_code = 3
    code = "not_found"


class StoreNotFoundError(NotFoundError):
    """The memory home does not exist; run ``sleepstack init`` first."""

    code = "store_not_found"


class ConflictError(SleepstackError):
    """The state changed under the caller; re-read and retry."""

    http_status = 409
    exit_code = 4
    code = "conflict"


class PreconditionFailed(ConflictError):
    """``expected_sha`` did not match the current content."""

    code = "precondition_failed"


class LockHeldError(ConflictError):
    """Another process holds an exclusive lock (a cycle or a scheduler)."""

    code = "lock_held"


class DuplicateIdError(ConflictError):
    """A turn id is already used for this user."""

    code = "duplicate_id"


class PolicyError(SleepstackError):
    """Refused on purpose by a policy; nothing was changed."""

    http_status = 422
    exit_code = 5
    code = "policy"


class PathRefused(PolicyError):
    """The path is malformed or outside what this operation may touch."""

    code = "path_refused"


class ContentRefused(PolicyError):
    """The content is too large, binary, or not valid UTF-8."""

    code = "content_refused"


class ValidationRejected(PolicyError):
    """The quarantine validator rejected a proposal."""

    code = "validation_rejected"


class AccessDenied(PolicyError):
    """The caller's token does not allow this operation."""

    http_status = 403
    code = "access_denied"


class TierRefused(PolicyError):
    """A relationship (graph) operation on a store whose ``[structured] tier`` is "facts"."""

    code = "tier_refused"


class CorruptStoreError(SleepstackError):
    """The audit chain or the files disagree with the audit log."""

    http_status = 503
    exit_code = 4
    code = "corrupt_store"


class StorageFullError(SleepstackError):
    """The disk (or quota) is full: the write was refused before its commit point."""

    http_status = 507
    code = "storage_full"


class BackendError(SleepstackError):
    """An adapter (LLM, embedder, remote filesystem) failed."""

    http_status = 502
    code = "backend"


class LLMError(BackendError):
    """The configured LLM failed or answered unusably."""

    code = "llm"


class EmbedderError(BackendError):
    """The configured embedder failed to load or to embed."""

    code = "embedder"


def status_for(exc: BaseException) -> int:
    """The HTTP status of an error: its class's ``http_status`` (the table above), else 500.

    The one lookup every HTTP surface uses (the JSON API and the web inspector),
    so the status of an error is decided by its class and nowhere else.
    """
    return exc.http_status if isinstance(exc, SleepstackError) else 500


def exit_code_for(exc: BaseException) -> int:
    """The CLI exit code of an error: its class's ``exit_code`` (the table above), else 1."""
    return exc.exit_code if isinstance(exc, SleepstackError) else 1


class WeightsMismatchError(EmbedderError):
    """A model file's sha256 is not the pinned one (corrupt, truncated or substituted)."""

    code = "weights_mismatch"
