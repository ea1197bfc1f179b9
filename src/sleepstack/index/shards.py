"""Index generations as shards in the store, for wake replicas that share it (issue #15).

A built generation (one SQLite file) is cut into shards: ``base`` (meta, topic
routing, shared rows that belong to no topic), one per user and one per
reference topic, each a small SQLite file of the same schema. They are cut
in parallel, one work item per shard on the cycle's engine, and go to the
store's derived area, ``derived/index/shards/<name>-<sha16>.sqlite``
(immutable, content-addressed); a shard whose content key the current
manifest already names is not cut again (:mod:`.shard_tasks`). Then
:data:`MANIFEST` names them with their SHA-256, size and content key;
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
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from ..store import Store
from ..store.audit import canonical
from ..store.audit import sha256_hex as sha256_hex  # re-exported: readers verify shards
from .shard_tasks import SHARD_DIR, base_name, build_entries, topic_name, user_name

if TYPE_CHECKING:
    from ..engines.base import Engine

__all__ = ["MANIFEST", "SHARD_DIR", "base_name", "enabled", "publish_shards", "read_manifest",
           "set_enabled", "topic_name", "user_name"]

MANIFEST: Final = "derived/index/MANIFEST.json"


_enabled = True


def enabled() -> bool:
    """Shards on (default); off, each replica keeps its own index (:func:`set_enabled`)."""
    return _enabled


def set_enabled(on: bool) -> None:
    """Switch shards for this process (the CLI's entry point reads ``SLEEPSTACK_INDEX_SHARDS``)."""
    global _enabled
    _enabled = on


def _check_writer(store: Store) -> None:
    # On object storage, a lease that was lost or ran out refuses here (the same
    # check as the audit log's commit point).
    check = getattr(store.fs, "check_lease", None)
    if check is not None:
        check()


def publish_shards(store: Store, gen_path: Path, number: int, *,
                   engine: Engine | None = None,
                   built_from: dict[str, Any] | None = None) -> dict[str, Any]:
    """Upload generation *number*'s shards and point the manifest at them; the manifest.

    The shards are cut and uploaded as work items on *engine* (the cycle's;
    None: here, one after the other), except those whose content the current
    manifest already names (:mod:`.shard_tasks`). Only then, under the store
    lock and a live lease, is the manifest replaced. *built_from* is the store
    state the generation was built from (:mod:`.built_from`): recorded, so a
    later build of the same state, in any process, is skipped.
    """
    t0 = time.perf_counter()
    entries, stats = build_entries(store.fs, gen_path, read_manifest(store), engine=engine,
                                   run_id=f"gen-{number:06d}")
    meta = _meta_of(gen_path)
    manifest: dict[str, Any] = {
        "generation": number, "embedder": meta.get("embedder"), "dim": meta.get("dim"),
        "schema": meta.get("schema"), "published_at": time.time(), "shards": entries,
        "topics": {slug: topic_name(slug) for slug in _topics_of(gen_path)},
        "items": int(meta.get("items") or 0),
    }
    if built_from is not None:
        manifest["built_from"] = built_from
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
    manifest["uploaded_bytes"] = stats["uploaded_bytes"]
    manifest["build"] = stats
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
