"""What ``audit verify`` accepts after an erasure, and only that (ADR 0004).

An entry whose hash no longer matches its body passes only when a later, intact
redaction record lists exactly that body under exactly that original hash; a
redaction record moves the files it names to their recorded state, from the
state the log says they were in; the redacted versions it names must exist.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .audit import Break, canonical, chain_breaks, entry_hash, sha256_hex
from .erase import Redactions
from .fs import StoreFS

__all__ = ["chain_breaks_after_erasure", "check_record"]


def chain_breaks_after_erasure(entries: list[dict[str, Any]], red: Redactions
                               ) -> tuple[list[Break], int]:
    """The chain's breaks, scrubbed entries judged by their records; and how many passed."""
    breaks = [b for b in chain_breaks(entries)
              if not (b.kind == "edited" and b.seq and b.seq in red.entries)]
    scrubbed = 0
    for e in entries:
        listed = red.entries.get(int(e.get("seq", 0)))
        if listed is None or e.get("hash") == entry_hash(e):
            continue
        if e.get("hash") == listed[0] and sha256_hex(canonical(e)) == listed[1]:
            scrubbed += 1
        else:
            breaks.append(Break("edited", f"entry seq {e.get('seq')} was edited (its hash"
                                " does not match its redaction record)", e.get("seq")))
    return breaks, scrubbed


def check_record(fs: StoreFS, e: Mapping[str, Any], expected: dict[str, str | None],
                 erased: Mapping[str, str | None]) -> Iterable[Break]:
    """Apply a redaction record to the expected tree; the breaks it reveals."""
    from .audit import blob_path

    for path, (old, new) in (e.get("files") or {}).items():
        if expected.get(path) != old:  # an absent path is expected absent (None)
            yield Break("unaudited_change", f"{path} was changed outside the store before"
                        f" seq {e.get('seq')}", e.get("seq"), path)
        expected[path] = new
    for new in [*(p[1] for p in (e.get("files") or {}).values()),
                *(e.get("blobs") or {}).values()]:
        if new is not None and new not in erased and not fs.exists(blob_path(new)):
            yield Break("version_missing", f"redacted version {new[:12]} of erasure"
                        f" {e.get('forget')} is missing", e.get("seq"))
