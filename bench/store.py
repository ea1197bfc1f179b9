"""Store benchmark: audited, versioned 1 KB writes/s and reads/s against plain files.

The baseline is measured in the same run on the same disk: a plain durable
write (temp file, fsync, rename, directory fsync) and a plain read. Target:
at least 500 audited writes/s, within 3x of the plain fsync'd writes.

    python bench/store.py [--n 400] [--reps 5]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _table import median, table
from sleepstack.store import Store

PAYLOAD = "x" * 1000 + "\n"


def plain_write(root: Path, name: str, data: bytes) -> None:
    target = root / name
    tmp = root / f".{name}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    os.write(fd, data)
    os.fsync(fd)
    os.close(fd)
    os.replace(tmp, target)
    dfd = os.open(root, os.O_RDONLY | os.O_DIRECTORY)
    os.fsync(dfd)
    os.close(dfd)


def run(n: int, reps: int) -> list[list[object]]:
    audited_w, plain_w, audited_r, plain_r = [], [], [], []
    with tempfile.TemporaryDirectory(dir=os.environ.get("BENCH_DIR")) as tmp:
        store = Store.init(Path(tmp) / "home")
        plain = Path(tmp) / "plain"
        plain.mkdir()
        for rep in range(reps):
            t = time.perf_counter()
            for i in range(n):
                store.write_text(f"user/bench/f{i % 50}.md", PAYLOAD + str(rep * n + i),
                                 actor="bench", reason="write benchmark")
            audited_w.append(n / (time.perf_counter() - t))
            t = time.perf_counter()
            for i in range(n):
                plain_write(plain, f"f{i % 50}.md", (PAYLOAD + str(rep * n + i)).encode())
            plain_w.append(n / (time.perf_counter() - t))
            t = time.perf_counter()
            for i in range(n):
                store.read_text(f"user/bench/f{i % 50}.md")
            audited_r.append(n / (time.perf_counter() - t))
            t = time.perf_counter()
            for i in range(n):
                (plain / f"f{i % 50}.md").read_text()
            plain_r.append(n / (time.perf_counter() - t))
        assert store.audit_verify().ok
    w_ratio = median(plain_w) / median(audited_w)
    r_ratio = median(plain_r) / median(audited_r)
    return [
        ["1 KB writes/s", median(audited_w), median(plain_w), f"{w_ratio:.2f}x slower",
         "PASS" if median(audited_w) >= 500 and w_ratio <= 3 else "FAIL (>=500/s, <=3x)"],
        ["1 KB reads/s", median(audited_r), median(plain_r), f"{r_ratio:.2f}x slower", ""],
    ]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--n", type=int, default=400)
    ap.add_argument("--reps", type=int, default=5)
    args = ap.parse_args()
    rows = run(args.n, args.reps)
    print(f"## store ({args.reps} runs x {args.n} ops, medians)\n")
    print(table(["operation", "sleepstack", "plain files", "ratio", "target"], rows))


if __name__ == "__main__":
    main()
