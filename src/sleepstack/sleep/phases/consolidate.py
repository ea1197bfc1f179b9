"""Phases 4 and 5, cluster and consolidate: related notes of a user merge into one.

Two phases, so that each cluster's merge is a task of its own:

* ``cluster`` (one item per user with at least two notes): read the notes as
  consolidation items, embed them and cluster them. Its result lists the
  clusters, each with everything its merge needs (members, similarities,
  the texts its lines cite); the merge keeps them in the state for the next
  phase (``state.inputs["consolidate_clusters"]``).
* ``consolidate`` (one item per cluster of two or more items): merge, gate
  and cache that one cluster; pure, and deterministic given its item and
  settings. Its merge regroups the clusters by user and turns the merged
  lines into changes: the merged note is written, its sources are deleted
  (their history stays in the store).

Clustering, merging, the grounding gate and the per-cluster content-hash
cache belong to :mod:`sleepstack.sleep.consolidate` (through
:mod:`~sleepstack.sleep.phases.deps`). The cache lives outside the audited
tree (``<home>/cache/consolidate``) and a dry run gets none, so a dry run
writes nothing anywhere.
"""

from __future__ import annotations

from typing import Any

from ...layers.notes import is_pinned
from ..plan import CycleState, Item, Result
from .snapshot import NOTES_DIR

__all__ = ["CLUSTERS_KEY", "cluster_merge", "cluster_split", "cluster_work", "merge", "split",
           "work"]

#: where the ``cluster`` phase leaves each user's clusters for ``consolidate``
CLUSTERS_KEY = "consolidate_clusters"


def _notes_of(state: CycleState, user: str) -> dict[str, str]:
    """Every note of *user* after promotion: path -> text."""
    out: dict[str, str] = {}
    prefix = f"user/{user}/{NOTES_DIR}/"
    for note in state.inputs.get("all_notes", {}).get(user, []):
        out[note["path"]] = note["text"]
    for path, content in state.changes.items():
        if path.startswith(prefix) and path.endswith(".md"):
            if content is None:
                out.pop(path, None)
            else:
                out[path] = content
    # A pinned note is kept by key by its writer (sleepstack.integrations.langgraph).
    return {p: t for p, t in out.items() if not is_pinned(t)}


# ------------------------------------------------------------------ cluster
def cluster_split(state: CycleState) -> list[Item]:
    """One item per user with at least two notes.

    ``now`` (the stamp of a note without a time of its own) is in the item
    only when some note needs it, so the work reads no clock and an unchanged
    user's item is the same from one cycle to the next.
    """
    from . import deps

    items: list[Item] = []
    for u in state.users:
        notes = _notes_of(state, u)
        if len(notes) >= 2:
            item: Item = {"user": u, "notes": [{"path": p, "text": t}
                                               for p, t in sorted(notes.items())]}
            if deps.needs_now(item["notes"]):
                item["now"] = str(state.settings.get("now") or state.now)
            items.append(item)
    return items


def cluster_work(item: Item, settings: dict[str, Any]) -> Result:
    """Embed and cluster one user's notes (reads the ``embedder`` setting)."""
    from . import deps

    return deps.cluster_user_notes(str(item["user"]), item["notes"],
                                   now=str(item.get("now", "")),
                                   embedder=settings.get("embedder") or None,
                                   cache_dir=settings.get("cache_dir"))


def cluster_merge(state: CycleState, results: list[Result]) -> None:
    """Keep each user's clusters for the ``consolidate`` phase."""
    state.inputs[CLUSTERS_KEY] = {str(r["user"]): r for r in
                                  sorted(results, key=lambda x: str(x["user"]))}


# -------------------------------------------------------------- consolidate
def split(state: CycleState) -> list[Item]:
    """One item per cluster (of two or more items), users in order, clusters in order."""
    items: list[Item] = []
    for user, clustered in sorted(state.inputs.get(CLUSTERS_KEY, {}).items()):
        # Content only (no position): an unchanged cluster is the same item next cycle.
        items.extend({"user": user, **cl} for cl in clustered.get("clusters", []))
    return items


def work(item: Item, settings: dict[str, Any]) -> Result:
    """Merge, gate and cache one cluster (reads ``llm``, ``token_budget``, ``embedder``)."""
    from . import deps
    from .memory import cycle_llm

    llm, budget = cycle_llm(settings)
    res = deps.merge_cluster(item, embedder=settings.get("embedder") or None,
                             cache_dir=settings.get("cache_dir"), llm=llm, budget=budget)
    return {"user": item["user"], **res}


def merge(state: CycleState, results: list[Result]) -> None:
    """Regroup the clusters by user; write merged notes, delete their sources, count."""
    from . import deps

    clustered: dict[str, Any] = state.inputs.pop(CLUSTERS_KEY, {})
    everyone = sorted({*state.users, *state.inputs.get("all_notes", {})})
    # A cluster's result names its members (``items``): that is how it finds its cluster.
    by_cluster = {(str(r["user"]), tuple(r.get("items", ()))): r for r in results}
    cycle_id = state.settings.get("cycle_id") or state.cycle_id
    for user in sorted(clustered):
        mine = [by_cluster[(user, tuple(m["id"] for m in cl["members"]))]
                for cl in clustered[user]["clusters"]
                if (user, tuple(m["id"] for m in cl["members"])) in by_cluster]
        r = deps.assemble_merges(clustered[user], mine, cycle_id=cycle_id)
        state.add("clusters", int(r.get("clusters", 0)))
        notes = _notes_of(state, user)
        for m in r.get("merges", []):
            # The subject gate once more, now that every user of the store is known:
            # a line naming another user ("alice prefers…", in any case) is refused.
            why = _foreign(m, user, notes, everyone)
            if why:
                state.warnings.append(f"subject gate kept the originals of a merge for {user}: "
                                      + "; ".join(why))
                continue
            state.put(m["path"], m["text"])
            for src in m["sources"]:
                if src != m["path"]:
                    state.put(src, None)
            state.add("merged", len(m["sources"]))
            # The note's Markdown is in the changeset; the report keeps the lines and sources.
            state.detail("merges", {"user": r["user"],
                                    **{k: v for k, v in m.items() if k != "text"}})
        for w in r.get("warnings", []):
            state.warnings.append(str(w))


def _foreign(merge: dict[str, Any], user: str, notes: dict[str, str],
             everyone: list[str]) -> list[str]:
    """Why a merged note names someone it may not (the store's other users included)."""
    from ..subjects import subject_reasons

    evidence = [notes[p] for p in merge.get("sources", []) if p in notes]
    evidence += [str(h) for h in merge.get("history", [])]
    return [r for line in merge.get("lines", [])
            for r in subject_reasons(str(line), user=user, evidence=evidence, others=everyone)]
