"""What the s3 backend's modules share: object names, the layout names, the 412 signal."""

from __future__ import annotations

from typing import Final, Literal

__all__ = ["LEASE_KEY", "SEGMENT_DIR", "UNSEEN", "LogLayout", "Precondition", "segment_key"]

#: The lease object, relative to the store prefix (a dot name: never listed, never audited).
LEASE_KEY: Final = ".lock"
#: Where the segmented audit log keeps its immutable segments (one or more mutations each).
SEGMENT_DIR: Final = "audit/log"
LogLayout = Literal["segments", "object"]
UNSEEN: Final = "\0unseen"  # marker: this session never looked at the key


class Precondition(Exception):
    """The server refused a conditional request (412, or 409 for a racing one)."""


def segment_key(seq: int) -> str:
    """The segment whose first entry has sequence number *seq*."""
    return f"{SEGMENT_DIR}/{seq:012d}.jsonl"
