"""What kind of thing a candidate value is, by meaning: a place, a company, a person, a tool.

The value readers of :mod:`.values` find a value by its place in the clause
("lives in X", "works at X"); on a phrasing they were not written for they
pick a word of the wrong kind ("works at Regards" from a sign-off, "lives in
Porsche", "allergic to only") or, with two names in a clause, cannot tell
which is the value ("I am now by Porsche, also in Stuttgart"). This module
reads the *kind* of a candidate span by its meaning: the span is embedded
with MiniLM (in the batch :func:`..rank_clauses` already makes, in the
cycle's main process) and a small softmax head, trained on example values
written for it (:mod:`.kinds_data`, never the bench's), gives a probability
per kind.

Used in two ways (see :func:`vetoed`, :func:`fits`): a value whose kind
clearly belongs to another kind than its slot needs is not read, and of two
names in a clause about a held slot the one of the slot's kind is its value.
Kinds that may stand for one another are compatible (a company can be named
like its car or app: "works at Porsche", "works at Uber"), so only a clearly
foreign kind vetoes. Without MiniLM (the hashing embedder, a remote model)
nothing is scored and nothing is vetoed.

The head is trained by ``python -m sleepstack.sleep.claims.kinds`` and stored
in :mod:`.kinds_head` with a digest of the examples it was trained on
(tests check the digest matches :mod:`.kinds_data`).
"""

from __future__ import annotations

import base64
import hashlib
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

import numpy as np

from ...adapters.embed import Embedder
from .kinds_data import EXAMPLES
from .lower import vocabulary
from .taxonomy import slot_by_name
from .values import NAME_KINDS, names_in, read_value

if TYPE_CHECKING:  # .spans imports .held, which imports this module
    from .spans import Span

__all__ = [
    "KIND", "KINDS", "MODEL", "SLOT_KIND", "Kinds", "digest", "fits", "kind_hints", "known",
    "of_kind",
    "read_hints", "score", "spans_of", "train", "vetoed",
]

#: the kinds, in the head's column order
KINDS: tuple[str, ...] = tuple(EXAMPLES)
#: the embedder the head was trained for (others score nothing)
MODEL = "local:all-MiniLM-L6-v2"
#: per slot name, the kind of value it needs
SLOT_KIND: dict[str, str] = {
    "home": "place", "trip": "place", "employer": "org", "manager": "person",
    "partner": "person", "vehicle": "vehicle", "editor": "editor", "database": "database",
    "ci": "ci", "diet": "diet", "allergy": "allergen", "language": "language",
    "job_title": "title",
}
_TOOLS = frozenset({"editor", "database", "ci", "app"})
# Kinds a value of the needed kind may also read as: a company named like its
# product ("Uber", "Porsche"), a tool that reads as an app ("Xcode"), a diet
# said with an allergen ("no gluten"), a language that is also a place's adjective.
_COMPATIBLE: dict[str, frozenset[str]] = {
    "org": frozenset({"org", "app", "vehicle", *_TOOLS}),
    "place": frozenset({"place", "language"}),
    "person": frozenset({"person", "org", "language"}),
    "vehicle": frozenset({"vehicle", "org"}),
    "editor": frozenset({"org", *_TOOLS}),
    "database": frozenset({"org", *_TOOLS}),
    "ci": frozenset({"org", *_TOOLS}),
    "diet": frozenset({"diet", "allergen"}),
    "allergen": frozenset({"allergen", "diet"}),
    "language": frozenset({"language", "place"}),
    # A job title is an open class of noun phrases ("financial controller" reads as a
    # company): only a plain word is clearly none.
    "title": frozenset(KINDS) - {"word"},
}
#: a value is vetoed when a foreign kind is this likely ...
VETO_P = 0.8
#: ... and this much more likely than every compatible kind
VETO_MARGIN = 0.7
#: of several names, one fits the slot when a compatible kind is its most likely
#: and the others' most likely kind is foreign by this margin
CHOICE_MARGIN = 0.3

#: a value is clearly of a slot's kind when its compatible kinds are this likely
OF_KIND_P = 0.8

#: per span (case-folded), its kind probabilities (only the likelier kinds)
Kinds = Mapping[str, Mapping[str, float]]
#: the name of the hints' entries: ``KIND@kind@span``
KIND = "~kind"
_KEEP = 0.03  # kinds below this probability are not kept in the hints
_SCALE = 10.0  # cosine-like inputs, scaled to logits


def digest() -> str:
    """A digest of the examples (the head must have been trained on these)."""
    h = hashlib.sha256()
    for k in KINDS:
        h.update(("\x00" + k + "\x01" + "\x02".join(EXAMPLES[k])).encode())
    return h.hexdigest()[:16]


def train(embedder: Embedder, rows: Mapping[str, Sequence[str]] = EXAMPLES,
          epochs: int = 400, lr: float = 0.5, l2: float = 1e-3
          ) -> tuple[np.ndarray, np.ndarray]:
    """A softmax head (weights, bias) over *embedder*'s vectors of *rows* (kind -> values).

    Full-batch gradient descent from zeros: the same examples give the same head.
    """
    texts = [v for k in KINDS for v in rows.get(k, ())]
    y = np.asarray([i for i, k in enumerate(KINDS) for _ in rows.get(k, ())])
    x = np.asarray(embedder.embed(texts), dtype=np.float64)
    w = np.zeros((x.shape[1], len(KINDS)))
    b = np.zeros(len(KINDS))
    onehot = np.eye(len(KINDS))[y]
    for _ in range(epochs):
        p = _softmax(_SCALE * x @ w + b)
        g = (p - onehot) / len(x)
        w -= lr * (_SCALE * x.T @ g + l2 * w)
        b -= lr * g.sum(axis=0)
    return w.astype(np.float32), b.astype(np.float32)


def _softmax(z: np.ndarray) -> np.ndarray:
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return np.asarray(e / e.sum(axis=1, keepdims=True))


_head: tuple[np.ndarray, np.ndarray] | None = None


def _load_head() -> tuple[np.ndarray, np.ndarray] | None:
    global _head
    if _head is None:
        from . import kinds_head
        if not kinds_head.WEIGHTS:
            return None
        raw = np.frombuffer(base64.b64decode(kinds_head.WEIGHTS), dtype=np.float16)
        m = raw.astype(np.float32).reshape(-1, len(KINDS))
        _head = (m[:-1], m[-1])
    return _head


def score(spans: Sequence[str], embedder: Embedder,
          head: tuple[np.ndarray, np.ndarray] | None = None) -> list[dict[str, float]]:
    """Kind probabilities of each span (empty dicts without MiniLM or a head)."""
    if not spans:
        return []
    head = head or (_load_head() if embedder.name.endswith(MODEL.split(":")[1]) else None)
    if head is None:
        return [{} for _ in spans]
    x = np.asarray(embedder.embed(list(spans)), dtype=np.float32)
    p = _softmax(_SCALE * x @ head[0] + head[1])
    return [{k: float(round(q, 3)) for k, q in zip(KINDS, row, strict=True) if q >= _KEEP}
            for row in p]


# Words that may open a span but are none of it ("the Rotterdam apartment").
_LEAD = re.compile(r"^(?:the|a|an|my|our|this|that)\s+", re.I)


def spans_of(clause: str, kinds: Iterable[str]) -> list[str]:
    """The candidate values of *clause* for the slots' value *kinds* (what gets scored)."""
    out: list[str] = []
    for kind in set(kinds):
        r = read_value(kind, clause)
        out += [*r.new, *r.old]
        if kind in NAME_KINDS:
            out += names_in(kind, clause)
    return list(dict.fromkeys(s.strip() for s in out if s.strip() and len(s) <= 60))


def kind_hints(clauses: Sequence[str], kinds: Sequence[Iterable[str]],
               embedder: Embedder, tagged: Sequence[Iterable[Span]] = ()
               ) -> list[list[tuple[str, float]]]:
    """Per clause, ``(KIND@kind@span, p)`` of its candidate spans, all embedded in one batch.

    *kinds*: per clause, the value kinds of its slots. *tagged*: per clause, the
    learned tagger's spans (:mod:`.spans`), whose values are candidates too.
    """
    if not embedder.name.endswith(MODEL.split(":")[1]) or _load_head() is None:
        return [[] for _ in clauses]
    # (only the tagger's spans of the clause's candidate slots: the others are never read)
    ks = [set(k) for k in kinds]
    more = [[s.value for s in t if slot_by_name(s.slot).kind in k]
            for t, k in zip(tagged, ks, strict=True)] if tagged else [[] for _ in clauses]
    # Only spans of known words: a rare name's kind is not read (see :func:`known`),
    # so it is not embedded either (a third fewer spans to embed).
    per = [[s for s in dict.fromkeys(spans_of(c, k) + m) if known(s)]
           for c, k, m in zip(clauses, ks, more, strict=True)]
    todo = list(dict.fromkeys(s for ss in per for s in ss))
    got = dict(zip(todo, score(todo, embedder), strict=True))
    return [[(f"{KIND}@{k}@{s}", p) for s in ss for k, p in got[s].items()] for ss in per]


def read_hints(entries: Iterable[tuple[str, float]]) -> dict[str, dict[str, float]]:
    """The :data:`Kinds` of a clause's hint entries."""
    out: dict[str, dict[str, float]] = {}
    for name, p in entries:
        if name.startswith(KIND + "@"):
            _, kind, span = name.split("@", 2)
            out.setdefault(span.casefold(), {})[kind] = float(p)
    return out


def _probs(kinds: Kinds, value: str) -> Mapping[str, float] | None:
    got = kinds.get(value.casefold())
    if got is None:
        got = kinds.get(_LEAD.sub("", value).casefold())
    return got or None


def known(span: str) -> bool:
    """Whether every word of *span* is a whole word of MiniLM's vocabulary.

    Only then does its vector place it by meaning: a rare name is cut into
    word pieces and lands near whatever kind those pieces are typical of
    ("Valparaíso" reads as a database), so it vetoes nothing.
    """
    vocab = vocabulary()
    words = re.findall(r"[^\W\d_]+", unicodedata.normalize("NFKD", span).casefold())
    return bool(vocab) and bool(words) and all(w in vocab for w in words)


def _judged(slot: str, value: str,
            kinds: Kinds) -> tuple[Mapping[str, float], frozenset[str]] | None:
    """*value*'s kind probabilities and the kinds *slot* accepts, when its kind can be judged."""
    need = SLOT_KIND.get(slot)
    p = _probs(kinds, value) if need else None
    if p is None or need is None or not known(value):
        return None
    return p, _COMPATIBLE.get(need, frozenset({need}))


# A day or a month is when, never who, where or what: "seeing Kaveh since Aug" has no
# partner Aug, and a month alone is no birthday. (May, June and April are names too:
# they are left to the kinds head.)
_CALENDAR = frozenset({
    "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec",
    "january", "february", "march", "july", "september", "october", "november", "december",
    "mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun", "monday",
    "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
})


def vetoed(slot: str, value: str, kinds: Kinds) -> bool:
    """Whether *value* is clearly of a kind *slot* cannot hold ("lives in Porsche")."""
    if value.casefold().strip(" .") in _CALENDAR:
        return True
    if (judged := _judged(slot, value, kinds)) is None:
        return False
    p, ok = judged
    foreign = max((q for k, q in p.items() if k not in ok), default=0.0)
    mine = max((q for k, q in p.items() if k in ok), default=0.0)
    return foreign >= VETO_P and foreign - mine >= VETO_MARGIN


def of_kind(slot: str, value: str, kinds: Kinds) -> bool:
    """Whether *value* is clearly of the kind *slot* needs (a known word, likely enough)."""
    if (judged := _judged(slot, value, kinds)) is None:
        return False
    p, ok = judged
    return max(p, key=lambda k: p[k]) in ok and sum(q for k, q in p.items() if k in ok) >= OF_KIND_P


def fits(slot: str, values: Sequence[str], kinds: Kinds) -> list[str]:
    """Of several *values*, the one whose kind fits *slot* while the others' clearly do not.

    Empty when none or more than one may fit. A value not scored (a rare name,
    whose kind is not read) may fit: "under Kowalski, in Copenhagen" is Kowalski.
    """
    need = SLOT_KIND.get(slot)
    if need is None or len(values) < 2:
        return []
    ok = _COMPATIBLE.get(need, frozenset({need}))
    good, bad = [], 0
    for v in values:
        p = _probs(kinds, v)
        if p is None:
            good.append(v)
            continue
        mine = max((q for k, q in p.items() if k in ok), default=0.0)
        foreign = max((q for k, q in p.items() if k not in ok), default=0.0)
        if mine > foreign:
            good.append(v)
        elif foreign - mine >= CHOICE_MARGIN and known(v):
            bad += 1
    return good if len(good) == 1 and bad == len(values) - 1 else []


def _write_head(path: str) -> None:  # pragma: no cover - run by hand after editing the examples
    from ...adapters.embed import load_embedder

    w, b = train(load_embedder(MODEL))
    blob = base64.b64encode(np.vstack([w, b[None, :]]).astype(np.float16).tobytes()).decode()
    lines = [blob[i:i + 88] for i in range(0, len(blob), 88)]
    body = "\n".join(f'    "{x}"' for x in lines)
    with open(path, "w", encoding="utf-8") as f:
        f.write('"""The trained head of :mod:`.kinds` (generated: '
                'python -m sleepstack.sleep.claims.kinds)."""\n\n'
                f'DIGEST = "{digest()}"\n#: float16 (dim + 1) x kinds, the last row the bias\n'
                f"WEIGHTS = (\n{body}\n)\n")


if __name__ == "__main__":  # pragma: no cover
    import os

    _write_head(os.path.join(os.path.dirname(__file__), "kinds_head.py"))
