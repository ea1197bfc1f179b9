"""An HTML builder with escaping on by default.

``el("td", value)`` escapes *value*; only :class:`Safe` (markup built here) goes
through unescaped, so untrusted text (stored memory, report quotes) cannot
become markup by accident. No template language: pages are Python functions
returning :class:`Safe`.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from urllib.parse import urlencode

__all__ = ["Safe", "el", "esc", "frag", "table", "url"]


class Safe(str):
    """Markup this package built (already escaped); never wrap untrusted text in it."""

    __slots__ = ()


_VOID = frozenset({"br", "hr", "input", "meta", "img", "link"})


def esc(value: object) -> Safe:
    """*value* as HTML text (``Safe`` markup passes through unchanged)."""
    if isinstance(value, Safe):
        return value
    return Safe(html.escape("" if value is None else str(value), quote=True))


def _children(items: Iterable[object]) -> str:
    out: list[str] = []
    for item in items:
        if item is None or item is False:
            continue
        if isinstance(item, str):
            out.append(esc(item))
        elif isinstance(item, Iterable):
            out.append(_children(item))
        else:
            out.append(esc(item))
    return "".join(out)


def el(name: str, /, *children: object, **attrs: object) -> Safe:
    """``<name attrs>children</name>``; text and attribute values are escaped.

    Attribute names drop a trailing ``_`` and turn ``_`` into ``-``
    (``class_`` → ``class``, ``aria_label`` → ``aria-label``); ``None`` and
    ``False`` leave an attribute out, ``True`` writes it bare.
    """
    parts = [f"<{name}"]
    for key, value in attrs.items():
        if value is None or value is False:
            continue
        attr = key.rstrip("_").replace("_", "-")
        parts.append(f" {attr}" if value is True else f' {attr}="{esc(value)}"')
    parts.append(">")
    if name not in _VOID:
        parts.append(_children(children))
        parts.append(f"</{name}>")
    return Safe("".join(parts))


def frag(*children: object) -> Safe:
    """Several children as one piece of markup."""
    return Safe(_children(children))


def url(page: str, /, **params: object) -> str:
    """A link to one of our own pages (parameters URL-encoded, ``None`` left out)."""
    query = {k: str(v) for k, v in params.items() if v is not None}
    return page + ("?" + urlencode(query) if query else "")


def table(headers: Sequence[object], rows: Sequence[Sequence[object]], empty: str,
           *, numeric: Sequence[int] = ()) -> Safe:
    """A table of *rows* under *headers*, or *empty* as a muted line when there are none."""
    if not rows:
        return el("p", empty, class_="muted")
    head = el("tr", [el("th", h) for h in headers])
    body = [el("tr", [el("td", c, class_="n" if i in numeric else None)
                      for i, c in enumerate(r)]) for r in rows]
    return el("table", el("thead", head), el("tbody", body))
