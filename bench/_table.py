"""Tiny helpers shared by the benchmarks: percentiles and aligned tables."""

from __future__ import annotations

import statistics
from collections.abc import Sequence


def pct(values: Sequence[float], q: float) -> float:
    """The q-th percentile (0-100) by nearest rank on sorted values."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1))))
    return ordered[k]


def median(values: Sequence[float]) -> float:
    """The median (nan when empty)."""
    return statistics.median(values) if values else float("nan")


def table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A Markdown table with aligned columns (pastes into the README as is)."""
    cells = [[str(h) for h in headers]] + [[_fmt(c) for c in r] for r in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]
    lines = ["| " + " | ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)) + " |"
             for r in cells]
    lines.insert(1, "|" + "|".join("-" * (w + 2) for w in widths) + "|")
    return "\n".join(lines)


def _fmt(value: object) -> str:
    if isinstance(value, float):
        if value != value:  # nan
            return "n/a"
        if abs(value) >= 100:
            return f"{value:,.0f}"
        return f"{value:.3g}" if abs(value) < 1 else f"{value:.2f}"
    return str(value)
