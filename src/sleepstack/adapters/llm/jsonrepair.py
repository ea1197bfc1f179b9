"""Tolerant parsing of the JSON that LLMs actually produce.

Models asked for JSON still wrap it in Markdown code fences, put prose before
and after it, leave trailing commas, use single quotes or Python literals
(``True``/``None``), and stop mid-object when they hit ``max_tokens``.
:func:`repair_json` undoes those malformations and parses the result; anything
it cannot recover raises :class:`ValueError` so that the caller can re-ask.

Repairs are purely syntactic: they never invent content. A reply truncated
inside a string or a number loses its incomplete last element rather than
being completed with a guess.
"""

from __future__ import annotations

import json
import re
from typing import Any

__all__ = ["repair_json"]

_FENCE_RE = re.compile(r"```[ \t]*[A-Za-z0-9_+-]*[ \t]*\r?\n?(.*?)(?:```|\Z)", re.DOTALL)
_LITERALS = {"True": "true", "False": "false", "None": "null"}
_WORD_STARTS = ("true", "false", "null", "True", "False", "None", "NaN", "Infinity")
_CLOSER = {"{": "}", "[": "]"}
_VALID_ESCAPES = frozenset('"\\/bfnrt')
_HEX = frozenset("0123456789abcdefABCDEF")
# Bounds the work on long prose full of stray brackets; a real reply has its
# JSON among the first few bracket positions.
_MAX_STARTS = 64


class _Missing:
    """Sentinel type: no JSON value could be recovered."""


_MISSING = _Missing()


def repair_json(text: str) -> Any:
    """Parse *text* as JSON, repairing common LLM malformations.

    Raises :class:`ValueError` (a :class:`json.JSONDecodeError` or a plain
    ``ValueError``) describing why the text is not usable JSON.
    """
    stripped = text.strip().lstrip("\ufeff").strip()
    if not stripped:
        raise ValueError("empty reply, expected JSON")
    try:
        return _loads(stripped)
    except ValueError as exc:
        first_error = exc

    candidates = [m.group(1).strip() for m in _FENCE_RE.finditer(stripped)]
    candidates.append(stripped)
    for candidate in candidates:
        if not candidate:
            continue
        try:
            return _loads(candidate)
        except ValueError:
            pass
        value = _from_brackets(candidate)
        if value is not _MISSING:
            return value
    raise ValueError(f"not valid JSON ({first_error})")


def _loads(text: str) -> Any:
    # strict=False accepts raw newlines and tabs inside strings, which models
    # emit routinely in long text values.
    return json.loads(text, strict=False)


def _from_brackets(text: str) -> Any:
    """The largest JSON object or array recoverable from *text*, or ``_MISSING``."""
    best: Any = _MISSING
    best_span = -1
    pos = 0
    for _ in range(_MAX_STARTS):
        start = _next_opener(text, pos)
        if start < 0:
            break
        found = _scan(text, start)
        if found is None:
            pos = start + 1
            continue
        value, end = found
        if end - start > best_span:
            best, best_span = value, end - start
        pos = end
    return best


def _next_opener(text: str, pos: int) -> int:
    brace, bracket = text.find("{", pos), text.find("[", pos)
    if brace < 0:
        return bracket
    if bracket < 0:
        return brace
    return min(brace, bracket)


def _scan(text: str, start: int) -> tuple[Any, int] | None:
    """Normalise the JSON value starting at *start*; return ``(value, end)`` or None.

    The scanner rewrites strings to double quotes, maps Python literals, drops
    trailing commas and balances brackets. It records *cut points* (before each
    comma, after each opener) so that a truncated reply can be closed at its
    last complete element.
    """
    if not _plausible_start(text, start):
        return None
    out: list[str] = []
    stack: list[str] = []
    comma_cuts: list[tuple[int, tuple[str, ...]]] = []
    opener_cuts: list[tuple[int, tuple[str, ...]]] = []
    in_string = False
    i, n = start, len(text)
    while i < n:
        ch = text[i]
        if ch in "\"'":
            i, piece, closed = _read_string(text, i)
            if not closed:
                in_string = True
                break
            out.append(piece)
        elif ch in "{[":
            out.append(ch)
            stack.append(_CLOSER[ch])
            opener_cuts.append((len(out), tuple(stack)))
            i += 1
        elif ch in "}]":
            i += 1
            if ch not in stack:
                continue  # a stray closer: ignore it rather than fail
            _drop_trailing_comma(out)
            while stack[-1] != ch:
                out.append(stack.pop())
            out.append(stack.pop())
            if not stack:
                try:
                    return _loads("".join(out)), i
                except ValueError:
                    return None
        elif ch == ",":
            comma_cuts.append((len(out), tuple(stack)))
            out.append(ch)
            i += 1
        elif ch.isalpha() or ch == "_":
            j = i
            while j < n and (text[j].isalnum() or text[j] == "_"):
                j += 1
            word = text[i:j]
            out.append(_LITERALS.get(word, word))
            i = j
        else:
            out.append(ch)
            i += 1

    # Truncated: the text ended before the root value closed.
    attempts: list[tuple[int, tuple[str, ...]]] = []
    if not in_string:
        attempts.append((len(out), tuple(stack)))
    attempts.extend(reversed(comma_cuts))
    attempts.extend(reversed(opener_cuts))
    for length, open_stack in attempts:
        pieces = out[:length]
        _drop_trailing_comma(pieces)
        pieces.extend(reversed(open_stack))
        try:
            return _loads("".join(pieces)), n
        except ValueError:
            continue
    return None


def _plausible_start(text: str, start: int) -> bool:
    """Whether the bracket at *start* is followed by something JSON could hold.

    Filters out prose brackets ("{see below}") early, so that a stray opener
    in prose is not closed into an empty ``{}`` and mistaken for the answer.
    """
    rest = text[start + 1 : start + 200].lstrip()
    if not rest:
        return False
    first = rest[0]
    if text[start] == "{":
        return first in "\"'}"
    return first in "\"'{[]-" or first.isdigit() or rest.startswith(_WORD_STARTS)


def _drop_trailing_comma(pieces: list[str]) -> None:
    k = len(pieces) - 1
    while k >= 0 and pieces[k].isspace():
        k -= 1
    if k >= 0 and pieces[k] == ",":
        del pieces[k]


def _read_string(text: str, i: int) -> tuple[int, str, bool]:
    """Read the string literal at *i*; return ``(next index, JSON text, closed)``."""
    quote = text[i]
    buf = ['"']
    j, n = i + 1, len(text)
    while j < n:
        ch = text[j]
        if ch == "\\":
            if j + 1 >= n:
                return n, "".join(buf), False
            nxt = text[j + 1]
            if nxt == "u":
                digits = text[j + 2 : j + 6]
                if len(digits) < 4 and j + 6 > n:
                    return n, "".join(buf), False
                if len(digits) == 4 and all(d in _HEX for d in digits):
                    buf.append("\\u" + digits)
                    j += 6
                    continue
                buf.append("\\\\u")
            elif nxt in _VALID_ESCAPES:
                buf.append("\\" + nxt)
            elif nxt == "'":
                buf.append("'")
            else:
                # An invalid escape such as "\d": keep the backslash literally.
                buf.append("\\\\" + nxt)
            j += 2
            continue
        if ch == quote:
            buf.append('"')
            return j + 1, "".join(buf), True
        buf.append('\\"' if ch == '"' else ch)
        j += 1
    return n, "".join(buf), False
