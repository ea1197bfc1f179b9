"""Remarks without a first person that are clearly about a slot: candidates for its history.

"lacto-ovo vegetarian for 3 years now", "paralegal life: 200 pages of discovery
before lunch", "Sheffield born and bred" say something about the speaker's
diet, job or home without an "I" and without a value any reader takes. On
their own they are no claim: said in the third person, most such clauses are
about the world ("Paris is lovely in spring"). They matter once the same
speaker later gives that slot another value: then the remark is what the slot
was before, and left alone it passes as current next to the new value.

:func:`weak_mention` keeps such a clause as an unread *mention* of its slot
(see :func:`.settle.mentions`): history only, added only when a later claim of
the same speaker gives the slot a value the remark does not name, never a
current fact. The slot is required by meaning, with more certainty than for a
first-person remark: the clause's nearest slot must clear :data:`WEAK_MENTION_FLOOR`
and lead every other slot by :data:`WEAK_MENTION_MARGIN`.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from ...layers.rawlog import Turn
from .claim import Claim
from .detect import Clause
from .subject import third_party
from .taxonomy import Slot

__all__ = ["WEAK_MENTION_FLOOR", "WEAK_MENTION_MARGIN", "weak_mention"]

#: a remark without first person must be at least this near its slot ...
WEAK_MENTION_FLOOR = 0.33
#: ... and this much nearer to it than to any other slot
WEAK_MENTION_MARGIN = 0.05


def weak_mention(turn: Turn, subject: str, clause: Clause,
                 ranked: Sequence[tuple[Slot, float]], rest: Sequence[tuple[Slot, float]],
                 mine: Collection[str]) -> Claim | None:
    """A mention of the slot *clause* (no first person) is clearly about, or None.

    *ranked*: the clause's candidate slots, best first; *rest*: its other slots
    (above the floor or faint); *mine*: the slots the speaker already made a
    claim in (a remark after one may restate the value: it must not close it).
    """
    if not clause.weak or not ranked or third_party(clause.text):
        return None
    slot, score = ranked[0]
    if slot.multi or not slot.core or slot.kind == "thing" or slot.name in mine:
        return None
    second = max((sc for sl, sc in list(ranked[1:]) + list(rest) if sl is not slot),
                 default=0.0)
    if score < WEAK_MENTION_FLOOR or score - second < WEAK_MENTION_MARGIN:
        return None
    return Claim(turn, subject, slot, clause.text, False, clause.text, score, mention=True)
