"""Logging for the CLI: the ``sleepstack`` logger tree on stderr, plain or JSON lines.

The library only creates loggers (``sleepstack.config``, ``sleepstack.server``,
``sleepstack.server.web``, ``sleepstack.store.s3`` …); this entry point decides
where they go. ``--log-format json`` writes one JSON object per record
(``ts``, ``level``, ``logger``, ``msg`` and any ``extra`` fields) for log
shippers; the default is one readable line. Records never reach stdout, which
belongs to the command's result.
"""

from __future__ import annotations

import json
import logging
import sys
import time
from typing import Any

__all__ = ["JsonFormatter", "setup_logging"]

#: attributes every LogRecord has; anything else came in through ``extra=``
_STANDARD = set(vars(logging.LogRecord("", 0, "", 0, "", (), None))) | {"message", "asctime"}


class JsonFormatter(logging.Formatter):
    """One JSON object per record."""

    def format(self, record: logging.LogRecord) -> str:
        """The record as a JSON line."""
        out: dict[str, Any] = {
            "ts": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
            + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "logger": record.name,
            "msg": record.getMessage(),
        }
        for key, value in vars(record).items():
            if key not in _STANDARD and not key.startswith("_"):
                out[key] = value
        if record.exc_info:
            out["exc"] = self.formatException(record.exc_info)
        return json.dumps(out, ensure_ascii=False, default=str)


_HANDLER_MARK = "_sleepstack_cli"


def setup_logging(fmt: str = "text", level: str = "warning") -> None:
    """Send the ``sleepstack`` loggers to stderr in *fmt* ("text" or "json") from *level* up."""
    root = logging.getLogger("sleepstack")
    for h in list(root.handlers):  # idempotent: main() may run twice in one process (tests)
        if getattr(h, _HANDLER_MARK, False):
            root.removeHandler(h)
    handler = logging.StreamHandler(sys.stderr)
    setattr(handler, _HANDLER_MARK, True)
    handler.setFormatter(JsonFormatter() if fmt == "json"
                         else logging.Formatter("sleepstack: %(levelname)s: %(message)s"))
    root.addHandler(handler)
    root.setLevel(getattr(logging, level.upper(), logging.WARNING))
    root.propagate = False
