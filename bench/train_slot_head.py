"""Train the slot head shipped in ``src/sleepstack/layers/slot_head.npz``.

    python bench/train_slot_head.py [--exclude val17,val18] [--loso] [--out PATH] [--no-save]

Data: the knowledge stories (``bench/data/knowledge_*.jsonl``) of the splits in
:data:`ALLOWED` only (any other split, a held-out one included, is never
opened), less ``--exclude``; and every slot's prototype sentences. Each story's
user turns are cut into clauses as the claims pass sees them
(:func:`sleepstack.sleep.claims.detect.disclosures`) and labelled for free:

* a clause that names the story's old or new value: the story's slot (in a
  distractor story the third party's value too: the clause is *about* the slot;
  whose value it is, the owner checks decide);
* a clause of a turn that names neither and that the story's split repeats in
  at least :data:`FILLER_MIN` stories (the writers' filler lines): ``none``;
* any other clause (a turn of the story that names no value: it may be about the
  slot or not) is left out.

Method (deterministic): MiniLM sentence embeddings as at inference; softmax
regression, class-balanced, L2 :data:`L2`, full-batch gradient descent from
zeros for :data:`STEPS` steps. ``--loso`` prints, per split left out, the
clause accuracy of the prototypes alone and with the head added (at the
shipped :data:`GAIN`), over the clauses that carry a slot, and how many
``none`` clauses the head lifts over the floor. The weights' digest is written
into ``slot_head.py`` on save.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

sys.path.insert(0, str(Path(__file__).parent))
from _softmax import fit_softmax
from sleepstack.adapters.embed import load_embedder
from sleepstack.layers.slot_head import EMBEDDER, NONE, WEIGHTS, SlotHead
from sleepstack.layers.slot_vectors import FLOOR, prototype_matrix, slot_scores
from sleepstack.layers.slots import SLOTS
from sleepstack.sleep.claims.detect import disclosures

REPO = Path(__file__).resolve().parents[1]
DATA = REPO / "bench" / "data"
MODULE = REPO / "src" / "sleepstack" / "layers" / "slot_head.py"
#: the only splits ever read: the held-out ones of a round are not among them
ALLOWED = ("tune", "val", "val2", *(f"val{n}" for n in range(3, 23)))
#: a user line repeated in this many stories of one split is the writer's filler
FILLER_MIN = 3
LABELS = (*(s.name for s in SLOTS), NONE)
#: what p(slot) adds to the slot's prototype cosine at inference
GAIN = 0.3
L2 = 1e-3
LR = 2.0
STEPS = 600
F32 = npt.NDArray[np.float32]
I64 = npt.NDArray[np.int64]


def _file(split: str) -> Path:
    return DATA / ("knowledge_updates.jsonl" if split in ("tune", "val", "val2")
                   else f"knowledge_{split}.jsonl")


def stories(splits: list[str]) -> list[dict[str, Any]]:
    """The stories of *splits* (each file opened only when one of its splits is wanted)."""
    assert all(s in ALLOWED for s in splits), splits
    out: list[dict[str, Any]] = []
    for path in dict.fromkeys(_file(s) for s in splits):
        out += [r for line in path.read_text(encoding="utf-8").splitlines() if line
                for r in (json.loads(line),) if r["split"] in splits]
    return out


def _names(clause: str, value: str) -> bool:
    return bool(value) and re.search(r"(?<!\w)" + re.escape(value.casefold()) + r"(?!\w)",
                                     clause.casefold()) is not None


def examples(rows: list[dict[str, Any]]) -> list[tuple[str, str, str]]:
    """``(split, clause, label)`` of every labelled clause of *rows*, distinct per split."""
    known = {s.name for s in SLOTS}
    per_split: dict[str, Counter[str]] = {}
    for r in rows:
        texts = {t["text"] for t in r["turns"] if t["role"] == "user"}
        per_split.setdefault(r["split"], Counter()).update(texts)
    out: dict[tuple[str, str], str] = {}
    for r in rows:
        slot = r["slot"]
        if slot not in known:
            continue
        values = [v for v in (r.get("old", ""), r.get("new", "")) if v]
        for t in r["turns"]:
            if t["role"] != "user":
                continue
            text = t["text"]
            filler = (per_split[r["split"]][text] >= FILLER_MIN
                      and not any(_names(text, v) for v in values))
            for c in disclosures(text):
                if any(_names(c.text, v) for v in values):
                    out.setdefault((r["split"], c.text), slot)
                elif filler:
                    out.setdefault((r["split"], c.text), NONE)
    return [(sp, c, lab) for (sp, c), lab in out.items()]


_CACHE: dict[str, np.ndarray] = {}


def embed(texts: list[str]) -> F32:
    """MiniLM sentence embeddings of *texts*, as the head reads them at inference."""
    todo = [t for t in dict.fromkeys(texts) if t not in _CACHE]
    if todo:
        vecs = np.asarray(load_embedder(EMBEDDER).embed(todo), dtype=np.float32)
        _CACHE.update(zip(todo, vecs, strict=True))
    return np.stack([_CACHE[t] for t in texts]).astype(np.float32)


def fit(x: F32, y: I64) -> tuple[F32, F32]:
    """Class-balanced softmax regression by full-batch gradient descent from zeros."""
    return fit_softmax(x, y, len(LABELS), steps=STEPS, lr=LR, l2=L2)


def dataset(data: list[tuple[str, str, str]]) -> tuple[F32, I64]:
    """Embeddings and label indices of *data* plus every slot's prototypes."""
    protos = [(p, s.name) for s in SLOTS for p in s.prototypes]
    texts = [c for _, c, _ in data] + [p for p, _ in protos]
    labels = [lab for _, _, lab in data] + [lab for _, lab in protos]
    return embed(texts), np.asarray([LABELS.index(x) for x in labels], dtype=np.int64)


def train(data: list[tuple[str, str, str]]) -> SlotHead:
    """A head trained on *data* and the prototypes."""
    x, y = dataset(data)
    w, b = fit(x, y)
    return SlotHead(w, b, LABELS, GAIN)


def _proto_scores(x: F32) -> F32:
    protos, owner = prototype_matrix(load_embedder(EMBEDDER))
    scores: F32 = slot_scores(x @ protos.T, owner)
    return scores


def evaluate(head: SlotHead | None, data: list[tuple[str, str, str]]) -> dict[str, float]:
    """Top-1 slot accuracy on slot clauses; share of slot clauses over the floor; none lifted."""
    x = embed([c for _, c, _ in data])
    gold = [lab for _, _, lab in data]
    s = _proto_scores(x)
    if head is not None:
        s = s + head.boost(x)
    top = s.argmax(axis=1)
    over = s.max(axis=1) >= FLOOR
    slot_rows = [i for i, g in enumerate(gold) if g != NONE]
    none_rows = [i for i, g in enumerate(gold) if g == NONE]
    right = sum(SLOTS[top[i]].name == gold[i] and over[i] for i in slot_rows)
    return {"n": len(slot_rows), "acc": right / max(1, len(slot_rows)),
            "over": sum(bool(over[i]) for i in slot_rows) / max(1, len(slot_rows)),
            "none_n": len(none_rows),
            "none_over": sum(bool(over[i]) for i in none_rows) / max(1, len(none_rows))}


def loso(data: list[tuple[str, str, str]], splits: list[str]) -> None:
    """Leave each split out: prototypes alone vs with a head trained on the others."""
    print("| left out | slot clauses | proto acc | head acc | none clauses | "
          "none over floor: proto | head |")
    print("|---|---|---|---|---|---|---|")
    tot: Counter[str] = Counter()
    for sp in splits:
        test = [d for d in data if d[0] == sp]
        if not test:
            continue
        head = train([d for d in data if d[0] != sp])
        a, b = evaluate(None, test), evaluate(head, test)
        print(f"| {sp} | {a['n']} | {a['acc']:.0%} | {b['acc']:.0%} | {a['none_n']} | "
              f"{a['none_over']:.0%} | {b['none_over']:.0%} |")
        tot["n"] += int(a["n"])
        tot["pa"] += round(a["acc"] * a["n"])
        tot["ha"] += round(b["acc"] * b["n"])
    print(f"| all | {tot['n']} | {tot['pa'] / tot['n']:.1%} | {tot['ha'] / tot['n']:.1%} |")


def pin(digest: str) -> None:
    """Write the new weights' digest into slot_head.py."""
    text = MODULE.read_text(encoding="utf-8")
    text = re.sub(r'WEIGHTS_SHA256 = "[0-9a-f]*"', f'WEIGHTS_SHA256 = "{digest}"', text)
    MODULE.write_text(text, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--exclude", default="", help="allowed splits left out of training")
    ap.add_argument("--loso", action="store_true", help="leave-one-split-out table")
    ap.add_argument("--out", default="", help="write the weights here (not shipped, no pin)")
    ap.add_argument("--no-save", action="store_true")
    args = ap.parse_args(argv)
    exclude = [s for s in args.exclude.split(",") if s]
    if bad := [s for s in exclude if s not in ALLOWED]:
        print(f"error: not an allowed split: {', '.join(bad)}", file=sys.stderr)
        return 2
    splits = [s for s in ALLOWED if s not in exclude]
    data = examples(stories(splits))
    counts = Counter(lab for _, _, lab in data)
    print(f"{len(data)} clauses from {len(splits)} splits: "
          + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    if args.loso:
        loso(data, splits)
    head = train(data)
    print(f"digest {head.digest()}")
    if args.out:
        head.save(Path(args.out))
        print(f"wrote {args.out}")
    elif not args.no_save:
        head.save(WEIGHTS)
        pin(head.digest())
        print(f"wrote {WEIGHTS} and pinned its digest in {MODULE.name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
