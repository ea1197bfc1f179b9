# ruff: noqa: E402  (the thread limits must be set before numpy is imported)
"""What the trust gate costs: index build, recall latency and per-text judgement.

LoCoMo conversations (read in place from ../shared/data/locomo) are imported
into two fresh stores, one indexed with the trust gate judging every row (as
shipped) and one with the gate replaced by a no-op: the baseline, measured in
the same run on the same machine. Both answer the same LoCoMo questions, so
the recall latencies compare a generation that stores flags with one that
does not. A third table gives the gate's own cost per text and per KB.

Usage: python bench/trust.py [--limit N] [--embedder SPEC] [--budget N] [--data DIR]
"""

from __future__ import annotations

import os

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse
import shutil
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
import locomo
from _table import median, pct, table
from locomo import load, turns_of
from sleepstack.api import Memory
from sleepstack.index import rows
from sleepstack.index.build import build_generation
from sleepstack.layers import trust
from sleepstack.wake.recall import recall


@contextmanager
def gate_off() -> Iterator[None]:
    """The baseline: rows made without the trust gate (what the index did before)."""
    real = rows.screen
    rows.screen = lambda text: trust.Screened(text)  # type: ignore[assignment]
    try:
        yield
    finally:
        rows.screen = real


def _store(root: Path, name: str, convs: list[dict[str, Any]]) -> Memory:
    home = root / name
    Memory.init(home, actor="bench")
    cfg = home / "sleepstack.toml"
    # Keep the turns as given: the index's own judgement is what is measured.
    cfg.write_text(cfg.read_text().replace('secrets = "redact"', 'secrets = "keep"'))
    mem = Memory(home, actor="bench")
    for conv in convs:
        mem.import_turns(turns_of(conv, conv["sample_id"]))
    return mem


def _questions(convs: list[dict[str, Any]]) -> list[tuple[str, str]]:
    return [(c["sample_id"], qa["question"]) for c in convs for qa in c["qa"]
            if int(qa["category"]) in (1, 2, 3, 4)]


def _recall_ms(mems: list[Memory], questions: list[tuple[str, str]],
               budget: int) -> list[list[float]]:
    """Latency per store, the stores interleaved question by question (fair under load)."""
    now = datetime.now(UTC)
    out: list[list[float]] = [[] for _ in mems]
    for mem in mems:
        recall(mem.store, "warm up", questions[0][0], budget_tokens=100)
    for n, (user, q) in enumerate(questions):
        order = list(range(len(mems)))
        if n % 2:
            order.reverse()  # neither store always goes first
        for i in order:
            t = time.perf_counter()
            recall(mems[i].store, q, user, budget_tokens=budget, now=now)
            out[i].append((time.perf_counter() - t) * 1000)
    return out


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--limit", type=int, default=2, help="LoCoMo conversations (default 2)")
    p.add_argument("--embedder", default="local:all-MiniLM-L6-v2")
    p.add_argument("--budget", type=int, default=1000)
    p.add_argument("--data", type=Path, default=locomo.DATA,
                   help="the LoCoMo folder (default: ../shared/data/locomo)")
    args = p.parse_args()
    locomo.DATA = args.data
    if not (args.data / "locomo10.json").exists():
        print(f"LoCoMo data not found at {args.data}/locomo10.json; skipping the benchmark.")
        return 0
    convs, _ = load()
    convs = convs[: args.limit]
    questions = _questions(convs)
    root = Path(tempfile.mkdtemp(prefix="sleepstack-trust-"))
    try:
        gated, plain = _store(root, "gated", convs), _store(root, "plain", convs)
        n_turns = sum(len(turns_of(c, c["sample_id"])) for c in convs)
        # Embedding is shared work: warm the embedder so neither side pays its load.
        from sleepstack.index.vectors import get_embedder

        get_embedder(args.embedder).embed(["warm up"])
        with gate_off():
            t = time.perf_counter()
            build_generation(plain.store, embedder=args.embedder)
            build_plain = time.perf_counter() - t
        trust.clear_cache()
        gate_s = 0.0
        real = rows.screen

        def timed(text: str) -> trust.Screened:
            nonlocal gate_s
            t0 = time.perf_counter()
            got = real(text)
            gate_s += time.perf_counter() - t0
            return got

        rows.screen = timed  # type: ignore[assignment]
        t = time.perf_counter()
        try:
            build_generation(gated.store, embedder=args.embedder)
        finally:
            rows.screen = real
        build_gated = time.perf_counter() - t
        lat_plain, lat_gated = _recall_ms([plain, gated], questions, args.budget)
        # The gate on its own, on every turn text (cold cache).
        texts = [t["text"] for c in convs for t in turns_of(c, c["sample_id"])]
        trust.clear_cache()
        per_text, per_kb = [], []
        flagged = redacted = 0
        for text in texts:
            t = time.perf_counter()
            got = trust.screen(text)
            ms = (time.perf_counter() - t) * 1000
            per_text.append(ms)
            per_kb.append(ms / max(len(text.encode()) / 1024, 1e-9))
            flagged += got.flagged
            redacted += bool(got.secrets)
    finally:
        shutil.rmtree(root, ignore_errors=True)

    print(f"LoCoMo: {len(convs)} conversations, {n_turns} turns, {len(questions)} questions;"
          f" embedder {args.embedder}; budget {args.budget}\n")
    print(table(["index build", "seconds", "vs baseline"], [
        ["baseline (no gate)", build_plain, "1.00x"],
        ["trust gate on every row", build_gated, f"{build_gated / build_plain:.2f}x"],
        ["  of which the gate itself", gate_s, f"{gate_s / build_gated:.1%} of the build"],
    ]))
    print()
    print(table(["recall latency (ms)", "p50", "p95", "p99"], [
        ["baseline index (no flags)", median(lat_plain), pct(lat_plain, 95), pct(lat_plain, 99)],
        ["index with flags", median(lat_gated), pct(lat_gated, 95), pct(lat_gated, 99)],
    ]))
    print()
    print(table(["gate per text (cold)", "median", "p95", "max"], [
        ["ms per turn", median(per_text), pct(per_text, 95), max(per_text)],
        ["ms per KB", median(per_kb), pct(per_kb, 95), max(per_kb)],
    ]))
    print(f"\nturns flagged: {flagged} of {len(texts)} ({flagged / len(texts):.2%});"
          f" turns with a secret redacted: {redacted}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
