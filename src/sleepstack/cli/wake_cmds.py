"""Wake-path commands: ``ingest``, ``index``, ``recall`` and ``ask``."""

from __future__ import annotations

import argparse
from typing import Any

from .invocation import Invocation
from .progress import bar

__all__ = ["register"]


def register(sub: Any, common: argparse.ArgumentParser) -> None:
    """Add the wake-path commands."""
    p = sub.add_parser("ingest", parents=[common],
                       help="add reference documents (files or folders) to a topic")
    p.add_argument("paths", nargs="+", metavar="PATH")
    p.add_argument("--topic", required=True, metavar="SLUG")
    p.set_defaults(func=_ingest)

    p = sub.add_parser("index", parents=[common], help="build or refresh the derived index")
    p.add_argument("--full", action="store_true", help="rebuild from scratch")
    p.set_defaults(func=_index)

    p = sub.add_parser("recall", parents=[common], help="recall memories for a query")
    p.add_argument("query")
    p.add_argument("--user", required=True)
    p.add_argument("--session", default=None)
    p.add_argument("--budget-tokens", type=int, default=None, metavar="N")
    p.add_argument("--include-flagged", action="store_true",
                   help="also return items the validator flagged (marked as flagged)")
    p.add_argument("--deep", action="store_true",
                   help="also follow the graph tier's entities and relations (multi-hop)")
    p.set_defaults(func=_recall)

    p = sub.add_parser("ask", parents=[common], help="recall, then answer a question")
    p.add_argument("question")
    p.add_argument("--user", required=True)
    p.add_argument("--session", default=None)
    p.add_argument("--llm", default=None, metavar="SPEC",
                   help="none (extractive, default), openai:<model> or cmd:<command>")
    p.add_argument("--budget-tokens", type=int, default=None, metavar="N")
    p.set_defaults(func=_ask)


def _ingest(args: argparse.Namespace, ctx: Invocation) -> int:
    paths = ctx.memory().ingest(args.paths, args.topic)

    def human() -> None:
        for path in paths:
            print(path)
        ctx.note(f"ingested {len(paths)} document(s) into topic {args.topic};"
                 " run `sleepstack index` to make them searchable")

    ctx.emit({"topic": args.topic, "paths": paths}, human)
    return 0


def _progress(stage: str, done: int, total: int) -> None:
    if stage != "embed" or not total:
        return
    bar("embed", done, total)


def _index(args: argparse.Namespace, ctx: Invocation) -> int:
    from ..engines import LocalEngine
    from ..index.build import build_generation
    from ..sleep.cycle import settings_from_config

    mem = ctx.memory()
    # A remote store's shards are cut on the local engine's pool ([sleep] concurrency;
    # [sleep] processes >= 2: a process pool).
    settings = settings_from_config(mem.config)
    engine = LocalEngine(concurrency=settings["concurrency"], processes=settings["processes"])
    info = build_generation(mem.store, embedder=mem.config.embedder, full=args.full,
                            progress=_progress, engine=engine)
    state = "published" if info.published else "unchanged, still"
    if info.skipped:  # a remote store whose manifest was built from this state (#15)
        state = f"unchanged (build skipped: {info.skipped}), still"
    ctx.emit(info.to_dict(),
             f"index generation {info.generation} {state}: +{info.added} -{info.removed}"
             f" ={info.unchanged} ({info.items} items, {info.seconds:.2f}s)")
    return 0


def _clip(text: str, width: int) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= width else flat[: width - 1] + "…"


def _recall(args: argparse.Namespace, ctx: Invocation) -> int:
    result = ctx.memory().recall(args.query, args.user, args.session, args.budget_tokens,
                                 include_flagged=args.include_flagged, deep=args.deep)
    if ctx.debug:
        ctx.note(f"sleepstack: debug: retrieve_s={result.timings_ms['total'] / 1000:.4f}"
                 f" answer_s=0 ctx_chars={result.ctx_chars}"
                 + (f" fallback={result.fallback}" if result.fallback else ""))

    def human() -> None:
        if result.degraded:
            print("(degraded: the index is missing or unusable; answered from the files)")
        if result.fallback:
            print(f"(fallback: {result.fallback}: skipped {', '.join(result.skipped)} to meet"
                  " the latency budget; lexical only)")
        if not result.items:
            print("no memories found")
        else:
            print(f"{'#':>2}  {'score':>7}  {'layer':<10}  {'when':<10}  {'cites':<14}  text")
            for n, it in enumerate(result.items, start=1):
                when = (it.at or it.valid_from or "")[:10]
                cites = _clip(",".join(it.cites), 14)
                print(f"{n:>2}  {it.score:>7.4f}  {it.layer:<10}  {when:<10}  {cites:<14}  "
                      f"{_clip(it.text, 70)}")
        t = result.timings_ms
        print(f"\n{len(result.items)} items, {result.ctx_tokens} tokens ({result.ctx_chars} chars);"
              f" route {t['route']:.1f} ms, retrieve {t['retrieve']:.1f} ms,"
              f" assemble {t['assemble']:.1f} ms, total {t['total']:.1f} ms")

    ctx.emit(result.to_dict(), human)
    return 0


def _ask(args: argparse.Namespace, ctx: Invocation) -> int:
    answer = ctx.memory().ask(args.question, args.user, args.llm, session=args.session,
                              budget_tokens=args.budget_tokens)

    t = answer.timings_ms

    def human() -> None:
        print(answer.text)
        if answer.cites:
            print(f"\ncites: {', '.join(answer.cites)}")
        print(f"\nanswered in {t['total']:.1f} ms (retrieve {t['retrieve']:.1f} ms,"
              f" answer {t['answer']:.1f} ms)")

    if ctx.debug:  # SLEEPSTACK_DEBUG=1: one machine-readable line per answer, on stderr
        ctx.note(f"sleepstack: debug: retrieve_s={t['retrieve'] / 1000:.4f}"
                 f" answer_s={t['answer'] / 1000:.4f} ctx_chars={answer.context.ctx_chars}")
    ctx.emit(answer.to_dict(), human)
    return 0
