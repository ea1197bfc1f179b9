"""Scale: a synthetic store of N turns across U users — import, index, size, memory, recall.

Generates varied, deterministic conversational text (activities, people, places,
food, plans, feelings over a year of dates), imports it through the public
API, builds the index with the default embedder (all-MiniLM-L6-v2 in numpy),
then measures recall in a *separate* process (so its resident memory is that
of a recall process, not of the builder): p50/p95 latency over random users
and questions, question embedding included.

Usage: python bench/scale.py [--turns 100000] [--users 100] [--queries 300]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "bench" / "out"

PEOPLE = ["Ana", "Ben", "Chloe", "Dev", "Elif", "Farid", "Grace", "Hiro", "Ines", "Jonas",
          "Kemal", "Lena", "Maya", "Nico", "Omar", "Priya", "Quinn", "Rosa", "Sami", "Tara"]
PLACES = ["Lisbon", "the lake", "Kyoto", "the farmers market", "the office", "Berlin",
          "the climbing gym", "grandma's house", "the beach", "Montreal", "the library",
          "the dentist", "a jazz bar", "the mountains", "the new bakery", "Oslo"]
ACTIVITIES = ["ran a 10k", "baked sourdough", "painted a sunset", "fixed the bike",
              "started learning Spanish", "adopted a puppy", "planted tomatoes",
              "went bouldering", "read a thriller", "cooked ramen", "wrote a short story",
              "practised the violin", "built a bookshelf", "watched a documentary on whales",
              "tried pottery", "visited a museum", "went camping", "did a yoga class",
              "repaired the roof", "organised a charity run"]
FEELINGS = ["exhausted but happy", "a bit anxious", "really proud", "so relaxed",
            "frustrated", "grateful", "nervous", "excited", "calm", "overwhelmed"]
FOODS = ["tacos", "pad thai", "a lemon tart", "dumplings", "lentil soup", "sushi",
         "pancakes", "a curry", "falafel", "risotto"]
PLANS = ["move to a bigger flat", "change jobs", "run a marathon", "visit Japan",
         "learn to sail", "get a cat", "start a podcast", "go back to university"]
TEMPLATES = [
    "Yesterday I {act} with {person} at {place}. I felt {feel}.",
    "We had {food} at {place} after {person} {act}.",
    "I'm thinking about trying to {plan} next year. {person} thinks it's a good idea.",
    "{person} told me they {act} last weekend, they were {feel}.",
    "Honestly I'm {feel} about work lately, maybe I should {plan}.",
    "Do you remember when we {act} near {place}? Best day ever.",
    "Reminder to self: call {person} about the trip to {place}.",
    "Cooked {food} tonight, {person} loved it.",
    "How was your week? Mine was {feel}, I {act} and had {food}.",
    "I finally {act}! Took forever but I feel {feel}.",
]
QUESTIONS = [
    "What did I do with {person}?",
    "When did I go to {place}?",
    "What food did I have recently?",
    "What am I planning to do next year?",
    "How did I feel after I {act}?",
    "Who did I meet at {place} last week?",
]


DETAILS = ["around {h} o'clock", "for about {n} hours", "with {n} friends",
           "on a rainy {d}", "after work on {d}", "for the {o} time this month",
           "while it was {t} degrees outside", "and it cost {n}0 euros"]
DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
ORDINALS = ["first", "second", "third", "fourth"]


def sentence(rng: random.Random, template: str) -> str:
    """One sentence; a random detail makes near-all texts distinct, as real turns are."""
    text = template.format(person=rng.choice(PEOPLE), place=rng.choice(PLACES),
                           act=rng.choice(ACTIVITIES), feel=rng.choice(FEELINGS),
                           food=rng.choice(FOODS), plan=rng.choice(PLANS))
    detail = rng.choice(DETAILS).format(h=rng.randint(1, 12), n=rng.randint(2, 9),
                                        d=rng.choice(DAYS), o=rng.choice(ORDINALS),
                                        t=rng.randint(-5, 35))
    return f"{text[:-1]} {detail}{text[-1]}" if text[-1] in ".?!" else f"{text} {detail}"


def generate(turns: int, users: int, seed: int = 7) -> list[list[dict[str, str]]]:
    """Per user, their turns: sessions of 6-20 turns spread over a year."""
    rng = random.Random(seed)
    per_user = [turns // users + (1 if u < turns % users else 0) for u in range(users)]
    start = datetime(2024, 1, 1, tzinfo=UTC)
    out = []
    for u, n in enumerate(per_user):
        rows: list[dict[str, str]] = []
        day = start + timedelta(days=rng.randint(0, 30))
        session = 0
        while len(rows) < n:
            session += 1
            length = min(rng.randint(6, 20), n - len(rows))
            t = day + timedelta(hours=rng.randint(8, 21))
            for i in range(length):
                role = "user" if i % 2 == 0 else "assistant"
                text = sentence(rng, rng.choice(TEMPLATES))
                if rng.random() < 0.3:
                    text += " " + sentence(rng, rng.choice(TEMPLATES))
                rows.append({"user": f"user{u:03d}", "session": f"s{session}", "role": role,
                             "text": text, "at": (t + timedelta(minutes=i)).isoformat()})
            day += timedelta(days=rng.randint(1, 5))
        out.append(rows)
    return out


def dir_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def recall_worker(home: str, users: int, queries: int, seed: int = 11) -> None:
    """Run in a fresh process: recall latency and this process's resident memory."""
    for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(var, "1")
    import numpy as np

    from sleepstack.store import Store
    from sleepstack.wake.recall import recall

    store = Store.open(home)
    rng = random.Random(seed)
    recall(store, "warm up", "user000", budget_tokens=1000)
    cold: list[float] = []
    warm: list[float] = []
    seen: set[str] = set()
    for _ in range(queries):
        user = f"user{rng.randrange(users):03d}"
        q = sentence(rng, rng.choice(QUESTIONS))
        t = time.perf_counter()
        ctx = recall(store, q, user, budget_tokens=1000)
        ms = (time.perf_counter() - t) * 1000
        assert ctx.ctx_tokens <= 1000 and not ctx.degraded
        (warm if user in seen else cold).append(ms)
        seen.add(user)
    rss_kb = 0
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith("VmHWM:"):
                rss_kb = int(line.split()[1])
    allms = cold + warm
    print(json.dumps({
        "queries": queries, "p50_ms": float(np.percentile(allms, 50)),
        "p95_ms": float(np.percentile(allms, 95)),
        "warm_p50_ms": float(np.percentile(warm, 50)) if warm else None,
        "warm_p95_ms": float(np.percentile(warm, 95)) if warm else None,
        "cold_p95_ms": float(np.percentile(cold, 95)) if cold else None,
        "cold_users": len(cold), "peak_rss_mb": rss_kb / 1024,
    }))


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--turns", type=int, default=100_000)
    p.add_argument("--users", type=int, default=100)
    p.add_argument("--queries", type=int, default=300)
    p.add_argument("--embedder", default="local:all-MiniLM-L6-v2")
    p.add_argument("--keep", action="store_true", help="reuse bench/out/scale-home if present")
    p.add_argument("--recall-worker", default=None, help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.recall_worker:
        recall_worker(args.recall_worker, args.users, args.queries)
        return 0

    from sleepstack.api import Memory
    from sleepstack.index.build import build_generation
    from sleepstack.index.location import current_generation, index_dir

    home = OUT / f"scale-home-{args.turns}"
    results: dict[str, object] = {"turns": args.turns, "users": args.users,
                                  "embedder": args.embedder, "cpus": os.cpu_count()}
    if not (args.keep and home.exists()):
        shutil.rmtree(home, ignore_errors=True)
        data = generate(args.turns, args.users)
        mem = Memory.init(home, actor="bench")
        t = time.perf_counter()
        for rows in data:
            mem.import_turns(rows)
        results["import_s"] = time.perf_counter() - t
    else:
        mem = Memory(home, actor="bench")
    last = [0.0]

    def progress(stage: str, done: int, total: int) -> None:
        if stage == "embed" and time.perf_counter() - last[0] > 10:
            last[0] = time.perf_counter()
            print(f"embedded {done}/{total}", file=sys.stderr, flush=True)

    t = time.perf_counter()
    build_generation(mem.store, embedder=args.embedder, full=True, progress=progress)
    build_s = time.perf_counter() - t
    results["index_s"] = build_s
    results["index_turns_per_s"] = args.turns / build_s
    cur = current_generation(index_dir(mem.store))
    assert cur is not None
    results["index_bytes"] = cur[1].stat().st_size
    import sqlite3

    with sqlite3.connect(cur[1]) as conn:
        unique = int(conn.execute("SELECT count(DISTINCT tkey) FROM items").fetchone()[0])
    results["unique_texts"] = unique
    results["embed_texts_per_s"] = unique / build_s
    results["store_bytes"] = dir_size(home) - dir_size(index_dir(mem.store))
    # Incremental refresh with one new turn.
    mem.log("user000", "s-new", "user", "I just signed up for a pottery class", id="fresh-1")
    t = time.perf_counter()
    inc = build_generation(mem.store, embedder=args.embedder)
    results["incremental_s"] = time.perf_counter() - t
    results["incremental_added"] = inc.added
    worker = subprocess.run(
        [sys.executable, __file__, "--recall-worker", str(home), "--users", str(args.users),
         "--queries", str(args.queries)],
        capture_output=True, text=True, check=True)
    results.update(json.loads(worker.stdout.strip().splitlines()[-1]))
    print(json.dumps(results, indent=1), file=sys.stderr)
    report(results)
    return 0


def report(r: dict[str, object]) -> None:
    def f(key: str, fmt: str = "{:.1f}") -> str:
        v = r.get(key)
        return fmt.format(v) if isinstance(v, int | float) else "-"

    print(f"\nScale: {r['turns']:,} turns, {r['users']} users, {r['embedder']},"
          f" {r['cpus']} CPUs")
    print("| metric | value |")
    print("|---|---|")
    print(f"| import (API, all users) | {f('import_s')} s |")
    print(f"| index build (full, embedding included) | {f('index_s')} s |")
    print(f"| indexing throughput | {f('index_turns_per_s', '{:.0f}')} turns/s |")
    print(f"| distinct texts embedded (duplicates share a vector) | {r.get('unique_texts')}"
          f" ({f('embed_texts_per_s', '{:.0f}')} texts/s) |")
    print(f"| incremental refresh, 1 new turn | {f('incremental_s', '{:.2f}')} s"
          f" (+{r.get('incremental_added')}) |")
    mib = {k: float(r[k]) / 2**20 for k in ("index_bytes", "store_bytes")}  # type: ignore[arg-type]
    print(f"| index size on disk | {mib['index_bytes']:.1f} MiB |")
    print(f"| store size (raw logs, audit, versions) | {mib['store_bytes']:.1f} MiB |")
    print(f"| recall process peak RSS | {f('peak_rss_mb', '{:.0f}')} MiB |")
    print(f"| recall p50 / p95 (all {r['queries']} queries) | {f('p50_ms')} / {f('p95_ms')} ms |")
    print(f"| recall p50 / p95 (user already loaded) | {f('warm_p50_ms')} /"
          f" {f('warm_p95_ms')} ms |")
    print(f"| recall p95, first query of a user ({r['cold_users']} users) |"
          f" {f('cold_p95_ms')} ms |")


if __name__ == "__main__":
    raise SystemExit(main())
