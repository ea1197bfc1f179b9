"""Whose statement a clause is: the speaker's, or a third party's the speaker reports.

"My sister just moved to Bristol", "My husband got hired at Novartis", "My
wife's manager is Kwame", "A friend's startup uses Neo4j": first person words,
but the clause is *about someone else*; none of it may fill the speaker's own
slots. The test is the clause's grammatical subject, read structurally:

* ``my/our [adjectives] PERSON`` followed by a verb — the person is the
  subject ("my sister moved", "my kids are learning");
* any possessive chain through a person or another group ("my wife's
  manager", "my neighbour's dog", "a friend's startup") — it is theirs;
* ``another/his/her/their NOUN`` or ``a PERSON`` — someone else.

Not third party: the speaker included ("my partner and I moved"), and a
relation's identity ("my boss is Pedro", "my new girlfriend is Zoe",
"my partner's name is Ines"): that *is* a fact about the speaker.
"""

from __future__ import annotations

import re

__all__ = ["FOREIGN_MY", "WHERE_HELD", "is_person", "is_relation", "third_party"]

# People (and groups of people) a speaker talks about.
_PERSON = (
    r"sister|brother|sis|bro|mom|mum|mother|dad|father|mama|papa|parents?|son|daughter|kids?|"
    r"children|child|baby|wife|husband|girlfriend|boyfriend|partner|fianc[ée]e?|spouse|ex|"
    r"friends?|buddy|pal|mate|roommate|flatmate|housemate|room-mate|neighbou?rs?|colleagues?|"
    r"co-?workers?|coworkers?|boss|manager|supervisor|assistant|aunt|uncle|cousins?|"
    r"grand(?:ma|pa|mother|father|parents?|son|daughter|kids?)|niece|nephew|twin|siblings?|"
    r"in-laws|family|relatives?|teacher|doctor|landlord|landlady|classmates?|team ?mates?|"
    r"clients?|customers?|students?|employees?|staff|tenant|guests?|interns?|trainees?|"
    r"apprentices?|mentees?|mentor|tutor|coach|therapist|dentist|accountant|lawyer|attorney|"
    r"plumber|nanny|babysitter|cleaner|co-?founder|ceo|cto|director|team ?lead|tech ?lead|"
    r"lead dev|sysadmin|admin|bff|bestie|hubby|fiance|reports?|juniors?|seniors?|"
    r"flatmates?|roommates?|secretary|receptionist|contractors?|suppliers?|vendors?|"
    r"carers?|caregivers?|housekeeper|driver|chef|consultants?|freelancers?|"
    # the same people in the languages speakers switch to mid-sentence ("minha mãe
    # stays in Seixal", "mi hermano moved to Alcobendas", "meine Schwester lives in Kiel")
    r"m[ãa]e|pai|irm[ãa]o?|mam[áã]|madre|padre|herman[oa]s?|hij[oa]s?|esposa|esposo|marido|"
    r"mulher|novi[oa]|namorad[oa]|m[èe]re|p[èe]re|s(?:œ|oe)ur|fr[èe]re|mutter|vater|"
    r"schwester|bruder|tata|siostra|brat|żona|mąż|nanay|tatay|lola|lolo|tita|tito|moeder|"
    r"vader|zus|broer|nonna|nonno|sorella|fratello|figli[oa]|moglie|abuel[oa]|t[íi][oa]|"
    r"av[óô]|filh[oa]|annem|babam|ablam|abim"
)
# "my" in the languages speakers switch to: read as "my"
#: "my" in the languages people mix into English ("mi novio", "mój kot", "meri wife")
FOREIGN_MY = (r"mi|mis|minha|minhas|meu|meus|mon|ma|mes|mein|meine|meinem|meiner|moja|mój|"
              r"moje|mijn|mia|mio|il mio|la mia|meri|mera|mere")
_ADJ = (r"(?:best|older|younger|little|big|old|new|ex-|former|oldest|youngest|eldest|twin|"
        r"close|dear|step-?|half-?|future|current|other)\s+")
_LEAD = r"^(?:(?:so|and|but|also|btw|fyi|oh|well|anyway|plus|then|ok|okay|update|news)[,:]?\s+)*"
# The determiners of a subject noun phrase ("the" is read only by _COMPOUND, below).
_DETS = r"my|our|a|an|another|his|her|their|one of my|one of our"


def _subject_rx(dets: str, noun: str) -> re.Pattern[str]:
    """A clause that opens with *dets*, adjectives and *noun* (a pattern naming ``noun``)."""
    return re.compile(
        _LEAD + rf"(?P<det>{dets})\s+(?:{_ADJ})*{noun}(?P<poss>'s|’s|s'|s’)?(?P<comma>,)?"
        r"\s+(?P<rest>.*)$", re.I)


_SUBJECT = _subject_rx(f"{_DETS}|{FOREIGN_MY}", rf"(?P<noun>{_PERSON}|[a-z][\w-]*)")
# A person named with a modifier of one or two words: "my law partner", "our new co-op
# student", "the contractor": the head noun decides, whatever the modifier ("the" only
# with a person by relation or role, so "the team's CI" stays the speaker's team).
# A modifier is a content word: "my trip with the kids" is the speaker's trip.
_NOT_FUNCTION = (r"(?!(?:with|and|or|but|to|for|of|in|at|on|from|by|about|is|was|are|were|has|"
                 r"had|have|got|gets|my|our|the|a|an|i|we|me|us)\b)")
_COMPOUND = _subject_rx(
    f"the|{_DETS}", rf"(?P<mods>(?:{_NOT_FUNCTION}[a-z][\w-]*\s+){{0,2}}?)(?P<noun>{_PERSON})")
_PERSON_RX = re.compile(rf"^(?:{_PERSON})$", re.I)
# What a person's identity sounds like: "is Pedro", "'s name is Ines", "is called Bo".
#: where a relation holds, said between it and its identity: "(my supervisor) at the
#: depot (is …)", "on the internship" (also read by :mod:`.whose`)
WHERE_HELD = r"(?:at|on|in|from)\s+(?:the\s+|my\s+|our\s+)?[\w'’-]+(?:\s+[\w'’-]+)?"
_WHERE_FIRST = re.compile(rf"^{WHERE_HELD}\s+(?=(?:is|was|'s|’s)\s)", re.I)
_IDENTITY = re.compile(
    r"^(?:(?:name\s+)?(?:is|was|'s|’s|es|é|est|ist|jest)\s+(?:now\s+|still\s+|actually\s+)?(?:called\s+|named\s+)?"
    r"[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)?\s*(?:$|[,.;:!?]|\s+(?:now|these days|since|from|as of|"
    r"and|but|so|who|which)\b)|"
    r"(?:called|named)\s+[A-Z])"
)
# Someone by what they do for the speaker: "my accountant's address", "my dentist's
# number", "my tutor's email" (only in a possessive chain: "my computer" is a thing).
_ROLE = re.compile(r"^[a-z]{3,}(?:ant|ent|ist|er|or|ian|ee)$|^(?:coach|agent|vet|nanny|"
                   r"mentor|tutor|trainer|lawyer|attorney|accountant)$", re.I)
_WITH_ME = re.compile(r"^(?:and|&)\s+(?:I|me|myself)\b|^(?:\w+\s+){0,2}and I\b", re.I)
_GROUPS = (r"teams?|company|startup|firm|group|department|dept|school|office|squad|crew|lab|"
           r"unit|division|org|folks|guys|people|side|shop|agency")
_GROUP = re.compile(rf"^(?:{_GROUPS})$", re.I)
# What a speaker no longer belongs to: "my old team", "our former company".
_FORMER = re.compile(r"\b(?:old|former|previous|ex-|last)\s", re.I)
_PRONOUN = re.compile(r"\b(?:he|she|him|his|hers|he's|she's)\b", re.I)
# "the mobile team", "the other squad", "the data science folks next door": a group
# named by what sets it apart is not the speaker's own ("the team", "the whole team" are).
_THE_GROUP = re.compile(
    rf"^(?:the|that|this|those|these)\s+(?P<mods>(?:[\w-]+\s+){{1,3}}?)(?P<g>{_GROUPS})\b(?P<rest>.*)$",
    re.I)
_OWN_MODS = re.compile(r"^(?:(?:whole|entire|same|new|core|my|our)\s+)+$", re.I)
# What follows a contracted "is" and never a possessive: a preposition, an article, an
# adverb or a participle-like word ("my flat's in Leeds", "my car's a Golf", "my job's gone").
_IS = re.compile(r"^(?:in|at|on|near|by|off|out|up|down|over|now|still|just|not|no|a|an|the|"
                 r"been|got|gone|finally|actually|officially|also|really|here|there|back|"
                 r"currently|called|named)\b", re.I)
_FIRST = re.compile(r"\b(?:I|I'm|I've|me|my|we|we're|our|us)\b", re.I)


def is_relation(noun: str) -> bool:
    """Whether *noun* is one of the closed class of people by relation ("sister", "boss")."""
    return bool(_PERSON_RX.match(noun))


def is_person(noun: str) -> bool:
    """Whether *noun* names a person by relation or role ("sister", "intern", "accountant")."""
    return bool(_PERSON_RX.match(noun)) or bool(_ROLE.match(noun))


def _other_group(clause: str) -> bool:
    m = _THE_GROUP.match(re.sub(_LEAD, "", clause.strip(), flags=re.I))
    if m is None:
        return False
    mods = m["mods"]
    if re.search(r"\b(?:other|another)\b", mods, re.I):
        return True  # "the other squad … rather them than us"
    return not _OWN_MODS.match(mods) and not _FIRST.search(m["rest"])


# A parent or grandparent called by what they are, with no "my": "Mum's moving into a
# care home in Fort William", "Dad's speech therapist put him on a pureed diet",
# "grandma got a new number". The kin word is the subject's name.
_KIN_NAME = re.compile(
    _LEAD + r"(?P<kin>mum|mom|mam|mama|mamma|mummy|mommy|dad|papa|daddy|grandma|grandpa|"
    r"granny|gran|nan|nana|nanna|nonna|nonno|grandad|granddad|lola|lolo|nanay|tatay|"
    r"abuela|abuelo|oma|opa)(?P<poss>'s|’s)?\s+(?P<rest>.*)$", re.I)


def _kin_subject(clause: str) -> bool:
    m = _KIN_NAME.match(clause.strip())
    if m is None or _WITH_ME.match(m["rest"]):
        return False  # "Mum and I moved to Perth": the speaker is in it
    # "Mum's moving", "Mum's care home", "Dad got a Kia": theirs. A kin word joined to
    # another subject ("Mum and Dad …", "mum or me …") is left to the other readers.
    return not re.match(r"^(?:and|&|or)\b", m["rest"], re.I)


# A clause that opens with he/she and has no first person is about them: "…, she is
# from Goa", "…, she's Pinay too" (detect splits such a clause off its sentence). Not
# "they": often the people who decide for the speaker ("they retested and clarithromycin
# is fine", "they made me supervisor").
_THEY_SUBJECT = re.compile(r"^(?:he|she)(?:'s|’s|\s)", re.I)
_ME = re.compile(r"\b(?:I|I'm|I've|me|my|mine|we|we're|our|us)\b", re.I)


def third_party(clause: str) -> bool:
    """True when *clause* is about someone other than the speaker (see module doc)."""
    if _kin_subject(clause):
        return True
    if _THEY_SUBJECT.match(clause.strip()) and not _ME.search(clause):
        return True
    m = _SUBJECT.match(clause.strip())
    if m is None or not _PERSON_RX.match(m["noun"]):
        # "my law partner has gone ketovore", "The contractor we hired runs …": the
        # first word after the determiner is a modifier, the person comes after it.
        m = _COMPOUND.match(clause.strip()) or m
    if m is None:
        return _other_group(clause)
    det, noun, poss, rest = m["det"].lower(), m["noun"], m["poss"], m["rest"]
    if re.fullmatch(FOREIGN_MY, det, re.I):
        det = "my"
    if m["comma"] and det not in ("my", "our"):
        return False  # "His replacement, Ingrid, is who I report to": an apposition, the speaker's
    person = bool(_PERSON_RX.match(noun))
    if _WITH_ME.match(rest):
        return False  # "my partner and I moved": the speaker is in it
    if poss and poss[0] in "'’" and (_IS.match(rest) or re.match(r"[\d+(]", rest)):
        # "my apartment's in Phoenix", "my number's 07700 …": the 's is "is", not a possessive
        poss = None
    if poss:
        # "my wife's manager", "a friend's startup": theirs, unless it is the
        # speaker's relation being named ("my partner's name is Ines").
        if person and re.match(r"^name\s+(?:is|was)\b", rest, re.I):
            return False
        return person or bool(_GROUP.match(noun)) or bool(_ROLE.match(noun)) \
            or det in ("a", "an", "another")
    if det in ("my", "our", "one of my", "one of our"):
        if not person and _GROUP.match(noun) and _FORMER.search(m.group(0)[: m.start("noun")]):
            return True  # "my old team at the bank is still on DB2": not where they are now
        if not person and _ROLE.match(noun) and _PRONOUN.search(rest):
            person = True  # "my editor, she …": a person by role, said so by the pronoun
        if not person:
            return False  # "my car", "our team", "my job": the speaker's own things
        # "my supervisor at the council is Morag": where the relation holds comes first
        return not _IDENTITY.match(_WHERE_FIRST.sub("", rest))
    if det in ("another", "his", "her", "their"):
        return True
    if det == "the":
        # "the kids are learning Dutch" is theirs; "the new manager is Ines" names the
        # speaker's own relation.
        return not _IDENTITY.match(rest)
    return person  # "a friend moved to Rome"
