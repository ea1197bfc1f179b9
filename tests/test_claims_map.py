"""The claims map: stale marking by slot across cycles, removals included (issue #10, round 7).

Sleep writes ``user/<u>/claims.json`` (every slot's values with their windows)
in the audited batch; recall marks as no longer current every older turn that
names a value the map shows closed, however many cycles ago it was said. The
sentences here are written for these tests, not taken from the benchmark.
"""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

from conftest import facts_of, run_cli
from sleepstack.index.rows import Row
from sleepstack.layers.claims_map import (
    ClaimValue,
    SlotHistory,
    dump_claims_map,
    erase_from_claims_map,
    load_claims_map,
)
from sleepstack.layers.facts import Fact
from sleepstack.sleep.claims_map import claims_map_of
from sleepstack.sleep.resolve import resolve
from sleepstack.wake.claims_stale import PARTLY, stale_by_claims
from sleepstack.wake.timeparse import about_past

T0 = "2024-01-01T10:00:00Z"
T1 = "2024-03-01T10:00:00Z"


def _fact(fid: str, attr: str, value: str, start: str, subject: str = "ana",
          **kw: object) -> Fact:
    return Fact(id=fid, user="ana", subject=subject, attribute=attr, value=value,
                category="personal", confidence=0.8, text=f"The user {attr} {value}.",
                at=start, valid_from=start, **kw)  # type: ignore[arg-type]


def _raw(key: str, text: str, at: str) -> Row:
    return Row(key=f"raw:{key}", user="ana", layer="raw", path="memory/log/ana/x.md", text=text,
               cites=(key,), at=at, role="user")


# ------------------------------------------------------------------ the map itself
def test_the_map_keeps_each_value_with_its_window_and_what_closed_it() -> None:
    facts = [
        _fact("f1", "lives_in", "Boston", T0, valid_to=T1, superseded_by="f2", cites=("t1",)),
        _fact("f2", "lives_in", "Seattle", T1, cites=("t2",)),
        _fact("f3", "has_pet", "Pickle", T0, valid_to=T1, superseded_by="f4", cites=("t1",)),
        _fact("f4", "ended:has_pet", "Pickle", T1, valid_to=T1, cites=("t3",)),
        _fact("f5", "diet", "keto", T0, valid_to=T1, expired=True),  # TTL only: not stale
        _fact("f6", "other", "likes rain", T0),
        _fact("f7", "lives_in", "Paris", T0, subject="sister"),  # not the user's slot
    ]
    slots = claims_map_of("ana", facts)
    assert set(slots) == {"lives_in", "has_pet"}
    home = slots["lives_in"]
    assert not home.multi and [v.value for v in home.values] == ["Boston", "Seattle"]
    assert home.values[0].by == "f2" and home.values[0].valid_to == T1
    assert [v.value for v in home.current()] == ["Seattle"]
    pet = slots["has_pet"]
    assert pet.multi
    closed, removal = pet.values
    assert closed.ended and closed.by == "f4" and closed.turns == ("t1",)
    assert removal.ended and removal.by is None and removal.valid_to == T1


def test_the_file_round_trips_and_a_bad_file_reads_as_empty() -> None:
    slots = {"lives_in": SlotHistory(False, (ClaimValue("Boston", "f1", T0, T1, by="f2",
                                                        turns=("t1",)),
                                             ClaimValue("Seattle", "f2", T1)))}
    text = dump_claims_map("ana", slots)
    assert load_claims_map(text) == slots
    for bad in ("", "{", "[]", '{"version": 99, "slots": {}}',
                '{"version": 1, "slots": {"x": {"values": [{"value": 3}]}}}'):
        assert load_claims_map(bad) in ({}, {"x": SlotHistory(False, ())})


def test_forget_takes_the_erased_turns_and_facts_out_of_the_map() -> None:
    slots = {"lives_in": SlotHistory(False, (
        ClaimValue("Boston", "f1", T0, T1, by="f2", turns=("t1",)),
        ClaimValue("Seattle", "f2", T1, turns=("t2", "t3"))))}
    text = dump_claims_map("ana", slots)
    got = load_claims_map(erase_from_claims_map(text, {"f9"}, {"t1", "t3"}))
    assert [v.value for v in got["lives_in"].values] == ["Seattle"]
    assert got["lives_in"].values[0].turns == ("t2",)
    assert "Boston" not in erase_from_claims_map(text, {"f1"}, set())
    assert erase_from_claims_map(text, set(), set()) == text


# ------------------------------------------------------------------ wake: marking by value
def test_an_older_turn_naming_a_closed_value_is_marked_and_one_naming_both_is_not() -> None:
    slots = {"lives_in": SlotHistory(False, (
        ClaimValue("Boston", "f1", T0, T1, by="f2", turns=("t1",)),
        ClaimValue("Seattle", "f2", T1, turns=("t4",))))}
    rows = [_raw("t1", "I live in Boston.", T0),
            _raw("t2", "boston's winters are brutal honestly", "2024-02-01T10:00:00Z"),
            _raw("t3", "We moved from Boston to Seattle.", "2024-02-02T10:00:00Z"),
            _raw("t5", "Boston traffic was the worst.", "2024-04-01T10:00:00Z")]
    got = stale_by_claims(slots, rows)
    assert got["t1"] == ("f2", T1) and got["t2"] == ("f2", T1)
    assert "t3" not in got  # states the change
    assert "t5" not in got  # said after the change: not a claim the change replaced


def test_numbers_and_addresses_match_by_their_digits_and_whole() -> None:
    slots = {"phone": SlotHistory(False, (
        ClaimValue("+1 415 555 0132", "f1", T0, T1, by="f2"),
        ClaimValue("+1 628 555 0147", "f2", T1))),
        "email": SlotHistory(False, (
            ClaimValue("ana@old.example", "f3", T0, T1, by="f4"),
            ClaimValue("ana@new.example", "f4", T1)))}
    rows = [_raw("t1", "ring me at (415) 555-0132 or +1-415-555-0132", T0),
            _raw("t2", "mail ANA@old.example please", T0),
            _raw("t3", "my office is room 415, ext 5550", T0)]
    got = stale_by_claims(slots, rows)
    assert set(got) == {"t1", "t2"}


def test_a_line_that_also_names_a_value_still_current_in_a_list_is_partly_stale() -> None:
    slots = {"allergic_to": SlotHistory(True, (
        ClaimValue("penicillin", "f1", T0, T1, by="f3", ended=True, turns=("t1",)),
        ClaimValue("shellfish", "f2", T0, turns=("t1",)),
        ClaimValue("penicillin", "f3", T1, T1, ended=True, turns=("t3",))))}
    rows = [_raw("t1", "Allergic to penicillin and shellfish.", T0),
            _raw("t2", "Penicillin gave me hives again.", "2024-02-01T10:00:00Z"),
            _raw("t3", "No longer allergic to penicillin!", T1)]
    got = stale_by_claims(slots, rows)
    assert got["t1"][1].endswith(PARTLY)
    assert got["t2"] == ("f3", T1)
    assert "t3" not in got  # the removal itself states the ending


def test_be_used_to_and_how_old_ask_about_the_present() -> None:
    now = datetime(2024, 5, 1, tzinfo=UTC)
    assert not about_past("Which number should be used to call the user?", None, now)
    assert not about_past("How old is the user's dog?", None, now)
    assert about_past("Where did the user used to live?", None, now)
    assert about_past("What was the user's old address?", None, now)


# ------------------------------------------------------------------ sleep: removals
def test_a_removal_read_in_another_slot_still_closes_the_value_it_names() -> None:
    read = facts_of("I have a hamster called Nugget.",
                    "Nugget went to live with my cousin, she has a big garden.")
    assert {f.attribute for f in read} >= {"has_pet"}
    facts = resolve([], read).facts
    current = {(f.attribute, f.value) for f in facts if f.current}
    assert ("has_pet", "Nugget") not in current, [f.text for f in facts]
    # The exact value only: a removal of "Nugget" elsewhere closes no "Nugget Jr".
    pet = _fact("f1", "has_pet", "Nugget Jr", T0)
    ended = _fact("f2", "ended:family", "Nugget", T1)
    assert resolve([pet], [ended]).facts[0].current


# ------------------------------------------------------------------ end to end, CLI
def _say(home: Path, text: str, days_ago: int) -> None:
    at = (datetime.now(UTC) - timedelta(days=days_ago)).isoformat()
    rec = {"user": "ana", "session": f"s{days_ago}", "role": "user", "text": text, "at": at}
    r = run_cli("import", "-", home=home, stdin=(json.dumps(rec) + "\n").encode())
    assert r.returncode == 0, r.stderr


def _sleep(home: Path) -> None:
    r = run_cli("sleep", home=home)
    assert r.returncode == 0, r.stderr


def _recall(home: Path) -> dict[str, object]:
    r = run_cli("--json", "recall", "What is the user allergic to now?", "--user", "ana",
                "--budget", "300", home=home)
    assert r.returncode == 0, r.stderr
    out: dict[str, object] = json.loads(r.stdout)
    return out


def test_a_value_removed_cycles_later_is_marked_in_every_older_turn(tmp_path: Path) -> None:
    home = tmp_path / "home"
    assert run_cli("init", home=home).returncode == 0
    _say(home, "I'm allergic to penicillin and to shellfish.", 40)
    _sleep(home)
    _say(home, "Penicillin gave me a rash again last year, awful.", 30)  # no new fact
    _sleep(home)
    _say(home, "Retested this week: I am no longer allergic to penicillin. Still allergic "
               "to shellfish.", 10)
    _sleep(home)
    _say(home, "How long should I boil an egg?", 5)
    _sleep(home)  # one more cycle with nothing to say about the slot
    claims = json.loads((home / "user" / "ana" / "claims.json").read_text())
    values = claims["slots"]["allergic_to"]["values"]
    assert any(v["value"] == "penicillin" and v["to"] and v["ended"] for v in values)
    ctx = _recall(home)
    text = str(ctx["context"])
    line = next(ln for ln in text.splitlines() if "rash again" in ln)
    assert "(no longer current since" in line, text
    items = ctx["items"]
    assert isinstance(items, list)
    rash = next(it for it in items if "rash again" in it["text"])
    assert rash["current"] is False
    first = next(ln for ln in text.splitlines() if "penicillin and to shellfish" in ln)
    assert "(partly no longer current since" in first, text
    # The mark comes from the map: without it the restatement passes as current.
    (home / "user" / "ana" / "claims.json").unlink()
    line = next(ln for ln in str(_recall(home)["context"]).splitlines() if "rash again" in ln)
    assert "no longer current" not in line


def test_forgetting_the_turn_that_stated_a_value_takes_it_out_of_the_map(tmp_path: Path) -> None:
    home = tmp_path / "home"
    assert run_cli("init", home=home).returncode == 0
    _say(home, "I live in Rotterdam, close to the harbour.", 20)
    _say(home, "We moved to Eindhoven last week.", 10)
    _sleep(home)
    path = home / "user" / "ana" / "claims.json"
    slots = json.loads(path.read_text())["slots"]
    old = next(v for v in slots["lives_in"]["values"] if v["value"] == "Rotterdam")
    assert old["to"] and old["by"]
    r = run_cli("forget", "--user", "ana", "--turn", *old["turns"], "--reason", "test",
                home=home)
    assert r.returncode == 0, r.stderr
    assert "Rotterdam" not in path.read_text()
    assert "Eindhoven" in path.read_text()


def test_a_removal_of_a_value_no_claim_read_still_marks_the_lines_that_named_it() -> None:
    # The first turn is no claim the readers take ("a dented 2009 Zhiguli 2107" has no
    # value they read: no make they know, no verb of having; "Peugeot 206" is read since
    # round 18, .vehicles); the removal names the car all the same, and the slot is left
    # with nothing: the history keeps the name, the current fact says nothing is held.
    read = facts_of("Off to the garage again in my dented 2009 Zhiguli 2107, lovely.",
                    "I sold the Zhiguli last week, it's buses and bikes for me now.")
    facts = resolve([], read).facts
    ended = [f for f in facts if f.attribute == "ended:vehicle"]
    assert [f.value.casefold() for f in ended] == ["zhiguli"], [f.text for f in facts]
    assert not ended[0].current
    nothing = [f for f in facts if f.attribute == "vehicle" and f.value == "none"]
    assert nothing and nothing[0].current and "Zhiguli" not in nothing[0].text
    assert len({f.text for f in facts}) == len(facts)  # one sentence per fact
    slots = claims_map_of("u1", [replace(f, user="u1") for f in facts])
    rows = [Row(key="raw:t0", user="u1", layer="raw", path="memory/log/u1/x.md",
                text="Off to the garage again in my dented 2009 Zhiguli 2107, lovely.",
                cites=("t0",), at="2024-05-01T10:00:00Z", role="user")]
    assert "vehicle" in slots
    assert "t0" in stale_by_claims(slots, rows)


def test_a_removal_the_turn_replaces_leaves_no_nothing() -> None:
    read = facts_of("I drive a Peugeot 206.",
                    "Sold the Peugeot and bought a Skoda Fabia yesterday.")
    current = {(f.attribute, f.value) for f in resolve([], read).facts if f.current}
    assert ("vehicle", "none") not in current, current
