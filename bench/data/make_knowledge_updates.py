# ruff: noqa: E501  (hand-written data: one phrasing per line reads best)
"""Writes ``knowledge_updates.jsonl``: the knowledge-update evaluation set (issue #10).

Every scenario is one user's story: an old statement, filler turns, the update
in everyday words, more filler, then a present-tense question, with the old and
the new value. The phrasings below are written by hand, per slot; the
``val`` ones (a fifth of the scenarios, ``"split": "val"``) were written
separately, with deliberately different wording, and are never looked at while
tuning the extractor. Values are drawn so that neither contains the other.

    python bench/data/make_knowledge_updates.py   # rewrites the .jsonl next to it
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from _knowledge_writer import scenario, user_id, write

OUT = Path(__file__).with_name("knowledge_updates.jsonl")

# slot -> (question forms, old statements, tune updates, val updates, value pairs)
SLOTS: dict[str, dict[str, Any]] = {
    "home": {
        "q": ["Which city does the user live in now?", "Where is the user based these days?"],
        "old": ["I live in {old}.", "Home for me is {old}.", "I'm based in {old}.",
                "We've lived in {old} for a few years now."],
        "tune": ["Big news: we moved to {new} last week.", "I just relocated to {new}.",
                 "We finally finished the move from {old} to {new}.",
                 "These days I live in {new}."],
        "val": ["Packed up everything and settled in {new} a few days ago.",
                "Signed the lease yesterday, so my new place is in {new}."],
        "values": [("Boston", "Seattle"), ("Berlin", "Munich"), ("Austin", "Denver"),
                   ("Lyon", "Porto"), ("Toronto", "Vancouver"), ("Madrid", "Lisbon"),
                   ("Chicago", "Atlanta"), ("Dublin", "Edinburgh"), ("Oslo", "Helsinki"),
                   ("Nairobi", "Kigali")],
    },
    "employer": {
        "q": ["Where does the user work now?", "Which company is the user employed at today?"],
        "old": ["I work at {old}.", "I'm an engineer at {old}.", "My employer is {old}.",
                "I've been with {old} for three years."],
        "tune": ["I quit {old} and started as a product manager at {new} today.",
                 "I left {old}; I joined {new} on Monday.", "Starting today I work for {new}.",
                 "I accepted an offer from {new} and handed in my notice at {old}."],
        "val": ["Last day at {old} was Friday, and {new} onboarded me this morning.",
                "{new} hired me, so I'm no longer with {old}."],
        "values": [("Zalando", "Spotify"), ("Siemens", "Bosch"), ("Deloitte", "Accenture"),
                   ("Shopify", "Stripe"), ("Oracle", "Salesforce"), ("Airbus", "Boeing"),
                   ("Nestle", "Unilever"), ("Adidas", "Puma"), ("Netflix", "Hulu"),
                   ("Atlassian", "Canva")],
    },
    "job_title": {
        "q": ["What is the user's job title now?", "What does the user work as these days?"],
        "old": ["I'm a {old}.", "I work as a {old}.", "My job title is {old}.",
                "By profession I'm a {old}."],
        "tune": ["I got promoted to {new}.", "My new role is {new}.",
                 "I switched careers and now work as a {new}.", "I'm a {new} now."],
        "val": ["They changed my title to {new} this week.",
                "After retraining I became a {new}."],
        "values": [("data analyst", "product manager"), ("barista", "software developer"),
                   ("accountant", "financial controller"), ("chemistry teacher", "school principal"),
                   ("junior designer", "art director"), ("paralegal", "attorney"),
                   ("line cook", "head chef"), ("nurse", "physician assistant"),
                   ("sales associate", "store manager"), ("graduate student", "research scientist")],
    },
    "manager": {
        "q": ["Who is the user's manager now?", "Who does the user report to currently?"],
        "old": ["My manager is {old}.", "I report to {old}.", "My boss is {old}.",
                "{old} manages our team."],
        "tune": ["{old} left, so now I report to {new}.", "My new boss is {new}.",
                 "We got a new manager, {new}.", "I moved to a team where {new} is my manager."],
        "val": ["Since the reorg, {new} is the one I answer to.",
                "{new} took over as my team lead this month."],
        "values": [("Priya", "Marcus"), ("Dana", "Oliver"), ("Tom", "Aisha"),
                   ("Helga", "Ravi"), ("Kenji", "Laura"), ("Fatima", "George"),
                   ("Sven", "Chloe"), ("Rosa", "Daniel"), ("Igor", "Naomi"), ("Beth", "Tariq")],
    },
    "diet": {
        "q": ["What diet does the user follow now?", "How does the user eat these days?"],
        "old": ["I'm {old}.", "I follow a {old} diet.", "I've been {old} for years.",
                "I eat {old}, just so you know."],
        "tune": ["I'm {new} now.", "I went {new} last month.", "I switched to a {new} diet.",
                 "I've been {new} since the new year."],
        "val": ["Doctor's orders: it's strictly {new} food for me from here on.",
                "Changed how I eat - {new} as of this spring."],
        "values": [("vegetarian", "vegan"), ("keto", "pescatarian"), ("vegan", "paleo"),
                   ("pescatarian", "vegetarian"), ("paleo", "keto"), ("gluten-free", "vegan"),
                   ("vegetarian", "keto"), ("keto", "vegetarian"), ("vegan", "pescatarian"),
                   ("paleo", "gluten-free")],
    },
    "allergy": {
        "q": ["What is the user allergic to?", "Which allergy does the user have now?"],
        "old": ["I'm allergic to {old}.", "I have a {old} allergy.", "{old} make me break out in hives.",
                "I can't have {old}, I'm allergic."],
        "tune": ["The allergist said it's not {old} - I'm allergic to {new}.",
                 "Correction: my allergy is to {new}, not {old}.",
                 "My {old} allergy was a misdiagnosis; the real one is {new}.",
                 "I'm no longer allergic to {old}, but I've developed an allergy to {new}."],
        "val": ["Retested: {old} are fine for me now, {new} is what I react to.",
                "Scratch the {old} thing, turns out it's {new} that gives me a reaction."],
        "values": [("peanuts", "shellfish"), ("penicillin", "latex"), ("eggs", "soy"),
                   ("strawberries", "sesame"), ("walnuts", "kiwis"), ("shellfish", "peanuts"),
                   ("latex", "penicillin"), ("soy", "mustard"), ("sesame", "celery"),
                   ("kiwis", "eggs")],
    },
    "partner": {
        "q": ["Who is the user's partner now?", "Who is the user dating these days?"],
        "old": ["My girlfriend is {old}.", "I'm dating {old}.", "My partner {old} says hi.",
                "{old} and I have been together for two years."],
        "tune": ["{old} and I broke up; I'm seeing {new} now.", "I'm engaged to {new}!",
                 "My partner is {new} these days.", "I started dating {new} after splitting with {old}."],
        "val": ["Things ended with {old}, and {new} and I have been a couple since spring.",
                "Met {new} in June and we're officially together."],
        "values": [("Emma", "Sofia"), ("Jake", "Leon"), ("Mia", "Hannah"), ("Lucas", "Noah"),
                   ("Zoe", "Ivy"), ("Omar", "Felix"), ("Clara", "Julia"), ("Ethan", "Mateo"),
                   ("Nina", "Greta"), ("Sam", "Alex")],
    },
    "pet": {
        "q": ["What pet does the user have now?", "Which animal lives with the user today?"],
        "old": ["I have a cat named {old}.", "My dog {old} is the best.", "Our cat is called {old}.",
                "I've got a hamster, {old}."],
        "tune": ["We had to rehome {old}, and we adopted a dog called {new}.",
                 "{old} passed away last month; now we have a puppy, {new}.",
                 "We got a new kitten named {new} after losing {old}.",
                 "{old} went to live with my parents, and a rabbit named {new} moved in with me."],
        "val": ["RIP {old}. The house felt empty so {new} the beagle joined us on Saturday.",
                "Gave {old} to my sister; a parrot named {new} is my roommate now."],
        "values": [("Luna", "Biscuit"), ("Max", "Pepper"), ("Milo", "Ziggy"), ("Bella", "Waffles"),
                   ("Oscar", "Mochi"), ("Daisy", "Kiwi"), ("Leo", "Nugget"), ("Coco", "Rocket"),
                   ("Simba", "Tofu"), ("Ruby", "Pickles")],
    },
    "vehicle": {
        "q": ["What car does the user drive now?", "Which vehicle does the user have currently?"],
        "old": ["I drive a {old}.", "My car is a {old}.", "I commute in my {old}.",
                "I own a {old}."],
        "tune": ["I sold the {old} and bought a {new}.", "My new car is a {new}.",
                 "Traded in my {old} for a {new} yesterday.", "I drive a {new} now."],
        "val": ["Picked up a {new} from the dealer on Saturday; the {old} is gone.",
                "Finally said goodbye to the {old} - the {new} is parked outside."],
        "values": [("Honda Civic", "Tesla Model 3"), ("Toyota Corolla", "Subaru Outback"),
                   ("Ford Focus", "Kia Niro"), ("VW Golf", "Volvo XC60"),
                   ("Mazda 3", "BMW X3"), ("Nissan Leaf", "Hyundai Kona"),
                   ("Jeep Wrangler", "Toyota RAV4"), ("Audi A4", "Skoda Octavia"),
                   ("Fiat Panda", "Renault Clio"), ("Chevy Bolt", "Ford Mustang")],
    },
    "phone": {
        "q": ["What is the user's phone number now?", "Which number should be used to call the user?"],
        "old": ["My phone number is {old}.", "You can reach me at {old}.", "My number is {old}.",
                "Call me on {old} if needed."],
        "tune": ["My new number is {new}.", "I changed my phone number to {new}.",
                 "Please use {new} to reach me from now on.",
                 "I got a new phone, the number is {new}."],
        "val": ["{old} is disconnected; text me at {new} instead.",
                "Switched carriers and ended up with {new} as my number."],
        "values": [("+1 555 0100", "+1 555 0199"), ("+44 20 7946 0011", "+44 20 7946 0958"),
                   ("+49 30 1234567", "+49 30 7654321"), ("+1 415 555 0132", "+1 628 555 0147"),
                   ("+33 1 42 68 53 00", "+33 1 44 55 66 77"), ("+1 212 555 0123", "+1 646 555 0188"),
                   ("+61 2 9876 5432", "+61 3 9123 4567"), ("+1 303 555 0111", "+1 720 555 0166"),
                   ("+34 91 123 4567", "+34 93 765 4321"), ("+1 617 555 0100", "+1 206 555 0175")],
    },
    "email": {
        "q": ["What is the user's email address now?", "Where should emails to the user go?"],
        "old": ["My email is {old}.", "You can email me at {old}.", "My address is {old}.",
                "Write to {old} for anything."],
        "tune": ["My new email is {new}.", "I changed my email address to {new}.",
                 "Please send mail to {new} from now on.", "I switched to {new} for email."],
        "val": ["{old} is dead, I only check {new} these days.",
                "Moved my inbox over to {new} after leaving the old provider."],
        "values": [("ana@oldmail.com", "ana.silva@newmail.io"), ("bob@corp.example", "bob.k@home.example"),
                   ("li.wei@uni.edu", "liwei@fastmail.com"), ("sam@yahoo.com", "sam.r@proton.me"),
                   ("kim@work.org", "kim.lee@gmail.com"), ("joe@aol.com", "joe.p@outlook.com"),
                   ("eva@school.net", "eva.m@posteo.de"), ("raj@startup.io", "raj.k@icloud.com"),
                   ("mo@hotmail.com", "mo.ali@hey.com"), ("lea@gmx.de", "lea.b@web.de")],
    },
    "birthday": {
        "q": ["When is the user's birthday?", "On which date does the user celebrate their birthday?"],
        "old": ["My birthday is on {old}.", "I was born on {old}.", "My birthday is {old}.",
                "I celebrate my birthday on {old} every year."],
        "tune": ["Sorry, I gave you the wrong date - my birthday is {new}.",
                 "Correction: I was born on {new}.", "My birthday's actually {new}.",
                 "I mixed it up earlier; {new} is my birthday."],
        "val": ["Small fix: my real birthday falls on {new}, not {old}.",
                "Ignore the earlier date, I was actually born {new}."],
        "values": [("July 4", "March 3"), ("May 12", "June 21"), ("October 2", "November 9"),
                   ("January 15", "February 28"), ("August 8", "September 30"),
                   ("April 1", "December 24"), ("March 17", "July 29"), ("June 5", "May 19"),
                   ("December 1", "January 7"), ("September 14", "October 23")],
    },
    "language": {
        "q": ["Which language is the user learning now?", "What language is the user studying currently?"],
        "old": ["I'm learning {old}.", "I've been studying {old} for a while.",
                "I take {old} classes on weekends.", "I practise {old} on Duolingo every day."],
        "tune": ["I dropped {old} and started learning {new}.", "These days I'm studying {new}.",
                 "I switched from {old} to {new} on Duolingo.",
                 "My new language project is {new}."],
        "val": ["Gave up on {old}; {new} lessons twice a week now.",
                "Now taking {new} classes instead of {old}."],
        "values": [("Spanish", "Japanese"), ("French", "Korean"), ("German", "Italian"),
                   ("Mandarin", "Portuguese"), ("Russian", "Arabic"), ("Dutch", "Swedish"),
                   ("Italian", "Greek"), ("Japanese", "Turkish"), ("Korean", "Hindi"),
                   ("Polish", "Spanish")],
    },
    "database": {
        "q": ["Which database does the user's team use now?", "What database does the user run today?"],
        "old": ["We use {old}.", "Our database is {old}.", "Our backend runs on {old}.",
                "Everything we store lives in {old}."],
        "tune": ["We migrated from {old} to {new} last month.", "Our database is {new} now.",
                 "We switched our main database to {new}.",
                 "The team moved everything over to {new}."],
        "val": ["{old} got replaced - {new} is what we run in production now.",
                "Finished porting our data layer onto {new}."],
        "values": [("PostgreSQL", "MySQL"), ("MongoDB", "PostgreSQL"), ("MySQL", "CockroachDB"),
                   ("SQLite", "DynamoDB"), ("Cassandra", "ScyllaDB"), ("Oracle", "MariaDB"),
                   ("DynamoDB", "MongoDB"), ("MariaDB", "SQLite"), ("CockroachDB", "Cassandra"),
                   ("ScyllaDB", "Oracle")],
    },
    "editor": {
        "q": ["Which code editor does the user use now?", "What editor does the user write code in?"],
        "old": ["I code in {old}.", "My editor is {old}.", "I use {old} for everything.",
                "I write all my code in {old}."],
        "tune": ["I switched to {new}.", "My editor these days is {new}.",
                 "I moved from {old} to {new} last week.", "I've been using {new} instead of {old}."],
        "val": ["Uninstalled {old}; {new} is my daily driver now.",
                "Took the plunge and set up {new} as my only editor."],
        "values": [("VS Code", "Neovim"), ("Emacs", "Zed"), ("Sublime Text", "PyCharm"),
                   ("Neovim", "Helix"), ("IntelliJ IDEA", "VS Code"), ("Atom", "Sublime Text"),
                   ("Helix", "Emacs"), ("PyCharm", "IntelliJ IDEA"), ("Zed", "Vim"),
                   ("Vim", "Atom")],
    },
    "ci": {
        "q": ["Which CI system does the user's team use now?", "What runs the user's CI pipelines?"],
        "old": ["We use {old} for CI.", "Our CI runs on {old}.", "Our builds run in {old}.",
                "{old} is our continuous integration server."],
        "tune": ["We moved our CI to {new}.", "Our pipelines run on {new} now.",
                 "We replaced {old} with {new} for CI.", "CI is on {new} these days."],
        "val": ["Turned off {old} for good, every build goes through {new}.",
                "The pipelines were ported to {new} over the sprint."],
        "values": [("Jenkins", "GitHub Actions"), ("CircleCI", "GitLab CI"),
                   ("Travis CI", "Buildkite"), ("TeamCity", "Jenkins"), ("GitLab CI", "CircleCI"),
                   ("Buildkite", "TeamCity"), ("GitHub Actions", "Drone CI"),
                   ("Drone CI", "Travis CI"), ("Bamboo", "GitHub Actions"), ("Jenkins", "Bamboo")],
    },
    "trip": {
        "q": ["Where is the user travelling next?", "What is the destination of the user's upcoming trip?"],
        "old": ["My flight to {old} is next Friday.", "I'm flying to {old} next month.",
                "I have a trip to {old} coming up in two weeks.", "I booked a holiday in {old} for June."],
        "tune": ["I cancelled the trip to {old}; going to {new} next month instead.",
                 "Change of plans: I'm flying to {new} next week.",
                 "My trip got moved - I'm heading to {new} on Friday.",
                 "I rebooked everything for {new} in three weeks."],
        "val": ["Scrapped {old}, my next getaway is {new} in late summer.",
                "Ended up booking tickets for {new} instead, leaving on the 20th."],
        "values": [("Tokyo", "Osaka"), ("Rome", "Athens"), ("Cancun", "Lima"),
                   ("Bangkok", "Hanoi"), ("Reykjavik", "Copenhagen"), ("Cairo", "Marrakesh"),
                   ("Sydney", "Auckland"), ("Prague", "Budapest"), ("Seoul", "Taipei"),
                   ("Istanbul", "Dubrovnik")],
    },
}

FILLER_USER = [
    "Can you recommend a good book for the weekend?",
    "Thanks, that was really helpful!",
    "What's a quick recipe for dinner tonight?",
    "Hi again!",
    "How do I fix a flaky unit test?",
    "Any tips for sleeping better?",
    "Could you summarise the article I pasted?",
    "Good morning!",
]
FILLER_ASSISTANT = [
    "Sure! Here are a few ideas you might enjoy.",
    "Happy to help - let me know if you need anything else.",
    "Great question. Here is a short answer.",
    "Hello! How can I help you today?",
    "Of course, here is a summary.",
]


# A second held-out split: one story per slot, phrasings written after tuning had
# ended, measured once and never tuned on ("split": "val2").
VAL2: dict[str, tuple[str, tuple[str, str]]] = {
    'home': ("Our new flat in {new} finally has internet, so we're properly moved in.", ('Prague', 'Vienna')),
    'employer': ('Handed back my {old} badge on Friday; first week at {new} starts now.', ('Intel', 'Nvidia')),
    'job_title': ("HR made it official, I'm the new {new} on our floor.", ('support agent', 'team supervisor')),
    'manager': ('Reporting line changed again, {new} signs off on my work now.', ('Greg', 'Monica')),
    'diet': ('Been eating {new} for a month and feeling great about it.', ('pescatarian', 'vegan')),
    'allergy': ('Allergy panel came back: {new} is the problem, {old} turned out fine.', ('pollen', 'dust mites')),
    'partner': ("{new} moved in with me last weekend, we're really happy together.", ('Chris', 'Jordan')),
    'pet': ('Our {old} went to a farm up north, and now a cat called {new} rules the house.', ('Barney', 'Olive')),
    'vehicle': ("The {old} is sold; I'm driving a {new} to work now.", ('Opel Astra', 'Toyota Prius')),
    'phone': ('New SIM, new number: {new}.', ('+1 555 0142', '+1 555 0187')),
    'email': ('For anything going forward, use {new} - the {old} inbox is closed.', ('tim@oldco.com', 'tim.b@mailbox.org')),
    'birthday': ('Turns out the paperwork was wrong and I was born on {new}.', ('August 2', 'August 20')),
    'language': ('Started {new} evening classes and paused {old} for now.', ('Hebrew', 'Czech')),
    'database': ('Production data now sits in {new}; we decommissioned {old} yesterday.', ('Couchbase', 'Firestore')),
    'editor': ('These days all my coding happens in {new}.', ('Kate', 'Nova')),
    'ci': ('Our builds have been running on {new} since we dropped {old}.', ('Semaphore', 'Woodpecker')),
    'trip': ('Flights are booked for {new} in the autumn; {old} is off the table.', ('Lisbon', 'Seville')),
}


def build(seed: int = 10) -> list[dict[str, Any]]:
    """All scenarios, deterministic for a seed."""
    rng = random.Random(seed)
    out: list[dict[str, Any]] = []
    for slot, spec in SLOTS.items():
        pairs = list(spec["values"])
        # 8 tuned (each tuned phrasing twice), 2 validation (each val phrasing once)
        plan = [("tune", spec["tune"][i % 4]) for i in range(8)] + [
            ("val", spec["val"][0]), ("val", spec["val"][1])]
        for k, ((split, upd), (old, new)) in enumerate(zip(plan, pairs, strict=True)):
            old_stmt = spec["old"][k % len(spec["old"])]
            day = 1 + k
            turns: list[dict[str, str]] = [
                {"role": "user", "text": rng.choice(FILLER_USER), "at": f"2024-03-{day:02d}T09:00:00Z"},
                {"role": "assistant", "text": rng.choice(FILLER_ASSISTANT),
                 "at": f"2024-03-{day:02d}T09:00:05Z"},
                {"role": "user", "text": old_stmt.format(old=old),
                 "at": f"2024-03-{day:02d}T09:01:00Z"},
                {"role": "assistant", "text": "Noted, thanks for telling me.",
                 "at": f"2024-03-{day:02d}T09:01:05Z"},
            ]
            for j in range(6):
                turns.append({"role": "user", "text": rng.choice(FILLER_USER),
                              "at": f"2024-03-{day + 5 + j:02d}T18:00:00Z"})
                turns.append({"role": "assistant", "text": rng.choice(FILLER_ASSISTANT),
                              "at": f"2024-03-{day + 5 + j:02d}T18:00:05Z"})
            turns.append({"role": "user", "text": upd.format(old=old, new=new),
                          "at": f"2024-04-{day + 2:02d}T10:00:00Z"})
            turns.append({"role": "assistant", "text": rng.choice(FILLER_ASSISTANT),
                          "at": f"2024-04-{day + 2:02d}T10:00:05Z"})
            turns.append({"role": "user", "text": rng.choice(FILLER_USER),
                          "at": f"2024-04-{day + 3:02d}T10:00:00Z"})
            out.append(scenario(f"{slot}-{k:02d}", split, slot, None, user_id("ku", slot, k),
                                turns, spec["q"][k % 2], old, new))
    for slot, (upd, (old, new)) in VAL2.items():
        spec = SLOTS[slot]
        k = 10
        turns = [
            {"role": "user", "text": spec["old"][2].format(old=old), "at": "2024-03-12T09:01:00Z"},
            {"role": "assistant", "text": "Noted, thanks for telling me.",
             "at": "2024-03-12T09:01:05Z"},
        ]
        for j in range(6):
            turns.append({"role": "user", "text": rng.choice(FILLER_USER),
                          "at": f"2024-03-{14 + j:02d}T18:00:00Z"})
            turns.append({"role": "assistant", "text": rng.choice(FILLER_ASSISTANT),
                          "at": f"2024-03-{14 + j:02d}T18:00:05Z"})
        turns.append({"role": "user", "text": upd.format(old=old, new=new),
                      "at": "2024-04-14T10:00:00Z"})
        turns.append({"role": "user", "text": rng.choice(FILLER_USER),
                      "at": "2024-04-15T10:00:00Z"})
        out.append(scenario(f"{slot}-{k:02d}", "val2", slot, None, user_id("ku", slot, k),
                            turns, spec["q"][0], old, new))
    return out


def main() -> None:
    """Write the set."""
    write(build(), OUT)


if __name__ == "__main__":
    main()
