"""The store: the only source of truth, and its one controlled mutation path.

Every change goes through :meth:`Store._commit_batch`, which runs under the store's
exclusive lock and follows one protocol (a write-ahead log where the audit log
*is* the log):

1. check the path policy and the content limits, that no path is a file
   where the tree has (or the batch makes) a directory or the reverse, and
   the optional ``expected_sha`` precondition against the bytes on disk;
2. write each new content as an immutable, content-addressed blob under
   ``versions/`` (durable);
3. append the audit entries of the whole mutation in one durable append —
   this is the commit point;
4. apply the changes to the working files (atomic replace / remove / append);
5. record the mutation as complete in ``audit/HEAD``.

A process killed before step 3 leaves no trace in the tree (a stray blob is
harmless). Killed after it, the entries past ``HEAD`` name exactly what must
be true, and the blobs hold the bytes, so the next open rolls the mutation
forward (or, if the append itself was torn, rolls it back) and audits that
recovery. An entry that can no longer be applied (a log written before the
collision check, a tree changed by hand) is *quarantined*: a ``quarantine``
entry records that the path stays as it is, its bytes stay in ``versions/``,
and the store keeps serving instead of failing every open. Readers never
take the lock: atomic renames give them old or new.
"""

from __future__ import annotations

import builtins
import json
import os
import time
import uuid
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from .. import observe
from ..errors import (
    ContentRefused,
    CorruptStoreError,
    NotFoundError,
    PathRefused,
    UsageError,
)
from .audit import (
    GENESIS,
    HEAD_PATH,
    canonical,
    entry_hash,
    parse_lines,
    sha256_hex,
)
from .collisions import check_collisions
from .commit import CommitMixin
from .default_config import DEFAULT_CONFIG as _DEFAULT_CONFIG
from .erase import (
    REDACT_OP,
    ErasurePlan,
    execute_redaction,
    kill_point,
    new_blobs,
    record_fields,
    redactions_of,
    resolve_sha,
)
from .fs import StoreFS, audit_log_for, open_fs
from .group import GroupCommit, Pending
from .names import ABSENT, blob_path, now
from .paths import (
    Area,
    check_append_path,
    check_ingest_path,
    check_path,
    check_prefix,
    check_write_path,
)
from .recovery import RecoveryMixin
from .verify import VerifyReport, verify_store

__all__ = [
    "ABSENT",
    "DEFAULT_MAX_BYTES",
    "Change",
    "Store",
    "VerifyReport",
    "Version",
    "blob_path",
]

DEFAULT_MAX_BYTES = 1 << 20
CONFIG_FILE = "sleepstack.toml"
_AUDITED_AREAS = (Area.MEMORY, Area.USER, Area.STAGING, Area.CONFIG, Area.REPORTS)

Op = Literal["write", "delete", "append"]


@dataclass(frozen=True)
class Change:
    """One intended change inside a mutation (a single write or a batch)."""

    op: Op
    path: str
    content: str | None = None
    expected_sha: str | None = None


@dataclass(frozen=True)
class Version:
    """One version of a path, as recorded in the audit log."""

    version: int
    seq: int
    op: str
    sha: str | None
    actor: str
    reason: str
    at: str
    tx: str
    cycle: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return dict(self.__dict__)




class Store(CommitMixin, RecoveryMixin):
    """A sleepstack store on a local directory or an fsspec URL."""

    def __init__(self, fs: StoreFS, *, max_bytes: int = DEFAULT_MAX_BYTES) -> None:
        self.fs = fs
        self.max_bytes = max_bytes
        # The audit log goes through one small interface so that a backend
        # without appends or renames (object storage) can supply its own.
        self._log = audit_log_for(fs)
        self._group = GroupCommit()
        self._fresh: dict[str, bytes] = {}  # sha -> bytes of the commit being applied
        self._recover_if_needed()

    # ------------------------------------------------------------------ open
    @classmethod
    def open(cls, home: str | os.PathLike[str], *, max_bytes: int = DEFAULT_MAX_BYTES) -> Store:
        """Open an existing store; :class:`StoreNotFoundError` when there is none."""
        return cls(open_fs(home, must_exist=True), max_bytes=max_bytes)

    @classmethod
    def init(
        cls, home: str | os.PathLike[str], *, config_text: str | None = None
    ) -> Store:
        """Create a store (idempotent: an existing store is opened as it is)."""
        fs = open_fs(home, must_exist=False)
        root = fs.local_path()
        if root is not None:
            for area in Area:
                (root / area.value).mkdir(parents=True, exist_ok=True)
        with fs.lock():
            if not fs.exists(CONFIG_FILE):
                fs.write_atomic(CONFIG_FILE, (config_text or _DEFAULT_CONFIG).encode())
        return cls(fs)

    @property
    def url(self) -> str:
        """Where this store lives."""
        return self.fs.url

    # ----------------------------------------------------------------- reads
    def read_bytes(self, path: str) -> bytes:
        """The current bytes of a path."""
        norm = check_path(path)
        try:
            return self.fs.read_bytes(norm)
        except FileNotFoundError:
            raise NotFoundError(f"no such file: {norm}", path=norm) from None

    def read_text(self, path: str) -> str:
        """The current text of a path."""
        return self.read_bytes(path).decode("utf-8")

    def exists(self, path: str) -> bool:
        """Whether a path currently exists."""
        return self.fs.exists(check_path(path))

    def sha(self, path: str) -> str | None:
        """SHA-256 of a path's current bytes, None when absent."""
        norm = check_path(path)
        try:
            return sha256_hex(self.fs.read_bytes(norm))
        except FileNotFoundError:
            return None

    def list(self, prefix: str = "") -> builtins.list[str]:
        """Every file under *prefix* (``""`` for the whole audited tree)."""
        if prefix in ("", "/"):
            out: builtins.list[str] = []
            for area in _AUDITED_AREAS:
                out.extend(self.fs.list(area.value))
            return sorted(out)
        return self.fs.list(check_prefix(prefix.rstrip("/")))

    def blob_text(self, sha: str) -> str:
        """The text of a stored version by its SHA-256 (its redacted form after an erasure)."""
        try:
            return self.fs.read_bytes(blob_path(sha)).decode("utf-8")
        except FileNotFoundError:
            pass
        now = self.resolved_sha(sha)
        if now is None:
            raise NotFoundError(f"stored version {sha[:12]} was erased (forget or retention)",
                                sha=sha)
        try:
            return self.fs.read_bytes(blob_path(now)).decode("utf-8")
        except FileNotFoundError:
            raise NotFoundError(f"no stored version {sha}", sha=sha) from None

    def resolved_sha(self, sha: str) -> str | None:
        """The sha holding version *sha* now: itself, its redacted form, or None (erased)."""
        return resolve_sha(redactions_of(self.audit_entries()), sha)

    def erase(self, plan: ErasurePlan, *, actor: str, reason: str) -> dict[str, Any]:
        """Commit and execute an erasure (ADR 0004); returns the redaction record.

        Plan it under this store's lock (``with store.fs.lock():``) so that
        nothing changes between the plan and the commit point.
        """
        _check_actor(actor, reason)
        with self.fs.lock():
            self._recover_if_needed()
            kill_point("forget:planned")
            seq, prev = self._tail()
            old = {p: self._current_sha(p) for p in plan.files}
            entry: dict[str, Any] = record_fields(plan, old)
            entry.update(seq=seq + 1, actor=actor, reason=reason, old_sha=None, new_sha=None,
                         at=now(), tx=uuid.uuid4().hex[:16], tx_n=1, prev_hash=prev)
            entry["hash"] = entry_hash(entry)
            for data in new_blobs(plan):
                self.fs.write_new(blob_path(sha256_hex(data)), data)
            kill_point("forget:blobs")
            # The commit point. HEAD stays behind the record until it is executed,
            # so a killed erasure is finished by the next open's recovery.
            self._log.append(canonical(entry) + b"\n", first_seq=int(entry["seq"]))
            kill_point("forget:committed")
            execute_redaction(self, entry)
            kill_point("forget:head")
            self._write_head(entry)
            return entry

    # ------------------------------------------------------------- mutations
    def write_text(
        self,
        path: str,
        content: str,
        *,
        expected_sha: str | None = None,
        actor: str,
        reason: str,
    ) -> dict[str, Any]:
        """Write a trusted file through the audited path; returns the audit entry."""
        change = Change("write", path, content, expected_sha)
        return self.apply([change], actor=actor, reason=reason)[0]

    def delete(
        self, path: str, *, expected_sha: str | None = None, actor: str, reason: str
    ) -> dict[str, Any]:
        """Delete a file as a versioned tombstone; its history stays."""
        change = Change("delete", path, None, expected_sha)
        return self.apply([change], actor=actor, reason=reason)[0]

    def append_text(
        self, path: str, text: str, *, actor: str, reason: str
    ) -> dict[str, Any]:
        """Ingestion API: append to a raw log ``memory/log/<user>/<day>.md``."""
        return self.apply([Change("append", path, text)], actor=actor, reason=reason)[0]

    def put_document(
        self,
        path: str,
        content: str,
        *,
        expected_sha: str | None = None,
        actor: str,
        reason: str,
    ) -> dict[str, Any]:
        """Ingestion API: add or replace a reference document under ``memory/topics/``."""
        return self.apply(
            [Change("write", path, content, expected_sha)],
            actor=actor,
            reason=reason,
            ingest=True,
        )[0]

    def rollback(self, path: str, version: int, *, actor: str, reason: str) -> dict[str, Any]:
        """Make *version* of *path* current again, as a new audited write."""
        norm = check_write_path(path)
        versions = self.history(norm)
        match = [v for v in versions if v.version == version]
        if not match:
            raise NotFoundError(
                f"{norm} has no version {version} (it has {len(versions)})",
                path=norm,
                version=version,
            )
        target = match[0]
        if target.sha is None:
            change = Change("delete", norm)
        else:
            change = Change("write", norm, self.blob_text(target.sha))
        return self.apply(
            [change], actor=actor, reason=reason, extra={"rollback_to": version}
        )[0]

    def apply(
        self,
        changes: Sequence[Change],
        *,
        actor: str,
        reason: str,
        cycle: str | None = None,
        ingest: bool = False,
        extra: dict[str, Any] | None = None,
        guard: Callable[[], None] | None = None,
    ) -> builtins.list[dict[str, Any]]:
        """Apply several changes as one all-or-nothing, audited mutation.

        *guard* runs under the lock just before the commit; raising from it
        aborts the mutation (used for checks that must not race, such as
        unique turn ids).
        """
        if not changes:
            return []
        _check_actor(actor, reason)
        t0 = time.perf_counter()
        prepared = [self._prepare_static(c, ingest=ingest) for c in changes]
        item = Pending(prepared, actor, reason, cycle, extra, guard)
        holds = getattr(self.fs, "holds_lock", None)
        if holds is None or holds():
            # No group commit on this backend, or this thread holds the lock
            # already (it must not wait for a leader that waits for that lock).
            self._commit_batch([item])
            done = item.result()
        else:
            done = self._group.submit(item, self._commit_batch)
        observe.store_write(len(prepared), actor, time.perf_counter() - t0)
        return done

    # -------------------------------------------------------------- internals
    def _prepare_static(self, c: Change, *, ingest: bool) -> Change:
        """Everything that can be checked without the lock: path and content."""
        if c.op == "append":
            norm = check_append_path(c.path)
        elif ingest:
            norm = check_ingest_path(c.path)
        else:
            norm = check_write_path(c.path)
        if c.op != "delete":
            if not isinstance(c.content, str):
                raise ContentRefused("content must be text", path=norm, rule="type")
            try:
                data = c.content.encode("utf-8")
            except UnicodeEncodeError:
                raise ContentRefused(
                    "content is not valid UTF-8", path=norm, rule="utf8"
                ) from None
            if len(data) > self.max_bytes:
                raise ContentRefused(
                    f"content is {len(data)} bytes, over the {self.max_bytes}-byte limit",
                    path=norm,
                    rule="size",
                    size=len(data),
                    limit=self.max_bytes,
                )
            if "\x00" in c.content:
                raise ContentRefused("binary content (NUL bytes) is refused", path=norm,
                                     rule="binary")
        if c.expected_sha is not None and c.expected_sha != ABSENT and (
            len(c.expected_sha) != 64 or any(ch not in "0123456789abcdef" for ch in c.expected_sha)
        ):
            raise UsageError("expected_sha must be 64 lower-case hex digits", path=norm)
        return Change(c.op, norm, c.content, c.expected_sha)

    def _tail(self) -> tuple[int, str]:
        """(seq, hash) of the last audit entry."""
        last = self._last_entry()
        if last is None:
            return 0, GENESIS
        return int(last["seq"]), str(last["hash"])

    def _log_tail(self) -> bytes | None:
        """The end of the audit log, holding at least the whole last entry."""
        size = 1 << 16
        try:
            while True:
                data = self._log.read_tail(size)
                # Entries are small, but a redaction record can be large: read more
                # until the last line is whole (or the whole log was read).
                if len(data) < size or b"\n" in data.rstrip(b"\n"):
                    return data
                size *= 8
        except FileNotFoundError:
            return None

    def _last_entry(self, tail: bytes | None = None) -> dict[str, Any] | None:
        data = self._log_tail() if tail is None else tail
        if data is None:
            return None
        lines = data.rstrip(b"\n").rsplit(b"\n", 1)
        if not lines or not lines[-1].strip():
            return None
        try:
            obj: dict[str, Any] = json.loads(lines[-1])
        except ValueError as exc:
            raise CorruptStoreError("the last audit line is not valid JSON") from exc
        return obj

    def _check_collisions(self, changes: Sequence[Change],
                          known: dict[str, bool] | None = None) -> None:
        """No file where a directory is, or the reverse (:mod:`.collisions`)."""
        check_collisions(self.fs, changes, known)

    def _apply_entries(self, entries: Iterable[dict[str, Any]]) -> None:
        """Make the working tree agree with *entries* (idempotent: used by recovery)."""
        for e in entries:
            path = e["path"]
            if e["op"] == REDACT_OP:
                execute_redaction(self, e)
            elif e["op"] == "delete":
                self.fs.remove(path)
            elif e["op"] == "append":
                size = self.fs.size(path) if self.fs.exists(path) else 0
                chunk = self._blob_bytes(e["chunk_sha"])
                if size >= e["size"]:
                    continue  # already there
                if size != e["size"] - len(chunk):
                    # A torn append: cut back to the last whole state, then redo it.
                    self.fs.truncate(path, e["size"] - len(chunk))
                self.fs.append(path, chunk)
            elif e["op"] == "write" and self._current_sha(path) != e["new_sha"]:
                self.fs.write_atomic(path, self._blob_bytes(e["new_sha"]))

    def _blob_bytes(self, sha: str) -> bytes:
        # A commit in progress has the bytes in hand (its blobs may still be in flight).
        fresh = self._fresh.get(sha)
        return fresh if fresh is not None else self.fs.read_bytes(blob_path(sha))

    def _current_sha(self, path: str) -> str | None:
        try:
            return sha256_hex(self.fs.read_bytes(path))
        except FileNotFoundError:
            return None

    def _write_head(self, entry: dict[str, Any]) -> None:
        # Not fsync'd: a stale HEAD after a power cut only means recovery
        # re-checks (idempotently) mutations that had in fact completed.
        head = canonical({"seq": entry["seq"], "hash": entry["hash"]})
        self.fs.overwrite_small(HEAD_PATH, head)

    def _read_head(self) -> dict[str, Any] | None:
        try:
            obj: dict[str, Any] = json.loads(self.fs.read_bytes(HEAD_PATH).strip())
        except FileNotFoundError:
            return None
        except ValueError:
            return None
        return obj

    def compact_log(self, *, min_objects: int = 64) -> dict[str, Any] | None:
        """Fold old audit-log segments into a checkpoint (object storage; :mod:`.compact`)."""
        from .compact import compact_log

        return compact_log(self, min_objects=min_objects)

    # ----------------------------------------------------- history and audit
    def audit_entries(self) -> builtins.list[dict[str, Any]]:
        """Every parsable audit entry, in order."""
        return parse_lines(self._log.read_all()).entries

    def history(self, path: str) -> builtins.list[Version]:
        """Every version a path has had, oldest first (version numbers start at 1)."""
        norm = check_path(path)
        out: builtins.list[Version] = []
        for e in self.audit_entries():
            if e.get("op") == REDACT_OP and norm in (e.get("files") or {}):
                # An erasure replaced (or removed) the file: that is a version too.
                out.append(Version(version=len(out) + 1, seq=int(e["seq"]), op=REDACT_OP,
                                   sha=e["files"][norm][1], actor=str(e["actor"]),
                                   reason=str(e["reason"]), at=str(e["at"]),
                                   tx=str(e.get("tx", ""))))
                continue
            if e.get("path") != norm:
                continue
            out.append(
                Version(
                    version=len(out) + 1,
                    seq=int(e["seq"]),
                    op=str((e.get("rollback_to") and "rollback") or e["op"]),
                    sha=e.get("new_sha"),
                    actor=str(e["actor"]),
                    reason=str(e["reason"]),
                    at=str(e["at"]),
                    tx=str(e.get("tx", "")),
                    cycle=e.get("cycle"),
                )
            )
        if not out and not self.fs.exists(norm):
            raise NotFoundError(f"no such file and no history: {norm}", path=norm)
        return out

    def iter_tx(self, *, cycle: str) -> Iterator[dict[str, Any]]:
        """The audit entries written by one sleep cycle."""
        for e in self.audit_entries():
            if e.get("cycle") == cycle:
                yield e

    def audit_verify(self) -> VerifyReport:
        """Check the chain and that every file matches its last audited hash."""
        with self.fs.lock():
            fresh = getattr(self.fs, "drop_cache", None)
            if fresh is not None:
                fresh()  # a backend that remembers reads must not vouch from memory
            return self._verify()

    def _verify(self) -> VerifyReport:
        return verify_store(self)


def _check_actor(actor: str, reason: str) -> None:
    if not isinstance(actor, str) or not actor.strip():
        raise UsageError("every write needs an actor")
    if not isinstance(reason, str) or not reason.strip():
        raise UsageError("every write needs a reason")
    if any(ord(ch) < 32 for ch in actor):
        raise PathRefused("actor contains control characters", rule="actor")


