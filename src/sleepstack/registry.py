"""Backends found by name through tables of dotted paths (fsspec's ``known_implementations``).

A table maps a name (a URL scheme, an engine name, an LLM kind) to a
:class:`Implementation`: ``"package.module:Class"`` plus the hint to show when
that module cannot be imported (an optional extra not installed). Nothing is
imported until a backend is asked for, so the module that holds a table never
imports its backends: ``store/fs.py`` names ``s3`` without importing
``store/s3.py``, and a new backend is one line in a table.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .errors import UsageError

__all__ = ["Implementation", "import_path", "load_implementation"]


@dataclass(frozen=True)
class Implementation:
    """Where a backend lives (``"module:attr"``) and how to get it when it is missing."""

    path: str
    hint: str = ""


def import_path(path: str) -> Any:
    """The object at ``"package.module:attr"`` (ImportError when it is not there)."""
    module, sep, attr = path.partition(":")
    if not sep or not module or not attr:
        raise ValueError(f"not a dotted path 'module:attr': {path!r}")
    obj = importlib.import_module(module)
    try:
        return getattr(obj, attr)
    except AttributeError as exc:
        raise ImportError(f"{module} has no {attr}") from exc


def load_implementation(table: Mapping[str, Implementation], name: str, *, what: str,
                        **fields: Any) -> Any:
    """The backend called *name* in *table*; UsageError (with its install hint) otherwise."""
    impl = table.get(name)
    if impl is None:
        raise UsageError(f"unknown {what} {name!r}: use one of {', '.join(sorted(table))}",
                         name=name, choices=sorted(table), **fields)
    try:
        return import_path(impl.path)
    except ImportError as exc:
        hint = f" ({impl.hint})" if impl.hint else ""
        raise UsageError(f"the {name} {what} is not available here{hint}: {exc}",
                         name=name, **fields) from None
