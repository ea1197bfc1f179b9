"""Index generations as shards in the store, for wake replicas that share it (issue #15).

A built generation (one SQLite file) is cut into shards: ``base`` (meta, topic
routing, shared rows that belong to no topic), one per user and one per
reference topic, each a small SQLite file of the same schema. They go to the
store's derived area, ``derived/index/shards/<name>-<sha16>.sqlite``
(immutable, content-addressed: an unchanged user's shard is not uploaded
again), and then :data:`MANIFEST` names them with their SHA-256 and size;
shards that neither this manifest nor the previous one names are deleted.
Any backend works: it is plain ``StoreFS`` I/O.

The manifest is written under the store lock, after checking that this writer
still holds it (on ``s3://``, a live lease): a writer whose lease was taken over
cannot publish one (:class:`~sleepstack.errors.ConflictError` or
:class:`~sleepstack.errors.LockHeldError`), so replicas never follow a stale
builder.

Readers (:mod:`.shard_reader`) fetch the manifest and only the shards a
recall needs.
"""

from __future__ import annotations

import json
import sqlite3
import tempfile
import time
from pathlib import Path
from typing import Any, Final

from ..store import Store
from ..store.audit import canonical, sha256_hex
from ..store.erase import PUBLISHED_INDEX
from .schema import connect_rw

__all__ = ["MANIFEST", "SHARD_DIR", "base_name", "enabled", "publish_shards", "set_enabled",
           "topic_name",
           "user_name"]

MANIFEST: Final = "derived/index/MANIFEST.json"
SHARD_DIR: Final = PUBLISHED_INDEX


_enabled = True


def enabled() -> bool:
    """Shards on (default); off, each replica keeps its own index (:func:`set_enabled`)."""
    return _enabled


def set_enabled(on: bool) -> None:
    """Switch shards for this process (the CLI's entry point reads ``SLEEPSTACK_INDEX_SHARDS``)."""
    global _enabled
    _enabled = on


def user_name(user: str) -> str:
    """The shard of one user's rows (hashed: ids may hold characters keys should not)."""
    return "u-" + sha256_hex(user.encode())[:20]


def topic_name(slug: str) -> str:
    """The shard of one reference topic's rows."""
    return "t-" + sha256_hex(slug.encode())[:20]


def base_name() -> str:
    """The shard every view starts from: meta, topic routing, shared rows."""
    return "base"


def _copy(src: Path, dest: Path, items_where: str, sources_where: str, args: tuple[Any, ...],
          *, with_topics: bool) -> None:
    conn = connect_rw(dest)
    try:
        conn.execute("ATTACH DATABASE ? AS src", (f"{src.resolve().as_uri()}?mode=ro",))
        conn.execute("BEGIN")
        if with_topics:  # the base shard: a view's meta is the base's, so only it has one
            conn.execute("INSERT INTO meta SELECT * FROM src.meta")
        # The FTS rows come from the insert trigger, so a shard is a complete generation.
        conn.execute(f"INSERT INTO items SELECT * FROM src.items WHERE {items_where}", args)
        conn.execute(f"INSERT INTO sources SELECT * FROM src.sources WHERE {sources_where}",
                     args)
        if with_topics:
            conn.execute("INSERT INTO topics SELECT * FROM src.topics")
        conn.execute("COMMIT")
        conn.execute("DETACH DATABASE src")
        conn.execute("VACUUM")
    finally:
        conn.close()


def build_shards(gen_path: Path, out: Path) -> dict[str, Path]:
    """Cut generation *gen_path* into shard files under *out*: {name: file}."""
    src = sqlite3.connect(f"{gen_path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        users = [r[0] for r in src.execute(
            "SELECT DISTINCT user FROM items WHERE user IS NOT NULL ORDER BY user")]
        topics = [r[0] for r in src.execute(
            "SELECT DISTINCT topic FROM items WHERE user IS NULL AND topic IS NOT NULL"
            " ORDER BY topic")]
    finally:
        src.close()
    shards: dict[str, Path] = {}
    base = out / "base.sqlite"
    _copy(gen_path, base, "user IS NULL AND topic IS NULL",
          "user IS NULL AND path NOT LIKE 'memory/topics/%'", (), with_topics=True)
    shards[base_name()] = base
    for user in users:
        dest = out / f"{user_name(user)}.sqlite"
        _copy(gen_path, dest, "user = ?", "user = ?", (user,), with_topics=False)
        shards[user_name(user)] = dest
    for slug in topics:
        dest = out / f"{topic_name(slug)}.sqlite"
        _copy(gen_path, dest, "user IS NULL AND topic = ?",
              "user IS NULL AND path LIKE 'memory/topics/' || ? || '/%'", (slug,),
              with_topics=False)
        shards[topic_name(slug)] = dest
    return shards


def _check_writer(store: Store) -> None:
    # On object storage, a lease that was lost or ran out refuses here (the same
    # check as the audit log's commit point).
    check = getattr(store.fs, "check_lease", None)
    if check is not None:
        check()


def publish_shards(store: Store, gen_path: Path, number: int) -> dict[str, Any]:
    """Upload generation *number*'s shards and point the manifest at them; the manifest."""
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="sleepstack-shards-") as tmp:
        files = build_shards(gen_path, Path(tmp))
        entries: dict[str, dict[str, Any]] = {}
        uploaded = 0
        for name, path in files.items():
            data = path.read_bytes()
            sha = sha256_hex(data)
            # Content-addressed: a user whose rows did not change keeps the object of
            # the previous generation, so a cycle uploads only what changed.
            key = f"{SHARD_DIR}/shards/{name}-{sha[:16]}.sqlite"
            if not store.fs.exists(key):
                store.fs.write_new(key, data)
                uploaded += len(data)
            entries[name] = {"key": key, "sha": sha, "bytes": len(data)}
    meta = _meta_of(gen_path)
    manifest: dict[str, Any] = {
        "generation": number, "embedder": meta.get("embedder"), "dim": meta.get("dim"),
        "schema": meta.get("schema"), "published_at": time.time(), "shards": entries,
        "topics": {slug: topic_name(slug) for slug in _topics_of(gen_path)},
    }
    with store.fs.lock():
        _check_writer(store)
        previous = read_manifest(store)
        store.fs.write_atomic(MANIFEST, canonical(manifest))
        # Keep what this manifest and the one before it name (a replica may still be
        # fetching the previous generation); drop every older shard.
        keep = {str(e["key"]) for m in (manifest, previous) if m
                for e in m["shards"].values()}
        for key in store.fs.list(f"{SHARD_DIR}/shards"):
            if key not in keep:
                store.fs.remove(key)
    manifest["uploaded_bytes"] = uploaded
    manifest["seconds"] = round(time.perf_counter() - t0, 3)
    return manifest


def read_manifest(store: Store) -> dict[str, Any] | None:
    """The published manifest, or None when the store has none (or it is unreadable)."""
    try:
        obj = json.loads(store.fs.read_bytes(MANIFEST))
    except (FileNotFoundError, ValueError):
        return None
    return obj if isinstance(obj, dict) and isinstance(obj.get("shards"), dict) else None


def _meta_of(gen_path: Path) -> dict[str, str]:
    conn = sqlite3.connect(f"{gen_path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        return dict(conn.execute("SELECT key, value FROM meta").fetchall())
    finally:
        conn.close()


def _topics_of(gen_path: Path) -> list[str]:
    conn = sqlite3.connect(f"{gen_path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        return [r[0] for r in conn.execute(
            "SELECT DISTINCT topic FROM items WHERE user IS NULL AND topic IS NOT NULL")]
    finally:
        conn.close()
