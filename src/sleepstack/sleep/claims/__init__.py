"""Claims: every first-person self-disclosure of a turn, as a slotted fact.

The pipeline, one module per job:

1. :mod:`.detect` — the clauses that are the speaker's own statements about
   themselves (no questions, hypotheticals, quotes, reported speech, or text
   handed over to translate or repeat);
2. :mod:`.classify` — the slot each clause is about, by meaning (nearest
   prototypes of :mod:`.taxonomy` in the embedding space, all clauses of a
   batch embedded at once);
3. :mod:`.values` — the value the slot's kind calls for, and whether the
   clause leaves a value behind (a *removal*: "sold the Civic", "not peanuts"),
   read per clause by :mod:`.pick`;
4. what the speaker already holds anchors a change (:mod:`.held`): an ending
   said in an idiom ends the held value it names (:mod:`.ends`), a new value of
   a held slot is read by the slot's kind whatever the verb (:mod:`.fresh`);
   whose statement it is decides whether it is the speaker's at all
   (:mod:`.subject`, :mod:`.whose`); pastimes said as habits are likes
   (:mod:`.hobbies`).

:func:`extract_claims` turns those into :class:`~sleepstack.layers.facts.Fact`
objects (:mod:`.render`): one fact per claim, a third-person sentence with the
absolute date it was stated. A removal is a fact in the slot
``ended:<attribute>`` that :func:`sleepstack.sleep.resolve.resolve` uses to close
the value it names; it is recorded as history (closed at once), never as a
current fact.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence

from ...adapters.embed import Embedder
from ...layers.facts import Fact
from ...layers.rawlog import Turn
from ..resolve import ENDED
from .carry import Carry, finish, seed
from .claim import Claim
from .classify import (
    END_MARGIN,
    FLOOR,
    MARGIN,
    ending_scores,
    mask_subject,
    mask_values,
    rank_slots,
    semantic,
    untie,
)
from .conamed import Said, co_named
from .contrast import destination, with_contrasts
from .detect import Clause, disclosures, strip_foreign_text
from .ends import by_frames, held_named, idiom_endings_after, merge_endings
from .fresh import LOW_FLOOR, fresh_value, with_fresh
from .held import (
    HeldValues,
    by_contrast,
    held_elsewhere,
    held_endings,
    hold,
    hold_ruled,
    in_held_slot,
    names_value,
    one_each,
    unheld,
)
from .hobbies import hobbies, stated_pastimes
from .kinds import kind_hints, read_hints, vetoed
from .owner import owned_picks, said_before
from .parts import clause_parts
from .pick import RELATION, pick
from .products import is_product
from .remarks import weak_mention
from .render import MENTION, claim_fact, facts_of
from .settle import left_behind, mentions, settle
from .spans import Span, hint_entries, read_spans, span_picks, token_pass
from .subject import third_party
from .taxonomy import OTHER, SLOTS, Slot, slot_by_attribute, slot_by_name
from .weak import WEAK_FLOOR, weak_slots
from .whose import COUPLE, couple, couple_scores, named_relation, whose_picks

__all__ = [
    "CONTINUE_FLOOR",
    "CONTINUE_NEW_FLOOR",
    "ENDED",
    "MENTION",
    "OTHER",
    "SLOTS",
    "WEAK_FLOOR",
    "Claim",
    "Hints",
    "Slot",
    "candidate_clauses",
    "claim_fact",
    "claims_of",
    "extract_claims",
    "rank_clauses",
    "slot_by_attribute",
    "slot_by_name",
    "slot_hints",
    "strip_foreign_text",
]


#: a clause without first person that continues a slot its speaker already spoke
#: of needs at least this similarity to that slot
CONTINUE_FLOOR = 0.28
#: ... and a new value read from such a clause needs at least this
CONTINUE_NEW_FLOOR = 0.4
_WEAK_KINDS = frozenset({"tool"})
# Moods and reactions are the moment's, not facts about the speaker.
_FEELING = re.compile(r"\b(?:feel|feeling|felt|glad|happy|sad|excited|sorry|proud|thrilled|"
                      r"grateful|thankful|can't wait|cannot wait|so much|counting on|tired|"
                      r"stressed|nervous|worried|amazed|lucky|blessed|wish|hope)\b", re.I)
# An evaluation is an opinion about the thing, not a statement about the speaker.
_OPINION = re.compile(r"\b(?:best|worst|better|worse|great|good|bad|awesome|terrible|"
                      r"overrated|underrated|amazing|awful|love|hate|ever|favou?rite|nice|"
                      r"pain|cool|fast|slow|lovely|beautiful|gorgeous|wonderful|horrible|"
                      r"expensive|cheap|crowded|boring|interesting|fun|pretty|ugly|"
                      r"incredible|stunning|charming)\b", re.I)
# A change stated about a named value without a slot word: "Priya left."
_GONE = re.compile(r"^(?!(?:It|He|She|They|This|That)\b)(?P<v>[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)?)"
                   r"\s+(?:has\s+)?(?:left|quit|moved out|passed away|died|is gone|retired|"
                   r"moved away)\b")
# What makes an unslotted clause worth keeping as an ``other`` claim.
_OTHER_OK = re.compile(r"^(?:I|I'm|I've|I'll|we|we're|we've|my|our)\b", re.I)
_CHATTER = re.compile(
    r"\b(?:thanks|thank you|you|your|help|question|answer|chat)\b|"
    r"^(?:I|we)\s+(?:think|guess|feel like|mean|agree|see|understand|know|believe|suppose|bet|"
    r"wonder|hope|appreciate|love that|like that|get it|'m not sure|am not sure|'m sure)\b",
    re.I,
)
# The speaker as an object of someone else's clause: only then may it hold a value of theirs.
_AS_OBJECT = re.compile(r"\b(?:me|us)\b", re.I)


#: a clause must be this near its slot (and it must be the best one) to be a mention
MENTION_FLOOR = 0.45


_LIKES = slot_by_name("likes")
_COPULA_KINDS = frozenset({"allergy", "diet", "tool", "language"})
_COPULA = re.compile(r"\b(?:is|are|'s)\s+(?:now\s+|actually\s+|really\s+)?"
                     r"(?P<v>[A-Za-z][\w -]{1,30}?)\s*$")


#: a clause's candidate slots, by slot name: what :func:`slot_hints` computes
#: (plus the meta entry ``(ENDING, score)``, see :func:`.classify.ending_scores`)
Hints = Mapping[str, Sequence[tuple[str, float]]]
#: the name of the hints' meta entry: how much the clause means an ending
ENDING = "~ending"
#: the name of the hints' entries for the slots above the floor but not near the best
ALSO = "~also"
#: the name of the hints' entry for the ending read with the clause's subject masked
SUBJECT_ENDING = "~ending_subject"
#: the name of the hints' entries for the slots below the floor (but above .fresh.LOW_FLOOR)
LOW = "~low"


def candidate_clauses(texts: Iterable[str]) -> list[str]:
    """The distinct self-disclosure clauses of *texts* (what gets embedded)."""
    return list(dict.fromkeys(c.text for t in texts for c in disclosures(t)))


def rank_clauses(clauses: Sequence[str], embedder: Embedder) -> dict[str, list[tuple[str, float]]]:
    """Candidate slots (name, score) of each clause, embedded in one batch.

    With a semantic embedder each list ends with ``(ENDING, score)``: how much
    the clause's predicate means that something ended; a clause that does and
    has several parts also gets ``(ENDING + "@" + part, score)`` per part.
    """
    vecs, tagged = token_pass(clauses, embedder)  # the tagger's spans, same MiniLM pass
    wide = rank_slots(clauses, embedder, wide=True, floor=LOW_FLOOR, vecs=vecs)
    # Below the floor, kept as ``(LOW + "@" + slot, score)``: a slot the speaker holds (.fresh).
    low = [[(f"{LOW}@{s.name}", round(sc, 4)) for s, sc in r if sc < FLOOR] for r in wide]
    wide = [[(s, sc) for s, sc in r if sc >= FLOOR] for r in wide]
    if semantic(embedder):
        wide = untie(clauses, wide, embedder)
    # Candidates are the slots near the best; the others above the floor are
    # kept as ``(ALSO + "@" + slot, score)``, for a slot the speaker just ended.
    ranked = [[(s, sc) for s, sc in r if sc >= r[0][1] - MARGIN] for r in wide]
    also = [[(f"{ALSO}@{s.name}", round(sc, 4)) for s, sc in r if sc < r[0][1] - MARGIN]
            for r in wide]
    ends: list[float | None] = [None] * len(clauses)
    part_ends: dict[int, list[tuple[str, float]]] = {}
    if semantic(embedder):
        # Only clauses about a slot can end a value: the rest (most of a long
        # conversation) are not embedded a second time. Likes and dislikes count:
        # "Climbing is over for me" ends a value the speaker holds (.held).
        # So does a clause about no slot that names something ("Nemo ran away last
        # spring"): it may end a value the speaker holds.
        todo = [i for i, r in enumerate(ranked)
                if r or mask_subject(clauses[i]) != clauses[i]]
        for i, e in zip(todo, ending_scores([clauses[i] for i in todo], embedder), strict=True):
            ends[i] = e
        # Which part of a clause ends: those with several parts, once more.
        # (every clause about a slot with several parts: an ending said in one
        # part may be drowned in the whole clause's meaning)
        split = [(i, p) for i, e in enumerate(ends) if e is not None
                 for p in clause_parts(clauses[i])]
        scores = ending_scores([p for _, p in split], embedder)
        for (i, p), e in zip(split, scores, strict=True):
            part_ends.setdefault(i, []).append((f"{ENDING}@{p}", round(e, 4)))
        # A clause whose subject is a thing ("Golf is over for me"), read with that
        # subject masked too: used only for values the speaker holds (.held).
        subj = [i for i, e in enumerate(ends) if e is not None
                and mask_subject(clauses[i]) != mask_values(clauses[i])]
        for i, e in zip(subj, ending_scores([clauses[i] for i in subj], embedder,
                                            mask_subject), strict=True):
            part_ends.setdefault(i, []).append((SUBJECT_ENDING, round(e, 4)))
        # "Lucas and I called it quits": whether a couple's predicate is a breakup (.whose).
        cp = [i for i, c in enumerate(clauses) if couple(c)]
        for i, e in zip(cp, couple_scores([clauses[i] for i in cp], embedder), strict=True):
            part_ends.setdefault(i, []).append((COUPLE, round(e, 4)))
    # The kind of each candidate value, by meaning, in one more batch (.kinds).
    kh = kind_hints(clauses, [{s.kind for s, _ in r} | {slot_by_name(n.split("@", 1)[1]).kind
                                                         for n, _ in lo}
                              for r, lo in zip(wide, low, strict=True)], embedder, tagged) \
        if semantic(embedder) else [[] for _ in clauses]
    return {c: [(s.name, round(sc, 4)) for s, sc in r]
            + ([(ENDING, round(e, 4))] if e is not None else []) + part_ends.get(i, [])
            + also[i] + low[i] + kh[i] + hint_entries(tagged[i])
            for i, (c, r, e) in enumerate(zip(clauses, ranked, ends, strict=True))}


def slot_hints(texts: Iterable[str], embedder: Embedder) -> dict[str, list[tuple[str, float]]]:
    """Candidate slots of every self-disclosure clause in *texts*, embedded in one batch.

    The sleep cycle computes these once per cycle in the main process (one
    model, one batch) and hands them to the per-user extraction work.
    """
    return rank_clauses(candidate_clauses(texts), embedder)


def claims_of(turns: Sequence[Turn], subjects: Sequence[str | None],
              embedder: Embedder | None, hints: Hints | None = None,
              ruled: Sequence[Sequence[tuple[str, str]]] | None = None,
              prior: Mapping[str, HeldValues] | None = None,
              carry: Carry | None = None) -> list[list[Claim]]:
    """The claims of each turn (same order as *turns*); *subjects* as from the roles.

    *prior*: per subject, the values they held before these turns (slot name ->
    values, from their current facts: an earlier cycle's), the anchors of what
    these turns change. *carry*: the remarks earlier cycles could not read,
    filled in with what these turns make of them and what stays unread (.carry).

    Clauses found in *hints* are not embedded again; the others are embedded
    with *embedder* in one batch (without an embedder they get no slot).
    *ruled*: per turn, the (attribute, value) pairs the phrasing rules read from
    it; those of the slots the rules fill (likes, dislikes) are held values too.
    """
    per_turn: list[list[Clause]] = []
    for t, s in zip(turns, subjects, strict=True):
        per_turn.append(disclosures(t.text) if s is not None else [])
    known: dict[str, list[tuple[Slot, float]]] = {}
    ending: dict[str, float] = {}
    parts: dict[str, list[tuple[str, float]]] = {}
    by_subject: dict[str, float] = {}
    others: dict[str, list[tuple[Slot, float]]] = {}
    faint: dict[str, list[tuple[Slot, float]]] = {}
    breakup: dict[str, float] = {}
    kinds: dict[str, dict[str, dict[str, float]]] = {}  # clause -> span -> kind -> p
    spans: dict[str, list[Span]] = {}  # clause -> the tagger's spans (.spans)

    def _take(text: str, r: Sequence[tuple[str, float]]) -> None:
        known[text] = [(slot_by_name(n), float(sc)) for n, sc in r
                       if not n.startswith("~")]
        others[text] = [(slot_by_name(n[len(ALSO) + 1:]), float(sc)) for n, sc in r
                        if n.startswith(ALSO + "@")]
        faint[text] = [(slot_by_name(n[len(LOW) + 1:]), float(sc)) for n, sc in r
                       if n.startswith(LOW + "@")]
        ending.update((text, float(sc)) for n, sc in r if n == ENDING)
        by_subject.update((text, float(sc)) for n, sc in r if n == SUBJECT_ENDING)
        breakup.update((text, float(sc)) for n, sc in r if n == COUPLE)
        parts[text] = [(n[len(ENDING) + 1:], float(sc)) for n, sc in r
                       if n.startswith(ENDING + "@")]
        kinds[text] = read_hints(r)
        spans[text] = read_spans(r)

    if hints:
        for text, r in hints.items():
            _take(text, r)
    todo = list(dict.fromkeys(c.text for cl in per_turn for c in cl if c.text not in known))
    if todo and embedder is not None:
        for text, r in rank_clauses(todo, embedder).items():
            _take(text, r)
    # Earlier cycles' unread remarks first, as if read now; unread: (position in out,
    # mention); said: the speakers' own clauses, for .conamed.
    out, unread, said = seed(carry, turns)
    n_pre = len(out)
    # The slots each speaker has already made a claim in (turn order): the topic
    # of their conversation so far.
    spoken: dict[tuple[str, str], set[str]] = {}
    # ... and the value each single-valued slot of theirs holds so far
    held: dict[tuple[str, str], dict[str, str]] = {}
    # ... and the single-valued slot whose value they just ended, if their next
    # claim has not given it a new one yet: the next value they name in it is the
    # replacement ("Today was my last day at Capgemini." … "Monday I start at KPMG").
    opened: dict[tuple[str, str], str] = {}
    # ... and every value they hold, per slot (multi-valued ones too): a clause
    # that means an ending and names one of them ends it, however it is phrased.
    holds: dict[tuple[str, str], dict[str, list[str]]] = {}
    if prior and len({t.user for t in turns}) > 1:
        raise ValueError("prior held values belong to one user; turns are of several")
    if prior and turns:
        # What an earlier cycle settled is where this one starts: the same speaker's
        # values and topics, as if their earlier turns were part of this cycle.
        for subj, slots in prior.items():
            key = (turns[0].user, subj)
            hv0 = holds.setdefault(key, {})
            for name, vals in slots.items():
                sl = slot_by_name(name)
                if sl is OTHER or not vals:
                    continue
                hv0[name] = list(vals) if sl.multi else [vals[-1]]
                spoken.setdefault(key, set()).add(name)
                if not sl.multi:
                    held.setdefault(key, {})[name] = vals[-1].casefold()
    for ti, (t, s, cl) in enumerate(zip(turns, subjects, per_turn, strict=True)):
        got: list[Claim] = []
        prev: Claim | None = None
        mine = spoken.setdefault((t.user, s or ""), set())
        gap = opened.get((t.user, s or ""))
        hv = holds.setdefault((t.user, s or ""), {})
        before: list[tuple[str, str]] = []  # held values the turn's last clause named
        for c in cl:
            rk = known.get(c.text, [])
            assert s is not None
            theirs = third_party(c.text)  # someone else's news ("My sister moved to Bristol")
            said.append(Said(len(out), t, s, c.text, frozenset(
                sl.name for sl, _ in rk + others.get(c.text, []) + faint.get(c.text, [])),
                theirs))
            # A remark with no first person clearly about a slot: its history, if
            # a later claim gives the slot another value (.remarks).
            wm = weak_mention(t, s, c, rk, others.get(c.text, []) + faint.get(c.text, []), mine) \
                if c.weak and not _OPINION.search(c.text) and not _FEELING.search(c.text) \
                else None
            framed = idiom_endings_after(c.text, rk, hv, before) \
                if hv and not theirs else []
            before = held_named(c.text, hv)
            gone = merge_endings(held_endings(
                c.text, max(ending.get(c.text, 0.0), by_subject.get(c.text, -1.0)),
                parts.get(c.text, ()), hv), framed) if hv and not theirs else []
            for name, v in gone:
                prev = Claim(t, s, slot_by_name(name), v, True, c.text, END_MARGIN)
                got.append(prev)
            if gap is not None and rk:
                # The slot just ended comes first when the clause is about it at all
                # (above the floor, if not near the best).
                near = [x for x in rk + others.get(c.text, []) if x[0].name == gap]
                rk = near[:1] + [x for x in rk if x[0].name != gap]
            cont: list[tuple[Slot, float]] = []
            # A new value of a slot the speaker holds, whatever verb says it (.fresh).
            fr = fresh_value(c, rk, others.get(c.text, []) + faint.get(c.text, []), hv, got,
                             gap, RELATION, t.text, kinds.get(c.text))
            if c.weak:
                # No first person: a statement about the world unless it is clearly
                # about the speaker's tools ("CI is on Jenkins these days"), or it
                # continues a slot the same speaker already made a claim in ("mustard's
                # the culprit" after "strawberries give me hives", "Bali's off" after
                # "my next trip is to Bali"): their own earlier words give it its
                # subject. Places, people and companies said in the third person with
                # no such history are conversation topics.
                cont = [(sl, sc) for sl, sc in rk if sl.name in mine and sc >= CONTINUE_FLOOR]
                rk = cont or [(sl, sc) for sl, sc in rk[:1]
                              if sl.kind in _WEAK_KINDS and sc >= WEAK_FLOOR] \
                    or weak_slots(c.text, rk + others.get(c.text, []))
                if (not rk and not fr) or _OPINION.search(c.text):
                    if wm is not None:
                        unread.append((len(out), wm))
                    continue
            nr = named_relation(c.text)  # "my husband Gareth says hi", unless it ends there
            if nr and max(ending.get(c.text, 0.0), breakup.get(c.text, 0.0)) < END_MARGIN \
                    and not held_elsewhere(nr[0].name, nr[1], hv):
                got.append(Claim(t, s, nr[0], nr[1], False, c.text, 0.5))
            if theirs and not _AS_OBJECT.search(c.text):
                # "My sister moved to Bristol": someone else's news, not the speaker's slot
                # (unless the speaker is in it: "my mum helped me move to …", read by .owner).
                continue
            cparts = parts.get(c.text, ())
            whole = ending.get(c.text, 0.0) >= END_MARGIN
            # An ending said in one part only ends the values of that part.
            ended = whole or any(sc >= END_MARGIN for _, sc in cparts)
            picks = by_frames(c.text, pick(c, rk, ended, cparts, whole), framed, hv)
            # A value clearly of another kind than its slot's is none ("lives in Porsche").
            kd = kinds.get(c.text, {})
            # (a product by name is of its kind whatever it reads as: "Jenny Craig")
            picks = [p for p in picks if not vetoed(p[0].name, p[1], kd)
                     or is_product(p[0].name, p[1])]
            passed = {(p[0].name, p[1]) for p in picks}  # (the veto reads slot and value only)
            if gone:
                # What the clause ends is no value of another slot ("Golf is over
                # for me" is no trip to Golf, nor the end of one).
                picks = [p for p in picks if not any(
                    (names_value(p[1], v) or names_value(v, p[1])) and (
                        not p[2] or p[0].name != n) for n, v in gone)]
            # Nor is a value the speaker holds in one slot a new value of another
            # ("Chen moved to sales" after "I report to Chen" is no database Chen).
            picks = [p for p in picks if p[2] or not held_elsewhere(p[0].name, p[1], hv)]
            if c.weak and cont:
                # Without a first person, ending a value is safe to read ("The Golf
                # died"); a *new* value needs the slot's meaning clearly ("Berlin is
                # lovely in spring" after "I live in Leeds" is no move).
                # Right after the same turn ended the slot's value, though, the
                # next value of the slot is its replacement ("Said goodbye to the
                # Bolt - the Mustang is parked outside").
                replaces = prev is not None and prev.turn is t and prev.removal
                # So is a value the clause itself holds next to an ending
                # ("lisbon is cancelled, flying to Madrid instead").
                picks = [p for p in picks if p[2] or p[3] >= CONTINUE_NEW_FLOOR or ended
                         or p[0].name == gap
                         or (replaces and prev is not None and prev.slot is p[0])]
            if not picks and prev is not None and prev.clause != c.text \
                    and prev.turn is t and prev.slot.kind in _COPULA_KINDS:
                # "My eggs allergy was a misdiagnosis; the real one is soy": the
                # clause continues the previous one's slot with a bare copula.
                m = _COPULA.search(c.text)
                if m:
                    picks = [(prev.slot, m["v"].strip(), False, prev.score)]
            if not c.weak and all(p[2] and not any(names_value(p[1], v) for v in
                                                   hv.get(p[0].name, ())) for p in picks):
                # A name the readers did not take (or took for the end of a value the
                # speaker never had), in a clause about a slot the speaker holds
                # another value in: the new value.
                bc = by_contrast(c.text, rk, hv, [v for _, v in gone], gap, kd) or \
                    in_held_slot(c.text, rk + others.get(c.text, []), hv)
                if bc:
                    picks = [p for p in picks if p[1].casefold() != bc[0][1].casefold()] + bc
            # ... and so is a value added since (a copula's, a held slot's, a fresh one).
            picks = destination([p for p in with_fresh(picks, fr, hv, got, gap)
                                 if (p[0].name, p[1]) in passed
                                 or not vetoed(p[0].name, p[1], kd)], c.text)
            lk = [sc for sl, sc in rk + others.get(c.text, []) if sl is _LIKES]
            pt = [] if c.weak else stated_pastimes(c.text)
            if pt:
                # "I play contract bridge on weekends": a pastime said precisely is no
                # employer, partner or language of the same words (.hobbies)
                picks = [p for p in picks if not any(
                    names_value(p[1], v) or names_value(v, p[1]) for v in pt)] + [
                    (_LIKES, v, False, lk[0] if lk else WEAK_FLOOR) for v in pt]
            if not picks and not c.weak and lk:
                # "I do yoga and climbing": pastimes the rules' verbs of liking miss
                picks = [(_LIKES, v, False, lk[0]) for v in hobbies(c.text)]
            if not picks:  # the learned tagger's value, for a clause the readers read none of
                picks = [p for p in span_picks(c.text, rk, spans.get(c.text, ()), hv,
                                               ending.get(c.text, 0.0))
                         if not vetoed(p[0].name, p[1], kd)]
            # Someone else's values out, a couple's breakup in (.whose).
            picks = whose_picks(c.text, c.sentence, picks, breakup.get(c.text), hv)
            if picks:
                # Each value's owner by the clause's structure (.owner): "my roommate
                # Jen's number", "she's engaged to …" give the speaker nothing.
                mine_only = owned_picks(c.text, said_before(t.text, c.text), picks, theirs)
                if not mine_only:
                    continue
                picks = mine_only
            # The same for what the later readers (spans, owners) gave, and for the name
            # the clause itself gives a relation ("My partner is Ilse Brandt" is no home).
            named = {**hv, nr[0].name: [nr[1]]} if nr else hv
            picks = [p for p in picks if p[2] or not held_elsewhere(p[0].name, p[1], named)]
            if picks:
                prev = Claim(t, s, picks[0][0], picks[0][1], picks[0][2], c.text, picks[0][3])
            if not picks and not c.weak and rk and rk[0][1] >= MENTION_FLOOR \
                    and rk[0][0].name not in mine \
                    and not rk[0][0].multi and rk[0][0].core and rk[0][0].kind != "thing":
                # Only before the speaker's first readable claim of the slot: after
                # one, an unread remark must not close the value it may restate.
                unread.append((len(out), Claim(t, s, rk[0][0], c.text, False, c.text,
                                               rk[0][1], mention=True)))
            if not picks:
                m = _GONE.match(c.text)
                if c.weak and not m:
                    if wm is not None:
                        unread.append((len(out), wm))
                    continue
                if m:
                    got.append(Claim(t, s, OTHER, m["v"], True, c.text, 0.0))
                elif (not c.note and not nr and _OTHER_OK.match(c.text)
                      and 4 <= len(c.text.split()) <= 20 and not _CHATTER.search(c.text)
                      and not _OPINION.search(c.text) and not _FEELING.search(c.text)):
                    got.append(Claim(t, s, OTHER, c.text, False, c.text, 0.0))
                continue
            got.extend(Claim(t, s, slot, v, rem, c.text, sc) for slot, v, rem, sc in picks)
        if hv and s is not None:  # a correction said as a contrast (.contrast)
            got = with_contrasts(got, t, s, cl, hv)
        got = left_behind(unheld(one_each(got), hv), held.setdefault((t.user, s or ""), {}))
        slotted = [c for c in got if c.slot is not OTHER and not c.mention]
        if slotted:
            ends = [c.slot.name for c in slotted if c.removal and not c.slot.multi
                    and not any(d.slot is c.slot and not d.removal for d in slotted)]
            if ends:
                opened[(t.user, s or "")] = ends[-1]
            else:
                opened.pop((t.user, s or ""), None)
        out.append(settle(got))
        mine.update(c.slot.name for c in got if c.slot is not OTHER)
        hold(hv, out[-1])
        for attr, v in ruled[ti] if ruled else ():
            hold_ruled(hv, slot_by_attribute(attr), v)
    return finish(co_named(mentions(out, unread), said, holds), n_pre, unread, said, ruled,
                  carry)


def extract_claims(turns: Sequence[Turn], subjects: Sequence[str | None],
                   embedder: Embedder | None, hints: Hints | None = None,
                   ruled: Sequence[Sequence[tuple[str, str]]] | None = None,
                   prior: Mapping[str, HeldValues] | None = None,
                   carry: Carry | None = None) -> list[list[Fact]]:
    """Facts from the claims of each turn; *prior*, *carry* as in :func:`claims_of`.

    An unslotted ``other`` claim becomes a fact only when it carries something
    a later question can ask about (:func:`.useful.useful_other`).
    """
    return [facts_of(cs)
            for cs in claims_of(turns, subjects, embedder, hints, ruled, prior, carry)]

