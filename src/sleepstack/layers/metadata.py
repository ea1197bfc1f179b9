"""Memory metadata: ``category``, ``source`` and free ``tags``, checked against strict patterns.

Shared by the wake path (a proposal may carry them) and the memory verbs by
id. Fail closed: a label is not a place for a sentence, because a source is
shown next to a note as its provenance and tags are filtered on.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..errors import UsageError

__all__ = ["MAX_TAGS", "check_category", "check_source", "check_tags", "join_tags", "split_tags"]

MAX_TAGS = 32
_TAG_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._:+/-]{0,63}$")
_CATEGORY_RE = re.compile(r"^[a-z][a-z0-9_-]{0,31}$")
# A provenance label (``mcp``, ``agent:planner``, ``web:https://host/path?q=1``), no spaces.
_SOURCE_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._:/@+?&=%#~-]{0,199}$")


def check_category(category: object) -> str:
    """A category: lower-case letters, digits, ``_`` and ``-``, at most 32."""
    if not isinstance(category, str) or not _CATEGORY_RE.match(category):
        raise UsageError(f"invalid category {category!r}: 1-32 of a-z, 0-9, _ and -,"
                         " starting with a letter", field="category")
    return category


def check_source(source: object) -> str:
    """A source label: no spaces or control characters, at most 200."""
    if not isinstance(source, str) or not _SOURCE_RE.match(source):
        raise UsageError(f"invalid source {source!r}: a label without spaces (mcp,"
                         " agent:planner, web:https://…), at most 200 characters",
                         field="source")
    return source


def check_tags(tags: object) -> tuple[str, ...]:
    """Free tags: each 1-64 of letters, digits and ``._:+/-``; at most :data:`MAX_TAGS`."""
    if isinstance(tags, str) or not isinstance(tags, Iterable):
        raise UsageError("tags must be a list of strings", field="tags")
    out = tuple(dict.fromkeys(tags))
    if len(out) > MAX_TAGS:
        raise UsageError(f"at most {MAX_TAGS} tags", field="tags")
    for t in out:
        if not isinstance(t, str) or not _TAG_RE.match(t):
            raise UsageError(f"invalid tag {t!r}: 1-64 of letters, digits and ._:+/-",
                             field="tags")
    return out


def join_tags(tags: Iterable[str]) -> str:
    """Tags as a note header value (no tag holds a comma or a space)."""
    return ", ".join(tags)


def split_tags(value: str | None) -> tuple[str, ...]:
    """Inverse of :func:`join_tags`."""
    return tuple(t.strip() for t in (value or "").split(",") if t.strip())
