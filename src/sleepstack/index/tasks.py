"""An index rebuild's embedding as a plan: one work item per topic and per user.

Embedding is the slow part of a rebuild. :func:`~sleepstack.index.build.plan_embedding`
lists the texts the next generation needs, grouped per reference topic and
per user; this module's plan embeds each group as its own work item, so an
engine fans the groups out in parallel and caches them by content (the item
names its embedder and holds its texts). The merged vectors, keyed by
:func:`~sleepstack.index.build.embed_key`, are then handed to
:func:`~sleepstack.index.build.build_generation`, which embeds nothing twice.

The state's ``inputs["embed_items"]`` holds the items; after the run,
``inputs["vectors"]`` holds every vector as a list of floats (float32 values,
exact through JSON).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..adapters.embed import load_embedder
from ..plan import CycleState, Item, Phase, Plan, Result
from .build import embed_key

__all__ = ["INDEX_PLAN", "embed_merge", "embed_split", "embed_work", "index_plan"]

#: the plan by reference (engines that load plans by name, such as Flyte)
INDEX_PLAN = "sleepstack.index.tasks:index_plan"

_BATCH = 256


def embed_split(state: CycleState) -> list[Item]:
    """The embedding work items the state carries (from ``plan_embedding``)."""
    return [dict(item) for item in state.inputs.get("embed_items", [])]


def embed_work(item: Item, settings: dict[str, Any]) -> Result:
    """Embed one group's texts: ``{"group", "vectors": {text key: [floats]}}``."""
    del settings  # the item names its embedder; nothing else decides the vectors
    emb = load_embedder(str(item["embedder"]))
    texts = [str(t) for t in item["texts"]]
    vectors: dict[str, list[float]] = {}
    for start in range(0, len(texts), _BATCH):
        part = texts[start : start + _BATCH]
        mat = np.asarray(emb.embed(part), dtype=np.float32)
        for text, vec in zip(part, mat, strict=True):
            vectors[embed_key(text)] = [float(x) for x in vec]
    return {"group": item["group"], "vectors": vectors}


def embed_merge(state: CycleState, results: list[Result]) -> None:
    """Collect every group's vectors into ``state.inputs["vectors"]``."""
    vectors: dict[str, list[float]] = dict(state.inputs.get("vectors", {}))
    for result in results:
        vectors.update(result["vectors"])
    state.inputs["vectors"] = vectors


def index_plan() -> Plan:
    """The index rebuild's plan: a single ``embed`` phase (CPU-bound, so cached locally)."""
    return Plan((Phase("embed", embed_split, embed_work, embed_merge, cpu_heavy=True),))
