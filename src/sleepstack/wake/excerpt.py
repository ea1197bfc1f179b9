"""Deep recall's compact turns: a long turn shown as the sentences that bear on the question.

A deep recall's context is mostly conversation turns, and a multi-hop
question needs many of them from many sessions; at a fixed token budget the
turns' small talk ("Hey Jon! Long time no see!", "Thanks! Glad you like
it.") and their sentences about something else crowd out evidence further
down the ranking. :func:`excerpt` shows a turn as:

* the whole turn when it is short (at most :attr:`ExcerptConfig.min_tokens`):
  cutting it would save little and lose its sense;
* else the sentences that write one of the question's content words (stemmed,
  as the index matches them), each with the sentence before and after it
  (:attr:`ExcerptConfig.before`, :attr:`ExcerptConfig.after`: the answer
  often sits beside the sentence that names the subject, "I loved "Becoming
  Nicole". Highly recommend it!"), and every sentence that names something
  specific (a quoted title, a proper name, a number: "Oscar, my guinea pig");
* else, when no sentence writes a question word (the turn was found by its
  meaning or through the graph), its first two sentences and the specific
  ones (:attr:`ExcerptConfig.unmatched_max`).

Small talk (a sentence with no content word outside greetings, thanks,
praise and the speakers' names) is never part of an excerpt, and the window
counts the other sentences only.

Dropped text is marked with ``…`` where it was, so a reader knows the line is
an excerpt; a bracketed aside (a shared photo's caption) is a sentence of its
own. The item keeps its full text and its cite: only the rendered line is
shorter. Fast recall never calls this module (its contexts are unchanged).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache

from ..text.token_count import count_tokens
from ..text.words import STOPWORDS, raw_words, stem
from .context import Piece

__all__ = ["DEFAULT_EXCERPT", "ELLIPSIS", "SMALL_TALK", "ExcerptConfig", "excerpt", "focus_terms",
           "preparer", "sentences", "speaker_words"]

ELLIPSIS = "…"


@dataclass(frozen=True)
class ExcerptConfig:
    """The knobs of the excerpt (tuned on LoCoMo conversations 0-4 only)."""

    on: bool = True
    focus: bool = True  # keep only the sentences writing a question word (when one does)
    min_tokens: int = 30  # a turn this short (or shorter) is shown whole
    after: int = 1  # how many sentences after a matching one are kept with it
    before: int = 1  # how many sentences before a matching one are kept with it
    drop_small_talk: bool = True  # drop greetings, thanks and praise
    #: also keep a sentence that names something specific (a quoted title, a proper
    #: name, a number): the answer to a question is often the name beside its subject
    specific: bool = True
    #: without a matching sentence, the first this many sentences (after the small
    #: talk) and the specific ones: a turn's opening sentences usually say what it is about
    unmatched_max: int = 2


#: the configuration deep recall uses (a benchmark may replace it to tune)
DEFAULT_EXCERPT = ExcerptConfig()

# A sentence ends at . ! ? (or a run of them, with closing quotes) before a space; a
# bracketed aside is a unit of its own.
_UNIT_RE = re.compile(r"\[[^\[\]]*\]|[^\[\]]+?(?:[.!?…]+[\"'”’)]*(?=\s|$)|(?=\[)|$)")

#: words of small talk: greetings, thanks, praise and agreement. A sentence with no
#: content word outside these (and stop words, and names) states nothing to recall.
SMALL_TALK = frozenset((
    "hey", "hi", "hello", "hiya", "yo", "bye", "goodbye", "later", "thanks", "thank", "thx",
    "wow", "whoa", "woah", "omg", "yay", "haha", "hahaha", "lol", "aw", "aww", "awww", "ooh",
    "oof", "hmm", "um", "uh", "ah", "great", "awesome", "amazing", "cool", "nice", "good",
    "wonderful", "fantastic", "incredible", "lovely", "sweet", "super", "glad", "happy",
    "congrats", "congratulations", "sure", "yeah", "yep", "yup", "nope", "okay", "totally",
    "absolutely", "definitely", "exactly", "true", "right", "indeed", "sounds", "sound",
    "love", "appreciate", "appreciated", "welcome", "pleasure", "care", "take", "see", "soon",
    "talk", "chat", "catch", "long", "time", "buddy", "pal", "dude", "man", "friend", "mate",
    "dear", "hear", "glad", "well", "fun", "cheers", "best", "luck", "keep", "awesome", "wish",
    "know", "think", "feel", "mean", "guess", "bet", "agree", "makes", "make", "sense",
    "proud", "stoked", "thrilled", "excited", "inspiring", "cute", "beautiful", "gorgeous",
))


@lru_cache(maxsize=65536)
def sentences(text: str) -> tuple[str, ...]:
    """*text*'s sentences and bracketed asides, in order, each stripped."""
    return tuple(s for m in _UNIT_RE.finditer(text) if (s := m.group().strip()))


def focus_terms(text: str) -> frozenset[str]:
    """The stemmed content words of a question (stop words and small talk left out)."""
    return frozenset(stem(w) for w in raw_words(text)
                     if w not in STOPWORDS and w not in SMALL_TALK and len(w) > 1)


@lru_cache(maxsize=65536)
def _stems(sentence: str) -> frozenset[str]:
    return frozenset(stem(w) for w in raw_words(sentence) if w not in STOPWORDS)


@lru_cache(maxsize=65536)
def _small_talk(sentence: str, names: frozenset[str]) -> bool:
    """No word but stop words, small talk and the speakers' names."""
    return all(w in STOPWORDS or w in SMALL_TALK or w in names or len(w) < 2
               for w in raw_words(sentence))


_QUOTED_RE = re.compile(r"[\"“”][^\"“”]{2,80}[\"“”]")
_NAME_RE = re.compile(r"(?<=[\w,;:)-] )[A-Z][\w'’-]*|\d")


@lru_cache(maxsize=65536)
def _specific(sentence: str, names: frozenset[str]) -> bool:
    """Whether *sentence* quotes a title, writes a number or a proper name (not a speaker's).

    A capitalised word counts only inside the sentence (not its first word)
    and when it is not "I" or one of *names*.
    """
    if _QUOTED_RE.search(sentence):
        return True
    for m in _NAME_RE.finditer(sentence):
        w = m.group()
        if w.isdigit() or (w not in ("I", "I'm", "I've", "I'll", "I'd", "I’m")
                           and w.casefold().rstrip("'’s") not in names
                           and w.casefold() not in names):
            return True
    return False


def excerpt(text: str, focus: frozenset[str], names: Iterable[str] = (),
            cfg: ExcerptConfig | None = None) -> str | None:
    """The compact form of a turn's *text* for a question with *focus* terms.

    *names* are words that do not make a sentence worth keeping (the speakers'
    names: "Thanks, Mel!" is small talk). Returns None when the turn is shown
    whole (short, one sentence, or nothing to drop).
    """
    cfg = cfg or DEFAULT_EXCERPT
    if not cfg.on or count_tokens(text) <= cfg.min_tokens:
        return None
    units = sentences(text)
    if len(units) < 2:
        return None
    low = frozenset(n.casefold() for n in names)
    # Small talk is never shown in an excerpt; the window counts the other sentences.
    idx = [i for i, u in enumerate(units)
           if not (cfg.drop_small_talk and _small_talk(u, low))]
    if not idx:
        return None
    matched = [k for k, i in enumerate(idx) if cfg.focus and focus & _stems(units[i])]
    keep = [False] * len(units)
    for k in matched:
        for kk in range(max(0, k - cfg.before), min(len(idx), k + 1 + cfg.after)):
            keep[idx[kk]] = True
    for n, i in enumerate(idx):
        # Without a matching sentence (found by meaning or the graph), all but the talk.
        keep[i] = keep[i] or (not matched and n < cfg.unmatched_max) \
            or (cfg.specific and _specific(units[i], low))
    if all(keep):
        return None
    out: list[str] = []
    for i, u in enumerate(units):
        if keep[i]:
            out.append(u)
        elif not out or out[-1] != ELLIPSIS:
            out.append(ELLIPSIS)
    return " ".join(out)


def preparer(focus: frozenset[str], names: Iterable[str],
             cfg: ExcerptConfig | None = None) -> Callable[[Piece], None] | None:
    """What the packer calls on each piece it weighs: a turn gets its excerpt.

    The excerpt goes in ``extra["excerpt"]``; :func:`~sleepstack.wake.context.render`
    and the packer's pricing show a turn by it. Only the pieces the packer
    reaches are read (a few dozen of the hundreds ranked). None when excerpts are off.
    """
    cfg = cfg or DEFAULT_EXCERPT
    if not cfg.on:
        return None
    words = tuple(names)

    def prepare(p: Piece) -> None:
        if p.row.layer == "raw" and "excerpt" not in p.extra:
            got = excerpt(p.row.text, focus, words, cfg)
            if got is not None:
                p.extra["excerpt"] = got

    return prepare


def speaker_words(roles: Iterable[str | None]) -> frozenset[str]:
    """The words of the speakers' names (lower case): a greeting by name is small talk."""
    return frozenset(w for r in roles if r for w in raw_words(r))
