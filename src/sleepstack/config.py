"""Where memory lives and how it is configured (``sleepstack.toml``).

Only entry points (the CLI, the servers, :class:`sleepstack.Memory`) read
configuration; library functions take plain arguments.
"""

from __future__ import annotations

import logging
import os
import tomllib
from dataclasses import dataclass, field
from typing import Any

from . import environment
from .config_keys import Compression, Retrieval, check
from .errors import UsageError
from .layers.timerange import TimeRange

__all__ = ["DEFAULT_HOME", "Config", "adopt_environment", "resolve_home"]

DEFAULT_HOME = "~/.sleepstack"

_logger = logging.getLogger("sleepstack.config")


def adopt_environment() -> None:
    """Hand the process environment to the library (:mod:`sleepstack.environment`).

    Called by the entry points: API keys and endpoints by name
    (``SLEEPSTACK_LLM_API_KEY``, ``OPENAI_API_KEY`` …), ``SLEEPSTACK_CACHE``, the
    S3 lease times. ``os.environ`` itself is installed, so later changes are seen.
    """
    environment.install(os.environ)


def resolve_home(home: str | os.PathLike[str] | None) -> str:
    """The home to use: the argument, then ``$SLEEPSTACK_HOME``, then ``~/.sleepstack``."""
    if home is not None and os.fspath(home) != "":
        text = os.fspath(home)
    else:
        text = os.environ.get("SLEEPSTACK_HOME") or DEFAULT_HOME
    if "://" not in text:
        text = os.path.abspath(os.path.expanduser(text))
    return text


@dataclass(frozen=True)
class Config:
    """The settings of one store (defaults when a key is absent)."""

    max_bytes: int = 1 << 20
    embedder: str = "local:all-MiniLM-L6-v2"
    budget_tokens: int = 1000
    llm: str = "none"
    every: str = "6h"
    #: ``[ingest] secrets``: "redact" (default) replaces secrets before a turn or a
    #: document is first written; "keep" stores them as given
    ingest_secrets: str = "redact"
    #: ``[index] vectors``: stored vector width, "float16" (default) or "float32"
    vectors: str = "float16"
    ttl_days: dict[str, int] = field(
        # One row per category the extractors emit (docs/claims.md); 0 = never expires.
        default_factory=lambda: {"conversation": 30, "project": 90, "preference": 365,
                                 "plan": 30, "other": 30, "event": 0, "personal": 0,
                                 "work": 0, "relationship": 0, "health": 0, "contact": 0}
    )
    raw: dict[str, Any] = field(default_factory=dict)
    #: the times a logged or imported turn may carry (``[log]``)
    time_range: TimeRange = field(default_factory=TimeRange)
    retrieval: Retrieval = field(default_factory=Retrieval)
    compression: Compression = field(default_factory=Compression)
    #: unknown keys, each with a "did you mean" (config_keys.check)
    warnings: tuple[str, ...] = ()

    @classmethod
    def parse(cls, text: str) -> Config:
        """Parse ``sleepstack.toml`` text; unknown keys are kept in ``raw``."""
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise UsageError(f"sleepstack.toml is not valid TOML: {exc}") from None
        warnings = check(data)  # bad values raise here, naming the key
        for line in warnings:
            _logger.warning(line)
        store = data.get("store", {})
        wake = data.get("wake", {})
        sleep = data.get("sleep", {})
        ingest = data.get("ingest", {})
        secrets = ingest.get("secrets", "redact") if isinstance(ingest, dict) else None
        if secrets not in ("redact", "keep"):
            raise UsageError('sleepstack.toml: [ingest] secrets must be "redact" or "keep",'
                             f" not {secrets!r}", key="ingest.secrets")
        ttl = dict(cls().ttl_days)
        ttl.update({str(k): int(v) for k, v in sleep.get("ttl_days", {}).items()})
        index = data.get("index", {})
        vectors = index.get("vectors", "float16") if isinstance(index, dict) else None
        if vectors not in ("float32", "float16"):
            raise UsageError('sleepstack.toml: [index] vectors must be "float32" or "float16",'
                             f" not {vectors!r}", key="index.vectors")
        log = data.get("log", {})
        if not isinstance(log, dict):
            raise UsageError("[log] in sleepstack.toml must be a table")
        return cls(
            max_bytes=int(store.get("max_bytes", 1 << 20)),
            embedder=str(wake.get("embedder", cls.embedder)),
            budget_tokens=int(wake.get("budget_tokens", 1000)),
            llm=str(sleep.get("llm", "none")),
            every=str(sleep.get("every", "6h")),
            ingest_secrets=str(secrets),
            vectors=str(vectors),
            ttl_days=ttl,
            raw=data,
            time_range=TimeRange.parse(log.get("earliest"), log.get("max_future_days")),
            retrieval=Retrieval.from_raw(data),
            compression=Compression.from_raw(data),
            warnings=tuple(warnings),
        )
