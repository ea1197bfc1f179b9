"""Phase 3, extract: the facts stated in a user's new raw-log turns and promoted notes.

One work item per user. Without an LLM the claims rules (:mod:`sleepstack.sleep.extract`,
:mod:`sleepstack.sleep.claims`) do the work, with every candidate clause's slots
embedded once in the driver; with one, structured LLM extraction, and what the
model wrote passes the trust gate before it can become a fact.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ...adapters.embed import DEFAULT_EMBEDDER, load_embedder
from ...errors import LLMError
from ...layers.claims_map import unread_of
from ...layers.facts import Fact
from ...layers.rawlog import Turn
from ...layers.trust import screen
from ...plan import CycleState, Item, Result
from .. import claims
from .. import extract as rules
from ..claims.carry import Carry
from ..claims.held import add_held
from .items import dicts, facts_of, turn_of
from .llm import cycle_llm
from .notes import merged_parts, note_text

__all__ = ["extract_facts", "extract_merge", "extract_split", "extract_work", "held_of",
           "screen_facts"]


def extract_facts(turns: Sequence[Turn], *, cycle: str | None, llm: Any = None,
                  budget: Any = None, embedder: str | None = None,
                  hints: Any = None, prior: Any = None,
                  carry: Carry | None = None) -> list[Fact]:
    """Facts stated in *turns*: structured LLM extraction when *llm* is given.

    *embedder* (the store's spec) decides the claims' slots by meaning; *hints*
    are the slots already computed for the clauses (see :func:`_slot_hints`);
    *prior* the values the user's current facts hold (:func:`held_of`); *carry*
    the remarks earlier cycles could not read (rules only, see claims/carry.py).
    """
    if llm is not None:
        got: Any = rules.extract_facts_llm(list(turns), llm, budget=budget, cycle=cycle)
        facts: list[Fact] = got[0] if isinstance(got, tuple) else got
        return [f if f.cycle else replace(f, cycle=cycle) for f in facts]
    return list(rules.extract_facts(list(turns), cycle=cycle, embedder=embedder, hints=hints,
                                    prior=prior, carry=carry))


def held_of(facts: Sequence[dict[str, Any]]) -> dict[str, dict[str, list[str]]]:
    """Per subject, the values their *current* facts hold: slot name -> values, oldest first.

    The anchors a later cycle reads changes against ("Golf is over for me"
    weeks after "I play golf every Sunday"). Only facts current now: not
    superseded, closed or expired, no ending (``~attr``), no ``none``, no
    ``other``, nothing redacted; a fact erased by ``forget`` is no longer in
    the facts at all, so it is held no longer. A single-valued slot holds its
    newest value only.
    """
    out: dict[str, dict[str, list[str]]] = {}
    live = [f for f in facts_of(list(facts)) if f.current]  # closing sets valid_to
    for f in sorted(live, key=lambda f: (f.valid_from or f.at, f.id)):
        slot = claims.slot_by_attribute(f.attribute)
        value = f.value.strip()
        if slot is None or slot is claims.OTHER or not value or value.casefold() == "none" \
                or "[REDACTED" in value or len(value) > 80:
            continue
        add_held(out.setdefault(f.subject or "user", {}), slot, value)
    return out


def _slot_hints(clauses: Sequence[str], embedder: str | None) -> dict[str, Any]:
    """Candidate slots of each clause, embedded in one batch."""
    if not clauses:
        return {}
    return dict(claims.rank_clauses(clauses, load_embedder(embedder or DEFAULT_EMBEDDER)))


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
            item: Item = {"user": user, "turns": turns}
            # What the user's current facts hold anchors what the new turns change;
            # it is an input of the work, so it is part of the item (and its cache key).
            prior = held_of(state.facts.get(user, []))
            if prior:
                item["held"] = prior
            # ... and so do the remarks earlier cycles could not read yet, their turns
            # re-read from the raw log (claims/carry.py, phases/carried.py).
            unread = state.inputs.get("unread", {}).get(user)
            if unread and unread.get("refs"):
                item["unread"] = unread
            items.append(item)
    if items and str(state.settings.get("llm") or "none").strip().lower() in ("", "none"):
        # Claims: every candidate clause of every user embedded once, in one batch,
        # here in one process (one model), not once per worker process.
        per_item = [claims.candidate_clauses([str(t["text"]) for t in it["turns"]]) for it in items]
        hints = _slot_hints([c for cs in per_item for c in cs],
                                str(state.settings.get("embedder") or "") or None)
        for it, cs in zip(items, per_item, strict=True):
            it["hints"] = {c: hints[c] for c in cs if c in hints}
    return items


def extract_work(item: Item, settings: dict[str, Any]) -> Result:
    """The facts stated in one user's new turns and notes."""
    turns = [turn_of(d) for d in item["turns"]]
    llm, budget = cycle_llm(settings)
    warnings: list[str] = []
    # No cycle id here: the result then depends only on the turns and the model,
    # so an engine can serve it from a content-keyed cache in a later cycle.
    # extract_merge stamps the cycle id.
    embedder = str(settings.get("embedder") or "") or None
    written_by_llm = llm is not None
    earlier = item.get("unread") or {}
    carry = Carry(unread_of(earlier.get("refs")),
                  {str(d["id"]): turn_of(d) for d in earlier.get("turns", [])})
    try:
        facts = extract_facts(turns, cycle=None, llm=llm, budget=budget, embedder=embedder,
                              hints=item.get("hints"), prior=item.get("held"), carry=carry)
    except LLMError as exc:
        # Over budget or the model failed: the rules still extract what they can.
        warnings.append(f"LLM extraction for {item['user']} fell back to rules: {exc.message}")
        facts = extract_facts(turns, cycle=None, embedder=embedder, hints=item.get("hints"),
                              prior=item.get("held"), carry=carry)
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
    out: Result = {"user": item["user"], "facts": dicts(facts), "warnings": warnings}
    if not written_by_llm:
        # What stays unread after these turns, for the claims map (phases/summarise.py).
        out["unread"] = [u.as_json() for u in carry.left]
        # ... and the facts given to earlier turns, whose unslotted reading gives way (late.py)
        out["late"] = [claims.claim_fact(c).id for c in carry.late]
    return out


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
    unread = state.inputs.setdefault("unread", {})
    for r in results:
        new[r["user"]] = [{**f, "cycle": state.cycle_id} for f in r["facts"]]
        state.warnings.extend(r.get("warnings", []))
        if "unread" in r:  # the claims map keeps them (else the earlier ones stay)
            unread[r["user"]] = {"refs": r["unread"]}
        if r.get("late"):
            state.inputs.setdefault("late_facts", {})[r["user"]] = r["late"]
