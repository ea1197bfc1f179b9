"""Offline relation extraction: sentences → ``(subject, relation, object)`` statements.

Rules, not a model: each pattern below reads one way of stating a relation
("my sister Ana", "Ana is my sister", "Ana's brother Tom", "works at Acme in
Porto", "moved to Lisbon", "her dog Rex"), with names found as capitalised
spans. The subject of a first-person sentence is the speaker: the user in
their own graph (role ``user``), a named speaker in a transcript (LoCoMo's
roles are names); an assistant's "I" is never read as anyone's. Relative
phrases ("my sister") are kept as *references* that entity resolution
(:mod:`.resolve`) maps to a named person once one is known.

Every statement carries the sentence it came from, its cite and time, and
passes :func:`validate` before it can enter a graph; an LLM's statements
(:mod:`.llm`) pass the same function.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .model import RELATION_KINDS

__all__ = ["KIN", "Statement", "extract", "mentions", "sentences", "validate", "validate_activity"]

# A name: capitalised words, optionally joined by "of"/"de"/"&" ("Bank of America").
_W = r"[A-Z][\w'’-]*"
NAME = rf"(?:{_W}(?:\s+(?:of|de|da|do|van|von|&)\s+{_W}|\s+{_W})*)"
_NAME_RE = re.compile(rf"\b{NAME}")

#: capitalised words that are not names when they start a sentence or stand alone
_NOT_NAME_WORDS = """
i i'm i've i'd i'll me my mine we our us you your he she his her they their them it its
the a an this that these those there here what who whom which when where why how yes no
yeah yep nope oh ok okay hey hi hello thanks thank wow well so and but or if then also
just really sure great cool nice awesome good sorry please maybe actually anyway today
tomorrow yesterday monday tuesday wednesday thursday friday saturday sunday january
february march april may june july august september october november december last next
mr mrs ms dr mom dad mum mother father sister brother wife husband partner boss friend
after before since because while though although as at in on of for to from with by
haha lol omg congrats congratulations love thats that's it's let's lets do did does
can could would should will shall might must not never always sometimes still even
thankfully luckily hopefully honestly finally recently sadly unfortunately fortunately
definitely absolutely totally seriously basically now bye goodbye cheers btw anyway glad
anything everything everyone someone something nothing whenever whatever wherever am is are
"""
_NOT_NAMES = frozenset(_NOT_NAME_WORDS.split())

#: kinship and role words after "my"/"X's": relation kind, and whether the
#: named person is the subject (True: "my sister Ana" → Ana sister_of me)
KIN: dict[str, tuple[str, bool]] = {
    "sister": ("sister_of", True), "sis": ("sister_of", True),
    "brother": ("brother_of", True), "bro": ("brother_of", True),
    "sibling": ("sibling_of", True),
    "mom": ("parent_of", True), "mother": ("parent_of", True), "mum": ("parent_of", True),
    "dad": ("parent_of", True), "father": ("parent_of", True),
    "son": ("child_of", True), "daughter": ("child_of", True), "kid": ("child_of", True),
    "wife": ("partner_of", True), "husband": ("partner_of", True),
    "partner": ("partner_of", True), "girlfriend": ("partner_of", True),
    "boyfriend": ("partner_of", True), "fiancé": ("partner_of", True),
    "fiance": ("partner_of", True), "fiancée": ("partner_of", True),
    "spouse": ("partner_of", True),
    "friend": ("friend_of", True), "best friend": ("friend_of", True),
    "buddy": ("friend_of", True), "roommate": ("friend_of", True),
    "colleague": ("colleague_of", True), "coworker": ("colleague_of", True),
    "co-worker": ("colleague_of", True), "teammate": ("colleague_of", True),
    "boss": ("manages", True), "manager": ("manages", True), "supervisor": ("manages", True),
    "report": ("manages", False), "intern": ("manages", False),
}
_PETS = ("dog", "cat", "puppy", "kitten", "pet", "parrot", "hamster", "horse", "rabbit",
         "bunny", "turtle", "snake", "guinea pig", "bird", "fish", "pup")
_KIN_ALT = "|".join(sorted((re.escape(k) for k in KIN), key=len, reverse=True))
_PET_ALT = "|".join(sorted((re.escape(k) for k in _PETS), key=len, reverse=True))

_FIRST = r"(?:I|I'm|I am|I've|I have|I've been|I was|we|We)"
_POSS = r"(?:my|My|our|Our)"

_WORK_VERB = (r"(?:work|works|worked|working|am working|is working|was working|have been working"
              r"|has been working|started working|started|start|starts|got a job|have a job"
              r"|has a job|took a job|took a position|accepted a job|interned|intern|interns"
              r"|am employed|is employed|was employed|employed|got hired|was hired|am hired|hired"
              r"|joined|join"
              r"|joins)")
_WORK_PREP = r"(?:at|for|by|with)?"
_LIVE_VERB = (r"(?:live|lives|lived|living|am living|is living|have lived|has lived|moved"
              r"|move|moves|moving|relocated|relocate|reside|resides|settled)")
#: "I'm based in": first person only ("Globex is based in" is an organisation's place)
_LIVE_FIRST = rf"(?:{_LIVE_VERB[3:-1]}|am based|'m based|based)"
_LIVE_PREP = r"(?:in|to|near|over in|out to|back to)"
_LOC_VERB = (r"(?:is based|are based|is located|are located|is headquartered|are headquartered"
             r"|has its headquarters|has offices|sits)")


@dataclass(frozen=True)
class Statement:
    """One relation read from one sentence, before resolution.

    ``src``/``dst`` are names, or references: the speaker (``"@user"``,
    ``"@speaker:<name>"``) and ``"@ref:<speaker>|sister"`` ("my sister",
    whoever that is).
    """

    src: str
    kind: str
    dst: str
    sentence: str
    cite: str
    at: str
    src_kind: str = "person"
    dst_kind: str = "person"
    confidence: float = 0.9
    source: str = "rules"


def sentences(text: str) -> list[str]:
    """Split *text* into sentences (on ., !, ?, ; and newlines)."""
    parts = re.split(r"(?<=[.!?;])\s+|\n+", text)
    return [p.strip() for p in parts if p.strip()]


def _clean_name(raw: str) -> str | None:
    words = raw.split()
    # Drop leading non-name capitals ("Yesterday Ana" -> "Ana").
    while words and words[0].casefold().strip("'’") in _NOT_NAMES:
        words = words[1:]
    for i, w in enumerate(words[1:], start=1):
        if w.casefold().strip("'’") in _NOT_NAMES or w.casefold().startswith(("i'", "i’")):
            words = words[:i]
            break
    while words and words[-1].casefold() in ("of", "de", "da", "do", "van", "von", "&"):
        words = words[:-1]
    if not words:
        return None
    name = " ".join(words).rstrip("'’s") if words[-1].endswith(("'s", "’s")) else " ".join(words)
    name = name.strip(" ,.'’-")
    if not name or name.casefold() in _NOT_NAMES or len(name) < 2:
        return None
    return name


def mentions(text: str) -> list[str]:
    """The names a text mentions (capitalised spans that are not sentence-initial words)."""
    out: list[str] = []
    for sent in sentences(text):
        for m in _NAME_RE.finditer(sent):
            name = _clean_name(m.group(0))
            if name is None:
                continue
            if m.start() == 0 and " " not in name and name == m.group(0):
                # A single capitalised word that opens a sentence is as likely an
                # ordinary word ("Painting is fun"): only kept when it also appears
                # mid-sentence (checked by the caller across the whole batch).
                out.append("^" + name)
                continue
            out.append(name)
    return out


def _name_group(tag: str) -> str:
    return rf"(?P<{tag}>{NAME})"


def _compile(p: str) -> re.Pattern[str]:
    return re.compile(p)


# Patterns: (regex, kind, src, dst, src_kind, dst_kind). src/dst are group names,
# "@speaker", or "kin:<group>" (a kinship word group decides kind and direction).
_PATTERNS: list[tuple[re.Pattern[str], str, str, str, str, str]] = [
    # "my sister Ana", "my best friend, Ana,"
    (_compile(rf"\b{_POSS}\s+(?:older\s+|younger\s+|little\s+|big\s+|twin\s+|new\s+|old\s+)?"
              rf"(?P<kin>{_KIN_ALT})s?,?\s+{_name_group('a')}"), "kin", "a", "@speaker",
     "person", "user"),
    # "Ana is my sister", "Ana, my sister,"
    (_compile(rf"{_name_group('a')}(?:,|\s+is|\s+was|\s+has been|\s+became)\s+{_POSS}\s+"
              rf"(?:older\s+|younger\s+|little\s+|big\s+|twin\s+|new\s+|old\s+)?"
              rf"(?P<kin>{_KIN_ALT})\b"), "kin", "a", "@speaker", "person", "user"),
    # "Ana's brother Tom", "Ana's husband, Tom"
    (_compile(rf"{_name_group('b')}['’]s\s+(?:older\s+|younger\s+|little\s+|big\s+|new\s+)?"
              rf"(?P<kin>{_KIN_ALT}),?\s+{_name_group('a')}"), "kin", "a", "b",
     "person", "person"),
    # "Tom is Ana's brother"
    (_compile(rf"{_name_group('a')}\s+(?:is|was|has been|became)\s+{_name_group('b')}['’]s\s+"
              rf"(?:older\s+|younger\s+|little\s+|big\s+|new\s+)?(?P<kin>{_KIN_ALT})\b"),
     "kin", "a", "b", "person", "person"),
    # "my dog Rex", "my cat named Luna", "I have a dog named Max"
    (_compile(rf"\b{_POSS}\s+(?:new\s+|old\s+|little\s+)?(?:{_PET_ALT})s?,?\s+"
              rf"(?:(?:is\s+)?(?:named|called)\s+)?{_name_group('a')}"), "owns", "@speaker", "a",
     "user", "pet"),
    (_compile(rf"\b{_FIRST}\s+(?:have|has|got|adopted|own|bought|rescued)\s+(?:a|an|two|another)"
              rf"\s+(?:new\s+)?(?:{_PET_ALT})\s+(?:named|called)\s+{_name_group('a')}"),
     "owns", "@speaker", "a", "user", "pet"),
    # "Ana's dog Rex", "Ana has a cat named Luna"
    (_compile(rf"{_name_group('b')}['’]s\s+(?:{_PET_ALT}),?\s+(?:(?:named|called)\s+)?"
              rf"{_name_group('a')}"), "owns", "b", "a", "person", "pet"),
    (_compile(rf"{_name_group('b')}\s+(?:has|got|adopted|owns|bought|rescued)\s+(?:a|an|another)"
              rf"\s+(?:new\s+)?(?:{_PET_ALT})\s+(?:named|called)\s+{_name_group('a')}"),
     "owns", "b", "a", "person", "pet"),
    # "I work at Acme Corp", "I'm employed by Globex", "I joined Initech"
    (_compile(rf"\b{_FIRST}\s+(?:just\s+|now\s+|recently\s+|still\s+)?{_WORK_VERB}"
              rf"(?:\s+as\s+an?\s+[a-z]+(?:\s+[a-z]+)?)?\s+{_WORK_PREP}\s*{_name_group('o')}"),
     "works_at", "@speaker", "o", "user", "organisation"),
    # "Ana works at Acme", "my sister works for Globex" (kin subject)
    (_compile(rf"{_name_group('s')}\s+(?:just\s+|now\s+|recently\s+|still\s+)?{_WORK_VERB}"
              rf"(?:\s+as\s+an?\s+[a-z]+(?:\s+[a-z]+)?)?\s+{_WORK_PREP}\s*{_name_group('o')}"),
     "works_at", "s", "o", "person", "organisation"),
    (_compile(rf"\b{_POSS}\s+(?P<kin>{_KIN_ALT})\s+(?:just\s+|now\s+|recently\s+|still\s+)?"
              rf"{_WORK_VERB}(?:\s+as\s+an?\s+[a-z]+(?:\s+[a-z]+)?)?\s+{_WORK_PREP}\s*"
              rf"{_name_group('o')}"), "works_at", "kinref", "o", "person", "organisation"),
    # "my employer is Acme", "I'm an engineer at Acme"
    (_compile(rf"\b{_POSS}\s+(?:employer|company|workplace)\s+is\s+{_name_group('o')}"),
     "works_at", "@speaker", "o", "user", "organisation"),
    (_compile(rf"\b(?:I'm|I am)\s+an?\s+[a-z]+(?:\s+[a-z]+)?\s+at\s+{_name_group('o')}"),
     "works_at", "@speaker", "o", "user", "organisation"),
    # "I live in Porto", "we moved to Lisbon"
    (_compile(rf"\b{_FIRST}\s+(?:just\s+|now\s+|recently\s+|still\s+|finally\s+)?{_LIVE_FIRST}"
              rf"\s+{_LIVE_PREP}\s+{_name_group('p')}"), "lives_in", "@speaker", "p",
     "user", "place"),
    (_compile(rf"{_name_group('s')}\s+(?:just\s+|now\s+|recently\s+|still\s+|finally\s+)?"
              rf"{_LIVE_VERB}\s+{_LIVE_PREP}\s+{_name_group('p')}"), "lives_in", "s", "p",
     "person", "place"),
    (_compile(rf"\b{_POSS}\s+(?P<kin>{_KIN_ALT})\s+(?:just\s+|now\s+|recently\s+|still\s+)?"
              rf"{_LIVE_VERB}\s+{_LIVE_PREP}\s+{_name_group('p')}"), "lives_in", "kinref", "p",
     "person", "place"),
    (_compile(rf"\b(?:I'm|I am)\s+from\s+{_name_group('p')}\s+(?:but\s+)?(?:now\s+)?live"),
     "lives_in", "@speaker", "p", "user", "place"),
    # "Acme is based in Porto", "works at Acme in Porto"
    (_compile(rf"{_name_group('o')}\s+{_LOC_VERB}\s+(?:in|out of)\s+{_name_group('p')}"),
     "located_in", "o", "p", "organisation", "place"),
    (_compile(rf"\b(?:at|for|by)\s+{_name_group('o')}\s+(?:in|based in|out of)\s+"
              rf"{_name_group('p')}"), "located_in", "o", "p", "organisation", "place"),
    # "I married Tom", "Ana is married to Tom"
    (_compile(rf"\b{_FIRST}\s+(?:married|am married to|am engaged to|got engaged to|"
              rf"got married to|am dating|started dating|have been dating)\s+{_name_group('a')}"),
     "partner_of", "a", "@speaker", "person", "user"),
    (_compile(rf"{_name_group('a')}\s+(?:is|was|got)\s+(?:married|engaged)\s+to\s+"
              rf"{_name_group('b')}"), "partner_of", "a", "b", "person", "person"),
    (_compile(rf"{_name_group('a')}\s+and\s+{_name_group('b')}\s+(?:got|are|were)\s+married"),
     "partner_of", "a", "b", "person", "person"),
    # "Ana manages Tom", "I manage Tom", "Ana runs the Apollo project"
    (_compile(rf"{_name_group('a')}\s+(?:manages|supervises|leads)\s+{_name_group('b')}"),
     "manages", "a", "b", "person", "person"),
    (_compile(rf"\b{_FIRST}\s+(?:manage|supervise|lead)\s+{_name_group('b')}"),
     "manages", "@speaker", "b", "user", "person"),
    # "Ana and I are friends", "Tom is a friend of mine", "Tom is a good friend of Ana"
    (_compile(rf"{_name_group('a')}\s+and\s+I\s+(?:are|have been|became)\s+"
              rf"(?:good\s+|best\s+|close\s+|old\s+)?friends"), "friend_of", "a", "@speaker",
     "person", "user"),
    (_compile(rf"{_name_group('a')}\s+(?:is|was)\s+an?\s+(?:good\s+|close\s+|old\s+)?"
              rf"friend\s+of\s+mine"), "friend_of", "a", "@speaker", "person", "user"),
    (_compile(rf"{_name_group('a')}\s+(?:is|was)\s+an?\s+(?:good\s+|close\s+|old\s+)?"
              rf"friend\s+of\s+{_name_group('b')}"), "friend_of", "a", "b", "person", "person"),
    # "I'm working on Project Apollo", "Ana works on Orion"
    (_compile(rf"\b{_FIRST}\s+(?:am\s+|'m\s+)?(?:working|work|worked)\s+on\s+(?:the\s+)?"
              rf"{_name_group('j')}\s+(?:project|app|product)"),
     "works_on", "@speaker", "j", "user", "project"),
    (_compile(rf"\b{_FIRST}\s+(?:am\s+|'m\s+)?(?:working|work|worked)\s+on\s+(?:project|Project)"
              rf"\s+{_name_group('j')}"), "works_on", "@speaker", "j", "user", "project"),
]

#: words that cannot head an object name of these kinds (sentence glue that is capitalised)
_BAD_OBJECT = frozenset({"I", "I'm", "We", "My", "The", "A", "An"})
#: a negation or hypothetical before the match voids it ("I don't work at", "if I lived in")
_NEGATED = re.compile(r"\b(?:not|n't|never|no longer|if|would|wish|might|maybe|hope to"
                      r"|want to|wants to|plan to|planning to|thinking of|thinking about)\s*$",
                      re.IGNORECASE)
_NEG_INSIDE = re.compile(r"\b(?:not|n't|never|no longer)\b", re.IGNORECASE)
_QUESTION = re.compile(r"\?\s*$")


def _kin_kind(word: str) -> tuple[str, bool]:
    return KIN.get(word.casefold(), ("friend_of", True))


def extract(text: str, *, cite: str, at: str, speaker: str | None) -> list[Statement]:
    """The relations stated in *text* (one turn or document chunk).

    *speaker* is who "I" is: ``"@user"`` for the user, ``"@speaker:<name>"``
    for a named speaker, ``None`` when first-person sentences are nobody's
    (an assistant's). "my sister" comes back as ``"@ref:<speaker>|sister"``.
    """
    out: list[Statement] = []
    for sent in sentences(text):
        if _QUESTION.search(sent):
            continue  # questions state nothing
        for rx, kind, src, dst, sk, dk in _PATTERNS:
            for m in rx.finditer(sent):
                if _NEGATED.search(sent[: m.start()]) or _NEG_INSIDE.search(m.group(0)):
                    continue
                st = _statement(m, kind, src, dst, sk, dk, sent, cite, at, speaker)
                if st is not None and validate(st, sent):
                    out.append(st)
                    out.extend(_coordinated(st, sent[m.end():], sent))
    # One statement per (src, kind, dst) per text.
    seen: set[tuple[str, str, str]] = set()
    uniq: list[Statement] = []
    for s in out:
        k = (s.src.casefold(), s.kind, s.dst.casefold())
        if k not in seen:
            seen.add(k)
            uniq.append(s)
    return uniq


_AND_NAME = re.compile(rf"^(?:\s*,\s*|\s+and\s+|\s*,\s*and\s+){_name_group('n')}")
#: kinds whose object may be a list ("I manage Ines and Rui")
_LISTS = frozenset({"manages", "friend_of", "owns"})


def _coordinated(st: Statement, rest: str, sent: str) -> list[Statement]:
    """The same relation to each further name of a list after the object."""
    out: list[Statement] = []
    if st.kind not in _LISTS or st.dst.startswith("@"):
        return out
    while True:
        m = _AND_NAME.match(rest)
        if m is None:
            return out
        name = _clean_name(m.group("n"))
        if name is None:
            return out
        extra = Statement(st.src, st.kind, name, st.sentence, st.cite, st.at, st.src_kind,
                          st.dst_kind, st.confidence, st.source)
        if validate(extra, sent):
            out.append(extra)
        rest = rest[m.end():]


def _who(tag: str, m: re.Match[str], speaker: str | None) -> str | None:
    if tag == "@speaker":
        return speaker
    if tag == "kinref":
        kin = m.group("kin").casefold()
        return None if speaker is None else f"@ref:{speaker}|{kin}"
    raw = m.group(tag)
    return _clean_name(raw) if raw is not None else None


def _statement(m: re.Match[str], kind: str, src: str, dst: str, sk: str, dk: str, sent: str,
               cite: str, at: str, speaker: str | None) -> Statement | None:
    a = _who(src, m, speaker)
    b = _who(dst, m, speaker)
    if a is None or b is None:
        return None
    if kind == "kin":
        kind, named_is_subject = _kin_kind(m.group("kin"))
        if not named_is_subject:
            a, b = b, a
            sk, dk = dk, sk
    if a == "@user":
        sk = "user"
    elif a.startswith("@"):
        sk = "person"
    if b == "@user":
        dk = "user"
    elif b.startswith("@"):
        dk = "person"
    if a.split()[0] in _BAD_OBJECT or b.split()[0] in _BAD_OBJECT:
        return None
    if a.casefold() == b.casefold():
        return None
    return Statement(a, kind, b, sent, cite, at, sk, dk)


def validate(st: Statement, sentence: str) -> bool:
    """Whether a statement may enter a graph (the rules' and the LLM's alike).

    The relation must be a known kind; every named end must be written in the
    sentence (an LLM cannot invent a name), be a plausible name (capitalised,
    at most six words, no digits-only) and the two ends must differ.
    """
    if st.kind not in RELATION_KINDS:
        return False
    if st.kind in ("does", "attends") and st.dst_kind in ("activity", "event"):
        return validate_activity(st, sentence)  # its objects are lower-case phrases
    low = sentence.casefold()
    for end in (st.src, st.dst):
        if end.startswith("@"):
            continue
        if end.casefold() not in low:
            return False
        words = end.split()
        if not words or len(words) > 6 or not words[0][:1].isupper() or end.isdigit():
            return False
    return st.src.casefold() != st.dst.casefold()


def validate_activity(st: Statement, sentence: str) -> bool:
    """Whether an activity or event statement (:mod:`.activity`) may enter a graph.

    The object must be written in the sentence, one to four lower-case words
    (letters, ``+`` and ``-``); the subject is a reference or a name written
    in the sentence.
    """
    if st.kind not in ("does", "attends") or st.dst_kind not in ("activity", "event"):
        return False
    low = sentence.casefold()
    words = st.dst.split()
    if not words or len(words) > 4 or st.dst not in low:
        return False
    if not all(re.fullmatch(r"[a-z][a-z+-]*", w) for w in words):
        return False
    return st.src.startswith("@") or st.src.casefold() in low
