"""The store on object storage (``s3://bucket/prefix``): a lease for the lock, a conditional log.

S3 has no rename, no append and no cross-process lock, but every PUT replaces a
whole object atomically and S3 evaluates ``If-None-Match: *`` (create only) and
``If-Match: <etag>`` (replace only what I read) on the server. This backend
builds the store's guarantees from exactly those two primitives
(docs/adr/0002-object-storage.md has the full argument):

* **lock** — a lease object ``<prefix>/.lock`` (outside every audited area),
  created with ``If-None-Match: *``, renewed by a background thread with
  ``If-Match`` on its own etag, released by a conditional delete. A lease whose
  holder stopped renewing expires in *server* time (the object's
  ``Last-Modified`` against the response's ``Date``), so writers' clocks never
  have to agree; an expired lease is taken over with ``If-Match`` on its etag.
* **commit point** — the audit log is a series of immutable segments
  ``audit/log/<first seq:012d>.jsonl``, one per commit (one mutation, or a
  group of them: :mod:`.group`), each created with ``If-None-Match: *`` and
  carrying the new versions' bytes, which live there (:mod:`.s3_held`) until
  :mod:`.compact` writes them out as blobs and folds old segments into a
  checkpoint: a write is its segment and its working files. A writer that
  lost its lease computed its segment name from a tail that has moved on, so
  its create fails: it cannot fork or clobber the log (:class:`ConflictError`),
  whatever its clock believes. The alternative layout (``log_layout="object"``),
  one ``audit/log.jsonl`` rewritten with ``If-Match``, gives the same guarantee
  at O(log size) per commit.
* **working files** — written only after the commit point, and under the lock
  each PUT/DELETE is conditional on the etag this session read. A stale writer
  therefore cannot overwrite what a newer lease holder wrote; it stops touching
  the tree, and the newer holder's recovery (which replays every entry past
  ``audit/HEAD``) has applied, or will apply, its committed mutation.

Connection settings come from the usual AWS environment (``AWS_ENDPOINT_URL``,
``AWS_ACCESS_KEY_ID``, ``AWS_SECRET_ACCESS_KEY``, ``AWS_SESSION_TOKEN``,
``AWS_REGION``/``AWS_DEFAULT_REGION``, ``AWS_PROFILE``), from fsspec's ``s3``
configuration (``FSSPEC_S3_ENDPOINT_URL``, ``FSSPEC_S3='{"key": ...}'``) or from
``storage_options`` with s3fs's names (``key``, ``secret``, ``token``,
``endpoint_url``, ``profile``, ``client_kwargs``, ``config_kwargs``). Lease
settings: ``lease_ttl`` / ``lock_timeout`` / ``lease_linger`` options, or
``SLEEPSTACK_S3_LEASE_TTL`` / ``SLEEPSTACK_S3_LOCK_TIMEOUT`` /
``SLEEPSTACK_S3_LEASE_LINGER`` (seconds; the lease is kept that long after the
last write, and ``audit/HEAD`` is written when it is given back, :mod:`.s3_lease`).
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import socket
import threading
import time
import uuid
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..environment import current
from ..errors import (
    BackendError,
    ConflictError,
    LockHeldError,
    StoreNotFoundError,
    UsageError,
)
from .audit import HEAD_PATH, LOG_PATH, canonical
from .fs import AuditLog
from .s3_base import (
    LEASE_KEY,
    SEGMENT_DIR,
    UNSEEN,
    LogLayout,
    Precondition,
    float_option,
    load_botocore,
)
from .s3_held import held_blob
from .s3_lease import Lease, LeaseMixin
from .s3_log import ObjectLog, SegmentLog
from .s3_reads import ReadsMixin

__all__ = ["LEASE_KEY", "S3FS", "SEGMENT_DIR", "LogLayout"]

log = logging.getLogger(__name__)

_DEFAULT_TTL = 30.0
_DEFAULT_TIMEOUT = 120.0
_MIN_TTL = 2.0  # Last-Modified and Date have one-second resolution
_DEFAULT_LINGER = 1.0  # seconds a writer keeps its lease after its last mutation
_MAX_BODIES = 4096  # bytes of files kept per lease, by count
_HEAD_EVERY = 32  # deferred audit/HEAD writes: bounds what a crash leaves to re-check


class S3FS(ReadsMixin, LeaseMixin):
    """A store under ``s3://bucket/prefix`` on AWS S3 or any S3-compatible server."""

    def __init__(
        self,
        url: str,
        *,
        storage_options: Mapping[str, Any] | None = None,
        lease_ttl: float | None = None,
        lock_timeout: float | None = None,
        log_layout: LogLayout | None = None,
        lease_linger: float | None = None,
    ) -> None:
        session_mod, config_mod, exc_mod = load_botocore(url)
        self._client_error: type[Exception] = exc_mod.ClientError
        self._botocore_error: type[Exception] = exc_mod.BotoCoreError
        scheme, _, rest = url.partition("://")
        bucket, _, prefix = rest.strip("/").partition("/")
        if scheme not in ("s3", "s3a") or not bucket:
            raise UsageError(f"not an s3://bucket[/prefix] URL: {url!r}", url=url)
        self.bucket = bucket
        self._prefix = f"{prefix.strip('/')}/" if prefix.strip("/") else ""
        self.url = f"s3://{bucket}/{self._prefix}".rstrip("/")

        opts = dict(self._fsspec_defaults())
        opts.update(storage_options or {})
        env = current()  # the lease times an entry point's environment sets, if any
        ttl = lease_ttl if lease_ttl is not None else opts.pop("lease_ttl", None)
        ttl = ttl if ttl is not None else env.get("SLEEPSTACK_S3_LEASE_TTL", _DEFAULT_TTL)
        wait = lock_timeout if lock_timeout is not None else opts.pop("lock_timeout", None)
        wait = wait if wait is not None else env.get(
            "SLEEPSTACK_S3_LOCK_TIMEOUT", _DEFAULT_TIMEOUT
        )
        self.lease_ttl = max(_MIN_TTL, float_option(ttl, "lease_ttl"))
        self.lock_timeout = max(0.0, float_option(wait, "lock_timeout"))
        linger = lease_linger if lease_linger is not None else opts.pop("lease_linger", None)
        linger = linger if linger is not None else env.get(
            "SLEEPSTACK_S3_LEASE_LINGER", _DEFAULT_LINGER)
        # Never linger past the point where the lease must be renewed to stay ours.
        self.lease_linger = min(max(0.0, float_option(linger, "lease_linger")),
                                self.lease_ttl / 2)
        layout = log_layout or opts.pop("log_layout", None) or "segments"
        if layout not in ("segments", "object"):
            raise UsageError(f"log_layout must be 'segments' or 'object', got {layout!r}")
        self._configured_layout: LogLayout = layout
        self._client = self._make_client(session_mod, config_mod, opts)
        self.owner = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"

        # Lock state. The RLock serialises threads sharing this object; the lease
        # serialises processes and machines.
        self._mutex = threading.RLock()
        self._depth = 0
        self._holder: int | None = None
        self._lease: Lease | None = None
        # Per lock session: etags we read (None = we saw it absent), so writes
        # under the lock replace exactly what we looked at and nothing newer.
        self._seen: dict[str, str | None] = {}
        # ... and their bytes: under a live lease nothing else changes them, and
        # if something did, the conditional writes catch it.
        self._bodies: dict[str, bytes] = {}
        self._stale = False
        # audit/HEAD is a hint (recovery re-checks entries past it idempotently),
        # so while the lease is held it is written every _HEAD_EVERY commits and
        # when the lease is given back, not on every commit.
        self._pending_head: bytes | None = None
        self._head_deferred = 0
        self._linger_until = 0.0
        self._reaper: threading.Thread | None = None
        self._log: SegmentLog | ObjectLog | None = None
        self._log_mutex = threading.Lock()

    # ------------------------------------------------------------ connection
    @staticmethod
    def _fsspec_defaults() -> dict[str, Any]:
        # fsspec's own configuration for "s3" (files or FSSPEC_S3_* variables),
        # so a deployment configured for s3fs works unchanged.
        with contextlib.suppress(ImportError):
            import fsspec.config

            return dict(fsspec.config.conf.get("s3", {}))
        return {}

    def _make_client(self, session_mod: Any, config_mod: Any, opts: dict[str, Any]) -> Any:
        profile = opts.pop("profile", None)
        session = session_mod.Session(profile=profile) if profile else session_mod.get_session()
        client_kwargs = dict(opts.pop("client_kwargs", None) or {})
        config_kwargs = dict(opts.pop("config_kwargs", None) or {})
        config_kwargs.setdefault("retries", {"mode": "standard", "max_attempts": 5})
        config_kwargs.setdefault("max_pool_connections", 32)
        config_kwargs.setdefault("connect_timeout", 10)
        config_kwargs.setdefault("read_timeout", 60)
        for ours, theirs in (("key", "aws_access_key_id"), ("secret", "aws_secret_access_key"),
                             ("token", "aws_session_token"), ("endpoint_url", "endpoint_url"),
                             ("region_name", "region_name")):
            if opts.get(ours) is not None:
                client_kwargs.setdefault(theirs, opts[ours])
        region = (client_kwargs.pop("region_name", None) or session.get_config_variable("region")
                  or "us-east-1")
        try:
            return session.create_client(
                "s3", region_name=region, config=config_mod.Config(**config_kwargs),
                **client_kwargs,
            )
        except (TypeError, ValueError, self._botocore_error) as exc:
            raise UsageError(f"cannot configure s3 access for {self.url}: {exc}",
                             url=self.url) from exc

    def _key(self, rel: str) -> str:
        return f"{self._prefix}{rel}"

    def _call(self, op: str, **kwargs: Any) -> dict[str, Any]:
        """One S3 request, its failures mapped onto the store's vocabulary."""
        try:
            response: dict[str, Any] = getattr(self._client, op)(Bucket=self.bucket, **kwargs)
        except self._client_error as exc:
            info = getattr(exc, "response", {}) or {}
            code = str(info.get("Error", {}).get("Code", ""))
            status = info.get("ResponseMetadata", {}).get("HTTPStatusCode")
            if code == "NoSuchBucket":
                raise StoreNotFoundError(
                    f"bucket {self.bucket!r} does not exist (create it first)", home=self.url
                ) from None
            if code in ("NoSuchKey", "404", "NotFound") or status == 404:
                raise FileNotFoundError(kwargs.get("Key", "")) from None
            if code in ("PreconditionFailed", "ConditionalRequestConflict") or status in (412, 409):
                raise Precondition(code) from None
            raise BackendError(f"s3 {op} on {self.url} failed: {exc}", url=self.url, op=op,
                               code=code) from exc
        except self._botocore_error as exc:
            raise BackendError(f"s3 {op} on {self.url} failed: {exc}", url=self.url,
                               op=op) from exc
        return response

    def _get(self, rel: str, **kwargs: Any) -> tuple[bytes, str]:
        response = self._call("get_object", Key=self._key(rel), **kwargs)
        with contextlib.closing(response["Body"]) as body:
            data: bytes = body.read()
        return data, str(response["ETag"])

    def _put(self, rel: str, data: bytes, **conditions: str) -> str:
        return str(self._call("put_object", Key=self._key(rel), Body=data, **conditions)["ETag"])

    def _list_keys(self, prefix: str, *, start_after: str | None = None
                   ) -> list[tuple[str, str]]:
        """(relative key, etag) of every object under *prefix*, in key order."""
        out: list[tuple[str, str]] = []
        kwargs: dict[str, Any] = {"Prefix": self._key(prefix)}
        if start_after:
            kwargs["StartAfter"] = self._key(start_after)
        while True:
            page = self._call("list_objects_v2", **kwargs)
            out.extend((obj["Key"][len(self._prefix):], str(obj.get("ETag", "")))
                       for obj in page.get("Contents", []))
            if not page.get("IsTruncated"):
                return out
            kwargs["ContinuationToken"] = page["NextContinuationToken"]

    # ------------------------------------------------------- session helpers
    def _in_session(self) -> bool:
        return self._depth > 0 and self._holder == threading.get_ident()

    def check_lease(self) -> None:
        """Raise unless this thread holds a live lease (a manifest publish, a commit)."""
        self._check_commit_allowed()

    def holds_lock(self) -> bool:
        """Whether this thread is inside a lock session (the store then commits directly)."""
        return self._in_session()

    def _note(self, rel: str, etag: str | None, body: bytes | None = None) -> None:
        if self._in_session():
            self._seen[rel] = etag
            if body is None:
                self._bodies.pop(rel, None)
            else:
                if len(self._bodies) >= _MAX_BODIES:
                    # A lease held for hours must not keep every file in memory;
                    # dropped bodies are read again (the etags stay, so still checked).
                    self._bodies = {HEAD_PATH: self._bodies[HEAD_PATH]} if (
                        HEAD_PATH in self._bodies) else {}
                self._bodies[rel] = body

    def _lost_race(self, rel: str) -> None:
        # Writes under the lock come after the commit point, so the mutation is
        # already durable in the log; a newer lease holder replays it on recovery.
        # Touching the tree further could only undo that holder's work.
        log.warning("%s: %s changed under a stale lease; leaving the tree to the new holder",
                    self.url, rel)
        self._stale = True

    def _check_commit_allowed(self) -> None:
        """Refuse a commit when this process can no longer trust its lease."""
        lease = self._lease
        if not self._in_session() or lease is None:
            raise ConflictError(f"commit to {self.url} outside the store lock", url=self.url)
        if self._stale:
            raise ConflictError(f"{self.url} changed under this writer's lease", url=self.url)
        if lease.lost or time.monotonic() > lease.valid_until:
            raise LockHeldError(
                f"the lease on {self.url} expired before the commit point; retry",
                url=self.url, owner=self.owner,
            )

    # ------------------------------------------------------------------ reads
    def read_bytes(self, rel: str) -> bytes:
        """An object's bytes; a version blob may still live in its log segment (s3_held)."""
        try:
            return self._read_object(rel)
        except FileNotFoundError:
            held = held_blob(self, rel)
            if held is None:
                raise
            return held

    def _read_object(self, rel: str) -> bytes:
        if rel == HEAD_PATH and self._pending_head is not None:
            return self._pending_head  # deferred under a lingering lease: ours is newest
        if self._in_session():
            if rel in self._bodies:
                return self._bodies[rel]
            if rel in self._seen and self._seen[rel] is None:
                raise FileNotFoundError(rel)  # seen absent in this session
        try:
            data, etag = self._get(rel)
        except FileNotFoundError:
            self._note(rel, None)
            raise FileNotFoundError(rel) from None
        self._note(rel, etag, data)
        return data

    def exists(self, rel: str) -> bool:  # noqa: D102
        return self._object_seen(rel) or held_blob(self, rel) is not None

    def _object_seen(self, rel: str) -> bool:
        if rel == HEAD_PATH and self._pending_head is not None:
            return True
        if self._in_session() and rel in self._seen:
            return self._seen[rel] is not None
        try:
            response = self._call("head_object", Key=self._key(rel))
        except FileNotFoundError:
            self._note(rel, None)
            return False
        self._note(rel, str(response["ETag"]))
        return True

    def is_dir(self, rel: str) -> bool:
        """A key prefix with at least one object below it (one LIST of one key)."""
        page = self._call("list_objects_v2", Prefix=self._key(rel.strip("/") + "/"), MaxKeys=1)
        return bool(page.get("Contents"))

    def size(self, rel: str) -> int:  # noqa: D102
        if self._in_session() and rel in self._bodies:
            return len(self._bodies[rel])
        try:
            response = self._call("head_object", Key=self._key(rel))
        except FileNotFoundError:
            self._note(rel, None)
            raise FileNotFoundError(rel) from None
        self._note(rel, str(response["ETag"]))
        return int(response["ContentLength"])

    def read_tail(self, rel: str, nbytes: int) -> bytes:  # noqa: D102
        if nbytes <= 0:
            return b""
        try:
            data, etag = self._get(rel, Range=f"bytes=-{nbytes}")
        except BackendError as exc:
            if exc.fields.get("code") != "InvalidRange":
                raise
            return self.read_bytes(rel)  # an empty object has no byte range to ask for
        except FileNotFoundError:
            self._note(rel, None)
            raise FileNotFoundError(rel) from None
        self._note(rel, etag)
        return data

    # ----------------------------------------------------------------- writes
    def _put_tree(self, rel: str, data: bytes) -> None:
        """Replace a working file; under the lock only if it is still what we read."""
        if not self._in_session():
            self._put(rel, data)
            return
        if self._stale:
            return
        seen = self._seen.get(rel, UNSEEN)
        conditions = ({} if seen == UNSEEN else
                      {"IfNoneMatch": "*"} if seen is None else {"IfMatch": seen})
        try:
            self._note(rel, self._put(rel, data, **conditions), data)
        except (Precondition, FileNotFoundError):
            # A retried PUT that had in fact landed finds its own bytes.
            try:
                current, etag = self._get(rel)
            except FileNotFoundError:
                current, etag = None, ""
            if current == data:
                self._note(rel, etag, data)
            else:
                self._lost_race(rel)

    def write_atomic(self, rel: str, data: bytes, *, durable: bool = True) -> None:
        """One PUT: S3 replaces whole objects atomically and durably."""
        self._put_tree(rel, data)

    def overwrite_small(self, rel: str, data: bytes) -> None:
        """``audit/HEAD``: conditional too, so a stale writer cannot move it backwards.

        Under a lease that lingers it is deferred: this session reads the new
        bytes, the bucket gets them every few commits and on release.
        """
        if rel != HEAD_PATH or not self._in_session():
            self._put_tree(rel, data)
            return
        self._pending_head = data
        self._bodies[rel] = data
        self._head_deferred += 1
        if self.lease_linger <= 0 or self._head_deferred >= _HEAD_EVERY:
            self._flush_head()

    def _object_exists(self, rel: str) -> bool:
        try:
            self._call("head_object", Key=self._key(rel))
        except FileNotFoundError:
            return False
        return True

    def _head_with_segment(self, data: bytes) -> bytes:
        # audit/HEAD also names the segment that ends with it, so an open finds the
        # log's tail with GETs instead of a LIST (s3_log.SegmentLog._from_head).
        log = self._log
        if not isinstance(log, SegmentLog) or log.newest_known() is None:
            return data
        try:
            head = json.loads(data)
        except ValueError:
            return data
        if not isinstance(head, dict):
            return data
        head["segment"] = log.newest_known()
        return canonical(head)

    def _flush_head(self) -> None:
        data, self._pending_head = self._pending_head, None
        if data is not None:
            data = self._head_with_segment(data)
        self._head_deferred = 0
        if data is None or self._stale:
            return
        lease = self._lease
        if lease is None or lease.lost:
            return  # the next holder's recovery re-checks what HEAD would have said
        # An expired lease may still write it: HEAD only says that our own (applied)
        # mutations are complete, and If-Match keeps a newer holder's HEAD from moving back.
        seen = self._seen.get(HEAD_PATH, UNSEEN)
        conditions = ({} if seen == UNSEEN else
                      {"IfNoneMatch": "*"} if seen is None else {"IfMatch": seen})
        try:
            self._seen[HEAD_PATH] = self._put(HEAD_PATH, data, **conditions)
            self._bodies[HEAD_PATH] = data
        except (Precondition, FileNotFoundError):
            with contextlib.suppress(FileNotFoundError):
                if self._get(HEAD_PATH)[0] == data:
                    return  # our own retried PUT had landed
            self._lost_race(HEAD_PATH)

    def drop_cache(self) -> None:
        """Read the bucket afresh from now on (``audit verify``: trust nothing remembered)."""
        with self._mutex:
            if self._lease is not None:
                self._flush_head()
            self._seen = {}
            self._bodies = {}

    def _begin_session(self) -> None:
        """A fresh lease: forget everything read under an earlier one."""
        self._seen = {}
        self._bodies = {}
        self._stale = False
        self._pending_head = None
        self._head_deferred = 0
        if self._log is not None:
            self._log.begin_session()

    def _end_session(self) -> None:
        """The lease is about to be given back: write what was deferred."""
        try:
            self._flush_head()
        finally:
            self._seen = {}
            self._bodies = {}

    def append(self, rel: str, data: bytes) -> None:
        """Read-modify-write, conditional on the etag of what was read."""
        while True:
            seen = self._seen.get(rel, UNSEEN) if self._in_session() else UNSEEN
            if seen != UNSEEN and (seen is None or rel in self._bodies):
                # This session already knows the bytes: the condition alone decides.
                old, etag = (b"", "") if seen is None else (self._bodies[rel], seen)
            else:
                try:
                    old, etag = self._get(rel)
                except FileNotFoundError:
                    old, etag = b"", ""
                if seen != UNSEEN and (seen or "") != etag:
                    self._lost_race(rel)
            if self._in_session() and self._stale:
                return
            conditions = {"IfMatch": etag} if etag else {"IfNoneMatch": "*"}
            try:
                new_etag = self._put(rel, old + data, **conditions)
            except (Precondition, FileNotFoundError):
                if not self._in_session():
                    continue  # outside the lock: another appender won, read again
                # Under the lock, only our own retried PUT may have landed.
                self._put_tree(rel, old + data)
                return
            self._note(rel, new_etag, old + data)
            return

    def write_new(self, rel: str, data: bytes) -> None:
        """Content-addressed blob: create it unless it is already there (same name, same bytes)."""
        try:
            etag = self._put(rel, data, IfNoneMatch="*")
        except Precondition:
            # Already there: its etag is unknown to this session, so forget what we
            # saw (a "seen absent" left behind would make a later remove a no-op).
            if self._in_session():
                self._seen.pop(rel, None)
                self._bodies[rel] = data
            return
        # replaying the commit reads it right back
        self._note(rel, etag, data)

    def truncate(self, rel: str, size: int) -> None:  # noqa: D102
        data = self.read_bytes(rel)
        self._put_tree(rel, data[:size])

    def remove(self, rel: str) -> None:  # noqa: D102
        seen = self._seen.get(rel, UNSEEN) if self._in_session() else UNSEEN
        if seen is None or (self._in_session() and self._stale):
            return
        conditions = {} if seen == UNSEEN else {"IfMatch": seen}
        try:
            self._call("delete_object", Key=self._key(rel), **conditions)
        except FileNotFoundError:
            pass
        except Precondition:
            self._lost_race(rel)
            return
        self._note(rel, None)

    def list(self, prefix: str) -> list[str]:  # noqa: D102
        base = prefix.strip("/")
        found = [rel for rel, _ in self._list_keys(f"{base}/" if base else "")
                 if not any(seg.startswith(".") for seg in rel.split("/"))]
        if not found and base and self.exists(base):
            return [base]
        return sorted(found)

    def local_path(self) -> Path | None:  # noqa: D102
        return None

    # -------------------------------------------------------------- audit log
    def audit_log(self) -> AuditLog:
        """The store's log on this bucket (see the module docstring)."""
        with self._log_mutex:
            if self._log is None:
                layout = self._detect_layout()
                self._log = SegmentLog(self) if layout == "segments" else ObjectLog(self)
                if self._in_session():
                    self._log.begin_session()
            return self._log

    @property
    def log_layout(self) -> LogLayout:
        """The layout of this store's audit log (an existing store's own layout wins)."""
        return "object" if isinstance(self.audit_log(), ObjectLog) else "segments"

    def _detect_layout(self) -> LogLayout:
        # "audit/log.jsonl" sorts before "audit/log/…", so two keys settle it.
        page = self._call("list_objects_v2", Prefix=self._key("audit/log"), MaxKeys=2)
        keys = [obj["Key"][len(self._prefix):] for obj in page.get("Contents", [])]
        if LOG_PATH in keys:
            return "object"
        if any(k.startswith(f"{SEGMENT_DIR}/") for k in keys):
            return "segments"
        return self._configured_layout


