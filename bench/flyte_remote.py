"""The whole sleep cycle as one Flyte task against the driver on this machine (issue #15).

On moto's S3 server on 127.0.0.1, with Flyte's local mode standing in for a
cluster: a fresh ``s3://`` store of ``--users`` users x ``--turns`` turns and
one proposal per user (hashing embedder), then one cycle either

* **driver here** (``sleepstack sleep --engine flyte``): this process opens the
  store, snapshots, commits and publishes the shards; only the phases are tasks;
* **driver in a task** (``--engine flyte --remote``, run by ``launch_cycle`` in
  local mode): the snapshot, phases, commit and shard publication all run inside
  ``cycle_on_engine``; this process only launches and waits.

Each run starts from its own fresh store and an empty Flyte cache, so both do
the same work; the difference is the price of the extra task (its start, its
thread, the summary's round trip) and whether the store's lease is still held
once the call returns.

    python bench/flyte_remote.py [--users 20] [--turns 20] [--repeats 2]
"""

from __future__ import annotations

import argparse
import importlib
import os
import shutil
import statistics
import sys
import tempfile
import time
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
from _table import table
from sleepstack import environment
from sleepstack.config import Config
from sleepstack.engines.flyte import FlyteEngine
from sleepstack.forget.retention import apply_retention
from sleepstack.layers.rawlog import Turn
from sleepstack.sleep.cycle import run_cycle
from sleepstack.sleep.flyte_driver import launch_cycle
from sleepstack.store import Store
from sleepstack.store.s3 import LEASE_KEY
from sleepstack.wake.log import append_turns
from sleepstack.wake.propose import propose
from store_s3 import moto_server

CONFIG = '[wake]\nembedder = "hash:64"\n\n[sleep]\nllm = "none"\n'
NOW = "2026-01-06T06:00:00Z"
CITIES = ["Lisbon", "Berlin", "Porto", "Oslo", "Quito", "Hanoi", "Lagos", "Lima"]


def seed(url: str, users: int, turns: int) -> None:
    store = Store.init(url, config_text=CONFIG)
    start = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
    for u in range(users):
        user = f"user{u:03d}"
        batch = [Turn(f"t-{u}-{i}", user, "s1", "user",
                      f"I live in {CITIES[u % len(CITIES)]}." if i == 0 else
                      f"note {i}: remind me about item {i} of project {u}",
                      start + timedelta(minutes=i)) for i in range(turns)]
        append_turns(store, batch, actor="bench", secrets="keep")
        propose(store, f"{user} prefers short answers.", user=user, session="s1",
                source="chat")
    store.fs.close()  # type: ignore[attr-defined]


def driver_here(url: str, cache: Path) -> dict[str, Any]:
    store = Store.open(url)
    config = Config.parse(store.fs.read_bytes("sleepstack.toml").decode())
    engine = FlyteEngine(cache_root=cache)
    summary = run_cycle(store, config, engine=engine, now=NOW, after_commit=apply_retention)
    return {"facts": summary.counts["facts_added"], "fs": store.fs}


def driver_in_task(url: str, cache: Path) -> dict[str, Any]:
    run = launch_cycle(url, remote=False, now=NOW, cache_root=cache)
    return {"facts": run.summary.counts["facts_added"], "fs": None}


def lease_held(client: Any, bucket: str) -> bool:
    listed = client.list_objects_v2(Bucket=bucket, Prefix=f"mem/{LEASE_KEY}")
    return bool(listed.get("Contents"))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--users", type=int, default=20)
    ap.add_argument("--turns", type=int, default=20)
    ap.add_argument("--repeats", type=int, default=2)
    args = ap.parse_args()
    work = Path(tempfile.mkdtemp(prefix="sleepstack-bench-flyte-remote-"))
    with moto_server() as endpoint:
        os.environ.update({"AWS_ENDPOINT_URL": endpoint, "AWS_ACCESS_KEY_ID": "bench",
                           "AWS_SECRET_ACCESS_KEY": "bench", "AWS_DEFAULT_REGION": "us-east-1",
                           "SLEEPSTACK_CACHE": str(work / "cache")})
        environment.install(os.environ)
        client = importlib.import_module("botocore.session").get_session().create_client("s3")
        runs: dict[str, list[float]] = {"driver here": [], "driver in a task": []}
        facts: dict[str, int] = {}
        leases: dict[str, bool] = {}
        for rep in range(args.repeats):
            for name, fn in (("driver here", driver_here), ("driver in a task", driver_in_task)):
                bucket = f"b-{uuid.uuid4().hex[:12]}"
                client.create_bucket(Bucket=bucket)
                url = f"s3://{bucket}/mem"
                seed(url, args.users, args.turns)
                t0 = time.perf_counter()
                out = fn(url, work / f"flyte-{rep}-{len(runs[name])}-{name[7:9]}")
                runs[name].append(time.perf_counter() - t0)
                facts[name] = int(out["facts"])
                leases[name] = lease_held(client, bucket)
                if out["fs"] is not None:
                    out["fs"].close()
    shutil.rmtree(work, ignore_errors=True)
    rows = [[name, args.users, args.users * args.turns, round(statistics.median(ts), 2),
             round(min(ts), 2), facts[name], "held (lingers)" if leases[name] else "free"]
            for name, ts in runs.items()]
    print(table(["driver", "users", "turns", "cycle s (median)", "best s", "facts added",
                 "lease on return"], rows))
    here, task = (statistics.median(runs[k]) for k in runs)
    print(f"\nthe task's price: {task - here:+.2f} s per cycle ({task / here:.2f}x)")


if __name__ == "__main__":
    main()
