"""The one deterministic gate between quarantine (``staging/``) and trusted memory.

:class:`Validator` runs every rule family over a proposal and turns the
findings into one :class:`~sleepstack.validate.verdict.Verdict`:

1. *target*: the proposing user and the path it wants (``path.*``);
2. *decoding*: bytes must be UTF-8 text (``encoding.*``);
3. *size*: byte and line limits (``size.*``); an oversized proposal is
   refused before the content rules run, so a huge input costs nothing;
4. *characters*: control characters, bidi controls, hidden and zero-width
   characters (``encoding.control``, ``unicode.*``); zero-width characters are
   removed and every later rule reads the cleaned text;
5. *content*: prompt injection and memory poisoning (``injection.*``: the
   named rules, which also read de-obfuscated views of the text, and the
   learned head ``injection.learned``), secrets (``secret.*``) and any extra
   :class:`~sleepstack.validate.verdict.Scorer`.

Decision: any ``reject`` finding rejects; otherwise any ``review`` finding
holds the proposal for a person; otherwise it is accepted, with
``Verdict.redacted`` set when secrets were redacted or invisible characters
removed. Two *different* injection rules firing on one proposal corroborate
each other and reject even when each alone would only ask for review (the
learned head ``injection.learned`` only ever asks for review). A *weak* rule
alone (``WEAK_RULES``: formatting orders about "your response", a template
token named in prose) counts only when the head's probability reaches
``WEAK_CORROBORATION``.

Everything is offline and deterministic: the same text, user, path and
configuration always give the same verdict.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal, cast

from ..errors import UsageError
from .head import LearnedScorer
from .injection_scorer import InjectionScorer
from .redact import redact_spans
from .rules_poisoning import PoisoningScorer
from .rules_secrets import SecretScorer
from .rules_shape import (
    CleanText,
    check_controls,
    check_size,
    check_target,
    decode,
    sanitize_unicode,
)
from .verdict import (
    LEARNED_RULE,
    WEAK_CORROBORATION,
    WEAK_RULES,
    Decision,
    Finding,
    Scorer,
    Severity,
    Verdict,
    sort_findings,
)

__all__ = ["Validator", "ValidatorConfig"]

SeverityOverride = Literal["reject", "review", "redact", "off"]
# A weak rule is the milder reading of a family's pattern: it does not corroborate its
# own family ("start your reply with 'X'" is one order about the answer, not two).
_FAMILY = {"injection.output_format": "injection.output_manipulation",
           "injection.template_mention": "injection.template_token"}
# Structural rules: refusing is their whole point, so they cannot be redacted or switched off.
_STRUCTURAL = ("path.", "encoding.", "size.")


class _FrozenMap(Mapping[str, "SeverityOverride"]):
    """A read-only, picklable, hashable copy of the severity overrides.

    (``types.MappingProxyType`` is read-only too but cannot be pickled, and a
    config travels to process-pool workers.)
    """

    __slots__ = ("_data",)

    def __init__(self, data: Mapping[str, SeverityOverride]) -> None:
        self._data = dict(data)

    def __getitem__(self, key: str) -> SeverityOverride:
        return self._data[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __hash__(self) -> int:
        return hash(frozenset(self._data.items()))

    def __repr__(self) -> str:
        return repr(self._data)

    def __reduce__(self) -> tuple[type[_FrozenMap], tuple[dict[str, SeverityOverride]]]:
        return (_FrozenMap, (self._data,))


@dataclass(frozen=True)
class ValidatorConfig:
    """How strict the validator is.

    ``severities`` maps a rule name (``"secret.stated"``), a family
    (``"secret.*"``) or everything (``"*"``) to ``"reject"``, ``"review"``,
    ``"redact"`` or ``"off"``; the most specific entry wins. ``path.*``,
    ``encoding.*`` and ``size.*`` rules can only be moved between
    ``reject`` and ``review``. ``scorers`` are extra detectors (e.g. a
    model-based classifier) run after the built-in ones. ``learned`` runs the
    shipped learned injection head (:mod:`.head`); switching it off is for
    measuring the rules alone (or plugging in another head via ``scorers``).
    """

    max_bytes: int = 8 * 1024
    max_lines: int = 200
    severities: Mapping[str, SeverityOverride] = field(default_factory=dict)
    scorers: tuple[Scorer, ...] = ()
    detect_secrets: bool = True
    detect_secrets_mode: Literal["fast", "file"] = "fast"
    corroborate: bool = True
    learned: bool = True

    def __post_init__(self) -> None:
        if self.max_bytes <= 0 or self.max_lines <= 0:
            raise UsageError("max_bytes and max_lines must be positive",
                             max_bytes=self.max_bytes, max_lines=self.max_lines)
        overrides = dict(self.severities)
        for rule, value in overrides.items():
            if value not in ("reject", "review", "redact", "off"):
                raise UsageError(f"severity for {rule!r} must be reject, review, redact or off",
                                 rule=rule, value=value)
            if rule.startswith(_STRUCTURAL) and value not in ("reject", "review"):
                raise UsageError(f"{rule!r} is a structural rule: only reject or review",
                                 rule=rule, value=value)
        object.__setattr__(self, "severities", _FrozenMap(overrides))
        scorers = tuple(self.scorers)
        for s in scorers:
            if not isinstance(s, Scorer):
                raise UsageError(f"{s!r} is not a Scorer (needs .name and .score(text))")
        object.__setattr__(self, "scorers", scorers)

    def override_for(self, rule: str) -> SeverityOverride | None:
        """The configured severity for *rule*, most specific entry first."""
        if rule in self.severities:
            return self.severities[rule]
        parts = rule.split(".")
        for i in range(len(parts) - 1, 0, -1):
            key = ".".join(parts[:i]) + ".*"
            if key in self.severities:
                return self.severities[key]
        return self.severities.get("*")


@dataclass
class _Collected:
    """Findings plus, for content findings, their span in the cleaned text."""

    findings: list[Finding] = field(default_factory=list)
    clean_spans: list[tuple[Finding, tuple[int, int]]] = field(default_factory=list)


class Validator:
    """Judge quarantined proposals: ``Validator(config).validate(text, user=…)``."""

    def __init__(self, config: ValidatorConfig | None = None) -> None:
        self.config = config or ValidatorConfig()
        self._injection = InjectionScorer()
        self._poisoning = PoisoningScorer()
        self._secrets = SecretScorer(use_detect_secrets=self.config.detect_secrets,
                                     detect_secrets_mode=self.config.detect_secrets_mode)
        # The head's weights and tokenizer load here (once per process): a missing
        # model is an error now, never a quietly weaker gate later.
        self._head = LearnedScorer() if self.config.learned else None
        self._learned: list[Scorer] = [self._head] if self._head is not None else []

    def validate(self, text: bytes | str, *, user: str, path: str | None = None,
                 source: str | None = None) -> Verdict:
        """The verdict on one proposal by *user* that wants to be stored at *path*."""
        started = time.perf_counter()
        got = _Collected()
        got.findings.extend(check_target(user, path))
        decoded, problems = decode(text)
        got.findings.extend(problems)
        redacted: str | None = None
        if decoded is not None:
            sized = check_size(decoded, max_bytes=self.config.max_bytes,
                               max_lines=self.config.max_lines)
            got.findings.extend(sized)
            if not sized:
                redacted = self._content(decoded, got)
        return self._verdict(got, redacted, user=user, path=path, source=source,
                             started=started)

    # -- content ---------------------------------------------------------
    def _content(self, text: str, got: _Collected) -> str | None:
        got.findings.extend(check_controls(text))
        clean, unicode_findings = sanitize_unicode(text)
        got.findings.extend(unicode_findings)
        if self.config.override_for("unicode.zero_width") == "off":
            clean = CleanText(text, None)  # switched off: keep the text as given
        scorers: list[Scorer] = [self._injection, self._poisoning, *self._learned,
                                 self._secrets, *self.config.scorers]
        for scorer in scorers:
            for finding, span in self._run(scorer, clean.text):
                mapped = self._to_original(finding, span, clean, len(text))
                got.findings.append(mapped)
                if span is not None:
                    got.clean_spans.append((mapped, span))
        self._weigh_weak(clean.text, got)
        return self._redact(text, clean, got)

    def _weigh_weak(self, text: str, got: _Collected) -> None:
        """Drop weak injection findings that nothing corroborates (see ``WEAK_RULES``).

        A weak rule alone is a feature for the learned head, not a verdict: it
        stands when another injection rule fired, or when the head's probability
        for *text* reaches ``WEAK_CORROBORATION``. Without the head (``learned``
        off) weak rules keep their verdict: switching the head off never loosens
        the gate.
        """
        if self._head is None:
            return
        weak = [f for f in got.findings if f.rule in WEAK_RULES and f.severity is Severity.REVIEW]
        if not weak:
            return
        others = [f for f in got.findings if f.rule.startswith("injection.")
                  and f.rule not in WEAK_RULES]
        if others:
            return
        try:
            p = self._head.probability(text)
        except Exception:  # fail closed: a head that cannot judge keeps the rule's verdict
            return
        if p >= WEAK_CORROBORATION:
            return
        drop = {id(f) for f in weak}
        got.findings[:] = [f for f in got.findings if id(f) not in drop]
        got.clean_spans[:] = [(f, s) for f, s in got.clean_spans if id(f) not in drop]

    @staticmethod
    def _run(scorer: Scorer, text: str) -> list[tuple[Finding, tuple[int, int] | None]]:
        try:
            found = scorer.score(text)
        except Exception as exc:  # a plug-in must not crash the cycle; fail closed
            name = getattr(scorer, "name", type(scorer).__name__)
            return [(Finding(f"scorer.{name}", Severity.REVIEW,
                             f"scorer {name!r} failed ({type(exc).__name__}: {exc}); "
                             "held for review"), None)]
        out: list[tuple[Finding, tuple[int, int] | None]] = []
        # A plug-in may break its contract; check instead of trusting the annotation.
        for f in cast(list[object], found):
            if not isinstance(f, Finding):
                name = getattr(scorer, "name", type(scorer).__name__)
                out.append((Finding(f"scorer.{name}", Severity.REVIEW,
                                    f"scorer {name!r} returned {type(f).__name__}, not a Finding"),
                            None))
                continue
            span = None
            if f.span is not None:
                a = max(0, min(len(text), f.span[0]))
                b = max(a, min(len(text), f.span[1]))
                span = (a, b)
            out.append((f, span))
        return out

    @staticmethod
    def _to_original(f: Finding, span: tuple[int, int] | None, clean: CleanText,
                     n: int) -> Finding:
        if span is None:
            return Finding(f.rule, f.severity, f.message, None, f.excerpt)
        return Finding(f.rule, f.severity, f.message, clean.to_original(*span, n), f.excerpt)

    def _redact(self, original: str, clean: CleanText, got: _Collected) -> str | None:
        spans: list[tuple[int, int, str]] = []
        for f, (a, b) in got.clean_spans:
            action = self._action(f)
            if action is None:
                continue
            if f.rule.startswith("secret.") or action is Severity.REDACT:
                spans.append((a, b, f.rule))
        result = redact_spans(clean.text, spans)
        return None if result == original else result

    # -- decision --------------------------------------------------------
    def _action(self, f: Finding) -> Severity | None:
        override = self.config.override_for(f.rule)
        if override is None:
            return f.severity
        if override == "off":
            return None
        return Severity(override)

    def _verdict(self, got: _Collected, redacted: str | None, *, user: str, path: str | None,
                 source: str | None, started: float) -> Verdict:
        findings: list[Finding] = []
        for f in got.findings:
            action = self._action(f)
            if action is None:
                continue
            findings.append(f if action is f.severity
                            else Finding(f.rule, action, f.message, f.span, f.excerpt))
        severities = {f.severity for f in findings}
        if self.config.corroborate and Severity.REJECT not in severities:
            # The learned head is a second opinion that holds text for review; it does
            # not corroborate a rule into a rejection (its errors are not the rules').
            injection_rules = {_FAMILY.get(f.rule, f.rule) for f in findings
                               if f.rule.startswith("injection.")
                               and f.rule != LEARNED_RULE
                               and f.severity is Severity.REVIEW}
            if len(injection_rules) >= 2:
                findings.append(Finding(
                    "injection.corroborated", Severity.REJECT,
                    f"{len(injection_rules)} different injection rules fired together ("
                    + ", ".join(sorted(injection_rules)) + ")"))
                severities.add(Severity.REJECT)
        if Severity.REJECT in severities:
            decision = Decision.REJECT
        elif Severity.REVIEW in severities:
            decision = Decision.REVIEW
        else:
            decision = Decision.ACCEPT
        ordered = sort_findings(findings)
        return Verdict(
            decision=decision,
            reasons=_reasons(ordered),
            findings=ordered,
            redacted=redacted,
            user=user if isinstance(user, str) else repr(user),
            path=path,
            source=source,
            elapsed_ms=(time.perf_counter() - started) * 1000,
        )


def _reasons(findings: Sequence[Finding]) -> list[str]:
    seen: set[str] = set()
    out: list[str] = []
    for f in findings:
        line = f.reason
        if line not in seen:
            seen.add(line)
            out.append(line)
    return out
