"""``promote``: a person curates a fact by hand, through the same gate as everything else.

One step for someone at the keyboard, and still the whole path a proposal
takes, never a shortcut around it:

1. **quarantine**: the text is written to a session inbox as an ordinary
   proposal (audited, like ``propose``);
2. **gate**: the validator the sleep cycle uses decides on it now (no weaker
   fallback: a missing validator is an error, not an accept);
3. **trusted**: on ``accept`` the (redacted) text is logged as a raw turn of
   the user, so the fact cites the raw log like every fact, and the fact is
   added to ``facts.jsonl`` — superseding the current fact of the same
   ``(subject, attribute)`` slot, history kept — while the proposal is
   archived with the verdict, all in one audited batch.

A proposal the validator rejects is archived, one it holds for review moves
to ``staging/review/`` (``sleepstack review accept`` can still promote it as
a note); in both cases nothing becomes trusted and :class:`ValidationRejected`
says why.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from ..errors import NotFoundError, UsageError, ValidationRejected
from ..layers.facts import Fact, dump_facts, facts_path, load_facts
from ..layers.rawlog import Turn, iso
from ..layers.timerange import TimeRange
from ..layers.trust import redact_secrets
from ..sleep.extract import extract_facts
from ..sleep.phases.validate import archive_path, review_path, validate_text, verdict_record
from ..store import ABSENT, Change, Store
from ..store.audit import sha256_hex
from ..store.paths import check_user_id
from ..wake.log import turn_changes
from ..wake.propose import inbox_path, propose

__all__ = ["Promoted", "promote"]

SESSION = "promote"
CATEGORIES = ("preference", "personal", "work", "project", "plan", "event", "relationship",
              "health", "contact", "conversation", "other")


@dataclass(frozen=True)
class Promoted:
    """The outcome of one promotion."""

    proposal: str
    decision: str
    fact: Fact | None
    superseded: str | None
    reasons: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"proposal": self.proposal, "decision": self.decision,
                "fact": self.fact.to_dict() if self.fact else None,
                "superseded": self.superseded, "reasons": list(self.reasons)}


def _as_claim(turn: Turn) -> Fact | None:
    """The one fact the offline extractor reads in *turn*, if it reads exactly one.

    "I prefer window seats" becomes "The user prefers window seats" with its slot:
    facts are trusted in slot form only (:mod:`sleepstack.layers.factform`), so a
    curated statement the extractor can read renders as a fact, and one it cannot
    (or that says several things) is kept verbatim and shown as a quoted claim.
    """
    found = extract_facts([turn])
    return found[0] if len(found) == 1 else None


def _read(store: Store, path: str) -> bytes | None:
    try:
        return store.read_bytes(path)
    except NotFoundError:
        return None


def promote(store: Store, text: str, *, user: str, actor: str, category: str = "other",
            attribute: str | None = None, subject: str = "user",
            time_range: TimeRange | None = None, secrets: str = "redact",
            now: datetime | None = None) -> Promoted:
    """Quarantine *text*, gate it, and make it a trusted fact of *user* when accepted.

    Raises :class:`ValidationRejected` (after archiving the proposal) when the
    gate does not accept it.
    """
    check_user_id(user)
    if category not in CATEGORIES:
        raise UsageError(f"unknown category {category!r}; one of {', '.join(CATEGORIES)}",
                         category=category)
    if not isinstance(text, str) or not text.strip():
        raise UsageError("promote needs non-empty text")
    pid = propose(store, text, user=user, session=SESSION, source="cli:promote", actor=actor)
    inbox = inbox_path(SESSION, pid)
    raw = store.read_bytes(inbox)
    record = json.loads(raw)
    verdict = validate_text(text, user=user, path=None, source="cli:promote")
    decision = str(verdict["decision"])
    reasons = [str(r) for r in verdict["reasons"]]
    at = iso((now or datetime.now(UTC)).astimezone(UTC))
    if decision != "accept":
        dest = review_path(pid) if decision == "review" else archive_path(pid)
        store.apply([
            Change("write", dest, verdict_record(
                record, raw.decode("utf-8", "replace"), decision=decision, reasons=reasons,
                verdict=verdict["verdict"], by=actor, at=at, inbox=inbox)),
            Change("delete", inbox, None, sha256_hex(raw)),
        ], actor=actor, reason=f"promote {pid}: {decision} by the validator")
        raise ValidationRejected(
            f"not promoted: the validator would {decision} it: {'; '.join(reasons)}",
            proposal=pid, decision=decision, reasons=reasons)
    clean = str(verdict["redacted"] or text)
    if secrets == "redact":  # the same ingest redaction the raw log applies, for the fact too
        clean = redact_secrets(clean)
    turn_id = f"t-{pid}"
    stamp = datetime.fromisoformat(at.replace("Z", "+00:00"))
    turn = Turn(turn_id, user, SESSION, "user", clean, stamp)
    logged, guard = turn_changes(store, [turn], time_range=time_range, secrets=secrets)
    value, body = clean, clean
    read = _as_claim(turn)
    if read is not None:  # one statement: stored in slot form, so it renders as a fact
        value, body, subject = read.value, read.text, read.subject
        attribute = attribute or read.attribute
        category = read.category if category == "other" else category
    attr = attribute or f"note {pid}"
    fid = "f-" + hashlib.sha256(f"{user}\0{subject}\0{attr}\0{clean}\0{at}".encode()
                                ).hexdigest()[:16]
    fpath = facts_path(user)
    old_raw = _read(store, fpath)
    facts = load_facts(old_raw.decode("utf-8")) if old_raw is not None else []
    fact = Fact(id=fid, user=user, subject=subject, attribute=attr, value=value,
                category=category, confidence=1.0, text=body, at=at, valid_from=at,
                cites=(turn_id,))
    superseded: str | None = None
    for i, f in enumerate(facts):
        if f.current and f.slot == fact.slot:  # newest wins; the old one stays as history
            facts[i] = f.close(at, by=fid)
            superseded = f.id
    facts.append(fact)
    # One batch: the turn the fact cites, the fact, and the proposal's verdict,
    # so a crash never leaves a curated turn without its fact or the reverse.
    store.apply([
        *logged,
        Change("write", fpath, dump_facts(facts),
               sha256_hex(old_raw) if old_raw is not None else ABSENT),
        Change("write", archive_path(pid), verdict_record(
            record, raw.decode("utf-8", "replace"), decision="accept", reasons=reasons,
            verdict=verdict["verdict"], by=actor, at=at, inbox=inbox, note=fpath)),
        Change("delete", inbox, None, sha256_hex(raw)),
    ], actor=actor, reason=f"promote {pid}: curated fact {fid}", guard=guard)
    return Promoted(pid, "accept", fact, superseded, tuple(reasons))
