"""``sleepstack config check [FILE]``: validate a ``sleepstack.toml`` without opening a store.

Unknown keys are warnings with a "did you mean"; a bad value is a usage error
naming the key (exit 2). Without FILE, the store's own config at ``--home``.
"""

from __future__ import annotations

import argparse
from typing import Any

from ..errors import UsageError
from .invocation import Invocation

__all__ = ["register"]


def register(sub: Any, common: argparse.ArgumentParser) -> None:
    """Add ``config check``."""
    p = sub.add_parser("config", parents=[common], help="check a sleepstack.toml")
    inner = p.add_subparsers(dest="config_command", metavar="ACTION", required=True)
    c = inner.add_parser("check", parents=[common],
                         help="validate a config file (default: the store's)")
    c.add_argument("file", nargs="?", default=None, metavar="FILE")
    c.set_defaults(func=_check)


def _check(args: argparse.Namespace, ctx: Invocation) -> int:
    from ..config import Config

    if args.file is not None:
        try:
            with open(args.file, encoding="utf-8") as fh:
                text = fh.read()
        except (OSError, UnicodeDecodeError) as exc:
            raise UsageError(f"cannot read {args.file}: {exc}", file=args.file) from None
        where = args.file
    else:
        mem = ctx.memory()
        text = mem.store.fs.read_bytes("sleepstack.toml").decode("utf-8")
        where = f"{mem.store.url}/sleepstack.toml"
    cfg = Config.parse(text)  # raises UsageError naming the bad key
    ctx.emit({"file": where, "ok": True, "warnings": list(cfg.warnings)},
             f"{where}: ok" + (f" ({len(cfg.warnings)} warning(s))" if cfg.warnings else ""))
    return 0
