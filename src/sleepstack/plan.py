"""A sleep cycle as a plan of phases, and the serialisable state that flows through it.

Each :class:`Phase` is three functions:

* ``split(state) -> items``: cut the phase's work into independent items (per
  user, per proposal, per cluster). Runs in the driver; reads only the state.
* ``work(item, settings) -> result``: the pure part. Items, settings and
  results are plain JSON values (strings, numbers, lists, dicts), so an engine
  may run ``work`` in a thread, a process pool or a remote task (Flyte) and
  cache it by the hash of its input.
* ``merge(state, results)``: fold the results back into the state: the
  pending changeset, counts and report details.

Nothing is written to the store until the cycle's commit step applies
``state.changes`` as one audited batch; that is what makes a cycle
all-or-nothing, dry-runnable and undoable.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

__all__ = [
    "COUNT_KEYS",
    "CycleState",
    "Item",
    "Phase",
    "Plan",
    "Result",
    "item_hash",
]

#: a unit of work and its result: JSON values only
Item = dict[str, Any]
Result = dict[str, Any]

#: the counters of INTERFACES.md's cycle summary, in order
COUNT_KEYS = (
    "proposals",
    "promoted",
    "rejected",
    "turns_read",
    "facts_added",
    "facts_superseded",
    "facts_expired",
    "clusters",
    "merged",
)


@dataclass
class CycleState:
    """Everything one cycle knows, as JSON-ready values (so it can cross process boundaries)."""

    home: str
    cycle_id: str
    key: str
    now: str
    dry_run: bool
    #: llm spec, ttl days, budget, concurrency, cache dir, code version
    settings: dict[str, Any]
    #: the previous cycle's ``reports/state.json`` (empty before the first cycle)
    prev: dict[str, Any] = field(default_factory=dict)
    #: sha of every path read at snapshot time (None: absent); the commit's preconditions
    base: dict[str, str | None] = field(default_factory=dict)
    #: snapshot inputs: proposals, new turns, recent turns, notes, per user
    inputs: dict[str, Any] = field(default_factory=dict)
    #: users this cycle recomputes
    users: list[str] = field(default_factory=list)
    #: every fact per user (dicts of :class:`~sleepstack.layers.facts.Fact`), updated by phases
    facts: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    #: the pending changeset: path -> new text, or None to delete (insertion-ordered)
    changes: dict[str, str | None] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(COUNT_KEYS, 0))
    #: report material: promoted, rejections, review, facts_added, superseded, expired, merges
    details: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    timings: dict[str, float] = field(default_factory=dict)
    llm: dict[str, Any] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    #: the next ``reports/state.json``, filled in by the state phase
    next_state: dict[str, Any] = field(default_factory=dict)

    def put(self, path: str, content: str | None) -> None:
        """Stage a write (or a delete with ``None``); the last word on a path wins."""
        self.changes.pop(path, None)  # keep insertion order = order of the last decision
        self.changes[path] = content

    def detail(self, kind: str, entry: dict[str, Any]) -> None:
        """Record one line of report material."""
        self.details.setdefault(kind, []).append(entry)

    def add(self, counter: str, n: int = 1) -> None:
        """Bump a counter."""
        self.counts[counter] = self.counts.get(counter, 0) + n

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> CycleState:
        """Inverse of :meth:`to_dict`."""
        return cls(**data)


@dataclass(frozen=True)
class Phase:
    """One step of a cycle: split into items, work on each (pure), merge the results."""

    name: str
    split: Callable[[CycleState], list[Item]]
    work: Callable[[Item, dict[str, Any]], Result]
    merge: Callable[[CycleState, list[Result]], None]
    #: CPU-bound work that may go to a process pool when there is enough of it
    cpu_heavy: bool = False
    #: calls an LLM (threads only: the token budget is shared in-process)
    uses_llm: bool = False
    #: decides what may be trusted (the validator): its results are recomputed on
    #: every run and never served from a cache anyone with write access to the
    #: cache could edit (issue #12: a flipped cached verdict promoted an injection)
    security: bool = False


@dataclass(frozen=True)
class Plan:
    """The ordered phases of a cycle."""

    phases: tuple[Phase, ...]
    #: how an engine with a report pane (Flyte) shows the state after the phases;
    #: the plan's author supplies it, so engines need not know the sleep package
    report: Callable[[CycleState], str] | None = None

    @property
    def names(self) -> list[str]:
        """The phase names, in order."""
        return [p.name for p in self.phases]


def item_hash(item: Item) -> str:
    """Content hash of a work item (cache keys for engines that cache by input)."""
    data = json.dumps(item, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
    return hashlib.sha256(data.encode()).hexdigest()
