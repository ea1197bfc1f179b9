"""The spotlighting primitives shared by every renderer of untrusted text.

Recall's context (:mod:`sleepstack.wake.fence`) and the sleep path's
rendered files (``SHORT_TERM.md``, ``LONG_TERM.md``) fence quoted text the
same way: a section opens with :data:`OPEN` and closes with :data:`CLOSE`,
and every quoted text is made :func:`neutral` first: on one line, with every
square bracket and bracket look-alike turned into a parenthesis (the
redaction marker ``[REDACTED:<rule>]`` excepted, it can close nothing), so a
quote can neither start a line of its own, nor close the section, nor forge
a label.
"""

from __future__ import annotations

import re

__all__ = ["CLOSE", "OPEN", "neutral"]

#: opens a section of untrusted, quoted data
OPEN = "[untrusted data]"
#: closes it
CLOSE = "[end untrusted data]"

# Brackets and the characters that look like them; all become parentheses.
_OPENERS = "[［⟦〚【〔⁅❲⦋⦍⦏⟬⟮⦗〖〘"
_CLOSERS = "]］⟧〛】〕⁆❳⦌⦎⦐⟭⟯⦘〗〙"
_BRACKETS = str.maketrans({**dict.fromkeys(_OPENERS, "("), **dict.fromkeys(_CLOSERS, ")")})
_REDACTION = re.compile(r"\[REDACTED:[A-Za-z0-9_.-]{1,64}\]")
_ANY_BRACKET = re.compile("[" + re.escape(_OPENERS + _CLOSERS) + "]")


def neutral(text: str) -> str:
    """*text* on one line with every bracket but a redaction marker's made harmless."""
    flat = " ".join(text.split())
    if _ANY_BRACKET.search(flat) is None:
        return flat
    out: list[str] = []
    pos = 0
    for m in _REDACTION.finditer(flat):
        out.append(flat[pos:m.start()].translate(_BRACKETS))
        out.append(m.group())
        pos = m.end()
    out.append(flat[pos:].translate(_BRACKETS))
    return "".join(out)
