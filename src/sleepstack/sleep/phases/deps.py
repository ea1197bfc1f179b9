"""The pure functions the cycle orchestrates, behind one narrow seam.

The validator (:mod:`sleepstack.validate`) and the fact, time, expiry and
summary functions (:mod:`sleepstack.sleep.extract` and friends) are separate
modules; this seam adapts their results to the plain shapes the phases pass
around. Where one of the fact/summary modules is not importable (a partial
checkout), a small conservative stand-in keeps the cycle usable and the report
says so. The validator has no stand-in: without it the cycle does not run.
"""

from __future__ import annotations

import hashlib
import importlib
import re
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from functools import lru_cache
from typing import Any

from ...layers.cited import format_cited
from ...layers.facts import Fact
from ...layers.rawlog import Turn
from ...layers.trust import screen
from .notes import merged_parts, note_fields, note_text, render_merged

__all__ = [
    "assemble_merges",
    "candidate_clauses",
    "cluster_user_notes",
    "consolidate_notes",
    "expire_facts",
    "extract_facts",
    "merge_cluster",
    "missing",
    "needs_now",
    "render_long_term",
    "render_short_term",
    "resolve_facts",
    "slot_hints",
    "validate_text",
]

#: which stand-ins were used in this process (reported as warnings)
_MISSING: set[str] = set()


def missing() -> list[str]:
    """Names of the modules that were replaced by stand-ins."""
    return sorted(_MISSING)


def _module(name: str) -> Any:
    """The module, or None (remembered as missing) when it cannot be imported."""
    try:
        return importlib.import_module(name)
    except ImportError:
        _MISSING.add(name)
        return None


# ----------------------------------------------------------------- validate
@lru_cache(maxsize=1)
def _validator() -> Any:
    # No stand-in: a security gate never has a weaker fallback, so a missing
    # validator is an ImportError that stops the cycle, not an open door.
    from ...validate import Validator, ValidatorConfig

    return Validator(ValidatorConfig())


def validate_text(text: str, *, user: str, path: str | None, source: str | None
                  ) -> dict[str, Any]:
    """The validator's verdict as ``{decision, reasons, redacted, verdict}``."""
    v = _validator()
    verdict = v.validate(text, user=user, path=path, source=source)
    return {
        "decision": str(verdict.decision),
        "reasons": [str(r) for r in verdict.reasons],
        "redacted": verdict.redacted,
        # Timing is not content: a resumed cycle must write the same verdict bytes.
        "verdict": {k: v for k, v in verdict.to_dict().items() if k != "elapsed_ms"},
    }


# ------------------------------------------------------------------ extract
def _fact_id(user: str, subject: str, attribute: str, value: str, at: str) -> str:
    h = hashlib.sha256(f"{user}\0{subject}\0{attribute}\0{value}\0{at}".encode()).hexdigest()
    return f"f-{h[:16]}"


_RULES = [
    (re.compile(r"\bI (?:now |really |still )?prefer (?P<v>[^.!?\n]+)", re.I), "prefers",
     "preference", "The user prefers {v}."),
    (re.compile(r"\bI (?:now )?live in (?P<v>[^.!?,\n]+)", re.I), "lives in", "personal",
     "The user lives in {v}."),
    (re.compile(r"\bI (?:now )?work (?:at|for) (?P<v>[^.!?,\n]+)", re.I), "works at",
     "personal", "The user works at {v}."),
]


def _standin_extract(turns: Sequence[Turn], cycle: str | None) -> list[Fact]:
    out: list[Fact] = []
    for t in turns:
        if t.role not in ("user", "memory"):
            continue
        for rx, attr, cat, template in _RULES:
            m = rx.search(t.text)
            if not m:
                continue
            value = m.group("v").strip()
            at = t.to_dict()["at"]
            out.append(Fact(
                id=_fact_id(t.user, "user", attr, value.casefold(), at), user=t.user,
                subject="user", attribute=attr, value=value, category=cat, confidence=0.6,
                text=template.format(v=value), at=at, valid_from=at, cites=(t.id,), cycle=cycle,
            ))
    return out


def extract_facts(turns: Sequence[Turn], *, cycle: str | None, llm: Any = None,
                  budget: Any = None, embedder: str | None = None,
                  hints: Any = None) -> list[Fact]:
    """Facts stated in *turns*: structured LLM extraction when *llm* is given.

    *embedder* (the store's spec) decides the claims' slots by meaning; *hints*
    are the slots already computed for the clauses (see :func:`slot_hints`).
    """
    ex = _module("sleepstack.sleep.extract")
    if ex is None:
        return _standin_extract(turns, cycle)
    if llm is not None:
        got: Any = ex.extract_facts_llm(list(turns), llm, budget=budget, cycle=cycle)
        facts = got[0] if isinstance(got, tuple) else got
        return [f if f.cycle else _with_cycle(f, cycle) for f in facts]
    return list(ex.extract_facts(list(turns), cycle=cycle, embedder=embedder, hints=hints))


def candidate_clauses(texts: Sequence[str]) -> list[str]:
    """The distinct self-disclosure clauses of *texts*."""
    cl = _module("sleepstack.sleep.claims")
    return [] if cl is None else list(cl.candidate_clauses(texts))


def slot_hints(clauses: Sequence[str], embedder: str | None) -> dict[str, Any]:
    """Candidate slots of each clause, embedded in one batch."""
    cl = _module("sleepstack.sleep.claims")
    if cl is None or not clauses:
        return {}
    from ...adapters.embed import DEFAULT_EMBEDDER, load_embedder

    return dict(cl.rank_clauses(clauses, load_embedder(embedder or DEFAULT_EMBEDDER)))


def _with_cycle(f: Fact, cycle: str | None) -> Fact:
    from dataclasses import replace

    return replace(f, cycle=cycle)


# ------------------------------------------------------------------ resolve
def _standin_resolve(existing: list[Fact], new: list[Fact], cycle: str
                     ) -> tuple[list[Fact], list[Fact], list[tuple[Fact, Fact]]]:
    facts = list(existing)
    added: list[Fact] = []
    superseded: list[tuple[Fact, Fact]] = []
    for f in sorted(new, key=lambda x: x.valid_from):
        same = [i for i, g in enumerate(facts) if g.current and g.slot == f.slot]
        if any(facts[i].value.casefold() == f.value.casefold() for i in same):
            continue  # a repeat of what we already know
        for i in same:
            old = facts[i]
            facts[i] = old.close(f.valid_from, by=f.id)
            superseded.append((old, f))
        facts.append(f)
        added.append(f)
    return facts, added, superseded


def resolve_facts(existing: list[Fact], new: list[Fact], *, cycle: str
                  ) -> tuple[list[Fact], list[Fact], list[tuple[Fact, Fact]]]:
    """``(all facts, added, [(old, new)] superseded)``."""
    rs = _module("sleepstack.sleep.resolve")
    if rs is None:
        return _standin_resolve(existing, new, cycle)
    res: Any = rs.resolve(existing, new, cycle=cycle)
    facts = list(getattr(res, "facts", []))
    added = list(getattr(res, "added", []))
    pairs = [tuple(p) for p in getattr(res, "superseded", [])]
    return facts, added, [(p[0], p[1]) for p in pairs]


# ------------------------------------------------------------------- expire
def _parse(ts: str) -> datetime:
    return datetime.fromisoformat(ts.replace("Z", "+00:00"))


def expire_facts(facts: list[Fact], ttl_days: dict[str, int], now: str
                 ) -> tuple[list[Fact], list[Fact]]:
    """``(all facts, newly expired)``."""
    ex = _module("sleepstack.sleep.expire")
    if ex is None:
        out: list[Fact] = []
        gone: list[Fact] = []
        for f in facts:
            ttl = ttl_days.get(f.category)
            if f.current and ttl is not None and _parse(f.valid_from) + timedelta(days=ttl) < \
                    _parse(now):
                f = f.close(now, expired=True)
                gone.append(f)
            out.append(f)
        return out, gone
    got: Any = ex.expire(facts, ttl_days, _parse(now))
    return list(got[0]), list(got[1])


# ---------------------------------------------------------------- summarise
def render_short_term(turns: list[Turn], facts: list[Fact], *, now: str, days: int) -> str:
    """``SHORT_TERM.md``."""
    sm = _module("sleepstack.sleep.summarise")
    if sm is None:
        first = (_parse(now) - timedelta(days=days)).strftime("%Y-%m-%d")
        lines = [f"# Short-term memory (since {first})\n\n"]
        for t in turns:
            if t.day >= first and t.role == "user":
                lines.append(format_cited(f"{t.day}: {t.text}", [t.id]))
        return "".join(lines)
    text: str = sm.render_short_term(turns, facts, now=_parse(now), days=days)
    return text


def render_long_term(facts: list[Fact]) -> str:
    """``LONG_TERM.md``."""
    sm = _module("sleepstack.sleep.summarise")
    if sm is None:
        lines = ["# Long-term memory\n\n"]
        for f in facts:
            if f.current:
                lines.append(format_cited(f"{f.text} (since {f.valid_from[:10]})", list(f.cites)))
        return "".join(lines)
    text: str = sm.render_long_term(facts)
    return text


# -------------------------------------------------------------- consolidate
#
# Consolidation runs as three steps, so that a cycle can fan the middle one out:
# :func:`cluster_user_notes` (one user: read the notes, embed, cluster),
# :func:`merge_cluster` (one cluster: merge, gate, cache; pure) and
# :func:`assemble_merges` (one user again: turn the clusters' lines into notes).
# :func:`consolidate_notes` is the three in a row.


def _utc(ts: str) -> datetime:
    dt = _parse(ts)
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
    cs = _module("sleepstack.sleep.consolidate")
    if cs is None:
        return out
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
    got = cs.cluster_items(items, embedder=embedder or cs.DEFAULT_EMBEDDER, cache_dir=cache_dir)
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
    cs = _module("sleepstack.sleep.consolidate")
    if cs is None:
        return {}
    res, usage = cs.merge_one_cluster(
        [cs.Note.from_dict(m) for m in cluster["members"]], cluster["sims"],
        embedder=embedder or cs.DEFAULT_EMBEDDER, evidence=cluster.get("evidence"),
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
    cs = _module("sleepstack.sleep.consolidate")
    if cs is None or not clustered["clusters"]:
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
