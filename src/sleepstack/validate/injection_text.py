"""The readings of a proposal the injection rules match on: normalised text and decoded blobs.

:func:`normalise` gives a normalised copy of the text: NFKC (full-width and
mathematical letters fold to ASCII), case-folded, curly quotes straightened,
markdown emphasis removed, look-alike Cyrillic/Greek letters inside Latin
words mapped to Latin, and a leetspeak reading; offsets map back to the
original. :func:`decode_blob` reads a base64 / hex / percent-encoded blob as
text when it is printable prose. Shared by the rule table's scorer
(:mod:`.injection_scorer`), the poisoning rules and the learned head, which all
read the same proposal (both are cached).
"""

from __future__ import annotations

import base64
import binascii
import bisect
import re
import unicodedata
import urllib.parse
from dataclasses import dataclass
from functools import lru_cache

__all__ = ["B64_BLOB", "HEX_BLOB", "MAX_BLOBS", "MAX_DEPTH", "PCT_BLOB", "Normalised",
           "decode_blob", "normalise"]


_CONFUSABLES = str.maketrans({
    "а": "a", "е": "e", "ё": "e", "к": "k", "о": "o", "р": "p", "с": "c", "у": "y", "х": "x",
    "ѕ": "s", "і": "i", "ї": "i", "ј": "j", "ԁ": "d", "һ": "h", "ԛ": "q", "ԝ": "w", "ӏ": "l",
    "ɡ": "g", "α": "a", "ο": "o", "ρ": "p", "ν": "v", "ι": "i", "κ": "k", "υ": "u", "χ": "x",
    "ε": "e", "ı": "i", "ℓ": "l",
})
_CONFUSABLE_CHARS = frozenset(k for k in "аеёкорсухѕіїјԁһԛԝӏɡαορνικυχεıℓ")
_PUNCT = str.maketrans({"’": "'", "‘": "'", "‛": "'", "“": '"', "”": '"', "„": '"', "*": " ",
                        "_": " ", "`": " ", "~": " ", "\u00a0": " "})
_LEET = str.maketrans({"0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "@": "a",
                       "$": "s"})
_LEET_WORD = re.compile(r"[a-z0-9@$]*[a-z][a-z0-9@$]*")
_NON_ASCII = re.compile(r"[^\x00-\x7f]+")
_CONFUSABLE_RX = re.compile("[" + "".join(sorted(_CONFUSABLE_CHARS)) + "]")
_NON_LEET_DIGIT = re.compile(r"[2689]")
_LEET_HINT = re.compile(r"[a-z][0-9@$]|[0-9@$][a-z]")
_WORD = re.compile(r"\w+")
_BOUNDARY = re.compile(r"[.!?]+(?=\s|$)|\n")


@dataclass
class Normalised:
    """A normalised reading of a text, with the map back to the original's offsets."""

    norm: str
    index: list[int] | None  # norm offset -> original offset (None: identical)
    leet: str | None = None
    _bounds: list[int] | None = None

    @property
    def bounds(self) -> list[int]:
        """Offsets in ``norm`` where a sentence or line ends."""
        if self._bounds is None:
            self._bounds = [m.end() for m in _BOUNDARY.finditer(self.norm)]
        return self._bounds

    def to_original(self, start: int, end: int, n: int) -> tuple[int, int]:
        """The span of the original text (of length *n*) behind ``norm[start:end]``."""
        if self.index is None:
            return start, end
        o_start = self.index[start] if start < len(self.index) else n
        o_end = self.index[end - 1] + 1 if 0 < end <= len(self.index) else o_start
        return o_start, max(o_start, o_end)

    def sentence(self, start: int, end: int) -> tuple[int, int]:
        """The sentence of ``norm`` around ``norm[start:end]``."""
        i = bisect.bisect_right(self.bounds, start)
        lo = self.bounds[i - 1] if i > 0 else 0
        j = bisect.bisect_left(self.bounds, end)
        hi = self.bounds[j] if j < len(self.bounds) else len(self.norm)
        return lo, hi


def _fix_mixed_script(word: re.Match[str]) -> str:
    w = word.group(0)
    if any(c in _CONFUSABLE_CHARS for c in w):
        has_latin = any("a" <= c <= "z" for c in w)
        if has_latin or all(c in _CONFUSABLE_CHARS for c in w):
            return w.translate(_CONFUSABLES)
    return w


def _leet_word(word: re.Match[str]) -> str:
    # A leetspeak word: short, some letters, and only digits that stand for letters
    # (0 1 3 4 5 7). Identifiers and tokens ("b2b", "x86", "a9f3…") are left alone.
    w = word.group(0)
    if len(w) <= 20 and sum(c.isalpha() for c in w) >= 2 and not _NON_LEET_DIGIT.search(w):
        return w.translate(_LEET)
    return w


@lru_cache(maxsize=256)
def normalise(text: str) -> Normalised:
    """*text* normalised for matching (see the module doc)."""
    # Cached: the rules, the poisoning rules and the learned head all read the
    # same normalised text of the same proposal.
    if text.isascii():
        norm = text.lower().translate(_PUNCT)
        index: list[int] | None = None
    else:
        # ASCII stretches are lowered in bulk; only non-ASCII characters are
        # folded one by one (NFKC may turn one character into several).
        chars: list[str] = []
        idx: list[int] = []
        pos = 0
        for m in _NON_ASCII.finditer(text):
            if m.start() > pos:
                chars.append(text[pos:m.start()].lower())
                idx.extend(range(pos, m.start()))
            for i in range(m.start(), m.end()):
                folded = unicodedata.normalize("NFKC", text[i]).casefold()
                chars.append(folded)
                idx.extend([i] * len(folded))
            pos = m.end()
        if pos < len(text):
            chars.append(text[pos:].lower())
            idx.extend(range(pos, len(text)))
        norm = "".join(chars).translate(_PUNCT)
        if _CONFUSABLE_RX.search(norm):
            norm = _WORD.sub(_fix_mixed_script, norm)
        index = idx
    leet = _LEET_WORD.sub(_leet_word, norm) if _LEET_HINT.search(norm) else norm
    return Normalised(norm, index, leet if leet != norm else None)


B64_BLOB = re.compile(r"(?<![A-Za-z0-9+/=_\-])[A-Za-z0-9+/_\-]{24,}={0,2}(?![A-Za-z0-9+/=_\-])")
HEX_BLOB = re.compile(r"(?<![0-9A-Fa-fx])(?:[0-9A-Fa-f]{2}[\s:]?){16,}(?![0-9A-Fa-f])")
PCT_BLOB = re.compile(r"(?:%[0-9A-Fa-f]{2}[^%\s]{0,3}){6,}")
MAX_BLOBS = 24
MAX_DEPTH = 2


def _printable_text(raw: bytes) -> str | None:
    try:
        s = raw.decode("utf-8")
    except UnicodeDecodeError:
        return None
    if not s:
        return None
    ok = sum(ch.isprintable() or ch in "\n\t\r" for ch in s)
    letters = sum(ch.isalpha() for ch in s)
    if ok / len(s) < 0.95 or letters / len(s) < 0.5 or " " not in s.strip():
        return None
    return s


@lru_cache(maxsize=512)  # the rules and the learned head decode the same blobs
def decode_blob(blob: str, kind: str) -> str | None:
    """The printable text an encoded blob (*kind* ``b64``, ``hex`` or ``pct``) holds, or None."""
    try:
        if kind == "b64":
            core = blob.rstrip("=")
            padded = core + "=" * (-len(core) % 4)
            if "-" in core or "_" in core:
                raw = base64.urlsafe_b64decode(padded)
            else:
                raw = base64.b64decode(padded)
        elif kind == "hex":
            raw = binascii.unhexlify(re.sub(r"[\s:]", "", blob))
        else:
            raw = urllib.parse.unquote_to_bytes(blob)
    except (ValueError, binascii.Error):
        return None
    return _printable_text(raw)
