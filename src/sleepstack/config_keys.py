"""Every key ``sleepstack.toml`` understands: its type, default and what reads it.

:func:`check` validates a parsed file against this table before
:class:`sleepstack.config.Config` reads it: a value of the wrong type is a
:class:`~sleepstack.errors.UsageError` naming the key (``store.max_bytes must be
an integer, not '1MB'``); a key not in the table is returned as a warning with
the closest known spelling ("did you mean ...?"), never silently ignored.

The table is also the reference in ``docs/config.md`` (a test keeps both in step).
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Any

from .errors import UsageError

__all__ = ["KEYS", "Key", "check", "suggest"]


@dataclass(frozen=True)
class Key:
    """One setting: dotted name, expected kind, default and its reader."""

    name: str
    kind: str  # int | float | bool | str | any | table[int] (a table of integers)
    default: object
    reader: str
    choices: tuple[str, ...] = ()
    minimum: float | None = None


_K = Key
KEYS: dict[str, Key] = {k.name: k for k in (
    _K("store.max_bytes", "int", 1 << 20, "store.Store.max_bytes (largest file a write accepts)",
       minimum=1),
    _K("wake.embedder", "str", "local:all-MiniLM-L6-v2", "index.build / wake.recall (vectors)"),
    _K("wake.budget_tokens", "int", 1000, "Memory.recall / context (token budget)", minimum=1),
    _K("sleep.llm", "str", "none", "sleep.cycle (extraction, summaries)"),
    _K("sleep.every", "str", "6h", "sleepstack schedule / engines"),
    _K("sleep.token_budget", "any", 200_000,
       "sleep.cycle.settings_from_config (0 or \"none\": no cap)"),
    _K("sleep.concurrency", "int", 4, "sleep.cycle.settings_from_config", minimum=1),
    _K("sleep.processes", "int", 0, "sleep.cycle.settings_from_config", minimum=0),
    _K("sleep.summary_days", "int", 3, "sleep.cycle.settings_from_config", minimum=0),
    _K("sleep.ttl_days", "table[int]", "per category", "sleep.cycle (fact expiry)"),
    _K("ingest.secrets", "str", "redact", "wake.log / ingest", choices=("redact", "keep")),
    _K("index.vectors", "str", "float16", "index.build (stored vector width; scored as float32)",
       choices=("float32", "float16")),
    _K("log.earliest", "any", "1970-01-01", "layers.timerange.TimeRange (ISO 8601 time)"),
    _K("log.max_future_days", "float", 1, "layers.timerange.TimeRange", minimum=0),
    # Checked by forget/retention.py when a cycle runs: a bad value skips retention with a
    # warning rather than refusing to open the store (tests/test_retention.py).
    _K("retention.versions_keep", "any", 20, "forget.retention.Retention (checked there)"),
    _K("retention.versions_days", "any", 90, "forget.retention.Retention (checked there)"),
    _K("retention.archive_days", "any", 90, "forget.retention.Retention (checked there)"),
    # The layered-stack template's keys (docs/config.md maps each one).
    _K("retrieval.max_latency_ms", "float", 0, "wake.budget (0 = no latency budget)", minimum=0),
    _K("retrieval.fallback_to_keywords", "bool", True, "wake.budget (lexical fallback)"),
    _K("retrieval.top_k", "int", 0, "wake.recall (items returned; 0 = as the budget allows)",
       minimum=0),
    _K("retrieval.cache_enabled", "bool", False, "wake.cache (results cache)"),
    _K("retrieval.cache_ttl_seconds", "float", 60, "wake.cache (entry lifetime)", minimum=0),
    _K("compression.enabled", "bool", True, "cli compress / session-context"),
    _K("compression.window_limit_tokens", "int", 128_000, "layers.compression (model window)",
       minimum=1),
    _K("compression.summary_threshold", "float", 0.7,
       "layers.compression (share of the window that triggers a summary)", minimum=0),
    _K("compression.max_raw_turns", "int", 15, "layers.compression (raw turns kept verbatim)",
       minimum=0),
    _K("compression.dag_retention_days", "int", 30,
       "cli compress (persisted DAG nodes older than this are dropped)", minimum=0),
    _K("structured.tier", "str", "graph", "graph.tier (graph tier on or off)",
       choices=("facts", "graph")),
    _K("structured.llm", "bool", False, "sleep.phases.graph (LLM relation extraction)"),
)}

#: tables whose keys are free (category names)
_FREE_TABLES = {"sleep.ttl_days"}


def suggest(name: str) -> str | None:
    """The known key (or table) closest to *name*, if any is close."""
    tables = {k.rsplit(".", 1)[0] for k in KEYS}
    close = difflib.get_close_matches(name, [*KEYS, *tables], n=1, cutoff=0.6)
    if not close:
        leaf = name.rsplit(".", 1)[-1]
        leaves = {k.rsplit(".", 1)[-1]: k for k in KEYS}
        hits = difflib.get_close_matches(leaf, list(leaves), n=1, cutoff=0.75)
        close = [leaves[hits[0]]] if hits else []
    return close[0] if close else None


def _bad(key: Key, value: object, what: str) -> UsageError:
    section, _, leaf = key.name.rpartition(".")
    return UsageError(f"sleepstack.toml: {key.name} ([{section}] {leaf}) must be {what},"
                      f" not {value!r}", key=key.name)


def _check_value(key: Key, value: object) -> None:
    if key.kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise _bad(key, value, "an integer")
    elif key.kind == "float":
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise _bad(key, value, "a number")
    elif key.kind == "bool":
        if not isinstance(value, bool):
            raise _bad(key, value, "true or false")
    elif key.kind == "str":
        if not isinstance(value, str):
            raise _bad(key, value, "a string")
        if key.choices and value not in key.choices:
            raise _bad(key, value, " or ".join(repr(c) for c in key.choices))
    elif key.kind == "table[int]":
        if not isinstance(value, dict):
            raise _bad(key, value, "a table")
        for sub, v in value.items():
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                raise UsageError(f"sleepstack.toml: {key.name}.{sub} must be a non-negative"
                                 f" integer, not {v!r}", key=f"{key.name}.{sub}")
        return
    if key.minimum is not None and isinstance(value, int | float) and value < key.minimum:
        raise _bad(key, value, f"at least {key.minimum:g}")


def check(data: dict[str, Any]) -> list[str]:
    """Validate parsed TOML *data*; returns warnings (unknown keys), raises on bad values."""
    warnings: list[str] = []

    def walk(table: dict[str, Any], prefix: str) -> None:
        for name, value in table.items():
            full = f"{prefix}{name}"
            key = KEYS.get(full)
            if key is not None:
                _check_value(key, value)
            elif isinstance(value, dict) and any(k.startswith(full + ".") for k in KEYS):
                walk(value, full + ".")
            elif full not in _FREE_TABLES:
                hint = suggest(full)
                tail = f"; did you mean {hint}?" if hint else ""
                warnings.append(f"sleepstack.toml: unknown key {full}{tail}")

    walk(data, "")
    return warnings


def _get(data: dict[str, Any], dotted: str) -> Any:
    section, _, leaf = dotted.partition(".")
    table = data.get(section, {})
    return table.get(leaf, KEYS[dotted].default) if isinstance(table, dict) else \
        KEYS[dotted].default


@dataclass(frozen=True)
class Retrieval:
    """``[retrieval]``: the wake path's latency budget, result count and results cache."""

    max_latency_ms: float = 0.0
    fallback_to_keywords: bool = True
    top_k: int = 0
    cache_enabled: bool = False
    cache_ttl_seconds: float = 60.0

    @classmethod
    def from_raw(cls, data: dict[str, Any]) -> Retrieval:
        """From checked TOML data (defaults for absent keys)."""
        return cls(float(_get(data, "retrieval.max_latency_ms")),
                   bool(_get(data, "retrieval.fallback_to_keywords")),
                   int(_get(data, "retrieval.top_k")),
                   bool(_get(data, "retrieval.cache_enabled")),
                   float(_get(data, "retrieval.cache_ttl_seconds")))


@dataclass(frozen=True)
class Compression:
    """``[compression]``: the session compression DAG's thresholds."""

    enabled: bool = True
    window_limit_tokens: int = 128_000
    summary_threshold: float = 0.7
    max_raw_turns: int = 15
    dag_retention_days: int = 30

    @classmethod
    def from_raw(cls, data: dict[str, Any]) -> Compression:
        """From checked TOML data (defaults for absent keys)."""
        return cls(bool(_get(data, "compression.enabled")),
                   int(_get(data, "compression.window_limit_tokens")),
                   float(_get(data, "compression.summary_threshold")),
                   int(_get(data, "compression.max_raw_turns")),
                   int(_get(data, "compression.dag_retention_days")))
