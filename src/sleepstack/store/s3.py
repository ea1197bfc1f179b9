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
  ``audit/log/<first seq:012d>.jsonl``, one per mutation, each created with
  ``If-None-Match: *``. A writer that lost its lease computed its segment name
  from a tail that has moved on, so its create fails: it cannot fork or clobber
  the log (:class:`ConflictError`), whatever its clock believes. The
  alternative layout (``log_layout="object"``), one ``audit/log.jsonl`` rewritten
  with ``If-Match``, gives the same guarantee at O(log size) per commit.
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
settings: ``lease_ttl`` / ``lock_timeout`` options, or ``SLEEPSTACK_S3_LEASE_TTL``
/ ``SLEEPSTACK_S3_LOCK_TIMEOUT`` (seconds).
"""

from __future__ import annotations

import contextlib
import importlib
import json
import logging
import os
import random
import socket
import threading
import time
import uuid
from collections.abc import Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from pathlib import Path
from typing import Any, Final, Literal

from ..errors import (
    BackendError,
    ConflictError,
    CorruptStoreError,
    LockHeldError,
    SleepstackError,
    StoreNotFoundError,
    UsageError,
)
from .audit import HEAD_PATH, LOG_PATH
from .fs import AuditLog, rewrite_lines

__all__ = ["LEASE_KEY", "S3FS", "SEGMENT_DIR", "LogLayout"]

log = logging.getLogger(__name__)

#: The lease object, relative to the store prefix (a dot name: never listed, never audited).
LEASE_KEY: Final = ".lock"
#: Where the segmented audit log keeps one object per mutation.
SEGMENT_DIR: Final = "audit/log"
LogLayout = Literal["segments", "object"]

_INSTALL_HINT = "pip install 'sleepstack[s3]'"
_DEFAULT_TTL = 30.0
_DEFAULT_TIMEOUT = 120.0
_MIN_TTL = 2.0  # Last-Modified and Date have one-second resolution
_UNSEEN: Final = "\0unseen"  # marker: this session never looked at the key


class _Precondition(Exception):
    """The server refused a conditional request (412, or 409 for a racing one)."""


def _segment(seq: int) -> str:
    return f"{SEGMENT_DIR}/{seq:012d}.jsonl"


def _load_botocore(url: str) -> tuple[Any, Any, Any]:
    """(botocore.session, botocore.config, botocore.exceptions), or a clear UsageError."""
    try:
        session = importlib.import_module("botocore.session")
        config = importlib.import_module("botocore.config")
        exceptions = importlib.import_module("botocore.exceptions")
    except ImportError as exc:
        raise UsageError(
            f"{url} is on object storage, which needs the s3 extra: {_INSTALL_HINT}",
            url=url,
            missing=exc.name or "botocore",
        ) from None
    return session, config, exceptions


def _float_option(value: object, name: str) -> float:
    try:
        return float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise UsageError(f"{name} must be a number of seconds, got {value!r}") from None


def _server_age(response: Mapping[str, Any]) -> float:
    """Seconds since the object was last written, measured on the server's clock."""
    modified: datetime = response["LastModified"]
    date = response.get("ResponseMetadata", {}).get("HTTPHeaders", {}).get("date")
    if date:
        with contextlib.suppress(TypeError, ValueError):
            return (parsedate_to_datetime(date) - modified).total_seconds()
    # No Date header: fall back to our own clock (the ADR's skew assumption applies).
    return time.time() - modified.timestamp()


@dataclass
class _Lease:
    """The lease this process holds: its current etag and how long it may trust it."""

    etag: str
    token: str
    ttl: float
    valid_until: float  # time.monotonic() deadline, a safety margin before server expiry
    lost: bool = False
    stop: threading.Event = field(default_factory=threading.Event)
    mutex: threading.Lock = field(default_factory=threading.Lock)
    thread: threading.Thread | None = None


class S3FS:
    """A store under ``s3://bucket/prefix`` on AWS S3 or any S3-compatible server."""

    def __init__(
        self,
        url: str,
        *,
        storage_options: Mapping[str, Any] | None = None,
        lease_ttl: float | None = None,
        lock_timeout: float | None = None,
        log_layout: LogLayout | None = None,
    ) -> None:
        session_mod, config_mod, exc_mod = _load_botocore(url)
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
        ttl = lease_ttl if lease_ttl is not None else opts.pop("lease_ttl", None)
        ttl = ttl if ttl is not None else os.environ.get("SLEEPSTACK_S3_LEASE_TTL", _DEFAULT_TTL)
        wait = lock_timeout if lock_timeout is not None else opts.pop("lock_timeout", None)
        wait = wait if wait is not None else os.environ.get(
            "SLEEPSTACK_S3_LOCK_TIMEOUT", _DEFAULT_TIMEOUT
        )
        self.lease_ttl = max(_MIN_TTL, _float_option(ttl, "lease_ttl"))
        self.lock_timeout = max(0.0, _float_option(wait, "lock_timeout"))
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
        self._lease: _Lease | None = None
        # Per lock session: etags we read (None = we saw it absent), so writes
        # under the lock replace exactly what we looked at and nothing newer.
        self._seen: dict[str, str | None] = {}
        # ... and their bytes: under a live lease nothing else changes them, and
        # if something did, the conditional writes catch it.
        self._bodies: dict[str, bytes] = {}
        self._stale = False
        self._log: _SegmentLog | _ObjectLog | None = None
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
                raise _Precondition(code) from None
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

    def _note(self, rel: str, etag: str | None, body: bytes | None = None) -> None:
        if self._in_session():
            self._seen[rel] = etag
            if body is None:
                self._bodies.pop(rel, None)
            else:
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
    def read_bytes(self, rel: str) -> bytes:  # noqa: D102
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
        seen = self._seen.get(rel, _UNSEEN)
        conditions = ({} if seen == _UNSEEN else
                      {"IfNoneMatch": "*"} if seen is None else {"IfMatch": seen})
        try:
            self._note(rel, self._put(rel, data, **conditions), data)
        except (_Precondition, FileNotFoundError):
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
        """``audit/HEAD``: conditional too, so a stale writer cannot move it backwards."""
        self._put_tree(rel, data)

    def append(self, rel: str, data: bytes) -> None:
        """Read-modify-write, conditional on the etag of what was read."""
        while True:
            seen = self._seen.get(rel, _UNSEEN) if self._in_session() else _UNSEEN
            if seen != _UNSEEN and (seen is None or rel in self._bodies):
                # This session already knows the bytes: the condition alone decides.
                old, etag = (b"", "") if seen is None else (self._bodies[rel], seen)
            else:
                try:
                    old, etag = self._get(rel)
                except FileNotFoundError:
                    old, etag = b"", ""
                if seen != _UNSEEN and (seen or "") != etag:
                    self._lost_race(rel)
            if self._in_session() and self._stale:
                return
            conditions = {"IfMatch": etag} if etag else {"IfNoneMatch": "*"}
            try:
                new_etag = self._put(rel, old + data, **conditions)
            except (_Precondition, FileNotFoundError):
                if not self._in_session():
                    continue  # outside the lock: another appender won, read again
                # Under the lock, only our own retried PUT may have landed.
                self._put_tree(rel, old + data)
                return
            self._note(rel, new_etag, old + data)
            return

    def write_new(self, rel: str, data: bytes) -> None:
        """Content-addressed blob: create it unless it is already there (same name, same bytes)."""
        with contextlib.suppress(_Precondition):
            self._put(rel, data, IfNoneMatch="*")
        if self._in_session():
            self._bodies[rel] = data  # replaying the commit reads it right back

    def truncate(self, rel: str, size: int) -> None:  # noqa: D102
        data = self.read_bytes(rel)
        self._put_tree(rel, data[:size])

    def remove(self, rel: str) -> None:  # noqa: D102
        seen = self._seen.get(rel, _UNSEEN) if self._in_session() else _UNSEEN
        if seen is None or (self._in_session() and self._stale):
            return
        conditions = {} if seen == _UNSEEN else {"IfMatch": seen}
        try:
            self._call("delete_object", Key=self._key(rel), **conditions)
        except FileNotFoundError:
            pass
        except _Precondition:
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

    # -------------------------------------------------------------- the lease
    @contextlib.contextmanager
    def lock(self) -> Iterator[None]:
        """The store lock as a lease object; re-entrant within this object.

        Raises :class:`LockHeldError` when another holder keeps a live lease for
        longer than ``lock_timeout`` seconds.
        """
        with self._mutex:
            if self._depth == 0:
                self._lease = self._acquire()
                self._holder = threading.get_ident()
                self._seen = {}
                self._bodies = {}
                self._stale = False
                if self._log is not None:
                    self._log.begin_session()
            self._depth += 1
            try:
                yield
            finally:
                self._depth -= 1
                if self._depth == 0:
                    lease, self._lease = self._lease, None
                    self._holder = None
                    self._seen = {}
                    self._bodies = {}
                    if lease is not None:
                        self._release(lease)

    def _lease_body(self, token: str) -> bytes:
        now = datetime.now(UTC)
        return json.dumps({
            "owner": self.owner,
            "token": token,
            "ttl": self.lease_ttl,
            "written_at": now.isoformat(timespec="milliseconds"),
            # Informational only: expiry is judged on the server's clock.
            "expires_at": datetime.fromtimestamp(now.timestamp() + self.lease_ttl, UTC)
            .isoformat(timespec="milliseconds"),
        }, sort_keys=True).encode()

    def _margin(self) -> float:
        # Stop trusting the lease well before the server would call it expired.
        return max(1.0, self.lease_ttl / 5)

    def _new_lease(self, etag: str, token: str, sent: float) -> _Lease:
        lease = _Lease(etag=etag, token=token, ttl=self.lease_ttl,
                       valid_until=sent + self.lease_ttl - self._margin())
        lease.thread = threading.Thread(target=self._renew_loop, args=(lease,), daemon=True,
                                        name=f"sleepstack-lease-{self.owner}")
        lease.thread.start()
        return lease

    def _acquire(self) -> _Lease:
        deadline = time.monotonic() + self.lock_timeout
        delay = 0.02
        holder = "?"
        while True:
            token = uuid.uuid4().hex
            body = self._lease_body(token)
            sent = time.monotonic()
            try:
                return self._new_lease(self._put(LEASE_KEY, body, IfNoneMatch="*"), token, sent)
            except _Precondition:
                pass
            try:
                response = self._call("get_object", Key=self._key(LEASE_KEY))
            except FileNotFoundError:
                continue  # released between our two requests: try to create it again
            with contextlib.closing(response["Body"]) as stream:
                info = self._parse_lease(stream.read())
            etag = str(response["ETag"])
            holder = str(info.get("owner", "?"))
            if info.get("token") == token:
                return self._new_lease(etag, token, sent)  # our retried create had landed
            try:
                ttl = float(info.get("ttl", self.lease_ttl))
            except (TypeError, ValueError):
                ttl = self.lease_ttl  # an unreadable lease still expires, on our terms
            age = _server_age(response)
            if age > ttl + 1.0:
                # One second of slack: Last-Modified and Date are whole seconds.
                sent = time.monotonic()
                try:
                    new_etag = self._put(LEASE_KEY, body, IfMatch=etag)
                except (_Precondition, FileNotFoundError):
                    pass  # another waiter took it first
                else:
                    log.warning("%s: took over the lease of %s, expired %.1fs ago", self.url,
                                holder, age - ttl)
                    return self._new_lease(new_etag, token, sent)
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise LockHeldError(
                    f"{self.url} is locked by {holder}; gave up after {self.lock_timeout:g}s",
                    url=self.url, holder=holder, timeout=self.lock_timeout,
                )
            time.sleep(min(remaining, delay * random.uniform(0.5, 1.5)))
            delay = min(delay * 2, 0.25)

    @staticmethod
    def _parse_lease(data: bytes) -> dict[str, Any]:
        try:
            obj = json.loads(data)
        except ValueError:
            return {}
        return obj if isinstance(obj, dict) else {}

    def _renew_loop(self, lease: _Lease) -> None:
        interval = lease.ttl / 3
        while not lease.stop.wait(interval):
            with lease.mutex:
                if lease.stop.is_set() or lease.lost:
                    return
                body = self._lease_body(lease.token)
                sent = time.monotonic()
                try:
                    lease.etag = self._put(LEASE_KEY, body, IfMatch=lease.etag)
                    lease.valid_until = sent + lease.ttl - self._margin()
                except (_Precondition, FileNotFoundError):
                    if not self._still_ours(lease):
                        log.warning("%s: lost the lease (taken over)", self.url)
                        lease.lost = True
                        return
                except SleepstackError as exc:
                    # Transient: keep trying; valid_until stops commits if it lasts.
                    log.warning("%s: lease renewal failed: %s", self.url, exc)

    def _still_ours(self, lease: _Lease) -> bool:
        try:
            data, etag = self._get(LEASE_KEY)
        except FileNotFoundError:
            return False
        if self._parse_lease(data).get("token") == lease.token:
            lease.etag = etag  # a retried renewal had landed
            return True
        return False

    def _release(self, lease: _Lease) -> None:
        # The renewer checks `stop` under the same mutex, so once we hold it no
        # renewal can race the delete below.
        lease.stop.set()
        with lease.mutex:
            if lease.lost:
                return
            # Conditional: never delete a lease someone else has taken over since.
            with contextlib.suppress(_Precondition, FileNotFoundError):
                self._call("delete_object", Key=self._key(LEASE_KEY), IfMatch=lease.etag)

    # -------------------------------------------------------------- audit log
    def audit_log(self) -> AuditLog:
        """The store's log on this bucket (see the module docstring)."""
        with self._log_mutex:
            if self._log is None:
                layout = self._detect_layout()
                self._log = _SegmentLog(self) if layout == "segments" else _ObjectLog(self)
                if self._in_session():
                    self._log.begin_session()
            return self._log

    @property
    def log_layout(self) -> LogLayout:
        """The layout of this store's audit log (an existing store's own layout wins)."""
        return "object" if isinstance(self.audit_log(), _ObjectLog) else "segments"

    def _detect_layout(self) -> LogLayout:
        # "audit/log.jsonl" sorts before "audit/log/…", so two keys settle it.
        page = self._call("list_objects_v2", Prefix=self._key("audit/log"), MaxKeys=2)
        keys = [obj["Key"][len(self._prefix):] for obj in page.get("Contents", [])]
        if LOG_PATH in keys:
            return "object"
        if any(k.startswith(f"{SEGMENT_DIR}/") for k in keys):
            return "segments"
        return self._configured_layout


class _SegmentLog:
    """One immutable object per mutation; the commit point is a conditional create."""

    def __init__(self, fs: S3FS) -> None:
        self.fs = fs
        self._cache: dict[str, tuple[str, bytes]] = {}  # rel -> (etag, bytes); immutable
        self._last: str | None = None  # the newest segment any read has seen
        self._session_last: str | None = None  # the tail this lock session checked
        self._session_fresh = False
        self._mutex = threading.Lock()

    def begin_session(self) -> None:
        self._session_fresh = False

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

    def _newest(self) -> str | None:
        """The newest segment's key: one LIST after the last one we know of."""
        after = self._last or self._head_hint()
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

    def read_tail(self, nbytes: int) -> bytes:
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
        return self._fetch(newest)[-nbytes:]

    def read_all(self) -> bytes:
        found = self.fs._list_keys(f"{SEGMENT_DIR}/")
        missing = [(rel, etag) for rel, etag in found
                   if rel not in self._cache or self._cache[rel][0] != etag]
        if missing:
            # Segments are immutable: fetch the new ones in parallel, once.
            with ThreadPoolExecutor(max_workers=min(16, len(missing))) as pool:
                list(pool.map(lambda item: self._fetch(*item), missing))
        if found:
            with self._mutex:
                if self._last is None or found[-1][0] > self._last:
                    self._last = found[-1][0]
        return b"".join(self._cache[rel][1] for rel, _ in found)

    def append(self, data: bytes, *, first_seq: int) -> None:
        self.fs._check_commit_allowed()
        rel = _segment(first_seq)
        try:
            etag = self.fs._put(rel, data, IfNoneMatch="*")
        except _Precondition:
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
            if self._last is None or rel > self._last:
                self._last = rel
        self._session_last = rel

    def rewrite(self, lines: Mapping[int, bytes]) -> None:
        """Erasure (ADR 0004): rewrite each segment holding a scrubbed entry, in place."""
        self.fs._check_commit_allowed()
        for rel, etag in self.fs._list_keys(f"{SEGMENT_DIR}/"):
            data = self._fetch(rel, etag)
            new = rewrite_lines(data, lines)
            if new != data:
                try:
                    new_etag = self.fs._put(rel, new, IfMatch=etag)
                except _Precondition:
                    raise ConflictError(f"audit segment {rel} of {self.fs.url} changed during"
                                        " an erasure; it resumes on the next open",
                                        url=self.fs.url) from None
                with self._mutex:
                    self._cache[rel] = (new_etag, new)

    def truncate(self, size: int) -> None:
        raise CorruptStoreError(
            f"{self.fs.url}: an audit segment ends mid-line; segments are written whole, so"
            " one was edited outside the store (run `sleepstack audit verify`)"
        )

    def replace(self, data: bytes) -> None:
        raise CorruptStoreError(
            f"{self.fs.url}: the last audit segment holds part of a mutation; segments are"
            " written whole, so one was edited outside the store (run `sleepstack audit verify`)"
        )


class _ObjectLog:
    """One ``audit/log.jsonl`` object, rewritten whole under ``If-Match`` (O(log) per commit)."""

    def __init__(self, fs: S3FS) -> None:
        self.fs = fs
        self._session: tuple[str | None, bytes] | None = None  # (etag, bytes) read this session

    def begin_session(self) -> None:
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

    def read_all(self) -> bytes:
        return self._current()[1]

    def read_tail(self, nbytes: int) -> bytes:
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
        except (_Precondition, FileNotFoundError):
            new_etag, current = self._read()
            if current != data:  # identical bytes can only be our own retried PUT
                raise ConflictError(
                    f"the audit log of {self.fs.url} moved since this writer read it (its"
                    " lease was lost); nothing was changed", url=self.fs.url,
                ) from None
        self._session = (new_etag, data)

    def append(self, data: bytes, *, first_seq: int) -> None:
        self._rewrite(self._current()[1] + data)

    def truncate(self, size: int) -> None:
        self._rewrite(self._current()[1][:size])

    def replace(self, data: bytes) -> None:
        self._rewrite(data)

    def rewrite(self, lines: Mapping[int, bytes]) -> None:
        self._rewrite(rewrite_lines(self._current()[1], lines))
