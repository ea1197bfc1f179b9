"""Older turns about the asked slot, before the value that holds now: no longer current.

The claims map (:mod:`.claims_stale`) marks a turn that states a value the slot
no longer has: it must *name* that value. When the sleep cycle never read the
old value ("home base: Timaru", "I do support at Kayako, tier-one tickets"),
nothing names it, and the old turn passes as current next to the fact that
replaced it ("The user lives in Invercargill"). For a question about the
present that asks for a single-valued slot (:mod:`.topic`), a user turn said
*before* the slot's current value began, that is about that slot more than any
other (its slot scores as the sleep cycle reads a clause's: the prototypes'
cosine plus the learned head, :mod:`sleepstack.layers.slot_head`) and that does
not name the current value, is the slot's history: it is marked no longer
current since the current value began, superseded by its fact.

A turn that names the current value is never marked (it states it, or the
change), nor is a turn said after the value began, one of another speaker, one
about a relation of the user's with no "I" in it ("my sister lives in Galway"), or
any row of a multi-valued slot (allergies add: an older one is not replaced).
Read-only: one matrix product over the few topical rows.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import numpy as np

from ..layers.claims_map import SlotHistory
from ..layers.slot_head import EMBEDDER as HEAD_EMBEDDER
from ..layers.slot_head import load_head
from ..layers.slot_vectors import slot_scores
from ..layers.slots import SLOTS, slot_by_name
from .claims_stale import value_named
from .pool import Pool
from .stale import iso_timestamp
from .topic_rank import discloses

__all__ = ["older_on_slot"]

# A turn about someone the user names by relation, with no "I" of the user's own in it
# ("my sister lives in Galway") tells that person's value, not the user's old one.
_RELATION = re.compile(
    r"\b(?:my|our)\s+(?:\w+\s+)?(?:sister|brother|sibling|mum|mom|mother|dad|father|parents?|"
    r"wife|husband|son|daughter|kids?|children|friend|cousin|aunt|uncle|niece|nephew|"
    r"grand(?:ma|pa|mother|father|son|daughter)|neighbou?r|colleague|flatmate|roommate|boss|"
    r"in-laws?|ex)\b", re.I)
_OWN = re.compile(r"\b(?:I|I'm|I've|I'd|me|myself|we|we're|us)\b|\bi\b")


def _someone_elses(text: str) -> bool:
    """Whether *text* is about a relation of the user's and not about the user."""
    return bool(_RELATION.search(text)) and not _OWN.search(text)


def _current(h: SlotHistory | None) -> tuple[str, str, str, tuple[str, ...]] | None:
    """(value, fact, since, turns) of the slot's one current value, else None."""
    if h is None or h.multi:
        return None
    cur = h.current()
    if len(cur) != 1:
        return None
    v = cur[0]
    return v.value, v.fact, v.valid_from, v.turns


def older_on_slot(pool: Pool, rows: Iterable[int], floor: float
                  ) -> dict[str, tuple[str | None, str]]:
    """Turn ids of *rows* that are the asked slot's history: ``(superseded_by, since)``.

    *floor*: the least slot score (prototype cosine plus head) a turn needs to
    count as about the slot (0: off).
    """
    topic, claims = pool.topic, pool.claims
    if not floor or topic is None or not claims:
        return {}
    out: dict[str, tuple[str | None, str]] = {}
    index = {s.name: i for i, s in enumerate(SLOTS)}
    head = load_head() if topic.embedder == HEAD_EMBEDDER else None
    todo = [i for i in rows if pool.rows[i].layer == "raw" and pool.rows[i].cites
            and discloses(pool.rows[i]) and pool.rows[i].at_ts is not None]
    for name in topic.slots:
        slot = slot_by_name(name)
        cur = _current(claims.get(slot.attribute)) if not slot.multi and slot.core else None
        since_ts = iso_timestamp(cur[2]) if cur else None
        if cur is None or since_ts is None:
            continue
        value, fact, since, stated = cur
        older = [i for i in todo if (pool.rows[i].at_ts or 0.0) < since_ts
                 and not set(pool.rows[i].cites) & set(stated)
                 and (value == "none" or not value_named(value, pool.rows[i].text))
                 and not _someone_elses(pool.rows[i].text)
                 and pool.vector(i) is not None]
        if not older:
            continue
        vecs = np.stack([v for i in older if (v := pool.vector(i)) is not None])
        best = slot_scores(vecs @ topic.every.T, topic.owner)
        if head is not None and head.dim == vecs.shape[1]:
            best += head.boost(vecs)
        k = index[name]
        for row_i, sc in zip(older, best, strict=True):
            if int(sc.argmax()) == k and float(sc[k]) >= floor:
                for c in pool.rows[row_i].cites:
                    out.setdefault(c, (fact, since))
    return out
