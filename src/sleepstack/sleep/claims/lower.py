"""Organisation names typed in lower case ("i work at accenture", "started at h&m").

:mod:`.values` reads a name by its capital letters; chat typing drops them, and
then the speaker's old employer is never read, so nothing supersedes it later.
This module reads such a name by structure and rarity, and only for a clause
already known (by meaning, :mod:`.classify`) to be about an organisation slot:

* it is the object of "at/for/joined" (a workplace is where, or whom, one works for);
* it is not an ordinary English word: every word of it is missing from MiniLM's
  WordPiece vocabulary as a whole word (the vocabulary holds the ~20k most frequent
  words, so "home", "night", "google" are in it and "accenture", "ikea" are not),
  or it has a name's shape ("h&m", "3m");
* a closed stop list of determiners, pronouns and time words ends or refuses it.

Without the vocabulary (model not installed) nothing is read: fail closed.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ...adapters.embed.minilm import vocabulary_words
from ...errors import EmbedderError

__all__ = ["known_words", "lower_org", "rare_word", "vocabulary"]


# Closed classes: what follows "at/for" and is never a company.
_STOP_WORDS = (
    "a an the my our your his her their this that these those it its me myself us we you "
    "them him home work night nights weekends weekend least last first once all some any "
    "now today tonight present moment uni school college church hospital lunch dinner "
    "breakfast free fun money ages years hours months weeks days minutes sure real cash "
    "gym pub mall beach office desk"
)
_STOP = frozenset(_STOP_WORDS.split())
# Words that end the name ("at ikea now", "for deloitte since may").
_END_WORDS = (
    "now today since from until till and but so because as in on at for with then again "
    "anymore too also though yet still already just these this last next every starting "
    "effective after before when while which who that is are was were"
)
_END = frozenset(_END_WORDS.split())
_HEAD = re.compile(r"\b(?:work(?:s|ed|ing)?\s+(?:at|for)|job\s+(?:at|with)|(?:started|"
                   r"starting|start|hired)\s+(?:at|by)|joined|joining|join|"
                   r"employed\s+(?:at|by)|intern(?:ing)?\s+at|i'm\s+at|i\s+am\s+at|"
                   r"quit|left|leaving|notice\s+at)\s+$", re.I)
_WORD = re.compile(r"[a-z][a-z0-9&'’.-]*|[0-9]+[a-z&][a-z0-9&]*", re.I)


@lru_cache(maxsize=1)
def _vocab() -> frozenset[str]:
    """The whole words of MiniLM's vocabulary (empty when the model is not installed)."""
    try:
        return vocabulary_words()
    except (EmbedderError, OSError, ValueError):
        return frozenset()


def _rare(word: str) -> bool:
    w = word.casefold().strip("'’.")
    if not w or w in _STOP:
        return False
    if re.search(r"[&0-9]", w) and re.search(r"[a-z]", w):
        return True  # "h&m", "3m", "at&t": a name by its shape
    vocab = _vocab()
    # An inflected word ("volunteering", "transitioning") is missing from the vocabulary
    # only as a whole: it is a verb form, no name.
    return bool(vocab) and w.isalpha() and len(w) >= 3 and w not in vocab \
        and not re.search(r"(?:ing|ed|ly)$", w)


def vocabulary() -> frozenset[str]:
    """The whole words of MiniLM's vocabulary (empty when the model is not installed)."""
    return _vocab()


def known_words(name: str) -> list[bool] | None:
    """For each run of letters in *name*, whether it is a whole word of MiniLM's vocabulary.

    None when the model is not installed. Closed-class readers (.products,
    .whereabouts) ask it whether a name is also an ordinary word.
    """
    vocab = _vocab()
    if not vocab:
        return None
    return [w in vocab for w in re.findall(r"[^\W\d_]+", name.casefold())]


def rare_word(word: str) -> bool:
    """Whether *word* is no ordinary English word (or has a name's shape): a name typed low."""
    return _rare(word)


def lower_org(clause: str) -> list[tuple[int, int, str]]:
    """Lower-case organisation names governed by a work verb in *clause*, with offsets."""
    out: list[tuple[int, int, str]] = []
    for m in _WORD.finditer(clause):
        w = m.group(0)
        if w[0].isupper() or not _HEAD.search(clause[: m.start()][-40:]) or not _rare(w):
            continue
        end = m.end()
        # Up to two more words of the name ("tata consultancy"), each rare too.
        for _ in range(2):
            n = re.match(r"\s+([a-z][\w&'’.-]*)", clause[end:])
            if n is None or n.group(1).casefold() in _END or not _rare(n.group(1)):
                break
            end += n.end()
        text = clause[m.start(): end].rstrip("'’.-")
        out.append((m.start(), m.start() + len(text), text))
    return out
