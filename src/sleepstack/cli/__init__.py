"""The ``sleepstack`` command line: a thin layer over the library.

Each ``*_cmds`` module registers its subcommands. This module owns the shared
options (``--home``, ``--json``), the output convention (``--json`` prints
exactly one JSON document on stdout; logs and progress go to stderr) and the
mapping from :mod:`sleepstack.errors` to exit codes::

    0 ok · 1 unexpected · 2 usage · 3 not found · 4 conflict · 5 refused by policy
"""

from __future__ import annotations

import argparse
import errno
import importlib
import json
import os
import sys
from collections.abc import Sequence
from typing import Any

from ..errors import SleepstackError, StorageFullError, UsageError
from .blas import one_blas_thread
from .invocation import Invocation

__all__ = ["main"]

#: Modules that register subcommands, in help order.
COMMAND_MODULES = ["store_cmds", "turn_cmds", "wake_cmds", "serve_cmds", "sleep_cmds",
                   "forget_cmds", "seed_cmds", "config_cmds", "graph_cmds"]


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> Any:  # argparse's own usage errors -> exit 2, one line
        raise UsageError(message)


#: the per-turn commands a shell pipeline calls cold, and the one module that
#: registers each: only that module is imported and registered for them (the
#: other eight modules' imports and argparse set-up cost ~20 ms a call)
FAST_COMMANDS = {"recall": "wake_cmds", "ask": "wake_cmds", "context": "seed_cmds",
                 "log": "turn_cmds"}
#: the global options that take a value (skipped when looking for the command)
_VALUED = frozenset({"--home", "--log-format"})


def _command_of(args: Sequence[str]) -> str | None:
    """The subcommand named in *args* (the first positional), if any."""
    it = iter(args)
    for a in it:
        if a in _VALUED:
            next(it, None)
        elif not a.startswith("-"):
            return a
    return None


def build_parser(modules: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The full parser with every registered subcommand (or those of *modules*)."""
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--home", default=argparse.SUPPRESS,
                        help="store path or fsspec URL (default $SLEEPSTACK_HOME or ~/.sleepstack)")
    common.add_argument("--json", action="store_true", default=argparse.SUPPRESS,
                        help="print exactly one JSON document on stdout")
    common.add_argument("--log-format", choices=("text", "json"), default=argparse.SUPPRESS,
                        help="stderr log lines as text (default) or JSON objects")
    parser = _Parser(prog="sleepstack", description="Long-term memory for AI agents.",
                     parents=[common])
    parser.add_argument("--version", action="store_true", dest="show_version",
                        help="print the version and exit")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name in COMMAND_MODULES if modules is None else modules:
        module = importlib.import_module(f"{__name__}.{name}")
        module.register(sub, common)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; returns the exit code."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    as_json = "--json" in args_list
    _one_blas_thread(args_list)
    if args_list[:1] == ["--version"]:  # answered before any import of the library
        from ..version import __version__
        print(f"sleepstack {__version__}")
        return 0
    try:
        fast = FAST_COMMANDS.get(_command_of(args_list) or "")
        parser = build_parser(None if fast is None else [fast])
        args = parser.parse_args(args_list)
        from .logs import setup_logging
        setup_logging(getattr(args, "log_format", "text"))
        if getattr(args, "show_version", False):
            from ..version import __version__
            print(f"sleepstack {__version__}")
            return 0
        if not getattr(args, "command", None):
            parser.print_help(sys.stderr)
            return 2
        # The only place the CLI reads the environment for its switches; passed down.
        from ..config import adopt_environment  # light: no heavy imports behind it

        adopt_environment()  # API keys, SLEEPSTACK_CACHE, S3 lease times (sleepstack.environment)
        debug = os.environ.get("SLEEPSTACK_DEBUG", "") not in ("", "0")
        if os.environ.get("SLEEPSTACK_INDEX_SHARDS", "1") == "0":
            from ..index.shards import set_enabled  # only then: a cold call stays light

            set_enabled(False)
        ctx = Invocation(home=getattr(args, "home", None), as_json=getattr(args, "json", False),
                      debug=debug)
        code: int = args.func(args, ctx)
        return code
    except SleepstackError as exc:
        return _fail(exc, as_json)
    except KeyboardInterrupt:
        print("sleepstack: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 1
    except OSError as exc:
        if exc.errno not in (errno.ENOSPC, errno.EDQUOT):
            raise
        # Outside the store's own writes (index, caches, reports on disk): those
        # are derived data, rebuilt from the store, so nothing of memory is lost.
        where = exc.filename or "the store's disk"
        return _fail(StorageFullError(
            f"no space left on the device for {where}: nothing was lost (only derived "
            "data such as the index or a cache was not written); free some space and retry",
            path=str(where)), as_json)


#: commands that embed one text at a time (a question, a proposal): BLAS threads only cost
PER_TURN = frozenset({"recall", "ask", "context", "promote", "propose", "log",
                      "session-context", "compress", "summarize"})
#: the servers embed one text per request, many requests at once (same reason)
SERVERS = frozenset({"serve", "mcp"})


def _one_blas_thread(args: list[str]) -> None:
    """One BLAS thread for per-turn commands and the servers (:mod:`sleepstack.cli.blas`).

    Must run before numpy is first imported (hence here, at the entry).
    """
    if (PER_TURN | SERVERS).intersection(args):
        one_blas_thread()


def _fail(exc: SleepstackError, as_json: bool) -> int:
    print(f"sleepstack: error: {exc.message}", file=sys.stderr)
    if as_json:
        print(json.dumps(exc.to_dict(), default=str))
    return exc.exit_code
