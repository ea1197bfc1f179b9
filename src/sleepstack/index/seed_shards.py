"""A fresh builder's first generation, assembled from the published shards (issue #15).

A builder with an empty local cache (a fresh Flyte pod running the cycle with
``--remote``, a new machine running ``sleepstack index``) used to rebuild a
remote store's index from nothing, re-embedding every text. When the store
publishes shards, the manifest's shards together *are* the last generation:
the base (meta, topic routing, shared rows) plus every user's and topic's
rows and sources. :func:`seed_from_manifest` downloads them (verified against
the manifest's SHA-256, cached as a replica caches them), merges them into
``gen-<manifest generation>.sqlite`` and names it ``CURRENT``; the build then
continues incrementally from it, embedding only what changed since.

Only a manifest built with the same embedder, width, vector type and schema is
used; anything else leaves the cache empty and the build starts from scratch,
as before. The manifest is trusted as far as the shards it names: it is
written only under a live lease (:mod:`.shards`), and each shard is checked
against its hash.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import uuid
from pathlib import Path
from typing import Any

from ..store import Store
from .location import generation_path, publish
from .schema import SCHEMA_VERSION
from .shard_tasks import base_name

__all__ = ["seed_from_manifest"]


def _usable(manifest: dict[str, Any] | None, spec: str, dim: int, dtype: str) -> bool:
    if not manifest or base_name() not in (manifest.get("shards") or {}):
        return False
    made = manifest.get("built_from") or {}
    return (manifest.get("embedder") == spec and str(manifest.get("dim")) == str(dim)
            and manifest.get("schema") == SCHEMA_VERSION and made.get("vectors") == dtype)


def seed_from_manifest(store: Store, directory: Path, manifest: dict[str, Any] | None, *,
                       spec: str, dim: int, dtype: str) -> tuple[int, Path] | None:
    """The published generation as this machine's current one; None when it cannot be."""
    if not _usable(manifest, spec, dim, dtype):
        return None
    assert manifest is not None
    from .reader import IndexUnavailable
    from .shard_reader import fetch_shard  # the reader's verified download and cache

    shards: dict[str, Any] = manifest["shards"]
    names = [base_name(), *sorted(n for n in shards if n != base_name())]
    try:
        files = [fetch_shard(store, shards[n]) for n in names]
    except (IndexUnavailable, OSError):  # a shard gone or damaged: build from scratch
        return None
    number = int(manifest["generation"])
    directory.mkdir(parents=True, exist_ok=True)
    tmp = directory / f".seed-{os.getpid()}-{uuid.uuid4().hex[:8]}.sqlite"
    try:
        tmp.write_bytes(files[0].read_bytes())
        conn = sqlite3.connect(tmp, isolation_level=None)
        try:
            for extra in files[1:]:
                conn.execute("ATTACH DATABASE ? AS s", (str(extra),))
                conn.execute("BEGIN")
                # Row ids kept: the rows are the generation's own (the FTS follows by trigger).
                conn.execute("INSERT INTO items SELECT * FROM s.items")
                conn.execute("INSERT INTO sources SELECT * FROM s.sources")
                conn.execute("COMMIT")
                conn.execute("DETACH DATABASE s")
        finally:
            conn.close()
        final = generation_path(directory, number)
        os.replace(tmp, final)
    except (OSError, sqlite3.Error):
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()
        return None
    publish(directory, number)
    return number, final
