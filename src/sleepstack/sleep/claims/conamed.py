"""The old value a change names in passing: an earlier remark's name becomes the slot's history.

"Zendesk hired me!!! rakuten is over" gives the employer slot a new value and
names something else too; when the same speaker had named that thing before
in a remark the slot classifier put near the slot ("work at rakuten", "greetings
from rainy Galway", "my boss here is called Tuomas") but no reader took a value
from it, the thing is the slot's previous value. Without it the earlier remark
passes as current: no fact states it, so nothing closes it and recall has no
closed value to mark its turns by.

:func:`co_named` adds that value as a claim of the earlier turn, so it becomes a
fact of the slot that the later claim supersedes (like :func:`.settle.mentions`
does for unread remarks), and the claims map holds it as a value closed by the
new one; recall then marks every earlier turn naming it as no longer current.

What counts as the thing is decided by structure, never by slot-specific word
lists: a name-shaped span of the earlier clause (capitalised, or a lower-case
word that is not an ordinary English word), or a value the slot's own reader
reads from it. It is taken only when

* the later turn gives a single-valued slot of the *same speaker* a new value
  and names the thing by all of its words;
* the thing is not that new value (nor part of it), not a value the later turn
  gives another slot, and not a value the speaker holds in any slot;
* the earlier clause is the speaker's own (a third party's only for a slot whose
  value is a person: "my boss here is called Tuomas"), it has the slot
  among its candidate slots (near, above the floor, or faint), and its turn
  gave the slot no value of its own.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from ...layers.rawlog import Turn
from ...text.words import name_words
from .claim import Claim
from .held import names_value
from .lower import rare_word
from .taxonomy import OTHER
from .values import names_in, read_value

__all__ = ["Said", "co_named", "names_of", "spans"]

_LOWER = re.compile(r"(?<![\w'’&.-])[a-z][a-z0-9&'’-]*")


@dataclass(frozen=True)
class Said:
    """One clause of a speaker's own statement, with the slots it may be about."""

    index: int  # the turn's position
    turn: Turn
    subject: str
    clause: str
    slots: frozenset[str]
    #: about someone else ("my sister lives in Galway"): only a person slot's value
    #: is the other person themself ("my boss here is called Tuomas")
    third: bool = False


# Function words: a clause sharing only these with a later turn shares no name with it.
_FUNCTION_WORDS = (
    "a an the and or but so to of in on at for with from by is are was were be been i i'm me "
    "my we our us you your it its this that he she they them his her their not no now just all"
)
_FUNCTION = frozenset(_FUNCTION_WORDS.split())


def _named(words: frozenset[str], value: str) -> bool:
    """All of *value*'s words among *words* (a text's, case-insensitive)."""
    vw = name_words(value)
    return bool(vw) and vw <= words


@lru_cache(maxsize=16384)
def spans(kind: str, clause: str) -> tuple[str, ...]:
    """What in *clause* could be a value: its names, the slot reader's values, rare words."""
    got = names_in("place", clause)  # every capitalised name, wherever it stands
    r = read_value(kind, clause)
    got += r.new + r.old
    # a lower-case word that is no ordinary English word ("work at rakuten")
    got += [w for w in _LOWER.findall(clause) if rare_word(w)]
    return tuple(g for g in dict.fromkeys(x.strip() for x in got) if len(g) >= 2)


@lru_cache(maxsize=16384)
def names_of(clause: str) -> tuple[str, ...]:
    """The spans of *clause* whatever the slot's kind: its names and rare words."""
    got = names_in("place", clause) + [w for w in _LOWER.findall(clause) if rare_word(w)]
    return tuple(g for g in dict.fromkeys(x.strip() for x in got) if len(g) >= 2)


def co_named(out: list[list[Claim]], said: Sequence[Said],
             holds: Mapping[tuple[str, str], Mapping[str, Sequence[str]]]) -> list[list[Claim]]:
    """*out* with each earlier value a later change names in passing (see the module docstring).

    *said*: the speakers' own clauses in turn order; *holds*: per (user, subject),
    every value they hold by slot name at the end of the turns.
    """
    added: set[tuple[str, str, str, str]] = set()
    by_speaker: dict[tuple[str, str], list[Said]] = {}
    for s in said:
        by_speaker.setdefault((s.turn.user, s.subject), []).append(s)
    for i, claims in enumerate(out):
        news = [c for c in claims if not c.removal and not c.mention and c.slot is not OTHER
                and not c.slot.multi and c.value.casefold() != "none"]
        if not news:
            continue
        values = [c.value.casefold() for c in claims if c.slot is not OTHER]
        for c in news:
            key = (c.turn.user, c.subject)
            held = [v.casefold() for vs in holds.get(key, {}).values() for v in vs]
            tw = name_words(c.turn.text)
            for s in by_speaker.get(key, ()):
                if s.index >= i:
                    break  # in turn order: the rest are this turn's or later
                if c.slot.name not in s.slots or (s.third and c.slot.kind != "person") \
                        or not (name_words(s.clause) & tw) - _FUNCTION:
                    continue
                if any(d.slot is c.slot and not d.mention for d in out[s.index]):
                    continue  # the turn gave the slot a value of its own
                for x in spans(c.slot.kind, s.clause):
                    xf = x.casefold()
                    if (xf in c.value.casefold() or c.value.casefold() in xf
                            or any(xf == v or names_value(v, x) for v in values + held)
                            or not _named(tw, x)
                            or (c.slot.name, xf, *key) in added):
                        continue
                    added.add((c.slot.name, xf, *key))
                    # It stands for the clause's unslotted claim and the slot's mention.
                    out[s.index] = [d for d in out[s.index]
                                    if not (d.slot is OTHER and d.clause == s.clause)
                                    and not (d.mention and d.slot is c.slot)]
                    out[s.index].append(Claim(s.turn, s.subject, c.slot, x, False,
                                              s.clause, c.score))
    return out
