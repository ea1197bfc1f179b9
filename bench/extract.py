"""Benchmark the deterministic fact extractor on LoCoMo.

Runs :func:`sleepstack.sleep.extract.extract_facts` over every turn of the
LoCoMo conversations (``/work/shared/data/locomo/locomo10.json`` by default)
and prints facts per 1,000 turns, throughput, the mix of attributes, and a
fixed-seed sample of extracted facts next to their source turns for judging
precision by eye. Skips cleanly when the data set is absent.

    .venv/bin/python bench/extract.py [--data PATH] [--sample 30] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path

from sleepstack.layers.rawlog import Turn
from sleepstack.sleep.extract import extract_facts

DEFAULT_DATA = Path("/work/shared/data/locomo/locomo10.json")


def _session_time(text: str) -> datetime:
    # LoCoMo writes session times like "1:56 pm on 8 May, 2023".
    return datetime.strptime(text.strip(), "%I:%M %p on %d %B, %Y").replace(tzinfo=UTC)


def load_turns(path: Path) -> list[Turn]:
    """Every LoCoMo turn as a raw-log :class:`Turn` (one user per conversation)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    turns: list[Turn] = []
    for conv in data:
        user = str(conv.get("sample_id", f"conv-{len(turns)}"))
        c = conv["conversation"]
        n = 1
        while f"session_{n}" in c:
            at = _session_time(c[f"session_{n}_date_time"])
            for i, t in enumerate(c[f"session_{n}"]):
                # Turns within a session are a minute apart: order matters for supersession.
                when = (
                    at.replace(second=0)
                    if i == 0
                    else at.fromtimestamp(at.timestamp() + 60 * i, UTC)
                )
                turns.append(
                    Turn(
                        id=str(t["dia_id"]),
                        user=user,
                        session=f"session_{n}",
                        role=str(t["speaker"]),
                        text=str(t["text"]),
                        at=when,
                    )
                )
            n += 1
    return turns


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA)
    ap.add_argument("--sample", type=int, default=30)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--json", action="store_true", help="print one JSON document")
    args = ap.parse_args(argv)
    if not args.data.exists():
        print(f"skip: {args.data} not found", file=sys.stderr)
        return 0
    turns = load_turns(args.data)
    by_id = {(t.user, t.id): t for t in turns}
    t0 = time.perf_counter()
    facts = extract_facts(turns)
    elapsed = time.perf_counter() - t0
    attrs = Counter(f.attribute if not f.attribute.endswith("_date") else "*_date" for f in facts)
    cats = Counter(f.category for f in facts)
    rng = random.Random(args.seed)
    sample = rng.sample(facts, min(args.sample, len(facts)))
    result = {
        "turns": len(turns),
        "facts": len(facts),
        "facts_per_1000_turns": round(1000 * len(facts) / max(1, len(turns)), 1),
        "turns_per_s": round(len(turns) / max(elapsed, 1e-9)),
        "seconds": round(elapsed, 3),
        "categories": dict(cats.most_common()),
        "attributes": dict(attrs.most_common(15)),
        "sample": [
            {
                "fact": f.text,
                "slot": f"{f.subject}.{f.attribute}={f.value}",
                "turn": by_id[(f.user, f.cites[0])].text,
            }
            for f in sample
        ],
    }
    if args.json:
        print(json.dumps(result, indent=2, ensure_ascii=False))
        return 0
    print(
        f"turns: {result['turns']}  facts: {result['facts']}  "
        f"facts/1k turns: {result['facts_per_1000_turns']}  "
        f"throughput: {result['turns_per_s']} turns/s ({result['seconds']} s)"
    )
    print("categories:", result["categories"])
    print("top attributes:", result["attributes"])
    print(f"\nsample of {len(sample)} facts (fact  <=  source turn):")
    for s in result["sample"]:
        print(f"- {s['fact']}\n    [{s['slot']}]\n    <= {s['turn']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
