"""The hash-chained audit log: entry format, hashing, and chain verification.

One JSON object per line in ``audit/log.jsonl``. Each entry's ``hash`` is the
SHA-256 of its canonical JSON without the ``hash`` key, and ``prev_hash`` is
the previous entry's ``hash``, so editing, removing, inserting or reordering a
line breaks the chain at a place we can name. ``audit/HEAD`` records the last
*completed* mutation; it catches a truncated log and tells recovery which
entries belong to an interrupted mutation.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "GENESIS",
    "HEAD_PATH",
    "LOG_PATH",
    "Break",
    "blob_path",
    "canonical",
    "chain_breaks",
    "entry_hash",
    "parse_lines",
    "sha256_hex",
]

LOG_PATH = "audit/log.jsonl"
HEAD_PATH = "audit/HEAD"
GENESIS = "0" * 64


def blob_path(sha: str) -> str:
    """Where the content with this SHA-256 is kept (every version of every file)."""
    return f"versions/{sha[:2]}/{sha}"


def sha256_hex(data: bytes) -> str:
    """Hex SHA-256 of *data*."""
    return hashlib.sha256(data).hexdigest()


def canonical(obj: Any) -> bytes:
    """Canonical JSON bytes: sorted keys, no spaces, UTF-8."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def entry_hash(entry: dict[str, Any]) -> str:
    """The hash an entry must carry: SHA-256 of itself without ``hash``."""
    body = {k: v for k, v in entry.items() if k != "hash"}
    return sha256_hex(canonical(body))


@dataclass(frozen=True)
class Break:
    """One place where the store disagrees with its audit log."""

    kind: str  # edited | chain | sequence | unparsable | truncated | file_mismatch | ...
    message: str
    seq: int | None = None
    path: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"kind": self.kind, "message": self.message, "seq": self.seq, "path": self.path}


@dataclass
class ParsedLog:
    """The entries that parsed, plus the lines that did not."""

    entries: list[dict[str, Any]] = field(default_factory=list)
    bad_lines: list[int] = field(default_factory=list)


def parse_lines(data: bytes) -> ParsedLog:
    """Parse the log; unparsable lines are reported by 1-based line number."""
    out = ParsedLog()
    for lineno, line in enumerate(data.split(b"\n"), start=1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except (ValueError, UnicodeDecodeError):
            out.bad_lines.append(lineno)
            continue
        if not isinstance(obj, dict):
            out.bad_lines.append(lineno)
            continue
        out.entries.append(obj)
    return out


def chain_breaks(entries: Iterable[dict[str, Any]]) -> Iterator[Break]:
    """Every break in the hash chain and the sequence numbers."""
    prev_hash = GENESIS
    prev_seq = 0
    for e in entries:
        seq = e.get("seq")
        if e.get("hash") != entry_hash(e):
            yield Break("edited", f"entry seq {seq} was edited (its hash does not match)", seq)
        if e.get("prev_hash") != prev_hash:
            yield Break(
                "chain",
                f"chain broken before seq {seq}: an entry was removed, inserted or reordered",
                seq,
            )
        if seq != prev_seq + 1:
            yield Break("sequence", f"seq {seq} follows seq {prev_seq}", seq)
        prev_hash = str(e.get("hash"))
        prev_seq = seq if isinstance(seq, int) else prev_seq + 1
