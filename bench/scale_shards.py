"""Structural scale run of index shards (issue #15): shard build on 1, 2, 4 workers; recall.

For each scale (default 100,000 turns / 100 users, then 1,000,000 turns /
1,000 users: 1,000 turns per user in both) it generates the turns of
``bench/scale.py`` (deterministic, varied), imports them through the API into
a store on the **local filesystem**, and builds the index generation with the
hashing embedder (``hash:64``: the figure is about SQLite and I/O, not
MiniLM; ingest keeps the text as given, ``[ingest] secrets = "keep"``: the
synthetic turns hold no secrets, and the index build still judges every row). Then:

* **shard build**: the generation is cut into shards and published (manifest
  and all, :func:`~sleepstack.index.shards.publish_shards`) from scratch with
  the local engine at 1, 2 and 4 workers (one work item per shard, a thread
  pool; with ``--pools threads,processes`` also the engine's process pool,
  ``[sleep] processes``, and ``pods``: threads whose batches each download the
  generation from the store, as Flyte pods do), each against the 1-worker run
  of the same scale and pool; then one user
  writes a turn and the next publication's engine work is counted (content
  keys: only that user's shard and the base are cut);
* **recall per user**: a wake replica reads the store through the
  ``StoreFS`` interface as a remote store would (no local path: recall
  downloads the base and the asking user's shard into an empty cache and
  merges them), for ``--sample`` random users: the first recall of each
  user (download and merge included) and three more (warm); the same
  questions on the whole generation (a local store's recall) as the
  baseline of the same run.

The store is on the local filesystem, not moto: moto's in-process S3 takes
minutes per 100k turns on a 2-core machine, and the run measures the build and
the read path, not S3. ``--scales 1000000:1000`` runs the 1M-turn scale alone.

    python bench/scale_shards.py [--scales 100000:100,1000000:1000] [--workers 1,2,4]
                                 [--pools threads,processes]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
from _table import pct, table
from scale import QUESTIONS, TEMPLATES, sentence
from sleepstack import environment
from sleepstack.api import Memory
from sleepstack.engines import LocalEngine
from sleepstack.index import shard_input, shard_reader, shards
from sleepstack.index.build import build_generation
from sleepstack.index.location import current_generation, index_dir
from sleepstack.store import LocalFS, Store
from sleepstack.wake.recall import recall

EMBEDDER = "hash:64"
# The synthetic turns hold no secrets: ingest keeps them as given (the redaction scan
# at ingest is most of an import's time); the index build still judges every row.
CONFIG = f'[wake]\nembedder = "{EMBEDDER}"\n\n[ingest]\nsecrets = "keep"\n'


class ObjectView(LocalFS):
    """The same directory, read as a remote store is: no local path (recall reads shards)."""

    def local_path(self) -> Path | None:  # noqa: D102
        return None


def user_rows(u: int, n: int, seed: int) -> list[dict[str, str]]:
    """One user's *n* turns: sessions of 6-20 turns over a year (as ``bench/scale.py``)."""
    rng = random.Random(seed * 100_003 + u)
    day = datetime(2024, 1, 1, tzinfo=UTC) + timedelta(days=rng.randint(0, 30))
    rows: list[dict[str, str]] = []
    session = 0
    while len(rows) < n:
        session += 1
        length = min(rng.randint(6, 20), n - len(rows))
        t = day + timedelta(hours=rng.randint(8, 21))
        for i in range(length):
            text = sentence(rng, rng.choice(TEMPLATES))
            if rng.random() < 0.3:
                text += " " + sentence(rng, rng.choice(TEMPLATES))
            rows.append({"user": f"user{u:04d}", "session": f"s{session}",
                         "role": "user" if i % 2 == 0 else "assistant", "text": text,
                         "at": (t + timedelta(minutes=i)).isoformat()})
        day += timedelta(days=rng.randint(1, 5))
    return rows


def say(msg: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


def seed_store(home: Path, turns: int, users: int) -> Memory:
    Store.init(home, config_text=CONFIG)
    mem = Memory(home, actor="bench")
    per = [turns // users + (1 if u < turns % users else 0) for u in range(users)]
    for u, n in enumerate(per):
        mem.import_turns(user_rows(u, n, 7))
        if u % 100 == 99:
            say(f"imported {u + 1}/{users} users")
    return mem


def publish_fresh(view: Store, home: Path, gen: Path, number: int, workers: int,
                  pool: str = "threads") -> tuple[float, dict[str, Any]]:
    """Publish every shard from scratch (no manifest, no objects) on *workers* of *pool*."""
    shutil.rmtree(home / shards.SHARD_DIR, ignore_errors=True)
    engine = LocalEngine(concurrency=workers, work_cache=False,
                         processes=workers if pool == "processes" else 0)
    same_file = shard_input._same_file
    if pool == "pods":
        # As Flyte pods would: the generation is uploaded once and every batch
        # downloads it (the driver's file is treated as another machine's).
        shard_input.set_shared(True)
        shard_input._same_file = lambda path, ident: False  # type: ignore[assignment]
    t = time.perf_counter()
    try:
        manifest = shards.publish_shards(view, gen, number, engine=engine)
    finally:
        shard_input.set_shared(None)
        shard_input._same_file = same_file  # type: ignore[assignment]
        shard_input.forget_downloads()
    return time.perf_counter() - t, manifest


def measure_recall(mem: Memory, view: Store, users: int, sample: int
                   ) -> dict[str, float]:
    """First and warm recalls per sampled user from shards; the same on the whole index."""
    cache = tempfile.mkdtemp(prefix="sleepstack-scale-replica-")
    os.environ["SLEEPSTACK_CACHE"] = cache
    shard_reader.forget_views()
    rng = random.Random(11)
    picked = rng.sample(range(users), min(sample, users))
    questions = {u: [sentence(rng, rng.choice(QUESTIONS)) for _ in range(4)] for u in picked}
    first: list[float] = []
    warm: list[float] = []
    whole: list[float] = []
    for u in picked:
        user = f"user{u:04d}"
        for i, q in enumerate(questions[u]):
            t = time.perf_counter()
            ctx = recall(view, q, user, budget_tokens=1000)
            ms = (time.perf_counter() - t) * 1000
            assert not ctx.degraded and ctx.ctx_tokens <= 1000, ctx.warnings
            assert ctx.items and all(f"/{user}/" in it.path for it in ctx.items
                                     if it.path.startswith(("memory/log/", "user/")))
            (first if i == 0 else warm).append(ms)
    recall(mem.store, "warm up", "user0000", budget_tokens=1000)
    for u in picked:
        for q in questions[u][1:]:
            t = time.perf_counter()
            recall(mem.store, q, f"user{u:04d}", budget_tokens=1000)
            whole.append((time.perf_counter() - t) * 1000)
    fetched = sum(p.stat().st_size for p in shard_reader.shard_dir(view).glob("*.sqlite")
                  if not p.name.startswith("view-"))
    shutil.rmtree(cache, ignore_errors=True)
    return {"first_p95": pct(first, 95), "warm_p50": pct(warm, 50), "warm_p95": pct(warm, 95),
            "whole_p95": pct(whole, 95), "fetched_per_user": fetched / len(picked)}


def run_scale(turns: int, users: int, workers: list[int], sample: int, root: Path,
              pools: tuple[str, ...] = ("threads",)) -> dict[str, Any]:
    home = root / f"scale-shards-{turns}"
    shutil.rmtree(home, ignore_errors=True)
    os.environ["SLEEPSTACK_CACHE"] = str(root / f"cache-{turns}")
    out: dict[str, Any] = {"turns": turns, "users": users}
    t = time.perf_counter()
    mem = seed_store(home, turns, users)
    out["import_s"] = time.perf_counter() - t
    say(f"{turns:,} turns imported in {out['import_s']:.0f} s; building the generation")
    t = time.perf_counter()
    info = build_generation(mem.store, embedder=EMBEDDER, full=True)
    out["index_s"] = time.perf_counter() - t
    cur = current_generation(index_dir(mem.store))
    assert cur is not None
    number, gen = cur
    out["gen_bytes"] = gen.stat().st_size
    say(f"generation of {info.items:,} rows in {out['index_s']:.0f} s")
    view = Store(ObjectView(home))
    out["build"] = {}
    out["pools"] = {}
    for pool in pools:
        out["pools"][pool] = {}
        for w in workers:
            seconds, manifest = publish_fresh(view, home, gen, number, w, pool)
            assert manifest["build"]["built"] == len(manifest["shards"]) == users + 1
            out["pools"][pool][w] = seconds
            out["pools"][pool][f"mode-{w}"] = manifest["build"].get("mode")
            out["pools"][pool][f"plan-{w}"] = manifest["build"].get("plan_s")
            say(f"{w} worker(s), {pool} ({manifest['build'].get('mode')}):"
                f" {len(manifest['shards'])} shards in {seconds:.1f} s"
                f" (content keys {manifest['build'].get('plan_s')} s)")
    out["build"] = {w: out["pools"][pools[0]][w] for w in workers}
    user_bytes = [e["bytes"] for n, e in manifest["shards"].items() if n.startswith("u-")]
    out["user_shard_bytes"] = sum(user_bytes) / len(user_bytes)
    # One user writes: the next publication cuts that user's shard and the base only.
    mem.log("user0000", "s-new", "user", "I just signed up for a pottery class", id="fresh-1")
    build_generation(mem.store, embedder=EMBEDDER)
    cur = current_generation(index_dir(mem.store))
    assert cur is not None
    t = time.perf_counter()
    manifest = shards.publish_shards(view, cur[1], cur[0],
                                     engine=LocalEngine(concurrency=max(workers),
                                                        work_cache=False))
    out["incremental_s"] = time.perf_counter() - t
    out["incremental_built"] = manifest["build"]["built"]
    out["incremental_reused"] = manifest["build"]["reused"]
    out.update(measure_recall(mem, view, users, sample))
    say(f"recall measured at {turns:,} turns")
    shutil.rmtree(home, ignore_errors=True)
    return out


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--scales", default="100000:100,1000000:1000",
                   help="turns:users pairs, smallest first (the first is the reference)")
    p.add_argument("--workers", default="1,2,4")
    p.add_argument("--pools", default="threads",
                   help="threads, processes, pods (threads, each batch downloading the"
                        " generation as a Flyte pod does), comma-separated")
    p.add_argument("--sample", type=int, default=40, help="users whose recall is timed")
    p.add_argument("--root", default=None, help="scratch directory (default: a temp dir)")
    args = p.parse_args()
    environment.install(os.environ)
    for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(var, "1")
    workers = sorted({int(w) for w in args.workers.split(",")})
    if workers[0] != 1:
        workers.insert(0, 1)  # every figure is against one worker of the same scale
    scales = [tuple(int(x) for x in s.split(":")) for s in args.scales.split(",")]
    root = Path(args.root or tempfile.mkdtemp(prefix="sleepstack-scale-shards-"))
    root.mkdir(parents=True, exist_ok=True)
    results = []
    for t, u in scales:
        results.append(run_scale(t, u, workers, args.sample, root,
                                 tuple(x for x in args.pools.split(",") if x)))
        print(json.dumps(results[-1]), flush=True)  # each scale's figures as soon as it ends
    shutil.rmtree(root, ignore_errors=True)
    print(f"\nShard build, hashing embedder, local filesystem store, {os.cpu_count()} CPUs "
          "(shared: each figure against 1 worker of the same scale, same run)")
    rows: list[list[object]] = []
    for r in results:
        for pool, runs in r["pools"].items():
            one = runs[1]
            for w in workers:
                seconds = runs[w]
                rows.append([f"{r['turns']:,} / {r['users']:,}", pool, runs[f"mode-{w}"], w,
                             f"{r['users'] + 1:,}", f"{seconds:.1f}", f"{runs[f'plan-{w}']}",
                             f"{r['turns'] / seconds:,.0f}", f"{one / seconds:.2f}x"])
    print(table(["turns / users", "pool", "ran as", "workers", "shards", "seconds",
                 "of which content keys s", "turns/s", "vs 1 worker"], rows))
    print("\nAfter one user writes: shards the next publication cuts (the rest reused)")
    print(table(["turns / users", "cut", "reused", "seconds"],
                [[f"{r['turns']:,} / {r['users']:,}", r["incremental_built"],
                  r["incremental_reused"], f"{r['incremental_s']:.2f}"] for r in results]))
    ref = results[0]
    print(f"\nRecall per user (ms; the first recall of a user downloads base + own shard; "
          f"whole index: the same questions on the whole generation, same run; "
          f"reference: {ref['turns']:,} turns)")
    print(table(
        ["turns / users", "index build s", "generation MB", "user shard MB", "fetched/user MB",
         "first recall p95", "warm p50", "warm p95", "warm p95 vs reference",
         "whole-index p95"],
        [[f"{r['turns']:,} / {r['users']:,}", f"{r['index_s']:.0f}", f"{r['gen_bytes'] / 1e6:.0f}",
          f"{r['user_shard_bytes'] / 1e6:.2f}", f"{r['fetched_per_user'] / 1e6:.2f}",
          f"{r['first_p95']:.0f}", f"{r['warm_p50']:.1f}", f"{r['warm_p95']:.1f}",
          f"{r['warm_p95'] / ref['warm_p95']:.2f}x", f"{r['whole_p95']:.1f}"]
         for r in results]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
