"""Whether a candidate value is a plausible secret: the one test every secret rule shares.

Templates (``$VAR``, ``${…}``, ``{{ … }}``, ``<token>``), masks and placeholders
(``xxxx``, ``****``, ``…HERE``, long runs, keyboard sequences, repeated units),
URLs and hashes in a checksum context are not secrets. Used by
:mod:`.rules_secrets` and :mod:`.rules_secrets_context` (a module of its own
so that neither imports the other).
"""

from __future__ import annotations

import math
import re

__all__ = ["MASK_RUN", "MASK_RUN3", "TEMPLATE", "URLISH", "WORDS_NOT_SECRETS", "extend_token",
           "hash_context", "is_placeholder", "mask", "plausible_secret", "shannon_entropy"]


# --------------------------------------------------------------- plausibility
_PLACEHOLDER_WORDS = re.compile(
    r"x{4}|\*{3}|#{3}|\.{3}|…|here|your[_\-]|yourtoken|yourkey|placeholder|redacted|changeme|"
    r"change_me|dummy|sample|example|fake|insert|replace|random|lorem",
    re.IGNORECASE,
)
_REPEATED_UNIT = re.compile(r"(.{2,8}?)\1{3,}")
TEMPLATE = re.compile(
    r"^\$|\$\{|\$\(|\{\{|\}\}|^%[A-Za-z_]+%$|^<[^<>]*>$|^\[[^\[\]]*\]$|^\{[A-Za-z_ .]*\}$"
    r"|%\(|%s\b|^@[A-Za-z_]+$"
)
URLISH = re.compile(r"^(?:[a-z][a-z0-9+.\-]*://|www\.)", re.IGNORECASE)
_HASH_CONTEXT = re.compile(
    r"(?:sha\d*|md5|checksum|hash|digest|commit|integrity|etag|fingerprint|revision|sum)"
    r"[^\n]{0,24}$", re.IGNORECASE)
_IDENTIFIER = re.compile(r"^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$|^[a-z]+(?:[A-Z][a-z]+)+$")
_TOKEN_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-+/=.~")
WORDS_NOT_SECRETS = frozenset({
    "password", "passwd", "pass", "secret", "token", "apikey", "api_key", "username", "user",
    "changeme", "default", "admin", "root", "test", "testing", "guest", "null", "none",
    "undefined", "true", "false", "required", "optional", "string", "value", "example",
    "letmein", "hunter2", "qwerty", "foobar", "foo", "bar", "baz", "abc123", "xxx", "yyy",
})


def _sequences(alphabet: str, n: int) -> tuple[str, ...]:
    forward = [alphabet[i:i + n] for i in range(len(alphabet) - n + 1)]
    return tuple(forward + [g[::-1] for g in forward])


# 9 consecutive letters or digits (either direction): a keyboard run, not a random token.
_SEQUENCE_GRAMS = _sequences("0123456789", 9) + _sequences("abcdefghijklmnopqrstuvwxyz", 9)
MASK_RUN = re.compile(r"([xX*#.•_\-?])\1{3,}")
MASK_RUN3 = re.compile(r"([xX*#.•_\-?])\1{2,}")
_ANY_RUN = re.compile(r"(.)\1{3,}", re.IGNORECASE | re.DOTALL)


def is_placeholder(value: str) -> bool:
    """True for masks, templates and made-up values that only look like secrets."""
    if not value:
        return True
    if TEMPLATE.search(value) or _PLACEHOLDER_WORDS.search(value) or MASK_RUN.search(value):
        return True
    run_chars = sum(m.end() - m.start() for m in _ANY_RUN.finditer(value))
    if run_chars >= 0.3 * len(value):
        return True
    low = value.lower()
    if len(value) >= 8 and len(set(low)) <= 3:
        return True
    if any(g in low for g in _SEQUENCE_GRAMS):
        return True
    return bool(_REPEATED_UNIT.search(value))


def _classes(value: str) -> int:
    return (any(c.islower() for c in value) + any(c.isupper() for c in value)
            + any(c.isdigit() for c in value) + any(not c.isalnum() for c in value))


def shannon_entropy(value: str) -> float:
    """Bits per character of *value* (how random a token reads)."""
    counts: dict[str, int] = {}
    for ch in value:
        counts[ch] = counts.get(ch, 0) + 1
    n = len(value)
    return -sum(c / n * math.log2(c / n) for c in counts.values()) if n else 0.0


def plausible_secret(value: str, *, min_len: int = 6) -> bool:
    """Whether a free-form credential value (after ``=``, ``:``, ``-u``) looks like a real one."""
    v = value.strip().strip("\"'`")
    if len(v) < min_len or is_placeholder(v) or URLISH.match(v):
        return False
    if v.lower() in WORDS_NOT_SECRETS or _IDENTIFIER.match(v):
        return False
    if any(c in v for c in "()[]{}<>"):
        return False  # code or a template: a call, an index, a <placeholder>
    if v.endswith(":") or "::" in v:
        return False  # a nested key or a namespaced name, not a value
    if v.isalpha() and (v.islower() or v.isupper() or v.istitle()):
        return False  # a word
    return _classes(v) >= 2 or len(v) >= 16


def mask(value: str) -> str:
    """A display form of a secret that does not reveal it: ``sk-H…(51 chars)``."""
    value = value.strip()
    head = value[:4] if len(value) >= 12 else value[:1]
    return f"{head}…({len(value)} chars)"


def extend_token(text: str, start: int, end: int) -> tuple[int, int]:
    """The whole token around ``text[start:end]`` (a match may stop inside one)."""
    while start > 0 and text[start - 1] in _TOKEN_CHARS:
        start -= 1
    while end < len(text) and text[end] in _TOKEN_CHARS:
        end += 1
    # Trailing sentence punctuation is not part of a token.
    while end > start and text[end - 1] in ".-_~":
        end -= 1
    return start, end


def hash_context(text: str, start: int, value: str) -> bool:
    """Whether *value* is a hex digest that the words before it call a checksum or hash."""
    hexlike = re.fullmatch(r"[0-9a-fA-F]{32,128}", value) is not None
    return hexlike and _HASH_CONTEXT.search(text[max(0, start - 40):start]) is not None

