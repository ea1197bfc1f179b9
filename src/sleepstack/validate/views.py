"""De-obfuscated *views* of a text that the injection rules and the learned head read too.

The rules already match on a normalised copy (NFKC, case fold, confusable
letters, leetspeak: :func:`sleepstack.validate.injection_text.normalise`) and
re-scan base64 / hex / percent-encoded blobs. This module adds the two
obfuscations that normalising characters one by one cannot undo:

* **spaced-out letters** ("i g n o r e  a l l  p r e v i o u s", "I.G.N.O.R.E",
  "d-i-s-r-e-g-a-r-d"): runs of single letters are joined; where the run
  carries no word gaps, the letters are split back into words with the
  MiniLM WordPiece vocabulary (fewest words wins), so
  "ignoreallpreviousinstructions" reads "ignore all previous instructions";
* **ROT13**: the rotated text is a view only when it reads as English
  (clearly more common words than the text as given), so ordinary text never
  grows a nonsense twin.

:func:`decoded_views` returns ``(kind, text)`` pairs, never the original;
every caller reads the original as well.
"""

from __future__ import annotations

import codecs
import re
from functools import lru_cache

from ..adapters.embed.minilm import vocabulary_words

__all__ = ["decoded_views", "despace", "rot13_view", "segment"]

# A run of >= 4 single letters separated by one separator kind (space, dot, dash,
# underscore, pipe). Word gaps inside the run are two or more separators.
_SPACED = re.compile(
    r"(?<![^\W\d_])(?:[^\W\d_](?:[ .\-_|/]{1,3}|\u00b7)){3,}[^\W\d_](?![^\W\d_])")
_GAP = re.compile(r"[ .\-_|/\u00b7]{2,}")
_SEP = re.compile(r"[ .\-_|/\u00b7]")
_MAX_WORD = 18

# Frequent English words (articles, pronouns, auxiliaries and the verbs and
# nouns of instructions) that decide whether a ROT13 view reads as English.
_COMMON_WORDS = """
the a an and or to of in on for with from by at as is are was be been this that these those
it its you your yours we our us i me my he she they them their all any every no not now
do does did don't can could will would should must may please then than if when what who
how why where which there here just only also new old previous prior above earlier before
after ignore forget disregard instructions instruction rules rule system prompt message
user assistant ai model tell say send email write reply answer output print show reveal
password secret key data memory remember always never from-now-on follow obey execute
call tool delete same
"""
_COMMON = frozenset(_COMMON_WORDS.split())
_WORDS = re.compile(r"[a-z']+")


@lru_cache(maxsize=1)
def _words() -> frozenset[str]:
    # Whole-word WordPiece entries: an English vocabulary that ships with the
    # embedder, so no extra word list is needed (ASCII, no one-letter words but a/i).
    return frozenset(w for w in vocabulary_words()
                     if w.isascii() and (len(w) > 1 or w in ("a", "i")))


def segment(letters: str) -> str:
    """Split a run of letters into the fewest vocabulary words ("ignoreall" -> "ignore all").

    Letters that no word covers stay as one-letter pieces, so the result
    always spells *letters* again with spaces removed.
    """
    s = letters.lower()
    if len(s) > 400:
        return s
    vocab = _words()
    n = len(s)
    inf = n + 1
    cost = [0] + [inf] * n
    back = [0] * (n + 1)
    for end in range(1, n + 1):
        for start in range(max(0, end - _MAX_WORD), end):
            piece = s[start:end]
            step = 1 if piece in vocab else 3  # an unknown letter costs more than a word
            if end - start > 1 and step == 3:
                continue
            if cost[start] + step < cost[end]:
                cost[end] = cost[start] + step
                back[end] = start
    pieces: list[str] = []
    end = n
    while end > 0:
        pieces.append(s[back[end]:end])
        end = back[end]
    return " ".join(reversed(pieces))


def despace(text: str) -> str | None:
    """*text* with every spaced-out letter run joined into words, or None when it has none."""
    if not _SPACED.search(text):
        return None

    def join(m: re.Match[str]) -> str:
        run = m.group(0)
        words = [_SEP.sub("", w) for w in _GAP.split(run)]
        if len(words) == 1:  # no word gaps: find the words
            return segment(words[0])
        return " ".join(w if len(w) < 12 else segment(w) for w in words)

    out = _SPACED.sub(join, text)
    return out if out != text else None


def _english_score(text: str) -> int:
    return sum(w in _COMMON for w in _WORDS.findall(text.lower()))


def rot13_view(text: str) -> str | None:
    """The ROT13 decoding of *text* when it reads clearly more like English, else None."""
    if not any(c.isascii() and c.isalpha() for c in text):
        return None
    rotated = codecs.encode(text, "rot13")
    got, had = _english_score(rotated), _english_score(text)
    if got >= 3 and got >= 2 * had + 2:
        return rotated
    return None


@lru_cache(maxsize=256)
def decoded_views(text: str) -> tuple[tuple[str, str], ...]:
    """``(kind, view)`` for every obfuscation this module can undo in *text*.

    Cached (the rules and the learned head ask for the same text's views).
    """
    views: list[tuple[str, str]] = []
    spaced = despace(text)
    if spaced is not None:
        views.append(("spaced", spaced))
    rot = rot13_view(text)
    if rot is not None:
        views.append(("rot13", rot))
        spaced_rot = despace(rot)
        if spaced_rot is not None:
            views.append(("rot13+spaced", spaced_rot))
    return tuple(views)
