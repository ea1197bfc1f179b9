# ruff: noqa: E501  (hand-written data: one story per line reads best)
"""Writes ``knowledge_val5.jsonl``: a fifth held-out split of the knowledge-update set.

Written in round 7 *before* any code change of that round, measured once on the
unchanged code and once at the end; its stories are never looked at while
tuning (``"split": "val5"``). The phrasings were written fresh, not taken from
tune/val/val2/val3/val4: everyday speech and chat spelling ("quit ikea!! im at
h&m head office now"), multi-clause turns, removals from multi-valued slots
("I don't play tennis anymore", "we gave the cat away", "dropped Spanish"),
third parties mentioned beside the user ("my wife just joined Notion and I moved
over to Linear"), and updates stated indirectly ("the last MongoDB collection
got migrated to DynamoDB yesterday"). 17 slots × 3 stories (``likes`` is new
to this split).

Kinds (``"kind"``): ``update`` (``old`` -> ``new``), ``split`` (the update over
two user turns a day apart), ``removal`` (``old`` ends, ``new`` remains or ""
when nothing does), ``distractor`` (``new`` is the user's and stays; ``old`` is
a third party's).

    python bench/data/make_knowledge_val5.py   # rewrites the .jsonl next to it
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from _knowledge_writer import Conversation, Story, numbered, scenario, user_id, write

OUT = Path(__file__).with_name("knowledge_val5.jsonl")

# (slot, kind, earlier user statements, update turns, question, old, new)
STORIES: list[Story] = [
    # home
    ("home", "update", ["been living in Krakow since uni tbh"], ["ok so the lease in krakow ended and we're in Gdansk now, sea views lol"], "Which city does the user live in now?", "Krakow", "Gdansk"),
    ("home", "update", ["My place is in Leeds, near the station."], ["My brother took over my old flat when I relocated to York for the new job, so he's the one near the station now."], "Where is the user living at the moment?", "Leeds", "York"),
    ("home", "distractor", ["I'm living in Valencia."], ["My best mate just moved to Seville and keeps sending me photos."], "Where does the user live?", "Seville", "Valencia"),
    # employer
    ("employer", "update", ["I've been at Philips for four years."], ["Today was my last day at Philips. Monday I start at ASML, wish me luck"], "Which company does the user work for now?", "Philips", "ASML"),
    ("employer", "update", ["work at ikea, the one by the motorway"], ["quit ikea!! im at h&m head office now"], "Where is the user employed now?", "ikea", "h&m"),
    ("employer", "update", ["I'm a designer at Figma."], ["My wife just joined Notion and I moved over to Linear last week, so we're both the new kids."], "Who is the user's employer now?", "Figma", "Linear"),
    # job title
    ("job_title", "update", ["I'm a maths teacher."], ["After twelve years in the classroom I retrained, I'm a school counsellor now."], "What is the user's job now?", "maths teacher", "school counsellor"),
    ("job_title", "split", ["My job is sous chef at a bistro."], ["The head chef walked out yesterday.", "They offered me her job, so I run the kitchen as head chef from today!"], "What is the user's position now?", "sous chef", "head chef"),
    ("job_title", "distractor", ["I'm an electrician."], ["My son wants to be a plumber when he grows up, bless him."], "What does the user do for a living?", "plumber", "electrician"),
    # manager
    ("manager", "update", ["My boss is Ingrid."], ["Ingrid retired last Friday, the party was fun. Our new boss is called Yusuf."], "Who is the user's boss now?", "Ingrid", "Yusuf"),
    ("manager", "update", ["I report to Pavel."], ["reorg again... i'm in Leila's team now, Pavel's got the platform group"], "Who does the user report to currently?", "Pavel", "Leila"),
    ("manager", "distractor", ["Carmen is my manager."], ["My husband's manager Gordon yells at everyone, poor guy."], "Who manages the user?", "Gordon", "Carmen"),
    # diet
    ("diet", "update", ["I'm keto."], ["Keto was making me miserable so I'm back on a Mediterranean diet."], "What diet is the user following now?", "keto", "Mediterranean"),
    ("diet", "update", ["I've been vegetarian for five years."], ["Started eating fish again last month, so technically pescatarian now I guess"], "What does the user eat these days?", "vegetarian", "pescatarian"),
    ("diet", "distractor", ["I eat paleo."], ["My roommate went raw vegan and the fridge is full of sprouts."], "Which diet does the user follow?", "raw vegan", "paleo"),
    # allergy
    ("allergy", "removal", ["I'm allergic to penicillin and to shellfish."], ["Good news from the clinic: the penicillin allergy was a false alarm. Still can't touch shellfish though."], "What is the user allergic to now?", "penicillin", "shellfish"),
    ("allergy", "removal", ["latex and bee stings are my allergies"], ["turns out i outgrew the latex thing?? bee stings still a problem"], "Which allergies does the user have currently?", "latex", "bee stings"),
    ("allergy", "distractor", ["I have a peanut allergy."], ["My daughter is allergic to strawberries, so keep that in mind for the picnic."], "What is the user allergic to?", "strawberries", "peanut"),
    # partner
    ("partner", "update", ["My girlfriend Nadia and I just adopted a plant lol."], ["Nadia and I split up in the summer. I'm seeing a guy called Felix now."], "Who is the user seeing now?", "Nadia", "Felix"),
    ("partner", "removal", ["My husband Gareth says hi."], ["Gareth and I separated, the divorce went through in May."], "Who is the user's partner now?", "Gareth", ""),
    ("partner", "distractor", ["My fiancée is Ayumi."], ["My colleague's girlfriend Brenda dropped by the office today."], "Who is the user engaged to?", "Brenda", "Ayumi"),
    # pet
    ("pet", "removal", ["We've got a cat named Pickle and a dog named Bruno."], ["we gave the cat away, Pickle lives with my grandma now. Bruno's still with us."], "What pets does the user have now?", "Pickle", "Bruno"),
    ("pet", "removal", ["I keep a goldfish called Bubbles."], ["RIP Bubbles :( no more pets for me for a while"], "Does the user have a pet now?", "Bubbles", ""),
    ("pet", "distractor", ["My dog is called Rolo."], ["My sister's new puppy Biscuit chewed my shoes."], "What is the user's dog's name?", "Biscuit", "Rolo"),
    # vehicle
    ("vehicle", "update", ["I drive a Mazda 3."], ["Traded the Mazda in on a Tesla Model Y this weekend."], "What car does the user drive these days?", "Mazda 3", "Tesla Model Y"),
    ("vehicle", "split", ["My car's a VW Golf."], ["Someone reversed into my Golf and it's a write-off.", "Insurance paid out, so now I'm driving a Kia Niro."], "Which car does the user have now?", "VW Golf", "Kia Niro"),
    ("vehicle", "removal", ["I own a Peugeot 208."], ["Sold the Peugeot last week. I take the train now, no car at all."], "What car does the user own now?", "Peugeot 208", ""),
    # phone
    ("phone", "update", ["My cell is 555-201-7733."], ["new phone who dis 😄 it's 555-201-9900 now"], "What is the user's phone number now?", "555-201-7733", "555-201-9900"),
    ("phone", "distractor", ["Call me on 0412 555 019."], ["My mum's number is 0412 777 301, can you note it?"], "What is the user's own phone number?", "0412 777 301", "0412 555 019"),
    ("phone", "update", ["My number is +49 151 2345 6789."], ["The German number is gone since I moved back, ring me at +44 7700 900123."], "Which number should be used to call the user now?", "+49 151 2345 6789", "+44 7700 900123"),
    # email
    ("email", "update", ["My email's ana.silva@gmail.com."], ["I only use ana@silvastudio.pt these days, the gmail account is closed"], "What is the user's email address now?", "ana.silva@gmail.com", "ana@silvastudio.pt"),
    ("email", "distractor", ["Reach me at omar@fastmail.com."], ["My business partner is hassan@kebabco.com if you ever need him."], "What is the user's email?", "hassan@kebabco.com", "omar@fastmail.com"),
    ("email", "split", ["Email me at j.doe@corp.example."], ["Corp shut my account when I left.", "Personal one from now: jdoe.writes@proton.me"], "Which email address does the user use now?", "j.doe@corp.example", "jdoe.writes@proton.me"),
    # birthday
    ("birthday", "update", ["I was born on November 5."], ["my mistake earlier - my birthday is actually November 25, the 5th is my sister's"], "When is the user's birthday?", "November 5", "November 25"),
    ("birthday", "distractor", ["My birthday is June 2."], ["My husband's birthday is October 14, I need gift ideas."], "When is the user's birthday?", "October 14", "June 2"),
    ("birthday", "update", ["I celebrate my birthday on January 9."], ["Correction for your notes: my birthday's January 19."], "What date is the user's birthday?", "January 9", "January 19"),
    # language
    ("language", "update", ["I'm learning Spanish on Duolingo."], ["dropped Spanish, the streak was killing me. doing Japanese with a tutor instead"], "Which language is the user learning now?", "Spanish", "Japanese"),
    ("language", "split", ["I take Arabic evening classes."], ["The Arabic course ended in June.", "I've signed up for Turkish this autumn."], "What language is the user studying now?", "Arabic", "Turkish"),
    ("language", "distractor", ["I'm studying German."], ["My girlfriend is learning Portuguese for her job in Brazil."], "Which language is the user learning?", "Portuguese", "German"),
    # database
    ("database", "update", ["Our app's data lives in MySQL."], ["Finished moving off MySQL last week, it's all Postgres now."], "Which database does the user's app use now?", "MySQL", "Postgres"),
    ("database", "update", ["We use MongoDB for everything."], ["The last Mongo collection got migrated to DynamoDB yesterday, so that's done."], "What database does the user's team use now?", "MongoDB", "DynamoDB"),
    ("database", "distractor", ["Our backend runs on MariaDB."], ["The data science team next door keeps bragging about ClickHouse."], "Which database does the user's backend run on?", "ClickHouse", "MariaDB"),
    # editor
    ("editor", "update", ["Emacs is where I write code."], ["Been on Neovim for a month and I'm not going back."], "Which editor does the user code in now?", "Emacs", "Neovim"),
    ("editor", "update", ["I use Sublime Text."], ["switched to Cursor, the AI stuff is too good. uninstalled sublime"], "What editor does the user use now?", "Sublime Text", "Cursor"),
    ("editor", "distractor", ["My IDE is IntelliJ."], ["My teammate swears by Helix, he won't shut up about it."], "Which IDE does the user use?", "Helix", "IntelliJ"),
    # ci
    ("ci", "update", ["We run CI on Travis."], ["Travis got too slow so we moved our pipelines to Buildkite."], "What CI does the user's team use now?", "Travis", "Buildkite"),
    ("ci", "split", ["Jenkins runs our builds."], ["We finally turned the old build box off.", "All our builds go through GitLab CI since Tuesday."], "Which CI system runs the user's builds now?", "Jenkins", "GitLab CI"),
    ("ci", "distractor", ["Our team uses CircleCI."], ["The mobile team uses Bitrise for their builds."], "Which CI does the user's team use?", "Bitrise", "CircleCI"),
    # trip
    ("trip", "update", ["We're going to Iceland in August."], ["too pricey up north so we switched the August trip to Norway"], "Where is the user going on their next trip?", "Iceland", "Norway"),
    ("trip", "update", ["I'm off to Bali next month."], ["Our flights got cancelled, so we rebooked for Vietnam instead."], "Where is the user travelling next?", "Bali", "Vietnam"),
    ("trip", "distractor", ["I'm visiting Prague in May."], ["My parents are going to Budapest in May too, funny coincidence."], "Where is the user going in May?", "Budapest", "Prague"),
    # likes (multi-valued)
    ("likes", "removal", ["I play tennis and badminton on weekends."], ["I don't play tennis anymore since the knee surgery, just badminton."], "Which sports does the user play now?", "tennis", "badminton"),
    ("likes", "removal", ["I love running and swimming."], ["Gave up running, my knees hate it. Still swim three times a week."], "What exercise does the user do now?", "running", "swim"),
    ("likes", "removal", ["I'm really into chess and poker."], ["Quit poker for good, lost too much. Chess is still my thing."], "Which games does the user play these days?", "poker", "Chess"),
]

FILLER_USER = [
    "what's a good name for a podcast about gardening?",
    "how long do I boil an egg for a runny yolk",
    "lol ok",
    "Can you explain what a mutex is?",
    "write a haiku about Mondays pls",
    "ty!",
    "Any tips for sleeping on a plane?",
    "Which is heavier, a kilo of feathers or a kilo of steel?",
]
FILLER_ASSISTANT = [
    "Sure, here you go.",
    "Good one! Let me think.",
    "No problem at all.",
    "Here's a short answer.",
    "Glad that helped.",
]


def build(seed: int = 5) -> list[dict[str, Any]]:
    """All val5 scenarios, deterministic for a seed."""
    rng = random.Random(seed)
    out: list[dict[str, Any]] = []
    for k, (slot, kind, before, update, question, old, new) in numbered(STORIES):
        conv = Conversation()
        say = conv.say
        for j, text in enumerate(before):
            say("user", text, f"2024-01-{5 + 3 * k + j:02d}T20:0{j}:00Z")
            say("assistant", rng.choice(FILLER_ASSISTANT), f"2024-01-{5 + 3 * k + j:02d}T20:0{j}:07Z")
        for j in range(3):
            say("user", rng.choice(FILLER_USER), f"2024-02-{14 + 2 * j:02d}T08:30:00Z")
            say("assistant", rng.choice(FILLER_ASSISTANT), f"2024-02-{14 + 2 * j:02d}T08:30:07Z")
        for j, text in enumerate(update):
            say("user", text, f"2024-05-{10 + k + j:02d}T19:45:00Z")
            say("assistant", rng.choice(FILLER_ASSISTANT), f"2024-05-{10 + k + j:02d}T19:45:07Z")
        for j in range(2):
            say("user", rng.choice(FILLER_USER), f"2024-05-{20 + j:02d}T07:15:00Z")
            say("assistant", rng.choice(FILLER_ASSISTANT), f"2024-05-{20 + j:02d}T07:15:07Z")
        out.append(scenario(f"v5-{slot}-{k:02d}", "val5", slot, kind,
                            user_id("kv5", slot, k), conv.turns, question, old, new))
    return out


def main() -> None:
    """Write the split."""
    write(build(), OUT)


if __name__ == "__main__":
    main()
