"""The rendered memory layers: ``SHORT_TERM.md`` and ``LONG_TERM.md``.

* :func:`render_short_term` — a rolling few-days summary of what happened,
  extractive: per day, the most informative turns (long first-person
  statements, named entities, numbers, turns that produced facts), greetings
  and fillers dropped. A turn that produced facts is shown as those facts'
  clean third-person sentences; any other turn as its speaker's words with
  relative dates made absolute.
  Repeated and near-identical lines of a day collapse into one line citing
  the first occurrence of each distinct wording (bounded: the first and the
  latest few), so the file does not grow with duplicates.
* :func:`render_long_term` — the current facts grouped by category, plus a
  short "Recently changed" section with superseded and expired facts and their
  validity windows. Every line there is history and says so in its own text,
  so a reader (or an indexer) that sees only the line cannot take it for a
  current fact: it starts with :data:`HISTORY_PREFIX`, e.g.
  ``No longer current (until 2023-05-10, superseded): The user lives in …``
  (:data:`HISTORY_LINE` matches it and captures the date and the reason).

Every claim is a cited bullet (:func:`~sleepstack.layers.cited.format_cited`)
leading down to raw-log turn ids, every date is absolute, and the output is a
pure function of the inputs with a stable order, so reruns are byte-identical.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta

from ..layers.cited import format_cited
from ..layers.factform import plain_value, trusted_fact
from ..layers.facts import Fact, bound_cites
from ..layers.rawlog import Turn
from ..layers.spotlight import CLOSE, OPEN, neutral
from ..text.negation import NEGATION_WORDS
from .extract import absolutize, subject_for_role

__all__ = [
    "HISTORY_HEADING",
    "HISTORY_LINE",
    "HISTORY_PREFIX",
    "QUOTED_HEADING",
    "render_long_term",
    "render_short_term",
]

#: the LONG_TERM.md section that holds closed (superseded or expired) facts
HISTORY_HEADING = "## Recently changed (history: no longer current)"
#: the LONG_TERM.md section that quotes claims not in slot form (fenced, untrusted)
QUOTED_HEADING = "## Quoted claims (untrusted data: what was said, not verified)"
#: how every history line's text starts, in LONG_TERM.md
HISTORY_PREFIX = "No longer current"
#: a history line's text (as :func:`~sleepstack.layers.cited.parse_cited` returns it):
#: group 1 the day it stopped being true, group 2 ``superseded`` or ``expired``
HISTORY_LINE = re.compile(
    r"^No longer current \(until (\d{4}-\d{2}-\d{2}), (superseded|expired)\): "
)

_FILLER = re.compile(
    r"^(?:(?:hi|hey|hello|heya|yo|thanks|thank you|thx|ty|ok|okay|k|cool|nice|great|awesome|"
    r"wow|lol|haha|hahaha|yes|yeah|yep|no|nope|sure|bye|goodbye|see you|see ya|good morning|"
    r"good night|good evening|take care|you too|same|me too|right|true|totally|got it|"
    r"sounds good|np|no problem|cheers|congrats|congratulations)\b[\s,!.?:;)(-]*)+"
)
# What must never survive into a rendered layer: relative dates read wrong tomorrow.
_RELATIVE = re.compile(
    r"\b(?:yesterday|today|tonight|tomorrow|ago|last (?:week|month|year|night|weekend)|"
    r"next (?:week|month|year|weekend)|this (?:week|month|year|weekend))\b",
    re.I,
)
_MAX_CHARS = 220
_CATEGORY_ORDER = ["preference", "personal", "relationship", "work", "project", "plan", "event"]
_CATEGORY_TITLES = {
    "preference": "Preferences", "personal": "Personal", "relationship": "Relationships",
    "work": "Work", "project": "Projects", "plan": "Plans", "event": "Events",
}  # fmt: skip


def _dt(value: datetime | str) -> datetime:
    if isinstance(value, str):
        value = datetime.fromisoformat(value.replace("Z", "+00:00"))
    if value.tzinfo is None:
        value = value.replace(tzinfo=UTC)
    return value.astimezone(UTC)


def _day(ts: str) -> str:
    return _dt(ts).date().isoformat()


_REDACTED = re.compile(r"\[REDACTED:[A-Za-z0-9_.-]{1,64}\]")


def _safe(text: str) -> str:
    # Untrusted text must not fake a citation list or a fence of its own; the
    # validator's redaction markers stay as they are (the shared escaping).
    return neutral(text)


def _truncate(text: str, limit: int = _MAX_CHARS) -> str:
    flat = " ".join(text.split())
    if len(flat) <= limit:
        return flat
    cut = flat[:limit].rsplit(" ", 1)[0]
    return cut.rstrip(",;:-") + " …"


def _score(turn: Turn, has_fact: bool) -> float:
    text = " ".join(turn.text.split())
    words = text.split()
    body = _FILLER.sub("", text.casefold()).strip()
    if len(body.split()) < 4 and not has_fact:
        return -1.0  # greeting or filler
    caps = sum(1 for w in words[1:] if w[:1].isupper() and w not in ("I", "I'm", "I've", "I'll"))
    score = min(len(words), 40) / 40
    score += 0.15 * min(caps, 4)
    score += 0.3 if re.search(r"\d", text) else 0.0
    score += 0.2 if re.search(r"\b(?:I|my|we|our)\b", text) else 0.0
    score += 1.0 if has_fact else 0.0
    score -= 0.5 if text.rstrip().endswith("?") else 0.0
    return score


def _speaker(turn: Turn) -> str:
    return "User" if turn.role.strip().casefold() in ("user", "human", "me") else turn.role.strip()


_WORDS = re.compile(r"[a-z0-9]+")
_STATED = re.compile(r"\s*\(stated \d{4}-\d{2}-\d{2}\)")
#: token overlap (Jaccard) at which two lines of a day say the same thing
_NEAR = 0.8


def _norm_key(text: str) -> str:
    """Casefolded words only: what makes two statements the same line."""
    return " ".join(_WORDS.findall(_STATED.sub("", text).casefold().replace("n't", "nt")))


def _near(a: frozenset[str], b: frozenset[str]) -> bool:
    """Near-identical token sets, with the same numbers and the same polarity."""
    if not a or not b or len(a & b) / len(a | b) < _NEAR:
        return False
    return {w for w in a if w.isdigit()} == {w for w in b if w.isdigit()} and bool(
        a & NEGATION_WORDS) == bool(b & NEGATION_WORDS)


@dataclass
class _Line:
    """One SHORT_TERM.md candidate: a turn (or repeated turns) worth a line."""

    score: float
    turn: Turn  # the representative: the best-scoring of its repeats
    text: str
    tokens: frozenset[str]
    cites: list[Turn] = field(default_factory=list)
    quoted: bool = False  # the speaker's words, not a trusted fact: rendered fenced

    @property
    def day(self) -> date:
        return self.turn.at.astimezone(UTC).date()

    @property
    def rank(self) -> tuple[float, datetime, str]:
        return (-self.score, self.turn.at, self.turn.id)


def render_short_term(
    turns: Sequence[Turn],
    facts: Sequence[Fact],
    *,
    now: datetime | str,
    days: int = 3,
    max_lines: int = 40,
) -> str:
    """``SHORT_TERM.md``: the last *days* days (UTC, ending at *now*), cited.

    At most *max_lines* bullets, spread over the days so that a busy day does
    not crowd out the others; each day is a ``## YYYY-MM-DD`` heading. A
    statement repeated on one day (the same words, or nearly: high token
    overlap, same numbers, same polarity) is one line: it cites the first
    occurrence of each distinct wording (bounded), so repeats do not grow it.
    """
    now_dt = _dt(now)
    end = now_dt.date()
    start = end - timedelta(days=max(1, days) - 1)
    by_turn: dict[str, list[Fact]] = {}
    for f in facts:
        for cite in f.cites[:1]:
            by_turn.setdefault(cite, []).append(f)

    # Exact repeats first (same day, same words): one group each.
    groups: dict[tuple[date, str], list[tuple[float, Turn, str, bool]]] = {}
    notable = 0
    for t in turns:
        if not (start <= t.at.astimezone(UTC).date() <= end) or t.at > now_dt:
            continue
        if subject_for_role(t.role) is None:
            continue  # assistant and tool turns are not what happened to anyone
        own = sorted(by_turn.get(t.id, []), key=lambda f: f.id)
        score = _score(t, bool(own))
        if score < 0:
            continue
        # Only facts in slot form with a plain value speak for themselves; any
        # other turn is quoted, inside a fence (layers.factform).
        quoted = not (own and all(trusted_fact(f) for f in own[:2]))
        if not quoted:
            line = " ".join(dict.fromkeys(f.text for f in own[:2]))
        else:
            said = absolutize(t.text, t.at)
            line = f"{_speaker(t)}: {said[:1].upper()}{said[1:]}"
        line = _truncate(_safe(line))
        if _RELATIVE.search(line):
            continue  # a relative date we could not resolve: leave it to the raw log
        notable += 1
        key = _norm_key(t.text) or _norm_key(line)
        groups.setdefault((t.at.astimezone(UTC).date(), key), []).append(
            (score, t, line, quoted))
    cands: list[_Line] = []
    for (_, key), members in groups.items():
        score, rep, line, quoted = min(members, key=lambda m: (-m[0], m[1].at, m[1].id))
        # Exact repeats add no evidence: the line cites the first time it was said.
        first = min((m[1] for m in members), key=lambda x: (x.at, x.id))
        cands.append(_Line(score, rep, line, frozenset(key.split()), [first], quoted))

    lines_total = max(1, max_lines)
    day_set = sorted({c.day for c in cands})
    per_day = math.ceil(lines_total / max(1, len(day_set)))
    ranked = sorted(cands, key=lambda c: c.rank)
    chosen: list[_Line] = []
    used: dict[object, int] = {}

    def fold(c: _Line) -> bool:
        """Fold *c* into a chosen line of its day that says the same; True if it did."""
        for k in chosen:
            if k.day == c.day and _near(k.tokens, c.tokens):
                k.cites.extend(c.cites)
                return True
        return False

    # Each day its share first, then the best of the rest; a repeat of a chosen line
    # (whether or not there is room) only adds its citations to that line.
    left: list[_Line] = []
    for c in ranked:
        if fold(c):
            continue
        if len(chosen) < lines_total and used.get(c.day, 0) < per_day:
            chosen.append(c)
            used[c.day] = used.get(c.day, 0) + 1
        else:
            left.append(c)
    for c in left:
        if not fold(c) and len(chosen) < lines_total:
            chosen.append(c)

    out = [
        "# Short-term memory\n\n",
        f"What happened from {start.isoformat()} to {end.isoformat()} (UTC): "
        f"{len(chosen)} lines from {notable} notable turns.\n",
    ]
    if not chosen:
        return "".join(out)
    chosen.sort(key=lambda c: (c.turn.at, c.turn.id))
    for d in sorted({c.day for c in chosen}):
        day_items = [c for c in chosen if c.day == d]
        sessions = list(dict.fromkeys(c.turn.session for c in day_items))
        out.append(f"\n## {d.isoformat()}\n")
        for s in sessions:
            if len(sessions) > 1:
                out.append(f"\n### {_safe(s)}\n")
            out.append("\n")
            fenced = False
            for c in (c for c in day_items if c.turn.session == s):
                if c.quoted != fenced:  # a run of quoted lines shares one fence
                    out.append(f"{OPEN}\n" if c.quoted else f"{CLOSE}\n")
                    fenced = c.quoted
                ids = [t.id for t in sorted(c.cites, key=lambda x: (x.at, x.id))]
                out.append(format_cited(c.text, list(bound_cites(ids)[0])))
            if fenced:
                out.append(f"{CLOSE}\n")
    return "".join(out)


def _category_key(cat: str) -> tuple[int, str]:
    return (
        (_CATEGORY_ORDER.index(cat), cat) if cat in _CATEGORY_ORDER else (len(_CATEGORY_ORDER), cat)
    )


def render_long_term(facts: Sequence[Fact], *, recent: int = 10) -> str:
    """``LONG_TERM.md``: current facts by category, then what changed recently.

    *recent* caps the "Recently changed" section (newest closings first). Each
    line there starts with ``No longer current (until YYYY-MM-DD, superseded|expired):``
    (:data:`HISTORY_LINE`), so the line alone says it is history. Citations are
    bounded to the first and the latest few (``bound_cites``).
    """
    # Facts not in slot form with a plain value are quoted claims, rendered
    # fenced in a section of their own (layers.factform), never as trusted lines.
    quoted = [f for f in facts if f.current and not trusted_fact(f)]
    current = [f for f in facts if f.current and trusted_fact(f)]
    closed = [f for f in facts if not f.current]
    by_id = {f.id: f for f in facts}
    out = ["# Long-term memory\n"]
    if not current and not quoted:
        out.append("\nNo current facts.\n")
    for cat in sorted({f.category for f in current}, key=_category_key):
        out.append(f"\n## {_CATEGORY_TITLES.get(cat, cat.replace('_', ' ').capitalize())}\n\n")
        rows = sorted(
            (f for f in current if f.category == cat),
            key=lambda f: (f.subject.casefold(), f.attribute, f.valid_from, f.id),
        )
        for f in rows:
            out.append(format_cited(_safe(f.text), list(bound_cites(f.cites)[0])))
    if quoted:
        out.append(f"\n{QUOTED_HEADING}\n\n{OPEN}\n")
        for f in sorted(quoted, key=lambda f: (f.valid_from, f.id)):
            out.append(format_cited(_safe(f.text), list(bound_cites(f.cites)[0])))
        out.append(f"{CLOSE}\n")
    if closed and recent > 0:
        out.append(f"\n{HISTORY_HEADING}\n\n")
        rows = sorted(closed, key=lambda f: (f.valid_to or "", f.id), reverse=True)[:recent]
        for f in rows:
            until = _day(f.valid_to or f.valid_from)
            window = f"valid {_day(f.valid_from)} to {until}"
            kind = "expired" if f.expired else "superseded"
            if f.expired:
                why = "expired"
            elif (f.superseded_by and f.superseded_by in by_id
                  and plain_value(by_id[f.superseded_by].value)):
                why = f"superseded by: {by_id[f.superseded_by].value}"
            else:
                why = "superseded"
            line = (f"{HISTORY_PREFIX} (until {until}, {kind}): "
                    f"{f.text.rstrip('.')} — {window}; {why}.")
            cited = format_cited(_safe(line), list(bound_cites(f.cites)[0]))
            # A closed claim that was never a plain fact stays fenced as history too.
            out.append(cited if trusted_fact(f) else f"{OPEN}\n{cited}{CLOSE}\n")
    return "".join(out)
