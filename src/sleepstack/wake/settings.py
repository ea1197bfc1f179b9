"""The recall knobs (:class:`RecallConfig`), and ``[retrieval]`` of ``sleepstack.toml`` as knobs."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..config_keys import Retrieval

__all__ = ["DEFAULT_CONFIG", "RecallConfig", "recall_config"]

@dataclass(frozen=True)
class RecallConfig:
    """The tunable knobs of recall (defaults tuned on LoCoMo; none of them is LoCoMo-specific)."""

    fusion: str = "linear"  # "linear" (normalised scores) or "rrf" (reciprocal ranks)
    w_lex: float = 1.0
    w_dense: float = 0.5
    dense_floor: float = 0.5  # linear fusion: the cosine quantile that maps to 0
    k_rrf: float = 60.0
    top_n: int = 200  # candidates taken from each ranking
    neighbour_decay: float = 0.5  # a neighbouring turn is worth this share of its hit
    neighbour_depth: int = 1
    session_weight: float = 0.8  # share of its session's best hits a turn gets added
    speaker_boost: float = 0.3  # turns by a speaker the question names
    role_weight: float = 0.4  # BM25 weight of the speaker's name column
    ctx_weight: float = 0.3  # BM25 weight of the turn-before column
    window_boost: float = 0.3  # inside the question's time window, in units of a top hit
    recency_weight: float = 0.05
    recency_days: float = 30.0
    session_boost: float = 0.1  # the caller's current session
    # Current facts are distilled, validated and cited: they outrank the raw
    # turns they came from. (LoCoMo, which tuned the other weights, has no facts.)
    fact_boost: float = 0.5
    stale_factor: float = 0.25  # raw turns whose claim a newer fact superseded (present tense)
    prf: float = 0.0  # dense pseudo-relevance feedback (off: it did not help on LoCoMo)
    prf_k: int = 5
    fresh_dense_cap: int = 32  # rows past the index embedded per recall, newest first
    degraded_dense_cap: int = 256  # with no usable index: rows embedded per recall, newest first
    patience: int = 40
    #: share of the budget reserved for the profile block: the user's current facts,
    #: most relevant first, in every context (ARCHITECTURE.md §5)
    profile_share: float = 0.15
    #: a question about the user's slot (wake/topic.py): a row as near the slot's
    #: prototypes as the nearest row gains this much, in units of a top hit (0: off)
    topic_weight: float = 0.5
    topic_floor_q: float = 0.3  # the candidates' topic quantile that maps to 0
    topic_min: float = 0.2  # and at least this cosine
    off_topic_factor: float = 0.3  # raw turns below the floor keep this share of their score
    topic_margin: float = 0.05  # slots this near the question's best one are asked for too
    #: a question about the present: the newest turn about the slot gains this share more
    topic_newest: float = 1.0
    #: a user turn about the asked single-valued slot, said before its current value
    #: began and not naming it, scoring this near the slot (prototypes + slot head),
    #: is marked no longer current (wake/slot_stale.py; 0: off)
    topic_stale_floor: float = 0.4
    #: pure pleasantries ("thanks!", "happy to help") are worth this share of their score
    filler_factor: float = 0.3
    # ``[retrieval]`` (wake/budget.py, wake/cache.py): 0 turns each off
    max_latency_ms: float = 0.0  # skip expensive stages that would not fit; lexical fallback
    fallback_to_keywords: bool = True
    top_k: int = 0  # at most this many items (0: as many as the budget holds)
    cache_ttl_s: float = 0.0  # results cache entry lifetime (0: no cache)


DEFAULT_CONFIG = RecallConfig()


def recall_config(retrieval: Retrieval, base: RecallConfig = DEFAULT_CONFIG) -> RecallConfig:
    """*base* with the latency budget, ``top_k`` and the results cache of *retrieval*."""
    return replace(base, max_latency_ms=retrieval.max_latency_ms,
                   fallback_to_keywords=retrieval.fallback_to_keywords,
                   top_k=retrieval.top_k,
                   cache_ttl_s=retrieval.cache_ttl_seconds if retrieval.cache_enabled else 0.0)
