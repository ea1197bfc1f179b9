"""Child-process workers for the multi-process and kill tests (run as scripts)."""

from __future__ import annotations

import sys

from sleepstack.errors import PreconditionFailed
from sleepstack.store import Change, Store


def increment(home: str, n: int, worker: str) -> int:
    """Read-modify-write a counter n times with the SHA precondition; returns conflicts seen."""
    store = Store.open(home)
    conflicts = 0
    for _ in range(n):
        while True:
            sha = store.sha("user/shared/counter.txt")
            value = int(store.read_text("user/shared/counter.txt"))
            try:
                store.write_text("user/shared/counter.txt", str(value + 1), expected_sha=sha,
                                 actor=worker, reason="increment")
                break
            except PreconditionFailed:
                conflicts += 1
    return conflicts


def churn(home: str) -> None:
    """Write, append, delete and batch forever (until killed)."""
    store = Store.open(home)
    i = 0
    while True:
        i += 1
        store.write_text(f"user/k/f{i % 7}.md", f"value {i}\n" * (i % 50 + 1),
                         actor="churn", reason="kill test")
        store.append_text(f"memory/log/k/2024-01-{i % 28 + 1:02d}.md", f"- turn {i}\n",
                          actor="churn", reason="kill test")
        if i % 5 == 0 and store.exists(f"user/k/f{(i + 3) % 7}.md"):
            store.delete(f"user/k/f{(i + 3) % 7}.md", actor="churn", reason="kill test")
        if i % 3 == 0:
            store.apply([Change("write", f"user/k/batch{j}.md", f"b{i}-{j}") for j in range(5)],
                        actor="churn", reason="kill test batch", cycle=f"c{i}")
        print(i, flush=True)


if __name__ == "__main__":
    if sys.argv[1] == "increment":
        print(increment(sys.argv[2], int(sys.argv[3]), sys.argv[4]))
    else:
        churn(sys.argv[2])
