"""Endings said in idioms the embedding does not read as endings, anchored on a held value.

:func:`.held.held_endings` ends a value the speaker holds when the clause's
predicate *means* an ending (nearest the ending prototypes of
:mod:`.classify`). Everyday speech ends things with idioms a sentence
embedding places nowhere near "I quit it": "accenture is history", "painting
isn't my hobby anymore", "ibuprofen is fine after all", "we had to rehome
Captain", "stop the fasting thing". Those idioms are few and their grammar is
fixed: a *closed* set of ending predicates said right after the value (its
subject) or right before it (its object). Here the held value is found in the
clause (by its words, their stems — "my paints" names "painting" — or a
distinctive word of a compound — "the fasting thing" names
"intermittent-fasting"), and the words around that mention are matched
against the frames; nothing else in the clause matters, so "Cats still make
me sneeze" next to "ibuprofen is fine" ends only ibuprofen.

A negated existence about a slot the speaker holds values in ("No pets at the
moment", "don't have a car anymore"), or a status word that says the slot is
empty ("I'm single now", "carless for now"), ends all of them (:func:`none_left`).

Intentions, modals and negations before a verb frame ("might quit yoga",
"didn't stop knitting", "will never give up chess") end nothing.
Pure functions; no embedding.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TypeVar, cast

from .held import HeldValues, names_value
from .taxonomy import Slot, slot_by_name

__all__ = ["by_frames", "framed_endings", "held_named", "idiom_endings", "idiom_endings_after",
           "mentions_of", "merge_endings", "none_left", "stem"]

_TOKEN = re.compile(r"[\w’']+")
# Compound parts that say nothing on their own ("gluten-free" is not "free").
_GENERIC_WORDS = (
    "free based low high raw food diet the and of fat carb sugar only style whole new old "
    "plus max pro mini one two"
)
_GENERIC = frozenset(_GENERIC_WORDS.split())

# After the value (its subject): "X is history", "X ran away", "X isn't my hobby anymore".
# An optional head noun may stand between ("the egg allergy is gone", "the Golf lease ended").
_HEAD = (r"(?:\s+(?:allergy|allergies|intolerance|thing|stuff|hobby|habit|diet|phase|lease|"
         r"job|gig|plan|obsession|days|chapter|era|membership|subscription))?")
_BE = r"(?:\s+(?:is|are|was|were|'s|’s|has been|have been|is now|are now))?"
_ADV = r"(?:\s+(?:now|finally|officially|totally|completely|so|all|pretty much|basically|" \
       r"definitely|long|well and truly|just|sadly|also))*"
_AFTER = re.compile(
    rf"^(?:['’]s)?{_HEAD}{_BE}{_ADV}\s+(?:"
    r"history|over(?=\s*(?:for (?:me|us|now)|now|with|[,.;:!)]|$|\s(?:after|since|because|and|"
    r"but|as)\b))|done(?=\s*(?:for|with|now|[,.;:!)]|$|\s(?:after|since|because|and|but)\b))|"
    r"finished|gone|dead|no more|a thing of the past|in the past|behind (?:me|us)|"
    r"off the table|not a thing|ended|cancell?ed|scrapped|out of (?:my|our) life|"
    r"no longer (?:a thing|my \w+|for me|happening|in (?:my|our) life|in the picture)|"
    r"out of the picture|finish(?=\s*(?:for|now|[,.;:!)]|$))|"
    r"off(?=\s*(?:for (?:me|us|now)|now|[,.;:!)]|$))|crossed the rainbow bridge|"
    # negated membership, not a state: "isn't my hobby anymore", not "isn't hungry anymore"
    r"(?:(?:is|are|was|were)n['’]?t|(?:is|are) not|not|no longer)\s+(?:(?:really|actually|"
    r"honestly|even)\s+)?(?:my|a|an|the|for|part|in|something|what|on)\b(?:\s+[\w'’-]+){0,4}?"
    r"\s+(?:anymore|any more|no more|these days)|"
    r"(?:is|was|'s|’s)\s+(?:now\s+)?(?:my|an)\s+ex\b|off the menu|"
    r"(?:got|was|has been|have been)\s+(?:written off|totall?ed|stolen|scrapped|towed away|"
    r"repossessed)|"
    r"ran away|run away|died|passed(?: away| on)?|got (?:lost|run over|sold|rehomed|put down)|"
    r"(?:was|were|had to be) put (?:down|to sleep)|went to (?:live with|a new home)|"
    r"found a new home|"
    r"got rehomed|was rehomed|left us|went missing|never came back|"
    r"(?:now\s+)?lives with (?!(?:us|me)\b)(?:my|his|her|their|a|an|the|some|[A-Z])|"
    # "Sofia and me are divorced now", "Gareth and I separated"
    r"and (?:I|me|myself)(?:\s+(?:are|got|have|had|were))?(?:\s+(?:now|finally|officially))?"
    r"\s+(?:divorced|separated|split up|broke up|splitting up|parted ways|called it quits|"
    r"(?:are|were) (?:over|done|through|finished)))\b",
    re.I)
# After an allergen only: tolerated now ("ibuprofen is fine after all").
_TOLERATED = re.compile(
    rf"^(?:['’]s)?{_HEAD}{_BE}{_ADV}\s+(?:actually\s+|totally\s+|perfectly\s+)?"
    r"(?:fine|ok|okay|safe|no problem|not a problem|no issue|not an issue|tolerated|cleared|"
    r"(?:a\s+)?(?:false alarm|misdiagnosis|mistake|false positive)|wrong|never real|"
    r"(?:does|do|did)n['’]?t\s+(?:[\w'’-]+\s+){0,3}?(?:anymore|any more)|"
    r"(?:does|do)n['’]?t\s+(?:bother|affect|trouble)\s+me)\b",
    re.I)
# Before the value (its object): "stop the fasting thing", "rehome Captain".
_BEFORE = re.compile(
    r"\b(?:stop(?:ped|ping|s)?|quit(?:ting|s)?|drop(?:ped|ping|s)?|ditch(?:ed|ing)?|"
    r"g[ai]ve up(?: on)?|giving up(?: on)?|done with|finished with|through with|"
    r"cancell?(?:ed|ing)?|cancel|traded in|sold off|(?:'m|am|are|'re|so) over|"
    r"rehom(?:e|ed|ing)|g[ai]ve away|giving away|sold|selling|lost|put down|"
    r"gr[eo]w(?:n)? out of|outgr[eo]w(?:n)?|no more|no longer (?:do|doing|eat|eating|play|"
    r"playing|into|have|own)|lost interest in|moved on from|said goodbye to|goodbye to|"
    r"got rid of|getting rid of|cut out|cutting out|bye bye|bye to|rip|r\.i\.p\.?|farewell to)"
    r"(?:\s+(?:the|my|our|his|her|a|an|with|doing|eating|playing|all|those|that|this|"
    r"poor|old|little|sweet|dear|whole|[\w-]+ing))*\s+$",
    re.I)
# "I'm not into X anymore", "I don't do yoga anymore": negated persistence around the value.
_NEG = r"(?:\bnot|\b(?:do|does|did|is|are|was|were|have|has|had|ca|could|would|wo)n['’]?t|" \
       r"\bno longer|\bnever)\b"
_NOT_BEFORE = re.compile(_NEG + r"(?:\s+[\w'’-]+){0,3}\s+$", re.I)
_ANYMORE_AFTER = re.compile(r"^(?:\s+[\w'’-]+){0,3}?\s+(?:anymore|any more|no more)\b", re.I)
# Before a verb frame: the ending is intended, wished, denied or hypothetical.
_NOT_YET = re.compile(
    r"\b(?:might|may|could|would|should|shall|will|won't|'ll|wanna|want(?:s|ed)? to|"
    r"going to|gonna|plan(?:ning|s)? to|thinking (?:of|about)|considering|if|whether|"
    r"refuse[ds]? to|trying to|try to|hope|afraid)\b|" + _NEG, re.I)


def stem(word: str) -> str:
    """A crude stem: "paints", "painting", "painted" -> "paint"; "hiking" ~ "hike"."""
    w = word.casefold().strip("’'-")
    for suf in ("ings", "ing", "ers", "er", "ies", "es", "ed", "s"):
        if w.endswith(suf) and len(w) - len(suf) >= 3:
            w = w[: -len(suf)] + ("y" if suf == "ies" else "")
            break
    if len(w) > 3 and w[-1] == w[-2] and w[-1] not in "aeiousl":
        w = w[:-1]  # "swimm" -> "swim", "knitt" -> "knit"
    return w[:-1] if len(w) > 3 and w.endswith("e") else w


def _keys(value: str) -> set[str]:
    words = [w for w in re.split(r"[\s-]+", value) if w]
    keys = {stem(w) for w in words if w.casefold() not in _GENERIC and len(w) >= 3}
    return keys or {stem(w) for w in words}


def mentions_of(clause: str, value: str) -> list[tuple[int, int]]:
    """Where *clause* names *value*: (start, end) of each run of its words or their stems.

    A name (capitalised value) is named as :func:`.held.names_value` says; a
    common noun by any of its distinctive words' stems ("my paints" for
    "painting", "the fasting thing" for "intermittent-fasting").
    """
    if value[:1].isupper() and not names_value(clause, value):
        return []
    keys = _keys(value)
    toks = [(m.start(), m.end(), stem(m.group(0).split("'")[0].split("’")[0]))
            for m in _TOKEN.finditer(clause)]
    out: list[tuple[int, int]] = []
    i = 0
    # A name said as a name: "Pepper ran away", not "the pepper was too hot".
    cap = value[:1].isupper()
    while i < len(toks):
        if toks[i][2] in keys and (not cap or clause[toks[i][0]].isupper()):
            j = i
            while j + 1 < len(toks) and toks[j + 1][2] in keys:
                j += 1
            out.append((toks[i][0], toks[j][1]))
            i = j + 1
        else:
            i += 1
    return out


def _local(before: str, after: str) -> tuple[str, str]:
    """The words around a mention within its own piece of the clause."""
    cut = max(before.rfind(x) for x in (",", ";", ":", " but ", " and ", "(", " - "))
    before = before[cut + 1:] if cut >= 0 else before
    m = re.search(r"[,;:(]|\s-\s|\s(?:but|though|although)\s|\sand\s(?!(?:I|me|myself)\b)",
                  after)
    return " " + before.lstrip(), after[: m.start()] if m else after


def _ends_here(before: str, after: str, kind: str) -> bool:
    b, a = _local(before, after)
    if _AFTER.match(a) or (kind == "allergy" and _TOLERATED.match(a)):
        return not re.search(r"\b(?:if|whether|unless)\b", b, re.I)
    m = _BEFORE.search(b)
    if m:
        return not _NOT_YET.search(b[: m.start()])
    # "not into climbing anymore", "don't do yoga any more" (a negated verb of liking,
    # "don't like jazz anymore", is the rules' dislike, which closes the like itself)
    m = _NOT_BEFORE.search(b)
    return bool(m and _ANYMORE_AFTER.match(a)
                and not re.search(r"\b(?:like|love|enjoy|adore)\b", m.group(0), re.I)
                and not re.search(r"\b(?:if|whether|unless|will|might|may)\b", b, re.I))


def framed_endings(clause: str, held: HeldValues) -> list[tuple[str, str]]:
    """(slot name, value) of each held value that an ending frame in *clause* ends."""
    out: list[tuple[str, str]] = []
    for name, values in held.items():
        kind = slot_by_name(name).kind
        for v in values:
            if any(_ends_here(clause[:s], clause[e:], kind) for s, e in mentions_of(clause, v)):
                out.append((name, v))
    return out


# "No pets at the moment", "no car anymore", "we don't have any pets now".
_NONE = re.compile(
    r"^(?:(?:I|we)(?:'ve|\s+have)?\s+(?:got\s+)?no|(?:I|we)\s+(?:don't|do not|no longer)\s+"
    r"(?:have|own)\s+(?:any|a|an)|no|zero|not a single)\s+(?:more\s+|other\s+)?"
    r"(?P<n>[a-z][\w-]+)(?:\s+(?:anymore|any more|at the moment|at the minute|right now|now|"
    r"for now|these days|currently|atm|for the time being|left|in the house|at home|"
    r"since then|since|for me|in my life|for a while|for the foreseeable future|ever again|"
    r"for good))*\s*[.!]*$",
    re.I)
# A status word that says the slot is empty: "I'm single now", "carless for now".
_STATUS = re.compile(
    r"^(?:(?:I'm|I am|we're|we are|being|now|currently)\s+)*(?:(?:now|officially|happily|"
    r"currently|still|just)\s+)*(?P<n>single|unemployed|jobless|out of work|between jobs|"
    r"carless|car-free|pet-free|petless)(?![\w-])(?=\s*(?:[,.;:!]|$|again\b|now\b|for now\b|"
    r"these days\b|since\b|at the moment\b|right now\b|and\b|is\b|for a while\b))",
    re.I)
#: how near a negated existence must be to the slot it empties (by meaning)
NONE_FLOOR = 0.38


def none_left(clause: str, ranked: Sequence[tuple[Slot, float]],
              held: HeldValues) -> list[tuple[str, str]]:
    """(slot name, value) of every value of the slot a negated existence empties.

    The slot is the clause's best by meaning (*ranked*), and the speaker must
    hold values in it; the noun must not be one of those values ("no more
    cats" after a cat named Mochi is the noun of the slot, "no Mochi" is not a
    negated existence but an ending of Mochi, read elsewhere).
    """
    m = _NONE.match(clause.strip()) or _STATUS.match(clause.strip())
    if m is None or not ranked or ranked[0][1] < NONE_FLOOR:
        return []
    slot = ranked[0][0]
    have = list(held.get(slot.name, ()))
    if not have or any(mentions_of(m["n"], v) for v in have):
        return []
    return [(slot.name, v) for v in have]


def idiom_endings(clause: str, ranked: Sequence[tuple[Slot, float]],
                  held: HeldValues) -> list[tuple[str, str]]:
    """Both kinds of ending read here: a frame around a held value, a slot emptied."""
    return list(dict.fromkeys(framed_endings(clause, held) + none_left(clause, ranked, held)))


def merge_endings(by_meaning: Sequence[tuple[str, str]],
                  framed: Sequence[tuple[str, str]]) -> list[tuple[str, str]]:
    """The endings of a clause: its frames', and the by-meaning ones they do not contradict.

    A frame is specific evidence about a slot: where one ends some of the
    speaker's values of a slot ("Mochi ran away … Tiger is all alone now"),
    the other values of that slot the clause names stay, whatever the whole
    clause's meaning says.
    """
    slots = {n for n, _ in framed}
    return list(dict.fromkeys([*framed, *(g for g in by_meaning if g[0] not in slots)]))


P = TypeVar("P", bound=tuple[Slot, str, bool, float])


def by_frames(clause: str, picks: Sequence[P], framed: Sequence[tuple[str, str]],
              held: HeldValues) -> list[P]:
    """*picks* (slot, value, removal, score) as the clause's ending frames say.

    A removal of a held value of a slot in which frames ended other values is
    dropped (see :func:`merge_endings`); a new value that an ending frame
    surrounds is a removal ("Gareth and I separated", "Zalando is history"),
    held or not.
    """
    slots = {n for n, _ in framed}
    out: list[P] = []
    for p in picks:
        slot, v, removal = p[0], p[1], p[2]
        if removal and slot.name in slots and (slot.name, v) not in framed and any(
                names_value(v, h) or names_value(h, v) for h in held.get(slot.name, ())):
            continue
        if not removal and any(_ends_here(clause[:s], clause[e:], slot.kind)
                               for s, e in mentions_of(clause, v)):
            p = cast(P, (slot, v, True, p[3]))
        out.append(p)
    return out


_PRONOUN = re.compile(r"\b(?:he|she|it|they|him|her|them)\b", re.I)


def held_named(clause: str, held: HeldValues) -> list[tuple[str, str]]:
    """(slot name, value) of every held value *clause* names."""
    return [(n, v) for n, vs in held.items() for v in vs if mentions_of(clause, v)]


def idiom_endings_after(clause: str, ranked: Sequence[tuple[Slot, float]], held: HeldValues,
                        before: Sequence[tuple[str, str]]) -> list[tuple[str, str]]:
    """:func:`idiom_endings`, plus a pronoun in an ending frame that points back.

    "We had a parrot, Captain. Had to rehome him", "The ibuprofen thing? It's
    fine now": when *clause* names no held value itself and the previous
    clause of the turn named exactly one (*before*), a pronoun that an ending
    frame surrounds is that value.
    """
    own = idiom_endings(clause, ranked, held)
    if own or held_named(clause, held) or len(before) != 1:
        return own
    name, v = before[0]
    kind = slot_by_name(name).kind
    if v in held.get(name, ()) and any(
            _ends_here(clause[: m.start()], clause[m.end():], kind)
            for m in _PRONOUN.finditer(clause)):
        return [(name, v)]
    return own
