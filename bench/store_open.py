"""Opening a store on S3 as its log grows: before and after compaction (issue #15).

Seeds a segmented audit log of N mutations (a valid hash chain, one segment per
mutation, as the store writes them; the working files and blobs of the last
few only, since opening never reads the others), on moto's S3 server on
127.0.0.1, then measures in a fresh process view:

* writer open: ``Store.open`` + the first audited write (lease, tail, commit);
* full read: ``Store.open(...).audit_entries()`` (what recovery, history and
  ``audit verify`` read), before and after ``Store.compact_log()`` folded
  the segments into one checkpoint object.

    python bench/store_open.py [--sizes 1000,10000] [--reps 3]
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import json
import os
import sys
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
from _table import median, table
from sleepstack.store import Store
from sleepstack.store.audit import GENESIS, canonical, entry_hash, sha256_hex
from sleepstack.store.names import blob_path
from store_s3 import moto_server

W: dict[str, Any] = {"actor": "bench", "reason": "open benchmark"}


def seed(client: Any, bucket: str, prefix: str, n: int) -> None:
    """A store with *n* one-mutation segments, PUT in parallel."""
    objects: dict[str, bytes] = {f"{prefix}/sleepstack.toml": b"[store]\n"}
    prev = GENESIS
    last: dict[str, str] = {}
    for seq in range(1, n + 1):
        body = f"v{seq}".encode()
        sha = sha256_hex(body)
        path = f"user/seed/f{seq % 50}.md"
        e: dict[str, Any] = {"op": "write", "path": path, "seq": seq, "actor": "seed",
                             "reason": "seeded history", "old_sha": last.get(path), "new_sha": sha,
                             "at": "2024-01-01T00:00:00.000Z", "tx": f"{seq:016x}", "tx_n": 1,
                             "prev_hash": prev}
        e["hash"] = prev = entry_hash(e)
        last[path] = sha
        objects[f"{prefix}/audit/log/{seq:012d}.jsonl"] = canonical(e) + b"\n"
        objects[f"{prefix}/{blob_path(sha)}"] = body
        if seq > n - 50:
            objects[f"{prefix}/{path}"] = body
    objects[f"{prefix}/audit/HEAD"] = json.dumps({"seq": n, "hash": prev}).encode()
    with ThreadPoolExecutor(max_workers=16) as pool:
        list(pool.map(lambda kv: client.put_object(Bucket=bucket, Key=kv[0], Body=kv[1]),
                      objects.items()))


def timed(fn: Any) -> float:
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


def writer_open(url: str, i: int) -> None:
    store = Store.open(url)
    store.write_text("user/bench/x.md", f"write {i} {uuid.uuid4().hex}", **W)
    store.fs.close()  # type: ignore[attr-defined]


def full_read(url: str) -> int:
    return len(Store.open(url).audit_entries())


def run(sizes: list[int], reps: int) -> list[list[object]]:
    session = importlib.import_module("botocore.session")
    client = session.get_session().create_client("s3", region_name="us-east-1")
    bucket = f"sleepstack-open-{uuid.uuid4().hex[:8]}"
    client.create_bucket(Bucket=bucket)
    rows: list[list[object]] = []
    for n in sizes:
        prefix = f"s{n}"
        url = f"s3://{bucket}/{prefix}"
        t = time.perf_counter()
        seed(client, bucket, prefix, n)
        seeded = time.perf_counter() - t
        writer_open(url, -1)  # the store's own audit/HEAD (it names the tail segment)
        w = median([timed(lambda i=i, url=url: writer_open(url, i)) for i in range(reps)])
        r = median([timed(lambda url=url: full_read(url)) for _ in range(reps)])
        store = Store.open(url)
        t = time.perf_counter()
        done = store.compact_log(min_objects=2)
        compact_s = time.perf_counter() - t
        store.fs.close()  # type: ignore[attr-defined]
        assert done is not None
        w2 = median([timed(lambda i=i, url=url: writer_open(url, 100 + i)) for i in range(reps)])
        r2 = median([timed(lambda url=url: full_read(url)) for _ in range(reps)])
        assert full_read(url) == n + 2 * reps + 2  # seeded, the writes, the compact entry
        report = Store.open(url).audit_verify()
        ok = report.ok
        if not ok:
            print(report.to_dict()["breaks"][:3], file=sys.stderr)
        rows.append([f"{n:,}", f"{w * 1000:,.0f}", f"{r * 1000:,.0f}", f"{w2 * 1000:,.0f}",
                     f"{r2 * 1000:,.0f}", f"{compact_s:,.1f} s", "ok" if ok else "BROKEN",
                     f"seeded in {seeded:,.0f} s"])
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="1000,10000")
    ap.add_argument("--reps", type=int, default=3)
    args = ap.parse_args()
    sizes = [int(x) for x in args.sizes.split(",")]
    os.environ.setdefault("AWS_ACCESS_KEY_ID", "bench")
    os.environ.setdefault("AWS_SECRET_ACCESS_KEY", "bench")
    with moto_server() as endpoint:
        os.environ["AWS_ENDPOINT_URL"] = endpoint
        with contextlib.suppress(KeyboardInterrupt):
            rows = run(sizes, args.reps)
    print(f"## opening a store on S3 (moto on 127.0.0.1; medians of {args.reps}, ms)\n")
    print(table(["mutations", "writer open", "full log read", "writer open, compacted",
                 "full log read, compacted", "compaction", "audit verify", "note"], rows))


if __name__ == "__main__":
    main()
