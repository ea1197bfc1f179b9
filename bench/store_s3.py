"""Store on object storage: audited writes/s against plain PUTs to the same S3 server.

Starts moto's standalone S3 server on 127.0.0.1 (or uses ``--endpoint`` and
``--bucket`` for MinIO / real S3) and measures, in one run on one server:

* plain 1 KB PUTs and GETs (the baseline: what one object write costs here);
* audited, versioned 1 KB writes through the store with each audit-log layout
  (``segments``: one conditional create per commit; ``object``: one
  ``audit/log.jsonl`` rewritten under ``If-Match``), and the object layout again
  on a log pre-seeded with ``--seed`` entries, where its O(log) rewrite shows;
* a cold read of the whole audit log (``Store.audit_entries()`` in a fresh process
  view) for each layout;
* S3 requests per audited write (a file the writer already knows, and a new one);
  the new versions live in the log segment, so a known file is segment + file;
* compaction of the segments log as the sleep cycle runs it: the versions the
  folded segments hold are written out as blobs first (the cost moved off writes);
* group commit: 8 threads of one process logging turns and filing proposals at
  once (several mutations per segment), as an API server does.

    python bench/store_s3.py [--n 60] [--reps 3] [--seed 20000]
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
import uuid
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
from _table import median, table
from sleepstack.store import Store
from sleepstack.store.audit import GENESIS, canonical, entry_hash
from sleepstack.store.s3 import S3FS

PAYLOAD = "x" * 1000 + "\n"
W: dict[str, Any] = {"actor": "bench", "reason": "s3 write benchmark"}


@contextmanager
def moto_server() -> Iterator[str]:
    """A throwaway moto S3 server on a free local port."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    url = f"http://127.0.0.1:{port}"
    proc = subprocess.Popen([sys.executable, "-m", "moto.server", "-H", "127.0.0.1", "-p",
                             str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(300):
            try:
                with urllib.request.urlopen(f"{url}/moto-api/", timeout=2):
                    break
            except OSError:
                time.sleep(0.1)
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def rate(n: int, fn: Callable[[int], object]) -> float:
    t = time.perf_counter()
    for i in range(n):
        fn(i)
    return n / (time.perf_counter() - t)


def write(store: Store, offset: int, i: int) -> object:
    return store.write_text(f"user/bench/f{i % 20}.md", PAYLOAD + str(offset + i), **W)


def read(store: Store, i: int) -> object:
    return store.read_text(f"user/bench/f{i % 20}.md")


def init(url: str, layout: str) -> Store:
    fs = S3FS(url, log_layout=layout)  # type: ignore[arg-type]
    with fs.lock():
        fs.write_atomic("sleepstack.toml", b"[store]\n")
    return Store(fs)


def seed_object_log(fs: S3FS, entries: int) -> int:
    """A valid hash-chained log of *entries* synthetic writes, PUT in one go; its size."""
    lines, prev = [], GENESIS
    for seq in range(1, entries + 1):
        e: dict[str, Any] = {"op": "write", "path": f"user/seed/f{seq % 100}.md", "seq": seq,
                             "actor": "seed", "reason": "pre-seeded history",
                             "old_sha": None, "new_sha": "0" * 64, "at": "2024-01-01T00:00:00Z",
                             "tx": f"{seq:016x}", "tx_n": 1, "prev_hash": prev}
        e["hash"] = prev = entry_hash(e)
        lines.append(canonical(e) + b"\n")
    data = b"".join(lines)
    fs.write_atomic("audit/log.jsonl", data)
    fs.write_atomic("audit/HEAD", json.dumps({"seq": entries, "hash": prev}).encode())
    return len(data)


def _counted(store: Store) -> tuple[Counter[str], Callable[..., dict[str, Any]]]:
    """Count *store*'s S3 requests from now on; (the counter, the original call to restore)."""
    calls: Counter[str] = Counter()
    fs = store.fs
    assert isinstance(fs, S3FS)
    original = fs._call

    def counting(op: str, **kwargs: Any) -> dict[str, Any]:
        calls[op] += 1
        return original(op, **kwargs)

    fs._call = counting  # type: ignore[method-assign]
    return calls, original


def count_requests(store: Store, path: str, *, times: int = 1) -> int:
    calls, original = _counted(store)
    try:
        for i in range(times):
            calls.clear()
            store.write_text(path, PAYLOAD + f"counted {i}", **W)
    finally:
        store.fs._call = original  # type: ignore[attr-defined]
    return sum(calls.values())


def grouped(store: Store, threads: int, per_thread: int) -> tuple[float, float]:
    """(mutations/s, mutations per segment) with *threads* writers sharing one store."""
    from datetime import UTC, datetime

    from sleepstack.layers.rawlog import Turn
    from sleepstack.wake.log import append_turns

    at = datetime(2024, 1, 2, 10, 0, tzinfo=UTC)
    before = len(store.fs.list("audit/log"))
    entries_before = len({e["tx"] for e in store.audit_entries()})

    def work(k: int) -> None:
        for i in range(per_thread):
            if i % 2:
                store.write_text(f"staging/inbox/b{k}/p{i}-{uuid.uuid4().hex[:6]}.json",
                                 "{}\n", expected_sha="absent", **W)
            else:
                append_turns(store, [Turn(f"t-{uuid.uuid4().hex[:10]}", f"u{k % 4}", "s",
                                          "user", PAYLOAD, at)], actor="bench")

    import threading

    pool = [threading.Thread(target=work, args=(k,)) for k in range(threads)]
    t = time.perf_counter()
    for th in pool:
        th.start()
    for th in pool:
        th.join()
    secs = time.perf_counter() - t
    segments = len(store.fs.list("audit/log")) - before
    mutations = len({e["tx"] for e in store.audit_entries()}) - entries_before
    return threads * per_thread / secs, mutations / max(1, segments)


def run(endpoint: str, bucket: str, n: int, reps: int, seed: int) -> list[list[object]]:
    session = importlib.import_module("botocore.session")  # untyped: keep mypy quiet
    os.environ.setdefault("AWS_ACCESS_KEY_ID", "bench")
    os.environ.setdefault("AWS_SECRET_ACCESS_KEY", "bench")
    os.environ["AWS_ENDPOINT_URL"] = endpoint
    client = session.get_session().create_client("s3", region_name="us-east-1")
    with contextlib.suppress(Exception):  # it may exist already (--bucket)
        client.create_bucket(Bucket=bucket)
    run_id = uuid.uuid4().hex[:8]
    base = f"s3://{bucket}/bench-{run_id}"
    stores = {layout: init(f"{base}-{layout}", layout) for layout in ("segments", "object")}
    seeded = init(f"{base}-seeded", "object")
    assert isinstance(seeded.fs, S3FS)
    seed_bytes = seed_object_log(seeded.fs, seed) if seed else 0

    plain_w, plain_r = [], []
    audited: dict[str, list[float]] = {"segments": [], "object": [], "seeded": []}
    audited_r: list[float] = []
    plain_key = f"bench-{run_id}-plain/f{{}}.md"
    for rep in range(reps):
        offset = rep * n  # every write carries new bytes (new blob, new version)

        def put(i: int, offset: int = offset) -> object:
            return client.put_object(Bucket=bucket, Key=plain_key.format(i % 20),
                                     Body=(PAYLOAD + str(offset + i)).encode())

        def get(i: int) -> object:
            return client.get_object(Bucket=bucket, Key=plain_key.format(i % 20))["Body"].read()

        plain_w.append(rate(n, put))
        for name, store in (*stores.items(), ("seeded", seeded)):
            audited[name].append(rate(n, partial(write, store, offset)))
        plain_r.append(rate(n, get))
        audited_r.append(rate(n, partial(read, stores["segments"])))
    group_rate, per_segment = grouped(stores["segments"], 8, n // 4 or 1)
    for store in stores.values():
        assert store.audit_verify().ok

    cold: dict[str, tuple[float, int]] = {}
    for name, url in (("segments", f"{base}-segments"), ("object", f"{base}-object"),
                      ("seeded", f"{base}-seeded")):
        t = time.perf_counter()
        count = len(Store.open(url).audit_entries())
        cold[name] = (time.perf_counter() - t, count)

    pw = median(plain_w)
    rows: list[list[object]] = [["plain PUT 1 KB", pw, "1", "1", ""]]
    labels = {"segments": "audited write, segments log", "object": "audited write, object log",
              "seeded": f"audited write, object log (+{seed:,} seeded entries,"
                        f" {seed_bytes / 1e6:.1f} MB)"}
    for name, label in labels.items():
        if name == "seeded" and not seed:
            continue
        store = seeded if name == "seeded" else stores[name]
        new_file = count_requests(store, f"user/bench/new-{name}.md")
        known = count_requests(store, f"user/bench/new-{name}.md", times=3)
        rows.append([label, median(audited[name]), f"1/{pw / median(audited[name]):.2f}",
                     f"{known} ({new_file} new file)",
                     f"log {len(store.audit_entries()):,} entries at the end"])
    rows.append(["group commit, 8 threads (turns + proposals)", group_rate,
                 f"1/{pw / group_rate:.2f}", "", f"{per_segment:.1f} mutations per segment"])
    rows.append(["plain GET 1 KB", median(plain_r), "", "1", ""])
    rows.append(["store read_text", median(audited_r),
                 f"{median(plain_r) / median(audited_r):.2f}x slower", "1", "no lock, no log"])
    seg = stores["segments"]
    compact_calls, original = _counted(seg)
    t = time.perf_counter()
    done = seg.compact_log(min_objects=2)
    compact_secs = time.perf_counter() - t
    seg.fs._call = original  # type: ignore[attr-defined]
    assert done is not None and seg.audit_verify().ok
    folded = done["checkpoint"]
    rows.append([f"compaction: fold {folded['objects']} segments, write out their"
                 f" {folded['blobs']} versions", folded["objects"] / compact_secs, "",
                 str(sum(compact_calls.values())), f"{compact_secs * 1000:,.0f} ms, segments/s"])
    for name in ("segments", "object", "seeded"):
        if name == "seeded" and not seed:
            continue
        secs, count = cold[name]
        rows.append([f"cold audit_entries(), {labels[name].split(', ', 1)[1]}", 1 / secs, "",
                     "", f"{count:,} entries in {secs * 1000:,.0f} ms"])
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--n", type=int, default=60, help="writes per layout per run")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--seed", type=int, default=20000,
                    help="entries pre-seeded into one object-layout log (0: skip)")
    ap.add_argument("--endpoint", help="an existing S3 endpoint instead of a local moto server")
    ap.add_argument("--bucket", default=f"sleepstack-bench-{uuid.uuid4().hex[:8]}")
    args = ap.parse_args()
    if args.endpoint:
        rows = run(args.endpoint, args.bucket, args.n, args.reps, args.seed)
        where = args.endpoint
    else:
        with moto_server() as endpoint:
            rows = run(endpoint, args.bucket, args.n, args.reps, args.seed)
        where = "moto server on 127.0.0.1"
    print(f"## store on S3 ({where}; {args.reps} runs x {args.n} writes, medians, ops/s)\n")
    print(table(["operation", "ops/s", "vs plain", "S3 requests", "note"], rows))


if __name__ == "__main__":
    main()
