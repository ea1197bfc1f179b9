"""Forget at scale: one secret out of N turns, and one user out of U, against plain baselines.

Builds a synthetic store (bench/scale.py's generator: N turns over U users, a
year of dates, imported one user at a time), plants a secret in a few turns of
one user, builds the index with the hashing embedder, then measures in the same
run:

- baselines: a plain full index rebuild, and a plain copy of the store directory;
- ``forget --text`` of the secret, and ``forget --user`` of one user, each with
  its time split into plan+erase and the index rebuild, the bytes it rewrote
  (files and versions) and what it changed; every run is checked (the secret is
  gone from every file, ``audit verify`` passes).

Usage: python bench/forget.py [--turns 100000] [--users 100]
"""

from __future__ import annotations

import argparse
import shutil
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _table import table
from scale import dir_size, generate

OUT = Path(__file__).resolve().parent / "out"
SECRET = "Zörbex-Qüill-4417-leaked-key"
CONFIG = '[wake]\nembedder = "hash:64"\n\n[sleep]\nllm = "none"\n'


def _grep(root: Path, needle: bytes) -> list[str]:
    return [str(p) for p in root.rglob("*") if p.is_file() and needle in p.read_bytes()]


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--turns", type=int, default=100_000)
    p.add_argument("--users", type=int, default=100)
    args = p.parse_args()

    from sleepstack.api import Memory
    from sleepstack.index.build import build_generation
    from sleepstack.index.location import index_dir
    from sleepstack.store import Store

    base = OUT / f"forget-{args.turns}"
    shutil.rmtree(base, ignore_errors=True)
    seed_home = base / "seed"
    data = generate(args.turns, args.users)
    for i in range(5):  # the leak: said in five turns of one user
        data[0][i * 7]["text"] += f" my key is {SECRET}"
    Store.init(seed_home, config_text=CONFIG)
    mem = Memory(seed_home, actor="bench")
    t = time.perf_counter()
    for rows in data:
        mem.import_turns(rows)
    import_s = time.perf_counter() - t
    build_generation(mem.store, embedder="hash:64", full=True)
    size = dir_size(seed_home)
    files = sum(1 for q in seed_home.rglob("*") if q.is_file())

    rows: list[list[object]] = []
    # Baselines, same store, same run.
    # What forget must redo: an index from nothing (its old generations were deleted).
    shutil.rmtree(index_dir(mem.store))
    t = time.perf_counter()
    info = build_generation(mem.store, embedder="hash:64", full=True)
    rows.append(["baseline: index rebuilt from nothing", time.perf_counter() - t, "-", "-", "-",
                 f"{Path(info.path).stat().st_size:,}", f"{info.items} items"])
    t = time.perf_counter()
    shutil.copytree(seed_home, base / "copy")
    rows.append(["baseline: plain copy of the store", time.perf_counter() - t, "-",
                 f"{size:,}", "-", "-", f"{files} files"])

    for label, kwargs in (("forget --text (one secret)", {"text": SECRET}),
                          (f"forget --user (1 of {args.users})", {"user": "user000"})):
        home = base / label.split()[1].strip("-")
        shutil.copytree(seed_home, home)
        m = Memory(home, actor="bench")
        t = time.perf_counter()
        summary = m.forget(reason="bench", **kwargs)  # type: ignore[arg-type]
        total = time.perf_counter() - t
        index_s = float((summary.index or {}).get("seconds", 0.0))
        assert not _grep(home, SECRET.encode()), "a byte of the secret survived"
        assert Memory(home).audit_verify().ok
        changed = ", ".join(f"{k} {v}" for k, v in summary.counts.items())
        index_bytes = Path(str((summary.index or {}).get("path"))).stat().st_size
        rows.append([label, total, total - index_s, f"{summary.bytes_rewritten:,}",
                     f"{summary.bytes_removed:,}", f"{index_bytes:,}", changed])

    print(f"store: {args.turns} turns, {args.users} users, {files} files, {size:,} bytes;"
          f" import {import_s:.1f}s; embedder hash:64")
    print(table(["operation", "total s", "plan+erase s", "bytes rewritten", "bytes deleted",
                 "index bytes written", "changed"], rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
