"""Sleep-cycle benchmark: a synthetic week for 20 users with duplicates and contradictions.

For each duplicate level, the first three days are slept on once (the memory
as it stood), then the rest of the week arrives and one cycle is measured:
wall time, turns processed per second, trusted memory (``user/``: files and
bytes) before and after, and a rerun with nothing new (target: under 5 % of
the cycle). Trusted memory must not grow with the duplicates: repeated
statements fold into the facts they repeat, duplicate notes are consolidated.

    python bench/sleep.py [--users 20] [--dups 1 4] [--embedder hash:384]

The index embedder defaults to the hashing one so that the numbers are about
the cycle; pass ``--embedder local:all-MiniLM-L6-v2`` for the default model.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
from _table import table
from sleepstack.api import Memory
from sleepstack.demo.run import trusted_size
from sleepstack.store import Store

CITIES = ["Lisbon", "Berlin", "Munich", "Oslo", "Porto", "Vienna", "Madrid", "Dublin"]
COMPANIES = ["Acme Corp", "Initech", "Globex", "Tidewater Labs", "Umbrella Health"]
FORMATS = ["bullet points", "prose", "tables"]
PETS = ["Pixel", "Miso", "Rex", "Nova", "Biscuit"]
CHATTER = [
    "Can you help me plan my week?",
    "What is a good recipe for dinner tonight?",
    "Summarise the meeting notes for me, please.",
    "How do I fix a flaky test?",
    "Any tips for sleeping better?",
]
REPLIES = ["Sure, here is a plan.", "Here is an idea.", "Done, see the summary above."]


def week(users: int, dup: int, seed: int = 7) -> dict[str, list[dict[str, Any]]]:
    """Turns and proposals per phase ('early': days 0-2, 'late': days 3-6)."""
    rng = random.Random(seed)
    start = datetime.now(UTC).replace(hour=8, minute=0, second=0, microsecond=0) - timedelta(
        days=7)
    out: dict[str, list[dict[str, Any]]] = {"early": [], "late": [], "p_early": [], "p_late": []}
    for u in range(users):
        user = f"user{u:02d}"
        city, company = rng.choice(CITIES), rng.choice(COMPANIES)
        fmt, pet = rng.choice(FORMATS), rng.choice(PETS)
        for day in range(7):
            phase = "early" if day < 3 else "late"
            if day == 4 and u % 2 == 0:  # half the users move: a contradiction
                city = rng.choice([c for c in CITIES if c != city])
            if day == 5 and u % 3 == 0:  # a third change their format preference
                fmt = rng.choice([f for f in FORMATS if f != fmt])
            statements = [f"I live in {city}.", f"I work at {company}.", f"I prefer {fmt}.",
                          f"My dog is called {pet}."]
            t = start + timedelta(days=day, minutes=u)
            session = f"{user}-d{day}"
            for _ in range(dup):  # the duplicate-heavy part: the same facts, restated
                for s in statements:
                    t += timedelta(minutes=1)
                    out[phase].append({"user": user, "session": session, "role": "user",
                                       "text": s, "at": t.strftime("%Y-%m-%dT%H:%M:%SZ")})
            for _ in range(4):
                t += timedelta(minutes=1)
                out[phase].append({"user": user, "session": session, "role": "user",
                                   "text": rng.choice(CHATTER),
                                   "at": t.strftime("%Y-%m-%dT%H:%M:%SZ")})
                t += timedelta(minutes=1)
                out[phase].append({"user": user, "session": session, "role": "assistant",
                                   "text": rng.choice(REPLIES),
                                   "at": t.strftime("%Y-%m-%dT%H:%M:%SZ")})
            for _ in range(dup):
                out["p_" + phase].append({"user": user, "session": session,
                                          "text": f"{user} keeps a running log on day {day % 2}."})
    return out


def run(users: int, dup: int, embedder: str) -> dict[str, Any]:
    home = Path(tempfile.mkdtemp(prefix="sleepstack-bench-")) / "home"
    cfg = f'[wake]\nembedder = "{embedder}"\n[sleep]\nllm = "none"\n'
    Store.init(home, config_text=cfg)
    mem = Memory(home, actor="bench")
    data = week(users, dup)
    mem.import_turns(data["early"])
    for p in data["p_early"]:
        mem.propose(p["text"], p["user"], p["session"], source="bench")
    mem.sleep()
    mem.import_turns(data["late"])
    for p in data["p_late"]:
        mem.propose(p["text"], p["user"], p["session"], source="bench")
    before = trusted_size(mem.store)
    t = time.perf_counter()
    summary = mem.sleep()
    cycle = time.perf_counter() - t
    after = trusted_size(mem.store)
    kinds: dict[str, int] = {}
    for path in mem.store.list("user"):
        kind = "notes" if "/notes/" in path else path.rsplit("/", 1)[-1]
        kinds[kind] = kinds.get(kind, 0) + mem.store.fs.size(path)
    t = time.perf_counter()
    rerun = mem.sleep()
    rerun_s = time.perf_counter() - t
    assert rerun.noop, "a rerun with nothing new must be a no-op"
    turns = summary.counts["turns_read"]
    return {
        "dup": dup, "turns": turns, "proposals": summary.counts["proposals"],
        "cycle_s": cycle, "index_s": summary.timings_s.get("index", 0.0),
        "turns_per_s": turns / cycle if cycle else float("nan"),
        "before": before, "after": after, "rerun_s": rerun_s,
        "rerun_pct": 100 * rerun_s / cycle if cycle else float("nan"),
        "superseded": summary.counts["facts_superseded"], "merged": summary.counts["merged"],
        "kinds": kinds,
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--users", type=int, default=20)
    ap.add_argument("--dups", type=int, nargs="+", default=[1, 4])
    ap.add_argument("--embedder", default="hash:384")
    args = ap.parse_args()
    results = [run(args.users, d, args.embedder) for d in args.dups]
    print(f"sleep cycle, {args.users} users, one synthetic week (index embedder "
          f"{args.embedder}); the measured cycle covers days 4-7")
    print(table(
        ["dup x", "turns", "proposals", "cycle s", "of it index s", "turns/s",
         "trusted before", "trusted after", "superseded", "notes merged", "rerun s", "rerun %"],
        [[r["dup"], r["turns"], r["proposals"], r["cycle_s"], r["index_s"], r["turns_per_s"],
          f"{r['before'][0]} files / {r['before'][1]:,} B",
          f"{r['after'][0]} files / {r['after'][1]:,} B",
          r["superseded"], r["merged"], r["rerun_s"], r["rerun_pct"]] for r in results],
    ))
    kinds = sorted({k for r in results for k in r["kinds"]})
    # Every duplicate level states the same unique content (the generator's random
    # choices do not depend on the level), so "after" sizes compare directly.
    first = results[0]["after"][1]
    print("\ntrusted memory after the cycle, bytes by kind of file (same unique content "
          "at every level)")
    print(table(["dup x", *kinds, "total", f"vs x{results[0]['dup']}"],
                [[r["dup"], *(f"{r['kinds'].get(k, 0):,}" for k in kinds),
                  f"{r['after'][1]:,}", f"{r['after'][1] / first:.3f}"] for r in results]))
    base = results[0]["after"][1]
    worst = max(r["after"][1] for r in results)
    flat = worst <= base * 1.05
    fast = all(r["rerun_pct"] < 5 for r in results)
    print(f"trusted memory vs duplicates: {'flat' if flat else 'GROWS'} "
          f"({base:,} B at x{results[0]['dup']}, at most {worst:,} B)")
    print(f"no-op rerun under 5% of the cycle: {'yes' if fast else 'NO'}")
    return 0 if flat and fast else 1


if __name__ == "__main__":
    raise SystemExit(main())
