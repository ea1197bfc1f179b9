"""Graph extraction precision on hand-labelled sentences (bench/data/graph_sentences.jsonl).

Each sentence is folded alone into an empty graph, as the user's own turn
(``role = user``; the user's node is named "user"), and every relation the
graph then holds (current or closed) is compared with the sentence's labels
``[src, kind, dst]`` (names compared case-insensitively; "user's sister" is
the unnamed sister). Precision is over the relations written to the graph,
recall over the labelled ones; both are reported for the ``tune`` part (the
rules were written looking at it) and the ``heldout`` part (written
separately, never used to change a rule). Rows with ``"set": "activity"``
(80 sentences: what someone does or attends, :mod:`sleepstack.graph.activity`)
are reported apart from the named-entity relations, as are, over all rows,
the ``does``/``attends`` relations alone. Four older sentences ("My husband
David loves cooking") gained their ``does`` label when that kind was added.

Usage: python bench/graph_extract.py [--show-errors]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from sleepstack.graph import Graph, Text, build_graph

ACTIVITY = ("does", "attends")
DATA = Path(__file__).resolve().parent / "data" / "graph_sentences.jsonl"


def triples(text: str) -> set[tuple[str, str, str]]:
    """The relations one sentence writes to a fresh graph."""
    g = build_graph(Graph("user"), [Text("s", text, "2026-01-01T00:00:00Z", "user")],
                    user_name="user")
    names = {i: e.name.casefold() for i, e in g.entities.items()}
    return {(names[r.src], r.kind, names[r.dst]) for r in g.relations}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--show-errors", action="store_true")
    args = ap.parse_args()
    rows = [json.loads(line) for line in DATA.read_text().splitlines() if line.strip()]
    print("| part | set | sentences | labelled | written | correct | precision | recall |")
    print("|---|---|---|---|---|---|---|---|")
    for part in ("tune", "heldout"):
        for which in ("names", "activity", "does/attends only"):
            n = gold_n = pred_n = tp = 0
            for r in rows:
                if r["split"] != part:
                    continue
                if which != "does/attends only" and r.get("set", "names") != which:
                    continue
                n += 1
                gold = {(a.casefold(), k, b.casefold()) for a, k, b in r["relations"]}
                pred = triples(r["text"])
                if which == "does/attends only":
                    gold = {t for t in gold if t[1] in ACTIVITY}
                    pred = {t for t in pred if t[1] in ACTIVITY}
                gold_n += len(gold)
                pred_n += len(pred)
                tp += len(gold & pred)
                if args.show_errors and gold != pred and which != "does/attends only":
                    print(f"  {r['id']}: {r['text']!r} missing={sorted(gold - pred)}"
                          f" wrong={sorted(pred - gold)}", file=sys.stderr)
            prec = tp / pred_n if pred_n else float("nan")
            rec = tp / gold_n if gold_n else float("nan")
            print(f"| {part} | {which} | {n} | {gold_n} | {pred_n} | {tp} | {prec:.3f} |"
                  f" {rec:.3f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
