"""Deep recall's search text: a question that names a speaker asks what that speaker said.

In a transcript whose speakers are named (a group chat, an imported
dialogue: LoCoMo's roles are "Caroline" and "Melanie"), "What activities does
Melanie partake in?" is answered by Melanie's own turns, which are in the
first person and never write her name. The name itself matches the *other*
speaker's turns ("Hey Melanie!", "Thanks, Mel"), which then fill the budget
on the name alone. Deep recall therefore searches (lexically and densely)
with the named speakers' names taken out, and lets the speaker prior
(:attr:`~sleepstack.wake.settings.RecallConfig.speaker_boost`, raised in
:data:`~sleepstack.wake.deep.DEFAULT_DEEP`) point at their turns instead.
Fast recall does the same for the user's own id (``_without_own_name``).

Generic roles (``user``, ``assistant``…) are never names; a question that
would be left without a content word keeps its text.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..index.lexical import STOPWORDS, raw_words
from ..index.reader import Generation

__all__ = ["GENERIC_ROLES", "named_speakers", "search_text", "search_text_for"]

GENERIC_ROLES = frozenset({"user", "assistant", "tool", "system"})


def named_speakers(roles: Iterable[str], question: str) -> set[str]:
    """The speakers among *roles* whose name (any word of it) the question writes."""
    words = set(raw_words(question))
    return {r for r in roles
            if r and r.lower() not in GENERIC_ROLES and set(_name_words(r)) & words}


def _name_words(role: str) -> list[str]:
    return [w for w in raw_words(role) if len(w) >= 2 and w not in STOPWORDS]


def search_text(question: str, roles: Iterable[str]) -> str:
    """*question* without the names of the speakers it names (and their ``'s``).

    The question is returned unchanged when it names no speaker or when
    nothing but stopwords would be left.
    """
    named = named_speakers(roles, question)
    if not named:
        return question
    words = sorted({w for r in named for w in _name_words(r)}, key=len, reverse=True)
    pattern = r"(?i)(?<!\w)(?:" + "|".join(re.escape(w) for w in words) + r")(?:['’]s)?(?!\w)"
    out = " ".join(re.sub(pattern, " ", question).split())
    if not [w for w in raw_words(out) if w not in STOPWORDS]:
        return question
    return out


def search_text_for(gen: Generation, user: str, question: str) -> str:
    """:func:`search_text` with the speakers of *user*'s indexed turns (unchanged on failure).

    A generation that cannot give the user's rows leaves the question as it
    is: recall's own reading of the index then degrades as it always does.
    """
    try:
        ud = gen.user_data(user)
    except Exception:  # recall degrades on the same failure a step later
        return question
    if ud.roles is None:
        ud.roles = {r.role for r in ud.rows if r.layer == "raw" and r.role}
    return search_text(question, ud.roles)
