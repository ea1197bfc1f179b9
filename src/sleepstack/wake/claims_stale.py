"""Stale by slot: turns and notes that state a value the user's claims map has closed.

The sleep cycle keeps, per user, every slot's values with their windows
(``user/<u>/claims.json``, :mod:`sleepstack.layers.claims_map`). Here each
value a newer claim replaced, or an explicit removal ended ("we gave the cat
away", "dropped Spanish"), marks as no longer current:

* the turns that stated it (its citations), however many cycles ago;
* every older raw turn, note or summary line that names the value and no
  current value of the same slot ("we moved from Boston to Seattle" states the
  change and stays unmarked). In a multi-valued slot a line that also names a
  value still current is marked as *partly* no longer current.

Values are matched as words (all of a value's words, plurals and possessives
folded), phone numbers by their digits and e-mail addresses whole. Read-only:
one small file per user, read through the store and cached on its state.
"""

from __future__ import annotations

import os
import re
import threading
from collections.abc import Sequence

from ..errors import SleepstackError
from ..index.rows import Row
from ..layers.claims_map import ClaimValue, SlotHistory, claims_path, load_claims_map
from ..store import Store
from .stale import iso_timestamp

__all__ = ["PARTLY", "claims_for", "stale_by_claims", "value_named"]

#: appended to the "since" of a line that also states a value still current
PARTLY = "~partly"

_WORD = re.compile(r"[\w@+.'’&-]+")
_SKIP_WORDS = "a an the my our of and to in at on for with"
_SKIP = frozenset(_SKIP_WORDS.split())
_cache: dict[tuple[int, str], tuple[object, dict[str, SlotHistory]]] = {}
_lock = threading.Lock()


def _state(store: Store, path: str, gen_ident: object) -> object:
    root = store.fs.local_path()
    if root is None:
        # A remote store: the map changes only with a cycle, which publishes a
        # new generation; without one (degraded) it is read every time.
        return None if gen_ident is None else ("gen", gen_ident)
    try:
        st = os.stat(os.path.join(root, path))
    except OSError:
        return ("absent",)  # no cycle wrote one yet: nothing to read until one does
    return (st.st_size, st.st_mtime_ns)


def claims_for(store: Store, user: str, gen_ident: object = None) -> dict[str, SlotHistory]:
    """The user's claims map (empty when there is none or it cannot be read)."""
    path = claims_path(user)
    state = _state(store, path, gen_ident)
    key = (id(store), user)
    with _lock:
        hit = _cache.get(key)
    if hit is not None and state is not None and hit[0] == state:
        return hit[1]
    if state == ("absent",):
        slots: dict[str, SlotHistory] = {}
        with _lock:
            _cache[key] = (state, slots)
        return slots
    try:
        slots = load_claims_map(store.read_text(path))
    except (SleepstackError, OSError, UnicodeDecodeError):
        slots = {}
    with _lock:
        if len(_cache) > 4096:
            _cache.clear()
        _cache[key] = (state, slots)
    return slots


def _fold(w: str) -> str:
    w = w.strip(".,'’-!?;:").casefold()
    if w.endswith(("'s", "’s")):
        w = w[:-2]
    return w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w


def _text_words(text: str) -> set[str]:
    return {_fold(w) for w in _WORD.findall(text)}


_NON_DIGIT = re.compile(r"\D+")


def _digits(text: str) -> str:
    return _NON_DIGIT.sub("", text)


class _Matcher:
    """Whether a text names one value."""

    def __init__(self, value: str) -> None:
        v = value.strip()
        self.email = v.casefold() if "@" in v and " " not in v else None
        digits = _digits(v)
        self.digits = digits if len(digits) >= 6 and len(digits) >= len(v.replace(" ", "")) // 2 \
            else None
        self.words = [w for w in (_fold(x) for x in _WORD.findall(v)) if w and w not in _SKIP]
        # A cheap first test on the lower-cased text before it is split into words.
        self.needle = self.email or (None if self.digits else max(self.words, key=len,
                                                                  default=""))

    @property
    def usable(self) -> bool:
        return bool(self.email or self.digits or self.words)

    def may_be_in(self, low: str, digits: str) -> bool:
        """The cheap first test: False when the lower-cased text cannot name the value."""
        if self.digits is not None:
            return self.digits in digits
        return bool(self.needle) and self.needle is not None and self.needle in low

    def named_in(self, text: str, words: set[str], digits: str) -> bool:
        if self.email is not None:
            return self.email in text.casefold()
        if self.digits is not None:
            return self.digits in digits
        return all(w in words for w in self.words)


def value_named(value: str, text: str) -> bool:
    """Whether *text* names *value*, matched as :func:`stale_by_claims` matches values."""
    m = _Matcher(value)
    return m.usable and m.named_in(text, _text_words(text), _digits(text))


def stale_by_claims(slots: dict[str, SlotHistory],
                    rows: Sequence[Row]) -> dict[str, tuple[str | None, str]]:
    """Turn ids (raw) and row keys (notes, summaries) the map shows as no longer current.

    Each maps to ``(superseded_by, since)``, like the facts' own marks; ``since``
    ends in :data:`PARTLY` where the line also names a value still current.
    """
    out: dict[str, tuple[str | None, str]] = {}
    # (matcher, current matchers of its slot, multi, by, since, since_ts, removal turns)
    closed: list[tuple[_Matcher, list[_Matcher], bool, ClaimValue, str, float]] = []
    for h in slots.values():
        current = [_Matcher(v.value) for v in h.current()]
        current_turns = {t for v in h.current() for t in v.turns}
        for v in h.values:
            if v.valid_to is None or not (v.by or v.ended):
                continue
            since_ts = iso_timestamp(v.valid_to)
            if since_ts is None:
                continue
            removal = v.ended and v.by is None  # the removal statement itself
            if not removal:
                for t in v.turns:  # the turns that stated it
                    since = v.valid_to + (PARTLY if t in current_turns else "")
                    prev = out.get(t)
                    if prev is None or prev[1] < since:
                        out[t] = (v.by, since)
            m = _Matcher(v.value)
            if m.usable:
                closed.append((m, current, h.multi, v, v.valid_to, since_ts))
    if not closed:
        return out
    latest = max(c[5] for c in closed)
    any_digits = any(c[0].digits for c in closed)
    for row in rows:
        if row.layer not in ("raw", "note", "short_term") or not row.cites:
            continue
        ts = row.at_ts
        if ts is None or ts >= latest:
            continue
        low = row.text.casefold()
        digits = _digits(low) if any_digits else ""
        hits = [c for c in closed if ts < c[5] and c[0].may_be_in(low, digits)]
        if not hits:
            continue
        words = _text_words(row.text)
        for m, current, multi, v, since, _since_ts in hits:
            if not m.named_in(row.text, words, digits):
                continue
            also = any(c.named_in(row.text, words, digits) for c in current)
            if also and not multi:
                continue  # names the old and the new value: it states the change
            mark = (v.by, since + (PARTLY if also else ""))
            for key in (row.cites if row.layer == "raw" else (row.key,)):
                prev = out.get(key)
                if prev is None or prev[1] < mark[1]:
                    out[key] = mark
    return out
