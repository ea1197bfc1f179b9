"""Recovery of :class:`~sleepstack.store.store.Store`: finish or discard a half-done mutation.

Entries past ``audit/HEAD`` name exactly what must be true; recovery rolls them
forward (a version that lives only in its log segment is read from there,
:mod:`.s3_held`), rolls back a mutation whose append was torn, and
quarantines (audited) an entry it cannot apply. Every recovery is itself an
audit entry.
"""

from __future__ import annotations

import builtins
import errno
import uuid
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ..errors import CorruptStoreError
from .audit import canonical, entry_hash, parse_lines
from .fs import AuditLog, StoreFS
from .names import now

__all__ = ["RecoveryMixin"]

#: what retrying can never fix when recovery applies a committed entry
_UNAPPLIABLE = (NotADirectoryError, IsADirectoryError, FileExistsError, FileNotFoundError)


class RecoveryMixin:
    """Store methods that bring the tree in line with the log after a crash."""

    fs: StoreFS
    _log: AuditLog

    if TYPE_CHECKING:
        def _tail(self) -> tuple[int, str]: ...
        def _log_tail(self) -> bytes | None: ...
        def _last_entry(self, tail: bytes | None = None) -> dict[str, Any] | None: ...
        def _read_head(self) -> dict[str, Any] | None: ...
        def _write_head(self, entry: dict[str, Any]) -> None: ...
        def _apply_entries(self, entries: Iterable[dict[str, Any]]) -> None: ...
        def _current_sha(self, path: str) -> str | None: ...

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
                "at": now(),
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
                "quarantined_seq": e["seq"], "at": now(), "tx": tx, "tx_n": len(stuck),
                "prev_hash": prev,
            }
            q["hash"] = entry_hash(q)
            prev = q["hash"]
            out.append(q)
        self._log.append(b"".join(canonical(q) + b"\n" for q in out),
                         first_seq=int(out[0]["seq"]))
