"""Sleep-path commands: sleep, undo, schedule, facts, check (coherence), review, demo."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..errors import UsageError
from .invocation import Invocation

#: how much a sleep cycle lowers its own CPU priority (see _lower_priority)
DEFAULT_NICE = 10

__all__ = ["register"]

_SCHEDULE_EPILOG = """\
Runs in the foreground until interrupted (or --max-cycles); a lock in the
home (.sleep.lock) keeps two schedulers, or a scheduler and a manual
`sleepstack sleep`, from overlapping (the second gets exit code 4).

The equivalent cron line (every 6 hours) is:

  0 */6 * * *  sleepstack sleep --home ~/.sleepstack --json >> ~/.sleepstack/cron.log 2>&1
"""


def register(sub: Any, common: argparse.ArgumentParser) -> None:
    """Add the sleep-path commands."""
    p = sub.add_parser("sleep", parents=[common], help="run one sleep cycle")
    p.add_argument("--engine", default="local", choices=["local", "flyte"])
    p.add_argument("--dry-run", action="store_true",
                   help="print the diff of what the cycle would change; change nothing")
    p.add_argument("--report", metavar="FILE", default=None,
                   help="also write the cycle's HTML report to FILE")
    # flyte engine (engines/flyte.py): run the phases on a Flyte cluster instead of locally
    p.add_argument("--remote", action="store_true",
                   help="with --engine flyte: run on the cluster named by the Flyte config")
    p.add_argument("--flyte-config", metavar="FILE", default=None,
                   help="with --remote: the Flyte config file (default: Flyte's own lookup)")
    p.set_defaults(func=_sleep)

    p.add_argument("--nice", type=int, default=DEFAULT_NICE, metavar="N",
                   help=f"lower this process's CPU priority by N first (default {DEFAULT_NICE};"
                        " 0 keeps it)")

    p = sub.add_parser("undo", parents=[common], help="revert every write of one sleep cycle")
    p.add_argument("cycle_id", metavar="CYCLE_ID")
    p.add_argument("--force", action="store_true",
                   help="undo even if files changed since the cycle (overwrites those changes)")
    p.set_defaults(func=_undo)

    p = sub.add_parser("schedule", parents=[common], help="run sleep cycles on a schedule",
                       epilog=_SCHEDULE_EPILOG,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--every", required=True, metavar="DURATION",
                   help="time between cycles: 6h, 90m, 1h30m, 45s, 2d")
    p.add_argument("--max-cycles", type=int, default=None, metavar="N",
                   help="stop after N cycles (default: run until interrupted)")
    p.add_argument("--engine", default="local", choices=["local", "flyte"])
    p.add_argument("--nice", type=int, default=DEFAULT_NICE, metavar="N",
                   help=f"lower this process's CPU priority by N first (default {DEFAULT_NICE})")
    p.set_defaults(func=_schedule)

    p = sub.add_parser("facts", parents=[common], help="a user's long-term facts")
    p.add_argument("--user", required=True)
    p.add_argument("--all", action="store_true",
                   help="include superseded and expired facts with their validity windows")
    p.set_defaults(func=_facts)

    p = sub.add_parser("check", parents=[common],
                       help="coherence: current facts that contradict each other or newer turns")
    p.add_argument("what", choices=["coherence"])
    p.add_argument("--user", required=True)
    p.set_defaults(func=_check)

    p = sub.add_parser("review", parents=[common], help="proposals held for a person")
    rsub = p.add_subparsers(dest="review_command", metavar="list|accept|reject", required=True,
                            parser_class=type(p))
    r = rsub.add_parser("list", parents=[common], help="proposals waiting for review")
    r.add_argument("--user", default=None)
    r.set_defaults(func=_review_list)
    r = rsub.add_parser("accept", parents=[common], help="promote a held proposal")
    r.add_argument("proposal_id", metavar="ID")
    r.add_argument("--reason", default="accepted on review")
    r.set_defaults(func=_review_accept)
    r = rsub.add_parser("reject", parents=[common], help="archive a held proposal")
    r.add_argument("proposal_id", metavar="ID")
    r.add_argument("--reason", default="rejected on review")
    r.set_defaults(func=_review_reject)

    p = sub.add_parser("demo", parents=[common],
                       help="wake → sleep → wake on a bundled multi-day scenario")
    p.set_defaults(func=_demo)


def _counts_line(counts: dict[str, int]) -> str:
    return ", ".join(f"{k} {v}" for k, v in counts.items())


def _lower_priority(n: int) -> None:
    """Yield the CPU to the wake path: sleeping is background work.

    On one machine a cycle's CPU-heavy phases (embedding, validation) would
    otherwise compete on equal terms with recall requests; at nice 10 the
    serving benchmark's p95 under a running cycle drops from ~2.1x to ~1.3x.
    """
    if n > 0 and hasattr(os, "nice"):
        # Not permitted here: run at the current priority.
        with contextlib.suppress(OSError):
            os.nice(n)


def _sleep(args: argparse.Namespace, ctx: Invocation) -> int:
    _lower_priority(args.nice)
    # flyte engine, --remote: the whole cycle is one task on the cluster (sleep/flyte_driver.py);
    # this machine checks the store URL and the endpoint (no network), launches, waits
    flyte_run: dict[str, Any] | None = None
    if args.remote or args.flyte_config:
        if args.engine != "flyte":
            raise UsageError("--remote and --flyte-config need --engine flyte")
        from ..config import resolve_home
        from ..engines import KNOWN_ENGINES
        from ..registry import load_implementation

        # Without the flyte extra: the engine table's usage error and install hint.
        load_implementation(KNOWN_ENGINES, "flyte", what="engine", engine="flyte")
        from ..sleep.flyte_driver import check_remote_store, launch_cycle

        home = check_remote_store(resolve_home(ctx.home))
        launched = launch_cycle(home, remote=True, flyte_config=args.flyte_config,
                                dry_run=args.dry_run)
        summary, flyte_run = launched.summary, launched.run
        store: Any = None
    else:
        mem = ctx.memory()
        summary = mem.sleep(engine=args.engine, dry_run=args.dry_run)
        store = mem.store
    if args.report:
        page = summary.html
        if page is None and summary.report:
            try:
                page = _read_report(store, ctx, summary.cycle_id)
            except Exception:
                page = None
        if page is None:
            raise UsageError("no report to write: no cycle has completed yet")
        try:
            Path(args.report).write_text(page, encoding="utf-8")
        except OSError as exc:
            raise UsageError(f"cannot write {args.report}: {exc.strerror}") from None

    def human() -> None:
        if summary.dry_run and summary.diff is not None:
            sys.stdout.write(summary.diff)
        if summary.noop:
            print(f"nothing new since cycle {summary.cycle_id}: no-op")
        else:
            verb = "would change" if summary.dry_run else "changed"
            print(f"cycle {summary.cycle_id}{' (dry run)' if summary.dry_run else ''}: "
                  f"{verb} {len(summary.changed)} files")
            print(f"  {_counts_line(summary.counts)}")
            for r in summary.rejections:
                print(f"  rejected {r['proposal']}: {'; '.join(r['reasons'])}")
            for w in summary.warnings:
                print(f"  warning: {w}")
            if not summary.dry_run:
                print(f"  report: {summary.report}")
        if flyte_run is not None and flyte_run.get("url"):
            print(f"  flyte run: {flyte_run['url']}")

    out = summary.to_dict()
    if flyte_run is not None:
        out["flyte_run"] = flyte_run
    ctx.emit(out, human)
    return 0


def _read_report(store: Any, ctx: Invocation, cycle_id: str) -> str:
    """A cycle's HTML report from the store; a remote cycle's without opening the store."""
    if store is not None:
        return str(store.read_text(f"reports/{cycle_id}.html"))
    from ..config import resolve_home
    from ..store.fs import open_fs

    # Read-only, one object: no recovery, no lease on this machine.
    return open_fs(resolve_home(ctx.home)).read_bytes(f"reports/{cycle_id}.html").decode("utf-8")


def _undo(args: argparse.Namespace, ctx: Invocation) -> int:
    summary = ctx.memory().undo(args.cycle_id, force=args.force)
    ctx.emit(summary.to_dict(),
             f"undid cycle {args.cycle_id}: restored {len(summary.changed)} files "
             f"(audited as {summary.cycle_id})")
    return 0


def _schedule(args: argparse.Namespace, ctx: Invocation) -> int:
    from ..engines import parse_duration, run_schedule

    every = parse_duration(args.every)
    _lower_priority(args.nice)
    if args.max_cycles is not None and args.max_cycles < 1:
        raise UsageError("--max-cycles must be at least 1")
    mem = ctx.memory()
    summaries: list[dict[str, Any]] = []

    def once() -> Any:
        return mem.sleep(engine=args.engine)

    def done(summary: Any) -> None:
        summaries.append(summary.to_dict())
        state = "no-op" if summary.noop else _counts_line(summary.counts)
        ctx.note(f"sleepstack schedule: cycle {summary.cycle_id}: {state}")

    def failed(exc: BaseException) -> None:
        summaries.append({"error": str(exc)})
        ctx.note(f"sleepstack schedule: cycle failed: {exc}")

    ctx.note(f"sleepstack schedule: a cycle every {args.every} on {mem.home} (Ctrl-C stops)")
    n = run_schedule(mem.store, once, every=every, max_cycles=args.max_cycles,
                     on_result=done, on_error=failed)
    ctx.emit({"cycles": n, "summaries": summaries}, f"ran {n} cycle(s)")
    return 0


def _facts(args: argparse.Namespace, ctx: Invocation) -> int:
    facts = ctx.memory().facts(args.user, include_history=args.all)

    def human() -> None:
        if not facts:
            print(f"no facts for {args.user}")
            return
        rows: list[tuple[str, ...]] = [
            ("status", "subject", "attribute", "value", "valid from", "valid to", "category")]
        for f in facts:
            status = "current" if f.current else ("expired" if f.expired else "superseded")
            rows.append((status, f.subject, f.attribute, f.value, f.valid_from,
                         f.valid_to or "", f.category))
        print(_table(rows))

    ctx.emit({"user": args.user, "facts": [f.to_dict() for f in facts]}, human)
    return 0


def _check(args: argparse.Namespace, ctx: Invocation) -> int:
    from ..layers.rawlog import parse_file, sort_turns, user_log_prefix
    from ..sleep.coherence import check_coherence

    mem = ctx.memory()
    facts = mem.facts(args.user, include_history=True)
    turns = sort_turns(t for p in mem.store.list(user_log_prefix(args.user))
                       for t in parse_file(mem.store.read_text(p), args.user))
    found = check_coherence(facts, turns[-500:], mem.config.embedder)

    def human() -> None:
        if not found:
            print(f"coherent: no contradictions among {args.user}'s current facts")
            return
        for f in found:
            print(f"{f.kind}: {f.slot[0]}/{f.slot[1]} = {' vs '.join(f.values)}"
                  f" ({f.action})")

    ctx.emit({"user": args.user, "findings": [f.to_dict() for f in found]}, human)
    return 0


def _table(rows: Sequence[Sequence[str]]) -> str:
    widths = [min(48, max(len(str(r[i])) for r in rows)) for i in range(len(rows[0]))]

    def cell(v: str, w: int) -> str:
        v = " ".join(str(v).split())
        return (v[: w - 1] + "…") if len(v) > w else v.ljust(w)

    lines = ["  ".join(cell(v, w) for v, w in zip(r, widths, strict=True)).rstrip()
             for r in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def _review_list(args: argparse.Namespace, ctx: Invocation) -> int:
    from ..sleep.review import list_reviews

    items = list_reviews(ctx.memory().store, user=args.user)

    def human() -> None:
        if not items:
            print("nothing is waiting for review")
            return
        rows: list[tuple[str, ...]] = [("id", "user", "source", "reasons", "text")]
        rows += [(str(i["id"]), str(i["user"]), str(i["source"] or ""),
                  "; ".join(i["reasons"]), str(i["text"])) for i in items]
        print(_table(rows))

    ctx.emit({"reviews": items}, human)
    return 0


def _review_accept(args: argparse.Namespace, ctx: Invocation) -> int:
    from ..sleep.review import accept

    mem = ctx.memory()
    out = accept(mem.store, args.proposal_id, actor=mem.actor, reason=args.reason)
    ctx.emit(out, f"accepted {out['id']}: promoted to {out['note']}")
    return 0


def _review_reject(args: argparse.Namespace, ctx: Invocation) -> int:
    from ..sleep.review import reject

    mem = ctx.memory()
    out = reject(mem.store, args.proposal_id, actor=mem.actor, reason=args.reason)
    ctx.emit(out, f"rejected {out['id']}: archived at {out['archive']}")
    return 0


def _demo(args: argparse.Namespace, ctx: Invocation) -> int:
    from ..demo import run_demo

    result = run_demo(ctx.home, out=sys.stderr if ctx.as_json else sys.stdout)
    if ctx.as_json:
        ctx.emit(result)
    return 0
