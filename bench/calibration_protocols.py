"""Calibration protocols for the word head, measured leave-one-corpus-out (issue 11).

    python bench/calibration_protocols.py [--data DIR] [--folds A,B]

Question: does a different way of *choosing the head's flag threshold* from the
training corpora (never the held-out one) raise held-out catch at <= 1 % benign?
The weights do not depend on the threshold, so per outer fold only the inner
calibration scores are new: for each training corpus with benign texts, a head
trained on the other training corpora scores that corpus's benign texts (exactly
as :func:`train_injection_head.calibrate`). They are cached per outer fold in
``bench/out/calib_inner.json``; the held-out scores and rule flags per fold come
from ``bench/out/semantic_today.json`` (written by ``bench/semantic_head.py``).

Protocols (each a pair of thresholds short/long, floor 0.5, as today):

* ``max q0.5`` -- today: per corpus the 0.5 % benign quantile, the highest wins;
* ``max q1``   -- the same at 1 %;
* ``pooled q0.5`` / ``pooled q1`` -- one quantile over all inner benign texts;
* ``median q1`` -- the median of the per-corpus 1 % thresholds;
* ``2-stage``  -- today's threshold, plus: a weak rule fired and the head is above
  the pooled 5 % benign quantile when that is below the fixed 0.5 corroboration
  (not floored at 0.5: a weak rule is the second, independent signal).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from security import loco_folds as folds
from semantic_head import TODAY_CACHE
from sleepstack.validate.verdict import WEAK_CORROBORATION
from train_injection_head import DATA, Bands, Example, fit, threshold_for, word_judge
from train_injection_head import inner_scores as inner_benign

OUT = Path(__file__).resolve().parents[1] / "bench" / "out"
INNER_CACHE = OUT / "calib_inner.json"


def inner_scores(train: Sequence[Example]) -> Bands:
    """Per training corpus with benign texts: its benign scores under a head trained on the rest."""
    return inner_benign(train, fit, word_judge)


#: lowest threshold flagging at most *fp* of the scores (the word head's own rule)
quantile_t = threshold_for


def _clip(t: float) -> float:
    return min(max(t, 0.5), 0.999)


def protocol(bands: Bands, kind: str, fp: float) -> tuple[float, float]:
    """(short, long) thresholds of one protocol from the inner benign scores."""
    def one(band: str) -> float:
        if kind == "pooled":
            pooled = [p for b in bands.values() for p in b[band]]
            return _clip(quantile_t(pooled, fp)) if pooled else 0.5
        ts = sorted(quantile_t(b[band], fp) for b in bands.values() if b[band])
        if not ts:
            return 0.5
        return _clip(ts[-1] if kind == "max" else ts[len(ts) // 2])
    short = one("short")
    return short, max(short, one("long"))


PROTOCOLS: dict[str, tuple[str, float]] = {
    "max q0.5 (today)": ("max", 0.005), "max q1": ("max", 0.01),
    "pooled q0.5": ("pooled", 0.005), "pooled q1": ("pooled", 0.01),
    "median q1": ("median", 0.01),
}


def evaluate(today: dict[str, dict[str, list[float]]], inner: dict[str, Bands],
             labels: dict[str, dict[str, int]]) -> dict[str, dict[str, tuple[float, float]]]:
    """Per protocol, per held-out corpus -> (caught, benign flagged)."""
    res: dict[str, dict[str, tuple[float, float]]] = {}
    for fold, rows in today.items():
        bands = inner.get(fold)
        if bands is None:
            continue
        # the cached threshold per text tells the band: short texts carry t_short
        t_today = {t for _, _, _, t in rows.values()}
        t_short_today = min(t_today)
        pooled5 = {b: quantile_t([p for v in bands.values() for p in v[b]], 0.05)
                   for b in ("short", "long")}
        rules: dict[str, Callable[[list[float]], bool]] = {}
        for name, (kind, fp) in PROTOCOLS.items():
            ts, tl = protocol(bands, kind, fp)
            rules[name] = (lambda r, ts=ts, tl=tl, t0=t_short_today: bool(r[0]) or r[2] >= (
                ts if r[3] == t0 else tl) or (bool(r[1]) and r[2] >= WEAK_CORROBORATION))
        def two_stage(r: list[float], q5: dict[str, float] = pooled5,
                      t0: float = t_short_today) -> bool:
            t2 = min(WEAK_CORROBORATION, q5["short" if r[3] == t0 else "long"])
            return bool(r[0]) or r[2] >= r[3] or (bool(r[1]) and r[2] >= t2)
        rules["2-stage (today + weak & p>=pooled q5)"] = two_stage
        for name, rule in rules.items():
            pos = [rule(r) for t, r in rows.items() if labels[fold][t] == 1]
            neg = [rule(r) for t, r in rows.items() if labels[fold][t] == 0]
            res.setdefault(name, {})[fold] = (
                sum(pos) / len(pos) if pos else float("nan"),
                sum(neg) / len(neg) if neg else float("nan"))
    return res


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--folds", default="", help="outer folds to compute (default: all)")
    args = ap.parse_args(argv)
    if not TODAY_CACHE.is_file():
        print(f"run bench/semantic_head.py first ({TODAY_CACHE} absent)", file=sys.stderr)
        return 2
    today = json.loads(TODAY_CACHE.read_text())
    inner: dict[str, Bands] = json.loads(INNER_CACHE.read_text()) if INNER_CACHE.is_file() else {}
    want = set(args.folds.split(",")) if args.folds else None
    labels: dict[str, dict[str, int]] = {}
    full: Bands | None = inner.get("__full__")
    # the outside corpora share one training set (everything): compute it first
    all_folds = sorted(folds(args.data), key=lambda f: not f[3])
    for name, train, held, outside in all_folds:
        labels[name] = {e.text: e.label for e in held}
        if name in inner or (want is not None and name not in want and not outside):
            continue
        t0 = time.perf_counter()
        if outside:
            if full is None:
                full = inner_scores(train)
                inner["__full__"] = full
            inner[name] = full
        else:
            inner[name] = inner_scores(train)
        OUT.mkdir(parents=True, exist_ok=True)
        INNER_CACHE.write_text(json.dumps(inner))
        print(f"  fold {name}: inner calibration in {time.perf_counter() - t0:.0f} s", flush=True)
    for fold in today:
        if fold in inner:
            q5 = [quantile_t([p for v in inner[fold].values() for p in v[b]], 0.05)
                  for b in ("short", "long")]
            print(f"  {fold}: pooled 5 % benign quantile short {q5[0]:.3f} / long {q5[1]:.3f}")
    res = evaluate(today, inner, labels)
    cols = [f for f in today if f in inner]
    print("caught % / benign % per held-out corpus (thresholds from training corpora only)")
    print("| protocol | " + " | ".join(cols) + " |")
    print("|---" * (len(cols) + 1) + "|")
    for name, per in res.items():
        cells = []
        for c in cols:
            cau, ben = per[c]
            cells.append(("-" if cau != cau else f"{100 * cau:.1f}") + " / "
                         + ("-" if ben != ben else f"{100 * ben:.1f}"))
        print(f"| {name} | " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
