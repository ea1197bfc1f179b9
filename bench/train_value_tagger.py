"""Train the value tagger (:mod:`sleepstack.sleep.claims.tagger`) on the knowledge tuning splits.

Labels, per story of the splits in ``TRAIN_SPLITS`` (and only those), from its
``old`` and ``new`` values and the user turns that name them:

* before the update (user turns naming ``old`` before the first turn naming
  ``new``; for a removal, the first turn naming ``old``): ``old``'s words are
  ``current`` (in a ``split`` story, a later such turn ends it: ``ended``);
* the update turns (naming ``new``; for a removal, a later turn naming
  ``old``): ``new``'s words are ``current``, ``old``'s are ``ended``;
* a ``distractor`` story: the user's ``new`` is ``current``, the third party's
  ``old`` is ``neither``;
* every other word of every user turn: ``neither``.

Features: :func:`~sleepstack.sleep.claims.tagger.word_features` of MiniLM's
token states. Model: multinomial logistic regression with L2, full-batch Adam
for a fixed number of steps from zeros (deterministic), classes weighted by the
inverse square root of their frequency.

It prints token-level precision/recall/F1 per class with leave-one-split-out
cross-validation (train on every split but one, test on it) for val5..val8,
and the in-sample fit; then writes the weights with a JSON header (splits,
date, code version, scores, a checksum of the labels) to
``src/sleepstack/sleep/claims/value_tagger.npz``.

    python bench/train_value_tagger.py [--no-save] [--l2 1e-3] [--steps 300]

Retrain after changing the features, the labels or the tuning splits; the
test ``tests/test_claims_tagger.py`` retrains and checks the shipped weights
match.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from _table import table
from knowledge import load
from sleepstack.adapters.embed import load_embedder
from sleepstack.sleep.claims import tagger
from sleepstack.sleep.claims.tagger import (
    CLASSES,
    WEIGHTS,
    WORD,
    weights_digest,
    word_features,
    word_spans,
)

#: the only splits the tagger learns from (the knowledge tuning splits; never a held-out one)
TRAIN_SPLITS = ("tune", "val", "val2", "val3", "val4", "val5", "val6", "val7", "val8")
LOSO = ("val5", "val6", "val7", "val8")
NEITHER, CURRENT, ENDED = 0, 1, 2
_STOP_WORDS = "the a an of and my our to in at for on with"
_STOP = frozenset(_STOP_WORDS.split())


def _fold(w: str) -> str:
    w = w.casefold().replace("’", "'")
    if w.endswith("'s"):
        w = w[:-2]
    return w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w


def _names(text: str, value: str) -> bool:
    return bool(value) and _matches(text, value) != []


def _matches(text: str, value: str) -> list[int]:
    """Indices of *text*'s words that are *value*'s: a full run, else its distinctive words."""
    words = [_fold(m.group()) for m in WORD.finditer(text)]
    vw = [_fold(m.group()) for m in WORD.finditer(value)]
    if not vw:
        return []
    n = len(vw)
    for i in range(len(words) - n + 1):
        if words[i:i + n] == vw:
            return list(range(i, i + n))
    content = {w for w in vw if w not in _STOP}
    return [i for i, w in enumerate(words) if w in content]


def story_labels(sc: dict[str, Any]) -> list[tuple[str, list[int]]]:
    """(text, one label per word) for each user turn of one story."""
    old, new, kind = sc["old"], sc["new"], sc.get("kind") or "update"
    user = [t["text"] for t in sc["turns"] if t["role"] == "user"]
    first_new = next((i for i, t in enumerate(user) if _names(t, new)), None)
    first_old = next((i for i, t in enumerate(user) if _names(t, old)), None)
    out: list[tuple[str, list[int]]] = []
    for i, text in enumerate(user):
        lab = [NEITHER] * len(word_spans(text))

        def put(value: str, cls: int, text: str = text, lab: list[int] = lab) -> None:
            for j in _matches(text, value):
                lab[j] = cls

        if kind == "distractor":
            put(new, CURRENT)  # the third party's old stays neither
        elif kind == "removal":
            if i == first_old:
                put(old, CURRENT)
            elif first_old is not None and i > first_old:
                put(old, ENDED)
            put(new, CURRENT)
        else:
            update = first_new is not None and i >= first_new
            if update:
                put(old, ENDED)
                put(new, CURRENT)
            elif kind == "split" and first_old is not None and i > first_old:
                put(old, ENDED)
            else:
                put(old, CURRENT)
        out.append((text, lab))
    return out


def dataset(splits: tuple[str, ...]) -> dict[str, list[tuple[str, list[int]]]]:
    """Per split, the distinct (text, labels) pairs of its stories' user turns."""
    out: dict[str, list[tuple[str, list[int]]]] = {}
    for s in splits:
        seen: dict[tuple[str, tuple[int, ...]], None] = {}
        for sc in load(s):
            for text, lab in story_labels(sc):
                seen[(text, tuple(lab))] = None
        out[s] = [(t, list(lab)) for t, lab in seen]
    return out


def featurise(data: dict[str, list[tuple[str, list[int]]]]
              ) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """Per split, the word features and labels (every distinct text embedded once)."""
    emb: Any = load_embedder("local:all-MiniLM-L6-v2")
    texts = list(dict.fromkeys(t for rows in data.values() for t, _ in rows))
    states = dict(zip(texts, emb.token_states(texts), strict=True))
    out = {}
    for s, rows in data.items():
        xs = [word_features(states[t], word_spans(t)) for t, lab in rows if lab]
        ys = [np.array(lab, dtype=np.int64) for _, lab in rows if lab]
        out[s] = (np.concatenate(xs), np.concatenate(ys))
    return out


def fit(x: np.ndarray, y: np.ndarray, l2: float, steps: int) -> dict[str, np.ndarray]:
    """Weighted multinomial logistic regression, full-batch Adam from zeros."""
    mean = x.mean(axis=0)
    scale = x.std(axis=0) + 1e-6
    xs = ((x - mean) / scale).astype(np.float32)
    k = len(CLASSES)
    onehot = np.eye(k)[y]
    freq = np.bincount(y, minlength=k).astype(np.float64)
    cw = (1.0 / np.sqrt(np.maximum(freq, 1.0)))
    cw = cw / (cw * freq).sum() * len(y)
    sw = (cw[y][:, None] / len(y)).astype(np.float32)
    w = np.zeros((x.shape[1], k))
    b = np.zeros(k)
    m_w, v_w, m_b, v_b = np.zeros_like(w), np.zeros_like(w), np.zeros_like(b), np.zeros_like(b)
    lr, b1, b2 = 0.01, 0.9, 0.999
    for t in range(1, steps + 1):
        z = (xs @ w.astype(np.float32)).astype(np.float64) + b
        z -= z.max(axis=1, keepdims=True)
        p = np.exp(z)
        p /= p.sum(axis=1, keepdims=True)
        g = (p - onehot) * sw
        gw = (xs.T @ g.astype(np.float32)).astype(np.float64) + l2 * w
        gb = g.sum(axis=0)
        m_w = b1 * m_w + (1 - b1) * gw
        v_w = b2 * v_w + (1 - b2) * gw * gw
        m_b = b1 * m_b + (1 - b1) * gb
        v_b = b2 * v_b + (1 - b2) * gb * gb
        w -= lr * (m_w / (1 - b1 ** t)) / (np.sqrt(v_w / (1 - b2 ** t)) + 1e-8)
        b -= lr * (m_b / (1 - b1 ** t)) / (np.sqrt(v_b / (1 - b2 ** t)) + 1e-8)
    return {"mean": mean.astype(np.float32), "scale": scale.astype(np.float32),
            "w": w.astype(np.float32), "b": b.astype(np.float32)}


def probs(model: dict[str, np.ndarray], x: np.ndarray) -> np.ndarray:
    """The class probabilities of each row."""
    z = ((x - model["mean"]) / model["scale"]) @ model["w"] + model["b"]
    z -= z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return np.asarray(e / e.sum(axis=1, keepdims=True))


def predict(model: dict[str, np.ndarray], x: np.ndarray) -> np.ndarray:
    """The most probable class of each row."""
    return np.asarray(probs(model, x).argmax(axis=1))


#: the probability floors the pooled LOSO table reports (a use picks its floor from it)
FLOORS = (0.5, 0.6, 0.7, 0.8, 0.9)


def at_floors(y: np.ndarray, p: np.ndarray) -> dict[str, list[tuple[float, float, float]]]:
    """Per value class and floor: (floor, precision, recall) of "prob >= floor"."""
    out: dict[str, list[tuple[float, float, float]]] = {}
    for k in (CURRENT, ENDED):
        rows = []
        for fl in FLOORS:
            hit = p[:, k] >= fl
            tp = int((hit & (y == k)).sum())
            rows.append((fl, round(tp / max(1, int(hit.sum())), 3),
                         round(tp / max(1, int((y == k).sum())), 3)))
        out[CLASSES[k]] = rows
    return out


def scores(y: np.ndarray, pred: np.ndarray) -> dict[str, tuple[float, float, float, int]]:
    """Per value class: precision, recall, F1, support."""
    out = {}
    for k in (CURRENT, ENDED):
        tp = int(((pred == k) & (y == k)).sum())
        p = tp / max(1, int((pred == k).sum()))
        r = tp / max(1, int((y == k).sum()))
        f = 2 * p * r / (p + r) if p + r else 0.0
        out[CLASSES[k]] = (round(p, 3), round(r, 3), round(f, 3), int((y == k).sum()))
    return out


def label_digest(data: dict[str, list[tuple[str, list[int]]]]) -> str:
    """A checksum of the training labels (texts and classes), exact across machines."""
    h = hashlib.sha256()
    for s in TRAIN_SPLITS:
        for text, lab in data[s]:
            h.update(text.encode() + b"\0" + bytes(lab) + b"\1")
    return h.hexdigest()


def train(l2: float = 0.1, steps: int = 150, loso: bool = True
          ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
    """The weights on all splits and the report (LOSO and in-sample scores)."""
    data = dataset(TRAIN_SPLITS)
    feats = featurise(data)
    report: dict[str, Any] = {"loso": {}, "l2": l2, "steps": steps}
    if loso:
        pooled_y, pooled_p = [], []
        for held in LOSO:
            xs = np.concatenate([feats[s][0] for s in TRAIN_SPLITS if s != held])
            ys = np.concatenate([feats[s][1] for s in TRAIN_SPLITS if s != held])
            m = fit(xs, ys, l2, steps)
            p = probs(m, feats[held][0])
            report["loso"][held] = scores(feats[held][1], p.argmax(axis=1))
            pooled_y.append(feats[held][1])
            pooled_p.append(p)
        report["loso_floors"] = at_floors(np.concatenate(pooled_y), np.concatenate(pooled_p))
    x = np.concatenate([feats[s][0] for s in TRAIN_SPLITS])
    y = np.concatenate([feats[s][1] for s in TRAIN_SPLITS])
    model = fit(x, y, l2, steps)
    report["in_sample"] = scores(y, predict(model, x))
    report["words"] = len(y)
    report["labels_sha256"] = label_digest(data)
    return model, report


def _commit() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True,
                              cwd=Path(__file__).parent, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def save(model: dict[str, np.ndarray], report: dict[str, Any], path: Path = WEIGHTS) -> str:
    """The weights with their header; their digest is written into the tagger module.

    The module checks the digest when it loads the weights, and the digest makes
    the cycle's code version (a hash of the package's .py files) follow the weights.
    """
    header = {"splits": list(TRAIN_SPLITS), "classes": list(CLASSES),
              "trained": datetime.now(UTC).date().isoformat(),
              "code_commit": _commit(), "script": "bench/train_value_tagger.py", **report}
    np.savez_compressed(path, header=np.array(json.dumps(header)), **model)
    digest = weights_digest(model)
    src = Path(tagger.__file__)
    text = re.sub(r'^WEIGHTS_SHA256 = "[0-9a-f]*"', f'WEIGHTS_SHA256 = "{digest}"',
                  src.read_text(encoding="utf-8"), count=1, flags=re.M)
    src.write_text(text, encoding="utf-8")
    return digest


def main() -> None:
    """Train, print the tables, save."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--l2", type=float, default=0.1)
    ap.add_argument("--steps", type=int, default=150)
    ap.add_argument("--no-save", action="store_true")
    args = ap.parse_args()
    t0 = time.perf_counter()
    model, report = train(args.l2, args.steps)
    rows = []
    for name, sc in [*((f"LOSO {k}", v) for k, v in report["loso"].items()),
                     ("in-sample (all)", report["in_sample"])]:
        rows.append([name, *(f"{sc[c][0]:.2f}/{sc[c][1]:.2f}/{sc[c][2]:.2f} ({sc[c][3]})"
                             for c in ("current", "ended"))])
    print(table(["test on", "current P/R/F1 (n)", "ended P/R/F1 (n)"], rows))
    if report.get("loso_floors"):
        fl = report["loso_floors"]
        print(table(["floor", "current P/R (LOSO pooled)", "ended P/R (LOSO pooled)"],
                    [[c[0], f"{c[1]:.2f}/{c[2]:.2f}", f"{e[1]:.2f}/{e[2]:.2f}"]
                     for c, e in zip(fl["current"], fl["ended"], strict=True)]))
    print(f"{report['words']} words, l2={args.l2}, steps={args.steps}, "
          f"{time.perf_counter() - t0:.1f}s")
    if not args.no_save:
        digest = save(model, report)
        print(f"wrote {WEIGHTS} (weights sha256 {digest[:16]}…, recorded in {tagger.__name__})")


if __name__ == "__main__":
    main()
