"""Erasure at the store level: the redaction record and its idempotent execution (ADR 0004).

History is immutable except for one operation, erasure. An erasure is planned
by :mod:`sleepstack.forget` (which bytes must go, what replaces them) and handed
here as an :class:`ErasurePlan`. The store then follows the commit protocol of
ADR 0001 with one difference in step 5:

1. every replacement content (a working file's redacted bytes, a version's
   redacted bytes) is written as a new content-addressed blob;
2. one ``redact`` audit entry — the *redaction record* — is appended: the commit
   point. It names every working file (``path -> [old_sha, new_sha]``), every
   stored version (``sha -> redacted sha | null``) and every audit entry
   (``seq -> its scrubbed body``, which keeps the entry's original ``hash``)
   that changes, plus the derived areas to purge. It never holds erased bytes;
3. the record is executed: working files replaced or removed, old version blobs
   deleted, audit lines rewritten, index generations and caches deleted;
4. only then ``audit/HEAD`` moves past the record.

Killed anywhere after step 2, the store's ordinary recovery on the next open
sees ``HEAD`` behind the log and executes the record again (every step is
idempotent), so an erasure is finished, never abandoned. Killed before, nothing
was changed. ``audit verify`` accepts a scrubbed entry only when a later, intact
redaction record lists exactly that body under that hash, and a missing
version only when a record erased it — any other change is still a break.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..faults import kill_point
from .audit import canonical, entry_hash, parse_lines, sha256_hex

if TYPE_CHECKING:
    from .store import Store

__all__ = [
    "REDACT_OP",
    "ErasurePlan",
    "Redactions",
    "execute_redaction",
    "kill_point",
    "redactions_of",
]

REDACT_OP = "redact"
#: test hook (crash tests): ``SLEEPSTACK_TEST_KILL_AT=forget:<point>`` SIGKILLs there
KILL_POINTS = (
    "forget:planned", "forget:blobs", "forget:committed", "forget:files-half",
    "forget:files", "forget:versions-half", "forget:versions", "forget:audit",
    "forget:derived", "forget:head",
)


@dataclass
class ErasurePlan:
    """Everything one erasure changes; built by the forget engine, executed by the store."""

    forget_id: str
    #: what was asked for, described without the erased bytes
    target: dict[str, Any]
    #: working file -> its new bytes (None: the file is removed)
    files: dict[str, bytes | None] = field(default_factory=dict)
    #: stored version sha -> its redacted bytes (None: the version is erased)
    blobs: dict[str, bytes | None] = field(default_factory=dict)
    #: audit seq -> the scrubbed entry (its ``hash`` is the original one)
    entries: dict[int, dict[str, Any]] = field(default_factory=dict)
    #: derived areas purged after the audited tree: ``index``, ``cache`` and ``temp``
    #: (temp files a killed writer left: they may hold any content it was writing)
    derived: tuple[str, ...] = ("index", "cache", "temp")
    #: changes per area, for the summary and the record
    counts: dict[str, int] = field(default_factory=dict)

    @property
    def empty(self) -> bool:
        """True when nothing in the audited tree, the versions or the audit changes."""
        return not (self.files or self.blobs or self.entries)


def record_fields(plan: ErasurePlan, old: Mapping[str, str | None]) -> dict[str, Any]:
    """The body of the redaction record (without the chain fields)."""
    return {
        "op": REDACT_OP,
        "path": "",
        "forget": plan.forget_id,
        "target": plan.target,
        "files": {p: [old.get(p), None if d is None else sha256_hex(d)]
                  for p, d in sorted(plan.files.items())},
        "blobs": {s: None if d is None else sha256_hex(d) for s, d in sorted(plan.blobs.items())},
        # Scrubbed entries by hash only: the bodies are blobs, so that a later erasure
        # can erase a body that still holds *its* target (a record is never edited).
        "entries": {str(seq): [str(body.get("hash")), sha256_hex(canonical(body))]
                    for seq, body in sorted(plan.entries.items())},
        "derived": list(plan.derived),
        "counts": dict(sorted(plan.counts.items())),
    }


def new_blobs(plan: ErasurePlan) -> Iterable[bytes]:
    """The replacement contents to store before the commit point."""
    for data in (*plan.files.values(), *plan.blobs.values()):
        if data is not None:
            yield data
    for body in plan.entries.values():
        yield canonical(body)


def execute_redaction(store: Store, record: Mapping[str, Any]) -> None:
    """Make the store agree with a committed redaction record (idempotent)."""
    from .audit import blob_path

    fs = store.fs
    files: dict[str, list[str | None]] = record.get("files") or {}
    for n, (path, (_old, new)) in enumerate(sorted(files.items()), start=1):
        if new is None:
            fs.remove(path)
        elif store._current_sha(path) != new:
            fs.write_atomic(path, fs.read_bytes(blob_path(new)))
        if n == len(files) // 2:
            kill_point("forget:files-half")
    kill_point("forget:files")
    blobs: dict[str, str | None] = record.get("blobs") or {}
    for n, old_sha in enumerate(sorted(blobs), start=1):
        if blobs[old_sha] != old_sha:
            fs.remove(blob_path(old_sha))
        if n == len(blobs) // 2:
            kill_point("forget:versions-half")
    kill_point("forget:versions")
    scrubbed = {int(k): str(v[1]) for k, v in (record.get("entries") or {}).items()}
    if scrubbed:
        _rewrite_audit(store, scrubbed)
    drop = getattr(store._log, "drop_payloads", None)
    if drop is not None:  # object storage: a log segment may hold an erased version
        drop({old for old, new in blobs.items() if new != old})
    kill_point("forget:audit")
    for area in record.get("derived") or ():
        purge_derived(store, str(area))
    kill_point("forget:derived")


def _rewrite_audit(store: Store, scrubbed: Mapping[int, str]) -> None:
    """Replace the audit lines of the scrubbed entries (only those that still differ)."""
    from .audit import blob_path

    lines: dict[int, bytes] = {}
    for e in parse_lines(store._log.read_all()).entries:
        seq = int(e.get("seq", 0))
        if seq in scrubbed and sha256_hex(canonical(e)) != scrubbed[seq]:
            lines[seq] = store.fs.read_bytes(blob_path(scrubbed[seq])).rstrip(b"\n") + b"\n"
    if lines:
        store._log.rewrite(lines)


#: where a remote store's index shards are published (sleepstack.index.shards.SHARD_DIR)
PUBLISHED_INDEX = "derived/index"
#: called after an index purge; the layer above registers what it caches in memory
#: (the store cannot import it: the index sits above the store)
INDEX_PURGE_HOOKS: list[Callable[[], None]] = []


def purge_derived(store: Store, area: str) -> None:
    """Delete a derived area: every index generation, or the work and result caches."""
    if area == "index":
        from .local_dirs import index_dir

        directory = index_dir(store)
        # The store's published shards and manifest, and this machine's copies of them.
        for key in store.fs.list(PUBLISHED_INDEX):
            store.fs.remove(key)
        shutil.rmtree(directory / "shards", ignore_errors=True)
        for hook in INDEX_PURGE_HOOKS:  # e.g. the shard reader's open views (index/)
            hook()
        if not directory.is_dir():
            return
        for name in os.listdir(directory):
            if name == ".lock":
                continue
            with contextlib.suppress(FileNotFoundError, IsADirectoryError):
                (directory / name).unlink()
    elif area == "cache":
        root = store.fs.local_path()
        if root is not None:
            _rmtree(root / "cache")
        else:
            # A store given by URL keeps its consolidation cache in a temp dir, and
            # the work cache beside it (shared by URL stores: wiping it costs misses).
            from .local_dirs import consolidate_cache_dir

            consolidate = Path(consolidate_cache_dir(store))
            _rmtree(consolidate)
            _rmtree(consolidate.parent / "work")
    elif area == "temp":
        root = store.fs.local_path()
        if root is not None:
            _purge_temp(root)


def _purge_temp(root: Path) -> None:
    """Delete ``.<name>.<random>.tmp`` files a killed atomic write left behind.

    Runs under the store lock, when no write of this store is in flight.
    """
    for dirpath, _dirs, names in os.walk(root):
        for name in names:
            if name.startswith(".") and name.endswith(".tmp"):
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(os.path.join(dirpath, name))


def _rmtree(path: Path) -> None:
    if path.is_dir():
        shutil.rmtree(path, ignore_errors=True)


@dataclass
class Redactions:
    """What the redaction records of a log say, for ``audit verify`` and version reads."""

    records: int = 0
    #: audit seq -> (original hash, sha of the scrubbed body), the latest record wins
    entries: dict[int, tuple[str, str]] = field(default_factory=dict)
    #: version sha -> redacted sha (None: erased), merged over every record
    blobs: dict[str, str | None] = field(default_factory=dict)


def redactions_of(entries: Iterable[dict[str, Any]]) -> Redactions:
    """Collect the intact redaction records (an edited record grants nothing)."""
    out = Redactions()
    for e in entries:
        if e.get("op") != REDACT_OP or e.get("hash") != entry_hash(e):
            continue
        out.records += 1
        for k, pair in (e.get("entries") or {}).items():
            if isinstance(pair, list) and len(pair) == 2 and int(k) < int(e["seq"]):
                out.entries[int(k)] = (str(pair[0]), str(pair[1]))
        for sha, new in (e.get("blobs") or {}).items():
            out.blobs[str(sha)] = None if new is None else str(new)
    return out


def resolve_sha(redactions: Redactions, sha: str) -> str | None:
    """The sha that now holds version *sha* (itself, its redacted form, or None: erased)."""
    seen: set[str] = set()
    cur: str | None = sha
    while cur is not None and cur in redactions.blobs and cur not in seen:
        seen.add(cur)
        nxt = redactions.blobs[cur]
        if nxt == cur:
            break
        cur = nxt
    return cur


def dumps_record(record: Mapping[str, Any]) -> str:
    """A short human form of a redaction record (logs and errors)."""
    return json.dumps({"forget": record.get("forget"), "counts": record.get("counts")})
