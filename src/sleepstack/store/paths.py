"""Path policy: the prefix of a path decides who may do what to it.

Every path that reaches the store passes through :func:`check_path` first. It
normalises (Unicode NFC) and refuses anything ambiguous instead of repairing
it: traversal, absolute paths, backslashes, NUL and control characters, empty
segments, unknown prefixes. The prefix table below is the policy of
ARCHITECTURE.md §2; the functions that answer "may this operation touch this
path?" live here so that the store, the validator and the servers share one
definition.
"""

from __future__ import annotations

import re
import unicodedata
from enum import Enum

from ..errors import PathRefused

__all__ = [
    "MAX_PATH_BYTES",
    "MAX_SEGMENT_BYTES",
    "Area",
    "area_of",
    "check_append_path",
    "check_ingest_path",
    "check_path",
    "check_prefix",
    "check_user_id",
    "check_write_path",
    "collision",
    "user_of",
]

MAX_PATH_BYTES = 1024
MAX_SEGMENT_BYTES = 255
_USER_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$")


class Area(Enum):
    """The areas of the store tree, one per top-level prefix."""

    MEMORY = "memory"  # ground truth, written by ingestion only (append-only logs, documents)
    USER = "user"  # trusted memory, written by the sleep path and curated edits
    STAGING = "staging"  # untrusted proposals (quarantine) and their verdicts
    CONFIG = "config"  # tokens (hashed) and other settings, audited like trusted memory
    REPORTS = "reports"  # sleep-cycle reports
    AUDIT = "audit"  # hash-chained audit log, written by the store itself
    VERSIONS = "versions"  # immutable content snapshots, written by the store itself


#: Areas the public write API may change (``write_text``/``delete``/``rollback``).
WRITABLE = frozenset({Area.USER, Area.STAGING, Area.CONFIG, Area.REPORTS})
#: Areas only the store itself writes.
INTERNAL = frozenset({Area.AUDIT, Area.VERSIONS})


def check_path(path: object, *, prefix_only: bool = False) -> str:
    """Return the normalised form of *path* or raise :class:`PathRefused`.

    Refuses rather than repairs: a caller who sends ``a/../b`` has a bug or an
    intent we do not want to guess at.
    """
    if not isinstance(path, str):
        raise PathRefused("path must be a string", path=repr(path), rule="type")
    try:
        raw = path.encode("utf-8")
    except UnicodeEncodeError:
        raise PathRefused("path is not valid UTF-8", path=repr(path), rule="utf8") from None
    if not path:
        raise PathRefused("path is empty", path=path, rule="empty")
    if len(raw) > MAX_PATH_BYTES:
        raise PathRefused("path is too long", path=path[:80], rule="length")
    norm = unicodedata.normalize("NFC", path)
    for ch in norm:
        cat = unicodedata.category(ch)
        if ch == "\x00" or cat in ("Cc", "Cf", "Zl", "Zp"):
            raise PathRefused(
                f"path contains a control or invisible character U+{ord(ch):04X}",
                path=repr(path),
                rule="control",
            )
    if "\\" in norm:
        raise PathRefused("path contains a backslash", path=path, rule="backslash")
    if norm.startswith("/") or re.match(r"^[A-Za-z]:", norm) or norm.startswith("~"):
        raise PathRefused("path must be relative to the store", path=path, rule="absolute")
    segments = norm.split("/")
    for seg in segments:
        if seg == "":
            raise PathRefused("path has an empty segment", path=path, rule="empty_segment")
        if seg in (".", ".."):
            raise PathRefused("path traversal is refused", path=path, rule="traversal")
        if seg.startswith("."):
            # Dot files are the store's own (temp files, locks) and are hidden from listings.
            raise PathRefused("hidden path segments (starting with '.') are refused",
                              path=path, rule="hidden")
        if seg != seg.strip():
            raise PathRefused("path segment has surrounding spaces", path=path, rule="space")
        if len(seg.encode("utf-8")) > MAX_SEGMENT_BYTES:
            raise PathRefused("path segment is too long", path=path[:80], rule="length")
    if prefix_only:
        if segments[0] not in {a.value for a in Area}:
            area_of(norm)  # raises the unknown-prefix error naming the known areas
    else:
        area_of(norm)  # raises on an unknown prefix
    return norm


def check_prefix(prefix: object) -> str:
    """Normalise a listing prefix (``user/alice``): same syntax rules, any depth."""
    return check_path(prefix, prefix_only=True)


def area_of(path: str) -> Area:
    """The area a (syntactically valid) path belongs to."""
    head = path.split("/", 1)[0]
    try:
        area = Area(head)
    except ValueError:
        known = ", ".join(a.value + "/" for a in Area)
        raise PathRefused(
            f"unknown prefix {head!r}: paths must start with one of {known}",
            path=path,
            rule="prefix",
        ) from None
    if "/" not in path:
        raise PathRefused("path names an area, not a file", path=path, rule="prefix")
    if area is Area.USER:
        check_user_id(path.split("/")[1])
        if path.count("/") < 2:
            raise PathRefused("user paths are user/<user>/<file>", path=path, rule="prefix")
    return area


def check_user_id(user: object) -> str:
    """Validate a user id: short, ASCII, no path characters."""
    if not isinstance(user, str) or not _USER_RE.match(user):
        raise PathRefused(
            "user ids are 1-64 characters of letters, digits, '.', '_', '-', '@',"
            " starting with a letter or digit",
            user=repr(user),
            rule="user_id",
        )
    return user


def user_of(path: str) -> str | None:
    """The user a path belongs to (``user/<u>/…`` or ``memory/log/<u>/…``), if any."""
    parts = path.split("/")
    if parts[0] == "user" and len(parts) > 2:
        return parts[1]
    if parts[:2] == ["memory", "log"] and len(parts) > 3:
        return parts[2]
    return None


def check_write_path(path: object) -> str:
    """Normalise *path* and refuse it unless the public write API may change it."""
    norm = check_path(path)
    area = area_of(norm)
    if area is Area.MEMORY:
        raise PathRefused(
            "memory/ is written by ingestion only (log, import, ingest)",
            path=norm,
            rule="memory_readonly",
        )
    if area in INTERNAL:
        raise PathRefused(
            f"{area.value}/ is written by the store itself", path=norm, rule="internal"
        )
    return norm


def check_append_path(path: object) -> str:
    """Normalise a raw-log path; only ``memory/log/<user>/<YYYY-MM-DD>.md`` may be appended."""
    norm = check_path(path)
    parts = norm.split("/")
    if (
        len(parts) != 4
        or parts[:2] != ["memory", "log"]
        or not re.fullmatch(r"\d{4}-\d{2}-\d{2}\.md", parts[3])
    ):
        raise PathRefused(
            "only raw logs memory/log/<user>/<YYYY-MM-DD>.md are append-only",
            path=norm,
            rule="append_target",
        )
    check_user_id(parts[2])
    return norm


def check_ingest_path(path: object) -> str:
    """Normalise a reference-document path; ingestion writes ``memory/topics/<slug>/…``."""
    norm = check_path(path)
    parts = norm.split("/")
    if len(parts) < 4 or parts[:2] != ["memory", "topics"]:
        raise PathRefused(
            "reference documents live under memory/topics/<slug>/",
            path=norm,
            rule="ingest_target",
        )
    if not re.fullmatch(r"[a-z0-9][a-z0-9_-]{0,63}", parts[2]):
        raise PathRefused(
            "topic slugs are lower-case letters, digits, '-' and '_'",
            path=norm,
            rule="topic_slug",
        )
    return norm


def collision(path: str, files: set[str] | frozenset[str]) -> str | None:
    """The file of *files* that *path* would collide with, or None.

    A path collides with a file that is one of its ancestors (``a.md`` for
    ``a.md/b.md``) and with any file below it (it would replace a directory).
    The store enforces this before its commit point; callers that choose paths
    (promotion of proposals) use it to choose another path instead of failing.
    """
    parts = path.split("/")
    for i in range(1, len(parts)):
        above = "/".join(parts[:i])
        if above in files:
            return above
    below = path + "/"
    for f in files:
        if f.startswith(below):
            return f
    return None
