"""Building and publishing index generations (used by ``sleepstack index`` and the sleep cycle).

A build is incremental by default: it compares every source file in the store
with what the current generation indexed (``sources``: SHA-256 and size) and
only re-reads what changed. Raw logs are append-only, so for them only the
bytes past the watermark are parsed, as long as the indexed prefix is intact.
Vectors are reused by the hash of the embedded text, so a rewritten facts
file or a ``--full`` rebuild re-embeds only texts it has never seen.

Publishing never disturbs readers: the new generation is written to a private
temp file (a copy of the current one plus the changes), renamed to
``gen-NNNNNN.sqlite`` and only then named in ``CURRENT``. Generations older
than the previous one are pruned.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sqlite3
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from ..config import Config
from ..errors import UsageError
from ..store import Store
from ..store.audit import sha256_hex
from ..store.paths import user_of
from ..store.store import CONFIG_FILE
from .lexical import terms
from .location import (
    build_lock,
    current_generation,
    generation_path,
    index_dir,
    list_generations,
    prune,
    publish,
)
from .rows import Row, rows_for_file, source_kind, turn_rows
from .schema import SCHEMA_VERSION, connect_ro, connect_rw, user_key
from .vectors import DEFAULT_VECTORS, F32, VECTOR_DTYPES, from_blob, get_embedder, to_blob

if TYPE_CHECKING:
    from ..engines.base import Engine

__all__ = [
    "GenerationInfo",
    "build_generation",
    "configured_embedder",
    "configured_vectors",
    "embed_key",
    "plan_embedding",
]

_EMBED_BATCH = 256
_SOURCE_PREFIXES = ("memory/log", "memory/topics", "user")

Progress = Callable[[str, int, int], None]


@dataclass(frozen=True)
class GenerationInfo:
    """What one build did."""

    generation: int
    path: str
    added: int
    removed: int
    unchanged: int
    seconds: float
    embedder: str = ""
    items: int = 0
    published: bool = True
    #: why the build was skipped (the published manifest was built from this very state)
    skipped: str = ""

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "generation": self.generation,
            "path": self.path,
            "added": self.added,
            "removed": self.removed,
            "unchanged": self.unchanged,
            "seconds": round(self.seconds, 3),
            "embedder": self.embedder,
            "items": self.items,
            "published": self.published,
        } | ({"skipped": self.skipped} if self.skipped else {})


@dataclass
class _Plan:
    """Changes between the previous generation and the store."""

    add: list[Row] = field(default_factory=list)
    drop_paths: set[str] = field(default_factory=set)
    sources: dict[str, tuple[str, str | None, str, int]] = field(default_factory=dict)
    gone: set[str] = field(default_factory=set)
    topics_changed: bool = False

    @property
    def empty(self) -> bool:
        return not (self.add or self.drop_paths or self.sources or self.gone)


def configured_embedder(store: Store) -> str:
    """The embedder named in the store's ``sleepstack.toml`` (the default when unset)."""
    try:
        return Config.parse(store.fs.read_bytes(CONFIG_FILE).decode("utf-8")).embedder
    except FileNotFoundError:
        return Config().embedder


def configured_vectors(store: Store) -> str:
    """``[index] vectors`` of the store's ``sleepstack.toml``: the stored vector width."""
    try:
        return Config.parse(store.fs.read_bytes(CONFIG_FILE).decode("utf-8")).vectors
    except FileNotFoundError:
        return Config().vectors


def _publishes_shards(store: Store) -> bool:
    """Whether builds of *store* publish shards: a remote store, shards switched on."""
    if store.fs.local_path() is not None:
        return False
    from .shards import enabled

    return enabled()


def _current_or_seeded(store: Store, directory: Path, manifest: dict[str, Any] | None,
                       spec: str, dim: int, dtype: str) -> tuple[int, Path] | None:
    """The current generation; when this machine has none (a fresh pod), the published one.

    Assembled from the manifest's shards (seed_shards.py), so the build continues
    incrementally instead of reading and embedding the whole store again.
    """
    cur = current_generation(directory)
    if cur is not None or not _publishes_shards(store):
        return cur
    from .seed_shards import seed_from_manifest
    from .shards import read_manifest

    given = manifest if manifest is not None else read_manifest(store)
    return seed_from_manifest(store, directory, given, spec=spec, dim=dim, dtype=dtype)


def _open_previous(path: Path, spec: str, dim: int,
                   dtype: str = DEFAULT_VECTORS) -> tuple[sqlite3.Connection | None, bool]:
    """The current generation if readable and built with the same embedder; and its schema fit.

    A generation of another vector width is not continued (one generation stores
    one width); it lends its vectors only when they are at least as precise as
    *dtype*: float16 vectors widened to float32 would not be the float32 index.

    Only a generation of the current schema can be continued incrementally; an
    older one still lends its vectors, since re-embedding is the slow part of a
    rebuild. A generation of an older schema still lends its vectors: re-embedding is the
    slow part of a rebuild.
    """
    try:
        conn = connect_ro(path)
        meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
        if meta.get("embedder") == spec and meta.get("dim") == str(dim):
            have = meta.get("vectors", "float32")  # written before the setting: float32
            if have == "float16" and dtype != "float16":
                conn.close()
                return None, False
            conn.execute("SELECT count(*) FROM items_fts").fetchone()  # a damaged FTS fails here
            return conn, meta.get("schema") == SCHEMA_VERSION and have == dtype
        conn.close()
    except sqlite3.Error:
        pass  # a corrupt generation is simply rebuilt
    return None, False


def _indexed_sources(prev: sqlite3.Connection | None) -> dict[str, tuple[str, int]]:
    if prev is None:
        return {}
    return {p: (sha, size) for p, sha, size in prev.execute("SELECT path, sha, size FROM sources")}


def _plan(store: Store, indexed: dict[str, tuple[str, int]]) -> tuple[_Plan, int]:
    """Read the store and work out what to add and drop; also count untouched sources."""
    plan = _Plan()
    seen: set[str] = set()
    unchanged_sources = 0
    for prefix in _SOURCE_PREFIXES:
        for path in store.list(prefix):
            kind = source_kind(path)
            if kind is None:
                continue
            seen.add(path)
            old = indexed.get(path)
            if kind == "raw" and old is not None and store.fs.size(path) == old[1]:
                # Raw logs only grow: the same size means nothing new (no need to read it).
                unchanged_sources += 1
                continue
            data = store.read_bytes(path)
            user = path.split("/")[2] if kind == "raw" else user_of(path)
            if kind == "raw":
                assert user is not None
                offset = 0
                if old is not None:
                    old_sha, old_size = old
                    if len(data) >= old_size and sha256_hex(data[:old_size]) == old_sha:
                        offset = old_size
                    else:  # the indexed prefix changed (should not happen to a log): redo it
                        plan.drop_paths.add(path)
                rows, end = turn_rows(data, user, path, offset)
                if old is not None and offset == end:
                    unchanged_sources += 1
                    continue
                plan.add.extend(rows)
                plan.sources[path] = (kind, user, sha256_hex(data[:end]), end)
                continue
            sha = sha256_hex(data)
            if old is not None and old[0] == sha:
                unchanged_sources += 1
                continue
            if old is not None:
                plan.drop_paths.add(path)
            plan.add.extend(rows_for_file(path, data))
            plan.sources[path] = (kind, user, sha, len(data))
            plan.topics_changed |= kind == "topic"
    plan.gone = set(indexed) - seen
    plan.topics_changed |= any(source_kind(p) == "topic" for p in plan.gone)
    return plan, unchanged_sources


def _with_context(rows: list[Row], prev: sqlite3.Connection | None) -> list[Row]:
    """Give each new raw turn the text of the turn before it in its session.

    The turn before may be new too, or already indexed (an incremental build
    continuing a session): then it is looked up in the previous generation.
    """
    order = sorted((i for i, r in enumerate(rows) if r.layer == "raw"),
                   key=lambda i: (rows[i].user or "", rows[i].session or "",
                                  rows[i].at_ts or 0.0, i))
    out = list(rows)
    last: dict[tuple[str, str], str] = {}
    for i in order:
        r = rows[i]
        slot = (r.user or "", r.session or "")
        before = last.get(slot)
        if before is None and prev is not None:
            found = prev.execute(
                "SELECT text FROM items WHERE user = ? AND session = ? AND layer = 'raw'"
                " AND at_ts <= ? ORDER BY at_ts DESC, id DESC LIMIT 1",
                (r.user, r.session, r.at_ts or 0.0)).fetchone()
            before = found[0] if found else ""
        out[i] = replace(r, context=before or "")
        last[slot] = r.text
    return out


def embed_key(text: str) -> str:
    """The key a vector is stored and reused under: :attr:`Row.text_key` of an embedded text."""
    return hashlib.sha1(text.encode("utf-8")).hexdigest()


def _group_of(row: Row) -> str:
    """The embedding work item a row's text belongs to: its topic, else its user."""
    if row.topic is not None:
        return f"topic:{row.topic}"
    return f"user:{row.user}" if row.user is not None else "shared"


def plan_embedding(store: Store, *, embedder: str | None = None,
                   full: bool = False) -> list[dict[str, Any]]:
    """The texts the next :func:`build_generation` would embed, as work items.

    One item per reference topic (``"topic:<slug>"``) and per user
    (``"user:<u>"``): ``{"group", "embedder", "texts"}``, the texts sorted and
    deduplicated, none of them already in the current generation's vectors.
    An unchanged topic has no item, and a changed one's item depends only on
    its own new texts, so an engine caching items by content never embeds the
    same group twice. The vectors computed for these texts (by
    :func:`embed_key`) can be handed to :func:`build_generation`.
    """
    spec = embedder or configured_embedder(store)
    dim = int(get_embedder(spec).dim)
    directory = index_dir(store)
    if full or not _publishes_shards(store):
        cur = current_generation(directory)
    else:
        with build_lock(directory):  # a fresh pod's empty cache starts from the shards too
            cur = _current_or_seeded(store, directory, None, spec, dim,
                                     configured_vectors(store))
    prev, same_schema = _open_previous(cur[1], spec, dim) if cur is not None else (None, False)
    try:
        incremental = prev is not None and not (full or not same_schema)
        plan, _ = _plan(store, _indexed_sources(prev if incremental else None))
        known = _known_vectors([prev] if prev is not None else [],
                               sorted({r.text_key for r in plan.add}), dim)
    finally:
        if prev is not None:
            prev.close()
    groups: dict[str, set[str]] = {}
    for r in plan.add:
        if r.text_key not in known:
            groups.setdefault(_group_of(r), set()).add(r.embed_text)
    return [{"group": g, "embedder": spec, "texts": sorted(texts)}
            for g, texts in sorted(groups.items())]


def _known_vectors(conns: Iterable[sqlite3.Connection], tkeys: list[str],
                   dim: int) -> dict[str, F32]:
    out: dict[str, F32] = {}
    for conn in conns:
        missing = [k for k in tkeys if k not in out]
        for start in range(0, len(missing), 500):
            part = missing[start : start + 500]
            marks = ",".join("?" * len(part))
            for tkey, blob in conn.execute(
                f"SELECT tkey, vec FROM items WHERE tkey IN ({marks}) AND vec IS NOT NULL", part
            ):
                if tkey not in out:
                    out[tkey] = from_blob(blob, dim)
    return out


def _embed_rows(rows: list[Row], spec: str, known: dict[str, F32],
                progress: Progress | None) -> list[F32]:
    emb = get_embedder(spec)
    todo: dict[str, str] = {}
    for r in rows:
        if r.text_key not in known:
            todo.setdefault(r.text_key, r.embed_text)
    keys = list(todo)
    done = 0
    for start in range(0, len(keys), _EMBED_BATCH):
        part = keys[start : start + _EMBED_BATCH]
        mat = emb.embed([todo[k] for k in part])
        for k, vec in zip(part, mat, strict=True):
            known[k] = vec
        done += len(part)
        if progress is not None:
            progress("embed", done, len(keys))
    return [known[r.text_key] for r in rows]


def _insert(conn: sqlite3.Connection, rows: list[Row], vecs: list[F32], dtype: str) -> None:
    conn.executemany(
        "INSERT OR REPLACE INTO items (key, user, ukey, layer, path, text, role, ctx, cites, at,"
        " at_ts, valid_from, valid_to, superseded_by, session, topic, tkey, vec, flags, findings)"
        " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
        (
            (r.key, r.user, user_key(r.user), r.layer, r.path, r.text, r.role or "", r.context,
             json.dumps(list(r.cites), ensure_ascii=False), r.at, r.at_ts, r.valid_from,
             r.valid_to, r.superseded_by, r.session, r.topic, r.text_key, to_blob(v, dtype),
             " ".join(r.flags), _findings(r))
            for r, v in zip(rows, vecs, strict=True)
        ),
    )


def _findings(row: Row) -> str:
    """The trust gate's findings on a row, as stored: rule names, secret spans."""
    found: list[dict[str, Any]] = [{"rule": rule, "span": None} for rule in row.flags]
    found += [{"rule": rule, "span": [a, b]} for a, b, rule in row.secrets]
    return json.dumps(found, ensure_ascii=False) if found else "[]"


def _rebuild_topics(conn: sqlite3.Connection, dim: int) -> None:
    """Routing data per topic: centroid of chunk vectors and the topic's telling terms."""
    conn.execute("DELETE FROM topics")
    slugs = [s for (s,) in conn.execute(
        "SELECT DISTINCT topic FROM items WHERE topic IS NOT NULL")]
    for slug in slugs:
        vecs: list[F32] = []
        counts: Counter[str] = Counter()
        for text, blob in conn.execute(
            "SELECT text, vec FROM items WHERE topic = ? AND layer = 'topic'", (slug,)
        ):
            if blob is not None:
                vecs.append(from_blob(blob, dim))
            first, _, body = text.partition("\n")
            # Heading words say more about what a topic covers than body words.
            for t in set(terms(first)):
                counts[t] += 3
            counts.update(set(terms(body)))
        for t in terms(slug.replace("-", " ").replace("_", " ")):
            counts[t] += 5
        centroid: bytes | None = None
        if vecs:
            c = np.mean(np.stack(vecs), axis=0)
            norm = float(np.linalg.norm(c))
            centroid = to_blob((c / norm).astype(np.float32), "float32") if norm > 0 else None
        top = " ".join(t for t, _ in counts.most_common(200))
        conn.execute("INSERT INTO topics (slug, chunks, centroid, terms) VALUES (?,?,?,?)",
                     (slug, len(vecs), centroid, top))


def build_generation(
    store: Store,
    *,
    embedder: str | None = None,
    full: bool = False,
    progress: Progress | None = None,
    vectors: Mapping[str, Sequence[float]] | None = None,
    vector_dtype: str | None = None,
    engine: Engine | None = None,
) -> GenerationInfo:
    """Build (incrementally unless *full*) and publish a new index generation.

    With nothing changed since the current generation, nothing is published
    and the current generation is returned with ``added == removed == 0``.
    *vectors* are precomputed vectors by :func:`embed_key` (the work items of
    :func:`plan_embedding`, embedded elsewhere): used instead of embedding those
    texts here; anything still missing is embedded as usual. *vector_dtype*
    (``"float32"`` or ``"float16"``) is the stored width, by default the store's
    ``[index] vectors``; a change of width rebuilds in full. On a remote store
    the shards are cut as work items on *engine* (the cycle's; None: one by one);
    unless *full*, a build of the very state the published manifest was built
    from is skipped (``skipped`` says why: built_from.py), and an empty local
    cache starts from the published shards (seed_shards.py).
    """
    t0 = time.perf_counter()
    spec = embedder or configured_embedder(store)
    emb = get_embedder(spec)
    dim = int(emb.dim)
    dtype = vector_dtype or configured_vectors(store)
    if dtype not in VECTOR_DTYPES:
        raise UsageError(f"index vectors must be one of {', '.join(VECTOR_DTYPES)}, not {dtype!r}",
                         key="index.vectors")
    built_from: dict[str, Any] | None = None
    manifest: dict[str, Any] | None = None
    if _publishes_shards(store):
        # Another process (a replica, the last cycle's pod) may have published exactly
        # this state already: then there is nothing to build or upload (built_from.py).
        from .built_from import store_state, up_to_date
        from .shards import read_manifest

        manifest = read_manifest(store)
        if not full and up_to_date(manifest, store_state(store, embedder=spec, dim=dim,
                                                         vectors=dtype, locked=False), store):
            assert manifest is not None
            items = int(manifest.get("items") or 0)
            return GenerationInfo(int(manifest["generation"]), "", 0, 0, items,
                                  time.perf_counter() - t0, spec, items, published=False,
                                  skipped="the published manifest was built from this state")
        built_from = store_state(store, embedder=spec, dim=dim, vectors=dtype)
    directory = index_dir(store)
    with build_lock(directory):
        cur = (current_generation(directory) if full or built_from is None else
               _current_or_seeded(store, directory, manifest, spec, dim, dtype))
        prev, same_schema = (_open_previous(cur[1], spec, dim, dtype) if cur is not None
                             else (None, False))
        try:
            return _build_locked(store, directory, cur, prev, spec, dim, full or not same_schema,
                                 progress, t0, vectors or {}, dtype, engine, built_from)
        finally:
            if prev is not None:
                prev.close()


def _build_locked(
    store: Store,
    directory: Path,
    cur: tuple[int, Path] | None,
    prev: sqlite3.Connection | None,
    spec: str,
    dim: int,
    full: bool,
    progress: Progress | None,
    t0: float,
    vectors: Mapping[str, Sequence[float]],
    dtype: str = DEFAULT_VECTORS,
    engine: Engine | None = None,
    built_from: dict[str, Any] | None = None,
) -> GenerationInfo:
    incremental = prev is not None and not full
    plan, _ = _plan(store, _indexed_sources(prev if incremental else None))
    prev_items = 0
    if prev is not None:
        prev_items = int(prev.execute("SELECT count(*) FROM items").fetchone()[0])
    if incremental and plan.empty and cur is not None:
        if built_from is not None:
            # Nothing to index, but the store moved on (a cycle's report, a proposal):
            # the manifest says so, shards reused by content, so the next check skips.
            from .shards import publish_shards

            publish_shards(store, cur[1], cur[0], engine=engine, built_from=built_from)
        return GenerationInfo(cur[0], str(cur[1]), 0, 0, prev_items, time.perf_counter() - t0,
                              spec, prev_items, published=False)
    if progress is not None:
        progress("read", len(plan.add), len(plan.add))
    known = _known_vectors([prev] if prev is not None else [],
                           sorted({r.text_key for r in plan.add}), dim)
    for r in plan.add:
        given = vectors.get(r.text_key)
        if r.text_key not in known and given is not None and len(given) == dim:
            known[r.text_key] = np.asarray(given, dtype=np.float32)
    vecs = _embed_rows(plan.add, spec, known, progress)
    plan.add = _with_context(plan.add, prev if incremental else None)

    number = max([*list_generations(directory), cur[0] if cur else 0]) + 1
    tmp = directory / f".build-{os.getpid()}-{number}.sqlite"
    tmp.unlink(missing_ok=True)
    if incremental and cur is not None:
        shutil.copyfile(cur[1], tmp)  # published files never change: the copy is consistent
    conn = connect_rw(tmp)
    try:
        conn.execute("PRAGMA recursive_triggers=ON")  # REPLACE must fire the FTS delete trigger
        conn.execute("BEGIN")
        removed = 0
        for path in sorted(plan.drop_paths | plan.gone):
            removed += conn.execute("DELETE FROM items WHERE path = ?", (path,)).rowcount
        conn.executemany("DELETE FROM sources WHERE path = ?", ((p,) for p in plan.gone))
        before = int(conn.execute("SELECT count(*) FROM items").fetchone()[0])
        _insert(conn, plan.add, vecs, dtype)
        conn.executemany(
            "INSERT OR REPLACE INTO sources (path, kind, user, sha, size) VALUES (?,?,?,?,?)",
            ((p, k, u, s, n) for p, (k, u, s, n) in plan.sources.items()),
        )
        if plan.topics_changed or not incremental:
            _rebuild_topics(conn, dim)
        total = int(conn.execute("SELECT count(*) FROM items").fetchone()[0])
        avg_words = conn.execute(
            "SELECT avg(length(text) - length(replace(text, ' ', '')) + 1) FROM items"
        ).fetchone()[0]
        meta = {
            "schema": SCHEMA_VERSION,
            "generation": str(number),
            "embedder": spec,
            "dim": str(dim),
            "vectors": dtype,
            "store": store.url,
            "built_at": datetime.now(UTC).isoformat(timespec="seconds"),
            "items": str(total),
            "avg_words": f"{float(avg_words or 1.0):.3f}",
        }
        conn.executemany("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", meta.items())
        conn.execute("COMMIT")
        if not incremental or len(plan.add) > total // 10:
            # Merging the FTS b-trees speeds queries up but costs seconds on a large
            # index; small refreshes leave it to FTS5's own automerge.
            conn.execute("INSERT INTO items_fts(items_fts) VALUES ('optimize')")
        conn.execute("PRAGMA optimize")
    except BaseException:
        conn.close()
        tmp.unlink(missing_ok=True)
        raise
    conn.close()
    fd = os.open(tmp, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
    final = generation_path(directory, number)
    os.replace(tmp, final)
    publish(directory, number)
    prune(directory)
    if built_from is not None:  # replicas of a remote store read shards (shards.py)
        from .shards import publish_shards

        publish_shards(store, final, number, engine=engine, built_from=built_from)
    return GenerationInfo(number, str(final), len(plan.add), removed, before,
                          time.perf_counter() - t0, spec, total)
