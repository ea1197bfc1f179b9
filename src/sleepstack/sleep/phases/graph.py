"""The graph phase: one work item per user and per reference topic, content-keyed.

* A **user** item carries the user's graph as it stands and the cycle's new
  turns (already through the trust gate at snapshot time); its work folds the
  turns into the graph (:func:`sleepstack.graph.build_graph`). A user with no
  new turns has no item. A user with a raw log but **no graph file yet** (a
  store that logged turns before the graph tier existed, or one switched from
  ``tier = "facts"``) is backfilled: the item carries every turn of the user's
  log (tombstones left out, through the same trust gate) and builds the graph
  from nothing. The file it writes is what marks the user done, so this runs
  once.
* A **topic** item carries every document of one ``memory/topics/<slug>/``
  with its sha; its work rebuilds that topic's graph from them. A topic whose
  documents are the ones its graph was built from (``sources``) has no item
  (a topic with no graph file yet has built from nothing, so it is built from
  all its documents):
  an unchanged topic is never rebuilt, and since an item is only its content,
  an engine's cache (local or Flyte) serves a repeated one.

:func:`graph_inputs` (called by the cycle after the snapshot) reads what the
split needs into ``state.inputs["graph"]`` and records each graph file's sha
as the commit's precondition. With ``[structured] tier = "facts"`` it reads
nothing and the phase has no items. ``[structured] llm = true`` has the
cycle's LLM (``[sleep] llm``) read relations too (:mod:`sleepstack.graph.llm`).
"""

from __future__ import annotations

from typing import Any

from ...errors import NotFoundError, PathRefused
from ...graph.build import Text, build_graph, speaker_of
from ...graph.extract import Statement
from ...graph.llm import llm_statements
from ...graph.model import Graph, graph_path, topic_graph_path
from ...graph.tier import tier_of
from ...layers.rawlog import is_erased, parse_file
from ...layers.topics import topic_of
from ...layers.trust import screen
from ...plan import CycleState, Item, Result
from ...store import Store
from ...store.paths import check_user_id
from .llm import cycle_llm
from .snapshot import screen_turns

__all__ = ["graph_inputs", "graph_merge", "graph_split", "graph_work"]

#: documents are folded in paragraph by paragraph (each cites the document's path)
_MAX_DOC_CHARS = 200_000


def _read(store: Store, path: str) -> tuple[str, str | None]:
    try:
        return store.read_text(path), store.sha(path)
    except NotFoundError:
        return "", None


def _logged_users(raw_sizes: dict[str, int]) -> set[str]:
    """Every user with a raw-log file (``memory/log/<user>/<day>.md``)."""
    out: set[str] = set()
    for path in raw_sizes:
        parts = path.split("/")
        if len(parts) < 4:
            continue
        try:
            out.add(check_user_id(parts[2]))
        except PathRefused:
            continue
    return out


def _all_turns(store: Store, user: str, raw_sizes: dict[str, int]) -> list[dict[str, Any]]:
    """Every turn of *user*'s log as the snapshot saw it, screened (for a backfill)."""
    prefix = f"memory/log/{user}/"
    out: list[dict[str, Any]] = []
    for path, size in sorted(raw_sizes.items()):
        if not path.startswith(prefix):
            continue
        data = store.fs.read_bytes(path)[:size]
        data = data[: data.rfind(b"\n") + 1]  # a line still being written waits
        out.extend(t.to_dict() for t in parse_file(data.decode("utf-8", errors="replace"), user)
                   if not is_erased(t))
    return screen_turns(out)


def graph_inputs(store: Store, state: CycleState, raw: dict[str, Any] | None) -> None:
    """Read the graph files and topic documents the graph phase needs into the state."""
    tier = tier_of(raw)
    table = (raw or {}).get("structured", {})
    info: dict[str, Any] = {"tier": tier, "users": {}, "topics": {}, "backfill": {},
                            "llm": isinstance(table, dict) and table.get("llm") is True}
    state.inputs["graph"] = info
    if tier != "graph":
        return
    raw_sizes: dict[str, int] = state.inputs.get("raw_sizes", {})
    logged = _logged_users(raw_sizes)
    for user in sorted({*state.users, *logged}):
        path = graph_path(user)
        text, sha = _read(store, path)
        if sha is None and user in logged:
            # No graph yet: build it from the whole log, once (the file marks it done).
            state.base.setdefault(path, sha)
            info["backfill"][user] = _all_turns(store, user, raw_sizes)
        elif user in state.users:
            state.base.setdefault(path, sha)
            info["users"][user] = text
    docs: dict[str, list[dict[str, str]]] = {}
    for path in store.list("memory/topics/"):
        slug = topic_of(path)
        if slug is None or not path.endswith((".md", ".txt", ".rst")):
            continue
        text, sha = _read(store, path)
        docs.setdefault(slug, []).append({"path": path, "sha": sha or "", "text": text})
    for slug, ds in sorted(docs.items()):
        path = topic_graph_path(slug)
        text, sha = _read(store, path)
        state.base.setdefault(path, sha)
        built_from = Graph.loads(text, slug).sources if text else {}
        info["topics"][slug] = {"docs": sorted(ds, key=lambda d: d["path"]),
                                "built_from": built_from}


def graph_split(state: CycleState) -> list[Item]:
    """One item per user with new turns or no graph yet, one per topic whose documents changed."""
    info = state.inputs.get("graph") or {}
    if info.get("tier") != "graph":
        return []
    items: list[Item] = []
    new_turns: dict[str, list[dict[str, Any]]] = state.inputs.get("new_turns", {})
    backfill: dict[str, list[dict[str, Any]]] = info.get("backfill", {})
    for user in sorted({*state.users, *backfill}):
        # A backfill carries the whole log (the new turns included) and builds from nothing.
        turns = backfill[user] if user in backfill else new_turns.get(user) or []
        if not turns and user not in backfill:
            continue
        items.append({"kind": "user", "owner": user, "prev": info["users"].get(user, ""),
                      "turns": [{k: t[k] for k in ("id", "role", "text", "at")} for t in turns],
                      "llm": bool(info.get("llm"))})
    for slug, t in sorted(info.get("topics", {}).items()):
        now = {d["path"]: d["sha"] for d in t["docs"]}
        if now == t.get("built_from"):
            continue  # unchanged: never rebuilt
        items.append({"kind": "topic", "owner": slug, "docs": t["docs"]})
    return items


def graph_work(item: Item, settings: dict[str, Any]) -> Result:
    """Build one user's or one topic's graph (pure: the item is all it reads)."""
    owner = str(item["owner"])
    warnings: list[str] = []
    if item["kind"] == "user":
        prev = Graph.loads(str(item.get("prev") or ""), owner)
        texts = [Text(str(t["id"]), str(t["text"]), str(t["at"]), str(t.get("role") or ""))
                 for t in item["turns"]]
        extra: list[Statement] = []
        llm, _ = cycle_llm(settings) if item.get("llm") else (None, None)
        if llm is not None:
            # The LLM's statements pass the rules' own validation (graph.llm).
            extra, warnings = llm_statements(llm, [(t.cite, t.text, t.at, speaker_of(t.role))
                                                   for t in texts])
        g = build_graph(prev, texts, user_name=owner, llm_statements=extra)
        path = graph_path(owner)
    else:
        texts = []
        for d in item["docs"]:
            body = str(d["text"])[:_MAX_DOC_CHARS]
            got = screen(body)
            if got.flagged:
                continue  # an injection-like document teaches the graph nothing
            for n, para in enumerate(p for p in got.text.split("\n\n") if p.strip()):
                texts.append(Text(str(d["path"]), para, f"0000-00-00T00:00:{n:02d}", None))
        g = build_graph(Graph(owner), texts)
        g.sources = {str(d["path"]): str(d["sha"]) for d in item["docs"]}
        path = topic_graph_path(owner)
    return {"kind": item["kind"], "owner": owner, "path": path, "text": g.dumps(),
            "entities": len(g.entities), "relations": len(g.relations), "warnings": warnings}


def graph_merge(state: CycleState, results: list[Result]) -> None:
    """Stage each graph file (an unchanged one is dropped at commit time)."""
    for r in sorted(results, key=lambda x: (str(x["kind"]), str(x["owner"]))):
        state.put(str(r["path"]), str(r["text"]))
        state.warnings.extend(r.get("warnings", []))
        state.detail("graph", {"kind": r["kind"], "owner": r["owner"],
                               "entities": r["entities"], "relations": r["relations"]})
