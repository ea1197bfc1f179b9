"""Time expressions in questions: "last week", "yesterday", "in May 2023", "on 8 May".

:func:`parse_time` finds the first time expression in a query and turns it
into a window ``[start, end)`` (UTC) relative to an *anchor*: the present, or
the user's latest turn when the user's history stopped a while ago (an
imported conversation from 2023 asks "last week" about its own last week).
Windows are deliberately generous ("last week" runs from the start of the
previous calendar week up to the anchor): recall uses them to boost what lies
inside, never to hide what lies outside.

:func:`about_past` says whether a question asks about how things *were*, which
is when superseded facts are worth showing.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from ..text.dates import FULL_WEEKDAYS as _WEEKDAYS
from ..text.dates import MONTHS as _MONTHS
from ..text.dates import NUMBERS as _NUMBERS
from ..text.dates import add_months, safe_date

__all__ = ["TimeWindow", "about_past", "choose_anchor", "parse_time"]


_MONTH_RE = "|".join(sorted(_MONTHS, key=len, reverse=True))
_WEEKDAY_RE = "|".join(_WEEKDAYS)
_NUM_RE = r"\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|" \
          r"couple of|few"
_UNIT_RE = r"days?|weeks?|months?|years?"

_Handler = Callable[[re.Match[str]], tuple[datetime, datetime] | None]

#: How long a user may be silent before "now" for them means their last turn.
ANCHOR_SILENCE = timedelta(days=7)


@dataclass(frozen=True)
class TimeWindow:
    """A half-open UTC interval named by a phrase of the query."""

    start: datetime
    end: datetime
    phrase: str
    span: tuple[int, int]  # where the phrase sits in the query

    def contains(self, ts: float) -> bool:
        """Whether a POSIX timestamp falls inside."""
        return self.start.timestamp() <= ts < self.end.timestamp()

    def strip(self, query: str) -> str:
        """The query without the time phrase (what is left to match on content)."""
        a, b = self.span
        return (query[:a] + " " + query[b:]).strip()


def choose_anchor(now: datetime, latest: datetime | None) -> datetime:
    """The present for a user: *now*, or their latest turn if they went quiet long ago."""
    if latest is not None and now - latest > ANCHOR_SILENCE:
        return latest
    return now


def _day(dt: datetime) -> datetime:
    return dt.replace(hour=0, minute=0, second=0, microsecond=0)


def _month_start(year: int, month: int) -> datetime:
    return datetime(year, month, 1, tzinfo=UTC)


def _add_months(dt: datetime, months: int) -> datetime:
    first = add_months(dt.date(), months)
    return dt.replace(year=first.year, month=first.month, day=1)


def _num(text: str) -> int:
    t = text.lower()
    return int(t) if t.isdigit() else _NUMBERS.get(t, 1)


def _unit_delta(n: int, unit: str, anchor: datetime) -> tuple[datetime, datetime]:
    """The calendar period *n* units before the anchor (for "N units ago")."""
    unit = unit.rstrip("s")
    if unit == "day":
        start = _day(anchor) - timedelta(days=n)
        return start, start + timedelta(days=1)
    if unit == "week":
        monday = _day(anchor) - timedelta(days=anchor.weekday())
        start = monday - timedelta(weeks=n)
        return start, start + timedelta(weeks=1)
    if unit == "month":
        start = _add_months(_month_start(anchor.year, anchor.month), -n)
        return start, _add_months(start, 1)
    year = anchor.year - n
    return datetime(year, 1, 1, tzinfo=UTC), datetime(year + 1, 1, 1, tzinfo=UTC)


def _recent_month(month: int, anchor: datetime) -> int:
    """The year of the most recent *month* not after the anchor."""
    return anchor.year if month <= anchor.month else anchor.year - 1


def _safe_date(year: int, month: int, day: int) -> datetime | None:
    d = safe_date(year, month, day)
    return None if d is None else datetime(d.year, d.month, d.day, tzinfo=UTC)


def _rules(anchor: datetime) -> list[tuple[re.Pattern[str], _Handler]]:
    today = _day(anchor)
    end_now = anchor + timedelta(seconds=1)
    monday = today - timedelta(days=today.weekday())
    month0 = _month_start(anchor.year, anchor.month)
    jan1 = datetime(anchor.year, 1, 1, tzinfo=UTC)

    def fixed(start: datetime, end: datetime) -> _Handler:
        return lambda m: (start, end)

    def last_n(m: re.Match[str]) -> tuple[datetime, datetime]:
        n, unit = _num(m.group("n")), m.group("unit").rstrip("s")
        start = {
            "day": today - timedelta(days=n - 1),
            "week": anchor - timedelta(weeks=n),
            "month": _add_months(anchor, -n) if n else anchor,
            "year": anchor.replace(year=anchor.year - n, day=min(anchor.day, 28)),
        }[unit]
        return start, end_now

    def ago(m: re.Match[str]) -> tuple[datetime, datetime]:
        return _unit_delta(_num(m.group("n")), m.group("unit"), anchor)

    def weekday(m: re.Match[str]) -> tuple[datetime, datetime]:
        wd = _WEEKDAYS[m.group("wd").lower()]
        back = (today.weekday() - wd) % 7 or 7
        start = today - timedelta(days=back)
        return start, start + timedelta(days=1)

    def day_month(m: re.Match[str]) -> tuple[datetime, datetime] | None:
        month = _MONTHS[m.group("mon").lower()]
        day = int(m.group("d"))
        year = int(m.group("y")) if m.group("y") else _recent_month(month, anchor)
        start = _safe_date(year, month, day)
        if start is None:
            return None
        if not m.group("y") and start > anchor:
            start = _safe_date(year - 1, month, day) or start
        return start, start + timedelta(days=1)

    def month_year(m: re.Match[str]) -> tuple[datetime, datetime]:
        month = _MONTHS[m.group("mon").lower()]
        year = int(m.group("y")) if m.group("y") else _recent_month(month, anchor)
        start = _month_start(year, month)
        return start, _add_months(start, 1)

    def year(m: re.Match[str]) -> tuple[datetime, datetime]:
        y = int(m.group("y"))
        return datetime(y, 1, 1, tzinfo=UTC), datetime(y + 1, 1, 1, tzinfo=UTC)

    def iso_day(m: re.Match[str]) -> tuple[datetime, datetime] | None:
        start = _safe_date(int(m.group("y")), int(m.group("mo")), int(m.group("d")))
        return (start, start + timedelta(days=1)) if start else None

    last_sat = today - timedelta(days=(today.weekday() - 5) % 7 or 7)
    b = r"\b"
    year_tail = r"(?:,?\s+(?P<y>\d{4}))?"
    dm = rf"(?P<d>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<mon>{_MONTH_RE})\.?{year_tail}"
    md = rf"(?P<mon>{_MONTH_RE})\.?\s+(?P<d>\d{{1,2}})(?:st|nd|rd|th)?{year_tail}"
    return [
        (re.compile(rf"{b}(?P<y>\d{{4}})-(?P<mo>\d{{2}})-(?P<d>\d{{2}}){b}"), iso_day),
        (re.compile(rf"{b}(?:the\s+)?day\s+before\s+yesterday{b}"),
         fixed(today - timedelta(days=2), today - timedelta(days=1))),
        (re.compile(rf"{b}yesterday{b}"), fixed(today - timedelta(days=1), today)),
        (re.compile(rf"{b}(?:today|tonight|this\s+(?:morning|afternoon|evening)|earlier\s+today){b}"),
         fixed(today, today + timedelta(days=1))),
        (re.compile(rf"{b}(?:in\s+the\s+)?(?:last|past|previous)\s+(?P<n>{_NUM_RE})\s+(?P<unit>{_UNIT_RE}){b}"),
         last_n),
        (re.compile(rf"{b}(?P<n>{_NUM_RE})\s+(?P<unit>{_UNIT_RE})\s+ago{b}"), ago),
        (re.compile(rf"{b}(?:last|this\s+past)\s+weekend{b}"),
         fixed(last_sat, last_sat + timedelta(days=2))),
        (re.compile(rf"{b}(?:last|previous|past)\s+week{b}"),
         fixed(monday - timedelta(weeks=1), end_now)),
        (re.compile(rf"{b}this\s+week{b}"), fixed(monday, end_now)),
        (re.compile(rf"{b}(?:last|previous|past)\s+month{b}"),
         fixed(_add_months(month0, -1), end_now)),
        (re.compile(rf"{b}this\s+month{b}"), fixed(month0, end_now)),
        (re.compile(rf"{b}(?:last|previous)\s+year{b}"),
         fixed(datetime(anchor.year - 1, 1, 1, tzinfo=UTC), jan1)),
        (re.compile(rf"{b}(?:this|the\s+past)\s+year{b}"),
         fixed(jan1, end_now)),
        (re.compile(rf"{b}(?:recently|lately|these\s+days|the\s+other\s+day){b}"),
         fixed(today - timedelta(days=14), end_now)),
        (re.compile(rf"{b}(?:on\s+|last\s+)?(?P<wd>{_WEEKDAY_RE}){b}"), weekday),
        (re.compile(rf"{b}(?:on\s+)?{dm}{b}"), day_month),
        (re.compile(rf"{b}(?:on\s+)?{md}{b}"), day_month),
        (re.compile(rf"{b}(?:in|during|of|since)\s+(?P<mon>{_MONTH_RE})\.?(?:,?\s+(?P<y>\d{{4}}))?{b}"),
         month_year),
        (re.compile(rf"{b}(?P<mon>{_MONTH_RE})\.?,?\s+(?P<y>\d{{4}}){b}"), month_year),
        (re.compile(rf"{b}(?:in|during|of|since)\s+(?P<y>(?:19|20)\d{{2}}){b}"), year),
    ]


def parse_time(query: str, anchor: datetime) -> TimeWindow | None:
    """The first time expression in *query* as a window, or None."""
    anchor = anchor.astimezone(UTC)
    lowered = query.lower()
    best: TimeWindow | None = None
    for pattern, handler in _rules(anchor):
        m = pattern.search(lowered)
        if m is None:
            continue
        got = handler(m)
        if got is None:
            continue
        start, end = got
        if m.group(0).startswith("since"):
            end = max(end, anchor + timedelta(seconds=1))  # "since May": up to now
        window = TimeWindow(start, end, query[m.start():m.end()], (m.start(), m.end()))
        # Rules are ordered from specific to general; among matches keep the earliest
        # in the query unless a more specific rule already matched the same place.
        if best is None or m.start() < best.span[0]:
            best = window
        if best is window and m.start() == 0:
            break
    return best


# "used to" is the past habit ("where did she use(d) to live"), not the passive
# "be used to" ("which number should be used to call her": present); "how old"
# and "years old" ask an age, not for an old value.
_PAST_RE = re.compile(
    r"\b(?:(?<!\bbe\s)(?<!\bis\s)(?<!\bare\s)(?<!\bbeing\s)(?<!\bget\s)(?<!\bgot\s)"
    r"used\s+to|(?<!\bhow\s)(?<!\byears\s)old(?!\s+(?:is|are)\b)|before|previously|"
    r"formerly|originally|at\s+first|in\s+the\s+past|"
    r"back\s+then|earlier|no\s+longer|any\s*more|former|prior|history|changed?|"
    r"first\s+time|initially|was\s+\w+\s+before|did\s+\w+\s+use)\b",
    re.IGNORECASE,
)


def about_past(query: str, window: TimeWindow | None, anchor: datetime) -> bool:
    """Whether the question is about how things were (show superseded facts too)."""
    if _PAST_RE.search(query):
        return True
    return window is not None and window.end < anchor - timedelta(days=1)
