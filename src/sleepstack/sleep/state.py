"""What the last cycle left behind (``reports/state.json``) and the idempotency key.

The state records, per raw-log file, how many bytes cycles have consumed (the
watermark), which notes have been read for facts, and the *resting key*: the
key the next run computes if nothing new arrives. It is written in the same
audited batch as everything else a cycle changes, so it can never disagree
with trusted memory, and undoing a cycle restores the previous state with it.

The key hashes a cycle's inputs — raw-log bytes past the watermarks, the
staged proposals, the digest of trusted memory (curated edits count as new
input), the config, the code version and the UTC day (short-term summaries
roll and facts expire by the day). A run whose key equals the resting key of
the last completed cycle is a no-op.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..store import Store
from ..store.audit import sha256_hex
from ..version import code_fingerprint, source_files

__all__ = [
    "NOT_IN_CODE_VERSION",
    "STATE_PATH",
    "CycleInputs",
    "code_files",
    "code_version",
    "compute_key",
    "cycle_id_for",
    "load_state",
    "user_digest",
]

STATE_PATH = "reports/state.json"
STATE_VERSION = 1
#: parts of the package that only serve questions or people, never a cycle's
#: output; every other module's source is part of the code version, so a change
#: to, say, the graph rules or the stemmer never reuses a cached work item
#: (tests/test_code_version.py checks the cycle imports none of these)
NOT_IN_CODE_VERSION = ("wake", "server", "cli", "integrations", "demo", "deploy")


@lru_cache(maxsize=1)
def code_version() -> str:
    """The package version plus a hash of the code a cycle's output depends on."""
    return code_fingerprint(code_files())


def code_files() -> list[Path]:
    """The package's source files that are part of the code version, in order."""
    return source_files(leave_out=NOT_IN_CODE_VERSION)


def load_state(store: Store) -> tuple[dict[str, Any], str | None]:
    """The last cycle's state and its sha (``({}, None)`` before the first cycle)."""
    try:
        raw = store.read_bytes(STATE_PATH)
    except Exception:  # NotFoundError: no cycle has run yet
        return {}, None
    try:
        data = json.loads(raw)
    except ValueError:
        data = {}
    if not isinstance(data, dict):
        data = {}
    return data, sha256_hex(raw)


@dataclass
class CycleInputs:
    """The inputs a key is computed from (all cheap to gather: sizes, shas, paths)."""

    config_sha: str
    code: str
    day: str
    #: raw-log files with unread bytes: (path, consumed, size)
    raw: list[tuple[str, int, int]] = field(default_factory=list)
    #: staged proposals: (path, sha)
    proposals: list[tuple[str, str]] = field(default_factory=list)
    #: digest of trusted memory (user/**)
    memory: str = ""


def compute_key(inputs: CycleInputs) -> str:
    """The idempotency key: sha-256 over the canonical JSON of the inputs."""
    body = {
        "config": inputs.config_sha,
        "code": inputs.code,
        "day": inputs.day,
        "raw": sorted([list(r) for r in inputs.raw]),
        "proposals": sorted([list(p) for p in inputs.proposals]),
        "memory": inputs.memory,
    }
    data = json.dumps(body, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(data.encode()).hexdigest()


def user_digest(files: dict[str, str | None]) -> str:
    """Digest of trusted memory from ``{path: sha}`` (absent paths are left out)."""
    h = hashlib.sha256()
    for path in sorted(files):
        sha = files[path]
        if sha is not None:
            h.update(f"{path}\0{sha}\n".encode())
    return h.hexdigest()


def cycle_id_for(key: str, day: str) -> str:
    """A cycle's id, derived from its key so a resumed cycle gets the same id."""
    return f"c-{day.replace('-', '')}-{key[:10]}"
