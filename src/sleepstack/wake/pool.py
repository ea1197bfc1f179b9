"""The candidate pool of one recall: every row it may return, with its lexical and dense signals.

Two ways to build it: from an index generation (:func:`indexed_pool`: the
user's indexed rows, the turns past the index watermark and files changed
since, the routed reference topics) or, with no usable index, from the files
alone (:func:`file_pool`: BM25 over every row, the newest rows embedded on the
fly). Read-only, like all of ``wake/``.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np

from ..adapters.embed import DEFAULT_EMBEDDER, is_loaded
from ..errors import SleepstackError
from ..index.lexical import BM25, STOPWORDS, fts_query, raw_words, stem
from ..index.reader import Generation, UserData
from ..index.rows import Row
from ..index.schema import user_key
from ..index.vectors import F32, get_embedder
from ..layers.claims_map import SlotHistory
from ..store import Store
from .budget import LatencyBudget, estimate_ms
from .fresh import since_index
from .route import Route
from .settings import RecallConfig
from .sources import all_rows
from .topic import Topic

__all__ = ["Pool", "file_pool", "flag_mask", "fresh_lexical", "indexed_pool"]


@dataclass
class Pool:
    """Every row recall may return for this question, with its signals."""

    rows: list[Row]
    lex: F32
    dense: F32 | None
    hidden: np.ndarray
    sessions: dict[str, list[int]] = field(default_factory=dict)
    latest: float | None = None  # newest raw turn, when known without a scan
    matrix: F32 | None = None  # vectors of the first rows (the user's indexed ones)
    roles: set[str] | None = None  # speakers of the raw turns (computed on demand)
    stale: dict[str, tuple[str | None, str]] | None = None  # see _stale_turn_ids
    #: the user's claims map (wake/claims_stale.py), set by recall before scoring
    claims: dict[str, SlotHistory] | None = None
    #: per turn id, the values it ended (wake/ends_marks.py), computed on demand
    ends: dict[str, tuple[tuple[str, str], ...]] | None = None
    #: vectors of rows past *matrix* embedded for this recall (the newest fresh rows)
    vectors: dict[int, F32] = field(default_factory=dict)
    #: the slots the question asks for (wake/topic.py), set by recall before scoring
    topic: Topic | None = None
    #: the question's vector when the pool embedded it itself (the degraded path)
    qvec: F32 | None = None

    def vector(self, i: int) -> F32 | None:
        """Row *i*'s vector, when this recall has one."""
        if self.matrix is not None and i < len(self.matrix):
            vec: F32 = self.matrix[i]
            return vec
        return self.vectors.get(i)


_fresh_vectors: dict[tuple[str, str], F32] = {}


def _embed_fresh(spec: str, rows: list[Row], cap: int) -> dict[int, F32]:
    """Vectors of the newest *cap* fresh rows (cached per process by text)."""
    out: dict[int, F32] = {}
    newest = sorted(range(len(rows)), key=lambda i: rows[i].at_ts or 0.0)[-cap:]
    todo = [i for i in newest if (spec, rows[i].text_key) not in _fresh_vectors]
    if todo:
        mat = get_embedder(spec).embed([rows[i].embed_text for i in todo])
        if len(_fresh_vectors) > 4096:
            _fresh_vectors.clear()
        for i, vec in zip(todo, mat, strict=True):
            _fresh_vectors[(spec, rows[i].text_key)] = vec
    for i in newest:
        out[i] = _fresh_vectors[(spec, rows[i].text_key)]
    return out


def fresh_lexical(gen: Generation | None, user: str, query: str, rows: list[Row]) -> F32:
    """BM25 of rows read from files, on the index's scale when there is one."""
    if not rows:
        return np.zeros(0, dtype=np.float32)
    bm = BM25(r.text + " " + (r.role or "") for r in rows)
    idf: dict[str, float] | None = None
    avgdl: float | None = None
    if gen is not None:
        words = [w for w in dict.fromkeys(raw_words(query)) if w not in STOPWORDS]
        df, n = gen.doc_freq(words, user)
        idf = {stem(w): bm.idf(stem(w), df[w] + bm.df.get(stem(w), 0), n + bm.n) for w in words}
        avgdl = gen.avg_words
    return np.asarray(bm.scores(query, idf=idf, avgdl=avgdl), dtype=np.float32)


def _sessions(rows: list[Row], start: int = 0,
              into: dict[str, list[int]] | None = None) -> dict[str, list[int]]:
    out = {k: list(v) for k, v in (into or {}).items()}
    for i, r in enumerate(rows, start=start):
        if r.layer == "raw" and r.session is not None:
            out.setdefault(r.session, []).append(i)
    return out


def _user_sessions(ud: UserData) -> dict[str, list[int]]:
    if ud.sessions is None:
        sessions = _sessions(ud.rows)
        for ids in sessions.values():
            ids.sort(key=lambda i: (ud.rows[i].at_ts or 0.0, i))
        ud.sessions = sessions
    return ud.sessions


def flag_mask(rows: list[Row]) -> np.ndarray:
    """Which rows the trust gate flagged (their flags were computed when the row was made)."""
    return np.fromiter((bool(r.flags) for r in rows), dtype=bool, count=len(rows))


def indexed_pool(store: Store, gen: Generation, user: str, content: str,
                  qvec: F32 | None, routes: list[Route], cfg: RecallConfig,
                  include_flagged: bool = False, budget: LatencyBudget | None = None) -> Pool:
    """The pool from index generation *gen*, plus what changed in the files since it was built."""
    ud = gen.user_data(user)
    # The raw-log tail and files changed since the build (cached on object storage).
    since = since_index(store, gen, user, ud.sources)
    fresh, hidden_paths, topic_fresh = since.fresh, since.hidden, since.topic_fresh
    tds = [gen.topic_data(r.slug) for r in routes]
    topic_rows = [r for td in tds for r in td.rows]
    rows = ud.rows + fresh + topic_fresh + topic_rows
    n_user, n_fresh = len(ud.rows), len(fresh) + len(topic_fresh)

    lex = np.zeros(len(rows), dtype=np.float32)
    match = fts_query(content, [user_key(user)])
    if match:
        weights = (1.0, cfg.role_weight, cfg.ctx_weight, 0.0)
        for iid, s in gen.search(match, cfg.top_n, weights):
            pos = ud.ids.get(iid)
            if pos is not None:
                lex[pos] = s
    if tds:
        match = fts_query(content, [user_key(None)])
        if match:
            offset = n_user + n_fresh
            base = {}
            for td in tds:
                for iid, pos in td.ids.items():
                    base[iid] = offset + pos
                offset += len(td.rows)
            for iid, s in gen.search(match, cfg.top_n * 2):
                if iid in base:
                    lex[base[iid]] = s
    if n_fresh:
        lex[n_user:n_user + n_fresh] = fresh_lexical(gen, user, content,
                                                      fresh + topic_fresh)

    dense: F32 | None = None
    vectors: dict[int, F32] = {}
    units = ud.matrix.size + sum(td.matrix.size for td in tds)
    if qvec is not None and (budget is None or budget.allows("dense", units)):
        t_dense = time.perf_counter()
        dense = np.full(len(rows), -1.0, dtype=np.float32)
        dense[:n_user] = ud.matrix @ qvec
        if budget is not None:
            budget.timed("dense", t_dense, units)
        if n_fresh and (budget is None or budget.allows("fresh_embed")):
            for i, vec in _embed_fresh(gen.embedder, fresh + topic_fresh,
                                       cfg.fresh_dense_cap).items():
                dense[n_user + i] = float(vec @ qvec)
                vectors[n_user + i] = vec
        offset = n_user + n_fresh
        for td in tds:
            dense[offset:offset + len(td.rows)] = td.matrix @ qvec
            offset += len(td.rows)

    # Stale indexed rows of changed files are hidden; their fresh rows replace them.
    hidden = np.zeros(len(rows), dtype=bool)
    if hidden_paths:
        for i, r in enumerate(rows):
            if r.path in hidden_paths and not n_user <= i < n_user + n_fresh:
                hidden[i] = True
    if not include_flagged:
        # Flagged rows stay out unless asked for; the index computed their flags.
        if ud.flagged is None:
            ud.flagged = flag_mask(ud.rows)
        parts = [ud.flagged, flag_mask(fresh + topic_fresh)]
        for td in tds:
            if td.flagged is None:
                td.flagged = flag_mask(td.rows)
            parts.append(td.flagged)
        hidden |= np.concatenate(parts)
    sessions = _user_sessions(ud)
    if fresh:
        sessions = _sessions(fresh, n_user, sessions)
        for ids in sessions.values():
            ids.sort(key=lambda i: (rows[i].at_ts or 0.0, i))
    stamps = [r.at_ts for r in fresh if r.layer == "raw" and r.at_ts is not None]
    if ud.latest_ts is not None:
        stamps.append(ud.latest_ts)
    if ud.roles is None:
        ud.roles = {r.role for r in ud.rows if r.layer == "raw" and r.role}
    roles = ud.roles | {r.role for r in fresh if r.role}
    return Pool(rows, lex, dense, hidden, sessions, max(stamps) if stamps else None, ud.matrix,
                 roles, vectors=vectors)


def file_pool(store: Store, user: str, content: str, cfg: RecallConfig,
               include_flagged: bool = False, budget: LatencyBudget | None = None) -> Pool:
    """The pool with no usable index: every row read from the files (the degraded path)."""
    rows = all_rows(store, user)
    if not include_flagged:
        rows = [r for r in rows if not r.flags]
    lex = fresh_lexical(None, user, content, rows)
    sessions = _sessions(rows)
    for ids in sessions.values():
        ids.sort(key=lambda i: (rows[i].at_ts or 0.0, i))
    # Without an index, a question that shares no word with the memory (e.g.
    # "where does she live?" vs "I moved to Lisbon") would find nothing; the
    # newest rows are embedded on the fly so the degraded answer is still useful.
    dense: F32 | None = None
    qvec: F32 | None = None
    vectors: dict[int, F32] = {}
    stage = "embed" if is_loaded(DEFAULT_EMBEDDER) else "embed_load"
    if budget is not None and not budget.allows(stage, extra_ms=estimate_ms(
            "fresh_embed", min(len(rows), cfg.degraded_dense_cap) / 32)):
        return Pool(rows, lex, None, np.zeros(len(rows), dtype=bool), sessions)
    try:
        qvec = get_embedder(DEFAULT_EMBEDDER).embed([content])[0]
        dense = np.full(len(rows), -1.0, dtype=np.float32)
        vectors = _embed_fresh(DEFAULT_EMBEDDER, rows, cfg.degraded_dense_cap)
        for i, vec in vectors.items():
            dense[i] = float(vec @ qvec)
    except SleepstackError:
        dense, vectors = None, {}  # no embedder either: lexical only, still an answer
    return Pool(rows, lex, dense, np.zeros(len(rows), dtype=bool), sessions, vectors=vectors,
                qvec=qvec if dense is not None else None)
