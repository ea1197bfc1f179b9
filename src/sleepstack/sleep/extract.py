"""Fact extraction: raw-log turns in, candidate long-term facts out.

Two extractors with one output shape (:class:`~sleepstack.layers.facts.Fact`):

* :func:`extract_facts` — deterministic, offline rules for the statement forms
  people use most (preferences, "my X is Y", moves, jobs, dated plans and
  events, pets and family). It favours precision over recall: a wrong fact in
  long-term memory is worse than a missing one, so questions, hypotheticals,
  reported speech and anything not anchored on the speaker are skipped, and
  negations become negative facts ("does not like X"), never positive ones.
* :func:`extract_facts_llm` — the same job done by an LLM through
  :func:`~sleepstack.adapters.llm.complete_json`, with every item validated
  (cites must be given turn ids, dates absolute) before it becomes a fact.

Relative dates ("yesterday", "next Friday", "two weeks ago") are resolved
against the time of the turn that said them, so every fact's text carries
absolute dates only. :func:`find_dates` and :func:`absolutize` live in
:mod:`sleepstack.sleep.dates` (re-exported here) because the grounding gate,
the claims and the summaries need the same resolution.

One job per module: :mod:`.extract_base` (roles, clause patterns, the
candidate shape), :mod:`.extract_rules_prefs` and :mod:`.extract_rules_life`
(the phrasing rules), :mod:`.extract_llm` (the LLM path); this module runs the
rules per clause, merges them with the claims and builds the facts. Date
tables and arithmetic shared with the wake path are in :mod:`sleepstack.text.dates`.

Pure functions: plain values in, plain values out, no store access.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from ..adapters.embed import DEFAULT_EMBEDDER, Embedder, FloatMatrix, load_embedder
from ..adapters.llm import LLM, Budget, Usage, is_none
from ..layers.facts import Fact
from ..layers.rawlog import Turn, iso
from .dates import DateMention, _render_into, absolutize, find_dates
from .extract_base import (
    _ASSISTANT_QUOTE,
    _CLAUSE_SPLIT,
    _HYPO,
    _HYPO_OK,
    _MARKERS,
    _NEG,
    _QUESTION_START,
    _QUOTED,
    _SENT_SPLIT,
    ASSISTANT_ROLES,
    USER_ROLES,
    _Cand,
    _Ctx,
    _name,
    direction_of,
    fact_id,
    stated_fact,
    subject_for_role,
)
from .extract_llm import CATEGORIES, llm_facts
from .extract_rules_life import (
    _a,
    _rule_events,
    _rule_misc,
    _rule_moves,
    _rule_plans,
    _rule_relations,
    _rule_work,
)
from .extract_rules_prefs import (
    _rule_favourite,
    _rule_format,
    _rule_likes,
    _rule_my_key,
    _rule_prefer_generic,
)

if TYPE_CHECKING:
    from .claims.carry import Carry

__all__ = [
    "ASSISTANT_ROLES",
    "CATEGORIES",
    "USER_ROLES",
    "DateMention",
    "absolutize",
    "extract_facts",
    "extract_facts_llm",
    "fact_id",
    "find_dates",
    "subject_for_role",
]

# Order matters: the first rule that yields facts for a clause wins, so the
# specific forms go before the broad ones.
_RULES: list[Callable[[_Ctx], list[_Cand]]] = [
    _rule_format,
    _rule_favourite,
    _rule_my_key,
    _rule_relations,
    _rule_work,
    _rule_moves,
    _rule_plans,
    _rule_likes,
    _rule_prefer_generic,
    _rule_misc,
    _rule_events,
]


def _strip_markers(clause: str) -> str:
    prev = None
    c = clause.strip()
    while prev != c:
        prev = c
        c = _MARKERS.sub("", c).strip()
    return c


def _clauses_of(text: str) -> list[str]:
    # Quoted first-person speech belongs to someone else ("she said "I moved…"").
    text = _QUOTED.sub(
        lambda m: " … " if re.match(r"\s*(?:I|we|my)\b", m.group(1), re.I) else m.group(0), text
    )
    out: list[str] = []
    for sent in _SENT_SPLIT.split(text):
        sent = sent.strip()
        if not sent or sent.endswith("?"):
            continue
        for clause in _CLAUSE_SPLIT.split(sent):
            clause = _strip_markers(clause or "").rstrip(".!… ")
            if clause:
                out.append(clause)
    return out


def _extract_text(text: str, subject: str, at: datetime) -> list[_Cand]:
    stated = at.astimezone(UTC).date().isoformat()
    out: list[_Cand] = []
    for clause in _clauses_of(text):
        if _QUESTION_START.match(clause):
            continue
        if _HYPO.search(_HYPO_OK.sub("", clause)):
            continue
        direction = direction_of(clause)
        dates = find_dates(clause, at, direction)
        ctx = _Ctx(
            subject=subject,
            clause=_render_into(clause, dates, drop=True) if dates else clause,
            clause_abs=_render_into(clause, dates) if dates else clause,
            dates=dates,
            stated=stated,
            neg=bool(_NEG.search(clause)),
        )
        from .claims.subject import third_party  # imported on use, like the claims imports below

        others = third_party(clause)
        for rule in _RULES:
            got = rule(ctx)
            if others:
                # "My cousin relocated to Glasgow": not the speaker's own slot.
                got = [c for c in got if not _own_slot(c.attribute)]
            if got:
                out.extend(got)
                break
    return out


def _own_slot(attribute: str) -> bool:
    """Whether *attribute* is one of the speaker's single slots (home, employer, ...)."""
    from .claims import slot_by_attribute

    slot = slot_by_attribute(attribute)
    return slot is not None and slot.name not in ("family", "likes", "dislikes", "format")


def _one_sentence_each(cands: list[_Cand]) -> list[_Cand]:
    """One fact, one sentence: no two attributes of a turn share a rendering.

    A second attribute read from the same sentence ("works as a nurse at X":
    job title and employer) gets its slot's own sentence.
    """
    from .claims import slot_by_attribute

    seen: set[str] = set()
    out: list[_Cand] = []
    for c in cands:
        slot = slot_by_attribute(c.attribute)
        if c.text in seen and slot is not None:
            stated = re.search(r"\(stated [^)]*\)\.$", c.text)
            v = _a(c.value) if slot.kind == "title" else c.value
            body = slot.template.format(S=_name(c.subject), v=v)
            c = _Cand(c.subject, c.attribute, c.value, c.category, c.confidence,
                      f"{body} {stated.group(0)}" if stated else f"{body}.")
        seen.add(c.text)
        out.append(c)
    return out


#: a rule reading that closes its opposite's value in resolve ("no longer likes X")
_OPPOSITE = {"dislikes": "likes", "likes": "dislikes"}


class _LazyEmbedder:
    """An embedder spec loaded on first use (hints usually make it unnecessary)."""

    def __init__(self, spec: str) -> None:
        self.spec = spec
        self._emb: Embedder | None = None

    def _get(self) -> Embedder:
        if self._emb is None:
            self._emb = load_embedder(self.spec)
        return self._emb

    @property
    def name(self) -> str:
        """The spec."""
        return self._get().name

    @property
    def dim(self) -> int:
        """The vector length."""
        return self._get().dim

    def embed(self, texts: Sequence[str]) -> FloatMatrix:
        """Vectors of *texts*."""
        return self._get().embed(texts)


def _restates_a_claim(cand: _Cand, claimed: Sequence[Fact]) -> bool:
    """True when a rule read the value of one of the turn's slotted claims again.

    "My boss is Lena" is one claim (manager = Lena); the rules' manager_name =
    Lena is the same statement under another attribute, and would stay current
    when the claim is superseded. One fact per claim: the claim's is kept.
    The rules' reading counts as the same when it equals the claim's value or
    contains it as a name.
    """
    from .claims import slot_by_attribute

    if slot_by_attribute(cand.attribute) is not None:
        # The rule read another *slot* ("I moved to Munich": lives_in) where the
        # claim's nearest prototype said next_trip: a competing reading of the
        # same words, not the same statement twice; both stay for resolve.
        return False
    v = cand.value.casefold()
    for f in claimed:
        w = f.value.casefold()
        if f.attribute == "other" or w == "none" or f.attribute == cand.attribute:
            continue
        if v == w:
            return True
        # A longer reading that contains the claim's *name* is about the same one
        # ("married to Karl"); a common-word value inside another ("the children"
        # in "the children's hospital") says nothing of the kind.
        named = f.value[:1].isupper() or any(ch.isdigit() or ch == "@" for ch in f.value)
        if named and re.search(rf"(?<!\w){re.escape(w)}(?!\w)", v):
            return True
    return False


def extract_facts(
    turns: Sequence[Turn],
    *,
    cycle: str | None = None,
    embedder: str | Embedder | None = None,
    hints: Mapping[str, Sequence[tuple[str, float]]] | None = None,
    prior: Mapping[str, Mapping[str, Sequence[str]]] | None = None,
    carry: Carry | None = None,
) -> list[Fact]:
    """Deterministic facts stated in *turns*, in turn order, one per statement.

    Two readers, one output: the **claims** of :mod:`sleepstack.sleep.claims`
    (every self-disclosure, its slot decided by meaning with *embedder*,
    default MiniLM) and the phrasing rules of this module for what claims leave
    to them (likes, dislikes, response formats, family, dated plans and
    events). For an attribute both read from the same turn, the claim wins.
    Neither reads quoted text, reported speech or material handed over to
    translate or repeat.

    *hints* are the clauses' candidate slots computed beforehand
    (:func:`sleepstack.sleep.claims.slot_hints`); clauses not in them are
    embedded here, in one batch. *prior*: per subject, the values (slot name ->
    values) their current facts already hold, from earlier cycles; what these
    turns change is read against them (:mod:`sleepstack.sleep.claims.held`).
    *carry* (:class:`sleepstack.sleep.claims.carry.Carry`): the remarks earlier
    cycles could not read; the facts these turns give their (earlier) turns come
    last, and ``carry.left`` is what stays unread.

    Subject is ``"user"`` for the user's first person, or the speaker's name
    when the role is a person's name (multi-party logs). Assistant turns are
    skipped unless they quote the user ("you said "…"").
    """
    from .claims import (
        ENDED,
        MENTION,
        claim_fact,
        extract_claims,
        slot_by_attribute,
        strip_foreign_text,
    )

    turns = list(turns)
    subjects = [subject_for_role(t.role) for t in turns]
    emb: Embedder | None
    if isinstance(embedder, str | None):
        # Loaded only when a clause is not in *hints* (the cycle embeds in one batch).
        emb = _LazyEmbedder(embedder or DEFAULT_EMBEDDER)
    else:
        emb = embedder
    # The rules read every turn first: the values they read (likes, dislikes) are
    # values the speaker holds, which a later claim can end ("golf is over for me").
    ruled_all: list[list[_Cand]] = []
    penalties: list[float] = []
    for turn, subject in zip(turns, subjects, strict=True):
        cands: list[_Cand] = []
        penalty = 0.0
        if subject is None:
            if turn.role.strip().casefold() in ("assistant", "ai", "bot", "model", "agent"):
                for m in _ASSISTANT_QUOTE.finditer(turn.text):
                    cands.extend(_extract_text(strip_foreign_text(m["q"]), "user", turn.at))
                penalty = 0.1  # second-hand: the assistant may misquote
        else:
            cands = _extract_text(strip_foreign_text(turn.text), subject, turn.at)
        ruled_all.append(cands)
        penalties.append(penalty)
    claimed = extract_claims(turns, subjects, emb, hints,
                             ruled=[[(c.attribute, c.value) for c in cs] for cs in ruled_all],
                             prior=prior, carry=carry)
    facts: list[Fact] = []
    seen: set[str] = set()
    for turn, from_claims, cands, penalty in zip(turns, claimed, ruled_all, penalties,
                                                 strict=True):
        # Where the rules read the same value as a claim, the rule's sentence is kept
        # (it is often more specific); otherwise the claim wins its attribute.
        agree = {(c.attribute, c.value.casefold()) for c in cands}
        # A mention (an earlier, unread statement of a slot, see claims._mentions) is
        # history only: it yields to any rule reading of its slot in the same turn.
        ruled_attrs = {c.attribute for c in cands}
        mentions = [f for f in from_claims if f.text.startswith(MENTION)
                    and f.attribute not in ruled_attrs]
        from_claims = [f for f in from_claims if not f.text.startswith(MENTION)]
        claimed_here = from_claims
        from_claims = [f for f in from_claims
                       if (f.attribute, f.value.casefold()) not in agree]
        # "I don't like jazz anymore": the rules' dislike of jazz closes the like in
        # resolve; a removal of the like read from the same turn says it again.
        closed = {(_OPPOSITE[c.attribute], c.value.casefold()) for c in cands
                  if c.attribute in _OPPOSITE}
        from_claims = [f for f in from_claims if not (
            f.attribute.startswith(ENDED)
            and (f.attribute.removeprefix(ENDED), f.value.casefold()) in closed)]
        taken = {f.attribute.removeprefix(ENDED) for f in from_claims}
        if any(f.attribute != "other" for f in claimed_here):
            # The rules' "event" reading of a slotted statement ("moved from X to
            # Y") is the same statement again: one fact per claim.
            taken.update(("event", "events"))
        for f in from_claims:
            slot = slot_by_attribute(f.attribute.removeprefix(ENDED))
            taken.update(slot.covers if slot else ())
        claimed_values = {(f.attribute, f.value.casefold()) for f in claimed_here}
        ruled = [c for c in cands if (c.attribute, c.value.casefold()) in claimed_values or ((
            c.attribute not in taken) and not (
            c.attribute == "works_at" and c.value == "none" and "works_at" in taken)
            and not _restates_a_claim(c, claimed_here))]
        if ruled:
            # The rules read this turn: an unslotted "other" claim adds nothing.
            from_claims = [f for f in from_claims if f.attribute != "other"]
        for f in from_claims + mentions:
            if f.id not in seen:
                seen.add(f.id)
                facts.append(replace(f, cycle=cycle) if cycle else f)
        cands = _one_sentence_each(ruled)
        at = iso(turn.at)
        for c in cands:
            if not c.value.strip():
                continue
            fact = stated_fact(turn.user, c.subject, c.attribute, c.value, category=c.category,
                               confidence=max(0.1, c.confidence - penalty), text=c.text,
                               at=at, cites=(turn.id,), cycle=cycle)
            if fact.id not in seen:
                seen.add(fact.id)
                facts.append(fact)
    # An earlier cycle's remark that a change here made the slot's history.
    for late in carry.late if carry is not None else ():
        fact = claim_fact(late)
        if fact.id not in seen:
            seen.add(fact.id)
            facts.append(replace(fact, cycle=cycle) if cycle else fact)
    return facts


def extract_facts_llm(
    turns: Sequence[Turn],
    llm: LLM,
    *,
    budget: Budget | None = None,
    cycle: str | None = None,
    batch_size: int = 40,
    retries: int = 2,
) -> tuple[list[Fact], Usage]:
    """Facts extracted by *llm* (:func:`~.extract_llm.llm_facts`), plus the tokens spent.

    With no LLM (the ``none`` adapter) this is :func:`extract_facts` at zero
    cost. The dispatch lives here, not in :mod:`.extract_llm`, so the LLM path
    never imports the extractor that uses it.
    """
    if is_none(llm):
        return extract_facts(turns, cycle=cycle), Usage()
    return llm_facts(turns, llm, budget=budget, cycle=cycle, batch_size=batch_size,
                     retries=retries)
