"""The subject gate: a merged or summarised line names only its own user.

Consolidation hands one user's notes to an LLM and takes lines back. A line
that says "Alice prefers window seats on flights." in **bob**'s memory — his
evidence: "bob prefers window seats" — is grounded by similarity and numbers
alike, yet it files a claim about someone else under bob (issue #12). This
gate runs next to the grounding gate where consolidation output is accepted:
every person a line names must be the cluster's own user or a third party the
line's evidence names. A failing line is not written; the originals stay.

Who a line names: its capitalised words (any script with case: "Alice",
"Алиса", "Zoë", possessives "Alice's") that are not a word of the evidence in
any case, not the user's id (or a part of it: ``bob.smith`` → ``bob``,
``smith``), and not one of the common words that start a sentence ("The",
"Prefers", "On", weekdays, months; a first word like "Running" or
"According"). Known other users' ids (*others*) are
foreign in any case ("alice prefers…"). Scripts without case (Chinese,
Japanese) carry no such signal; there only *others* apply. A false alarm
costs a merge (the notes stay as they were), never a wrong memory: the gate
fails closed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

__all__ = ["COMMON_STARTERS", "foreign_names", "subject_reasons"]

_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")
_POSSESSIVE = re.compile(r"['’]s?$")
_ID_PARTS = re.compile(r"[._@+\-\d]+")

#: words that start sentences in merged lines and are not names (lower case)
_STARTERS = """
a an the this that these those there here it its they them their theirs he him his she her
hers we us our ours you your yours i me my mine who whom whose which what when where why how
user users person people someone somebody everyone everybody nobody none both each every all
some any most many few several either neither one two three also and but or nor so yet if
then than though although because since while whereas unless until after before during
about above across against along among around at by for from in into near of off on onto
out over past per through to toward towards under up upon via with within without not no
yes always never often usually sometimes rarely still already now today tonight yesterday
tomorrow currently recently previously formerly later soon once again only just even
prefers prefer preferred likes like liked loves love loved enjoys enjoy enjoyed dislikes
dislike disliked hates hate hated wants want wanted needs need needed uses use used works
work worked lives live lived has have had is are was were be been being does do did
owns own owned plans plan planned wishes wish asked asks ask said says say told tells
thinks think thought knows know knew feels feel felt goes go went gets get got makes make
made takes take took keeps keep kept moved moves move started starts start stopped stops
visited visits visit bought buys studied studies learned learns learning drinks drink eats
eat reads read writes write wrote speaks speak plays play played travels travel traveled
travelled mentioned mentions noted notes prefers favourite favorite usual typical regular
monday tuesday wednesday thursday friday saturday sunday january february march april may
june july august september october november december morning evening afternoon night
note notes memory summary update fact facts preference preferences
"""
COMMON_STARTERS = frozenset(_STARTERS.split())


def _id_parts(user: str) -> set[str]:
    low = user.lower()
    return {low, *(p for p in _ID_PARTS.split(low) if p)}


def _words(text: str) -> list[str]:
    return _WORD.findall(text)


def foreign_names(text: str, *, user: str, evidence: Sequence[str],
                  others: Iterable[str] = ()) -> list[str]:
    """The names in *text* that are neither *user* nor named by *evidence* (in order, once)."""
    known = {_POSSESSIVE.sub("", w.lower()) for e in evidence for w in _words(e)}
    known |= _id_parts(user)
    other_ids = {o.lower() for o in others} - _id_parts(user)
    found: list[str] = []
    for n, raw in enumerate(_words(text)):
        word = _POSSESSIVE.sub("", raw)
        low = word.lower()
        if n == 0 and len(low) >= 6 and low.endswith(("ing", "ed")):
            continue  # "Running has been…", "According to…": a participle, not a name
        if len(word) < 2 or low in known or low in COMMON_STARTERS:
            continue
        if low.endswith("s") and (low[:-1] in known or low[:-1] in COMMON_STARTERS):
            continue  # "Mondays", "Notes"
        capitalised = word[0].isupper() and not word.isupper()
        if (capitalised or low in other_ids) and word not in found:
            found.append(word)
    return found


def subject_reasons(text: str, *, user: str, evidence: Sequence[str],
                    others: Iterable[str] = ()) -> list[str]:
    """Why *text* may not stand in *user*'s memory (empty: it names only whom it may)."""
    return [f"subject.foreign: the line names {name!r}, who is neither {user} nor named by "
            "its evidence" for name in foreign_names(text, user=user, evidence=evidence,
                                                     others=others)]
