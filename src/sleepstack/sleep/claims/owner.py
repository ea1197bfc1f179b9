"""Whose value it is: the owner of each value a clause's readers picked.

:mod:`.subject` decides for a whole clause whether it is about someone else
("my sister moved to Bristol"); a first-person turn also puts someone else's
value *inside* a clause that is the speaker's, or a third party's value where
the clause-level reading cannot see it:

* the value sits in a noun phrase with a **possessor** — "my roommate Jen's
  number is …", "it's my girlfriend's birthday on …", "I'm noting his
  landline: …", "my brother's boss Seamus": the possessor owns it, and a
  person the speaker names (even "my girlfriend") is not the speaker;
* the value is the **identity** of a person noun — "my boss Tuomas", "my boss
  is Tuomas" are the speaker's relation (their manager); "my brother's boss
  Seamus", "his wife Ana" are someone else's;
* otherwise the **grammatical subject** of the clause owns it — "she's engaged
  to a guy called …", "my little brother signed for a flat in …": read by
  scanning left from the value to the nearest subject, where "me" followed by
  a verb is a subject too ("helped me move to …") but an object person is not
  ("I went with my sister to …");
* a pronoun subject or possessor (he, she, his, her, they) is followed back to
  the nearest person or animal named before it in the turn: a person is a
  third party; an animal is owned by whoever its own phrase says ("we adopted
  a kitten, she's called Mochi" is the speaker's pet).

Relation nouns are one closed class (:func:`.subject.is_relation`); no verb or
phrasing is listed per statement. Values whose place in the clause cannot be
found are left to the other readers (:func:`owner_of` says ``None``).

Pure text functions.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Literal

from .species import SPECIES
from .subject import is_relation
from .taxonomy import Slot

__all__ = ["OTHER", "SELF", "owned_picks", "owner_of", "said_before", "unpossessed"]

Owner = Literal["self", "other"]
SELF: Owner = "self"
OTHER: Owner = "other"
Pick = tuple[Slot, str, bool, float]

# Values that are a property of their possessor wherever the phrase stands
# ("I'm noting his landline: …", "I forgot my girlfriend's birthday on …").
_INTRINSIC = frozenset({"phone", "email", "birthday"})
_TOKEN = re.compile(r"[A-Za-z][\w'’-]*|\d[\d().+-]*|[,:;=()]")
_DET_WORDS = "my our his her their your a an the this that these those one some"
_DET = frozenset(_DET_WORDS.split())
_OWN_DET = frozenset(("my", "our"))
_OTHER_DET = frozenset(("his", "her", "their"))
# What joins a value to the noun it belongs to: a copula, a label, a name.
_IDENTITY_WORDS = (", : = - is was 's ’s are called named now still currently "
                   "actually just here there")
_IDENTITY_LINK = frozenset(_IDENTITY_WORDS.split())
# ... or a preposition: the value then is something of the noun's, not who it is.
_PREP_LINK_WORDS = "on in at of from for near by"
_PREP_LINK = frozenset(_PREP_LINK_WORDS.split())
_PREP_WORDS = "with to for from at in on of by about near into onto behind without like than"
_PREPS = frozenset(_PREP_WORDS.split())
_SELF_SUBJ_WORDS = "i i'm i've i'll i'd we we're we've we'll we'd"
_SELF_SUBJ = frozenset(_SELF_SUBJ_WORDS.split())
_SELF_OBJ = frozenset(("me", "us"))
_PRONOUN_WORDS = "he she they he's she's they're they've he'll she'll they'll he'd she'd"
_PRONOUN_SUBJ = frozenset(_PRONOUN_WORDS.split())
# Words after a person that are not the predicate of a small clause ("my sister last week").
_NOT_VERB_WORDS = ("and or but so because then last next this every yesterday today tonight "
                   "tomorrow again too also back home here there up out over down off")
_NOT_VERB = _PREPS | _DET | frozenset(_NOT_VERB_WORDS.split())
_AUX_WORDS = (
    "is was are were has had have 's ’s just finally also still recently already now got "
    "went took left quit sold bought met gave came saw found began became ran drove flew "
    "keeps kept moved signed")
_AUX = frozenset(_AUX_WORDS.split())
# Openings that leave the next noun phrase the clause's subject ("lol my brother's boss …").
_OPENER_WORDS = ("lol haha omg so and but also btw fyi oh well anyway plus then ok okay "
                 "it's it is that's here's there's")
_OPENERS = frozenset(_OPENER_WORDS.split())
_ANIMAL = re.compile(rf"^(?:{SPECIES})(?:s|es)?$", re.I)
# A person said without a relation: "a guy called …", "this woman …".
_SOMEONE = re.compile(r"^(?:guy|girl|woman|man|lady|dude|bloke|chap|someone|somebody|person|"
                      r"people|folks)$", re.I)
_MONTH = re.compile(r"^(?P<m>[A-Za-z]{3})[a-z]*\.?\s+(?P<d>\d{1,2})$|^(?P<d2>\d{1,2})\s+"
                    r"(?:of\s+)?(?P<m2>[A-Za-z]{3})[a-z]*$")


_NUMBER = re.compile(r"[\d(+][\d ().+-]*")


def _tokens(text: str) -> list[tuple[str, int]]:
    out: list[tuple[str, int]] = []
    for m in _TOKEN.finditer(text):
        w = m.group(0)
        if re.fullmatch(r"(?i)names?['’]s", w):  # "her name's Zoe": a copula, no possessor
            out += [(w[:-2], m.start()), (w[-2:], m.start() + len(w) - 2)]
        else:
            out.append((w, m.start()))
    return out


def _bare(word: str) -> str:
    return re.sub(r"(?:['’]s|s['’]|['’])$", "", word).casefold()


def _possessive(word: str) -> bool:
    return bool(re.search(r"(?:['’]s|s['’])$", word)) and word.casefold() not in (
        "it's", "that's", "he's", "she's", "what's", "here's", "there's", "let's", "who's")


def _person(word: str) -> bool:
    w = _bare(word)
    return is_relation(w) or bool(_SOMEONE.match(w))


def _name(word: str, first: bool) -> bool:
    """Whether *word* can be a person's name (capitalised, not an acronym like "CI")."""
    return word[:1].isupper() and not word.isupper() and not first \
        and word.casefold() not in _SELF_SUBJ and _bare(word) not in _DET


def _verbish(word: str) -> bool:
    w = word.casefold()
    if w in _NOT_VERB or (not w.isalpha() and w not in ("'s", "’s")):
        return False
    return w in _AUX or w.endswith(("ed", "ing")) or (w.endswith("s") and len(w) > 3
                                                     and not w.endswith("ss"))


def locate(clause: str, value: str) -> int | None:
    """Where *value* (as a reader wrote it) starts in *clause*; None when it cannot be found."""
    i = clause.casefold().find(value.casefold())
    if i >= 0:
        return i
    digits = re.sub(r"\D", "", value)
    if len(digits) >= 6:  # a number, however it is spaced: "(503) 555-0190"
        for m in _NUMBER.finditer(clause):
            if re.sub(r"\D", "", m.group(0)).endswith(digits[-6:]):
                return m.start()
        return None
    d = _MONTH.match(value)
    if d:  # a day read as "October 12" from "Oct 12th" or "12 oct"
        mon, day = (d["m"] or d["m2"])[:3], d["d"] or d["d2"]
        dm = re.search(rf"\b{mon}\w*\.?\s+{day}\b|\b{day}(?:st|nd|rd|th)?\s+(?:of\s+)?{mon}",
                       clause, re.I)
        return dm.start() if dm else None
    first = value.split()[0] if value.split() else ""
    fm = re.search(rf"\b{re.escape(first)}\b", clause, re.I) if len(first) > 2 else None
    return fm.start() if fm else None


def _sentence_start(text: str, at: int) -> int:
    ends = [m.end() for m in re.finditer(r"[.!?\n]\s*", text[:at])]
    return ends[-1] if ends else 0


def _pronoun_owner(toks: list[tuple[str, int]], i: int, text: str, depth: int,
                   identity: bool = False) -> Owner | None:
    """Whose a pronoun at token *i* is: the nearest person or animal named before it.

    A person is a third party, unless the value is that person's *identity* ("I'm
    seeing someone new, her name is …"): then whoever the person is to, by the
    person's own phrase. An animal is whoever its phrase says ("we got a puppy, he's …").
    An identity with no one named before it: None (the clause's subject decides).
    """
    they = toks[i][0].casefold().startswith(("they", "their", "them"))
    for j in range(i - 1, -1, -1):
        w = toks[j][0]
        animal = bool(_ANIMAL.match(_bare(w)))
        if animal or _person(w) or (w[:1].isupper() and _possessive(w)):
            if (animal or identity) and depth < 2:
                at = toks[j][1]
                got = _owner_at(text, at, _sentence_start(text, at), "", depth + 1)
                return got or SELF
            return OTHER
    if identity:
        return None
    return OTHER if not they else SELF


def _subject_owner(toks: list[tuple[str, int]], end: int, start: int, text: str) -> Owner | None:
    """The owner of the subject nearest left of token *end* (within the clause at *start*)."""
    for i in range(end - 1, -1, -1):
        w, at = toks[i]
        if at < start:
            return None
        lw = w.casefold()
        nxt = toks[i + 1][0] if i + 1 < len(toks) else ""
        if lw in _SELF_SUBJ:
            return SELF
        after = toks[i + 2][0] if i + 2 < len(toks) else ""
        if lw in _SELF_OBJ and i + 1 < end and (
                (nxt.casefold() == "to" and after.islower() and after not in _DET)
                or (nxt.isalpha() and nxt.islower() and nxt not in _NOT_VERB)):
            return SELF  # "helped me move to …", "wants me to fly to …"
        if lw in _PRONOUN_SUBJ:
            return _pronoun_owner(toks, i, text, 0)
        first = at == start
        if _person(w) or _name(w, first):
            # The head of a noun phrase: its subject unless a preposition or a verb
            # governs it ("I went with my sister to …"), or it opens a small clause.
            j = i - 1
            while j >= 0 and toks[j][1] >= start and (
                    _possessive(toks[j][0]) or toks[j][0].casefold() in _DET
                    or (toks[j][0].islower() and not _verbish(toks[j][0])
                        and toks[j][0] not in _PREPS and toks[j][0].casefold() not in _OPENERS
                        and toks[j][0].casefold() not in _SELF_SUBJ)):
                j -= 1
            if not _person(w) and j + 1 < i and toks[j + 1][0].casefold() in _OWN_DET:
                continue  # "our Jenkins runs on …", "my Golf": the speaker's thing
            governed = j >= 0 and toks[j][1] >= start and (
                toks[j][0].casefold() in _PREPS or _verbish(toks[j][0]))
            # "I'm helping my brother move to …": a governed person with a bare verb after it
            predicate = i + 1 < end and (_verbish(nxt) or (governed and nxt.isalpha()
                                         and nxt.islower() and nxt not in _NOT_VERB))
            if predicate and (not governed or not _name(w, first) or _person(w)):
                if _possessive(w) or lw in ("ex",):
                    continue
                return OTHER
    return None


def _owner_at(text: str, pos: int, start: int, kind: str, depth: int = 0) -> Owner | None:
    """Who owns the value at *pos* of *text* (its clause starts at *start*); None: unknown."""
    toks = _tokens(text[:pos])
    i = len(toks) - 1
    identity = True
    while i >= 0 and toks[i][1] >= start and (toks[i][0].casefold() in _IDENTITY_LINK
                                              or toks[i][0].casefold() in _PREP_LINK):
        identity = identity and toks[i][0].casefold() not in _PREP_LINK
        i -= 1
    # The noun phrase the value belongs to, right to left, up to its determiner.
    np: list[str] = []
    det = ""
    while i >= 0 and toks[i][1] >= start and len(np) < 5:
        w = toks[i][0]
        lw = w.casefold()
        if lw == "her" and not np and i >= 1 and _verbish(toks[i - 1][0]):
            # "named her Fig", "called her Nala": "her" is the object, the value its name
            return _pronoun_owner(toks, i, text, depth, True) or _subject_owner(
                toks, i, start, text)
        if lw in _DET:
            det = lw
            break
        if lw in _PRONOUN_SUBJ and not np:
            # "she's called Mochi", "he is Tom": the pronoun's person or animal is named
            return _pronoun_owner(toks, i, text, depth, identity) or _subject_owner(
                toks, i, start, text)
        if _possessive(w) or (not np and (lw.isalpha() or "-" in lw) and not _verbish(w) \
                and lw not in _PREPS and lw not in _SELF_SUBJ | _SELF_OBJ \
                and lw not in _OPENERS):
            np.append(w)
            i -= 1
            continue
        if np and not _possessive(np[-1]) and _possessive(w):
            np.append(w)
            i -= 1
            continue
        if np and w.isalpha() and (not _verbish(w) or _person(w[:-1])) and lw not in _PREPS \
                and lw not in _SELF_SUBJ | _SELF_OBJ and lw not in _OPENERS:
            np.append(w)  # an adjective or a noun before the head ("old college roommate")
            i -= 1
            continue
        break
    # What precedes the phrase (its determiner excluded): only openers, it is the subject.
    k = i - 1 if det else i
    before = [t[0].casefold() for t in toks[max(0, k - 1): k + 1] if t[1] >= start] \
        if k >= 0 else []
    subject_np = not before or all(b in _OPENERS for b in before)
    if np and np[0].casefold() in ("name", "names") and (det in _OTHER_DET or (
            len(np) > 1 and _possessive(np[1]))):
        # "her name is …", "my sister's name is …": the value names the possessor.
        if len(np) == 1:
            return _pronoun_owner(toks, i, text, depth, identity) or _subject_owner(
                toks, i, start, text)
        np = [_bare(np[1]), *np[2:]]
    head = np[0] if np else ""
    poss = next((w for w in np if _possessive(w)), None)
    if poss is None and head and not _person(head):
        # "my mums new number", "my sister house": a person before the head owns it.
        poss = next((w for w in np[1:] if _person(w) or _person(w[:-1])), None)
    decided: Owner | None = None
    if poss is not None:
        # "Jen's number", "my girlfriend's birthday", "my brother's boss Seamus": the
        # possessor's; a possessor that is a thing ("my company's address") is the det's.
        decided = OTHER if (_person(poss) or _person(poss[:-1]) or poss[:1].isupper()
                            or det in _OTHER_DET) \
            else (SELF if det in _OWN_DET else None)
    elif det in _OTHER_DET:
        decided = OTHER
    elif det in _OWN_DET:
        # "my boss Tuomas", "my number is …": the speaker's; "my sister in Leeds": hers;
        # "the email of my dentist: …": the dentist's.
        of = i >= 1 and toks[i - 1][0].casefold() == "of" and toks[i - 1][1] >= start
        decided = OTHER if head and _person(head) and (not identity or of) else SELF
    if decided is OTHER and kind == "person" and head and not _person(head) and identity:
        # "Her successor, Bram, is my manager now": a name said as someone's non-relation
        # ("successor", "replacement") is who the rest of the clause says it is.
        decided = None
    # The possessor decides for a property ("his landline"), for what it possesses
    # directly ("her English", "his Golf"), for the subject, and for a person's name;
    # a place of an object's thing is the subject's ("I moved into her flat in …").
    if decided is not None and (kind in _INTRINSIC or subject_np or not np or (
            head and _person(head) and identity)):
        return decided
    got = _subject_owner(toks, i + 1 if i >= 0 else 0, start, text)
    return got if got is not None else decided


def owner_of(clause: str, value: str, before: str = "", kind: str = "") -> Owner | None:
    """Who owns *value* in *clause*: :data:`SELF`, :data:`OTHER`, or None (unknown).

    *before*: the turn's text before the clause, where a pronoun's person may be
    named ("caught up with my old roommate. she's engaged to …"); *kind*: the
    slot kind (a phone, e-mail or birthday belongs to its possessor wherever
    its phrase stands).
    """
    at = locate(clause, value)
    if at is None:
        return None
    ctx = (before.rstrip() + " ") if before.strip() else ""
    return _owner_at(ctx + clause, len(ctx) + at, len(ctx), kind)


def owned_picks(clause: str, before: str, picks: Sequence[Pick],
                theirs: bool = False) -> list[Pick]:
    """*picks* of *clause* less the values a third party owns (see :func:`owner_of`).

    *theirs*: the clause as a whole is about someone else (:func:`.subject.third_party`);
    only a value the speaker clearly owns in it stays ("my mum helped me move to …"),
    and no person's name: the relation there is the subject's ("my mum" is no family Utrecht).
    """
    if theirs:
        return [p for p in picks if p[0].kind != "person"
                and owner_of(clause, p[1], before, p[0].kind) == SELF]
    return [p for p in picks if owner_of(clause, p[1], before, p[0].kind) != OTHER]


# "my parents' farm", "my sister's flat": a relation that owns a thing names the
# owner, not a relation of the speaker's; "my sister's husband" still names a husband.
_POSS_RELATION = re.compile(r"\b(?P<w>[A-Za-z]+)(?:['’]s|s['’])\s+(?P<n>[A-Za-z]+)")


def unpossessed(sentence: str) -> str:
    """*sentence* without relation nouns used only as the possessor of a thing."""
    def _mask(m: re.Match[str]) -> str:
        if is_relation(m["w"].casefold()) and not _person(m["n"]) and m["n"].casefold() != "name":
            return "someone's " + m["n"]
        return m.group(0)
    return _POSS_RELATION.sub(_mask, sentence)


def said_before(text: str, clause: str) -> str:
    """What the turn *text* said before *clause* ("" when the clause cannot be found in it).

    A clause is read from the turn after standardising it ("i moved" → "I moved"),
    so it is looked up without case; where it still is not found, nothing before
    it is known (not the whole turn, which would offer the clause's own words and
    what follows it as the people its pronouns point back to).
    """
    at = text.casefold().find(clause.casefold())
    return text[:at] if at > 0 else ""
