"""Offline prompt-injection detectors from PyPI, scored on our corpora beside sleepstack's gate.

Issue #11 asks for >= 85 % of injections caught on every corpus the gate was
not tuned on, with <= 1 % of benign texts flagged. The word head and the rules
stop around 60-77 % there (``bench/security.py --loco``), so before training
more we looked for a stronger detector that runs offline *inside a PyPI
package* (the project's rule for models). This bench scores the candidates we
found on the same files, in the same run, next to ``Validator`` as shipped:

* ``jailguard`` (MIT/Apache-2.0): an MLP (384-256-128-1) over all-MiniLM-L6-v2
  sentence embeddings, trained by its authors on 17 public sets. The package
  embeds the weights as JSON in its native library and downloads the MiniLM
  ONNX file at first use, which we may not do; the MLP is therefore read from
  the installed library's bytes and applied to *our* MiniLM vectors (the same
  model, matched to the torch reference). Score >= 0.5, as the package decides.
* ``nukon-pi-detect`` (Apache-2.0): rules; anything not ``clean`` counts.
* ``toolwall-guard`` (Apache-2.0): rules, with its optional DeBERTa judge off
  (the judge's weights are not in the package).

A detector whose package is not installed is left out with a message
(``pip install jailguard nukon-pi-detect toolwall-guard`` into the venv, or a
``--site`` folder where their wheels are unpacked). Only the files marked
``held out`` are fair to sleepstack: its head and rules were built with the
others in view.

    python bench/external_detectors.py [--site DIR]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt

sys.path.insert(0, str(Path(__file__).parent))
from _table import table
from security import DATA, INJECTION_HELDOUT, NEVER_TRAINED
from sleepstack.validate import Decision, Validator

Detector = Callable[[Sequence[str]], list[bool]]


def _jailguard() -> Detector | None:
    spec = importlib.util.find_spec("jailguard")
    if spec is None or not spec.submodule_search_locations:
        return None
    folder = Path(next(iter(spec.submodule_search_locations)))
    blob = next(folder.glob("_jailguard*.so")).read_bytes()
    start = blob.index(b'{"w_h1":')
    text = blob[start:start + 4_000_000].decode("utf-8", "replace")
    weights, _ = json.JSONDecoder().raw_decode(text)
    layers = [(np.asarray(weights[f"w_{n}"], np.float32), np.asarray(weights[f"b_{n}"], np.float32))
              for n in ("h1", "h2", "out")]

    from sleepstack.adapters.embed import load_embedder

    embedder = load_embedder("local:all-MiniLM-L6-v2")

    def detect(texts: Sequence[str]) -> list[bool]:
        h: npt.NDArray[np.float32] = np.asarray(embedder.embed(list(texts)), np.float32)
        for i, (w, b) in enumerate(layers):
            h = h @ w.T + b
            if i < len(layers) - 1:
                h = np.maximum(h, 0.0)
        return [bool(z >= 0.0) for z in h[:, 0]]  # sigmoid(z) >= 0.5

    return detect


def _nukon() -> Detector | None:
    if importlib.util.find_spec("nukon_pi_detect") is None:
        return None
    from nukon_pi_detect import DECISION_CLEAN, scan

    return lambda texts: [scan(t).decision != DECISION_CLEAN for t in texts]


def _toolwall() -> Detector | None:
    if importlib.util.find_spec("toolwall") is None:
        return None
    from toolwall.detect import CompositeDetector

    det = CompositeDetector(use_judge=False)
    return lambda texts: [det.score(t)[0] >= 0.5 for t in texts]


def _sleepstack() -> Detector:
    validator = Validator()
    return lambda texts: [validator.validate(t, user="bench").decision is not Decision.ACCEPT
                          for t in texts]


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--site", type=Path, help="a folder with the candidates' unpacked wheels")
    ap.add_argument("--data", type=Path, default=DATA)
    args = ap.parse_args(argv)
    if args.site:
        sys.path.insert(0, str(args.site))
    files = [*sorted(args.data.glob("pi_*.jsonl")), args.data / "benign_locomo_memories.jsonl",
             *INJECTION_HELDOUT]
    files = [f for f in files if f.is_file()]
    if not files:
        print(f"no corpora under {args.data}: skipped")
        return 0
    detectors: dict[str, Detector] = {"sleepstack": _sleepstack()}
    for name, make in (("jailguard", _jailguard), ("nukon", _nukon), ("toolwall", _toolwall)):
        found = make()
        if found is None:
            print(f"{name}: not installed, left out")
        else:
            detectors[name] = found
    rows = []
    for path in files:
        data = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
        texts = [r["text"] for r in data]
        attack = [r["label"] != "benign" for r in data]
        row: list[object] = [path.stem, "held out" if path.stem in NEVER_TRAINED else "tuned on"]
        for detect in detectors.values():
            flags = detect(texts)
            pos = [f for f, a in zip(flags, attack, strict=True) if a]
            neg = [f for f, a in zip(flags, attack, strict=True) if not a]
            caught = f"{100 * sum(pos) / len(pos):.1f}" if pos else "-"
            false = f"{100 * sum(neg) / len(neg):.1f}" if neg else "-"
            row.append(f"{caught} ({false})")
        rows.append(row)
    print("injections caught % (benign flagged %)")
    print(table(["corpus", "for sleepstack", *detectors], rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
