"""The commit path of :class:`~sleepstack.store.store.Store`: entries, the commit point, apply.

A batch (one mutation, or a group of them: :mod:`.group`) becomes hash-chained
audit entries, then: the new versions' blobs, one durable log append (the
commit point), the working files, ``audit/HEAD``. A log that carries the
versions' bytes itself (object storage, ``append_with_blobs``) keeps them there
instead of a blob per version: a write is one log object and its working files
(the blobs are written out when the log is compacted, :mod:`.s3_held`).
"""

from __future__ import annotations

import builtins
import uuid
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from ..errors import NotFoundError, PreconditionFailed, SleepstackError, StorageFullError
from .audit import canonical, entry_hash, sha256_hex
from .erase import kill_point
from .fs import AuditLog, StoreFS
from .group import Pending
from .names import ABSENT, blob_path, changes_named, now

if TYPE_CHECKING:
    from .store import Change

__all__ = ["CommitMixin"]


class CommitMixin:
    """Store methods that turn a batch of changes into a committed, applied mutation."""

    fs: StoreFS
    _log: AuditLog
    _fresh: dict[str, bytes]

    if TYPE_CHECKING:
        def _recover_if_needed(self) -> None: ...
        def _tail(self) -> tuple[int, str]: ...
        def _check_collisions(self, changes: Sequence[Change],
                              known: dict[str, bool] | None = None) -> None: ...
        def _apply_entries(self, entries: Iterable[dict[str, Any]]) -> None: ...
        def _write_head(self, entry: dict[str, Any]) -> None: ...

    def _commit_batch(self, batch: builtins.list[Pending]) -> None:
        """Commit the mutations of *batch* in one log append (:mod:`.group`).

        A member that fails its own checks gets its exception and leaves no
        trace; a batch of one raises it, as a plain commit always did.
        """
        with self.fs.lock():
            self._recover_if_needed()
            seq, prev = self._tail()
            at = now()
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
        lines = b"".join(canonical(e) + b"\n" for e in entries)
        inline = getattr(self._log, "append_with_blobs", None)
        try:
            if inline is not None:
                # The log object carries the new bytes itself (object storage): that
                # is where the versions live until compaction writes them out.
                inline(lines, first_seq=int(entries[0]["seq"]), blobs=blobs)
            else:
                for sha, data in blobs.items():
                    self.fs.write_new(blob_path(sha), data)
                # A torn append (the disk filled mid-line) is dropped by the next recovery.
                self._log.append(lines, first_seq=int(entries[0]["seq"]))
        except StorageFullError as exc:
            raise StorageFullError(
                f"{exc.message}: nothing was lost; the change to "
                f"{changes_named(changes)} was not made (free some space and retry)",
                **exc.fields, committed=False) from None
        kill_point("commit:logged")  # crash tests: committed, nothing applied
        try:
            self._apply_fresh(entries, blobs)
            self._write_head(entries[-1])
        except StorageFullError as exc:
            raise StorageFullError(
                f"{exc.message}: nothing was lost; the change to {changes_named(changes)} is "
                "committed and is finished when the store is next used with free space",
                **exc.fields, committed=True) from None

    def _apply_fresh(self, entries: builtins.list[dict[str, Any]],
                     blobs: dict[str, bytes]) -> None:
        """Apply just-committed *entries* from the bytes in hand.

        In a group, a path that the batch only appends to gets one append of all
        its chunks (many turns to one day file: one write).
        """
        self._fresh = blobs
        try:
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
                    self.fs.append(path, b"".join(blobs[x["chunk_sha"]] for x in entries
                                                  if x["path"] == path))
        finally:
            self._fresh = {}
