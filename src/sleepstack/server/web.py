"""The web inspector: a read-only, server-rendered HTML view of one user's memory.

Mounted on the HTTP app by :func:`mount_web` (``/`` and ``/ui/…``); every page
is plain HTML with inline CSS and no script at all, so the Content-Security-Policy
forbids scripts outright and stored text can never run, even if escaping failed.

Pages: ``/`` (overview), ``/ui/files`` (the user's files), ``/ui/file``
(content and versions), ``/ui/diff`` (unified diff of two versions),
``/ui/audit`` (audit timeline), ``/ui/facts`` (facts over time) and
``/ui/cycles`` (sleep cycles; the stored reports, like the whole audit
timeline, are for operator tokens only, because they cover every user).

Authentication is the API's bearer token, from the ``Authorization`` header or
from an HttpOnly, ``SameSite=Strict`` cookie set by the login form
(``POST /ui/login``) or by opening any page with ``?token=…`` (which answers
with a redirect to the same page without the token). The cookie holds the
token itself: it is already a 256-bit secret, verified on every request, so a
revocation takes effect at once. Only these pages read the cookie — the JSON API
accepts the ``Authorization`` header alone, so a cookie can never be replayed
against a write endpoint. ``?token=`` is a convenience for scripts and headless
browsers; the URL may land in access logs and browser history, so people should
prefer the form (and a read-scoped token). Isolation follows :mod:`.auth`: a token sees
its own user's files (``user/<u>/…``, ``memory/log/<u>/…``) and the shared
``memory/topics/…``; anything of another user is answered with 404.

Every value that comes from the store goes through :func:`esc` — the HTML
builder :func:`el` escapes all text children and attributes unless they are
:class:`Safe` markup that this module built itself.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable, Mapping
from typing import Protocol, TypeVar
from urllib.parse import parse_qs, urlencode

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from ..api import Memory
from ..errors import SleepstackError, status_for
from ..html.markup import Safe, el, esc, frag
from .access_tokens import TokenRecord, TokenStore
from .auth import ApiError, Unauthorized, authenticate
from .limits import RateLimiter
from .web_layout import _document, _layout, _login_document
from .web_pages import (
    Ctx,
    Page,
    audit_page,
    cycle_report,
    cycles_page,
    diff_page,
    facts_page,
    file_page,
    files,
    overview,
)

__all__ = ["COOKIE", "SECURITY_HEADERS", "Safe", "el", "esc", "mount_web"]

log = logging.getLogger("sleepstack.server.web")
T = TypeVar("T")

#: the cookie that carries the bearer token for a browser
COOKIE = "sleepstack_token"
COOKIE_MAX_AGE = 8 * 3600
#: no script-src at all: the inspector runs no JavaScript, so none can ever run
CSP = ("default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'; "
       "base-uri 'none'; frame-ancestors 'none'")
SECURITY_HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cache-Control": "no-store",
}
#: characters of a file shown on one page (the store's own limit is 1 MiB)
MAX_SHOW = 400_000
#: lines of one diff shown
MAX_DIFF_LINES = 5000
_CYCLE_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$")
_CYCLES_PATH = "reports/cycles.json"


class Runner(Protocol):
    """Runs a blocking call in a worker thread under the server's timeout."""

    def __call__(self, fn: Callable[[], T], timeout: float | None = None) -> Awaitable[T]: ...


# -------------------------------------------------------------------- mount
def _with_headers(response: Response) -> Response:
    for key, value in SECURITY_HEADERS.items():
        response.headers[key] = value
    return response


def _html(text: str, status: int = 200, headers: Mapping[str, str] | None = None) -> Response:
    return _with_headers(HTMLResponse(text, status_code=status, headers=dict(headers or {})))


def _safe_next(value: str | None) -> str:
    """A post-login target: one of our own pages, never another site."""
    if value and (value == "/" or value.startswith("/ui/")) and "\\" not in value \
            and not value.startswith("/ui/login"):
        return value
    return "/"


def _set_cookie(response: Response, request: Request, token: str) -> None:
    response.set_cookie(COOKIE, token, max_age=COOKIE_MAX_AGE, path="/", httponly=True,
                        samesite="strict", secure=request.url.scheme == "https")


def _cross_site(request: Request) -> bool:
    """Whether a sign-in request comes from another site (login CSRF).

    One rule for the form (``POST /ui/login``) and for ``?token=`` on any
    page: a browser's ``Sec-Fetch-Site: cross-site``, or an ``Origin`` that is
    not this server, never gets a session cookie.
    """
    origin = request.headers.get("origin")
    own = f"{request.url.scheme}://{request.headers.get('host', '')}"
    return request.headers.get("sec-fetch-site") == "cross-site" or (
        origin not in (None, "null") and origin != own)


def _here(request: Request, drop: str | None = None) -> str:
    query = [(k, v) for k, v in request.query_params.multi_items() if k != drop]
    return request.url.path + ("?" + urlencode(query) if query else "")


def mount_web(app: FastAPI, *, tokens: TokenStore, memory: Callable[[], Memory],
              run: Runner, limiter: RateLimiter | None = None) -> None:
    """Add the inspector's routes to *app* (none of them is in the OpenAPI schema).

    *memory* returns the reading :class:`Memory` of the calling worker thread;
    *run* runs a blocking call in a worker thread under the server's timeout.
    """

    def login(request: Request, message: str | None = None, status: int = 401,
              next_url: str | None = None) -> Response:
        note = "Sign in with a sleepstack bearer token to inspect its user's memory."
        return _html(_login_document(_safe_next(next_url or _here(request)), message, note),
                     status, {"WWW-Authenticate": 'Bearer realm="sleepstack"'}
                     if status == 401 else None)

    def error(record: TokenRecord | None, status: int, title: str, message: str) -> Response:
        body = frag(el("h1", title), el("div", message, class_="error"),
                    el("p", el("a", "← overview", href="/")))
        text = (_layout(title, body, record, "") if record is not None
                else _document(title, el("main", body)))
        return _html(text, status)

    def presented(request: Request) -> str | None:
        header = request.headers.get("authorization")
        if header is not None:
            scheme, _, value = header.partition(" ")
            return value.strip() if scheme.lower() == "bearer" else ""
        return request.cookies.get(COOKIE)

    async def serve(request: Request, render: Callable[[Ctx], Page | str]) -> Response:
        token_q = request.query_params.get("token")
        if token_q is not None:  # ?token=…: log in, then show the same page without it
            if _cross_site(request):
                return error(None, 403, "Forbidden",
                             "Sign-in requests must come from this site.")
            record = tokens.verify(token_q)
            if record is None:
                return login(request, "That token is invalid or revoked.",
                             next_url=_here(request, drop="token"))
            response = RedirectResponse(_here(request, drop="token"), status_code=303)
            _set_cookie(response, request, token_q)
            return _with_headers(response)
        try:
            record = authenticate(tokens, presented(request))
        except Unauthorized:
            message = ("Your session is invalid or was revoked; sign in again."
                       if presented(request) else None)
            return login(request, message)
        if limiter is not None and limiter.acquire(record.id) > 0:
            return error(record, 429, "Too many requests", "Slow down and reload in a moment.")
        try:
            out = await run(lambda: render(Ctx(record, memory(), request.query_params)))
        except ApiError as exc:
            return error(record, exc.status, "Error", exc.message)
        except SleepstackError as exc:
            status = status_for(exc)
            if status == 404:
                return error(record, 404, "Not found", "There is nothing here for you.")
            return error(record, status, "Cannot show this", exc.message)
        except Exception:
            log.exception("web inspector failed on %s", request.url.path)
            return error(record, 500, "Internal error", "Something went wrong on our side.")
        if isinstance(out, str):
            return _html(out)
        return _html(_layout(out.title, out.body, record, out.nav), out.status)

    @app.get("/", include_in_schema=False)
    async def web_overview(request: Request) -> Response:
        return await serve(request, overview)

    @app.get("/ui", include_in_schema=False)
    async def web_ui_root() -> Response:
        return _with_headers(RedirectResponse("/", status_code=307))

    @app.get("/ui/files", include_in_schema=False)
    async def web_files(request: Request) -> Response:
        return await serve(request, files)

    from .graph_page import graph_page  # issue 14: the graph page lives in its own module

    @app.get("/ui/graph", include_in_schema=False)
    async def web_graph(request: Request) -> Response:
        return await serve(request, graph_page)

    @app.get("/ui/file", include_in_schema=False)
    async def web_file(request: Request) -> Response:
        return await serve(request, file_page)

    @app.get("/ui/diff", include_in_schema=False)
    async def web_diff(request: Request) -> Response:
        return await serve(request, diff_page)

    @app.get("/ui/audit", include_in_schema=False)
    async def web_audit(request: Request) -> Response:
        return await serve(request, audit_page)

    @app.get("/ui/facts", include_in_schema=False)
    async def web_facts(request: Request) -> Response:
        return await serve(request, facts_page)

    @app.get("/ui/cycles", include_in_schema=False)
    async def web_cycles(request: Request) -> Response:
        return await serve(request, cycles_page)

    @app.get("/ui/cycles/{cycle_id}", include_in_schema=False)
    async def web_cycle(request: Request, cycle_id: str) -> Response:
        if cycle_id == "index.html":  # the stored reports link to their index
            return _with_headers(RedirectResponse("/ui/cycles", status_code=307))
        return await serve(request, lambda ctx: cycle_report(ctx, cycle_id))

    @app.get("/ui/login", include_in_schema=False)
    async def web_login_form(request: Request) -> Response:
        return login(request, status=200, next_url=request.query_params.get("next"))

    @app.post("/ui/login", include_in_schema=False)
    async def web_login(request: Request) -> Response:
        # Login CSRF: a form on another site must not sign a browser in.
        if _cross_site(request):
            return error(None, 403, "Forbidden", "Sign-in requests must come from this site.")
        raw = (await request.body()).decode("utf-8", "replace")
        form = parse_qs(raw, max_num_fields=8)
        token = (form.get("token") or [""])[0].strip()
        next_url = _safe_next((form.get("next") or ["/"])[0])
        if not token or tokens.verify(token) is None:
            return login(request, "That token is invalid or revoked.", next_url=next_url)
        response = RedirectResponse(next_url, status_code=303)
        _set_cookie(response, request, token)
        return _with_headers(response)

    @app.get("/ui/logout", include_in_schema=False)
    async def web_logout() -> Response:
        response = RedirectResponse("/ui/login", status_code=303)
        response.delete_cookie(COOKIE, path="/", httponly=True, samesite="strict")
        return _with_headers(response)
