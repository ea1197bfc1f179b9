"""Secret rules: credentials and plainly stated secrets must not reach trusted memory.

Two layers:

1. **detect-secrets** (``secret.detect_secrets``), which
   :class:`~.detect_secrets_engine.DetectSecretsEngine` runs in memory with its
   file-scan semantics (see that module).

2. **What it misses**, by the structure of the secret rather than by
   dataset wording: vendor token formats with a fixed prefix
   (``secret.api_key``: ``sk-…``, ``ghp_…``, ``xoxb-…``, ``AKIA…`` …),
   private-key blocks (``secret.private_key``), URLs and connection strings
   with a password (``secret.connection_string``), credential-shaped
   assignments, HTTP auth headers, ``curl -u user:pass`` and package-manager
   credentials (``secret.credential``), and secrets stated in plain language
   ("the wifi password is sunshine42", "my PIN is 4821": ``secret.stated``)
   or card numbers (``secret.payment_card``).

Every candidate value passes one shared plausibility test: templates
(``$VAR``, ``${…}``, ``{{ … }}``, ``<token>``), masks and placeholders
(``xxxx``, ``****``, ``…HERE``, long runs, keyboard sequences, repeated
units), URLs and hashes in a checksum context are not secrets.

Severities: credential material is **rejected** (a partial redaction of a key
is still a leak, and the store keeps every version forever);
detect-secrets' generic keyword and entropy hits, which are less certain, go
to **review**; a plainly stated PIN or password and card numbers are
**redacted** (the memory "the wifi password is [REDACTED]" is still useful).
Finding excerpts are masked so a verdict never repeats a secret.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from .detect_secrets_engine import GENERIC_TYPES, DetectSecretsEngine
from .rules_secrets_context import context_hits
from .secret_values import (
    MASK_RUN,
    MASK_RUN3,
    TEMPLATE,
    URLISH,
    WORDS_NOT_SECRETS,
    extend_token,
    hash_context,
    is_placeholder,
    mask,
    plausible_secret,
)
from .verdict import Finding, Severity

__all__ = ["DetectSecretsEngine", "SecretScorer", "is_placeholder", "mask"]


# ------------------------------------------------------------- own patterns
def _rx(pattern: str, flags: int = 0) -> re.Pattern[str]:
    return re.compile(pattern, flags)


# Vendor token formats: (name, literals one of which the token contains, regex
# whose group "v" is the token). These are the issuers' documented structures
# (fixed prefixes, lengths, alphabets), which is what makes them general: they
# do not depend on how a corpus phrases things.
_API_KEYS: list[tuple[str, tuple[str, ...], re.Pattern[str]]] = [
    ("AWS access key id", ("AKIA", "ASIA", "ABIA", "ACCA", "A3T"),
     _rx(r"\b(?P<v>(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16})\b")),
    ("AWS secret access key", ("aws", "AWS", "Aws"),
     _rx(r"(?i)aws.{0,20}?(?:secret|private)?.{0,20}?['\"\s:=]+"
         r"(?P<v>[A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])")),
    ("GitHub token", ("ghp_", "gho_", "ghu_", "ghs_", "ghr_"),
     _rx(r"\b(?P<v>(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36,255})\b")),
    ("GitHub fine-grained token", ("github_pat_",),
     _rx(r"\b(?P<v>github_pat_[A-Za-z0-9_]{60,255})\b")),
    ("GitLab token", ("glpat-", "gldt-", "glrt-", "glsoat-", "glft-", "glimt-", "glagent-",
                      "glcbt-", "glptt-"),
     _rx(r"\b(?P<v>(?:glpat|gldt|glrt|glsoat|glft|glimt|glagent|glcbt|glptt)-"
         r"[A-Za-z0-9_\-]{20,})")),
    ("GitLab runner registration token", ("GR1348941",),
     _rx(r"\b(?P<v>GR1348941[A-Za-z0-9_\-]{20})\b")),
    ("Slack token", ("xox",),
     _rx(r"\b(?P<v>xox[abposer]-(?:\d{6,}-)+[A-Za-z0-9]{8,})(?![A-Za-z0-9\-#*])")),
    ("Slack config token", ("xoxe.",),
     _rx(r"\b(?P<v>xoxe\.xox[bp]-\d-[A-Za-z0-9]{20,})")),
    ("Slack app token", ("xapp-",),
     _rx(r"\b(?P<v>xapp-\d-[A-Z0-9]+-\d+-[a-z0-9]{20,})")),
    ("Slack webhook", ("hooks.slack.com",),
     _rx(r"(?P<v>https://hooks\.slack\.com/(?:services|workflows|triggers)/"
         r"[A-Za-z0-9+/_\-]{30,})")),
    ("Stripe key", ("_test_", "_live_", "_prod_"),
     _rx(r"\b(?P<v>(?:sk|rk)_(?:test|live|prod)_[A-Za-z0-9]{10,247})\b")),
    ("Stripe webhook secret", ("whsec_",),
     _rx(r"\b(?P<v>whsec_[A-Za-z0-9]{24,})\b")),
    ("OpenAI-style secret key", ("sk-",),
     _rx(r"(?<![A-Za-z0-9_\-])(?P<v>sk-(?:proj-|svcacct-|admin-|ant-(?:api|admin)\d{2}-)?"
         r"(?=[A-Za-z0-9_\-]*\d)(?=[A-Za-z0-9_\-]*[A-Za-z])[A-Za-z0-9_\-]{20,})")),
    ("Google OAuth access token", ("ya29.",),
     _rx(r"\b(?P<v>ya29\.[0-9A-Za-z_\-]{30,})")),
    ("Google OAuth client secret", ("GOCSPX-",),
     _rx(r"\b(?P<v>GOCSPX-[A-Za-z0-9_\-]{28})\b")),
    ("Hugging Face token", ("hf_",),
     _rx(r"\b(?P<v>hf_(?=[A-Za-z0-9]*[A-Z])(?=[A-Za-z0-9]*[a-z])[A-Za-z0-9]{30,})\b")),
    ("Replicate token", ("r8_",), _rx(r"\b(?P<v>r8_[A-Za-z0-9]{37})\b")),
    ("Groq key", ("gsk_",), _rx(r"\b(?P<v>gsk_[A-Za-z0-9]{48,})\b")),
    ("Perplexity key", ("pplx-",), _rx(r"\b(?P<v>pplx-[A-Za-z0-9]{40,})\b")),
    ("xAI key", ("xai-",), _rx(r"\b(?P<v>xai-[A-Za-z0-9]{70,})\b")),
    ("npm token", ("npm_",), _rx(r"\b(?P<v>npm_[A-Za-z0-9]{36})\b")),
    ("PyPI token", ("pypi-",), _rx(r"\b(?P<v>pypi-AgE[A-Za-z0-9_\-]{50,})")),
    ("SendGrid key", ("SG.",),
     _rx(r"\b(?P<v>SG\.[A-Za-z0-9_\-]{22}\.[A-Za-z0-9_\-]{43})\b")),
    ("Twilio key", ("SK",), _rx(r"\b(?P<v>SK[0-9a-fA-F]{32})\b")),
    ("Mailgun key", ("key-",), _rx(r"\b(?P<v>key-[0-9a-f]{32})\b")),
    ("Mailchimp key", ("-us",), _rx(r"\b(?P<v>[0-9a-f]{32}-us\d{1,2})\b")),
    ("Shopify token", ("shpat_", "shpca_", "shppa_", "shpss_"),
     _rx(r"\b(?P<v>shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32})\b")),
    ("DigitalOcean token", ("_v1_",), _rx(r"\b(?P<v>do[por]_v1_[a-f0-9]{64})\b")),
    ("Linear key", ("lin_api_", "lin_oauth_"),
     _rx(r"\b(?P<v>lin_(?:api|oauth)_[A-Za-z0-9]{40})\b")),
    ("Notion token", ("secret_", "ntn_"),
     _rx(r"\b(?P<v>(?:secret_[A-Za-z0-9]{43}|ntn_[A-Za-z0-9]{40,}))\b")),
    ("Atlassian token", ("ATATT3",), _rx(r"\b(?P<v>ATATT3[A-Za-z0-9_\-=]{150,})")),
    ("Databricks token", ("dapi",), _rx(r"\b(?P<v>dapi[a-f0-9]{32}(?:-\d)?)\b")),
    ("Doppler token", ("dp.",),
     _rx(r"\b(?P<v>dp\.(?:pt|st|sa|ct|scim)\.[A-Za-z0-9]{40,})")),
    ("1Password service-account token", ("ops_eyJ",),
     _rx(r"\b(?P<v>ops_eyJ[A-Za-z0-9+/=_\-]{200,})")),
    ("Fly.io token", ("fo1_", "fm1", "fm2"),
     _rx(r"(?P<v>\bfo1_[\w\-]{43}\b|FlyV1 fm[12][ar]?_[A-Za-z0-9+/=_\-]{100,}|"
         r"\bfm[12][ar]?_[A-Za-z0-9+/]{100,}={0,3})")),
    ("Grafana token", ("glc_", "glsa_"),
     _rx(r"\b(?P<v>glc_[A-Za-z0-9+/]{32,400}={0,2}|glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8})")),
    ("HashiCorp Vault token", ("hvs.", "hvb.", "hvr."),
     _rx(r"\b(?P<v>hv[sbr]\.[A-Za-z0-9_\-]{24,})")),
    ("Terraform Cloud token", (".atlasv1.",),
     _rx(r"\b(?P<v>[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_\-=]{60,})")),
    ("OpenShift token", ("sha256~",),
     _rx(r"(?<![A-Za-z0-9])(?P<v>sha256~[A-Za-z0-9_\-]{43})(?![A-Za-z0-9_\-])")),
    ("Sourcegraph token", ("sgp_",),
     _rx(r"\b(?P<v>sgp_(?:(?:[a-fA-F0-9]{16}|local)_)?[a-fA-F0-9]{40})\b")),
    ("Square token", ("sq0atp-", "sq0csp-"),
     _rx(r"\b(?P<v>sq0(?:atp|csp)-[A-Za-z0-9_\-]{22,43})\b")),
    ("Square access token", ("EAAA",), _rx(r"\b(?P<v>EAAA[A-Za-z0-9_\-+=]{60})\b")),
    ("Facebook access token", ("EAAM", "EAAC"), _rx(r"\b(?P<v>EAA[MC][A-Za-z0-9]{100,})\b")),
    ("Azure AD client secret", ("Q~",),
     _rx(r"(?:^|[\\'\"`\s>=:(,)])(?P<v>[A-Za-z0-9_~.]{3}\dQ~[A-Za-z0-9_~.\-]{31,34})"
         r"(?:$|[\\'\"`\s<),])")),
    ("Amazon Bedrock key", ("ABSK",), _rx(r"\b(?P<v>ABSK[A-Za-z0-9+/]{109,269}={0,2})")),
    ("Sentry token", ("sntrys_", "sntryu_"),
     _rx(r"\b(?P<v>sntry[su]_[A-Za-z0-9+/=_\-]{60,})")),
    ("Infracost token", ("ico-",), _rx(r"\b(?P<v>ico-[A-Za-z0-9]{32})\b")),
    ("Postman key", ("PMAK-",), _rx(r"\b(?P<v>PMAK-[a-f0-9]{24}-[a-f0-9]{34})\b")),
    ("Telegram bot token", (":AA",), _rx(r"\b(?P<v>\d{8,10}:AA[A-Za-z0-9_\-]{33})\b")),
    ("age secret key", ("AGE-SECRET-KEY-1",),
     _rx(r"\b(?P<v>AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58})\b")),
    ("OpenRouter key", ("sk-or-v1-",), _rx(r"\b(?P<v>sk-or-v1-[a-f0-9]{64})\b")),
]
_API_LITERALS: dict[str, list[int]] = {}
for _i, (_label, _literals, _regex) in enumerate(_API_KEYS):
    for _lit in _literals:
        _API_LITERALS.setdefault(_lit, []).append(_i)

# The API-key table only runs in small windows around long token-like runs
# (every vendor format is one), so ordinary prose costs almost nothing.
_LONG_TOKEN = _rx(r"[A-Za-z0-9_\-.~+/=:]{16,}")

_PRIVATE_KEY = _rx(
    r"-----BEGIN (?P<kind>(?:[A-Z0-9]+ ){0,2})PRIVATE KEY(?: BLOCK)?-----"
    r"(?P<body>[\s\S]{0,8000}?)(?:-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|$)")
_PUTTY_KEY = _rx(r"PuTTY-User-Key-File-\d+:[\s\S]{0,400}?Private-Lines:\s*\d+")
_SERVICE_ACCOUNT = _rx(r"\"type\"\s*:\s*\"service_account\"")

_CONNECTION_URL = _rx(
    r"\b(?P<scheme>[a-zA-Z][a-zA-Z0-9+.\-]{1,24})://(?P<user>[^\s:/?#@'\"<>]{0,64}):"
    r"(?P<v>[^\s@/'\"<>]{1,128})@(?P<host>[^\s/'\"<>:?#]+)")
_CONNECTION_KV = _rx(r"(?i)(?:^|[;\"'\s])(?:password|pwd|passwd)\s*=\s*(?P<v>[^;\"'\s]{3,})")
_CONNECTION_HOST = _rx(
    r"(?i)(?:server|data source|host|hostname|user id|uid|database|initial catalog|address)\s*=")
_URL_QUERY_SECRET = _rx(
    r"(?i)[?&](?:password|passwd|pwd|pass|secret|client_secret|api_?key|access_token|auth_token"
    r"|token|sig|signature)=(?P<v>[^&\s'\"#<>]{6,})")

_CRED_HINTS = ("secret", "passw", "pwd", "token", "key", "credential", "auth", "access",
               "private", "signing", "session", "encryption", "master")
_CRED_KEY = _rx(
    r"(?i)(?:secret|passw(?:or)?d|passwd|pwd|token|api[_.\-]?key|apikey|access[_.\-]?key|"
    r"access[_.\-]?id|client[_.\-]?secret|auth[_.\-]?(?:key|token)|credential|private[_.\-]?key|"
    r"signing[_.\-]?key|session[_.\-]?key|encryption[_.\-]?key|master[_.\-]?key|"
    r"(?:^|[_.\-])key$)")
_ASSIGN_SEP = _rx(r":=|=>|[:=]")
_ASSIGN_VALUE = _rx(
    r"\s*(?:(?:str|String|const|new)\s*\(?\s*)?[\"'`]?(?P<v>[^\s\"'`,;)}\]]{6,400})")
_KEY_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-")


def _assignments(text: str) -> Iterator[tuple[str, int, int]]:
    """``(key, value_start, value_end)`` for every ``key = value`` / ``key: value``."""
    for sep in _ASSIGN_SEP.finditer(text):
        # Walk back over blanks and a closing quote to the key (cheaper than a regex
        # that would try every word in the text as a key).
        j = sep.start()
        while j > 0 and text[j - 1] in " \t":
            j -= 1
        if j > 0 and text[j - 1] in "\"'":
            j -= 1
        end = j
        while j > 0 and end - j < 61 and text[j - 1] in _KEY_CHARS:
            j -= 1
        if j == end or not (text[j].isalpha() or text[j] == "_"):
            continue
        if j > 0 and (text[j - 1].isalnum() or text[j - 1] in "_./-"):
            continue  # part of a path or a longer token
        m = _ASSIGN_VALUE.match(text, sep.end())
        if m is not None:
            yield text[j:end], m.start("v"), m.end("v")
_AUTH_HEADER = _rx(
    r"(?i)\b(?:proxy-)?authorization[\"']?\s*[:=]\s*[\"']?\s*(?:(?:basic|bearer|token|api-?token|"
    r"apikey|api-key|digest|negotiate|ntlm|key|sso-key|jwt|hmac|otp)\s+)?(?P<v>[^\s\"',;]{6,})")
_CUSTOM_HEADER = _rx(
    r"(?i)(?<![\w\-])(?:x-[a-z0-9\-]*?(?:api-?key|token|auth|secret|key)|api-?key|api-?token|"
    r"auth-?token|access-?token|private-?token|token|secret-?key)[\"']?\s*:\s*[\"']?"
    r"(?P<v>[^\s\"',;]{6,})")
_CLI_USER = _rx(
    r"(?:^|\s)(?:-u|--user|--basic-auth|--proxy-user)(?:\s+|=)(?P<arg>(?:\"[^\"\n]*\"|'[^'\n]*'|"
    r"[^\s'\"])+)")
_PACKAGE_CREDS = [
    _rx(r"\bBUNDLE_[A-Z0-9_]*__[A-Z0-9_]+\s*[:=]\s*[\"']?(?P<v>[^\s\"';&:]+:[^\s\"';&]+)"),
    _rx(r":_(?:auth|authToken|password)\s*=\s*[\"']?(?P<v>[^\s\"']{6,})"),
    _rx(r"(?i)\bmachine\s+\S+\s+login\s+\S+\s+password\s+(?P<v>\S+)"),
    _rx(r"\"auth\"\s*:\s*\"(?P<v>[A-Za-z0-9+/=]{12,})\""),
]

_STATED_NOUN = (
    r"(?:password|passwort|kennwort|passcode|pass code|passphrase|pass phrase|pin(?: code| number)?"
    r"|pwd|security code|verification code|access code|entry code|door code|gate code|alarm code|"
    r"lock code|unlock code|combination|combo|one[- ]time (?:code|password)|otp|2fa code|"
    r"auth(?:entication)? code|login code|cvv2?|cvc|security answer|secret (?:word|answer|phrase)|"
    r"mot de passe|code pin|code secret|contrase[ñn]a|clave|senha|codice pin|wachtwoord|"
    r"geheimzahl|пароль|пин-код|密码|パスワード|暗証番号)")
_STATED = _rx(
    r"(?<![\w-])(?P<noun>" + _STATED_NOUN + r")"
    r"(?:\s+(?:for|of|to|du|de la|de|del|da|für|voor|на|от)\s+[^\n:=]{1,30}?\b)?"
    r"\s*(?:=|:|\b(?:is|was|is set to|has been (?:set|changed) to|is now|will be|lautet|ist|est|"
    r"es|è|é|era|was set to|это)\b|是|は|\s(?=[\"'“«]))\s*[:=]?\s*"
    r"(?P<v>\"[^\"\n]{2,64}\"|'[^'\n]{2,64}'|“[^”\n]{2,64}”|«[^»\n]{2,64}»|[^\s\"'“”«»,;]{3,64})")
_STATED_ANYCASE = re.compile(_STATED.pattern, re.IGNORECASE)
_STATED_LABEL = _rx(
    r"(?:wi-?fi|wlan|network|router|door|gate|garage|alarm|safe|locker|lock|phone|sim|bank|card|"
    r"debit card|credit card|atm|banking|email|e-mail|account|computer|laptop|login|admin|root|"
    r"master|vault|voicemail|apple id|icloud|google|netflix|amazon)\s*$")
_STATED_HINTS = ("pass", "pin", "pwd", "code", "combination", "combo", "otp", "cvv", "cvc",
                 "secret", "security answer", "mot de passe", "contrase", "clave", "senha",
                 "wachtwoord", "geheimzahl", "kennwort", "пароль", "пин", "密码", "パスワード",
                 "暗証番号")
_CARD = _rx(r"(?<![\d+\-])(?P<v>\d{4}([ \-]?)\d{4}\2\d{4}\2\d{1,7})(?![\d\-])")
_CARD_WORDS = _rx(r"card|visa|master|amex|american express|credit|debit|\bcc\b|kreditkarte|"
                  r"carte|tarjeta|carta|cartão")
_DIGITS4 = _rx(r"\d{4}")
_CARD_GROUPS = _rx(r"\d{4}[ \-]\d{4}[ \-]\d{4}")
_URL = _rx(r"(?i)\b(?:https?://|www\.)[^\s<>\"')\]]+")


def _luhn(digits: str) -> bool:
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = ord(ch) - 48
        if i % 2 == 1:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return total % 10 == 0


def _stated_value_ok(raw: str) -> bool:
    quoted = raw[:1] in "\"'“«"
    v = raw.strip("\"'“”«» ").rstrip(".!?)")
    if len(v) < (2 if quoted else 3) or URLISH.match(v) or TEMPLATE.search(v):
        return False
    if MASK_RUN3.search(v):
        return False
    if quoted:
        return True
    # Unquoted: a secret has a digit or a symbol ("sunshine42", "4821", "p@ss");
    # words ("the password is expired") are prose.
    return any(c.isdigit() for c in v) or any(not c.isalnum() and c not in "-'’" for c in v)


# ------------------------------------------------------------------ scorer
@dataclass(frozen=True, slots=True)
class _Hit:
    rule: str
    severity: Severity
    label: str
    start: int
    end: int


class SecretScorer:
    """Credentials and stated secrets (see the module docstring)."""

    name = "secrets"

    def __init__(self, *, use_detect_secrets: bool = True,
                 detect_secrets_mode: Literal["fast", "file"] = "fast") -> None:
        self.engine = DetectSecretsEngine(detect_secrets_mode) if use_detect_secrets else None

    def score(self, text: str) -> list[Finding]:
        """Findings for every secret in *text*; spans index into *text*."""
        hits: list[_Hit] = []
        low = text.lower()
        if self.engine is not None:
            hits.extend(self._detect_secrets(text))
        hits.extend(self._api_keys(text))
        hits.extend(self._private_keys(text))
        hits.extend(self._connection_strings(text, low))
        hits.extend(self._credentials(text, low))
        hits.extend(self._stated(text, low))
        hits.extend(_Hit(rule, Severity.REDACT, label, a, b)
                    for rule, label, a, b in context_hits(text, low))
        return self._findings(text, hits)

    # -- layers -----------------------------------------------------------
    def _detect_secrets(self, text: str) -> Iterator[_Hit]:
        assert self.engine is not None
        line_starts = [0]
        for m in re.finditer(r"\r\n|\r|\n", text):
            line_starts.append(m.end())
        for hit in self.engine.scan(text):
            value = hit.value
            if not value:
                continue
            lo = line_starts[hit.line - 1] if 0 < hit.line <= len(line_starts) else 0
            hi = line_starts[hit.line] if hit.line < len(line_starts) else len(text)
            # The config transformer escapes quotes inside values; look for both forms.
            for form in dict.fromkeys((value, value.replace('\\"', '"'))):
                pos = text.find(form, lo, hi)
                if pos < 0:
                    pos = text.find(form)
                if pos >= 0:
                    value = form
                    break
            if pos < 0:
                continue
            start, end = extend_token(text, pos, pos + len(value))
            token = text[start:end]
            # A mask right after the token ("xoxp-…-#####") makes all of it a placeholder.
            tail = text[end:end + 6].lstrip("-_.")
            if URLISH.match(value) or URLISH.match(token) or is_placeholder(token) \
                    or MASK_RUN.match(tail):
                continue
            if hash_context(text, start, token):
                continue
            if len(token) < 12 and hit.type not in GENERIC_TYPES:
                continue  # a vendor prefix with a stub body: a truncated example
            generic = hit.type in GENERIC_TYPES
            yield _Hit("secret.detect_secrets", Severity.REVIEW if generic else Severity.REJECT,
                       f"{hit.type} (detect-secrets)", start, end)

    def _api_keys(self, text: str) -> Iterator[_Hit]:
        windows: list[list[int]] = []
        for m in _LONG_TOKEN.finditer(text):
            # Context a format may need: "aws … secret" or "FlyV1 " before, a delimiter after.
            lo, hi = max(0, m.start() - 60), min(len(text), m.end() + 2)
            if windows and lo <= windows[-1][1]:
                windows[-1][1] = hi
            else:
                windows.append([lo, hi])
        seen: set[tuple[int, int]] = set()
        for lo, hi in windows:
            window = text[lo:hi]
            wanted = {i for lit, entries in _API_LITERALS.items() if lit in window
                      for i in entries}
            for i in sorted(wanted):
                label, _, rx = _API_KEYS[i]
                for m in rx.finditer(text, lo, hi):
                    value, start = m.group("v"), m.start("v")
                    if (start, m.end("v")) in seen or is_placeholder(value) \
                            or hash_context(text, start, value):
                        continue
                    if start > 0 and text[start - 1] == ".":
                        continue  # part of a dotted name (file.ico-…, host.sk-…)
                    seen.add((start, m.end("v")))
                    yield _Hit("secret.api_key", Severity.REJECT, label, start, m.end("v"))

    def _private_keys(self, text: str) -> Iterator[_Hit]:
        if "PRIVATE KEY" in text:
            for m in _PRIVATE_KEY.finditer(text):
                body = re.sub(r"(?m)^[A-Za-z\-]+:.*$", "", m.group("body"))  # PEM headers
                b64 = re.sub(r"[^A-Za-z0-9+/=]", "", body)
                if len(b64) < 24 or is_placeholder(b64[:40]):
                    continue  # an empty or "…" block in documentation
                kind = (m.group("kind") or "").strip()
                yield _Hit("secret.private_key", Severity.REJECT,
                           f"{kind + ' ' if kind else ''}private key block", m.start(), m.end())
        for m in _PUTTY_KEY.finditer(text):
            yield _Hit("secret.private_key", Severity.REJECT, "PuTTY private key", m.start(),
                       m.end())
        for m in _SERVICE_ACCOUNT.finditer(text):
            yield _Hit("secret.private_key", Severity.REJECT,
                       "Google Cloud service-account key file", m.start(), m.end())

    def _connection_strings(self, text: str, low: str) -> Iterator[_Hit]:
        if "://" in text:
            for m in _CONNECTION_URL.finditer(text):
                pw = m.group("v")
                if is_placeholder(pw) or pw.lower() in WORDS_NOT_SECRETS or len(pw) < 3:
                    continue
                yield _Hit("secret.connection_string", Severity.REJECT,
                           f"{m.group('scheme')}:// URL with a password", m.start("v"), m.end("v"))
            for m in _URL_QUERY_SECRET.finditer(text):
                if plausible_secret(m.group("v")):
                    yield _Hit("secret.connection_string", Severity.REDACT,
                               "URL carrying a credential parameter", m.start("v"), m.end("v"))
        if "=" in text and any(w in low for w in ("pass", "pwd")) \
                and _CONNECTION_HOST.search(text):
            for m in _CONNECTION_KV.finditer(text):
                pw = m.group("v")
                if plausible_secret(pw, min_len=4) or (len(pw) >= 4 and not is_placeholder(pw)
                                                       and pw.lower() not in WORDS_NOT_SECRETS):
                    yield _Hit("secret.connection_string", Severity.REJECT,
                               "connection string with a password", m.start("v"), m.end("v"))

    def _credentials(self, text: str, low: str) -> Iterator[_Hit]:
        url_spans: list[tuple[int, int]] | None = None

        def in_url(pos: int) -> bool:
            nonlocal url_spans
            if url_spans is None:
                url_spans = [(m.start(), m.end()) for m in _URL.finditer(text)] \
                    if ("http" in low or "www." in low) else []
            return any(a <= pos < b for a, b in url_spans)

        if (":" in text or "=" in text) and any(h in low for h in _CRED_HINTS):
            for key, v_start, v_end in _assignments(text):
                if not (_CRED_KEY.search(key) or key.endswith(("Key", "Token", "Secret"))):
                    continue
                value = text[v_start:v_end]
                if in_url(v_start) or not plausible_secret(value):
                    continue
                if hash_context(text, v_start, value):
                    continue
                yield _Hit("secret.credential", Severity.REJECT, f"credential assigned to {key!r}",
                           v_start, v_end)
            for rx, label in ((_AUTH_HEADER, "HTTP Authorization header"),
                              (_CUSTOM_HEADER, "credential header")):
                if rx is _AUTH_HEADER and "authorization" not in low:
                    continue
                for m in rx.finditer(text):
                    if plausible_secret(m.group("v"), min_len=8) and not in_url(m.start()):
                        yield _Hit("secret.credential", Severity.REJECT, label, m.start("v"),
                                   m.end("v"))
        if "-u" in text or "--user" in text or "--basic-auth" in text:
            for m in _CLI_USER.finditer(text):
                yield from self._cli_user(m)
        if not any(h in low for h in ("bundle_", "_auth", "machine", '"auth"')):
            return
        for rx in _PACKAGE_CREDS:
            for m in rx.finditer(text):
                if not is_placeholder(m.group("v")):
                    yield _Hit("secret.credential", Severity.REJECT, "package-manager credential",
                               m.start("v"), m.end("v"))

    def _cli_user(self, m: re.Match[str]) -> Iterator[_Hit]:
        arg = m.group("arg")
        plain = re.sub(r"[\"']", "", arg)
        if ":" not in plain:
            return
        if TEMPLATE.search(plain) or "<" in plain or "[" in plain:
            return
        user, _, password = plain.partition(":")
        secret = password or user  # "user:" leaves the secret on the left
        bare = secret.strip("{}") if re.fullmatch(r"\{[^{}]+\}", secret) else secret
        if TEMPLATE.search(secret) or not plausible_secret(bare):
            return
        start = m.start("arg") + arg.find(secret[:3]) if secret[:3] in arg else m.start("arg")
        yield _Hit("secret.credential", Severity.REJECT, "user:password on a command line",
                   start, m.end("arg"))

    def _stated(self, text: str, low: str) -> Iterator[_Hit]:
        if any(h in low for h in _STATED_HINTS):
            # Case-insensitive by matching the lower-cased text (same offsets when the
            # lengths agree; otherwise fall back to the original, with case kept).
            same = len(low) == len(text)
            subject = low if same else text
            for m in (_STATED if same else _STATED_ANYCASE).finditer(subject):
                raw = text[m.start("v"):m.end("v")]
                if not _stated_value_ok(raw):
                    continue
                start, end = m.start("v"), m.end("v")
                while end > start and text[end - 1] in ".!?)":
                    end -= 1
                qualifier = _STATED_LABEL.search(subject.lower(), max(0, m.start() - 20),
                                                 m.start())
                label = " ".join(((qualifier.group(0) if qualifier else "") + " "
                                  + m.group("noun")).split())
                yield _Hit("secret.stated", Severity.REDACT, f"a stated {label}", start, end)
        if _DIGITS4.search(text) and (_CARD_WORDS.search(low) or _CARD_GROUPS.search(text)):
            for m in _CARD.finditer(text):
                digits = re.sub(r"\D", "", m.group("v"))
                if 13 <= len(digits) <= 19 and digits[0] in "23456" and _luhn(digits) \
                        and len(set(digits)) > 1:
                    yield _Hit("secret.payment_card", Severity.REDACT, "payment card number",
                               m.start("v"), m.end("v"))

    # -- output -----------------------------------------------------------
    @staticmethod
    def _findings(text: str, hits: list[_Hit]) -> list[Finding]:
        # One finding per span: where rules overlap, keep the most severe/specific.
        order = {Severity.REJECT: 0, Severity.REVIEW: 1, Severity.REDACT: 2}
        specificity = {"secret.private_key": 0, "secret.api_key": 1,
                       "secret.connection_string": 2, "secret.credential": 3,
                       "secret.detect_secrets": 4, "secret.payment_card": 5,
                       "secret.stated_key": 6, "secret.seed_phrase": 6, "secret.recovery_codes": 6,
                       "secret.national_id": 6, "secret.bank_account": 6,
                       "secret.login_pair": 7, "secret.stated": 8,
                       "secret.passphrase": 8, "secret.card_security": 9}
        hits.sort(key=lambda h: (order[h.severity], specificity.get(h.rule, 9), h.start))
        taken: list[tuple[int, int]] = []
        out: list[Finding] = []
        for h in hits:
            if any(h.start < b and a < h.end for a, b in taken):
                continue
            taken.append((h.start, h.end))
            value = text[h.start:h.end]
            out.append(Finding(h.rule, h.severity, f"{h.label}: {mask(value)}",
                               (h.start, h.end), mask(value)))
        out.sort(key=lambda f: f.span[0] if f.span else 0)
        return out

