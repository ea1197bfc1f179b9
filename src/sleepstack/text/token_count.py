"""Token counting for budgets: one deterministic approximation, shared by recall and the DAG.

The count is chosen to over-count rather than under-count for GPT-style BPE
tokenizers on English text:

* an ASCII letter run costs 1 token per 8 letters (rounded up),
* a digit run costs 1 token per 3 digits (BPE vocabularies split numbers so),
* every other non-space character costs 1 if ASCII (punctuation) and 2 if
  not (accents, CJK and emoji often take several tokens),
* the total is multiplied by 1.1 and rounded up.

Counting never crosses whitespace, so the count of lines joined by newlines is
at most the sum of the lines' counts; packers rely on that.
"""

from __future__ import annotations

import math
import re

__all__ = ["count_tokens"]

_PIECE_RE = re.compile(r"[A-Za-z]+|[0-9]+|[^\sA-Za-z0-9]")
_TOKEN_MARGIN = 1.1


def count_tokens(text: str) -> int:
    """A conservative, deterministic token count (see the module docstring)."""
    raw = 0
    for m in _PIECE_RE.finditer(text):
        s = m.group()
        c = s[0]
        if "a" <= c.lower() <= "z":
            raw += (len(s) + 7) // 8
        elif "0" <= c <= "9":
            raw += (len(s) + 2) // 3
        elif c.isascii():
            raw += 1
        else:
            raw += 2
    return math.ceil(raw * _TOKEN_MARGIN)
