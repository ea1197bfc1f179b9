"""Phases 3-7 on trusted memory, one work item per user: extract, resolve, expire, summarise.

Work items carry facts and turns as dicts (``Fact.to_dict`` / ``Turn.to_dict``)
and come back the same way, so they can run in threads, processes or remote
tasks. The LLM (when one is configured) is built once per cycle in the
process that runs the work, with the cycle's shared token :class:`Budget`.
"""

from __future__ import annotations

import threading
from dataclasses import replace
from typing import Any

from ...errors import LLMError
from ...layers.facts import Fact, bound_cites, dump_facts, facts_path
from ...layers.rawlog import Turn, parse_at
from ...layers.trust import screen
from ..plan import CycleState, Item, Result
from . import deps
from .notes import merged_parts, note_text

__all__ = [
    "cycle_llm",
    "expire_merge",
    "expire_split",
    "expire_work",
    "extract_merge",
    "extract_split",
    "extract_work",
    "resolve_merge",
    "resolve_split",
    "resolve_work",
    "summarise_merge",
    "summarise_split",
    "summarise_work",
]

_LLM_LOCK = threading.Lock()
_LLMS: dict[str, tuple[Any, Any]] = {}


def cycle_llm(settings: dict[str, Any]) -> tuple[Any, Any]:
    """``(llm, budget)`` for this cycle, or ``(None, None)`` without an LLM."""
    spec = str(settings.get("llm") or "none").strip()
    if not spec or spec.lower() == "none":
        return None, None
    # Per run, not per cycle id: a dry run and the real run of one cycle each get a budget.
    cid = str(settings.get("run_id") or settings.get("cycle_id", ""))
    with _LLM_LOCK:
        if cid not in _LLMS:
            from ...adapters.llm import Budget, load_llm

            _LLMS.clear()  # one cycle at a time per process
            _LLMS[cid] = (load_llm(spec), Budget(settings.get("token_budget")))
        return _LLMS[cid]


def _turn(d: dict[str, Any]) -> Turn:
    return Turn(d["id"], d["user"], d["session"], d["role"], d["text"], parse_at(d["at"]))


def _facts(ds: list[dict[str, Any]]) -> list[Fact]:
    return [Fact.from_dict(d) for d in ds]


def _dicts(fs: list[Fact]) -> list[dict[str, Any]]:
    return [f.to_dict() for f in fs]


# ------------------------------------------------------------------ extract
def extract_split(state: CycleState) -> list[Item]:
    """One item per user with new turns or new notes."""
    items: list[Item] = []
    turns_by_user: dict[str, list[dict[str, Any]]] = state.inputs.get("new_turns", {})
    notes_by_user: dict[str, list[dict[str, Any]]] = state.inputs.get("new_notes", {})
    for user in state.users:
        turns = list(turns_by_user.get(user, []))
        for note in notes_by_user.get(user, []):
            parts = merged_parts(str(note["text"]))
            # A consolidated note's "earlier, since replaced" lines are history, not facts.
            text = "\n\n".join(parts[0]) if parts else note_text(str(note["text"]))
            if not text.strip():
                continue
            # A note is cited by its path: claims from it lead down to the note file.
            turns.append({"id": note["path"], "user": user,
                          "session": str(note.get("session") or "notes"),
                          "role": "memory", "text": text, "at": note.get("at") or state.now})
        if turns:
            items.append({"user": user, "turns": turns})
    if items and str(state.settings.get("llm") or "none").strip().lower() in ("", "none"):
        # Claims: every candidate clause of every user embedded once, in one batch,
        # here in one process (one model), not once per worker process.
        per_item = [deps.candidate_clauses([str(t["text"]) for t in it["turns"]]) for it in items]
        hints = deps.slot_hints([c for cs in per_item for c in cs],
                                str(state.settings.get("embedder") or "") or None)
        for it, cs in zip(items, per_item, strict=True):
            it["hints"] = {c: hints[c] for c in cs if c in hints}
    return items


def extract_work(item: Item, settings: dict[str, Any]) -> Result:
    """The facts stated in one user's new turns and notes."""
    turns = [_turn(d) for d in item["turns"]]
    llm, budget = cycle_llm(settings)
    warnings: list[str] = []
    # No cycle id here: the result then depends only on the turns and the model,
    # so an engine can serve it from a content-keyed cache in a later cycle.
    # extract_merge stamps the cycle id.
    embedder = str(settings.get("embedder") or "") or None
    written_by_llm = llm is not None
    try:
        facts = deps.extract_facts(turns, cycle=None, llm=llm, budget=budget, embedder=embedder,
                                   hints=item.get("hints"))
    except LLMError as exc:
        # Over budget or the model failed: the rules still extract what they can.
        warnings.append(f"LLM extraction for {item['user']} fell back to rules: {exc.message}")
        facts = deps.extract_facts(turns, cycle=None, embedder=embedder, hints=item.get("hints"))
        written_by_llm = False
    # The turns passed the gate where they entered the cycle; the rules only fill
    # fixed sentences with words of those turns, so their facts are not judged
    # again (the learned head takes some of its own templates, "The user's email
    # is …", for injections). What an LLM wrote is new text and passes the gate.
    dropped = 0
    if written_by_llm:
        facts, dropped = screen_facts(facts)
    if dropped:
        warnings.append(f"{dropped} extracted fact(s) for {item['user']} were flagged by the"
                        " validator and left out")
    return {"user": item["user"], "facts": _dicts(facts), "warnings": warnings}


def screen_facts(facts: list[Fact]) -> tuple[list[Fact], int]:
    """Facts through the trust gate, and how many it left out.

    The turns were screened before extraction, but an LLM writes the facts'
    sentences and values itself: what it wrote passes the same validator
    before it can reach ``facts.jsonl`` (secrets redacted, flagged facts out).
    """
    kept: list[Fact] = []
    dropped = 0
    for f in facts:
        text, value, subject = screen(f.text), screen(f.value), screen(f.subject)
        if text.flagged or value.flagged or subject.flagged:
            dropped += 1
            continue
        if (text.text, value.text, subject.text) != (f.text, f.value, f.subject):
            f = replace(f, text=text.text, value=value.text, subject=subject.text)
        kept.append(f)
    return kept, dropped


def extract_merge(state: CycleState, results: list[Result]) -> None:
    """Keep the new facts for the resolve phase, stamped with this cycle's id."""
    new = state.inputs.setdefault("new_facts", {})
    for r in results:
        new[r["user"]] = [{**f, "cycle": state.cycle_id} for f in r["facts"]]
        state.warnings.extend(r.get("warnings", []))


# ------------------------------------------------------------------ resolve
def resolve_split(state: CycleState) -> list[Item]:
    """One item per user with new facts."""
    new = state.inputs.get("new_facts", {})
    return [
        {"user": u, "existing": state.facts.get(u, []), "new": new[u]}
        for u in state.users
        if new.get(u)
    ]


def resolve_work(item: Item, settings: dict[str, Any]) -> Result:
    """Supersede within slots: the newest value wins, the old one keeps its window."""
    facts, added, superseded = deps.resolve_facts(
        _facts(item["existing"]), _facts(item["new"]), cycle=str(settings.get("cycle_id"))
    )
    by_id = {f.id: f for f in facts}
    before = {d["id"]: d for d in item["existing"]}
    return {
        "user": item["user"],
        "facts": _dicts(facts),
        "added": _dicts(added),
        # before = the fact as it stood; after = with its window closed; by = its successor
        "superseded": [
            {"before": before.get(old.id, old.to_dict()),
             "after": by_id.get(old.id, old).to_dict(), "by": new.to_dict()}
            for old, new in superseded
        ],
    }


def resolve_merge(state: CycleState, results: list[Result]) -> None:
    """Replace each user's facts; count and record what changed."""
    for r in sorted(results, key=lambda x: str(x["user"])):
        state.facts[r["user"]] = r["facts"]
        state.add("facts_added", len(r["added"]))
        state.add("facts_superseded", len(r["superseded"]))
        for f in r["added"]:
            state.detail("facts_added", {"user": r["user"], "fact": f})
        for s in r["superseded"]:
            state.detail("facts_superseded", {"user": r["user"], **s})


# ------------------------------------------------------------------- expire
def expire_split(state: CycleState) -> list[Item]:
    """One item per user with facts."""
    return [
        {"user": u, "facts": state.facts[u]} for u in state.users if state.facts.get(u)
    ]


def expire_work(item: Item, settings: dict[str, Any]) -> Result:
    """Close the windows of facts past their category's TTL."""
    ttl = {str(k): int(v) for k, v in settings.get("ttl_days", {}).items()}
    facts, expired = deps.expire_facts(_facts(item["facts"]), ttl, str(settings["now"]))
    return {"user": item["user"], "facts": _dicts(facts), "expired": _dicts(expired)}


def expire_merge(state: CycleState, results: list[Result]) -> None:
    """Replace each user's facts; record the expired ones."""
    for r in sorted(results, key=lambda x: str(x["user"])):
        state.facts[r["user"]] = r["facts"]
        state.add("facts_expired", len(r["expired"]))
        for f in r["expired"]:
            state.detail("facts_expired", {"user": r["user"], "fact": f})


# ---------------------------------------------------------------- summarise
def summarise_split(state: CycleState) -> list[Item]:
    """One item per user the cycle touched."""
    recent = state.inputs.get("recent_turns", {})
    return [
        {"user": u, "turns": recent.get(u, []), "facts": state.facts.get(u, [])}
        for u in state.users
    ]


def summarise_work(item: Item, settings: dict[str, Any]) -> Result:
    """Render ``facts.jsonl``, ``SHORT_TERM.md`` and ``LONG_TERM.md`` for one user."""
    facts = [_bounded(f) for f in _facts(item["facts"])]
    turns = [_turn(d) for d in item["turns"]]
    now = str(settings["now"])
    days = int(settings.get("summary_days", 3))
    return {
        "user": item["user"],
        "facts_jsonl": dump_facts(facts),
        "short": deps.render_short_term(turns, facts, now=now, days=days),
        "long": deps.render_long_term(facts),
    }


def _bounded(f: Fact) -> Fact:
    """*f* with its citations bounded (facts written before the bound was kept all)."""
    kept, dropped = bound_cites(f.cites)
    if not dropped:
        return f
    # Every citation after the first was a restatement.
    return replace(f, cites=kept, restated=max(f.restated, len(kept) + dropped - 1))


def summarise_merge(state: CycleState, results: list[Result]) -> None:
    """Stage the three files; an unchanged file is dropped at commit time."""
    for r in sorted(results, key=lambda x: str(x["user"])):
        u = r["user"]
        if r["facts_jsonl"] or state.base.get(facts_path(u)) is not None:
            state.put(facts_path(u), r["facts_jsonl"])
        state.put(f"user/{u}/SHORT_TERM.md", r["short"])
        state.put(f"user/{u}/LONG_TERM.md", r["long"])
