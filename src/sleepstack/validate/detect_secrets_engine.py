"""detect-secrets as a secret rule, in memory, with the same results as its file scan.

**detect-secrets** (``secret.detect_secrets``) with its default plugins and
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
"""

from __future__ import annotations

import importlib
import io
import os
import re
import tempfile
import threading
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Literal

__all__ = ["GENERIC_TYPES", "DetectSecretsEngine", "RawHit"]


# ------------------------------------------------------------- detect-secrets
@dataclass(frozen=True, slots=True)
class RawHit:
    """One detect-secrets result: plugin type, secret value, 1-based line number."""

    type: str
    value: str
    line: int


_IGNORED_TYPES = frozenset({"Public IP (ipv4)"})
#: Generic detectors: less certain than the vendor-specific ones, so ``review``.
GENERIC_TYPES = frozenset({"Secret Keyword", "Base64 High Entropy String",
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

