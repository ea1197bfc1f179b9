"""Wake-side reading of index shards from the store (issue #15; written by :mod:`.shards`).

A replica of the wake path on a remote store (``s3://``, ``memory://``) does not
build an index: it reads the store's manifest (again at most every
:data:`MANIFEST_TTL` seconds, so a new generation is picked up), downloads the
``base`` shard and the asking user's, and, once routing has chosen topics,
those topics' shards. Shards are cached on local disk by content hash: a
download goes to a ``.part-*`` file, is checked against the manifest's SHA-256
and only then renamed into place, so a download that was killed half way is
never opened (the next recall fetches it again). The shards of one recall are
merged into a local *view* (one SQLite file keyed by the generation and the
shards' hashes, built aside and renamed), opened like any generation. A new
manifest means new views: the swap is atomic per recall.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import threading
import time
import uuid
from pathlib import Path
from typing import Any, Final

from ..store import Store
from ..store.audit import sha256_hex
from ..store.erase import INDEX_PURGE_HOOKS
from .location import index_dir
from .reader import Generation, IndexUnavailable, _ident, _open, open_current
from .shards import base_name, enabled, read_manifest, user_name

__all__ = ["MANIFEST_TTL", "forget_views", "open_for_recall", "shard_dir",
           "with_topics"]

MANIFEST_TTL: Final = 1.0
_lock = threading.Lock()
_manifests: dict[str, tuple[float, dict[str, Any] | None]] = {}
_views: dict[str, Generation] = {}


def shard_dir(store: Store) -> Path:
    """Where this machine caches the store's shards and views."""
    return index_dir(store) / "shards"


def _manifest(store: Store) -> dict[str, Any] | None:
    now = time.monotonic()
    with _lock:
        hit = _manifests.get(store.url)
        if hit is not None and now - hit[0] < MANIFEST_TTL:
            return hit[1]
    manifest = read_manifest(store)
    with _lock:
        _manifests[store.url] = (now, manifest)
    return manifest


def fetch_shard(store: Store, entry: dict[str, Any]) -> Path:
    """The local, verified file of one shard (downloaded if this machine lacks it)."""
    directory = shard_dir(store)
    sha = str(entry["sha"])
    final = directory / f"{sha}.sqlite"
    if final.is_file():
        return final
    try:
        data = store.fs.read_bytes(str(entry["key"]))
    except FileNotFoundError:
        raise IndexUnavailable(f"shard {entry['key']} is missing from the store") from None
    if sha256_hex(data) != sha:
        raise IndexUnavailable(f"shard {entry['key']} does not match its manifest hash")
    directory.mkdir(parents=True, exist_ok=True)
    part = directory / f".part-{uuid.uuid4().hex}"
    with open(part, "wb") as fh:
        fh.write(data)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(part, final)  # only a whole, verified shard ever has a final name
    return final


def _view(store: Store, manifest: dict[str, Any], names: list[str]) -> Generation:
    shards = manifest["shards"]
    entries = [shards[n] for n in names if n in shards]
    number = int(manifest["generation"])
    key = sha256_hex(("\n".join([str(number), *(str(e["sha"]) for e in entries)])).encode())
    directory = shard_dir(store)
    path = directory / f"view-{number:06d}-{key[:24]}.sqlite"
    with _lock:
        gen = _views.get(str(path))
    if gen is not None:
        return gen
    if not path.is_file():
        files = [fetch_shard(store, e) for e in entries]
        tmp = directory / f".part-{uuid.uuid4().hex}"
        shutil.copyfile(files[0], tmp)
        conn = sqlite3.connect(tmp, isolation_level=None)
        try:
            conn.execute("PRAGMA journal_mode=OFF")
            for i, extra in enumerate(files[1:]):
                conn.execute(f"ATTACH DATABASE ? AS s{i}", (str(extra),))
                conn.execute("BEGIN")
                conn.execute(f"INSERT INTO items SELECT * FROM s{i}.items")
                conn.execute(f"INSERT INTO sources SELECT * FROM s{i}.sources")
                conn.execute("COMMIT")
                conn.execute(f"DETACH DATABASE s{i}")
        except sqlite3.Error as exc:
            raise IndexUnavailable(f"cannot assemble the index view: {exc}") from exc
        finally:
            conn.close()
        os.replace(tmp, path)
    gen = _open(number, path, _ident(path), store.url)
    with _lock:
        _views[str(path)] = gen
    return gen


def open_for_recall(store: Store, user: str) -> Generation:
    """The generation to answer *user* from: shards when the store publishes them.

    A local store, or a remote one without a manifest, keeps its local index.
    """
    if store.fs.local_path() is not None or not enabled():
        return open_current(store)
    manifest = _manifest(store)
    if manifest is None:
        return open_current(store)
    return _view(store, manifest, [base_name(), user_name(user)])


def with_topics(store: Store, gen: Generation, user: str, slugs: list[str]) -> Generation:
    """*gen* widened by the shards of the routed topics (unchanged when it is not a view)."""
    if not slugs or store.fs.local_path() is not None or not gen.path.name.startswith("view-"):
        return gen
    manifest = _manifest(store)
    if manifest is None or int(manifest["generation"]) != gen.number:
        return gen
    topics = manifest.get("topics") or {}
    names = [base_name(), user_name(user), *(topics[s] for s in slugs if s in topics)]
    return _view(store, manifest, names)


def forget_views() -> None:
    """Drop the cached manifests and views (tests)."""
    with _lock:
        _manifests.clear()
        _views.clear()


INDEX_PURGE_HOOKS.append(forget_views)  # an erasure drops the open views too
