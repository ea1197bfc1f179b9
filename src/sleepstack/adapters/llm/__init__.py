"""LLM adapters, chosen by a ``kind:name`` spec string.

==================  ====================================================
spec                adapter
==================  ====================================================
``none`` / empty    :class:`NoLLM`: deterministic, offline (the default)
``openai:<model>``  any OpenAI-compatible chat-completions endpoint
``cmd:<command>``   a local program: prompt on stdin, answer on stdout
==================  ====================================================

Adapters are imported lazily so that the wake path, which never needs an LLM,
does not pay for importing an HTTP client.
"""

from __future__ import annotations

import difflib
from typing import Any

from sleepstack.errors import UsageError
from sleepstack.registry import Implementation, load_implementation

from .base import LLM, Budget, BudgetedLLM, Completion, Usage, complete_json, estimate_tokens
from .jsonrepair import repair_json
from .none import NoLLM

__all__ = [
    "KINDS",
    "KNOWN_LLMS",
    "LLM",
    "Budget",
    "BudgetedLLM",
    "Completion",
    "NoLLM",
    "Usage",
    "complete_json",
    "estimate_tokens",
    "is_none",
    "load_llm",
    "repair_json",
]

#: the spec kinds :func:`load_llm` understands
KINDS = ("none", "openai", "cmd")

#: kind -> adapter class ("module:Class"), imported only when a spec names it
KNOWN_LLMS: dict[str, Implementation] = {
    "openai": Implementation("sleepstack.adapters.llm.openai:OpenAILLM"),
    "cmd": Implementation("sleepstack.adapters.llm.cmd:CmdLLM"),
}


def _adapter(kind: str) -> Any:
    return load_implementation(KNOWN_LLMS, kind, what="LLM adapter")


def load_llm(spec: str | None, **options: Any) -> LLM:
    """Build the adapter for *spec*; ``None``/``""``/``"none"`` give :class:`NoLLM`.

    *options* go to the adapter's constructor (for example ``timeout`` or
    ``base_url``); :class:`NoLLM` ignores them, so one config can carry them
    whatever the kind. Raises :class:`~sleepstack.errors.UsageError` for an
    unknown kind or an incomplete spec; nothing touches the network here.
    """
    text = (spec or "").strip()
    if not text or text.lower() == "none":
        return NoLLM()
    kind, sep, name = text.partition(":")
    kind = kind.strip().lower()
    name = name.strip()
    if kind == "none":
        if name:
            raise UsageError(f"LLM spec {spec!r}: 'none' takes no name; write 'none'", spec=spec)
        return NoLLM()
    if kind == "openai":
        if not name:
            raise UsageError(
                f"LLM spec {spec!r} lacks a model; write 'openai:<model>', "
                "e.g. 'openai:gpt-4o-mini'",
                spec=spec,
            )
        llm: LLM = _adapter("openai")(name, **options)
        return llm
    if kind == "cmd":
        if not name:
            raise UsageError(
                f"LLM spec {spec!r} lacks a command; write 'cmd:<command>', "
                "e.g. 'cmd:llm -m mistral'",
                spec=spec,
            )
        cmd: LLM = _adapter("cmd")(name, **options)
        return cmd
    raise UsageError(_unknown_kind_message(text, kind, bool(sep)), spec=spec, kinds=list(KINDS))


def is_none(llm: LLM | None) -> bool:
    """True when *llm* is absent or the no-LLM adapter (take the deterministic path)."""
    return llm is None or llm.spec == "none"


def _unknown_kind_message(spec: str, kind: str, has_colon: bool) -> str:
    message = f"unknown LLM spec {spec!r}: kind {kind!r} is not one of {', '.join(KINDS)}"
    close = difflib.get_close_matches(kind, KINDS, n=1, cutoff=0.6)
    if close:
        rest = spec.partition(":")[2] if has_colon else ""
        suggestion = f"{close[0]}:{rest}" if rest else close[0]
        return f"{message}; did you mean {suggestion!r}?"
    if not has_colon:
        # A bare model name is the commonest slip.
        return f"{message}; did you mean 'openai:{spec}'? Specs are written 'kind:name'"
    return f"{message}; specs are written 'kind:name'"
