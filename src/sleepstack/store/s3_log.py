"""The s3 backend's audit logs: immutable segments (default) or one rewritten object.

``segments``: ``audit/log/<first seq:012d>.jsonl``, each created with
``If-None-Match: *`` (the commit point); a writer that lost its lease computed
its name from a tail that moved on, so its create fails. ``object``: one
``audit/log.jsonl`` rewritten under ``If-Match`` (O(log) per commit).
"""

from __future__ import annotations

import contextlib
import json
import threading
import time
from collections.abc import Collection, Mapping
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, Final

from ..errors import ConflictError, CorruptStoreError
from ..faults import kill_point
from .audit import HEAD_PATH, LOG_PATH, canonical, sha256_hex
from .fs import rewrite_lines
from .names import blob_path
from .s3_base import SEGMENT_DIR, Precondition, segment_key
from .s3_held import HeldBlobs

if TYPE_CHECKING:
    from .s3 import S3FS

__all__ = ["PAYLOAD_SEP", "ObjectLog", "SegmentLog", "entries_part"]

#: Between a segment's entry lines and its payload (the bytes of the mutation's new
#: versions). JSON escapes every control character, so no entry line holds it raw.
PAYLOAD_SEP: Final = b"\x1e"
#: LISTs a full read makes before it gives up on a log that keeps changing under it.
_READ_TRIES: Final = 4


def entries_part(data: bytes) -> bytes:
    """A segment's audit lines, without the payload that may follow them."""
    return data.split(PAYLOAD_SEP, 1)[0]


def _first_seq(rel: str) -> int | None:
    try:
        return int(rel.rsplit("/", 1)[-1].split(".", 1)[0])
    except ValueError:
        return None


def _last_seq(part: bytes) -> int | None:
    line = part.rstrip(b"\n").rsplit(b"\n", 1)[-1]
    try:
        seq = json.loads(line).get("seq")
    except (ValueError, AttributeError):
        return None
    return seq if isinstance(seq, int) else None


def _parse(part: bytes) -> list[dict[str, Any]]:
    """The entries of a segment's audit lines (a line that is not JSON is skipped)."""
    out: list[dict[str, Any]] = []
    for line in part.split(b"\n"):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except ValueError:
            continue
        if isinstance(obj, dict):
            out.append(obj)
    return out


def _with_chunks(body: bytes) -> list[dict[str, Any]]:
    """A segment's entries; an append whose bytes its payload carries gets them as ``_chunk``.

    A reader can then add the appended turns without reading the file
    (:mod:`sleepstack.wake.fresh`); the key is not part of the stored entry.
    """
    entries = _parse(entries_part(body))
    payload = _payload(body) if any(e.get("op") == "append" for e in entries) else {}
    for e in entries:
        text = payload.get(str(e.get("chunk_sha")))
        if e.get("op") == "append" and text is not None and (
                sha256_hex(text.encode()) == e.get("chunk_sha")):
            e["_chunk"] = text
    return entries


def _payload(data: bytes) -> dict[str, str]:
    _, sep, rest = data.partition(PAYLOAD_SEP)
    if not sep:
        return {}
    try:
        obj = json.loads(rest)
    except ValueError:
        return {}
    return {str(k): str(v) for k, v in obj.items()} if isinstance(obj, dict) else {}


class SegmentLog:
    """Immutable segments; the commit point is a conditional create.

    A segment carries, after :data:`PAYLOAD_SEP`, the bytes of the versions
    its entries create: that is where those versions live (an audited write
    is the segment and the working file, two PUTs) until :meth:`compact`
    writes them out as ``versions/`` blobs before it folds the segment; reads
    find them through :attr:`held` (:mod:`.s3_held`), and an erasure drops the
    erased ones (:meth:`drop_payloads`).
    """

    def __init__(self, fs: S3FS) -> None:
        self.fs = fs
        self._cache: dict[str, tuple[str, bytes]] = {}  # rel -> (etag, bytes); immutable
        self._last: str | None = None  # the newest segment any read has seen
        self._session_last: str | None = None  # the tail this lock session checked
        self._session_fresh = False
        self._mutex = threading.Lock()
        self._listed: dict[str, str] = {}  # rel -> etag: the last listing, and our writes
        self.listing_gen = 0  # bumped when _listed changes (the held-blob index follows)
        self._trusted: set[str] = set()  # listed or written under this lock session
        self.held = HeldBlobs(self)

    def begin_session(self) -> None:  # noqa: D102
        self._session_fresh = False
        self._trusted = set()

    def _listed_now(self, rel: str, etag: str | None) -> None:
        """Record that *rel* has *etag* now (None: deleted); call with the mutex held."""
        if etag is None:
            self._listed.pop(rel, None)
            self._trusted.discard(rel)
        else:
            self._listed[rel] = etag
            if self.fs._in_session():
                self._trusted.add(rel)
        self.listing_gen += 1

    def listed(self) -> dict[str, str]:
        """``{segment key: etag}`` of the segments last listed (or written) here."""
        with self._mutex:
            return dict(self._listed)

    def trusted(self, rel: str) -> bool:
        """Whether *rel* was listed or written in this lock session (nothing else changes it)."""
        return rel in self._trusted

    def current(self, rel: str) -> bool:
        """Whether the cached bytes of segment *rel* are still what the bucket holds (a HEAD)."""
        try:
            etag = str(self.fs._call("head_object", Key=self.fs._key(rel))["ETag"])
        except FileNotFoundError:
            return False
        cached = self._cache.get(rel)
        return cached is not None and cached[0] == etag

    def payload_of(self, rel: str, etag: str | None = None) -> dict[str, str] | None:
        """``{sha: text}`` of the versions segment *rel* holds, if cached (at *etag*)."""
        cached = self._cache.get(rel)
        if cached is None or (etag is not None and cached[0] != etag):
            return None
        return _payload(cached[1])

    def _fetch(self, rel: str, etag: str | None = None) -> bytes:
        cached = self._cache.get(rel)
        if cached is not None and (etag is None or cached[0] == etag):
            return cached[1]
        data, got = self.fs._get(rel)
        with self._mutex:
            self._cache[rel] = (got, data)
        return data

    def _head_hint(self) -> str | None:
        try:
            head = json.loads(self.fs.read_bytes(HEAD_PATH).strip())
            return f"{SEGMENT_DIR}/{int(head['seq']):012d}"  # sorts just before that segment
        except (FileNotFoundError, ValueError, TypeError, KeyError):
            return None

    def _from_head(self) -> str | None:
        """The newest segment named by audit/HEAD, when nothing follows it (no LIST).

        HEAD always ends a segment, so a newer mutation would be the segment
        named ``HEAD seq + 1``; one HEAD request of that key settles it.
        """
        try:
            head = json.loads(self.fs.read_bytes(HEAD_PATH).strip())
            seq, seg = int(head["seq"]), head.get("segment")
        except (FileNotFoundError, ValueError, TypeError, KeyError):
            return None
        if not isinstance(seg, str) or not seg.startswith(f"{SEGMENT_DIR}/"):
            return None
        if self.fs._object_exists(segment_key(seq + 1)):
            return None  # HEAD is behind (deferred by a live writer, or a crash): list
        return seg

    def newest_known(self) -> str | None:
        """The newest segment this process has seen (recorded in audit/HEAD)."""
        return self._last

    def _newest(self) -> str | None:
        """The newest segment's key: one LIST after the last one we know of."""
        if self.newest_known() is None:
            hinted = self._from_head()
            if hinted is not None:
                with self._mutex:
                    if self._last is None or hinted > self._last:
                        self._last = hinted
                return hinted
        after = self.newest_known() or self._head_hint()
        found = self.fs._list_keys(f"{SEGMENT_DIR}/", start_after=after) if after else []
        if found:
            newest: str | None = found[-1][0]
        elif after is not None and after == self._last:
            newest = self._last
        else:  # no hint, or a hint past the end (HEAD inside a batch segment): list all
            every = self.fs._list_keys(f"{SEGMENT_DIR}/")
            newest = every[-1][0] if every else None
        with self._mutex:
            if newest is not None and (self._last is None or newest > self._last):
                self._last = newest
        return newest

    def entries_after(self, cursor: tuple[str, int] | None
                      ) -> tuple[tuple[str, int], list[dict[str, Any]], bool]:
        """The entries committed after *cursor* (a segment key and the last seq read there).

        Returns ``(new cursor, entries, complete)``. One LIST after the cursor's
        key, then a GET of each new segment (they are immutable, so each is read
        once). *complete* is False when the caller cannot know what changed
        since its cursor: the first call (no cursor), or a gap in the sequence
        (a compaction folded segments past the cursor into an older key); the
        entries are then those of the newest segment, the one a live writer may
        still be applying. Segment bodies are not kept (a long-lived reader
        would hold the whole log).
        """
        if cursor is None:
            return self._restart()
        after, seq = cursor
        found = self.fs._list_keys(f"{SEGMENT_DIR}/", start_after=after)
        if not found:
            return cursor, [], True
        try:
            if len(found) == 1:
                bodies = [self.fs._get(found[0][0])[0]]
            else:
                with ThreadPoolExecutor(max_workers=min(8, len(found))) as pool:
                    bodies = list(pool.map(lambda item: self.fs._get(item[0])[0], found))
        except FileNotFoundError:  # folded by a compaction between the LIST and the GET
            return self._restart()
        entries: list[dict[str, Any]] = []
        expect = seq + 1
        for body in bodies:
            for e in _with_chunks(body):
                at = e.get("seq")
                if not isinstance(at, int) or at < expect:
                    continue  # a checkpoint overlapping segments already read
                if at != expect:
                    return self._restart()
                entries.append(e)
                expect += 1
        return (found[-1][0], expect - 1), entries, True

    def _restart(self) -> tuple[tuple[str, int], list[dict[str, Any]], bool]:
        newest = self._newest()
        if newest is None:  # an empty log: every segment comes after this key
            return (f"{SEGMENT_DIR}/", 0), [], False
        try:
            part = entries_part(self.fs._get(newest)[0])
        except FileNotFoundError:
            return (f"{SEGMENT_DIR}/", 0), [], False
        entries = _parse(part)
        last = _last_seq(part)
        return (newest, last if last is not None else 0), entries, False

    def read_tail(self, nbytes: int) -> bytes:  # noqa: D102
        if self.fs._in_session():
            # Within a lock session the tail is read once: the commit then goes
            # right after the tail that recovery checked, or its create fails.
            if not self._session_fresh:
                self._session_last = self._newest()
                self._session_fresh = True
            newest = self._session_last
        else:
            newest = self._newest()
        if newest is None:
            raise FileNotFoundError(LOG_PATH)
        return entries_part(self._fetch(newest))[-nbytes:]

    def read_all(self) -> bytes:
        """Every entry once, in order; a whole chain even while a compaction runs elsewhere.

        A compaction writes its checkpoint at the key of the first segment it
        folds, then deletes the others: a segment listed and gone by its GET is
        skipped when an object before it covers its seqs (the checkpoint, read
        fresh), else the log is listed again. After :data:`_READ_TRIES` LISTs
        that never gave a whole view, a ConflictError: never a gapped chain.
        """
        previous: list[tuple[str, str]] | None = None
        for attempt in range(_READ_TRIES):
            if attempt:
                time.sleep(0.01 * 2 ** attempt)  # let a compaction's deletes finish
            found = self.fs._list_keys(f"{SEGMENT_DIR}/")
            bodies = self._bodies(found)
            parts, whole = self._covering(found, bodies)
            if not whole and (len(bodies) < len(found) or found != previous):
                previous = found  # a race (a gap can also be a listing paged across one)
                continue
            # Whole, or a gap two identical listings agree on: the bucket's state
            # (a segment removed outside the store), which `audit verify` reports.
            self._record_listing({rel: bodies[rel][0] for rel, _ in found if rel in bodies})
            return b"".join(parts)
        gone = [rel for rel, _ in found if rel not in bodies]
        raise ConflictError(
            f"the audit log of {self.fs.url} kept changing while it was read ({_READ_TRIES}"
            f" listings, each naming a segment gone by its read: {', '.join(gone[:3]) or '-'});"
            " a compaction elsewhere may still be running: retry", url=self.fs.url,
            segments=gone)

    def _bodies(self, found: list[tuple[str, str]]) -> dict[str, tuple[str, bytes]]:
        """``{key: (etag, bytes)}`` of the listed segments still there (cached or fetched)."""
        missing = [(rel, etag) for rel, etag in found
                   if rel not in self._cache or self._cache[rel][0] != etag]

        def fetch(item: tuple[str, str]) -> None:
            with contextlib.suppress(FileNotFoundError):  # folded since the LIST
                self._fetch(*item)

        if missing:
            # Segments are immutable: fetch the new ones in parallel, once.
            with ThreadPoolExecutor(max_workers=min(16, len(missing))) as pool:
                list(pool.map(fetch, missing))
        with self._mutex:
            return {rel: self._cache[rel] for rel, _ in found if rel in self._cache}

    def _record_listing(self, listed: dict[str, str]) -> None:
        with self._mutex:
            newest = max(listed, default=None)
            if newest is not None and (self._last is None or newest > self._last):
                self._last = newest
            if listed != self._listed:
                self._listed = listed
                self.listing_gen += 1
            if self.fs._in_session():
                self._trusted = set(self._listed)

    def _covering(self, found: list[tuple[str, str]],
                  bodies: Mapping[str, tuple[str, bytes]] | None = None
                  ) -> tuple[list[bytes], bool]:
        """Each object's entries once, and whether they form one chain without a gap.

        A checkpoint covers the segments it replaced: between writing it and
        deleting the segments it folded in (or after a crash there), both
        exist; a segment whose first seq the objects before it already reached
        is skipped (and may be gone). A segment absent from *bodies* (default:
        the cache) that nothing covers, or one that starts past the seq after
        the last one reached, makes the view not whole.
        """
        bodies = self._cache if bodies is None else bodies
        out: list[bytes] = []
        reached = 0
        whole = True
        for rel, _ in found:
            first = _first_seq(rel)
            if first is not None and first <= reached:
                continue
            body = bodies.get(rel)
            if body is None or (first is not None and first > reached + 1):
                whole = False
                if body is None:
                    continue
            part = entries_part(body[1])
            out.append(part)
            reached = max(reached, _last_seq(part) or first or 0)
        return out, whole

    def compact(self, upto: int, *, min_objects: int = 2) -> dict[str, int] | None:
        """Fold the segments of seqs ``<= upto`` into one checkpoint object.

        The checkpoint takes the key of the first segment it folds (``If-Match``
        on that segment's etag), so the log's order and every later segment stay
        as they are; then the folded segments are deleted. Both steps are safe
        to interrupt: readers skip a segment a checkpoint already covers, and the
        next compaction deletes what is left. The versions the folded segments
        hold are written out as ``versions/`` blobs *first* (the checkpoint
        carries no payload), so a kill at any step loses none. Returns
        ``{"first", "last", "objects", "bytes", "blobs"}``, or None when there
        is nothing to fold.
        """
        self.fs._check_commit_allowed()
        found = self.fs._list_keys(f"{SEGMENT_DIR}/")
        self.read_all()  # every object in the cache
        # Never the newest object: readers find the tail after the key they last saw.
        fold = [(rel, etag) for rel, etag in found[:-1]
                if (_first_seq(rel) or 0) <= upto
                and (_last_seq(entries_part(self._cache[rel][1])) or upto + 1) <= upto]
        if len(fold) < max(2, min_objects):
            return None
        blobs = self._write_out([rel for rel, _ in fold])
        kill_point("compact:blobs")  # crash tests: blobs out, every segment still there
        parts, _ = self._covering(fold)
        body = b"".join(parts)
        first_rel, first_etag = fold[0]
        try:
            etag = self.fs._put(first_rel, body, IfMatch=first_etag)
        except Precondition:
            raise ConflictError(f"audit segment {first_rel} of {self.fs.url} changed during"
                                " a compaction; nothing was lost", url=self.fs.url) from None
        with self._mutex:
            self._cache[first_rel] = (etag, body)
            self._listed_now(first_rel, etag)
        kill_point("compact:checkpoint")  # the checkpoint written, the folded segments not gone
        for rel, _ in fold[1:]:
            self.fs._call("delete_object", Key=self.fs._key(rel))
            with self._mutex:
                self._cache.pop(rel, None)
                self._listed_now(rel, None)
        return {"first": _first_seq(first_rel) or 1, "last": _last_seq(body) or upto,
                "objects": len(fold), "bytes": len(body), "blobs": blobs}

    def _write_out(self, rels: list[str]) -> int:
        """Write the versions that segments *rels* hold as ``versions/`` blobs; how many."""
        out: dict[str, bytes] = {}
        for rel in rels:
            for sha, text in (self.payload_of(rel) or {}).items():
                raw = text.encode()
                if sha256_hex(raw) == sha:  # a damaged payload never names a blob wrongly
                    out[sha] = raw
        if out:
            with ThreadPoolExecutor(max_workers=min(8, len(out))) as pool:
                list(pool.map(lambda item: self.fs.write_new(blob_path(item[0]), item[1]),
                              out.items()))
            for sha in out:  # this session may have seen them absent: read them afresh
                self.fs._seen.pop(blob_path(sha), None)
        return len(out)

    def append(self, data: bytes, *, first_seq: int) -> None:  # noqa: D102
        self.append_with_blobs(data, first_seq=first_seq, blobs={})

    def append_with_blobs(self, data: bytes, *, first_seq: int,
                          blobs: Mapping[str, bytes]) -> None:
        """Commit entries *data* with the new versions' bytes in the same object."""
        self.fs._check_commit_allowed()
        rel = segment_key(first_seq)
        if blobs:
            data += PAYLOAD_SEP + canonical({sha: b.decode() for sha, b in blobs.items()})
        try:
            etag = self.fs._put(rel, data, IfNoneMatch="*")
        except Precondition:
            try:
                existing, etag = self.fs._get(rel)
            except FileNotFoundError:
                existing = None
            if existing != data:  # identical bytes can only be our own retried create
                raise ConflictError(
                    f"the audit log of {self.fs.url} moved: seq {first_seq} was committed by"
                    " another writer (this writer's lease was lost); nothing was changed",
                    url=self.fs.url, seq=first_seq,
                ) from None
        with self._mutex:
            self._cache[rel] = (etag, data)
            self._listed_now(rel, etag)
            if self._last is None or rel > self._last:
                self._last = rel
        self._session_last = rel

    def rewrite(self, lines: Mapping[int, bytes], *, drop: Collection[str] = ()) -> None:
        """Erasure (ADR 0004): rewrite each segment holding a scrubbed entry, in place.

        The versions named in *drop* leave the payloads too (the others stay:
        a segment is where they live until compaction).
        """
        self.fs._check_commit_allowed()
        for rel, etag in self.fs._list_keys(f"{SEGMENT_DIR}/"):
            data = self._fetch(rel, etag)
            new = rewrite_lines(entries_part(data), lines)
            if PAYLOAD_SEP in data:
                # A payload that does not parse is dropped whole: it may hold anything.
                keep = {k: v for k, v in _payload(data).items() if k not in drop}
                if keep:
                    new += PAYLOAD_SEP + canonical(keep)
            if new != data:
                try:
                    new_etag = self.fs._put(rel, new, IfMatch=etag)
                except Precondition:
                    raise ConflictError(f"audit segment {rel} of {self.fs.url} changed during"
                                        " an erasure; it resumes on the next open",
                                        url=self.fs.url) from None
                with self._mutex:
                    self._cache[rel] = (new_etag, new)
                    self._listed_now(rel, new_etag)

    def drop_payloads(self, shas: Collection[str]) -> None:
        """Rewrite every segment whose payload holds one of *shas* without it (an erasure)."""
        self.rewrite({}, drop=shas)

    def truncate(self, size: int) -> None:  # noqa: D102
        raise CorruptStoreError(
            f"{self.fs.url}: an audit segment ends mid-line; segments are written whole, so"
            " one was edited outside the store (run `sleepstack audit verify`)"
        )

    def replace(self, data: bytes) -> None:  # noqa: D102
        raise CorruptStoreError(
            f"{self.fs.url}: the last audit segment holds part of a mutation; segments are"
            " written whole, so one was edited outside the store (run `sleepstack audit verify`)"
        )


class ObjectLog:
    """One ``audit/log.jsonl`` object, rewritten whole under ``If-Match`` (O(log) per commit)."""

    def __init__(self, fs: S3FS) -> None:
        self.fs = fs
        self._session: tuple[str | None, bytes] | None = None  # (etag, bytes) read this session

    def begin_session(self) -> None:  # noqa: D102
        self._session = None

    def _read(self) -> tuple[str | None, bytes]:
        try:
            data, etag = self.fs._get(LOG_PATH)
        except FileNotFoundError:
            return None, b""
        return etag, data

    def _current(self) -> tuple[str | None, bytes]:
        if not self.fs._in_session():
            return self._read()
        if self._session is None:
            self._session = self._read()
        return self._session

    def read_all(self) -> bytes:  # noqa: D102
        return self._current()[1]

    def read_tail(self, nbytes: int) -> bytes:  # noqa: D102
        etag, data = self._current()
        if etag is None:
            raise FileNotFoundError(LOG_PATH)
        return data[-nbytes:]

    def _rewrite(self, data: bytes) -> None:
        self.fs._check_commit_allowed()
        etag, _ = self._current()
        conditions = {"IfNoneMatch": "*"} if etag is None else {"IfMatch": etag}
        try:
            new_etag: str | None = self.fs._put(LOG_PATH, data, **conditions)
        except (Precondition, FileNotFoundError):
            new_etag, current = self._read()
            if current != data:  # identical bytes can only be our own retried PUT
                raise ConflictError(
                    f"the audit log of {self.fs.url} moved since this writer read it (its"
                    " lease was lost); nothing was changed", url=self.fs.url,
                ) from None
        self._session = (new_etag, data)

    def append(self, data: bytes, *, first_seq: int) -> None:  # noqa: D102
        self._rewrite(self._current()[1] + data)

    def truncate(self, size: int) -> None:  # noqa: D102
        self._rewrite(self._current()[1][:size])

    def replace(self, data: bytes) -> None:  # noqa: D102
        self._rewrite(data)

    def rewrite(self, lines: Mapping[int, bytes]) -> None:  # noqa: D102
        self._rewrite(rewrite_lines(self._current()[1], lines))
