"""Where a shard work item reads its generation: the driver's disk, or the store (issue #15).

A shard item cuts its shard from the built generation, one SQLite file on the
driver's disk. The local engine's threads and processes and Flyte's local
mode share that disk, and read the file where it is: their items are what
they always were, and so are the shards they cut.

A pod on a cluster cannot see it. When the engine runs items elsewhere (a
Flyte engine with ``remote``, or :func:`set_shared` for tests and
benchmarks), the driver uploads the generation once, content-keyed, to
``derived/index/gens/<sha32>.sqlite`` (:func:`share`) and the items name it
with its SHA-256. An item then uses the driver's file only if it is the very
file the driver stat'ed (same host and boot, device, inode, size and mtime);
anywhere else it downloads the object once per process, checks its SHA-256
(a mismatch is a :class:`~sleepstack.errors.CorruptStoreError`, never a
shard) and cuts from the copy (:func:`generation_for`). The shared object is
dropped once the build has its entries (:func:`drop_shared`); a build killed
before that leaves it for the next build's drop or an index purge (it is under
``derived/index``, which an erasure purges whole).

So that a pod downloads the generation once rather than once per shard, the
shared items are grouped into batches (:func:`batches`), about one per worker
the engine runs at a time; a batch's shards are cut exactly as single items
are, so their bytes do not depend on the path taken.
"""

from __future__ import annotations

import atexit
import contextlib
import hashlib
import os
import shutil
import socket
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

from ..errors import CorruptStoreError
from ..store.audit import sha256_hex
from ..store.erase import INDEX_PURGE_HOOKS, PUBLISHED_INDEX
from ..store.fs import StoreFS

__all__ = ["GEN_DIR", "batches", "drop_shared", "file_sha", "forget_downloads", "gen_key",
           "generation_for", "local_id", "set_shared", "share", "shared_wanted"]

GEN_DIR: Final = f"{PUBLISHED_INDEX}/gens"

_forced: bool | None = None


def set_shared(on: bool | None) -> None:
    """Hand items the generation through the store: always, never (False), or per engine (None)."""
    global _forced
    _forced = on


def shared_wanted(engine: object | None) -> bool:
    """Whether a build on *engine* must hand its items the generation through the store."""
    if _forced is not None:
        return _forced
    return bool(getattr(engine, "remote", False))


def gen_key(sha: str) -> str:
    """The store key of a shared generation (content-keyed: same bytes, same key)."""
    return f"{GEN_DIR}/{sha[:32]}.sqlite"


def _host() -> str:
    # This machine and this boot: an inode number means nothing on another one.
    try:
        boot = Path("/proc/sys/kernel/random/boot_id").read_text().strip()
    except OSError:
        boot = ""
    return f"{socket.gethostname()}/{boot}"


def local_id(path: Path) -> dict[str, Any]:
    """What identifies *path* as this very file (generation files never change once named)."""
    st = path.stat()
    return {"host": _host(), "dev": st.st_dev, "ino": st.st_ino, "size": st.st_size,
            "mtime_ns": st.st_mtime_ns}


def file_sha(path: Path) -> str:
    """SHA-256 of a file, read in chunks."""
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def share(fs: StoreFS, gen_path: Path) -> dict[str, Any]:
    """Upload *gen_path* (unless the store has its bytes); what the items carry to find it."""
    sha = file_sha(gen_path)
    key = gen_key(sha)
    uploaded = 0
    if not fs.exists(key):
        data = gen_path.read_bytes()
        fs.write_new(key, data)
        uploaded = len(data)
    return {"gen_key": key, "gen_sha": sha, "gen_id": local_id(gen_path),
            "gen_uploaded": uploaded}


def drop_shared(fs: StoreFS) -> int:
    """Delete every shared generation (the build that needed one has its entries); how many."""
    keys = fs.list(GEN_DIR)
    for key in keys:
        fs.remove(key)
    return len(keys)


def batches(items: list[dict[str, Any]], workers: int) -> list[dict[str, Any]]:
    """*items* as about *workers* batch items (each names the shared generation once)."""
    n = max(1, min(int(workers), len(items)))
    groups: list[list[dict[str, Any]]] = [[] for _ in range(n)]
    for i, item in enumerate(items):
        groups[i % n].append(item)
    common = ("gen", "store", "gen_key", "gen_sha", "gen_id")
    return [{"batch": [{k: v for k, v in it.items() if k not in common} for it in group],
             **{k: group[0][k] for k in common if k in group[0]}}
            for group in groups if group]


# ------------------------------------------------------------ the item's side
_lock = threading.Lock()
_downloads: dict[str, Path] = {}
_root: list[Path] = []


def _download_dir() -> Path:
    if not _root:
        root = Path(tempfile.mkdtemp(prefix="sleepstack-shard-input-"))  # private (0700)
        atexit.register(shutil.rmtree, root, True)
        _root.append(root)
    return _root[0]


def _same_file(path: Path, ident: object) -> bool:
    if not isinstance(ident, dict):
        return False
    try:
        return local_id(path) == ident
    except OSError:
        return False


def generation_for(item: dict[str, Any], fs_for: Callable[[str], StoreFS]) -> Path:
    """The generation file *item* cuts from: the driver's, or this process's verified copy."""
    path = Path(str(item["gen"]))
    key = item.get("gen_key")
    if key is None or _same_file(path, item.get("gen_id")):
        return path
    sha = str(item["gen_sha"])
    with _lock:  # one download per process, whatever the number of items
        have = _downloads.get(sha)
        if have is not None and have.is_file():
            return have
        for old in _downloads.values():  # one generation is cut at a time: drop older copies
            with contextlib.suppress(FileNotFoundError):
                old.unlink()
        _downloads.clear()
        data = fs_for(str(item["store"])).read_bytes(str(key))
        if sha256_hex(data) != sha:
            raise CorruptStoreError(f"the shared generation {key} does not hash to its name",
                                    path=str(key))
        dest = _download_dir() / f"{sha}.sqlite"
        part = dest.with_name(f".part-{sha}")
        part.write_bytes(data)
        os.replace(part, dest)
        _downloads[sha] = dest
        return dest


def forget_downloads() -> None:
    """Drop this process's downloaded generations (tests; a long-lived worker between builds)."""
    with _lock:
        for path in _downloads.values():
            with contextlib.suppress(FileNotFoundError):
                path.unlink()
        _downloads.clear()


INDEX_PURGE_HOOKS.append(forget_downloads)  # an erasure purges the index: copies go too
