"""Secret rules: credentials and plainly stated secrets must not reach trusted memory.

Two layers:

1. **detect-secrets** (``secret.detect_secrets``) with its default plugins and
   filters and its *file-scan* semantics: a proposal is scanned as if it were
   a ``.txt`` file (``detect_secrets.core.scan.scan_file``), i.e. line by line,
   first as plain lines and, only when that finds nothing, once more through
   its eager config-file transformer (``key: value`` lines become quoted
   assignments). Its one-line ``scan_line`` mode is not used: it searches
   unquoted strings eagerly and flags most ordinary prose.

   Writing a temp file per proposal costs ~0.6-0.9 ms, over the latency
   budget for short memories (5 ms per KB is 0.3 ms for a 60-byte note), so
   :class:`DetectSecretsEngine` runs the same pipeline in memory: the plugins
   and filters are captured once from ``default_settings()``; the text is
   read through an in-memory file with universal newlines, then the same
   transformers and the same line/secret/context filter stages. What makes
   it fast changes no result, because plugins and filters are pure:

   * each plugin is skipped on lines that lack a literal every one of its own
     patterns needs (``PRIVATE KEY`` for the private-key plugin, a quote for
     the entropy plugins, a denylisted word for the keyword plugin…);
   * the line filters (which detect-secrets asks first) are asked last, and
     only when a candidate survived the secret and context filters;
   * the config transformers are skipped when ``configparser`` is certain to
     refuse the text, and are re-implemented without the regex that
     detect-secrets compiles for every key it locates (``_ini_lines``), on a
     reused parser;
   * file-level filters (missing file, binary extension, lock file,
     swagger) judge the temp file, which by construction is a readable
     ``.txt`` file, so they never fire and are skipped.

   ``mode="file"`` keeps the temp-file reference path; tests check that both
   agree, and that ``_ini_lines`` matches detect-secrets' transformer. Plugins
   are called without their network verification step, so the scan is
   offline whatever global detect-secrets settings a host process has.

   Its *public IP* detector is ignored: an address is not a credential and
   notes legitimately hold them.

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

import importlib
import io
import math
import os
import re
import tempfile
import threading
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Literal

from .verdict import Finding, Severity

__all__ = ["DetectSecretsEngine", "SecretScorer", "is_placeholder", "mask"]


# --------------------------------------------------------------- plausibility
_PLACEHOLDER_WORDS = re.compile(
    r"x{4}|\*{3}|#{3}|\.{3}|…|here|your[_\-]|yourtoken|yourkey|placeholder|redacted|changeme|"
    r"change_me|dummy|sample|example|fake|insert|replace|random|lorem",
    re.IGNORECASE,
)
_REPEATED_UNIT = re.compile(r"(.{2,8}?)\1{3,}")
_TEMPLATE = re.compile(
    r"^\$|\$\{|\$\(|\{\{|\}\}|^%[A-Za-z_]+%$|^<[^<>]*>$|^\[[^\[\]]*\]$|^\{[A-Za-z_ .]*\}$"
    r"|%\(|%s\b|^@[A-Za-z_]+$"
)
_URLISH = re.compile(r"^(?:[a-z][a-z0-9+.\-]*://|www\.)", re.IGNORECASE)
_HASH_CONTEXT = re.compile(
    r"(?:sha\d*|md5|checksum|hash|digest|commit|integrity|etag|fingerprint|revision|sum)"
    r"[^\n]{0,24}$", re.IGNORECASE)
_IDENTIFIER = re.compile(r"^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$|^[a-z]+(?:[A-Z][a-z]+)+$")
_TOKEN_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-+/=.~")
_WORDS_NOT_SECRETS = frozenset({
    "password", "passwd", "pass", "secret", "token", "apikey", "api_key", "username", "user",
    "changeme", "default", "admin", "root", "test", "testing", "guest", "null", "none",
    "undefined", "true", "false", "required", "optional", "string", "value", "example",
    "letmein", "hunter2", "qwerty", "foobar", "foo", "bar", "baz", "abc123", "xxx", "yyy",
})


def _sequences(alphabet: str, n: int) -> tuple[str, ...]:
    forward = [alphabet[i:i + n] for i in range(len(alphabet) - n + 1)]
    return tuple(forward + [g[::-1] for g in forward])


# 9 consecutive letters or digits (either direction): a keyboard run, not a random token.
_SEQUENCE_GRAMS = _sequences("0123456789", 9) + _sequences("abcdefghijklmnopqrstuvwxyz", 9)
_MASK_RUN = re.compile(r"([xX*#.•_\-?])\1{3,}")
_MASK_RUN3 = re.compile(r"([xX*#.•_\-?])\1{2,}")
_ANY_RUN = re.compile(r"(.)\1{3,}", re.IGNORECASE | re.DOTALL)


def is_placeholder(value: str) -> bool:
    """True for masks, templates and made-up values that only look like secrets."""
    if not value:
        return True
    if _TEMPLATE.search(value) or _PLACEHOLDER_WORDS.search(value) or _MASK_RUN.search(value):
        return True
    run_chars = sum(m.end() - m.start() for m in _ANY_RUN.finditer(value))
    if run_chars >= 0.3 * len(value):
        return True
    low = value.lower()
    if len(value) >= 8 and len(set(low)) <= 3:
        return True
    if any(g in low for g in _SEQUENCE_GRAMS):
        return True
    return bool(_REPEATED_UNIT.search(value))


def _classes(value: str) -> int:
    return (any(c.islower() for c in value) + any(c.isupper() for c in value)
            + any(c.isdigit() for c in value) + any(not c.isalnum() for c in value))


def shannon_entropy(value: str) -> float:
    """Bits per character of *value* (how random a token reads)."""
    counts: dict[str, int] = {}
    for ch in value:
        counts[ch] = counts.get(ch, 0) + 1
    n = len(value)
    return -sum(c / n * math.log2(c / n) for c in counts.values()) if n else 0.0


def plausible_secret(value: str, *, min_len: int = 6) -> bool:
    """Whether a free-form credential value (after ``=``, ``:``, ``-u``) looks like a real one."""
    v = value.strip().strip("\"'`")
    if len(v) < min_len or is_placeholder(v) or _URLISH.match(v):
        return False
    if v.lower() in _WORDS_NOT_SECRETS or _IDENTIFIER.match(v):
        return False
    if any(c in v for c in "()[]{}<>"):
        return False  # code or a template: a call, an index, a <placeholder>
    if v.endswith(":") or "::" in v:
        return False  # a nested key or a namespaced name, not a value
    if v.isalpha() and (v.islower() or v.isupper() or v.istitle()):
        return False  # a word
    return _classes(v) >= 2 or len(v) >= 16


def mask(value: str) -> str:
    """A display form of a secret that does not reveal it: ``sk-H…(51 chars)``."""
    value = value.strip()
    head = value[:4] if len(value) >= 12 else value[:1]
    return f"{head}…({len(value)} chars)"


def _extend_token(text: str, start: int, end: int) -> tuple[int, int]:
    while start > 0 and text[start - 1] in _TOKEN_CHARS:
        start -= 1
    while end < len(text) and text[end] in _TOKEN_CHARS:
        end += 1
    # Trailing sentence punctuation is not part of a token.
    while end > start and text[end - 1] in ".-_~":
        end -= 1
    return start, end


def _hash_context(text: str, start: int, value: str) -> bool:
    hexlike = re.fullmatch(r"[0-9a-fA-F]{32,128}", value) is not None
    return hexlike and _HASH_CONTEXT.search(text[max(0, start - 40):start]) is not None


# ------------------------------------------------------------- detect-secrets
@dataclass(frozen=True, slots=True)
class RawHit:
    """One detect-secrets result: plugin type, secret value, 1-based line number."""

    type: str
    value: str
    line: int


_IGNORED_TYPES = frozenset({"Public IP (ipv4)"})
#: Generic detectors: less certain than the vendor-specific ones, so ``review``.
_GENERIC_TYPES = frozenset({"Secret Keyword", "Base64 High Entropy String",
                            "Hex High Entropy String"})
_FILENAME = "proposal.txt"


# Lower-cased literals one of which every pattern of these plugins needs (a
# lower-cased check is a necessary condition whether or not the plugin's own
# pattern is case-sensitive). Plugins not listed always run.
_PLUGIN_NEEDLES: dict[str, tuple[str, ...]] = {
    "AWSKeyDetector": ("a3t", "abia", "acca", "akia", "asia", "aws"),
    "AzureStorageKeyDetector": ("accountkey=",),
    "BasicAuthDetector": ("://",),
    "DiscordBotTokenDetector": (".",),
    "GitHubTokenDetector": ("ghp_", "gho_", "ghu_", "ghs_", "ghr_"),
    "GitLabTokenDetector": ("gl", "gr1348941"),
    "JwtTokenDetector": ("eyj",),
    "NpmDetector": ("_authtoken",),
    "OpenAIDetector": ("t3blbkfj",),
    "PrivateKeyDetector": ("private key", "putty-user-key"),
    "PypiTokenDetector": ("pypi-",),
    "SendGridDetector": ("sg.",),
    "SlackDetector": ("xox", "hooks.slack.com"),
    "SquareOAuthDetector": ("sq0csp-",),
    "StripeDetector": ("k_live_",),
    "TelegramBotTokenDetector": (":",),
    "TwilioKeyDetector": ("ac", "sk"),
}


def _literal_rx(needles: Iterable[str]) -> re.Pattern[str]:
    """One compiled search for any of *needles* (cheaper than a Python loop of ``in``)."""
    return re.compile("|".join(re.escape(n) for n in needles))


class _MemFile(io.StringIO):
    """An in-memory text file with a name, as detect-secrets' transformers expect."""

    name = _FILENAME

    def __init__(self, text: str) -> None:
        # newline=None: universal newlines, exactly like open(path) in text mode.
        super().__init__(text, newline=None)


def _first_line_match(line: str, key: str, value: str) -> bool:
    r"""``re.match(r"^\s*{key}[ :=]+{value}", line)`` with both parts escaped, without compiling.

    detect-secrets' ``IniFileParser`` compiles that pattern for every key it
    locates - a regex compile per line of every config-like proposal.
    """
    i = 0
    while i < len(line) and line[i].isspace():
        i += 1
    if not line.startswith(key, i):
        return False
    j = k = i + len(key)
    while k < len(line) and line[k] in " :=":
        k += 1
    # "[ :=]+" may give characters back to the value, as regex backtracking would.
    return any(line.startswith(value, m) for m in range(j + 1, k + 1))


def _ini_lines(text: str, *, add_header: bool) -> list[str] | None:
    """``detect_secrets.transformers.config._parse_file`` on *text* (None when it refuses).

    The same ``configparser`` reading, the same key/value/line bookkeeping as
    its ``IniFileParser``, with :func:`_first_line_match` instead of a compiled
    regex; a test checks the result against detect-secrets' own transformer.
    """
    import configparser

    from detect_secrets.transformers.config import (
        _construct_values_list,
        _is_allowlist_nextline_secret_comment,
    )

    f = _MemFile(text)
    content = f.read()
    f.seek(0)
    all_lines = [line.strip() for line in f.readlines()]
    parser = _parser()
    state = {"lines": all_lines, "offset": 0}

    def locate(key: str, values: str) -> list[tuple[str, int]]:
        values_list = _construct_values_list(values)
        if not values_list:
            return []
        index = 0
        output: list[tuple[str, int]] = []
        lines: list[str] = state["lines"]  # type: ignore[assignment]
        offset: int = state["offset"]  # type: ignore[assignment]
        for line_offset, line in enumerate(lines):
            if _is_allowlist_nextline_secret_comment(line):
                output.append((line, offset + line_offset + 1))
                continue
            if not line or _INI_COMMENT.match(line):
                continue
            if index == 0:
                if _first_line_match(line, key, values_list[0]):
                    output.append((values_list[0], offset + line_offset + 1))
                    index += 1
                continue
            if index == len(values_list):
                if line_offset == 0:
                    line_offset = 1
                state["offset"] = offset + line_offset
                state["lines"] = lines[line_offset:]
                break
            output.append((values_list[index], offset + line_offset + 1))
            index += 1
        else:
            state["lines"] = []
        return output

    try:
        parser.read_string(("[global]\n" + content) if add_header else content)
        if not parser.sections():
            return None
        out: list[str] = []
        for section in parser:
            for key, values in parser.items(section):
                for value, number in locate(key, values):
                    if not value:
                        continue
                    while len(out) < number - 1:
                        out.append("")
                    if _is_allowlist_nextline_secret_comment(value):
                        out.append(value)
                        continue
                    if value[0] in {"'", '"'} and value[-1] == value[0]:
                        value = value[1:-1]
                    value = value.replace('"', '\\"')
                    out.append(f'{key} = "{value}"')
        return out
    except configparser.Error:
        return None


_INI_COMMENT = re.compile(r"\s*[;#]")
_PARSERS = threading.local()


def _parser() -> Any:
    """An empty ``ConfigParser`` as IniFileParser builds it, reused per thread.

    Building one costs ~40 µs (its converter table runs ``dir()``); emptying
    it through its public API costs almost nothing.
    """
    import configparser

    parser = getattr(_PARSERS, "parser", None)
    if parser is None:
        parser = configparser.ConfigParser()
        parser.optionxform = str  # type: ignore[assignment,method-assign]  # as IniFileParser
        _PARSERS.parser = parser
    else:
        for section in parser.sections():
            parser.remove_section(section)
        parser[parser.default_section].clear()
    return parser


def _ini_plain_may_parse(text: str) -> bool:
    # configparser without an added header raises unless the first significant
    # line is a section header.
    for line in text.splitlines():
        s = line.strip()
        if not s or s[0] in "#;":
            continue
        return s.startswith("[")
    return False


def _ini_eager_may_parse(text: str) -> bool:
    # With "[global]" prepended, any non-indented line that is not a comment,
    # section or option (no '=' or ':') is a ParsingError for the whole file.
    for line in text.splitlines():
        if not line.strip() or line[0] in " \t":
            continue
        if line[0] in "#;[":
            continue
        if "=" not in line and ":" not in line:
            return False
    return True


# detect-secrets is not safe to initialise from several threads at once: its
# plugin registry imports modules on first use (two threads importing
# detect_secrets.core.plugins.util together see a "partially initialized
# module"), and default_settings() swaps a process-global settings object. One
# process-wide lock serialises the first import and every settings swap; the
# plugin and filter instances are built once and shared, read-only.
_DS_LOCK = threading.RLock()
_DS_DEFAULTS: tuple[list[Any], list[Any]] | None = None


# detect_secrets.filters.heuristic.is_indirect_reference searches
# ``([^\v=!:]*)\s*(:=?|[!=]{1,3})\s*([\w.-]+[\[\(][^\v]*[\]\)])`` and only asks
# whether it matches. Its first two parts may match empty, so a match exists
# exactly where the rest does: the same answer without the quadratic
# backtracking of the leading ``[^\v=!:]*`` on long lines (a third of the
# secret scan's time on short texts).
_INDIRECT_REFERENCE = re.compile(r"(?::=?|[!=]{1,3})\s*[\w.-]+[\[\(][^\v]*[\]\)]")


def _fast_indirect_reference(f: Any) -> Any:
    """detect-secrets' ``is_indirect_reference`` filter replaced by its equivalent above."""
    if getattr(f, "__name__", "") != "is_indirect_reference":
        return f

    def is_indirect_reference(line: str) -> bool:
        if len(line) > 1000:  # detect-secrets' own bound
            return False
        return _INDIRECT_REFERENCE.search(line) is not None

    is_indirect_reference.injectable_variables = f.injectable_variables  # type: ignore[attr-defined]
    is_indirect_reference.path = getattr(f, "path", "")  # type: ignore[attr-defined]
    return is_indirect_reference


def _detect_secrets_defaults() -> tuple[list[Any], list[Any]]:
    """detect-secrets' default plugins and filters, initialised once per process."""
    global _DS_DEFAULTS
    with _DS_LOCK:
        if _DS_DEFAULTS is None:
            importlib.import_module("detect_secrets.core.plugins.util")  # the racy one
            from detect_secrets.settings import default_settings, get_filters, get_plugins

            with default_settings():
                _DS_DEFAULTS = (list(get_plugins()), list(get_filters()))
        return _DS_DEFAULTS


class DetectSecretsEngine:
    """detect-secrets' default plugins with ``scan_file`` semantics, in memory.

    ``mode="fast"`` (default) runs the pipeline described in the module
    docstring; ``mode="file"`` writes a temp file and calls ``scan_file``
    inside ``default_settings()`` (slow, the reference). If the private
    pieces the fast path needs are missing in a future detect-secrets, it
    falls back to ``"file"``.
    """

    def __init__(self, mode: Literal["fast", "file"] = "fast") -> None:
        self.mode = mode
        self._lock = threading.Lock()
        self._ready = False
        self._plugins: list[Any] = []
        self._line_filters: list[tuple[Any, frozenset[str]]] = []
        self._secret_filters: list[tuple[Any, frozenset[str]]] = []
        self._context_filters: list[tuple[Any, frozenset[str]]] = []
        self._analyzers: list[tuple[Any, Callable[[str], Iterable[str]],
                                    Callable[[str, str], bool] | None]] = []
        self._snippet: Callable[..., Any] | None = None

    # -- setup ------------------------------------------------------------
    def _setup(self) -> None:
        # The process-wide lock, not just this engine's: setup imports more of
        # detect-secrets, and two engines may be set up in two threads at once.
        with _DS_LOCK, self._lock:
            if self._ready:
                return
            plugins, filters = _detect_secrets_defaults()
            if self.mode == "fast":
                try:
                    self._setup_fast(plugins, filters)
                except (ImportError, AttributeError):  # pragma: no cover - API drift
                    self.mode = "file"
            self._ready = True

    def _setup_fast(self, plugins: list[Any], filters: list[Any]) -> None:
        from detect_secrets.plugins.high_entropy_strings import HighEntropyStringsPlugin
        from detect_secrets.plugins.keyword import DENYLIST as KEYWORD_DENYLIST
        from detect_secrets.plugins.keyword import (
            QUOTES_REQUIRED_DENYLIST_REGEX_TO_GROUP,
            REGEX_BY_FILETYPE,
            KeywordDetector,
        )

        # The config transformers must be the two _ini_lines re-implements.
        from detect_secrets.transformers import get_transformers
        from detect_secrets.transformers.config import (
            ConfigFileTransformer,
            EagerConfigFileTransformer,
        )

        transformers: list[Any] = list(get_transformers())
        kinds = {type(t) for t in transformers if t.should_parse_file(_FILENAME)}
        if kinds != {ConfigFileTransformer, EagerConfigFileTransformer}:
            raise ImportError(f"unexpected detect-secrets transformers {kinds}")
        from detect_secrets.util.code_snippet import get_code_snippet
        from detect_secrets.util.filetype import determine_file_type

        keyword_regexes = REGEX_BY_FILETYPE.get(
            determine_file_type(_FILENAME), QUOTES_REQUIRED_DENYLIST_REGEX_TO_GROUP)

        def entropy_analyzer(p: Any) -> Callable[[str], Iterable[str]]:
            # HighEntropyStringsPlugin.analyze_line without eager search: keep
            # the quoted strings above the plugin's entropy limit.
            def run(line: str) -> Iterable[str]:
                return [v for v in p.analyze_string(line)
                        if p.calculate_shannon_entropy(v) > p.entropy_limit]
            return run

        def keyword_analyzer(p: Any) -> Callable[[str], Iterable[str]]:
            def run(line: str) -> Iterable[str]:
                return list(p.analyze_string(line, denylist_regex_to_group=keyword_regexes))
            return run

        def plain_analyzer(p: Any) -> Callable[[str], Iterable[str]]:
            def run(line: str) -> Iterable[str]:
                return list(p.analyze_string(line))
            return run

        keyword_guard = re.compile("|".join(KEYWORD_DENYLIST), re.IGNORECASE)
        assignment_words = ("key", "pw", "pass", "token")

        def guard_for(p: Any) -> Callable[[str, str], bool] | None:
            # Necessary conditions read off each plugin's own patterns: a line that
            # fails its guard cannot produce a result, so skipping it changes nothing.
            name = type(p).__name__
            if isinstance(p, KeywordDetector):
                return lambda line, low: keyword_guard.search(line) is not None
            if isinstance(p, HighEntropyStringsPlugin):
                return lambda line, low: "'" in line or '"' in line
            if name in ("CloudantDetector", "IbmCloudIamDetector", "IbmCosHmacDetector",
                        "SoftlayerDetector"):
                assignment = _literal_rx((*assignment_words, "cloudant", "softlayer"))
                return lambda line, low: assignment.search(low) is not None
            if name == "ArtifactoryDetector":
                return lambda line, low: "AKC" in line or "AP" in line
            if name == "MailchimpDetector":
                return lambda line, low: "-us" in line
            needles = _PLUGIN_NEEDLES.get(name)
            if needles is not None:
                rx = _literal_rx(needles)
                return lambda line, low: rx.search(low) is not None
            return None

        analyzers: list[tuple[Any, Callable[[str], Iterable[str]],
                              Callable[[str, str], bool] | None]] = []
        for p in plugins:
            if p.secret_type in _IGNORED_TYPES:
                continue
            if isinstance(p, HighEntropyStringsPlugin):
                analyzers.append((p, entropy_analyzer(p), guard_for(p)))
            elif isinstance(p, KeywordDetector):
                analyzers.append((p, keyword_analyzer(p), guard_for(p)))
            else:
                analyzers.append((p, plain_analyzer(p), guard_for(p)))

        filters = [_fast_indirect_reference(f) for f in filters]

        def stage(*params: str) -> list[tuple[Any, frozenset[str]]]:
            # detect_secrets.core.scan.get_filters_with_parameter, captured once.
            want = set(params)
            return [(f, frozenset(f.injectable_variables)) for f in filters
                    if want <= f.injectable_variables]

        self._analyzers = analyzers
        self._line_filters = stage("line")
        self._secret_filters = stage("secret")
        self._context_filters = stage("context")
        self._snippet = get_code_snippet

    # -- scanning ---------------------------------------------------------
    def scan(self, text: str) -> list[RawHit]:
        """Every secret detect-secrets would report for *text* saved as a file."""
        if not self._ready:
            self._setup()
        if self.mode == "file":
            return self._scan_file(text)
        return self._scan_fast(text)

    @staticmethod
    def _filtered(filters: list[tuple[Any, frozenset[str]]], **kwargs: Any) -> bool:
        # detect_secrets.util.inject.call_function_with_arguments, with each
        # filter's injectable variables resolved once at setup.
        for f, names in filters:
            if not names <= kwargs.keys():
                continue  # cannot take these arguments (detect-secrets skips it too)
            try:
                if f(**{k: kwargs[k] for k in names}):
                    return True
            except TypeError:
                pass
        return False

    def _lines_passes(self, text: str) -> Iterator[list[str]]:
        # detect_secrets.core.scan._get_lines_from_file on an in-memory file: the
        # config transformer without a header first (.txt is not YAML), then, if
        # that pass finds nothing, the eager one with a "[global]" header.
        lines = _ini_lines(text, add_header=False) if _ini_plain_may_parse(text) else None
        if not lines:
            lines = _MemFile(text).readlines()
        yield lines
        if _ini_eager_may_parse(text):
            eager = _ini_lines(text, add_header=True)
            if eager:
                yield eager

    def _scan_fast(self, text: str) -> list[RawHit]:
        assert self._snippet is not None
        for lines in self._lines_passes(text):
            hits: list[RawHit] = []
            for number, raw_line in enumerate(lines, start=1):
                line = raw_line.rstrip()
                if not line:
                    continue
                low = line.lower()
                candidates: list[tuple[Any, str]] = []
                for plugin, analyze, guard in self._analyzers:
                    if guard is not None and not guard(line, low):
                        continue
                    candidates.extend((plugin, v) for v in dict.fromkeys(analyze(line)))
                if not candidates:
                    continue
                snippet = self._snippet(lines=lines, line_number=number)
                kept = [
                    RawHit(plugin.secret_type, value, number)
                    for plugin, value in candidates
                    if not self._filtered(self._secret_filters, filename=_FILENAME, secret=value,
                                          plugin=plugin, line=line)
                    and not self._filtered(self._context_filters, filename=_FILENAME,
                                           secret=value, plugin=plugin, line=line,
                                           context=snippet)
                ]
                # The line filters (evaluated first by detect-secrets) veto the whole line;
                # all filters are pure, so asking them last - and only when something
                # survived - gives the same result for less work.
                if kept and not self._filtered(self._line_filters, filename=_FILENAME,
                                               line=line, context=snippet):
                    hits.extend(kept)
            if hits:
                return hits
        return []

    def _scan_file(self, text: str) -> list[RawHit]:
        from detect_secrets.core.scan import scan_file
        from detect_secrets.settings import default_settings

        fd, name = tempfile.mkstemp(suffix=".txt", prefix="sleepstack-proposal-")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(text)
            with _DS_LOCK, default_settings():  # settings are process-global
                return [
                    RawHit(s.type, str(s.secret_value), int(s.line_number))
                    for s in scan_file(name)
                    if s.type not in _IGNORED_TYPES
                ]
        finally:
            os.unlink(name)


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
    if len(v) < (2 if quoted else 3) or _URLISH.match(v) or _TEMPLATE.search(v):
        return False
    if _MASK_RUN3.search(v):
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
        from .rules_secrets_context import context_hits  # imports this module's helpers

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
            start, end = _extend_token(text, pos, pos + len(value))
            token = text[start:end]
            # A mask right after the token ("xoxp-…-#####") makes all of it a placeholder.
            tail = text[end:end + 6].lstrip("-_.")
            if _URLISH.match(value) or _URLISH.match(token) or is_placeholder(token) \
                    or _MASK_RUN.match(tail):
                continue
            if _hash_context(text, start, token):
                continue
            if len(token) < 12 and hit.type not in _GENERIC_TYPES:
                continue  # a vendor prefix with a stub body: a truncated example
            generic = hit.type in _GENERIC_TYPES
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
                            or _hash_context(text, start, value):
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
                if is_placeholder(pw) or pw.lower() in _WORDS_NOT_SECRETS or len(pw) < 3:
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
                                                       and pw.lower() not in _WORDS_NOT_SECRETS):
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
                if _hash_context(text, v_start, value):
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
        if _TEMPLATE.search(plain) or "<" in plain or "[" in plain:
            return
        user, _, password = plain.partition(":")
        secret = password or user  # "user:" leaves the secret on the left
        bare = secret.strip("{}") if re.fullmatch(r"\{[^{}]+\}", secret) else secret
        if _TEMPLATE.search(secret) or not plausible_secret(bare):
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
