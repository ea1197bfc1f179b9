"""Endings of values the speaker already holds: the held value is the anchor, not the phrasing.

The value readers of :mod:`.values` find a value by its shape and its place in
the clause ("quit Siemens", "sold the Civic"); many everyday endings name the
old value in a way no reader expects ("The Focus finally gave up the ghost",
"the egg allergy is gone!!", "Cassandra is finally gone", "Climbing is over for
me"). But the speaker told us the value before: once a clause's predicate means
an ending (:func:`.classify.ending_scores`, by meaning) and the clause names a
value the speaker holds in some slot, that value is what ended — whatever the
slot classifier or the readers made of the clause.

A value is named when all its words are in the clause (plurals and
possessives folded: "egg" names "eggs"), or, for a name ("Ford Focus", "BMW
X3"), one of its distinctive capitalised words ("the Focus", "the X3 lease").
With several parts (:mod:`.parts`), only a part that itself means an ending
ends the values it names ("Cats still make me sneeze" does not end "cats").
Pure functions; the scores come from the batch the cycle already embeds.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Protocol, TypeVar

from .classify import END_MARGIN
from .kinds import Kinds, fits
from .taxonomy import OTHER, Slot
from .values import NAME_KINDS, names_in, read_value

__all__ = ["CLOSED_KINDS", "HeldValues", "add_held", "by_contrast", "held_elsewhere",
           "held_endings", "hold", "hold_ruled", "in_held_slot", "names_value", "one_each",
           "unheld"]

#: per slot name, the values the speaker holds so far (in the order said)
HeldValues = Mapping[str, Sequence[str]]

_WORD = re.compile(r"[\w@.+'’-]+")
# Words of a name too common to stand for it alone ("the New one", "Pro").
_WEAK_WORDS = (
    "the a an of de la le van von new old my our pro plus max mini one two air ci db "
    "studio code text team cloud app"
)
_WEAK = frozenset(_WEAK_WORDS.split())


def _fold(w: str) -> str:
    w = w.strip(".,'’-!?;:").casefold()
    if w.endswith(("'s", "’s")):
        w = w[:-2]
    return w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w


def _words(text: str) -> list[str]:
    return [_fold(w) for w in _WORD.findall(text)]


def held_elsewhere(slot: str, value: str, held: HeldValues) -> bool:
    """Whether *value* is, word for word, all or part of a value held in a slot other than *slot*.

    A name the speaker already gave one slot is no new value of another: "Sibusiso
    Mthembu is in Joburg all week" after "My husband is Sibusiso Mthembu" is no
    employer, "Xiomara's boss" after "my girlfriend Xiomara" no manager, "Cambridge"
    out of "the Cambridge Weight Plan" no home. Only this way round: a new value may
    *contain* a held one ("Madrid City Council" after living in Madrid).
    """
    vw = {w for w in _words(value) if w}
    return bool(vw) and any(
        name != slot and any(vw <= set(_words(v)) for v in vs) for name, vs in held.items())


def names_value(text: str, value: str) -> bool:
    """Whether *text* names *value* (all its words, or a distinctive word of a name)."""
    vw = [w for w in _words(value) if w]
    if not vw:
        return False
    tw = set(_words(text))
    if all(w in tw for w in vw):
        return True
    # "the Focus" for "Ford Focus", "the X3 lease" for "BMW X3": a capitalised word
    # of a name, said capitalised in the text too (a name, not the common word).
    caps = {w.strip(".,'’-!?;:") for w in value.split() if w[:1].isupper() or w[:1].isdigit()}
    for w in caps:
        f = _fold(w)
        if len(f) >= 2 and f not in _WEAK and not f.isdigit() \
                and re.search(rf"(?<![\w-]){re.escape(w)}(?:['’]s)?(?![\w-])", text):
            return True
    return False


def held_endings(clause: str, whole: float, parts: Sequence[tuple[str, float]],
                 held: HeldValues) -> list[tuple[str, str]]:
    """(slot name, value) of each held value that *clause* says has ended.

    *whole* is the clause's ending score, *parts* its parts' (empty when it has
    one part). A value named only in parts that hold ("still", "stick with")
    is not ended, even when another part of the clause means an ending.
    """
    if whole < END_MARGIN and not any(sc >= END_MARGIN for _, sc in parts):
        return []
    out: list[tuple[str, str]] = []
    for slot, values in held.items():
        for v in values:
            if not names_value(clause, v):
                continue
            if parts:
                where = [sc for p, sc in parts if names_value(p, v)]
                # Named across parts (or not in any alone): the whole clause decides.
                ended = max(where) >= END_MARGIN if where else whole >= END_MARGIN
            else:
                ended = whole >= END_MARGIN
            if ended:
                out.append((slot, v))
    return out


class _Claim(Protocol):
    @property
    def slot(self) -> Slot: ...
    @property
    def value(self) -> str: ...
    @property
    def removal(self) -> bool: ...
    @property
    def mention(self) -> bool: ...


C = TypeVar("C", bound=_Claim)


def one_each(claims: list[C]) -> list[C]:
    """*claims* without repeats: an ending read twice is one removal.

    (Once by the held value it names, once by the value reader.)
    """
    out: list[C] = []
    for c in claims:
        if c.slot is not OTHER and any(
                d.slot is c.slot and d.removal == c.removal and (
                    d.value.casefold() == c.value.casefold()
                    or (c.removal and (names_value(d.value, c.value)
                                       or names_value(c.value, d.value)))) for d in out):
            continue  # "walnut" after "walnuts": the same ending
        out.append(c)
    return out


def hold(held: dict[str, list[str]], claims: Sequence[_Claim]) -> None:
    """Update *held* (slot name -> the speaker's values) with one turn's settled claims."""
    for c in claims:
        if c.slot is OTHER or c.mention:
            continue
        vals = held.setdefault(c.slot.name, [])
        if c.removal:
            vals[:] = [v for v in vals if v.casefold() != c.value.casefold()
                       and not names_value(c.value, v)]
        elif c.value == "none":
            vals.clear()
        else:
            add_held(held, c.slot, c.value)


def hold_ruled(held: dict[str, list[str]], slot: Slot | None, value: str) -> None:
    """Record a value the phrasing rules read as held, where claims do not hold that slot.

    The rules fill likes and dislikes; a single-valued slot's value they read
    ("My profession is nurse") anchors a later change too, unless the claims
    of the same turn gave that slot its value.
    """
    if slot is None or slot is OTHER:
        return
    if (slot.multi and slot.kind == "thing") or (not slot.multi and slot.core
                                                 and not held.get(slot.name)):
        add_held(held, slot, value)


def add_held(held: dict[str, list[str]], slot: Slot, value: str) -> None:
    """Record *value* as held in *slot*: a single-valued slot's only value, or one more."""
    vals = held.setdefault(slot.name, [])
    if not slot.multi:
        vals[:] = [value]
    elif value.casefold() not in (v.casefold() for v in vals):
        vals.append(value)


def by_contrast(clause: str, ranked: Sequence[tuple[Slot, float]], held: HeldValues,
                gone: Sequence[str], gap: str | None,
                kinds: Kinds | None = None) -> list[tuple[Slot, str, bool, float]]:
    """The new value of a slot the speaker holds another value in, by its shape alone.

    The value readers want a name introduced the way the slot's values usually
    are ("in Porto", "at Canva", "report to Arjun"); people also say "First night
    in our Brisbane house", "Got moved under Arjun". When exactly one of the
    clause's candidate slots (by meaning, :mod:`.classify`) is a single-valued
    slot of names that the speaker already holds a value in (or it is the slot
    they just ended), the clause does not restate that value (or it ends it),
    and the clause names exactly one other name, that name is the new value; of
    several names, the one whose *kinds* (:mod:`.kinds`) fit the slot while the
    others' clearly do not ("now by Porsche, also in Stuttgart").
    """
    mine = [(sl, sc) for sl, sc in ranked if not sl.multi and sl.core
            and sl.kind in NAME_KINDS and (held.get(sl.name) or sl.name == gap)]
    if gap is not None and any(sl.name == gap for sl, _ in mine):
        mine = [x for x in mine if x[0].name == gap]
    if len(mine) != 1:
        return []  # no slot of theirs, or several: the name says nothing of which
    slot, score = mine[0]
    have = list(held.get(slot.name, ()))
    ended = [v.casefold() for v in gone]
    if any(names_value(clause, v) and v.casefold() not in ended for v in have):
        return []  # the clause restates what the speaker holds
    names = [n for n in names_in(slot.kind, clause)
             if not any(names_value(n, v) or names_value(v, n) for v in (*have, *gone))]
    if len(names) > 1 and kinds:
        names = fits(slot.name, names, kinds)
    return [(slot, names[0], False, score)] if len(names) == 1 else []


def unheld(claims: list[C], held: HeldValues) -> list[C]:
    """*claims* without removals of a value the speaker never held in that slot.

    "Got shifted under Mateo" may read as an ending of "Mateo" in some slot;
    where the speaker holds another value in that single-valued slot, such a
    removal would close their real value (it becomes ``none``). It is dropped.
    """
    out = []
    for c in claims:
        have = held.get(c.slot.name, ())
        if c.removal and not c.slot.multi and c.slot is not OTHER and have and not any(
                names_value(c.value, v) or names_value(v, c.value) for v in have):
            continue
        out.append(c)
    return out


#: kinds of value read from a closed class of words (a diet, a language): precise alone
CLOSED_KINDS = frozenset({"diet", "language"})


def in_held_slot(clause: str, candidates: Sequence[tuple[Slot, float]],
                 held: HeldValues) -> list[tuple[Slot, str, bool, float]]:
    """A new value of a closed-class slot the speaker holds a value in, read by its reader.

    "I'm doing Mediterranean now" reads nearer other slots than diet; after "I'm
    keto" the speaker's diet is a topic of theirs, and the diet reader (a closed
    list of diets) is precise on its own: any slot of theirs above the floor
    (*candidates*, near the best or not) is tried.
    """
    for slot, score in candidates:
        have = held.get(slot.name)
        if slot.multi or slot.kind not in CLOSED_KINDS or not have:
            continue
        r = read_value(slot.kind, clause)
        new = [v for v in r.new if not any(names_value(v, h) or names_value(h, v) for h in have)]
        if len(new) == 1:
            return [(slot, new[0], False, score)] + [(slot, v, True, score) for v in r.old]
    return []
