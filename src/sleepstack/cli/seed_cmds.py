"""The seeds' CLI verbs: ``context``, ``promote``, ``summarize``, ``compress``, ``session-context``.

* ``context --user U [--session S] [--query Q]``: the per-turn block
  (SHORT_TERM + LONG_TERM + recall), :mod:`sleepstack.wake.turn_context`;
* ``promote TEXT --user U``: quarantine → gate → trusted fact, audited, in one
  step, :mod:`sleepstack.memories.curate` (exit 5 when the gate refuses);
* ``summarize --cmd "<program>" --days N --user U``: the rolling summary by any
  stdin→stdout program, :mod:`sleepstack.wake.digest`;
* ``compress`` / ``session-context --user U --session S``: a session through
  the compression DAG with the ``[compression]`` thresholds, saved and reused,
  :mod:`sleepstack.layers.compression_cache`.
"""

from __future__ import annotations

import argparse
import shlex
from typing import Any

from .invocation import Invocation

__all__ = ["register"]


def register(sub: Any, common: argparse.ArgumentParser) -> None:
    """Add the seeds' verbs."""
    p = sub.add_parser("context", parents=[common],
                       help="the per-turn block: SHORT_TERM + LONG_TERM + recall")
    p.add_argument("--user", required=True)
    p.add_argument("--session", default=None)
    p.add_argument("--query", default=None,
                   help="what to recall for (default: the session's newest user turn)")
    p.add_argument("--budget-tokens", type=int, default=None, metavar="N")
    p.set_defaults(func=_context)

    p = sub.add_parser("promote", parents=[common],
                       help="curate a fact by hand: quarantine, validator, trusted (audited)")
    p.add_argument("text")
    p.add_argument("--user", required=True)
    p.add_argument("--category", default="other")
    p.add_argument("--attribute", default=None,
                   help="the fact's slot (a newer fact of the same slot supersedes it)")
    p.set_defaults(func=_promote)

    p = sub.add_parser("summarize", parents=[common],
                       help="rolling summary of the last days by any stdin→stdout program")
    p.add_argument("--user", required=True)
    p.add_argument("--days", type=int, default=3, metavar="N")
    how = p.add_mutually_exclusive_group(required=True)
    how.add_argument("--cmd", default=None, metavar="COMMAND",
                     help='a program reading the prompt on stdin, e.g. "ollama run llama3"')
    how.add_argument("--llm", default=None, metavar="SPEC", help="openai:<model> or cmd:<…>")
    p.set_defaults(func=_summarize)

    for name, helptext in (("compress", "compress a session into its DAG and save it"),
                           ("session-context", "a session within a budget (saved DAG)")):
        p = sub.add_parser(name, parents=[common], help=helptext)
        p.add_argument("--user", required=True)
        p.add_argument("--session", required=True)
        p.add_argument("--budget-tokens", type=int, default=None, metavar="N",
                       help="default: window_limit_tokens × summary_threshold")
        p.set_defaults(func=_compress, save=name == "compress")


def _context(args: argparse.Namespace, ctx: Invocation) -> int:
    from ..wake.settings import recall_config
    from ..wake.turn_context import turn_context

    mem = ctx.memory()
    budget = mem.config.budget_tokens if args.budget_tokens is None else args.budget_tokens
    out = turn_context(mem.store, args.user, args.session, args.query, budget,
                       config=recall_config(mem.config.retrieval))
    ctx.emit(out.to_dict(), out.context or "(no memory yet)")
    return 0


def _promote(args: argparse.Namespace, ctx: Invocation) -> int:
    from ..memories.curate import promote

    mem = ctx.memory()
    got = promote(mem.store, args.text, user=args.user, actor="cli:promote",
                  category=args.category, attribute=args.attribute,
                  time_range=mem.config.time_range, secrets=mem.config.ingest_secrets)
    fact = got.fact
    human = (f"promoted as fact {fact.id}: {fact.text}" if fact is not None else got.decision)
    if got.superseded:
        human += f" (supersedes {got.superseded})"
    ctx.emit(got.to_dict(), human)
    return 0


def _summarize(args: argparse.Namespace, ctx: Invocation) -> int:
    from ..wake.digest import summarize

    spec = args.llm if args.llm else "cmd:" + args.cmd
    if args.cmd is not None and not shlex.split(args.cmd):
        from ..errors import UsageError

        raise UsageError("--cmd needs a program")
    digest = summarize(ctx.memory().store, args.user, args.days, spec)
    ctx.emit(digest.to_dict(), digest.text)
    return 0


def _compress(args: argparse.Namespace, ctx: Invocation) -> int:
    from ..layers.compression_cache import compress_session, prune

    mem = ctx.memory()
    settings = mem.config.compression
    if args.save:
        prune(mem.store, settings)
    res = compress_session(mem.store, args.user, args.session, settings,
                           budget_tokens=args.budget_tokens, save=args.save)
    sc = res.context
    if args.save:
        folded = sum(1 for n in sc.dag.values() if n.kind == "summary")
        human = (f"session {args.session}: {len(sc.dag) - folded} turns, {folded} summary"
                 f" node(s), frontier {len(sc.nodes)} node(s), {sc.ctx_tokens} tokens"
                 + (f"; saved to {res.path}" if res.path else "")
                 + (" (unchanged)" if res.reused else ""))
        ctx.emit(res.to_dict(), human)
    else:
        ctx.emit(res.to_dict(), sc.context or "(no turns in this session)")
    return 0
