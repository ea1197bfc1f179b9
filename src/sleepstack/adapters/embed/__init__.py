"""Embedders: pick one with a ``"kind:name"`` spec string and get it cached per process.

Specs::

    local:all-MiniLM-L6-v2   the default: MiniLM in numpy (alias: "minilm")
    openai:<model>           an OpenAI-compatible /embeddings server (see remote.py)
    hash:<dim>               deterministic hashed bag-of-words, no dependencies ("hash" = 384)

Backends are imported only when first asked for, so importing this package costs no
model load and no httpx import. The wake path calls :func:`load_embedder` per query;
after the first call for a spec it is a dictionary lookup.
"""

from __future__ import annotations

import difflib
import threading
from collections.abc import Callable
from typing import NoReturn

from sleepstack.adapters.embed.base import Embedder, FloatMatrix, TokenEmbedder, TokenStates
from sleepstack.errors import UsageError

__all__ = [
    "DEFAULT_EMBEDDER",
    "Embedder",
    "FloatMatrix",
    "TokenEmbedder",
    "TokenStates",
    "clear_embedder_cache",
    "is_loaded",
    "load_embedder",
]

DEFAULT_EMBEDDER = "local:all-MiniLM-L6-v2"

_KINDS = ("local", "minilm", "openai", "hash")
_EXAMPLES = (DEFAULT_EMBEDDER, "minilm", "openai:text-embedding-3-small", "hash:384")
# Spellings people use for the one local model, compared case-insensitively.
_LOCAL_ALIASES = frozenset(
    {
        "",
        "all-minilm-l6-v2",
        "sentence-transformers/all-minilm-l6-v2",
        "minilm",
        "minilm-l6",
        "all-minilm",
    }
)

_cache: dict[tuple[str, ...], Embedder] = {}
_cache_lock = threading.Lock()


def load_embedder(spec: str = DEFAULT_EMBEDDER) -> Embedder:
    """Return the embedder for ``spec``, loading it on first use and caching it.

    Raises :class:`~sleepstack.errors.UsageError` for a malformed or unknown spec
    (with a "did you mean" hint) and :class:`~sleepstack.errors.EmbedderError` when
    the backend cannot be loaded (e.g. the MiniLM weights package is missing).
    Errors are not cached: a later call tries again.
    """
    key, factory = _resolve(spec)
    cached = _cache.get(key)
    if cached is not None:
        return cached
    # One lock for all specs: loads are rare and short, and it keeps concurrent first
    # queries from loading the same model twice.
    with _cache_lock:
        cached = _cache.get(key)
        if cached is None:
            cached = factory()
            _cache[key] = cached
        return cached


def is_loaded(spec: str) -> bool:
    """Whether *spec*'s embedder is already loaded in this process (no load is started)."""
    try:
        key, _ = _resolve(spec)
    except Exception:
        return False
    return key in _cache


def clear_embedder_cache() -> None:
    """Forget every cached embedder (tests, or after changing the environment)."""
    with _cache_lock:
        items = list(_cache.values())
        _cache.clear()
    for emb in items:
        close = getattr(emb, "close", None)
        if callable(close):
            close()


def _resolve(spec: str) -> tuple[tuple[str, ...], Callable[[], Embedder]]:
    """Parse ``spec`` into a cache key and a loader, without importing any backend."""
    if not isinstance(spec, str) or not spec.strip():
        raise UsageError(
            f"embedder spec must be a non-empty string like {DEFAULT_EMBEDDER!r}, got {spec!r}",
            spec=repr(spec),
            choices=list(_EXAMPLES),
        )
    text = spec.strip()
    kind, sep, arg = text.partition(":")
    kind = kind.strip().lower()
    arg = arg.strip()

    if kind in ("local", "minilm"):
        if kind == "minilm" and sep and arg:
            _bad(text, f"'minilm' takes no argument; use {DEFAULT_EMBEDDER!r}")
        if arg.lower() not in _LOCAL_ALIASES:
            _bad(
                text,
                f"unknown local embedding model {arg!r}; did you mean {DEFAULT_EMBEDDER!r}? "
                "(it is the only local model)",
                suggestion=DEFAULT_EMBEDDER,
            )
        return (DEFAULT_EMBEDDER,), _load_minilm

    if kind == "hash":
        from sleepstack.adapters.embed.hashing import DEFAULT_HASH_DIM, MAX_HASH_DIM

        dim = DEFAULT_HASH_DIM
        if arg:
            try:
                dim = int(arg)
            except ValueError:
                dim = 0
        if not 1 <= dim <= MAX_HASH_DIM:
            _bad(text, f"hash:<dim> needs an integer dim in 1..{MAX_HASH_DIM}, e.g. 'hash:384'")
        name = f"hash:{dim}"

        def load_hash() -> Embedder:
            from sleepstack.adapters.embed.hashing import HashingEmbedder

            return HashingEmbedder(dim, name=name)

        return (name,), load_hash

    if kind == "openai":
        if not arg:
            _bad(text, "openai:<model> needs a model, e.g. 'openai:text-embedding-3-small'")
        from sleepstack.adapters.embed.remote import resolve_endpoint

        name = f"openai:{arg}"
        # Keyed on the resolved endpoint too, so changing the environment is honoured.
        base_url, api_key = resolve_endpoint()

        def load_openai() -> Embedder:
            from sleepstack.adapters.embed.remote import OpenAIEmbedder

            return OpenAIEmbedder(arg, base_url=base_url, api_key=api_key, name=name)

        return (name, base_url, api_key or ""), load_openai

    guess = difflib.get_close_matches(kind, _KINDS, n=1, cutoff=0.5)
    if guess:
        suggestion = f"{guess[0]}:{arg}" if sep and arg else guess[0]
    else:
        close = difflib.get_close_matches(text.lower(), [e.lower() for e in _EXAMPLES], n=1)
        suggestion = next((e for e in _EXAMPLES if close and e.lower() == close[0]), "")
    _bad(
        text,
        f"unknown embedder kind {kind!r}"
        + (f"; did you mean {suggestion!r}?" if suggestion else "")
        + f" Valid forms: {', '.join(_EXAMPLES)}",
        suggestion=suggestion or None,
    )


def _bad(spec: str, message: str, *, suggestion: str | None = None) -> NoReturn:
    raise UsageError(
        f"bad embedder spec {spec!r}: {message}",
        spec=spec,
        suggestion=suggestion,
        choices=list(_EXAMPLES),
    )


def _load_minilm() -> Embedder:
    from sleepstack.adapters.embed.minilm import MiniLMEmbedder

    return MiniLMEmbedder(name=DEFAULT_EMBEDDER)
