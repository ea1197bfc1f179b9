"""A learned prompt-injection scorer that runs offline: a linear head over MiniLM's vocabulary.

The named rules describe the *structure* of attacks; this head catches the
wordings they do not list. It reads text through the shipped MiniLM
(``all-MiniLM-L6-v2``) WordPiece tokenizer and scores every **window of one to
three consecutive sentences**, so one injected sentence inside a long e-mail
or document is scored on its own instead of being averaged away.

Model (a logistic regression, trained by ``bench/train_injection_head.py``)::

    score(window) = b + (sum_t u[t] + sum_(t,t') g[hash(t,t')]) / sqrt(n)
                      + sum_t d[t] / n

over the window's ``n`` word tokens ``t`` (tokens with a letter: punctuation,
digits and list markup carry no instruction; each token and bigram counted once per
sentence, so a line of 80 dashes weighs what one dash does): ``u`` is a weight per vocabulary entry,
``g`` a hashed weight per token bigram, and ``d[t] = E[t] . w`` the projection of
MiniLM's 384-dimensional input embedding of ``t`` onto a learned direction
(precomputed per token at training time, so inference needs no matrix
product). Because every term is a sum over tokens, the score of every window
comes from per-sentence sums in one pass: ~0.1 ms for a 1 KB text, where a
full MiniLM forward pass costs tens of milliseconds per sentence on a CPU
(measured; see docs/security.md) and would not fit the validator's 5 ms/KB.

The text is scored as given (after the rules' normalisation: NFKC, case fold,
confusable letters), in its leetspeak reading, and in every de-obfuscated view
(spaced letters, ROT13: :mod:`.views`; base64 / hex blobs); the highest
window wins. A window above the calibrated threshold (one for texts of up to
three sentences, a stricter one for longer documents, whose many windows give
chance more tries) is an
``injection.learned`` finding at ``review``: the head is a second opinion
that holds text for a person; it never rejects, and it does not corroborate a
rule's ``review`` into a rejection. Thresholds are calibrated on out-of-fold scores
of the training corpora (benign false positives <= 0.5 %).

Weights live next to this module (``head_weights.npz``, ~250 KB); loading is
lazy, once per process, under a lock.
"""

from __future__ import annotations

import bisect
import math
import re
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

import numpy as np
import numpy.typing as npt

from ..adapters.embed.minilm import find_model_dir
from ..errors import EmbedderError
from ..weights import Shipped, read_npz
from .injection_text import B64_BLOB, HEX_BLOB, decode_blob, normalise
from .verdict import LEARNED_RULE, Finding, Severity
from .views import decoded_views

__all__ = [
    "BIGRAM_BUCKETS",
    "HeadModel",
    "LearnedScorer",
    "TokenizedText",
    "bigram_ids",
    "load_default_model",
    "tokenize",
    "unique_per_sentence",
    "views_for",
]

WEIGHTS = Path(__file__).with_name("head_weights.npz")
BIGRAM_BUCKETS = 1 << 16
MAX_WINDOW = 3  # sentences per window
MIN_TOKENS = 4  # distinct tokens: a window shorter than this says too little to judge
_MAX_CHARS = 64 * 1024  # the validator's size limit is far below; a guard for direct callers

F32 = npt.NDArray[np.float32]
I64 = npt.NDArray[np.int64]

# Sentence ends: terminal punctuation followed by space, or a line break.
_SENT_END = re.compile(r"[.!?\u3002\uff01\uff1f]+(?=\s|$)|[\u3002\uff01\uff1f]|\n")

_TOKENIZER_LOCK = threading.Lock()
_TOKENIZER: Any = None


_KEEP: frozenset[int] = frozenset()


def _word_ids(tok: Any) -> frozenset[int]:
    # Only tokens with a letter carry meaning for the head: punctuation, digits and
    # list markup ("-", ":", "12") made list-shaped documents look like injections.
    return frozenset(i for t, i in tok.get_vocab().items()
                     if any(c.isalpha() for c in t) and not (t.startswith("[") and t.endswith("]")))


def _tokenizer() -> Any:
    global _TOKENIZER, _KEEP
    with _TOKENIZER_LOCK:
        if _TOKENIZER is None:
            try:
                from tokenizers import Tokenizer
            except ImportError as exc:  # pragma: no cover - a core dependency
                raise EmbedderError("the learned injection head needs 'tokenizers'") from exc
            tok = Tokenizer.from_file(str(find_model_dir() / "tokenizer.json"))
            tok.no_truncation()
            tok.no_padding()
            _KEEP = _word_ids(tok)
            _TOKENIZER = tok
        return _TOKENIZER


@dataclass(frozen=True)
class TokenizedText:
    """One text as token ids, with the sentence each token belongs to."""

    text: str
    ids: I64
    sentence: I64  # sentence index per token
    offsets: npt.NDArray[np.int64]  # (n, 2) character span of each token in ``text``
    n_sentences: int


def tokenize(texts: Sequence[str]) -> list[TokenizedText]:
    """Token ids and sentence indices of every text (one tokenizer batch)."""
    tok = _tokenizer()
    encs = tok.encode_batch([t[:_MAX_CHARS] for t in texts], add_special_tokens=False)
    out = []
    keep = _KEEP
    for text, enc in zip(texts, encs, strict=True):
        kept = [j for j, i in enumerate(enc.ids) if i in keep]
        ids = np.asarray([enc.ids[j] for j in kept], dtype=np.int64)
        offsets = np.asarray([enc.offsets[j] for j in kept], dtype=np.int64).reshape(-1, 2)
        ends = np.asarray([m.end() for m in _SENT_END.finditer(text)], dtype=np.int64)
        sentence = np.searchsorted(ends, offsets[:, 0], side="right") if len(ids) else \
            np.zeros(0, dtype=np.int64)
        n_sent = int(sentence[-1]) + 1 if len(ids) else 0
        # Renumber so sentences without tokens (blank lines) leave no gaps.
        if len(ids):
            _, sentence = np.unique(sentence, return_inverse=True)
            n_sent = int(sentence.max()) + 1
        out.append(TokenizedText(text, ids, sentence.astype(np.int64), offsets, n_sent))
    return out


def unique_per_sentence(ids: I64, sentence: I64, size: int = 1 << 20) -> tuple[I64, I64]:
    """Each distinct id once per sentence (sorted by sentence): presence, not counts."""
    if not len(ids):
        return ids, sentence
    keys = np.unique(sentence * size + ids)
    return keys % size, keys // size


def bigram_ids(ids: I64, sentence: I64) -> tuple[I64, I64]:
    """Hashed bucket of every distinct within-sentence token bigram, and its sentence."""
    if len(ids) < 2:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    same = sentence[1:] == sentence[:-1]
    a, b = ids[:-1][same], ids[1:][same]
    buckets = (a * 1_000_003 + b * 7_919) % BIGRAM_BUCKETS
    return unique_per_sentence(buckets.astype(np.int64), sentence[:-1][same])


# Runs of 25+ key-like characters (tokens, hashes, base64) say nothing a word
# model can read, and WordPiece spends most of its time on them.
_LONG_RUN = re.compile(r"[A-Za-z0-9+/=_\-]{25,}")


def views_for(text: str) -> list[str]:
    """Every reading of *text* the head scores: normalised, leetspeak, de-obfuscated."""
    return [_LONG_RUN.sub(" ", v) for v in _views(text)]


def _views(text: str) -> list[str]:
    norm = normalise(text)
    views = [norm.norm]
    # A leetspeak reading that changes a single word is an identifier or a
    # token ("a9f3", "x86"), not leetspeak: scoring it again would only cost time.
    if norm.leet is not None and sum(
            a != b for a, b in zip(norm.norm.split(), norm.leet.split(), strict=False)) >= 2:
        views.append(norm.leet)
    for _, view in decoded_views(text):
        views.append(normalise(view).norm)
    blobs = [(m.group(0), "b64") for m in B64_BLOB.finditer(text)]
    blobs += [(m.group(0), "hex") for m in HEX_BLOB.finditer(text)]
    for blob, kind in blobs[:8]:
        decoded = decode_blob(blob, kind)
        if decoded is not None:
            views.append(normalise(decoded).norm)
    return views


@dataclass(frozen=True)
class HeadModel:
    """Weights of the linear head (see the module docstring)."""

    unigram: F32  # (vocab,)
    dense: F32  # (vocab,) = E @ w
    bigram: F32  # (BIGRAM_BUCKETS,)
    bias: float
    threshold: float  # probability from which a short text (<= MAX_WINDOW sentences) is flagged
    threshold_long: float = -1.0  # the same for longer documents (< 0: same as threshold)

    @property
    def long_threshold(self) -> float:
        """Threshold for documents longer than one window: more windows, more chances."""
        return self.threshold if self.threshold_long < 0 else self.threshold_long

    def threshold_for(self, long: bool) -> float:
        """The threshold that applies to a short text or a long document."""
        return self.long_threshold if long else self.threshold

    @classmethod
    def load(cls, path: Path = WEIGHTS) -> HeadModel:
        """Read weights saved by :meth:`save`."""
        return read_npz(path, "injection head", lambda z: cls(
            z["unigram"].astype(np.float32), z["dense"].astype(np.float32),
            z["bigram"].astype(np.float32), float(z["bias"]), float(z["threshold"]),
            float(z["threshold_long"]) if "threshold_long" in z else -1.0))

    def save(self, path: Path) -> None:
        """Write the weights as a compressed ``.npz`` (float16: the head is small)."""
        np.savez_compressed(path, unigram=self.unigram.astype(np.float16),
                            dense=self.dense.astype(np.float16),
                            bigram=self.bigram.astype(np.float16),
                            bias=np.float64(self.bias), threshold=np.float64(self.threshold),
                            threshold_long=np.float64(self.long_threshold))

    def window_scores(self, t: TokenizedText) -> tuple[F32, list[tuple[int, int]]]:
        """Logit of every window of 1..MAX_WINDOW sentences and its sentence range."""
        if t.n_sentences == 0:
            return np.zeros(0, dtype=np.float32), []
        k = t.n_sentences
        ids, sent = unique_per_sentence(t.ids, t.sentence)
        lin = np.bincount(sent, weights=self.unigram[ids], minlength=k)
        dense = np.bincount(sent, weights=self.dense[ids], minlength=k)
        count = np.bincount(sent, minlength=k).astype(np.float64)
        buckets, bsent = bigram_ids(t.ids, t.sentence)
        if len(buckets):
            lin += np.bincount(bsent, weights=self.bigram[buckets], minlength=k)
        c_lin = np.concatenate(([0.0], np.cumsum(lin)))
        c_dense = np.concatenate(([0.0], np.cumsum(dense)))
        c_n = np.concatenate(([0.0], np.cumsum(count)))
        scores: list[F32] = []
        ranges: list[tuple[int, int]] = []
        for w in range(1, min(MAX_WINDOW, k) + 1):
            lo = np.arange(0, k - w + 1)
            hi = lo + w
            n = c_n[hi] - c_n[lo]
            ok = n >= MIN_TOKENS
            if not ok.any():
                continue
            lo, hi, n = lo[ok], hi[ok], n[ok]
            s = self.bias + (c_lin[hi] - c_lin[lo]) / np.sqrt(n) + (c_dense[hi] - c_dense[lo]) / n
            scores.append(s.astype(np.float32))
            ranges.extend(zip(lo.tolist(), hi.tolist(), strict=True))
        if not scores:
            return np.zeros(0, dtype=np.float32), []
        return np.concatenate(scores), ranges

    def text_score(self, text: str) -> tuple[float, str]:
        """Highest window probability over every view of *text*, and that window's text."""
        p, excerpt, _ = self.judge(text)
        return p, excerpt

    def judge(self, text: str) -> tuple[float, str, bool]:
        """Like :meth:`text_score`, plus whether *text* is a long document (> one window)."""
        best_logit, excerpt, long = -math.inf, "", False
        for i, view in enumerate(views_for(text)):
            logit, window, k = self._best_window(view)
            if i == 0:
                long = k > MAX_WINDOW
            if logit > best_logit:
                best_logit, excerpt = logit, window
        if best_logit == -math.inf:
            return 0.0, "", long
        return 1.0 / (1.0 + math.exp(-best_logit)), excerpt, long

    def _best_window(self, text: str) -> tuple[float, str, int]:
        # The same score as window_scores (which training uses), in plain Python:
        # for the few dozen tokens of a typical memory, numpy's per-call overhead
        # would cost more than the arithmetic.
        enc = _tokenizer().encode(text[:_MAX_CHARS], add_special_tokens=False)
        keep = _KEEP
        pairs = [(i, o) for i, o in zip(enc.ids, enc.offsets, strict=True) if i in keep]
        if not pairs:
            return -math.inf, "", 0
        ids: list[int] = [i for i, _ in pairs]
        offsets: list[tuple[int, int]] = [o for _, o in pairs]
        ends = [m.end() for m in _SENT_END.finditer(text)]
        raw = [bisect.bisect_right(ends, a) for a, _ in offsets]
        renumber: dict[int, int] = {}
        sent = [renumber.setdefault(r, len(renumber)) for r in raw]
        k = len(renumber)
        u, d, g = self._lists()
        lin, dense, count = [0.0] * k, [0.0] * k, [0] * k
        seen: set[int] = set()  # (sentence, token) packed into one int: cheaper than tuples
        add = seen.add
        for tok, si in zip(ids, sent, strict=True):
            key = si << 20 | tok
            if key not in seen:
                add(key)
                lin[si] += u[tok]
                dense[si] += d[tok]
                count[si] += 1
        seen.clear()
        prev_tok, prev_si = -1, -1
        for tok, si in zip(ids, sent, strict=True):
            if si == prev_si:
                bucket = (prev_tok * 1_000_003 + tok * 7_919) % BIGRAM_BUCKETS
                key = si << 20 | bucket
                if key not in seen:
                    add(key)
                    lin[si] += g[bucket]
            prev_tok, prev_si = tok, si
        best, span = -math.inf, (0, 0)
        for w in range(1, min(MAX_WINDOW, k) + 1):
            for lo in range(k - w + 1):
                n = sum(count[lo:lo + w])
                if n < MIN_TOKENS:
                    continue
                score = self.bias + sum(lin[lo:lo + w]) / math.sqrt(n) + sum(dense[lo:lo + w]) / n
                if score > best:
                    best, span = score, (lo, lo + w)
        if best == -math.inf:
            return best, "", k
        toks = [i for i, si in enumerate(sent) if span[0] <= si < span[1]]
        return best, text[offsets[toks[0]][0]:offsets[toks[-1]][1]], k

    def _lists(self) -> tuple[list[float], list[float], list[float]]:
        cached = self.__dict__.get("_as_lists")
        if cached is None:
            cached = (self.unigram.tolist(), self.dense.tolist(), self.bigram.tolist())
            object.__setattr__(self, "_as_lists", cached)
        return cast(tuple[list[float], list[float], list[float]], cached)


# the weights are read when first used: a missing file raises (the gate fails closed)
_shipped: Shipped[HeadModel] = Shipped(lambda: HeadModel.load(WEIGHTS))


def load_default_model() -> HeadModel:
    """The shipped head, loaded once per process (thread-safe)."""
    model = _shipped.get()
    if model is None:  # HeadModel.load raises rather than answering None; kept for the types
        raise EmbedderError(f"no injection head weights at {WEIGHTS}")
    return model


class LearnedScorer:
    """The head as a :class:`~sleepstack.validate.verdict.Scorer` (``injection.learned``)."""

    name = "learned"

    def __init__(self, model: HeadModel | None = None) -> None:
        self.model = model if model is not None else load_default_model()
        self._last = threading.local()
        _tokenizer()  # load now, so a missing model fails at construction, not per text

    def probability(self, text: str) -> float:
        """The head's probability that *text* holds an injection (highest window)."""
        return self._judge(text)[0] if text.strip() else 0.0

    def _judge(self, text: str) -> tuple[float, str, bool]:
        # The validator asks for the probability right after score() when a weak
        # rule fired: remember the last judgement (per thread) instead of redoing it.
        last = cast(tuple[str, tuple[float, str, bool]] | None,
                    getattr(self._last, "value", None))
        if last is not None and last[0] == text:
            return last[1]
        got = self.model.judge(text)
        self._last.value = (text, got)
        return got

    def score(self, text: str) -> list[Finding]:
        """One ``review`` finding when some window of *text* scores above the threshold."""
        if not text.strip():
            return []
        p, excerpt, long = self._judge(text)
        threshold = self.model.threshold_for(long)
        if p < threshold:
            return []
        quote = _original_of(excerpt, text)
        where = f' on "{quote}"' if quote else " on a normalised or decoded reading"
        return [Finding(LEARNED_RULE, Severity.REVIEW,
                        f"learned head scores {p:.2f} (threshold {threshold:.2f}){where}",
                        None, quote)]


def _original_of(window: str, text: str) -> str:
    """The words of *window* as *text* spells them, or "" when they are not in it.

    The head reads lowered, folded and decoded views; quoting a view in a finding
    (which reports and review queues show) would copy a derived form of the user's
    text — a lower-cased or base64-decoded secret — where redaction and erasure,
    which match the text as stored, cannot reach it. So a finding quotes only text
    that is there verbatim (up to case and spacing).
    """
    words = window.split()[:24]
    if not words:
        return ""
    found = re.search(r"\s+".join(map(re.escape, words)), text, re.IGNORECASE)
    return " ".join(found.group(0).split())[:120] if found else ""
