"""The trust boundary for text from outside: one judgement for every channel.

Raw turns of any role, ingested documents, proposals and anything an LLM
wrote are untrusted. Wherever such text is about to influence trusted memory
(``user/**``), an index row, or a prompt, it goes through :func:`screen`,
which runs the one quarantine :class:`~sleepstack.validate.Validator` over it
and returns

* ``text``: the text with every secret replaced by ``[REDACTED:<rule>]``
  (the one redaction function, :func:`~sleepstack.validate.redact.redact_spans`)
  and invisible characters removed;
* ``flags``: the names of every other rule that asked to reject or review it
  (``injection.override``, ``unicode.bidi``, …). Flagged text is never copied
  into trusted files, and recall leaves it out unless asked to show it.

:func:`redact_secrets` is the write-time variant for the raw log and
documents (``[ingest] secrets = "redact"``): it only replaces secrets and
keeps everything else byte for byte, since the raw log is the lossless ground
truth.

The validator is imported on first use (the wake path only needs it for rows
the index has not judged yet). The judgement is a pure function of the text,
cached per process, so the
index build, the sleep cycle and the wake path's on-the-fly reads agree on
every item. A validator that fails is not a reason to trust: the text is then
flagged ``screen.failed`` (fail closed).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..validate import Validator, Verdict

__all__ = [
    "RESERVED_ROLES",
    "SECRET_MODES",
    "Screened",
    "clear_cache",
    "is_reserved_role",
    "redact_secrets",
    "screen",
    "screen_authored",
]

#: the values of ``[ingest] secrets``
SECRET_MODES = ("redact", "keep")
#: roles a caller may not log: ``memory`` is what the sleep cycle calls promoted
#: (validated) notes, so a logged turn with that role would skip the quarantine
RESERVED_ROLES = frozenset({"memory"})
# Raw turns and documents are larger than proposals; the size rules are the
# store's business (max_bytes), the gate only judges content. A text past these
# limits is not judged, so it is hidden whole (fail closed).
_MAX_BYTES = 64 << 20
_MAX_LINES = 1 << 24
# Rules about where a *proposal* wants to go, not about what a text says.
_IGNORED_PREFIXES = ("path.",)
_GATE_USER = "gate"
_CACHE_CHARS = 16384


@dataclass(frozen=True, slots=True)
class Screened:
    """What the gate made of one text."""

    text: str  # secrets redacted, invisible characters removed
    flags: tuple[str, ...] = ()  # rule names that flag the text (sorted, no secrets)
    #: ``(start, end, rule)`` of every secret, in the original text's characters
    secrets: tuple[tuple[int, int, str], ...] = ()
    #: True when the whole text was replaced (not judged, or a secret with no span)
    hidden: bool = False

    @property
    def flagged(self) -> bool:
        """True when the text must not be copied into trusted memory or shown by default."""
        return bool(self.flags)


def is_reserved_role(role: str) -> bool:
    """Whether *role* (any case or spacing) is one a caller may not log."""
    return " ".join(role.split()).casefold() in RESERVED_ROLES


@lru_cache(maxsize=1)
def _validator() -> Validator:
    from ..validate import Validator, ValidatorConfig

    return Validator(ValidatorConfig(max_bytes=_MAX_BYTES, max_lines=_MAX_LINES))


def _token(kind: str) -> str:
    from ..validate.redact import redaction_token

    return redaction_token(kind)


def _judge(text: str) -> Verdict | None:
    try:
        return _validator().validate(text, user=_GATE_USER)
    except Exception:  # fail closed: an unjudged text is never trusted
        return None


def screen(text: str) -> Screened:
    """Secrets redacted and injection-like rules flagged, for one untrusted *text*.

    Texts the size of a turn or a chunk are cached per process (the same turn
    is judged by the index, the sleep cycle and the wake path); whole
    documents are judged once, at ingest, and not kept.
    """
    if len(text) > _CACHE_CHARS:
        return _screen(text)
    return _screen_cached(text)


def screen_authored(text: str) -> Screened:
    """:func:`screen` for the sleep path's own sentences (facts built from gated text).

    The learned head reads prose and takes some fact templates ("The user's email
    is …") for injections, so on such text only the named rules flag; secrets are
    redacted all the same.
    """
    from ..validate.verdict import LEARNED_RULE  # lazily, like the validator itself

    got = screen(text)
    if LEARNED_RULE not in got.flags:
        return got
    return replace(got, flags=tuple(f for f in got.flags if f != LEARNED_RULE))


def clear_cache() -> None:
    """Forget every cached judgement (benchmarks, tests)."""
    _screen_cached.cache_clear()


def _screen(text: str) -> Screened:
    if not text.strip():
        return Screened(text)
    verdict = _judge(text)
    if verdict is None:
        return Screened(_token("screen.failed"), ("screen.failed",), hidden=True)
    flags: set[str] = set()
    secrets: list[tuple[int, int, str]] = []
    whole_secret: str | None = None
    for f in verdict.findings:
        if f.rule.startswith(_IGNORED_PREFIXES):
            continue
        if f.rule.startswith("size."):  # the content rules did not run: nothing is vouched for
            return Screened(_token(f.rule), (f.rule,), hidden=True)
        if f.rule.startswith("secret."):
            if f.span is None:
                whole_secret = f.rule  # a secret somewhere, place unknown: hide it all
            else:
                secrets.append((f.span[0], f.span[1], f.rule))
            continue
        if str(f.severity) in ("reject", "review"):
            flags.add(f.rule)
    if whole_secret is not None:
        return Screened(_token(whole_secret), tuple(sorted(flags)), tuple(secrets),
                        hidden=True)
    clean = verdict.redacted if verdict.redacted is not None else text
    return Screened(clean, tuple(sorted(flags)), tuple(sorted(secrets)))


_screen_cached = lru_cache(maxsize=65536)(_screen)


def redact_secrets(text: str) -> str:
    """*text* with only its secrets replaced, everything else kept byte for byte."""
    got = screen(text)
    if got.hidden:
        return got.text  # unjudged, or a secret with no known place: nothing of it is kept
    if not got.secrets:
        return text
    from ..validate.redact import redact_spans

    return redact_spans(text, got.secrets)
