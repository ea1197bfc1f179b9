# ruff: noqa: E501  (hand-written data: one story per line reads best)
"""Writes ``knowledge_val3.jsonl``: a third held-out split of the knowledge-update set.

Written before any change to the claims pipeline, by someone who had read the
tune/val/val2 phrasings only to avoid them: other sentence structures, hedges,
contractions, lower case and typos, other time expressions, updates split over
two turns, third-party mentions that must **not** change the user's slot, and
removals. It is measured, never tuned on (``"split": "val3"``).

Kinds (``"kind"``):

* ``update``     — the user's value changes from ``old`` to ``new``;
* ``split``      — the same, but the update is spread over two user turns;
* ``distractor`` — the user states ``new`` (their value, it stays); later a
  third party's value ``old`` is mentioned ("my sister moved to Bristol"); it
  must not become the user's current fact;
* ``removal``    — ``old`` ends; ``new`` is what remains ("" when nothing does).

    python bench/data/make_knowledge_val3.py   # rewrites the .jsonl next to it
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from _knowledge_writer import Conversation, Story, numbered, scenario, user_id, write

OUT = Path(__file__).with_name("knowledge_val3.jsonl")

# (slot, kind, earlier user statements, update turns, question, old, new)
STORIES: list[Story] = [
    # home
    ("home", "update", ["Been living in Cork for ages tbh."], ["fyi im in Galway now, the move happened over easter"], "What city is the user living in at the moment?", "Cork", "Galway"),
    ("home", "split", ["My apartment's in Phoenix."], ["So we've been house hunting for months.", "...and it's done, we're Tucson residents as of the 3rd!"], "Where does the user live currently?", "Phoenix", "Tucson"),
    ("home", "distractor", ["I live in Leeds."], ["My sister just moved to Bristol for her new job."], "Which city does the user live in now?", "Bristol", "Leeds"),
    ("home", "update", ["I grew up in Calgary and I still live there."], ["I think I finally feel at home here in Montreal, three months after leaving Calgary."], "In which city is the user's home now?", "Calgary", "Montreal"),
    # employer
    ("employer", "update", ["I'm at Philips on the hardware team."], ["got the offer!! starting at Ericsson on the 1st, already gave notice at philips"], "Who is the user's employer now?", "Philips", "Ericsson"),
    ("employer", "split", ["Work-wise, I'm with Capgemini."], ["Today was my last day at Capgemini.", "Monday I start at KPMG."], "Where is the user working these days?", "Capgemini", "KPMG"),
    ("employer", "distractor", ["I work at Roche."], ["My husband just got hired at Novartis."], "Which company does the user work for now?", "Novartis", "Roche"),
    ("employer", "update", ["My employer is Lufthansa."], ["Lufthansa's behind me, it's Ryanair that pays my salary now."], "What company employs the user at present?", "Lufthansa", "Ryanair"),
    # job title
    ("job_title", "update", ["I'm working as a bank teller."], ["after 2 yrs of night school I'm finally a loan officer"], "What is the user's occupation now?", "bank teller", "loan officer"),
    ("job_title", "split", ["My job is warehouse supervisor."], ["Big change at work.", "They made me operations manager, effective Monday."], "What position does the user hold now?", "warehouse supervisor", "operations manager"),
    ("job_title", "distractor", ["I'm a dental hygienist."], ["My brother just became a police officer."], "What does the user do for a living?", "police officer", "dental hygienist"),
    ("job_title", "update", ["By trade I'm a carpenter."], ["Not doing woodwork anymore, I'm an electrician these days."], "What is the user's job now?", "carpenter", "electrician"),
    # manager
    ("manager", "update", ["Lena is my manager."], ["lena's moving to the berlin office so Victor's my new boss starting next week"], "Who manages the user now?", "Lena", "Victor"),
    ("manager", "split", ["I report to Hassan."], ["Hassan announced he's retiring.", "His replacement, Ingrid, is who I report to from now on."], "Who is the user's boss at the moment?", "Hassan", "Ingrid"),
    ("manager", "distractor", ["My boss is Pedro."], ["My wife's manager is Kwame, he's great."], "Who does the user report to?", "Kwame", "Pedro"),
    ("manager", "update", ["Yuki manages me."], ["Got moved under Arjun after the restructuring."], "Who is the user's manager these days?", "Yuki", "Arjun"),
    # diet
    ("diet", "update", ["I'm on a keto diet."], ["Quit keto, it wasn't for me; I'm doing Mediterranean now."], "Which diet is the user on now?", "keto", "Mediterranean"),
    ("diet", "split", ["I follow a vegetarian diet."], ["My doctor said I need more protein.", "So I'm eating fish again - pescatarian from now on."], "What does the user eat these days?", "vegetarian", "pescatarian"),
    ("diet", "distractor", ["I'm vegan."], ["My roommate went carnivore last month, it's wild."], "What diet does the user follow?", "carnivore", "vegan"),
    ("diet", "update", ["I've been low-carb for a year."], ["dropped low-carb in favour of a paleo plan as of last week"], "How is the user eating now?", "low-carb", "paleo"),
    # allergy (many)
    ("allergy", "update", ["I'm allergic to shrimp."], ["Turns out it was never shrimp - the allergist says it's soy I react to."], "What is the user allergic to?", "shrimp", "soy"),
    ("allergy", "removal", ["I have allergies to penicillin and latex."], ["Good news, the latex allergy's gone after the desensitisation treatment."], "What is the user allergic to now?", "latex", "penicillin"),
    ("allergy", "distractor", ["I'm allergic to walnuts."], ["My son has a really bad gluten allergy."], "Which allergies does the user have?", "gluten", "walnuts"),
    ("allergy", "split", ["Strawberries make me break out in hives."], ["Went back to the allergist today.", "Strawberries are fine after all; mustard's the culprit."], "What gives the user an allergic reaction now?", "Strawberries", "mustard"),
    # partner
    ("partner", "update", ["My girlfriend Emma and I live together."], ["emma and i split up in the summer. seeing someone new now, her name's Zoe"], "Who is the user seeing now?", "Emma", "Zoe"),
    ("partner", "split", ["I'm married to Karl."], ["Karl and I finalised the divorce.", "I'm engaged to Felix now, can you believe it?"], "Who is the user's partner now?", "Karl", "Felix"),
    ("partner", "distractor", ["My partner is Ines."], ["My best friend just started dating Paolo."], "Who is the user's partner?", "Paolo", "Ines"),
    ("partner", "removal", ["My boyfriend's name is Liam."], ["Liam and I broke up last month, I'm single now."], "Is the user in a relationship at the moment?", "Liam", ""),
    # pet (many)
    ("pet", "removal", ["I have a cat named Pepper.", "We adopted a puppy called Bruno too."], ["Pepper passed away on Sunday, we're heartbroken."], "What pets does the user have now?", "Pepper", "Bruno"),
    ("pet", "update", ["My dog's name is Biscuit."], ["we rehomed Biscuit with my parents' farm; a kitten named Mochi lives with me now"], "Which pet lives with the user now?", "Biscuit", "Mochi"),
    ("pet", "distractor", ["I have a hamster named Nibbles."], ["My neighbour's dog Rocky keeps barking all night."], "What pet does the user have?", "Rocky", "Nibbles"),
    ("pet", "split", ["I've got a rabbit, Clover."], ["Clover went to live with my niece.", "And we brought home a tortoise called Shelly!"], "What animal does the user keep now?", "Clover", "Shelly"),
    # vehicle
    ("vehicle", "update", ["I drive a Mazda 3."], ["Traded the Mazda 3 in for a Kia Niro last weekend."], "What does the user drive now?", "Mazda 3", "Kia Niro"),
    ("vehicle", "removal", ["My car is a Volvo XC60."], ["Sold the Volvo XC60 - I just take the train now, no car at all."], "What car does the user have at the moment?", "Volvo XC60", ""),
    ("vehicle", "distractor", ["I drive a Subaru Outback."], ["My dad bought a Tesla Model Y yesterday."], "Which car does the user drive?", "Tesla Model Y", "Subaru Outback"),
    ("vehicle", "split", ["I've got a VW Golf."], ["The VW Golf finally died on the highway.", "Got a used Honda Jazz to replace it."], "What car is the user driving these days?", "VW Golf", "Honda Jazz"),
    # phone
    ("phone", "update", ["My number is +44 7700 900123."], ["new phone number, it's +44 7700 900456 from today"], "What number reaches the user now?", "+44 7700 900123", "+44 7700 900456"),
    ("phone", "split", ["You can reach me at +1 312 555 0111."], ["I'm dropping my old mobile contract.", "From now on call me on +1 312 555 0199."], "What is the user's current phone number?", "+1 312 555 0111", "+1 312 555 0199"),
    ("phone", "distractor", ["My phone number is +49 151 2345 6789."], ["My mom's number changed to +49 151 9876 5432."], "What is the user's phone number?", "+49 151 9876 5432", "+49 151 2345 6789"),
    ("phone", "update", ["Call me at 0612 345 678."], ["The 0612 345 678 line is gone; my cell is now 0687 654 321."], "Which phone number does the user use now?", "0612 345 678", "0687 654 321"),
    # email
    ("email", "update", ["My email is sara.k@outlook.com."], ["pls use sara@kowalski.dev for everything from now on, the outlook one's retired"], "Which email address should be used for the user now?", "sara.k@outlook.com", "sara@kowalski.dev"),
    ("email", "split", ["Email me at j.doe@yahoo.com."], ["I'm closing the yahoo account this week.", "My new address is jdoe@proton.me."], "What is the user's email now?", "j.doe@yahoo.com", "jdoe@proton.me"),
    ("email", "distractor", ["My email address is nina@studio.io."], ["My assistant's email is help@studio.io if you ever need her."], "What is the user's email address?", "help@studio.io", "nina@studio.io"),
    ("email", "update", ["Reach me at omar@acme.com."], ["I've left Acme so omar@acme.com no longer works — I'm omar.h@gmail.com now."], "Where should mail to the user go now?", "omar@acme.com", "omar.h@gmail.com"),
    # birthday
    ("birthday", "update", ["My birthday's on May 9."], ["oops I mixed it up, my birthday is actually May 19"], "When does the user have their birthday?", "May 9", "May 19"),
    ("birthday", "split", ["I was born on June 11."], ["Found my birth certificate while packing.", "Turns out I was born June 21, not the 11th!"], "What is the user's date of birth?", "June 11", "June 21"),
    ("birthday", "distractor", ["My birthday is February 14."], ["My daughter's birthday is November 2."], "When is the user's birthday?", "November 2", "February 14"),
    ("birthday", "update", ["I celebrate my birthday on October 5."], ["Correction: it's October 15, I typed it wrong before."], "On what day is the user's birthday?", "October 5", "October 15"),
    # language learning
    ("language", "update", ["I'm learning Italian."], ["took a break from italian, doing japanese on duolingo instead"], "What language is the user learning at the moment?", "Italian", "Japanese"),
    ("language", "split", ["I'm studying Portuguese."], ["Finished my last Portuguese course yesterday.", "Next up: I've signed up for Arabic lessons."], "Which language is the user studying now?", "Portuguese", "Arabic"),
    ("language", "distractor", ["I'm learning Dutch."], ["My kids are learning Mandarin at school."], "Which language is the user learning?", "Mandarin", "Dutch"),
    ("language", "update", ["Currently learning Russian."], ["I've switched from Russian to Turkish, my partner's family speaks it."], "What language does the user study these days?", "Russian", "Turkish"),
    # database
    ("database", "update", ["Our backend runs on MySQL."], ["We're fully on PostgreSQL now, the MySQL cluster got shut down Tuesday."], "What database does the user's team run now?", "MySQL", "PostgreSQL"),
    ("database", "split", ["We store everything in MongoDB."], ["The migration off MongoDB wrapped up.", "Everything lives in DynamoDB now."], "Which database holds the user's data now?", "MongoDB", "DynamoDB"),
    ("database", "distractor", ["Our database is MariaDB."], ["A friend's startup uses Neo4j for everything."], "Which database does the user's team use?", "Neo4j", "MariaDB"),
    ("database", "update", ["We're a SQLite shop for the app."], ["Outgrew SQLite, so the app moved over to ClickHouse last month."], "What database is the user's app on now?", "SQLite", "ClickHouse"),
    # editor
    ("editor", "update", ["I write code in Sublime Text."], ["ive been on VS Code full time since january, sublime's gone"], "Which editor does the user code in now?", "Sublime Text", "VS Code"),
    ("editor", "split", ["My editor is Emacs."], ["I tried Helix for a week.", "Loved it, so Helix is my main editor now."], "What editor does the user use these days?", "Emacs", "Helix"),
    ("editor", "distractor", ["I use Neovim for coding."], ["My coworker swears by IntelliJ."], "Which code editor does the user use?", "IntelliJ", "Neovim"),
    ("editor", "update", ["I use Notepad++ for most things."], ["Switched everything over to PyCharm, Notepad++ is retired."], "What does the user write code in now?", "Notepad++", "PyCharm"),
    # CI
    ("ci", "update", ["Jenkins runs our builds."], ["we killed jenkins, all CI is on GitLab CI now"], "What CI does the user's team use now?", "Jenkins", "GitLab CI"),
    ("ci", "split", ["Our CI is CircleCI."], ["We're leaving CircleCI at the end of the month.", "The pipelines move to Azure Pipelines next sprint."], "Which CI service will run the user's pipelines?", "CircleCI", "Azure Pipelines"),
    ("ci", "distractor", ["We use Buildkite for CI."], ["Another team at my company uses TeamCity."], "Which CI system does the user's team use?", "TeamCity", "Buildkite"),
    ("ci", "update", ["Travis CI handles our tests."], ["Travis CI was too slow so we went with Drone CI a couple weeks back."], "What runs the user's builds now?", "Travis CI", "Drone CI"),
    # trip
    ("trip", "update", ["I'm going to Paris in May."], ["paris is cancelled :( heading to Vienna in june instead"], "Where is the user going on their next trip?", "Paris", "Vienna"),
    ("trip", "split", ["My next trip is to Bali."], ["Bali's off, the flights were too expensive.", "Booked Phuket for the same week."], "Where is the user travelling next?", "Bali", "Phuket"),
    ("trip", "distractor", ["I'm flying to Chicago next month."], ["My colleague is travelling to Dallas next week."], "Where is the user flying next?", "Dallas", "Chicago"),
    ("trip", "update", ["Planning a trip to Kyoto this autumn."], ["Swapped Kyoto for Hokkaido - leaving October 3."], "What is the user's next travel destination?", "Kyoto", "Hokkaido"),
]

FILLER_USER = [
    "what's a good podcast for a long drive?",
    "Can you explain what a monad is, briefly?",
    "ok cool",
    "Write me a haiku about rain.",
    "How long should I boil an egg?",
    "Morning :)",
    "Can you check this SQL for typos?",
]
FILLER_ASSISTANT = [
    "Here's one you might like.",
    "Sure, here's a short explanation.",
    "Glad that helped!",
    "Here you go.",
]


def build(seed: int = 3) -> list[dict[str, Any]]:
    """All val3 scenarios, deterministic for a seed."""
    rng = random.Random(seed)
    out: list[dict[str, Any]] = []
    for k, (slot, kind, before, update, question, old, new) in numbered(STORIES):
        day = 1 + 2 * k
        conv = Conversation()
        say = conv.say
        say("user", rng.choice(FILLER_USER), f"2024-05-{day:02d}T08:30:00Z")
        say("assistant", rng.choice(FILLER_ASSISTANT), f"2024-05-{day:02d}T08:30:04Z")
        for j, text in enumerate(before):
            say("user", text, f"2024-05-{day:02d}T08:3{1 + j}:00Z")
            say("assistant", "Got it.", f"2024-05-{day:02d}T08:3{1 + j}:04Z")
        for j in range(5):
            say("user", rng.choice(FILLER_USER), f"2024-05-{day + 3 + j:02d}T20:00:00Z")
            say("assistant", rng.choice(FILLER_ASSISTANT), f"2024-05-{day + 3 + j:02d}T20:00:04Z")
        for j, text in enumerate(update):
            # a split update: the second half comes a day later, in another session
            say("user", text, f"2024-06-{day + j:02d}T19:15:00Z")
            say("assistant", rng.choice(FILLER_ASSISTANT), f"2024-06-{day + j:02d}T19:15:04Z")
        say("user", rng.choice(FILLER_USER), f"2024-06-{day + 3:02d}T07:45:00Z")
        out.append(scenario(f"v3-{slot}-{k:02d}", "val3", slot, kind,
                            user_id("kv3", slot, k), conv.turns, question, old, new))
    return out


def main() -> None:
    """Write the split."""
    write(build(), OUT)


if __name__ == "__main__":
    main()
