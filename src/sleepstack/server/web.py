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

import difflib
import html
import json
import logging
import re
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Protocol, TypeVar
from urllib.parse import parse_qs, urlencode

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from ..api import Memory
from ..errors import NotFoundError, SleepstackError
from ..store.paths import check_path, user_of
from .auth import ApiError, Unauthorized, authenticate, is_operator, not_found
from .limits import RateLimiter
from .tokens import TokenRecord, TokenStore

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


# ------------------------------------------------------------------ HTML builder
class Safe(str):
    """Markup this module built (already escaped); never wrap untrusted text in it."""

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


def _table(headers: Sequence[object], rows: Sequence[Sequence[object]], empty: str,
           *, numeric: Sequence[int] = ()) -> Safe:
    if not rows:
        return el("p", empty, class_="muted")
    head = el("tr", [el("th", h) for h in headers])
    body = [el("tr", [el("td", c, class_="n" if i in numeric else None)
                      for i, c in enumerate(r)]) for r in rows]
    return el("table", el("thead", head), el("tbody", body))


def _when(ts: object) -> Safe:
    """A timestamp, shortened to minutes, with the full value as a tooltip."""
    if not ts:
        return el("span", "—", class_="muted")
    s = str(ts)
    short = s[:16].replace("T", " ") if len(s) >= 16 and s[10:11] == "T" else s
    return el("time", short, datetime=s, title=s)


def _code(text: object) -> Safe:
    return el("code", text)


_CSS = """
:root{--fg:#1d232a;--muted:#65717c;--line:#dde2e7;--bg:#f5f7f9;--accent:#2458c6}
*{box-sizing:border-box}
body{margin:0;font:14px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);
background:#fff}
header{background:#1f2933;color:#fff;padding:.55em 1.5em;display:flex;align-items:center;
gap:1.6em;flex-wrap:wrap}
header .brand{font-weight:650;color:#fff;text-decoration:none;letter-spacing:.01em}
header .brand span{color:#8fb4ff;font-weight:400}
header nav a{color:#c9d3de;text-decoration:none;margin-right:1.1em;padding:.2em 0}
header nav a:hover{color:#fff}
header nav a.on{color:#fff;border-bottom:2px solid #8fb4ff}
header .who{margin-left:auto;color:#c9d3de;font-size:.92em}
header .who a{color:#c9d3de}
main{max-width:80em;margin:1.4em auto 3em;padding:0 1.5em}
h1{font-size:1.45em;margin:.2em 0 .5em;word-break:break-word}
h2{font-size:1.08em;margin:1.7em 0 .5em;padding-bottom:.25em;border-bottom:1px solid var(--line)}
a{color:var(--accent)}
table{border-collapse:collapse;width:100%;margin:.3em 0 1em}
th,td{border-bottom:1px solid var(--line);padding:.38em .6em;text-align:left;vertical-align:top}
th{background:var(--bg);font-weight:600;white-space:nowrap;font-size:.93em}
th a{color:inherit;text-decoration:none}th a:hover{text-decoration:underline}
tbody tr:hover{background:#fafbfc}
td.n{text-align:right;font-variant-numeric:tabular-nums}
code,pre,.mono{font:12.5px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
td code{word-break:break-all}
time{white-space:nowrap}td code.id{word-break:normal;white-space:nowrap}
h1 code{font-size:19px;font-weight:600;word-break:break-all}
pre.content{background:var(--bg);border:1px solid var(--line);border-radius:6px;
padding:.8em 1em;white-space:pre-wrap;word-break:break-word;max-height:42em;overflow:auto;
margin:.4em 0}
.muted{color:var(--muted)}.small{font-size:.88em}
.sub{color:var(--muted);margin:-.3em 0 1em}
.cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(14em,1fr));gap:.8em;margin:.6em 0}
.card{border:1px solid var(--line);border-radius:8px;padding:.75em 1em;text-decoration:none;
color:inherit;display:block}
a.card:hover{border-color:var(--accent)}
.card .big{font-size:1.7em;font-weight:650;line-height:1.2}
.card .label{color:var(--muted);font-size:.9em}
.badge{display:inline-block;padding:0 .55em;border-radius:1em;font-size:.82em;background:#e8edf3;
color:#4b5763;white-space:nowrap}
.badge.current{background:#dafbe1;color:#116329}
.badge.expired{background:#fff1d6;color:#7a4d00}
.badge.undone,.badge.delete{background:#ffebe9;color:#a40e26}
.diff{border:1px solid var(--line);border-radius:6px;overflow:auto;margin:.5em 0}
.diff div{white-space:pre-wrap;word-break:break-word;padding:0 .8em;min-height:1.5em}
.diff .add{background:#e6ffec;color:#0f5323}
.diff .del{background:#ffebe9;color:#86181d}
.diff .hunk{background:#ddf4ff;color:#0a3069}
.diff .meta{color:var(--muted);background:var(--bg)}
.plus{color:#1a7f37;font-weight:600}.minus{color:#cf222e;font-weight:600}
.tl{margin:.3em 0 1.2em}
.tl-row{display:grid;grid-template-columns:15em 1fr;align-items:center;gap:.8em;margin:.3em 0}
.tl-slot{font-size:.92em;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.tl-track{position:relative;height:1.7em;background:var(--bg);border:1px solid var(--line);
border-radius:4px;overflow:hidden}
.tl-bar{position:absolute;top:2px;bottom:2px;border-radius:3px;padding:0 .45em;font-size:.8em;
line-height:1.55em;color:#fff;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;
border-right:1px solid #fff}
.tl-bar.current{background:#2da44e}.tl-bar.superseded{background:#8c959f}
.tl-bar.expired{background:#c99a1d}
.tl-axis{display:flex;justify-content:space-between;color:var(--muted);font-size:.8em}
.legend span{margin-right:1em}
form.inline{display:flex;gap:.5em;align-items:center;flex-wrap:wrap;margin:.5em 0 1em}
input,select,button{font:inherit;padding:.3em .55em;border:1px solid #c4ccd4;border-radius:5px}
input[type=text],input[type=password]{min-width:22em}
button{background:var(--accent);color:#fff;border-color:var(--accent);cursor:pointer}
.note{background:#fff8c5;border:1px solid #eed888;border-radius:6px;padding:.5em .8em;margin:.6em 0}
.error{background:#ffebe9;border:1px solid #f5b5b0;border-radius:6px;padding:.6em .9em}
.login{max-width:34em;margin:5em auto;padding:0 1.5em}
.login form{display:flex;flex-direction:column;gap:.6em;margin-top:1em}
.login input{min-width:0;width:100%}
.crumbs{font-size:.92em;color:var(--muted);margin-bottom:.3em}
"""

_NAV = (("overview", "/", "Overview"), ("files", "/ui/files", "Files"),
        ("facts", "/ui/facts", "Facts"), ("audit", "/ui/audit", "Audit"),
        ("cycles", "/ui/cycles", "Cycles"))


def _document(title: str, body: Safe) -> str:
    return ("<!doctype html>" + el(
        "html",
        el("head", el("meta", charset="utf-8"),
           el("meta", name="viewport", content="width=device-width, initial-scale=1"),
           el("meta", name="referrer", content="no-referrer"),
           el("title", f"{title} · sleepstack"),
           el("style", Safe(_CSS))),
        el("body", body),
        lang="en",
    ))


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


# -------------------------------------------------------------------- access
def _is_admin(record: TokenRecord) -> bool:
    # Store-wide views (every audit entry, every report) are the operator's:
    # a user-bound token, whatever its scope, sees its own user only.
    return is_operator(record)


def visible(record: TokenRecord, path: str) -> bool:
    """Whether the token's user may see *path* in the inspector."""
    owner = user_of(path)
    if owner is not None:
        return owner == record.user
    return path.startswith("memory/topics/")


def viewable_path(record: TokenRecord, path: str | None) -> str:
    """Normalise *path*; another user's (or an internal) path is 404."""
    if not path:
        raise NotFoundError("no path given")
    norm = check_path(path)
    if not visible(record, norm):
        raise not_found()
    return norm


def _names_other_user(prefix: str, user: str) -> bool:
    """Whether a listing prefix points into another user's files (``user/bob/``)."""
    parts = prefix.split("/")
    at = 1 if parts[0] == "user" else 2 if parts[:2] == ["memory", "log"] else None
    if at is None or len(parts) <= at or not parts[at]:
        return False
    segment = parts[at]
    complete = len(parts) > at + 1  # followed by "/": a whole user id
    return segment != user if complete else not user.startswith(segment)


def _roots(user: str) -> list[tuple[str, str]]:
    return [(f"user/{user}", "Memory"), (f"memory/log/{user}", "Raw conversation logs"),
            ("memory/topics", "Shared reference documents")]


# --------------------------------------------------------------- store reads
def _entries_for(mem: Memory, path: str) -> list[dict[str, Any]]:
    return [e for e in mem.store.audit_entries() if e.get("path") == path]


def content_at(mem: Memory, entries: Sequence[dict[str, Any]], version: int) -> str | None:
    """The text of *path* at version *version* (1-based), None when deleted.

    Writes keep their whole content as a blob; appends keep only the chunk, so
    a log's version is the last full write before it plus the chunks since.
    """
    if not 1 <= version <= len(entries):
        raise NotFoundError(f"no version {version}", version=version)
    upto = list(entries[:version])
    start = 0
    for i in range(len(upto) - 1, -1, -1):
        if upto[i].get("op") in ("write", "delete"):
            start = i
            break
    text: str | None = None
    for e in upto[start:]:
        op = e.get("op")
        if op == "delete":
            text = None
        elif op == "append":
            text = (text or "") + mem.store.blob_text(str(e.get("chunk_sha")))
        else:
            sha = e.get("new_sha")
            text = None if sha is None else mem.store.blob_text(str(sha))
    return text


def _safe_content(fn: Callable[[], str | None]) -> tuple[str | None, str | None]:
    """``(text, problem)``: the content, or why it cannot be shown."""
    try:
        return fn(), None
    except NotFoundError:
        return None, "this version's content is not stored"
    except UnicodeDecodeError:
        return None, "binary content (not shown)"


def _load_cycles(mem: Memory) -> list[dict[str, Any]]:
    try:
        data = json.loads(mem.store.read_text(_CYCLES_PATH))
    except (NotFoundError, ValueError):
        return []
    if not isinstance(data, list):
        return []
    rows = [d for d in data if isinstance(d, dict) and d.get("cycle_id")]
    return sorted(rows, key=lambda d: str(d.get("at", "")), reverse=True)


def _user_cycles(mem: Memory, record: TokenRecord) -> list[dict[str, Any]]:
    """Cycles that changed the user's files: ``{cycle_id, at, paths}``, newest first."""
    found: dict[str, dict[str, Any]] = {}
    for e in mem.store.audit_entries():
        cid, path = e.get("cycle"), str(e.get("path", ""))
        if cid and visible(record, path):
            row = found.setdefault(str(cid), {"cycle_id": str(cid), "at": e.get("at"),
                                              "paths": set()})
            row["paths"].add(path)
    return sorted(found.values(), key=lambda d: str(d.get("at", "")), reverse=True)


# --------------------------------------------------------------------- pages
@dataclass(frozen=True)
class Ctx:
    """One page request: who asks, the store, and the query parameters."""

    record: TokenRecord
    mem: Memory
    query: Mapping[str, str]

    @property
    def admin(self) -> bool:
        """Whether the token may see store-wide views (an operator token)."""
        return _is_admin(self.record)

    def int_param(self, name: str, default: int | None = None) -> int | None:
        """An integer query parameter (404 for one that is not a number)."""
        raw = self.query.get(name)
        if raw in (None, ""):
            return default
        try:
            return int(str(raw))
        except ValueError:
            raise NotFoundError(f"{name} must be a number") from None


@dataclass(frozen=True)
class Page:
    """A rendered page body and where it sits in the navigation."""

    title: str
    body: Safe
    nav: str = ""
    status: int = 200


def _counts_line(counts: Mapping[str, Any]) -> Safe:
    shown = [f"{k.replace('_', ' ')} {v}" for k, v in counts.items() if v]
    return el("span", " · ".join(shown) or "no changes", class_="small")


def overview(ctx: Ctx) -> Page:
    """``/``: the token's user, file counts per area, recent changes and cycles."""
    user = ctx.record.user
    cards = []
    for prefix, label in _roots(user):
        n = len(ctx.mem.store.list(prefix))
        cards.append(el("a", el("div", n, class_="big"), el("div", label, class_="label"),
                        el("div", _code(prefix + "/"), class_="small muted"),
                        href=url("/ui/files", prefix=prefix + "/"), class_="card"))
    facts = ctx.mem.facts(user, include_history=True)
    current = sum(1 for f in facts if f.current)
    cards.append(el("a", el("div", current, class_="big"), el("div", "Current facts",
                                                              class_="label"),
                    el("div", f"{len(facts) - current} superseded or expired",
                       class_="small muted"), href="/ui/facts", class_="card"))

    entries = [e for e in ctx.mem.store.audit_entries()
               if visible(ctx.record, str(e.get("path", "")))]
    recent = [[el("a", e.get("seq"), href=url("/ui/audit", before=int(e["seq"]) + 1)),
               _when(e.get("at")), _op(e),
               el("a", e.get("path"), href=url("/ui/file", path=e.get("path"))),
               e.get("actor"), e.get("reason")] for e in reversed(entries[-8:])]

    cycle_rows: list[list[object]]
    if ctx.admin:
        cycles = _load_cycles(ctx.mem)[:6]
        cycle_rows = [[_cycle_ref(ctx, c["cycle_id"]), _when(c.get("at")),
                       _cycle_status(c), _counts_line(c.get("counts") or {})] for c in cycles]
        cycle_table = _table(["cycle", "at", "status", "counts"], cycle_rows,
                             "no sleep cycles yet")
    else:
        mine = _user_cycles(ctx.mem, ctx.record)[:6]
        cycle_rows = [[_cycle_ref(ctx, c["cycle_id"]), _when(c.get("at")),
                       f"{len(c['paths'])} of your files"] for c in mine]
        cycle_table = _table(["cycle", "at", "changed"], cycle_rows,
                             "no sleep cycle has changed your memory yet")
    body = frag(
        el("h1", "Memory of ", _code(user)),
        el("p", f"Read-only view for a {ctx.record.scope} token ({ctx.record.name}).",
           class_="sub"),
        el("div", cards, class_="cards"),
        el("h2", "Recent changes"),
        _table(["seq", "at", "op", "path", "actor", "reason"], recent, "nothing yet"),
        el("p", el("a", "full audit timeline →", href="/ui/audit"), class_="small"),
        el("h2", "Last sleep cycles"),
        cycle_table,
        el("p", el("a", "all cycles →", href="/ui/cycles"), class_="small"),
    )
    return Page("overview", body, "overview")


def _op(e: Mapping[str, Any]) -> Safe:
    op = "rollback" if e.get("rollback_to") else str(e.get("op", ""))
    return el("span", op, class_=f"badge {op}")


def _cycle_ref(ctx: Ctx, cycle: object) -> Safe:
    """A cycle id, linked to its report for admin tokens."""
    if not cycle:
        return Safe("")
    code = el("code", cycle, class_="id")
    if ctx.admin and _CYCLE_RE.match(str(cycle)):
        return el("a", code, href=f"/ui/cycles/{cycle}")
    return code


def _cycle_status(c: Mapping[str, Any]) -> Safe:
    return (el("span", "undone", class_="badge undone") if c.get("undone")
            else el("span", "committed", class_="badge current"))


def files(ctx: Ctx) -> Page:
    """``/ui/files?prefix=``: the user's files with their version counts."""
    user = ctx.record.user
    prefix = (ctx.query.get("prefix") or "").strip()
    if _names_other_user(prefix, user):
        raise not_found()
    meta: dict[str, tuple[int, dict[str, Any]]] = {}
    for e in ctx.mem.store.audit_entries():
        p = str(e.get("path", ""))
        if p:
            meta[p] = (meta.get(p, (0, e))[0] + 1, e)
    sections = []
    total = 0
    for root, label in _roots(user):
        paths = [p for p in ctx.mem.store.list(root)
                 if p.startswith(prefix) and visible(ctx.record, p)]
        total += len(paths)
        rows = []
        for p in paths:
            count, last = meta.get(p, (0, {}))
            rows.append([el("a", _code(p), href=url("/ui/file", path=p)), count,
                         _when(last.get("at")), last.get("actor"), last.get("reason")])
        if rows or not prefix:
            sections.append(frag(
                el("h2", label, " ", el("span", f"{root}/ · {len(rows)} files",
                                        class_="muted small")),
                _table(["path", "versions", "last change", "by", "reason"], rows,
                       "no files here yet", numeric=(1,))))
    form = el("form",
              el("label", "Path prefix", for_="prefix"),
              el("input", type="text", id="prefix", name="prefix", value=prefix,
                 placeholder=f"user/{user}/"),
              el("button", "Filter", type="submit"),
              el("a", "clear", href="/ui/files") if prefix else None,
              method="get", action="/ui/files", class_="inline")
    body = frag(el("h1", "Files"),
                el("p", f"{total} files visible to ", _code(user),
                   (frag(" under ", _code(prefix)) if prefix else ""), ".", class_="sub"),
                form, sections or el("p", "No files match this prefix.", class_="muted"))
    return Page("files", body, "files")


def file_page(ctx: Ctx) -> Page:
    """``/ui/file?path=&v=``: one file's content (current or a version) and its versions."""
    path = viewable_path(ctx.record, ctx.query.get("path"))
    entries = _entries_for(ctx.mem, path)
    exists = ctx.mem.store.exists(path)
    if not entries and not exists:
        raise not_found()
    n = len(entries)
    v = ctx.int_param("v")
    if v is not None:
        text, problem = _safe_content(lambda: content_at(ctx.mem, entries, v))
        showing = f"version {v} of {n}"
    elif exists:
        text, problem = _safe_content(lambda: ctx.mem.store.read_text(path))
        showing = f"current (version {n})" if n else "current"
    else:
        text, problem = None, None
        showing = "deleted"
    if text is None and problem is None:
        problem = "the file was deleted in this version" if v is not None else "deleted"
    shown = text if text is None or len(text) <= MAX_SHOW else text[:MAX_SHOW]
    cut = el("p", f"… {len(text) - MAX_SHOW} more characters not shown",
             class_="muted") if text is not None and len(text) > MAX_SHOW else None

    rows = []
    for i, e in reversed(list(enumerate(entries, start=1))):
        actions: list[object] = [el("a", "view", href=url("/ui/file", path=path, v=i))]
        if i > 1:
            actions += [" · ", el("a", "diff with previous",
                                  href=url("/ui/diff", path=path, a=i - 1, b=i))]
        if i < n:
            actions += [" · ", el("a", "diff with latest",
                                  href=url("/ui/diff", path=path, a=i, b=n))]
        label: object = el("b", i) if i == v or (v is None and i == n) else i
        rows.append([label, _when(e.get("at")), _op(e), e.get("actor"), e.get("reason"),
                     _cycle_ref(ctx, e.get("cycle")),
                     el("span", str(e.get("new_sha") or "")[:12], class_="mono muted"),
                     frag(actions)])
    picker = None
    if n >= 2:
        def options(selected: int) -> list[Safe]:
            return [el("option", f"v{i}", value=i, selected=i == selected)
                    for i in range(1, n + 1)]

        picker = el("form", el("input", type="hidden", name="path", value=path),
                    "Compare", el("select", options(n - 1), name="a", aria_label="from version"),
                    "with", el("select", options(n), name="b", aria_label="to version"),
                    el("button", "Show diff", type="submit"),
                    method="get", action="/ui/diff", class_="inline")
    parent = path.rsplit("/", 1)[0] + "/"
    body = frag(
        el("div", el("a", "Files", href="/ui/files"), " / ",
           el("a", parent, href=url("/ui/files", prefix=parent)), class_="crumbs"),
        el("h1", _code(path)),
        el("p", f"Showing {showing} · {n} versions", class_="sub"),
        el("div", problem, class_="note") if problem else None,
        el("pre", shown, class_="content") if shown is not None else None,
        cut,
        el("h2", "Versions"),
        picker,
        _table(["version", "at", "op", "actor", "reason", "cycle", "sha", ""], rows,
               "no recorded versions"),
    )
    return Page(path, body, "files")


def diff_page(ctx: Ctx) -> Page:
    """``/ui/diff?path=&a=&b=``: the unified diff between two versions of a file."""
    path = viewable_path(ctx.record, ctx.query.get("path"))
    entries = _entries_for(ctx.mem, path)
    n = len(entries)
    if n == 0:
        raise not_found()
    b = ctx.int_param("b", n) or n
    a = ctx.int_param("a", max(1, b - 1)) or 1
    if not (1 <= a <= n and 1 <= b <= n):
        raise NotFoundError("no such version")
    old, p1 = _safe_content(lambda: content_at(ctx.mem, entries, a))
    new, p2 = _safe_content(lambda: content_at(ctx.mem, entries, b))
    lines = list(difflib.unified_diff(
        (old or "").splitlines(), (new or "").splitlines(),
        fromfile=f"{path} (version {a})", tofile=f"{path} (version {b})", lineterm="", n=3))
    added = sum(1 for x in lines if x.startswith("+") and not x.startswith("+++"))
    removed = sum(1 for x in lines if x.startswith("-") and not x.startswith("---"))
    rendered = []
    for x in lines[:MAX_DIFF_LINES]:
        if x.startswith(("+++", "---")):
            kind = "meta"
        elif x.startswith("@@"):
            kind = "hunk"
        elif x.startswith("+"):
            kind = "add"
        elif x.startswith("-"):
            kind = "del"
        else:
            kind = "ctx"
        rendered.append(el("div", x, class_=kind))
    more = len(lines) - MAX_DIFF_LINES

    def describe(i: int) -> Safe:
        e = entries[i - 1]
        return frag(el("a", f"version {i}", href=url("/ui/file", path=path, v=i)), " (",
                    _when(e.get("at")), ", ", e.get("actor"), ": ", e.get("reason"), ")")

    body = frag(
        el("div", el("a", "Files", href="/ui/files"), " / ",
           el("a", path, href=url("/ui/file", path=path)), class_="crumbs"),
        el("h1", "Diff of ", _code(path)),
        el("p", "from ", describe(a), " to ", describe(b), class_="sub"),
        [el("div", p, class_="note") for p in (p1, p2) if p],
        el("p", el("span", f"+{added}", class_="plus"), " ",
           el("span", f"−{removed}", class_="minus"), " lines"),
        el("div", rendered, class_="diff mono") if rendered
        else el("p", "No differences between these versions.", class_="muted"),
        el("p", f"… {more} more diff lines not shown", class_="muted") if more > 0 else None,
        el("p", el("a", f"← diff v{a - 1}…v{a}", href=url("/ui/diff", path=path, a=a - 1, b=a))
           if a > 1 else None, " ",
           el("a", f"diff v{b}…v{b + 1} →", href=url("/ui/diff", path=path, a=b, b=b + 1))
           if b < n else None, class_="small"),
    )
    return Page(f"diff {path}", body, "files")


def audit_page(ctx: Ctx) -> Page:
    """``/ui/audit?before=&limit=&path=``: the audit timeline, newest first."""
    limit = max(1, min(500, ctx.int_param("limit", 100) or 100))
    before = ctx.int_param("before")
    only = (ctx.query.get("path") or "").strip() or None
    if only is not None:
        only = check_path(only)
        if not ctx.admin and not visible(ctx.record, only):
            raise not_found()
    picked = []
    for e in reversed(ctx.mem.store.audit_entries()):
        path = str(e.get("path", ""))
        if before is not None and int(e.get("seq", 0)) >= before:
            continue
        if not ctx.admin and not visible(ctx.record, path):
            continue
        if only is not None and path != only:
            continue
        picked.append(e)
        if len(picked) > limit:
            break
    older = len(picked) > limit
    picked = picked[:limit]
    rows = []
    for e in picked:
        path = str(e.get("path", ""))
        shown: object = (el("a", _code(path), href=url("/ui/file", path=path))
                         if path and visible(ctx.record, path) else _code(path or "—"))
        rows.append([e.get("seq"), _when(e.get("at")), _op(e), shown, e.get("actor"),
                     e.get("reason"), _cycle_ref(ctx, e.get("cycle"))])
    scope_note = ("Operator token: every audit entry of the store." if ctx.admin else
                  f"Entries that touch {ctx.record.user}'s files and the shared topics.")
    nav = []
    if before is not None:
        nav.append(el("a", "← newest", href=url("/ui/audit", path=only, limit=limit)))
    if older and picked:
        nav.append(el("a", "older →", href=url("/ui/audit", path=only, limit=limit,
                                                before=picked[-1].get("seq"))))
    body = frag(
        el("h1", "Audit timeline"),
        el("p", scope_note, " The log is hash-chained; every change to the store is in it.",
           class_="sub"),
        el("p", "Only ", _code(only), " · ", el("a", "all", href="/ui/audit"))
        if only else None,
        _table(["seq", "at", "op", "path", "actor", "reason", "cycle"], rows,
               "no audit entries", numeric=(0,)),
        el("p", [frag(x, " ") for x in nav], class_="small"),
    )
    return Page("audit", body, "audit")


def _parse_time(ts: str | None) -> datetime | None:
    if not ts:
        return None
    try:
        t = datetime.fromisoformat(ts)
    except ValueError:
        return None
    return t if t.tzinfo else t.replace(tzinfo=UTC)


def _fact_status(f: Any) -> str:
    if f.current:
        return "current"
    return "expired" if f.expired else "superseded"


_FACT_SORTS: dict[str, Callable[[Any], Any]] = {
    "slot": lambda f: (f.slot, f.valid_from or ""),
    "value": lambda f: (str(f.value).casefold(), f.slot),
    "status": lambda f: (_fact_status(f), f.slot),
    "from": lambda f: (f.valid_from or "", f.slot),
    "to": lambda f: (f.valid_to or "\uffff", f.slot),
    "confidence": lambda f: (f.confidence, f.slot),
}


def facts_page(ctx: Ctx) -> Page:
    """``/ui/facts?sort=&dir=``: facts over time — a table and one timeline per slot."""
    facts = ctx.mem.facts(ctx.record.user, include_history=True)
    sort = ctx.query.get("sort") or "slot"
    if sort not in _FACT_SORTS:
        sort = "slot"
    desc = ctx.query.get("dir") == "desc"
    ordered = sorted(facts, key=_FACT_SORTS[sort], reverse=desc)

    def head(label: str, key: str) -> Safe:
        arrow = (" ▾" if desc else " ▴") if key == sort else ""
        flip = "asc" if key == sort and desc else ("desc" if key == sort else None)
        return el("a", label + arrow, href=url("/ui/facts", sort=key, dir=flip))

    rows = []
    for f in ordered:
        status = _fact_status(f)
        rows.append([
            frag(el("b", f.subject), " · ", f.attribute),
            frag(el("b", f.value), el("div", f.text, class_="muted small")),
            el("span", status, class_=f"badge {status}"),
            _when(f.valid_from), _when(f.valid_to),
            f"{f.confidence:.2f}", f.category,
            el("span", f"{len(f.cites)} turn{'s' if len(f.cites) != 1 else ''}"
               + (f" (+{f.restated} restated)" if f.restated else ""),
               title=", ".join(f.cites)),
        ])
    table = _table([head("slot", "slot"), head("value", "value"), head("status", "status"),
                    head("valid from", "from"), head("valid to", "to"),
                    head("confidence", "confidence"), "category", "cites"], rows,
                   "no facts yet: facts are extracted by sleep cycles", numeric=(5,))
    current = sum(1 for f in facts if f.current)
    body = frag(
        el("h1", "Facts over time"),
        el("p", f"{current} current, {len(facts) - current} superseded or expired, for ",
           _code(ctx.record.user), ". A newer value in the same slot (subject · attribute) "
           "closes the older one's validity window; nothing is deleted.", class_="sub"),
        el("h2", "Timeline"),
        _timeline(facts),
        el("h2", "All facts"),
        table,
    )
    return Page("facts", body, "facts")


def _timeline(facts: Sequence[Any]) -> Safe:
    """One bar per fact, one row per slot, positioned on a shared time axis."""
    now = datetime.now(UTC)
    spans = []
    for f in facts:
        start = _parse_time(f.valid_from) or _parse_time(f.at)
        if start is None:
            continue
        end = _parse_time(f.valid_to) or now
        spans.append((f, start, max(end, start)))
    if not spans:
        return el("p", "nothing to draw yet", class_="muted")
    t0 = min(s for _, s, _ in spans)
    t1 = max(max(e for _, _, e in spans), now)
    total = max((t1 - t0).total_seconds(), 86400.0)
    by_slot: dict[tuple[str, str], list[tuple[Any, datetime, datetime]]] = {}
    for span in spans:
        by_slot.setdefault(span[0].slot, []).append(span)
    rows = []
    for slot in sorted(by_slot):
        bars = []
        first = by_slot[slot][0][0]
        for f, s, e in sorted(by_slot[slot], key=lambda x: x[1]):
            left = (s - t0).total_seconds() / total * 100
            width = max((e - s).total_seconds() / total * 100, 0.8)
            width = min(width, 100 - left) if left < 100 else 0.8
            status = _fact_status(f)
            tip = (f"{f.value} — {status}, {f.valid_from} → {f.valid_to or 'now'}")
            bars.append(el("div", f.value, class_=f"tl-bar {status}", title=tip,
                           style=f"left:{left:.3f}%;width:{width:.3f}%"))
        rows.append(el("div",
                       el("div", el("b", first.subject), " · ", first.attribute,
                          class_="tl-slot", title=f"{first.subject} · {first.attribute}"),
                       el("div", bars, class_="tl-track"), class_="tl-row"))
    mid = t0 + (t1 - t0) / 2
    axis = el("div", el("div"), el("div", [el("span", t.strftime("%Y-%m-%d"))
                                           for t in (t0, mid, t1)], class_="tl-axis"),
              class_="tl-row")
    legend = el("p", [el("span", el("span", name, class_=f"badge {name}"))
                      for name in ("current", "superseded", "expired")],
                class_="legend small")
    return el("div", rows, axis, legend, class_="tl")


def cycles_page(ctx: Ctx) -> Page:
    """``/ui/cycles``: every cycle with its counts (admin), or the user's cycles."""
    if ctx.admin:
        rows = [[_cycle_ref(ctx, c["cycle_id"]), _when(c.get("at")), _cycle_status(c),
                 _counts_line(c.get("counts") or {})]
                for c in _load_cycles(ctx.mem)]
        body = frag(el("h1", "Sleep cycles"),
                    el("p", "Every cycle of the store, newest first; open one for its report.",
                       class_="sub"),
                    _table(["cycle", "at", "status", "counts"], rows, "no sleep cycles yet"))
    else:
        rows = [[_cycle_ref(ctx, c["cycle_id"]), _when(c.get("at")),
                 frag([frag(el("a", _code(p), href=url("/ui/file", path=p)), el("br"))
                       for p in sorted(c["paths"])])]
                for c in _user_cycles(ctx.mem, ctx.record)]
        body = frag(el("h1", "Sleep cycles"),
                    el("div", "Sleep-cycle reports cover every user of the store, so only "
                       "operator tokens can open them. Listed here: the cycles that changed "
                       "your files.", class_="note"),
                    _table(["cycle", "at", "your files it changed"], rows,
                           "no sleep cycle has changed your memory yet"))
    return Page("cycles", body, "cycles")


def cycle_report(ctx: Ctx, cycle_id: str) -> Page | str:
    """``/ui/cycles/{id}``: the stored HTML report of one cycle (admin only)."""
    if cycle_id.endswith(".html"):
        cycle_id = cycle_id[:-5]
    if not _CYCLE_RE.match(cycle_id) or cycle_id in ("cycles", "state"):
        raise not_found()
    if not ctx.admin:
        body = frag(el("h1", "Sleep cycle ", _code(cycle_id)),
                    el("div", "Sleep-cycle reports cover every user of the store, so only "
                       "operator tokens can open them.", class_="note"),
                    el("p", el("a", "← your cycles", href="/ui/cycles")))
        return Page("cycle report", body, "cycles", status=403)
    # Served as stored: the report escapes every value itself, and the CSP
    # (no script-src) keeps it inert even if it did not.
    return ctx.mem.store.read_text(f"reports/{cycle_id}.html")


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
            from .http import status_for

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
