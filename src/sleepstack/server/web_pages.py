"""The inspector's pages, one function each: request context in, :class:`Page` out.

Overview, files, one file with its versions, a diff of two versions, the audit
timeline, facts over time and the sleep cycles. Pages only read (through
:class:`~sleepstack.api.Memory`); what a token may see is :mod:`.web_access`.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from ..api import Memory
from ..errors import NotFoundError
from ..html.markup import Safe, el, frag, table, url
from ..store.paths import check_path
from .access_tokens import TokenRecord
from .auth import not_found
from .web_access import (
    _entries_for,
    _is_admin,
    _load_cycles,
    _names_other_user,
    _roots,
    _safe_content,
    _user_cycles,
    content_at,
    viewable_path,
    visible,
)
from .web_layout import _code, _when

#: largest file shown inline (bytes), and the longest diff shown (lines)
MAX_SHOW = 400_000
MAX_DIFF_LINES = 5000
_CYCLE_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$")


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
        cycle_table = table(["cycle", "at", "status", "counts"], cycle_rows,
                             "no sleep cycles yet")
    else:
        mine = _user_cycles(ctx.mem, ctx.record)[:6]
        cycle_rows = [[_cycle_ref(ctx, c["cycle_id"]), _when(c.get("at")),
                       f"{len(c['paths'])} of your files"] for c in mine]
        cycle_table = table(["cycle", "at", "changed"], cycle_rows,
                             "no sleep cycle has changed your memory yet")
    body = frag(
        el("h1", "Memory of ", _code(user)),
        el("p", f"Read-only view for a {ctx.record.scope} token ({ctx.record.name}).",
           class_="sub"),
        el("div", cards, class_="cards"),
        el("h2", "Recent changes"),
        table(["seq", "at", "op", "path", "actor", "reason"], recent, "nothing yet"),
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
                table(["path", "versions", "last change", "by", "reason"], rows,
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
        table(["version", "at", "op", "actor", "reason", "cycle", "sha", ""], rows,
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
        table(["seq", "at", "op", "path", "actor", "reason", "cycle"], rows,
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
    fact_table = table([head("slot", "slot"), head("value", "value"), head("status", "status"),
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
        fact_table,
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
                    table(["cycle", "at", "status", "counts"], rows, "no sleep cycles yet"))
    else:
        rows = [[_cycle_ref(ctx, c["cycle_id"]), _when(c.get("at")),
                 frag([frag(el("a", _code(p), href=url("/ui/file", path=p)), el("br"))
                       for p in sorted(c["paths"])])]
                for c in _user_cycles(ctx.mem, ctx.record)]
        body = frag(el("h1", "Sleep cycles"),
                    el("div", "Sleep-cycle reports cover every user of the store, so only "
                       "operator tokens can open them. Listed here: the cycles that changed "
                       "your files.", class_="note"),
                    table(["cycle", "at", "your files it changed"], rows,
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
