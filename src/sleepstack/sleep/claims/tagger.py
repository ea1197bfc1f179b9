"""A learned reader of values by meaning: which words of a turn are a value the speaker holds.

What it is for: the phrase readers of :mod:`.values` and :mod:`.fresh` find a
value by the shape of the sentence around it; a new value said in a shape they
were never taught ("Redshift was replaced by BigQuery", "so Lapce it is now")
is not read at all. This tagger reads each word of a turn by the meaning of its
context instead: MiniLM's last-layer state of the word (the mean of its word
pieces, see :meth:`~sleepstack.adapters.embed.minilm.MiniLMEmbedder.token_states`),
next to its neighbours' states, goes through a multinomial logistic regression
with three classes:

* ``current`` — a value the speaker holds now;
* ``ended`` — a value the speaker says no longer holds;
* ``neither`` — any other word, including other people's values.

How it was trained: ``bench/train_value_tagger.py`` labels the words of the
knowledge benchmark's tuning splits (listed in the weights' header) from each
story's old and new value, and fits the regression in numpy (fixed iterations,
deterministic). Its header records the splits, the date, the code version and
the leave-one-split-out scores it was chosen on.

What it may decide: nothing on its own. :mod:`.learned` asks it only about a
turn of a speaker who holds a value in a slot the turn is about, when the phrase
readers took no new value for that slot; its spans are candidates that must
clear a probability floor. It never decides a slot (that is :mod:`.classify`'s
job) nor whose statement a clause is (:mod:`.detect`, :mod:`.subject`).
"""

from __future__ import annotations

import hashlib
import json
import re
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

__all__ = [
    "CLASSES",
    "WEIGHTS",
    "WEIGHTS_SHA256",
    "WORD",
    "Span",
    "TagModel",
    "load_model",
    "tag_spans",
    "tag_words",
    "weights_digest",
    "word_features",
    "word_spans",
]

#: the shipped weights (written by bench/train_value_tagger.py)
WEIGHTS = Path(__file__).with_name("value_tagger.npz")
#: the sha256 of the shipped weights' arrays (:func:`weights_digest`), written by the script
WEIGHTS_SHA256 = "dfd3d0d69a89af8216aa4de4b586ca7e760864fe8c761589068bb179649b0d09"
#: the classes, in the order of the model's outputs
CLASSES = ("neither", "current", "ended")
#: a word: letters/digits joined by the marks names, emails and numbers carry inside
WORD = re.compile(r"\w+(?:[@.'’+&-]\w+)*")
# Words that open a value span without being part of the value.
_LEAD_WORDS = "the a an my our his her their your its this that these those"
_LEAD = frozenset(_LEAD_WORDS.split())

F32 = npt.NDArray[np.float32]


class _States(Protocol):
    states: F32
    offsets: tuple[tuple[int, int], ...]


def word_spans(text: str) -> list[tuple[int, int]]:
    """The (start, end) of every word of *text*."""
    return [m.span() for m in WORD.finditer(text)]


def word_features(ts: _States, spans: Sequence[tuple[int, int]]) -> F32:
    """One row per word: its state, its left and right neighbours' states, the text's mean.

    A word's state is the mean of the word pieces that overlap it; a word beyond
    the model's window (truncated) gets zeros. The neighbours of the first and
    last word are zeros.
    """
    h = ts.states.shape[1]
    own = np.zeros((len(spans), h), dtype=np.float32)
    for i, (a, b) in enumerate(spans):
        rows = [j for j, (s, e) in enumerate(ts.offsets) if e > s and s < b and e > a]
        if rows:
            own[i] = ts.states[rows].mean(axis=0)
    left = np.zeros_like(own)
    right = np.zeros_like(own)
    left[1:] = own[:-1]
    right[:-1] = own[1:]
    whole = np.broadcast_to(ts.states.mean(axis=0), own.shape)
    return np.concatenate([own, left, right, whole], axis=1).astype(np.float32)


@dataclass(frozen=True)
class TagModel:
    """The regression: standardise, then softmax(x @ w + b)."""

    mean: F32
    scale: F32
    w: F32  # (features, classes)
    b: F32  # (classes,)
    header: dict[str, Any]

    def probs(self, x: F32) -> F32:
        """Class probabilities of each row of *x*."""
        z = ((x - self.mean) / self.scale) @ self.w + self.b
        z -= z.max(axis=1, keepdims=True)
        e = np.exp(z)
        p: F32 = (e / e.sum(axis=1, keepdims=True)).astype(np.float32)
        return p


_LOCK = threading.Lock()
_ARRAYS = ("mean", "scale", "w", "b")


def load_model(path: Path | None = None) -> TagModel:
    """The shipped model (read once per process), or the one at *path*."""
    if path is not None:
        return _read(path)
    with _LOCK:
        return _shipped()


@lru_cache(maxsize=1)
def _shipped() -> TagModel:
    return _read(WEIGHTS)


def weights_digest(arrays: Mapping[str, npt.NDArray[Any]]) -> str:
    """The sha256 of the model's arrays (names, shapes, float32 bytes) in a fixed order."""
    h = hashlib.sha256()
    for name in _ARRAYS:
        a = np.ascontiguousarray(arrays[name], dtype=np.float32)
        h.update(name.encode() + repr(a.shape).encode() + a.tobytes())
    return h.hexdigest()


def _read(path: Path) -> TagModel:
    with np.load(path, allow_pickle=False) as z:
        header = json.loads(str(z["header"]))
        arrays = {n: np.asarray(z[n], dtype=np.float32) for n in _ARRAYS}
    if path == WEIGHTS and weights_digest(arrays) != WEIGHTS_SHA256:
        # Fail closed: weights that are not the ones this code was measured with.
        raise ValueError(f"{path} does not match WEIGHTS_SHA256; retrain with "
                         "bench/train_value_tagger.py")
    return TagModel(arrays["mean"], arrays["scale"], arrays["w"], arrays["b"], header)


@dataclass(frozen=True)
class Span:
    """Contiguous words of one class, cleaned of a leading article or possessive."""

    label: str  # "current" or "ended"
    text: str
    start: int
    end: int
    prob: float  # the mean probability of the class over its words


def tag_words(texts: Sequence[str], embedder: Any,
              model: TagModel | None = None) -> list[tuple[list[tuple[int, int]], F32]]:
    """Per text, its word spans and their class probabilities (one batch through *embedder*).

    *embedder* must offer ``token_states`` (the MiniLM embedder does); without
    it every text gets no words.
    """
    states = getattr(embedder, "token_states", None)
    got = states(list(texts)) if states is not None and texts else None
    if got is None:  # an embedder without token states (or a wrapper of one)
        return [([], np.zeros((0, len(CLASSES)), dtype=np.float32)) for _ in texts]
    m = model or load_model()
    out: list[tuple[list[tuple[int, int]], F32]] = []
    for text, ts in zip(texts, got, strict=True):
        spans = word_spans(text)
        if not spans:
            out.append(([], np.zeros((0, len(CLASSES)), dtype=np.float32)))
            continue
        out.append((spans, m.probs(word_features(ts, spans))))
    return out


def tag_spans(text: str, spans: Sequence[tuple[int, int]], probs: F32,
              floor: float = 0.5) -> list[Span]:
    """The value spans of one tagged text: runs of words whose class is current or ended.

    A word belongs to a run when its class is the most probable one and at
    least *floor*; runs are cut at punctuation other than the marks inside names.
    """
    out: list[Span] = []
    run: list[int] = []
    label = ""

    def close() -> None:
        words = list(run)
        while words and text[spans[words[0]][0]:spans[words[0]][1]].casefold() in _LEAD:
            words.pop(0)
        if words:
            a, b = spans[words[0]][0], spans[words[-1]][1]
            p = float(np.mean([probs[i, CLASSES.index(label)] for i in words]))
            out.append(Span(label, text[a:b], a, b, p))

    for i in range(len(spans)):
        k = int(np.argmax(probs[i]))
        lab = CLASSES[k] if probs[i, k] >= floor else "neither"
        joined = bool(run) and lab == label and _adjacent(text, spans[run[-1]], spans[i])
        if run and not joined:
            close()
            run = []
        if lab == "neither":
            continue
        if not run:
            label = lab
        run.append(i)
    if run:
        close()
    return out


def _adjacent(text: str, a: tuple[int, int], b: tuple[int, int]) -> bool:
    # Only blanks between them: "Polestar 2" is one span, "Lapce, Zed" two.
    return text[a[1]:b[0]].strip() == ""
