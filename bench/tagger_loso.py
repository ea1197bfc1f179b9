"""The knowledge benchmark with the value tagger off, left-one-split-out, and as shipped.

The shipped tagger was trained on every tuning split, so its benchmark numbers
on them are in-sample. This script measures what the tagger adds on a split
it did not learn from: for each split asked for, a model is trained on the
other tuning splits (``bench/train_value_tagger.py``'s data and fit) and the
knowledge benchmark runs with it; ``off`` runs with a tagger that reads no
value (the phrase readers alone, the same-run baseline), ``shipped`` with the
package's weights.

    python bench/tagger_loso.py --split val7,val8 [--cycles 1|2] [--modes off,loso,shipped]

Runs in one process (the benchmark's engine uses threads), so the model is
swapped in by replacing the tagger's loader.
"""

from __future__ import annotations

import argparse
import io
import sys
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
import knowledge
import train_value_tagger as train
from _table import table
from sleepstack.sleep.claims import learned, tagger


def _model(arrays: dict[str, np.ndarray], header: dict[str, Any]) -> tagger.TagModel:
    return tagger.TagModel(arrays["mean"], arrays["scale"], arrays["w"], arrays["b"], header)


def _off() -> tagger.TagModel:
    """A tagger that reads every word as neither."""
    m = tagger.load_model()
    b = np.array([50.0, 0.0, 0.0], dtype=np.float32)
    return tagger.TagModel(m.mean, m.scale, np.zeros_like(m.w), b, {"off": True})


def _floor(text: str, default: float | None) -> float | None:
    return None if text == "x" else float(text) if text else default


def main() -> None:
    """Run the benchmark per split and mode; print one table."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--split", default="val7,val8")
    ap.add_argument("--cycles", type=int, default=1)
    ap.add_argument("--modes", default="off,loso",
                    help="off, loso, shipped; each optionally @FILL/VETO/END floors (x: off)")
    ap.add_argument("--show-misses", action="store_true")
    args = ap.parse_args()
    modes = args.modes.split(",")
    splits = args.split.split(",")
    feats: dict[str, tuple[np.ndarray, np.ndarray]] = {}
    if any(m.startswith("loso") for m in modes):
        feats = train.featurise(train.dataset(train.TRAIN_SPLITS))
    rows = []
    defaults = (learned.FILL_FLOOR, learned.VETO_FLOOR, learned.END_FLOOR)
    for split in splits:
        for mode in modes:
            # "loso@0.5/x/0.8": the fill-in, veto and ended floors ("x": that use off)
            mode, _, floors = mode.partition("@")
            fill, veto, end = ([*floors.split("/"), "", "", ""] if floors else ["", "", ""])[:3]
            learned.FILL_FLOOR = _floor(fill, defaults[0])
            learned.VETO_FLOOR = _floor(veto, defaults[1])
            learned.END_FLOOR = _floor(end, defaults[2])
            label = f"{mode} {learned.FILL_FLOOR}/{learned.VETO_FLOOR}/{learned.END_FLOOR}"
            if mode == "off":
                model = _off()
            elif mode == "shipped":
                model = tagger.load_model()
            else:
                others = [s for s in train.TRAIN_SPLITS if s != split]
                x = np.concatenate([feats[s][0] for s in others])
                y = np.concatenate([feats[s][1] for s in others])
                model = _model(train.fit(x, y, 0.1, 150), {"loso": split})
            tagger._shipped = lambda model=model: model  # type: ignore[assignment]
            buf = io.StringIO()
            with redirect_stdout(buf):
                got = knowledge.run(150, "local:all-MiniLM-L6-v2", split, args.show_misses,
                                    cycles=args.cycles)
            if args.show_misses:
                print(f"===== {split} {label} cycles={args.cycles}")
                print("\n".join(ln for ln in buf.getvalue().splitlines()
                                 if not ln.startswith("|")))
            s = got[split]
            rows.append([split, args.cycles, label,
                         s["n"], f"{s['current']:.0%}", f"{s['stale_unmarked']:.0%}",
                         f"{s['facts']:.0%}"])
            print(rows[-1], flush=True)
    print(table(["split", "cycles", "tagger", "n", "current", "stale unmarked", "facts right"],
                rows))


if __name__ == "__main__":
    main()
