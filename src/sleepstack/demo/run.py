"""``sleepstack demo``: a bundled week of conversation, run wake → sleep → wake.

The scenario (``scenario.json``, package data) has three users, reference
documents on three topics, a preference that changes, a move, a
duplicate-heavy stretch, a pasted web page carrying a prompt injection and a
secret pasted by mistake. Dates are offsets from today, so the short-term
window always has something in it.

An earlier cycle has already consolidated the first days ("before"); then the
week arrives, recall runs (wake), one sleep cycle runs, and recall runs again.
The demo prints what recall returned before and after, the facts superseded,
the proposals rejected and why, the size of trusted memory before and after,
and where the HTML report is. Everything runs offline on the embedded
default embedder.
"""

from __future__ import annotations

import json
import tempfile
import time
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from importlib import resources
from pathlib import Path
from typing import Any, TextIO

from ..api import Memory
from ..errors import UsageError
from ..store import Store

__all__ = ["load_scenario", "run_demo", "trusted_size"]

_WIDTH = 100


def load_scenario() -> dict[str, Any]:
    """The bundled scenario."""
    text = resources.files(__package__).joinpath("scenario.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def trusted_size(store: Store) -> tuple[int, int]:
    """``(files, bytes)`` of trusted memory (``user/``)."""
    files = store.list("user")
    return len(files), sum(store.fs.size(p) for p in files)


def _table(rows: Sequence[Sequence[Any]], *, widths: Sequence[int] | None = None) -> str:
    """Plain-text table with aligned columns (cells cut with … where too long)."""
    cells = [[" ".join(str(c).split()) for c in r] for r in rows]
    natural = [max(len(r[i]) for r in cells) for i in range(len(cells[0]))]
    cols = [min(n, w) for n, w in zip(natural, widths, strict=True)] if widths else natural

    def fit(v: str, w: int) -> str:
        return (v[: w - 1] + "…") if len(v) > w else v.ljust(w)

    lines = ["  ".join(fit(v, w) for v, w in zip(r, cols, strict=True)).rstrip() for r in cells]
    lines.insert(1, "  ".join("-" * w for w in cols))
    return "\n".join(lines)


def _at(today: datetime, day: int, hhmm: str) -> str:
    h, m = (int(x) for x in hhmm.split(":"))
    when = today + timedelta(days=int(day), hours=h, minutes=m)
    return when.strftime("%Y-%m-%dT%H:%M:%SZ")


def _prepare_home(home: str | None) -> tuple[str, bool]:
    if home is None:
        return tempfile.mkdtemp(prefix="sleepstack-demo-"), True
    path = Path(home).expanduser()
    used = path.exists() and any(p for p in path.iterdir() if not p.name.startswith("."))
    # An empty store made by `sleepstack init` is fine; anything with data is not.
    if used and (not (path / "sleepstack.toml").is_file()
                 or any((path / "memory").rglob("*.md"))):
        raise UsageError(f"the demo needs a new or empty directory; {path} is not empty",
                         home=str(path))
    return str(path), False


def _top(mem: Memory, user: str, query: str, k: int = 2) -> list[tuple[str, str]]:
    """The top *k* recall items as ``(layer, text)``."""
    ctx = mem.recall(query, user)
    return [(str(it.layer), str(it.text)) for it in ctx.items[:k]]


def _recall_text(mem: Memory, user: str, query: str) -> str:
    return json.dumps(mem.recall(query, user).to_dict(), ensure_ascii=False)


def run_demo(home: str | None, *, out: TextIO) -> dict[str, Any]:
    """Run the demo in *home* (a temp dir when None); print the tables to *out*."""
    t0 = time.perf_counter()
    where, temporary = _prepare_home(home)

    def say(text: str = "") -> None:
        print(text, file=out, flush=True)

    say(f"sleepstack demo: memory at {where}" + (" (a temporary directory)" if temporary else ""))
    mem = Memory.init(where, actor="demo")
    sc = load_scenario()
    today = datetime.now(UTC).replace(hour=0, minute=0, second=0, microsecond=0)

    for slug, docs in sc["topics"].items():
        for name, content in docs.items():
            mem.store.put_document(f"memory/topics/{slug}/{name}", content, actor="demo",
                                   reason="demo reference document")

    def arrive(phase: str) -> None:
        turns = [{"user": t["user"], "session": t["session"], "role": t["role"],
                  "text": t["text"], "at": _at(today, t["day"], t["time"])}
                 for t in sc["turns"] if t["phase"] == phase]
        mem.import_turns(turns)
        for p in sc["proposals"]:
            if p["phase"] == phase:
                mem.propose(p["text"], p["user"], p["session"], source=p.get("source"))

    say("1. the first days arrive and an earlier sleep cycle consolidates them")
    arrive("before")
    first = mem.sleep()
    say(f"   cycle {first.cycle_id}: {first.counts['facts_added']} facts, "
        f"{first.counts['promoted']} memories promoted")

    say("2. the rest of the week arrives: turns, duplicates, proposals (one injected, "
        "one with a secret)")
    arrive("week")
    size_before = trusted_size(mem.store)
    queries = sc["queries"]
    say("3. wake: recall before the cycle")
    before = [_top(mem, q["user"], q["query"]) for q in queries]

    say("4. sleep: one cycle")
    summary = mem.sleep()
    size_after = trusted_size(mem.store)
    say("5. wake: recall after the cycle")
    after = [_top(mem, q["user"], q["query"]) for q in queries]

    say()
    say("What recall returned (top two items), before and after the cycle")
    rows: list[list[Any]] = [["user", "query", "when", "layer", "item"]]
    for q, b, a in zip(queries, before, after, strict=True):
        for when, items in (("before", b), ("after", a)):
            for i, (layer, text) in enumerate(items or [("", "(nothing)")]):
                lead = when == "before" and i == 0
                rows.append([q["user"] if lead else "", q["query"] if lead else "",
                             when if i == 0 else "", layer, text])
    say(_table(rows, widths=[5, 24, 6, 5, 54]))
    leaked = [m for m in sc.get("must_not_recall", [])
              if any(m in _recall_text(mem, q["user"], q["query"]) for q in queries)]
    say("injected or secret text in any recall after the cycle: "
        + (", ".join(leaked) if leaked else "none"))
    say()
    say("Facts superseded (the old value keeps its validity window)")
    rows = [["user", "slot", "before", "after", "old value valid"]]
    for d in summary.details.get("facts_superseded", []):
        old, new = d["after"], d["by"]
        rows.append([d["user"], f"{old['subject']}.{old['attribute']}", old["value"],
                     new["value"], f"{old['valid_from'][:10]} → {(old['valid_to'] or '')[:10]}"])
    say(_table(rows, widths=[6, 22, 20, 20, 24]) if len(rows) > 1 else "(none)")

    say()
    say("Proposals rejected, and why (archived under staging/archive/)")
    rows = [["proposal", "user", "source", "reason"]]
    for r in summary.details.get("rejections", []):
        for i, reason in enumerate(r["reasons"] or ["(no reason given)"]):
            rows.append([r["proposal"] if i == 0 else "", r.get("user") if i == 0 else "",
                         (r.get("source") or "") if i == 0 else "", reason])
    say(_table(rows, widths=[22, 6, 24, 44]) if len(rows) > 1 else "(none)")

    say()
    say("Trusted memory (user/) before and after the cycle")
    c = summary.counts
    say(_table([
        ["", "files", "bytes"],
        ["before", size_before[0], size_before[1]],
        ["after", size_after[0], size_after[1]],
    ]))
    say(f"cycle {summary.cycle_id}: {c['proposals']} proposals ({c['promoted']} promoted, "
        f"{c['rejected']} rejected), {c['turns_read']} turns read, {c['facts_added']} facts "
        f"added, {c['facts_superseded']} superseded, {c['clusters']} clusters, "
        f"{c['merged']} notes merged")
    say()
    say(f"HTML report: {summary.report}")
    say(f"all cycles:  {Path(str(summary.report)).parent / 'index.html'}")
    elapsed = round(time.perf_counter() - t0, 2)
    say(f"(demo finished in {elapsed} s)")
    return {
        "home": where,
        "first_cycle": first.to_dict(),
        "cycle": summary.to_dict(),
        "recall": [
            {"user": q["user"], "query": q["query"], "before": b, "after": a}
            for q, b, a in zip(queries, before, after, strict=True)
        ],
        "leaked": leaked,
        "memory_before": {"files": size_before[0], "bytes": size_before[1]},
        "memory_after": {"files": size_after[0], "bytes": size_after[1]},
        "seconds": elapsed,
    }
