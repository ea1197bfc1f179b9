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
import errno
import json
import os
import uuid
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Literal

from ..errors import (
    ContentRefused,
    CorruptStoreError,
    NotFoundError,
    PathRefused,
    PreconditionFailed,
    SleepstackError,
    StorageFullError,
    UsageError,
)
from .audit import (
    GENESIS,
    HEAD_PATH,
    Break,
    canonical,
    entry_hash,
    parse_lines,
    sha256_hex,
)
from .collisions import check_collisions
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
from .erase_verify import chain_breaks_after_erasure, check_record
from .fs import StoreFS, audit_log_for, open_fs
from .group import GroupCommit, Pending
from .paths import (
    Area,
    check_append_path,
    check_ingest_path,
    check_path,
    check_prefix,
    check_write_path,
)

__all__ = [
    "ABSENT",
    "DEFAULT_MAX_BYTES",
    "Change",
    "Store",
    "VerifyReport",
    "Version",
]

DEFAULT_MAX_BYTES = 1 << 20
#: ``expected_sha=ABSENT`` asserts that the path does not exist yet.
ABSENT = "absent"
CONFIG_FILE = "sleepstack.toml"
_AUDITED_AREAS = (Area.MEMORY, Area.USER, Area.STAGING, Area.CONFIG, Area.REPORTS)

Op = Literal["write", "delete", "append"]
#: what retrying can never fix when recovery applies a committed entry
_UNAPPLIABLE = (NotADirectoryError, IsADirectoryError, FileExistsError, FileNotFoundError)


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


@dataclass
class VerifyReport:
    """The outcome of :meth:`Store.audit_verify`."""

    entries: int
    files_checked: int
    breaks: list[Break] = field(default_factory=list)
    #: audit entries scrubbed by an erasure (each listed in an intact redaction record)
    redacted: int = 0
    #: redaction records (erasures) in the log
    erasures: int = 0
    #: stored versions an erasure deleted or rewrote
    versions_erased: int = 0

    @property
    def ok(self) -> bool:
        """True when nothing disagrees with the log."""
        return not self.breaks

    #: entries recovery could not apply (``{seq, path, sha, reason}``): not breaks
    quarantined: list[dict[str, Any]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "ok": self.ok,
            "entries": self.entries,
            "files_checked": self.files_checked,
            "redacted": self.redacted,
            "erasures": self.erasures,
            "versions_erased": self.versions_erased,
            "breaks": [b.to_dict() for b in self.breaks],
            "quarantined": list(self.quarantined),
        }


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def blob_path(sha: str) -> str:
    """Where the content with this SHA-256 is kept."""
    return f"versions/{sha[:2]}/{sha}"


class Store:
    """A sleepstack store on a local directory or an fsspec URL."""

    def __init__(self, fs: StoreFS, *, max_bytes: int = DEFAULT_MAX_BYTES) -> None:
        self.fs = fs
        self.max_bytes = max_bytes
        # The audit log goes through one small interface so that a backend
        # without appends or renames (object storage) can supply its own.
        self._log = audit_log_for(fs)
        self._group = GroupCommit()
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
                         at=_now(), tx=uuid.uuid4().hex[:16], tx_n=1, prev_hash=prev)
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
        prepared = [self._prepare_static(c, ingest=ingest) for c in changes]
        item = Pending(prepared, actor, reason, cycle, extra, guard)
        holds = getattr(self.fs, "holds_lock", None)
        if holds is None or holds():
            # No group commit on this backend, or this thread holds the lock
            # already (it must not wait for a leader that waits for that lock).
            self._commit_batch([item])
            return item.result()
        return self._group.submit(item, self._commit_batch)

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

    def _commit_batch(self, batch: builtins.list[Pending]) -> None:
        """Commit the mutations of *batch* in one log append (:mod:`.group`).

        A member that fails its own checks gets its exception and leaves no
        trace; a batch of one raises it, as a plain commit always did.
        """
        with self.fs.lock():
            self._recover_if_needed()
            seq, prev = self._tail()
            at = _now()
            current: dict[str, bytes | None] = {}
            before: dict[str, bool] = {}  # path -> was a file before this batch
            blobs: dict[str, bytes] = {}
            accepted: builtins.list[tuple[Pending, builtins.list[dict[str, Any]]]] = []
            so_far: builtins.list[Change] = []
            for item in batch:
                trial = dict(current)  # a member that fails must not leak its state
                try:
                    if item.guard is not None:
                        item.guard()
                    entries = self._entries(item, seq, prev, at, trial, before, blobs)
                    self._check_collisions([*so_far, *item.changes], before)
                except SleepstackError as exc:
                    if len(batch) == 1:
                        raise
                    item.error = exc
                    continue
                current = trial
                seq, prev = int(entries[-1]["seq"]), str(entries[-1]["hash"])
                accepted.append((item, entries))
                so_far.extend(item.changes)
            if accepted:
                self._write_batch([e for _, entries in accepted for e in entries], so_far,
                                  blobs)
            for item, entries in accepted:  # only now: a failed write fails them all
                item.entries = entries

    def _entries(self, item: Pending, seq: int, prev: str, at: str,
                 current: dict[str, bytes | None], before: dict[str, bool],
                 blobs: dict[str, bytes]) -> builtins.list[dict[str, Any]]:
        """The audit entries of one mutation after *seq*/*prev*; updates *current*."""
        changes = item.changes
        tx = uuid.uuid4().hex[:16]
        entries: builtins.list[dict[str, Any]] = []
        for c in changes:
            if c.path not in current:
                try:
                    current[c.path] = self.fs.read_bytes(c.path)
                except FileNotFoundError:
                    current[c.path] = None
                before.setdefault(c.path, current[c.path] is not None)
            old = current[c.path]
            old_sha = None if old is None else sha256_hex(old)
            if c.expected_sha is not None:
                want = None if c.expected_sha == ABSENT else c.expected_sha
                if want != old_sha:
                    raise PreconditionFailed(
                        f"{c.path} changed: expected {c.expected_sha}, found {old_sha or ABSENT}",
                        path=c.path,
                        expected_sha=c.expected_sha,
                        actual_sha=old_sha,
                    )
            entry: dict[str, Any] = {"op": c.op, "path": c.path}
            if c.op == "delete":
                if old is None:
                    raise NotFoundError(f"no such file: {c.path}", path=c.path)
                new: bytes | None = None
            elif c.op == "append":
                assert c.content is not None
                chunk = c.content.encode()
                chunk_sha = sha256_hex(chunk)
                blobs[chunk_sha] = chunk
                new = (old or b"") + chunk
                entry["chunk_sha"] = chunk_sha
                entry["size"] = len(new)
            else:
                assert c.content is not None
                new = c.content.encode()
                blobs[sha256_hex(new)] = new
            current[c.path] = new
            seq += 1
            entry.update(
                seq=seq,
                actor=item.actor,
                reason=item.reason,
                old_sha=old_sha,
                new_sha=None if new is None else sha256_hex(new),
                at=at,
                tx=tx,
                tx_n=len(changes),
                prev_hash=prev,
            )
            if item.cycle:
                entry["cycle"] = item.cycle
            if item.extra:
                entry.update(item.extra)
            entry["hash"] = entry_hash(entry)
            prev = entry["hash"]
            entries.append(entry)
        return entries

    def _write_batch(self, entries: builtins.list[dict[str, Any]],
                     changes: Sequence[Change], blobs: dict[str, bytes]) -> None:
        """Blobs, the commit point (one log append), the working files, HEAD."""
        try:
            for sha, data in blobs.items():
                self.fs.write_new(blob_path(sha), data)
            # A torn append (the disk filled mid-line) is dropped by the next recovery.
            self._log.append(b"".join(canonical(e) + b"\n" for e in entries),
                             first_seq=int(entries[0]["seq"]))
        except StorageFullError as exc:
            raise StorageFullError(
                f"{exc.message}: nothing was lost; the change to "
                f"{_names(changes)} was not made (free some space and retry)",
                **exc.fields, committed=False) from None
        try:
            self._apply_grouped(entries, blobs)
            self._write_head(entries[-1])
        except StorageFullError as exc:
            raise StorageFullError(
                f"{exc.message}: nothing was lost; the change to {_names(changes)} is "
                "committed and is finished when the store is next used with free space",
                **exc.fields, committed=True) from None

    def _apply_grouped(self, entries: builtins.list[dict[str, Any]],
                       blobs: dict[str, bytes]) -> None:
        """Apply freshly committed *entries*; a path only appended to gets one append."""
        if len({e["tx"] for e in entries}) == 1:
            self._apply_entries(entries)
            return
        ops: dict[str, set[str]] = {}
        for e in entries:
            ops.setdefault(e["path"], set()).add(e["op"])
        done: set[str] = set()
        for e in entries:
            path = e["path"]
            if ops[path] != {"append"}:
                self._apply_entries([e])
            elif path not in done:
                done.add(path)
                chunks = [blobs[x["chunk_sha"]] for x in entries if x["path"] == path]
                self.fs.append(path, b"".join(chunks))

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
                chunk = self.fs.read_bytes(blob_path(e["chunk_sha"]))
                if size >= e["size"]:
                    continue  # already there
                if size != e["size"] - len(chunk):
                    # A torn append: cut back to the last whole state, then redo it.
                    self.fs.truncate(path, e["size"] - len(chunk))
                self.fs.append(path, chunk)
            elif e["op"] == "write" and self._current_sha(path) != e["new_sha"]:
                self.fs.write_atomic(path, self.fs.read_bytes(blob_path(e["new_sha"])))

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

    def _needs_recovery(self) -> bool:
        # One read of the log's end serves both checks (this runs on every write).
        tail = self._log_tail()
        if not tail:
            return False
        if not tail.endswith(b"\n"):
            return True  # a torn append
        last = self._last_entry(tail)
        if last is None:
            return False
        head = self._read_head()
        return head is None or int(head.get("seq", 0)) < int(last["seq"])

    def _recover_if_needed(self) -> None:
        """Finish or discard a mutation that a killed process left half done."""
        if not self._needs_recovery():
            return
        active = getattr(self.fs, "writer_active", None)
        if active is not None and not self._log_is_ours() and active():
            # Object storage: a live writer holds the lease (its audit/HEAD may be
            # deferred); it finishes any half-done mutation, so a reader need not wait.
            return
        with self.fs.lock():
            if not self._needs_recovery():  # another process recovered meanwhile
                return
            data = self._log.read_all()
            notes: builtins.list[str] = []
            if data and not data.endswith(b"\n"):
                cut = data.rfind(b"\n") + 1
                self._log.truncate(cut)
                data = data[:cut]
                notes.append("dropped a torn audit line")
            parsed = parse_lines(data)
            if parsed.bad_lines:
                raise CorruptStoreError(
                    "audit log has unparsable lines; run `sleepstack audit verify`",
                    lines=parsed.bad_lines,
                )
            head = self._read_head()
            head_seq = int(head["seq"]) if head else 0
            pending = [e for e in parsed.entries if int(e["seq"]) > head_seq]
            if pending:
                last_tx = pending[-1]["tx"]
                in_last = [e for e in parsed.entries if e.get("tx") == last_tx]
                if len(in_last) < int(pending[-1]["tx_n"]):
                    # The commit point was never reached: the files were not touched.
                    keep = [e for e in parsed.entries if e.get("tx") != last_tx]
                    self._log.replace(b"".join(canonical(e) + b"\n" for e in keep))
                    notes.append(f"discarded incomplete mutation {last_tx}")
                    pending = [e for e in pending if e.get("tx") != last_tx]
                if pending:
                    stuck = self._apply_recovering(pending)
                    first, last = pending[0]["seq"], pending[-1]["seq"]
                    notes.append(f"completed interrupted mutation seq {first}..{last}")
                    if stuck:
                        self._quarantine(stuck)
                        notes.append(f"quarantined {len(stuck)} entr"
                                     f"{'y' if len(stuck) == 1 else 'ies'} it could not apply")
            seq, prev = self._tail()
            entry: dict[str, Any] = {
                "op": "recover",
                "path": "",
                "seq": seq + 1,
                "actor": "sleepstack:recovery",
                "reason": "; ".join(notes) or "marked the last mutation complete",
                "old_sha": None,
                "new_sha": None,
                "at": _now(),
                "tx": uuid.uuid4().hex[:16],
                "tx_n": 1,
                "prev_hash": prev,
            }
            entry["hash"] = entry_hash(entry)
            self._log.append(canonical(entry) + b"\n", first_seq=int(entry["seq"]))
            self._write_head(entry)

    def _log_is_ours(self) -> bool:
        ours = getattr(self.fs, "_in_session", None)
        return bool(ours is not None and ours())

    def _apply_recovering(self, pending: builtins.list[dict[str, Any]]
                          ) -> builtins.list[tuple[dict[str, Any], str]]:
        """Apply *pending* one by one; the entries that cannot be, with why.

        Only a failure that retrying cannot fix counts (the tree has a file
        where a directory must be or the reverse, or the entry's bytes are
        gone); anything else (a full disk, an I/O error) is raised as it is.
        """
        stuck: builtins.list[tuple[dict[str, Any], str]] = []
        for e in pending:
            try:
                self._apply_entries([e])
            except OSError as exc:
                if not isinstance(exc, _UNAPPLIABLE) and exc.errno != errno.ENAMETOOLONG:
                    raise
                stuck.append((e, f"{type(exc).__name__}: {exc.strerror or exc}"))
        return stuck

    def _quarantine(self, stuck: builtins.list[tuple[dict[str, Any], str]]) -> None:
        """Audit that each stuck entry's path keeps its current bytes (new log entries).

        The entry stays in the log and its bytes in ``versions/``; the
        ``quarantine`` entry after it says what the path holds instead, so the
        chain, the tree and ``audit verify`` agree again.
        """
        seq, prev = self._tail()
        tx = uuid.uuid4().hex[:16]
        out: builtins.list[dict[str, Any]] = []
        for e, why in stuck:
            seq += 1
            q: dict[str, Any] = {
                "op": "quarantine", "path": e["path"], "seq": seq,
                "actor": "sleepstack:recovery",
                "reason": f"could not apply seq {e['seq']} ({why}); its content is kept"
                          f" as version {str(e.get('new_sha') or e.get('chunk_sha'))[:12]}",
                "old_sha": e.get("new_sha"), "new_sha": self._current_sha(e["path"]),
                "quarantined_seq": e["seq"], "at": _now(), "tx": tx, "tx_n": len(stuck),
                "prev_hash": prev,
            }
            q["hash"] = entry_hash(q)
            prev = q["hash"]
            out.append(q)
        self._log.append(b"".join(canonical(q) + b"\n" for q in out),
                         first_seq=int(out[0]["seq"]))

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
        parsed = parse_lines(self._log.read_all())
        breaks = [
            Break("unparsable", f"audit line {n} is not a JSON object") for n in parsed.bad_lines
        ]
        entries = parsed.entries
        red = redactions_of(entries)  # erasures (ADR 0004): what they changed, on the record
        chain, scrubbed = chain_breaks_after_erasure(entries, red)
        breaks.extend(chain)
        head = self._read_head()
        if entries or head:
            last = entries[-1] if entries else None
            if head is None:
                breaks.append(Break("truncated", "audit/HEAD is missing"))
            elif last is None or int(head.get("seq", 0)) > int(last["seq"]):
                breaks.append(
                    Break(
                        "truncated",
                        f"audit log ends at seq {last['seq'] if last else 0} but HEAD records"
                        f" seq {head.get('seq')}: entries were removed from the end",
                    )
                )
            elif int(head.get("seq", 0)) == int(last["seq"]) and head.get("hash") != last["hash"]:
                breaks.append(Break("truncated", "HEAD does not match the last audit entry"))
        expected: dict[str, str | None] = {}
        quarantined: builtins.list[dict[str, Any]] = []
        for e in entries:
            if e.get("op") == REDACT_OP and e.get("hash") == entry_hash(e):
                breaks.extend(check_record(self.fs, e, expected, red.blobs))
                continue
            path = e.get("path")
            if not path:
                continue
            if e.get("op") == "quarantine":
                quarantined.append({"seq": e.get("seq"), "path": path,
                                    "quarantined_seq": e.get("quarantined_seq"),
                                    "sha": e.get("old_sha"), "reason": e.get("reason")})
            before = expected.get(path)
            if path in expected and e.get("old_sha") != before:
                breaks.append(
                    Break(
                        "unaudited_change",
                        f"{path} was changed outside the store before seq {e.get('seq')}",
                        e.get("seq"),
                        path,
                    )
                )
            expected[path] = e.get("new_sha")
            for key in ("new_sha", "chunk_sha"):
                sha = e.get(key)
                if sha and key == ("chunk_sha" if e.get("op") == "append" else "new_sha"):
                    if sha in red.blobs:
                        sha = resolve_sha(red, sha)
                        if sha is None:
                            continue  # erased by a recorded erasure
                    try:
                        blob = self.fs.read_bytes(blob_path(sha))
                    except FileNotFoundError:
                        breaks.append(
                            Break("version_missing", f"stored version {sha[:12]} of {path} is"
                                  " missing", e.get("seq"), path)
                        )
                        continue
                    if sha256_hex(blob) != sha:
                        breaks.append(
                            Break("version_corrupt", f"stored version {sha[:12]} of {path} was"
                                  " altered", e.get("seq"), path)
                        )
        files = set(self.list(""))
        for path, sha in sorted(expected.items()):
            current = self._current_sha(path)
            if current != sha:
                state = "is missing" if current is None else "differs from its last audited hash"
                if sha is None:
                    state = "exists although its last audited operation deleted it"
                breaks.append(Break("file_mismatch", f"{path} {state}", None, path))
        for path in sorted(files - expected.keys()):
            breaks.append(Break("unaudited_file", f"{path} is not in the audit log", None, path))
        return VerifyReport(entries=len(entries), files_checked=len(files), breaks=breaks,
                            quarantined=quarantined, redacted=scrubbed, erasures=red.records,
                            versions_erased=len(red.blobs))


def _names(changes: Sequence[Change]) -> str:
    first = changes[0].path
    return first if len(changes) == 1 else f"{first} and {len(changes) - 1} more"


def _check_actor(actor: str, reason: str) -> None:
    if not isinstance(actor, str) or not actor.strip():
        raise UsageError("every write needs an actor")
    if not isinstance(reason, str) or not reason.strip():
        raise UsageError("every write needs a reason")
    if any(ord(ch) < 32 for ch in actor):
        raise PathRefused("actor contains control characters", rule="actor")


_DEFAULT_CONFIG = """\
# sleepstack store configuration
[store]
max_bytes = 1048576

[wake]
embedder = "local:all-MiniLM-L6-v2"
budget_tokens = 1000

[sleep]
llm = "none"
every = "6h"

[ingest]
# "redact": secrets in logged turns and ingested documents are replaced by
# [REDACTED:<rule>] before they are ever written; "keep": stored as given
secrets = "redact"

[sleep.ttl_days]
# days a fact of each category stays current without being restated (0 = never expires);
# a plan with a date expires the day after its date (docs/claims.md)
conversation = 30
project = 90
preference = 365
plan = 30
other = 30
event = 0
personal = 0
work = 0
relationship = 0
health = 0
contact = 0
"""
