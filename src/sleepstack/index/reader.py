"""Read-only access to the published generation, cached per process.

The wake path calls :func:`open_current` on every recall. It costs one small
file read (``CURRENT``) and one ``stat``: the open connection, the per-user
rows and vector matrices and the topic data are cached for as long as the
same generation file is current. A new generation, or any change to the
file's identity (size, mtime, inode) opens afresh, so a damaged file is
noticed. Every failure surfaces as :class:`IndexUnavailable`, which sends
recall to its file-scan fallback.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from ..store import Store
from .location import current_generation, index_dir
from .rows import Row
from .schema import SCHEMA_VERSION, connect_ro, user_key
from .vectors import F32, matrix_from_blobs

__all__ = [
    "BM25_WEIGHTS",
    "Generation",
    "IndexUnavailable",
    "TopicData",
    "TopicInfo",
    "UserData",
    "forget",
    "open_current",
]

#: Users whose rows and vectors stay loaded (about 1.5 MB per thousand turns each).
_USER_CACHE = 64
#: BM25 column weights: text, role (speaker names), ctx (the turn before), ukey (filter only).
BM25_WEIGHTS = (1.0, 0.4, 0.3, 0.0)


class IndexUnavailable(Exception):
    """The index cannot serve this recall (missing, stale, corrupt); fall back to files."""


@dataclass
class UserData:
    """Everything indexed for one user, in memory: rows, vectors, session order."""

    ids: dict[int, int]  # item id -> position
    rows: list[Row]
    matrix: F32  # (n, dim), unit rows
    sources: dict[str, tuple[str, int]]  # path -> (sha, indexed size)
    latest_ts: float | None = None
    sessions: dict[str, list[int]] | None = None  # session -> positions in time order (lazy)
    roles: set[str] | None = None  # speakers of the raw turns (lazy)
    flagged: np.ndarray | None = None  # rows the trust gate flagged (lazy, once per generation)


@dataclass
class TopicData:
    """The chunks of one reference topic."""

    ids: dict[int, int]
    rows: list[Row]
    matrix: F32
    flagged: np.ndarray | None = None  # rows the trust gate flagged (lazy)


@dataclass(frozen=True)
class TopicInfo:
    """Routing data of one topic."""

    slug: str
    chunks: int
    centroid: F32 | None
    terms: frozenset[str]


@dataclass
class Generation:
    """One open, published generation."""

    number: int
    path: Path
    ident: tuple[int, int, int]
    conn: sqlite3.Connection
    meta: dict[str, str]
    lock: threading.RLock = field(default_factory=threading.RLock)
    _users: OrderedDict[str, UserData] = field(default_factory=OrderedDict)
    _topics: dict[str, TopicData] = field(default_factory=dict)
    _topic_infos: list[TopicInfo] | None = None
    _topic_sources: dict[str, tuple[str, int]] | None = None

    @property
    def embedder(self) -> str:
        """The embedder spec the generation's vectors come from."""
        return self.meta["embedder"]

    @property
    def dim(self) -> int:
        """Vector dimension."""
        return int(self.meta["dim"])

    @property
    def avg_words(self) -> float:
        """Average words per item (BM25 length normalisation of fresh rows)."""
        return float(self.meta.get("avg_words", "12"))

    @property
    def items(self) -> int:
        """How many items the generation holds."""
        return int(self.meta.get("items", "0"))

    # ------------------------------------------------------------------ rows
    def _load_rows(self, where: str, args: Iterable[object]) -> tuple[dict[int, int], list[Row],
                                                                        F32]:
        cur = self.conn.execute(
            "SELECT id, key, user, layer, path, text, role, cites, at, valid_from, valid_to,"
            " superseded_by, session, topic, vec, flags"
            f" FROM items WHERE {where} ORDER BY at_ts, id",
            tuple(args),
        )
        ids: dict[int, int] = {}
        rows: list[Row] = []
        blobs: list[bytes | None] = []
        dim = self.dim
        for (iid, key, user, layer, path, text, role, cites, at, vf, vt, succ, session, topic,
             vec, flags) in cur:
            ids[int(iid)] = len(rows)
            rows.append(Row(key=key, user=user, layer=layer, path=path, text=text,
                            cites=tuple(json.loads(cites)), at=at, valid_from=vf, valid_to=vt,
                            session=session, role=role or None, topic=topic,
                            superseded_by=succ,
                            flags=tuple(flags.split()) if flags else ()))
            blobs.append(vec)
        # float32 or float16 on disk (index.vectors); always float32 in memory for scoring
        matrix: F32 = matrix_from_blobs(blobs, dim)
        return ids, rows, matrix

    def user_data(self, user: str) -> UserData:
        """The user's indexed rows and vectors (loaded once per generation, LRU-cached)."""
        with self.lock:
            data = self._users.get(user)
            if data is not None:
                self._users.move_to_end(user)
                return data
            ids, rows, matrix = self._load_rows("user = ?", (user,))
            sources = {
                p: (sha, int(size))
                for p, sha, size in self.conn.execute(
                    "SELECT path, sha, size FROM sources WHERE user = ?", (user,))
            }
            stamps = [r.at_ts for r in rows if r.layer == "raw" and r.at_ts is not None]
            data = UserData(ids, rows, matrix, sources, max(stamps) if stamps else None)
            self._users[user] = data
            while len(self._users) > _USER_CACHE:
                self._users.popitem(last=False)
            return data

    def topic_data(self, slug: str) -> TopicData:
        """One topic's chunks and vectors."""
        with self.lock:
            data = self._topics.get(slug)
            if data is None:
                ids, rows, matrix = self._load_rows("topic = ? AND layer = 'topic'", (slug,))
                data = TopicData(ids, rows, matrix)
                self._topics[slug] = data
            return data

    def topic_infos(self) -> list[TopicInfo]:
        """Routing data of every topic."""
        with self.lock:
            if self._topic_infos is None:
                infos = []
                for slug, chunks, centroid, terms in self.conn.execute(
                    "SELECT slug, chunks, centroid, terms FROM topics ORDER BY slug"
                ):
                    vec = None
                    if centroid is not None and len(centroid) == 4 * self.dim:
                        vec = np.frombuffer(centroid, dtype="<f4").astype(np.float32)
                    infos.append(TopicInfo(slug, int(chunks), vec, frozenset(terms.split())))
                self._topic_infos = infos
            return self._topic_infos

    def topic_sources(self) -> dict[str, tuple[str, int]]:
        """Indexed reference documents: path -> (sha, size) (read once: generations are fixed)."""
        with self.lock:
            if self._topic_sources is None:
                self._topic_sources = {p: (sha, int(size)) for p, sha, size in self.conn.execute(
                    "SELECT path, sha, size FROM sources WHERE kind = 'topic'")}
            return self._topic_sources

    # --------------------------------------------------------------- lexical
    def search(self, match: str, limit: int,
               weights: tuple[float, ...] = BM25_WEIGHTS) -> list[tuple[int, float]]:
        """FTS5 hits for a MATCH expression: (item id, BM25 score, higher is better)."""
        w = ", ".join(f"{x:.4f}" for x in weights)
        with self.lock:
            cur = self.conn.execute(
                f"SELECT rowid, -bm25(items_fts, {w}) AS s FROM items_fts"
                " WHERE items_fts MATCH ? ORDER BY s DESC LIMIT ?",
                (match, limit),
            )
            return [(int(i), float(s)) for i, s in cur]

    def doc_freq(self, words: Iterable[str], user: str | None) -> tuple[dict[str, int], int]:
        """Document frequency of each word among one user's items, and their count.

        Used to score rows read from files on the same BM25 scale as FTS hits.
        """
        ukey = user_key(user)
        out: dict[str, int] = {}
        with self.lock:
            n = int(self.conn.execute(
                "SELECT count(*) FROM items_fts WHERE items_fts MATCH ?",
                (f'ukey : "{ukey}"',)).fetchone()[0])
            for w in words:
                out[w] = int(self.conn.execute(
                    "SELECT count(*) FROM items_fts WHERE items_fts MATCH ?",
                    (f'ukey : "{ukey}" AND {{text role ctx}} : "{w}"',)).fetchone()[0])
        return out, n


_cache: dict[str, Generation] = {}
_cache_lock = threading.Lock()


def _ident(path: Path) -> tuple[int, int, int]:
    st = os.stat(path)
    return (st.st_ino, st.st_size, st.st_mtime_ns)


def _open(number: int, path: Path, ident: tuple[int, int, int], store_url: str) -> Generation:
    try:
        conn = connect_ro(path)
        meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
    except sqlite3.Error as exc:
        raise IndexUnavailable(f"generation {path.name} is unreadable: {exc}") from exc
    if meta.get("schema") != SCHEMA_VERSION:
        conn.close()
        raise IndexUnavailable(
            f"generation {path.name} has schema {meta.get('schema')!r}, expected"
            f" {SCHEMA_VERSION!r}; run `sleepstack index --full`")
    if meta.get("store") not in (None, store_url):
        conn.close()
        raise IndexUnavailable(f"generation {path.name} was built from another store")
    if "embedder" not in meta or "dim" not in meta:
        conn.close()
        raise IndexUnavailable(f"generation {path.name} lacks its embedder metadata")
    return Generation(number, path, ident, conn, meta)


def open_current(store: Store) -> Generation:
    """The current generation of *store*'s index, opened read-only (cached)."""
    directory = index_dir(store)
    cur = current_generation(directory)
    if cur is None:
        raise IndexUnavailable("no index yet; run `sleepstack index`")
    number, path = cur
    try:
        ident = _ident(path)
    except OSError as exc:
        raise IndexUnavailable(f"generation {path.name} is missing") from exc
    key = str(directory)
    with _cache_lock:
        gen = _cache.get(key)
        if gen is not None and gen.path == path and gen.ident == ident:
            return gen
        # The old generation is not closed here: another thread may still be reading
        # it; garbage collection closes it once nobody holds it.
        fresh = _open(number, path, ident, store.url)
        _cache[key] = fresh
        return fresh


def forget(store: Store) -> None:
    """Drop the cached generation of *store* (tests)."""
    with _cache_lock:
        _cache.pop(str(index_dir(store)), None)

