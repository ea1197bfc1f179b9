"""The rendered memory layers: ``SHORT_TERM.md`` and ``LONG_TERM.md``.

* :func:`render_short_term` — a rolling few-days summary of what happened,
  extractive: per day, the most informative turns (long first-person
  statements, named entities, numbers, turns that produced facts), greetings
  and fillers dropped. A turn that produced facts is shown as those facts'
  clean third-person sentences; any other turn as its speaker's words with
  relative dates made absolute.
* :func:`render_long_term` — the current facts grouped by category, plus a
  short "Recently changed" section with superseded and expired facts and their
  validity windows.

Every claim is a cited bullet (:func:`~sleepstack.layers.cited.format_cited`)
leading down to raw-log turn ids, every date is absolute, and the output is a
pure function of the inputs with a stable order, so reruns are byte-identical.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

from ..layers.cited import format_cited
from ..layers.facts import Fact
from ..layers.rawlog import Turn
from .extract import absolutize, subject_for_role

__all__ = ["render_long_term", "render_short_term"]

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


def _safe(text: str) -> str:
    # Untrusted text must not fake a citation list of its own.
    return text.replace("[cites:", "(cites:").replace("[", "(").replace("]", ")")


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
    not crowd out the others; each day is a ``## YYYY-MM-DD`` heading.
    """
    now_dt = _dt(now)
    end = now_dt.date()
    start = end - timedelta(days=max(1, days) - 1)
    by_turn: dict[str, list[Fact]] = {}
    for f in facts:
        for cite in f.cites[:1]:
            by_turn.setdefault(cite, []).append(f)

    cands: list[tuple[float, Turn, str]] = []
    for t in turns:
        if not (start <= t.at.astimezone(UTC).date() <= end) or t.at > now_dt:
            continue
        if subject_for_role(t.role) is None:
            continue  # assistant and tool turns are not what happened to anyone
        own = sorted(by_turn.get(t.id, []), key=lambda f: f.id)
        score = _score(t, bool(own))
        if score < 0:
            continue
        if own:
            line = " ".join(dict.fromkeys(f.text for f in own[:2]))
        else:
            said = absolutize(t.text, t.at)
            line = f"{_speaker(t)}: {said[:1].upper()}{said[1:]}"
        line = _truncate(_safe(line))
        if _RELATIVE.search(line):
            continue  # a relative date we could not resolve: leave it to the raw log
        cands.append((score, t, line))

    lines_total = max(1, max_lines)
    day_set = sorted({t.at.astimezone(UTC).date() for _, t, _ in cands})
    per_day = math.ceil(lines_total / max(1, len(day_set)))
    ranked = sorted(cands, key=lambda c: (-c[0], c[1].at, c[1].id))
    chosen: list[tuple[float, Turn, str]] = []
    used: dict[object, int] = {}
    for c in ranked:
        d = c[1].at.astimezone(UTC).date()
        if len(chosen) < lines_total and used.get(d, 0) < per_day:
            chosen.append(c)
            used[d] = used.get(d, 0) + 1
    for c in ranked:
        if len(chosen) >= lines_total:
            break
        if c not in chosen:
            chosen.append(c)

    out = [
        "# Short-term memory\n\n",
        f"What happened from {start.isoformat()} to {end.isoformat()} (UTC): "
        f"{len(chosen)} of {len(cands)} notable turns.\n",
    ]
    if not chosen:
        return "".join(out)
    chosen.sort(key=lambda c: (c[1].at, c[1].id))
    current_day = None
    for d in sorted({c[1].at.astimezone(UTC).date() for c in chosen}):
        day_items = [c for c in chosen if c[1].at.astimezone(UTC).date() == d]
        sessions = list(dict.fromkeys(c[1].session for c in day_items))
        if d != current_day:
            out.append(f"\n## {d.isoformat()}\n")
            current_day = d
        for s in sessions:
            if len(sessions) > 1:
                out.append(f"\n### {_safe(s)}\n")
            out.append("\n")
            for _, t, line in (c for c in day_items if c[1].session == s):
                out.append(format_cited(line, [t.id]))
    return "".join(out)


def _category_key(cat: str) -> tuple[int, str]:
    return (
        (_CATEGORY_ORDER.index(cat), cat) if cat in _CATEGORY_ORDER else (len(_CATEGORY_ORDER), cat)
    )


def render_long_term(facts: Sequence[Fact], *, recent: int = 10) -> str:
    """``LONG_TERM.md``: current facts by category, then what changed recently.

    *recent* caps the "Recently changed" section (newest closings first).
    """
    current = [f for f in facts if f.current]
    closed = [f for f in facts if not f.current]
    by_id = {f.id: f for f in facts}
    out = ["# Long-term memory\n"]
    if not current:
        out.append("\nNo current facts.\n")
    for cat in sorted({f.category for f in current}, key=_category_key):
        out.append(f"\n## {_CATEGORY_TITLES.get(cat, cat.replace('_', ' ').capitalize())}\n\n")
        rows = sorted(
            (f for f in current if f.category == cat),
            key=lambda f: (f.subject.casefold(), f.attribute, f.valid_from, f.id),
        )
        for f in rows:
            out.append(format_cited(_safe(f.text), list(f.cites)))
    if closed and recent > 0:
        out.append("\n## Recently changed\n\n")
        rows = sorted(closed, key=lambda f: (f.valid_to or "", f.id), reverse=True)[:recent]
        for f in rows:
            window = f"valid {_day(f.valid_from)} to {_day(f.valid_to or f.valid_from)}"
            if f.expired:
                why = "expired"
            elif f.superseded_by and f.superseded_by in by_id:
                newer = by_id[f.superseded_by]
                why = f"superseded by: {newer.value}"
            else:
                why = "superseded"
            line = f"{f.text.rstrip('.')} — {window}; {why}."
            out.append(format_cited(_safe(line), list(f.cites)))
    return "".join(out)
