"""New values of a slot the speaker holds, read by the slot's kind, whatever verb says them.

The value readers of :mod:`.values` find a value where the slot's values are
usually introduced ("work at X", "moved to X", "I'm a X"); an update is often
said with a verb none of them expects ("Since the 1st I'm with Vestas", "Set up
WebStorm this afternoon", "Booked Singapore for October", "I answer to Sunita
now", "They made me operations manager"). But once the speaker holds a value in
a single-valued slot, a clause that is about that slot (by meaning, even
faintly) and says something changed is read for the value the slot's *kind*
calls for, by its shape alone:

* a name (place, organisation, person, vehicle, tool): the one name in the
  clause that is none of the speaker's held values and no time word;
* a job title: the noun phrase after "as", "made me", "promoted to",
  "the work of", or a clause that is that noun phrase alone ("senior developer
  since monday");
* a diet, a language, a birthday, an e-mail address, a phone number: their
  readers, which are precise on their own (a closed class, a date, a regex).

Which slot: the held slot the clause's meaning is nearest to (among the held
ones, clearly), or the one whose value the same turn just ended. When the
clause is not near that slot's prototypes as much as it is near the best
slot's, a generic change cue must say something changed (now, since, new,
switched, booked, set up …). Pure functions; the scores come from the batch the
cycle already embeds.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Protocol

from .claim import Claim
from .held import HeldValues, names_value
from .kinds import Kinds, fits, of_kind
from .taxonomy import Slot, slot_by_name
from .values import NAME_KINDS, birthdays_in, names_in, read_value
from .whose import others_address

__all__ = ["CHANGE", "LOW_FLOOR", "NOW", "fresh_value", "titles_in", "with_fresh"]

#: a value read from a clause: (slot, value, removal, score)
Pick = tuple[Slot, str, bool, float]
#: a held slot this near a clause (its best prototype) is a candidate at all
LOW_FLOOR = 0.15
#: ... and it must be this much nearer than the next held slot
HELD_MARGIN = 0.02

#: words that say a value changed: a closed class of change words
CHANGE = re.compile(
    r"\b(?:as of|from (?:today|now on|tomorrow|monday|next \w+)|effective|starting|"
    r"switch\w*|swapp?\w*|chang\w*|mov(?:e|ed|ing)|start(?:ed|ing|s)?|join\w*|book\w*|"
    r"rebook\w*|set up|installed|promot\w*|became|instead|anymore|no longer|took over|"
    r"taken over|replac\w*|went with|going with|opted for|picked|chose|ended up|"
    r"turns? out|correction|wrong)\b",
    re.I,
)
#: words that say a value is current, not that it changed ("now", "since May", "new")
NOW = re.compile(r"\b(?:now|nowadays|these days|since|new|newly|actually)\b", re.I)

# A job title: a short lower-case noun phrase where a role is named.
_NP = r"(?P<v>[a-z][a-z-]+(?:\s+[a-z][a-z-]+){0,3}?)"
_NP_END = (r"(?=\s+(?:at|in|for|since|from|now|today|as of|effective|starting|on|with|and|"
           r"but|so|because|after|until|this|next)\b|\s*[,.;:!?)]|\s*$)")
_TITLE_SHAPES = re.compile(
    r"\b(?:as|promoted to|made me|make me|named me|appointed|work of|job of|role of|"
    r"post of|position of)\s+(?:(?:now|the|an?|our|their)\s+)*" + _NP + _NP_END,
    re.I,
)
_BARE_TITLE = re.compile(r"^(?:now\s+|officially\s+|finally\s+)?(?:an?\s+)?" + _NP + _NP_END,
                         re.I)
_NOT_TITLE = re.compile(
    r"^(?:it|that|this|well|usual|always|ever|soon|much|many|far|long|good|well|such|if|"
    r"though|a|an|the|my|our|me|you|him|her|them|us|part|result|kid|child|member|one|"
    r"bit|lot|whole|new|old|same|other|usual|hell|heck)\b",
    re.I,
)


def titles_in(clause: str) -> list[str]:
    """Job titles in *clause* said by shape: after "as", "made me", "the work of" …, or alone."""
    out = [m["v"] for m in _TITLE_SHAPES.finditer(clause)]
    if not out:
        m = _BARE_TITLE.match(clause.strip())
        # a clause that is a noun phrase and a time: "senior developer since monday"
        if m and m.end() < len(clause.strip()) and len(m["v"].split()) >= 2:
            out.append(m["v"])
    got = [re.sub(r"\s+(?:now|today|here|there|officially)$", "", v.strip(), flags=re.I)
           for v in out]
    return [v for v in dict.fromkeys(got) if v and not _NOT_TITLE.match(v)]


def _values(kind: str, clause: str) -> list[str]:
    """The values of *kind* in *clause*, by shape, wherever they stand."""
    if kind in NAME_KINDS:
        # A name one talks *about* is a topic, not a value ("a book about Apple").
        return [v for v in names_in(kind, clause) if not re.search(
            rf"\b(?:about|regarding|on the topic of)\s+(?:the\s+)?{re.escape(v)}", clause, re.I)]
    if kind == "title":
        return titles_in(clause)
    if kind == "birthday":
        return birthdays_in(clause)
    r = read_value(kind, clause)
    return list(r.new)


# A clause without first person whose subject is a thing ("the standup", "this app").
_THING_SUBJECT = re.compile(r"^(?:the|a|an|this|that|these|those|its|his|her|their)\s+\w", re.I)
#: a clause whose best slot (of another kind) is this much nearer than the held one is
#: about that slot
OTHER_MARGIN = 0.1
#: a clause's best slot reading below this is faint: it needs its own change word
TOP_FLOOR = 0.3


class _Said(Protocol):
    @property
    def text(self) -> str: ...
    @property
    def sentence(self) -> str: ...
    @property
    def weak(self) -> bool: ...


def fresh_value(clause: _Said, near: Sequence[tuple[Slot, float]],
                far: Sequence[tuple[Slot, float]], held: HeldValues,
                turn: Sequence[Claim], gap: str | None = None,
                relation: Mapping[str, re.Pattern[str]] | None = None,
                said: str = "", kinds: Kinds | None = None) -> list[Pick]:
    """The new value of a held single-valued slot that *clause* states, or nothing.

    *near*: the clause's candidate slots (near its best one); *far*: its other
    slot scores (down to :data:`LOW_FLOOR`); *held*: the speaker's values per
    slot; *turn*: the claims the turn made so far (a value it ended opens its
    slot for the replacement, as does *gap*, the slot whose value the speaker's
    previous claims ended); *relation*: per person slot, the words that must
    state the role ("Now I'm with Sam" names nobody's manager); *said*: the whole
    turn, whose change word counts for a clause among the slot's candidates ("got
    promoted!! test lead since friday"); *kinds*: the kinds of the clause's
    candidate values (:mod:`.kinds`), which choose among several names.
    """
    text, sentence = clause.text, clause.sentence
    if clause.weak and _THING_SUBJECT.match(text) and not _opened(turn, gap):
        return []  # "The standup moved to 9:30 on Tuesdays": a thing's news, not the speaker's
    gone = [c.value for c in turn if c.removal]
    opened = _opened(turn, gap)
    scores = [*near, *far]
    mine = sorted(((sl, sc) for sl, sc in scores
                   if not sl.multi and sl.core and sl.kind != "thing"
                   and (held.get(sl.name) or sl.name in opened) and sc >= LOW_FLOOR),
                  key=lambda x: -x[1])
    cue, now = bool(CHANGE.search(sentence)), bool(NOW.search(sentence))
    if cue or now:
        # The slot whose value the turn just ended: its replacement, however faint.
        mine += [(slot_by_name(n), 0.0) for n in sorted(opened)
                 if n not in {sl.name for sl, _ in mine} and not slot_by_name(n).multi]
    if not mine:
        return []
    first = [x for x in mine if x[0].name in opened]
    # The slots whose kind the clause's one new name clearly is (.kinds): "I am now by
    # Porsche, also in Stuttgart" is nearer the held home, but Porsche is a company.
    typed = [x for x in mine if kinds and _typed(x[0], text, held, gone, kinds)]
    if not first and len(typed) == 1 and len(mine) > 1:
        mine = typed
    slot, score = (first or mine)[0]
    said_kind = bool(typed) and typed[0][0] is slot
    if not first and len(mine) > 1 and mine[1][1] > score - HELD_MARGIN:
        return []  # the clause is as near another slot of theirs: which one is unsaid
    if slot.kind in ("email", "phone") and others_address(text):
        return []  # "write to my accountant, books@…": the address is theirs (.whose)
    rel = (relation or {}).get(slot.name)
    if slot.name not in opened and near and near[0][0].kind != slot.kind \
            and near[0][1] - score > OTHER_MARGIN and not (rel and rel.search(sentence)) \
            and not said_kind:
        # Clearly about a slot of another kind ("Elif took over our team": a person,
        # no home), unless the slot's role is said ("Got moved under Arjun"). Tools
        # are told apart by their names, not by meaning: "Set up Zed" reads as CI.
        return []
    faint = slot.name not in opened and (
        score < TOP_FLOOR or not any(sl.name == slot.name for sl, _ in near))
    if faint:
        # Only faintly about the slot: the change must be said in this clause, not
        # elsewhere in its sentence ("Kenji moved to the Nagoya office, so Elif took
        # over our team": the move is Kenji's, and Elif is no home).
        cue, now = bool(CHANGE.search(text)), bool(NOW.search(text))
    restates = any(_names(slot.kind, text, v) for v in held.get(slot.name, ()) if v not in gone)
    top = bool(near) and near[0][0].name == slot.name and not faint
    cue = cue or (any(sl.name == slot.name for sl, _ in near) and bool(CHANGE.search(said)))
    if slot.name not in opened and not (
            cue or (now and (restates or top or said_kind))
            or (top and not clause.weak and not restates)):
        # Only faintly about the slot (not its best reading), or not about the speaker
        # ("Berlin is lovely in spring"), or restating the held value: something must
        # say it changed — a change word, or "now" beside the held value it replaces.
        return []
    if rel is not None and slot.name not in opened and not rel.search(sentence):
        return []  # "Now I'm with Sam" names nobody's manager without the role
    new = _new_values(slot, text, held, gone)
    if len(new) > 1 and kinds:
        new = fits(slot.name, new, kinds)  # "now by Porsche, also in Stuttgart": the company
    return [(slot, new[0], False, score)] if len(new) == 1 else []


def _new_values(slot: Slot, text: str, held: HeldValues, gone: Sequence[str]) -> list[str]:
    """The values of *slot*'s kind *text* names that are none the speaker holds or ended."""
    have = [*held.get(slot.name, ()), *gone, *(v for vs in held.values() for v in vs)]
    return [v for v in _values(slot.kind, text)
            if not any(_names(slot.kind, v, h) or _names(slot.kind, h, v) for h in have)]


def _typed(slot: Slot, text: str, held: HeldValues, gone: Sequence[str], kinds: Kinds) -> bool:
    """Whether *text* names one value new to *slot*, and it is clearly of *slot*'s kind."""
    new = _new_values(slot, text, held, gone)
    return len(new) == 1 and of_kind(slot.name, new[0], kinds)


def _opened(turn: Sequence[Claim], gap: str | None) -> set[str]:
    return {c.slot.name for c in turn if c.removal} | ({gap} if gap else set())


def with_fresh(picks: list[Pick], fresh: list[Pick], held: HeldValues,
               turn: Sequence[Claim], gap: str | None) -> list[Pick]:
    """*picks* (slot, value, removal, score) of a clause with its :func:`fresh_value` added.

    Only where the readers found no new value of their own (their picks end
    something, or restate a held value), or where they gave the very value
    *fresh* reads to another slot while the turn just ended the slot *fresh*
    fills ("Uninstalled Atom. Installed Zed": the replacement, not a CI tool).
    """
    if not fresh:
        return picks
    slot, value = fresh[0][0], fresh[0][1]
    opened = slot.name in _opened(turn, gap)
    if all(p[2] or any(names_value(p[1], v) for v in held.get(p[0].name, ()))
           or (opened and p[1].casefold() == value.casefold()) for p in picks):
        return [p for p in picks if p[2]] + fresh
    return picks


def _names(kind: str, text: str, value: str) -> bool:
    """Whether *text* names *value*: by a distinctive word for names, by all its words else.

    ("October 15" does not name "October 5"; "the Clio" names "Renault Clio".)
    """
    if kind in NAME_KINDS:
        return names_value(text, value)
    words = set(re.findall(r"[\w@.+-]+", text.casefold()))
    return all(w in words for w in re.findall(r"[\w@.+-]+", value.casefold()))
