"""``audit verify``: the chain, HEAD, stored versions and working files against the log."""

from __future__ import annotations

import builtins
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .audit import Break, entry_hash, parse_lines, sha256_hex
from .erase import REDACT_OP, redactions_of, resolve_sha
from .erase_verify import chain_breaks_after_erasure, check_record
from .names import blob_path

if TYPE_CHECKING:
    from .store import Store

__all__ = ["VerifyReport", "verify_store"]


@dataclass
class VerifyReport:
    """The outcome of :meth:`Store.audit_verify`."""

    entries: int
    files_checked: int
    breaks: list[Break] = field(default_factory=list)
    #: audit entries scrubbed by an erasure (each listed in an intact redaction record)
    redacted: int = 0
    #: redaction records (erasures) in the log
    erasures: int = 0
    #: stored versions an erasure deleted or rewrote
    versions_erased: int = 0

    @property
    def ok(self) -> bool:
        """True when nothing disagrees with the log."""
        return not self.breaks

    #: entries recovery could not apply (``{seq, path, sha, reason}``): not breaks
    quarantined: list[dict[str, Any]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "ok": self.ok,
            "entries": self.entries,
            "files_checked": self.files_checked,
            "redacted": self.redacted,
            "erasures": self.erasures,
            "versions_erased": self.versions_erased,
            "breaks": [b.to_dict() for b in self.breaks],
            "quarantined": list(self.quarantined),
        }


def verify_store(self: Store) -> VerifyReport:
    """Check the chain and that every file matches its last audited hash (under the lock)."""
    parsed = parse_lines(self._log.read_all())
    breaks = [
        Break("unparsable", f"audit line {n} is not a JSON object") for n in parsed.bad_lines
    ]
    entries = parsed.entries
    red = redactions_of(entries)  # erasures (ADR 0004): what they changed, on the record
    chain, scrubbed = chain_breaks_after_erasure(entries, red)
    breaks.extend(chain)
    head = self._read_head()
    if entries or head:
        last = entries[-1] if entries else None
        if head is None:
            breaks.append(Break("truncated", "audit/HEAD is missing"))
        elif last is None or int(head.get("seq", 0)) > int(last["seq"]):
            breaks.append(
                Break(
                    "truncated",
                    f"audit log ends at seq {last['seq'] if last else 0} but HEAD records"
                    f" seq {head.get('seq')}: entries were removed from the end",
                )
            )
        elif int(head.get("seq", 0)) == int(last["seq"]) and head.get("hash") != last["hash"]:
            breaks.append(Break("truncated", "HEAD does not match the last audit entry"))
    expected: dict[str, str | None] = {}
    quarantined: builtins.list[dict[str, Any]] = []
    for e in entries:
        if e.get("op") == REDACT_OP and e.get("hash") == entry_hash(e):
            breaks.extend(check_record(self.fs, e, expected, red.blobs))
            continue
        path = e.get("path")
        if not path:
            continue
        if e.get("op") == "quarantine":
            quarantined.append({"seq": e.get("seq"), "path": path,
                                "quarantined_seq": e.get("quarantined_seq"),
                                "sha": e.get("old_sha"), "reason": e.get("reason")})
        before = expected.get(path)
        if path in expected and e.get("old_sha") != before:
            breaks.append(
                Break(
                    "unaudited_change",
                    f"{path} was changed outside the store before seq {e.get('seq')}",
                    e.get("seq"),
                    path,
                )
            )
        expected[path] = e.get("new_sha")
        for key in ("new_sha", "chunk_sha"):
            sha = e.get(key)
            if sha and key == ("chunk_sha" if e.get("op") == "append" else "new_sha"):
                if sha in red.blobs:
                    sha = resolve_sha(red, sha)
                    if sha is None:
                        continue  # erased by a recorded erasure
                try:
                    blob = self.fs.read_bytes(blob_path(sha))
                except FileNotFoundError:
                    breaks.append(
                        Break("version_missing", f"stored version {sha[:12]} of {path} is"
                              " missing", e.get("seq"), path)
                    )
                    continue
                if sha256_hex(blob) != sha:
                    breaks.append(
                        Break("version_corrupt", f"stored version {sha[:12]} of {path} was"
                              " altered", e.get("seq"), path)
                    )
    files = set(self.list(""))
    for path, sha in sorted(expected.items()):
        current = self._current_sha(path)
        if current != sha:
            state = "is missing" if current is None else "differs from its last audited hash"
            if sha is None:
                state = "exists although its last audited operation deleted it"
            breaks.append(Break("file_mismatch", f"{path} {state}", None, path))
    for path in sorted(files - expected.keys()):
        breaks.append(Break("unaudited_file", f"{path} is not in the audit log", None, path))
    return VerifyReport(entries=len(entries), files_checked=len(files), breaks=breaks,
                        quarantined=quarantined, redacted=scrubbed, erasures=red.records,
                        versions_erased=len(red.blobs))
