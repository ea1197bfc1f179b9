"""Phase 2, validate (and promote): every staged proposal goes through the validator.

* ``accept``: the text (the validator's redacted text when it redacted a
  secret) becomes a note in ``user/<user>/`` — quoted data under a provenance
  header, never instructions;
* ``reject``: the proposal is archived under ``staging/archive/<id>.json``
  with the reasons;
* ``review``: the proposal moves to ``staging/review/<id>.json`` and waits
  there, across cycles, for ``sleepstack review accept|reject``.

Every outcome removes the proposal from its inbox with a versioned delete and
leaves a verdict record, so a proposal is decided exactly once.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from typing import Any

from ...plan import CycleState, Item, Result
from ...store.paths import check_user_id, check_write_path, collision
from ...validate import Validator, ValidatorConfig
from .notes import render_note
from .snapshot import NOTES_DIR

__all__ = [
    "ARCHIVE_DIR",
    "RESERVED_NAMES",
    "REVIEW_DIR",
    "archive_path",
    "merge",
    "note_path_for",
    "review_path",
    "split",
    "validate_text",
    "verdict_record",
    "work",
]

ARCHIVE_DIR = "staging/archive"
REVIEW_DIR = "staging/review"
#: files in ``user/<u>/`` that only the cycle itself writes
RESERVED_NAMES = frozenset({"facts.jsonl", "SHORT_TERM.md", "LONG_TERM.md"})
_ID_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$")


@lru_cache(maxsize=1)
def _validator() -> Validator:
    # Imported, not looked up: a security gate never has a weaker fallback, so
    # a missing validator is an ImportError that stops the cycle.
    return Validator(ValidatorConfig())


def validate_text(text: str, *, user: str, path: str | None, source: str | None
                  ) -> dict[str, Any]:
    """The validator's verdict as ``{decision, reasons, redacted, verdict}``."""
    verdict = _validator().validate(text, user=user, path=path, source=source)
    return {
        "decision": str(verdict.decision),
        "reasons": [str(r) for r in verdict.reasons],
        "redacted": verdict.redacted,
        # Timing is not content: a resumed cycle must write the same verdict bytes.
        "verdict": {k: x for k, x in verdict.to_dict().items() if k != "elapsed_ms"},
    }


def archive_path(proposal_id: str) -> str:
    """Where a decided proposal's verdict is kept."""
    return f"{ARCHIVE_DIR}/{proposal_id}.json"


def review_path(proposal_id: str) -> str:
    """Where a proposal waiting for a person is kept."""
    return f"{REVIEW_DIR}/{proposal_id}.json"


def verdict_record(proposal: dict[str, Any] | None, raw: str, *, decision: str,
                   reasons: list[str], verdict: dict[str, Any], by: str, at: str,
                   inbox: str, note: str | None = None) -> str:
    """The JSON kept in ``staging/archive`` or ``staging/review``."""
    body = {
        "proposal": proposal if proposal is not None else {"raw": raw[:4096]},
        "decision": decision,
        "reasons": reasons,
        "verdict": verdict,
        "decided_by": by,
        "at": at,
        "inbox": inbox,
        "note": note,
    }
    return json.dumps(body, ensure_ascii=False, sort_keys=True, indent=2, default=str) + "\n"


def note_path_for(proposal: dict[str, Any], taken: set[str]) -> str:
    """The requested path when it is a free note path of the proposal's own user, else default.

    A proposal may ask for a path, but never for a file the cycle owns, a
    path outside its user's area, a file that already exists, or a path that
    would put a file where a directory is or the reverse (*taken* is every
    file that exists or will). The default gets a numbered variant when even
    it collides (another proposal asked for ``<its id>.md/…``).
    """
    user = str(proposal["user"])
    default = f"user/{user}/{NOTES_DIR}/{proposal['id']}.md"
    n = 1
    while default in taken or collision(default, taken) is not None:
        n += 1
        default = f"user/{user}/{NOTES_DIR}/{proposal['id']}-{n}.md"
    want = proposal.get("path")
    if isinstance(want, str) and want:
        try:
            norm = check_write_path(want)
        except Exception:
            return default
        parts = norm.split("/")
        if (
            # Only below the user's notes/: a proposal must not be able to make
            # a directory of a name the cycle writes (user/<u>/LONG_TERM.md/notes/…).
            norm.startswith(f"user/{user}/{NOTES_DIR}/")
            and norm.endswith(".md")
            and parts[-1] not in RESERVED_NAMES
            and norm not in taken
            and collision(norm, taken) is None
        ):
            return norm
    return default


def _check(record: Any, path: str) -> str | None:
    """Why a proposal file is malformed, or None."""
    if not isinstance(record, dict):
        return "malformed proposal: not a JSON object"
    for name in ("id", "user", "text"):
        if not isinstance(record.get(name), str) or not record[name]:
            return f"malformed proposal: missing {name!r}"
    if not _ID_RE.match(record["id"]) or not path.endswith(f"/{record['id']}.json"):
        return "malformed proposal: id does not match its file name"
    try:
        check_user_id(record["user"])
    except Exception:
        return "malformed proposal: invalid user id"
    return None


def split(state: CycleState) -> list[Item]:
    """One item per staged proposal."""
    return [
        {"path": p["path"], "record": p["record"], "raw": p["raw"]}
        for p in state.inputs.get("proposals", [])
    ]


def work(item: Item, settings: dict[str, Any]) -> Result:
    """The verdict on one proposal."""
    record = item["record"]
    problem = _check(record, item["path"])
    if problem is not None:
        return {"path": item["path"], "decision": "reject", "reasons": [problem],
                "redacted": None, "verdict": {}}
    verdict = validate_text(
        record["text"],
        user=record["user"],
        path=record.get("path") if isinstance(record.get("path"), str) else None,
        source=record.get("source") if isinstance(record.get("source"), str) else None,
    )
    return {"path": item["path"], **verdict}


def merge(state: CycleState, results: list[Result]) -> None:
    """Stage notes, archive and review records, and the inbox deletes."""
    by_path = {p["path"]: p for p in state.inputs.get("proposals", [])}
    # Every file that exists or the cycle will write: a snapshot path recorded
    # as absent is not in the way of anything.
    taken = {p for p, sha in state.base.items() if sha is not None}
    for p, content in state.changes.items():
        (taken.add if content is not None else taken.discard)(p)
    new_notes: dict[str, list[dict[str, Any]]] = state.inputs.setdefault("new_notes", {})
    who = f"cycle {state.cycle_id}"
    for res in sorted(results, key=lambda r: str(r["path"])):
        inbox = str(res["path"])
        prop = by_path[inbox]
        record = prop["record"] if isinstance(prop["record"], dict) else None
        pid = record["id"] if record and isinstance(record.get("id"), str) and \
            _check(record, inbox) is None else inbox.rsplit("/", 1)[-1].removesuffix(".json")
        decision = str(res["decision"])
        reasons = [str(r) for r in res.get("reasons", [])]
        state.put(inbox, None)
        if decision == "accept" and record is not None:
            text = res.get("redacted") or record["text"]
            note = note_path_for(record, taken)
            taken.add(note)
            md = render_note(record, text, promoted_by=who, decision=decision, reasons=reasons,
                             redacted=res.get("redacted") is not None)
            state.put(note, md)
            state.put(archive_path(pid), verdict_record(
                record, prop["raw"], decision=decision, reasons=reasons,
                verdict=res.get("verdict", {}), by=who, at=state.now, inbox=inbox, note=note))
            new_notes.setdefault(record["user"], []).append(
                {"path": note, "text": md, "sha": None, "at": record.get("at"),
                 "session": record.get("session")})
            state.add("promoted")
            state.detail("promoted", {"proposal": pid, "user": record["user"], "path": note,
                                      "source": record.get("source"), "text": text,
                                      "redacted": res.get("redacted") is not None,
                                      "reasons": reasons})
        elif decision == "review" and record is not None:
            state.put(review_path(pid), verdict_record(
                record, prop["raw"], decision=decision, reasons=reasons,
                verdict=res.get("verdict", {}), by=who, at=state.now, inbox=inbox))
            state.detail("review", {"proposal": pid, "user": record["user"], "reasons": reasons,
                                    "text": record["text"]})
        else:
            state.put(archive_path(pid), verdict_record(
                record, prop["raw"], decision="reject", reasons=reasons,
                verdict=res.get("verdict", {}), by=who, at=state.now, inbox=inbox))
            state.add("rejected")
            state.detail("rejections", {"proposal": pid, "reasons": reasons,
                                        "user": record.get("user") if record else None,
                                        "source": record.get("source") if record else None,
                                        "text": _shown(record, res, reasons)})


def _shown(record: dict[str, Any] | None, res: Result, reasons: list[str]) -> str | None:
    """What a report may show of a rejected text: never a secret it was rejected for."""
    if res.get("redacted"):
        return str(res["redacted"])
    if record is None or any("secret" in r.lower() for r in reasons):
        return None
    return str(record.get("text", ""))[:2000]
