"""Dates in what people say: relative phrases resolved to absolute calendar days.

"Yesterday", "next Friday", "two weeks ago", "last summer" are resolved against
the time of the turn that said them (:func:`find_dates`), so facts, claims and
summaries carry absolute dates only (:func:`absolutize`). The grounding gate
uses the same resolution to compare dates. Pure functions.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

from ..text.dates import MONTH_NAMES as _MONTH_NAMES
from ..text.dates import MONTHS as _MONTHS
from ..text.dates import NUMBERS as _NUMBERS
from ..text.dates import WEEKDAYS as _WEEKDAYS
from ..text.dates import add_months as _add_months
from ..text.dates import month_end as _month_end
from ..text.dates import safe_date as _safe_date

__all__ = ["DateMention", "absolutize", "find_dates", "render_into"]


_SEASONS = {
    "spring": (3, 5),
    "summer": (6, 8),
    "fall": (9, 11),
    "autumn": (9, 11),
    "winter": (12, 2),
}

_MON = (
    r"(?P<mon>jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
    r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
)
# Month names alone ("in March") are matched case-sensitively: "may" and "march" are verbs.
_MONFULL = (
    r"(?P<mon>January|February|March|April|May|June|July|August|September|October|"
    r"November|December)"
)
_WD = (
    r"(?P<wd>monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tues?|wed|"
    r"thu(?:rs?)?|fri|sat|sun)"
)
_NUM = (
    r"(?P<n>\d{1,3}|a couple of|a couple|couple of|a few|an?|one|two|three|four|five|six|"
    r"seven|eight|nine|ten|eleven|twelve)"
)
_PREPS = frozenset(
    {"on", "in", "since", "by", "until", "till", "from", "before", "after", "for", "of",
     "during", "at", "around", "through", "to", "between", "and", "about", "roughly",
     "approximately", "almost", "nearly", "over", "exactly", "circa"}
)  # fmt: skip


@dataclass(frozen=True)
class DateMention:
    """One date expression found in a text, resolved to absolute calendar days.

    ``first``/``last`` are ISO days bounding what the phrase means ("last week"
    is seven days); ``rendered`` is the absolute phrase that replaces it in a
    sentence ("in the week of 2023-05-01"); ``relative`` is True when the phrase
    needed the speaking time to resolve.
    """

    start: int
    end: int
    phrase: str
    first: str
    last: str
    granularity: str  # day | week | weekend | month | season | year
    rendered: str
    relative: bool


def _monday(d: date) -> date:
    return d - timedelta(days=d.weekday())


def _year_for(month: int, day: int, today: date, direction: str | None) -> date | None:
    """The year-less day/month the speaker most plausibly meant."""
    cands = [c for c in (_safe_date(today.year + k, month, day) for k in (-1, 0, 1)) if c]
    if not cands:
        return None
    if direction == "future":
        fut = [c for c in cands if c >= today]
        return fut[0] if fut else None
    if direction == "past":
        past = [c for c in cands if c <= today]
        return past[-1] if past else None
    return min(cands, key=lambda c: abs((c - today).days))


def _mention(m: re.Match[str], first: date, last: date, gran: str, relative: bool) -> DateMention:
    if gran == "day":
        rendered = f"on {first.isoformat()}"
    elif gran == "week":
        rendered = f"in the week of {first.isoformat()}"
    elif gran == "weekend":
        rendered = f"on the weekend of {first.isoformat()}"
    elif gran == "month":
        rendered = f"in {_MONTH_NAMES[first.month]} {first.year}"
    elif gran == "season":
        season = next(
            (s for s, (a, _) in _SEASONS.items() if a == first.month and s != "autumn"), "season"
        )
        rendered = f"in {season} {first.year}"
    else:
        rendered = f"in {first.year}"
    return DateMention(
        m.start(),
        m.end(),
        m.group(0),
        first.isoformat(),
        last.isoformat(),
        gran,
        rendered,
        relative,
    )


def _span(unit: str, d: date) -> tuple[date, date, str]:
    """The calendar span of *unit* containing *d*."""
    if unit == "week":
        mon = _monday(d)
        return mon, mon + timedelta(days=6), "week"
    if unit == "month":
        return d.replace(day=1), _month_end(d), "month"
    if unit == "year":
        return date(d.year, 1, 1), date(d.year, 12, 31), "year"
    return d, d, "day"


def _num(text: str) -> int:
    t = " ".join(text.lower().split())
    return int(t) if t.isdigit() else _NUMBERS.get(t, 0)


_DateRule = Callable[[re.Match[str], date | None, str | None], DateMention | None]


def _r_iso(m: re.Match[str], today: date | None, direction: str | None) -> DateMention | None:
    d = _safe_date(int(m["y"]), int(m["m"]), int(m["d"]))
    return _mention(m, d, d, "day", False) if d else None


def _r_day_month(m: re.Match[str], today: date | None, direction: str | None) -> DateMention | None:
    mon = m["mon"]
    if mon.lower() == "may" and not mon.startswith("M"):
        return None
    month, day = _MONTHS[mon.lower()], int(m["d"])
    if m["y"]:
        d = _safe_date(int(m["y"]), month, day)
        return _mention(m, d, d, "day", False) if d else None
    if today is None:
        return None
    d = _year_for(month, day, today, direction)
    return _mention(m, d, d, "day", True) if d else None


def _r_month_year(
    m: re.Match[str], today: date | None, direction: str | None
) -> DateMention | None:
    first = date(int(m["y"]), _MONTHS[m["mon"].lower()], 1)
    return _mention(m, first, _month_end(first), "month", False)


def _r_month(m: re.Match[str], today: date | None, direction: str | None) -> DateMention | None:
    if today is None:
        return None
    month = _MONTHS[m["mon"].lower()]
    year = today.year
    if direction == "future" and month < today.month:
        year += 1
    elif direction == "past" and month > today.month:
        year -= 1
    first = date(year, month, 1)
    return _mention(m, first, _month_end(first), "month", True)


def _r_offset(days: int) -> _DateRule:
    def rule(m: re.Match[str], today: date | None, direction: str | None) -> DateMention | None:
        if today is None:
            return None
        d = today + timedelta(days=days)
        return _mention(m, d, d, "day", True)

    return rule


def _shift(today: date, unit: str, n: int) -> tuple[date, date, str]:
    if unit == "day":
        return _span("day", today + timedelta(days=n))
    if unit == "week":
        return _span("week", today + timedelta(weeks=n))
    if unit == "month":
        return _span("month", _add_months(today, n))
    return _span("year", date(today.year + n, 1, 1))


def _r_ago(m: re.Match[str], today: date | None, direction: str | None) -> DateMention | None:
    n = _num(m["n"])
    if today is None or n <= 0:
        return None
    first, last, gran = _shift(today, m["unit"].lower(), -n)
    return _mention(m, first, last, gran, True)


def _r_in(m: re.Match[str], today: date | None, direction: str | None) -> DateMention | None:
    n = _num(m["n"])
    if today is None or n <= 0:
        return None
    first, last, gran = _shift(today, m["unit"].lower(), n)
    return _mention(m, first, last, gran, True)


def _r_weekday(m: re.Match[str], today: date | None, direction: str | None) -> DateMention | None:
    if today is None:
        return None
    rel = " ".join((m["rel"] or "").lower().split())
    wd = _WEEKDAYS[m["wd"].lower()]
    if rel in ("last", "this past", "past") or (not rel and direction == "past"):
        back = (today.weekday() - wd) % 7 or 7
        d = today - timedelta(days=back)
    elif rel in ("next", "this", "coming", "this coming") or (not rel and direction == "future"):
        # "next Friday" said on a Monday is the Friday of the same week: the
        # reading most people mean, and the one the product promises.
        ahead = (wd - today.weekday()) % 7 or 7
        d = today + timedelta(days=ahead)
    else:
        return None
    return _mention(m, d, d, "day", True)


def _r_period(m: re.Match[str], today: date | None, direction: str | None) -> DateMention | None:
    if today is None:
        return None
    rel = " ".join(m["rel"].lower().split())
    unit = m["unit"].lower()
    step = {"last": -1, "this past": -1, "this": 0, "next": 1, "coming": 1, "this coming": 1}[rel]
    if unit == "weekend":
        mon = _monday(today)
        if step < 0:
            sat = mon - timedelta(days=2)
        elif step == 0 or today.weekday() < 5:
            sat = mon + timedelta(days=5)
        else:
            sat = mon + timedelta(days=12)
        return _mention(m, sat, sat + timedelta(days=1), "weekend", True)
    first, last, gran = _shift(today, unit, step)
    return _mention(m, first, last, gran, True)


def _r_season(m: re.Match[str], today: date | None, direction: str | None) -> DateMention | None:
    if today is None:
        return None
    rel = m["rel"].lower()
    a, b = _SEASONS[m["season"].lower()]

    def bounds(year: int) -> tuple[date, date]:
        first = date(year, a, 1)
        end_year = year + 1 if b < a else year
        return first, _month_end(date(end_year, b, 1))

    spans = [bounds(today.year + k) for k in (-2, -1, 0, 1)]
    if rel == "last":
        ok = [s for s in spans if s[1] < today]
        span = ok[-1]
    elif rel == "next":
        span = next(s for s in spans if s[0] > today)
    else:
        span = next((s for s in spans if s[0] <= today <= s[1]), bounds(today.year))
    return _mention(m, span[0], span[1], "season", True)


_DATE_RULES: list[tuple[re.Pattern[str], _DateRule]] = [
    (re.compile(r"\b(?:on\s+)?(?P<y>\d{4})-(?P<m>\d{2})-(?P<d>\d{2})\b"), _r_iso),
    (
        re.compile(
            r"\b(?:on\s+)?(?:the\s+)?(?P<d>\d{1,2})(?:st|nd|rd|th)?(?:\s+of)?\s+"
            + _MON
            + r"\b\.?(?:,?\s+(?P<y>\d{4})\b)?",
            re.I,
        ),
        _r_day_month,
    ),
    (
        re.compile(
            r"\b(?:on\s+)?" + _MON + r"\b\.?\s+(?:the\s+)?(?P<d>\d{1,2})(?:st|nd|rd|th)?\b"
            r"(?!\s*(?:am|pm|%|:))(?:,?\s+(?P<y>\d{4})\b)?",
            re.I,
        ),
        _r_day_month,
    ),
    (re.compile(r"\b(?:in\s+)?" + _MONFULL + r",?\s+(?P<y>\d{4})\b"), _r_month_year),
    (re.compile(r"\bin\s+(?:early\s+|mid\s+|late\s+|mid-)?" + _MONFULL + r"\b"), _r_month),
    (re.compile(r"\b(?:the\s+)?day\s+before\s+yesterday\b", re.I), _r_offset(-2)),
    (re.compile(r"\b(?:the\s+)?day\s+after\s+tomorrow\b", re.I), _r_offset(2)),
    (
        re.compile(
            r"\b(?:(?:earlier|later)\s+)?(?:today|tonight)\b|\bthis\s+(?:morning|afternoon|"
            r"evening)\b",
            re.I,
        ),
        _r_offset(0),
    ),
    (
        re.compile(
            r"\byesterday(?:\s+(?:morning|afternoon|evening|night))?\b|\blast\s+night\b", re.I
        ),
        _r_offset(-1),
    ),
    (re.compile(r"\btomorrow(?:\s+(?:morning|afternoon|evening|night))?\b", re.I), _r_offset(1)),
    (re.compile(r"\b" + _NUM + r"\s+(?P<unit>day|week|month|year)s?\s+ago\b", re.I), _r_ago),
    (
        re.compile(
            r"\b(?:in|within)\s+" + _NUM + r"\s+(?P<unit>day|week|month|year)s?\b(?!\s+ago)", re.I
        ),
        _r_in,
    ),
    (
        re.compile(
            r"\b(?:on\s+)?(?P<rel>last|this\s+past|this\s+coming|this|next|coming)\s+"
            + _WD
            + r"\b",
            re.I,
        ),
        _r_weekday,
    ),
    (
        re.compile(
            r"\b(?P<rel>last|this\s+past|this\s+coming|this|next|coming)\s+"
            r"(?P<unit>week|weekend|month|year)\b",
            re.I,
        ),
        _r_period,
    ),
    (
        re.compile(
            r"\b(?P<rel>last|this|next)\s+(?P<season>spring|summer|fall|autumn|winter)\b", re.I
        ),
        _r_season,
    ),
    # A bare weekday resolves only when the tense says which way to look.
    (re.compile(r"\bon\s+(?P<rel>)" + _WD + r"\b", re.I), _r_weekday),
]


def _as_date(at: datetime | str | None) -> date | None:
    if at is None:
        return None
    if isinstance(at, str):
        at = datetime.fromisoformat(at.replace("Z", "+00:00"))
    if at.tzinfo is not None:
        at = at.astimezone(UTC)
    return at.date()


def find_dates(
    text: str, at: datetime | str | None = None, direction: str | None = None
) -> list[DateMention]:
    """Every date expression in *text*, resolved against the speaking time *at*.

    Without *at* only absolute dates are found. *direction* (``"past"`` or
    ``"future"``) settles year-less dates and bare weekdays ("on Friday"); with
    None a bare weekday is left alone rather than guessed.
    """
    today = _as_date(at)
    found: list[DateMention] = []
    taken: list[tuple[int, int]] = []
    for rx, rule in _DATE_RULES:
        for m in rx.finditer(text):
            if any(m.start() < e and s < m.end() for s, e in taken):
                continue
            mention = rule(m, today, direction)
            if mention is not None:
                found.append(mention)
                taken.append((m.start(), m.end()))
    return sorted(found, key=lambda d: d.start)


def _render_into(text: str, mentions: Sequence[DateMention], *, drop: bool = False) -> str:
    out: list[str] = []
    pos = 0
    for d in mentions:
        before = text[pos : d.start]
        if drop:
            out.append(before.rstrip() + " ")
        else:
            rendered = d.rendered
            prev = before.rstrip().rsplit(None, 1)
            # "since last week" -> "since the week of …", not "since in the week of …".
            if prev and prev[-1].lower() in _PREPS and d.phrase.split()[0].lower() not in _PREPS:
                rendered = rendered.split(" ", 1)[1]
            out.append(before + rendered)
        pos = d.end
    out.append(text[pos:])
    return re.sub(r"\s+([,.;:!?])", r"\1", re.sub(r"[ \t]{2,}", " ", "".join(out))).strip()


def absolutize(text: str, at: datetime | str, direction: str | None = None) -> str:
    """*text* with every resolvable relative date replaced by an absolute one."""
    return _render_into(text, find_dates(text, at, direction))


#: public name of :func:`_render_into` for the other extractors
render_into = _render_into
