"""Unread remarks across cycles: an earlier remark slept on weeks before the change (issue #10).

An earlier remark no reader took a value from becomes its slot's history once
a later claim gives the slot another value (conamed, remarks, mentions). In
real use the remark is read in one cycle and the change weeks later in
another: the claims map (``user/<u>/claims.json``) keeps a *reference* to each
remark still unread (turn id, day, clause position, slots; never its words)
and the next cycle re-reads the turn from the raw log
(:mod:`sleepstack.sleep.claims.carry`, :mod:`sleepstack.sleep.phases.carried`).
Tested over two sleep cycles (real store in a tmp dir, real MiniLM), with
erasure in between (``forget --secret`` through the real CLI on a multi-line
secret, ``forget`` of a session and of turns through the library), a promoted
note, third parties' remarks, and the cap. Sentences written for these tests;
none is from the benchmark's splits.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from conftest import run_cli
from forget_seed import hits
from sleepstack import Memory
from sleepstack.layers.claims_map import (
    Unread,
    dump_claims_map,
    erase_from_claims_map,
    load_claims_map,
    load_unread,
)
from sleepstack.layers.facts import Fact
from sleepstack.layers.rawlog import Turn
from sleepstack.sleep.claims import slot_by_name
from sleepstack.sleep.claims.carry import MAX_UNREAD, Carry, finish, newest, seed
from sleepstack.sleep.claims.claim import Claim
from sleepstack.sleep.claims.conamed import Said
from sleepstack.sleep.late import give_way
from sleepstack.wake.propose import propose

MARK = "no longer current"
T0 = "2024-01-01T10:00:00Z"
# A secret pasted over several lines, the first of which is a remark the cycle carries.
SECRET_LINES = ("ward clerk life: rotas and bed charts all day",
                "locker Vexq-7731-Horn")
SECRET = "\n".join(SECRET_LINES)
NOTE = "night porter life: keys, corridors and the 3am tea"

# user -> (question, the first cycle's turns, the second cycle's turns)
STORIES: dict[str, tuple[str, list[str], list[str]]] = {
    # named in passing by the change (conamed)
    "x-zalando": ("Where does the user work?",
                  ["backend stuff at zalando these days, mostly kotlin"],
                  ["what's a good pasta for pesto?",
                   "Personio hired me!! zalando is history, first week was wild"]),
    "x-oskar": ("Who is the user's manager?",
                ["my team lead here goes by Oskar, quiet guy, good at chess"],
                ["how do I get wax out of a tablecloth",
                 "Oskar took a job in Zurich, so now I report to Brigitte"]),
    # a remark with no first person (remarks); with a colon, "nurse life: …" is a field
    # note (detect._field_note) and its job title is read at once
    "x-nurse": ("What is the user's job title?",
                ["night shift nurse life, 12 hours on the ward again"],
                ["how many grams in a cup of flour",
                 "I work as a midwife now at the same hospital"]),
    # a first-person statement whose value no reader takes (settle.mentions)
    "x-girlfriend": ("Who is the user's partner?",
                     ["My girlfriend and I live together in a tiny flat."],
                     ["best way to store fresh herbs?",
                      "Seeing someone new now, her name's Zoe."]),
    # negatives: a third party's remark, a remark nothing supersedes
    "xn-sister": ("Where does the user live?",
                  ["my sister lives in Galway and loves the rain"],
                  ["name a good card game for two",
                   "I moved to Porto in May, Galway is where my sister is"]),
    "xn-keto": ("What diet does the user follow?",
                ["keto for two months now, down 3 kilos"],
                ["recommend a podcast about the Romans"]),
    # erased between the cycles: turns (library), a session (library), a
    # multi-line secret (CLI, stdin); each remark goes with its turn
    "xe-nurse": ("What is the user's job title?",
                 ["night shift nurse life, 12 hours on the ward again"],
                 ["how many grams in a cup of flour",
                  "I work as a midwife now at the same hospital"]),
    "xf-medic": ("What is the user's job title?",
                 ["paramedic life, three call-outs before breakfast"],
                 ["how many grams in a cup of sugar",
                  "I work as a dispatcher now at the same station"]),
    "xs-clerk": ("What is the user's job title?",
                 [f"pasting this so I don't lose it:\n{SECRET}\nthanks"],
                 ["how many grams in a cup of rice",
                  "I work as a pharmacist now at the same hospital"]),
    # a literal redacted elsewhere in the remark's turn: the turn is redacted, so gone
    "xr-baker": ("What is the user's job title?",
                 ["night shift baker life: dough at 4am\nmy locker is Wq-5521-Zr"],
                 ["how many grams in a cup of milk",
                  "I work as a florist now at the same market"]),
    # a removal whose earlier statement is erased: nothing else is stale
    "xm-pepper": ("What pets does the user have?",
                  ["we have two cats, Pepper and Olive"],
                  ["Pepper passed away last night, we're heartbroken"]),
    # the same kind of remark, but in a promoted note: never carried
    "xo-note": ("What is the user's job title?",
                [],
                ["how many grams in a cup of oats",
                 "I work as a receptionist now at the same hotel"]),
}


#: user -> the ids of the first cycle's turns
FIRST: dict[str, list[str]] = {}


def _log(m: Memory, user: str, texts: list[str], days: int, session: str = "") -> list[str]:
    now = datetime.now(UTC).replace(microsecond=0)
    ids = []
    for i, text in enumerate(texts):
        at = now - timedelta(days=days - 5 * i)
        sess = session or f"s{days}-{i}"
        ids.append(m.log(user, sess, "user", text, at=at.isoformat()))
        m.log(user, sess, "assistant", "Sure.", at=(at + timedelta(seconds=5)).isoformat())
    return ids


@pytest.fixture(scope="module")
def mem(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Memory]:
    home = tmp_path_factory.mktemp("carry") / "home"
    m = Memory.init(home)
    first = FIRST
    for user, (_, old, _new) in STORIES.items():
        first[user] = _log(m, user, old, 40, session="sx" if user == "xf-medic" else "")
    propose(m.store, NOTE, user="xo-note", session="n1", source="chat")
    m.sleep()
    # The remarks still unread are referenced in the claims map, by turn ...
    for user in ("x-nurse", "xe-nurse", "xf-medic", "xs-clerk", "xr-baker"):
        assert {u.turn for u in _unread(m, user)} == set(first[user]), user
    # ... and nothing of their words is there
    for user in ("x-nurse", "xs-clerk"):
        text = json.dumps(json.loads(m.store.read_text(f"user/{user}/claims.json"))["unread"])
        assert not [w for w in ("life", "nurse", "rotas", "Vexq") if w in text], text
    # A promoted note's remark is never referenced (its "turn" is the note file).
    assert m.store.list("user/xo-note/notes/"), "the note must have been promoted"
    assert _unread(m, "xo-note") == []
    m.forget(turns=first["xe-nurse"], reason="test")
    assert _unread(m, "xe-nurse") == []
    m.forget(session="sx", user="xf-medic", reason="test")
    assert _unread(m, "xf-medic") == []
    r = run_cli("forget", "--secret", "--reason", "pasted a locker code", "--json",
                home=home, stdin=(SECRET + "\n").encode())
    assert r.returncode == 0, r.stderr
    m.forget(text="Wq-5521-Zr", user="xr-baker", reason="test")
    for user, (_, _old, new) in STORIES.items():
        _log(m, user, new, 20)
    m.sleep()
    m.forget(turns=first["xm-pepper"], reason="test")
    yield m


def _unread(m: Memory, user: str) -> list[Unread]:
    path = f"user/{user}/claims.json"
    return load_unread(m.store.read_text(path)) if m.store.exists(path) else []


def _turns(mem: Memory, user: str, needle: str) -> set[str]:
    ctx = mem.recall(STORIES[user][0], user, budget_tokens=400)
    return {c for it in ctx.items if needle in it.text for c in it.cites}


def _lines(mem: Memory, user: str, needle: str) -> list[str]:
    ctx = mem.recall(STORIES[user][0], user, budget_tokens=400)
    got = [ln for ln in ctx.context.splitlines() if needle.casefold() in ln.casefold()]
    assert got, f"{needle!r} not in the context:\n{ctx.context}"
    return got


@pytest.mark.parametrize(("user", "old_line"), [
    ("x-zalando", "backend stuff at zalando"),
    ("x-oskar", "goes by Oskar"),
    ("x-nurse", "nurse life"),
    ("x-girlfriend", "My girlfriend and I"),
])
def test_a_remark_slept_on_in_an_earlier_cycle_becomes_history(mem: Memory, user: str,
                                                                old_line: str) -> None:
    history = mem.facts(user, include_history=True)
    assert any(f.superseded_by for f in history), [f.text for f in history]
    assert all(MARK in ln for ln in _lines(mem, user, old_line))
    # ... never a current fact: no current fact (its ``other`` sentence neither) cites it
    turns = _turns(mem, user, old_line)
    assert turns and not [f for f in mem.facts(user) if set(f.cites) & turns], \
        [f.text for f in mem.facts(user)]
    # ... and it is read: no longer waiting in the claims map for the changed slot
    changed = {f.attribute for f in mem.facts(user)}
    assert not [u for u in _unread(mem, user) if u.turn in turns
                and any(slot_by_name(n).attribute in changed for n in u.slots)]


def test_the_change_itself_stays_unmarked(mem: Memory) -> None:
    line = _lines(mem, "x-oskar", "now I report to Brigitte")
    assert all(MARK not in ln for ln in line)


def test_a_third_partys_remark_is_never_the_users_history(mem: Memory) -> None:
    assert all(MARK not in ln for ln in _lines(mem, "xn-sister", "my sister lives in Galway"))
    assert not [u for u in _unread(mem, "xn-sister") if "home" in u.slots]
    assert not [f for f in mem.facts("xn-sister", include_history=True)
                if "galway" in f.value.casefold() and f.attribute == "lives_in"]


def test_a_remark_nothing_supersedes_stays_unread_and_is_no_fact(mem: Memory) -> None:
    assert all(MARK not in ln for ln in _lines(mem, "xn-keto", "keto for two months"))
    assert [u for u in _unread(mem, "xn-keto") if "diet" in u.slots]
    assert not [f for f in mem.facts("xn-keto", include_history=True)
                if f.text.startswith("Earlier")]


@pytest.mark.parametrize(("user", "new"), [("xe-nurse", "midwife"), ("xf-medic", "dispatcher"),
                                           ("xs-clerk", "pharmacist"),
                                           ("xr-baker", "florist")])
def test_an_erased_remark_is_nobodys_history(mem: Memory, user: str, new: str) -> None:
    """Erased turns, an erased session, a redacted secret (in the remark or elsewhere in
    its turn): the remark went with its turn."""
    facts = mem.facts(user, include_history=True)
    assert not [f for f in facts if f.text.startswith("Earlier")], [f.text for f in facts]
    assert any(f.value == new for f in mem.facts(user)), [f.text for f in facts]
    assert not [u for u in _unread(mem, user) if u.turn in FIRST[user]]


def test_forget_secret_reaches_every_line_of_a_carried_remark(mem: Memory) -> None:
    """The multi-line secret held a carried remark's clause: no line of it is anywhere."""
    for part in (SECRET, *SECRET_LINES):
        assert hits(part, Path(mem.home)) == [], part


def test_forget_session_leaves_no_word_of_the_remark(mem: Memory) -> None:
    assert hits("paramedic life", Path(mem.home)) == []


def test_a_promoted_notes_remark_is_never_carried(mem: Memory) -> None:
    """A note's "turn" is the note file (forget --session drops the file, no raw turn)."""
    assert not [u for u in _unread(mem, "xo-note") if u.turn.startswith("user/")]
    assert not [f for f in mem.facts("xo-note", include_history=True)
                if f.text.startswith("Earlier")]


def test_a_removal_turn_is_marked_when_nothing_else_is_stale(mem: Memory) -> None:
    """wake/recall.py: the values a removal turn ended are marked whenever the question
    is about the present, not only when something else in the pool is stale."""
    ctx = mem.recall(STORIES["xm-pepper"][0], "xm-pepper", budget_tokens=400)
    shown = [ln for ln in ctx.context.splitlines() if "Pepper passed away" in ln]
    assert shown and all("(Pepper: no longer current since " in ln for ln in shown), \
        ctx.context
    items = [it.to_dict() for it in ctx.items if "Pepper passed away" in it.text]
    assert items and all(d["current"] and [e["value"] for e in d["ends"]] == ["Pepper"]
                         for d in items), items


# ------------------------------------------------------------------ the records themselves
def test_references_round_trip_and_go_with_their_turn() -> None:
    rs = [Unread("t1", "2024-01-01", 0, ("partner",), 0.52),
          Unread("t2", "2024-01-02", 3, ("employer", "home"))]
    text = dump_claims_map("ana", {}, rs)
    assert load_unread(text) == rs and load_claims_map(text) == {}
    assert set(json.loads(text)["unread"][1]) == {"turn", "day", "n", "slots"}  # no words
    left = load_unread(erase_from_claims_map(text, set(), {"t1"}))
    assert left == rs[1:]
    assert erase_from_claims_map(text, set(), {"t9"}) == text
    body = json.loads(text)
    body["unread"] += [{"turn": "t3", "day": "2024-01-03", "n": "0", "slots": ["diet"]},
                       {"turn": "t4", "day": "2024-01-03", "n": True, "slots": ["diet"]},
                       {"turn": "t5", "day": "2024-01-03", "n": 1, "slots": "diet"},
                       {"turn": "t6", "n": 1, "slots": ["diet"]}]  # malformed: left out
    assert load_unread(json.dumps(body)) == rs
    assert load_unread("{") == []


def _turn(tid: str, text: str, day: int, role: str = "user") -> Turn:
    return Turn(tid, "ana", "s", role, text, datetime(2024, 1, 1, tzinfo=UTC)
                + timedelta(days=day))


def test_a_reference_is_read_back_from_its_turn_or_dropped() -> None:
    t = _turn("t1", "Long week. backend stuff at zalando these days", 0)
    ref = Unread("t1", t.day, 1, ("employer",))
    now = [_turn("t9", "what's a good pasta?", 9)]
    out, unread, said = seed(Carry([ref], {"t1": t}), now)
    assert len(out) == 1 and not unread
    assert [(s.clause, s.turn.id, s.slots) for s in said] == [
        ("backend stuff at zalando these days", "t1", frozenset({"employer"}))]
    # gone from the log (no turn), a clause no longer there, a note's "turn": nothing
    for carry in (Carry([ref], {}),
                  Carry([Unread("t1", t.day, 5, ("employer",))], {"t1": t}),
                  Carry([ref], {"t1": _turn("t1", t.text, 0, role="memory")})):
        assert seed(carry, now) == ([], [], [])


def test_the_newest_references_are_kept_up_to_the_cap() -> None:
    turns = [_turn(f"t{i}", f"infra at Hetzner{i} for the shop", i) for i in range(MAX_UNREAD + 12)]
    said = [Said(i, t, "user", t.text, frozenset({"employer"})) for i, t in enumerate(turns)]
    carry = Carry()
    assert finish([[] for _ in turns], 0, [], said, None, carry) == [[] for _ in turns]
    assert [u.turn for u in carry.left] == [t.id for t in turns[-MAX_UNREAD:]]
    assert all(u.clause == 0 and u.slots == ("employer",) for u in carry.left)
    # the cap is per user, whatever the kind; repeats count once
    pairs = [(t, Unread(t.id, t.day, 0, ("employer",))) for t in turns[:3]]
    assert newest(pairs + pairs, cap=2) == [u for _, u in pairs[1:]]
    # a promoted note's clause is never referenced
    note = _turn("user/ana/notes/n1.md", "infra at Hetzner for the shop", 1, role="memory")
    carry = Carry()
    finish([[]], 0, [], [Said(0, note, "user", note.text, frozenset({"employer"}))], None,
           carry)
    assert carry.left == []


def test_a_clause_whose_names_its_turn_read_as_values_is_not_referenced() -> None:
    """ "I live in Lisbon": Lisbon is the home, never another slot's old value."""
    t = _turn("t1", "I live in Lisbon", 0)
    home = Claim(t, "user", slot_by_name("home"), "Lisbon", False, t.text, 0.6)
    carry = Carry()
    finish([[home]], 0, [], [Said(0, t, "user", t.text, frozenset({"home", "trip"}))], None,
           carry)
    assert carry.left == []
    # a name the turn did not read is kept, for the slots the turn did not fill
    t = _turn("t2", "I live in Lisbon, the Kanzlei Brandt people are nice", 0)
    home = Claim(t, "user", slot_by_name("home"), "Lisbon", False, t.text, 0.6)
    finish([[home]], 0, [], [Said(0, t, "user", t.text, frozenset({"home", "employer"}))],
           None, carry)
    assert [(u.turn, u.slots) for u in carry.left] == [("t2", ("employer",))]


def test_the_earlier_turns_unslotted_sentence_gives_way_to_its_late_reading() -> None:
    def fact(fid: str, attr: str, value: str, cites: tuple[str, ...],
             subject: str = "user") -> Fact:
        return Fact(id=fid, user="ana", subject=subject, attribute=attr, value=value,
                    category="personal", confidence=0.5, text=value, at=T0, valid_from=T0,
                    cites=cites)

    other = fact("f1", "other", "backend stuff at zalando these days", ("t1",))
    elsewhere = fact("f2", "other", "zalando sent a hoodie", ("t2",))  # another turn
    theirs = fact("f3", "other", "backend stuff at zalando these days", ("t1",), "sister")
    late = fact("f4", "works_at", "zalando", ("t1",))
    got, closed = give_way([other, elsewhere, theirs, late], {"f4"})
    assert [c.id for c, _ in closed] == ["f1"]
    assert got[0].valid_to == T0 and got[0].superseded_by == "f4"  # zero-length: no value
    assert got[1].current and got[2].current and got[3].current
    assert give_way([other, late], set()) == ([other, late], [])
