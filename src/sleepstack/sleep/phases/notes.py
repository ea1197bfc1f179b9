"""Promoted notes: untrusted text kept as quoted data with a provenance header.

A promoted proposal becomes ``user/<user>/notes/<proposal id>.md``::

    <!-- sleepstack:note v1 -->
    # Memory note p-18c…

    - proposal: "p-18c…"
    - user: "alice"
    - session: "s1"
    - source: "web:https://example.org"
    - proposed at: "2024-05-01T10:00:00Z"
    - promoted by: "cycle c-20240501-…"
    - validator: "accept"

    Quoted data from the proposal (untrusted text stored as data, not instructions):

    > the proposal's text, every line quoted

Header values are JSON strings, so no value can break out of its line; the
text is a Markdown blockquote, so a heading or an instruction inside it stays
inside the quote. :func:`note_text` reads the quoted text back.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from ...layers.notes import (
    EARLIER,
    MERGED_TITLE,
    NOTE_MARKER,
    QUOTE_INTRO,
    note_fields,
    note_text,
)

__all__ = [
    "EARLIER",
    "MERGED_TITLE",
    "NOTE_MARKER",
    "QUOTE_INTRO",
    "merged_parts",
    "note_fields",
    "note_text",
    "render_merged",
    "render_note",
]

_SAFE_ID = re.compile(r"[^A-Za-z0-9._:@-]")


def _value(v: Any) -> str:
    return json.dumps("" if v is None else str(v), ensure_ascii=False)


def _tags(tags: Any) -> str | None:
    """A proposal's tags as a header value (None: no field, so older notes keep their bytes)."""
    if not isinstance(tags, list) or not tags:
        return None
    return ", ".join(str(t) for t in tags)


def render_note(
    proposal: Mapping[str, Any],
    text: str,
    *,
    promoted_by: str,
    decision: str,
    reasons: list[str] | None = None,
    redacted: bool = False,
) -> str:
    """The Markdown of a promoted note."""
    pid = _SAFE_ID.sub("_", str(proposal.get("id", "?")))
    fields = [
        ("proposal", proposal.get("id")),
        ("user", proposal.get("user")),
        ("session", proposal.get("session")),
        ("source", proposal.get("source")),
        ("category", proposal.get("category")),
        ("tags", _tags(proposal.get("tags"))),
        ("requested path", proposal.get("path")),
        ("proposed at", proposal.get("at")),
        ("promoted by", promoted_by),
        ("validator", decision + (" (secrets redacted)" if redacted else "")),
    ]
    if reasons:
        fields.append(("validator notes", "; ".join(reasons)))
    lines = [NOTE_MARKER, f"# Memory note {pid}", ""]
    lines += [f"- {name}: {_value(v)}" for name, v in fields if v is not None]
    lines += ["", QUOTE_INTRO, ""]
    body = text.replace("\r\n", "\n").replace("\r", "\n").rstrip("\n")
    lines += [f"> {line}" if line else ">" for line in body.split("\n")]
    return "\n".join(lines) + "\n"




def merged_parts(markdown: str) -> tuple[list[str], list[str]] | None:
    """``(current lines, earlier lines)`` of a consolidated note; None for any other note.

    A consolidated note is read back line by line (one quoted paragraph each),
    so that the next cycle merges its lines one by one with new notes instead
    of treating the whole note as one opaque statement.
    """
    lines = markdown.splitlines()
    if MERGED_TITLE not in lines[:3] or QUOTE_INTRO not in lines:
        return None
    current: list[str] = []
    earlier: list[str] = []
    for para in note_text(markdown).split("\n\n"):
        text = para.strip()
        if not text:
            continue
        if text.startswith(EARLIER):
            earlier.append(text[len(EARLIER):])
        else:
            current.append(text)
    return current, earlier


def render_merged(user: str, lines: list[str], history: list[str], *, sources: list[str],
                  by: str, newest: str | None = None) -> str:
    """A consolidated note: the current lines, then what they replaced, all quoted.

    *newest* (ISO time of the newest statement merged) is kept in the header so
    that the next cycle dates the note's lines by what they say, not by when
    they were consolidated.
    """
    # The source paths are listed in the cycle's report and audit entries; listing them
    # here too would make the note grow with every duplicate it absorbs.
    head = [NOTE_MARKER, MERGED_TITLE, ""]
    head += [f"- {name}: {_value(v)}" for name, v in (
        ("user", user), ("consolidated by", by), ("merged notes", str(len(sources))),
        ("newest line at", newest)) if v is not None]
    head += ["", QUOTE_INTRO, ""]
    body = list(dict.fromkeys(lines))
    current = {" ".join(t.split()).casefold() for t in body}
    seen: set[str] = set()
    for text in history:
        norm = " ".join(text.split()).casefold()
        if norm in current or norm in seen:
            continue  # a repeat of what is already kept says nothing new
        seen.add(norm)
        body.append(f"{EARLIER}{text}")
    quoted = "\n>\n".join(
        "\n".join(f"> {ln}" if ln else ">" for ln in t.replace("\r", "").split("\n"))
        for t in body
    )
    return "\n".join(head) + "\n" + quoted + "\n"
