"""Which parts of a turn are the speaker's own self-disclosures.

A claim comes only from what the speaker says about themselves, in their own
voice. This module cuts a turn into clauses and keeps the ones that are

* first person (I, my, we, our, me, us — or the continuation of such a clause),
* statements (not questions, not requests to the assistant),
* real (not hypotheticals, wishes or plans under consideration),
* the speaker's own words: quoted text, reported speech ("my friend said …")
  and material handed over for a task ("translate to German: …", "repeat
  after me", "proofread this") never count, whatever it says.

Pure text functions; no store, no model.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

__all__ = ["TITLES", "Clause", "disclosures", "hypothetical", "strip_foreign_text"]

# Material to work on, not a statement: everything after the request is data.
_TASK = re.compile(
    r"\b(?:translate|translation of|repeat after me|repeat this|repeat:|say this|how do you say|"
    r"proofread|spell[- ]?check|correct (?:the|my) (?:grammar|spelling)|paraphrase|rephrase|"
    r"rewrite|summari[sz]e|write (?:this|that|it) (?:in|as)|in (?:german|french|spanish|italian|"
    r"japanese|english) (?:please|this)|pretend|role-?play|act as|example sentence|"
    r"for example|e\.g\.|for instance|sample text|fill in|"
    r"(?:write|tell|make up|compose|draft|generate)\s+(?:me\s+)?(?:a|an|some)\s+(?:\w+\s+)?"
    r"(?:story|poem|song|joke|scene|dialogue|script|example|letter|email|message)|"
    r"tradui[st]|traduce|übersetze|ubersetze|翻译)\b",
    re.I,
)
# Quoted spans: "…", “…”, «…», and '…' when the quote marks are not apostrophes.
_QUOTES = re.compile(
    r"\"[^\"]{1,400}\"|“[^”]{1,400}”|«[^»]{1,400}»|„[^“”]{1,400}[“”]|"
    r"(?:(?<=^)|(?<=[\s:(\[]))'[^']{1,400}'(?=$|[\s.,!?;:)\]])|‘[^’]{1,400}’"
)
# Someone else's words: "X said/told me/says …" — what follows is theirs.
_REPORTED = re.compile(
    r"\b(?P<who>\w+(?:'s)?(?:\s+\w+)?)\s+(?:said|says|told me|tells me|told us|wrote|writes|"
    r"texted|posted|mentioned|claims|claimed|asked|insists|thinks|believes|announced|"
    r"keeps saying|was saying)\b"
    # only when what follows could be their first person or a quotation
    r"(?=\s*(?::|,|that\b|[\"“'‘«]|(?:I|I'm|my|we|our|me|us|his|her|their)\b))",
    re.I,
)
_SELF = re.compile(r"^(?:i|we|i've|i'd|i'm)$", re.I)
_HYPO = re.compile(
    # "if needed", "if that matters", "if the recruiter needs it": the statement holds
    # whatever; only its relevance is conditional
    r"\b(?:if(?!\s+(?:needed|necessary|you need(?: to)?|urgent|anything|(?:that|it|this)\s+"
    r"(?:matters|helps)|(?:(?:the|my|our)\s+(?:\w+\s+){0,2}?\w+|anyone|anybody|someone|somebody|they|he|she)\s+"
    r"(?:needs?|asks?|wants?)|you\s+(?:want|like|ask|wondered)|"
    # "if agency calls", "if work rings": who may get in touch, not whether it holds
    r"(?:(?:the|my|our)\s+)?(?!(?:i|we|you)\b)\w+\s+(?:calls?|rings?|e-?mails?|texts?|"
    r"needs\s+(?:it|them|one)))\b)|unless|suppose|"
    r"supposing|imagine|hypothetically|wish(?! me luck)|whether|"
    # "maybe twice a week" hedges a number, not whether the statement holds
    r"(?:maybe|perhaps)(?!\s+(?:once|twice|\d+|one|two|three|four|five|a few|a couple)\b)|might|"
    r"could|would|should|considering|thinking about|thinking of|wondering|hope to|hoping to|"
    r"someday|one day|dream of|dreaming of|in theory|what if|not sure|unsure)\b|"
    # "I'd typed it wrong" is "I had": a past participle after it states a fact
    r"\bI'd\b(?!\s+(?:rather|prefer|been|had|got|gone|done|known|seen|\w+ed)\b)",
    re.I,
)


def hypothetical(sentence: str) -> bool:
    """Whether *sentence* is a hypothetical, a wish or a plan under consideration."""
    return bool(_HYPO.search(sentence))


_QUESTION_START = re.compile(
    r"^(?:do|does|did|are|is|was|were|can|could|would|should|will|shall|what|when|where|who|"
    r"whom|whose|why|how|which|am|may|might|isn't|aren't|doesn't|didn't|"
    # "don't laugh but I switched …": an aside in the imperative, not a question
    r"don't(?!\s+[a-z]+\s*(?:,|\bbut\b|[-–—]|\.{3}|…))|"
    # "Had the allergy retest", "Had to rehome him": a statement without its "I"
    r"have|has|had(?!\s+(?:the|a|an|my|our|to|no|some|just|finally|been|got)\b)|"
    r"won't|wouldn't|shouldn't)\b",
    re.I,
)
_FIRST = re.compile(r"\b(?:I|I'm|I've|I'll|I'd|me|my|mine|myself|we|we're|we've|our|ours|us|"
                    r"the team)\b|"
                    # "my" as people mixing languages say it ("Mi novio Bautista", "mój
                    # kot", "meri wife", "gf ko si Rowena"; not "ma", "mon", "mes", "min":
                    # English words or abbreviations too)
                    r"(?i:\b(?:mi|mis|minha|meu|mein|meine|mijn|mój|moja|moje|meri|mera|mere|"
                    r"mio|mia|ko si)\b)|"
                    # a bare "home" is the speaker's: "Bodø is home now", "home sweet home,
                    # Tromsø"; not someone's ("her home"), a place's ("home to the Louvre"),
                    # nor where they come from ("back home in Lagos", "home town")
                    r"(?<!\bthe )(?<!\ba )(?<!\bhis )(?<!\bher )(?<!\btheir )(?<!\byour )"
                    r"(?<!\bits )(?<!\bback )(?<!\bsecond )(?<!\bholiday )"
                    r"\bhome\b(?!\s*(?:to|of|for|town|country|page|screen|office|team|game|"
                    r"run|made|depot|assistant|button)\b)", re.I)
# "Please send mail to X", "Write to X": where to reach the speaker, said as a request.
_CONTACT = re.compile(r"^(?:please\s+)?(?:send|mail|e-?mail|write|text|call|reach|contact|use)\b"
                      r".*(?:@|\d{3})", re.I)
# Everyday speech drops the "I": "Moved to Denver last month.", "Got a new job at X."
# A sentence that opens with a past-tense or progressive verb, or with a predicate only a
# person has ("allergic to …", "based in …"), has the speaker as subject.
_ELLIPSIS = re.compile(
    r"^(?:just\s+|finally\s+|recently\s+|also\s+|currently\s+|still\s+)?(?:[A-Za-z]+ed|been|"
    r"got|went|made|took|gave|"
    r"left|quit|sold|bought|met|found|began|became|started|moved|switched|signed|picked|"
    r"traded|dropped|joined|landed|adopted|lost|won|had|ended|began|came|drove|flew|"
    # ... or with a predicate of the speaker's: "allergic to fennel", "off to Broome"
    r"allergic\s+to|intolerant\s+to|(?:married|engaged)\s+to|based\s+(?:in|at|out)|"
    r"(?:vegan|vegetarian|pescatarian)(?=\s*(?:$|[,.;!]|now\b|since\b|these\b|again\b))|"
    r"off\s+to|back\s+in|(?:big|really|totally|so|very|well|hugely)\s+into\s|into\s+(?=[a-z]+ing\b)|"
    r"obsessed\s+with|"
    r"[A-Za-z]+ing)\b(?!\s+(?:is|are|was|were|you)\b)",
    re.I,
)
# A named value that stopped being true, said without a first person: "Priya left."
_CHANGE = re.compile(r"^[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)?\s+(?:has\s+)?(?:left|quit|moved out|"
                     r"passed away|died|is gone|retired|moved away)\b")
# (not after an abbreviation that labels what follows: "tel. +48 512…", "approx. 3", nor
# after "No." before a number: "No. 14")
# ... nor after a title before a name: "My manager is Mr. Yoshiro Hanazawa", "Eng. Wanjiru"
#: titles written with a dot before a name (values.py strips them off a person's name)
TITLES = ("Mr", "Mrs", "Ms", "Dr", "Prof", "Eng", "Ing", "Lic", "Rev", "Fr", "Sr", "Sra", "Srta",
          "Capt", "Sgt", "Hon", "Atty", "Arch", "Dott", "Mme", "Mlle")
_SENT = re.compile(r"(?<=[.!?])(?<!\b[Tt]el\.)(?<!\b[Mm]ob\.)(?<!\b[Pp]h\.)(?<!\b[Aa]pprox\.)"
                   + "".join(rf"(?<!\b{t}\.)" for t in TITLES) +
                   r"(?:\s+(?=[^\s\d+])|(?<!\b[Nn]o\.)(?<!\b[Nn]r\.)\s+)|\n+")
# Chat spelling of the first person and of "please": "im in Galway now", "ive been on
# VS Code", "emma and i split up", "pls use x@y.z". Read as the standard forms, so
# that the first-person and request rules see what the speaker meant.
_INFORMAL = (
    (re.compile(r"\bim\b"), "I'm"), (re.compile(r"\bive\b"), "I've"),
    (re.compile(r"(?<![.\w])i(?=\s+[a-z]|'[a-z])"), "I"),
    (re.compile(r"\b(?:pls|plz)\b", re.I), "please"),
    (re.compile(r"\bi'm\b"), "I'm"), (re.compile(r"\bi've\b"), "I've"),
)


# An emoji (its variation selector and joiners follow it).
_EMOJI = r"[\U0001F000-\U0001FAFF\u2600-\u27BF]"
_EMOJI_TAIL = r"[\uFE0F\u200d]"


def _standard(text: str) -> str:
    for rx, rep in _INFORMAL:
        text = rx.sub(rep, text)
    return _unemoji(text)


# An emoji that opens a line labels it ("📱 (503) 555-0143", "✉️ jo@…"): read as the
# field's name. Elsewhere an emoji is a mood, not a word: it goes ("my manager is Deepa
# Raghunathan 🙌" had hidden where the name ends), except before "so / but / now …",
# where it stands for the comma a clause boundary needs (see _CLAUSE), and before a
# question, where it ends the statement a run-on question follows (_asked_after).
_EMOJI_LABEL = {
    "📱": "phone", "☎": "phone", "📞": "phone", "✉": "email", "📧": "email", "📨": "email",
    "🎂": "birthday", "🏠": "home", "🏡": "home", "🚗": "car", "🚙": "car", "✈": "trip",
}
_EMOJI_RUN = re.compile(rf"(?:{_EMOJI}{_EMOJI_TAIL}*)+")
_BEFORE_CLAUSE = re.compile(r"\s*(?:so|but|and then|then|and now|now|because|since|after|"
                            r"while|and)\s", re.I)


# After an emoji, a question or an "I" opens a new sentence ("lovely 😍 how do I …").
_NEW_SENTENCE = re.compile(r"\s*(?:how|what|why|when|where|who|which|can|could|would|should|"
                           r"do|does|did|is|are|any|anyone|I|I'm|I've)\b", re.I)


def _unemoji(text: str) -> str:
    if not _EMOJI_RUN.search(text):
        return text
    out, at = [], 0
    for m in _EMOJI_RUN.finditer(text):
        out.append(text[at:m.start()])
        line_start = not text[:m.start()].strip() or text[:m.start()].rstrip()[-1:] in "\n.!?"
        label = _EMOJI_LABEL.get(m.group(0)[0])
        if line_start and label:
            out.append(f"{label}: ")
        elif _BEFORE_CLAUSE.match(text, m.end()) and text[:m.start()].strip():
            out.append(m.group(0))  # kept: _CLAUSE reads it as a comma
        elif _NEW_SENTENCE.match(text, m.end()) and text[:m.start()].strip():
            out.append(m.group(0))  # kept: a run-on question's reader knows it (_asked_after)
        else:
            # a value never runs across one: "allergic to peach 🍑 of all things"
            out.append(", " if text[m.end():].strip() else "")
        at = m.end()
    out.append(text[at:])
    return re.sub(r"\s+,", ",", re.sub(r"[ \t]{2,}", " ", "".join(out))).strip()
# Clause boundaries: semicolons, dashes, ", so/but" (or an emoji and "so/but"), and " and "
# before a new predicate.
_CLAUSE = re.compile(
    # (an emoji stands where a comma would: "charging 40 quid a week 😭 now it's Slim-Fast")
    r"\s*;\s*|\s+[-–—]+\s+|(?:,|\s*" + _EMOJI + _EMOJI_TAIL + r"*)"
    r"\s*(?:so|but|and then|then|and now|now|because|since|after|while|"
    r"and)\s+|"
    r"\s+(?:but|so|because|while|whereas)\s+(?=(?:I|we|my|our|now)\b)|"
    # "My girlfriend is Ioana, she studies medicine": someone else's predicate
    # (not a name given, nor the role of the one just named: "We got a puppy, he's called
    # Biscuit", "I work under Geneviève Roussel, she is my manager", "…, she's the one who")
    r",\s+(?=(?:he|she|they)(?:'s|’s|'re|\s+is|\s+are|\s+was)?+\s+"
    r"(?!called|named|my\b|our\b|the one\b)\w)|"
    r",\s+(?=(?:I|we|my|our|minha|meu|mi|meine|mein|moja|mia|mon|ma)\b)|"
    r"\s+and\s+(?=(?:I|we|my|our|now|then|started|joined|bought|got|moved|adopted|switched|"
    r"became|began|took|went|am|is|have|had|will|signed|picked|ended|started)\b)|"
    r"\s+and\s+(?=\w+ed\b)",
)
_LEAD = re.compile(
    r"^(?:(?:big |good |great |some |quick |small )?(?:news|update|correction|fyi|btw|heads up|"
    r"so|well|also|oh|ok|okay|yeah|yes|actually|anyway|hey|hi|hello|guess what|change of plans|"
    r"by the way|just so you know|for the record|sorry|fun fact|note|ah|wow|omg|plus|and|but)"
    r"\s*[,:!.\-–—]*\s+)+",
    re.I,
)


@dataclass(frozen=True)
class Clause:
    """One candidate self-disclosure."""

    text: str  # the clause, lead-ins stripped
    sentence: str  # the sentence it came from
    #: no first person anywhere near: a claim only when its meaning is clearly a slot's
    #: ("CI is on Jenkins these days"), never an "other" claim
    weak: bool = False
    #: read from a field note ("manager: Teodora"): the speaker's own entry, but only a
    #: slot's value is taken from it, never an "other" claim
    note: bool = False


@functools.lru_cache(maxsize=8192)
def strip_foreign_text(text: str) -> str:
    """*text* without what is not the speaker's own statement (quotes, tasks, reports).

    The rules-based extractor uses this too, so that no path can take a slot
    value from a quotation or a sentence handed over for translation.
    """
    out: list[str] = []
    for sent in _SENT.split(text):
        s = sent.strip()
        if not s:
            continue
        m = _TASK.search(s)
        if m:
            # The request and everything it governs is material, not disclosure.
            s = s[: m.start()]
        s = _QUOTES.sub(" … ", s)
        for rm in _REPORTED.finditer(s):
            if not _SELF.match(rm.group("who").split()[-1]):
                # Their words run to the end of the clause; a new clause after a
                # dash or semicolon is the speaker's own again.
                nxt = re.search(r"\s+[-–—]+\s+|;\s*", s[rm.end():])
                s = s[: rm.start()] + (s[rm.end() + nxt.end():] if nxt else "")
                break
        s = s.strip(" :,-–—")
        if s and s != "…":
            out.append(s)
    return " ".join(x if x[-1:] in ".!?" else x + "." for x in out)


# A noun phrase with no predicate that ends in a name: "my girlfriend Zoe", "our boss Ana".
# (a copula makes it a statement: "My girlfriend is Ioana, she studies …" is two clauses)
_NAMED_NP = re.compile(r"^(?i:my|our)\s+(?:(?!(?:is|was|are|were)\s)[a-z-]+\s+){1,2}"
                       r"[A-Z][\w'’-]*$")


def _clauses(sentence: str) -> list[str]:
    parts = [p.strip(" ,.!") for p in _CLAUSE.split(sentence)]
    out: list[str] = []
    for p in parts:
        if not p:
            continue
        if out and (len(out[-1].split()) < 2 or _NAMED_NP.match(out[-1])):
            # "Zoe and I broke up", "my girlfriend Zoe and I broke up": a lone name
            # (or a relation and its name) is the subject of what follows.
            out[-1] = f"{out[-1]} and {p}"
        else:
            out.append(p)
    return out


# A short question tagged onto a statement: "I'm engaged to Felix now, can you believe
# it?", "We moved to Leeds, right?" — the statement stands; the tag asks nothing of it.
_TAG = re.compile(r",\s*(?P<q>[^,]{1,40})\?$")


def _untag(sentence: str) -> str:
    """*sentence* without a tag question after a first-person statement."""
    m = _TAG.search(sentence)
    if m is None:
        return sentence
    head = sentence[: m.start()].strip()
    if _QUESTION_START.match(head) or not _FIRST.search(head) or _HYPO.search(head) \
            or (not _QUESTION_START.match(m["q"].strip()) and not re.match(
                r"^(?:right|you know|no|yeah|eh|huh|ok|okay|lol|haha)\b", m["q"].strip(), re.I)):
        return sentence
    return head + "."


# A question that opens with the reason it is asked: "now that I'm at Help Scout, how do
# I …?", "since Callum's left and I'm under Rosalind now, is it weird to …?". The
# opening clause presupposes a fact about the speaker; the question after it asks
# nothing of that fact, so the opening is read as a statement of its own.
_ASKS = (r"(?:so\s+)?(?:how|what|where|which|who|whom|when|why|is|are|am|can|could|should|"
         r"would|will|do|does|did|any|anything|anyone|got|have|has)\b[^?]*\?+$")
_GROUNDS = re.compile(r"^(?:now that|now since|since|seeing as|seeing that|given that|"
                      r"because|cause|cos|as)\s+(?P<body>.+?)"
                      # the question starts after a comma or a bracket, or straight
                      # after the opening when it starts with a wh-word
                      r"(?:[,)]\s*(?=" + _ASKS + r")|\s+(?=(?:how|what|where|which|who|when|"
                      r"why)\b[^?]*\?+$))", re.I)


def _grounds(question: str) -> str | None:
    """The opening clause of *question* when it states why the speaker asks; else None.

    Only a first-person opening counts, and never a hypothetical one ("since I
    might move, …"): the rest of the sentence is the question and is not read.
    """
    m = _GROUNDS.match(_LEAD.sub("", question).strip())
    if m is None:
        return None
    body = m["body"].strip(" ,(")
    if not _FIRST.search(body) or _HYPO.search(body) or _QUESTION_START.match(body):
        return None
    return re.sub(r"\s*\(\s*", ", ", body).rstrip(" ,") + "."


# A question run on after a statement with no full stop, the way people type on a
# phone: "so I'm on Edge Code now, the preview is so nice 😍 how do I install
# extensions?", "moved to Barreiro in april, which bike lights are legal?". The break
# is a comma, a stop, an emoji or a run-on "so/and/but" right before the question's
# opening word; what comes before it is a statement of its own.
_RUN_ON = re.compile(
    r"(?:\s*[,;:!.]+\s*|\s*(?:" + _EMOJI + "|" + _EMOJI_TAIL + r")+\s*|"
    r"\s+(?:so|and|but|anyway|lol|haha|btw)\s+)(?=" + _ASKS + ")", re.I)


def _asked_after(question: str) -> str | None:
    """The statement before a question run on after it (see :data:`_RUN_ON`); else None.

    Only a first-person statement counts, never a question or a hypothetical one
    ("if I move to Leeds, what …?"): the question itself is not read.
    """
    body = _LEAD.sub("", question).strip()
    for m in _RUN_ON.finditer(body):
        head = body[: m.start()].strip(" ,;:")
        if not head:
            continue
        if not _FIRST.search(head) or _QUESTION_START.match(head) or _HYPO.search(head) \
                or re.match(r"^(?:can|could|would|will) you\b|^(?:please|pls)\b", head, re.I):
            return None
        return head.rstrip(".!") + "."
    return None


# A value said first and pointed back to: "Coimbra. That's where I am now!", "Jagex.
# That's who I'm with since Monday." The fragment is the subject of the sentence after it.
_FRAGMENT = re.compile(r"^(?P<v>[\w'’&+.-]+(?:\s+[\w'’&+.-]+){0,3})$")
# a reply word, not a value: "Thanks. That's what I needed."
_REPLY = re.compile(r"^(?:thanks|thank you|ta|cheers|great|cool|nice|perfect|exactly|right|sure|"
                    r"yep|yup|nope|fine|done|good|awesome|brilliant|amazing|true|same|noted|"
                    r"got it|lol|haha|hmm|ugh|yes|no|ok|okay|wow|oh|ah)$", re.I)
_POINTS_BACK = re.compile(r"^(?:that's|that is|that was|this is|it's)\s+"
                          r"(?P<rest>(?:where|what|who|whom|the one|the place|the company)\b.*)",
                          re.I)


def _point_back(sentences: list[str]) -> list[str]:
    """*sentences* with each value-first fragment joined to the sentence that points back to it."""
    out: list[str] = []
    for s in sentences:
        m = _POINTS_BACK.match(s.strip())
        f = _FRAGMENT.match(out[-1].strip().rstrip(".!")) if out and m else None
        if m and f and not _FIRST.search(f["v"]) and not _QUESTION_START.match(f["v"]) \
                and not _LEAD.match(f["v"] + " ") and not _REPLY.match(f["v"]):
            out[-1] = f"{f['v']} is {m['rest']}"
        else:
            out.append(s)
    return out


# A field note, the way people keep a profile or jot down a change: "manager: Teodora
# Vasilescu", "allergies: doxycycline, wasp venom", "role: ASM -> Deputy Stage Manager".
# A short label of the speaker's own (no one else's possessive, no name after its first
# word; a field's acronym: "DOB", "CI", "IDE"), a colon and what it holds.
_NOTE = re.compile(r"^(?P<label>(?:(?:my|our)\s+)?(?:DOB|D\.O\.B|CI|CI/CD|DB|IDE|OS|VCS|SCM|"
                   r"[A-Za-z][a-z'’-]*)(?:\s+[a-z0-9][a-z0-9'’-]*){0,3})\s*:\s+(?P<value>\S.*)$")
# labels of a document or a dialogue, not of a fact about the speaker
_NOT_A_FIELD = re.compile(
    r"^(?:q|question|a|answer|re|subject|error|warning|todo|to do|step|tip|example|e\.?g|"
    r"translation|edit|ps|p\.s|eta|date(?!\s+of\s+birth)|time|price|cost|total|score|result|link|url|source|"
    r"ref|reason|context|problem|issue|goal|plan|task|summary|tl;?dr|agenda|update|note|"
    r"me|you|him|her|them|us|he|she|they|it|this|that|here|there|also|then|now|"
    r"fyi|btw|imo|imho|nb|asap|lol|omg|ok)\b", re.I)
_POSSESSED = re.compile(r"'s\b|’s\b|\b(?:his|her|their|your|its)\b", re.I)
# what a person says, not what a field holds: "Priya: moved to Pune", "mum: I'm fine"
_SAYS = re.compile(r"^(?:[a-z]+(?:ed|ing)|is|was|has|had|says|said|thinks|wants|got|went|"
                   r"left|came|can|will|won't|just|lol|haha|ok|okay|yes|no)\b")
_ARROW = re.compile(r"\s*(?:->|→|=>|⇒)\s*")
# what an arrow leads to when the value ended: "Pöyry -> none", "Hammerfest -> cancelled"
_NOTHING = re.compile(r"^(?:none|nothing|n/?a|-+|—|no one|nobody|zero|0)\W*$", re.I)
_ENDED = re.compile(r"^(?:[a-z]+ed|gone|over|done|finished|sold|quit|left|dead|off|"
                    r"no more|no longer)\b", re.I)


def _field_note(sentence: str) -> str | None:
    """*sentence* as a first-person statement when it is a field note of the speaker's.

    "manager: Teodora Vasilescu" is read "my manager is Teodora Vasilescu";
    "role: ASM -> Deputy Stage Manager" is read "my role is now Deputy Stage
    Manager instead of ASM"; "partner: Bérénice -> ended in July" is read
    "Bérénice is ended in July", "employer: Pöyry -> none" as "Pöyry is over
    for me". None for anything else: a label with
    someone else's possessive ("Mum's meds: …"), a document's or a dialogue's
    label ("Q: …", "Subject: …"), or a line someone else says ("Priya: moved to
    Pune", "Tom: I'm in") is no field of the speaker's.
    """
    m = _NOTE.match(sentence.strip().rstrip("."))
    if m is None:
        return None
    label, value = m["label"].strip(), m["value"].strip()
    bare = re.sub(r"^(?:my|our)\s+", "", label, flags=re.I)
    # (a pastime is a gerund: "hobbies: aquascaping" is a field, "Priya: moving" a line)
    says = _SAYS.match(value) and not re.match(r"(?:hobb|interest|like|pastime|sport)", bare,
                                               re.I)
    if _NOT_A_FIELD.match(bare) or _POSSESSED.search(label) or _FIRST.search(value) \
            or says or _QUESTION_START.match(bare):
        return None
    owner = "" if bare != label else "my "
    if not label.isupper():  # an acronym ("DOB", "CI") stays as it is
        label = label[:1].lower() + label[1:]  # a common noun: "Two cats" is no name
    parts = _ARROW.split(value, maxsplit=1)
    if len(parts) == 2 and parts[0] and parts[1]:
        was, now = parts
        if _NOTHING.match(now):  # "Pöyry -> none"
            return f"{was} is over for me"
        if _ENDED.match(now):  # "Bérénice -> ended in July", "Hammerfest -> cancelled"
            return f"{was} is {now}"
        return f"{owner}{label} is now {now} instead of {was}"
    verb = "are" if re.search(r"[^s]s$", bare) else "is"
    return f"{owner}{label} {verb} {value}"


# An aside in brackets at the end of a sentence: "My manager is Teodora (nice, micromanages
# a bit)." The aside is a sentence of its own: inside the main one it hides where the
# value ends.
_ASIDE = re.compile(r"\s*\((?P<aside>[^()]{1,80})\)\s*(?P<end>[.!]*)\s*$")


# an aside that dates the sentence stays in it: "seeing Kaveh (since Aug)"
_WHEN_ASIDE = re.compile(r"^(?:since|from|as of|until|till|by|on|in|at|for|starting|effective|"
                         r"was|formerly|ex|prev|previously|before)\b|^[\d/.\s-]+$", re.I)


def _aside(sentence: str) -> list[str]:
    """*sentence* with a closing bracketed aside split off as a sentence of its own."""
    m = _ASIDE.search(sentence)
    if m is None or m.start() == 0 or _WHEN_ASIDE.match(m["aside"]):
        return [sentence]
    return [sentence[: m.start()] + (m["end"] or ""), m["aside"].strip()]


def disclosures(text: str) -> list[Clause]:
    """The self-disclosure clauses of *text* (see :func:`_disclosures`; cached).

    The cycle reads each turn twice, and people repeat themselves.
    """
    return list(_disclosures(text))


@functools.lru_cache(maxsize=8192)
def _disclosures(text: str) -> tuple[Clause, ...]:
    """The clauses of *text* that are first-person statements of the speaker's own.

    A clause with no first person of its own still counts when an earlier
    clause of the same sentence has one ("I quit X and started at Y"), or an
    earlier sentence of the turn. A user's statement with no first person at all
    ("CI is on Jenkins these days") is returned as *weak*: the claim builder
    keeps it only when its meaning is clearly one of the slots.
    """
    out: list[Clause] = []
    clean = strip_foreign_text(_standard(text))
    prev_first = False
    sentences = [a for sent in _SENT.split(clean) for a in _aside(sent.strip())]
    for sent in _point_back(sentences):
        s = sent.strip()
        s = ((_grounds(s) or _asked_after(s)) if s.endswith("?") else None) or _untag(s)
        note = _field_note(_LEAD.sub("", s).strip()) if not s.endswith("?") else None
        if note is not None and not _HYPO.search(note):
            # (a note lends its "my" to no sentence after it)
            out.append(Clause(note, note, note=True))
            continue
        if not s or s.endswith("?") or ("…" in s and not _FIRST.search(s.replace("…", ""))):
            prev_first = False if s.endswith("?") else prev_first
            continue
        s = _LEAD.sub("", s).strip()
        if not s or _QUESTION_START.match(s):
            continue
        parts = [c for c in (_LEAD.sub("", c).strip() for c in _clauses(s)) if c]
        # A hypothetical sentence opens with a hypothetical clause. A statement followed
        # by a clause of its own that is hypothetical ("I've lived in Kirkcudbright
        # thirty years, and I can't imagine leaving") stands; the hypothetical clause
        # and what follows it go. (A hypothetical word no clause kept drops it all.)
        cut = next((i for i, c in enumerate(parts) if _HYPO.search(c)), None)
        if cut == 0 or not parts or (cut is None and _HYPO.search(s)):
            continue
        parts = parts[:cut]
        if re.match(r"^(?:can|could|would|will) you\b|^(?:please|pls)\s+(?!use\b|send\b|call\b|"
                    r"note\b|remember\b|update\b)", s, re.I):
            continue  # a request to the assistant
        carry = False
        first_in_sent = bool(_FIRST.search(s)) or bool(_CHANGE.match(s)) or bool(
            _CONTACT.match(s)) or bool(_ELLIPSIS.match(s))
        for c in parts:
            own = bool(_FIRST.search(c)) or carry or prev_first or first_in_sent
            out.append(Clause(c, s, weak=not own))
            carry = carry or bool(_FIRST.search(c))
        prev_first = first_in_sent or prev_first
    return tuple(out)
