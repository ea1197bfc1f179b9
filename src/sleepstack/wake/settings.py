"""``[retrieval]`` from ``sleepstack.toml`` as the recall knobs it sets."""

from __future__ import annotations

from dataclasses import replace

from ..config_keys import Retrieval
from .recall import DEFAULT_CONFIG, RecallConfig

__all__ = ["recall_config"]


def recall_config(retrieval: Retrieval, base: RecallConfig = DEFAULT_CONFIG) -> RecallConfig:
    """*base* with the latency budget, ``top_k`` and the results cache of *retrieval*."""
    return replace(base, max_latency_ms=retrieval.max_latency_ms,
                   fallback_to_keywords=retrieval.fallback_to_keywords,
                   top_k=retrieval.top_k,
                   cache_ttl_s=retrieval.cache_ttl_seconds if retrieval.cache_enabled else 0.0)
