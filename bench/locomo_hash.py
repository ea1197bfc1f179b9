# ruff: noqa: E402  (the thread limits must be set before numpy is imported)
"""One hash of every LoCoMo fast recall: checks that a change left fast recall byte-identical.

Runs fast recall (deep off) for every question of the ten conversations at the
given budgets on the store bench/locomo.py keeps (run that first) and prints a
SHA-256 over each context's rendered block and cites. Run it with
``PYTHONPATH`` pointing at two checkouts' ``src`` and compare the two lines.

Usage: python bench/locomo_hash.py [--budgets 1000]
"""

from __future__ import annotations

import os

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse
import hashlib
from datetime import UTC, datetime

import locomo
from sleepstack.api import Memory
from sleepstack.wake.recall import recall


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--budgets", default="1000")
    args = p.parse_args()
    convs, _ = locomo.load()
    mem = Memory(locomo.OUT / "locomo-home", actor="bench")
    now = datetime(2026, 1, 1, tzinfo=UTC)  # fixed: the hash must not depend on the day
    h = hashlib.sha256()
    n = 0
    for budget in (int(b) for b in args.budgets.split(",")):
        for conv in convs:
            for qa in conv["qa"]:
                ctx = recall(mem.store, qa["question"], conv["sample_id"],
                             budget_tokens=budget, now=now)
                h.update(ctx.context.encode() + b"\0" + "\n".join(ctx.cites).encode() + b"\1")
                n += 1
    print(f"{n} fast recalls, sha256 {h.hexdigest()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
