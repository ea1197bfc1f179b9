"""Light stemmer vs Porter (snowballstemmer) against FTS5's porter tokenizer, on LoCoMo.

Two measurements per stemmer, each reported on conversations 1-5 and 6-10
separately (nothing was tuned on either half: the stemmer has no knobs):

* agreement with FTS5 on LoCoMo's vocabulary (every distinct word of the
  turns and questions): *same stem* — the stemmer's output equals the term
  FTS5 indexes; *same grouping* — the words sharing the word's stem are
  exactly the words FTS5 groups with it (what matters for matching);
* evidence recall where the Python stemmer decides matching: the BM25
  baseline (lexical.BM25, the scorer of fresh rows), and sleepstack's own
  recall with no index (the degraded path, lexical only: the latency budget
  turns dense scoring off), at a 1000-token budget.

Called by ``bench/locomo.py --stemmers``.
"""

from __future__ import annotations

import shutil
import sqlite3
import statistics
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from sleepstack.api import Memory
from sleepstack.index import lexical
from sleepstack.index.lexical import BM25, raw_words
from sleepstack.index.tokens import count_tokens
from sleepstack.text.stemmer import light_stem, porter_stem
from sleepstack.wake.recall import DEFAULT_CONFIG, recall

TOKENIZE = "porter unicode61 remove_diacritics 2"  # as index/schema.py


def fts5_stems(words: list[str]) -> dict[str, str]:
    """What FTS5's tokenizer indexes for each word (one word per row)."""
    con = sqlite3.connect(":memory:")
    con.execute(f"CREATE VIRTUAL TABLE t USING fts5(x, tokenize='{TOKENIZE}')")
    con.execute("CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance')")
    con.executemany("INSERT INTO t(rowid, x) VALUES (?, ?)", list(enumerate(words, start=1)))
    out: dict[str, str] = {}
    for term, doc in con.execute("SELECT term, doc FROM v"):
        out.setdefault(words[int(doc) - 1], str(term))
    return out


def agreement(words: list[str], fts: dict[str, str], stem: Callable[[str], str]
              ) -> tuple[float, float]:
    """(same stem %, same grouping %) of *stem* against FTS5 over *words*."""
    words = [w for w in words if w in fts]
    mine = {w: stem(w) for w in words}
    groups_fts: dict[str, set[str]] = defaultdict(set)
    groups_mine: dict[str, set[str]] = defaultdict(set)
    for w in words:
        groups_fts[fts[w]].add(w)
        groups_mine[mine[w]].add(w)
    same = sum(1 for w in words if mine[w] == fts[w])
    grouped = sum(1 for w in words if groups_fts[fts[w]] == groups_mine[mine[w]])
    return 100.0 * same / len(words), 100.0 * grouped / len(words)


def _vocab(convs: list[dict[str, Any]], turns_of: Callable[..., list[dict[str, str]]]
           ) -> list[str]:
    words: dict[str, None] = {}
    for conv in convs:
        for t in turns_of(conv, conv["sample_id"]):
            words.update(dict.fromkeys(raw_words(t["text"])))
        for qa in conv["qa"]:
            words.update(dict.fromkeys(raw_words(qa["question"])))
    return list(words)


def _with_stem(stem: Callable[[str], str]) -> Callable[[], None]:
    old = lexical.stem
    lexical.stem = stem  # terms() looks the name up at call time
    return lambda: setattr(lexical, "stem", old)


def run(convs: list[dict[str, Any]], turns_of: Callable[..., list[dict[str, str]]],
        clean_evidence: Callable[[list[str]], list[str]], out: Path,
        dates_of: Callable[[dict[str, Any]], dict[str, str]], budget: int = 1000) -> None:
    """Print the side-by-side table."""
    halves = {"conv 1-5": convs[:5], "conv 6-10": convs[5:]}
    stemmers = {"light (before)": light_stem, "porter (snowball)": porter_stem}
    home = out / "locomo-noindex"
    if not (home / "sleepstack.toml").exists():
        shutil.rmtree(home, ignore_errors=True)
        mem = Memory.init(home, actor="bench")
        for conv in convs:
            mem.import_turns(turns_of(conv, conv["sample_id"]))
    mem = Memory(home, actor="bench")
    lexical_only = replace(DEFAULT_CONFIG, max_latency_ms=1e-6)  # no embedder: lexical
    rows = []
    for half, part in halves.items():
        vocab = _vocab(part, turns_of)
        fts = fts5_stems(vocab)
        for name, stem in stemmers.items():
            same, grouped = agreement(vocab, fts, stem)
            restore = _with_stem(stem)
            bm25: list[float] = []
            degraded: list[float] = []
            ms: list[float] = []
            try:
                for conv in part:
                    user = conv["sample_id"]
                    turns = turns_of(conv, user)
                    dates = dates_of(conv)
                    docs = [f"[{dates[t['session']]}] {t['role']}: {t['text']}" for t in turns]
                    costs = [count_tokens(d) for d in docs]
                    index = BM25(docs)
                    for qa in conv["qa"]:
                        evidence = clean_evidence(qa.get("evidence") or [])
                        if int(qa["category"]) not in (1, 2, 3, 4) or not evidence:
                            continue
                        scores = index.scores(qa["question"])
                        order = sorted(range(len(docs)), key=lambda i: -scores[i])
                        used, chosen = 0, set()
                        for i in order:
                            if used + costs[i] <= budget:
                                used += costs[i]
                                chosen.add(turns[i]["id"])
                        bm25.append(sum(e in chosen for e in evidence) / len(evidence))
                        t = time.perf_counter()
                        ctx = recall(mem.store, qa["question"], user, budget_tokens=budget,
                                     config=lexical_only)
                        ms.append((time.perf_counter() - t) * 1000)
                        cites = set(ctx.cites)
                        degraded.append(sum(e in cites for e in evidence) / len(evidence))
            finally:
                restore()
            rows.append((half, name, len(vocab), same, grouped, statistics.fmean(bm25),
                         statistics.fmean(degraded), statistics.median(ms), len(bm25)))
    print(f"\nStemmers vs FTS5 ({TOKENIZE}) on LoCoMo; evidence recall at {budget} tokens,"
          " categories 1-4")
    print("| split | stemmer | words | same stem % | same grouping % | BM25 recall |"
          " no-index recall | no-index p50 ms | n |")
    print("|---|---|---|---|---|---|---|---|---|")
    for half, name, n_words, same, grouped, r_bm25, r_deg, p50, n in rows:
        print(f"| {half} | {name} | {n_words} | {same:.1f} | {grouped:.1f} | {r_bm25:.3f} |"
              f" {r_deg:.3f} | {p50:.1f} | {n} |")
