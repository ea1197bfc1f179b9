"""A learned slot reader: a small linear head over a sentence's MiniLM embedding.

The slots' prototypes (:mod:`.slot_vectors`) know a handful of sentences per
slot, so a clause said in a register none of them covers falls below the floor
or nearer the wrong slot: "home base: Timaru" is nearest home at 0.28, "I do
customer support at Kayako" nearer a manager than an employer. This head has
read every self-disclosure clause of the knowledge stories it was trained on
(several thousand, written by a dozen outside writers in many registers) with
the story's slot as label, the filler lines the stories repeat as ``none``,
and the prototypes themselves: a softmax regression over the 384-d embedding
to the slots of :data:`~.slots.SLOTS` plus ``none``.

Its answer *adds* to the prototype scores (:meth:`SlotHead.boost`): ``gain x
p(slot)``. A clause the head reads as about no slot keeps its prototype scores;
one it reads as about a slot gains up to *gain* there, which lifts it over the
floor and ahead of the slots its values pull towards. The prototypes stay the
base, so an embedder other than MiniLM (whose space the weights are not in)
ranks exactly as before.

Weights live next to this module (``slot_head.npz``: 22 x 384 and a bias),
trained by ``bench/train_slot_head.py`` and pinned by their digest; loading is
lazy, once per process, and needs no download. Pure numpy: below both sleep
(``sleep/claims/classify.py``) and wake.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import numpy as np
import numpy.typing as npt

from ..errors import EmbedderError
from ..weights import Shipped, check_pinned, read_npz, softmax
from .slots import SLOTS

__all__ = ["EMBEDDER", "NONE", "WEIGHTS", "WEIGHTS_SHA256", "SlotHead", "load_head"]

WEIGHTS = Path(__file__).with_name("slot_head.npz")
#: the one embedder whose space the weights were trained in
EMBEDDER = "local:all-MiniLM-L6-v2"
#: the label of a sentence about no slot (the head's last class)
NONE = "none"
#: the digest of the shipped weights (:meth:`SlotHead.digest`), written by the training
#: script: checked on load, and it puts the weights into this module's bytes, so the
#: sleep cycle's code fingerprint (``.py`` files only) changes with them
WEIGHTS_SHA256 = "ddac57f06ee3f21ebe394009bfb8ed4774f1b24a6a6e4473a746def90307447a"

F32 = npt.NDArray[np.float32]


class SlotHead:
    """Softmax regression ``softmax(x @ W.T + b)`` to *labels* (slot names, then ``none``)."""

    def __init__(self, weight: F32, bias: F32, labels: tuple[str, ...], gain: float) -> None:
        if weight.ndim != 2 or weight.shape[0] != len(labels) or bias.shape != (len(labels),):
            raise EmbedderError(f"slot head weights have the wrong shape {weight.shape}")
        if not labels or labels[-1] != NONE:
            raise EmbedderError(f"slot head labels must end with {NONE!r}: {labels}")
        known = {s.name for s in SLOTS}
        if unknown := [x for x in labels[:-1] if x not in known]:
            # weights for another taxonomy: refuse rather than boost the wrong slots
            raise EmbedderError(f"slot head labels are not slots of the taxonomy: {unknown}")
        self.weight = weight.astype(np.float32)
        self.bias = bias.astype(np.float32)
        self.labels = labels
        #: how much p(slot) adds to the slot's prototype cosine
        self.gain = float(gain)
        index = {s.name: i for i, s in enumerate(SLOTS)}
        self._cols = np.asarray([index[x] for x in labels[:-1]], dtype=np.int64)

    @property
    def dim(self) -> int:
        """The embedding width the head reads."""
        return int(self.weight.shape[1])

    def probabilities(self, vecs: F32) -> F32:
        """p(label) of each row of *vecs* (unit-length embeddings), columns as :attr:`labels`."""
        out: F32 = softmax(np.asarray(vecs, dtype=np.float32) @ self.weight.T + self.bias)
        return out

    def boost(self, vecs: F32) -> F32:
        """What each row adds to each slot's score, columns in the order of :data:`SLOTS`."""
        out = np.zeros((len(vecs), len(SLOTS)), dtype=np.float32)
        if len(vecs):
            out[:, self._cols] = self.gain * self.probabilities(vecs)[:, :-1]
        return out

    def digest(self) -> str:
        """SHA-256 of weights, bias, labels and gain (not of the file: zip entries carry times)."""
        h = hashlib.sha256(self.weight.astype("<f4").tobytes())
        h.update(self.bias.astype("<f4").tobytes())
        h.update("\n".join(self.labels).encode())
        h.update(np.float64(self.gain).astype("<f8").tobytes())
        return h.hexdigest()

    @classmethod
    def load(cls, path: Path = WEIGHTS, sha256: str | None = None) -> SlotHead:
        """Read weights saved by :meth:`save`; with *sha256*, they must have that digest."""
        head = read_npz(path, "slot head", lambda z: cls(
            z["weight"].astype(np.float32), z["bias"].astype(np.float32),
            tuple(str(x) for x in z["labels"]), float(z["gain"])))
        check_pinned(head.digest(), sha256, path, "slot head", "bench/train_slot_head.py")
        return head

    def save(self, path: Path) -> None:
        """Write the weights as a compressed ``.npz``."""
        np.savez_compressed(path, weight=self.weight, bias=self.bias,
                            labels=np.asarray(self.labels), gain=np.float64(self.gain))


_shipped: Shipped[SlotHead] = Shipped(
    lambda: SlotHead.load(WEIGHTS, WEIGHTS_SHA256) if WEIGHTS.exists() else None)


def load_head() -> SlotHead | None:
    """The shipped head (once per process), or None when its weights are not there."""
    return _shipped.get()
