"""Filesystem backends for the store: the narrow interface the policy code sits on.

The store never touches ``os`` or ``fsspec`` directly; it talks to a
:class:`StoreFS`. A local directory is the default (durable: temp file, fsync,
rename, directory fsync; a ``flock`` serialises writers across processes).
``memory://`` (fsspec's in-memory filesystem) serves tests and throwaway
stores. A scheme with a backend of its own is a row of
:data:`KNOWN_IMPLEMENTATIONS` (``s3://`` → :mod:`sleepstack.store.s3`: a lease
object for the lock, conditional writes for the log), imported only when a
store of that scheme is opened; any other scheme goes through fsspec. A
backend may also supply its own
:class:`AuditLog` (``audit_log()``), the one hook the store has for that.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import json
import os
import threading
import uuid
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, ClassVar, Protocol

from ..errors import StorageFullError, StoreNotFoundError, UsageError
from ..registry import Implementation, load_implementation
from .audit import LOG_PATH

__all__ = [
    "KNOWN_IMPLEMENTATIONS",
    "AuditLog",
    "FileAuditLog",
    "FsspecFS",
    "LocalFS",
    "StoreFS",
    "audit_log_for",
    "open_fs",
    "rewrite_lines",
]


class StoreFS(Protocol):
    """What the store needs from a filesystem. Paths are relative POSIX strings."""

    url: str

    def read_bytes(self, rel: str) -> bytes:
        """Return a file's bytes; raise FileNotFoundError when absent."""
        ...

    def exists(self, rel: str) -> bool:
        """Whether a file exists."""
        ...

    def size(self, rel: str) -> int:
        """A file's size in bytes; raise FileNotFoundError when absent."""
        ...

    def is_dir(self, rel: str) -> bool:
        """Whether *rel* is a directory (object stores: a prefix with objects below it)."""
        ...

    def read_tail(self, rel: str, nbytes: int) -> bytes:
        """The last *nbytes* bytes of a file (all of it when shorter)."""
        ...

    def write_atomic(self, rel: str, data: bytes, *, durable: bool = True) -> None:
        """Replace a file's content all at once (readers see old or new, never half)."""
        ...

    def append(self, rel: str, data: bytes) -> None:
        """Append bytes durably, creating the file if needed."""
        ...

    def write_new(self, rel: str, data: bytes) -> None:
        """Create an immutable file durably; an existing complete one is left alone."""
        ...

    def overwrite_small(self, rel: str, data: bytes) -> None:
        """Replace a tiny file's content without durability (a hint such as audit/HEAD)."""
        ...

    def truncate(self, rel: str, size: int) -> None:
        """Cut a file back to *size* bytes (recovery of a torn append)."""
        ...

    def remove(self, rel: str) -> None:
        """Delete a file if it exists."""
        ...

    def list(self, prefix: str) -> list[str]:
        """Every file below *prefix* (recursive), sorted."""
        ...

    def lock(self) -> contextlib.AbstractContextManager[None]:
        """An exclusive lock that serialises every mutation of this store."""
        ...

    def local_path(self) -> Path | None:
        """The local directory behind the store, when there is one."""
        ...


class AuditLog(Protocol):
    """How the store reads and appends its audit log (the commit point).

    A backend may provide its own by defining ``audit_log() -> AuditLog``
    (object storage keeps one object per mutation, created conditionally);
    every other backend gets :class:`FileAuditLog`, one JSONL file.
    """

    def read_all(self) -> bytes:
        """The whole log as JSONL bytes (``b""`` when there is none)."""
        ...

    def read_tail(self, nbytes: int) -> bytes:
        """At least the last *nbytes* bytes; FileNotFoundError when there is no log."""
        ...

    def append(self, data: bytes, *, first_seq: int) -> None:
        """Commit whole entries, the first with seq *first_seq*; ConflictError if it moved."""
        ...

    def truncate(self, size: int) -> None:
        """Cut a torn final line (recovery)."""
        ...

    def replace(self, data: bytes) -> None:
        """Rewrite the log without an incomplete final mutation (recovery)."""
        ...

    def rewrite(self, lines: Mapping[int, bytes]) -> None:
        """Replace the lines of the entries with these seqs (erasure, ADR 0004)."""
        ...


class FileAuditLog:
    """The audit log as one append-only file ``audit/log.jsonl`` on a :class:`StoreFS`."""

    def __init__(self, fs: StoreFS) -> None:
        self.fs = fs

    def read_all(self) -> bytes:  # noqa: D102
        try:
            return self.fs.read_bytes(LOG_PATH)
        except FileNotFoundError:
            return b""

    def read_tail(self, nbytes: int) -> bytes:  # noqa: D102
        return self.fs.read_tail(LOG_PATH, nbytes)

    def append(self, data: bytes, *, first_seq: int) -> None:  # noqa: D102
        # The store's lock already serialises appenders on these backends.
        self.fs.append(LOG_PATH, data)

    def truncate(self, size: int) -> None:  # noqa: D102
        self.fs.truncate(LOG_PATH, size)

    def replace(self, data: bytes) -> None:  # noqa: D102
        self.fs.write_atomic(LOG_PATH, data)

    def rewrite(self, lines: Mapping[int, bytes]) -> None:  # noqa: D102
        self.fs.write_atomic(LOG_PATH, rewrite_lines(self.read_all(), lines))


def rewrite_lines(data: bytes, lines: Mapping[int, bytes]) -> bytes:
    """JSONL *data* with the lines of the entries whose seq is in *lines* replaced."""
    out: list[bytes] = []
    for line in data.splitlines(keepends=True):
        seq = _seq_of(line)
        out.append(lines[seq] if seq is not None and seq in lines else line)
    return b"".join(out)


def _seq_of(line: bytes) -> int | None:
    try:
        obj = json.loads(line)
    except ValueError:
        return None
    seq = obj.get("seq") if isinstance(obj, dict) else None
    return seq if isinstance(seq, int) else None


def audit_log_for(fs: StoreFS) -> AuditLog:
    """The backend's own audit log when it provides one, else the JSONL file."""
    custom = getattr(fs, "audit_log", None)
    if callable(custom):
        log: AuditLog = custom()
        return log
    return FileAuditLog(fs)


#: what a full disk or an exhausted quota looks like
_FULL = frozenset({errno.ENOSPC, errno.EDQUOT})


@contextlib.contextmanager
def _space(where: str) -> Iterator[None]:
    """Turn "no space left" into :class:`StorageFullError` naming *where*."""
    try:
        yield
    except OSError as exc:
        if exc.errno in _FULL:
            raise StorageFullError(f"no space left on the device for {where}",
                                   path=where) from None
        raise


def _write_all(fd: int, data: bytes) -> None:
    # os.write may write fewer bytes than asked (a signal, a pipe, some filesystems).
    view = memoryview(data)
    while view:
        n = os.write(fd, view)
        view = view[n:]


def _fsync_dir(path: str | Path) -> None:
    fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


class LocalFS:
    """A store in a local directory."""

    def __init__(self, root: str | os.PathLike[str]) -> None:
        self.root = Path(root).expanduser().resolve()
        self.url = str(self.root)
        self._root_str = str(self.root)
        self._thread_lock = threading.RLock()
        self._depth = 0
        self._lock_fd: int | None = None

    def _p(self, rel: str) -> Path:
        return self.root / rel

    def read_bytes(self, rel: str) -> bytes:  # noqa: D102
        try:
            with open(os.path.join(self._root_str, rel), "rb") as fh:
                return fh.read()
        except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
            raise FileNotFoundError(rel) from None

    def exists(self, rel: str) -> bool:  # noqa: D102
        return os.path.isfile(os.path.join(self._root_str, rel))

    def is_dir(self, rel: str) -> bool:  # noqa: D102
        return os.path.isdir(os.path.join(self._root_str, rel))

    def size(self, rel: str) -> int:  # noqa: D102
        p = self._p(rel)
        if not p.is_file():
            raise FileNotFoundError(rel)
        return p.stat().st_size

    def read_tail(self, rel: str, nbytes: int) -> bytes:  # noqa: D102
        try:
            with open(os.path.join(self._root_str, rel), "rb") as fh:
                fh.seek(0, os.SEEK_END)
                size = fh.tell()
                fh.seek(max(0, size - nbytes))
                return fh.read()
        except (FileNotFoundError, IsADirectoryError):
            raise FileNotFoundError(rel) from None

    def write_atomic(self, rel: str, data: bytes, *, durable: bool = True) -> None:  # noqa: D102
        with _space(os.path.join(self._root_str, rel)):
            self._write_atomic(rel, data, durable=durable)

    def _write_atomic(self, rel: str, data: bytes, *, durable: bool) -> None:
        target = os.path.join(self._root_str, rel)
        parent = os.path.dirname(target)
        # Not derived from the name: a 255-byte name (the policy's limit) plus a
        # suffix would be over the filesystem's limit, after the commit point.
        tmp = os.path.join(parent, f".tmp-{uuid.uuid4().hex[:16]}")
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except FileNotFoundError:
            # Creating directories only on a miss keeps the common path to one syscall.
            os.makedirs(parent, exist_ok=True)
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        try:
            _write_all(fd, data)
            if durable:
                os.fsync(fd)
        except BaseException:
            os.close(fd)
            os.unlink(tmp)
            raise
        os.close(fd)
        os.replace(tmp, target)
        if durable:
            _fsync_dir(parent)

    def append(self, rel: str, data: bytes) -> None:  # noqa: D102
        with _space(os.path.join(self._root_str, rel)):
            self._append(rel, data)

    def _append(self, rel: str, data: bytes) -> None:
        target = os.path.join(self._root_str, rel)
        parent = os.path.dirname(target)
        created = not os.path.exists(target)
        if created:
            os.makedirs(parent, exist_ok=True)
        fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        try:
            _write_all(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        if created:
            _fsync_dir(parent)

    def write_new(self, rel: str, data: bytes) -> None:  # noqa: D102
        # Content-addressed blobs: same name means same bytes, so a complete file
        # (right size) is already what we want; a short one is a torn earlier try.
        target = os.path.join(self._root_str, rel)
        try:
            if os.stat(target).st_size == len(data):
                return
        except FileNotFoundError:
            pass
        self.write_atomic(rel, data)

    def overwrite_small(self, rel: str, data: bytes) -> None:  # noqa: D102
        # One pwrite of a padded record: a single small write is not torn by a
        # process kill, and readers tolerate a stale or unreadable hint.
        target = os.path.join(self._root_str, rel)
        with _space(target):
            fd = os.open(target, os.O_WRONLY | os.O_CREAT, 0o644)
            try:
                os.pwrite(fd, data.ljust(256), 0)
            finally:
                os.close(fd)

    def truncate(self, rel: str, size: int) -> None:  # noqa: D102
        p = self._p(rel)
        with open(p, "r+b") as fh:
            fh.truncate(size)
            fh.flush()
            os.fsync(fh.fileno())

    def remove(self, rel: str) -> None:  # noqa: D102
        p = self._p(rel)
        if p.is_file():
            p.unlink()
            _fsync_dir(p.parent)
            # Prune directories the delete left empty (never an area itself), so a
            # path that was a directory can become a file again, as on object storage.
            parent = p.parent
            while len(parent.relative_to(self.root).parts) > 1:
                try:
                    parent.rmdir()
                except OSError:
                    break
                parent = parent.parent

    def list(self, prefix: str) -> list[str]:  # noqa: D102
        base = self._p(prefix.rstrip("/")) if prefix else self.root
        if base.is_file():
            return [prefix.rstrip("/")]
        if not base.is_dir():
            return []
        out: list[str] = []
        for dirpath, dirnames, filenames in os.walk(base):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for name in filenames:
                if name.startswith("."):
                    continue  # temp files and the lock file are not part of the tree
                out.append(Path(dirpath, name).relative_to(self.root).as_posix())
        out.sort()
        return out

    @contextlib.contextmanager
    def lock(self) -> Iterator[None]:
        """``flock`` on ``<root>/.lock``; re-entrant within one process."""
        with self._thread_lock:
            if self._depth == 0:
                fd = os.open(self.root / ".lock", os.O_RDWR | os.O_CREAT, 0o644)
                fcntl.flock(fd, fcntl.LOCK_EX)
                self._lock_fd = fd
            self._depth += 1
            try:
                yield
            finally:
                self._depth -= 1
                if self._depth == 0 and self._lock_fd is not None:
                    fcntl.flock(self._lock_fd, fcntl.LOCK_UN)
                    os.close(self._lock_fd)
                    self._lock_fd = None

    def local_path(self) -> Path | None:  # noqa: D102
        return self.root


class FsspecFS:
    """A store on any fsspec filesystem (``memory://`` for tests).

    The lock is per process: fsspec offers no cross-process lock, so a shared
    remote store needs the lease object of the object-storage backend.
    """

    _locks: ClassVar[dict[str, threading.RLock]] = {}

    def __init__(self, url: str) -> None:
        import fsspec

        self.url = url.rstrip("/")
        fs, root = fsspec.core.url_to_fs(self.url)
        self._fs: Any = fs
        self._root = root.rstrip("/")
        self._lock = self._locks.setdefault(self.url, threading.RLock())

    def _p(self, rel: str) -> str:
        return f"{self._root}/{rel}"

    def read_bytes(self, rel: str) -> bytes:  # noqa: D102
        try:
            data: bytes = self._fs.cat_file(self._p(rel))
        except (FileNotFoundError, IsADirectoryError):
            raise FileNotFoundError(rel) from None
        return data

    def exists(self, rel: str) -> bool:  # noqa: D102
        return bool(self._fs.isfile(self._p(rel)))

    def is_dir(self, rel: str) -> bool:  # noqa: D102
        # Only a prefix with files below it counts: pseudo-directories left by a
        # delete are not in the way of a file of that name.
        base = self._p(rel)
        return not self._fs.isfile(base) and bool(self._fs.isdir(base)) and any(
            True for _ in self._fs.find(base))

    def size(self, rel: str) -> int:  # noqa: D102
        if not self.exists(rel):
            raise FileNotFoundError(rel)
        return int(self._fs.size(self._p(rel)))

    def read_tail(self, rel: str, nbytes: int) -> bytes:  # noqa: D102
        return self.read_bytes(rel)[-nbytes:]

    def write_atomic(self, rel: str, data: bytes, *, durable: bool = True) -> None:  # noqa: D102
        # Object stores replace whole objects atomically by nature.
        self._fs.pipe_file(self._p(rel), data)

    def append(self, rel: str, data: bytes) -> None:  # noqa: D102
        old = self.read_bytes(rel) if self.exists(rel) else b""
        self._fs.pipe_file(self._p(rel), old + data)

    def write_new(self, rel: str, data: bytes) -> None:  # noqa: D102
        if not self.exists(rel) or self.size(rel) != len(data):
            self._fs.pipe_file(self._p(rel), data)

    def overwrite_small(self, rel: str, data: bytes) -> None:  # noqa: D102
        self._fs.pipe_file(self._p(rel), data)

    def truncate(self, rel: str, size: int) -> None:  # noqa: D102
        self._fs.pipe_file(self._p(rel), self.read_bytes(rel)[:size])

    def remove(self, rel: str) -> None:  # noqa: D102
        if self.exists(rel):
            self._fs.rm_file(self._p(rel))

    def list(self, prefix: str) -> list[str]:  # noqa: D102
        base = self._p(prefix.rstrip("/")) if prefix else self._root
        if self._fs.isfile(base):
            return [prefix.rstrip("/")]
        if not self._fs.isdir(base):
            return []
        root = self._root.strip("/")
        out = []
        for found in self._fs.find(base):
            rel = str(found).strip("/")[len(root) :].lstrip("/")
            if not any(seg.startswith(".") for seg in rel.split("/")):
                out.append(rel)
        return sorted(out)

    @contextlib.contextmanager
    def lock(self) -> Iterator[None]:  # noqa: D102
        with self._lock:
            yield

    def local_path(self) -> Path | None:  # noqa: D102
        return None


#: URL scheme -> the StoreFS class for it ("module:Class"), like fsspec's registry
KNOWN_IMPLEMENTATIONS: dict[str, Implementation] = {
    "s3": Implementation("sleepstack.store.s3:S3FS", "install the s3 extra: "
                         "pip install 'sleepstack[s3]'"),
    "s3a": Implementation("sleepstack.store.s3:S3FS", "install the s3 extra: "
                          "pip install 'sleepstack[s3]'"),
}


def open_fs(home: str | os.PathLike[str], *, must_exist: bool = True) -> StoreFS:
    """The backend for a home given as a local path or an fsspec URL."""
    text = os.fspath(home)
    if "://" in text:
        scheme = text.split("://", 1)[0]
        if scheme == "file":
            return open_fs(text.split("://", 1)[1], must_exist=must_exist)
        fs: StoreFS
        if scheme in KNOWN_IMPLEMENTATIONS:
            # Found through the table, imported at open time: this module never
            # imports a backend's own module (nor its optional extra).
            fs = load_implementation(KNOWN_IMPLEMENTATIONS, scheme, what="store backend",
                                     url=text)(text)
        else:
            try:
                fs = FsspecFS(text)
            except (ImportError, ValueError) as exc:
                raise UsageError(f"cannot open store URL {text!r}: {exc}", url=text) from exc
        if must_exist and not fs.exists("sleepstack.toml"):
            raise StoreNotFoundError(
                f"no sleepstack store at {text} (run `sleepstack init --home {text}`)", home=text
            )
        return fs
    local = LocalFS(text)
    if must_exist and not (local.root / "sleepstack.toml").is_file():
        raise StoreNotFoundError(
            f"no sleepstack store at {local.root} (run `sleepstack init --home {local.root}`)",
            home=str(local.root),
        )
    return local
