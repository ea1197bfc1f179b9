"""The coherence check: current facts that contradict each other or the newest turns.

``sleepstack check coherence --user U`` (and a scheduled pass) lists:

* **conflicts** — two current facts in one single-valued slot (say, two
  ``lives_in`` values after a hand edit or a merge): nothing newer decides
  between them, so they are *held for review*;
* **contradicted by newer turns** — a claim read from a raw turn newer than
  the current fact states another value in the same single-valued slot (the
  turn arrived after the last cycle, or the cycle's extraction missed it):
  the next sleep cycle *resolves* it, newest wins, and the finding says so.

Read-only and pure apart from the claims' embedder: facts and turns in,
findings out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..adapters.embed import Embedder
from ..layers.facts import Fact
from ..layers.rawlog import Turn
from .resolve import ENDED, is_multi_valued

__all__ = ["Finding", "check_coherence"]


@dataclass(frozen=True)
class Finding:
    """One incoherence and what happens to it."""

    kind: str  # "conflict" | "contradicted_by_turn"
    slot: tuple[str, str]
    facts: tuple[str, ...]  # ids of the current facts involved
    values: tuple[str, ...]
    turn: str | None  # the newer turn, for contradicted_by_turn
    action: str  # "held for review" | "resolved in the next cycle"

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"kind": self.kind, "slot": list(self.slot), "facts": list(self.facts),
                "values": list(self.values), "turn": self.turn, "action": self.action}


def _single(f: Fact) -> bool:
    a = f.attribute
    return not (is_multi_valued(a) or a.startswith(ENDED) or a == "other")


def check_coherence(facts: Sequence[Fact], turns: Sequence[Turn],
                    embedder: Embedder | str | None = None) -> list[Finding]:
    """The incoherences among *facts* (one user's) and against the newer *turns*."""
    from .extract import extract_facts

    current = [f for f in facts if f.current and _single(f)]
    by_slot: dict[tuple[str, str], list[Fact]] = {}
    for f in current:
        by_slot.setdefault(f.slot, []).append(f)
    out: list[Finding] = []
    for slot, fs in sorted(by_slot.items()):
        values = {" ".join(f.value.casefold().split()) for f in fs}
        if len(values) > 1:
            out.append(Finding("conflict", slot, tuple(f.id for f in fs),
                               tuple(f.value for f in fs), None, "held for review"))
    newest = {slot: max(iso_at for iso_at in (f.valid_from for f in fs))
              for slot, fs in by_slot.items()}
    cited = {c for f in facts for c in f.cites}
    fresh = [t for t in turns if t.id not in cited]
    if not fresh or not by_slot:
        return out
    for claim in extract_facts(fresh, embedder=embedder):
        if not _single(claim) or claim.slot not in by_slot:
            continue
        if claim.at <= newest[claim.slot]:
            continue  # older than what we know: history, not a contradiction
        known = {" ".join(f.value.casefold().split()) for f in by_slot[claim.slot]}
        if " ".join(claim.value.casefold().split()) in known:
            continue
        fs = by_slot[claim.slot]
        out.append(Finding("contradicted_by_turn", claim.slot, tuple(f.id for f in fs),
                           (*(f.value for f in fs), claim.value), claim.cites[0],
                           "resolved in the next cycle"))
    return out

