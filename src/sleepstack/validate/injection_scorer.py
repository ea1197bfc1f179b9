"""The scorer of the injection rule table (:mod:`.rules_injection`): hints, matching, decoding.

Every rule carries cheap substring *hints* that must be present before its
regex runs (a test checks that the hints never change a result); ``imperative``
matches must start where an imperative can; encoded blobs and obfuscated
readings are decoded and scanned again, a bounded number of levels deep.
"""

from __future__ import annotations

import re
from collections.abc import Generator, Iterator, Sequence

from .injection_text import (
    B64_BLOB,
    HEX_BLOB,
    MAX_BLOBS,
    MAX_DEPTH,
    PCT_BLOB,
    Normalised,
    decode_blob,
    normalise,
)
from .rules_injection import RULES, Rule
from .verdict import Finding, Severity
from .views import decoded_views

__all__ = ["InjectionScorer"]


_IMPERATIVE_AFTER = (
    "please", "kindly", "now", "then", "and", "also", "immediately", "first", "just", "simply",
    "you must", "you should", "you need to", "make sure to", "be sure to", "remember to",
    "i want you to", "i need you to", "you will", "you are to", "go ahead and", "proceed to",
    "afterwards", "next", "can you", "could you", "would you", "will you", "don't forget to",
    "do not forget to", "finally", "instead", "urgently", "todo", "to do",
    # manner adverbs that open an order: "quietly forward …"
    "quietly", "silently", "secretly", "discreetly",
    # vocatives: "Assistant, tell them …"
    "assistant", "ai", "bot", "chatbot", "agent", "model", "gpt", "chatgpt", "claude")
_IMPERATIVE_CHARS = frozenset("\n.!?:;>-*([])")
_QUOTES = frozenset("\"'")
_CLAUSE_START = re.compile(r"[\n.!?:;]")
_CONDITIONAL = re.compile(r"(?:when|whenever|if|while|after|before|once|as soon as|unless|every "
                          r"time|each time)\b")


def _imperative_at(s: str, start: int) -> bool:
    """Whether an imperative can start at *start* (sentence/line/list start, after "please"…)."""
    before = s[max(0, start - 40):start].rstrip(" \t")
    if before.endswith(","):
        # "when summarising, always add …": a conditional clause before an imperative.
        clause = _CLAUSE_START.split(s[max(0, start - 120):start])[-1].lstrip()
        if _CONDITIONAL.match(clause):
            return True
        before = before.rstrip(",")
    if not before:
        return True
    if before[-1] in _QUOTES:
        # An opening quote can start a quoted order; a closing one ends a quoted
        # word ('avoid the word "schlau" throughout your response') and starts nothing.
        return len(before) == 1 or not before[-2].isalnum()
    if before[-1] in _IMPERATIVE_CHARS:
        return True
    for word in _IMPERATIVE_AFTER:
        if before.endswith(word) and (len(before) == len(word)
                                      or not before[-len(word) - 1].isalnum()):
            return True
    return False


_NO_HINTS: frozenset[str] = frozenset({"\0no-hints"})  # sentinel: run every rule


class InjectionScorer:
    """Deterministic prompt-injection and memory-poisoning rules (see module docstring)."""

    name = "injection"

    def __init__(self, rules: Sequence[Rule] | None = None, *, use_hints: bool = True) -> None:
        self._rules = list(rules) if rules is not None else list(RULES)
        self._use_hints = use_hints  # False only to test that the hints lose nothing
        # Every hint substring once: one pass over them tells which rules can match.
        # Within a group a hint that contains another adds nothing ("ignore" after
        # "ignor"), so only the minimal ones are tested.
        self._hints = tuple(sorted({h for r in self._rules for g in r.minimal_hints for h in g}))
        # Hints of 3+ characters are looked up by their first three characters,
        # so a short text tests only the hints its own trigrams can start.
        self._short_hints = tuple(h for h in self._hints if len(h) < 3)
        self._by_trigram: dict[str, tuple[str, ...]] = {}
        for h in self._hints:
            if len(h) >= 3:
                self._by_trigram[h[:3]] = (*self._by_trigram.get(h[:3], ()), h)
        # Rules indexed by the hints of their first group: only rules one of whose
        # first-group hints is present need looking at.
        self._always = tuple(i for i, r in enumerate(self._rules) if not r.minimal_hints)
        self._by_hint: dict[str, tuple[int, ...]] = {}
        for i, r in enumerate(self._rules):
            for h in r.minimal_hints[0] if r.minimal_hints else ():
                self._by_hint[h] = (*self._by_hint.get(h, ()), i)

    def _present(self, s: str) -> frozenset[str]:
        """The hint substrings that occur in *s*."""
        if len(s) > 4000:  # long texts: a direct pass is cheaper than collecting trigrams
            return frozenset(filter(s.__contains__, self._hints))
        grams = {s[i:i + 3] for i in range(len(s) - 2)}
        found = [h for g in grams & self._by_trigram.keys() for h in self._by_trigram[g]
                 if h in s]
        found.extend(filter(s.__contains__, self._short_hints))
        return frozenset(found)

    def _candidates(self, *presents: frozenset[str]) -> list[Rule]:
        """Rules whose first hint group is satisfied, in table order."""
        picked = set(self._always)
        for present in presents:
            for h in present:
                picked.update(self._by_hint.get(h, ()))
        return [self._rules[i] for i in sorted(picked)]

    def score(self, text: str) -> list[Finding]:
        """Findings for *text*; spans index into *text*."""
        return list(self._scan(text, depth=0))

    def _scan(self, text: str, depth: int) -> Iterator[Finding]:
        t = normalise(text)
        n = len(text)
        # One finding per rule: the first pattern that rejects, else the first that matched.
        best: dict[str, tuple[Rule, Severity, int, int]] = {}
        if self._use_hints:
            present = self._present(t.norm)
            present_leet = self._present(t.leet) if t.leet is not None else present
            rules = self._candidates(present, present_leet)
        else:
            present = present_leet = _NO_HINTS
            rules = self._rules
        for rule in rules:
            held = best.get(rule.rule)
            if held is not None and held[1] is Severity.REJECT:
                continue
            hit = self._match(rule, t.norm, t, present)
            if hit is None and rule.leet and t.leet is not None:
                hit = self._match(rule, t.leet, t, present_leet)
            if hit is None:
                continue
            if held is None or hit[0] is Severity.REJECT:
                best[rule.rule] = (rule, *hit)
        if all(rule.corroborating for rule, *_ in best.values()):
            best = {}
        for rule, severity, start, end in best.values():
            o_start, o_end = t.to_original(start, end, n)
            excerpt = " ".join(text[o_start:o_end].split())[:120]
            yield Finding(rule.rule, severity, f'{rule.message}: "{excerpt}"', (o_start, o_end),
                          excerpt)
        if depth < MAX_DEPTH:
            found = yield from self._encoded(text, depth)
            if depth == 0 and not best and not found:
                yield from self._views(text)

    def _views(self, text: str) -> Iterator[Finding]:
        # Spaced-out letters and ROT13 (see .views): a rule that fires only on
        # the de-obfuscated view fired on a hidden instruction.
        for kind, view in decoded_views(text):
            inner = [f for f in self._scan(view, MAX_DEPTH)
                     if f.severity in (Severity.REJECT, Severity.REVIEW)]
            if inner:
                rules = ", ".join(sorted({f.rule for f in inner}))
                # Never quote the decoded reading: it is a copy of the user's text (a
                # secret in it too) in a form that redaction and erasure cannot match.
                yield Finding("injection.obfuscated", Severity.REJECT,
                              f"{kind} text decodes to an instruction that trips {rules}",
                              (0, len(text)), " ".join(text.split())[:40])
                return

    @staticmethod
    def _match(rule: Rule, s: str, t: Normalised,
               present: frozenset[str]) -> tuple[Severity, int, int] | None:
        if present is not _NO_HINTS:
            for group in rule.minimal_hints:
                if present.isdisjoint(group):
                    return None
        for m in rule.rx.finditer(s):
            start, end = m.start(), m.end()
            if rule.imperative and not _imperative_at(s, start):
                continue
            if rule.sentence:
                lo, hi = t.sentence(start, end)
            else:
                lo = max(0, start - rule.window)
                hi = min(len(s), end + rule.window)
                para = s.rfind("\n\n", lo, start)
                if para >= 0:
                    lo = para
                para = s.find("\n\n", end, hi)
                if para >= 0:
                    hi = para
            if rule.near and not all(rx.search(s, lo, hi) for rx in rule.near):
                continue
            if rule.unless is not None and rule.unless.search(s, lo, hi):
                continue
            severity = rule.severity
            if rule.strong is not None and rule.strong.search(
                    s, lo, max(hi, min(len(s), end + rule.strong_after))):
                severity = Severity.REJECT
            # Leading separators of the imperative prefix are not part of the hit.
            while start < end and s[start] in " \n\t.>-*([:;\"'!?":
                start += 1
            return severity, start, end
        return None

    def _encoded(self, text: str, depth: int) -> Generator[Finding, None, bool]:
        candidates: list[tuple[int, int, str, str]] = []
        for m in B64_BLOB.finditer(text):
            blob = m.group(0)
            if sum((any(c.islower() for c in blob), any(c.isupper() for c in blob),
                    any(c.isdigit() for c in blob))) >= 2:
                candidates.append((m.start(), m.end(), blob, "b64"))
        candidates.extend((m.start(), m.end(), m.group(0), "hex")
                          for m in HEX_BLOB.finditer(text))
        candidates.extend((m.start(), m.end(), m.group(0), "pct")
                          for m in PCT_BLOB.finditer(text))
        names = {"b64": "base64", "hex": "hex", "pct": "percent-encoded"}
        for start, end, blob, kind in candidates[:MAX_BLOBS]:
            decoded = decode_blob(blob, kind)
            if decoded is None:
                continue
            inner = [f for f in self._scan(decoded, depth + 1)
                     if f.severity in (Severity.REJECT, Severity.REVIEW)]
            if not inner:
                continue
            rules = ", ".join(sorted({f.rule for f in inner}))
            # The decoded text is not quoted (see injection.obfuscated above).
            yield Finding("injection.encoded_payload", Severity.REJECT,
                          f"{names[kind]} blob decodes to text that trips {rules}",
                          (start, end), blob[:40])
            return True
        return False
