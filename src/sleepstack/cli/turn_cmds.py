"""Turn commands: ``log``, ``import`` and ``propose`` (the wake path's writes)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..errors import UsageError
from .invocation import Invocation
from .progress import bar

__all__ = ["register"]


def register(sub: Any, common: argparse.ArgumentParser) -> None:
    """Add the turn commands."""
    p = sub.add_parser("log", parents=[common], help="append one turn to the raw log")
    p.add_argument("--user", required=True)
    p.add_argument("--session", required=True)
    p.add_argument("--role", required=True)
    p.add_argument("--at", default=None, help="ISO 8601 time (default now)")
    p.add_argument("--id", default=None, help="turn id (default generated)")
    p.add_argument("text")
    p.set_defaults(func=_log)

    p = sub.add_parser("import", parents=[common], help="append turns from JSON Lines ('-': stdin)")
    p.add_argument("file")
    p.set_defaults(func=_import)

    p = sub.add_parser("propose", parents=[common], help="quarantine a memory proposal")
    p.add_argument("text")
    p.add_argument("--user", required=True)
    p.add_argument("--session", required=True)
    p.add_argument("--path", default=None)
    p.add_argument("--source", default=None)
    p.set_defaults(func=_propose)


def _log(args: argparse.Namespace, ctx: Invocation) -> int:
    tid = ctx.memory().log(args.user, args.session, args.role, args.text, at=args.at, id=args.id)
    ctx.emit({"id": tid}, tid)
    return 0


def _progress(done: int, total: int) -> None:
    bar("import", done, total)


def _import(args: argparse.Namespace, ctx: Invocation) -> int:
    mem = ctx.memory()
    if args.file == "-":
        data = sys.stdin.buffer.read()
        source = "<stdin>"
    else:
        try:
            with open(args.file, "rb") as fh:
                data = fh.read()
        except OSError as exc:
            raise UsageError(f"cannot read {args.file}: {exc.strerror}", file=args.file) from None
        source = args.file
    from ..wake.log import append_turns, parse_jsonl

    turns = parse_jsonl(data, source=source)
    ids = append_turns(mem.store, turns, actor=mem.actor, reason=f"import {source}",
                       on_progress=_progress, time_range=mem.config.time_range,
                       secrets=mem.config.ingest_secrets)
    ctx.emit({"imported": len(ids), "source": source}, f"imported {len(ids)} turns from {source}")
    return 0


def _propose(args: argparse.Namespace, ctx: Invocation) -> int:
    pid = ctx.memory().propose(args.text, args.user, args.session, path=args.path,
                               source=args.source)
    # Tell the caller now what the next sleep cycle will most likely decide.
    from ..wake.propose import preview

    verdict = preview(args.text, user=args.user, path=args.path, source=args.source)
    if verdict["decision"] != "accept":
        ctx.note(f"sleepstack: note: quarantined; the validator would {verdict['decision']} it:"
                 f" {'; '.join(verdict['reasons'])}")
    ctx.emit({"id": pid, "preview": verdict}, pid)
    return 0
