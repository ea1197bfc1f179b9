"""Consolidation: cluster related notes and facts, merge each cluster, gate the result.

Input items are :class:`Note` values (promoted memories, notes, and current
facts via :func:`note_from_fact`) of one user. The pipeline:

1. **cluster** — embed every item and join items whose cosine similarity is at
   least ``threshold`` (connected components, so the result does not depend on
   input order);
2. **merge** each cluster (in parallel, bounded by ``max_workers``):
   exact and near-duplicates become one line carrying the *union* of their
   citations; contradictions resolve newest-wins (the older statement is kept
   as history, never dropped); with an LLM, the cluster's current items are
   condensed into concise cited lines whose cites must be a subset of the
   cluster's;
3. **gate** every merged line with :func:`~sleepstack.sleep.grounding.grounded`;
   a line that fails is replaced by the originals it summarised, and the
   reasons are reported;
4. **cache** each cluster's result under the SHA-256 of its canonical inputs
   plus :data:`CODE_VERSION`, one JSON file per key in ``cache_dir``, so a rerun
   or a retry after a crash repeats no work (``cache_hits`` says how much).
   Embeddings are cached too, by the SHA-256 of the text and the embedder spec
   (``cache_dir/embeddings/``, and in memory per process), and the embedder is
   loaded (through :func:`~sleepstack.adapters.embed.load_embedder`, which
   keeps one per process) only when some text is not cached: a cycle whose
   notes did not change embeds nothing and loads no model.

What counts as a contradiction is deliberately narrow: two facts of the same
single-valued ``(subject, attribute)`` slot with different values, or two
notes that are the same sentence with only a value changed (a number, or the
negation flipped). A number that only labels *which* thing a note is about
("day 0" / "day 1", "step 3", "chapter 2") is not a value: such notes are
different notes, and both stay.

Only plain, JSON-ready values cross the function boundary.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
import threading
from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..adapters.embed import DEFAULT_EMBEDDER, Embedder, FloatMatrix
from ..adapters.llm import LLM, Budget, BudgetedLLM, Usage, is_none
from ..layers.facts import Fact
from .consolidate_merge import (
    ClusterResult,
    GroundingGate,
    MergeParams,
    Note,
    at_time,
    cluster,
    merge_cluster,
    note_from_fact,
)
from .embed_cache import CachedEmbedder
from .grounding import DEFAULT_THRESHOLD
from .subjects import subject_reasons

__all__ = [
    "CODE_VERSION",
    "CachedEmbedder",
    "ClusterResult",
    "ConsolidateResult",
    "Note",
    "cluster",
    "cluster_items",
    "consolidate",
    "merge_one_cluster",
    "note_from_fact",
]

#: part of every cache key: bump it whenever merge behaviour changes
CODE_VERSION = "consolidate/2"

@dataclass(frozen=True)
class ConsolidateResult:
    """Everything :func:`consolidate` produced, in a stable order."""

    notes: list[Note]
    history: list[Note]
    clusters: list[ClusterResult]
    cache_hits: int
    merged: int
    rejected: list[dict[str, Any]]
    usage: dict[str, int] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form, for the cycle report."""
        return {
            "notes": [n.to_dict() for n in self.notes],
            "history": [n.to_dict() for n in self.history],
            "clusters": [c.to_dict() for c in self.clusters],
            "cache_hits": self.cache_hits, "merged": self.merged,
            "rejected": list(self.rejected), "usage": dict(self.usage),
        }  # fmt: skip



# ----------------------------------------------------------------------- caching

def _cache_key(
    members: Sequence[Note], params: MergeParams, llm_spec: str, evidence: Mapping[str, str]
) -> str:
    cites = sorted({c for m in members for c in m.cites})
    canon = {
        "version": CODE_VERSION,
        "items": sorted((m.to_dict() for m in members), key=lambda d: d["id"]),
        "params": [params.duplicate_threshold, params.grounding_threshold, params.embedder],
        "llm": llm_spec,
        "evidence": {c: evidence[c] for c in cites if c in evidence},
    }
    blob = json.dumps(canon, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


def _cache_read(cache_dir: str | None, key: str, members: Sequence[Note] = (),
                evidence: Mapping[str, str] | None = None) -> ClusterResult | None:
    if cache_dir is None:
        return None
    path = os.path.join(cache_dir, f"{key}.json")
    try:
        with open(path, encoding="utf-8") as fh:
            hit = ClusterResult.from_dict(json.load(fh), cached=True)
    except (OSError, ValueError, KeyError, TypeError):
        return None  # missing or torn: recompute (writes are atomic, so rare)
    # The cache is a file outside the store's policy: a merged line read from it
    # passes the subject gate again (cheap, no embedder), or the entry is a miss.
    own = {m.id for m in members}
    texts = [*(evidence or {}).values(), *(m.text for m in members)]
    owner = members[0].user if members else ""
    for note in hit.notes:
        if note.id not in own and subject_reasons(note.text, user=owner, evidence=texts):
            return None
    return hit


def _cache_write(cache_dir: str | None, result: ClusterResult) -> None:
    if cache_dir is None:
        return
    os.makedirs(cache_dir, exist_ok=True)
    data = json.dumps(result.to_dict(), sort_keys=True, ensure_ascii=False)
    # Temp file + rename: a crash mid-write never leaves a half-written entry.
    fd, tmp = tempfile.mkstemp(dir=cache_dir, prefix=".tmp-", suffix=".json")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(data)
        os.replace(tmp, os.path.join(cache_dir, f"{result.key}.json"))
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


# -------------------------------------------------------------------------- main


def _notes(items: Sequence[Note | Fact]) -> list[Note]:
    """Facts as notes; closed facts are history already and are left out."""
    return [note_from_fact(i) if isinstance(i, Fact) else i for i in items
            if not (isinstance(i, Fact) and not i.current)]  # fmt: skip


def _model(llm: LLM | None, budget: Budget | None) -> LLM | None:
    """The LLM to condense clusters with (charged to *budget*), or None for deterministic."""
    if llm is None or is_none(llm):
        return None
    return BudgetedLLM(llm, budget) if budget is not None else llm


def consolidate(
    items: Sequence[Note | Fact],
    *,
    embedder: Embedder | str = DEFAULT_EMBEDDER,
    threshold: float = 0.75,
    duplicate_threshold: float = 0.9,
    grounding_threshold: float = DEFAULT_THRESHOLD,
    evidence: Mapping[str, str] | None = None,
    evidence_at: Mapping[str, str] | None = None,
    llm: LLM | None = None,
    budget: Budget | None = None,
    cache_dir: str | None = None,
    max_workers: int = 4,
) -> ConsolidateResult:
    """Cluster, merge, gate and cache; see the module doc.

    *items* are notes or facts (facts are converted with :func:`note_from_fact`;
    closed facts are history already and are left out). *evidence* maps cited
    ids to their raw texts (and *evidence_at* to their ISO times) for the
    grounding gate. *llm* (optional; ``none`` means deterministic) condenses
    clusters, charged to *budget*. Clusters run on *max_workers* threads.
    """
    notes = _notes(items)
    # Each distinct text is embedded once (cached by its hash), and the model is
    # loaded only when a text is new: unchanged notes cost no model load at all.
    emb = CachedEmbedder(embedder, cache_dir)
    params = MergeParams(duplicate_threshold, grounding_threshold, emb.name)
    ev = dict(evidence or {})
    gate = GroundingGate(emb.sibling(persist=False), grounding_threshold, ev,
                         dict(evidence_at or {}))
    model = _model(llm, budget)
    llm_spec = model.spec if model is not None else "none"

    vectors = emb.embed([n.text for n in notes]) if notes else np.zeros((0, 1), np.float32)
    comps = cluster(notes, vectors, threshold=threshold)
    singles = [notes[g[0]] for g in comps if len(g) == 1]
    multi = [g for g in comps if len(g) > 1]

    usage = Usage()
    usage_lock = threading.Lock()
    results: list[ClusterResult | None] = [None] * len(multi)
    todo: list[tuple[int, str, list[Note], FloatMatrix]] = []
    for k, g in enumerate(multi):
        members = [notes[i] for i in g]
        key = _cache_key(members, params, llm_spec, ev)
        hit = _cache_read(cache_dir, key, members, ev)
        if hit is not None:
            results[k] = hit
        else:
            sub = np.ascontiguousarray(vectors[g] @ vectors[g].T)
            todo.append((k, key, members, sub))

    def run(job: tuple[int, str, list[Note], FloatMatrix]) -> tuple[int, ClusterResult]:
        k, key, members, sims = job
        res = merge_cluster(key, members, sims, params, gate, model, usage, usage_lock)
        if res.llm_fallback is None:
            _cache_write(cache_dir, res)
        return k, res

    if todo:
        with ThreadPoolExecutor(max_workers=max(1, max_workers)) as pool:
            for k, res in pool.map(run, todo):
                results[k] = res

    done = [r for r in results if r is not None]
    out_notes = list(singles) + [n for r in done for n in r.notes]
    out_notes.sort(key=lambda n: (at_time(n.at), n.id))
    history = sorted((n for r in done for n in r.history), key=lambda n: (at_time(n.at), n.id))
    return ConsolidateResult(
        notes=out_notes,
        history=history,
        clusters=done,
        cache_hits=sum(1 for r in done if r.cached),
        merged=sum(r.merged for r in done),
        rejected=[dict(x, cluster=r.key) for r in done for x in r.rejected],
        usage=usage.to_dict(),
    )


# ------------------------------------------------------- one task per cluster
#
# The cycle runs consolidation as two phases: ``cluster`` (one task per user:
# embed and cluster) and ``consolidate`` (one task per cluster: merge, gate,
# cache). These two functions are those halves of :func:`consolidate`; what
# passes between them is plain JSON, and the merge of one cluster gives the
# same result (and uses the same cache entry) as :func:`consolidate` does.


def cluster_items(
    items: Sequence[Note | Fact],
    *,
    embedder: Embedder | str = DEFAULT_EMBEDDER,
    threshold: float = 0.75,
    cache_dir: str | None = None,
) -> dict[str, Any]:
    """Embed and cluster *items*: ``{"singles": [note], "clusters": [{members, sims}]}``.

    Notes are :meth:`Note.to_dict` values; ``sims`` is a cluster's cosine
    similarity matrix (its members' order), which :func:`merge_one_cluster`
    needs to tell near-duplicates apart. Clusters are in :func:`cluster`'s
    order; singles (items related to nothing) need no merge.
    """
    notes = _notes(items)
    if not notes:
        return {"singles": [], "clusters": []}
    emb = CachedEmbedder(embedder, cache_dir)
    vectors = emb.embed([n.text for n in notes])
    comps = cluster(notes, vectors, threshold=threshold)
    clusters: list[dict[str, Any]] = []
    for g in comps:
        if len(g) < 2:
            continue
        sub = np.asarray(vectors[g] @ vectors[g].T, dtype=np.float32)
        clusters.append({
            "members": [notes[i].to_dict() for i in g],
            # float32 values are exact as JSON floats, so the merge sees the same numbers
            "sims": [[float(x) for x in row] for row in sub],
        })  # fmt: skip
    return {"singles": [notes[g[0]].to_dict() for g in comps if len(g) == 1],
            "clusters": clusters}


def merge_one_cluster(
    members: Sequence[Note],
    sims: Sequence[Sequence[float]] | FloatMatrix,
    *,
    embedder: Embedder | str = DEFAULT_EMBEDDER,
    duplicate_threshold: float = 0.9,
    grounding_threshold: float = DEFAULT_THRESHOLD,
    evidence: Mapping[str, str] | None = None,
    evidence_at: Mapping[str, str] | None = None,
    llm: LLM | None = None,
    budget: Budget | None = None,
    cache_dir: str | None = None,
) -> tuple[ClusterResult, dict[str, int]]:
    """Merge, gate and cache one cluster: ``(result, llm usage)``.

    The cache key and entry are :func:`consolidate`'s, so either finds what the
    other stored; a hit makes no LLM call and loads no embedder.
    """
    members = list(members)
    emb = CachedEmbedder(embedder, cache_dir)
    params = MergeParams(duplicate_threshold, grounding_threshold, emb.name)
    ev = dict(evidence or {})
    model = _model(llm, budget)
    llm_spec = model.spec if model is not None else "none"
    key = _cache_key(members, params, llm_spec, ev)
    hit = _cache_read(cache_dir, key, members, ev)
    if hit is not None:
        return hit, Usage().to_dict()
    gate = GroundingGate(emb.sibling(persist=False), grounding_threshold, ev,
                         dict(evidence_at or {}))
    matrix = np.asarray(sims, dtype=np.float32).reshape(len(members), len(members))
    usage = Usage()
    res = merge_cluster(key, members, matrix, params, gate, model, usage, threading.Lock())
    if res.llm_fallback is None:
        _cache_write(cache_dir, res)
    return res, usage.to_dict()
