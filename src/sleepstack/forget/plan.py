"""Plan an erasure: apply the content rules to every file, version and audit entry.

The plan is computed under the store lock (nothing can change between it and
the commit point) and lists every place that changes, counted per area — the
``--dry-run`` output is exactly this list.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..errors import NotFoundError
from ..store import Store
from ..store.erase import ErasurePlan, redactions_of, resolve_sha
from .select import Catalog, Selection, select
from .target import ForgetTarget
from .transform import forms_of, scrub_entry, transform

__all__ = ["Planned", "plan_erasure"]


@dataclass
class Planned:
    """A plan plus the human-facing list of places it changes."""

    plan: ErasurePlan
    selection: Selection
    places: list[dict[str, Any]] = field(default_factory=list)
    bytes_rewritten: int = 0

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
            out.count(area, "removed")
            out.places.append({"area": area, "path": path, "action": "remove"})
        else:
            out.plan.files[path] = new.encode()
            out.bytes_rewritten += len(out.plan.files[path] or b"")
            out.count(area, "rewritten")
            out.places.append({"area": area, "path": path, "action": "rewrite"})
    # 2. every stored version (a blob may back several paths: all must agree to change it)
    red = redactions_of(cat.entries)
    verdicts: dict[str, list[tuple[str, str | None, str]]] = {}
    for path, shas in sorted(cat.versions.items()):
        for sha in dict.fromkeys(shas):
            now = resolve_sha(red, sha)
            if now is None or (now in verdicts and any(p == path for p, _, _ in verdicts[now])):
                continue
            try:
                text = store.blob_text(now)
            except NotFoundError:
                continue
            verdicts.setdefault(now, []).append(
                (path, transform(path, text, sel, forget_id, forms), text))
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
        out.places.append({"area": "versions", "path": results[0][0], "sha": sha[:12],
                           "action": "erase" if new_text is None else "rewrite"})
    # 3. audit entries whose text fields hold a literal (reasons typed by people)
    for e in cat.entries:
        scrubbed = scrub_entry(e, forms)
        if scrubbed is not None:
            out.plan.entries[int(e["seq"])] = scrubbed
            out.count("audit", "scrubbed")
            out.places.append({"area": "audit", "seq": e["seq"], "action": "scrub"})
    # 4. derived areas: deleted whole and rebuilt (a content-keyed cache cannot be patched
    #    provably, and a rebuilt SQLite file has no free pages holding old rows)
    for area in out.plan.derived:
        out.places.append({"area": area, "action": "purge and rebuild"
                           if area == "index" else "purge"})
    return out
