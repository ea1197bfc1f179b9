"""Build (or extend) one graph from texts: mentions, statements, resolution, windows.

:func:`build_graph` folds a batch of texts (turns or document chunks, each
with its cite and time) into a graph, oldest first:

1. every name a text mentions becomes (or cites) an entity: this is what
   deep recall walks from an entity to the turns that speak of it;
2. every statement :mod:`.extract` reads is resolved (:mod:`.resolve`) and
   becomes an edge citing the turn, or cites the equal current edge;
3. a single-valued relation (``works_at``, ``lives_in``, ``partner_of``,
   ``located_in``) with a new object closes the subject's current edge of that
   kind at the new statement's time: ``valid_to`` and ``superseded_by`` are
   set, the edge stays in the file.

The function is pure (a graph in, a graph out), so the sleep phase can run it
on any engine and cache it by content.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from .activity import activities
from .extract import KIN, Statement, extract, mentions, sentences
from .model import SINGLE_VALUED, Entity, Graph, Relation, relation_id
from .resolve import Resolver

__all__ = ["Text", "apply_statements", "build_graph", "speaker_of"]

#: roles whose "I" is nobody in the user's graph
_NOBODY = frozenset({"assistant", "system", "tool", "memory", "agent", "bot"})


@dataclass(frozen=True)
class Text:
    """One input of a build: a turn or a document chunk."""

    cite: str
    text: str
    at: str
    role: str | None = None


def speaker_of(role: str | None) -> str | None:
    """Who "I" is in a text by *role* (see :func:`~sleepstack.graph.extract.extract`)."""
    if role is None or role == "":
        return None
    if role == "user":
        return "@user"
    if role.casefold() in _NOBODY:
        return None
    return f"@speaker:{role}"


def build_graph(graph: Graph, texts: Iterable[Text], *, user_name: str | None = None,
                llm_statements: Sequence[Statement] = ()) -> Graph:
    """*graph* extended with what *texts* say (a new object; the input is not changed)."""
    g = Graph(graph.owner, dict(graph.entities), list(graph.relations), dict(graph.sources))
    res = Resolver(g, user_name)
    batch = sorted(texts, key=lambda t: (t.at, t.cite))
    found = [(t, mentions(t.text)) for t in batch]
    # A sentence-initial single word counts as a name only where it is also
    # written mid-sentence somewhere (or is a known entity already).
    mid = {m.casefold() for _, ms in found for m in ms if not m.startswith("^")}
    mid |= {n.casefold() for e in g.entities.values() for n in e.names()}
    for t, ms in found:
        for m in ms:
            name = m[1:] if m.startswith("^") else m
            if m.startswith("^") and name.casefold() not in mid:
                continue
            e = res.name(name, "thing", t.at)
            if e is not None:
                g.entities[e.id] = g.entities[e.id].mention(t.cite, t.at)
        if t.role and speaker_of(t.role) not in (None, "@user"):
            e = res.name(t.role, "person", t.at)
            if e is not None:
                g.entities[e.id] = g.entities[e.id].mention(t.cite, t.at)
        spk = speaker_of(t.role)
        apply_statements(g, res, [*_references(t, spk),
                                  *extract(t.text, cite=t.cite, at=t.at, speaker=spk),
                                  *activities(t.text, cite=t.cite, at=t.at, speaker=spk)])
    if llm_statements:
        apply_statements(g, res, sorted(llm_statements, key=lambda s: (s.at, s.cite)))
    _cite_lowercase_mentions(g, batch)
    return g


_WORD = re.compile(r"[\w'’-]+")


def _cite_lowercase_mentions(g: Graph, batch: Sequence[Text]) -> None:
    """A known name written in lower case ("pottery", "sweden") is a mention too.

    Names are found capitalised first (that is what makes them names); once
    known, every text of the batch that writes one, in any case, cites it.
    """
    if not batch:
        return
    where: dict[str, set[int]] = {}
    lows = [t.text.casefold() for t in batch]
    for i, low in enumerate(lows):
        for w in _WORD.findall(low):
            where.setdefault(w, set()).add(i)
    for eid, e in list(g.entities.items()):
        if e.kind == "user":
            continue
        hits: set[int] = set()
        for n in e.names():
            words = n.casefold().split()
            if not words or len(n) < 3 or "'s " in n:
                continue
            cand = set(where.get(words[0], ()))
            for w in words[1:]:
                cand &= where.get(w, set())
            nl = n.casefold()
            hits |= {i for i in cand if nl in lows[i]}
        cur = g.entities[eid]
        for i in sorted(hits):
            cur = cur.mention(batch[i].cite, batch[i].at)
        g.entities[eid] = cur


_KIN_RE = re.compile(
    r"\b[Mm]y\s+(?:older\s+|younger\s+|little\s+|big\s+|twin\s+)?(?P<kin>"
    + "|".join(sorted((re.escape(k) for k, (_, fwd) in KIN.items() if fwd), key=len, reverse=True))
    + r")\b(?!,?\s+[A-Z])")


def _references(t: Text, speaker: str | None) -> list[Statement]:
    """"my sister" with no name: the speaker has a sister (an unnamed reference entity)."""
    if speaker is None:
        return []
    out = []
    text = " ".join(s for s in sentences(t.text) if not s.rstrip().endswith("?"))
    for m in _KIN_RE.finditer(text):
        kin = m.group("kin").casefold()
        out.append(Statement(f"@ref:{speaker}|{kin}", KIN[kin][0], speaker, t.text[:300],
                             t.cite, t.at, "person", "user" if speaker == "@user" else "person"))
    return out


def _end(res: Resolver, ref: str, kind: str, at: str) -> Entity | None:
    if ref == "@user":
        return res.user()
    if ref.startswith("@speaker:"):
        return res.name(ref.split(":", 1)[1], "person", at)
    if ref.startswith("@ref:"):
        speaker_ref, kin = ref[5:].rsplit("|", 1)
        speaker = _end(res, speaker_ref, "person", at)
        return None if speaker is None else res.ref(speaker, kin, at)
    return res.name(ref, kind, at)


def apply_statements(g: Graph, res: Resolver, statements: Iterable[Statement]) -> None:
    """Resolve each statement and fold it into *g* as an edge (closing what it contradicts)."""
    for st in statements:
        src = _end(res, st.src, st.src_kind, st.at)
        dst = _end(res, st.dst, st.dst_kind, st.at)
        if src is None or dst is None or src.id == dst.id:
            continue
        # "my sister Ana": Ana is the "user's sister" placeholder, if one was waiting.
        if st.dst.startswith("@") and not st.src.startswith("@") and st.kind in _KIN_KINDS:
            kin = _kin_word(st.sentence, st.src)
            if kin:
                src = res.absorb_placeholder(src, dst, kin, st.at, st.cite)
                if dst.kind == "user":  # "my sister" names Ana from now on
                    src = res.alias(src, f"my {kin}", f"stated as 'my {kin}' ({st.cite})",
                                    st.at)
        for ref, other in ((st.src, src), (st.dst, dst)):
            if ref.startswith("@ref:") and other.id in g.entities:
                # "my sister" is, at least, the speaker's sister.
                speaker = _end(res, ref[5:].rsplit("|", 1)[0], "person", st.at)
                kin = ref.rsplit("|", 1)[1]
                if speaker is not None and speaker.id != other.id:
                    kind = KIN.get(kin, ("friend_of", True))[0]
                    _add_edge(g, other.id, replace(st, kind=kind), speaker.id)
        for e in (src, dst):
            cur = g.entities.get(e.id)
            if cur is not None:
                g.entities[e.id] = cur.mention(st.cite, st.at)
        _add_edge(g, src.id, st, dst.id)


_KIN_KINDS = frozenset({"sister_of", "brother_of", "sibling_of", "parent_of", "child_of",
                        "partner_of", "friend_of", "colleague_of", "manages"})


def _kin_word(sentence: str, name: str) -> str | None:
    """The kinship word of "my <kin> <name>" / "<name> is my <kin>" in *sentence*."""
    low = sentence.casefold()
    for kin in sorted(KIN, key=len, reverse=True):
        if f"my {kin} {name.casefold()}" in low or f"my {kin}, {name.casefold()}" in low \
                or f"{name.casefold()} is my {kin}" in low or f"{name.casefold()}, my {kin}" in low:
            return kin
    return None


def _add_edge(g: Graph, src: str, st: Statement, dst: str) -> None:
    for i, r in enumerate(g.relations):
        if r.current and (r.src, r.kind, r.dst) == (src, st.kind, dst):
            if st.cite not in r.cites:
                g.relations[i] = replace(r, cites=(*r.cites, st.cite)[-16:])
            return
    new = Relation(relation_id(src, st.kind, dst, st.at), src, st.kind, dst, valid_from=st.at,
                   cites=(st.cite,), confidence=st.confidence, source=st.source,
                   evidence=st.sentence[:300])
    if st.kind in SINGLE_VALUED:
        for i, r in enumerate(g.relations):
            if r.current and r.src == src and r.kind == st.kind and r.dst != dst \
                    and r.valid_from <= st.at:
                g.relations[i] = replace(r, valid_to=st.at, superseded_by=new.id)
    g.relations.append(new)
