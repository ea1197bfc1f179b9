"""Pydantic models for every request and response of the HTTP API.

They make ``/openapi.json`` precise (schemathesis and client generators rely
on it) and they are the validation boundary: requests forbid unknown fields
and bound every string and list, so a malformed request is a 422 before any
library code runs. Shapes follow INTERFACES.md (*Context*, *Cycle summary*).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

__all__ = [
    "AnswerOut",
    "AskIn",
    "AuditBreakOut",
    "AuditVerifyOut",
    "ContextItemOut",
    "ContextOut",
    "CycleCountsOut",
    "CycleSummaryOut",
    "ErrorOut",
    "FactOut",
    "FactsOut",
    "HealthOut",
    "HistoryOut",
    "IdOut",
    "ImportIn",
    "ImportOut",
    "LogIn",
    "ProposalOut",
    "ProposeIn",
    "RecallIn",
    "RejectionOut",
    "ReviewDecisionIn",
    "ReviewDecisionOut",
    "ReviewOut",
    "SleepIn",
    "TurnIn",
    "UndoIn",
    "VersionOut",
    "WhoAmIOut",
]

# Bounds keep every field's cost predictable; the body limit caps the total.
_TEXT = 100_000
_ID = 128
_USER = 64
# Patterns mirror the library's own checks so the schema says what is accepted.
USER_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$"
TURN_ID_PATTERN = r"^[^\s|\\]{1,128}$"
PROPOSAL_SESSION_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9._:@-]{0,127}$"
NONBLANK = r"\S"
UserField = Field(default=None, max_length=_USER, pattern=USER_PATTERN,
                  description="the token's own user (optional; another user's id answers 404)")


class _In(BaseModel):
    # strict: JSON ``0`` is not ``false`` and ``"5"`` is not ``5`` — what the
    # schema says is exactly what is accepted.
    model_config = ConfigDict(extra="forbid", strict=True)


class _Out(BaseModel):
    model_config = ConfigDict(extra="ignore")


class ErrorOut(_Out):
    """Every error body: ``{error, message, detail}``."""

    error: str = Field(description="machine-readable error code")
    message: str
    detail: dict[str, Any] = Field(default_factory=dict)


class HealthOut(_Out):
    """``GET /health``."""

    status: Literal["ok"]
    version: str


class WhoAmIOut(_Out):
    """The calling token, without its secret."""

    id: str
    name: str
    user: str  # "" for an operator token (bound to no user)
    scope: Literal["read", "write", "admin", "operator"]


# ------------------------------------------------------------------ wake path
class RecallIn(_In):
    """``POST /v1/recall``."""

    query: str = Field(min_length=1, max_length=_TEXT)
    user: str | None = UserField
    session: str | None = Field(default=None, max_length=_ID)
    budget_tokens: int | None = Field(default=None, ge=1, le=100_000)
    include_flagged: bool = False
    #: also follow the graph tier's entities and relations (issue 14)
    deep: bool = False


class ContextItemOut(_Out):
    """One recalled item."""

    text: str
    layer: str
    path: str | None = None
    cites: list[str] = Field(default_factory=list)
    score: float = 0.0
    at: str | None = None
    valid_from: str | None = None
    valid_to: str | None = None
    trust: Literal["fact", "note", "raw", "document"] = "raw"
    flags: list[str] = Field(default_factory=list)


class ContextOut(_Out):
    """The wake path's answer (INTERFACES.md *Context*)."""

    query: str
    user: str
    items: list[ContextItemOut]
    context: str
    ctx_chars: int
    ctx_tokens: int
    timings_ms: dict[str, float] = Field(default_factory=dict)
    degraded: bool = False


class AskIn(_In):
    """``POST /v1/ask``.

    The LLM is the server's configured one: a client never picks it, because
    ``cmd:`` specs run commands.
    """

    question: str = Field(min_length=1, max_length=_TEXT)
    user: str | None = UserField


class AnswerOut(_Out):
    """``ask``: an answer, what it cites, and the context it rests on."""

    text: str
    cites: list[str] = Field(default_factory=list)
    llm: str = "none"
    context: ContextOut


class LogIn(_In):
    """``POST /v1/log``: one turn into the raw log."""

    session: str = Field(min_length=1, max_length=_ID, pattern=NONBLANK)
    role: str = Field(min_length=1, max_length=_ID, pattern=NONBLANK)
    text: str = Field(min_length=1, max_length=_TEXT, pattern=NONBLANK)
    at: str | None = Field(default=None, max_length=64, description="ISO 8601 (default now)")
    id: str | None = Field(default=None, max_length=_ID, pattern=TURN_ID_PATTERN,
                           description="turn id (default generated)")
    user: str | None = UserField


class TurnIn(_In):
    """One imported turn (the JSON Lines record of ``sleepstack import``)."""

    user: str | None = UserField
    session: str = Field(min_length=1, max_length=_ID, pattern=NONBLANK)
    role: str = Field(min_length=1, max_length=_ID, pattern=NONBLANK)
    text: str = Field(min_length=1, max_length=_TEXT, pattern=NONBLANK)
    at: str | None = Field(default=None, max_length=64)
    id: str | None = Field(default=None, max_length=_ID, pattern=TURN_ID_PATTERN)


class ImportIn(_In):
    """``POST /v1/import``: many turns, all or nothing."""

    turns: list[TurnIn] = Field(min_length=1, max_length=10_000)


class ImportOut(_Out):
    """How many turns were appended."""

    imported: int


class ProposeIn(_In):
    """``POST /v1/propose``: a memory proposal into quarantine."""

    text: str = Field(min_length=1, max_length=_TEXT, pattern=NONBLANK)
    session: str = Field(min_length=1, max_length=_ID, pattern=PROPOSAL_SESSION_PATTERN)
    path: str | None = Field(default=None, max_length=1024,
                             description="target under user/<your user>/")
    source: str | None = Field(default=None, max_length=1024)
    user: str | None = UserField


class IdOut(_Out):
    """The id of what was written."""

    id: str


class FactOut(_Out):
    """One long-term fact with its validity window and citations."""

    id: str
    user: str
    subject: str
    attribute: str
    value: str
    category: str
    confidence: float
    text: str
    at: str
    valid_from: str
    valid_to: str | None = None
    superseded_by: str | None = None
    expired: bool = False
    cites: list[str] = Field(default_factory=list)
    cycle: str | None = None


class FactsOut(_Out):
    """``GET /v1/facts``."""

    user: str
    facts: list[FactOut]


class VersionOut(_Out):
    """One version of a path."""

    version: int
    seq: int
    op: str
    sha: str | None = None
    actor: str
    reason: str
    at: str
    tx: str
    cycle: str | None = None


class HistoryOut(_Out):
    """``GET /v1/history``."""

    path: str
    versions: list[VersionOut]


class ProposalOut(_Out):
    """One proposal of the caller's user, pending or judged."""

    id: str
    status: str = Field(description="pending (inbox), held (for a person), accept or reject")
    session: str | None = None
    text: str
    path: str | None = None
    source: str | None = None
    at: str | None = None
    reasons: list[str] = Field(default_factory=list)
    file: str
    user: str | None = Field(default=None, description="whose (operator listings only)")


class ReviewDecisionIn(_In):
    """``POST /v1/review/{id}``: a person's decision on a pending or held proposal."""

    decision: Literal["accept", "reject"]
    reason: str = Field(default="decided over HTTP", min_length=1, max_length=1000)


class ReviewDecisionOut(_Out):
    """What the decision did."""

    id: str
    decision: Literal["accept", "reject"]
    note: str | None = None
    archive: str | None = None


class ReviewOut(_Out):
    """``GET /v1/review``: the caller's proposals and their verdicts."""

    user: str
    proposals: list[ProposalOut]


# ----------------------------------------------------------------- admin ops
class SleepIn(_In):
    """``POST /v1/sleep``."""

    engine: Literal["local", "flyte"] = "local"
    dry_run: bool = False


class UndoIn(_In):
    """``POST /v1/undo``."""

    cycle_id: str = Field(min_length=1, max_length=_ID)


class CycleCountsOut(_Out):
    """What a cycle did, counted."""

    model_config = ConfigDict(extra="allow")

    proposals: int = 0
    promoted: int = 0
    rejected: int = 0
    turns_read: int = 0
    facts_added: int = 0
    facts_superseded: int = 0
    facts_expired: int = 0
    clusters: int = 0
    merged: int = 0


class RejectionOut(_Out):
    """One rejected proposal and why."""

    proposal: str
    user: str | None = None
    reasons: list[str]


class CycleSummaryOut(_Out):
    """INTERFACES.md *Cycle summary*."""

    model_config = ConfigDict(extra="allow")

    cycle_id: str
    key: str | None = None
    noop: bool = False
    dry_run: bool = False
    counts: CycleCountsOut = Field(default_factory=CycleCountsOut)
    rejections: list[RejectionOut] = Field(default_factory=list)
    timings_s: dict[str, float] = Field(default_factory=dict)
    report: str | None = None


class AuditBreakOut(_Out):
    """One disagreement between the audit log and the store."""

    model_config = ConfigDict(extra="allow")

    kind: str
    message: str


class AuditVerifyOut(_Out):
    """``GET /v1/audit/verify``."""

    ok: bool
    entries: int
    files_checked: int
    breaks: list[AuditBreakOut]
