"""The reads a wake replica on ``s3://`` makes on every recall, in few requests (issue #15).

* :meth:`ReadsMixin.list_sizes`: a folder's files and their sizes from one LIST
  (S3 returns each object's size in the listing; no HEAD per file);
* :meth:`ReadsMixin.read_from`: the bytes of a file past an offset (one ranged
  GET: a raw log's tail past the index watermark, not the whole day file);
* :meth:`ReadsMixin.changes_after`: the audit log as a change feed. Every change
  to the audited tree is an entry of a segment (the commit point comes before
  the working files are written), so one LIST after the last segment a reader
  saw tells it whether anything changed at all, and the new segments say which
  paths (:mod:`sleepstack.wake.fresh` builds its cache on it).

All three are read-only and take no lease.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import BackendError

if TYPE_CHECKING:
    from .fs import AuditLog

__all__ = ["Cursor", "ReadsMixin"]

#: Where a change feed stands: the newest segment read and the last seq in it.
Cursor = tuple[str, int]


class ReadsMixin:
    """Read-side helpers of :class:`~sleepstack.store.s3.S3FS`."""

    if TYPE_CHECKING:
        _prefix: str

        def _call(self, op: str, **kwargs: Any) -> dict[str, Any]: ...
        def _get(self, rel: str, **kwargs: Any) -> tuple[bytes, str]: ...
        def _key(self, rel: str) -> str: ...
        def read_bytes(self, rel: str) -> bytes: ...  # noqa: D102
        def audit_log(self) -> AuditLog: ...  # noqa: D102

    def list_sizes(self, prefix: str) -> dict[str, int]:
        """``{path: size}`` of every file under folder *prefix* (dot names skipped)."""
        base = prefix.strip("/")
        kwargs: dict[str, Any] = {"Prefix": self._key(f"{base}/" if base else "")}
        out: dict[str, int] = {}
        while True:
            page = self._call("list_objects_v2", **kwargs)
            for obj in page.get("Contents", []):
                rel = str(obj["Key"])[len(self._prefix):]
                if not any(seg.startswith(".") for seg in rel.split("/")):
                    out[rel] = int(obj.get("Size", 0))
            if not page.get("IsTruncated"):
                return out
            kwargs["ContinuationToken"] = page["NextContinuationToken"]

    def read_from(self, rel: str, offset: int) -> bytes:
        """The bytes of *rel* from *offset* on (``b""`` at or past its end)."""
        if offset <= 0:
            return self.read_bytes(rel)
        try:
            return self._get(rel, Range=f"bytes={offset}-")[0]
        except BackendError as exc:
            if exc.fields.get("code") != "InvalidRange":
                raise
            return b""  # nothing past the offset

    def changes_after(self, cursor: Cursor | None
                      ) -> tuple[Cursor, list[dict[str, Any]], bool] | None:
        """Audit entries committed after *cursor* (see ``SegmentLog.entries_after``).

        None when this store's log is one rewritten object (no cheap feed).
        """
        from .s3_log import SegmentLog

        log = self.audit_log()
        if not isinstance(log, SegmentLog):
            return None
        return log.entries_after(cursor)
