"""Secrets recognised by their *context* and *shape* rather than a vendor format.

:mod:`.rules_secrets` finds credentials by their documented formats
(``ghp_…``, ``AKIA…``, private-key blocks) and detect-secrets' plugins. What
people actually say to an assistant is often none of those:

=========================  ==================================================
``secret.stated_key``      "my API key is 3f9c…", "the token for staging is
                           …", "clé API : …": a credential noun, a copula
                           or colon, then a long random-looking value
                           (entropy and character classes decide)
``secret.passphrase``      "my passphrase is correct horse battery staple":
                           several words after a passphrase noun
``secret.stated``          non-English "my password is …" (Hungarian,
                           Polish, Swedish, Finnish, Turkish, Italian,
                           Korean, Russian… on top of the nouns in
                           :mod:`.rules_secrets`)
``secret.login_pair``      "login alice / hunter2bananas", "user bob pw
                           s3cret!": a login followed by its password
``secret.seed_phrase``     12+ consecutive BIP-39 words (a wallet's master
                           key in words)
``secret.recovery_codes``  "recovery codes: 8f3k-29dj 7hq2-m4nx …"
``secret.national_id``     US SSNs (with the SSA's validity rules), UK
                           National Insurance numbers, and id numbers after
                           a national-id noun in several languages
``secret.card_security``   a CVV / CVC or an expiry date next to a card (a
                           redacted card number still counts as a card)
``secret.bank_account``    an IBAN (ISO 13616 check digits verified), or an
                           account number after "account number" / "sort
                           code" / "routing number" and their translations
=========================  ==================================================

All of them are ``redact``: the memory "my SSN is [REDACTED:…]" stays
useful, and the secret never reaches trusted memory. Each hit is a
``(rule, label, start, end)`` tuple in the text's own offsets.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path

from .secret_values import is_placeholder, shannon_entropy

__all__ = ["context_hits"]

Hit = tuple[str, str, int, int]

_DATA = Path(__file__).with_name("data")


@lru_cache(maxsize=1)
def _bip39() -> frozenset[str]:
    words = (_DATA / "bip39_english.txt").read_text(encoding="utf-8").split()
    return frozenset(words)


def random_looking(value: str, *, min_len: int = 16) -> bool:
    """A long token that reads as random: mixed classes, high entropy, not a placeholder."""
    v = value.strip("\"'`.,;")
    if len(v) < min_len or is_placeholder(v) or "://" in v or v.startswith("www."):
        return False
    digits = sum(c.isdigit() for c in v)
    letters = sum(c.isalpha() for c in v)
    if not digits or not letters:
        return False  # a word or a number, not a key
    if re.fullmatch(r"[0-9a-fA-F\-]+", v):
        # hex: a UUID-shaped value is an identifier; a bare hex run of 32+ is key-like
        if re.fullmatch(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", v.lower()):
            return False
        return len(v.replace("-", "")) >= 32 and shannon_entropy(v) >= 3.0
    return shannon_entropy(v) >= 3.3


# ------------------------------------------------------------------ stated keys
_KEY_NOUN = (
    r"(?:api[ _\-]?(?:key|token|secret)|access[ _\-]?(?:key|token)|auth(?:entication)?[ _\-]?"
    r"(?:key|token)|secret[ _\-]?key|private[ _\-]?key|bearer token|personal access token|"
    r"client secret|app(?:lication)? (?:key|secret)|token|key|secret|clé(?: api| d'api)?|"
    r"clave(?: de api| api)?|api-schlüssel|schlüssel|zugangsschlüssel|kulcs|api kulcs|"
    r"klucz(?: api)?|chiave(?: api)?|chave(?: de api)?|ключ|токен|密钥|令牌|トークン|キー)")
_COPULA = (r"(?:\s*(?:=|:|->)\s*|\s+(?:is|was|is now|reads|=|ist|lautet|es|est|è|é|je|jest|"
           r"är|on|это|是|は)\s*:?\s*)")
_STATED_KEY = re.compile(
    r"(?i)(?<![\w])" + _KEY_NOUN + r"(?:\s+(?:for|of|to|für|de|pour|para|per)\s+[^\n:=]{1,30}?)?"
    + _COPULA + r"[\"'`«“]?(?P<v>[A-Za-z0-9_\-./+=~]{16,200})")
_KEY_HINTS = ("key", "token", "secret", "clé", "clave", "schlüssel", "kulcs", "klucz",
              "chiave", "chave", "ключ", "токен", "密钥", "令牌", "トークン", "キー")

# ------------------------------------------------------------------ passphrases
_PASSPHRASE = re.compile(
    r"(?i)\b(?:pass ?phrase|passphrase|mnemonic|seed (?:phrase|words)|recovery phrase|"
    r"secret phrase|mantra|passwort-satz|frase de contraseña|phrase secrète|jelmondat)"
    r"(?:\s+(?:for|of|to|für|de|pour|para)\s+[^\n:=]{1,30}?)?" + _COPULA
    + r"[\"'«“]?(?P<v>[^\W\d_]+(?:[ \-][^\W\d_]+){2,23})")

# ------------------------------------------------------------------ more languages
_STATED_MORE = re.compile(
    r"(?i)(?<![\w])(?P<noun>jelsz(?:ó|avam|ava|avunk)|pin-?kód(?:om|ja)?|hasło|haslo|"
    r"lösenord(?:et)?|salasana|şifre(?:m)?|sifre(?:m)?|parola(?: d'ordine)?|password mia|"
    r"비밀번호|암호|пароль|пин-?код|pin-?kod|heslo|lozinka|κωδικός|סיסמה|كلمة المرور|"
    r"mật khẩu|รหัสผ่าน|kata sandi|contrasenya)"
    r"(?:\s+(?:for|of|to|a|az|do|för|per|для|от)\s+[^\n:=]{1,30}?)?"
    r"(?:\s*[:=]\s*|\s+(?:is|a|az|to|jest|är|on|è|es|é|це|это|je|είναι|là|คือ|adalah)\s*:?\s*"
    r"|\s*(?:은|는|이|가)\s*)"
    r"[\"'«“]?(?P<v>[^\s\"'“”«»,;]{3,64})")

# ------------------------------------------------------------------ login pairs
_LOGIN_PAIR = re.compile(
    r"(?i)\b(?:login|log-in|log in|username|user ?name|user|account|benutzer(?:name)?|"
    r"usuario|utilisateur|identifiant|felhasználó(?:név)?|utente)(?![\w.])\s*[:=]?\s*"
    r"(?P<u>[\w.@+\-]{2,64})\s*(?:/|\||,|;|\s+(?:and\s+|with\s+)?(?:password|pass|pw|pwd|"
    r"passwort|kennwort|contraseña|mot de passe|mdp|jelszó|senha)\s*[:=]?|\s+:\s*)\s*"
    r"(?P<v>[^\s\"',;]{4,64})")

# ------------------------------------------------------------------ recovery codes
_RECOVERY = re.compile(
    r"(?i)\b(?:recovery|backup|2fa|two[- ]factor|mfa|emergency|scratch|wiederherstellungs|"
    r"sicherungs|recuperación|respaldo|récupération|secours|helyreállítási|tartalék)"
    r"[ \-]?(?:codes?|kódok|codigos|códigos)\b[^\n\d]{0,24}")
_CODE = re.compile(r"(?<![\w\-])(?=[A-Za-z0-9\-]*\d)[A-Za-z0-9]{3,10}(?:-[A-Za-z0-9]{3,10})?"
                   r"(?![\w\-])")

# ------------------------------------------------------------------ national ids
_SSN_DASHED = re.compile(r"(?<![\d\-])(?!000|666|9\d\d)\d{3}-(?!00)\d{2}-(?!0000)\d{4}(?![\d\-])")
_SSN_LOOSE = re.compile(r"(?<![\d\-])(?!000|666|9\d\d)\d{3}[ .]?(?!00)\d{2}[ .]?(?!0000)\d{4}"
                        r"(?![\d\-])")
_SSN_CONTEXT = re.compile(r"(?i)\b(?:ssn|social security|social-security|soc\.? sec\.?|ss#|"
                          r"itin|tax id|taxpayer)")
_NINO = re.compile(r"(?<![A-Z0-9])(?![DFIQUV])[A-CEGHJ-PR-TW-Z](?![DFIQUVO])[A-CEGHJ-NPR-TW-Z]"
                   r"\s?\d{2}\s?\d{2}\s?\d{2}\s?[A-D](?![A-Za-z0-9])")
_NINO_EXAMPLE = re.compile(r"(?<![A-Z0-9])QQ\s?\d{2}\s?\d{2}\s?\d{2}\s?[A-D](?![A-Za-z0-9])")
_NINO_CONTEXT = re.compile(r"(?i)national insurance|\bni number|\bnino\b|\bni no\b")
_ID_NOUN = re.compile(
    r"(?i)\b(?:passport(?: number| no\.?| #)?|national (?:id|identity|insurance)(?: card)?"
    r"(?: number| no\.?)?|id(?:entity)? (?:card )?number|driver'?s licen[cs]e(?: number)?|"
    r"tax (?:id|number|file number)|steuer-?id|steueridentifikationsnummer|"
    r"personalausweis(?:nummer)?|reisepass(?:nummer)?|sozialversicherungsnummer|dni|nie|nif|"
    r"codice fiscale|numéro de sécurité sociale|numéro fiscal|carte d'identité|"
    r"taj(?:-szám| szám|szám)?|személyi(?: igazolvány)?(?: szám)?|adóazonosító(?: jel)?|"
    r"personnummer|henkilötunnus|pesel|身份证(?:号码?)?|マイナンバー|주민등록번호|"
    r"cpf|curp|aadhaar|sin number|social insurance number)"
    r"(?:\s+(?:number|no\.?|#|nummer|número|szám))?\s*(?:is|:|=|#|ist|lautet|es|est|è|é|是|"
    r"a|az)?\s*:?\s*(?P<v>[A-Z0-9][A-Z0-9 .\-/]{4,22}[A-Z0-9])", re.UNICODE)

# ------------------------------------------------------------------ card security
_CVV = re.compile(r"(?i)\b(?:cvv2?|cvc2?|csc|cid|card security code|security code|"
                  r"prüfnummer|kartenprüfnummer|código de seguridad|cryptogramme)"
                  r"\s*(?:code|number|no\.?)?\s*(?:is|:|#|=|ist|es|est)?\s*:?\s*"
                  r"(?P<v>\d{3,4})(?!\d)")
_EXPIRY = re.compile(r"(?i)\b(?:exp(?:iry|ires|iration)?(?: date)?|valid thru|gültig bis|"
                     r"caduca|expire le)\.?\s*:?\s*(?P<v>(?:0[1-9]|1[0-2])\s?/\s?(?:\d{2}|20\d{2}))"
                     r"(?!\d)")
_CARD_CONTEXT = re.compile(r"(?i)\bcard\b|\bvisa\b|master ?card|\bamex\b|credit|debit|"
                           r"\[REDACTED:secret\.payment_card\]|(?<!\d)\d{4}[ \-]?\d{4}[ \-]?"
                           r"\d{4}[ \-]?\d{1,7}(?!\d)|ending (?:in )?\W*\d{4}|karte|tarjeta|carte")


_TRUNCATED = re.compile(r"\.{2,}|…|\[?redacted|\*{3}")
_CJK_STATED = re.compile(r"(?P<noun>密码|密碼|口令|パスワード|暗証番号|비밀번호|pin码|PIN码)\s*"
                         r"(?:是|为|為|は|:|：|=|는|은)\s*(?P<v>[^\s，。,;；]{3,64})")


_IBAN = re.compile(r"(?<![A-Za-z0-9])(?P<v>[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?)"
                   r"(?![A-Za-z0-9])")
_ACCOUNT_STATED = re.compile(
    r"(?i)\b(?:(?:bank )?account (?:number|no\.?|#)|acct\.? (?:no\.?|#)|sort code|routing "
    r"(?:number|no\.?)|aba|bsb|kontonummer|bankleitzahl|blz|número de cuenta|numéro de compte|"
    r"számlaszám(?:om|a)?|numero di conto|rekeningnummer)\s*(?:is|:|=|ist|es|est|è)?\s*:?\s*"
    r"(?P<v>\d[\d \-]{4,20}\d)")


def _iban_ok(value: str) -> bool:
    v = value.replace(" ", "")
    if not 15 <= len(v) <= 34:
        return False
    moved = v[4:] + v[:4]
    digits = "".join(str(int(c, 36)) for c in moved)
    return int(digits) % 97 == 1


def _bank_accounts(text: str) -> Iterator[Hit]:
    for m in _IBAN.finditer(text):
        if _iban_ok(m.group("v")):
            yield ("secret.bank_account", "an IBAN", m.start("v"), m.end("v"))
    for m in _ACCOUNT_STATED.finditer(text):
        yield ("secret.bank_account", "a bank account number", m.start("v"), m.end("v"))


def _stated_keys(text: str, low: str) -> Iterator[Hit]:
    if not any(h in low for h in _KEY_HINTS):
        return
    for m in _STATED_KEY.finditer(text):
        v = m.group("v").rstrip(".,;:!?)\"'`»”")
        after = text[m.end("v"):m.end("v") + 16].lower()
        if _TRUNCATED.match(after) or m.group("v").endswith(".."):
            continue  # "ops_eyJ…..[Redacted]": a value already cut short in documentation
        if random_looking(v):
            yield ("secret.stated_key", "a stated key or token", m.start("v"),
                   m.start("v") + len(v))


def _passphrases(text: str) -> Iterator[Hit]:
    for m in _PASSPHRASE.finditer(text):
        v = m.group("v")
        # Stop at the end of the clause; a passphrase is its words, not the rest of the line.
        v = re.split(r"(?i)\s(?:and|but|so|because|which|und|y|et|és)\s", v)[0]
        if len(v.split()) >= 3:
            yield ("secret.passphrase", "a stated passphrase", m.start("v"),
                   m.start("v") + len(v))


def _more_languages(text: str) -> Iterator[Hit]:
    for m in _STATED_MORE.finditer(text):
        v = m.group("v").rstrip(".!?)")
        if len(v) >= 3 and not is_placeholder(v) and (
                any(c.isdigit() for c in v) or any(not c.isalnum() for c in v) or
                (v[:1].isupper() and any(c.islower() for c in v[1:]) and len(v) >= 6)):
            yield ("secret.stated", f"a stated {m.group('noun').lower()}", m.start("v"),
                   m.start("v") + len(v))


def _cjk_stated(text: str) -> Iterator[Hit]:
    # No word boundaries in CJK text ("我的密码是…"), so its own pattern.
    for m in _CJK_STATED.finditer(text):
        v = m.group("v").rstrip(".!?)")
        if not is_placeholder(v) and (any(c.isdigit() for c in v) or
                                      any(c.isascii() and not c.isalnum() for c in v)):
            yield ("secret.stated", f"a stated {m.group('noun')}", m.start("v"),
                   m.start("v") + len(v))


def _login_pairs(text: str) -> Iterator[Hit]:
    for m in _LOGIN_PAIR.finditer(text):
        v = m.group("v").rstrip(".!?)")
        if len(v) < 6 or is_placeholder(v) or "://" in v or v.lower() in (
                "password", "passwort", "required", "page", "screen"):
            continue
        has_digit = any(c.isdigit() for c in v)
        has_symbol = any(not c.isalnum() for c in v)
        if has_digit or has_symbol:
            yield ("secret.login_pair", "a login and its password", m.start("v"),
                   m.start("v") + len(v))


_WORD = re.compile(r"[a-z]+")
_GAP_OK = re.compile(r"^[\s,;.\-|]*(?:\d{1,2}[.):]?\s*)?[\s,;.\-|]*$")


def _seed_phrases(text: str) -> Iterator[Hit]:
    low = text.lower()
    words = _bip39()
    run: list[re.Match[str]] = []

    def flush() -> Iterator[Hit]:
        if len(run) >= 12:
            yield ("secret.seed_phrase", f"a {len(run)}-word seed phrase", run[0].start(),
                   run[-1].end())

    for m in _WORD.finditer(low):
        in_list = m.group(0) in words
        gap_ok = not run or _GAP_OK.match(low[run[-1].end():m.start()]) is not None
        if in_list and gap_ok:
            run.append(m)
            continue
        yield from flush()
        run = [m] if in_list else []
    yield from flush()


def _recovery_codes(text: str) -> Iterator[Hit]:
    for m in _RECOVERY.finditer(text):
        pos = m.end()
        codes: list[re.Match[str]] = []
        for c in _CODE.finditer(text, pos, min(len(text), pos + 400)):
            gap = text[pos:c.start()]
            if codes and not re.fullmatch(r"[\s,;|]*(?:(?:and|und|y|et|és)\s+)?", gap):
                break
            if not codes and len(gap) > 12:
                break
            codes.append(c)
            pos = c.end()
        if len(codes) >= 2:
            yield ("secret.recovery_codes", f"{len(codes)} recovery codes", codes[0].start(),
                   codes[-1].end())


def _national_ids(text: str) -> Iterator[Hit]:
    for m in _SSN_DASHED.finditer(text):
        yield ("secret.national_id", "a US social security number", m.start(), m.end())
    if _SSN_CONTEXT.search(text):
        for m in _SSN_LOOSE.finditer(text):
            if _SSN_CONTEXT.search(text, max(0, m.start() - 60), m.start()):
                yield ("secret.national_id", "a US social security number", m.start(), m.end())
    for rx in (_NINO, _NINO_EXAMPLE):
        for m in rx.finditer(text):
            if rx is _NINO or _NINO_CONTEXT.search(text, max(0, m.start() - 60), m.start()):
                yield ("secret.national_id", "a UK National Insurance number", m.start(),
                       m.end())
    for m in _ID_NOUN.finditer(text):
        v = m.group("v").rstrip(" .-/")
        if sum(c.isdigit() for c in v) >= 5 and not is_placeholder(v):
            yield ("secret.national_id", "a national id number", m.start("v"),
                   m.start("v") + len(v))


def _card_security(text: str) -> Iterator[Hit]:
    for rx, label in ((_CVV, "a card security code"), (_EXPIRY, "a card expiry date")):
        for m in rx.finditer(text):
            lo, hi = max(0, m.start() - 100), min(len(text), m.end() + 100)
            if _CARD_CONTEXT.search(text, lo, hi) or rx is _CVV:
                yield ("secret.card_security", label, m.start("v"), m.end("v"))


def context_hits(text: str, low: str) -> Iterator[Hit]:
    """Every context- or shape-based secret in *text* (*low* is ``text.lower()``)."""
    yield from _stated_keys(text, low)
    if any(h in low for h in ("phrase", "mnemonic", "seed", "mantra", "jelmondat", "secrète")):
        yield from _passphrases(text)
    yield from _more_languages(text)
    if not text.isascii():
        yield from _cjk_stated(text)
    if any(h in low for h in ("log", "user", "account", "benutzer", "usuario", "utilisateur",
                              "identifiant", "felhaszn", "utente")):
        yield from _login_pairs(text)
    if len(text) >= 40:
        yield from _seed_phrases(text)
    if "code" in low or "kód" in low or "códigos" in low or "codigos" in low:
        yield from _recovery_codes(text)
    if any(c.isdigit() for c in text):
        yield from _national_ids(text)
        yield from _card_security(text)
        yield from _bank_accounts(text)
