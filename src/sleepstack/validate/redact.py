"""The one redaction function: replace spans of text by ``[REDACTED:<kind>]``.

Every place that removes sensitive bytes from text uses this module, so a
redaction looks the same wherever it happens: the validator's verdict on a
proposal, ingest-time redaction of raw turns, the index's per-row findings and
``forget`` erasing a literal string everywhere it went.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

__all__ = ["REDACT_TOKEN", "redact_literals", "redact_spans", "redaction_token"]

REDACT_TOKEN = "[REDACTED:{kind}]"


def redaction_token(kind: str) -> str:
    """The marker that stands where a redacted span was."""
    return REDACT_TOKEN.format(kind=kind)


def redact_spans(text: str, spans: Iterable[tuple[int, int, str]]) -> str:
    """Replace every ``(start, end, kind)`` span of ``text`` by its marker.

    Overlapping spans are merged into the first one that starts (the earlier
    span already covers the overlap, and a secret must never survive half
    redacted); empty or out-of-range spans are clipped to the text.
    """
    ordered = sorted((max(0, a), min(len(text), b), kind) for a, b, kind in spans)
    pieces: list[str] = []
    pos = 0
    for a, b, kind in ordered:
        if b <= a:
            continue
        if a < pos:  # overlapping: extend the redaction already emitted
            pos = max(pos, b)
            continue
        pieces.append(text[pos:a])
        pieces.append(redaction_token(kind))
        pos = b
    pieces.append(text[pos:])
    return "".join(pieces)


def redact_literals(text: str, literals: Sequence[str], kind: str) -> tuple[str, int]:
    """Replace every occurrence of each non-empty literal; return text and count.

    Used by erasure (``forget --text``): the match is exact and case-sensitive,
    because a leaked key is a byte string, not a word.
    """
    spans: list[tuple[int, int, str]] = []
    for lit in literals:
        if not lit:
            continue
        start = text.find(lit)
        while start != -1:
            spans.append((start, start + len(lit), kind))
            start = text.find(lit, start + 1)
    if not spans:
        return text, 0
    return redact_spans(text, spans), len(spans)
