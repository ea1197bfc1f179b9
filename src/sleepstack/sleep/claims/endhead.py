"""A learned ending detector: a small linear head over a clause's masked-predicate embedding.

Whether a clause *ends* a value ("Got laid off from Ericsson", "the hamster
died", "The cruise is off"), *holds or starts* one ("Started at Lidl on
Monday", "Finally bought the BMW") or does *neither* ("I visited Prague last
year", "thinking about quitting", "my sister quit her job") is read from the
same MiniLM embedding of the masked predicate that :func:`.classify.ending_scores`
already computes (values said as "it"), by a three-way logistic regression
trained by ``bench/train_ending_head.py`` on examples the team wrote
(``bench/data/ending_train.txt``). The nearest-prototype margin knows two dozen
sentences per side; the head has seen several hundred, in many registers, with
hard negatives (negations that end nothing, intentions, third parties, past
events).

The head's answer is put on the prototype margin's scale, so every reader of an
ending score keeps its threshold: ``END_MARGIN + p(end) - THRESHOLD``, at or
above :data:`.classify.END_MARGIN` exactly when ``p(end) >= THRESHOLD``.

Weights live next to this module (``ending_head.npz``, a few KB: 3 x 384 and a
bias); loading is lazy, once per process, under a lock, and needs no download.
Only the MiniLM embedding fits them: other embedders keep the margin alone.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import numpy as np
import numpy.typing as npt

from ...errors import EmbedderError
from ...weights import Shipped, check_pinned, read_npz, softmax

__all__ = ["EMBEDDER", "LABELS", "WEIGHTS", "WEIGHTS_SHA256", "EndingHead", "load_head"]

WEIGHTS = Path(__file__).with_name("ending_head.npz")
#: the one embedder whose space the weights were trained in
EMBEDDER = "local:all-MiniLM-L6-v2"
#: the head's classes, in the order of its rows
LABELS = ("end", "hold", "neither")
#: the digest of the shipped weights (:meth:`EndingHead.digest`), written by the training
#: script: checked on load, and it puts the weights into this module's bytes, so the
#: sleep cycle's code fingerprint (``.py`` files only) changes with them
WEIGHTS_SHA256 = "4941ada543c31192c1082e8e4890a0baf4d237222ca86294ba1ef2df58033c53"

F32 = npt.NDArray[np.float32]


class EndingHead:
    """Three-way logistic regression: ``softmax(x @ W.T + b)`` over a 384-d embedding."""

    def __init__(self, weight: F32, bias: F32, threshold: float) -> None:
        if weight.ndim != 2 or weight.shape[0] != len(LABELS) or bias.shape != (len(LABELS),):
            raise EmbedderError(f"ending head weights have the wrong shape {weight.shape}")
        self.weight = weight.astype(np.float32)
        self.bias = bias.astype(np.float32)
        #: p(end) from which a clause counts as an ending
        self.threshold = float(threshold)

    @property
    def dim(self) -> int:
        """The embedding width the head reads."""
        return int(self.weight.shape[1])

    def probabilities(self, vecs: F32) -> F32:
        """p(end), p(hold), p(neither) of each row of *vecs* (unit-length embeddings)."""
        out: F32 = softmax(np.asarray(vecs, dtype=np.float32) @ self.weight.T + self.bias)
        return out

    def scores(self, vecs: F32, margin: float) -> list[float]:
        """Each row's ending on the prototype margin's scale (see the module docstring)."""
        if len(vecs) == 0:
            return []
        p = self.probabilities(vecs)[:, 0]
        return [float(margin + x - self.threshold) for x in p]

    def digest(self) -> str:
        """SHA-256 of the weights, bias and threshold (not of the file: zip entries carry times)."""
        h = hashlib.sha256(self.weight.astype("<f4").tobytes())
        h.update(self.bias.astype("<f4").tobytes())
        h.update(np.float64(self.threshold).astype("<f8").tobytes())
        return h.hexdigest()

    @classmethod
    def load(cls, path: Path = WEIGHTS, sha256: str | None = None) -> EndingHead:
        """Read weights saved by :meth:`save`; with *sha256*, they must have that digest."""
        head = read_npz(path, "ending head", lambda z: cls(
            z["weight"].astype(np.float32), z["bias"].astype(np.float32), float(z["threshold"])))
        check_pinned(head.digest(), sha256, path, "ending head", "bench/train_ending_head.py")
        return head

    def save(self, path: Path) -> None:
        """Write the weights as a compressed ``.npz``."""
        np.savez_compressed(path, weight=self.weight, bias=self.bias,
                            threshold=np.float64(self.threshold))


_shipped: Shipped[EndingHead] = Shipped(
    lambda: EndingHead.load(WEIGHTS, WEIGHTS_SHA256) if WEIGHTS.exists() else None)


def load_head() -> EndingHead | None:
    """The shipped head (once per process), or None when its weights are not there."""
    return _shipped.get()
