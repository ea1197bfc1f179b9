"""The s3 backend's store lock: a lease object, renewed in the background, held a while.

The lease ``<prefix>/.lock`` is created with ``If-None-Match: *``, renewed with
``If-Match`` on its own etag, and released by a conditional delete; an expired
lease (judged on the server's clock) is taken over with ``If-Match``. A writer
keeps its lease for ``lease_linger`` seconds after its last mutation, so a
burst of writes pays for the lease once, not twice per write (issue #15).
"""

from __future__ import annotations

import atexit
import contextlib
import json
import logging
import random
import threading
import time
import uuid
import weakref
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from typing import TYPE_CHECKING, Any

from ..errors import LockHeldError, SleepstackError
from .s3_base import LEASE_KEY, Precondition

__all__ = ["Lease", "LeaseMixin"]

log = logging.getLogger(__name__)

#: how long to wait for a sibling's mutex before leaving its lease to expire
_SIBLING_WAIT_S = 0.25

#: every S3FS that may still hold a lingering lease, released at interpreter exit
_LINGERING: weakref.WeakSet[LeaseMixin] = weakref.WeakSet()


@atexit.register
def _release_all() -> None:
    for fs in list(_LINGERING):
        with contextlib.suppress(Exception):
            fs.close()


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
class Lease:
    """The lease this process holds: its current etag and how long it may trust it."""

    etag: str
    token: str
    ttl: float
    valid_until: float  # time.monotonic() deadline, a safety margin before server expiry
    lost: bool = False
    stop: threading.Event = field(default_factory=threading.Event)
    mutex: threading.Lock = field(default_factory=threading.Lock)
    thread: threading.Thread | None = None


class LeaseMixin:
    """Lease handling for :class:`~sleepstack.store.s3.S3FS`.

    A *session* is one outermost ``lock()``; the lease may outlive it by
    ``lease_linger`` seconds. While the lease is held nobody else can have
    changed the store, so the next session keeps what this one read (etags,
    bytes, the log's tail) and costs no request to start.
    """

    owner: str
    url: str
    lease_ttl: float
    lock_timeout: float
    lease_linger: float
    _mutex: threading.RLock
    _depth: int
    _holder: int | None
    _lease: Lease | None
    _linger_until: float
    _reaper: threading.Thread | None
    _stale: bool

    if TYPE_CHECKING:
        def _put(self, rel: str, data: bytes, **conditions: str) -> str: ...
        def _get(self, rel: str, **kwargs: Any) -> tuple[bytes, str]: ...
        def _call(self, op: str, **kwargs: Any) -> dict[str, Any]: ...
        def _key(self, rel: str) -> str: ...
        def _begin_session(self) -> None: ...
        def _end_session(self) -> None: ...

    @contextlib.contextmanager
    def lock(self) -> Iterator[None]:
        """The store lock as a lease object; re-entrant within this object.

        Raises :class:`LockHeldError` when another holder keeps a live lease for
        longer than ``lock_timeout`` seconds.
        """
        with self._mutex:
            if self._depth == 0:
                kept = self._lease
                if kept is None or kept.lost or time.monotonic() >= kept.valid_until:
                    if kept is not None:  # lost or expired while lingering: start afresh
                        self._drop_lease()
                    self._release_siblings()
                    self._lease = self._acquire()
                    self._begin_session()
                self._holder = threading.get_ident()
            self._depth += 1
            failed = False
            try:
                yield
            except SleepstackError:
                raise  # a refusal (a stale expected_sha, a bad path): nothing half done
            except BaseException:
                failed = True
                raise
            finally:
                self._depth -= 1
                if self._depth == 0:
                    self._holder = None
                    self._linger_until = time.monotonic() + self.lease_linger
                    # A session that failed half way gives the lease back at once: the
                    # next holder's recovery, not this process's memory, settles the state.
                    if failed or self.lease_linger <= 0 or self._must_release():
                        self._drop_lease()
                    else:
                        self._start_reaper()

    def _release_siblings(self) -> None:
        # Another S3FS of this process on the same store (the server keeps one per
        # token) may be lingering on the lease: an idle one gives it back now rather
        # than making this one wait lease_linger seconds.
        for other in list(_LINGERING):
            if other is self or other.url != self.url:
                continue
            # A short wait, not a non-blocking try: the other's reaper takes its
            # mutex for a moment on every wake-up, and missing that moment would
            # make this session wait out the whole linger. Bounded, so two
            # stores releasing each other at once cannot deadlock.
            if other._mutex.acquire(timeout=_SIBLING_WAIT_S):
                try:
                    if other._depth == 0:
                        other._drop_lease()
                finally:
                    other._mutex.release()

    def _must_release(self) -> bool:
        lease = self._lease
        return lease is None or lease.lost or self._stale

    def close(self) -> None:
        """Release a lingering lease now (a session in progress keeps it)."""
        with self._mutex:
            if self._depth == 0:
                self._drop_lease()

    def _drop_lease(self) -> None:
        """End the session state and give the lease back (under ``_mutex``)."""
        lease = self._lease
        if lease is None:
            return
        try:
            self._end_session()  # e.g. a deferred audit/HEAD, written while the lease is ours
        finally:
            self._lease = None
            _LINGERING.discard(self)
            self._release(lease)

    def _start_reaper(self) -> None:
        _LINGERING.add(self)
        if self._reaper is not None and self._reaper.is_alive():
            return
        self._reaper = threading.Thread(target=self._reap, daemon=True,
                                        name=f"sleepstack-linger-{self.owner}")
        self._reaper.start()

    def _reap(self) -> None:
        # Gives the lease back once no session has used it for lease_linger seconds.
        while True:
            with self._mutex:  # waits for a session in progress to end
                if self._lease is None:
                    return
                left = self._linger_until - time.monotonic()
                if self._depth == 0 and left <= 0:
                    with contextlib.suppress(Exception):  # logged by the renewer; expiry frees it
                        self._drop_lease()
                    return
            time.sleep(max(0.01, min(left, self.lease_linger)))

    def writer_active(self) -> bool:
        """Whether another process holds a live lease (it then owns any recovery)."""
        if self._lease is not None:
            return False  # we are the writer
        try:
            response = self._call("get_object", Key=self._key(LEASE_KEY))
        except FileNotFoundError:
            return False
        with contextlib.closing(response["Body"]) as stream:
            info = self._parse_lease(stream.read())
        try:
            ttl = float(info.get("ttl", self.lease_ttl))
        except (TypeError, ValueError):
            ttl = self.lease_ttl
        return _server_age(response) <= ttl

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

    def _new_lease(self, etag: str, token: str, sent: float) -> Lease:
        lease = Lease(etag=etag, token=token, ttl=self.lease_ttl,
                       valid_until=sent + self.lease_ttl - self._margin())
        lease.thread = threading.Thread(target=self._renew_loop, args=(lease,), daemon=True,
                                        name=f"sleepstack-lease-{self.owner}")
        lease.thread.start()
        return lease

    def _acquire(self) -> Lease:
        deadline = time.monotonic() + self.lock_timeout
        delay = 0.02
        holder = "?"
        while True:
            token = uuid.uuid4().hex
            body = self._lease_body(token)
            sent = time.monotonic()
            try:
                return self._new_lease(self._put(LEASE_KEY, body, IfNoneMatch="*"), token, sent)
            except Precondition:
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
                except (Precondition, FileNotFoundError):
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

    def _renew_loop(self, lease: Lease) -> None:
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
                except (Precondition, FileNotFoundError):
                    if not self._still_ours(lease):
                        log.warning("%s: lost the lease (taken over)", self.url)
                        lease.lost = True
                        return
                except SleepstackError as exc:
                    # Transient: keep trying; valid_until stops commits if it lasts.
                    log.warning("%s: lease renewal failed: %s", self.url, exc)

    def _still_ours(self, lease: Lease) -> bool:
        try:
            data, etag = self._get(LEASE_KEY)
        except FileNotFoundError:
            return False
        if self._parse_lease(data).get("token") == lease.token:
            lease.etag = etag  # a retried renewal had landed
            return True
        return False

    def _release(self, lease: Lease) -> None:
        # The renewer checks `stop` under the same mutex, so once we hold it no
        # renewal can race the delete below.
        lease.stop.set()
        with lease.mutex:
            if lease.lost:
                return
            # Conditional: never delete a lease someone else has taken over since.
            with contextlib.suppress(Precondition, FileNotFoundError):
                self._call("delete_object", Key=self._key(LEASE_KEY), IfMatch=lease.etag)

