"""The one exception tree of sleepstack.

Every error the library raises on purpose derives from :class:`SleepstackError`.
Each class carries an ``exit_code`` (the CLI's contract in INTERFACES.md) and a
``fields`` dict of structured details, and pickles cleanly so that errors can
cross process and task boundaries (process pools, Flyte tasks)::

    SleepstackError                 exit 1  unexpected / backend failure
    ├── UsageError                  exit 2  the caller asked for something malformed
    ├── NotFoundError               exit 3  no such store, path, version, user, cycle
    │   └── StoreNotFoundError              the home does not exist (never created silently)
    ├── ConflictError               exit 4  the world changed under the caller
    │   ├── PreconditionFailed              expected_sha did not match
    │   ├── LockHeldError                   another cycle/scheduler holds the lock
    │   └── DuplicateIdError                a turn id already exists for that user
    ├── PolicyError                 exit 5  refused on purpose; nothing was changed
    │   ├── PathRefused                     path policy (traversal, prefix, read-only area)
    │   ├── ContentRefused                  size, encoding, binary content
    │   ├── ValidationRejected              the quarantine validator said no
    │   └── AccessDenied                    token scope or user isolation
    ├── CorruptStoreError           exit 4  audit chain or files disagree with the log
    └── BackendError                exit 1  an adapter (LLM, embedder, remote fs) failed
        ├── LLMError
        └── EmbedderError
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
    "StoreNotFoundError",
    "UsageError",
    "ValidationRejected",
]


class SleepstackError(Exception):
    """Root of every error sleepstack raises on purpose."""

    exit_code: ClassVar[int] = 1
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

    exit_code = 2
    code = "usage"


class NotFoundError(SleepstackError):
    """A store, path, version, user or cycle does not exist."""

    exit_code = 3
    code = "not_found"


class StoreNotFoundError(NotFoundError):
    """The memory home does not exist; run ``sleepstack init`` first."""

    code = "store_not_found"


class ConflictError(SleepstackError):
    """The state changed under the caller; re-read and retry."""

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

    code = "access_denied"


class CorruptStoreError(SleepstackError):
    """The audit chain or the files disagree with the audit log."""

    exit_code = 4
    code = "corrupt_store"


class BackendError(SleepstackError):
    """An adapter (LLM, embedder, remote filesystem) failed."""

    code = "backend"


class LLMError(BackendError):
    """The configured LLM failed or answered unusably."""

    code = "llm"


class EmbedderError(BackendError):
    """The configured embedder failed to load or to embed."""

    code = "embedder"
