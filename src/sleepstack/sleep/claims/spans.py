"""A learned value-span tagger: which words of a clause are the speaker's value of a slot.

The value readers of :mod:`.values` find a value by its place and its
capitalisation ("lives in X", "works at X"); people write "ok we're in boise
now", "Schneider is who I'm driving for now", "switched the coin plugin to
mysql". This module reads the value from MiniLM's *token states* instead: the
last hidden state of each word piece, which already carries the clause's
context. A word's state is the mean of its pieces', joined with the clause's
mean state; per slot, a softmax layer (a weight shared by all slots plus one
per slot, over the standardised features) says whether the word is part of the
speaker's value that *holds* (new or current), of one that *ends*, or neither.

The token states come from the forward pass that embeds the clauses for the slot
ranking (:func:`token_pass`, called by :func:`..rank_clauses`), so tagging costs
no extra MiniLM pass: one (words x features) @ (features x 3 slots) product per
batch. Only an embedder with the :class:`~sleepstack.adapters.embed.TokenEmbedder`
capability and the weights' own model hands out states; with any other the
tagger reads nothing. Spans travel to the extraction work as hint entries
``(~span@slot@hold|end@value, p)`` (:func:`read_spans` reads them back).

What the tagger proposes is no claim yet: :func:`span_picks` turns a span into
a pick only for a clause the readers read no value from and that is about a
candidate slot, at the calibrated threshold; an ``end`` span only when it names
a value the speaker holds. Every pick then goes through the same owner,
third-party and kind checks as the readers'. The weights are trained by
``bench/train_span_head.py`` on the knowledge stories' own labels (the old and
new values of each story, by offsets) and pinned by their digest here.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from ...adapters.embed import Embedder, TokenEmbedder, TokenStates
from ...errors import EmbedderError
from ...weights import Shipped, check_pinned, read_npz, softmax
from .classify import END_MARGIN
from .held import names_value
from .languages import as_nationality
from .subject import is_relation
from .taxonomy import Slot

__all__ = [
    "EMBEDDER", "END_FLOOR", "LABELS", "SPAN", "WEIGHTS", "WEIGHTS_SHA256", "Span", "SpanHead",
    "features", "hint_entries", "load_head", "read_spans", "span_picks", "spans_of",
    "token_pass", "words_of",
]

WEIGHTS = Path(__file__).with_name("span_head.npz")
#: the one embedder whose token states the weights read
EMBEDDER = "local:all-MiniLM-L6-v2"
#: the head's classes, in the order of its columns
LABELS = ("hold", "end", "o")
#: the prefix of the hint entries that carry spans
SPAN = "~span"
#: the default floor of :func:`spans_of` (hints are handed on at the head's threshold)
HINT_FLOOR = 0.3
#: the digest of the shipped weights (:meth:`SpanHead.digest`), printed by the training
#: script: checked on load, and it puts the weights into this module's bytes
WEIGHTS_SHA256 = "567854792f8bc1ba14354bbb20f7b8b39271ddd4fc22fc6ec97afaf284a317c9"

F32 = npt.NDArray[np.float32]
# A word: letters and digits, joined by the marks names and tools keep inside
# ("h&m", "C++", "node.js", "o'brien", "e-mail").
_WORD = re.compile(r"[\w][\w&+#'’.-]*[\w+#]|[\w]")
_POSSESSIVE = re.compile(r"['’]s$")
# Words that are never a value's own, only around it (a closed list): a span is
# trimmed of them at both ends ("is jan 30", "with bouldering", "the payments"),
# and one made only of them is none ("she", "whats a", "bc").
_AROUND = frozenset({
    "a", "an", "the", "this", "that", "these", "those", "my", "our", "your", "his", "her",
    "their", "its", "i", "me", "we", "us", "you", "he", "him", "she", "they", "them", "it",
    "someone", "something", "is", "are", "was", "were", "am", "be", "been", "'s", "to", "of",
    "in", "on", "at", "for", "from", "with", "by", "as", "about", "into", "and", "or", "but",
    "so", "also", "just", "now", "then", "still", "very", "really", "what", "whats", "who",
    "which", "bc", "tho", "obvs", "go", "do", "lol", "lmao", "rn", "fr", "not", "no",
})
# Conjunctions between two values make two spans ("chess and kayaking").
_JOIN = frozenset({"and", "or", "&"})
#: a clause must mean an ending at least this much (the ending score: what every
#: reader of endings takes as one) for an ``end`` span to end a held value;
#: at 0 "Rex is still with us" ended Rex
END_FLOOR = END_MARGIN
# The slots read by shape: the tagger's value must have it too.
_SHAPE = {
    "email": re.compile(r"\S@\S+\.\w"),
    "phone": re.compile(r"(?:\d[\s().-]*){7}"),
    "birthday": re.compile(r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|"
                           r"\d{1,2}\s*[/.-]\s*\d{1,2}", re.I),
}



# Kinds whose values are names: a lower-case span right after an article or a
# possessive, with at most two words between, is a common noun phrase there ("we
# live in a small flat", "our tiny studio", "a big office"), never the name of a
# city, a company, a person or a pet; a name typed in lower case stands bare
# ("we're in boise now", "driving for schneider").
_NAME_KINDS = frozenset({"place", "org", "person", "pet"})
_COMMON_NP = re.compile(
    r"\b(?:a|an|the|some|my|our|your|his|her|their|this|that)\s+(?:[a-z][\w'-]*\s+){0,2}$")


def common_phrase(clause: str, value: str) -> bool:
    """Whether *value*, as said in *clause*, is a lower-case common noun phrase."""
    if value != value.lower():
        return False
    at = clause.casefold().find(value.casefold())
    return at >= 0 and bool(_COMMON_NP.search(clause[:at]))


class Span(NamedTuple):
    """A tagged span of a clause: its slot, ``hold`` or ``end``, the words, their p."""

    slot: str
    label: str
    value: str
    p: float


def words_of(clause: str) -> list[tuple[int, int]]:
    """The ``[begin, end)`` character range of each word of *clause*."""
    return [(m.start(), m.end()) for m in _WORD.finditer(clause)]


def features(tokens: TokenStates, words: Sequence[tuple[int, int]]) -> F32:
    """Per word, the mean state of its pieces joined with the clause's mean state."""
    st = np.asarray(tokens.states, dtype=np.float32)
    dim = st.shape[1] if st.ndim == 2 else 0
    out = np.zeros((len(words), 2 * dim), dtype=np.float32)
    if not len(st) or not words:
        return out
    out[:, dim:] = st.mean(axis=0)
    off = tokens.offsets
    for i, (b, e) in enumerate(words):
        inside = (off[:, 0] < e) & (off[:, 1] > b)
        if inside.any():  # a word past truncation keeps zeros: no value is read there
            out[i, :dim] = st[inside].mean(axis=0)
    return out


class SpanHead:
    """Per slot, ``softmax(z @ (shared + own[slot]) + bias[slot])`` over standardised words."""

    def __init__(self, slots: Sequence[str], mean: F32, scale: F32, shared: F32, own: F32,
                 bias: F32, threshold: float, splits: Sequence[str]) -> None:
        n, d = len(slots), len(mean)
        if shared.shape != (d, len(LABELS)) or own.shape != (n, d, len(LABELS)) \
                or bias.shape != (n, len(LABELS)) or scale.shape != (d,):
            raise EmbedderError(f"span head weights have the wrong shapes {own.shape}")
        self.slots = tuple(slots)
        self.mean, self.scale = mean.astype(np.float32), scale.astype(np.float32)
        self.shared, self.own = shared.astype(np.float32), own.astype(np.float32)
        self.bias = bias.astype(np.float32)
        #: the p from which a span becomes a pick (see :func:`span_picks`)
        self.threshold = float(threshold)
        #: the knowledge-bench splits the weights were trained on
        self.splits = tuple(splits)
        # (features, slots * labels): every slot's columns in one product
        self._full = ((self.shared[None] + self.own).transpose(1, 0, 2)
                      .reshape(d, n * len(LABELS)))

    def probabilities(self, x: F32) -> F32:
        """p(hold), p(end), p(o) per word (rows of *x*) and slot: shape (words, slots, 3)."""
        z = ((np.asarray(x, dtype=np.float32) - self.mean) / self.scale) @ self._full
        out: F32 = softmax(z.reshape(len(x), len(self.slots), len(LABELS)) + self.bias, axis=2)
        return out

    def digest(self) -> str:
        """SHA-256 of everything that decides a span (not of the file: zip entries carry times)."""
        h = hashlib.sha256("\n".join(self.slots).encode())
        for a in (self.mean, self.scale, self.shared, self.own, self.bias):
            h.update(a.astype("<f4").tobytes())
        h.update(np.float64(self.threshold).astype("<f8").tobytes())
        h.update("\n".join(self.splits).encode())
        return h.hexdigest()

    @classmethod
    def load(cls, path: Path = WEIGHTS, sha256: str | None = None) -> SpanHead:
        """Read weights saved by :meth:`save`; with *sha256*, they must have that digest."""
        head = read_npz(path, "span head", lambda z: cls(
            [str(s) for s in z["slots"]], z["mean"], z["scale"], z["shared"], z["own"],
            z["bias"], float(z["threshold"]), [str(s) for s in z["splits"]]))
        check_pinned(head.digest(), sha256, path, "span head", "bench/train_span_head.py")
        return head

    def save(self, path: Path) -> None:
        """Write the weights (float16 where precision does not matter) as a compressed ``.npz``."""
        np.savez_compressed(path, slots=np.array(self.slots), mean=self.mean, scale=self.scale,
                            shared=self.shared, own=self.own, bias=self.bias,
                            threshold=np.float64(self.threshold), splits=np.array(self.splits))


_shipped: Shipped[SpanHead] = Shipped(
    lambda: SpanHead.load(WEIGHTS, WEIGHTS_SHA256) if WEIGHTS.exists() else None)


def load_head() -> SpanHead | None:
    """The shipped head (once per process), or None when its weights are not there."""
    return _shipped.get()


def spans_of(clause: str, tokens: TokenStates, head: SpanHead,
             floor: float = HINT_FLOOR) -> list[Span]:
    """The tagged spans of *clause* for every slot of *head*, at least *floor* likely.

    Consecutive words of one label (only spaces or a hyphen between them) are one
    span; its p is its words' mean; a possessive "'s" is no part of the value.
    """
    words = words_of(clause)
    if not words:
        return []
    p = head.probabilities(features(tokens, words))
    lab = p.argmax(axis=2)
    out: list[Span] = []
    low = [clause[b:e].casefold() for b, e in words]
    for si, slot in enumerate(head.slots):
        i = 0
        while i < len(words):
            k = int(lab[i, si])
            if k == len(LABELS) - 1 or low[i] in _JOIN:
                i += 1
                continue
            j = i + 1
            while j < len(words) and int(lab[j, si]) == k and low[j] not in _JOIN \
                    and clause[words[j - 1][1]:words[j][0]].strip(" -") == "":
                j += 1
            a, b = i, j
            while a < b and low[a] in _AROUND:
                a += 1
            while b > a and low[b - 1] in _AROUND:
                b -= 1
            if a < b:
                score = float(p[a:b, si, k].mean())
                value = _POSSESSIVE.sub("", clause[words[a][0]:words[b - 1][1]])
                if score >= floor and value:
                    out.append(Span(slot, LABELS[k], value, round(score, 4)))
            i = j
    return out


def token_pass(clauses: Sequence[str], embedder: Embedder
               ) -> tuple[F32 | None, list[list[Span]]]:
    """The clauses' embeddings and, from the same forward pass, their spans at the threshold.

    ``(None, no spans)`` when the embedder has no token states (or is not the
    weights' model, or there are no weights): the caller embeds as before.
    """
    none: list[list[Span]] = [[] for _ in clauses]
    if not clauses or embedder.name != EMBEDDER or not isinstance(embedder, TokenEmbedder):
        return None, none
    head = load_head()
    if head is None:
        return None, none
    vecs, toks = embedder.embed_tokens(list(clauses))
    return vecs, [spans_of(c, t, head, head.threshold)
                  for c, t in zip(clauses, toks, strict=True)]


def hint_entries(spans: Iterable[Span]) -> list[tuple[str, float]]:
    """The hint entries that carry *spans* to the extraction work (read by :func:`read_spans`)."""
    return [(f"{SPAN}@{s.slot}@{s.label}@{s.value}", s.p) for s in spans]


def read_spans(entries: Iterable[tuple[str, float]]) -> list[Span]:
    """The :class:`Span` of a clause's hint entries."""
    out: list[Span] = []
    for name, p in entries:
        if name.startswith(SPAN + "@"):
            _, slot, label, value = name.split("@", 3)
            out.append(Span(slot, label, value, float(p)))
    return out


Pick = tuple[Slot, str, bool, float]


def span_picks(clause: str, slots: Sequence[tuple[Slot, float]], spans: Sequence[Span],
               held: Mapping[str, Sequence[str]], ending: float) -> list[Pick]:
    """The picks the tagger reads for a clause the readers read nothing from.

    *slots*: the clause's candidate slots, best first; the first of them with a
    span at the head's threshold gives its picks: a ``hold`` span is a value
    (in a single-valued slot only the likeliest; in a slot read by shape, only
    one of that shape), an ``end`` span that names a value the speaker holds in
    the slot is that value's removal when the clause means an ending
    (*ending*, its ending score, at least :data:`END_FLOOR`). Values of slots the
    clause is not about are never read.
    """
    head = load_head()
    if head is None or not spans:
        return []
    for slot, score in slots:
        shape = _SHAPE.get(slot.kind)
        got = [s for s in spans if s.slot == slot.name and s.p >= head.threshold
               and (shape is None or shape.search(s.value))
               # a person is named, not a relation ("my sister" is no partner)
               and not (slot.kind == "person" and is_relation(s.value.casefold()))
               and not (slot.kind in _NAME_KINDS and common_phrase(clause, s.value))
               # a language name before a noun is a nationality ("the Italian sausage")
               and not (slot.kind == "language" and as_nationality(clause, s.value))]
        holds = sorted((s for s in got if s.label == "hold"), key=lambda s: -s.p)
        picks: list[Pick] = [(slot, s.value, False, score)
                             for s in (holds if slot.multi else holds[:1])]
        picks += [(slot, v, True, score) for s in got if s.label == "end"
                  and ending >= END_FLOOR
                  for v in held.get(slot.name, ()) if names_value(s.value, v)]
        if picks:
            return picks
    return []
