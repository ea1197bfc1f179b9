"""Stale by value: older turns and notes that state a value a newer claim replaced.

A superseded fact marks the turn it cites (:func:`sleepstack.wake.recall`), but
the old value is often said elsewhere too: restated in another turn, in a
note, in a summary, or in a turn the extractor read no fact from. Every such
item *older* than the replacing claim that names the old value, and not the
new one, is history for a present-tense question.

The value of a superseded fact is read from the two facts' sentences, which
differ only in it ("The user lives in Boston" vs "… in Seattle"): the words of
the old sentence that the new one lacks. A replacement that only ends a value
("No longer current: the user drives a Volvo XC60") has no such difference;
there the old sentence's names and numbers are the value. Pure functions over
index rows: read-only, no model.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from datetime import datetime

from ..index.rows import Row

__all__ = ["iso_timestamp", "stale_by_value"]

_WORD = re.compile(r"[\w@+.'’-]+")
# Words every fact sentence has: never a value on their own.
_FRAME_WORDS = (
    "the a an user user's is are was has have had in at to of for with and on as by no longer "
    "current stated since from now their they them it its this that uses use codes works lives "
    "drives follows diet allergic pet named partner manager birthday email address phone number "
    "learning travelling family includes likes dislikes prefers"
)
_FRAME = frozenset(_FRAME_WORDS.split())
_DATE = re.compile(r"^\d{4}-\d{2}(?:-\d{2})?$")
_STATED = re.compile(r"\((?:stated|since|from) [^)]*\)")


def _words(text: str) -> list[str]:
    text = _STATED.sub(" ", text)
    out = []
    for w in _WORD.findall(text):
        w = w.strip(".,'’-").casefold()
        if w.endswith(("'s", "’s")):
            w = w[:-2]
        if len(w) >= 2 and w not in _FRAME and not _DATE.match(w):
            out.append(w)
    return out


def _names(text: str) -> list[str]:
    """The names, numbers and addresses of a fact sentence (after its first word)."""
    text = _STATED.sub(" ", text)
    toks = _WORD.findall(text)[1:]
    return [t.strip(".,'’-").casefold() for t in toks
            if (t[:1].isupper() or any(ch.isdigit() for ch in t) or "@" in t)
            and t.strip(".,'’-").casefold() not in _FRAME and not _DATE.match(t)]


def iso_timestamp(at: str | None) -> float | None:
    """The POSIX time of an ISO 8601 string (``Z`` accepted); None if absent or unreadable."""
    if not at:
        return None
    try:
        return datetime.fromisoformat(at.replace("Z", "+00:00")).timestamp()
    except ValueError:
        return None


def _has_all(words: Iterable[str], text_words: set[str]) -> bool:
    ws = list(words)
    return bool(ws) and all(w in text_words for w in ws)


def stale_by_value(rows: Sequence[Row]) -> dict[str, tuple[str | None, str]]:
    """Turn ids whose raw turn (or note) names a value a newer fact replaced.

    Maps each to ``(superseded_by, since)`` like the cite-based marking; a
    turn that also names the replacing value is left alone (it states both:
    "we moved from Boston to Seattle").
    """
    facts = {r.key: r for r in rows if r.layer == "fact"}
    changes: list[tuple[list[str], list[str], str | None, str, float]] = []
    for r in facts.values():
        if not r.valid_to or not r.superseded_by or r.valid_to == r.valid_from:
            continue
        since_ts = iso_timestamp(r.valid_to)
        if since_ts is None:
            continue
        new = facts.get(f"fact:{r.user}:{r.superseded_by}")
        old_w = _words(r.text)
        if new is not None and not new.text.startswith("No longer current"):
            new_w = set(_words(new.text))
            gone = [w for w in old_w if w not in new_w]
            # The new value: its names if it has any (the rest of a sentence may
            # narrate: "having moved there in the week of ...").
            old_names = set(_names(r.text))
            added = [w for w in _names(new.text) if w not in old_names] or [
                w for w in new_w if w not in set(old_w)]
        else:
            gone, added = _names(r.text), []
        if gone:
            changes.append((list(dict.fromkeys(gone)), added, r.superseded_by, r.valid_to,
                            since_ts))
    if not changes:
        return {}
    out: dict[str, tuple[str | None, str]] = {}
    for row in rows:
        if row.layer not in ("raw", "note", "short_term") or not row.cites:
            continue
        ts = row.at_ts
        if ts is None:
            continue
        words = set(_words(row.text))
        for gone, added, by, since, since_ts in changes:
            if ts >= since_ts or not _has_all(gone, words) or any(w in words for w in added):
                continue
            for c in row.cites if row.layer == "raw" else ():
                prev = out.get(c)
                if prev is None or prev[1] < since:
                    out[c] = (by, since)
            if row.layer != "raw":
                out[row.key] = (by, since)
    return out
