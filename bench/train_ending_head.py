"""Train the ending head shipped in ``src/sleepstack/sleep/claims/ending_head.npz``.

    python bench/train_ending_head.py [--check] [--eval PATH] [--no-save]

Data: ``bench/data/ending_train.txt``, sentences the team wrote (label ``E`` ends a
value, ``H`` holds or starts one, ``N`` neither; a tab, the sentence), never copied
from the knowledge benchmark's stories: ``--check`` lists every training sentence
whose words overlap a benchmark turn's by more than :data:`NEAR` (Jaccard) and
fails if there is one. ``bench/data/ending_heldout.txt`` (same format, written after
training in another voice) is evaluation only.

Method (deterministic: no random numbers, the same data gives the same bytes):

1. every sentence is read as at inference: its values masked as "it"
   (:func:`sleepstack.sleep.claims.classify.mask_values`), embedded by MiniLM;
2. three-way logistic regression (softmax, class-balanced, L2 :data:`L2`), full-batch
   gradient descent from zeros for :data:`STEPS` steps;
3. the threshold on p(end) is the one that maximises ending-vs-rest F0.5 on the
   out-of-fold probabilities of a :data:`FOLDS`-fold cross-validation (fold = index
   mod FOLDS); the shipped head is then trained on all examples.

Prints cross-validated accuracy and F1 (per class, and ending-vs-rest at the
threshold), and the same for the held-out file when it exists.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

import numpy as np
import numpy.typing as npt

sys.path.insert(0, str(Path(__file__).parent))
from _softmax import fit_softmax
from sleepstack.adapters.embed import load_embedder
from sleepstack.sleep.claims.classify import (
    END_MARGIN,
    ENDING_PROTOTYPES,
    HOLDING_PROTOTYPES,
    _contrast,
    mask_values,
)
from sleepstack.sleep.claims.endhead import EMBEDDER, LABELS, WEIGHTS, EndingHead

REPO = Path(__file__).resolve().parents[1]
TRAIN = REPO / "bench" / "data" / "ending_train.txt"
HELDOUT = REPO / "bench" / "data" / "ending_heldout.txt"
TAGS = {"E": 0, "H": 1, "N": 2}
L2 = 1e-3
STEPS = 3000
LR = 2.0
FOLDS = 5
#: word-overlap (Jaccard) above which a training sentence is too near a benchmark turn
NEAR = 0.6
F32 = npt.NDArray[np.float32]
I64 = npt.NDArray[np.int64]


def load(path: Path) -> tuple[list[str], I64]:
    """Sentences and labels of one examples file (``#`` lines are comments)."""
    texts: list[str] = []
    labels: list[int] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        tag, _, text = line.partition("\t")
        texts.append(text.strip())
        labels.append(TAGS[tag])
    return texts, np.asarray(labels, dtype=np.int64)


_CACHE: dict[str, F32] = {}


def embed(texts: list[str]) -> F32:
    """The masked predicates' MiniLM embeddings, as the head reads them at inference."""
    masked = [mask_values(t) for t in texts]
    todo = [m for m in dict.fromkeys(masked) if m not in _CACHE]
    if todo:
        vecs = np.asarray(load_embedder(EMBEDDER).embed(todo), dtype=np.float32)
        _CACHE.update(zip(todo, vecs, strict=True))
    return np.stack([_CACHE[m] for m in masked]).astype(np.float32)


def fit(x: F32, y: I64) -> tuple[F32, F32]:
    """Class-balanced softmax regression by full-batch gradient descent from zeros."""
    return fit_softmax(x, y, len(LABELS), steps=STEPS, lr=LR, l2=L2)


def probs(w: F32, b: F32, x: F32) -> F32:
    """Softmax probabilities of *x* under (w, b)."""
    return EndingHead(w, b, 0.5).probabilities(x)


def f1(pred: npt.NDArray[np.bool_], gold: npt.NDArray[np.bool_]) -> float:
    """F1 of a binary prediction."""
    tp = float((pred & gold).sum())
    if tp == 0:
        return 0.0
    prec, rec = tp / float(pred.sum()), tp / float(gold.sum())
    return 2 * prec * rec / (prec + rec)


def report(name: str, p: F32, y: I64, threshold: float) -> dict[str, float]:
    """Accuracy, per-class F1 and ending-vs-rest F1 at *threshold*, printed and returned."""
    pred = p.argmax(axis=1)
    out = {"n": float(len(y)), "accuracy": float((pred == y).mean())}
    for i, lab in enumerate(LABELS):
        out[f"f1_{lab}"] = f1(pred == i, y == i)
    out["macro_f1"] = float(np.mean([out[f"f1_{lab}"] for lab in LABELS]))
    end = p[:, 0] >= threshold
    out["end_f1"] = f1(end, y == 0)
    tp = float((end & (y == 0)).sum())
    out["end_precision"] = tp / max(1.0, float(end.sum()))
    out["end_recall"] = tp / max(1.0, float((y == 0).sum()))
    print(f"{name}: " + ", ".join(f"{k} {v:.3f}" if k != "n" else f"n {int(v)}"
                                  for k, v in out.items()))
    return out


def compare(name: str, x: F32, y: I64, p_end: F32, threshold: float) -> None:
    """Ending-vs-rest F1 of the prototype margin alone, the head alone, and either."""
    margin = np.asarray(_contrast(x, load_embedder(EMBEDDER), ENDING_PROTOTYPES,
                                  HOLDING_PROTOTYPES)) >= END_MARGIN
    head = p_end >= threshold
    gold = y == 0
    for what, pred in (("margin", margin), ("head", head), ("either", margin | head)):
        tp = float((pred & gold).sum())
        print(f"{name} {what}: end precision {tp / max(1.0, float(pred.sum())):.3f}, "
              f"recall {tp / float(gold.sum()):.3f}, F1 {f1(pred, gold):.3f}")


def cross_validate(x: F32, y: I64) -> F32:
    """Out-of-fold probabilities (fold = index mod FOLDS)."""
    oof = np.zeros((len(y), len(LABELS)), dtype=np.float32)
    idx = np.arange(len(y))
    for f in range(FOLDS):
        test = idx % FOLDS == f
        w, b = fit(x[~test], y[~test])
        oof[test] = probs(w, b, x[test])
    return oof


#: precision counts this much more than recall when the threshold is chosen: a false
#: ending closes a value that is still true, a missed one may still be read by the
#: prototypes, the idiom frames or the lexical cues
BETA = 0.5


def f_beta(pred: npt.NDArray[np.bool_], gold: npt.NDArray[np.bool_]) -> float:
    """F-beta (:data:`BETA`) of a binary prediction."""
    tp = float((pred & gold).sum())
    if tp == 0:
        return 0.0
    prec, rec = tp / float(pred.sum()), tp / float(gold.sum())
    return (1 + BETA**2) * prec * rec / (BETA**2 * prec + rec)


def best_threshold(p_end: F32, gold: npt.NDArray[np.bool_]) -> float:
    """The p(end) cut with the best out-of-fold ending-vs-rest F-beta (the lowest of ties)."""
    cuts = np.round(np.arange(0.2, 0.81, 0.02), 2)
    scores = [f_beta(p_end >= c, gold) for c in cuts]
    return float(cuts[int(np.argmax(scores))])


_WORD = re.compile(r"[a-z0-9']+")


def _words(s: str) -> set[str]:
    return set(_WORD.findall(s.casefold()))


def near_copies(texts: list[str]) -> list[tuple[float, str, str]]:
    """Training sentences whose words overlap a knowledge-benchmark turn's above :data:`NEAR`."""
    turns: list[str] = []
    for path in sorted((REPO / "bench" / "data").glob("knowledge*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                turns.extend(_texts(json.loads(line)))
    # Split benchmark turns into sentences and clauses: a copied clause inside a long turn counts.
    pieces = {p.strip() for t in turns for p in re.split(r"[.!?;,\n]|\s-\s", t)
              if len(p.split()) >= 3}
    bench = [(p, _words(p)) for p in pieces]
    out = []
    for t in texts:
        a = _words(t)
        best = max(((len(a & b) / len(a | b), p) for p, b in bench if a | b), default=(0.0, ""))
        if best[0] > NEAR:
            out.append((best[0], t, best[1]))
    return sorted(out, reverse=True)


def _texts(obj: object) -> list[str]:
    if isinstance(obj, str):
        return [obj]
    if isinstance(obj, dict):
        return [s for v in obj.values() for s in _texts(v)]
    if isinstance(obj, list):
        return [s for v in obj for s in _texts(v)]
    return []


def pin(digest: str) -> None:
    """Write *digest* into ``endhead.WEIGHTS_SHA256``, the weights' pin in the code."""
    src = WEIGHTS.with_name("endhead.py")
    text = re.sub(r'^WEIGHTS_SHA256 = ".*"$', f'WEIGHTS_SHA256 = "{digest}"',
                  src.read_text(encoding="utf-8"), count=1, flags=re.M)
    src.write_text(text, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="fail on near-copies of benchmark turns")
    ap.add_argument("--eval", type=Path, default=HELDOUT, help="held-out examples file")
    ap.add_argument("--no-save", action="store_true", help="report only")
    ap.add_argument("--out", type=Path, default=WEIGHTS, help="where to write the weights")
    ap.add_argument("--cache", type=Path, help="keep the embeddings in this .npz between runs")
    args = ap.parse_args(argv)
    if args.cache and args.cache.exists():
        with np.load(args.cache) as z:
            _CACHE.update(zip(z["texts"].tolist(), z["vecs"], strict=True))
    texts, y = load(TRAIN)
    near = near_copies(texts)
    for j, t, p in near:
        print(f"near a benchmark turn ({j:.2f}): {t!r} ~ {p!r}")
    if args.check and near:
        return 1
    x = embed(texts)
    oof = cross_validate(x, y)
    threshold = best_threshold(oof[:, 0], y == 0)
    print(f"examples {len(y)} (end {int((y == 0).sum())}, hold {int((y == 1).sum())}, "
          f"neither {int((y == 2).sum())}); threshold p(end) >= {threshold}")
    report(f"{FOLDS}-fold CV", oof, y, threshold)
    compare(f"{FOLDS}-fold CV", x, y, oof[:, 0], threshold)
    w, b = fit(x, y)
    head = EndingHead(w, b, threshold)
    report("training fit", head.probabilities(x), y, threshold)
    if args.eval.exists():
        et, ey = load(args.eval)
        ep = head.probabilities(embed(et))
        report(f"held-out {args.eval.name}", ep, ey, threshold)
        compare(f"held-out {args.eval.name}", embed(et), ey, ep[:, 0], threshold)
        for t, g, pr in zip(et, ey, ep, strict=True):
            if int(pr.argmax()) != int(g) or (pr[0] >= threshold) != (g == 0):
                print(f"  miss {LABELS[int(g)]:>7} -> p(end) {pr[0]:.2f} "
                      f"{LABELS[int(pr.argmax())]:>7}: {t}")
    if args.cache:
        np.savez(args.cache, texts=np.asarray(list(_CACHE)), vecs=np.stack(list(_CACHE.values())))
    if not args.no_save:
        head.save(args.out)
        print(f"wrote {args.out} ({args.out.stat().st_size} bytes), sha256 {head.digest()}")
        if args.out.resolve() == WEIGHTS.resolve():
            pin(head.digest())
    return 0


if __name__ == "__main__":
    sys.exit(main())
