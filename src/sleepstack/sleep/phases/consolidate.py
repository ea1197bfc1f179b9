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
cache belong to :mod:`sleepstack.sleep.consolidate`; the glue below turns notes into its
items and its merged lines back into notes. The cache lives outside the audited
tree (``<home>/cache/consolidate``) and a dry run gets none, so a dry run
writes nothing anywhere.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from ...adapters.embed import DEFAULT_EMBEDDER
from ...layers.notes import is_pinned
from ...layers.trust import screen
from ...plan import CycleState, Item, Result
from .. import consolidate as cs
from .llm import cycle_llm
from .notes import merged_parts, note_fields, note_text, render_merged
from .snapshot import NOTES_DIR

__all__ = ["CLUSTERS_KEY", "assemble_merges", "cluster_merge", "cluster_split",
           "cluster_user_notes", "cluster_work", "consolidate_notes", "merge", "merge_cluster",
           "needs_now", "split", "work"]

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
    items: list[Item] = []
    for u in state.users:
        notes = _notes_of(state, u)
        if len(notes) >= 2:
            item: Item = {"user": u, "notes": [{"path": p, "text": t}
                                               for p, t in sorted(notes.items())]}
            if needs_now(item["notes"]):
                item["now"] = str(state.settings.get("now") or state.now)
            items.append(item)
    return items


def cluster_work(item: Item, settings: dict[str, Any]) -> Result:
    """Embed and cluster one user's notes (reads the ``embedder`` setting)."""
    return cluster_user_notes(str(item["user"]), item["notes"],
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
    llm, budget = cycle_llm(settings)
    res = merge_cluster(item, embedder=settings.get("embedder") or None,
                             cache_dir=settings.get("cache_dir"), llm=llm, budget=budget)
    return {"user": item["user"], **res}


def merge(state: CycleState, results: list[Result]) -> None:
    """Regroup the clusters by user; write merged notes, delete their sources, count."""
    clustered: dict[str, Any] = state.inputs.pop(CLUSTERS_KEY, {})
    everyone = sorted({*state.users, *state.inputs.get("all_notes", {})})
    # A cluster's result names its members (``items``): that is how it finds its cluster.
    by_cluster = {(str(r["user"]), tuple(r.get("items", ()))): r for r in results}
    cycle_id = state.settings.get("cycle_id") or state.cycle_id
    for user in sorted(clustered):
        mine = [by_cluster[(user, tuple(m["id"] for m in cl["members"]))]
                for cl in clustered[user]["clusters"]
                if (user, tuple(m["id"] for m in cl["members"])) in by_cluster]
        r = assemble_merges(clustered[user], mine, cycle_id=cycle_id)
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


# ------------------------------------------------------------------ glue
#
# Consolidation runs as three steps, so that a cycle can fan the middle one out:
# :func:`cluster_user_notes` (one user: read the notes, embed, cluster),
# :func:`merge_cluster` (one cluster: merge, gate, cache; pure) and
# :func:`assemble_merges` (one user again: turn the clusters' lines into notes).
# :func:`consolidate_notes` is the three in a row.


def _utc(ts: str) -> datetime:
    dt = datetime.fromisoformat(ts.replace("Z", "+00:00"))
    return dt.replace(tzinfo=UTC) if dt.tzinfo is None else dt.astimezone(UTC)


def _timestamp(md: str) -> str | None:
    fields = note_fields(md)
    return fields.get("proposed at") or fields.get("newest line at") or None


def needs_now(notes: list[dict[str, Any]]) -> bool:
    """Whether some note has no timestamp of its own (it is then stamped ``now``)."""
    return any(note_text(str(n["text"])).strip() and _timestamp(str(n["text"])) is None
               for n in notes)


def cluster_user_notes(user: str, notes: list[dict[str, Any]], *, now: str,
                       embedder: str | None = None, cache_dir: str | None = None
                       ) -> dict[str, Any]:
    """One user's notes as consolidation items, clustered.

    ``{user, singles, clusters: [{members, sims, evidence, evidence_at}], when,
    path_of, earlier, original}``, JSON values only: each cluster carries all
    its merge needs (:func:`merge_cluster`); the rest is what
    :func:`assemble_merges` needs to turn merged lines back into notes.

    Each note is one item citing its own path; a consolidated note is one item
    per line (all citing its path), so its lines merge one by one. A note with
    no timestamp of its own is stamped *now*.
    """
    out: dict[str, Any] = {"user": user, "singles": [], "clusters": [], "when": {},
                           "path_of": {}, "earlier": {}, "original": {}}
    items = []
    evidence: dict[str, str] = {}
    when: dict[str, str] = out["when"]
    path_of: dict[str, str] = out["path_of"]
    earlier: dict[str, list[str]] = out["earlier"]
    original: dict[str, list[str]] = out["original"]
    for n in notes:
        md = str(n["text"])
        text = note_text(md)
        if not text.strip():
            continue
        path = str(n["path"])
        at = _timestamp(md) or now
        evidence[path] = text
        when[path] = at
        parts = merged_parts(md)
        if parts is None:
            path_of[path] = path
            original[path] = [text]
            items.append(cs.Note(id=path, text=text, cites=(path,), at=at, user=user))
            continue
        lines, older = parts
        earlier[path] = older
        original[path] = lines
        for i, line in enumerate(lines):
            lid = f"{path}#{i}"
            path_of[lid] = path
            items.append(cs.Note(id=lid, text=line, cites=(path,), at=at, user=user))
    if len(items) < 2:
        return out
    got = cs.cluster_items(items, embedder=embedder or DEFAULT_EMBEDDER, cache_dir=cache_dir)
    out["singles"] = got["singles"]
    for cl in got["clusters"]:
        cites = sorted({c for m in cl["members"] for c in m["cites"]})
        out["clusters"].append({
            **cl,
            "evidence": {c: evidence[c] for c in cites if c in evidence},
            "evidence_at": {c: when[c] for c in cites if c in when},
        })
    return out


def merge_cluster(cluster: dict[str, Any], *, embedder: str | None = None,
                  cache_dir: str | None = None, llm: Any = None, budget: Any = None
                  ) -> dict[str, Any]:
    """Merge one cluster of :func:`cluster_user_notes`: a :class:`ClusterResult` dict.

    Its ``cached`` says whether the per-cluster cache served it; ``usage`` is
    the LLM tokens it spent.
    """
    res, usage = cs.merge_one_cluster(
        [cs.Note.from_dict(m) for m in cluster["members"]], cluster["sims"],
        embedder=embedder or DEFAULT_EMBEDDER, evidence=cluster.get("evidence"),
        evidence_at=cluster.get("evidence_at"), llm=llm, budget=budget, cache_dir=cache_dir,
    )
    out: dict[str, Any] = res.to_dict()
    out["usage"] = usage
    return out


def assemble_merges(clustered: dict[str, Any], merged: list[dict[str, Any]], *,
                    cycle_id: Any) -> dict[str, Any]:
    """``{user, clusters, merges: [{path, text, sources, …}], warnings, usage, cache_hits}``.

    *clustered* is :func:`cluster_user_notes`'s value, *merged* the
    :func:`merge_cluster` results of its clusters, in order. Notes whose lines
    merge (duplicates) or contradict (newest wins, the older kept as history)
    are rewritten, together with every note sharing a line with them, into the
    oldest one's path; the others are deleted. Every current line of every
    rewritten note is kept.
    """
    user = str(clustered["user"])
    if not clustered["clusters"]:
        return {"user": user, "clusters": 0, "merges": [], "warnings": []}
    when: dict[str, str] = clustered["when"]
    path_of: dict[str, str] = clustered["path_of"]
    earlier: dict[str, list[str]] = clustered["earlier"]
    original: dict[str, list[str]] = clustered["original"]
    done = [cs.ClusterResult.from_dict(r, cached=bool(r.get("cached"))) for r in merged]
    usage: dict[str, int] = {}
    for r in merged:
        for k, v in dict(r.get("usage") or {}).items():
            usage[k] = usage.get(k, 0) + int(v)

    def order(n: Any) -> tuple[datetime, str]:
        return (_utc(n.at), n.id)

    singles = [cs.Note.from_dict(n) for n in clustered["singles"]]
    res_notes = sorted([*singles, *(n for r in done for n in r.notes)], key=order)
    res_history = sorted((n for r in done for n in r.history), key=order)
    cache_hits = sum(1 for r in done if r.cached)
    rejected = [dict(x, cluster=r.key) for r in done for x in r.rejected]
    # Said even when nothing merged: a refused merge is news for the report.
    warnings = [f"grounding gate kept the originals of a merge for {user}: "
                f"{'; '.join(map(str, r.get('reasons', [])))}" for r in rejected]
    # Paths that must be rewritten: those of a cluster that merged or retired something.
    touched: set[str] = set()
    for cl in done:
        if cl.merged or cl.history:
            touched |= {path_of.get(i, i) for i in cl.items}
    if not touched:
        return {"user": user, "clusters": len(done), "merges": [], "warnings": warnings,
                "usage": usage, "cache_hits": cache_hits}
    # Notes whose lines end up in one line (cited together) are rewritten together.
    group: dict[str, str] = {p: p for p in set(path_of.values())}

    def find(p: str) -> str:
        while group[p] != p:
            group[p] = group[group[p]]
            p = group[p]
        return p

    def join(paths: list[str]) -> None:
        for other in paths[1:]:
            a, b = find(paths[0]), find(other)
            if a != b:
                group[max(a, b)] = min(a, b)

    # A cluster that changed is consolidated into one note, with every note one of
    # its lines came from (a consolidated note's other lines go along).
    for cl in done:
        if cl.merged or cl.history:
            join(sorted({path_of.get(i, i) for i in cl.items}))
    for line in res_notes:
        join([c for c in line.cites if c in group])
    members: dict[str, list[str]] = {}
    for p in group:
        members.setdefault(find(p), []).append(p)
    merges: list[dict[str, Any]] = []
    gated: list[str] = []
    cached = {path_of.get(i, i): bool(cl.cached) for cl in done for i in cl.items}
    for paths in members.values():
        if not touched & set(paths):
            continue
        # An existing consolidated note stays where it is; otherwise the oldest note.
        sources = sorted(paths, key=lambda p: (p not in earlier, when.get(p, ""), p))
        mine = set(paths)
        lines = [n.text for n in res_notes if set(n.cites) & mine]
        older = [n.text for n in res_history if set(n.cites) & mine]
        older += [t for p in sources for t in earlier.get(p, [])]
        if len(sources) == 1 and not older and sorted(lines) == sorted(original[sources[0]]):
            continue  # one note, nothing merged into it or retired from it: as it was
        # A merge may be an LLM's words: they pass the same gate as any untrusted text.
        screened = [screen(x) for x in lines]
        if any(g.flagged for g in screened):
            gated.append(f"validator kept the originals of a merge for {user}: "
                         + ", ".join(sorted({r for g in screened for r in g.flags})))
            continue
        lines = [g.text for g in screened]
        stated = [n.at for n in res_notes if set(n.cites) & mine] + [when[p] for p in sources]
        merges.append({
            "path": sources[0],
            "text": render_merged(user, lines, older, sources=sources,
                                  by=f"cycle {cycle_id}",
                                  newest=max(stated) if stated else None),
            "sources": sources,
            "lines": lines,
            "history": older,
            "cached": all(cached.get(p, False) for p in sources),
        })
    merges.sort(key=lambda m: str(m["path"]))
    warnings += gated
    return {"user": user, "clusters": len(done), "merges": merges,
            "warnings": warnings, "usage": usage, "cache_hits": cache_hits}


def consolidate_notes(user: str, notes: list[dict[str, Any]], settings: dict[str, Any], *,
                      llm: Any = None, budget: Any = None) -> dict[str, Any]:
    """``{user, clusters, merges: [{path, text, sources, …}], warnings, usage}`` for one user.

    :func:`cluster_user_notes`, :func:`merge_cluster` on each cluster, then
    :func:`assemble_merges`, in one call (see those for what is merged how).
    """
    embedder = settings.get("embedder") or None
    cache_dir = settings.get("cache_dir")
    clustered = cluster_user_notes(user, notes, now=str(settings.get("now", "")),
                                   embedder=embedder, cache_dir=cache_dir)
    merged = [merge_cluster(cl, embedder=embedder, cache_dir=cache_dir, llm=llm, budget=budget)
              for cl in clustered["clusters"]]
    return assemble_merges(clustered, merged, cycle_id=settings.get("cycle_id"))
