"""The quarantine validator: one deterministic gate before anything reaches trusted memory.

The wake path may only leave proposals in ``staging/``; the sleep cycle runs
every proposal through :class:`Validator` and promotes, holds for review, or
archives it with the reasons::

    from sleepstack.validate import Validator

    verdict = Validator().validate(text, user="alice", path="user/alice/notes/x.md")
    verdict.decision      # Decision.ACCEPT / REVIEW / REJECT
    verdict.reasons       # ["injection.persistence: asks to persist …", …]
    verdict.redacted      # text to store instead (secrets redacted), or None

Rule families: ``path.*``, ``size.*``, ``encoding.*``, ``unicode.*``
(:mod:`.rules_shape`), ``injection.*`` (:mod:`.rules_injection`,
:mod:`.rules_poisoning`, read through the de-obfuscated views of
:mod:`.views`, plus the learned head ``injection.learned`` of :mod:`.head`)
and ``secret.*`` (:mod:`.rules_secrets`, :mod:`.rules_secrets_context`). Add a
model-based detector by passing any object with ``name`` and
``score(text) -> list[Finding]`` in ``ValidatorConfig(scorers=(...))``.
Design, training data and licences: ``docs/security.md``.
"""

from .detect_secrets_engine import DetectSecretsEngine
from .head import LearnedScorer
from .injection_scorer import InjectionScorer
from .rules_poisoning import PoisoningScorer
from .rules_secrets import SecretScorer
from .validator import Validator, ValidatorConfig
from .verdict import RULESET_VERSION, Decision, Finding, Scorer, Severity, Verdict

__all__ = [
    "RULESET_VERSION",
    "Decision",
    "DetectSecretsEngine",
    "Finding",
    "InjectionScorer",
    "LearnedScorer",
    "PoisoningScorer",
    "Scorer",
    "SecretScorer",
    "Severity",
    "Validator",
    "ValidatorConfig",
    "Verdict",
]
