"""Phase 5, cluster and consolidate: related notes of a user merge into one.

Clustering, merging, the grounding gate and the per-cluster content-hash
cache belong to :mod:`sleepstack.sleep.consolidate`; this phase feeds it one
user's notes at a time and turns the merges it returns into changes: the
merged note is written, its sources are deleted (their history stays in the
store). The cache lives outside the audited tree (``<home>/cache/consolidate``)
and a dry run gets none, so a dry run writes nothing anywhere.
"""

from __future__ import annotations

from typing import Any

from ..plan import CycleState, Item, Result
from .snapshot import NOTES_DIR

__all__ = ["merge", "split", "work"]


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
    return out


def split(state: CycleState) -> list[Item]:
    """One item per user with at least two notes."""
    items: list[Item] = []
    for u in state.users:
        notes = _notes_of(state, u)
        if len(notes) >= 2:
            items.append({"user": u, "notes": [{"path": p, "text": t}
                                               for p, t in sorted(notes.items())]})
    return items


def work(item: Item, settings: dict[str, Any]) -> Result:
    """Cluster one user's notes and merge each cluster (cached, grounded)."""
    from . import deps
    from .memory import cycle_llm

    llm, budget = cycle_llm(settings)
    return deps.consolidate_notes(item["user"], item["notes"], settings, llm=llm,
                                  budget=budget)


def merge(state: CycleState, results: list[Result]) -> None:
    """Write merged notes, delete their sources, count clusters and merges."""
    for r in sorted(results, key=lambda x: str(x["user"])):
        state.add("clusters", int(r.get("clusters", 0)))
        for m in r.get("merges", []):
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
