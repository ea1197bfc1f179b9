"""Version blobs that live only inside an audit-log segment, until compaction writes them out.

On ``s3://`` with the segmented log, a commit is one object: the segment
carries the audit entries *and* the bytes of the versions they create (its
payload, :mod:`.s3_log`). Writing each version again as ``versions/<sha>``
would be a second PUT on every write, so the store does not: a version stays
in its segment until :meth:`SegmentLog.compact` folds that segment, which
writes the blobs out first (and erasure drops erased ones from the payloads).

Every reader of versions goes through ``S3FS.read_bytes`` / ``exists`` of
``blob_path(sha)``; when that object is missing they ask :func:`held_blob`.
The lookup is an index ``sha -> segment`` over the segments the log has
listed and cached (segments are immutable, each is parsed once), so a read
costs no scan: at most one LIST (and GETs of segments this process has not
seen yet) on a miss. Out of a lock session a hit is checked against the
bucket first (one HEAD: an erasure or compaction by another process may have
rewritten the segment since it was cached); under the lease, a segment
listed or written in this session is trusted (nothing else can change it).
"""

from __future__ import annotations

import re
import threading
from typing import TYPE_CHECKING

from ..errors import ConflictError
from .audit import sha256_hex

if TYPE_CHECKING:
    from .s3 import S3FS
    from .s3_log import SegmentLog

__all__ = ["HeldBlobs", "blob_sha", "held_blob"]

_BLOB = re.compile(r"versions/([0-9a-f]{2})/([0-9a-f]{64})")


def blob_sha(rel: str) -> str | None:
    """The sha a ``versions/<xx>/<sha>`` path names, or None for any other path."""
    m = _BLOB.fullmatch(rel)
    return m.group(2) if m and m.group(2).startswith(m.group(1)) else None


def held_blob(fs: S3FS, rel: str) -> bytes | None:
    """The bytes of blob *rel* from the log segment holding it (None: no segment does)."""
    sha = blob_sha(rel)
    if sha is None:
        return None
    held: HeldBlobs | None = getattr(fs.audit_log(), "held", None)
    if held is None:
        return None  # the object layout writes every blob at commit time
    found = held.find(sha, in_session=fs._in_session())
    if found is None and not fs._in_session():
        # A compaction elsewhere may have written the blob out (before it folded the
        # segment) between our miss and the listing that no longer shows the payload.
        try:
            data = fs._get(rel)[0]
        except FileNotFoundError:
            return None
        return data if sha256_hex(data) == sha else None
    return found


class HeldBlobs:
    """``sha -> segment`` over a :class:`SegmentLog`'s listed segments, rebuilt on change."""

    def __init__(self, log: SegmentLog) -> None:
        self.log = log
        self._where: dict[str, str] = {}  # sha -> segment key holding it
        self._indexed: dict[str, tuple[str, frozenset[str]]] = {}  # rel -> (etag, shas)
        self._gen = -1  # the listing generation the index reflects
        self._mutex = threading.Lock()

    def _holder(self, sha: str) -> str | None:
        log = self.log
        with self._mutex:
            if self._gen != log.listing_gen:
                gen = log.listing_gen  # before the copy: a change after it rebuilds again
                listed = log.listed()
                orphans: set[str] = set()
                for rel in [r for r in self._indexed if r not in listed]:
                    orphans |= self._forget(rel)
                for rel, etag in listed.items():
                    if self._indexed.get(rel, ("", frozenset()))[0] == etag:
                        continue
                    orphans |= self._forget(rel)
                    payload = log.payload_of(rel, etag)
                    if payload is None:
                        continue  # listed, not fetched (yet): indexed once it is
                    shas = frozenset(payload)
                    self._indexed[rel] = (etag, shas)
                    for s in shas:
                        self._where[s] = rel
                # The same bytes written twice live in two segments: one going away
                # must not hide the other.
                for s in orphans - self._where.keys():
                    for rel, (_, shas) in self._indexed.items():
                        if s in shas:
                            self._where[s] = rel
                            break
                self._gen = gen
            return self._where.get(sha)

    def _forget(self, rel: str) -> set[str]:
        """Drop *rel* from the index; the shas that pointed at it."""
        _, shas = self._indexed.pop(rel, ("", frozenset()))
        gone = {s for s in shas if self._where.get(s) == rel}
        for s in gone:
            del self._where[s]
        return gone

    def find(self, sha: str, *, in_session: bool) -> bytes | None:
        """The verified bytes of *sha* from a segment's payload, or None."""
        log = self.log
        for refreshed in (False, True):
            if refreshed:
                try:
                    log.read_all()  # one LIST; GETs only of segments not cached yet
                except (FileNotFoundError, ConflictError):
                    return None  # a compaction folded one since the LIST: its blobs are out
            rel = self._holder(sha)
            if rel is None:
                continue
            if not refreshed and not (in_session and log.trusted(rel)) and not log.current(rel):
                continue  # changed since it was cached: list again
            text = (log.payload_of(rel) or {}).get(sha)
            if text is not None and sha256_hex(raw := text.encode()) == sha:
                return raw
        return None
