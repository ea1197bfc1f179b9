"""From store files to index rows: one function per kind of source file.

The builder turns files into rows for a generation; the wake path uses the same
functions on files that changed after the generation (read-your-writes) and on
everything when the index is unusable (degraded mode), so a turn reads the same
whichever way it reaches recall.

Kinds of source, by path:

=====================================  ===========  =======================
path                                   layer        cites
=====================================  ===========  =======================
``memory/log/<u>/<day>.md``            raw          the turn id
``user/<u>/facts.jsonl``               fact         the fact's citations
``user/<u>/SHORT_TERM.md``             short_term   the bullet's citations
``user/<u>/notes/*.md``                note         the note's path
``memory/topics/<slug>/…``             topic        the document path
=====================================  ===========  =======================

Every row passes the trust gate (:func:`~sleepstack.layers.trust.screen`)
here, the one place rows are made: its text is stored and shown with secrets
redacted, and ``flags`` names the rules that flagged it. The builder stores
both in the generation, so recall redacts and labels at no query-time cost;
rows read from files (the tail past the watermark, degraded mode) come
through the same functions and get the same judgement.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import cached_property

from ..layers.cited import parse_cited
from ..layers.factform import QUOTED_ROLE, trusted_fact
from ..layers.facts import Fact
from ..layers.notes import current_note_lines
from ..layers.rawlog import is_erased, iso, parse_at, parse_line
from ..layers.topics import chunk_document, is_markdown, topic_of
from ..layers.trust import screen, screen_authored
from ..store.paths import user_of

__all__ = [
    "Row",
    "cited_rows",
    "fact_rows",
    "rows_for_file",
    "screened",
    "source_kind",
    "topic_rows",
    "turn_rows",
]


@dataclass(frozen=True)
class Row:
    """One retrievable item, as stored in a generation and as recall scores it."""

    key: str  # unique within a generation
    user: str | None  # None for reference topics, which every user may read
    layer: str  # raw | short_term | fact | note | topic
    path: str
    text: str
    cites: tuple[str, ...]
    at: str | None = None
    valid_from: str | None = None
    valid_to: str | None = None
    session: str | None = None
    role: str | None = None
    topic: str | None = None
    context: str = ""  # raw turns: the text of the turn before it in the session (for BM25)
    #: rules that flagged the text (injection-like, hidden characters); empty when clean
    flags: tuple[str, ...] = ()
    #: ``(start, end, rule)`` of each secret redacted from the original text
    secrets: tuple[tuple[int, int, str], ...] = ()
    superseded_by: str | None = None  # facts: the id of the fact that replaced this one

    @cached_property
    def at_ts(self) -> float | None:
        """``at`` as a POSIX timestamp (parsed once per row: recall sorts by it a lot)."""
        return _ts(self.at)

    @property
    def embed_text(self) -> str:
        """What the embedder sees: the speaker matters for "what did X say"."""
        if self.role:
            return f"{self.role}: {self.text}"
        return self.text

    @property
    def text_key(self) -> str:
        """Hash of the embedded text: vectors are reused across generations by it."""
        return hashlib.sha1(self.embed_text.encode("utf-8")).hexdigest()


def _ts(at: str | None) -> float | None:
    if not at:
        return None
    try:
        return parse_at(at).timestamp()
    except Exception:  # a hand-edited date must not break indexing
        return None


def screened(rows: Iterable[Row]) -> list[Row]:
    """Rows through the trust gate: text redacted, flags and secret spans filled in."""
    out: list[Row] = []
    for r in rows:
        # Facts are the sleep path's own sentences, written from gated text (an
        # LLM's facts passed the whole gate there).
        got = screen_authored(r.text) if r.layer == "fact" else screen(r.text)
        if got.text == r.text and not got.flags and not got.secrets:
            out.append(r)
        else:
            out.append(replace(r, text=got.text, flags=got.flags, secrets=got.secrets))
    return out


def source_kind(path: str) -> str | None:
    """Which kind of source a store path is, or None when recall ignores it."""
    parts = path.split("/")
    if parts[:2] == ["memory", "log"] and len(parts) == 4 and parts[3].endswith(".md"):
        return "raw"
    if parts[:2] == ["memory", "topics"] and len(parts) >= 4:
        return "topic"
    if parts[0] == "user" and len(parts) >= 3:
        rest = "/".join(parts[2:])
        if rest == "facts.jsonl":
            return "facts"
        if rest == "SHORT_TERM.md":
            return "short_term"
        # LONG_TERM.md is the rendered view of facts.jsonl, which is indexed
        # itself (with validity windows): indexing both would double every fact.
        if len(parts) == 4 and parts[2] == "notes" and parts[3].endswith(".md"):
            return "note"
    return None


def turn_rows(data: bytes, user: str, path: str, offset: int = 0) -> tuple[list[Row], int]:
    """Rows for the complete raw-log lines in ``data[offset:]``; and the offset reached.

    A line still being appended (no newline yet) is left for next time, so the
    watermark always sits on a line boundary.
    """
    end = data.rfind(b"\n", offset) + 1
    if end <= offset:
        return [], offset
    rows: list[Row] = []
    for raw in data[offset:end].split(b"\n"):
        if not raw:
            continue
        turn = parse_line(raw.decode("utf-8", errors="replace"), user)
        if turn is None or is_erased(turn):  # a forget tombstone: nothing to index
            continue
        rows.append(
            Row(
                key=f"raw:{user}:{turn.id}",
                user=user,
                layer="raw",
                path=path,
                text=turn.text,
                cites=(turn.id,),
                at=iso(turn.at),
                session=turn.session,
                role=turn.role,
            )
        )
    return screened(rows), end


def fact_rows(text: str, user: str, path: str) -> list[Row]:
    """One row per fact, current and closed ones (recall decides which to show)."""
    rows: list[Row] = []
    for n, line in enumerate(text.splitlines()):
        if not line.strip():
            continue
        try:
            fact = Fact.from_dict(json.loads(line))
        except (ValueError, TypeError):
            continue  # one bad line must not hide the other facts
        rows.append(
            Row(
                key=f"fact:{user}:{fact.id or n}",
                user=user,
                layer="fact",
                path=path,
                text=fact.text or f"{fact.subject} {fact.attribute} {fact.value}",
                cites=tuple(fact.cites),
                at=fact.at or None,
                valid_from=fact.valid_from or None,
                valid_to=fact.valid_to,
                superseded_by=fact.superseded_by,
                # Not in slot form with a plain value: recall quotes it, never vouches for it.
                role=None if trusted_fact(fact) else QUOTED_ROLE,
            )
        )
    return rows


def cited_rows(text: str, user: str, path: str, layer: str) -> list[Row]:
    """One row per cited bullet of a summary or note file."""
    return [
        Row(key=f"{layer}:{path}:{n}", user=user, layer=layer, path=path, text=line.text,
            cites=line.cites)
        for n, line in enumerate(parse_cited(text))
        if line.text.strip()
    ]


def note_rows(text: str, user: str, path: str) -> list[Row]:
    """One row per current statement of a note; a note cites its own file.

    Promoted notes keep their text as a quoted block (untrusted data), so they
    are read with the note reader, not as cited bullets; lines a consolidation
    replaced are history and are left out. A hand-written note with cited
    bullets keeps its bullets' citations.
    """
    bullets = cited_rows(text, user, path, "note")
    if bullets:
        return bullets
    return [
        Row(key=f"note:{path}:{n}", user=user, layer="note", path=path, text=line,
            cites=(path,))
        for n, line in enumerate(current_note_lines(text))
    ]


def topic_rows(text: str, path: str) -> list[Row]:
    """One row per chunk of a reference document; chunks cite the document's path."""
    slug = topic_of(path)
    return [
        Row(key=f"topic:{path}#{c.anchor}", user=None, layer="topic", path=path, text=c.text,
            cites=(path,), topic=slug)
        for c in chunk_document(text, markdown=is_markdown(path))
    ]


def rows_for_file(path: str, data: bytes) -> list[Row]:
    """Every row of one whole source file (raw logs included), through the trust gate."""
    kind = source_kind(path)
    if kind == "raw":
        return turn_rows(data, path.split("/")[2], path)[0]
    return screened(_file_rows(path, data, kind))


def _file_rows(path: str, data: bytes, kind: str | None) -> list[Row]:
    if kind is None:
        return []
    text = data.decode("utf-8", errors="replace")
    if kind == "topic":
        return topic_rows(text, path)
    user = user_of(path)
    if user is None:
        return []
    if kind == "facts":
        return fact_rows(text, user, path)
    if kind == "note":
        return note_rows(text, user, path)
    return cited_rows(text, user, path, "short_term" if kind == "short_term" else "fact")

