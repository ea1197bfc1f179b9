"""A clause's values by slot: the first candidate slot whose value reader finds one wins.

:func:`pick` reads the (slot, value, removal, score) tuples of one clause from its
ranked candidate slots. Precise shapes come first: an e-mail address, a phone
number, a birthday, a language said to be learnt, a product by name
(:mod:`.products`), a vehicle by make (:mod:`.vehicles`), an animal given a name;
a job title by its last word (:mod:`.occupations`) or a trip or home by its frame
(:mod:`.whereabouts`) put their slots first; then the slots by meaning.
:func:`read_slot` reads one slot, refusing a person's name where the clause
states no role for it (:data:`RELATION`). Used by :func:`..claims_of`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .detect import Clause
from .languages import learnt_languages
from .occupations import held_title, work_slots
from .owner import unpossessed
from .parts import governed
from .products import product_slot
from .species import SPECIES
from .subject import FOREIGN_MY
from .taxonomy import Slot, slot_by_name
from .values import is_destination, is_removal, read_value
from .vehicles import in_use, vehicles_in
from .whereabouts import place_slot
from .whose import others_address

__all__ = ["NO_MORE", "RELATION", "pick", "read_slot"]

_EMAIL = slot_by_name("email")
_PHONE = slot_by_name("phone")
_BIRTHDAY = slot_by_name("birthday")
_LANGUAGE = slot_by_name("language")
_LIKES = slot_by_name("likes")
_PET = slot_by_name("pet")
_VEHICLE = slot_by_name("vehicle")
# An animal (a species word) given a name: "a goldfish called Bubbles", "cat named Miso".
_NAMED_PET = re.compile(rf"\b(?:{SPECIES})(?:s|es)?(?:['’]s|\s+is)?,?\s+(?:called|named|"
                        r"whose name is)\s+(?-i:[A-Z])"
                        # ... or a name right after "my kelpie", "mój kot", "mera dog"
                        rf"|\b(?:my|our|{FOREIGN_MY})\s+(?:(?:old|new|little|baby|rescue)\s+)?"
                        rf"(?:{SPECIES})\s+(?-i:[A-ZÀ-Þ][a-zà-ÿ])", re.I)

NO_MORE = re.compile(r"\b(?:no more|stopped (?:eating|drinking|liking)|gave up|quit|done with)\s+"
                      r"(?P<v>[a-z][\w -]{1,30}?)(?=\s+(?:for me|anymore|now|either)\b|[,.;!]|$)",
                      re.I)


# A person's (or pet's) role must be stated for a name to fill the slot: the slot is
# chosen by meaning, but "Let's go" or "Check this out" name nobody's partner.
RELATION = {
    "partner": re.compile(r"\b(?:girlfriend|boyfriend|partner|wife|husband|fianc[ée]e?|spouse|"
                          r"dating|date|married|engaged|seeing|broke up|break up|together|"
                          r"split|splitting|divorc\w*|relationship|couple|moved in with)\b",
                          re.I),
    "manager": re.compile(r"\b(?:manager|boss|report(?:s|ing)? to|team lead|lead|supervisor|"
                          r"manages|managing|answer(?:s|ing)? (?:directly )?to|reorg|"
                          r"reporting line|(?-i:under [A-Z]|[A-Z]\w+'s team))", re.I),
    "family": re.compile(r"\b(?:sister|brother|mom|mum|mother|dad|father|son|daughter|kids?|"
                         r"children|child|parents?|aunt|uncle|cousin|grand\w+|niece|nephew|"
                         r"sibling|family|twins?|baby)\b", re.I),
    "pet": re.compile(r"\b(?:pet|pets|named|called|adopt\w*|rehome\w*|vet|cat|dog|puppy|"
                      r"kitten|rabbit|bunny|hamster|parrot|bird|fish|turtle|snake|lizard|"
                      r"guinea pig|ferret|horse|pony|beagle|labrador|poodle|terrier|budgie|"
                      r"gecko|goldfish|pug|corgi|collie|shepherd|retriever|husky)(?:s|es)?\b",
                      re.I),
}


def read_slot(slot: Slot, score: float, text: str, ended: bool = False,
              sentence: str = "",
              parts: Sequence[tuple[str, float]] = (),
              whole: bool = True) -> list[tuple[Slot, str, bool, float]]:
    """(slot, value, removal, score) of *slot* read from *text*; empty when none.

    *ended*: the clause means an ending, so the values it names are removals
    (only those of the *parts* that say it, unless the *whole* clause does).
    """
    cue = RELATION.get(slot.name)
    # The role may be stated anywhere in the sentence ("Met Alex in June and we're
    # officially together"), not only in the clause that names the person; a relation
    # that only owns a thing ("went to my parents' farm") states no role (.owner).
    if cue is not None and not cue.search(unpossessed(sentence or text)):
        return []
    r = read_value(slot.kind, text)
    if not r.new and not r.old:
        return []
    if ended and not r.old:
        # The predicate means an ending ("said goodbye to the Bolt", "Kenji left"):
        # the clause names what stopped being true, whatever its verb. With
        # several values, the ending governs only the values of the part that
        # says it ("said goodbye to the Bolt - the Mustang is parked outside").
        got = governed(r.new, parts)
        # Values that cannot be told apart by part: all ended when the whole
        # clause means an ending, none when only one part of it does.
        r.old, r.new = got if got is not None else (
            (list(r.new), []) if whole else ([], list(r.new)))
        # The destination of a move is what the clause starts, never what it ends
        # ("the last collection got migrated to DynamoDB, so that's done").
        dest = [v for v in r.old if is_destination(text, v)]
        if dest:
            r.old, r.new = [v for v in r.old if v not in dest], [*r.new, *dest]
    # A single-valued slot keeps one value per clause, chosen by _left_behind once
    # the speaker's previous value is known (the last one that is not it).
    new = r.new
    out = [(slot, v, False, score) for v in new]
    removal = ended or is_removal(text)
    if removal or r.old:
        out += [(slot, v, True, score) for v in r.old]
    return out


def pick(clause: Clause, ranked: list[tuple[Slot, float]], ended: bool = False,
         parts: Sequence[tuple[str, float]] = (),
         whole: bool = True) -> list[tuple[Slot, str, bool, float]]:
    """(slot, value, removal, score) read from one clause; empty when none.

    The best-ranked slot whose value reader finds a value wins; one more slot
    among the candidates may add a *different* value ("a nurse at the
    children's hospital": a job title and an employer).
    """
    text = clause.text
    # Precise shapes decide on their own: an address is an e-mail, a number a phone, a
    # date with a birth word ("DOB: 14-08-1979") a birthday.
    for slot in (*((_EMAIL, _PHONE) if not others_address(text) else ()), _BIRTHDAY):
        got = read_slot(slot, 1.0, text)
        if got:
            return got  # whose birthday it is, the owner reader says (.owner)
    best = max((sc for _, sc in ranked), default=0.0)
    learnt = {v.casefold() for v in learnt_languages(text)}
    if learnt:
        # "I've started Kinyarwanda on an app": a language said to be learnt is the
        # language slot's, whatever the clause's meaning came nearest to (an app).
        got = [g for g in read_slot(_LANGUAGE, best, text, ended, clause.sentence, parts, whole)
               if g[1].casefold() in learnt]
        if got:
            return got
    tool = product_slot(text, {s.name for s, _ in ranked})
    if tool:
        # "Our ERP runs on Oracle Rdb": a product named with a word of use is its
        # slot's value, whatever other name ("ERP") the slot's reader would take.
        slot = slot_by_name(tool[0])
        said = {n.casefold() for n in tool[1]}
        read = read_slot(slot, best, text, ended, clause.sentence, parts, whole)
        got = [g for g in read if g[1].casefold() in said]
        if any(g[2] for g in got):
            # a listed product ended: the reader's other name is what replaced it ("the
            # builds have shifted to BuildMaster, no more FinalBuilder")
            got = read
        if not got and len(said) == 1:
            got = [(slot, tool[1][0], (ended and whole) or is_removal(text), best)]
        if got:
            return got
    cars = vehicles_in(text)
    if cars:
        # "I have a Kymco Agility 50 for the pizza deliveries": a make and its model
        # name a vehicle, whatever the clause's meaning came nearest to.
        said = {c.casefold() for c in cars}
        ended = ended and not in_use(text)  # ("off to the garage again in my Peugeot 206")
        got = read_slot(_VEHICLE, best, text, ended, clause.sentence, parts, whole)
        if not any(g[1].casefold() in c or c in g[1].casefold() for g in got for c in said):
            got = []  # (the reader's values with the make's: "sold the Civic, it's a Mazda 3")
        # ... each named as the make and model say it ("my dented Hyundai Getz")
        got = [(sl, next((c for c in cars if c.casefold() in v.casefold()), v), rem, sc)
               for sl, v, rem, sc in got]
        if not got and len(cars) == 1:
            got = [(_VEHICLE, cars[0], (ended and whole) or is_removal(text), best)]
        if got:
            return got
    if _NAMED_PET.search(text) and not ended:
        # "My budgie is called Captain Flint": an animal given a name is a pet, whatever
        # slots the clause's meaning came nearest to (a manager, a partner by the name).
        got = read_slot(_PET, best, text)
        if got:
            return got
    work = work_slots(text)
    if work:
        # "I'm a driver for Stagecoach": a title that ends with an occupation makes the
        # clause about the job, and the name after "for" the employer, not a home.
        first = [(slot_by_name(n), best) for n in work]
        ranked = first + [(sl, sc) for sl, sc in ranked if sl.name not in work]
    elif where := place_slot(text):
        # "Heading to Kanazawa in April with the family": a journey with a time to
        # come is a trip, whoever comes along; "living in Mandurah w/ my sister" a home.
        ranked = [(slot_by_name(where), best)] + [(sl, sc) for sl, sc in ranked
                                                  if sl.name != where]
    out: list[tuple[Slot, str, bool, float]] = []
    used: set[str] = set()
    now = bool(work) and held_title(text)
    for slot, score in ranked:
        if slot.kind == "thing":
            m = NO_MORE.search(text) if slot.name in ("likes", "dislikes") else None
            if m and not out:
                return [(_LIKES, m["v"].strip(), True, score)]
            continue  # the rules extractor reads likes, dislikes and formats
        if slot.kind in ("phone", "email", "birthday"):
            continue
        # (a title after "I'm a" / "title is" is held, whatever else the clause ends)
        done = ended and not (now and slot.name == "job_title")
        got = [g for g in read_slot(slot, score, text, done, clause.sentence, parts, whole)
               if g[1].casefold() not in used]
        if not got:
            continue
        out.extend(got)
        used.update(g[1].casefold() for g in got)
        if len({g[0].name for g in out}) >= 2:
            break
    if work and any(g[0].name == "job_title" and g[2] for g in out):
        # "I was a Site Manager at Balfour": the employer of a past title is past too
        out = [(sl, v, rem or sl.name == "employer", sc) for sl, v, rem, sc in out]
    if not out and _NAMED_PET.search(text):
        # A named animal in a clause that ends something ("gave away the kitten called
        # Miso"; the others were read above): its removal, when no slot read a value.
        out = read_slot(_PET, 0.0, text, ended, clause.sentence, parts, whole)
    return out
