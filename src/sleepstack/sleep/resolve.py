"""Time resolution for facts: newer values supersede older ones, history is kept.

:func:`resolve` merges freshly extracted facts into the existing fact list of
one user, by ``(subject, attribute)`` slot (ARCHITECTURE.md §4, layer 3):

* a different value in a single-valued slot, stated later, **supersedes** the
  current fact: the old one gets ``valid_to`` (the new ``valid_from``) and
  ``superseded_by`` (the new id);
* a statement older than the current one (logs imported out of order) is
  recorded as already-closed **history**, never over the newer current value;
* the same value restated only **adds citations** to the fact it repeats,
  bounded: the first citation and the latest few are kept and ``restated``
  counts the restatements (:func:`~sleepstack.layers.facts.bound_cites`), so a
  fact repeated a thousand times is no bigger than one repeated five times;
* **multi-valued** attributes (``likes``, ``has_pet``, ``visited``…) accumulate,
  except that a negation ("I don't like X anymore", attribute ``dislikes``)
  closes the matching opposite value, and vice versa;
* an **explicit removal** (attribute ``ended:<attr>``, from claims such as
  "I sold the Civic" or "Priya left") closes the current value it names, in
  single- and multi-valued slots alike, and is kept as closed history itself;
* nothing is ever deleted, and unrelated slots never touch each other.

Pure and deterministic: the same inputs give the same output, in the same order.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any

from ..layers.facts import Fact

__all__ = ["ENDED", "MULTI_VALUED", "OPPOSITES", "ResolveResult", "is_multi_valued", "resolve"]

#: attributes that hold a set of values rather than one current value
MULTI_VALUED = frozenset(
    {
        "likes", "dislikes", "prefers", "has_pet", "family", "visited", "event", "events",
        "plans", "speaks", "hobby", "hobbies", "friend", "friends", "knows", "skills",
        "skill", "interests", "interest", "allergies", "allergic_to", "owns", "goals",
    }
)  # fmt: skip
#: attribute prefix of a removal claim: ``ended:<attribute>`` (``ended:*``: any slot)
ENDED = "ended:"
#: multi-valued attributes whose values cancel each other ("likes X" vs "dislikes X")
OPPOSITES = {"likes": "dislikes", "dislikes": "likes"}


def is_multi_valued(attribute: str) -> bool:
    """True when *attribute* accumulates values instead of superseding them."""
    a = attribute.casefold()
    return a in MULTI_VALUED or a.startswith(("event:", "plan:", "likes:", "visited:"))


@dataclass(frozen=True)
class ResolveResult:
    """What :func:`resolve` did.

    ``facts`` is the full new list (existing facts, closed where superseded,
    then the added ones). ``added`` are the new facts that entered the list
    (``historical`` is the subset recorded as already closed); ``superseded``
    pairs each closed old fact (after closing) with the fact that closed it;
    ``merged`` counts restatements folded into an existing fact.
    """

    facts: list[Fact]
    added: list[Fact] = field(default_factory=list)
    superseded: list[tuple[Fact, Fact]] = field(default_factory=list)
    historical: list[Fact] = field(default_factory=list)
    merged: int = 0

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready counts and ids, for the cycle report."""
        return {
            "facts": len(self.facts),
            "added": [f.id for f in self.added],
            "superseded": [[old.id, new.id] for old, new in self.superseded],
            "historical": [f.id for f in self.historical],
            "merged": self.merged,
        }


def _t(ts: str) -> datetime:
    dt = datetime.fromisoformat(ts.replace("Z", "+00:00"))
    return dt.replace(tzinfo=UTC) if dt.tzinfo is None else dt.astimezone(UTC)


def _norm(value: str) -> str:
    return " ".join(value.casefold().split()).rstrip(".")


def _same_value(a: str, b: str) -> bool:
    """True when *a* and *b* name the same thing ("Civic" and "Honda Civic")."""
    x, y = _norm(a), _norm(b)
    if not x or not y:
        return False
    if x == y:
        return True
    short, long = sorted((x, y), key=len)
    return re.search(rf"(?<!\w){re.escape(short)}(?!\w)", long) is not None


def _union(a: tuple[str, ...], b: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(a + b))


def _restate(target: Fact, n: Fact, *, count: bool) -> Fact:
    """*target* with *n*'s citations folded in (bounded), counted as a restatement."""
    fresh = [c for c in n.cites if c not in target.cites]
    if not fresh:
        return target
    return target.with_cites(_union(target.cites, n.cites), restated=1 if count else 0)


def _covers(f: Fact, at: datetime) -> bool:
    """True when *f* was the valid value at time *at*."""
    if _t(f.valid_from) > at:
        return False
    return f.valid_to is None or at < _t(f.valid_to)


def resolve(
    existing: Sequence[Fact], new: Sequence[Fact], *, cycle: str | None = None
) -> ResolveResult:
    """Merge *new* facts into *existing* ones by slot and time; see the module doc.

    *cycle* is stamped on facts this call adds (when they carry none), so that a
    cycle can be undone as a unit. New facts are applied in time order (stable
    for equal times), so a batch holding both an old and a new statement of the
    same slot ends with the newer one current.
    """
    facts: list[Fact] = list(existing)
    index: dict[str, int] = {f.id: i for i, f in enumerate(facts)}
    added: list[Fact] = []
    historical: list[Fact] = []
    superseded: list[tuple[Fact, Fact]] = []
    merged = 0

    def put(f: Fact) -> None:
        index[f.id] = len(facts)
        facts.append(f)

    def update(f: Fact) -> None:
        facts[index[f.id]] = f

    def in_slot(slot: tuple[str, str]) -> list[Fact]:
        return [f for f in facts if f.slot == slot and not f.expired]

    for n in sorted(new, key=lambda f: _t(f.at)):
        if cycle is not None and n.cycle is None:
            n = replace(n, cycle=cycle)
        n_at = _t(n.at)
        if n.id in index:
            # The very same statement again (a rerun): only new citations count.
            old = facts[index[n.id]]
            got = _restate(old, n, count=False)
            if got != old:
                update(got)
            merged += 1
            continue

        same_value = [f for f in in_slot(n.slot) if _norm(f.value) == _norm(n.value)]
        target = next((f for f in same_value if f.current), None)
        if target is None:
            target = next((f for f in same_value if _covers(f, n_at)), None)
        if target is not None:
            # A restatement: the fact gains evidence, not a duplicate.
            got = _restate(target, n, count=True)
            update(replace(got, confidence=max(target.confidence, n.confidence)))
            merged += 1
            continue

        attr = n.attribute.casefold()
        if attr.startswith(ENDED):
            # An explicit removal ("sold the Civic", "Priya left"): it closes the
            # current value it names and is itself kept as history, never current.
            base = attr[len(ENDED):]

            def ends(f: Fact, any_slot: bool, base: str = base, n: Fact = n,
                     n_at: datetime = n_at) -> bool:
                return (f.current and f.subject.casefold() == n.subject.casefold()
                        and not f.attribute.startswith(ENDED)
                        and (base == "*" or f.attribute.casefold() == base
                             or (any_slot and f.attribute.casefold() != "other"))
                        and _t(f.valid_from) <= n_at
                        and (_norm(f.value) == _norm(n.value) if any_slot
                             else _same_value(f.value, n.value)))

            # The slot the removal was read in first; when it holds no such value,
            # the same value wherever the speaker's claims put it ("Bella went to
            # live with my parents" read as family, while Bella is a pet), named exactly.
            hits = [f for f in facts if ends(f, False)] or [f for f in facts if ends(f, True)]
            for f in hits:
                closed = f.close(n.valid_from, by=n.id)
                update(closed)
                superseded.append((closed, n))
            n = n.close(n.valid_from)
            historical.append(n)
            put(n)
            added.append(n)
            continue
        if is_multi_valued(attr):
            opposite = OPPOSITES.get(attr)
            rivals = []
            if opposite is not None:
                oslot = (n.subject.casefold(), opposite)
                rivals = [
                    f for f in in_slot(oslot) if f.current and _norm(f.value) == _norm(n.value)
                ]
            later = [r for r in rivals if _t(r.at) > n_at]
            if later:
                # "I don't like X anymore" was said after this "I like X": history.
                closer = min(later, key=lambda r: _t(r.valid_from))
                n = n.close(closer.valid_from, by=closer.id)
                historical.append(n)
            else:
                for r in rivals:
                    closed = r.close(n.valid_from, by=n.id)
                    update(closed)
                    superseded.append((closed, n))
            put(n)
            added.append(n)
            continue

        current = [f for f in in_slot(n.slot) if f.current]
        newer = [f for f in in_slot(n.slot) if _t(f.valid_from) > n_at]
        if newer:
            # Out of order: a newer value is already known, so this one was
            # only true until the next statement after it.
            nxt = min(newer, key=lambda f: (_t(f.valid_from), f.id))
            n = n.close(nxt.valid_from, by=nxt.id)
            historical.append(n)
            put(n)
            added.append(n)
            continue
        for cur in current:
            closed = cur.close(n.valid_from, by=n.id)
            update(closed)
            superseded.append((closed, n))
        put(n)
        added.append(n)

    return ResolveResult(
        facts=facts, added=added, superseded=superseded, historical=historical, merged=merged
    )
