"""Offline activity and event extraction: "I went camping" → ``speaker —does→ camping``.

The relations of :mod:`.extract` need two names; what someone *does* ("I
signed up for a pottery class", "we went camping", "Ana took up surfing")
and what they *attend* ("I went to a pride parade", "my brother joined a
chess club") are written in lower case and are what list questions ask for
("What activities does Melanie partake in?"). These rules read them by
sentence shape, not by a list of activities:

- a going verb with a gerund (``go/went/going/gone + V-ing``): an activity;
- a liking or taking-up verb with an intransitive gerund (``love painting``,
  ``took up running``): an activity;
- ``do/doing/practise/play`` + ``some`` + a noun (``do some taekwondo``): an
  activity;
- a joining or attending verb with a noun phrase whose head is a gathering
  (``went to a poetry reading``, ``joined a mentorship program``): an event
  named by the phrase; a learning head (``class``, ``lesson``, ``course``)
  makes its modifiers the activity (``a pottery class`` → ``pottery``).

The subject is the speaker for "I"/"we", a named person ("Ana went
hiking"), or the speaker's relative ("my sister joined a book club", kept
as a reference that :mod:`.resolve` maps to the person). Negated,
hypothetical and question sentences state nothing, as in :mod:`.extract`.
Every statement passes :func:`validate_activity`: the object is written in
the sentence, one to four lower-case words.
"""

from __future__ import annotations

import re

from .extract import _KIN_ALT, _NEGATED, NAME, Statement, _clean_name, sentences, validate_activity

__all__ = ["activities", "validate_activity"]

#: gerunds that name a state or a thought, not something one does ("I love being a mom")
_NOT_ACTIVITY_WORDS = """
being having seeing hearing knowing feeling thinking getting spending looking trying going
doing making taking saying telling talking wanting needing wondering hoping planning working
living staying keeping letting putting giving coming leaving starting finishing learning
using finding helping showing watching meeting missing waiting reading-up everything
something nothing anything thing things morning evening during bring spring string
"""
_NOT_ACTIVITY = frozenset(_NOT_ACTIVITY_WORDS.split())
#: words that end an activity's noun phrase or cannot be one
_GLUE_WORDS = """
a an the my our your his her their its this that these those some any it them him me us you
with to of for at in on and or but so really very just also too great well good fine ok okay
alright better amazing awesome lately together today yesterday tonight again more much lot
recently last next once twice already earlier later first before after now then well
week weekend month year day night time times things stuff everything something nothing
"""
_GLUE = frozenset(_GLUE_WORDS.split())

#: heads of a gathering someone attends (an event named by its whole phrase)
_EVENT_HEADS = ("parade", "festival", "concert", "fair", "conference", "convention", "event",
                "reading", "exhibit", "exhibition", "game", "match", "party", "meetup",
                "rally", "competition", "contest", "tournament", "retreat", "marathon",
                "race", "march", "protest", "fundraiser", "gala", "ceremony", "seminar",
                "workshop", "camp", "recital", "performance", "show", "program", "programme",
                "group", "club", "team", "league", "meeting", "trip", "tour", "night",
                "service", "drive", "screening", "summit", "hackathon", "session",
                "museum", "zoo", "aquarium", "gallery", "theatre", "theater", "exhibit")
#: heads of something one learns: the modifiers are the activity ("pottery class")
_LEARN_HEADS = ("class", "classes", "lesson", "lessons", "course", "courses", "training")

_SUBJ = (rf"(?P<subj>\bI(?:['’](?:m|ve|d|ll))?(?!\w)|\b[Ww]e(?:['’](?:re|ve|d|ll))?(?!\w)"
         rf"|\b[Mm]y\s+(?P<kin>{_KIN_ALT})\b|{NAME})")
#: up to three words between the subject and the verb ("I'm off to go", "we all went"),
#: none of them starting a new clause or naming a new subject
_GAP = (r"(?:\s+(?!(?:and|but|or|so|because|when|after|before|while|if|who|that|which|she|he"
        r"|they|you|it|I|we)\b)[\w'’]+){0,3}?")
_GO = r"(?:go|goes|went|going|gone)"
_LIKE = (r"(?:love|loves|loved|enjoy|enjoys|enjoyed|like|likes|liked|took up|take up|taken up"
         r"|picked up|got into|get into|started|start|tried|try)")
_DO = (r"(?:do|does|did|doing|practise|practice|practices|practised|practiced|practicing"
       r"|play|plays|played|playing)")
_JOIN = (r"(?:(?:took|take|taking|brought|bring)\s+(?:the|my|our)\s+[a-z]+\s+to"
         r"|joined|join|joins|joining|signed up for|sign up for|signed up to|enrolled in"
         r"|enrol in|enroll in|attended|attend|attends|attending|went to|go to|goes to"
         r"|going to|been to|was at|were at|participated in|took part in|take part in"
         r"|volunteered at|volunteer at|competed in|compete in|ran in|organised|organized"
         r"|hosted|visited|visit|took|take|taking|started|start)")
_DET = r"(?:a|an|the|some|my|our|this|that|another|her|his|their)"
_NP = r"(?P<np>(?:[\w+'’-]+\s+){0,3}?)"
_HEAD = "(?P<head>" + "|".join(sorted(_EVENT_HEADS + _LEARN_HEADS, key=len, reverse=True)) + ")"

_RX_GO = re.compile(rf"{_SUBJ}{_GAP}\s+(?P<verb>{_GO})\s+(?P<act>[a-z]{{3,}}ing)\b")
#: what may follow an activity: the sentence's end or a word that is not its object
_INTRANSITIVE = (r"(?=\s*(?:[.,;:!)\-–—]|$)|\s+(?:with|together|in|at|on|and|every|last|this"
                 r"|next|around|outside|again|lately|often|sometimes|when|while|since|as|too"
                 r"|now|all|most|whenever|nearby|near|by|during|before|after|a\s+lot)\b)")
_RX_LIKE = re.compile(rf"{_SUBJ}{_GAP}\s+(?P<verb>{_LIKE})\s+(?P<act>[a-z]{{3,}}ing)\b"
                      + _INTRANSITIVE)
_RX_DO = re.compile(rf"{_SUBJ}{_GAP}\s+(?P<verb>{_DO})\s+(?:some\s+|the\s+)?"
                    r"(?P<act>[a-z][a-z-]{2,}(?:\s+[a-z][a-z-]{2,})??)\b"
                    + _INTRANSITIVE.replace("|as|", "|as|about|for|a|an|the|"))
_RX_JOIN = re.compile(rf"{_SUBJ}{_GAP}\s+(?P<verb>{_JOIN})\s+(?:{_DET}\s+)?"
                      rf"(?:new\s+|local\s+|big\s+|first\s+|weekly\s+|free\s+)?{_NP}{_HEAD}(?:s|es)?\b")
#: where a subject may start: a capitalised word, "my", "we"
_SUBJ_AT = re.compile(r"(?<![\w'’])(?=[A-Z]|my\b|we\b)")
_MAX_GAP_WORDS = 3
#: a plan, a wish or a condition is not something done ("we're thinking about going camping")
_HYPOTHETICAL = re.compile(r"\b(?:thinking|think|planning|plan|plans|want|wants|wanted|hope"
                           r"|hoping|wish|would|might|could|should|may|if|maybe|considering"
                           r"|gonna|wanna|dreaming)\b", re.IGNORECASE)
#: "don't", "never", "no longer" inside the match void it
_NEG = re.compile(r"(?:\bnot\b|n['’]t\b|\bnever\b|\bno longer\b|\bnot yet\b)", re.IGNORECASE)


def _subject(m: re.Match[str], speaker: str | None) -> str | None:
    raw = m.group("subj")
    if re.fullmatch(r"(?:I|[Ww]e)(?:['’]\w+)?", raw):
        return speaker
    if m.group("kin"):
        return None if speaker is None else f"@ref:{speaker}|{m.group('kin').casefold()}"
    name = _clean_name(raw)
    if name is None or name != raw.strip() or name.casefold() in ("i", "we"):
        return None  # "Last Fri I went": "Fri I" is no one's name
    return name


def _gap_ok(m: re.Match[str], verb_start: int, sent: str) -> bool:
    """At most three words, and no clause break or new subject, between subject and verb."""
    gap = sent[m.end("subj"):verb_start]
    if re.search(r"[,;:()\"]|\b(?:and|but|because|when|if|who|that|which|she|he|they|you)\b",
                 gap):
        return False
    return len(gap.split()) <= _MAX_GAP_WORDS


def _phrase(words: list[str]) -> str | None:
    words = [w.casefold().strip("'’") for w in words]
    if not words or len(words) > 4 or any(w in _GLUE for w in words):
        return None
    if not all(re.fullmatch(r"[a-z][a-z+-]*", w) for w in words):
        return None
    return " ".join(words)


def activities(text: str, *, cite: str, at: str, speaker: str | None) -> list[Statement]:
    """The activities (``does``) and events (``attends``) *text* says someone takes part in.

    *speaker* is who "I"/"we" is (see :func:`~sleepstack.graph.extract.extract`);
    ``None`` reads only third parties' activities.
    """
    out: list[Statement] = []
    for sent in sentences(text):
        if sent.rstrip().endswith("?"):
            continue
        # every subject is tried ("Last week I went": "Last" fails, "I" is the one)
        for sm in _SUBJ_AT.finditer(sent):
            for rx in (_RX_GO, _RX_LIKE, _RX_DO, _RX_JOIN):
                m = rx.match(sent, sm.start())
                if m is None:
                    continue
                st = _read(m, rx, sent, cite, at, speaker)
                if st is not None and validate_activity(st, sent):
                    out.append(st)
    seen: set[tuple[str, str, str]] = set()
    uniq: list[Statement] = []
    for s in out:
        k = (s.src.casefold(), s.kind, s.dst)
        if k not in seen:
            seen.add(k)
            uniq.append(s)
    return uniq


def _read(m: re.Match[str], rx: re.Pattern[str], sent: str, cite: str, at: str,
          speaker: str | None) -> Statement | None:
    if not _gap_ok(m, m.start("verb"), sent):
        return None
    if _NEGATED.search(sent[: m.start()]) or _NEG.search(m.group(0)) \
            or _HYPOTHETICAL.search(m.group(0)):
        return None
    who = _subject(m, speaker)
    if who is None:
        return None
    sk = "user" if who == "@user" else "person"
    if rx is _RX_JOIN:
        head = m.group("head").casefold()
        mods = m.group("np").split()
        if head in _LEARN_HEADS:
            name = _phrase(mods)
            kind, dk = "does", "activity"
        else:
            name = _phrase([*mods, head])
            kind, dk = "attends", "event"
    else:
        act = m.group("act").casefold()
        if act in _NOT_ACTIVITY or any(w in _GLUE or w.endswith("ly") for w in act.split()):
            return None
        name, kind, dk = act, "does", "activity"
    if name is None:
        return None
    return Statement(who, kind, name, sent, cite, at, sk, dk, 0.8)
