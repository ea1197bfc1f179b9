"""Hobbies said as what the speaker does: "I do yoga and climbing", "my hobbies are X and Y".

The rules extractor reads likes said with a verb of liking ("I love hiking",
"I'm into chess"). People as often state a pastime as a habit: "I do yoga and
climbing", "we play chess and padel", "I practise karate", "My hobbies are
knitting and painting", "Pottery is my hobby". Those are values of the
multi-valued ``likes`` slot, each item of the list its own value, so that a
later ending ("Climbing is over for me") has something to end. The caller
reads them only when likes is among the clause's slots by meaning (the slot
classifier's candidates); "I do accounting for a living" is a job, and a list
with an item that is no activity ("the dishes", "it") is no list of pastimes:
each item is one or two plain words, no article or pronoun. "I go climbing
every Tuesday with friends" stays the whole sentence (an ``other`` claim):
"go" takes places as often as pastimes.
"""

from __future__ import annotations

import re

__all__ = ["hobbies", "stated_pastimes"]

_LEAD = r"^(?:(?:so|well|yeah|also|and|these days|nowadays|mostly)\s*,?\s+)?"
_ADVS = r"(?:(?:also|still|mostly|mainly|really|regularly|usually|often|sometimes|mainly|" \
        r"actually|even|both)\s+)*"
# "My hobbies are knitting and painting", "my main hobby is pottery"
_MY_HOBBIES = re.compile(rf"{_LEAD}(?:my|our)\s+(?:main\s+|favou?rite\s+|current\s+|big\s+)?"
                         r"(?:hobby|hobbies|pastimes?|passions?|free[- ]time activit(?:y|ies))\s+"
                         r"(?:is|are|include|includes|'s|’s)\s+(?P<obj>.+)$", re.I)
# "Pottery and baking are my hobbies"
_ARE_MY_HOBBIES = re.compile(r"^(?P<obj>[a-z][\w ,&-]{1,60}?)\s+(?:is|are)\s+my\s+(?:main\s+|"
                             r"favou?rite\s+|new\s+)?(?:hobby|hobbies|pastimes?|passions?)\b", re.I)
_FRAMES = (
    # "I do yoga and climbing", "we play chess", "I practise karate"
    re.compile(rf"{_LEAD}(?:I|we)\s+{_ADVS}(?:do|practi[cs]e|play)\s+(?P<obj>.+)$", re.I),
    _MY_HOBBIES, _ARE_MY_HOBBIES,
)
# Pastimes stated precisely enough to decide the likes slot before any other reading
# ("I play contract bridge on weekends" had read as an employer): a game or sport one
# plays, a thing one calls one's thing or passion, one one is into or obsessed with.
# "my thing is korfball", "my weekend thing is surf skiing": one pastime, then its habit
_MY_THING = re.compile(rf"{_LEAD}(?:my|our)\s+(?:(?:weekend|big|new|main|latest|current|"
                       r"favou?rite)\s+)?(?:thing|obsession|sport|jam)\s+(?:is|'s|’s)\s+"
                       r"(?P<obj>.+)$", re.I)
_STATED = (
    re.compile(rf"{_LEAD}(?:I|we)\s+{_ADVS}(?:play|practi[cs]e)\s+(?P<obj>.+)$", re.I),
    _MY_HOBBIES, _ARE_MY_HOBBIES, _MY_THING,
    # "paper quilling is my thing", "bell-ringing is my great love", "parkour is life"
    re.compile(r"^(?P<obj>[a-z][\w -]{1,40}?)\s+(?:is|are)\s+(?:my\s+(?:(?:great|big|true|"
               r"new|whole)\s+)?(?:thing|life|love|passion|obsession|jam|sport)|life)\b", re.I),
    # "big into slacklining", "I'm really into aquascaping", "obsessed with forró"
    re.compile(rf"{_LEAD}(?:I'm\s+|I am\s+|we're\s+)?(?:(?:big|really|totally|so|very|well|"
               r"hugely)\s+)?(?:into|obsessed with)\s+(?P<obj>.+)$|^into\s+(?P<ing>[a-z]+ing\b.*)$",
               re.I),
    # "I love playing ayo", "we enjoy doing pottery"
    re.compile(rf"{_LEAD}(?:I|we)\s+{_ADVS}(?:love|enjoy|adore)\s+(?:playing|doing)\s+"
               r"(?P<obj>.+)$", re.I),
)
# Where the list ends: time, place, company and reasons are not items.
_STOP = re.compile(
    r"\s+(?:every|each|on|at|in|with|twice|once|most|when|whenever|because|since|for|after|"
    r"before|these|now|a lot|lots|daily|weekly|nightly|together|sometimes|often|to|"
    r"whenever|if|but|though|as|three|two|four|several|almost|nearly|pretty|quite|"
    r"mostly|too|as well)\b.*$|\s+\d.*$|\s*[.;:!?(].*$", re.I)
_NOT_ITEM_WORDS = (
    "it that this them those these things stuff something nothing everything anything work "
    "job homework dishes laundry chores shopping research business well fine okay ok good "
    "bad best what whatever much more most lot nothing same one"
)
_NOT_ITEM = frozenset(_NOT_ITEM_WORDS.split())
_WORK = re.compile(r"\b(?:for a living|for work|professionally|at work|for my job|as a job|"
                   r"for money|for a client|for clients|full[- ]time|part[- ]time)\b", re.I)
_DET = re.compile(r"^(?:the|a|an|my|our|some|any|his|her|their|your|no|all)\b", re.I)


def _items(obj: str) -> list[str]:
    obj = _STOP.sub("", " " + obj.strip()).strip(" ,")
    parts = [p.strip() for p in re.split(r",\s*(?:and\s+|or\s+)?|\s+and\s+|\s+&\s+|\s+or\s+",
                                         obj) if p.strip()]
    out: list[str] = []
    for p in parts:
        p = re.sub(r"^(?:also|some|a bit of|a little|lots of|a lot of)\s+", "", p, flags=re.I)
        words = p.split()
        if not 1 <= len(words) <= 2 or _DET.match(p) or p.casefold() in _NOT_ITEM \
                or any(w.casefold() in _NOT_ITEM for w in words) \
                or not all(re.fullmatch(r"[A-Za-z][a-z-]+", w) for w in words):
            return []  # one item that is no activity: the list is not a list of hobbies
        out.append(p.casefold())
    return out


def hobbies(clause: str) -> list[str]:
    """The pastimes *clause* states the speaker has, in order; empty when it states none."""
    text = clause.strip()
    if _WORK.search(text):
        return []  # "I do accounting for a living": a job, not a pastime
    for rx in _FRAMES:
        m = rx.match(text)
        if m:
            return list(dict.fromkeys(_items(m["obj"])))
    return []


def stated_pastimes(clause: str) -> list[str]:
    """The pastimes *clause* states precisely (see ``_STATED``); empty when none."""
    text = clause.strip()
    if _WORK.search(text):
        return []
    for rx in _STATED:
        m = rx.match(text)
        if m:
            got = list(dict.fromkeys(_items(m["obj"] or m["ing"])))
            # ("my thing is korfball, training twice a week": one thing, then its habit)
            return got[:1] if rx is _MY_THING else got
    return []
