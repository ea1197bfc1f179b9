"""Cited Markdown lines: how summary layers keep their citations in plain text.

``SHORT_TERM.md``, ``LONG_TERM.md`` and promoted notes are Markdown a person
can read and edit; each claim is one bullet ending in its citations::

    - Caroline moved to Boston on 2023-05-02. [cites: D3:7, D3:9]

Citations lead down to raw-log turn ids or document paths (ARCHITECTURE.md §4).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["CitedLine", "format_cited", "parse_cited"]

_CITE_RE = re.compile(r"^- (?P<text>.*?)\s*\[cites: (?P<cites>[^\]]*)\]\s*$")


@dataclass(frozen=True)
class CitedLine:
    """One claim and what it cites."""

    text: str
    cites: tuple[str, ...]


def format_cited(text: str, cites: tuple[str, ...] | list[str]) -> str:
    """One bullet line (with newline); the text is flattened onto one line."""
    flat = " ".join(text.split())
    unique = list(dict.fromkeys(c for c in cites if c))
    return f"- {flat} [cites: {', '.join(unique)}]\n"


def parse_cited(markdown: str) -> list[CitedLine]:
    """Every cited bullet in a Markdown text; other lines are ignored."""
    out: list[CitedLine] = []
    for line in markdown.splitlines():
        m = _CITE_RE.match(line)
        if m:
            cites = tuple(c.strip() for c in m.group("cites").split(",") if c.strip())
            out.append(CitedLine(m.group("text"), cites))
    return out
