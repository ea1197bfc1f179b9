"""A fresh wake replica on an ``s3://`` store: shards against building the index (issue #15).

On moto's S3 server on 127.0.0.1: a store of ``--users`` users x ``--turns``
turns (hashing embedder, so the figure is about I/O and SQLite, not MiniLM) and
two reference topics. The builder indexes it once (which publishes the shards
and the manifest); then, each in an empty local cache:

* baseline (before issue #15): the replica builds the whole index itself, then
  recalls;
* shards: the replica's first recall downloads the manifest, the base shard and
  the asking user's shard (and a routed topic's), merges them and answers;
* warm recalls on that replica (p50, p95): reading the files past the shards on
  every recall (before) against the audit log's change feed
  (:mod:`sleepstack.wake.fresh`), with nothing changed, with another user's
  turn logged before each recall, and with the asking user's own (which the
  recall must find).

It also reports the bytes a replica downloads for one user against the whole
generation.

    python bench/index_shards.py [--users 50] [--turns 100] [--queries 20]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _table import table
from sleepstack import environment
from sleepstack.index import shard_reader, shards
from sleepstack.index.build import build_generation
from sleepstack.index.location import current_generation, index_dir
from sleepstack.layers.rawlog import Turn
from sleepstack.store import Store
from sleepstack.store.s3 import S3FS
from sleepstack.wake import fresh
from sleepstack.wake.log import append_turns
from sleepstack.wake.recall import recall
from store_s3 import moto_server

CONFIG = '[wake]\nembedder = "hash:64"\n'
WORDS = ["garden", "bicycle", "kitchen", "violin", "harbour", "meeting", "recipe", "train",
         "museum", "lantern", "orchard", "ticket", "piano", "window", "coffee", "river",
         "market", "jacket"]


def seed(url: str, users: int, turns: int) -> Store:
    fs = S3FS(url)
    with fs.lock():
        fs.write_atomic("sleepstack.toml", CONFIG.encode())
    store = Store(fs)
    start = datetime(2024, 1, 1, 9, 0, tzinfo=UTC)
    for u in range(users):
        batch = [Turn(f"t-{u}-{i}", f"user{u:03d}", f"s{i // 20}", "user",
                      f"note {i}: the {WORDS[(u + i) % len(WORDS)]} and the "
                      f"{WORDS[(u * 7 + i) % len(WORDS)]} of user {u}",
                      start + timedelta(minutes=i)) for i in range(turns)]
        append_turns(store, batch, actor="bench", secrets="keep")
    for slug in ("cooking", "travel"):
        store.put_document(f"memory/topics/{slug}/guide.md",
                           f"# {slug}\n\n" + "\n\n".join(
                               f"Section {k}: {slug} advice about the {WORDS[k % len(WORDS)]}."
                               for k in range(40)) + "\n", actor="bench", reason="topic")
    return store


def fresh_cache() -> str:
    root = tempfile.mkdtemp(prefix="sleepstack-replica-")
    os.environ["SLEEPSTACK_CACHE"] = root
    shard_reader.forget_views()
    return root


def run(users: int, turns: int, queries: int) -> tuple[list[list[object]], list[str]]:
    import importlib

    client = importlib.import_module("botocore.session").get_session().create_client(
        "s3", region_name="us-east-1")
    bucket = f"sleepstack-shards-{uuid.uuid4().hex[:8]}"
    client.create_bucket(Bucket=bucket)
    url = f"s3://{bucket}/store"
    builder_cache = fresh_cache()
    t = time.perf_counter()
    store = seed(url, users, turns)
    seeded = time.perf_counter() - t
    t = time.perf_counter()
    build_generation(store)
    built = time.perf_counter() - t
    manifest = shards.read_manifest(store)
    assert manifest is not None
    cur = current_generation(index_dir(store))
    assert cur is not None
    whole = cur[1].stat().st_size
    store.fs.close()  # type: ignore[attr-defined]
    asking = "user007"
    query = f"what about the {WORDS[7]} of user 7"

    # Baseline: the replica builds the whole index itself before it can answer.
    base_cache = fresh_cache()
    replica = Store.open(url)
    t = time.perf_counter()
    shards.set_enabled(False)
    try:
        build_generation(replica)
        recall_local = recall(replica, query, asking)
    finally:
        shards.set_enabled(True)
    baseline = time.perf_counter() - t
    replica.fs.close()  # type: ignore[attr-defined]
    assert "user 7" in recall_local.context

    # Shards: a fresh replica's first recall.
    shard_cache = fresh_cache()
    replica = Store.open(url)
    t = time.perf_counter()
    ctx = recall(replica, query, asking)
    first = time.perf_counter() - t
    assert "user 7" in ctx.context and not ctx.degraded
    downloaded = sum(p.stat().st_size for p in shard_reader.shard_dir(replica).glob("*.sqlite")
                     if not p.name.startswith("view-"))

    def timed(before: Callable[[int], str] | None = None) -> list[float]:
        out = []
        for q in range(queries):
            query = before(q) if before is not None else f"the {WORDS[q % len(WORDS)]} of user 7"
            t = time.perf_counter()
            got = recall(replica, query, asking)
            out.append(time.perf_counter() - t)
            if before is not None and query.startswith("the zeppelin"):
                assert query.split()[1] in got.context, "a fresh turn was not recalled"
        return sorted(out)

    timed()  # warm-up: the first pass fills the process's caches (parsed rows, vectors)
    warm = timed()
    # The same replica reading the files on every recall, as before this change: no
    # feed, a HEAD per file, whole day files (the instance attributes hide the helpers).
    fresh.set_feed(False)
    for helper in ("list_sizes", "read_from"):
        setattr(replica.fs, helper, None)
    try:
        before = timed()
    finally:
        fresh.set_feed(True)
        for helper in ("list_sizes", "read_from"):
            delattr(replica.fs, helper)
    writer = Store(S3FS(url))  # another replica's writes, between this replica's recalls
    at = datetime(2024, 6, 1, 9, 0, tzinfo=UTC)

    def other_user(q: int) -> str:
        append_turns(writer, [Turn(f"w-{q}", "user000", "s-new", "user",
                                   f"the violin of user 0, take {q}", at)], actor="bench")
        return f"the {WORDS[q % len(WORDS)]} of user 7"

    def own(q: int) -> str:
        word = "zeppelin" + "abcdefghijklmnopqrstuvwxyz"[q % 26] * 2
        append_turns(writer, [Turn(f"o-{q}", asking, "s-new", "user",
                                   f"my {word} is ready, says user 7", at)], actor="bench")
        return f"the {word} of user 7"

    busy = timed(other_user)
    mine = timed(own)
    writer.fs.close()  # type: ignore[attr-defined]
    per_user = [e["bytes"] for n, e in manifest["shards"].items() if n.startswith("u-")]
    base_bytes = manifest["shards"]["base"]["bytes"]
    for root in (builder_cache, base_cache, shard_cache):
        shutil.rmtree(root, ignore_errors=True)
    rows: list[list[object]] = [
        ["replica builds the whole index, then recalls (before)", f"{baseline * 1000:,.0f}",
         f"{whole / 1e6:.2f} MB local", "the whole generation"],
        ["replica's first recall from shards", f"{first * 1000:,.0f}",
         f"{downloaded / 1e6:.3f} MB downloaded",
         f"{downloaded / whole:.1%} of the whole generation"],
        ["warm recall, files read every time (before), p50 / p95", _ms(before), "",
         "3 LISTs + a HEAD per file"],
        ["warm recall, change feed, p50 / p95", _ms(warm), "", "1 LIST: nothing changed"],
        ["  ... another user logged a turn before each", _ms(busy), "",
         "LIST + GET of the new segment"],
        ["  ... the asking user logged a turn before each", _ms(mine), "",
         "read-your-writes: LIST + GET of the segment (its payload)"],
    ]
    notes = [f"{users} users x {turns} turns + 2 topics; seeded in {seeded:,.0f} s; builder's"
             f" index build + shard publish {built:,.1f} s",
             f"one user's shard: median {statistics.median(per_user) / 1e3:,.1f} KB;"
             f" base shard {base_bytes / 1e3:,.1f} KB; whole generation {whole / 1e6:.2f} MB;"
             f" user + base = {(statistics.median(per_user) + base_bytes) / whole:.1%}"]
    return rows, notes


def _ms(samples: list[float]) -> str:
    p95 = samples[max(0, int(len(samples) * 0.95) - 1)]
    return f"{statistics.median(samples) * 1000:,.1f} / {p95 * 1000:,.1f}"


def main() -> None:
    environment.install(os.environ)  # the bench is an entry point: it moves SLEEPSTACK_CACHE
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--users", type=int, default=50)
    ap.add_argument("--turns", type=int, default=100)
    ap.add_argument("--queries", type=int, default=20)
    args = ap.parse_args()
    os.environ.setdefault("AWS_ACCESS_KEY_ID", "bench")
    os.environ.setdefault("AWS_SECRET_ACCESS_KEY", "bench")
    with moto_server() as endpoint:
        os.environ["AWS_ENDPOINT_URL"] = endpoint
        rows, notes = run(args.users, args.turns, args.queries)
    print("## a fresh wake replica on s3 (moto on 127.0.0.1)\n")
    print(table(["what", "ms", "bytes", "note"], rows))
    print()
    for n in notes:
        print(f"- {n}")


if __name__ == "__main__":
    main()
