"""Phrasing rules, part 1: preferences, likes and dislikes, "my X is Y", favourites.

The precise rule forms of :mod:`sleepstack.sleep.extract` for what the claims
leave to them: response formats ("use bullet points"), "I prefer/love/hate X",
"my birthday/e-mail/phone is ...", "my favourite X is Y". Each rule takes one
clause context and returns candidates; the order they are tried in is
:data:`sleepstack.sleep.extract._RULES`.
"""

from __future__ import annotations

import re

from ..text.dates import MONTH_NAMES as _MONTH_NAMES
from .dates import find_dates
from .extract_base import (
    _IA,
    _PRONOUN_OBJ,
    _YOU,
    _Cand,
    _clean,
    _Ctx,
    _cut,
    _cut_splice,
    _name,
    _poss,
    _sentence,
    _third,
)

# -------------------------------------------------------------------------- rules

_RF, _RL = "response_format", "response_length"
_FORMATS: list[tuple[re.Pattern[str], str, str]] = [
    (re.compile(r"\bnumbered (?:lists?|steps|points)\b", re.I), _RF, "numbered lists"),
    (
        re.compile(r"\bbullet(?:ed)?(?:[- ]points?| lists?)?\b|\bbullets\b", re.I),
        _RF,
        "bullet points",
    ),
    (
        re.compile(r"\b(?:prose|paragraphs?|full sentences|running text|flowing text)\b", re.I),
        _RF,
        "prose",
    ),
    (re.compile(r"\btables?\b", re.I), _RF, "tables"),
    (re.compile(r"\bmarkdown\b", re.I), _RF, "markdown"),
    (re.compile(r"\bplain text\b", re.I), _RF, "plain text"),
    (re.compile(r"\bjson\b", re.I), _RF, "JSON"),
    (re.compile(r"\b(?:short|concise|brief|succinct|terse|shorter)\b", re.I), _RL, "concise"),
    (
        re.compile(r"\b(?:detailed|thorough|in-depth|comprehensive|longer|long-form)\b", re.I),
        _RL,
        "detailed",
    ),
]
_LANGS = (
    "English|French|Spanish|German|Italian|Portuguese|Dutch|Swedish|Norwegian|Danish|Finnish|"
    "Polish|Russian|Ukrainian|Greek|Turkish|Arabic|Hebrew|Hindi|Chinese|Mandarin|Cantonese|"
    "Japanese|Korean|Vietnamese|Thai|Indonesian|Czech|Romanian|Hungarian"
)
_RESPONSE_ATTR_TEXT = {
    "response_format": "{S} prefers responses formatted as {v}",
    "response_length": "{S} prefers {v} responses",
    "response_language": "{S} prefers responses in {v}",
}


#: where the preferred option's phrase ends: what follows is a rejected option ("over
#: prose"), a reason ("because…") or another clause ("…, bullet points feel choppy")
_PREF_END = re.compile(
    r"\b(?:over|rather than|instead of|than|not|to|but|because|since|although|though|while|"
    r"whereas|cause|cuz)\b|[,;:!?()\"“”]|\s[-–—]\s|\.(?:\s|$)",
    re.I,
)


def _format_pref(obj: str) -> tuple[str, str] | None:
    """``(attribute, value)`` of the format asked for in *obj*, or None.

    Only the head of *obj* counts (up to :data:`_PREF_END`), and within one
    attribute the option named first wins: in "prose now, bullet points feel
    choppy" the preference is prose.
    """
    head = _PREF_END.split(obj, maxsplit=1)[0]
    by_attr: dict[str, tuple[int, str]] = {}
    for rx, attr, canon in _FORMATS:
        m = rx.search(head)
        if m and (attr not in by_attr or m.start() < by_attr[attr][0]):
            by_attr[attr] = (m.start(), canon)
    for attr in dict.fromkeys(a for _, a, _ in _FORMATS):
        if attr in by_attr:
            return attr, by_attr[attr][1]
    m = re.search(r"\b(" + _LANGS + r")\b", head)
    if m and re.search(r"\b(?:in|answers?|responses?|replies|reply|respond|write)\b", obj, re.I):
        return "response_language", m.group(1)
    return None


def _pref_cand(ctx: _Ctx, attr: str, value: str, conf: float, *, negative: bool = False) -> _Cand:
    s = _name(ctx.subject)
    if negative:
        text = f"{s} prefers responses without {value}"
        value = f"no {value}"
    else:
        text = _RESPONSE_ATTR_TEXT[attr].format(S=s, v=value)
    return _Cand(ctx.subject, attr, value, "preference", conf, _sentence(text, ctx.stated))


_RX_PREFER = re.compile(
    rf"^{_IA}(?:now\s+)?(?:prefer|would prefer|'d prefer|would much rather|'d much rather|"
    r"would rather|'d rather|like it (?:better |more )?when you|want you to|like)\s+"
    r"(?:(?:you\s+)?(?:to\s+)?(?:use|using|answer(?:ing)?|repl(?:y|ies|ying)|respond(?:ing)?|"
    r"writ(?:e|ing)|format(?:ting)?|have|get|getting|receive|receiving|see|seeing|keep|be)\s+)?"
    r"(?:(?:with|in|as|using|it|them|things|answers|responses|replies)\s+)*(?P<obj>.+)$",
    re.I,
)
_RX_PLEASE = re.compile(
    r"^(?:please\s+|from now on,?\s+|going forward,?\s+|in (?:the )?future,?\s+)+(?:always\s+|"
    r"only\s+|just\s+)?"
    r"(?P<verb>use|answer|reply|respond|write|format|give me|keep|be|stick to)\b\s*(?P<obj>.+)$",
    re.I,
)
_RX_PLEASE_NOT = re.compile(
    r"^(?:please\s+)?(?:don't|do not|never|stop|no more)\s+(?:use|using|write in|answer in|"
    r"give me|giving me|format (?:\w+ )?(?:as|in|with))\s+(?P<obj>.+)$",
    re.I,
)
_RX_PREFER_GENERIC = re.compile(rf"^{_IA}(?:prefer|would rather|'d rather)\s+(?P<obj>.+)$", re.I)


def _rule_format(ctx: _Ctx) -> list[_Cand]:
    c = ctx.clause
    m = _RX_PLEASE_NOT.match(c)
    if m:
        got = _format_pref(m["obj"])
        if got and got[0] == "response_format":
            return [_pref_cand(ctx, got[0], got[1], 0.8, negative=True)]
        return []
    if ctx.neg and not re.search(r"\b(?:rather than|instead of|not)\b", c, re.I):
        return []
    m = _RX_PREFER.match(c)
    if m and re.search(r"\b(?:prefer|rather|you|use|answers?|responses?|format)\b", c, re.I):
        got = _format_pref(m["obj"])
        if got:
            return [_pref_cand(ctx, got[0], got[1], 0.85)]
    m = _RX_PLEASE.match(c)
    if m and re.match(r"(?:please|from now on|going forward|in (?:the )?future)", c, re.I):
        got = _format_pref(m["verb"] + " " + m["obj"])
        if got:
            return [_pref_cand(ctx, got[0], got[1], 0.8)]
    return []


def _rule_prefer_generic(ctx: _Ctx) -> list[_Cand]:
    if ctx.neg and not re.search(r"\b(?:rather than|instead of|than|over)\b", ctx.clause, re.I):
        return []
    m = _RX_PREFER_GENERIC.match(ctx.clause)
    if not m:
        return []
    obj = _cut(m["obj"])
    parts = re.split(r"\s+(?:over|rather than|instead of|to|than)\s+", obj, maxsplit=1, flags=re.I)
    value = _clean(parts[0])
    if not value or _PRONOUN_OBJ.match(value) or _YOU.search(value) or len(value.split()) > 6:
        return []
    if value.lower() in ("not", "to", "a", "the"):
        return []
    other = (f" over {_third(_clean(parts[1]), ctx.subject)}"
             if len(parts) > 1 and parts[1].strip() else "")
    text = f"{_name(ctx.subject)} prefers {_third(value, ctx.subject)}{other}"
    return [_Cand(ctx.subject, "prefers", value, "preference", 0.75, _sentence(text, ctx.stated))]


_RX_LIKE = re.compile(
    rf"^{_IA}(?P<verb>like|love|enjoy|adore|(?:am|'m)\s+(?:really\s+|so\s+)?"
    r"(?:into|(?:a\s+)?(?:big\s+|huge\s+|great\s+)?fan of|passionate about|obsessed with|"
    r"crazy about))"
    r"\s+(?P<obj>.+)$",
    re.I,
)
_RX_DISLIKE = re.compile(
    rf"^{_IA}(?P<verb>(?:do not|don't|dont|no longer|never)\s+(?:really\s+|actually\s+|"
    r"particularly\s+)?(?:like|love|enjoy|care for)|hate|dislike|detest|loathe|can't stand|"
    r"cannot stand|can not stand|(?:am|'m)\s+(?:not|no longer)\s+(?:really\s+)?"
    r"(?:into|(?:a\s+)?(?:big\s+|huge\s+)?fan of))\s+(?P<obj>.+)$",
    re.I,
)


_DANGLING = frozenset(
    {
        "to",
        "the",
        "a",
        "an",
        "of",
        "for",
        "with",
        "and",
        "my",
        "their",
        "your",
        "in",
        "on",
        "at",
        "about",
        "some",
        "this",
        "that",
        "more",
        "so",
        "very",
        "how",
        "it",
    }
)


def _cut_keep_and(value: str) -> str:
    value = _cut_splice(value)
    m = re.search(
        r"\s*(?:[;:!?()\"“”]|\s[-–—]\s|\.(?:\s|$)|,\s+(?!and\b)(?:\w+\s+){0,1}(?:I|we|it|but)\b|"
        r",?\s+and\s+(?:it|I|we|they|he|she|that|this|then|now)\b|"
        r"\b(?:but|so|because|since|which|who|where|when|whenever|that|while|though|although|as|"
        r"if|especially|cause|cuz|lol|haha|btw)\b)",
        value,
        re.I,
    )
    return _clean(value[: m.start()] if m else value)


_NOT_MODIFIER_WORDS = "the a an my our your their his her this that some all any no its these those"
_NOT_MODIFIER = frozenset(_NOT_MODIFIER_WORDS.split())


def _objects(raw: str) -> list[str]:
    """The liked things in an object phrase ("hiking and painting" is two)."""
    obj = _cut_keep_and(
        re.sub(r"^(?:(?:also|really|just|totally|absolutely|so|still)\s+)+", "", raw, flags=re.I)
    )
    obj = re.sub(r"\b(?:anymore|any more)\b", "", obj, flags=re.I)
    obj = _clean(obj)
    if not obj or _PRONOUN_OBJ.match(obj) or _YOU.search(obj):
        return []
    parts = [p.strip() for p in re.split(r",\s*(?:and\s+)?|\s+and\s+|\s+&\s+", obj) if p.strip()]
    # Split "hiking and painting", "jazz and heavy metal" but not "the freedom and
    # connection it brings": each part one word, or two plain words without an article.
    if len(parts) > 1 and all(
        len(p.split()) == 1 or (len(p.split()) == 2 and (
            p.split()[0].lower().endswith("ing") or (
                re.fullmatch(r"[a-z][a-z-]+ [a-z][a-z-]+", p) is not None
                and p.split()[0] not in _NOT_MODIFIER)))
        for p in parts
    ):
        out = parts
    else:
        out = [obj]
    good = [
        _clean(p)
        for p in out
        if 0 < len(p.split()) <= 6
        and not _PRONOUN_OBJ.match(p)
        and re.search(r"[A-Za-z]", p)
        # "the painting", "the freedom": things in the conversation, not tastes.
        and not re.match(r"^the\s+[a-z]", p)
        # "working on it": what "it" is lives in the conversation, not in the fact.
        and not re.search(r"\b(?:it|that|this|them|those|these)\b", p, re.I)
        and p.split()[-1].lower() not in _DANGLING
    ]
    return [g for g in good if g]


def _rule_likes(ctx: _Ctx) -> list[_Cand]:
    c = ctx.clause
    m = _RX_DISLIKE.match(c)
    if m:
        verb = " ".join(m["verb"].lower().split())
        out: list[_Cand] = []
        for obj in _objects(m["obj"]):
            value = _third(obj, ctx.subject)
            if verb.startswith("no longer") or re.search(r"\banymore\b", c, re.I):
                phrase = "no longer likes"
            elif verb.startswith(("do not", "don't", "dont", "never")):
                phrase = "does not like"
            elif verb in ("hate", "dislike", "detest", "loathe"):
                phrase = verb + "s"
            elif "stand" in verb:
                phrase = "cannot stand"
            else:
                phrase = "is not a fan of"
            text = f"{_name(ctx.subject)} {phrase} {value}"
            out.append(
                _Cand(
                    ctx.subject, "dislikes", value, "preference", 0.75, _sentence(text, ctx.stated)
                )
            )
        return out
    if ctx.neg:
        return []
    m = _RX_LIKE.match(c)
    if not m:
        return []
    out = []
    verb = " ".join(m["verb"].lower().split())
    for obj in _objects(m["obj"]):
        value = _third(obj, ctx.subject)
        if verb in ("like", "love", "enjoy", "adore"):
            phrase = verb + "s"
        else:
            phrase = "is " + verb.split(None, 1)[1] if verb.startswith(("am ", "'m ")) else verb
        text = f"{_name(ctx.subject)} {phrase} {value}"
        out.append(
            _Cand(ctx.subject, "likes", value, "preference", 0.7, _sentence(text, ctx.stated))
        )
    return out


_PERSONAL_KEYS: dict[str, tuple[str, str]] = {
    "email": ("email", "personal"), "email address": ("email", "personal"),
    "e-mail": ("email", "personal"), "e-mail address": ("email", "personal"),
    "phone": ("phone", "personal"), "phone number": ("phone", "personal"),
    "cell": ("phone", "personal"), "mobile number": ("phone", "personal"),
    "address": ("address", "personal"), "home address": ("address", "personal"),
    "name": ("name", "personal"), "full name": ("name", "personal"),
    "first name": ("name", "personal"), "nickname": ("nickname", "personal"),
    "birthday": ("birthday", "personal"), "date of birth": ("birthday", "personal"),
    "username": ("username", "personal"), "github username": ("github", "personal"),
    "github": ("github", "personal"), "handle": ("username", "personal"),
    "website": ("website", "personal"), "timezone": ("timezone", "personal"),
    "time zone": ("timezone", "personal"), "pronouns": ("pronouns", "personal"),
    "native language": ("native_language", "personal"),
    "first language": ("native_language", "personal"),
    "mother tongue": ("native_language", "personal"),
    "job title": ("job_title", "work"), "job": ("job_title", "work"),
    "occupation": ("job_title", "work"), "profession": ("job_title", "work"),
    "role": ("job_title", "work"), "title": ("job_title", "work"),
    "hometown": ("hometown", "personal"), "home town": ("hometown", "personal"),
    "employer": ("works_at", "work"), "company": ("works_at", "work"),
    "favorite": ("favourite", "preference"), "favourite": ("favourite", "preference"),
}  # fmt: skip
_RX_MY_KEY = re.compile(
    r"^my\s+(?P<key>(?:full |first |home |github |native |first |mobile |phone |e-?mail |job |"
    r"time |date of )?(?:name|nickname|email|e-mail|address|phone|number|birthday|birth|username|"
    r"handle|website|timezone|zone|pronouns|language|tongue|job|title|occupation|profession|role|"
    r"hometown|town|employer|company|github|cell))\s+(?:is|'s)\s+(?:now\s+)?(?P<val>.+)$",
    re.I,
)
_EMAIL = re.compile(r"^[\w.+-]+@[\w-]+(?:\.[\w-]+)+$")
_PHONE = re.compile(r"^\+?[\d][\d ().-]{5,}\d$")


def _proper(text: str, *, max_words: int = 5, allow_article: bool = False) -> str | None:
    """A leading proper name ("New York City", "the UK", "Acme Corp") or None."""
    tokens = text.split()
    out: list[str] = []
    for i, tok in enumerate(tokens):
        word = tok.rstrip(",.;:!?)\"'")
        stop = word != tok
        if (re.match(r"^[A-Z0-9][\w'&.-]*$", word) and word not in ("I", "I'm")) or (
            out and word in ("of", "de", "la", "del", "da", "upon", "am", "and", "&", "for")
        ):
            out.append(word)
        elif not out and i == 0 and word.lower() == "the":
            out.append("the")
        else:
            break
        if stop or len(out) > max_words:
            break
    while out and out[-1] in (
        "of",
        "de",
        "la",
        "del",
        "da",
        "upon",
        "am",
        "and",
        "&",
        "for",
        "the",
    ):
        out.pop()
    if out and out[0] == "the" and len(out) == 1:
        out = []
    if not out:
        if allow_article:
            # Possessives stay whole: "the children's hospital", never "the children".
            m = re.match(r"^((?:a|an|the)\s+[a-z][\w'’-]*(?:\s+[a-z][\w'’-]*){0,3})", text)
            if m:
                val = _cut(
                    m.group(1), "in|on|at|for|with|to|from|last|next|this|near|where|now|yet"
                )
                return val if len(val.split()) >= 2 else None
        return None
    if len(out) > max_words:
        return None
    return " ".join(out)


def _rule_my_key(ctx: _Ctx) -> list[_Cand]:
    if ctx.neg:
        return []
    m = _RX_MY_KEY.match(ctx.clause)
    if not m:
        return []
    key = " ".join(m["key"].lower().split())
    if key not in _PERSONAL_KEYS:
        return []
    attr, cat = _PERSONAL_KEYS[key]
    raw = m["val"].strip()
    s, p = _name(ctx.subject), _poss(ctx.subject)
    if attr == "email":
        v = raw.split()[0].rstrip(".,;!") if raw else ""
        if not _EMAIL.match(v):
            return []
        text = f"{p} email is {v}"
    elif attr == "phone":
        v = _cut(raw)
        if not _PHONE.match(v):
            return []
        text = f"{p} phone number is {v}"
    elif attr == "birthday":
        ds = find_dates(ctx.clause_abs)
        if not re.search(r"\d", raw):
            return []
        v = _cut(raw)
        bm = re.search(r"(\d{4})-(\d{2})-(\d{2})", ds[0].first) if ds else None
        if bm:
            v = f"{_MONTH_NAMES[int(bm.group(2))]} {int(bm.group(3))}"
        text = f"{p} birthday is {v}"
    elif attr in ("name", "nickname", "hometown", "works_at"):
        v2 = _proper(raw, max_words=4)
        if not v2:
            return []
        v = v2
        text = {
            "name": f"{p} name is {v}",
            "nickname": f"{p} nickname is {v}",
            "hometown": f"{p} hometown is {v}",
            "works_at": f"{s} works at {v}",
        }[attr]
    elif attr == "job_title":
        v = _cut(re.sub(r"^(?:a|an)\s+", "", raw, flags=re.I), "at|for|in|with")
        if (
            not v
            or len(v.split()) > 5
            or _PRONOUN_OBJ.match(v)
            or re.search(r"\b(?:is|so|very|too|really)\b", v)
        ):
            return []
        text = f"{p} job title is {v}"
    else:
        v = _cut(raw)
        if not v or len(v.split()) > 6 or _PRONOUN_OBJ.match(v):
            return []
        text = f"{p} {key} is {v}"
    return [_Cand(ctx.subject, attr, v, cat, 0.85, _sentence(text, ctx.stated))]


_RX_FAV = re.compile(
    r"^my\s+(?:all[- ]time\s+|absolute\s+|current\s+|"
    r"new\s+)?favou?rite\s+(?P<what>[a-z][a-z -]{1,30}?)"
    r"\s+(?:is|'s|has to be|would have to be|is probably|is definitely|these days is|right now is|"
    r"now is)"
    r"\s+(?P<val>.+)$",
    re.I,
)


def _rule_favourite(ctx: _Ctx) -> list[_Cand]:
    if ctx.neg:
        return []
    m = _RX_FAV.match(ctx.clause)
    if not m:
        return []
    what = " ".join(m["what"].lower().split())
    val = _cut(m["val"])
    if not val or len(val.split()) > 6 or _PRONOUN_OBJ.match(val) or _YOU.search(val):
        return []
    val = _third(val, ctx.subject)
    attr = "favourite_" + re.sub(r"[^a-z0-9]+", "_", what.replace("color", "colour")).strip("_")
    text = f"{_poss(ctx.subject)} favourite {what} is {val}"
    return [_Cand(ctx.subject, attr, val, "preference", 0.85, _sentence(text, ctx.stated))]

