"""Expiry: current facts older than their category's time-to-live are closed.

Some facts go stale on their own (a plan, a mood, a short-lived project); the
sleep cycle closes them with ``valid_to = now`` and ``expired = True`` so that
recall stops offering them as current. Nothing is destroyed: an expired fact
stays in ``facts.jsonl`` as history.

Age is measured from the freshest evidence we have: ``valid_from``, the
fact's own ``at``, and (when the caller knows them) the times of the turns it
cites, so a fact restated yesterday is not expired for being first said a
year ago. Pure function: plain values in, plain values out.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime, timedelta

from ..layers.facts import Fact
from ..layers.rawlog import iso

__all__ = ["expire"]


def _t(ts: str) -> datetime:
    dt = datetime.fromisoformat(ts.replace("Z", "+00:00"))
    return dt.replace(tzinfo=UTC) if dt.tzinfo is None else dt.astimezone(UTC)


_ISO_DAY = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")


def _plan_day(f: Fact) -> datetime | None:
    """The latest day a plan's value or sentence names, besides the day it was stated."""
    stated = f.at[:10]
    days = [m.group(0) for m in _ISO_DAY.finditer(f"{f.value} {f.text}") if m.group(0) != stated]
    best: datetime | None = None
    for d in days:
        try:
            dt = datetime.fromisoformat(d).replace(tzinfo=UTC)
        except ValueError:
            continue
        best = dt if best is None or dt > best else best
    return best


def expire(
    facts: Sequence[Fact],
    ttl_days: Mapping[str, int],
    now: datetime | str,
    *,
    cite_times: Mapping[str, str] | None = None,
) -> tuple[list[Fact], list[Fact]]:
    """Return ``(all facts, newly expired facts)``.

    *ttl_days* maps a category to its time-to-live in days; a ``"default"`` key
    covers categories not listed, and without one they never expire. A TTL of
    zero or less (or None) means "never". *cite_times* maps turn ids to ISO
    times, letting a recent restatement keep a fact alive. Only current facts
    are considered; superseded and already expired ones are returned unchanged.
    A ``plan`` that names a date (other than the day it was stated) expires the
    day after that date instead.
    """
    now_dt = _t(now) if isinstance(now, str) else now
    if now_dt.tzinfo is None:
        now_dt = now_dt.replace(tzinfo=UTC)
    now_s = iso(now_dt)
    out: list[Fact] = []
    gone: list[Fact] = []
    for f in facts:
        ttl = ttl_days.get(f.category, ttl_days.get("default"))
        if not f.current or ttl is None or ttl <= 0:
            out.append(f)
            continue
        times = [_t(f.valid_from), _t(f.at)]
        if cite_times:
            times.extend(_t(cite_times[c]) for c in f.cites if c in cite_times)
        when = _plan_day(f) if f.category == "plan" else None
        if when is not None:
            # A dated plan is over the day after its date, whatever its TTL.
            if when + timedelta(days=1) < now_dt:
                f = f.close(now_s, expired=True)
                gone.append(f)
            out.append(f)
            continue
        if max(times) + timedelta(days=ttl) < now_dt:
            f = f.close(now_s, expired=True)
            gone.append(f)
        out.append(f)
    return out, gone
