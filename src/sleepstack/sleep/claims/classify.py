"""Deciding a claim's slot by meaning: nearest prototypes in the embedding space.

Each slot of :data:`~.taxonomy.SLOTS` has a few prototype sentences. A clause is
embedded once (all clauses of a cycle in one batch) and scored against every
prototype; a slot's score is its best prototype's cosine. The candidates are
the slots within :data:`MARGIN` of the best one and above :data:`FLOOR`, best
first; the claim builder takes the first whose value reader finds a value, so
meaning proposes and the value's shape confirms.

:func:`ending_scores` reads the other half of a change by meaning: whether a
clause's predicate, its values masked out, says something *ended* ("said
goodbye to it", "it left", "uninstalled it") or *holds* ("moved to it", "it
hired me"); the value readers then class the clause's values as old.

With MiniLM (the default) similarity is semantic ("we moved to Seattle" is
near "I relocated to London"); with the hashing embedder it degrades to word
overlap, which still finds most slots whose prototypes share the clause's
words, and the value readers keep precision.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Sequence

import numpy as np

from ...adapters.embed import Embedder
from ...layers.slot_vectors import FLOOR, prototype_matrix, slot_scores
from .endhead import EMBEDDER as HEAD_EMBEDDER
from .endhead import load_head
from .taxonomy import SLOTS, Slot

__all__ = [
    "ENDING_MODE",
    "END_MARGIN",
    "FLOOR",
    "MARGIN",
    "TIE",
    "contrast_scores",
    "ending_scores",
    "mask_subject",
    "mask_values",
    "rank_slots",
    "semantic",
    "untie",
]

#: slots this close to the best one are candidates too
MARGIN = 0.12

_lock = threading.Lock()
def rank_slots(clauses: Sequence[str], embedder: Embedder, wide: bool = False,
               floor: float = FLOOR, vecs: np.ndarray | None = None
               ) -> list[list[tuple[Slot, float]]]:
    """For each clause, its candidate slots with scores, best first.

    *wide*: every slot above *floor*, not only those near the best. *vecs*: the
    clauses' embeddings when the caller already has them (from a pass that also
    read their token states, :func:`.spans.token_pass`).

    The learned slot head (:mod:`sleepstack.layers.slot_head`) is not added
    here: it reads more clauses' slots right (leave-one-split-out 70 -> 79 %),
    but a slot lifted over the floor lets a reader take a value from a clause
    that has none of the speaker's ("im in Farah's team now" read as a home,
    "having dinner with Jonas" as a manager), and the knowledge benchmark did
    not gain; recall uses it to tell which turns are about the asked slot
    (:mod:`sleepstack.wake.slot_stale`).
    """
    if not clauses:
        return []
    protos, owner = prototype_matrix(embedder)
    if vecs is None:
        vecs = np.asarray(embedder.embed(list(clauses)), dtype=np.float32)
    out: list[list[tuple[Slot, float]]] = []
    for best in slot_scores(vecs @ protos.T, owner):
        top = float(best.max())
        cut = floor if wide else max(floor, top - MARGIN)
        order = [int(i) for i in np.argsort(-best) if best[i] >= cut]
        out.append([(SLOTS[i], float(best[i])) for i in order])
    return out


#: two candidate slots this close are decided again without the clause's values
TIE = 0.03


def untie(clauses: Sequence[str], wide: list[list[tuple[Slot, float]]],
           embedder: Embedder) -> list[list[tuple[Slot, float]]]:
    """*wide* with near-ties between the best two slots decided by the predicate too.

    A value pulls a clause toward the slots it is typical of ("I moved to Munich
    last week" reads as near a trip as a home: Munich is a place people visit);
    where the best two are within :data:`TIE`, each slot's score becomes the mean
    of the clause's and of its masked predicate's ("I moved to it last week").
    """
    todo = [i for i, r in enumerate(wide) if len(r) >= 2 and r[0][1] - r[1][1] < TIE]
    if not todo:
        return wide
    masked = rank_slots([mask_values(clauses[i]) for i in todo], embedder, wide=True,
                        floor=-1.0)
    out = list(wide)
    for i, m in zip(todo, masked, strict=True):
        ms = {sl.name: sc for sl, sc in m}
        mean = [(sl, (sc + ms.get(sl.name, sc)) / 2) for sl, sc in wide[i]]
        out[i] = sorted(((sl, sc) for sl, sc in mean if sc >= FLOOR), key=lambda x: -x[1])
    return out


# ------------------------------------------------------------------ endings

#: a clause whose predicate is this much nearer the "ending" prototypes than the
#: "holding/starting" ones says its value stopped being true ("Finally said
#: goodbye to the Bolt", "Uninstalled Zed", "Kenji left")
END_MARGIN = 0.12
# The predicate's meaning, with the values masked out ("it"): what ended, not what it was.
ENDING_PROTOTYPES: tuple[str, ...] = (
    "I quit it.", "I left it.", "It is gone.", "I sold it.", "It passed away.", "We broke up.",
    "I said goodbye to it.", "I cancelled it.", "We dropped it.", "I gave it away.",
    "I uninstalled it.", "It got replaced.", "It is dead.", "I stopped it.",
    "It is fine for me now.", "It ended.", "I don't have it anymore.",
    "It was my last day there.", "It is off.", "We shut it down.", "I moved away from it.",
    "It was wrong.", "I gave up on it.", "It left.",
)
HOLDING_PROTOTYPES: tuple[str, ...] = (
    "I moved to it.", "I joined it.", "I started at it.", "I use it now.", "I bought it.",
    "I'm flying to it.", "It is my new one.", "I live in it.", "We adopted it.",
    "I switched to it.", "It is what I use now.", "We are together.", "I have it.",
    "It hired me.", "I'm learning it.", "I work at it.", "It is my manager.", "I got it.",
    "We run on it.", "I'm allergic to it.", "It is the one.", "I booked it.", "I'm going to it.",
    "It is my home.", "It is my number now.",
)
_VALUE_LIKE = re.compile(
    r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\+?\d[\d ().-]{4,}\d|"
    r"(?<!^)(?<![.!?]\s)\b(?!I\b|I'[a-z]+\b)[A-Z][\w'’.&+-]*(?:\s+[A-Z0-9][\w'’.&+-]*)*"
)
_contrast_protos: dict[tuple[str, int, tuple[str, ...], tuple[str, ...]],
                       tuple[np.ndarray, np.ndarray]] = {}


def mask_values(clause: str) -> str:
    """*clause* with what looks like a value (names, numbers, addresses) said as "it"."""
    return _VALUE_LIKE.sub("it", clause)


def semantic(embedder: Embedder) -> bool:
    """Whether *embedder* places sentences by meaning (the hashing one counts words)."""
    return not embedder.name.startswith("hash")


def contrast_scores(clauses: Sequence[str], embedder: Embedder, nearer: Sequence[str],
                    farther: Sequence[str], read: Callable[[str], str] = str) -> list[float]:
    """How much nearer each clause, as *read*, is to *nearer* than to *farther* prototypes.

    The best cosine to a *nearer* prototype less the best to a *farther* one; the
    prototypes are embedded once per embedder and pair of sets.
    """
    if not clauses:
        return []
    vecs = np.asarray(embedder.embed([read(c) for c in clauses]), dtype=np.float32)
    return _contrast(vecs, embedder, nearer, farther)


def _contrast(vecs: np.ndarray, embedder: Embedder, nearer: Sequence[str],
              farther: Sequence[str]) -> list[float]:
    key = (embedder.name, embedder.dim, tuple(nearer), tuple(farther))
    with _lock:
        got = _contrast_protos.get(key)
    if got is None:
        got = (np.asarray(embedder.embed(list(nearer)), dtype=np.float32),
               np.asarray(embedder.embed(list(farther)), dtype=np.float32))
        with _lock:
            _contrast_protos[key] = got
    near, far = got
    return [float(x) for x in (vecs @ near.T).max(axis=1) - (vecs @ far.T).max(axis=1)]


_STILL = re.compile(r"\bstill\b", re.I)
_NEGATED = re.compile(r"\b(?:not|no|never|nothing|without|anymore)\b|n't\b", re.I)

#: how the prototype margin and the learned head (:mod:`.endhead`) are combined:
#: "margin" (the prototypes alone), "head" (the head alone), "max" (either says ending)
ENDING_MODE = "head"


def ending_scores(clauses: Sequence[str], embedder: Embedder,
                  mask: Callable[[str], str] | None = None) -> list[float]:
    """How much each clause's masked predicate means an ending (at :data:`END_MARGIN`: it does).

    The prototype margin (nearer *ending* than *holding* prototypes), combined as
    :data:`ENDING_MODE` says with the learned head's p(end) on the same scale
    (:mod:`.endhead`; MiniLM only: the head's weights live in its space).
    *mask*: how the values are masked (default :func:`mask_values`).
    """
    if not clauses:
        return []
    vecs = np.asarray(embedder.embed([(mask or mask_values)(c) for c in clauses]),
                      dtype=np.float32)
    margin = _contrast(vecs, embedder, ENDING_PROTOTYPES, HOLDING_PROTOTYPES)
    head = load_head() if embedder.name == HEAD_EMBEDDER and ENDING_MODE != "margin" else None
    if head is None or head.dim != vecs.shape[1]:
        return margin
    learned = head.scores(vecs, END_MARGIN)
    # A clause saying something *still* holds ("Rex is still with us", "Pilates still
    # every Monday") is judged by the margin alone: the head reads it near "is no
    # longer with us". Not with a negation ("still no car since the crash").
    learned = [m if _STILL.search(c) and not _NEGATED.search(c) else h
               for c, h, m in zip(clauses, learned, margin, strict=True)]
    if ENDING_MODE == "head":
        return learned
    return [max(a, b) for a, b in zip(margin, learned, strict=True)]


# The subject of a clause that opens with a thing, not a person: "Golf is over",
# "the walnut allergy is gone", "The Focus finally gave up". (Not "my …": "My
# birthday is on July 4th" says what holds, and masked it reads like "it is off".)
_SUBJECT = re.compile(
    r"^(?!(?:I|we|you|he|she|they|it|this|that|there|what|who|me|us|my|our)\b)"
    r"(?:(?:the|his|her|their)\s+)?(?:[\w'’-]+\s+){0,2}?[\w'’-]+"
    r"(?=\s+(?:is|are|was|were|has|have|had|got|finally|just|ran|died|broke|gave|went|"
    r"stopped|ended)\b)", re.I)


def mask_subject(clause: str) -> str:
    """*clause* with an opening noun phrase that is its subject said as "it"."""
    return mask_values(_SUBJECT.sub("it", clause, count=1))
