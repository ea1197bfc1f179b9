"""Reading the value of a claim once its slot is known.

The slot (decided by meaning, :mod:`.classify`) says what *kind* of value to
look for; this module finds it in the clause: a place, an organisation, a job
title, a person's name, a diet, an allergen, a pet's name, a vehicle, a phone
number, an e-mail address, a birthday, a language, a tool. Rules here are the
precise kind (the shape of an e-mail address or a date, a capitalised name
after a preposition), never a list of phrasings of the statement.

Each value is also classed as *new* or *old*: "from Boston to Seattle",
"X instead of Y", "not peanuts", "I quit Zalando", "sold the Civic" name an old
value the speaker is leaving behind; the claim builder turns those into
removals, which close the value in multi-valued slots.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from .calendar_words import BIRTH, DAY_ABROAD, FOREIGN_MONTHS, MONTHS
from .detect import TITLES
from .languages import as_adjective, lang_value, languages_in
from .lower import lower_org
from .occupations import job_titles, past_title
from .products import PLATFORM
from .species import SPECIES

__all__ = ["NAME_KINDS", "Reading", "birthdays_in", "is_destination", "is_removal",
           "names_in", "read_value"]

# Words that end what a value can be (prepositions, conjunctions, time words).
_END = (
    r"(?:at|for|in|on|since|from|with|and|but|so|because|now|today|yesterday|tomorrow|these|"
    r"this|last|next|instead|as|to|than|after|before|until|when|while|though|anymore|again|"
    r"too|also|though|which|who|that|by|of|every|starting|effective|is|are|was|were|got|has|"
    r"have|after|just)"
)
# Capitals of every Latin, Greek and Cyrillic script ("Łódź", "Ørsta", "Đà Lạt", "Ölüdeniz"):
# a name's first letter is not always ASCII.
_UPPER = "A-Z" + "".join(chr(c) for c in (*range(0x00C0, 0x0250), *range(0x0370, 0x0530),
                                          *range(0x1E00, 0x1F00)) if chr(c).isupper())
_CAPWORD = rf"(?:[{_UPPER}][\w'’.&+-]*|[{_UPPER}]{{2,}}|\d[\w.-]*)"
# Lower-case joiners inside a name ("Ústí nad Labem", "Frankfurt am Main", "Stratford upon
# Avon"): only with a capitalised word after them.
_JOINERS = r"de|da|del|von|van|of|la|le|nad|pod|am|im|upon|sur|du|des|dos|das|di|do"
_CAPSPAN = re.compile(
    rf"{_CAPWORD}(?:\s+(?:{_CAPWORD}|(?:{_JOINERS})(?=(?:\s+(?:{_JOINERS}))*\s+[{_UPPER}])))*")
# Capitalised words that start sentences or are not names.
_NOT_NAME_WORDS = (
    """i i'm i've i'll i'd my we we're our me the a an this that these those it its he she they
    his her their you your big good great news update correction sorry change plans starting
    since last next now today yesterday tomorrow monday tuesday wednesday thursday friday
    saturday sunday mondays tuesdays wednesdays thursdays fridays saturdays sundays
    january february march april may june july august september october
    november december spring summer autumn fall winter new old ok okay so well also oh yes
    yeah actually anyway hey hi hello thanks thank finally just then after before because but
    and or once when while as of at in on for to from with by my mine our us rip lol haha omg no
    wow fyi btw ps mr mrs ms dr doctor mom dad mum mother father sister brother wife husband
    girlfriend boyfriend partner son daughter boss manager team we'll we've everyone nobody
    someone things everything nothing something here there hm hmm um uh small quick ignore
    scratch guess fun turns cool great awesome nice first second third ci cd ide db api sql os
    ai it hr pm qa ui ux"""
)
# Common words that open sentences (imperatives, interjections): never a name there.
_STARTERS = (
    "it its crazy fingers check let let's catch look see take make get go come give keep "
    "tell ask call try find hope wish love read watch listen send bring meet show glad sure "
    "true totally definitely absolutely same nope maybe oops sounds that's what who dude man "
    "girl bro honestly seriously anyway anyways besides plus congrats congratulations wait "
    "stay enjoy have happy good great cheers bye welcome exactly right yep yup indeed aww "
    "haha hehe lol omg gosh jeez"
)
_NOT_NAME = frozenset(_NOT_NAME_WORDS.split()) | frozenset(_STARTERS.split())
# Irregular past tenses that open subject-less sentences ("Met Alex in June").
_OPENING_VERB_WORDS = (
    "got went made took gave left quit sold bought met found began became ran drove flew won "
    "lost had came saw brought kept put set told sent spent paid built wrote outgrew grew threw"
)
_OPENING_VERBS = frozenset(_OPENING_VERB_WORDS.split())
_REMOVAL = re.compile(
    r"\b(?:quit|quitting|left|leaving|sold|selling|dropped|drop|gave up(?: on)?|giving up|"
    r"cancel(?:l?ed|led|ling)?|scrapped|uninstalled|turned off|said goodbye to|goodbye to|"
    r"traded in|traded|rehome[d]?|lost|losing|passed away|died|put down|broke up|split up|"
    r"splitting with|split with|ended with|divorced|got replaced|replaced|retired|ditched|"
    r"is dead|is gone|are gone|disconnected|deleted|no longer|not anymore|moved out|moved on from|"
    r"stopped|outgrew|grew out of|no more|gave away|gave|handed in my notice|resigned from|"
    r"resigned|fired from|laid off from|laid off|misdiagnos\w*|not|isn't|aren't|wasn't|"
    r"fine for me)\b",
    re.I,
)
# A removal verb right before a value: the value is what ended.
_REMOVAL_HEAD = re.compile(
    r"\b(?:quit|left|leaving|sold|selling|dropped|gave up(?: on)?|cancel(?:l?ed|ling)?|scrapped|"
    r"uninstalled|turned off|goodbye to|traded in|traded|rehome[d]?|losing|lost|broke up with|"
    r"splitting with|split (?:up )?with|ended with|divorced|replaced|ditched|moved out of|"
    r"moved on from|gave away|gave|notice at|resigned from|fired from|laid off from|"
    r"no longer with|no longer at|done with|stopped)\s+(?:the\s+|my\s+|our\s+|a\s+|an\s+)?"
    r"(?:\w+\s+)?(?:at\s+|with\s+|in\s+|for\s+)?$",
    re.I,
)
# Before a value: it is the one being left ("from X", "instead of X", "not X").
_OLD_BEFORE = re.compile(
    r"(?:\bfrom|\binstead of|\brather than|\bover|\bnot|\bno longer|\bno more|\bex-?|\bformer|"
    # "my old Volvo" was; "an old Volvo" is (aged, not former)
    r"(?<!\ban\s)(?<!\ba\s)\bold|\bprevious)\s+(?:the\s+|my\s+|our\s+|a\s+|an\s+)?$",
    re.I,
)
_OLD_AFTER = re.compile(r"^\s*(?:is|are|was)?\s*(?:gone|dead|disconnected|over(?=\s*(?:[,.;:!]|$))|"
                        r"replaced|"
                        r"got replaced|left|passed away|died|is fine|are fine|went to live with|"
                        r"moved out|found a new home|went to a new home)\b", re.I)
_NEW_AFTER = re.compile(r"^\s*(?:instead of|rather than|over|not)\b", re.I)


@dataclass
class Reading:
    """The values found in one clause: those now true, and those left behind."""

    new: list[str] = field(default_factory=list)
    old: list[str] = field(default_factory=list)


def is_removal(clause: str) -> bool:
    """True when the clause says something stopped being true."""
    return bool(_REMOVAL.search(clause))


# A verb of moving or changing and, within the same clause, "to"/"into"/"for" right
# before the value: where the change goes, not what it leaves ("migrated to X",
# "switched everything over to X", "changed the honeymoon to the Maldives").
_CHANGE_TO = re.compile(
    r"\b(?:(?:migrat|mov|chang|relocat|upgrad)(?:e|es|ed|ing)|switch(?:es|ed|ing)?"
    r"|(?:transfer|swap|port|convert|rebook)(?:s|r?ed|p?ed|r?ing|p?ing)?|cut over|went over"
    r"|gone over)\b"
    # what is changed may stand between, but no other clause ("moved out and said goodbye to X")
    r"(?:(?![,;:]|\b(?:and|but|so|then|after|before|because|while|when)\b)[^.!?]){0,40}?"
    r"\b(?:(?:in)?to|for)\s+(?:(?:the|a|an|our|my)\s+)?$", re.I)


def is_destination(text: str, value: str) -> bool:
    """Whether *value* is said in *text* as the destination of a change or a move."""
    i = text.casefold().find(value.casefold())
    return i > 0 and _CHANGE_TO.search(text[:i]) is not None


# Chat asides that end a value's phrase but are no part of it: "formaldehyde fyi".
_CHAT_TAIL = re.compile(r"(?:\s+(?:fyi|btw|lol|haha|tbh|imo|ngl))+$", re.I)


def _trim(v: str) -> str:
    v = re.sub(r"[\s,.;:!?)\]'\"’]+$", "", v.strip())
    v = _CHAT_TAIL.sub("", v) if " " in v.strip() else v
    v = re.sub(r"^(?:the|a|an|my|our)\s+", "", v, flags=re.I)
    return v.strip()


def _spans(clause: str) -> list[tuple[int, int, str]]:
    """Capitalised spans that can be names, with their offsets."""
    out = []
    for m in _CAPSPAN.finditer(clause):
        words = m.group(0).split()
        start = m.start()
        # Drop leading non-names ("Big", "Correction", "I").
        while words and re.sub(r"['’]s$", "", words[0].casefold()).strip("'’") in _NOT_NAME:
            start += len(words[0]) + 1
            words = words[1:]
        # ... and trailing ones: "the Clio I gave away" names the Clio, not "Clio I".
        while words and words[-1].casefold() in {"de", "da", "del", "von", "van", "of", "la",
                                                  "le", "i", "i'm", "i've", "i'll", "i'd"}:
            words = words[:-1]
        if not words or words[0][0].isdigit():
            continue
        if start == 0 and (re.fullmatch(r"[A-Z][a-z]+(?:ing|ed)", words[0])
                           or words[0].casefold() in _OPENING_VERBS):
            # "Looking forward…", "Packed up…", "Gave Ruby to…": a verb opening the sentence
            start += len(words[0]) + 1
            words = words[1:]
            if not words:
                continue
        text = " ".join(words)
        if text.endswith(("'s", "’s")):
            text = text[:-2]
        out.append((start, start + len(text), text))
    return out


def _governed(before: str) -> bool:
    """True when a removal verb governs what follows *before* ("quit X", "sold the X")."""
    window = " ".join(before.split()[-4:]) + " "
    return bool(_REMOVAL_HEAD.search(window))


def _classify(clause: str, spans: list[tuple[int, int, str]], removal: bool) -> Reading:
    """Sort found values into new and old by the words around them.

    A value is old when a removal verb governs it (within the few words before
    it, after the previous value), when "from/instead of/not" precedes it, or
    when "left/is gone/passed away" follows it.
    """
    r = Reading()
    prev_end = 0
    for start, end, text in spans:
        before, after = clause[prev_end:start], clause[end:]
        prev_end = end
        if (_OLD_BEFORE.search(before) and not re.search(r"\boffers?\s+from\s+$", before, re.I)) \
                or _OLD_AFTER.match(after) or _governed(before):
            r.old.append(text)
        else:
            r.new.append(text)
    return r


def _names(clause: str) -> list[tuple[int, int, str]]:
    return [s for s in _spans(clause) if not _ROLE_WORDS.search(s[2])]


_ROLE_WORDS = re.compile(r"\b(?:CEO|CTO|VP|Head|Senior|Junior|Lead)\b")


def _place(clause: str) -> Reading:
    # A place follows a preposition ("in Porto", "to Seattle", "is Berlin").
    # Or it is chosen ("booked Phuket", "swapped Kyoto for ..."), or it is the subject
    # of a copula that opens the clause ("Bali's off", "Lyon's home now").
    spans = [s for s in _names(clause)
             if re.search(r"\b(?:in|to|from|at|near|around|of|into|onto|is|visit(?:ing)?|"
                          r"for|towards|tickets for|trip to|move to|booked|swapped|chose|"
                          r"(?:trip|holiday|vacation|getaway|break)\s*[:–-]|"
                          r"picked|exploring)\s+(?:the\s+)?$",
                          clause[: s[0]], re.I)
             or (s[0] == 0 and _COPULA_SUBJECT.match(clause[s[1]:]))]
    return _classify(clause, spans, is_removal(clause))


_COPULA_SUBJECT = re.compile(r"^(?:'s|’s|\s+is|\s+was)\b")


def _org(clause: str) -> Reading:
    spans = [s for s in _names(clause)
             if re.search(r"\b(?:at|for|with|joined|join|from|by|left|quit|to|is|"
                          r"employer|company|offer from|notice at|onboarded|leaving|"
                          # "I am working in Mindtree": in Indian and African English
                          r"work(?:ing|s|ed)?\s+in|employed\s+in)"
                          r"\s+(?:the\s+)?$",
                          clause[: s[0]], re.I)
             or (s[0] == 0 and re.match(r"^\s*(?:hired|onboarded|offered|took me|recruited)",
                                        clause[s[1]:], re.I))]
    if not spans:
        spans = lower_org(clause)  # "i work at accenture": a name typed in lower case
    r = _classify(clause, spans, is_removal(clause))
    if not spans:
        # A workplace without a proper name: "at the children's hospital".
        m = re.search(r"\bat\s+(?P<v>(?:the|a|an)\s+[\w'’ -]{2,60}?\b(?:hospital|clinic|school|"
                      r"university|college|bank|firm|agency|company|startup|restaurant|cafe|"
                      r"hotel|store|shop|factory|lab|laboratory|library|museum|bakery|office|"
                      r"studio|pharmacy|ministry|council|department))\b", clause, re.I)
        if m:
            (r.old if is_removal(clause) else r.new).append(m["v"].strip())
    return r


# A job title is a noun phrase: after "I'm/became" it needs its article ("I'm a
# nurse", never "I'm determined"); after "work as", "promoted to", "title is" not.
_TITLE_AFTER = re.compile(
    r"(?:\b(?:I'm|I am|I've been|I was|became|become|'m)\s+"
    r"(?:(?:now|finally|officially|actually|just|already|also|still)\s+)*(?:an?|the)\s+|"
    r"\b(?:work(?:ing|s)? as|started as|start as|hired as|joined as|promoted to|"
    r"title (?:is|to)|role (?:is|as)|position (?:is|as)|job (?:is|title is)|retrained as|"
    r"role of)\s+(?:now\s+)?(?:an?\s+|the\s+)?)"
    r"(?P<v>(?-i:[a-z][a-z -]{1,60}?))"
    rf"(?=\s+{_END}\b|[,.;:!?]|\s*$|\s+(?:at|in)\b)",
    re.I,
)
_NOT_TITLE = re.compile(
    r"^(?:bit|lot|little|fan|big|huge|new|happy|sad|glad|sure|so|very|really|just|still|also|"
    r"allergic|vegetarian|vegan|keto|paleo|pescatarian|learning|studying|moving|based|going|"
    r"engaged|married|dating|seeing|using|back|done|not|no|from|in|at|on|off|here|there|"
    r"using|tired|busy|excited|proud|single|retired|feeling|trying|looking|thinking|finally|"
    r"officially|flying|heading|travelling|traveling|leaving|taking|working|living|allowed|"
    r"with|at|for|to|by|into|on|about|over|under|away|out|up|down|an?|the|my|our|one|two|"
    r"three|being|been|also|already|always|never|ever)\b",
    re.I,
)


def _title(clause: str) -> Reading:
    r = Reading()
    for m in _TITLE_AFTER.finditer(clause):
        v = _trim(m["v"])
        v = re.sub(r"\s+(?:now|today|here|there)$", "", v, flags=re.I)
        if not v or _NOT_TITLE.match(v) or len(v.split()) > 5:
            continue
        (r.old if _OLD_BEFORE.search(clause[: m.start("v")]) else r.new).append(v)
    # A title in any case that ends with an occupation ("I'm a Room Attendant at …").
    for s, _, v in job_titles(clause):
        if v.casefold() not in {x.casefold() for x in r.new + r.old}:
            past = _OLD_BEFORE.search(clause[:s]) or past_title(clause, s)
            (r.old if past else r.new).append(v)
    return r


_DIETS = re.compile(
    r"\b(?P<v>vegetarian|vegan|pescatarian|pescetarian|keto(?:genic)?|paleo|gluten[- ]free|"
    r"dairy[- ]free|lactose[- ]free|low[- ]carb|low[- ]fat|halal|kosher|flexitarian|carnivore|"
    r"plant[- ]based|mediterranean|omnivore|raw food|intermittent fasting|whole30|fruitarian)\b",
    re.I,
)


def _diet(clause: str) -> Reading:
    r = Reading()
    for m in _DIETS.finditer(clause):
        v = m["v"].lower().replace(" ", "-")
        (r.old if _OLD_BEFORE.search(clause[: m.start()]) else r.new).append(v)
    if not r.new:
        # "a low-sodium diet": a diet is what the word "diet" is modified by.
        dm = re.search(r"\b(?:an?|my|the)\s+(?P<v>(?!(?:new|strict|healthy|special|balanced|"
                       r"normal|proper|good|bad|better|crash|whole|different)\b)[a-z][\w-]{2,25})"
                       r"\s+diet\b", clause, re.I)
        if dm:
            (r.old if _OLD_BEFORE.search(clause[: dm.start("v")]) else r.new).append(
                dm["v"].lower())
    if not r.new:
        nm = re.search(r"\b(?:no more|stopped eating|don't eat|do not eat|quit eating|gave up)\s+"
                      r"(?P<v>[a-z][a-z ]{2,30}?)(?=\s+(?:for|anymore|now)\b|[,.;!]|$)", clause,
                      re.I)
        if nm:
            r.new.append("no " + _trim(nm["v"]))
    return r


_ALLERGY = re.compile(
    r"(?:allergic to|(?:allergy|allergies) (?:is |are )?to|react(?:ion)? to|reaction from|"
    r"intolerant to|"
    r"intolerance to|sensitive to)\s+(?P<v>[a-z][\w -]{1,40}?)"
    rf"(?=\s+(?:{_END}|not|anymore)\b|[,.;:!?]|\s*$)"
    r"|\b(?P<v2>(?!(?:have|has|had|any|some|bad|severe|food)\b)[a-z][\w-]{2,30})\s+"
    r"(?:allergy|allergies|intolerance)\b"
    # "cats make me sneeze", "strawberries give me hives" (never "… Please make it a rule")
    r"|^(?P<v3>[a-z][\w -]{2,30}?)\s+(?:(?:make|makes|give|gives)\s+me|is what|are what|"
    r"that gives)\b",
    re.I,
)


# Words before "allergy" that are no allergen ("I have allergies", "severe allergy").
_NOT_ALLERGEN_WORDS = (
    "a an the my real new it that this have has had no any some bad severe mild food "
    "seasonal serious terrible awful"
)
_NOT_ALLERGEN = frozenset(_NOT_ALLERGEN_WORDS.split())


# The list as the subject: "latex and bee stings are my allergies".
_ALLERGY_LIST = re.compile(r"^(?P<v>[a-z][\w ,&-]{2,60}?)\s+(?:are|is)\s+(?:my|the)\s+(?:only\s+|"
                           r"main\s+|two\s+|three\s+)?(?:allergies|allergy|allergens)\b", re.I)


# An allergen said as a word pointing back at a list, and such a list.
_BACK = frozenset(("both", "them", "those", "all of them", "them all", "both of them", "all three",
                   "all", "these"))
_LISTED = re.compile(r"\b[a-z][\w-]{2,30}(?:\s*,\s*[a-z][\w-]{2,30})*\s*,?\s+(?:and|or|&)\s+"
                     r"[a-z][\w-]{2,30}\b", re.I)


def _allergy(clause: str) -> Reading:
    r = Reading()
    m = _ALLERGY_LIST.match(clause)
    if m:
        r.new.extend(v.strip().lower() for v in re.split(
            r",\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+|\s*&\s*", m["v"]) if v.strip())
    for m in _ALLERGY.finditer(clause):
        key = "v" if m["v"] else ("v2" if m["v2"] else "v3")
        # "allergic to both eggs and soy", "Cats still make me sneeze": not the allergen's words
        v = re.sub(r"^(?:both|either|all|any)\s+|\s+(?:still|too|also|really|as well)$", "",
                   _trim(m[key]).lower())
        if not v or v in _NOT_ALLERGEN:
            continue
        before = clause[: m.start(key)]
        vs = [v]
        if v in _BACK:
            # "I can't eat eggs or soy, allergic to both": the list said before
            lm = list(_LISTED.finditer(before))
            if not lm:
                continue
            vs = [w.lower() for w in re.findall(r"[a-z][\w-]{2,30}", lm[-1].group(0), re.I)
                  if w.lower() not in ("and", "or")]
        elif key == "v":
            # A list: "allergic to penicillin and latex", "to nuts, eggs or soy".
            tail = re.match(r"(?:\s*(?:,|\band\b|\bor\b)\s*(?:to\s+)?[a-z][\w-]{2,30}\b)+",
                            clause[m.end():], re.I)
            if tail:
                vs += [w.lower() for w in re.findall(r"[a-z][\w-]{2,30}", tail.group(0), re.I)
                       if w.lower() not in ("and", "or", "to")]
        if (_OLD_BEFORE.search(before) or re.search(r"\b(?:no longer|not|isn't|wasn't)\b[^,;]*$",
                                                    before, re.I)
                or re.search(r"\b(?:misdiagnos|fine|outgrew|gone)", clause[m.end():], re.I)):
            r.old.extend(vs)
        else:
            r.new.extend(vs)
    for m in re.finditer(r"\bnot\s+(?P<v>[a-z][\w-]{2,30})\b", clause, re.I):
        v = m["v"].lower()
        if v not in {"allergic", "a", "the", "really", "sure", "anymore"} and v not in r.old:
            r.old.append(v)
    for m in re.finditer(r"\b(?P<v>[a-z][\w-]{2,30})\s+(?:is|are)\s+fine\b", clause, re.I):
        r.old.append(m["v"].lower())
    return r


def _pet(clause: str) -> Reading:
    names = _names(clause)
    r = _classify(clause, names, is_removal(clause))
    if not names:
        m = re.search(rf"\b(?:a|an|our|my)\s+(?:new\s+)?(?P<v>{SPECIES})\b", clause, re.I)
        if m:
            (r.old if is_removal(clause) else r.new).append(m["v"].lower())
    return r


# A name after a preposition of place is a place ("I live in Boston with my
# partner": Boston is not the partner), whatever slot the clause is about.
_PLACE_BEFORE = re.compile(r"\b(?:in|at|near|around|into|across|outside|inside)\s+(?:the\s+)?$",
                           re.I)


_TITLE_DOT = re.compile(rf"^(?:{'|'.join(TITLES)})\.\s+")


def _person(clause: str) -> Reading:
    # A person's name is title case ("Priya", "Ana Silva"), never an acronym or a number.
    # (after a title with its dot: "Mr. Yoshiro Hanazawa", "Eng. Wanjiru Gachanja")
    names = [n for n in _names(clause)
             if len(n[2].split()) <= 4 and all(re.fullmatch(r"[A-Z][a-z][\w'’-]*", w)
                                               for w in _TITLE_DOT.sub("", n[2]).split())
             and not _PLACE_BEFORE.search(clause[: n[0]])]
    return _classify(clause, names, is_removal(clause))


def _vehicle(clause: str) -> Reading:
    spans = [s for s in _names(clause)
             if re.search(r"\b(?:a|an|the|my|our|new|used|bought|drive|driving|got)\s+(?:new\s+|"
                          r"used\s+|old\s+)?$", clause[: s[0]], re.I)
             or re.search(r"\b(?:for|in)\s+(?:a|an|the|my)\s+$", clause[: s[0]], re.I)]
    # "Mazda 3", "Model 3": keep a trailing number with its name.
    full: list[tuple[int, int, str]] = []
    for s, e, t in spans:
        m = re.match(r"\s+(\d[\w-]*)", clause[e:])
        if m and not t.endswith(m.group(1)):
            t, e = f"{t} {m.group(1)}", e + m.end()
        full.append((s, e, t))
    return _classify(clause, full, is_removal(clause))


_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
# An area code in brackets is part of the number: "(503) 555-0162".
_PHONE = re.compile(r"(?<![\w@])(?:\+?\(\d{1,5}\)[ .-]?)?\+?\d[\d ().-]{5,}\d(?![\w@])")


# A day written in digits ("02.11.1991", "30/12/1994", "1985-09-03"): a date, never a
# phone number; with a birth word, a birthday as written (day and month order vary).
_NUM_DATE = re.compile(
    r"(?<![\d.,/-])(?:(?:0?[1-9]|[12]\d|3[01])[./-](?:0?[1-9]|[12]\d|3[01])[./-](?:19|20)\d\d"
    r"|(?:19|20)\d\d-(?:0?[1-9]|1[0-2])-(?:0?[1-9]|[12]\d|3[01]))(?![\d.,/-]?\d)")


_DAY_MONTH = re.compile(r"(?<![\d.,/:-])(?:0?[1-9]|[12]\d|3[01])[./](?:0?[1-9]|[12]\d|3[01])"
                        r"(?![\d.,/:-]?\d)")


def _regex(clause: str, rx: re.Pattern[str]) -> Reading:
    r = Reading()
    for m in rx.finditer(clause):
        v = m.group(0).strip()
        if rx is _PHONE and _NUM_DATE.fullmatch(v):
            continue
        before, after = clause[: m.start()], clause[m.end():]
        old = bool(_OLD_BEFORE.search(before) or _OLD_AFTER.match(after)
                   or re.match(r"^\s*(?:is|was)\s+(?:dead|disconnected|gone|old)", after, re.I))
        (r.old if old else r.new).append(v)
    return r


_BDAY = re.compile(
    rf"\b(?P<m>{MONTHS})\.?\s+(?P<d>\d{{1,2}})(?:st|nd|rd|th)?\b"
    rf"|\b(?:the\s+)?(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<m2>{MONTHS})\b"
)
_FULL_MONTH = {m[:3].lower(): m for m in MONTHS.split("|") if len(m) > 4 or m == "May"}


def _birthday(clause: str, said: bool = True) -> Reading:
    r = Reading()
    if said and not BIRTH.search(clause):
        return r  # any other date is an appointment, not a birthday
    if said:
        for m in _NUM_DATE.finditer(clause):
            (r.old if _OLD_BEFORE.search(clause[: m.start()]) else r.new).append(m.group(0))
        if not r.new and not r.old:
            # "bday 17/10": a day and a month in digits, as written (its order varies)
            r.new += [m.group(0) for m in _DAY_MONTH.finditer(clause)]
    for m in _BDAY.finditer(clause):
        mon = m["m"] or m["m2"]
        day = int(m["d"] or m["d2"])
        name = _FULL_MONTH.get(mon[:3].lower(), mon)
        # In the order the speaker uses: "21 April" stays day first.
        v = f"{name} {day}" if m["m"] else f"{day} {name}"
        (r.old if _OLD_BEFORE.search(clause[: m.start()]) else r.new).append(v)
    for m in DAY_ABROAD.finditer(clause):  # "el 27 de julio", "14 juni": "27 July"
        v = f"{int(m['d'])} {FOREIGN_MONTHS[m['m'].casefold()]}"
        (r.old if _OLD_BEFORE.search(clause[: m.start()]) else r.new).append(v)
    return r


def birthdays_in(clause: str) -> list[str]:
    """Every day of the year in *clause*, birthday word or not (the caller knows the slot)."""
    return _birthday(clause, said=False).new


def _language(clause: str) -> Reading:
    r = Reading()
    for m in languages_in(clause):
        if as_adjective(clause, m.end()):
            continue
        before, after = clause[: m.start()], clause[m.end():]
        old = bool(_OLD_BEFORE.search(before) or re.search(
            r"\b(?:dropped|gave up(?: on)?|quit|stopped|done with)\s+(?:learning\s+|studying\s+)?$",
            before, re.I) or _OLD_AFTER.match(after))
        (r.old if old else r.new).append(lang_value(m))
    return r


def _tool(clause: str) -> Reading:
    spans = _names(clause)
    full: list[tuple[int, int, str]] = []
    for s, e, t in spans:
        m = re.match(r"\s+(\d[\w.-]*)", clause[e:])
        if m and not t.endswith(m.group(1)):
            t, e = f"{t} {m.group(1)}", e + m.end()
        full.append((s, e, t))
    tools = [x for x in full if not PLATFORM.fullmatch(x[2])]
    return _classify(clause, tools or full, is_removal(clause))


def _thing(clause: str) -> Reading:
    return Reading()  # likes/dislikes/format values: the rules extractor reads those


_READERS: dict[str, Callable[[str], Reading]] = {
    "place": _place, "org": _org, "title": _title, "person": _person, "diet": _diet,
    "allergy": _allergy, "pet": _pet, "vehicle": _vehicle, "birthday": _birthday,
    "language": _language, "tool": _tool, "thing": _thing,
    "phone": lambda c: _regex(c, _PHONE), "email": lambda c: _regex(c, _EMAIL),
}  # fmt: skip


def read_value(kind: str, clause: str) -> Reading:
    """The values of *kind* in *clause* (an empty reading when none is readable)."""
    reader = _READERS.get(kind)
    if reader is None:
        return Reading()
    r = reader(clause)
    r.new = list(dict.fromkeys(v for v in (_trim(x) for x in r.new) if v))
    r.old = [v for v in dict.fromkeys(_trim(x) for x in r.old) if v and v not in r.new]
    return r


#: the kinds of value that are names (a place, a company, a person, a car, a tool)
NAME_KINDS = frozenset({"place", "org", "person", "vehicle", "tool"})


def names_in(kind: str, clause: str) -> list[str]:
    """Every name in *clause* that could be a value of *kind*, wherever it stands.

    Unlike :func:`read_value`, no preposition or verb has to introduce it: the
    caller knows the clause is about the slot and that the speaker holds
    another value in it ("First night in our Brisbane house", "Got moved under
    Arjun"), so the name's shape is enough.
    """
    if kind not in NAME_KINDS:
        return []
    if kind == "person":
        got = [n[2] for n in _names(clause)
               if len(n[2].split()) <= 3 and all(re.fullmatch(r"[A-Z][a-z][\w'’-]*", w)
                                                 for w in n[2].split())]
    else:
        got = [t for _, _, t in _names(clause)]
    return list(dict.fromkeys(v for v in (_trim(x) for x in got) if v))
