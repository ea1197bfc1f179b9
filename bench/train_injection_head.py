"""Train the learned prompt-injection head shipped in ``src/sleepstack/validate/head_weights.npz``.

    python bench/train_injection_head.py [--data DIR] [--out PATH] [--check]

Training data: only rows whose licence allows shipping weights derived from them.

========================================  ==========================================  ========
file (``../shared/data/security``)        source                                      licence
========================================  ==========================================  ========
``pi_piguard_valid_mixed.jsonl``          github.com/leolee99/PIGuard (with PINT rows) MIT
``pi_notinject_benign.jsonl``             github.com/leolee99/PIGuard, NotInject      MIT
``pi_agentdojo.jsonl``                    AgentDojo suites (sequrity-ai/agentdojo)     MIT
``pi_giskard_injections.jsonl``           github.com/Giskard-AI/prompt-injections      MIT
``bench/data/own_injection_train.txt``    written by the sleepstack team              Apache-2.0
``bench/injection_templates.py``          generated from the team's own templates     Apache-2.0
``bench/injection_templates2.py``         the same: carriers, indirect, declarative   Apache-2.0
``bench/fact_sentences.py``               the store's own fact sentences (benign)     Apache-2.0
``bench/benign_lookalikes.py``            the team's benign look-alikes (hard negatives) Apache-2.0
========================================  ==========================================  ========

Never trained on: ``pi_promptshield_val.jsonl`` (no licence), ``benign_locomo_memories.jsonl``
(CC BY-NC 4.0) and the team's held-out sets ``tests/data/injection_heldout*.jsonl``;
they are evaluation only (``bench/security.py``).

Method (deterministic: no random numbers anywhere, so the same data gives the same bytes):

1. every text is read in all its views (:func:`sleepstack.validate.head.views_for`) and cut
   into windows of 1-3 sentences, as at inference;
2. benign texts give every window as a negative; injection texts give the whole text and
   (multiple-instance learning, second round) the window the first-round model scores highest,
   since the label says *some* window is an injection, not which;
3. logistic regression (class-balanced, L2), full-batch Adam from zeros;
4. the flag thresholds (one for texts of up to three sentences, one for longer documents) are
   calibrated by **leave-one-corpus-out inside the training data**: for each training corpus
   with benign texts, a head trained on the other corpora scores it, and the threshold is the
   lowest that flags at most 0.5 % of that corpus's benign texts; the highest of these wins
   (never below 0.5). ``bench/security.py`` reuses :func:`train_head`
   per outer leave-one-corpus-out fold, so each fold's threshold, too, never saw its corpus.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

sys.path.insert(0, str(Path(__file__).parent))
from benign_lookalikes import generate as generate_lookalikes
from fact_sentences import generate as generate_facts
from injection_templates import generate
from injection_templates2 import generate as generate_more
from sleepstack.adapters.embed.minilm import find_model_dir, read_safetensors
from sleepstack.validate.head import (
    BIGRAM_BUCKETS,
    MAX_WINDOW,
    MIN_TOKENS,
    WEIGHTS,
    HeadModel,
    TokenizedText,
    bigram_ids,
    tokenize,
    unique_per_sentence,
    views_for,
)

REPO = Path(__file__).resolve().parents[1]
# ../shared/data next to the checkout; a git worktree one level further down finds it too.
DATA = next((p / "shared" / "data" / "security" for p in (REPO.parent, REPO.parent.parent)
             if (p / "shared" / "data" / "security").is_dir()),
            REPO.parent / "shared" / "data" / "security")
OWN = REPO / "bench" / "data" / "own_injection_train.txt"
#: corpora whose licence allows training the shipped weights
TRAIN_FILES = ("pi_piguard_valid_mixed", "pi_notinject_benign", "pi_agentdojo",
               "pi_giskard_injections")
TARGET_FP = 0.005
#: the store's own fact sentences: always trained on, never a calibration corpus. They are
#: the shape of what sleep itself writes (a template plus a value), not a sample of what
#: people write, so they say nothing about how a new corpus's benign texts will score.
FACTS_CORPUS = "own_facts"
#: ... and light: ~700 templated rows weigh as ~210 examples, enough to teach the head the
#: shape without diluting the other benign corpora (full weight moved the calibrated
#: threshold from 0.70 to 0.785 and cost 8 points of held-out recall; 0.1 was enough until
#: the benign look-alikes lowered the threshold, then 3 of 260 unseen facts were flagged)
FACTS_WEIGHT = 0.3
MAX_NEG_WINDOWS = 40
#: hard-negative mining: in the second round a benign window weighs ``1 + HARD_NEGATIVE * p``,
#: ``p`` the first-round model's probability that it is an injection (0: off)
HARD_NEGATIVE = 0.0
#: train on the team's benign look-alikes (:mod:`benign_lookalikes`, corpus ``own_gen``)
LOOKALIKES = True
#: ... with their everyday talk
LOOKALIKE_CHAT = True
F32 = npt.NDArray[np.float32]
F64 = npt.NDArray[np.float64]
I64 = npt.NDArray[np.int64]
M = TypeVar("M")


@dataclass(frozen=True)
class Example:
    """One labelled text and the corpus it comes from."""

    text: str
    label: int  # 1 injection, 0 benign
    corpus: str
    weight: float = 1.0  # relative to one ordinary example


def load_own(path: Path = OWN) -> list[Example]:
    """The team's own examples (``I``/``B``, a tab, the text; a backslash-n is a line break)."""
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        tag, _, text = line.partition("\t")
        out.append(Example(text.replace("\\n", "\n"), 1 if tag == "I" else 0, "own"))
    return out


def load_generated() -> list[Example]:
    """The team's compositional examples (corpus ``own_gen``, held out together with ``own``).

    From :mod:`injection_templates` and :mod:`injection_templates2`, plus the store's
    own fact sentences (:mod:`fact_sentences`, corpus :data:`FACTS_CORPUS`) as benign texts.
    """
    attacks, benign = generate()
    more_attacks, more_benign = generate_more()
    attacks, benign = attacks + more_attacks, benign + more_benign
    if LOOKALIKES:
        benign = benign + generate_lookalikes(LOOKALIKE_CHAT)
    return ([Example(t, 1, "own_gen") for t in attacks] + [Example(t, 0, "own_gen") for t in benign]
            + [Example(t, 0, FACTS_CORPUS, FACTS_WEIGHT) for t in generate_facts()])


def load_corpus(path: Path) -> list[Example]:
    """Rows of one ``{text, label}`` JSONL file as examples."""
    with path.open(encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh if line.strip()]
    return [Example(r["text"], 1 if r["label"] == "injection" else 0, path.stem) for r in rows]


def load_training(data: Path = DATA) -> list[Example]:
    """Every licensed training example (shared MIT corpora that are present, plus own)."""
    out: list[Example] = []
    for name in TRAIN_FILES:
        path = data / f"{name}.jsonl"
        if path.is_file():
            out.extend(load_corpus(path))
    out.extend(load_own())
    out.extend(load_generated())
    return out


# ------------------------------------------------------------------ samples
@dataclass
class _Samples:
    ids: list[I64]
    buckets: list[I64]
    weight: list[float]
    label: list[int]

    def add(self, ids: I64, sent: I64, lo: int, hi: int, label: int, weight: float) -> None:
        keep = (sent >= lo) & (sent < hi)
        tok, _ = unique_per_sentence(ids[keep], sent[keep])
        if len(tok) < MIN_TOKENS:
            return
        b, _ = bigram_ids(ids[keep], sent[keep])
        self.ids.append(tok)
        self.buckets.append(b)
        self.weight.append(weight)
        self.label.append(label)


def _windows(k: int) -> list[tuple[int, int]]:
    return [(lo, lo + w) for w in range(1, min(MAX_WINDOW, k) + 1) for lo in range(k - w + 1)]


_TOKENS: dict[str, list[TokenizedText]] = {}


def _tokens(text: str) -> list[TokenizedText]:
    # Folds and rounds tokenize the same texts again and again: once is enough.
    got = _TOKENS.get(text)
    if got is None:
        got = _TOKENS[text] = [t for t in tokenize(views_for(text)) if t.n_sentences]
    return got


def _hardness(model: HeadModel | None, t: TokenizedText) -> dict[tuple[int, int], float]:
    """Per window: the weight factor of a benign window, from the first-round model.

    ``1 + HARD_NEGATIVE * p`` with ``p`` the first-round probability that the window is
    an injection (the whole text: its highest window), so the benign texts that look most
    like attacks weigh most in the second round; 1 everywhere in the first round.
    """
    if model is None or not HARD_NEGATIVE:
        return {}
    logits, ranges = model.window_scores(t)
    p = 1.0 / (1.0 + np.exp(-np.clip(logits.astype(np.float64), -30, 30)))
    out = {r: 1.0 + HARD_NEGATIVE * float(q) for r, q in zip(ranges, p, strict=True)}
    out[(0, t.n_sentences)] = 1.0 + HARD_NEGATIVE * float(p.max()) if len(p) else 1.0
    return out


def _build(examples: Sequence[Example], model: HeadModel | None) -> _Samples:
    s = _Samples([], [], [], [])
    for ex in examples:
        toks = _tokens(ex.text)
        for t in toks:
            k = t.n_sentences
            share = ex.weight / len(toks)
            if ex.label == 0:
                hard = _hardness(model, t)
                s.add(t.ids, t.sentence, 0, k, 0, share * hard.get((0, k), 1.0))
                wins = [w for w in _windows(k) if w != (0, k)][:MAX_NEG_WINDOWS]
                for lo, hi in wins:
                    s.add(t.ids, t.sentence, lo, hi, 0,
                          2 * share / len(wins) * hard.get((lo, hi), 1.0))
            elif k <= MAX_WINDOW:
                s.add(t.ids, t.sentence, 0, k, 1, share)
            elif model is not None:
                # A long injected document is mostly its harmless carrier text: only
                # the window the first-round model finds most suspicious is positive.
                logits, ranges = model.window_scores(t)
                if len(logits):
                    lo, hi = ranges[int(np.argmax(logits))]
                    s.add(t.ids, t.sentence, lo, hi, 1, share)
            elif k <= 3 * MAX_WINDOW:
                # First round: short multi-sentence attacks are attacks throughout.
                s.add(t.ids, t.sentence, 0, k, 1, share)
    return s


# ------------------------------------------------------------------ fitting
def _embeddings() -> F32:
    w = read_safetensors(find_model_dir() / "model.safetensors")
    key = "embeddings.word_embeddings.weight"
    return np.asarray(w.get(key, w.get("bert." + key)), dtype=np.float32)


_E: F32 | None = None


def _table() -> F32:
    global _E
    if _E is None:
        _E = _embeddings()
    return _E


def _fit(s: _Samples, *, iters: int = 160, lr: float = 0.08, l2: float = 1e-4) -> HeadModel:
    e = _table()
    vocab, dim = e.shape
    n = len(s.ids)
    y = np.asarray(s.label, dtype=np.float64)
    w = np.asarray(s.weight, dtype=np.float64)
    # Class balance: both classes carry the same total weight.
    for c in (0, 1):
        tot = w[y == c].sum()
        if tot > 0:
            w[y == c] *= (n / 2) / tot
    w /= w.sum()
    lens = np.asarray([len(i) for i in s.ids], dtype=np.float64)
    inv_sqrt = 1.0 / np.sqrt(lens)
    flat_ids = np.concatenate(s.ids)
    sid = np.repeat(np.arange(n), [len(i) for i in s.ids])
    flat_b = np.concatenate(s.buckets) if s.buckets else np.zeros(0, dtype=np.int64)
    bid = np.repeat(np.arange(n), [len(b) for b in s.buckets])
    starts = np.concatenate(([0], np.cumsum(lens)[:-1])).astype(np.int64)
    x_dense = np.add.reduceat(e[flat_ids].astype(np.float64), starts, axis=0) / lens[:, None]
    params = [np.zeros(vocab), np.zeros(BIGRAM_BUCKETS), np.zeros(dim), np.zeros(1)]
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    b1, b2, eps = 0.9, 0.999, 1e-8
    for step in range(1, iters + 1):
        u, g, wd, b = params
        z = (np.bincount(sid, weights=u[flat_ids], minlength=n)
             + np.bincount(bid, weights=g[flat_b], minlength=n)) * inv_sqrt \
            + x_dense @ wd + b[0]
        p = 1.0 / (1.0 + np.exp(-np.clip(z, -30, 30)))
        r = (p - y) * w
        ri = r * inv_sqrt
        grads = [np.bincount(flat_ids, weights=ri[sid], minlength=vocab) + l2 * u,
                 np.bincount(flat_b, weights=ri[bid], minlength=BIGRAM_BUCKETS) + l2 * g,
                 x_dense.T @ r + 10 * l2 * wd,
                 np.asarray([r.sum()])]
        for i, (par, grad) in enumerate(zip(params, grads, strict=True)):
            m[i] = b1 * m[i] + (1 - b1) * grad
            v[i] = b2 * v[i] + (1 - b2) * grad * grad
            mh = m[i] / (1 - b1 ** step)
            vh = v[i] / (1 - b2 ** step)
            par -= lr * mh / (np.sqrt(vh) + eps)
    u, g, wd, b = params
    dense = (e.astype(np.float64) @ wd).astype(np.float32)
    return HeadModel(u.astype(np.float32), dense, g.astype(np.float32), float(b[0]), 0.5)


def fit(examples: Sequence[Example], threshold: float = 0.5) -> HeadModel:
    """Two rounds of multiple-instance training on *examples* (no calibration)."""
    first = _fit(_build(examples, None))
    model = _fit(_build(examples, first))
    return HeadModel(model.unigram, model.dense, model.bigram, model.bias, threshold)


def threshold_for(scores: Sequence[float], target_fp: float) -> float:
    """The lowest threshold that flags at most *target_fp* of *scores* (benign scores)."""
    ranked = sorted(scores, reverse=True)
    allowed = int(target_fp * len(ranked))
    # Flag strictly above the (allowed+1)-th highest benign score.
    return ranked[allowed] + 1e-6 if allowed < len(ranked) else 0.5


def without(examples: Sequence[Example], corpus: str) -> list[Example]:
    """*examples* with *corpus* left out (``own`` takes its generated rows with it)."""
    return [e for e in examples
            if e.corpus != corpus and not (corpus == "own" and e.corpus == "own_gen")]


#: one inner benign score: (probability, the text is a long document)
Judge = Callable[[M, str], tuple[float, bool]]
#: per calibration corpus: its benign scores, "short" and "long", under a head that never saw it
Bands = dict[str, dict[str, list[float]]]


def word_judge(model: HeadModel, text: str) -> tuple[float, bool]:
    p, _, is_long = model.judge(text)
    return p, is_long


def inner_scores(examples: Sequence[Example], fit_fn: Callable[[list[Example]], M],
                 judge: Judge[M]) -> Bands:
    """Leave-one-corpus-out *inside* the training data, for any head.

    For each corpus with benign texts (not the generated rows or the store's fact
    sentences, which are not a sample of what people write), a head fitted by
    *fit_fn* on the other corpora scores that corpus's benign texts.
    """
    corpora = sorted({e.corpus for e in examples
                      if e.label == 0 and e.corpus not in ("own_gen", FACTS_CORPUS)})
    out: Bands = {}
    for c in corpora:
        train = without(examples, c)
        if not any(e.label for e in train):
            continue
        model = fit_fn(train)
        bands: dict[str, list[float]] = {"short": [], "long": []}
        for e in examples:
            if e.corpus == c and e.label == 0:
                p, is_long = judge(model, e.text)
                bands["long" if is_long else "short"].append(p)
        out[c] = bands
    return out


def pick_thresholds(bands: Bands, target_fp: float = TARGET_FP) -> tuple[float, float]:
    """``(short, long)``: per corpus the *target_fp* benign quantile, the highest wins."""
    def pick(band: str) -> float:
        ts = [threshold_for(b[band], target_fp) for b in bands.values() if b[band]]
        return float(min(max(max(ts), 0.5), 0.999)) if ts else 0.5

    t_short = pick("short")
    return t_short, max(t_short, pick("long"))


def calibrate(examples: Sequence[Example], target_fp: float = TARGET_FP,
              fit_fn: Callable[[list[Example]], Any] | None = None,
              judge: Judge[Any] = word_judge) -> tuple[float, float]:
    """Thresholds ``(short, long)`` from held-out benign scores, per corpus.

    Leave-one-corpus-out inside the training data: for each corpus with benign
    texts, a head trained on the others scores that corpus's benign texts, and
    the threshold must keep its false positives under *target_fp*; the highest
    such threshold wins. Random folds would be too kind: texts of one corpus
    resemble each other, and the corpora the gate will meet are new ones.
    Short texts (one window) and long documents (many windows, so many more
    chances for one to look odd) get a threshold each. *fit_fn* and *judge*
    (default: the word head's :func:`fit` and ``HeadModel.judge``) let another
    head be calibrated by the same protocol (``bench/semantic_head.py``).
    """
    return pick_thresholds(inner_scores(examples, fit_fn or fit, judge), target_fp)


def train_head(examples: Sequence[Example]) -> HeadModel:
    """A calibrated head: thresholds from held-out corpora, weights from all *examples*."""
    t_short, t_long = calibrate(examples)
    model = fit(examples, t_short)
    return HeadModel(model.unigram, model.dense, model.bigram, model.bias, t_short, t_long)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--out", type=Path, default=WEIGHTS)
    ap.add_argument("--check", action="store_true",
                    help="train and compare with the shipped weights instead of writing them")
    args = ap.parse_args(argv)
    if not args.data.is_dir():
        print(f"cannot train: {args.data} is absent", file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    examples = load_training(args.data)
    model = train_head(examples)
    by = {c: sum(e.corpus == c for e in examples)
          for c in dict.fromkeys(e.corpus for e in examples)}
    print(f"trained on {len(examples)} texts {by} in {time.perf_counter() - t0:.1f} s; "
          f"thresholds {model.threshold:.3f} (short) / {model.long_threshold:.3f} (long)")
    if args.check:
        shipped = HeadModel.load(args.out)
        same = all(np.allclose(a.astype(np.float16), b.astype(np.float16), atol=1e-3) for a, b in (
            (model.unigram, shipped.unigram), (model.dense, shipped.dense),
            (model.bigram, shipped.bigram)))
        print("matches the shipped weights" if same else "DIFFERS from the shipped weights")
        return 0 if same else 1
    model.save(args.out)
    print(f"wrote {args.out} ({args.out.stat().st_size / 1024:.0f} KB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
