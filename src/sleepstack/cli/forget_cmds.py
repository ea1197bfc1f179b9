"""``sleepstack forget``: erase a turn, session, fact, user or string everywhere (ADR 0004)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..errors import UsageError
from .invocation import Invocation

__all__ = ["register"]


def register(sub: Any, common: argparse.ArgumentParser) -> None:
    """Add ``forget``."""
    p = sub.add_parser(
        "forget", parents=[common],
        help="erase everywhere it went (files, versions, raw log, derived memory, index, cache)",
        description="Erase a target everywhere it went and record a redaction record in the"
                    " audit. Name exactly one target.")
    p.add_argument("--turn", nargs="+", metavar="ID", help="raw-log turn ids")
    p.add_argument("--session", help="one session (with --user)")
    p.add_argument("--user", help="a user: everything of that user, or the scope of"
                                  " --turn/--fact/--text/--session")
    p.add_argument("--fact", nargs="+", metavar="ID", help="fact ids")
    p.add_argument("--text", help="a literal string (it shows in your shell history:"
                                  " prefer --secret)")
    p.add_argument("--secret", action="store_true",
                   help="read the literal string from stdin (all of it, less a final"
                        " newline: multi-line keys work)")
    p.add_argument("--reason", required=True, help="why (recorded in the audit)")
    p.add_argument("--dry-run", action="store_true",
                   help="list every place that would change, counted per area")
    p.set_defaults(func=_forget)


def _forget(args: argparse.Namespace, ctx: Invocation) -> int:
    text = args.text
    if args.secret:
        if text is not None:
            raise UsageError("give the string either with --text or on stdin with --secret")
        # All of stdin (a pasted key may span lines), less the newline that ends it.
        text = sys.stdin.read().removesuffix("\n").removesuffix("\r")
    if args.session is not None and args.user is None:
        raise UsageError("forget --session needs --user")
    summary = ctx.memory().forget(turns=args.turn, session=args.session, user=args.user,
                                  facts=args.fact, text=text, reason=args.reason,
                                  dry_run=args.dry_run)

    def human() -> None:
        verb = "would change" if summary.dry_run else "changed"
        if not summary.changed:
            print(f"{summary.forget_id}: nothing to erase")
            return
        if summary.dry_run:
            for place in summary.places:
                where = place.get("path") or (f"seq {place['seq']}" if "seq" in place else "")
                sha = f" @{place['sha']}" if "sha" in place else ""
                print(f"{place['action']:<18} {place['area']:<9} {where}{sha}")
        counts = ", ".join(f"{k} {v}" for k, v in summary.counts.items())
        print(f"{summary.forget_id}: {verb} {summary.changed} place(s): {counts}"
              f" ({summary.bytes_rewritten} bytes rewritten, {summary.bytes_removed} deleted,"
              f" {summary.seconds:.2f}s)")
        for warning in summary.warnings:
            ctx.note(f"warning: {warning}")

    ctx.emit(summary.to_dict(), human)
    return 0
