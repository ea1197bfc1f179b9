"""An earlier turn's remark read into a slot by a later cycle: its unslotted reading gives way.

A remark no reader took a value from ("work at rakuten", "My girlfriend and
I live together") may have become an ``other`` fact of its turn in its own
cycle: the sentence kept as it was said. When a later cycle makes the remark
its slot's history (:mod:`sleepstack.sleep.claims.carry`), the slotted
reading replaces that sentence, as it does when both are read in one cycle
(there the ``other`` claim is never made): the ``other`` fact of the same
turn that names the late fact's value is closed by it, with a zero-length
window (it was never a value of its own, so it marks nothing stale; the
late fact, which the new value supersedes, does). Pure: facts in, facts out.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from ..layers.facts import Fact
from ..text.words import name_words

__all__ = ["give_way"]


def give_way(facts: Sequence[Fact], late: Collection[str]
             ) -> tuple[list[Fact], list[tuple[Fact, Fact]]]:
    """*facts* with each ``other`` fact a late fact (id in *late*) reads into a slot closed.

    Returns the facts and the (closed, by) pairs. An ``other`` fact gives way
    when it is current, has the same subject and cites only the late fact's
    turn, and its sentence names every word of the late fact's value.
    """
    out = list(facts)
    closed: list[tuple[Fact, Fact]] = []
    by_id = {f.id: f for f in out}
    for n in (by_id[i] for i in late if i in by_id):
        if len(n.cites) != 1 or n.attribute.casefold() == "other":
            continue
        vw = name_words(n.value)
        for k, f in enumerate(out):
            if (f.current and f.attribute.casefold() == "other" and f.cites == n.cites
                    and f.subject.casefold() == n.subject.casefold() and vw
                    and vw <= name_words(f.value)):
                out[k] = f.close(f.valid_from, by=n.id)
                closed.append((out[k], n))
    return out, closed
