# ruff: noqa: E402  (the thread limits must be set before numpy is imported)
"""LoCoMo evidence recall: sleepstack's recall against BM25, dense and hybrid baselines.

Each of the 10 LoCoMo conversations is imported as one user (turn ids are the
``dia_id``s, times come from the session dates with consecutive turns a minute
apart, the speaker is the role, photos are included as "[shares a photo of …]"),
indexed with the default embedder, and every question of categories 1–4 is
sent to ``recall``. The score is *evidence recall*: the share of the question's
evidence turn ids found among the cites of the returned items. Baselines fill
the same token budget with single turns ("[session date] speaker: text")
ranked by BM25, dense (MiniLM) and their reciprocal-rank fusion.

Cites alone cannot tell whether the context's *text* still carries the answer
(deep recall may show a long turn as an excerpt, sleepstack.wake.excerpt), so
the report also gives *answer words shown*: over the questions whose answer's
content words all occur in their evidence turns, the share of those words the
rendered context writes.

The data is read from ../shared/data/locomo and never copied. The store and
index are kept in bench/out/locomo-home between runs (``--fresh`` rebuilds
them); the report says whether the index build reused that cache, and recall
latency always includes embedding the question (single thread).

``--deep`` also builds each conversation's graph (sleepstack.graph, written
through the audited store) and runs deep recall beside fast recall; every
system is then also reported on conversations 0-4 (what the deep knobs were
tuned on) and 5-9 (held out).

Usage: python bench/locomo.py [--budgets 300,1000] [--fresh] [--limit N] [--deep] [--stemmers]

Tuning deep recall (conversations 0-4 only): ``--deep --deep-only --no-baselines --only 0-4``
with ``--deep-config`` / ``--activity-config`` / ``--excerpt-config`` JSON overrides of
DeepConfig / ActivityConfig / ExcerptConfig. ``bench/locomo_hash.py`` checks that fast
recall is byte-identical between two checkouts.

``--stemmers`` (or ``--stemmers-only``) adds the stemmer table of bench/stemmers.py.
"""

from __future__ import annotations

import os

# One thread: the latency figures are for a single core, as in a small deployment.
for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse
import hashlib
import json
import re
import shutil
import sqlite3
import statistics
import sys
import time
from collections import defaultdict
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import numpy as np

from sleepstack.api import Memory
from sleepstack.graph import Graph, Text, build_graph, graph_path
from sleepstack.graph.files import write_graphs
from sleepstack.index.build import build_generation
from sleepstack.index.lexical import BM25
from sleepstack.index.vectors import get_embedder
from sleepstack.text.token_count import count_tokens
from sleepstack.text.words import terms
from sleepstack.wake.recall import DEFAULT_CONFIG, RecallConfig, recall

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data" / "locomo"
OUT = ROOT / "bench" / "out"
CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}
EMBEDDER = "local:all-MiniLM-L6-v2"


def parse_session_date(text: str) -> datetime:
    """'1:56 pm on 8 May, 2023' -> an aware datetime."""
    return datetime.strptime(text.strip(), "%I:%M %p on %d %B, %Y").replace(tzinfo=UTC)


def clean_evidence(ids: list[str]) -> list[str]:
    """Fix malformed evidence ids: 'D:11:26' -> 'D11:26', 'D8:6; D9:17' -> two ids."""
    out: list[str] = []
    for raw in ids:
        for part in re.split(r"[;,\s]+", raw):
            part = part.strip()
            m = re.fullmatch(r"D:?(\d+):(\d+)", part)
            if m:
                out.append(f"D{m.group(1)}:{m.group(2)}")
    return list(dict.fromkeys(out))


def turns_of(conv: dict[str, Any], user: str) -> list[dict[str, str]]:
    c = conv["conversation"]
    out = []
    n = 1
    while f"session_{n}" in c:
        start = parse_session_date(c[f"session_{n}_date_time"])
        for i, t in enumerate(c[f"session_{n}"]):
            text = t["text"]
            if t.get("blip_caption"):
                text = f"{text} [shares a photo of {t['blip_caption']}]"
            out.append({"user": user, "session": f"session_{n}", "role": t["speaker"],
                        "text": text, "id": t["dia_id"],
                        "at": (start + timedelta(minutes=i)).isoformat()})
        n += 1
    return out


def load() -> tuple[list[dict[str, Any]], dict[tuple[int, int], list[str]]]:
    convs = json.loads((DATA / "locomo10.json").read_text())
    audit: dict[tuple[int, int], list[str]] = {}
    path = DATA / "locomo_audit_errors.json"
    if path.exists():
        for e in json.loads(path.read_text()):
            m = re.fullmatch(r"locomo_(\d+)_qa(\d+)", e["question_id"])
            if not m:
                continue
            ci, qi = int(m.group(1)), int(m.group(2))
            qa = convs[ci]["qa"]
            if not (qi < len(qa) and qa[qi]["question"].strip() == e["question"].strip()):
                wanted = e["question"].strip()
                found = [j for j, q in enumerate(qa) if q["question"].strip() == wanted]
                if not found:
                    continue
                qi = found[0]
            audit[(ci, qi)] = clean_evidence(e.get("correct_evidence") or [])
    return convs, audit


def build_store(convs: list[dict[str, Any]], fresh: bool,
                vectors: str = "") -> tuple[Memory, dict[str, Any]]:
    home = OUT / "locomo-home"
    fingerprint = hashlib.sha256((DATA / "locomo10.json").read_bytes()).hexdigest()
    stamp = home / "bench-fingerprint"
    info: dict[str, Any] = {}
    if fresh or not stamp.exists() or stamp.read_text() != fingerprint:
        shutil.rmtree(home, ignore_errors=True)
        t = time.perf_counter()
        mem = Memory.init(home, actor="bench")
        n = 0
        for conv in convs:
            n += mem.import_turns(turns_of(conv, conv["sample_id"]))
        info["import_s"] = time.perf_counter() - t
        info["turns"] = n
        stamp.write_text(fingerprint)
    else:
        mem = Memory(home, actor="bench")
    t = time.perf_counter()
    # --vectors picks the stored width; a change of width rebuilds the cached generation
    gen = build_generation(mem.store, embedder=EMBEDDER, vector_dtype=vectors or None)
    info["index_s"] = time.perf_counter() - t
    info["index"] = gen.to_dict()
    info["index_reused"] = not gen.published
    conn = sqlite3.connect(f"file:{gen.path}?mode=ro", uri=True)
    try:
        meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
        info["vectors"] = meta.get("vectors", "float32")
        info["vector_bytes"] = int(conn.execute(
            "SELECT coalesce(sum(length(vec)), 0) FROM items").fetchone()[0])
    finally:
        conn.close()
    info["index_bytes"] = Path(gen.path).stat().st_size
    return mem, info


def build_graphs(mem: Memory, convs: list[dict[str, Any]]) -> dict[str, Any]:
    """Each conversation's graph from its turns (speakers are named: their "I" is them)."""
    t = time.perf_counter()
    graphs = {}
    for conv in convs:
        user = conv["sample_id"]
        texts = [Text(x["id"], x["text"], x["at"], x["role"]) for x in turns_of(conv, user)]
        graphs[graph_path(user)] = build_graph(Graph(user), texts)
    changed = write_graphs(mem.store, graphs, actor="bench", reason="locomo graph build")
    ents = sum(len(g.entities) for g in graphs.values())
    rels = sum(len(g.relations) for g in graphs.values())
    return {"graph_s": time.perf_counter() - t, "entities": ents, "relations": rels,
            "written": len(changed)}


# ----------------------------------------------------------------------- baselines
def baseline_vectors(texts: list[str]) -> np.ndarray:
    key = hashlib.sha256("\n".join(texts).encode()).hexdigest()[:16]
    cache = OUT / f"locomo-baseline-{key}.npy"
    if cache.exists():
        return np.load(cache)
    vecs = get_embedder(EMBEDDER).embed(texts)
    OUT.mkdir(parents=True, exist_ok=True)
    np.save(cache, vecs)
    return vecs


def fill_budget(order: list[int], costs: list[int], budget: int, patience: int = 40) -> list[int]:
    used, out, misses = 0, [], 0
    for i in order:
        if used + costs[i] > budget:
            misses += 1
            if misses >= patience:
                break
            continue
        misses = 0
        used += costs[i]
        out.append(i)
    return out


class Baselines:
    """BM25, dense and RRF over one conversation's single turns."""

    def __init__(self, turns: list[dict[str, str]], dates: dict[str, str]) -> None:
        self.ids = [t["id"] for t in turns]
        self.docs = [f"[{dates[t['session']]}] {t['role']}: {t['text']}" for t in turns]
        self.costs = [count_tokens(d) for d in self.docs]
        self.bm25 = BM25(self.docs)
        self.vecs = baseline_vectors(self.docs)

    def rankings(self, question: str, qvec: np.ndarray) -> dict[str, list[int]]:
        """Turn indices best-first for each baseline."""
        lex = np.asarray(self.bm25.scores(question))
        dense = self.vecs @ qvec
        lex_order = [int(i) for i in np.argsort(-lex, kind="stable")]
        dense_order = [int(i) for i in np.argsort(-dense, kind="stable")]
        rrf: dict[int, float] = defaultdict(float)
        for order in (lex_order, dense_order):
            for r, i in enumerate(order, start=1):
                rrf[i] += 1.0 / (60 + r)
        hybrid = sorted(rrf, key=lambda i: -rrf[i])
        return {"bm25": lex_order, "dense": dense_order, "hybrid": hybrid}


# ------------------------------------------------------------------------ scoring
def answer_terms(answer: object, evidence_texts: list[str]) -> set[str]:
    """The answer's stemmed content words, when its evidence turns write all of them.

    Evidence recall counts cites; this checks the context's *text* still carries
    the answer (deep recall may show a turn as an excerpt). Empty when the answer
    is not extractive (a date computed from a session, a yes/no, an inference).
    """
    want = set(terms(str(answer or "")))
    have = set(terms(" ".join(evidence_texts)))
    return want if want and want <= have else set()


def evidence_recall(evidence: list[str], cites: set[str]) -> float:
    return sum(1 for e in evidence if e in cites) / len(evidence)


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    return float(np.percentile(np.asarray(values), q))


def _dates(conv: dict[str, Any]) -> dict[str, str]:
    c = conv["conversation"]
    out, n = {}, 1
    while f"session_{n}" in c:
        out[f"session_{n}"] = c[f"session_{n}_date_time"]
        n += 1
    return out


def run(args: argparse.Namespace) -> int:
    if not (DATA / "locomo10.json").exists():
        print(f"LoCoMo data not found at {DATA}/locomo10.json; skipping the benchmark.")
        return 0
    convs, audit = load()
    if args.limit:
        convs = convs[: args.limit]
    if args.stemmers or args.stemmers_only:
        import stemmers

        stemmers.run(convs, turns_of, clean_evidence, OUT, _dates)
        if args.stemmers_only:
            return 0
    mem, info = build_store(convs, args.fresh, args.vectors)
    how = "reused cached generation" if info["index_reused"] else "built"
    print(f"store: {info.get('turns', 'cached')} turns; import {info.get('import_s', 0):.1f}s;"
          f" index {info['index_s']:.1f}s ({how}:"
          f" {info['index']['items']} items, +{info['index']['added']})", file=sys.stderr)
    if args.deep:
        ginfo = build_graphs(mem, convs)
        print(f"graph: {ginfo['entities']} entities, {ginfo['relations']} relations in"
              f" {ginfo['graph_s']:.1f}s ({ginfo['written']} files written)", file=sys.stderr)
    budgets = [int(b) for b in args.budgets.split(",")]
    cfg = RecallConfig(**json.loads(args.config)) if args.config else DEFAULT_CONFIG
    if args.deep_config:
        from sleepstack.wake import deep as deep_mod

        over = json.loads(args.deep_config)
        if "recall" in over:
            over["recall"] = tuple(sorted(over["recall"].items()))
        deep_mod.DEFAULT_DEEP = deep_mod.DeepConfig(**over)
    if args.activity_config:
        from sleepstack.wake import deep_activity

        deep_activity.DEFAULT_ACTIVITY = deep_activity.ActivityConfig(
            **json.loads(args.activity_config))
    if args.excerpt_config:
        from sleepstack.wake import excerpt

        excerpt.DEFAULT_EXCERPT = excerpt.ExcerptConfig(**json.loads(args.excerpt_config))
    emb = get_embedder(EMBEDDER)
    # scores[(budget, system)][category] -> list of (recall, audited recall)
    scores: dict[tuple[int, str], dict[int, list[tuple[float, float]]]] = defaultdict(
        lambda: defaultdict(list))
    latencies: dict[tuple[int, str], list[float]] = defaultdict(list)
    tokens_used: dict[int, list[int]] = defaultdict(list)
    shown: dict[tuple[int, str], list[float]] = defaultdict(list)  # answer words shown
    skipped = 0
    now = datetime.now(UTC)
    recall(mem.store, "warm up", convs[0]["sample_id"], budget_tokens=100)  # load caches
    only = set(range(len(convs)))
    if args.only:
        lo, _, hi = args.only.partition("-")
        only = set(range(int(lo), int(hi or lo) + 1))
    for ci, conv in enumerate(convs):
        if ci not in only:
            continue
        user = conv["sample_id"]
        c = conv["conversation"]
        dates = {}
        n = 1
        while f"session_{n}" in c:
            dates[f"session_{n}"] = c[f"session_{n}_date_time"]
            n += 1
        base = Baselines(turns_of(conv, user), dates)
        said = {t["id"]: t["text"] for t in turns_of(conv, user)}
        for qi, qa in enumerate(conv["qa"]):
            cat = int(qa["category"])
            if args.categories and str(cat) not in args.categories.split(","):
                continue
            evidence = clean_evidence(qa.get("evidence") or [])
            if not evidence:
                skipped += 1
                continue
            audited = audit.get((ci, qi), evidence) or evidence
            want = answer_terms(qa.get("answer"), [said.get(e, "") for e in evidence])
            question = qa["question"]
            group = "0-4" if ci < 5 else "5-9"
            modes = [("sleepstack", False)] + ([("deep", True)] if args.deep else [])
            if args.deep and args.deep_only:
                modes = modes[1:]
            for budget in budgets:
                for sysname, deep in modes:
                    t = time.perf_counter()
                    ctx = recall(mem.store, question, user, budget_tokens=budget, now=now,
                                 config=cfg, deep=deep)
                    ms = (time.perf_counter() - t) * 1000
                    assert ctx.ctx_tokens <= budget
                    if not deep:
                        tokens_used[budget].append(ctx.ctx_tokens)
                    cites = set(ctx.cites)
                    got = (evidence_recall(evidence, cites), evidence_recall(audited, cites))
                    for name in (sysname, f"{sysname} [{group}]"):
                        latencies[(budget, name)].append(ms)
                        scores[(budget, name)][cat].append(got)
                        if want and cat in CATEGORIES:
                            shown[(budget, name)].append(
                                len(want & set(terms(ctx.context))) / len(want))
            if args.no_baselines:
                continue
            qvec = emb.embed([question])[0]
            ranks = base.rankings(question, qvec)
            for budget in budgets:
                for name, order in ranks.items():
                    chosen = {base.ids[i] for i in fill_budget(order, base.costs, budget)}
                    scores[(budget, name)][cat].append(
                        (evidence_recall(evidence, chosen), evidence_recall(audited, chosen)))
    report(scores, latencies, tokens_used, budgets, skipped, info, args)
    if shown:
        print("\nanswer words shown (questions whose answer's content words all occur in their"
              " evidence turns: the share of those words the context's text writes)")
        for (budget, name), vals in shown.items():
            print(f"  {budget} {name}: {statistics.fmean(vals):.3f} (n = {len(vals)})")
    return 0


def report(scores: dict[tuple[int, str], dict[int, list[tuple[float, float]]]],
           latencies: dict[tuple[int, str], list[float]], tokens_used: dict[int, list[int]],
           budgets: list[int], skipped: int, info: dict[str, Any],
           args: argparse.Namespace) -> None:
    systems = ["sleepstack", "deep", "sleepstack [0-4]", "deep [0-4]", "sleepstack [5-9]",
               "deep [5-9]", "bm25", "dense", "hybrid"]
    head = (f"| budget | system | {' | '.join(CATEGORIES.values())} | overall 1-4 |"
            f" audited 1-4 | adversarial (5) | p50 ms | p95 ms |")
    print("\nLoCoMo evidence recall (share of evidence turn ids cited in the returned context)")
    print(head)
    print("|" + "---|" * (head.count("|") - 1))
    for budget in budgets:
        for sysname in systems:
            per = scores.get((budget, sysname))
            if not per:
                continue
            cells = []
            allv: list[float] = []
            alla: list[float] = []
            for cat in CATEGORIES:
                vals = [v for v, _ in per.get(cat, [])]
                allv.extend(vals)
                alla.extend(a for _, a in per.get(cat, []))
                cells.append(f"{statistics.fmean(vals):.3f}" if vals else "-")
            adv = [v for v, _ in per.get(5, [])]
            lat = latencies.get((budget, sysname), [])
            p50 = f"{pct(lat, 50):.1f}" if lat else "-"
            p95 = f"{pct(lat, 95):.1f}" if lat else "-"
            print(f"| {budget} | {sysname} | {' | '.join(cells)} | {statistics.fmean(allv):.3f} |"
                  f" {statistics.fmean(alla):.3f} |"
                  f" {statistics.fmean(adv) if adv else float('nan'):.3f} | {p50} | {p95} |")
    n = sum(len(v) for c, v in scores[(budgets[0], "sleepstack")].items() if c in CATEGORIES)
    n5 = len(scores[(budgets[0], "sleepstack")].get(5, []))
    print(f"\nn = {n} questions of categories 1-4 (+{n5} adversarial); {skipped} without evidence"
          " skipped; audited = evidence corrected by locomo-audit where it flags an error.")
    for budget in budgets:
        used = tokens_used[budget]
        if not used:  # --deep-only
            continue
        print(f"budget {budget}: context tokens used mean {statistics.fmean(used):.0f},"
              f" max {max(used)}")
    how = "reused the cached generation in bench/out" if info["index_reused"] else "built"
    print(f"index: {how} ({info['index_s']:.1f}s); vectors {info['vectors']}:"
          f" file {info['index_bytes'] / 1e6:.1f} MB, vector blobs"
          f" {info['vector_bytes'] / 1e6:.1f} MB;"
          " latency includes embedding the question, one thread.")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--budgets", default="300,1000")
    p.add_argument("--fresh", action="store_true", help="rebuild the store and index")
    p.add_argument("--limit", type=int, default=0, help="only the first N conversations")
    p.add_argument("--no-baselines", action="store_true")
    p.add_argument("--vectors", default="", choices=["", "float32", "float16"],
                   help="stored vector width of the index (default: the store's setting)")
    p.add_argument("--config", default="", help="JSON overrides of RecallConfig (tuning)")
    p.add_argument("--stemmers", action="store_true",
                   help="also compare the light and Porter stemmers against FTS5")
    p.add_argument("--stemmers-only", action="store_true", help="only the stemmer table")
    p.add_argument("--deep", action="store_true",
                   help="build the graphs and run deep recall beside fast recall")
    p.add_argument("--deep-config", default="", help="JSON overrides of DeepConfig (tuning)")
    p.add_argument("--activity-config", default="",
                   help="JSON overrides of deep_activity.ActivityConfig (tuning)")
    p.add_argument("--excerpt-config", default="",
                   help="JSON overrides of excerpt.ExcerptConfig (tuning)")
    p.add_argument("--deep-only", action="store_true",
                   help="run deep recall only (tuning; no fast recall column)")
    p.add_argument("--only", default="", help="conversation indices to run, e.g. 0-4")
    p.add_argument("--categories", default="", help="only these question categories, e.g. 1,3")
    return run(p.parse_args())


if __name__ == "__main__":
    raise SystemExit(main())
