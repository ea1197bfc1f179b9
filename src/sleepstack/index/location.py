"""Where a store's index generations live, and the atomic ``CURRENT`` pointer.

The index sits outside the audited tree: ``<home>/index/`` for a local store,
and a local cache directory keyed by the store URL for fsspec stores (their
generations must be on a local disk for SQLite anyway). A generation is
``gen-NNNNNN.sqlite``; ``CURRENT`` names the published one and is replaced with
an atomic rename, so a reader sees the old generation or the new one, never a
half-built file.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import re
import uuid
from collections.abc import Iterator
from pathlib import Path

from ..store.local_dirs import index_dir

__all__ = [
    "CURRENT",
    "build_lock",
    "current_generation",
    "generation_path",
    "index_dir",
    "list_generations",
    "prune",
    "publish",
]

CURRENT = "CURRENT"
_GEN_RE = re.compile(r"^gen-(\d{6,})\.sqlite$")


def generation_path(directory: Path, number: int) -> Path:
    """The file of generation *number*."""
    return directory / f"gen-{number:06d}.sqlite"


def list_generations(directory: Path) -> list[int]:
    """Generation numbers present on disk, ascending."""
    try:
        names = os.listdir(directory)
    except FileNotFoundError:
        return []
    return sorted(int(m.group(1)) for n in names if (m := _GEN_RE.match(n)))


def current_generation(directory: Path) -> tuple[int, Path] | None:
    """The published generation (number, file), or None when there is none."""
    try:
        name = (directory / CURRENT).read_text(encoding="utf-8").strip()
    except (FileNotFoundError, NotADirectoryError, UnicodeDecodeError):
        return None
    m = _GEN_RE.match(name)
    if not m:
        return None
    return int(m.group(1)), directory / name


def publish(directory: Path, number: int) -> None:
    """Point ``CURRENT`` at generation *number* (temp file + fsync + rename)."""
    tmp = directory / f".CURRENT.{uuid.uuid4().hex[:8]}.tmp"
    data = generation_path(directory, number).name + "\n"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    try:
        os.write(fd, data.encode())
        os.fsync(fd)
    finally:
        os.close(fd)
    os.replace(tmp, directory / CURRENT)
    dfd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(dfd)
    finally:
        os.close(dfd)


def prune(directory: Path, keep: int = 2) -> list[int]:
    """Delete all but the newest *keep* generations (the current one and its predecessor).

    A reader that still holds a pruned file open keeps reading it: on POSIX the
    inode lives until the last descriptor closes.
    """
    cur = current_generation(directory)
    gens = list_generations(directory)
    if cur is not None:
        gens = [g for g in gens if g <= cur[0]]
    doomed = gens[:-keep] if keep > 0 else gens
    for g in doomed:
        with contextlib.suppress(FileNotFoundError):
            generation_path(directory, g).unlink()
    # Leftovers of builds that died before publishing.
    for name in os.listdir(directory):
        if name.startswith(".build-") and name.endswith(".sqlite"):
            pid = name.split("-")[1]
            if pid.isdigit() and not _alive(int(pid)):
                with contextlib.suppress(FileNotFoundError):
                    (directory / name).unlink()
    return doomed


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


@contextlib.contextmanager
def build_lock(directory: Path) -> Iterator[None]:
    """Serialise builders of one index (readers never take it)."""
    directory.mkdir(parents=True, exist_ok=True)
    fd = os.open(directory / ".lock", os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)
