"""The content rules of an erasure: what any one file or version becomes.

One function, :func:`transform`, maps ``(path, text)`` to its erased form (or
None: the file goes). It is applied alike to working files and to every stored
version of them, so history after an erasure reads as if the erased things had
never been there — except for the tombstones that keep cites resolvable:

- raw-log lines of erased turns keep their id, time, session and role, and
  their text becomes ``[REDACTED:forget] erased by <forget id>``;
- ``facts.jsonl`` loses erased facts (and citations of erased turns);
- ``graph.json`` loses relations and entities only erased turns stated;
- ``claims.json`` loses the erased facts' values and the erased turns;
- cited Markdown lines (``SHORT_TERM``, ``LONG_TERM``, notes) whose every cite
  was erased are dropped, the others lose the erased cites;
- whole files of an erased user or session go, and shared JSON (reports,
  tokens) loses the rows of an erased user;
- last, every literal in scope is replaced in *every encoding it may have been
  written in* (raw, JSON-escaped, raw-log-escaped, HTML-escaped, flattened
  whitespace) through the one redaction function, ``redact_literals``.
"""

from __future__ import annotations

import functools
import html
import json
import re
from collections.abc import Iterable
from typing import Any

from ..layers.facts import Fact, dump_facts, load_facts
from ..layers.notes import note_fields
from ..layers.rawlog import Turn, _esc, format_line, parse_line
from ..validate.redact import redact_literals, redaction_token
from .select import Selection, _proposal_of, owner_of

__all__ = ["KIND", "encodings", "scrub_entry", "tombstone_text", "transform"]

#: the redaction kind forget writes: ``[REDACTED:forget]``
KIND = "forget"
_CITES_RE = re.compile(r"\s*\[cites: ([^\]]*)\]\s*$")
#: audit fields that are hashes or chain data, never text to scrub
_CHAIN_KEYS = {"hash", "prev_hash", "old_sha", "new_sha", "chunk_sha", "seq", "tx", "tx_n"}


def tombstone_text(forget_id: str) -> str:
    """The text that stands in a raw-log line whose turn was erased."""
    return f"{redaction_token(KIND)} erased by {forget_id}"


def encodings(literal: str) -> list[str]:
    """Every form *literal* may take in the store's files, longest first."""
    forms = {
        literal,
        json.dumps(literal)[1:-1],
        json.dumps(literal, ensure_ascii=False)[1:-1],
        _esc(literal),
        html.escape(literal),
        html.escape(literal, quote=False),
        " ".join(literal.split()),  # cited lines flatten whitespace
        literal.replace("\n", "\n> "),  # a note quotes its text as a Markdown blockquote
    }
    forms |= {json.dumps(f)[1:-1] for f in list(forms)}  # JSON holding an escaped line
    return sorted((f for f in forms if f), key=len, reverse=True)


def _forms(sel: Selection) -> list[str]:
    out: set[str] = set()
    for lit in sel.literals:
        out.update(encodings(lit))
    return sorted(out, key=len, reverse=True)


@functools.lru_cache(maxsize=8)
def _finder(forms: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile("|".join(re.escape(f) for f in forms))


def redact_text(text: str, forms: list[str]) -> str:
    """*text* with every form replaced by the forget marker (through ``redact_literals``)."""
    if not forms or _finder(tuple(forms)).search(text) is None:
        return text  # one regex pass rules out the common case: nothing to redact here
    new, _n = redact_literals(text, forms, KIND)
    return new


def transform(path: str, text: str, sel: Selection, forget_id: str,
              forms: list[str] | None = None) -> str | None:
    """The erased form of one file or version (None: remove it)."""
    owner = owner_of(path, text)
    if sel.drop_user is not None and owner == sel.drop_user:
        return None
    if sel.drop_session is not None and _in_session(path, text, sel.drop_session):
        return None
    out = text
    if owner is not None and owner in sel.turns and path.startswith("memory/log/"):
        out = _tombstone(out, owner, sel.turns[owner], forget_id)
    erased = sel.erased_ids(owner)
    if erased and path == f"user/{owner}/facts.jsonl":
        out = _drop_facts(out, sel.facts.get(owner or "", set()), sel.turns.get(owner or "",
                                                                                 set()))
    elif erased and path.startswith("user/") and path.endswith(".md"):
        out = _drop_cited(out, erased)
    elif erased and path == f"user/{owner}/claims.json":  # issue 10: the claims map
        from ..layers.claims_map import erase_from_claims_map

        out = erase_from_claims_map(out, sel.facts.get(owner or "", set()),
                                    sel.turns.get(owner or "", set()))
    elif erased and path == f"user/{owner}/graph.json":  # issue 14: the graph tier
        from ..graph.erase import erase_turns

        out = erase_turns(out, erased)
    if sel.drop_user is not None and path.endswith(".json") and owner is None:
        out = _drop_rows(out, sel.drop_user)
    if _literal_scope(path, owner, sel):
        out = redact_text(out, forms if forms is not None else _forms(sel))
    return out


def _literal_scope(path: str, owner: str | None, sel: Selection) -> bool:
    if sel.literal_prefixes is not None:
        return path.startswith(sel.literal_prefixes)
    if sel.scope_user is None:
        return True
    # A user's own erasure of a string: their files, and the shared copies
    # (reports, unowned staging) — never another user's data or shared documents.
    return owner == sel.scope_user or (owner is None and path.startswith(("reports/",
                                                                          "staging/")))


def _in_session(path: str, text: str, target: tuple[str, str]) -> bool:
    user, session = target
    if path.startswith("staging/"):
        proposal = _proposal_of(text)
        return (proposal is not None and proposal.get("user") == user
                and proposal.get("session") == session)
    if path.startswith(f"user/{user}/notes/"):
        return note_fields(text).get("session") == session
    return False


def _tombstone(text: str, user: str, ids: set[str], forget_id: str) -> str:
    lines = text.splitlines(keepends=True)
    for i, line in enumerate(lines):
        turn = parse_line(line, user)
        if turn is not None and turn.id in ids:
            lines[i] = format_line(Turn(turn.id, user, turn.session, turn.role,
                                        tombstone_text(forget_id), turn.at))
    return "".join(lines)


def _drop_facts(text: str, fact_ids: set[str], turn_ids: set[str]) -> str:
    try:
        facts = load_facts(text)
    except (ValueError, TypeError):
        return text
    kept: list[Fact] = []
    changed = False
    for fact in facts:
        if fact.id in fact_ids:
            changed = True
            continue
        cites = tuple(c for c in fact.cites if c not in turn_ids)
        sup = None if fact.superseded_by in fact_ids else fact.superseded_by
        if cites != fact.cites or sup != fact.superseded_by:
            changed = True
            fact = Fact.from_dict({**fact.to_dict(), "cites": list(cites), "superseded_by": sup})
        kept.append(fact)
    return dump_facts(kept) if changed else text


def _drop_cited(text: str, erased: set[str]) -> str:
    out: list[str] = []
    for line in text.splitlines(keepends=True):
        m = _CITES_RE.search(line)
        if m is None:
            out.append(line)
            continue
        cites = [c.strip() for c in m.group(1).split(",") if c.strip()]
        left = [c for c in cites if c not in erased]
        if not left and cites:
            continue  # every source of this line was erased: so is the line
        if len(left) != len(cites):
            end = "\n" if line.endswith("\n") else ""
            line = line[: m.start()] + f" [cites: {', '.join(left)}]" + end
        out.append(line)
    return "".join(out)


def _drop_rows(text: str, user: str) -> str:
    """Shared JSON without the dicts that belong to *user* (report details, token records)."""
    try:
        obj = json.loads(text)
    except ValueError:
        return text
    new, changed = _without_user(obj, user)
    if not changed:
        return text
    # Keep the writer's layout: its indent and whether it escaped non-ASCII.
    lines = text.splitlines()
    indent = (len(lines[1]) - len(lines[1].lstrip(" ")) or None) if len(lines) > 1 else None
    ascii_only = text.isascii() and "\\u" in text
    return json.dumps(new, indent=indent, ensure_ascii=ascii_only, sort_keys=True) + (
        "\n" if text.endswith("\n") else "")


def _without_user(obj: Any, user: str) -> tuple[Any, bool]:
    if isinstance(obj, list):
        items: list[Any] = []
        changed = False
        for item in obj:
            if isinstance(item, dict) and item.get("user") == user:
                changed = True
                continue
            new, c = _without_user(item, user)
            items.append(new)
            changed = changed or c
        return items, changed
    if isinstance(obj, dict):
        out: dict[str, Any] = {}
        changed = False
        for key, value in obj.items():
            if key == user:  # maps keyed by user id (per-user counts)
                changed = True
                continue
            new, c = _without_user(value, user)
            out[key] = new
            changed = changed or c
        return out, changed
    return obj, False


def scrub_entry(entry: dict[str, Any], forms: Iterable[str]) -> dict[str, Any] | None:
    """The entry with every literal form redacted from its text fields (None: unchanged).

    The scrubbed entry keeps its original ``hash``: the redaction record that
    lists it is what lets ``audit verify`` accept the difference.
    """
    form_list = list(forms)
    if not form_list:
        return None
    out: dict[str, Any] = {}
    changed = False
    for key, value in entry.items():
        if key not in _CHAIN_KEYS and key != "path" and isinstance(value, str):
            new = redact_text(value, form_list)
            changed = changed or new != value
            out[key] = new
        else:
            out[key] = value
    return out if changed else None


def forms_of(sel: Selection) -> list[str]:
    """Every encoded form of the selection's literals (computed once per erasure)."""
    return _forms(sel)
