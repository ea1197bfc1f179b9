"""Shape rules: where a proposal may go, how big it may be, and what characters it may hold.

These run before any content rule and are cheap:

* ``path.*`` - the target path, judged by the store's own policy
  (:mod:`sleepstack.store.paths`), plus the one rule only the validator knows:
  a proposal by user U may only target ``user/U/…``.
* ``size.*`` - byte and line limits (a memory is a small note, not a dump).
* ``encoding.*`` - binary content, invalid UTF-8, control characters.
* ``unicode.*`` - invisible characters:

  - bidirectional *overrides and isolates* (U+202A-202E, U+2066-2069) are
    **rejected**: they make the text a person reviews differ from the text a
    model reads ("Trojan Source"), and ordinary right-to-left writing does not
    need them (it uses the implicit algorithm and, at most, the LRM/RLM marks);
  - Unicode *tag* characters outside emoji flag sequences, and runs of
    variation selectors, are **rejected**: they are invisible yet carry
    arbitrary ASCII/bytes, i.e. a hidden message for the model ("ASCII
    smuggling"); the message shows what they spell;
  - *zero-width* and other invisible format characters (ZWSP, word joiner,
    soft hyphen, stray BOM, ...) are **stripped and flagged**: they come in
    with ordinary copy-paste from web pages, PDFs and word processors, so
    rejecting them would refuse honest text, while removing them changes
    nothing a reader sees. Every content rule then scans the stripped text, so
    ``ig\u200bnore previous instructions`` is read as the words it displays.
    ZWJ/ZWNJ are kept where writing needs them (emoji sequences, Arabic and
    Indic scripts). Very many of them at once is held for review: that is how
    zero-width steganography encodes data.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from ..errors import PathRefused
from ..store.paths import Area, area_of, check_user_id, check_write_path, user_of
from .verdict import Finding, Severity

__all__ = [
    "CleanText",
    "check_controls",
    "check_size",
    "check_target",
    "decode",
    "sanitize_unicode",
]

# The store's PathRefused "rule" field, renamed where the validator's name reads better.
_PATH_RULE_NAMES = {"memory_readonly": "memory"}

_BIDI_CONTROLS = frozenset(range(0x202A, 0x202F)) | frozenset(range(0x2066, 0x206A))
_BIDI_MARKS = frozenset({0x200E, 0x200F, 0x061C})
_ZWJ, _ZWNJ = 0x200D, 0x200C
# Invisible characters that are not in category Cf (so the generic test misses them).
_INVISIBLE_LETTERS = frozenset({0x115F, 0x1160, 0x3164, 0xFFA0, 0x034F, 0x2800})
# Format characters that are visible marks in their scripts (Arabic number signs etc.).
_VISIBLE_FORMAT = frozenset({0x0600, 0x0601, 0x0602, 0x0603, 0x0604, 0x0605, 0x06DD,
                             0x070F, 0x0890, 0x0891, 0x08E2, 0x110BD, 0x110CD})
_TAG_FIRST, _TAG_LAST, _TAG_CANCEL = 0xE0000, 0xE007F, 0xE007F
_BLACK_FLAG = 0x1F3F4
_STEGO_THRESHOLD = 16


def _is_rtl(cp: int) -> bool:
    return 0x0590 <= cp <= 0x08FF or 0xFB1D <= cp <= 0xFDFF or 0xFE70 <= cp <= 0xFEFC


def _joins_script(cp: int) -> bool:
    # Scripts whose spelling uses ZWJ/ZWNJ: Arabic & co., Indic, Sinhala, Myanmar, Khmer.
    return (0x0600 <= cp <= 0x08FF or 0x0900 <= cp <= 0x0DFF or 0x1000 <= cp <= 0x109F
            or 0x1780 <= cp <= 0x17FF or 0xFB50 <= cp <= 0xFDFF or 0xFE70 <= cp <= 0xFEFC)


def _is_emoji(cp: int) -> bool:
    return (0x1F000 <= cp <= 0x1FAFF or 0x2600 <= cp <= 0x27BF or cp in (0xFE0F, 0x20E3)
            or 0x2190 <= cp <= 0x21FF or 0x2B00 <= cp <= 0x2BFF or cp in (0x2640, 0x2642))


def _is_variation_selector(cp: int) -> bool:
    return 0xFE00 <= cp <= 0xFE0F or 0xE0100 <= cp <= 0xE01EF


# --------------------------------------------------------------------------- decode
def decode(data: bytes | str) -> tuple[str | None, list[Finding]]:
    """Decode *data* as UTF-8; ``None`` plus a reject finding when it is not text."""
    if isinstance(data, str):
        bad = data.count("\ufffd")
        if bad >= 3 and bad > 0.05 * len(data):
            return data, [Finding(
                "encoding.binary", Severity.REJECT,
                f"{bad} U+FFFD replacement characters: binary or mis-decoded content",
            )]
        return data, []
    if not isinstance(data, bytes | bytearray | memoryview):
        raise TypeError(f"proposal text must be str or bytes, not {type(data).__name__}")
    raw = bytes(data)
    nul = raw.find(b"\x00")
    if nul >= 0:
        return None, [Finding("encoding.binary", Severity.REJECT,
                              f"binary content (NUL byte at offset {nul}); memories are text")]
    try:
        return raw.decode("utf-8"), []
    except UnicodeDecodeError as exc:
        return None, [Finding(
            "encoding.utf8", Severity.REJECT,
            f"not valid UTF-8 (byte 0x{raw[exc.start]:02x} at offset {exc.start}); "
            "re-encode the text as UTF-8",
        )]


# ---------------------------------------------------------------------------- paths
def check_target(user: str, path: str | None) -> list[Finding]:
    """Findings for the proposing *user* and the *path* it wants to write.

    The path rules are the store's (:func:`check_write_path`): normalisation,
    traversal, absolute paths, odd characters, ``memory/`` and the internal
    areas. On top, a proposal may only target trusted memory of its own user.
    """
    findings: list[Finding] = []
    try:
        check_user_id(user)
    except PathRefused as exc:
        findings.append(Finding("path.user_id", Severity.REJECT,
                                f"invalid user id {user!r}: {exc.message}"))
    if path is None:
        return findings
    try:
        norm = check_write_path(path)
    except PathRefused as exc:
        rule = str(exc.fields.get("rule", "refused"))
        findings.append(Finding(f"path.{_PATH_RULE_NAMES.get(rule, rule)}", Severity.REJECT,
                                f"{exc.message} ({path!r})"))
        return findings
    area = area_of(norm)
    if area is not Area.USER:
        findings.append(Finding(
            "path.internal", Severity.REJECT,
            f"{area.value}/ is not trusted memory; a proposal may only target user/{user}/…",
        ))
        return findings
    owner = user_of(norm)
    if owner != user:
        findings.append(Finding(
            "path.other_user", Severity.REJECT,
            f"{norm!r} belongs to user {owner!r}; a proposal by {user!r} may only target "
            f"user/{user}/…",
        ))
    return findings


# ----------------------------------------------------------------------------- size
def check_size(text: str, *, max_bytes: int, max_lines: int) -> list[Finding]:
    """Byte and line limits, and the empty proposal."""
    findings: list[Finding] = []
    if not text.strip():
        return [Finding("size.empty", Severity.REJECT, "the proposal is empty")]
    n_bytes = len(text.encode("utf-8", "surrogatepass"))
    if n_bytes > max_bytes:
        findings.append(Finding(
            "size.bytes", Severity.REJECT,
            f"{n_bytes} bytes is over the {max_bytes}-byte limit for one memory: split it up "
            "into smaller, self-contained memories",
        ))
    n_lines = text.count("\n") + (0 if text.endswith("\n") else 1)
    if n_lines > max_lines:
        findings.append(Finding(
            "size.lines", Severity.REJECT,
            f"{n_lines} lines is over the {max_lines}-line limit for one memory: split it up "
            "into smaller, self-contained memories",
        ))
    return findings


# ------------------------------------------------------------------------- controls
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f]")


def _is_mojibake_c1(text: str, i: int) -> bool:
    """Whether the C1 character at *i* is a byte of mis-decoded UTF-8, not a control.

    UTF-8 text decoded as Windows-1252 turns a curly quote into "â€" plus a raw
    C1 byte (U+009D): a C1 character right after a printable non-ASCII letter or
    sign is that residue. It controls nothing; :func:`sanitize_unicode` removes it.
    """
    if not 0x80 <= ord(text[i]) <= 0x9F or i == 0:
        return False
    prev = text[i - 1]
    return ord(prev) >= 0xA0 and prev.isprintable()


def check_controls(text: str) -> list[Finding]:
    """Control characters other than tab, newline, carriage return and form feed."""
    m = next((m for m in _CONTROL.finditer(text) if not _is_mojibake_c1(text, m.start())), None)
    if m is None:
        return []
    i, cp = m.start(), ord(m.group(0))
    if cp == 0:
        return [Finding("encoding.binary", Severity.REJECT,
                        f"binary content (NUL character at {i}); memories are text", (i, i + 1))]
    return [Finding("encoding.control", Severity.REJECT,
                    f"control character U+{cp:04X} at {i}; memories are plain text",
                    (i, i + 1), f"U+{cp:04X}")]


# -------------------------------------------------------------------------- unicode
@dataclass(frozen=True, slots=True)
class CleanText:
    """The text with invisible characters removed, and how to map offsets back.

    ``index[i]`` is the offset in the original text of ``text[i]``; it is
    ``None`` when nothing was removed (offsets are then the same).
    """

    text: str
    index: tuple[int, ...] | None

    def to_original(self, start: int, end: int, original_len: int) -> tuple[int, int]:
        """Map a span in :attr:`text` to a span in the original text."""
        if self.index is None:
            return start, end
        n = len(self.index)
        o_start = self.index[start] if start < n else original_len
        o_end = self.index[end - 1] + 1 if 0 < end <= n else (original_len if end > n else 0)
        return o_start, max(o_start, o_end)


def _hidden_text(chars: list[int]) -> str:
    # Tag characters mirror ASCII at U+E0000; show what they spell.
    spelled = "".join(chr(c - _TAG_FIRST) if 0xE0020 <= c <= 0xE007E else "" for c in chars)
    return spelled[:80]


# Every character sanitize_unicode cares about (format characters, invisible
# letters, variation selectors, tags); text without any of them skips the scan.
_SPECIAL = re.compile(
    "[\x80-\x9f\u00ad\u034f\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u115f\u1160"
    "\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\u2800\u3164"
    "\ufe00-\ufe0f\ufeff\uffa0\ufff9-\ufffb\U000110bd\U000110cd\U00013430-\U0001343f"
    "\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e007f"
    "\U000e0100-\U000e01ef]+")


def sanitize_unicode(text: str) -> tuple[CleanText, list[Finding]]:
    """Strip zero-width characters (flagged) and find bidi controls and hidden data."""
    if text.isascii() or not _SPECIAL.search(text):
        return CleanText(text, None), []
    findings: list[Finding] = []
    stripped: list[int] = []
    n = len(text)
    has_rtl: bool | None = None
    for run in _SPECIAL.finditer(text):
        i, stop = run.start(), run.end()
        while i < stop:
            cp = ord(text[i])
            # Tag characters: legal only as an emoji flag sequence (U+1F3F4 tags… U+E007F).
            if _TAG_FIRST <= cp <= _TAG_LAST:
                j = i
                while j < stop and _TAG_FIRST <= ord(text[j]) <= _TAG_LAST:
                    j += 1
                tags = [ord(c) for c in text[i:j]]
                is_flag = i > 0 and ord(text[i - 1]) == _BLACK_FLAG and tags[-1] == _TAG_CANCEL
                if not is_flag:
                    spelled = _hidden_text(tags)
                    findings.append(Finding(
                        "unicode.hidden", Severity.REJECT,
                        f"{len(tags)} invisible Unicode tag characters carry hidden text"
                        + (f" ({spelled!r})" if spelled else ""),
                        (i, j), spelled,
                    ))
                i = j
                continue
            if _is_variation_selector(cp):
                j = i
                while j < stop and _is_variation_selector(ord(text[j])):
                    j += 1
                base = ord(text[i - 1]) if i > 0 else 0
                supplementary = cp >= 0xE0100 and not (0x3400 <= base <= 0x9FFF
                                                       or base >= 0x20000)
                if j - i >= 2 or supplementary:
                    findings.append(Finding(
                        "unicode.hidden", Severity.REJECT,
                        f"{j - i} variation selector(s) after U+{base:04X}: invisible characters "
                        "that can encode hidden data",
                        (i, j),
                    ))
                i = j
                continue
            if cp in _BIDI_CONTROLS:
                findings.append(Finding(
                    "unicode.bidi", Severity.REJECT,
                    f"bidirectional control U+{cp:04X} ({unicodedata.name(chr(cp), '?')}) at "
                    f"{i}: it reorders what a reviewer sees",
                    (i, i + 1), f"U+{cp:04X}",
                ))
                i += 1
                continue
            if cp in _VISIBLE_FORMAT:
                i += 1
                continue
            if cp <= 0x9F:  # C1: mis-decoding residue is removed; a real control is rejected
                if _is_mojibake_c1(text, i):
                    stripped.append(i)
                i += 1
                continue
            prev = ord(text[i - 1]) if i > 0 else 0
            nxt = ord(text[i + 1]) if i + 1 < n else 0
            if cp in _BIDI_MARKS and has_rtl is None:
                has_rtl = any(_is_rtl(ord(c)) for c in text)
            legit = (
                (cp == _ZWJ and _is_emoji(prev) and _is_emoji(nxt))
                or (cp in (_ZWJ, _ZWNJ) and (_joins_script(prev) or _joins_script(nxt)))
                or (cp in _BIDI_MARKS and bool(has_rtl))
            )
            if not legit:
                stripped.append(i)
            i += 1
    if not stripped:
        return CleanText(text, None), findings
    names = sorted({f"U+{ord(text[k]):04X}" for k in stripped})
    findings.append(Finding(
        "unicode.zero_width", Severity.REDACT,
        f"removed {len(stripped)} invisible character(s) ({', '.join(names[:5])})",
        (stripped[0], stripped[-1] + 1), ", ".join(names[:5]),
    ))
    if len(stripped) > _STEGO_THRESHOLD:
        findings.append(Finding(
            "unicode.zero_width", Severity.REVIEW,
            f"{len(stripped)} invisible characters: zero-width steganography can hide a "
            "message this way",
            (stripped[0], stripped[-1] + 1),
        ))
    drop = set(stripped)
    keep = tuple(k for k in range(n) if k not in drop)
    return CleanText("".join(text[k] for k in keep), keep), findings
