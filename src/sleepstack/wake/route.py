"""Routing a question to the one or two reference topics that can answer it, without an LLM.

A topic's score mixes two cheap signals computed at index time: the cosine
between the query vector and the centroid of the topic's chunk vectors, and
the share of the query's content words that are among the topic's telling
terms (heading words and the slug count most). Only topics clearly above the
floor are searched, so personal questions are not crowded by documentation.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..index.lexical import terms
from ..index.reader import TopicInfo
from ..index.vectors import F32

__all__ = ["Route", "route"]

#: Weight of the dense signal; the rest is lexical overlap.
DENSE_WEIGHT = 0.6
#: Minimum combined score for a topic to be searched at all.
FLOOR = 0.22
#: A second topic must score at least this share of the first.
SECOND_RATIO = 0.75


@dataclass(frozen=True)
class Route:
    """A topic chosen for this question, with its routing score."""

    slug: str
    score: float


def route(topics: Sequence[TopicInfo], query: str, qvec: F32 | None,
          max_topics: int = 2) -> list[Route]:
    """The best one or two topics for *query* (an empty list when none fits)."""
    if not topics:
        return []
    qterms = set(terms(query))
    scored: list[Route] = []
    for t in topics:
        overlap = len(qterms & t.terms) / len(qterms) if qterms else 0.0
        if qvec is not None and t.centroid is not None:
            cos = float(np.dot(qvec, t.centroid))
            score = DENSE_WEIGHT * cos + (1 - DENSE_WEIGHT) * overlap
        else:
            score = overlap
        scored.append(Route(t.slug, round(score, 6)))
    scored.sort(key=lambda r: (-r.score, r.slug))
    out = [r for r in scored[:max_topics] if r.score >= FLOOR]
    if len(out) == 2 and out[1].score < SECOND_RATIO * out[0].score:
        out = out[:1]
    return out
