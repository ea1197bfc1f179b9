"""Plan an erasure: apply the content rules to every file, version and audit entry.

The plan is computed under the store lock (nothing can change between it and
the commit point) and lists every place that changes, counted per area — the
``--dry-run`` output is exactly this list.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..errors import NotFoundError
from ..sleep.state import STATE_PATH
from ..store import Store, blob_path
from ..store.erase import ErasurePlan, redactions_of, resolve_sha
from .select import Catalog, Selection, select
from .target import ForgetTarget
from .transform import forms_of, redact_text, scrub_entry, transform

__all__ = ["Planned", "plan_erasure"]


@dataclass
class Planned:
    """A plan plus the human-facing list of places it changes."""

    plan: ErasurePlan
    selection: Selection
    places: list[dict[str, Any]] = field(default_factory=list)
    bytes_rewritten: int = 0
    bytes_removed: int = 0

    def count(self, area: str, action: str) -> None:
        """Count one change in *area*."""
        key = f"{area}.{action}"
        self.plan.counts[key] = self.plan.counts.get(key, 0) + 1


def plan_erasure(store: Store, target: ForgetTarget, forget_id: str) -> Planned:
    """What erasing *target* changes in this store (nothing is written)."""
    cat = Catalog(store)
    sel = select(store, target, cat)
    forms = forms_of(sel)
    out = Planned(ErasurePlan(forget_id=forget_id, target=target.describe()), sel)
    # 1. the working tree
    for path in store.list(""):
        data = store.read_bytes(path)
        text = data.decode("utf-8", errors="replace")
        new = transform(path, text, sel, forget_id, forms)
        if new == text:
            continue
        area = path.split("/", 1)[0]
        if new is None:
            out.plan.files[path] = None
            out.bytes_removed += len(data)
            out.count(area, "removed")
            out.places.append({"area": area, "path": path, "action": "remove"})
        else:
            out.plan.files[path] = new.encode()
            out.bytes_rewritten += len(out.plan.files[path] or b"")
            out.count(area, "rewritten")
            out.places.append({"area": area, "path": path, "action": "rewrite"})
    remap = _watermark_mapper(store, out)
    _move_watermarks(store, out, remap)
    # Re-render only where rows go (erased facts, an erased user): a literal alone is
    # replaced in place, the same way in the working file and in its versions.
    if sel.facts:
        _rerender_long_term(store, out, forms)
    if sel.drop_user:
        _rerender_reports(store, out, forms)
    # 2. every stored version (a blob may back several paths: all must agree to change it)
    red = redactions_of(cat.entries)
    verdicts: dict[str, list[tuple[str, str | None, str]]] = {}
    for path, shas in sorted(cat.versions.items()):
        for sha in dict.fromkeys(shas):
            # The blob itself when it is there (content said again after an erasure
            # re-creates it under its old name) and what an earlier erasure left in
            # its place: both may hold this target.
            here = [sha] if store.fs.exists(blob_path(sha)) else []
            for now in dict.fromkeys([*here, resolve_sha(red, sha)]):
                if now is None or any(p == path for p, _, _ in verdicts.get(now, [])):
                    continue
                try:
                    text = store.fs.read_bytes(blob_path(now)).decode("utf-8")
                except (FileNotFoundError, UnicodeDecodeError):
                    continue
                new = transform(path, text, sel, forget_id, forms)
                if new is not None and remap is not None and path == STATE_PATH:
                    new = remap(new)
                if (new is not None and sel.drop_user and path.startswith("reports/c-")
                        and path.endswith(".html") and out.plan.files.get(path) is not None):
                    # A report page is derived from its JSON: its stored versions take
                    # the re-rendered page, so no quote of the erased user's rows
                    # (a finding's excerpt is a fragment no literal matches) survives.
                    new = (out.plan.files[path] or b"").decode("utf-8")
                if new is not None and path.endswith("/LONG_TERM.md") and sel.facts:
                    new = _long_term_version(store, cat, path, sha, text, sel, forget_id,
                                             forms) or new
                verdicts.setdefault(now, []).append((path, new, text))
    for sha, results in sorted(verdicts.items()):
        original = results[0][2]
        if any(new == original for _p, new, _t in results):
            continue  # another path keeps this exact version: it is not the target's
        changed = [new for _p, new, _t in results if new is not None]
        new_text = changed[0] if changed else None
        out.plan.blobs[sha] = None if new_text is None else new_text.encode()
        action = "erased" if new_text is None else "rewritten"
        out.count("versions", action)
        if new_text is not None:
            out.bytes_rewritten += len(new_text.encode())
        else:
            out.bytes_removed += len(original.encode())
        out.places.append({"area": "versions", "path": results[0][0], "sha": sha[:12],
                           "action": "erase" if new_text is None else "rewrite"})
    # 3. audit entries whose text fields hold a literal (reasons typed by people)
    for e in cat.entries:
        scrubbed = scrub_entry(e, forms)
        if scrubbed is not None:
            seq = int(e["seq"])
            out.plan.entries[seq] = scrubbed
            if seq in red.entries:  # scrubbed before: that body may hold this target
                out.plan.blobs[red.entries[seq][1]] = None
            out.count("audit", "scrubbed")
            out.places.append({"area": "audit", "seq": e["seq"], "action": "scrub"})
    # 4. derived areas: deleted whole and rebuilt (a content-keyed cache cannot be patched
    #    provably, and a rebuilt SQLite file has no free pages holding old rows)
    for area in out.plan.derived:
        out.places.append({"area": area, "action": "purge and rebuild"
                           if area == "index" else "purge"})
    return out


def _rerender_reports(store: Store, out: Planned, forms: list[str]) -> None:
    """A cycle report's HTML page re-rendered from its erased JSON (rows of an erased user go)."""
    from ..sleep.report import render_html

    for path, data in list(out.plan.files.items()):
        if not (path.startswith("reports/c-") and path.endswith(".json")) or data is None:
            continue
        page = path[: -len(".json")] + ".html"
        if not store.exists(page):
            continue
        try:
            html = redact_text(render_html(json.loads(data)), forms).encode()
        except (ValueError, TypeError, KeyError):
            continue  # an unexpected shape: the literal rules already ran on the page
        if page not in out.plan.files:
            out.count("reports", "rewritten")
            out.places.append({"area": "reports", "path": page, "action": "rewrite"})
        out.plan.files[page] = html


def _long_term(facts_text: str) -> str | None:
    from ..layers.facts import load_facts
    from ..sleep.summarise import render_long_term

    try:
        return render_long_term(load_facts(facts_text))
    except (ValueError, TypeError, KeyError):
        return None


def _rerendered(lt_text: str, old_facts: str, new_facts: str, forms: list[str]) -> str | None:
    """``LONG_TERM.md`` rendered from the erased facts, when it was rendered from *old_facts*."""
    if _long_term(old_facts) != lt_text:
        return None  # hand-edited or from another code version: the line rules stay
    new = _long_term(new_facts)
    return None if new is None else redact_text(new, forms)


def _rerender_long_term(store: Store, out: Planned, forms: list[str]) -> None:
    """A user's ``LONG_TERM.md`` re-rendered from the erased ``facts.jsonl``."""
    for path, data in list(out.plan.files.items()):
        if not path.endswith("/facts.jsonl") or data is None:
            continue
        page = path[: -len("facts.jsonl")] + "LONG_TERM.md"
        if not store.exists(page):
            continue
        new = _rerendered(store.read_text(page), store.read_text(path), data.decode(), forms)
        if new is None:
            continue
        if page not in out.plan.files:
            out.count("user", "rewritten")
            out.places.append({"area": "user", "path": page, "action": "rewrite"})
        out.plan.files[page] = new.encode()


def _long_term_version(store: Store, cat: Catalog, path: str, sha: str, text: str,
                       sel: Selection, forget_id: str, forms: list[str]) -> str | None:
    """A stored ``LONG_TERM.md`` re-rendered from the facts written in the same mutation."""
    facts = path[: -len("LONG_TERM.md")] + "facts.jsonl"
    tx = next((e.get("tx") for e in cat.entries
               if e.get("path") == path and e.get("new_sha") == sha), None)
    facts_sha = next((e.get("new_sha") for e in cat.entries
                      if e.get("tx") == tx and e.get("path") == facts), None)
    if tx is None or not facts_sha:
        return None
    try:
        old_facts = store.blob_text(str(facts_sha))
    except NotFoundError:
        return None
    new_facts = transform(facts, old_facts, sel, forget_id, forms)
    return None if new_facts is None else _rerendered(text, old_facts, new_facts, forms)


def _watermark_mapper(store: Store, out: Planned) -> Callable[[str], str] | None:
    """A function moving the sleep cycle's raw-log watermarks (byte offsets) in a state file.

    A tombstone or a redaction changes a line's length, never the number of
    lines, and a raw log only ever grows, so an offset after *k* whole lines of
    the current log (in any version of the state) moves to after *k* lines of the
    erased log; a removed log loses its watermark.
    """
    logs = {p: d for p, d in out.plan.files.items() if p.startswith("memory/log/")}
    if not logs:
        return None
    old_logs = {p: store.read_bytes(p) for p in logs}

    def remap(text: str) -> str:
        try:
            state = json.loads(text)
            marks: dict[str, int] = state["watermarks"]
        except (ValueError, KeyError, TypeError):
            return text
        if not any(p in marks for p in logs):
            return text
        for path, data in logs.items():
            if path not in marks:
                continue
            if data is None:
                del marks[path]
                continue
            whole = old_logs[path][: int(marks[path])].count(b"\n")
            marks[path] = len(b"".join(data.splitlines(keepends=True)[:whole]))
        # The cycle's own format for this file (sleep/cycle.py: sorted keys, indent 1).
        return json.dumps(state, sort_keys=True, indent=1) + "\n"

    return remap


def _move_watermarks(store: Store, out: Planned,
                     remap: Callable[[str], str] | None) -> None:
    """The working state file with its watermarks moved."""
    if remap is None or not store.exists(STATE_PATH):
        return
    base = out.plan.files.get(STATE_PATH, store.read_bytes(STATE_PATH))
    if base is None:
        return
    new = remap(base.decode()).encode()
    if new == store.read_bytes(STATE_PATH):
        return
    if STATE_PATH not in out.plan.files:
        out.count("reports", "rewritten")
        out.places.append({"area": "reports", "path": STATE_PATH, "action": "rewrite"})
    out.plan.files[STATE_PATH] = new
