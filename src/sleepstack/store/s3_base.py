"""What the s3 backend's modules share: object names, the 412 signal, botocore, options."""

from __future__ import annotations

import importlib
from typing import Any, Final, Literal

from ..errors import UsageError

__all__ = ["LEASE_KEY", "SEGMENT_DIR", "UNSEEN", "LogLayout", "Precondition", "float_option",
           "load_botocore", "segment_key"]

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


_INSTALL_HINT = "pip install 'sleepstack[s3]'"


def load_botocore(url: str) -> tuple[Any, Any, Any]:
    """(botocore.session, botocore.config, botocore.exceptions), or a clear UsageError."""
    try:
        session = importlib.import_module("botocore.session")
        config = importlib.import_module("botocore.config")
        exceptions = importlib.import_module("botocore.exceptions")
    except ImportError as exc:
        raise UsageError(
            f"{url} is on object storage, which needs the s3 extra: {_INSTALL_HINT}",
            url=url,
            missing=exc.name or "botocore",
        ) from None
    return session, config, exceptions


def float_option(value: object, name: str) -> float:
    """A number of seconds from an option or the environment, or a clear UsageError."""
    try:
        return float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise UsageError(f"{name} must be a number of seconds, got {value!r}") from None
