"""Engines benchmark: one sleep cycle under the local engine and Flyte's local mode.

A synthetic store of ``--users`` users, each with new turns, and an LLM that
takes a fixed ``--delay`` per call (a ``cmd:`` script that sleeps, then answers
the extraction prompt with valid facts). The cycle is delay-bound: one
extraction call per user. For concurrency 1, 2, 4 and 8 under each engine it
measures the cycle's wall time (a dry run: the same inputs every time) and the
extract phase's time, and the speed-up of each against concurrency 1
(target: at least 0.8 × concurrency for the delay-bound phase). Then:

* a rerun of the same cycle inputs: both engines serve every LLM work item
  from their caches (target: under 10 % of the first run): Flyte from its
  local-mode cache, the local engine from its work cache;
* the per-task overhead of Flyte's local mode: a cycle without an LLM on
  ``--overhead-users`` users under both engines, (flyte − local) / tasks.

    python bench/engines.py [--users 32] [--delay 0.2] [--levels 1 2 4 8]

Flyte's local cache goes to a temporary directory (never ``~/.flyte``); so
does the local engine's work cache. Every measurement but the reruns starts
with an empty cache (a fresh Flyte salt, a fresh local work cache directory).
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
from _table import table
from sleepstack.config import Config, adopt_environment
from sleepstack.engines import Engine, LocalEngine
from sleepstack.layers.rawlog import Turn, parse_at
from sleepstack.plan import Item, Phase, Result
from sleepstack.sleep.cycle import run_cycle
from sleepstack.store import Store
from sleepstack.wake.log import append_turns

NOW = "2026-01-08T08:00:00Z"
CITIES = ["Lisbon", "Berlin", "Munich", "Oslo", "Porto", "Vienna", "Madrid", "Dublin"]

#: the model: waits, counts the call, then answers the extraction prompt with valid facts
FAKE_LLM = r'''
import json, os, re, sys, time
prompt = sys.stdin.read()
time.sleep(float(os.environ.get("FAKE_LLM_DELAY", "0")))
count = os.environ.get("FAKE_LLM_COUNT")
if count:
    with open(count, "a") as f:
        f.write("call\n")
m = re.search(r"<<<TURNS\n(.*?)\nTURNS>>>", prompt, re.S)
out = []
for line in (m.group(1).splitlines() if m else []):
    t = json.loads(line)
    hit = re.search(r"I live in ([A-Z][a-z]+)", t["text"]) if t.get("role") == "user" else None
    if hit:
        out.append({"subject": "user", "attribute": "lives_in", "value": hit.group(1),
                    "category": "personal", "confidence": 0.9, "cites": [t["id"]],
                    "text": "The user lives in %s." % hit.group(1)})
print(json.dumps(out))
'''


def make_store(home: Path, users: int, llm: str) -> tuple[Store, Config]:
    config_text = f'[wake]\nembedder = "hash:64"\n\n[sleep]\nllm = "{llm}"\n'
    store = Store.init(home, config_text=config_text)
    turns = []
    for u in range(users):
        user = f"user{u:03d}"
        city = CITIES[u % len(CITIES)]
        for i, text in enumerate((f"I live in {city}.", "Can you plan my week?",
                                  "I prefer bullet points.")):
            at = parse_at(f"2026-01-07T{8 + i:02d}:{u % 60:02d}:00Z")
            turns.append(Turn(f"{user}-t{i}", user, f"{user}-s", "user", text, at))
    append_turns(store, turns, actor="bench")
    return store, Config.parse(config_text)


class CountingLocal(LocalEngine):
    """The local engine, counting work items (the number of tasks Flyte would run)."""

    tasks = 0

    async def _map(self, phase: Phase, items: list[Item], settings: dict[str, Any]
                   ) -> list[Result]:
        self.tasks += len(items)
        return await super()._map(phase, items, settings)


def local_engine(concurrency: int, root: Path, reuse: str | None = None) -> LocalEngine:
    """The local engine with a fresh work cache (or the one named *reuse*) under *root*."""
    return LocalEngine(concurrency=concurrency,
                       work_cache_dir=root / (reuse or uuid.uuid4().hex))


def flyte_engine(concurrency: int, cache: Path, salt: str | None = None) -> Engine:
    from sleepstack.engines.flyte import FlyteEngine

    # A fresh salt per measurement: a new cache namespace, so nothing is served early.
    return FlyteEngine(concurrency=concurrency, cache_root=cache,
                       cache_salt=salt or uuid.uuid4().hex)


def one(store: Store, config: Config, engine: Engine) -> tuple[float, float]:
    """(cycle wall time, extract phase time) of one dry-run cycle."""
    t0 = time.perf_counter()
    summary = run_cycle(store, config, engine=engine, dry_run=True, now=NOW)
    return time.perf_counter() - t0, float(summary.timings_s.get("extract", 0.0))


def main() -> None:
    adopt_environment()  # an entry point: the fake LLM child reads FAKE_LLM_* below
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--users", type=int, default=32)
    ap.add_argument("--delay", type=float, default=0.2)
    ap.add_argument("--levels", type=int, nargs="+", default=[1, 2, 4, 8])
    ap.add_argument("--overhead-users", type=int, default=200)
    ap.add_argument("--out", default=str(Path(__file__).parent / "out" / "engines.json"))
    args = ap.parse_args()

    import os

    tmp = Path(tempfile.mkdtemp(prefix="sleepstack-bench-engines-"))
    try:
        script = tmp / "fake_llm.py"
        script.write_text(FAKE_LLM)
        count = tmp / "calls.txt"
        os.environ["FAKE_LLM_DELAY"] = str(args.delay)
        os.environ["FAKE_LLM_COUNT"] = str(count)
        # -S -E: a bare interpreter starts in ~10 ms, so the delay is what is measured.
        llm = f"cmd:{sys.executable} -S -E {script}"
        store, config = make_store(tmp / "home", args.users, llm)
        cache = tmp / "flyte-cache"
        work = tmp / "local-work-cache"

        # Warm up: imports and Flyte's first-run start, outside the measurements.
        t0 = time.perf_counter()
        flyte_engine(1, cache)  # imports flyte
        start = time.perf_counter() - t0
        one(store, config, local_engine(8, work))
        one(store, config, flyte_engine(8, cache))

        rows: list[list[object]] = []
        results: dict[str, Any] = {"users": args.users, "delay_s": args.delay, "levels": {}}
        for kind in ("local", "flyte"):
            base: tuple[float, float] | None = None
            for c in args.levels:
                engine = local_engine(c, work) if kind == "local" else flyte_engine(c, cache)
                count.write_text("")
                wall, ext = one(store, config, engine)
                calls = len(count.read_text().splitlines())
                base = base or (wall, ext)
                rows.append([kind, c, round(wall, 3), round(base[0] / wall, 2), round(ext, 3),
                             round(base[1] / ext, 2) if ext else float("nan"),
                             f"{base[1] / ext / c:.0%}" if ext else "n/a", calls])
                results["levels"][f"{kind}-{c}"] = {"wall_s": wall, "extract_s": ext,
                                                    "llm_calls": calls}
        print(f"\n{args.users} users, one {args.delay:g} s LLM call each (dry-run cycles)\n")
        print(table(["engine", "concurrency", "cycle s", "speed-up", "extract s",
                     "extract speed-up", "efficiency", "LLM calls"], rows))

        # Reruns of the same inputs: each engine from its own cache.
        rerun_rows: list[list[object]] = []
        top = max(args.levels)
        salt = uuid.uuid4().hex
        for kind in ("local", "flyte"):
            def make(kind: str = kind) -> Engine:
                return local_engine(top, work, salt) if kind == "local" \
                    else flyte_engine(top, cache, salt)
            count.write_text("")
            first, _ = one(store, config, make())
            first_calls = len(count.read_text().splitlines())
            count.write_text("")
            again, _ = one(store, config, make())
            again_calls = len(count.read_text().splitlines())
            rerun_rows.append([kind, round(first, 3), first_calls, round(again, 3), again_calls,
                               f"{again / first:.1%}"])
            results[f"rerun-{kind}"] = {"first_s": first, "rerun_s": again,
                                        "first_calls": first_calls, "rerun_calls": again_calls}
        print(f"\nRerun of the same cycle inputs (concurrency {top})\n")
        print(table(["engine", "first s", "LLM calls", "rerun s", "LLM calls", "rerun/first"],
                    rerun_rows))

        # Per-task overhead: no LLM, many users; (flyte - local) / number of work items.
        plain, plain_cfg = make_store(tmp / "plain", args.overhead_users, "none")
        counting = CountingLocal(concurrency=8, work_cache_dir=work / "overhead-warm")
        one(plain, plain_cfg, counting)  # warm (imports, validator)
        counting.tasks = 0
        counting.work_cache_root = work / "overhead"  # an empty cache, as Flyte's new salt
        t_local, _ = one(plain, plain_cfg, counting)
        t_flyte, _ = one(plain, plain_cfg, flyte_engine(8, cache))
        per_task_ms = (t_flyte - t_local) / max(1, counting.tasks) * 1000
        print(f"\nPer-task overhead ({args.overhead_users} users, no LLM, "
              f"{counting.tasks} work items)\n")
        print(table(["local s", "flyte s", "tasks", "flyte overhead per task ms",
                     "flyte import+init s"],
                    [[round(t_local, 3), round(t_flyte, 3), counting.tasks,
                      round(per_task_ms, 2), round(start, 2)]]))
        results["overhead"] = {"local_s": t_local, "flyte_s": t_flyte, "tasks": counting.tasks,
                               "per_task_ms": per_task_ms, "flyte_import_s": start}
        out = Path(args.out)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(results, indent=1) + "\n")
        print(f"\nwrote {out}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
