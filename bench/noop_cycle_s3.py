"""A no-op sleep cycle on an ``s3://`` store, run by a fresh process (issue #15).

On moto's S3 server on 127.0.0.1: a store of ``--users`` x ``--turns`` turns
(hashing embedder unless ``--embedder``) and two reference topics; one cycle commits and publishes
the index. Then a no-op cycle, each time on a new store handle with an empty
local cache (what a fresh Flyte pod or another replica's scheduler sees):

* before: the manifest's record is ignored (``built_from.up_to_date`` forced to
  False) and the empty cache is not seeded from the shards, which is how every
  no-op cycle on S3 behaved before both existed: the cycle rebuilds the whole
  generation and republishes the manifest and base;
* now: the manifest was built from the store's current state, so the cycle
  skips the build and the publication.

Then a cycle after one new turn, again in a fresh process: before, the empty
cache rebuilt the whole index (every file read, every text embedded); now it
starts from the published shards (``index/seed_shards.py``) and adds the turn.

Requests are counted at the S3 backend's one entry point (``S3FS._call``).

    python bench/noop_cycle_s3.py [--users 50] [--turns 100] [--repeat 3] [--embedder SPEC]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import time
import uuid
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
from _table import table
from index_shards import fresh_cache, seed
from sleepstack import environment
from sleepstack.config import Config
from sleepstack.index import built_from, shards
from sleepstack.sleep.cycle import CycleSummary, run_cycle
from sleepstack.store import Store
from sleepstack.store.local_dirs import consolidate_cache_dir
from sleepstack.store.s3 import S3FS
from store_s3 import moto_server


def config_text(embedder: str) -> str:
    """The bench store's config: *embedder*, no LLM."""
    return f'[wake]\nembedder = "{embedder}"\n\n[sleep]\nllm = "none"\n'
_WRITES = {"put_object", "delete_object", "delete_objects", "copy_object"}


class Counting:
    """Every request the S3 backend makes, by operation, and writes to ``derived/``."""

    def __init__(self) -> None:
        self.ops: Counter[str] = Counter()
        self.derived_writes = 0
        self.derived_bytes = 0
        self._real = S3FS._call

    def __enter__(self) -> Counting:
        real = self._real

        def counting(fs: S3FS, op: str, **kwargs: Any) -> dict[str, Any]:
            self.ops[op] += 1
            if op in _WRITES and "/derived/" in "/" + str(kwargs.get("Key", "")):
                self.derived_writes += 1
                self.derived_bytes += len(kwargs.get("Body", b"") or b"")
            return real(fs, op, **kwargs)

        S3FS._call = counting  # type: ignore[method-assign]
        return self

    def __exit__(self, *exc: object) -> None:
        S3FS._call = self._real  # type: ignore[method-assign]


def fresh_machine(url: str) -> Store:
    """A new handle on the store, with this machine's caches empty (index and work cache)."""
    fresh_cache()
    store = Store(S3FS(url, lease_linger=0))
    shutil.rmtree(consolidate_cache_dir(store), ignore_errors=True)  # the engine's work cache
    return store


def counted_cycle(url: str, config: Config, *, before: bool
                  ) -> tuple[float, Counting, CycleSummary]:
    """One cycle on a fresh machine (:func:`fresh_machine`), timed and counted.

    *before*: as cycles ran before the manifest's record and the seeding from
    the shards existed: ``built_from.up_to_date`` forced to False and the empty
    cache not seeded. (After a new turn the record cannot match, so there only
    the seeding differs.)
    """
    from sleepstack.index import seed_shards

    store = fresh_machine(url)
    real, real_seed = built_from.up_to_date, seed_shards.seed_from_manifest
    if before:
        built_from.up_to_date = lambda *a, **k: False  # type: ignore[assignment]
        seed_shards.seed_from_manifest = lambda *a, **k: None  # type: ignore[assignment]
    try:
        with Counting() as counted:
            t = time.perf_counter()
            summary = run_cycle(store, config)
            seconds = time.perf_counter() - t
    finally:
        built_from.up_to_date = real  # type: ignore[assignment]
        seed_shards.seed_from_manifest = real_seed  # type: ignore[assignment]
        store.fs.close()  # type: ignore[attr-defined]
    return seconds, counted, summary


def noop_cycle(url: str, config: Config, *, before: bool) -> tuple[float, Counting, bool]:
    """A cycle with nothing new: seconds, requests, whether the index build was skipped."""
    seconds, counted, summary = counted_cycle(url, config, before=before)
    assert summary.noop, "the cycle was not a no-op"
    return seconds, counted, bool((summary.index or {}).get("skipped"))


def changed_cycle(url: str, config: Config, n: int, *, before: bool
                  ) -> tuple[float, float, int, Counting]:
    """A cycle after one new turn: seconds, index seconds, rows added, requests."""
    from datetime import UTC, datetime

    from sleepstack.layers.rawlog import Turn
    from sleepstack.wake.log import append_turns

    writer = Store(S3FS(url, lease_linger=0))
    append_turns(writer, [Turn(f"new-{n}", "user001", "s-new", "user",
                               f"my new bicycle number {n} is blue",
                               datetime(2024, 6, 1, 9, n % 60, tzinfo=UTC))], actor="bench")
    writer.fs.close()  # type: ignore[attr-defined]
    seconds, counted, summary = counted_cycle(url, config, before=before)
    index = summary.index or {}
    assert not summary.noop and index.get("published"), index
    return seconds, float(summary.timings_s.get("index", 0.0)), int(index["added"]), counted


def run(users: int, turns: int, repeat: int, embedder: str = "hash:64"
        ) -> tuple[list[list[object]], list[list[object]], list[str]]:
    import importlib

    client = importlib.import_module("botocore.session").get_session().create_client(
        "s3", region_name="us-east-1")
    bucket = f"sleepstack-noop-{uuid.uuid4().hex[:8]}"
    client.create_bucket(Bucket=bucket)
    url = f"s3://{bucket}/store"
    fresh_cache()
    store = seed(url, users, turns)
    text = config_text(embedder)
    with store.fs.lock():  # the config is outside the audited tree
        store.fs.write_atomic("sleepstack.toml", text.encode())
    config = Config.parse(text)
    t = time.perf_counter()
    first = run_cycle(store, config)
    cycled = time.perf_counter() - t
    store.fs.close()  # type: ignore[attr-defined]
    manifest = shards.read_manifest(Store(S3FS(url, lease_linger=0)))
    assert manifest is not None and "built_from" in manifest, first.index
    rows: list[list[object]] = []
    changed: list[list[object]] = []
    for label, before in (("before: rebuild + republish", True), ("now: skipped", False)):
        runs = [noop_cycle(url, config, before=before) for _ in range(repeat)]
        secs = statistics.median(r[0] for r in runs)
        last = runs[-1][1]
        assert all(r[2] == (not before) for r in runs)
        rows.append([label, f"{secs:.2f}", sum(last.ops.values()),
                     last.ops["get_object"] + last.ops["head_object"],
                     last.ops["list_objects_v2"], last.derived_writes,
                     f"{last.derived_bytes / 1e3:,.1f}"])
    for label, before in (("before: empty cache rebuilds everything", True),
                          ("now: starts from the published shards", False)):
        runs = [changed_cycle(url, config, k + (0 if before else 100), before=before)
                for k in range(repeat)]
        last = runs[-1][3]
        changed.append([label, f"{statistics.median(r[0] for r in runs):.2f}",
                        f"{statistics.median(r[1] for r in runs):.2f}", runs[-1][2],
                        sum(last.ops.values()), last.ops["get_object"]])
    notes = [f"{users} users x {turns} turns + 2 topics, embedder {embedder}; the first cycle"
             f" (commit + build + publish) took {cycled:.1f} s; {repeat} cycles each way,"
             " median seconds, requests of the last one"]
    return rows, changed, notes


def main() -> None:
    environment.install(os.environ)  # an entry point: it moves SLEEPSTACK_CACHE
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--users", type=int, default=50)
    ap.add_argument("--turns", type=int, default=100)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--embedder", default="hash:64",
                    help="the store's embedder (the default model shows what re-embedding costs)")
    args = ap.parse_args()
    os.environ.setdefault("AWS_ACCESS_KEY_ID", "bench")
    os.environ.setdefault("AWS_SECRET_ACCESS_KEY", "bench")
    with moto_server() as endpoint:
        os.environ["AWS_ENDPOINT_URL"] = endpoint
        rows, changed, notes = run(args.users, args.turns, args.repeat, args.embedder)
    print("## a no-op sleep cycle on s3, fresh process (moto on 127.0.0.1)\n")
    print(table(["no-op cycle", "s", "requests", "GET+HEAD", "LIST", "writes to derived/",
                 "KB up"], rows))
    print("\n## a cycle after one new turn, fresh process\n")
    print(table(["cycle", "s", "of which index s", "rows added", "requests", "GET"], changed))
    print()
    for n in notes:
        print(f"- {n}")


if __name__ == "__main__":
    main()
