"""Job titles by their head noun: the closed class a title ends with.

A job title is an open class of phrases ("Learning Support Assistant", "Pastry
Commis", "Branch Operations Manager") but the word it ends with is a closed
class: the occupations (assistant, officer, driver, verger, …). A phrase after
a title's lead ("I'm a", "I work as", "my title is") that ends with one is a
title in any case, where the plain reader of :mod:`.values` takes lower case
only (capitalised, "I'm a Capricorn" or "I'm a Londoner" is no job). Said with
"at / for / with" and a name after it, the name is the employer ("a driver for
Stagecoach", "a QA tester at Frontier Developments"), not a home or a trip:
:func:`work_slots` tells :func:`.pick.pick` which slots the clause is about.
Pure text functions; the word list was written for this module.
"""

from __future__ import annotations

import re

__all__ = ["held_title", "job_titles", "past_title", "work_slots"]

# Occupations by the noun a title ends with (singular; a plural "s" is allowed).
_HEAD_WORDS = """
accountant actor actress adjuster administrator adviser advisor agent aide analyst
anaesthetist anesthetist announcer apprentice architect archivist artist assessor
assistant associate attendant attorney auditor author baker barber barista barrister
bartender beautician blacksmith bookkeeper brewer bricklayer broker builder butcher
buyer cabinetmaker caddie caretaker carer caregiver carpenter cartographer cashier
caterer chair chairman chairwoman chairperson chaplain chef chemist chiropractor
cleaner clerk coach commis commissioner composer conductor constable consultant
controller cook coordinator co-ordinator copywriter coroner correspondent counsellor
counselor courier curator custodian dancer deckhand dean decorator delegate dentist
deputy designer detective developer dietitian dietician diplomat director dispatcher
docent doctor doorman draughtsman draftsman dresser driver drummer economist editor
educator electrician embalmer engineer entrepreneur estimator examiner executive
farmer farmhand fellow firefighter fireman fisherman fitter florist foreman forewoman
founder gardener geologist glazier governor groundskeeper groundsman guard guide
hairdresser handler handyman head headteacher headmaster headmistress historian host
hostess housekeeper hygienist illustrator inspector installer instructor intern
interpreter investigator janitor jeweller jeweler journalist judge labourer laborer
landscaper lead lecturer librarian lifeguard linguist locksmith machinist magistrate
maid manager marketer mason mathematician mechanic mediator medic merchandiser
midwife miner minister model moderator musician nanny navigator negotiator nurse
officer operative operator optician optometrist orderly organiser organizer packer
painter paralegal paramedic partner pastor pathologist pharmacist photographer
physician physicist physio physiotherapist pilot planner plasterer plumber poet
porter postman postwoman president priest principal printer producer professor
programmer projectionist promoter proofreader psychiatrist psychologist publicist
publisher rabbi radiographer radiologist ranger receptionist recruiter rector
registrar reporter representative researcher roofer sailor salesman saleswoman
salesperson scientist sculptor seaman secretary sergeant server sexton shepherd
shopkeeper signaller singer slater solicitor sonographer specialist steward
stewardess stockbroker storekeeper strategist student stylist supervisor surgeon
surveyor tailor teacher technician technologist teller therapist tiler trader
trainee trainer translator treasurer tutor typist underwriter undertaker upholsterer
usher valet verger vet veterinarian vicar volunteer waiter waitress warden
watchmaker weaver webmaster welder worker writer tester rider picker loader sorter stocker
scheduler labeller labeler fundraiser campaigner lobbyist auctioneer croupier jockey
bouncer steward doula pharmacologist chemist toolmaker patternmaker millwright rigger
scaffolder joiner glazier miller smith cobbler cutter grader sommelier concierge
bellhop butler chauffeur conductor dispatcher navigator skipper captain mate
lieutenant colonel major corporal private soldier marine airman paratrooper
"""
_HEADS = frozenset(_HEAD_WORDS.split())
# Heads that are other things too: a title only with a word before them ("Deputy Head").
_WEAK_HEAD_WORDS = (
    "head lead chair deputy fellow partner host hostess model guide student volunteer worker "
    "associate server coach dresser usher medic delegate minister governor judge principal"
)
_WEAK_HEADS = frozenset(_WEAK_HEAD_WORDS.split())
# Occupations by their ending: "-ologist", "-ician", "-grapher", "-keeper" …
_HEAD_END = re.compile(r"(?:ologist|ician|grapher|keeper|monger|smith|wright|therapist|"
                       r"engineer|manager|officer|assistant|technician)s?$", re.I)

# What leads a title: "I'm a/an/the", "I work as", "title is", "promoted to" …
_LEAD = re.compile(
    r"(?:\b(?:I'm|I am|Im|I've been|I was|I used to be|I became|became|'m)\s+"
    r"(?:(?:now|finally|officially|actually|just|already|also|still|currently)\s+)*"
    r"(?:an?|the)\s+|"
    r"\b(?:work(?:ing|s)? as|started as|start as|hired as|joined as|promoted to|employed as|"
    r"elevated to|appointed(?: as)?|made me(?: the| an?)?|bumped up to|moved up to|"
    r"(?:job\s+)?title(?:'s|\s+is|\s+was|\s+to)|title\s+(?:at|on)\s+[\w' ]{2,30}?\s+is|"
    r"role (?:is|as)|position (?:is|as)|retrained as|card says|role of)\s+"
    r"(?:now\s+)?(?:an?\s+|the\s+)?)",
    re.I,
)
# A title's words: letters, hyphens, "&", "/" and dots ("QA", "UX", "Multi-Drop", "R&D").
_WORD = r"[^\W\d_][\w&/.'’-]*"
_PHRASE = re.compile(rf"(?P<v>{_WORD}(?:\s+{_WORD}){{0,5}})")
# Words that stop a title: what comes after it, never in it.
_STOP_WORDS = (
    "at for in with on from of to by and but so because since now today here there who which "
    "that when while as than near around about @ w/ ako sa bei chez en mein hai"
)
_STOP = frozenset(_STOP_WORDS.split())


def _is_head(word: str) -> bool:
    w = word.casefold().strip(".,'’")
    return w in _HEADS or w.rstrip("s") in _HEADS or bool(_HEAD_END.search(w))


# A lead in the present: the title is held now, whatever the clause says ended
# ("I am re-employed as Senior Technical Advisor after the retirement age").
_NOW = re.compile(r"^(?:I'm|I am|Im|'m|work(?:ing|s)? as|(?:re-?)?employed as|(?:job\s+)?title"
                  r"(?:'s|\s+is)|title\s+(?:at|on)\b.*\bis|role is|position is|card says)",
                  re.I)


def job_titles(clause: str) -> list[tuple[int, int, str]]:
    """(start, end, title) for each title *clause* gives after a lead, ending with an occupation.

    The title is the longest run of words after the lead, up to a word that stops
    it, whose last word is an occupation: "I'm a Room Attendant at a hotel" gives
    "Room Attendant"; "I'm a Capricorn" gives nothing.
    """
    out = []
    for lead in _LEAD.finditer(clause):
        m = _PHRASE.match(clause, lead.end())
        if m is None:
            continue
        words = m["v"].split()
        cut = next((i for i, w in enumerate(words) if w.casefold() in _STOP), len(words))
        words = words[:cut]
        while words and not _is_head(words[-1]):
            words.pop()
        if len(words) == 1 and words[0].casefold().rstrip("s") in _WEAK_HEADS:
            continue  # "I'm the head of the family", "I'm a partner in crime"
        if words:
            title = " ".join(words)
            out.append((m.start(), m.start() + len(title), title))
    if not out and (bare := _BARE.match(clause)) and _is_head(bare["v"].split()[-1]):
        out.append((bare.start("v"), bare.end("v"), bare["v"]))
    return out


# A title that opens the clause with no lead, capitalised, two words or more, its last
# an occupation and nothing but a stop after it: "Route Planner in the depot office",
# "Pharmacy Technician ako sa ospital" ("Area Manager Rogelio said …" is none).
_BARE = re.compile(r"^(?:still\s+(?:an?\s+)?|now\s+(?:an?\s+)?)?"
                   r"(?P<v>[A-Z][\w&/.'’-]*(?:\s+[A-Z][\w&/.'’-]*){1,4})"
                   r"(?=\s*$|\s*[,.;:!?]|\s+(?:at|in|for|with|@|ako|sa|now|since|from)\b)")


# After a title, the employer: "at / for / with / @" and a capitalised name.
_EMPLOYER_AFTER = re.compile(r"^\s*(?:,\s*)?(?:at|for|with|@)\s+(?:the\s+)?[A-Z0-9]")


def past_title(clause: str, start: int) -> bool:
    """Whether the title at *start* follows a lead in the past ("I was a Site Manager")."""
    return bool(re.search(r"\b(?:I was|I used to be)\s+(?:an?|the)\s+$", clause[:start], re.I))


def held_title(clause: str) -> bool:
    """Whether a title of *clause* follows a lead in the present ("I'm a", "title is")."""
    for lead in _LEAD.finditer(clause):
        if _NOW.match(lead.group(0).strip()) and job_titles(clause[lead.start():]):
            return True
    return False


def work_slots(clause: str) -> list[str]:
    """The slots a clause giving a job title is about: the title, then the employer after it."""
    got = job_titles(clause)
    if not got:
        return []
    if any(_EMPLOYER_AFTER.match(clause[e:]) for _, e, _ in got):
        return ["job_title", "employer"]
    return ["job_title"]
