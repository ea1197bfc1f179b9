"""Store commands: ``init``, ``ls``, ``cat``, ``history``, ``rollback``, ``audit verify``."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..config import resolve_home
from ..errors import PathRefused, UsageError
from .invocation import Invocation

__all__ = ["register"]


def register(sub: Any, common: argparse.ArgumentParser) -> None:
    """Add the store commands."""
    p = sub.add_parser("init", parents=[common], help="create a store")
    p.set_defaults(func=_init)

    p = sub.add_parser("ls", parents=[common], help="list files under a prefix")
    p.add_argument("prefix", nargs="?", default="")
    p.set_defaults(func=_ls)

    p = sub.add_parser("cat", parents=[common], help="print a file")
    p.add_argument("path")
    p.set_defaults(func=_cat)

    p = sub.add_parser("history", parents=[common], help="every version of a file")
    p.add_argument("path")
    p.set_defaults(func=_history)

    p = sub.add_parser("rollback", parents=[common], help="make an old version current again")
    p.add_argument("path")
    p.add_argument("version", type=int)
    p.add_argument("--reason", default="rollback from the CLI")
    p.set_defaults(func=_rollback)

    p = sub.add_parser("audit", parents=[common], help="audit log commands")
    audit_sub = p.add_subparsers(dest="audit_command", metavar="verify", required=True,
                                 parser_class=type(p))
    v = audit_sub.add_parser("verify", parents=[common], help="verify the audit chain and files")
    v.set_defaults(func=_verify)


def _init(args: argparse.Namespace, ctx: Invocation) -> int:
    from ..api import Memory

    mem = Memory.init(ctx.home, actor="cli")
    ctx.emit({"home": resolve_home(ctx.home), "created": True},
             f"initialised sleepstack store at {mem.home}")
    return 0


def _ls(args: argparse.Namespace, ctx: Invocation) -> int:
    mem = ctx.memory()
    try:
        files = mem.store.list(args.prefix)
    except PathRefused as exc:
        if exc.fields.get("rule") != "prefix":
            raise
        # Not a place in the store at all: the caller mistyped, nothing was refused.
        raise UsageError(exc.message, **exc.fields) from None

    def human() -> None:
        if files:
            print("\n".join(files))
        else:
            ctx.note(f"sleepstack: no files under {args.prefix or 'the store'}")

    ctx.emit({"prefix": args.prefix, "files": files}, human)
    return 0


def _cat(args: argparse.Namespace, ctx: Invocation) -> int:
    text = ctx.memory().store.read_text(args.path)
    if ctx.as_json:
        ctx.emit({"path": args.path, "content": text})
    else:
        sys.stdout.write(text)
    return 0


def _history(args: argparse.Namespace, ctx: Invocation) -> int:
    versions = ctx.memory().store.history(args.path)  # a path (Memory.history also takes ids)

    def human() -> None:
        for v in versions:
            sha = (v.sha or "(deleted)")[:12]
            print(f"v{v.version}\t{v.at}\t{v.op}\t{sha}\t{v.actor}\t{v.reason}")

    ctx.emit({"path": args.path, "versions": [v.to_dict() for v in versions]}, human)
    return 0


def _rollback(args: argparse.Namespace, ctx: Invocation) -> int:
    entry = ctx.memory().rollback(args.path, args.version, reason=args.reason)
    ctx.emit(entry, f"{args.path} is back at version {args.version} (audit seq {entry['seq']})")
    return 0


def _verify(args: argparse.Namespace, ctx: Invocation) -> int:
    report = ctx.memory().audit_verify()

    def human() -> None:
        if report.ok:
            redacted = (f" ({report.redacted} redacted by {report.erasures} erasure(s),"
                        f" {report.versions_erased} versions erased or rewritten)"
                        if report.erasures else "")
            print(f"ok: {report.entries} audit entries{redacted},"
                  f" {report.files_checked} files verified")
        for b in report.breaks:
            print(f"BREAK {b.kind}: {b.message}")
        for q in report.quarantined:
            print(f"quarantined: {q['path']} (audit seq {q['seq']}): {q['reason']}")

    ctx.emit(report.to_dict(), human)
    return 0 if report.ok else 4
