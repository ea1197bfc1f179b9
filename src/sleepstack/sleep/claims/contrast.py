"""Corrections and replacements said as a contrast: one value left behind, another affirmed.

People correct or replace a value by contrasting two of them: "it's not
peanuts, it's tree nuts", "the reaction was to sulfa drugs, not amoxicillin",
"NEGATIVE for latex!! what came up was chlorhexidine", "the hr system has my
birthday as july 27 but thats wrong its july 21", "born on 13 May, not the
30th", "switched from Vim to Helix". The value readers of :mod:`.values` read
values where a slot's values are usually introduced, so the affirmed value of
such a turn is often missed (and the negated one read as a new value).

The value the speaker held before (:mod:`.held`) is the anchor. Within a
clause of the speaker's own (not a question, hypothetical, quote or someone
else's statement: :mod:`.detect`, :mod:`.subject`, :mod:`.owner`) that names
a held value, the structure around it says whether it is left behind:

* negation scope — a negator right before it, with at most a few words and no
  subject of its own between ("not peanuts", "wasn't the latex", "NEGATIVE for
  latex", "not going to vancouver"; never "not sure I like Berlin");
* an evaluation right after it ("latex is fine", "peanuts came back clear",
  "july 27 but that's wrong");
* a correction frame ("wrong about the buckwheat", "mistaken about …");
* a contrastive pair ("from X to Y", "X → Y", "instead of X", "rather than X");
* a swap with its counterpart ("swapped X for Y", "replaced X with Y", "moved off
  X to Y", "killed X, it's Y now"); a swap verb alone ("dropped X") is an
  ending, read elsewhere, not a contrast;
* a retirement said after it ("X is history", "X was before", "X's done").

The affirmed value is then the counterpart the structure points at, read by
the slot's *kind*: before ", not X" ("sulfa drugs, not amoxicillin"), after
"not X, (it's|but) …", after "to" in "from X to Y", else the first value of
the kind said after the anchor in the turn's own statements (a copula's
complement for an open class: "it's nickel", "what came up was
chlorhexidine"; a name; a date — a day named alone, "the 30th", names the held
date of that day). Without a counterpart nothing is read: a contrast has two
sides, and a negated held value alone ("I'm not in Berlin this weekend") is no
change.

A correction supersedes: the anchor becomes a removal of its slot (history),
the counterpart the slot's new value. In a multi-valued slot only the named
value is replaced. Pure text functions; no embedding is needed.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ...layers.rawlog import Turn
from .claim import Claim
from .classify import END_MARGIN
from .detect import Clause, hypothetical, strip_foreign_text
from .held import HeldValues, names_value
from .owner import OTHER as OWNED_BY_OTHER
from .owner import owner_of
from .subject import third_party
from .taxonomy import OTHER as OTHER_SLOT
from .taxonomy import Slot, slot_by_name
from .values import NAME_KINDS, birthdays_in, is_destination, names_in, read_value

__all__ = ["Contrast", "contrasts", "destination", "with_contrasts"]

#: one contrast: (slot, the value left behind, the value that holds, the clause)
Contrast = tuple[Slot, str, str, str]

# What may stand between a negator and the value it negates: function words, a verb
# in -ing, and the verbs a slot's value goes with ("wasn't the latex", "not going to
# vancouver", "not allergic to X", "don't use Vim"). Anything else opens a scope of its
# own ("not sure I like Berlin", "haven't told my boss Priya", "not only X but Y").
_SCOPE_WORDS = (
    "the a an my our to for in at on with from of about into be been being really actually "
    "more ever even still allergic use live work drive eat speak learn study code run"
)
_SCOPE = frozenset(_SCOPE_WORDS.split())
_NEGATOR = re.compile(
    r"(?:\bnot|n[’']t|\bno longer|\bnever|\bnegative for|\bnothing to do with|\bno)\s+"
    r"(?P<gap>(?:[\w’'-]+\s+){0,3}?)$",
    re.I,
)
# An evaluation right after the value that says it is not the case ("… but that's wrong").
_EVAL_AFTER = re.compile(
    r"^[\s,]*(?:(?:is|are|was|were|'s|’s)\s+)?(?:(?:totally|actually|completely|all)\s+)?"
    r"(?:wrong|incorrect|a mistake|a typo|a misdiagnosis|a false alarm)\b"
    r"|^[^.;!?]{0,25}?\b(?:but|and)\s+(?:that[’']?s|that is|it[’']?s|its|it is|this is)\s+"
    r"(?:wrong|incorrect|a (?:typo|mistake|misprint|error))\b",
    re.I,
)
# ... and for a condition (an allergy), that it is harmless: "latex is fine", "peanuts
# came back clear", "birch pollen doesn't bother me" (a pet that "is fine" is alive).
_HARMLESS_AFTER = re.compile(
    r"^[\s,]*(?:(?:is|are|was|were|'s|’s)\s+)?(?:(?:totally|actually|completely|perfectly|"
    r"all)\s+)?(?:fine|ok|okay|clear|negative|came back (?:clear|negative|fine))\b"
    r"|^\s*(?:doesn[’']t|don[’']t|does not|do not|no longer|never)\s+(?:bother|affect|trouble)",
    re.I,
)
_CONDITIONS = frozenset({"allergy"})
# A correction frame about the value: "wrong about the X", "mistaken about X".
_CORRECTED = re.compile(
    r"\b(?:wrong|mistaken|confused|incorrect|a mistake)\s+(?:about|on|with)\s+"
    r"(?:the\s+|my\s+|a\s+)?$",
    re.I,
)
# The value left in a pair: "from X to Y", "instead of X", "rather than X".
_FROM = re.compile(r"\b(?:from|instead of|rather than)\s+(?:the\s+|my\s+|our\s+)?$", re.I)
_TO = re.compile(r"^\s*(?:to|→|->|=>|for)\s+", re.I)
# The value given up in a swap: "swapped X for Y", "replaced X with Y", "moved off X to Y".
# Only with its counterpart (_SWAP_TO, or ", it's Y") is it a contrast.
_SWAP = re.compile(
    r"\b(?:swapp(?:ed|ing)|switch(?:ed|ing)|trad(?:ed|ing)(?:\s+in)?|exchang(?:ed|ing)|"
    r"replac(?:ed|ing)|ditch(?:ed|ing)|dump(?:ed|ing)|dropp(?:ed|ing)|kill(?:ed|ing)|"
    r"scrapp(?:ed|ing)|(?:mov|migrat|shift)(?:ed|ing)\s+(?:off|away\s+from|over\s+from|on\s+from)|"
    r"(?:upgrad|downgrad)(?:ed|ing))\s+(?:the\s+|my\s+|our\s+|his\s+|her\s+)?$",
    re.I,
)
_SWAP_TO = re.compile(r"^\s*(?:to|for|with|by|onto|into|→|->|=>)\s+(?:an?\s+|the\s+)?", re.I)
# "X is history", "X was before", "X's done": the value is retired by what follows it.
_RETIRED_AFTER = re.compile(
    r"^\s*(?:(?:is|was|are|were|'s|’s)\s+)(?:(?:officially|now|long|all|so)\s+)?"
    r"(?:history|before|in the past|over|done|finished|behind me|behind us|on ice|"
    r"a thing of the past)\b",
    re.I,
)
_ARROW = re.compile(r"^\s*(?:→|->|=>)\s*")
# "not X, it's Y" / "not X but Y": the counterpart follows.
_THEN = re.compile(r"^[\s,;:—–-]*(?:but|it[’']?s|its|it is|rather|just|only)\b", re.I)
# "Y, not X": the counterpart precedes.
_NOT_AFTER_COMMA = re.compile(r"(?:,|\bbut)\s+not\s+(?:the\s+|my\s+|a\s+)?$", re.I)
# The complement of a copula: the value an open-class slot states ("it's nickel").
_COPULA = re.compile(
    r"\b(?:it[’']?s|its|it is|is|was|are|were|'s|’s)\s+(?:(?:actually|really|just|in fact|"
    r"definitely|to)\s+)?(?:the\s+|an?\s+)?(?P<v>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2})", re.I)
# Words that end a noun phrase, or are no value at all.
_NP_STOP_WORDS = (
    "i we you he she they it is are was were be been am to for of in on at by with from about "
    "into than like as over under and or but "
    "so that which who what when after before because since now then too also still really "
    "the a an my our your his her their this these those not no fine ok okay clear negative "
    "wrong right worse better bad good problem issue one thing culprit true false honestly "
    "actually just only all every everything nothing something there here me us them him "
    "reacting allergic sure going gone done over instead anymore either though"
)
_NP_STOP = frozenset(_NP_STOP_WORDS.split())
_MONTH_WORDS = ("january february march april may june july august september october november "
                "december")
_MONTHS = _MONTH_WORDS.split(" ")
# Time words: no name, even in lower case ("from anneliese on monday").
_TIME = frozenset((_MONTH_WORDS + " monday tuesday wednesday thursday friday saturday sunday "
                   "today tomorrow tonight weekend week month year morning evening").split(" "))
# Words that open a time after a noun phrase ("Helix last week", "Tày this term").
_WHEN = frozenset({"last", "next", "this", "since", "until", "till", "ago"})
_DAY = re.compile(r"\bthe\s+(?P<d>\d{1,2})(?:st|nd|rd|th)\b", re.I)


def _np(text: str, backward: bool = False) -> str:
    """The noun phrase of lower-case or capitalised words at *text*'s start (or end)."""
    words = re.findall(r"[\w’'-]+|[^\w\s]", text)
    if backward:
        words = words[::-1]
    out: list[str] = []
    for w in words:
        if not re.fullmatch(r"[\w’'-]+", w) or w.casefold() in _NP_STOP or len(out) == 3 \
                or w.casefold() in _TIME or w.casefold() in _WHEN:
            break
        out.append(w)
    if backward:
        out = out[::-1]
    return " ".join(out)


def _dates(text: str) -> list[str]:
    """Days of the year in *text*, month names typed in lower case too ("july 21")."""
    up = re.sub(r"\b(" + "|".join(_MONTHS) + r")\b", lambda m: m.group(1).capitalize(), text,
                flags=re.I)
    return birthdays_in(up)


def _values(slot: Slot, text: str, lower: bool) -> list[str]:
    """Values of *slot*'s kind in *text*, in the order said.

    *lower*: the speaker types names in lower case (they did so for the held
    value), so a lower-case word where a name stands is a name too.
    """
    kind = slot.kind
    if kind == "birthday":
        return _dates(text)
    if kind in NAME_KINDS:
        got = names_in(kind, text)
        if not got and lower and kind != "person":
            m = re.search(r"\b(?:to|in|at|on|for|with|using|into|is|'s|’s)\s+(?:the\s+)?"
                          r"(?P<v>[a-z][\w-]+)", text)
            if m and m["v"].casefold() not in _NP_STOP | _TIME:
                got = [m["v"]]
        return got
    got = list(read_value(kind, text).new)
    if not got and kind == "allergy":  # "I'm reacting to ragweed instead"
        got = [v for m in re.finditer(r"\breact\w*\s+to\s+(?:the\s+)?", text, re.I)
               if (v := _np(text[m.end():]))][:1]
    if not got and kind in ("allergy", "title"):
        # the first copula whose complement is a noun phrase ("are fine, it's horses")
        got = [v for m in _COPULA.finditer(text) if (v := _np(text[m.start("v"):]))][:1]
    return got


# A negation bounded by a moment is about the moment ("not in Berlin this weekend").
_MOMENT = re.compile(r"^\s*(?:(?:this|next|for the|for a|for)\s+(?:weekend|week|month|morning|"
                     r"afternoon|evening|night|time|moment|summer|winter|while|day|days|weeks)|"
                     r"today|tonight|tomorrow|right now|at the moment|atm)\b", re.I)


def _negated(clause: str, at: int, end: int, kind: str) -> bool:
    """Whether the value at clause[at:end] is said to be left behind, by structure."""
    before, after = clause[:at], clause[end:]
    if _MOMENT.match(after):
        return False
    chunk = re.split(r"[,.;:!?()]", before)[-1] + " "
    m = _NEGATOR.search(chunk)
    if m and not re.search(r"n[’']t\s+for\s+$", chunk, re.I) and all(
            w.casefold() in _SCOPE or w.casefold().endswith("ing") for w in m["gap"].split()):
        return True
    if _SWAP.search(before) and (_SWAP_TO.match(after) or _THEN.match(after)):
        return True
    return bool(_EVAL_AFTER.match(after) or _CORRECTED.search(before) or _FROM.search(before)
                or _ARROW.match(after) or _RETIRED_AFTER.match(after)
                or (kind in _CONDITIONS and _HARMLESS_AFTER.match(after)))


def _where(text: str, value: str, kind: str) -> tuple[int, int] | None:
    """Where *value* (held) is named in *text*: by its words, or a day alone ("the 30th")."""
    if kind == "birthday":
        for d in _dates(text):
            if d.casefold() == value.casefold():
                i = _locate_date(text, d)
                if i is not None:
                    return i
        day = re.search(r"\d{1,2}", value)
        for dm in _DAY.finditer(text):
            if day and int(dm["d"]) == int(day.group(0)):
                return dm.start(), dm.end()
        return None
    m = re.search(rf"(?<![\w-]){re.escape(value)}(?:s|es)?(?![\w-])", text, re.I)
    if m:
        return m.start(), m.end()
    words = value.split()
    if len(words) > 1 and value.islower() and len(words[0]) >= 4 and (
            fm := re.search(rf"(?<![\w-]){re.escape(words[0])}(?![\w-])", text, re.I)):
        return fm.start(), fm.end()  # the modifier of a common noun: "latex" for "latex gloves"
    # a distinctive word of a name ("the Focus" for "Ford Focus")
    for w in words:
        if len(w) > 2 and names_value(w, value) and (
                wm := re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text)):
            return wm.start(), wm.end()
    return None


def _locate_date(text: str, date: str) -> tuple[int, int] | None:
    mon = next((w for w in date.split() if not w.isdigit()), "")[:3]
    day = next((w for w in date.split() if w.isdigit()), "")
    m = re.search(rf"\b{mon}\w*\.?\s+{day}(?:st|nd|rd|th)?\b|\b{day}(?:st|nd|rd|th)?\s+"
                  rf"(?:of\s+)?{mon}\w*", text, re.I)
    return (m.start(), m.end()) if m else None


def _counterpart(slot: Slot, clause: str, at: int, end: int, rest: str, held: HeldValues,
                 lower: bool) -> str | None:
    """The value the contrast affirms beside the held value at clause[at:end]."""
    before, after = clause[:at], clause[end:]
    mine = [v for vs in held.values() for v in vs]

    def _same(a: str, b: str) -> bool:
        if slot.kind == "birthday":  # "July 21" is no "July 27": dates are equal or not
            return a.casefold() == b.casefold()
        return names_value(a, b) or names_value(b, a)

    def _ok(vs: Sequence[str]) -> str | None:
        for v in vs:
            if v and not any(_same(v, h) for h in mine) \
                    and _where(clause[at:end], v, slot.kind) is None:
                return v
        return None

    if _NOT_AFTER_COMMA.search(before):
        # "sulfa drugs, not amoxicillin", "13 May 1951, not the 30th"
        head = before[: _NOT_AFTER_COMMA.search(before).start()]  # type: ignore[union-attr]
        got = _ok(_values(slot, head, lower)[-1:]) or (
            _ok([_np(head, backward=True)]) if slot.kind not in NAME_KINDS | {"birthday"}
            else None)
        if got:
            return got
    if (_FROM.search(before) or _ARROW.match(after)) and (m := _TO.match(after)):
        got = _ok(_values(slot, after[m.end():], lower)[:1] or [_np(after[m.end():])])
        if got:
            return got
    if _SWAP.search(before) and (m := _SWAP_TO.match(after)):
        # The swap names its counterpart's place: a name of the slot's kind there, else
        # a capitalised noun phrase ("Cham for Tày": a language no list knows), names
        # only as written ("switched vim to dark mode" is no editor); else no contrast.
        nxt = after[m.end():]
        np_ = _np(nxt)
        return _ok(_values(slot, nxt, False)[:1] or ([np_] if np_[:1].isupper() else []))
    if _THEN.match(after):
        got = _ok(_values(slot, after, lower)[:1])
        if got:
            return got
    return _ok(_values(slot, after, lower)) or _ok(_values(slot, rest, lower))


def contrasts(text: str, clauses: Sequence[Clause], held: HeldValues) -> list[Contrast]:
    """The contrasts of one turn: each held value a clause leaves behind, and the one affirmed.

    *text*: the whole turn; *clauses*: its self-disclosures (:func:`.detect.disclosures`);
    *held*: the speaker's values per slot.
    """
    # The turn's own statements after each clause, for a counterpart said later
    # ("NEGATIVE for latex!! what came up was chlorhexidine"): no questions, no
    # hypotheticals, no quotes or reported speech.
    own = " ".join(s for s in re.split(r"(?<=[.!?])\s+", strip_foreign_text(text))
                   if s and not s.rstrip().endswith("?") and not hypothetical(s))
    out: list[Contrast] = []
    for c in clauses:
        for name, values in held.items():
            slot = slot_by_name(name)
            if slot.kind == "thing":
                continue  # likes and dislikes: the phrasing rules read those
            for v in values:
                span = _where(c.text, v, slot.kind)
                if span is None or not _negated(c.text, *span, slot.kind):
                    continue
                # Whose statement: the clause's, or the part after a colon that holds
                # the value ("My daughter pointed out I'd typed it wrong: I was born …").
                own_part = c.text[c.text.rfind(":", 0, span[0]) + 1:].strip()
                if third_party(own_part) or owner_of(own_part, c.text[span[0]:span[1]]) \
                        == OWNED_BY_OTHER:
                    continue
                lower = c.text[span[0]:span[1]].islower() and not v.islower()
                # what the turn says after the clause ("…, it's horses that set me off")
                i = own.casefold().find(c.text.casefold())
                rest = own[i + len(c.text):] if i >= 0 else ""
                new = _counterpart(slot, c.text, *span, rest, held, lower or v.islower())
                if new and owner_of(own_part + " " + rest, new) != OWNED_BY_OTHER:
                    out.append((slot, v, new, c.text))
    return out


def with_contrasts(got: list[Claim], turn: Turn, subject: str, clauses: Sequence[Clause],
                   held: HeldValues) -> list[Claim]:
    """*got* (a turn's claims) with its contrasts: the held value removed, its counterpart added.

    *turn*, *subject*: whose statement it is; *clauses*: the turn's self-disclosures;
    *held*: the speaker's values per slot. In a single-valued slot
    the contrast decides the new value: other new values the readers gave that
    slot from the same clause give way.
    """
    for slot, old, new, clause in contrasts(turn.text, clauses, held):
        got = [c for c in got if not (c.slot is slot and not c.removal and (
            names_value(c.value, old) or (not slot.multi and c.clause == clause)))]
        # The counterpart is the held slot's value, no other slot's ("swapped DrPython
        # for Wing IDE 101" is no CI tool, whatever the slot ranking made of it).
        # The clause's unslotted sentence goes too: it is this claim now.
        got = [c for c in got if c.slot is slot or c.removal or c.clause != clause
               or (c.slot is not OTHER_SLOT and c.value.casefold() != new.casefold())]
        if not any(c.slot is slot and c.removal and names_value(c.value, old) for c in got):
            got.append(Claim(turn, subject, slot, old, True, clause, END_MARGIN))
        if not any(c.slot is slot and not c.removal and c.value.casefold() == new.casefold()
                   for c in got):
            got.append(Claim(turn, subject, slot, new, False, clause, END_MARGIN))
    return got


def destination(picks: list[tuple[Slot, str, bool, float]],
                clause: str) -> list[tuple[Slot, str, bool, float]]:
    """*picks* of one clause where a change names its destination ("changed X to the Maldives").

    When the readers gave a single-valued slot several new values and one of them
    is where a change verb goes to, that one is the new value; the others are not.
    """
    by_slot: dict[str, list[str]] = {}
    for sl, v, rem, _ in picks:
        if not rem and not sl.multi:
            by_slot.setdefault(sl.name, []).append(v)
    keep: dict[str, str] = {}
    for name, vs in by_slot.items():
        if len(vs) < 2:
            continue
        dest = [v for v in vs if is_destination(clause, v)]
        if len(dest) == 1:
            keep[name] = dest[0]
    # (a fuller name of the destination stays: "the move to GitLab … with GitLab CI")
    return [p for p in picks if p[2] or p[0].name not in keep
            or names_value(p[1], keep[p[0].name]) or names_value(keep[p[0].name], p[1])]
