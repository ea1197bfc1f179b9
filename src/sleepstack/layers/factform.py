"""Which facts may be rendered as trusted text: the slot form, a constrained value.

The detector can miss an injection; the trust boundary must hold anyway. A
fact distilled from a turn is trusted only when its sentence is one of the
sleep path's slot templates ("The user lives in {v}") and its value is
*plain*: short, no line break, no URL or domain, no markdown or role prefix,
no second person, no directive vocabulary (in the languages below, and in
the leetspeak, ROT13 and spaced-letter readings of the value), no encoded
blobs, and a charset of letters, digits and a little punctuation. Anything
else (a free-form "other" claim, a value that talks like an instruction) is
never lost but never trusted either: LONG_TERM.md and SHORT_TERM.md show it
inside an ``[untrusted data]`` fence, and recall returns it as quoted data
with ``trust: "raw"`` (its row carries :data:`QUOTED_ROLE` as speaker).

The check is deliberately blunt: a legitimate fact it refuses only moves from
"trusted fact" to "quoted claim", while an instruction it let through would
be read by an LLM as something sleepstack vouches for.
"""

from __future__ import annotations

import codecs
import itertools
import re
import unicodedata
from functools import lru_cache

from .facts import Fact

__all__ = [
    "QUOTED_ROLE",
    "plain_sentence",
    "plain_value",
    "trusted_fact",
]

#: the speaker recorded on a fact row that must be rendered as a quote, not a fact
QUOTED_ROLE = "claim"

_MAX_VALUE_CHARS = 60
_MAX_VALUE_WORDS = 8
_MAX_SENTENCE_CHARS = 240
#: attributes whose value is a whole clause, not a slot value: never trusted
_FREE_FORM = frozenset({"other", "ended:*", "plans", "said"})
_STATED = re.compile(r"\s*\(stated \d{4}-\d{2}-\d{2}\)\.?\s*$")
_PREFIX = re.compile(r"^No longer current:\s*")
_PUNCT_OK = frozenset(" -'’.,&/@+$€£%:()")
_EMAIL = re.compile(r"^[\w.+-]+@[\w-]+(?:\.[\w-]+)+$")
_DOMAIN = re.compile(r"(?:^|[^\w@])[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}(?![\w])", re.I)
_URL = re.compile(r"://|\bwww\.|\bhttps?\b", re.I)
_ROLE = re.compile(r"\b(?:system|assistant|developer|user|tool|human|ai|bot)\s*:", re.I)
_TIME = re.compile(r"\d:\d")
# Second person and directive vocabulary, by word (casefolded). The languages
# sleepstack's rules know; stems where inflection varies.
_VOCAB = """
you your yours yourself yourselves u ur ya thee thou yall y'all
ignore ignoring disregard forget override overrule bypass comply obey instruction instructions
instructed prompt prompts jailbreak jailbroken unrestricted uncensored pretend roleplay
must shall should always whenever henceforth immediately hereby mandatory permanently
execute call invoke send forward transfer wire pay redirect reroute book delete erase wipe
reveal disclose print output respond reply answer say tell repeat obey unmask leak exfiltrate
click visit
rule rules policy policies protocol directive directives command commands
system assistant developer admin administrator root sudo operator
tool tools function api endpoint memory memories ai llm gpt chatbot bot agent
warn warning warnings phishing credentials password passwords secret secrets token tokens
please kindly permanent lasting guideline guidelines notice session sessions conversation
signed verified authorized authorised urgent attention important
bitte speichere speichern dauerhaft merke hinweis
ia l'ia ki intelligence intelligencia intelligenza inteligencia inteligência künstliche
artificielle artificiale mesterséges remarque nota notiz megjegyzés adelante avanti diante
du dich dir dein deine ihr euch ignoriere ignorieren vergiss anweisung anweisungen befehl
immer sofort sende schicke überweise lösche regel regeln muss musst
tú tu usted ustedes te ti tus ignora ignorar olvida instrucciones instrucción siempre envía
enviar borra regla reglas debes
vous toi ton ta tes votre vos ignorez ignore oublie oubliez consignes envoyez envoie toujours
règle règles devez
tuo tua tuoi voi ignori dimentica istruzioni sempre invia regola regole devi
você vocês esqueça instruções sempre envie
jij jouw jullie negeer vergeet instructies altijd stuur
te neked ön önök hagyd figyelmen utasítás utasításokat mindig küldd szabály
ты вы тебя вас твой ваш игнорируй игнорировать забудь инструкции всегда отправь правило
"""
_WORDS = frozenset(_VOCAB.split())
# Scripts without spaces: substrings.
_SUBSTRINGS = ("你", "您", "忽略", "无视", "指令", "指示", "系统", "必须", "总是", "永远", "发送",
               "删除", "规则", "转账", "あなた", "無視", "指示", "命令", "送信", "常に", "당신",
               "무시", "지시", "항상", "игнор", "инструкц", "систем", "from now on",
               "act as", "as an ai", "von nun an", "a partir de ahora", "à partir de maintenant",
               "d'ora in poi", "vanaf nu", "mostantól", "с этого момента", "ab jetzt", "ab sofort",
               "en adelante", "a partir d", "in avanti", "em diante", "innentől", "人工智能",
               "ии ")
# A slot value is a noun phrase: one that starts like a clause or an address is not.
_LEADING_TEXT = """
for per after before by to from with without that which who whom when whenever where if unless
whatever whoever whichever wherever however whatsoever
until while because so and or but not nor any every all each this these those there here
hey hi hello dear note treat make keep let use do dont don't stop start ensure remember
de desde para por pour für ab von à dès
"""
_LEADING = frozenset(_LEADING_TEXT.split())
# A value that starts with a verb in its base form is an order, not a thing
# ("edit the following sentence", "analyze the given text"): the verbs of
# task prompts and agent instructions.
_VERBS_TEXT = """
act add adjust analyse analyze answer append apply arrange ask assess assign avoid build buy
calculate categorise categorize change check choose classify close collect combine compare
compile complete compose compute construct continue convert copy correct count create decide
define delete describe design detect determine develop disable display do draft edit enable
estimate evaluate examine expand explain extract fill find fix format forward generate get give
given go grant identify imagine implement include insert label list load look make modify move
name note outline paraphrase parse paste perform pick place plan post predict prepare present
print produce propose provide publish put rank rate read rearrange recommend record reduce
refuse remove rename reorder repeat rephrase replace report request research reset respond
restate retrieve return reverse review rewrite save say search select send separate set share
show simplify solve sort specify split state stop store submit suggest summarise summarize
swap switch take tell test transform translate turn type update upload use verify view visit
write
"""
_VERBS = frozenset(_VERBS_TEXT.split())
#: the words slot templates and the extractor's sentences bring themselves: a
#: trusted sentence is its subject, its value and only these (plus dates)
_TEMPLATE_TEXT = """
s the user user's users a an and as at by for from in into is of on since the to until was
lives works manager follows diet allergic partner pet named drives phone number email address
birthday learning uses database codes ci travelling family includes likes dislikes prefers
responses formatted without language length others are have has will their them they
joined hired promoted left job started new retired moving years old speaks having moved there
no longer current not does like cannot stand fan loves enjoys adores adopted got is also
january february march april may june july august september october november december
monday tuesday wednesday thursday friday saturday sunday week weekend month year day
"""
_TEMPLATE = frozenset(_TEMPLATE_TEXT.split())
_DATEISH = re.compile(r"^\d{1,4}(?:st|nd|rd|th)?$|^\d{4}-\d{2}-\d{2}$")
#: attributes whose values are free phrases (likes, preferences): held shorter
_SHORT = frozenset({"prefers", "likes", "dislikes", "response_format", "hobby", "interest"})
_SHORT_WORDS = 5
_LEET = str.maketrans("013457@$!|", "oieastasil")
_TOKEN = re.compile(r"[^\s]+")


def _words(text: str) -> list[str]:
    return [w.strip("-'’.,&/+:()").casefold() for w in text.split()]


def _directive(text: str) -> bool:
    """Second person, directive words or phrases, in *text* as written or leet-read."""
    low = text.casefold()
    for reading in (low, low.translate(_LEET)):
        if any(w in _WORDS for w in _words(reading)):
            return True
        if any(s in reading for s in _SUBSTRINGS):
            return True
    return False


def _mixed(token: str) -> bool:
    """A token alternating letters and digits (leetspeak, keys): ``1gn0r3``, ``r3m0v3``."""
    kinds = ["d" if c.isdigit() else "a" for c in token if c.isalnum()]
    return sum(1 for a, b in itertools.pairwise(kinds) if a != b) > 2


def _charset_ok(text: str) -> bool:
    for c in text:
        if c.isalnum() or c in _PUNCT_OK:
            continue
        if unicodedata.category(c).startswith(("L", "M", "N")):
            continue
        return False  # markdown, quotes, brackets, symbols, control and invisible characters
    return True


def _shape_ok(text: str) -> bool:
    """No URL, domain, role prefix, markdown, encoded blob or spaced-out letters."""
    if "\n" in text or "\r" in text or not _charset_ok(text):
        return False
    if _URL.search(text) or _ROLE.search(text):
        return False
    for tok in _TOKEN.findall(text):
        bare = tok.strip(".,;:()")
        if _EMAIL.match(bare):
            continue
        if _DOMAIN.search(bare) or len(bare) > 24 or _mixed(bare):
            return False
        if ":" in bare and not _TIME.search(bare):
            return False
    singles = 0
    for w in text.split():
        singles = singles + 1 if len(w) == 1 and w.isalpha() else 0
        if singles >= 3:  # "i g n o r e"
            return False
    return True


def _readings(text: str) -> list[str]:
    """*text*, its ROT13 reading and its letters joined (spaced-out words)."""
    out = [text, codecs.decode(text, "rot13")]
    joined = re.sub(r"(?<=\b\w)[\s.\-_]+(?=\w\b)", "", text)
    if joined != text:
        out.append(joined)
    return out


@lru_cache(maxsize=65536)
def plain_value(value: str) -> bool:
    """Whether a slot value may stand in a trusted sentence."""
    v = unicodedata.normalize("NFKC", value).strip()
    if not v or len(v) > _MAX_VALUE_CHARS or len(v.split()) > _MAX_VALUE_WORDS:
        return False
    if sum(1 for c in v if unicodedata.east_asian_width(c) in "WF") > 16:
        return False
    first = _words(v)[0]
    if not _shape_ok(v) or first in _LEADING or first in _VERBS:
        return False
    return not any(_directive(r) for r in _readings(v))


@lru_cache(maxsize=65536)
def plain_sentence(text: str) -> bool:
    """Whether a whole fact sentence reads as a statement, not an instruction.

    The ``(stated YYYY-MM-DD)`` suffix and the ``No longer current:`` prefix
    are the renderer's own; what is left must pass the value checks' shape and
    vocabulary (without the value's length cap).
    """
    t = unicodedata.normalize("NFKC", text).strip()
    if not t or len(t) > _MAX_SENTENCE_CHARS:
        return False
    body = _PREFIX.sub("", _STATED.sub("", t)).rstrip(".")
    if not _shape_ok(body):
        return False
    return not any(_directive(r) for r in _readings(body))


def _subject_name(subject: str) -> str:
    return "The user" if subject == "user" else subject


def trusted_fact(f: Fact) -> bool:
    """Whether *f* may be rendered as a trusted fact (else: a fenced, quoted claim)."""
    attr = f.attribute.casefold()
    if attr in _FREE_FORM or (attr.startswith("ended:") and attr.endswith("*")):
        return False
    body = _PREFIX.sub("", f.text.strip())
    name = _subject_name(f.subject)
    if not body.casefold().startswith(name.casefold()):
        return False  # a slot sentence starts with its subject; a clause may start anywhere
    if not plain_value(f.subject) and f.subject != "user":
        return False
    if attr in _SHORT and len(f.value.split()) > _SHORT_WORDS:
        return False
    if not (plain_value(f.value) and plain_sentence(f.text)):
        return False
    return _only_template(body[len(name):], f.value)


def _only_template(rest: str, value: str) -> bool:
    """Whether *rest* (a sentence past its subject) is the value and template words only.

    The sentence must hold the value as it was checked; every other word is
    one the renderers write themselves, or a date. A word from anywhere else
    (the "over …" of a preference, a clause tacked on) makes it a quote.
    """
    body = _STATED.sub("", rest).rstrip(". ")
    at = body.casefold().find(value.strip().casefold())
    if at < 0:
        return False
    left = body[:at] + " " + body[at + len(value.strip()):]
    for w in _words(left.replace(",", " ")):
        if w and w not in _TEMPLATE and not _DATEISH.match(w):
            return False
    return True
