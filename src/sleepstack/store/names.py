"""Small names the store's modules share: where a version lives, the clock, "absent"."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .store import Change

__all__ = ["ABSENT", "blob_path", "changes_named", "now"]

#: ``expected_sha=ABSENT`` asserts that the path does not exist yet.
ABSENT = "absent"


def now() -> str:
    """The audit entries' timestamp: UTC, milliseconds, ``Z``."""
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def blob_path(sha: str) -> str:
    """Where the content with this SHA-256 is kept."""
    return f"versions/{sha[:2]}/{sha}"


def changes_named(changes: Sequence[Change]) -> str:
    """The first path of a batch, and how many more (for messages)."""
    first = changes[0].path
    return first if len(changes) == 1 else f"{first} and {len(changes) - 1} more"
