"""Reference topics: documents ingested under ``memory/topics/<slug>/`` and their chunks.

Ingestion stores each document whole (so the store keeps the ground truth and a
citation can name the document's path); chunking happens when the index is
built, here, so that changing the chunker never rewrites the audited tree.
A chunk keeps the trail of Markdown headings above it, because a paragraph
such as "Run it with --full." means little without "Index > Rebuilding".

Ingestion is all-or-nothing: every input is read and checked (exists, UTF-8,
no NUL bytes, a valid slug and destination path) before one audited mutation
writes them all.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..errors import NotFoundError, UsageError
from ..store import ABSENT, Change, Store
from ..store.audit import sha256_hex
from ..store.paths import check_ingest_path
from .trust import SECRET_MODES, redact_secrets

__all__ = [
    "TEXT_SUFFIXES",
    "Chunk",
    "check_slug",
    "chunk_document",
    "collect_inputs",
    "ingest",
    "is_markdown",
    "topic_of",
]

#: Files picked up when a folder is ingested (a file named explicitly may have any suffix).
TEXT_SUFFIXES = frozenset({".md", ".markdown", ".mdx", ".txt", ".text", ".rst"})
#: Chunks stay under this many words: small enough to fit a prompt budget a few at a time.
MAX_CHUNK_WORDS = 160
_SLUG_RE = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")
_HEADING_RE = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_FENCE_RE = re.compile(r"^\s*(```|~~~)")
_SENTENCE_RE = re.compile(r"(?<=[.!?])\s+")


def check_slug(slug: str) -> str:
    """A topic slug: lower-case letters, digits, ``-`` and ``_`` (UsageError otherwise)."""
    if not isinstance(slug, str) or not _SLUG_RE.match(slug):
        raise UsageError(
            f"invalid topic slug {slug!r}: use 1-64 lower-case letters, digits, '-' or '_',"
            " starting with a letter or digit",
            topic=repr(slug),
        )
    return slug


def topic_of(path: str) -> str | None:
    """The topic slug of a ``memory/topics/<slug>/…`` path."""
    parts = path.split("/")
    if len(parts) >= 4 and parts[:2] == ["memory", "topics"]:
        return parts[2]
    return None


@dataclass(frozen=True)
class Chunk:
    """A piece of a document under its heading trail."""

    n: int  # position in the document, from 0
    headings: tuple[str, ...]
    body: str

    @property
    def anchor(self) -> str:
        """A readable, stable-per-content anchor: the last heading's slug and position."""
        last = self.headings[-1].lower() if self.headings else ""
        base = re.sub(r"[^a-z0-9]+", "-", last).strip("-")
        return f"{base or 'chunk'}-{self.n}"

    @property
    def text(self) -> str:
        """The chunk as recall shows it: heading trail, then the body."""
        if self.headings:
            return " > ".join(self.headings) + "\n" + self.body
        return self.body


def _split_long(paragraph: str, limit: int) -> list[str]:
    """Split an over-long paragraph at sentence ends, then at word boundaries."""
    pieces: list[str] = []
    current: list[str] = []
    count = 0
    for sentence in _SENTENCE_RE.split(paragraph):
        words = sentence.split()
        while len(words) > limit:  # a single sentence longer than a chunk
            if current:
                pieces.append(" ".join(current))
                current, count = [], 0
            pieces.append(" ".join(words[:limit]))
            words = words[limit:]
        if count + len(words) > limit and current:
            pieces.append(" ".join(current))
            current, count = [], 0
        current.extend(words)
        count += len(words)
    if current:
        pieces.append(" ".join(current))
    return pieces


def _sections(text: str, markdown: bool) -> Iterable[tuple[tuple[str, ...], list[str]]]:
    """(heading trail, paragraphs) for each section, in document order."""
    trail: list[tuple[int, str]] = []
    paragraphs: list[str] = []
    para: list[str] = []
    in_fence = False

    def flush_para() -> None:
        if para:
            paragraphs.append("\n".join(para).strip())
            para.clear()

    for line in text.splitlines():
        if markdown and _FENCE_RE.match(line):
            in_fence = not in_fence
            para.append(line)
            continue
        m = _HEADING_RE.match(line) if markdown and not in_fence else None
        if m:
            flush_para()
            if paragraphs:
                yield tuple(h for _, h in trail), [p for p in paragraphs if p]
                paragraphs = []
            level = len(m.group(1))
            trail = [(lv, h) for lv, h in trail if lv < level]
            trail.append((level, m.group(2).strip()))
            continue
        if not line.strip() and not in_fence:
            flush_para()
        else:
            para.append(line.rstrip())
    flush_para()
    if paragraphs or trail:
        yield tuple(h for _, h in trail), [p for p in paragraphs if p]


def chunk_document(text: str, *, markdown: bool = True,
                   max_words: int = MAX_CHUNK_WORDS) -> list[Chunk]:
    """Split a document into chunks of whole paragraphs under their heading trail."""
    chunks: list[Chunk] = []
    for headings, paragraphs in _sections(text, markdown):
        current: list[str] = []
        count = 0
        for para in paragraphs:
            words = len(para.split())
            parts = [para] if words <= max_words else _split_long(para, max_words)
            for part in parts:
                n = len(part.split())
                if current and count + n > max_words:
                    chunks.append(Chunk(len(chunks), headings, "\n\n".join(current)))
                    current, count = [], 0
                current.append(part)
                count += n
        if current:
            chunks.append(Chunk(len(chunks), headings, "\n\n".join(current)))
        elif headings and not paragraphs:
            # A heading with nothing under it still says what the document covers.
            chunks.append(Chunk(len(chunks), headings, ""))
    return [c for c in chunks if c.body.strip() or c.headings]


def is_markdown(path: str) -> bool:
    """Whether a stored document is chunked as Markdown (by its suffix)."""
    return os.path.splitext(path)[1].lower() in {".md", ".markdown", ".mdx"}


def collect_inputs(paths: Sequence[str | os.PathLike[str]], topic: str) -> list[tuple[Path, str]]:
    """(source file, destination store path) for every input; folders are walked recursively.

    Hidden files and folders are skipped; inside folders only text suffixes
    (:data:`TEXT_SUFFIXES`) are taken. Destinations keep the path below the
    folder that was named, so ``ingest docs/ --topic t`` stores
    ``docs/guide/a.md`` as ``memory/topics/t/guide/a.md``.
    """
    check_slug(topic)
    if isinstance(paths, str | os.PathLike):
        paths = [paths]
    if not paths:
        raise UsageError("ingest needs at least one file or folder")
    out: list[tuple[Path, str]] = []
    for raw in paths:
        src = Path(os.fspath(raw)).expanduser()
        if src.is_dir():
            found: list[tuple[Path, str]] = []
            for dirpath, dirnames, filenames in os.walk(src):
                dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
                for name in sorted(filenames):
                    if name.startswith(".") or Path(name).suffix.lower() not in TEXT_SUFFIXES:
                        continue
                    file = Path(dirpath) / name
                    found.append((file, file.relative_to(src).as_posix()))
            found.sort(key=lambda item: item[1])
            if not found:
                raise UsageError(
                    f"{src} holds no text documents ({', '.join(sorted(TEXT_SUFFIXES))})",
                    path=str(src),
                )
            out.extend(found)
        elif src.is_file():
            out.append((src, src.name))
        else:
            raise NotFoundError(f"no such file or folder: {src}", path=str(src))
    result: list[tuple[Path, str]] = []
    seen: dict[str, Path] = {}
    for file, rel in out:
        dest = check_ingest_path(f"memory/topics/{topic}/{rel}")
        if dest in seen and seen[dest].resolve() != file.resolve():
            raise UsageError(
                f"{file} and {seen[dest]} would both be stored as {dest}", path=dest
            )
        if dest not in seen:
            seen[dest] = file
            result.append((file, dest))
    return result


def _read_document(file: Path) -> str:
    try:
        data = file.read_bytes()
    except FileNotFoundError:
        raise NotFoundError(f"no such file: {file}", path=str(file)) from None
    except OSError as exc:
        raise UsageError(f"cannot read {file}: {exc.strerror}", path=str(file)) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UsageError(
            f"{file} is not UTF-8 text (invalid byte at offset {exc.start})", path=str(file)
        ) from None
    if "\x00" in text:
        raise UsageError(f"{file} looks binary (it contains NUL bytes)", path=str(file))
    return text.removeprefix("\ufeff")


def ingest(
    store: Store,
    paths: Sequence[str | os.PathLike[str]],
    topic: str,
    *,
    actor: str,
    reason: str | None = None,
    secrets: str = "redact",
) -> list[str]:
    """Add documents to ``memory/topics/<topic>/``; returns their store paths.

    Documents whose stored content is already identical are not rewritten.
    Either every document is written or none is. With ``secrets="redact"``
    (``[ingest] secrets``, the default) every secret the validator finds is
    replaced by ``[REDACTED:<rule>]`` before the document is written.
    """
    if secrets not in SECRET_MODES:
        raise UsageError(f"secrets must be one of {', '.join(SECRET_MODES)}", secrets=secrets)
    inputs = collect_inputs(paths, topic)
    docs = [(dest, _read_document(src)) for src, dest in inputs]
    if secrets == "redact":
        docs = [(dest, redact_secrets(text)) for dest, text in docs]
    changes: list[Change] = []
    for dest, text in docs:
        current = store.sha(dest)
        if current == sha256_hex(text.encode("utf-8")):
            continue
        changes.append(Change("write", dest, text, current if current else ABSENT))
    if changes:
        store.apply(changes, actor=actor, reason=reason or f"ingest into topic {topic}",
                    ingest=True)
    return [dest for dest, _ in docs]

