"""The page template every HTML page shares: doctype, head, the stylesheet, the body.

*body* must be :class:`~.markup.Safe` markup (built with :func:`~.markup.el`); a
plain string is escaped, so a page cannot forget to escape by passing text.
"""

from __future__ import annotations

from .markup import Safe, el
from .style import STYLESHEET

__all__ = ["document"]


def document(title: str, body: Safe | str) -> str:
    """A whole self-contained HTML page (inline stylesheet, no external assets)."""
    return "<!doctype html>" + el(
        "html",
        el("head", el("meta", charset="utf-8"),
           el("meta", name="viewport", content="width=device-width, initial-scale=1"),
           el("meta", name="referrer", content="no-referrer"),
           el("title", title),
           el("style", Safe(STYLESHEET))),
        el("body", body),
        lang="en",
    ) + "\n"
