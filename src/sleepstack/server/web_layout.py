"""The inspector's page chrome: header and navigation, the sign-in page, small cells.

Every page goes through :func:`_layout` (or the sign-in page), which wraps it in
the one page template and stylesheet of :mod:`sleepstack.html`.
"""

from __future__ import annotations

from ..html.markup import Safe, el, frag
from ..html.page import document
from .access_tokens import TokenRecord


def _when(ts: object) -> Safe:
    """A timestamp, shortened to minutes, with the full value as a tooltip."""
    if not ts:
        return el("span", "—", class_="muted")
    s = str(ts)
    short = s[:16].replace("T", " ") if len(s) >= 16 and s[10:11] == "T" else s
    return el("time", short, datetime=s, title=s)


def _code(text: object) -> Safe:
    return el("code", text)



_NAV = (("overview", "/", "Overview"), ("files", "/ui/files", "Files"),
        ("facts", "/ui/facts", "Facts"), ("audit", "/ui/audit", "Audit"),
        ("cycles", "/ui/cycles", "Cycles"))


def _document(title: str, body: Safe) -> str:
    return document(f"{title} · sleepstack", body)


def _layout(title: str, body: Safe, record: TokenRecord, nav: str) -> str:
    links = [el("a", label, href=href, class_="on" if key == nav else None)
             for key, href, label in _NAV]
    header = el(
        "header",
        el("a", "sleepstack", el("span", " inspector"), href="/", class_="brand"),
        el("nav", links),
        el("div", "signed in as ", el("b", record.user or "operator"),
           f" · {record.scope} token ",
           _code(record.id), " · ", el("a", "sign out", href="/ui/logout"), class_="who"),
    )
    return _document(title, frag(header, el("main", body)))


def _login_document(next_url: str, message: str | None, status_note: str) -> str:
    body = el(
        "div",
        el("h1", "sleepstack inspector"),
        el("p", status_note, class_="muted"),
        el("div", message, class_="error") if message else None,
        el("form",
           el("label", "Bearer token", for_="token"),
           el("input", type="password", id="token", name="token", autocomplete="off",
              placeholder="sst_…", required=True, autofocus=True),
           el("input", type="hidden", name="next", value=next_url),
           el("button", "Sign in", type="submit"),
           method="post", action="/ui/login"),
        el("p", "Create a token with ", _code("sleepstack token create --user USER --scope read"),
           ". It is kept in an HttpOnly cookie for this site only, for 8 hours.",
           class_="muted small"),
        class_="login",
    )
    return _document("sign in", body)
