"""The range of times a turn may carry: anything else is a usage error.

A turn's ``at`` decides where it is filed (``memory/log/<user>/<day>.md``) and
how recent it ranks, so a time far in the past or the future is almost always
a mistake, or an attempt to pin a turn to the top of every recall (a year-9999
turn was "the newest" for ever). The range is ``[log] earliest`` (default
1970-01-01) up to ``[log] max_future_days`` past now (default 1, for clock
skew between an agent and the store), from ``sleepstack.toml``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from ..errors import UsageError

__all__ = ["DEFAULT_EARLIEST", "DEFAULT_MAX_FUTURE_DAYS", "TimeRange"]

DEFAULT_EARLIEST = datetime(1970, 1, 1, tzinfo=UTC)
DEFAULT_MAX_FUTURE_DAYS = 1.0


@dataclass(frozen=True)
class TimeRange:
    """The accepted turn times: from *earliest* to now plus *max_future_days*."""

    earliest: datetime = DEFAULT_EARLIEST
    max_future_days: float = DEFAULT_MAX_FUTURE_DAYS

    @classmethod
    def parse(cls, earliest: object = None, max_future_days: object = None) -> TimeRange:
        """From the ``[log]`` table's values (None: the default); a usage error if malformed."""
        start = cls.earliest
        if earliest is not None:
            try:
                start = datetime.fromisoformat(str(earliest).replace("Z", "+00:00"))
            except ValueError:
                raise UsageError(f"[log] earliest must be an ISO 8601 time, not {earliest!r}",
                                 earliest=str(earliest)) from None
            if start.tzinfo is None:
                start = start.replace(tzinfo=UTC)
        days = cls.max_future_days
        if max_future_days is not None:
            try:
                days = float(max_future_days)  # type: ignore[arg-type]
            except (TypeError, ValueError):
                raise UsageError("[log] max_future_days must be a number of days, not "
                                 f"{max_future_days!r}") from None
            if not 0 <= days <= 36_500:
                raise UsageError("[log] max_future_days must be between 0 and 36500")
        return cls(start, days)

    def check(self, at: datetime, *, now: datetime | None = None) -> datetime:
        """*at* itself, or :class:`UsageError` naming the accepted range."""
        latest = (now or datetime.now(UTC)) + timedelta(days=self.max_future_days)
        if not self.earliest <= at <= latest:
            raise UsageError(
                f"time {at.isoformat()} is outside the accepted range "
                f"{self.earliest.isoformat()} .. {latest.isoformat(timespec='seconds')}"
                " (set [log] earliest / max_future_days in sleepstack.toml)",
                at=at.isoformat(), rule="time_range")
        return at
