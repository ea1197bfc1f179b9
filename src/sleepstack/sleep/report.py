"""Cycle reports: the JSON summary of INTERFACES.md and a self-contained HTML page.

Both are written by the cycle into ``reports/`` in the same audited batch as
everything else it changes, together with ``reports/cycles.json`` (one line
of summary per cycle) and ``reports/index.html`` linking every cycle's page.
The HTML uses the one page template and stylesheet of :mod:`sleepstack.html`
(inline, no external assets), and every value in it is HTML-escaped:
proposals are untrusted text, and a report must never become the way an
injection reaches a browser.

A report must never make a cycle fail, so both files are bounded to the
store's content limit (``settings["max_bytes"]``, 1 MiB by default): every
list of entries keeps its first :data:`MAX_ENTRIES` (fewer if that is still
too big) and says how many more there were in ``truncated``, long texts are
cut, and the counts always stay exact.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..html.markup import Safe, esc, table
from ..html.page import document
from ..plan import COUNT_KEYS, CycleState

__all__ = [
    "CYCLES_PATH",
    "DEFAULT_MAX_BYTES",
    "DETAIL_KINDS",
    "INDEX_PATH",
    "MAX_ENTRIES",
    "cycle_entry",
    "dumps",
    "html_path",
    "json_path",
    "render_html",
    "render_index",
    "render_state_html",
    "report_body",
    "summary_dict",
]

INDEX_PATH = "reports/index.html"
CYCLES_PATH = "reports/cycles.json"
#: the store's default content limit, when the settings do not say
DEFAULT_MAX_BYTES = 1 << 20
#: entries a report keeps of each list (the rest is counted in ``truncated``)
MAX_ENTRIES = 200
#: the detail lists a report carries, in the order the HTML shows them
DETAIL_KINDS = ("promoted", "rejections", "review", "facts_added", "facts_superseded",
                "facts_expired", "merges", "withheld")
#: cycles ``reports/index.html`` lists (newest first); ``cycles.json`` has them all
_INDEX_ROWS = 500
#: (entries per list, characters per text, items per nested list), tried in order
#: until both the JSON and the HTML fit the content limit
_LEVELS = ((MAX_ENTRIES, 2000, 20), (100, 600, 10), (50, 300, 5), (20, 160, 3),
           (5, 80, 2), (0, 80, 0))


def html_path(cycle_id: str) -> str:
    """The store path of a cycle's HTML report."""
    return f"reports/{cycle_id}.html"


def json_path(cycle_id: str) -> str:
    """The store path of a cycle's JSON report."""
    return f"reports/{cycle_id}.json"


def summary_dict(
    *,
    cycle_id: str,
    key: str,
    noop: bool,
    dry_run: bool,
    counts: Mapping[str, int],
    rejections: Sequence[Mapping[str, Any]],
    timings: Mapping[str, float],
    report: str | None,
) -> dict[str, Any]:
    """The cycle summary exactly as INTERFACES.md names it."""
    return {
        "cycle_id": cycle_id,
        "key": key,
        "noop": noop,
        "dry_run": dry_run,
        "counts": {k: int(counts.get(k, 0)) for k in COUNT_KEYS},
        "rejections": [
            {"proposal": str(r["proposal"]), "user": r.get("user"),
             "reasons": [str(x) for x in r.get("reasons", [])]}
            for r in rejections
        ],
        "timings_s": {k: round(float(v), 4) for k, v in timings.items()},
        "report": report,
    }


def _shrink(value: Any, chars: int, items: int) -> Any:
    """*value* with strings cut to *chars* and nested lists to *items* (plus a count)."""
    if isinstance(value, str):
        if len(value) <= chars:
            return value
        return value[:chars] + f" … ({len(value) - chars} more characters)"
    if isinstance(value, Mapping):
        return {str(k): _shrink(v, chars, items) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        kept = [_shrink(v, chars, items) for v in list(value)[:items]]
        if len(value) > items:
            kept.append(f"… ({len(value) - items} more)")
        return kept
    return value


def _head(entries: Sequence[Any], n: int, chars: int, items: int) -> tuple[list[Any], int]:
    """The first *n* entries (each shrunk) and how many were left out."""
    return [_shrink(e, chars, items) for e in list(entries)[:n]], max(0, len(entries) - n)


def _size(text: str) -> int:
    return len(text.encode("utf-8"))


def report_body(
    state: CycleState, summary: Mapping[str, Any], *, max_bytes: int | None = None
) -> dict[str, Any]:
    """The full JSON report: the summary plus what changed and why, bounded.

    Both ``dumps(body)`` and ``render_html(body)`` fit in *max_bytes* (default:
    ``state.settings["max_bytes"]``, else :data:`DEFAULT_MAX_BYTES`): lists keep
    their first entries and ``truncated`` maps each cut list to how many more
    there were; ``counts`` are always exact.
    """
    limit = int(max_bytes or state.settings.get("max_bytes") or DEFAULT_MAX_BYTES)
    lists: dict[str, Sequence[Any]] = {
        "rejections": list(summary.get("rejections", [])),
        "warnings": list(state.warnings),
        "users": list(state.users),
        "changed_paths": sorted(state.changes),
    }
    details = {k: list(state.details.get(k, [])) for k in DETAIL_KINDS}
    body: dict[str, Any] = {}
    for entries, chars, items in _LEVELS:
        body = {
            **summary,
            "at": state.now,
            "engine": state.settings.get("engine", "local"),
            "code": state.settings.get("code"),
            "llm": _shrink(state.llm, chars, max(items, 1)),
        }
        truncated: dict[str, int] = {}
        for name, seq in lists.items():
            body[name], more = _head(seq, entries, chars, items)
            if more:
                truncated[name] = more
        body["details"] = {}
        for name, seq in details.items():
            body["details"][name], more = _head(seq, entries, chars, items)
            if more:
                truncated[f"details.{name}"] = more
        body["truncated"] = truncated
        if _size(dumps(body)) <= limit and _size(render_html(body)) <= limit:
            return body
    # Not even the counts with empty lists fit: keep only the exact summary numbers.
    return {k: body[k] for k in ("cycle_id", "key", "noop", "dry_run", "counts", "at",
                                 "truncated") if k in body}


def cycle_entry(summary: Mapping[str, Any], at: str) -> dict[str, Any]:
    """One line of ``reports/cycles.json``."""
    return {
        "cycle_id": summary["cycle_id"],
        "at": at,
        "counts": summary["counts"],
        "undone": False,
    }


# ------------------------------------------------------------------- HTML


def _e(value: Any) -> str:
    # The one escaping helper of sleepstack.html: report cells are assembled as
    # strings, each value through here.
    return str(esc(value))


def _table(headers: Sequence[str], rows: Sequence[Sequence[str]], empty: str) -> str:
    # Cells are markup already (each value went through _e): the one table builder.
    return table(headers, [[Safe(c) for c in r] for r in rows], empty)


def _quote(text: Any, limit: int = 600) -> str:
    if text is None:
        return '<span class="muted">(withheld)</span>'
    s = str(text)
    if len(s) > limit:
        s = s[:limit] + " …"
    return f"<blockquote>{_e(s)}</blockquote>"


def _fact_cell(f: Mapping[str, Any]) -> str:
    window = f"{f.get('valid_from') or '?'} → {f.get('valid_to') or 'now'}"
    return (f"<b>{_e(f.get('subject'))}</b> · {_e(f.get('attribute'))} = "
            f"<b>{_e(f.get('value'))}</b><br><span class=\"muted\">{_e(window)}</span>")


#: which counters each phase reports (phase -> counters)
_PHASE_COUNTS = {
    "snapshot": ("proposals", "turns_read"),
    "validate": ("promoted", "rejected"),
    "extract": (),
    "resolve": ("facts_added", "facts_superseded"),
    "consolidate": ("clusters", "merged"),
    "expire": ("facts_expired",),
}


def render_html(report: Mapping[str, Any]) -> str:
    """The self-contained HTML page of one cycle."""
    cid = str(report["cycle_id"])
    counts: Mapping[str, int] = report.get("counts", {})
    details: Mapping[str, list[dict[str, Any]]] = report.get("details", {})
    parts: list[str] = [
        "<main><p><a href=\"index.html\">← all cycles</a></p>",
        f"<h1>Sleep cycle <code>{_e(cid)}</code></h1>",
        f"<p class=\"muted\">at {_e(report.get('at'))} · engine {_e(report.get('engine'))}"
        f" · key <code>{_e(str(report.get('key', ''))[:16])}</code>"
        f"{' · dry run' if report.get('dry_run') else ''}"
        f" · code {_e(report.get('code'))}</p>",
        "<h2>Phases</h2>",
    ]
    rows = []
    for phase, secs in report.get("timings_s", {}).items():
        shown = ", ".join(f"{k} {counts.get(k, 0)}" for k in _PHASE_COUNTS.get(phase, ()))
        rows.append([f"{_e(phase)}", f'<span class="n">{float(secs):.3f} s</span>', _e(shown)])
    parts.append(_table(["phase", "time", "counts"], rows, "no phases ran"))
    parts.append(_table(list(counts.keys()), [[f'{int(v)}' for v in counts.values()]], ""))
    llm = report.get("llm") or {}
    if llm:
        usage = llm.get("usage", {})
        parts.append(
            f"<p>LLM <code>{_e(llm.get('spec'))}</code>: {_e(usage.get('total_tokens', 0))}"
            f" tokens in {_e(usage.get('calls', 0))} calls (budget {_e(llm.get('budget'))})</p>"
        )
    truncated: Mapping[str, int] = report.get("truncated") or {}

    def listed(key: str, entries: Sequence[Any]) -> tuple[list[Any], str]:
        """At most MAX_ENTRIES entries, and a line saying how many more there were."""
        more = int(truncated.get(key, 0)) + max(0, len(entries) - MAX_ENTRIES)
        note = (f'<p class="muted">… and {more} more not listed here '
                "(the counts above are exact)</p>") if more else ""
        return list(entries)[:MAX_ENTRIES], note

    warnings, more_w = listed("warnings", report.get("warnings", []))
    for w in warnings:
        parts.append(f'<p class="bad">warning: {_e(w)}</p>')
    parts.append(more_w)

    def section(title: str, kind: str, headers: Sequence[str],
                row: Callable[[Mapping[str, Any]], list[str]]) -> None:
        entries, note = listed(f"details.{kind}", details.get(kind, []))
        parts.append(f"<h2>{_e(title)}</h2>")
        parts.append(_table(headers, [row(d) for d in entries], "not listed" if note else "none"))
        parts.append(note)

    section("Proposals promoted", "promoted", ["proposal", "user", "source", "stored at", "text"],
            lambda p: [f"<code>{_e(p.get('proposal'))}</code>", _e(p.get("user")),
                       _e(p.get("source")),
                       f"<code>{_e(p.get('path'))}</code>"
                       + (" (redacted)" if p.get("redacted") else ""),
                       _quote(p.get("text"))])
    section("Proposals rejected", "rejections", ["proposal", "user", "source", "reasons", "text"],
            lambda p: [f"<code>{_e(p.get('proposal'))}</code>", _e(p.get("user")),
                       _e(p.get("source")),
                       "<br>".join(f'<span class="bad">{_e(r)}</span>'
                                   for r in p.get("reasons", [])),
                       _quote(p.get("text"))])
    section("Held for review", "review", ["proposal", "user", "reasons", "text"],
            lambda p: [f"<code>{_e(p.get('proposal'))}</code>", _e(p.get("user")),
                       "<br>".join(_e(r) for r in p.get("reasons", [])),
                       _quote(p.get("text"))])
    section("Facts added", "facts_added", ["user", "fact", "category", "cites"],
            lambda d: [_e(d.get("user")), _fact_cell(d.get("fact") or {}),
                       _e((d.get("fact") or {}).get("category")),
                       _e(", ".join(map(str, (d.get("fact") or {}).get("cites", []))))])
    section("Facts superseded", "facts_superseded",
            ["user", "before", "after (closed)", "superseded by"],
            lambda d: [_e(d.get("user")), _fact_cell(d.get("before") or {}),
                       _fact_cell(d.get("after") or {}), _fact_cell(d.get("by") or {})])
    section("Facts expired", "facts_expired", ["user", "fact", "category"],
            lambda d: [_e(d.get("user")), _fact_cell(d.get("fact") or {}),
                       _e((d.get("fact") or {}).get("category"))])
    # Never their text: a withheld turn may hold the very payload it was withheld for.
    section("Turns kept out of trusted memory (flagged by the validator)", "withheld",
            ["user", "turn", "flags"],
            lambda d: [_e(d.get("user")), f"<code>{_e(d.get('turn'))}</code>",
                       _e(", ".join(map(str, d.get("flags") or [])))])
    section("Merges", "merges", ["user", "merged into", "sources", "merged lines"],
            lambda d: [_e(d.get("user")), f"<code>{_e(d.get('path'))}</code>",
                       "<br>".join(f"<code>{_e(s)}</code>" for s in d.get("sources", [])),
                       _quote("\n".join(map(str, d.get("lines") or []))
                              + "".join(f"\n(earlier) {h}" for h in d.get("history") or []))])
    changed, more_c = listed("changed_paths", report.get("changed_paths", []))
    total = len(changed) + int(truncated.get("changed_paths", 0)) + max(
        0, len(report.get("changed_paths", [])) - len(changed))
    parts.append(f"<h2>Files changed ({total})</h2>")
    parts.append("<ul>" + "".join(f"<li><code>{_e(p)}</code></li>" for p in changed) + "</ul>")
    parts.append(more_c)
    parts.append("</main>")
    return document(f"sleepstack cycle {cid}", Safe("".join(parts)))


def render_index(entries: Sequence[Mapping[str, Any]]) -> str:
    """``reports/index.html``: every cycle, newest first, linked to its page."""
    rows = []
    ordered = sorted(entries, key=lambda x: str(x.get("at", "")), reverse=True)
    older = len(ordered) - _INDEX_ROWS
    for e in ordered[:_INDEX_ROWS]:
        cid = str(e["cycle_id"])
        c = e.get("counts", {})
        status = '<span class="bad">undone</span>' if e.get("undone") else "committed"
        rows.append([
            f'<a href="{_e(cid)}.html"><code>{_e(cid)}</code></a>', _e(e.get("at")), status,
            *(f'<span class="n">{_e(c.get(k, 0))}</span>' for k in COUNT_KEYS),
        ])
    return document("sleepstack cycles", Safe(
        "<main><h1>Sleep cycles</h1>"
        + _table(["cycle", "at", "status", *COUNT_KEYS], rows, "no cycles yet")
        + (f'<p class="muted">… and {older} older cycles (see cycles.json)</p>'
           if older > 0 else "")
        + "</main>"
    ))


def dumps(obj: Any) -> str:
    """Stable, readable JSON for report files."""
    return json.dumps(obj, ensure_ascii=False, sort_keys=True, indent=2, default=str) + "\n"


def render_state_html(st: CycleState) -> str:
    """The cycle's report page as it stands after the phases (before state and commit)."""
    summary = summary_dict(
        cycle_id=st.cycle_id, key=st.key, noop=False, dry_run=st.dry_run, counts=st.counts,
        rejections=[{"proposal": r.get("proposal", ""), "reasons": r.get("reasons", [])}
                    for r in st.details.get("rejections", [])],
        timings=st.timings, report=None,
    )
    return render_html(report_body(st, summary))
