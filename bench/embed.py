"""Benchmark the embedders: load time and sentences/s at batch sizes 1 and 32.

Run from the repo root (takes well under a minute on 2 cores)::

    python bench/embed.py [--n 500] [--locomo PATH]

Sentences are LoCoMo dialogue turns from ``../shared/data/locomo/locomo10.json``
(relative to the repo root) when that file exists, else synthetic chat-like lines.
If torch and sentence-transformers happen to be importable, the same model is
benchmarked through them too and the vectors are compared.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "src"))

from sleepstack.adapters.embed import DEFAULT_EMBEDDER, load_embedder  # noqa: E402

DEFAULT_LOCOMO = REPO.parent / "shared" / "data" / "locomo" / "locomo10.json"

Embed = Callable[[Sequence[str]], Any]


def locomo_sentences(path: Path, n: int) -> list[str]:
    data = json.loads(path.read_text(encoding="utf-8"))
    out: list[str] = []
    for sample in data:
        conv = sample.get("conversation", {})
        for key, turns in conv.items():
            if key.startswith("session_") and isinstance(turns, list):
                out.extend(t["text"] for t in turns if isinstance(t, dict) and t.get("text"))
    random.Random(0).shuffle(out)
    return out[:n]


def synthetic_sentences(n: int) -> list[str]:
    rng = random.Random(0)
    names = ["Caroline", "Melanie", "Jon", "Gina", "Audrey", "Andrew", "Nate", "Joanna"]
    acts = [
        "went hiking near the lake",
        "started a pottery class",
        "adopted a puppy named Max",
        "is thinking about a career in counseling",
        "painted a sunrise over the mountains",
        "ran a charity 5k for mental health",
        "visited her grandmother in Sweden",
        "opened a small dance studio downtown",
    ]
    tails = [
        "",
        " last weekend",
        " and said it was really healing",
        " because the kids wanted to try something new",
        ". It was tough at first, but the support from friends made a huge difference.",
    ]
    return [
        f"{rng.choice(['Hey', 'Wow', 'So', 'Honestly,', ''])} {rng.choice(names)} "
        f"{rng.choice(acts)}{rng.choice(tails)}{rng.choice(['!', '.', '?'])}".strip()
        for _ in range(n)
    ]


def throughput(embed: Embed, texts: list[str], batch: int) -> tuple[float, float]:
    """Return (sentences per second, median ms per call) embedding in chunks of ``batch``."""
    embed(texts[:batch])  # warm caches and BLAS threads
    laps: list[float] = []
    start = time.perf_counter()
    for i in range(0, len(texts), batch):
        t = time.perf_counter()
        embed(texts[i : i + batch])
        laps.append(time.perf_counter() - t)
    total = time.perf_counter() - start
    return len(texts) / total, statistics.median(laps) * 1000


def row(name: str, load_s: float, texts: list[str], embed: Embed) -> list[str]:
    sps1, ms1 = throughput(embed, texts, 1)
    sps32, _ = throughput(embed, texts, 32)
    # One call with everything: the embedder may sort by length across all of it.
    sps_all, _ = throughput(embed, texts, len(texts))
    return [
        name,
        f"{load_s * 1000:.0f}",
        f"{sps1:.0f}",
        f"{ms1:.1f}",
        f"{sps32:.0f}",
        f"{sps_all:.0f}",
    ]


def print_table(rows: list[list[str]]) -> None:
    head = ["embedder", "load ms", "sent/s b=1", "ms/query b=1", "sent/s b=32", "sent/s all"]
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
    fmt = "  ".join(f"{{:<{w}}}" if i == 0 else f"{{:>{w}}}" for i, w in enumerate(widths))
    print(fmt.format(*head))
    print(fmt.format(*("-" * w for w in widths)))
    for r in rows:
        print(fmt.format(*r))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--n", type=int, default=500, help="number of sentences (default 500)")
    ap.add_argument("--locomo", type=Path, default=DEFAULT_LOCOMO, help="locomo10.json path")
    args = ap.parse_args()

    if args.locomo.is_file():
        texts = locomo_sentences(args.locomo, args.n)
        source = f"LoCoMo turns from {args.locomo}"
    else:
        texts = synthetic_sentences(args.n)
        source = f"synthetic sentences ({args.locomo} not found)"
    print(f"{len(texts)} {source}; mean {statistics.mean(map(len, texts)):.0f} chars")

    rows: list[list[str]] = []
    t = time.perf_counter()
    ours = load_embedder(DEFAULT_EMBEDDER)
    load_s = time.perf_counter() - t
    t = time.perf_counter()
    load_embedder(DEFAULT_EMBEDDER)
    cached_us = (time.perf_counter() - t) * 1e6
    rows.append(row("numpy MiniLM (sleepstack)", load_s, texts, ours.embed))

    t = time.perf_counter()
    hashing = load_embedder("hash:384")
    rows.append(row("hash:384", time.perf_counter() - t, texts, hashing.embed))

    have_st = all(importlib.util.find_spec(m) for m in ("torch", "sentence_transformers"))
    note = ""
    if have_st:
        from sleepstack.adapters.embed.minilm import find_model_dir

        # Imported by name: it is absent from the project venv (and its type checking).
        SentenceTransformer = importlib.import_module("sentence_transformers").SentenceTransformer

        t = time.perf_counter()
        st = SentenceTransformer(str(find_model_dir()), device="cpu")
        st_load = time.perf_counter() - t

        def st_embed(batch: Sequence[str]) -> Any:
            return st.encode(list(batch), batch_size=32, normalize_embeddings=True)

        rows.append(row("torch sentence-transformers", st_load, texts, st_embed))
        a = ours.embed(texts)
        b = np.asarray(st_embed(texts), dtype=np.float32)
        cos = (a * b).sum(axis=1)
        note = f"numpy vs torch on these sentences: min cosine {cos.min():.7f}"
    else:
        note = "torch + sentence-transformers not importable here: no torch comparison"

    print()
    print_table(rows)
    print()
    print(f"cached load_embedder() call: {cached_us:.1f} us")
    print(note)


if __name__ == "__main__":
    main()
