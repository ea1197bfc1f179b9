"""Train the value-span tagger shipped in ``src/sleepstack/sleep/claims/span_head.npz``.

    python bench/train_span_head.py [--exclude val11,val12] [--loso] [--check] [--no-save]

Data: the knowledge stories (``bench/data/knowledge_*.jsonl``) of the splits in
:data:`ALLOWED` only (any other split, a held-out one included, is never read),
less ``--exclude``. Each story labels its own user turns for free, per clause as
the claims pass sees them (:func:`sleepstack.sleep.claims.detect.disclosures`),
words aligned by character offsets, for the story's slot:

* ``hold``: the new value wherever the user says it; the old value before the
  update turn (the user's value then), except in a *split* story, where a mention
  of the old value between its first statement and the update already ends it;
* ``end``: the old value in the update turn (the last user turn naming old or new)
  and after it; in a *removal* story that is the value removed;
* ``o``: every other word; the old value of a *distractor* story (a third party's);
  and, for every other slot, every word of the clause (weight :data:`OTHER_WEIGHT`:
  a clause may hold another slot's value the story does not label).

Method (deterministic): features as at inference (:func:`..spans.features`),
standardised; softmax per slot with a shared weight plus one per slot (L2
:data:`L2_SHARED` / :data:`L2_OWN`), class-balanced, full-batch Adam for
:data:`STEPS` steps from zeros. The threshold on a span's p maximises span F1 on
out-of-split predictions (:data:`FOLDS` folds of whole splits). ``--loso`` prints a
leave-one-split-out table (span precision / recall / F1 per split and overall).
``--check`` trains on a small slice and checks the pipeline end to end (no save).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from sleepstack.adapters.embed import TokenEmbedder, load_embedder
from sleepstack.sleep.claims.detect import disclosures
from sleepstack.sleep.claims.spans import (
    EMBEDDER,
    LABELS,
    WEIGHTS,
    SpanHead,
    features,
    spans_of,
    words_of,
)

REPO = Path(__file__).resolve().parents[1]
DATA = REPO / "bench" / "data"
#: the only splits ever read: the held-out ones of a round are not among them
ALLOWED = ("tune", "val", "val2", "val3", "val4", "val5", "val6", "val7", "val8", "val9",
           "val10", "val11", "val12", "val13", "val14", "val15", "val16", "val17", "val18")
HOLD, END, NONE = range(3)
OTHER_WEIGHT = 0.3
L2_SHARED = 1e-3
L2_OWN = 1e-2
STEPS = 300
LR = 0.01
FOLDS = 4
F32 = npt.NDArray[np.float32]


class Example(NamedTuple):
    """One clause of a story's user turn with its words' labels for the story's slot."""

    split: str
    clause: str
    slot: str
    labels: tuple[int, ...]


def stories(exclude: frozenset[str]) -> list[dict[str, Any]]:
    """The stories of the allowed splits, less *exclude*.

    Only the files of those splits are opened (tune, val and val2 share
    ``knowledge_updates.jsonl``; every later split has its own
    ``knowledge_<split>.jsonl``): a held-out split's file is never read.
    """
    wanted = [s for s in ALLOWED if s not in exclude]
    paths = dict.fromkeys(DATA / ("knowledge_updates.jsonl" if s in ("tune", "val", "val2")
                                  else f"knowledge_{s}.jsonl") for s in wanted)
    out: list[dict[str, Any]] = []
    for path in paths:
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line:
                continue
            row = json.loads(line)
            if row.get("split") in wanted:
                out.append(row)
    return out


def _occurrences(clause: str, value: str) -> list[tuple[int, int]]:
    if not value:
        return []
    low, v = clause.casefold(), value.casefold()
    out, at = [], low.find(v)
    while at >= 0:
        before = low[at - 1] if at else " "
        after = low[at + len(v)] if at + len(v) < len(low) else " "
        if not before.isalnum() and not after.isalnum():
            out.append((at, at + len(v)))
        at = low.find(v, at + 1)
    return out


def _label(clause: str, marks: list[tuple[str, int]]) -> tuple[int, ...]:
    """Word labels of *clause*: each (value, label) of *marks* by offsets, later ones win."""
    words = words_of(clause)
    labels = [NONE] * len(words)
    for value, lab in marks:
        for b, e in _occurrences(clause, value):
            for i, (wb, we) in enumerate(words):
                if wb < e and we > b:
                    labels[i] = lab
    return tuple(labels)


def examples(rows: list[dict[str, Any]]) -> list[Example]:
    """Every clause of every user turn of *rows*, labelled for the story's slot."""
    out: dict[tuple[str, str, str], Example] = {}
    for sc in rows:
        old, new, kind = sc["old"], sc["new"], sc.get("kind", "update")
        users = [t["text"] for t in sc["turns"] if t["role"] == "user"]
        naming = [i for i, t in enumerate(users)
                  if any(v and v.casefold() in t.casefold() for v in (old, new))]
        upd = naming[-1] if naming else len(users)
        first = next((i for i in naming if old.casefold() in users[i].casefold()), upd)
        for i, text in enumerate(users):
            if kind == "distractor":
                old_lab = NONE
            elif i >= upd or (kind == "split" and first < i):
                old_lab = END
            else:
                old_lab = HOLD
            for c in disclosures(text):
                marks = [(old, old_lab), (new, HOLD)]
                key = (sc["split"], c.text, sc["slot"])
                ex = Example(sc["split"], c.text, sc["slot"], _label(c.text, marks))
                seen = out.get(key)
                if seen is None or sum(x != NONE for x in ex.labels) > sum(
                        x != NONE for x in seen.labels):
                    out[key] = ex
    return list(out.values())


def _matrices(exs: list[Example], feats: dict[str, F32], slots: list[str]
              ) -> tuple[F32, npt.NDArray[np.int64], F32]:
    """Rows (words), their labels per slot and the labels' weights."""
    si = {s: i for i, s in enumerate(slots)}
    xs, ys, ws = [], [], []
    for ex in exs:
        x = feats[ex.clause]
        y = np.full((len(x), len(slots)), NONE, dtype=np.int64)
        w = np.full((len(x), len(slots)), OTHER_WEIGHT, dtype=np.float32)
        y[:, si[ex.slot]] = ex.labels
        w[:, si[ex.slot]] = 1.0
        xs.append(x)
        ys.append(y)
        ws.append(w)
    return np.concatenate(xs), np.concatenate(ys), np.concatenate(ws)


def fit(exs: list[Example], feats: dict[str, F32], slots: list[str],
        steps: int = STEPS) -> SpanHead:
    """The head trained on *exs* (threshold 0.5: :func:`calibrate` sets it)."""
    x, y, w = _matrices(exs, feats, slots)
    mean = x.mean(axis=0)
    scale = x.std(axis=0) + 1e-3
    z = (x - mean) / scale
    n, d = z.shape
    s, k = len(slots), len(LABELS)
    onehot = np.eye(k, dtype=np.float32)[y]  # (n, s, k)
    # class balance: each label weighs as much in total as the others (per slot)
    for c in range(k):
        frac = float((w * (y == c)).sum()) / float(w.sum())
        w = np.where(y == c, w / max(frac * k, 1e-6), w)
    w = w / float(w.sum())
    params = [np.zeros((d, k), np.float32), np.zeros((s, d, k), np.float32),
              np.zeros((s, k), np.float32)]
    m1 = [np.zeros_like(p) for p in params]
    m2 = [np.zeros_like(p) for p in params]
    for step in range(1, steps + 1):
        shared, own, bias = params
        full = (shared[None] + own).transpose(1, 0, 2).reshape(d, s * k)
        logit = (z @ full).reshape(n, s, k) + bias
        logit -= logit.max(axis=2, keepdims=True)
        p = np.exp(logit)
        p /= p.sum(axis=2, keepdims=True)
        g = (p - onehot) * w[:, :, None]
        gfull = (z.T @ g.reshape(n, s * k)).reshape(d, s, k).transpose(1, 0, 2)
        grads = [gfull.sum(axis=0) + L2_SHARED * shared, gfull + L2_OWN * own, g.sum(axis=0)]
        for i, gr in enumerate(grads):
            m1[i] = 0.9 * m1[i] + 0.1 * gr
            m2[i] = 0.999 * m2[i] + 0.001 * gr * gr
            hat1 = m1[i] / (1 - 0.9 ** step)
            hat2 = m2[i] / (1 - 0.999 ** step)
            params[i] = params[i] - LR * hat1 / (np.sqrt(hat2) + 1e-8)
    return SpanHead(slots, mean, scale, params[0], params[1], params[2], 0.5, ())


def _gold(ex: Example) -> set[tuple[str, str]]:
    words = words_of(ex.clause)
    out: set[tuple[str, str]] = set()
    i = 0
    while i < len(words):
        if ex.labels[i] == NONE:
            i += 1
            continue
        j = i + 1
        while j < len(words) and ex.labels[j] == ex.labels[i]:
            j += 1
        out.add((LABELS[ex.labels[i]], ex.clause[words[i][0]:words[j - 1][1]].casefold()))
        i = j
    return out


def predict(head: SpanHead, exs: list[Example], toks: dict[str, Any]
            ) -> list[tuple[set[tuple[str, str]], list[tuple[str, str, float]]]]:
    """Per example: gold spans, and the spans the head tags for the story's slot (any p)."""
    out = []
    for ex in exs:
        got = [(s.label, s.value.casefold(), s.p) for s in spans_of(ex.clause, toks[ex.clause],
                                                                    head, floor=0.0)
               if s.slot == ex.slot]
        out.append((_gold(ex), got))
    return out


def prf(pred: list[tuple[set[tuple[str, str]], list[tuple[str, str, float]]]],
        threshold: float) -> tuple[float, float, float, int]:
    """Span precision, recall, F1 (exact words and label) and the number of gold spans."""
    tp = fp = fn = 0
    for gold, got in pred:
        said = {(lab, v.removesuffix("'s")) for lab, v, p in got if p >= threshold}
        g = {(lab, v.removesuffix("'s")) for lab, v in gold}
        tp += len(said & g)
        fp += len(said - g)
        fn += len(g - said)
    pr = tp / (tp + fp) if tp + fp else 0.0
    rc = tp / (tp + fn) if tp + fn else 0.0
    return pr, rc, (2 * pr * rc / (pr + rc) if pr + rc else 0.0), tp + fn


def calibrate(pred: list[tuple[set[tuple[str, str]], list[tuple[str, str, float]]]]) -> float:
    """The threshold with the best span F1 on *pred* (out-of-split predictions)."""
    grid = [round(t, 2) for t in np.arange(0.3, 0.96, 0.05)]
    return max(grid, key=lambda t: (prf(pred, t)[2], t))


def out_of_split(exs: list[Example], feats: dict[str, F32], toks: dict[str, Any],
                 slots: list[str], groups: list[list[str]], steps: int = STEPS
                 ) -> dict[str, list[tuple[set[tuple[str, str]], list[tuple[str, str, float]]]]]:
    """Per group of splits, the predictions of a head trained on the other splits."""
    out = {}
    for g in groups:
        head = fit([e for e in exs if e.split not in g], feats, slots, steps)
        for sp in g:
            out[sp] = predict(head, [e for e in exs if e.split == sp], toks)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--exclude", default="", help="splits left out of training (comma list)")
    ap.add_argument("--loso", action="store_true", help="leave-one-split-out report")
    ap.add_argument("--check", action="store_true", help="a quick end-to-end run, no save")
    ap.add_argument("--no-save", action="store_true")
    ap.add_argument("--out", type=Path, default=WEIGHTS, help="where to write the weights")
    args = ap.parse_args()
    exclude = frozenset(s for s in args.exclude.split(",") if s)
    unknown = exclude - set(ALLOWED)
    if unknown:
        ap.error(f"--exclude: not an allowed split: {sorted(unknown)}")
    rows = stories(exclude)
    if args.check:
        rows = [r for i, r in enumerate(rows) if i % 8 == 0]
    exs = examples(rows)
    splits = sorted({e.split for e in exs}, key=ALLOWED.index)
    slots = sorted({e.slot for e in exs})
    clauses = sorted({e.clause for e in exs})
    print(f"{len(rows)} stories, {len(exs)} labelled clauses ({len(clauses)} distinct), "
          f"{sum(1 for e in exs if any(x != NONE for x in e.labels))} with a value; "
          f"splits {','.join(splits)}", file=sys.stderr)
    emb = load_embedder(EMBEDDER)
    assert isinstance(emb, TokenEmbedder)
    _, tk = emb.embed_tokens(clauses)
    toks = dict(zip(clauses, tk, strict=True))
    feats = {c: features(t, words_of(c)) for c, t in toks.items()}
    steps = 30 if args.check else STEPS
    folds = [splits[i::FOLDS] for i in range(FOLDS)] if len(splits) >= 2 else []
    oos = out_of_split(exs, feats, toks, slots, folds, steps) if folds else {}
    threshold = calibrate([p for v in oos.values() for p in v]) if oos else 0.5
    print(f"threshold {threshold} (span F1 on {FOLDS} folds of whole splits)", file=sys.stderr)
    if args.loso:
        lo = out_of_split(exs, feats, toks, slots, [[s] for s in splits], steps)
        print(f"| split | gold spans | precision | recall | F1 (threshold {threshold}) |")
        print("|---|---|---|---|---|")
        for sp in splits:
            pr, rc, f1, n = prf(lo[sp], threshold)
            print(f"| {sp} | {n} | {pr:.2f} | {rc:.2f} | {f1:.2f} |")
        pr, rc, f1, n = prf([p for v in lo.values() for p in v], threshold)
        print(f"| all (left out one at a time) | {n} | {pr:.2f} | {rc:.2f} | {f1:.2f} |")
    head = fit(exs, feats, slots, steps)
    head = SpanHead(head.slots, head.mean, head.scale, head.shared, head.own, head.bias,
                    threshold, splits)
    pr, rc, f1, n = prf(predict(head, exs, toks), threshold)
    print(f"training set: {n} gold spans, P {pr:.2f} R {rc:.2f} F1 {f1:.2f}", file=sys.stderr)
    if args.check:
        assert not exclude & set(head.splits)
        print("check ok", file=sys.stderr)
        return
    if not args.no_save:
        head.save(args.out)
        print(f"wrote {args.out} (trained on {','.join(splits)}); digest {head.digest()}")


if __name__ == "__main__":
    main()
