"""The validator's vocabulary: findings, verdicts and the pluggable Scorer protocol.

A :class:`Finding` is one rule firing on one span of a proposal. A
:class:`Verdict` is the validator's answer for a whole proposal: ``accept``,
``review`` (hold in staging for a person) or ``reject`` (archive with reasons),
plus the findings behind it and, where something was redacted or invisible
characters were stripped, the text that may be stored instead of the original.

Everything here is plain data that round-trips through JSON (``to_dict`` /
``from_dict``), because verdicts are archived next to the proposals they judge
and cross process and task boundaries (process pools, Flyte tasks).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol, runtime_checkable

from ..errors import ValidationRejected

__all__ = [
    "LEARNED_RULE",
    "RULESET_VERSION",
    "WEAK_CORROBORATION",
    "WEAK_RULES",
    "Decision",
    "Finding",
    "Scorer",
    "Severity",
    "Verdict",
    "sort_findings",
]

#: The rule name of the learned injection head's finding (:mod:`.head`).
LEARNED_RULE = "injection.learned"

#: Injection rules that fire on text users legitimately write too (orders about the
#: form of "your response", a template token named in a sentence). Alone, at ``review``,
#: they are no verdict: the validator keeps them only when another injection rule
#: fires or the learned head's probability reaches :data:`WEAK_CORROBORATION`.
WEAK_RULES = frozenset({"injection.output_format", "injection.template_mention"})
#: The head's probability from which it corroborates a weak rule: more likely an
#: injection than not (the head is trained class-balanced), not a tuned number.
WEAK_CORROBORATION = 0.5

#: Bumped whenever a rule changes what it flags. The sleep cycle's idempotency
#: key includes it, so a new rule set re-judges proposals instead of reusing
#: cached verdicts.
RULESET_VERSION = "2026.12-2"


class Severity(StrEnum):
    """What a finding asks the validator to do."""

    REJECT = "reject"  # refuse the proposal; archive it with the reason
    REVIEW = "review"  # low confidence: hold it in staging for a person
    REDACT = "redact"  # not a refusal: the span is removed from ``Verdict.redacted``


class Decision(StrEnum):
    """The validator's answer for a whole proposal."""

    ACCEPT = "accept"
    REVIEW = "review"
    REJECT = "reject"


_SEVERITY_RANK = {Severity.REJECT: 0, Severity.REVIEW: 1, Severity.REDACT: 2}


@dataclass(frozen=True, slots=True)
class Finding:
    """One rule firing on one span of the text.

    ``span`` is ``(start, end)`` in characters of the decoded input text (the
    text as given, before invisible characters were stripped), or ``None`` for
    findings about the proposal as a whole (its path, its size). ``excerpt``
    is what matched, shortened for display; secret rules mask it so a verdict
    never repeats the secret it refused.
    """

    rule: str
    severity: Severity
    message: str
    span: tuple[int, int] | None = None
    excerpt: str = ""

    def __post_init__(self) -> None:
        # Scorers may pass plain strings; keep one canonical type.
        object.__setattr__(self, "severity", Severity(self.severity))
        if self.span is not None:
            start, end = (int(self.span[0]), int(self.span[1]))
            object.__setattr__(self, "span", (start, end))

    @property
    def reason(self) -> str:
        """The human-readable ``"rule: message"`` line."""
        return f"{self.rule}: {self.message}"

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "rule": self.rule,
            "severity": str(self.severity),
            "message": self.message,
            "span": list(self.span) if self.span is not None else None,
            "excerpt": self.excerpt,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Finding:
        """Inverse of :meth:`to_dict`."""
        span = data.get("span")
        return cls(
            rule=str(data["rule"]),
            severity=Severity(data["severity"]),
            message=str(data["message"]),
            span=(int(span[0]), int(span[1])) if span is not None else None,
            excerpt=str(data.get("excerpt", "")),
        )


@dataclass(frozen=True)
class Verdict:
    """The validator's judgement on one proposal.

    ``reasons`` holds one ``"rule: message"`` line per distinct finding,
    most severe first. ``redacted`` is the text to store instead of the
    original (secrets replaced by ``[REDACTED:<rule>]``, zero-width characters
    removed), or ``None`` when the original can be stored as is.
    """

    decision: Decision
    reasons: list[str] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    redacted: str | None = None
    user: str | None = None
    path: str | None = None
    source: str | None = None
    ruleset: str = RULESET_VERSION
    elapsed_ms: float = 0.0

    def __post_init__(self) -> None:
        object.__setattr__(self, "decision", Decision(self.decision))
        # Rounded once here so a verdict equals its JSON round trip.
        object.__setattr__(self, "elapsed_ms", round(float(self.elapsed_ms), 3))

    @property
    def accepted(self) -> bool:
        """True when the proposal may be promoted (possibly as ``redacted``)."""
        return self.decision is Decision.ACCEPT

    def text_to_store(self, original: str) -> str:
        """What to write to trusted memory if accepted: the redacted text, else *original*."""
        return self.redacted if self.redacted is not None else original

    def rules(self) -> set[str]:
        """Names of every rule that fired."""
        return {f.rule for f in self.findings}

    def raise_for_decision(self) -> None:
        """Raise :class:`~sleepstack.errors.ValidationRejected` unless accepted."""
        if self.decision is Decision.ACCEPT:
            return
        raise ValidationRejected(
            f"proposal {self.decision}: " + "; ".join(self.reasons[:3]),
            decision=str(self.decision),
            reasons=list(self.reasons),
        )

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (``json.dumps(verdict.to_dict())`` always works)."""
        return {
            "decision": str(self.decision),
            "reasons": list(self.reasons),
            "findings": [f.to_dict() for f in self.findings],
            "redacted": self.redacted,
            "user": self.user,
            "path": self.path,
            "source": self.source,
            "ruleset": self.ruleset,
            "elapsed_ms": self.elapsed_ms,
        }

    def to_json(self) -> str:
        """The verdict as a JSON document."""
        return json.dumps(self.to_dict(), ensure_ascii=False, sort_keys=True)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Verdict:
        """Inverse of :meth:`to_dict`."""
        return cls(
            decision=Decision(data["decision"]),
            reasons=[str(r) for r in data.get("reasons", [])],
            findings=[Finding.from_dict(f) for f in data.get("findings", [])],
            redacted=data.get("redacted"),
            user=data.get("user"),
            path=data.get("path"),
            source=data.get("source"),
            ruleset=str(data.get("ruleset", RULESET_VERSION)),
            elapsed_ms=float(data.get("elapsed_ms", 0.0)),
        )

    @classmethod
    def from_json(cls, text: str) -> Verdict:
        """Inverse of :meth:`to_json`."""
        return cls.from_dict(json.loads(text))


@runtime_checkable
class Scorer(Protocol):
    """A pluggable detector, e.g. a model-based prompt-injection classifier.

    ``score`` receives the decoded text with invisible characters already
    removed and returns findings whose spans index into that same text; the
    validator maps them back to the original. A scorer that raises is treated
    as a ``review`` finding (fail closed: a person looks at it).
    """

    name: str

    def score(self, text: str) -> list[Finding]:
        """Findings for *text* (empty when it looks clean)."""
        ...


def sort_findings(findings: Sequence[Finding]) -> list[Finding]:
    """Most severe first, then by position, then by rule name (stable output)."""
    return sorted(
        findings,
        key=lambda f: (_SEVERITY_RANK[f.severity], f.span[0] if f.span else -1, f.rule),
    )
