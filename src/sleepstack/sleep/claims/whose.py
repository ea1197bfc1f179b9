"""Whose statement a part of a clause is, beyond "my sister …" (:mod:`.subject`).

Three structures put someone else's value, or the end of the speaker's own
relationship, into a first-person turn:

* **a named person as the subject** — "Hiroshi moved to the Osaka office, so I
  report to Beatriz now", "Tom got a job at Google, I'm so happy for him":
  a clause whose subject is a name and that has no first person of its own is
  about that person. Its values are theirs; only a claim about the name itself
  (its ending: "Priya left", "Nemo ran away") may still be the speaker's.
  (:func:`named_subject`)
* **an address given for someone else** — "for invoices write to my accountant,
  accounts@x.com", "my business partner is hassan@…", "text Jana on 0151 …":
  the e-mail or number belongs to the person or role named right before it,
  not to the speaker. (:func:`others_address`)
* **a couple as the subject** — "Lucas and I called it quits in March", "Sofia
  and me are divorced now": "X and I" with a predicate that means a relationship
  ended is the end of X as the speaker's partner, never a new partner X. The
  predicate is read by meaning: the clause said as "We …" (the couple's names
  masked) is embedded and compared with prototypes of a relationship that ends
  and one that holds. (:func:`couple`, :func:`as_we`, :func:`couple_scores`)

And a move whose destination is a workplace ("moved to the Osaka office") is a
transfer at work, nobody's new home (:func:`to_workplace`).

Pure text functions, except :func:`couple_scores`, which embeds.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ...adapters.embed import Embedder
from .classify import contrast_scores, mask_values
from .held import HeldValues, names_value
from .species import SPECIES
from .subject import FOREIGN_MY, WHERE_HELD, is_person
from .taxonomy import Slot, slot_by_name

__all__ = ["COUPLE", "COUPLE_FLOOR", "as_we", "couple", "couple_scores", "named_relation",
           "named_subject", "others_address", "to_workplace", "whose_picks"]

_FIRST = re.compile(r"\b(?:I|I'm|I've|I'll|I'd|me|my|mine|myself|we|we're|we've|our|ours|us)\b",
                    re.I)
# Capitalised openings that are no one's name: time words, dropped-"I" verbs, determiners.
_NOT_NAME_WORDS = (
    "the a an this that these those there here it he she they you we i my our his her their its "
    "today yesterday tomorrow tonight now then so since after before last next just finally "
    "still also only even monday tuesday wednesday thursday friday saturday sunday "
    "got went made took left quit sold bought met found began became had ran drove flew "
    "came gave saw told said booked switched started moved joined signed picked dropped "
    "traded landed adopted lost won ended been being lol ok okay yeah yes no oh well "
    "ci cd db aws gcp"
)
_NOT_NAME = frozenset(_NOT_NAME_WORDS.split())
# A name (one or two capitalised words) and then an action: "Hiroshi moved",
# "Tom got", "Anna has started", "Marco is travelling". Copulas ("Bali's off",
# "Mustard is the culprit") describe a thing as often as a person: not read.
_NAMED = re.compile(
    r"^(?P<n>[A-Z][a-z][\w'’-]*(?:\s+[A-Z][a-z][\w'’-]*)?)\s+"
    r"(?:(?:has|had|have|just|finally|also|recently|already|now)\s+)*"
    r"(?:(?:is|was|are)\s+[a-z]+ing\b|[a-z]+ed\b|got\b|took\b|went\b|left\b|quit\b|"
    r"joined\b|became\b|began\b|found\b|bought\b|sold\b|met\b|won\b|lost\b|ran\b|"
    r"[a-z]{3,}s\b(?!\s+(?:is|are)\b))")


def named_subject(clause: str) -> str | None:
    """The name that is *clause*'s subject when it has no first person; else None."""
    c = clause.strip()
    if _FIRST.search(c):
        return None
    m = _NAMED.match(c)
    if m is None:
        return None
    name = m["n"]
    first = name.split()[0].casefold()
    if first in _NOT_NAME or first.endswith(("ed", "ing")) or name.isupper():
        return None
    return name


_ADDRESS = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\+?\d[\d ().-]{5,}\d")
# What names the address itself ("my email is", "my work number:"): the speaker's own
# unless it is someone else's ("my mum's number", read by the possessive).
_ADDRESS_WORD = re.compile(r"^(?:e-?mail|mail|address|addy|inbox|number|no|phone|mobile|"
                           r"cell|landline|contact|line|handle|whatsapp|signal)$", re.I)
_TOKEN = re.compile(r"[\w'’-]+|[,:=]")
# Between a person and their address: "my accountant, x@…", "Jana on 0151 …", "… is …".
_SEPARATOR_WORDS = ", : = - at on via is are under"
_SEPARATOR = frozenset(_SEPARATOR_WORDS.split())
_ME_WORDS = "i me my our us myself mine"
_ME = frozenset(_ME_WORDS.split())
_PRONOUN_WORDS = "him her them his their"
_PRONOUN = frozenset(_PRONOUN_WORDS.split())
# Imperative openings that are no names: "Email x@y", "Call 0151 …".
_VERB_WORDS = "email mail write text call reach contact use send ping try"
_VERBS = frozenset(_VERB_WORDS.split())


def others_address(clause: str) -> bool:
    """Whether the e-mail address or number in *clause* is given as someone else's.

    Read backwards from the address over separators ("," "at" "is") and words
    for an address ("number", "email"): the first word left is its owner —
    the speaker ("me", "my email is"), a person by relation or role ("my
    accountant", "my mum's number"), a pronoun ("reach her at") or a name
    ("Jana's mobile", "text Jana on").
    """
    m = _ADDRESS.search(clause)
    if m is None:
        return False
    toks = _TOKEN.findall(clause[: m.start()])
    i = len(toks) - 1
    # ("number's" is "number is": the address word with its copula)
    while i >= 0 and (toks[i].casefold() in _SEPARATOR
                      or _ADDRESS_WORD.match(re.sub(r"['’]s$", "", toks[i]))):
        i -= 1
    if i < 0:
        return False
    head = toks[i]
    poss = bool(re.search(r"['’]s$", head))
    word = re.sub(r"['’]s$", "", head)
    if word.casefold() in _ME:
        return False
    if word.casefold() in _PRONOUN:
        return True
    if word[:1].isupper() and (i > 0 or poss) and word.casefold() not in _VERBS:
        return True  # a name: "text Jana on …", "Jana's number is …"
    det = any(t.casefold() in ("my", "our", "his", "her", "their", "a", "the")
              for t in toks[max(0, i - 3): i])
    return (det or poss) and is_person(word)


# "Lucas and I …", "sofia and me …", "me and Tom …", "my wife Ana and I …"
_COUPLE = re.compile(
    r"^(?:(?:my|our)\s+(?:[a-z-]+\s+)?)?(?P<x>[A-Za-z][\w'’-]+)\s+(?:and|&|n)\s+(?:I|me|myself)\b"
    r"|^(?:I|me)\s+(?:and|&|n)\s+(?P<y>[A-Za-z][\w'’-]+)\b", re.I)
_NO_PARTNER_WORDS = ("we you he she they it this that my our his her their the a an "
                     "family kids parents mom mum dad friends")
_NO_PARTNER = frozenset(_NO_PARTNER_WORDS.split())


def couple(clause: str) -> str | None:
    """X when *clause*'s subject is "X and I" (or "me and X"); else None."""
    m = _COUPLE.match(clause.strip())
    if m is None:
        return None
    x = m["x"] or m["y"]
    return None if x.casefold() in _NO_PARTNER else x


def as_we(clause: str) -> str:
    """*clause* with its couple subject said as "We" (values masked), for its meaning."""
    c = _COUPLE.sub("We", clause.strip(), count=1)
    c = re.sub(r"^We\s+(?:am|is)\b", "We are", c)
    return mask_values(c)


#: a couple clause means the relationship ended when it is this much nearer the
#: ending prototypes than the holding ones
COUPLE_FLOOR = 0.03
_ENDS = ("We broke up.", "We split up.", "We separated.", "We got divorced.",
         "We are not together anymore.", "We ended our relationship.", "It is over between us.",
         "We went our separate ways.")
_HOLDS = ("We are together.", "We got engaged.", "We got married.", "We moved in together.",
          "We are dating.", "We got a dog.", "We went on a trip.", "We split the bill.",
          "We finished the project.", "We are happy together.", "We bought a house.")


def couple_scores(clauses: Sequence[str], embedder: Embedder) -> list[float]:
    """How much nearer each couple clause (said as "We …") is to a breakup than to a bond."""
    return contrast_scores(clauses, embedder, _ENDS, _HOLDS, as_we)


#: the name of the hints' entry for a couple clause's breakup score (:func:`couple_scores`)
COUPLE = "~couple"
_PARTNER = slot_by_name("partner")
_HOME = slot_by_name("home")
# "moved to the Osaka office", "relocated to the new Madrid HQ": a transfer at work.
_TO_WORKPLACE = re.compile(
    r"\b(?:moved|moving|relocated|transferred)\s+(?:over\s+|back\s+)?to\s+(?:the|our|their|his|"
    r"her|a|an)\s+(?:[\w'’-]+\s+){0,3}?(?:office|branch|team|department|dept|site|campus|hq|"
    r"headquarters|plant|store|division|unit|floor|project|lab)\b", re.I)


def to_workplace(clause: str) -> bool:
    """Whether *clause* moves someone to a workplace ("to the Lyon branch"), not a home."""
    return bool(_TO_WORKPLACE.search(clause))
# A relationship named anywhere in the sentence: "Sofia and me are divorced", "… I'm single now".
_RELATIONSHIP = re.compile(r"\b(?:single|divorc\w*|separat\w*|broke up|break ?up|split|dump\w*|"
                           r"relationship|marriage|married|ex|girlfriend|boyfriend|partner|wife|"
                           r"husband|fianc\w*|quits|together)\b", re.I)
Pick = tuple[Slot, str, bool, float]


def whose_picks(clause: str, sentence: str, picks: list[Pick], breakup: float | None,
                held: HeldValues) -> list[Pick]:
    """*picks* of *clause* less someone else's values, plus the end of a couple.

    A named subject keeps only what is about the name itself; a couple subject
    whose predicate means a breakup (*breakup* >= :data:`COUPLE_FLOOR`) ends the
    speaker's partner X ("Lucas and I called it quits"), never makes X the new one.
    """
    if to_workplace(clause):
        picks = [p for p in picks if p[0] is not _HOME]
    n = named_subject(clause)
    if n is not None:
        picks = [p for p in picks if names_value(p[1], n) or names_value(n, p[1])]
    # The person named beside the speaker ("my girlfriend Nadia and I adopted a
    # plant", "Nadia and I …") is no value of another slot (a pet, a city).
    nr = named_relation(clause)
    x = couple(clause)
    for who, slot in ((nr[1], nr[0]) if nr else (None, None), (x, _PARTNER)):
        if who is not None:
            picks = [p for p in picks if p[0] is slot or not names_value(p[1], who)]
    if x is None or breakup is None or breakup < COUPLE_FLOOR:
        return picks
    mine = [v for v in held.get(_PARTNER.name, ()) if names_value(x, v) or names_value(v, x)]
    if not mine and not _RELATIONSHIP.search(sentence):
        return picks
    value = mine[-1] if mine else x
    # A breakup names no new partner ("… called it quits after Easter"): that
    # comes in a clause of its own ("I'm seeing Amir now").
    keep = [p for p in picks if not (names_value(p[1], x) or names_value(x, p[1]))
            and p[0] is not _PARTNER]
    return [*keep, (_PARTNER, value, True, breakup)]


# "my husband Gareth says hi", "My boss Raymond keeps emailing me": whatever the
# clause goes on to say about them, the speaker names who their relation is.
_RELATION_NOUNS = {
    "partner": r"wife|husband|girlfriend|boyfriend|partner|fianc[ée]e?|spouse|hubby|gf|bf|"
               # ... as people mixing languages say them ("mi novio", "mon copain", "jowa ko")
               r"novio|novia|esposo|esposa|marido|namorado|namorada|copain|copine|mari|"
               r"fidanzato|fidanzata|freund|freundin|vriend|vriendin|chłopak|dziewczyna|mąż|"
               r"żona|asawa|jowa|nobyo|nobya|pati|patni|biwi|shohar|sevgilim",
    "manager": r"boss|manager|supervisor|team ?lead(?:er)?|line manager|skip|head chef|foreman|"
               r"forewoman|gaffer|charge nurse|oga",
}
_NAMED_RELATION = re.compile(
    r"^(?:(?:so|and|but|also|btw|oh|well|anyway|plus)[,:]?\s+)*(?P<my>(?:my|our|" + FOREIGN_MY
    + r")\s+)?(?:(?:new|current|lovely|dear|amazing|wonderful)\s+)?"
    r"(?P<rel>" + "|".join(f"(?P<{k}>{v})" for k, v in _RELATION_NOUNS.items()) + r")"
    # (Tagalog puts "my" after: "gf ko si Rowena", "boyfriend ko si Emmanuel")
    r"(?(my)|\s+ko(?:\s+si)?)"
    r",?\s+(?P<n>[A-Z][a-z][\w'’-]*)\b(?!\s+(?:and|&)\s+(?:I|me)\b\s+(?:broke|split|"
    r"separated|divorced|are divorced|called))", re.I)
_NOT_A_NAME = frozenset(_NOT_NAME_WORDS.split()) | frozenset(("is", "was", "says", "said"))


# "My partner is Ilse Brandt", "my line manager's Kwame Mensah": a full name (two or
# more capitalised words, so "my boss is German" is no name) said to be the relation.
_NAMED_AS = re.compile(  # case-sensitive: the name is what is capitalised
    r"^(?:(?:[Ss]o|[Aa]nd|[Bb]ut|[Aa]lso|btw|[Oo]h|[Ww]ell|[Aa]nyway|[Pp]lus)[,:]?\s+)*"
    r"(?:[Mm]y|[Oo]ur)\s+"
    r"(?:(?:new|current|lovely|dear|amazing|wonderful)\s+)?"
    # what kind of boss: "my site supervisor", "my direct manager"
    r"(?:(?:site|shift|line|area|project|team|direct|immediate|store|ward|regional|section|"
    r"department|practice|night|day)\s+)?"
    r"(?P<rel>" + "|".join(f"(?P<{k}>{v})" for k, v in _RELATION_NOUNS.items()) + r")"
    # where the relation holds: "my supervisor at the council is …"
    r"(?:\s+" + WHERE_HELD + r")?"
    r"(?:\s+is|['’]s)\s+(?:now\s+|still\s+)?"
    # (a title before the name stays with it: "Mr. Yoshiro Hanazawa", "Eng. Wanjiru …")
    r"(?P<n>(?:(?:Mr|Mrs|Ms|Dr|Prof|Eng|Ing|Lic|Rev|Sr|Sra|Capt|Sgt)\.?\s+)?[A-Z][a-z][\w'’-]*"
    r"(?:\s+(?:[A-Z][\w'’-]+|de|van|von|da|di|del|le|la|bin|al)){1,3})\s*(?:$|[,.;:!?(])")


# "my kelpie Bindi", "mój kot Mruczek": an animal of the speaker's, by its name
_NAMED_ANIMAL = re.compile(
    r"^(?:(?:so|and|but|also|btw|oh|well|anyway|plus)[,:]?\s+)*(?:my|our|" + FOREIGN_MY
    + r")\s+(?:(?:old|new|little|baby|rescue)\s+)?(?:" + SPECIES + r")\s+"
    r"(?P<n>(?-i:[A-ZÀ-Þ][a-zà-ÿ][\w'’-]*))\b(?!\s+(?:and|&)\s+(?:I|me)\b)", re.I)


def named_relation(clause: str) -> tuple[Slot, str] | None:
    """(slot, name) when *clause* names the speaker's partner, boss or pet.

    It opens with "my <partner/boss> Name" ("my husband Gareth"), or says the relation
    is a full name ("My partner is Ilse Brandt"), or opens with "my <animal> Name"
    ("my kelpie Bindi comes to work with me").
    """
    pet = _NAMED_ANIMAL.match(clause.strip())
    if pet is not None and pet["n"].casefold() not in _NOT_A_NAME:
        return slot_by_name("pet"), pet["n"]
    full = _NAMED_AS.match(clause.strip())
    if full is not None and not any(w.casefold() in _NOT_A_NAME for w in full["n"].split()):
        return next((slot_by_name(k), full["n"]) for k in _RELATION_NOUNS if full[k])
    m = _NAMED_RELATION.match(clause.strip())
    if m is None or not m["n"][:1].isupper() or m["n"].casefold() in _NOT_A_NAME:
        return None
    name = re.sub(r"['’]s$", "", m["n"])
    return next((slot_by_name(k), name) for k in _RELATION_NOUNS if m[k])
