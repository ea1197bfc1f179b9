"""Memory verbs by id: latency of get / get_all / update / history against the plain reads.

A store with one user holding ``--facts`` facts and ``--notes`` notes (written
directly, ``hash:64`` embedder, no cycle). Baselines in the same run: reading
the user's ``facts.jsonl`` (``Memory.facts``) and reading one note file. The
verbs add parsing, the filter, and for ``update`` the validator and one
audited write (compare ``Store.write_text`` of the same bytes).

    python bench/memories.py [--facts 2000] [--notes 200] [--reps 20]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _table import median, pct, table
from sleepstack import Memory
from sleepstack.layers.facts import Fact, dump_facts
from sleepstack.memories.write import put_note
from sleepstack.store import Store

CONFIG = '[wake]\nembedder = "hash:64"\n\n[sleep]\nllm = "none"\n'


def _ms(fn: Callable[[], object], reps: int) -> list[float]:
    out = []
    for _ in range(reps):
        t = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t) * 1000)
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--facts", type=int, default=2000)
    ap.add_argument("--notes", type=int, default=200)
    ap.add_argument("--reps", type=int, default=20)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp) / "home"
        store = Store.init(home, config_text=CONFIG)
        facts = [Fact(id=f"f-{i:016x}", user="alice", subject="user", attribute=f"attr {i}",
                      value=f"value {i}", category="personal", confidence=0.9,
                      text=f"The user's attribute {i} is value {i}.",
                      at="2026-01-01T00:00:00Z", valid_from="2026-01-01T00:00:00Z",
                      cites=(f"t{i}",), tags=("bench",) if i % 10 == 0 else ())
                 for i in range(args.facts)]
        store.write_text("user/alice/facts.jsonl", dump_facts(facts), actor="bench",
                         reason="seed")
        for i in range(args.notes):
            put_note(store, user="alice", name=f"n{i}", text=f"Note number {i} about work.",
                     fields={}, actor="bench")
        mem = Memory(home, actor="bench")
        fid, nid = facts[args.facts // 2].id, f"note:alice:n{args.notes // 2}"
        note_path = f"user/alice/notes/n{args.notes // 2}.md"
        n = [0]

        def update() -> None:
            n[0] += 1
            mem.update(nid, f"Note text, version {n[0]}.")

        def plain_write() -> None:
            n[0] += 1
            store.write_text(note_path + ".bak.md", f"x {n[0]}\n", actor="bench", reason="b")

        rows = []
        for name, fn in [
            ("baseline: Memory.facts(user)", lambda: mem.facts("alice")),
            ("baseline: read one note file", lambda: store.read_text(note_path)),
            ("get(fact id, user)", lambda: mem.get(fid, user="alice")),
            ("get(note id)", lambda: mem.get(nid)),
            ("get_all(user)", lambda: mem.get_all("alice")),
            ("get_all(user, tags=[bench])", lambda: mem.get_all("alice", {"tags": ["bench"]})),
            ("history(note id)", lambda: mem.history(nid)),
            ("baseline: Store.write_text (audited)", plain_write),
            ("update(note id, text)", update),
        ]:
            ms = _ms(fn, args.reps)
            rows.append((name, f"{median(ms):.2f}", f"{pct(ms, 95):.2f}"))
    print(f"{args.facts} facts, {args.notes} notes, {args.reps} reps")
    print(table(["operation", "median ms", "p95 ms"], rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
