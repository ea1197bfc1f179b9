"""The slot taxonomy of claims: what a self-disclosure can be *about*.

Pure data, below both of its readers: the sleep cycle decides a clause's slot
by its prototypes (``sleep/claims/classify.py``, re-exported there as
``sleep.claims.taxonomy``), and recall reads the same prototypes to tell which
turns are about the slot a question asks for (``wake/topic.py``).

Every slot names the fact attribute it fills, its category (which decides the
TTL, see ``docs/claims.md``), whether it holds one current value (a new value
supersedes) or a set (new values add, explicit removals close), the kind of
value it carries (read by ``sleep/claims/values.py``) and a handful of
*prototype* sentences. The slot of a sentence is decided by meaning: the
sentence is embedded and compared with every prototype; the wording of the
prototypes is deliberately varied so that no phrasing is privileged. Person
slots (manager, partner) share one placeholder name, so that a name in a clause
pulls towards none of them in particular.

``other`` is the catch-all: a self-disclosure that fits no slot is still kept
as a claim (category ``conversation``, short TTL), with its sentence as value.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["OTHER", "SLOTS", "Slot", "nothing_sentence", "slot_by_attribute", "slot_by_name"]


@dataclass(frozen=True)
class Slot:
    """One thing a claim can be about."""

    name: str
    attribute: str  # the Fact attribute it fills
    category: str  # decides the TTL row
    multi: bool  # True: a set of values (add / close); False: newest wins
    kind: str  # value reader in .values: place, org, title, person, diet, ...
    template: str  # "{S}" the subject, "{v}" the value
    prototypes: tuple[str, ...]
    core: bool = True  # shown in the profile block
    #: rule-extractor attributes a claim of this slot stands for in the same turn
    covers: tuple[str, ...] = ()


SLOTS: tuple[Slot, ...] = (
    Slot("home", "lives_in", "personal", False, "place", "{S} lives in {v}", (
        "I live in Paris.", "We moved to a new city last month.", "I relocated to London.",
        "I'm based in Berlin.", "My home is in Rome now.", "We settled down in Denver.",
        "My family and I just moved house to another town.", "I've made Tokyo my home.",
        "My apartment is in Brooklyn.", "We're now living in Madrid.",
    )),
    Slot("employer", "works_at", "work", False, "org", "{S} works at {v}", (
        "I work at Google.", "I joined a new company today.", "I got a job at Microsoft.",
        "I'm employed by Siemens.", "I left my job at IBM.", "My employer is Acme.",
        "I started working for a startup.", "I quit my job.", "I was hired by Amazon.",
        "I accepted an offer from Apple.", "I handed in my notice.", "I resigned from my job.",
    )),
    Slot("job_title", "job_title", "work", False, "title", "{S} works as {v}", (
        "I'm a software engineer.", "I work as a nurse.", "I got promoted to senior manager.",
        "My job title is data scientist.", "I became a teacher.", "My role is product owner.",
        "By profession I am an architect.", "I'm now a team lead.",
        "I changed careers and I'm a designer now.",
    )),
    Slot("manager", "manager", "work", False, "person", "{S}'s manager is {v}", (
        "My manager is Robin.", "I report to Robin.", "My boss is new.",
        "My manager is supportive.",
        "We got a new team lead.", "My supervisor changed.", "She manages my team.",
        "My new manager started this week.",
    )),
    Slot("diet", "diet", "personal", False, "diet", "{S} follows a {v} diet", (
        "I'm vegetarian.", "I don't eat meat anymore.", "I went vegan.",
        "I follow a keto diet.", "I eat only plant-based food.", "I stopped eating fish.",
        "I'm on a gluten-free diet.", "My diet is pescatarian.",
    )),
    Slot("allergy", "allergic_to", "health", True, "allergy", "{S} is allergic to {v}", (
        "I'm allergic to peanuts.", "I have a shellfish allergy.", "Penicillin gives me a rash.",
        "I react badly to pollen.", "I can't eat nuts because of an allergy.",
        "The doctor says I have an allergy to latex.",
    )),
    Slot("partner", "partner", "relationship", False, "person", "{S}'s partner is {v}", (
        "My girlfriend is Robin.", "I'm dating Robin.", "My husband is wonderful.",
        "My partner is Robin.",
        "I'm married.", "We broke up.", "She and I broke up.", "I have a new boyfriend.",
        "I'm engaged to my partner.", "My wife and I celebrated our anniversary.",
        "I'm seeing someone new.", "He and I have been together for years.",
        "My partner says hello.",
    )),
    Slot("pet", "has_pet", "relationship", True, "pet", "{S} has a pet named {v}", (
        "I have a cat.", "My dog is the best.", "We adopted a puppy.",
        "Our cat died.", "I got a new kitten.", "My hamster is cute.",
        "We had to give our dog away.", "A rabbit lives with us.",
    )),
    Slot("vehicle", "vehicle", "personal", False, "vehicle", "{S} drives a {v}", (
        "I drive a Honda Civic.", "I bought a new car.", "I sold my car.",
        "My car is a Toyota.", "I traded in my old car.", "I commute in my Ford.",
        "I own an electric car.",
    )),
    Slot("phone", "phone", "contact", False, "phone", "{S}'s phone number is {v}", (
        "My phone number is 555 0100.", "My new number is +44 20 7946 0000.",
        "Call me on my mobile.", "I changed my phone number.", "You can reach me at this number.",
    ), covers=("number", "phone_number", "mobile", "mobile_number", "cell")),
    Slot("email", "email", "contact", False, "email", "{S}'s email address is {v}", (
        "My email is anna@example.com.", "I changed my email address.",
        "Send mail to my new address.", "You can email me at bob@example.org.",
    ), covers=("address", "email_address", "e_mail", "mail")),
    Slot("birthday", "birthday", "personal", False, "birthday", "{S}'s birthday is {v}", (
        "My birthday is on May 3.", "I was born on the 12th of June.",
        "I celebrate my birthday in October.", "My birthday is coming up in March.",
    )),
    Slot("language", "learning_language", "personal", False, "language",
         "{S} is learning {v}", (
        "I'm learning Spanish.", "I started studying Japanese.", "I take French lessons.",
        "I practise German every day.", "I'm taking Italian classes.",
        "I gave up learning Korean.",
    )),
    Slot("database", "uses_database", "project", False, "tool", "{S} uses {v} as database", (
        "We use PostgreSQL.", "Our database is MySQL.", "We migrated our database to MongoDB.",
        "Our data is stored in SQLite.", "The backend runs on a Postgres database.",
        "We switched databases.",
    )),
    Slot("editor", "uses_editor", "project", False, "tool", "{S} codes in {v}", (
        "I code in VS Code.", "My editor is Vim.", "I switched my text editor to Emacs.",
        "I write code in PyCharm.", "I use Sublime Text as my IDE.",
    )),
    Slot("ci", "uses_ci", "project", False, "tool", "{S} uses {v} for CI", (
        "We use Jenkins for CI.", "Our CI pipeline runs on GitHub Actions.",
        "Our builds run in CircleCI.", "We moved continuous integration to GitLab.",
        "The test pipeline runs on Buildkite.",
    )),
    Slot("trip", "next_trip", "plan", False, "place", "{S} is travelling to {v}", (
        "My flight to Tokyo is next Friday.", "I'm flying to Rome next month.",
        "I have a trip to Paris coming up.", "I booked a holiday in Spain.",
        "We're going on vacation to Greece in June.", "I cancelled my trip.",
        "I'm visiting Berlin next week.",
    ), covers=("plans", "trip_date", "flight_date", "vacation_date", "holiday_date",
               "travel_date")),
    Slot("family", "family", "relationship", True, "person", "{S}'s family includes {v}", (
        "My sister is getting married.", "I have two kids.", "My mom lives nearby.",
        "My brother is a doctor.", "My son started school.", "My parents are visiting.",
    ), core=False),
    Slot("likes", "likes", "preference", True, "thing", "{S} likes {v}", (
        "I love hiking.", "I really enjoy jazz.", "I'm a big fan of sushi.",
        "My favourite hobby is painting.",
    ), core=False),
    Slot("dislikes", "dislikes", "preference", True, "thing", "{S} dislikes {v}", (
        "I hate cilantro.", "I can't stand horror movies.", "I don't like spicy food.",
        "No more chili for me.",
    ), core=False),
    Slot("format", "response_format", "preference", False, "thing",
         "{S} prefers responses as {v}", (
        "Please answer in bullet points.", "I prefer short answers.",
        "Use tables when you reply.", "I like answers in plain prose.",
    ), core=False),
)

#: the catch-all: still a claim, kept for a short while
OTHER = Slot("other", "other", "conversation", True, "sentence", "{v}", (), core=False)

_BY_NAME = {s.name: s for s in (*SLOTS, OTHER)}
_BY_ATTR = {s.attribute: s for s in (*SLOTS, OTHER)}


def slot_by_name(name: str) -> Slot:
    """The slot called *name* (KeyError when unknown)."""
    return _BY_NAME[name]


def slot_by_attribute(attribute: str) -> Slot | None:
    """The slot that fills *attribute*, if any."""
    return _BY_ATTR.get(attribute)


# What a single-valued slot says once its value ended and none replaced it ("I sold
# the Corsa", "I quit, no job lined up"): its own sentence, so that the current
# fact ("has no car now") and the history ("No longer current: ... drives a Corsa")
# never read the same.
_NOTHING: dict[str, str] = {
    "home": "{S} has no fixed home now", "employer": "{S} has no employer now",
    "job_title": "{S} has no job title now", "manager": "{S} has no manager now",
    "diet": "{S} follows no particular diet now", "partner": "{S} has no partner now",
    "vehicle": "{S} has no car now", "phone": "{S} has no phone number on record now",
    "email": "{S} has no email address on record now", "database": "{S} uses no database now",
    "editor": "{S} uses no particular editor now", "ci": "{S} uses no CI now",
    "trip": "{S} has no trip planned now",
}


def nothing_sentence(slot: Slot, subject: str) -> str:
    """The sentence of *slot* holding no value any more, about *subject*."""
    return _NOTHING.get(slot.name, "{S} has no " + slot.name.replace("_", " ") + " now").format(
        S=subject)

