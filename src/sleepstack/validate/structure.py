"""What a sentence *does*, as features for the learned injection head.

The head is linear over words, so it can weigh "forward", "quietly" and "the
assistant" but not that they occur *together*: an injection is an order to the
model (or about the user's data) joined with an intent that a user rarely has for
their own memory (persistence, secrecy, authority, exfiltration, payment, a tool
call). Each sentence gets the *classes* of words it holds (one pseudo-token per
class) and one pseudo-token per *pair* of classes; the head learns a weight for
each like for any word. Classes are broad on purpose (a word list per intent,
not per phrasing), so a paraphrase that keeps the intent keeps the feature.

Pseudo-tokens use MiniLM's ``[unusedN]`` vocabulary ids (1..998), which the
tokenizer never produces, so the weights file keeps its shape; a head trained
without them (``HeadModel.structure`` false) never sees them.

Input is the validator's normalised view (NFKC, case-folded), one sentence at a time.
"""

from __future__ import annotations

import re
from itertools import combinations

__all__ = ["CLASSES", "FIRST_ID", "order_evidence", "sentence_classes", "structure_ids"]

_W = r"(?<![a-z])(?:{})(?![a-z])"

#: class name -> pattern over a normalised (lower-case) sentence
CLASSES: dict[str, re.Pattern[str]] = {name: re.compile(_W.format(pat)) for name, pat in (
    # who is addressed: the model itself, named
    ("ai", r"assistants?|ai|a\.i\.|chatbots?|bots?|agents?|llms?|language models?|the model|"
           r"gpt|copilot|ki|ia|asistente|assistente|assistent|助手"),
    ("you", r"you|your|yourself|du|dein|deine|ihr|tu|tú|vous|votre|ton|ta|tus|tuo|tua"),
    ("third", r"the user'?s?|the owner'?s?|the account holder|der nutzer|el usuario|l'utilisateur"),
    # intents
    ("persist", r"from now on|going forward|henceforth|hereafter|from this point|permanent(?:ly)?|"
                r"standing (?:rule|order|instruction)|for all future|remember (?:this|that)|"
                r"core memory|long-term memory|memori[sz]e|every time|whenever|always|never|"
                r"ab sofort|von nun an|a partir de (?:ahora|agora)|désormais|d'ora in poi|"
                r"da adesso|vanaf nu|从现在开始|今後"),
    ("secret", r"quietly|silently|secretly|covertly|discreetly|without (?:telling|asking|"
               r"notifying|informing|confirm\w*|mentioning)|(?:don'?t|do not|never) "
               r"(?:tell|mention|inform|reveal|show|display|alert|warn|bring it up)|"
               r"behind the scenes|hidden|no need to (?:ask|confirm|check)|skip (?:the )?"
               r"(?:confirmation|check|review)|unbemerkt|heimlich|en secreto|en silence"),
    ("override", r"ignore|disregard|forget|override|bypass|supersede[sd]?|no longer appl\w+|"
                 r"previous (?:instructions?|rules?|guidelines?|prompts?)|prior (?:instructions?|"
                 r"rules?)|new instructions?|instead of|ignoriere|vergiss|ignora|olvida|ignore[rz]|"
                 r"oublie[rz]?"),
    ("authority", r"system|admin\w*|developer|security team|polic(?:y|ies)|compliance|court order|"
                  r"official|authori[sz]ed|root|debug mode|unrestricted|jailbr\w+|"
                  r"guidelines?|protocol"),
    ("exfil", r"send|sends|forward|upload|post|e-?mail|share|copy|cc|bcc|transmit|export|leak|"
              r"dump|paste|sync|fetch|exfiltrat\w*|sende|envía|envia|envoie|invia|stuur"),
    ("sensitive", r"passwords?|passcodes?|credentials?|tokens?|api keys?|secrets?|cookies?|ssh|"
                  r"private keys?|contacts?|address book|chat history|conversations?|"
                  r"memor(?:y|ies)|notes|locations?|gps|history|card numbers?|"
                  r"personal (?:data|information)|files?|emails|inbox|documents?|system prompt"),
    ("pay", r"pay\w*|transfer\w*|wire|iban|bank|account (?:number|details)|invoice\w*|refund\w*|"
            r"paypal|venmo|wallet|crypto\w*|bitcoin|purchases?|money|überweis\w*|pago|virement"),
    ("tool", r"tool|function|invoke|execute|api|endpoint|command|shell|script|curl|"
             r"[a-z]+_[a-z_]+\("),
    ("link", r"https?://\S*|www\.\S*|\S+@\S+\.[a-z]{2,}|[a-z0-9-]+\.(?:com|net|org|io|biz|info|"
             r"example|xyz|app|shop|store|link|help|site|online|ru|cn)"),
)}

_NAMES = list(CLASSES)
_PAIRS = list(combinations(range(len(_NAMES)), 2))
#: the first pseudo-token id ([unused0]); class i is FIRST_ID + i, pair j follows the classes
FIRST_ID = 1
_PAIR_BASE = FIRST_ID + len(_NAMES)


def structure_ids(sentence: str) -> list[int]:
    """Pseudo-token ids of the classes in *sentence* and of every pair of them."""
    hit = [i for i, name in enumerate(_NAMES) if CLASSES[name].search(sentence)]
    if not hit:
        return []
    ids = [FIRST_ID + i for i in hit]
    present = set(hit)
    ids += [_PAIR_BASE + j for j, (a, b) in enumerate(_PAIRS) if a in present and b in present]
    return ids


#: what a user rarely wants done *to their own memory*
_INTENTS = frozenset({"secret", "persist", "override", "authority", "exfil", "pay", "tool"})
_ADDRESSEE = frozenset({"ai", "third"})
_TARGET = frozenset({"sensitive", "link"})


def sentence_classes(sentence: str) -> frozenset[str]:
    """The class names of :data:`CLASSES` found in *sentence* (normalised)."""
    return frozenset(name for name, pat in CLASSES.items() if pat.search(sentence))


def order_evidence(classes: frozenset[str]) -> bool:
    """One sentence has the *structure* of an injection, whatever its words.

    * the model (or "the user", in the third person) is addressed and two intents
      are joined ("the assistant should quietly forward…");
    * secrecy joined with another intent ("silently pay…", "don't tell… and send");
    * two intents aimed at something sensitive or at a link or address.

    Evidence alone flags nothing: it lets the learned head flag at a second threshold,
    calibrated like the first (``HeadModel.threshold_evidence``).
    """
    intents = classes & _INTENTS
    return bool((classes & _ADDRESSEE and len(intents) >= 2)
                or ("secret" in intents and len(intents) >= 2)
                or (len(intents) >= 2 and classes & _TARGET))
