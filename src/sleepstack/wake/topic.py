"""What a question about the user asks for, by meaning: its slots, and how near each memory is.

A question about the memory's owner ("What is the user's job title now?",
"¿dónde vivo ahora?") asks for one of the slots of :mod:`sleepstack.layers.slots`.
Its slot is found as the sleep cycle finds a self-disclosure's: the question is
compared with every slot's prototype sentences ("I'm a software engineer.", "I
got promoted to senior manager.") and the slots whose best prototype is near the
best one's are kept. A memory's *topic* score is then its best cosine to those
slots' prototypes: a turn that tells something about the asked slot, in any
wording or language the embedder reads ("Inventory Coordinator na ako sa
supplier", "since I started at Ferncliff Ceramics last week"), is near them;
small talk and requests about something else ("set a timer for twelve
minutes") are not, however much their *form* resembles the question's ("what
time is it right now").

Read-only and without an LLM: the prototypes are embedded once per process and
embedder; per recall it is one matrix product over the candidate rows.
"""

from __future__ import annotations

import numpy as np

from ..index.vectors import F32, get_embedder
from ..layers.slot_vectors import FLOOR, embedded, prototype_matrix, slot_scores
from ..layers.slots import SLOTS

__all__ = ["QUESTION_FLOOR", "ROW_FLOOR", "Topic", "question_topic", "ready"]

#: below this cosine to its nearest prototype, a question asks for no slot
QUESTION_FLOOR = 0.3
#: slots this close to the best one are asked for too ("title-wise at work": job title, employer)
MARGIN = 0.05
#: a row this near the asked slots' prototypes is about them (the sleep cycle's floor for a clause)
ROW_FLOOR = FLOOR


def ready(spec: str) -> bool:
    """Whether the prototypes of *spec* are embedded already (else the first use embeds them)."""
    return spec.startswith("hash") or embedded(get_embedder(spec))


class Topic:
    """The slots one question asks for, and their prototypes.

    *every* and *owner*: all slots' prototypes and the slot index of each row
    (for :mod:`.slot_stale`, which asks which slot a turn is nearest of all);
    *embedder*: the spec they were embedded with.
    """

    def __init__(self, slots: tuple[str, ...], protos: F32, every: F32, owner: list[int],
                 embedder: str) -> None:
        self.slots = slots
        self.protos = protos
        self.every = every
        self.owner = owner
        self.embedder = embedder

    def scores(self, vecs: F32) -> F32:
        """Each row's best cosine to the asked slots' prototypes."""
        if vecs.size == 0:
            return np.zeros(0, dtype=np.float32)
        return np.asarray((vecs @ self.protos.T).max(axis=1), dtype=np.float32)


def question_topic(qvec: F32, spec: str, margin: float = MARGIN) -> Topic | None:
    """The slots question vector *qvec* asks for (None: none, or an embedder that counts words).

    A hashing embedder places sentences by their words, not their meaning: its
    cosines to the prototypes say nothing about the topic.
    """
    if spec.startswith("hash"):
        return None
    protos, owner = prototype_matrix(get_embedder(spec))
    best = slot_scores(protos @ qvec, owner)[0]
    top = float(best.max())
    if top < QUESTION_FLOOR:
        return None
    asked = [int(i) for i in np.flatnonzero(best >= top - margin)]
    mask = np.isin(owner, asked)
    return Topic(tuple(SLOTS[i].name for i in asked), protos[mask], protos, list(owner), spec)
