"""Keep the learned heads' hand-written training data apart from the knowledge benchmark.

    python bench/decontaminate.py          # report: exit 1 when anything overlaps
    python bench/decontaminate.py --fix    # take clashing kinds examples out, retrain the head

Every round adds knowledge splits written by outsiders, and their values sometimes
equal an example the team wrote for a head (``Zend Studio`` as an editor, a town
as a place). A head that has seen a benchmark value scores that split too well,
so before any split is measured:

1. **kinds examples** (``src/sleepstack/sleep/claims/kinds_data.py``): an example
   equal (case-folded) to any split's ``old``/``new`` value is a clash. ``--fix``
   deletes it from the source, keeps every other byte, and checks that each kind
   still has :data:`MIN_PER_KIND` examples; if one falls short, it stops and names
   the kind (new examples must be written by hand, and must be no bench value).
   Then it retrains the kinds head (``python -m sleepstack.sleep.claims.kinds``).
2. **ending sentences** (``bench/data/ending_train.txt``): a sentence whose words
   overlap a benchmark turn's above ``train_ending_head.NEAR`` is listed; these
   are rephrased by hand (a rule cannot write a new sentence), then
   ``python bench/train_ending_head.py`` retrains.

The value-span tagger needs no step here: it trains on named tuning splits only
(``train_span_head.ALLOWED``) and never reads the others.

After a fix, run ``tests/test_claims_kinds.py``, ``tests/test_claims_held.py`` and
``tests/test_claims_held_across_cycles.py``: a retrain can move a kind the tests
pin (a retrain once stopped reading "Mediterranean" as a diet).
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "bench"))
DATA = REPO / "bench" / "data"
KINDS_DATA = REPO / "src" / "sleepstack" / "sleep" / "claims" / "kinds_data.py"
#: each kind keeps at least this many examples (tests/test_claims_kinds.py checks it too)
MIN_PER_KIND = 30
_BLOCK = re.compile(r'^(_[A-Z]+) = """\n(.*?)"""', re.S | re.M)


def bench_values() -> set[str]:
    """Every ``old``/``new`` value of every knowledge split, case-folded."""
    out: set[str] = set()
    for path in sorted(DATA.glob("knowledge*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            row = json.loads(line)
            for key in ("old", "new"):
                v = row.get(key)
                for x in v if isinstance(v, list) else [v]:
                    if isinstance(x, str) and x:
                        out.add(x.casefold())
    return out


def without(source: str, clash: set[str]) -> tuple[str, list[str]]:
    """*source* (kinds_data.py) with the examples in *clash* taken out, and those removed.

    Only the ``|``-separated items inside the module's ``_KIND = \"\"\"…\"\"\"`` blocks
    are touched; a line left empty is dropped, every other line keeps its bytes.
    """
    removed: list[str] = []

    def block(m: re.Match[str]) -> str:
        lines = []
        for line in m.group(2).split("\n"):
            items = line.split("|")
            kept = [i for i in items if i.strip().casefold() not in clash or not i.strip()]
            removed.extend(i.strip() for i in items if i.strip() and i not in kept)
            if any(i.strip() for i in kept) or not line:
                lines.append("|".join(kept))
        return f'{m.group(1)} = """\n' + "\n".join(lines) + '"""'

    return _BLOCK.sub(block, source), removed


def counts(source: str) -> dict[str, int]:
    """Examples per raw block of *source* (``_PLACE`` -> 80), as the module reads them."""
    return {m.group(1): len({v.strip() for v in m.group(2).replace("\n", "").split("|")
                             if v.strip()})
            for m in _BLOCK.finditer(source)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--fix", action="store_true",
                    help="remove clashing kinds examples and retrain the kinds head")
    args = ap.parse_args(argv)
    values = bench_values()
    source = KINDS_DATA.read_text(encoding="utf-8")
    fixed, removed = without(source, values)
    status = 0
    print(f"{len(values)} bench values; kinds examples equal to one: {len(removed)}")
    for v in removed:
        print(f"  kinds example is a bench value: {v!r}")
    short = {k: n for k, n in counts(fixed).items() if n < MIN_PER_KIND}
    if removed and args.fix:
        if short:
            for k, n in short.items():
                print(f"  {k} would keep {n} < {MIN_PER_KIND} examples: write new ones first")
            return 1
        KINDS_DATA.write_text(fixed, encoding="utf-8")
        print(f"removed {len(removed)} from {KINDS_DATA.name}; retraining the kinds head")
        done = subprocess.run([sys.executable, "-m", "sleepstack.sleep.claims.kinds"],
                              cwd=REPO, check=False)
        status = done.returncode
    elif removed:
        status = 1
    from train_ending_head import TRAIN, load, near_copies

    near = near_copies(load(TRAIN)[0])
    for j, t, p in near:
        print(f"  ending sentence near a benchmark turn ({j:.2f}): {t!r} ~ {p!r}")
    print(f"ending sentences near a benchmark turn: {len(near)}"
          + (" (rephrase them in bench/data/ending_train.txt, then retrain)" if near else ""))
    return 1 if near else status


if __name__ == "__main__":
    raise SystemExit(main())
