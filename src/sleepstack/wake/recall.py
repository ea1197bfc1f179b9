"""``recall``: route → retrieve → assemble, read-only, in milliseconds.

Retrieval is hybrid over every layer of one user's memory plus the routed
reference topics:

* lexical: FTS5 BM25 over the generation, with the speaker's name and the
  turn before as weaker columns (a question's words often sit in the turn
  that prompted the answer), and the same BM25 formula over rows read from
  files (turns past the index watermark, files changed since);
* dense: cosine against the user's vector matrix (loaded once per generation);
* fusion: a weighted sum of both scores, each rescaled to [0, 1] (min-max;
  dense from its median up), which kept more of the signal than reciprocal
  rank fusion in our measurements (``fusion="rrf"`` is still available);
* then general priors: a share of the strength of the turn's session (evidence
  clusters in sessions), turns by a speaker the question names, inside the
  question's time window, recent, the caller's session, current facts
  (superseded facts only for questions about the past);
* for a question about the user (no other speaker named, no time window): the
  slot it asks for, by meaning (wake/topic.py, the sleep cycle's own slot
  prototypes): the user's turns, facts and summaries near that slot gain, the
  newest of them most for a question about the present, and turns about
  something else (requests, small talk, the assistant's replies) keep a share
  of their score only, whatever their session or their likeness in form to the
  question.

Assembly packs the best items into the token budget, pulling in the turns
right before and after each conversational hit (evidence often spans a
question and its answer) while they are worth more than the next hit.

Failure is never total: without a usable index, recall scans the files
lexically and says ``degraded: true``.
"""

from __future__ import annotations

import math
import re
import sqlite3
import time
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime
from functools import lru_cache

import numpy as np

from .. import observe
from ..adapters.embed import DEFAULT_EMBEDDER, is_loaded
from ..errors import SleepstackError, UsageError
from ..index.lexical import STOPWORDS, raw_words
from ..index.reader import Generation, IndexUnavailable
from ..index.rows import Row
from ..index.shard_reader import open_for_recall, with_topics
from ..index.vectors import F32, get_embedder
from ..store import Store
from ..store.paths import check_user_id
from .budget import LatencyBudget
from .cache import memory_state, results_cache
from .claims_stale import claims_for, stale_by_claims
from .context import Context, Piece, count_tokens, pack, render
from .ends_marks import ended_in_turns
from .pool import Pool, file_pool, fresh_lexical, indexed_pool
from .rescale import ranks, rescaled
from .route import Route, route
from .settings import DEFAULT_CONFIG, RecallConfig
from .slot_stale import older_on_slot
from .stale import stale_by_value
from .timeparse import TimeWindow, about_past, choose_anchor, parse_time
from .topic import question_topic
from .topic import ready as topic_ready
from .topic_rank import newest_first, topic_scores

__all__ = ["DEFAULT_CONFIG", "RecallConfig", "recall"]


_GENERIC_ROLES = frozenset({"user", "assistant", "tool", "system"})


def _named_speakers(pool: Pool, query: str) -> set[str]:
    """Speakers of this memory whom the question names (``What did Caroline…``)."""
    words = set(raw_words(query))
    if pool.roles is None:
        pool.roles = {r.role for r in pool.rows if r.layer == "raw" and r.role}
    return {role for role in pool.roles if set(raw_words(role)) & words
            and role.lower() not in _GENERIC_ROLES}


def _score(pool: Pool, cfg: RecallConfig, window: TimeWindow | None, past: bool,
           anchor: datetime, session: str | None, query: str = "") -> list[Piece]:
    visible = ~pool.hidden
    lex_mask = visible & (pool.lex > 0)
    lex_rank = ranks(pool.lex, lex_mask, cfg.top_n)
    dense_rank: dict[int, int] = {}
    dense_mask = visible & (pool.dense > -1.0) if pool.dense is not None else None
    if pool.dense is not None and dense_mask is not None:
        dense_rank = ranks(pool.dense, dense_mask, cfg.top_n)
    k = cfg.k_rrf
    linear = cfg.fusion == "linear"
    if linear:
        lex_n = rescaled(pool.lex, lex_mask, 0.0)
        dense_n = (rescaled(pool.dense, dense_mask, cfg.dense_floor)
                   if pool.dense is not None and dense_mask is not None else None)
        unit = cfg.w_lex + cfg.w_dense
    else:
        unit = (cfg.w_lex + cfg.w_dense) / (k + 1)
    cands = set(lex_rank) | set(dense_rank)
    in_window: set[int] = set()
    if window is not None:
        lo, hi = window.start.timestamp(), window.end.timestamp()
        for i, r in enumerate(pool.rows):
            ts = r.at_ts
            if ts is not None and lo <= ts < hi and visible[i]:
                in_window.add(i)
        cands |= in_window
    speakers = _named_speakers(pool, query) if cfg.speaker_boost else set()
    anchor_ts = anchor.timestamp()
    # Raw turns are checked against curated facts (layers never trust upward):
    # a turn whose only claim a newer fact superseded is history for a question
    # about the present ("I live in Berlin" after "I moved to Munich").
    stale = {} if past else _stale_of(pool)
    topic = topic_scores(pool, cands, cfg) if pool.topic is not None else {}
    if topic and not past:
        # The asked slot's older turns that name no value the map knows (wake/slot_stale.py).
        for c, v in older_on_slot(pool, topic, cfg.topic_stale_floor).items():
            stale.setdefault(c, v)
    # A question about the present: of the turns about its slot, the newest says what holds now.
    newest = {} if past or not cfg.topic_newest else newest_first(pool, topic, cfg.topic_newest)
    out: list[Piece] = []
    for i in cands:
        r = pool.rows[i]
        if r.layer == "fact" and r.valid_to and not past:
            continue  # superseded or expired: only for questions about the past
        s = 0.0
        if linear:
            s = cfg.w_lex * float(lex_n[i]) + (
                cfg.w_dense * float(dense_n[i]) if dense_n is not None else 0.0)
        else:
            if i in lex_rank:
                s += cfg.w_lex / (k + lex_rank[i])
            if i in dense_rank:
                s += cfg.w_dense / (k + dense_rank[i])
        if i in in_window:
            s += cfg.window_boost * unit
        if i in topic:
            s += cfg.topic_weight * topic[i] * unit * (1.0 + newest.get(i, 0.0))
        ts = r.at_ts
        if ts is not None:
            age = max(0.0, anchor_ts - ts) / 86400.0
            s *= 1.0 + cfg.recency_weight * math.exp(-age / cfg.recency_days)
        if session is not None and r.session == session:
            s *= 1.0 + cfg.session_boost
        if speakers and r.role in speakers:
            s *= 1.0 + cfg.speaker_boost
        if r.layer == "fact" and not r.valid_to:
            s *= 1.0 + cfg.fact_boost
        out.append(Piece(r, s, extra={"pos": i}))
    if cfg.session_weight and out:
        # Evidence clusters: a turn in a session with several strong hits is likelier.
        by_session: dict[str, list[float]] = {}
        for p in out:
            if p.row.layer == "raw" and p.row.session:
                by_session.setdefault(p.row.session, []).append(p.score)
        strength = {k: sum(sorted(v, reverse=True)[:3]) / 3 for k, v in by_session.items()}
        top = max(strength.values(), default=0.0) or 1.0
        best = max(p.score for p in out)
        for p in out:
            if p.row.session in strength:
                p.score += cfg.session_weight * best * strength[p.row.session] / top
    if cfg.filler_factor < 1.0:
        for p in out:
            if p.row.layer == "raw" and _is_filler(p.row.text):
                p.score *= cfg.filler_factor
    if topic and cfg.off_topic_factor < 1.0:
        # A question about one of the user's slots: a turn about something else
        # (a request, small talk, a reply) never outranks one about the slot
        # on the strength of its session or its form alone.
        for p in out:
            if p.row.layer == "raw" and p.extra["pos"] not in topic:
                p.score *= cfg.off_topic_factor
    if not past:
        # Last, so that no later boost lifts a superseded claim back up. The values a
        # removal turn ended are marked even when nothing in the pool is stale.
        for p in out:
            _mark_ends(p.row, p.extra, pool)
            if not stale:
                continue
            if p.row.layer == "raw" and p.row.cites and all(c in stale for c in p.row.cites):
                p.score *= cfg.stale_factor
                p.extra["stale"] = max((stale[c] for c in p.row.cites), key=lambda v: v[1])
            elif p.row.key in stale:  # a note or summary naming a replaced value
                p.score *= cfg.stale_factor
                p.extra["stale"] = stale[p.row.key]
    out.sort(key=lambda p: (-p.score, p.row.key))
    return _merge_identical(out)


#: how a question names the memory's owner without their name: "the user", "the user's"
_OWNER_WORD = re.compile(r"(?i)\b(?:the\s+)?user(?:['’]s)?\b")


def _without_owner(query: str) -> str:
    """*query* without "the user" (see :func:`_without_own_name`), for the dense side."""
    stripped = _OWNER_WORD.sub(" ", query)
    return " ".join(stripped.split()) if stripped.strip() else query


def _ask_topic(pool: Pool, spec: str, qvec: F32 | None, who: str, cfg: RecallConfig,
               budget: LatencyBudget) -> None:
    """``pool.topic``: the slots a question about the user asks for (wake/topic.py).

    Only for a question about the memory's owner: one that names another speaker
    ("What did Caroline research?") asks about them, not about the owner's slots.
    """
    if not cfg.topic_weight or qvec is None or _named_speakers(pool, who):
        return
    fresh = not topic_ready(spec)
    if fresh and not budget.allows("topic_load"):
        return
    t0 = time.perf_counter()
    pool.topic = question_topic(qvec, spec, cfg.topic_margin)
    if fresh:
        budget.timed("topic_load", t0)


def _without_own_name(query: str, user: str) -> str:
    """The query without the user's own id as a word ("Where does Carol live?" for carol).

    Every memory of a user is about that user, mostly in the first person; the
    name itself only matches the few notes that spell it out, which would
    outrank better answers on the name alone. The same holds for "the user", an
    agent's name for the owner ("What is the user's job title now?"): as a word
    it matches the speaker column of every turn the user wrote, the shortest
    turns best (small talk, requests), and says nothing about the topic. Dense
    scoring keeps names, but not "the user" (:func:`_without_owner`): every
    user turn is embedded with its speaker, so the word pulls towards the
    shortest ones there too.
    """
    stripped = re.sub(rf"(?i)\b{re.escape(user)}(?:['’]s)?\b", " ", query)
    stripped = _OWNER_WORD.sub(" ", stripped)
    return stripped if stripped.strip() else query


_PLEASANTRY_WORDS = (
    "hi hey hello hiya yo morning evening afternoon night good great thanks thank thx ty  "
    "cheers ok okay sure yes yeah yep no nope cool nice awesome perfect welcome glad happy  "
    "help helped helpful let know anything else need again bye goodbye see later soon lol  "
    "haha wow noted telling told sounds got it right alright fine ask just really much so  "
    "very that was this is here how can today doing well hope question answer you your me i  "
    "we of course problem worries np dear day have be am are there hear amazing wonderful  "
    "lovely care"
)
_PLEASANTRIES = frozenset(_PLEASANTRY_WORDS.split())

@lru_cache(maxsize=65536)  # pure, and asked of every candidate turn on every recall
def _is_filler(text: str) -> bool:
    """True for a turn that is only a greeting, thanks or a pleasantry.

    Such turns never answer a question; they must not push a fact out.
    """
    if len(text) > 80:
        return False
    words = [w for w in raw_words(text) if w not in STOPWORDS]
    return bool(words) and all(w in _PLEASANTRIES for w in words)


def _profile(pool: Pool, pieces: list[Piece]) -> list[Piece]:
    """The user's current facts, most relevant first: the profile block's candidates.

    Relevance is the fact's score for this question when it was retrieved, then
    its dense similarity, then recency.
    """
    scored = {p.row.key: p for p in pieces if p.row.layer == "fact"}
    out: list[tuple[tuple[float, float, float], Piece]] = []
    for i, r in enumerate(pool.rows):
        if r.layer != "fact" or r.valid_to or pool.hidden[i]:
            continue
        hit = scored.get(r.key)
        dense = float(pool.dense[i]) if pool.dense is not None else 0.0
        key = (hit.score if hit else 0.0, dense, r.at_ts or 0.0)
        out.append((key, hit or Piece(r, 0.0, extra={"pos": i})))
    out.sort(key=lambda kv: kv[0], reverse=True)
    return [p for _, p in out]


#: appended to the "since" of a turn that also states something still current
_PARTLY = "~partly"


def _mark_ends(row: Row, extra: dict[str, object], pool: Pool) -> None:
    """The values a removal turn ended, for its mark (wake/ends_marks.py)."""
    if row.layer != "raw" or not row.cites:
        return
    if pool.ends is None:
        pool.ends = ended_in_turns(pool.claims or {}, pool.rows)
    got = pool.ends.get(row.cites[0]) if pool.ends else None
    if got:
        extra["ends"] = got


def _stale_of(pool: Pool) -> dict[str, tuple[str | None, str]]:
    if pool.stale is None:
        pool.stale = _stale_turn_ids(pool)
    return pool.stale


def _stale_turn_ids(pool: Pool) -> dict[str, tuple[str | None, str]]:
    """Turn ids cited by a fact that a newer claim superseded.

    Each maps to ``(superseded_by, since)`` of the fact that closed last. A
    removal claim ("I sold the Civic") is recorded as a zero-length window;
    the turn that stated it is not stale; nor is a turn whose fact only expired.
    """
    closed: dict[str, tuple[str | None, str]] = {}
    for r in pool.rows:
        # A removal ("I sold the Civic") is a zero-length window: not a stale claim.
        if r.layer != "fact" or not r.valid_to or r.valid_to == r.valid_from:
            continue
        if not r.superseded_by:
            continue  # expired by TTL, not contradicted: the turn is old, not wrong
        for c in r.cites:
            prev = closed.get(c)
            if prev is None or prev[1] < r.valid_to:
                closed[c] = (r.superseded_by, r.valid_to)
    # A turn that stated several facts is stale as soon as one of them was
    # superseded ("I'm an engineer at Siemens" after "I joined Bosch"); while
    # another of its facts is still current it is marked as partly so.
    current = {c for r in pool.rows if r.layer == "fact" and not r.valid_to for c in r.cites}
    # Also every older turn or note that names a replaced value (wake/stale.py),
    # and, by slot, every value the user's claims map shows closed in any cycle,
    # removals from multi-valued slots included (wake/claims_stale.py).
    for c, v in stale_by_value(pool.rows).items():
        closed.setdefault(c, v)
    for c, v in stale_by_claims(pool.claims or {}, pool.rows).items():
        closed.setdefault(c, v)
    return {c: (v[0], v[1] + (_PARTLY if c in current and not v[1].endswith(_PARTLY) else ""))
            for c, v in closed.items()}


def _merge_identical(pieces: list[Piece]) -> list[Piece]:
    """One item per distinct text and layer, citing every occurrence (best score kept).

    A user who says the same thing five times should cost the budget once.
    """
    kept: dict[tuple[str, str], Piece] = {}
    out: list[Piece] = []
    for p in pieces:
        key = (p.row.layer, " ".join(p.row.text.casefold().split()))
        first = kept.get(key)
        if first is None:
            kept[key] = p
            out.append(p)
            continue
        extra = [c for c in p.row.cites if c not in first.row.cites]
        if extra:
            first.row = replace(first.row, cites=(*first.row.cites, *extra))
    return out


def _neighbour_fn(pool: Pool, past: bool = False) -> Callable[[Piece], list[Piece]]:
    where: dict[int, tuple[str, int]] = {}
    for sess, ids in pool.sessions.items():
        for j, i in enumerate(ids):
            where[i] = (sess, j)

    def start_of(sess: str) -> str | None:
        return pool.rows[pool.sessions[sess][0]].at

    def neighbours(p: Piece) -> list[Piece]:
        pos = p.extra.get("pos")
        if not isinstance(pos, int) or pos not in where:
            return []
        sess, j = where[pos]
        ids = pool.sessions[sess]
        out = []
        stale = {} if past else _stale_of(pool)
        for jj in (j - 1, j + 1):
            if 0 <= jj < len(ids) and not pool.hidden[ids[jj]]:
                row = pool.rows[ids[jj]]
                extra: dict[str, object] = {"pos": ids[jj], "session_start": start_of(sess)}
                if row.cites and all(c in stale for c in row.cites):
                    extra["stale"] = max((stale[c] for c in row.cites), key=lambda v: v[1])
                elif not past:
                    _mark_ends(row, extra, pool)
                out.append(Piece(row, 0.0, extra=extra))
        return out

    return neighbours


def _latest(pool: Pool) -> datetime | None:
    if pool.latest is not None:
        return datetime.fromtimestamp(pool.latest, UTC)
    stamps = [r.at_ts for r in pool.rows if r.layer == "raw" and r.at_ts is not None]
    return datetime.fromtimestamp(max(stamps), UTC) if stamps else None


def _assemble(pool: Pool, pieces: list[Piece], budget: int,
              neighbours: Callable[[Piece], list[Piece]],
              cfg: RecallConfig, prepare: Callable[[Piece], None] | None = None
              ) -> tuple[list[Piece], str, int]:
    """The profile block (a bounded share of *budget*), then the best of the rest.

    *prepare* is called on each piece the packer weighs (deep recall's excerpts).
    """
    share = int(budget * cfg.profile_share)
    profile = _profile(pool, pieces) if share > 0 else []
    pinned: list[Piece] = []
    used = 0
    if profile:
        # At least the most relevant fact, however small the budget (up to 40 % of it).
        first = count_tokens(render(profile[:1]))
        share = max(share, min(first + 4, int(budget * 0.4)))  # + the headers priced apart
        pinned, _, used = pack(profile, share, None, patience=len(profile))
    keys = {p.row.key for p in pinned}
    rest = [p for p in pieces if p.row.key not in keys]
    chosen, block, tokens = pack(rest, budget - used, neighbours, decay=cfg.neighbour_decay,
                                 max_depth=cfg.neighbour_depth, patience=cfg.patience,
                                 prepare=prepare)
    if not pinned:
        return chosen, block, tokens
    both = pinned + [p for p in chosen if p.row.key not in keys]
    block = render(both)
    tokens = count_tokens(block)
    while tokens > budget and len(both) > len(pinned):  # one shared header saves, never costs
        both.pop()
        block = render(both)
        tokens = count_tokens(block)
    return both, block, tokens


def recall(
    store: Store,
    query: str,
    user: str,
    session: str | None = None,
    budget_tokens: int = 1000,
    *,
    now: datetime | None = None,
    config: RecallConfig = DEFAULT_CONFIG,
    include_flagged: bool = False,
    deep: bool = False,
) -> Context:
    """The memories that best answer *query* for *user*, within *budget_tokens*.

    Items the trust gate flagged (injection-like text) are left out, unless
    *include_flagged*: then they come back with their ``flags`` and are marked
    as flagged in the rendered context. Secrets are redacted either way.
    *deep* also follows the graph tier's entities and relations
    (:mod:`sleepstack.wake.deep`); off, recall is exactly the fast path.
    """
    t0 = time.perf_counter()
    budget = LatencyBudget(config.max_latency_ms, config.fallback_to_keywords, start=t0)
    check_user_id(user)
    if not isinstance(query, str) or not query.strip():
        raise UsageError("recall needs a non-empty query")
    if isinstance(budget_tokens, bool) or not isinstance(budget_tokens, int) or budget_tokens < 1:
        raise UsageError("budget_tokens must be a positive integer", budget=repr(budget_tokens))
    if deep:
        from .deep import DEFAULT_DEEP, check_tier

        check_tier(store)  # a facts-only store refuses before any work
        if DEFAULT_DEEP.recall:
            config = replace(config, **dict(DEFAULT_DEEP.recall))  # type: ignore[arg-type]
    cache_key = None
    if config.cache_ttl_s > 0 and not deep:  # deep answers are not cached
        cache_key = results_cache.key(store, query, user, session, budget_tokens,
                                      include_flagged, config, now)
        state = memory_state(store, user)
        hit = results_cache.get(cache_key, state, config.cache_ttl_s)
        if hit is not None:
            ms = round((time.perf_counter() - t0) * 1000, 3)
            return replace(hit, timings_ms={**hit.timings_ms, "total": ms, "cache": ms})
    now = (now or datetime.now(UTC)).astimezone(UTC)
    degraded = False
    gen: Generation | None = None
    qvec: F32 | None = None
    try:
        gen = open_for_recall(store, user)  # the local index, or the store's shards
    except IndexUnavailable:
        degraded = True
    search = query  # the text matched and embedded
    if deep and gen is not None:  # issue 14: a named speaker's turns, not their name
        from .deep_query import search_text_for

        search = search_text_for(gen, user, query)
    stage = "embed" if gen is not None and is_loaded(gen.embedder) else "embed_load"
    if gen is not None and budget.allows(stage):
        t_embed = time.perf_counter()
        try:
            qvec = get_embedder(gen.embedder).embed([_without_owner(search)])[0]
            budget.timed(stage, t_embed)
        except SleepstackError:
            degraded = True  # lexical only; still an answer
    routes: list[Route] = []
    if gen is not None:
        try:
            routes = route(gen.topic_infos(), query, qvec)
            gen = with_topics(store, gen, user, [r.slug for r in routes])
        except (sqlite3.Error, IndexUnavailable):
            degraded, gen = True, None
    t_route = time.perf_counter()

    # The time phrase is matched as a window, not as words.
    pool: Pool | None = None
    window: TimeWindow | None = None
    content = _without_own_name(search, user)
    if gen is not None:
        try:
            pre = gen.user_data(user)
            latest = datetime.fromtimestamp(pre.latest_ts, UTC) if pre.latest_ts else None
            anchor = choose_anchor(now, latest)
            window = parse_time(content, anchor)
            content = window.strip(content) if window else content
            pool = indexed_pool(store, gen, user, content, qvec, routes, config,
                                 include_flagged, budget)
        except Exception:  # any index failure: answer from the files instead
            degraded, pool = True, None
    if pool is None:
        pool = file_pool(store, user, content, config, include_flagged, budget)
        window = parse_time(content, choose_anchor(now, _latest(pool)))
        if window is not None:
            content = window.strip(content)
            pool.lex = fresh_lexical(None, user, content, pool.rows)
    anchor = choose_anchor(now, _latest(pool))
    past = about_past(query, window, anchor)
    if not past:
        pool.claims = claims_for(store, user, gen.ident if gen is not None else None)
    who = query if deep else content  # whom the question names (deep searched without them)
    if window is None:  # a question anchored in time asks what happened then, not a slot's value
        _ask_topic(pool, gen.embedder if pool.qvec is None and gen is not None
                   else DEFAULT_EMBEDDER, qvec if pool.qvec is None else pool.qvec, who, config,
                   budget)
    pieces = _score(pool, config, window, past, anchor, session, who)
    if (config.prf and qvec is not None and pool.matrix is not None and pieces
            and budget.allows("prf", pool.matrix.size)):
        # Move the query towards its best hits and score again (no LLM query expansion).
        top = [p.extra["pos"] for p in pieces[: config.prf_k] if p.extra["pos"] < len(pool.matrix)]
        if top:
            q2 = qvec + config.prf * pool.matrix[top].mean(axis=0)
            q2 /= float(np.linalg.norm(q2)) or 1.0
            pool.dense = np.full(len(pool.rows), -1.0, dtype=np.float32)
            pool.dense[: len(pool.matrix)] = pool.matrix @ q2
            pieces = _score(pool, config, window, past, anchor, session, who)
    if deep:  # issue 14: expand through the graph tier (read-only)
        from .deep import expand

        pieces = expand(store, user, pool.rows, pool.hidden, pieces, content, anchor,
                        dense=pool.dense, question=query).pieces
    neighbours = _neighbour_fn(pool, past)
    prepare = None
    if deep:  # long turns shown as the sentences that bear on the question
        from .excerpt import focus_terms, preparer, speaker_words

        prepare = preparer(focus_terms(content), speaker_words(p.row.role for p in pieces[:50]))
    for p in pieces:
        sess = p.row.session
        if p.row.layer == "raw" and sess in pool.sessions:
            p.extra["session_start"] = pool.rows[pool.sessions[sess][0]].at
    t_retrieve = time.perf_counter()
    chosen, block, tokens = _assemble(pool, pieces, budget_tokens, neighbours, config, prepare)
    if config.top_k and len(chosen) > config.top_k:
        chosen = chosen[: config.top_k]
        block = render(chosen)
        tokens = count_tokens(block)
    t_end = time.perf_counter()
    timings = {
        "route": round((t_route - t0) * 1000, 3),
        "retrieve": round((t_retrieve - t_route) * 1000, 3),
        "assemble": round((t_end - t_retrieve) * 1000, 3),
        "total": round((t_end - t0) * 1000, 3),
    }
    ctx = Context(query=query, user=user, items=tuple(p.item() for p in chosen),
                  context=block, ctx_chars=len(block), ctx_tokens=tokens, timings_ms=timings,
                  degraded=degraded, fallback=budget.fallback, skipped=tuple(budget.skipped))
    if cache_key is not None:
        results_cache.put(cache_key, state, ctx)
    observe.recall_done(timings, degraded=degraded, fallback=ctx.fallback,
                        items=len(ctx.items), ctx_tokens=tokens)
    return ctx
