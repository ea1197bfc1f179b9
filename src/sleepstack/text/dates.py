"""Calendar words and date arithmetic shared by every date reader.

One copy of the month, weekday and number-word tables and of the small date
helpers, used by :mod:`sleepstack.sleep.dates` (relative dates in what people
say, resolved to absolute days) and :mod:`sleepstack.wake.timeparse` (time
windows in questions). Pure functions, no I/O.
"""

from __future__ import annotations

import calendar
from datetime import date

__all__ = [
    "FULL_MONTHS",
    "FULL_WEEKDAYS",
    "MONTHS",
    "MONTH_NAMES",
    "NUMBERS",
    "WEEKDAYS",
    "add_months",
    "month_end",
    "safe_date",
]

#: month words (full names and abbreviations, lower case) -> month number
MONTHS: dict[str, int] = {
    "january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4,
    "apr": 4, "may": 5, "june": 6, "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8,
    "september": 9, "sep": 9, "sept": 9, "october": 10, "oct": 10, "november": 11, "nov": 11,
    "december": 12, "dec": 12,
}  # fmt: skip
#: full month names only (lower case): abbreviations like "mar" or "sep" are words too
FULL_MONTHS: dict[str, int] = {
    k: v for k, v in MONTHS.items() if k == calendar.month_name[v].lower()
}
#: ``MONTH_NAMES[n]`` is the English name of month *n* (index 0 is empty)
MONTH_NAMES: list[str] = [calendar.month_name[i] for i in range(13)]
#: weekday words (full names and abbreviations, lower case) -> ``date.weekday()``
WEEKDAYS: dict[str, int] = {
    "monday": 0, "mon": 0, "tuesday": 1, "tue": 1, "tues": 1, "wednesday": 2, "wed": 2,
    "thursday": 3, "thu": 3, "thur": 3, "thurs": 3, "friday": 4, "fri": 4, "saturday": 5,
    "sat": 5, "sunday": 6, "sun": 6,
}  # fmt: skip
#: full weekday names only (lower case)
FULL_WEEKDAYS: dict[str, int] = {
    k: v for k, v in WEEKDAYS.items() if k == calendar.day_name[v].lower()
}
#: number words a time phrase may count with ("two weeks ago", "a couple of days")
NUMBERS: dict[str, int] = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
    "a couple of": 2, "a couple": 2, "couple of": 2, "a few": 3, "few": 3,
}  # fmt: skip


def add_months(d: date, n: int) -> date:
    """The first day of the month *n* months after (or before, *n* < 0) *d*'s month."""
    y, m = divmod(d.month - 1 + n, 12)
    return date(d.year + y, m + 1, 1)


def month_end(d: date) -> date:
    """The last day of *d*'s month."""
    return date(d.year, d.month, calendar.monthrange(d.year, d.month)[1])


def safe_date(y: int, m: int, d: int) -> date | None:
    """The date, or None when it does not exist (February 30)."""
    try:
        return date(y, m, d)
    except ValueError:
        return None
