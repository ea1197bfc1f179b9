# ruff: noqa: E501  (hand-written data: one story per line reads best)
"""Writes ``knowledge_val6.jsonl``: a sixth held-out split of the knowledge-update set.

Written in round 8 *before* any code change of that round, measured once on the
unchanged code and once at the end; its stories are never looked at while
tuning (``"split": "val6"``). The phrasings were written fresh, unlike
tune/val/val2–val5: other verbs and idioms ("gave up the ghost", "called it
quits", "handed in my notice", "ripped out"), typos, multi-sentence turns where
the value comes in another sentence than the change, past and future framing
("the Mexico City plan fell through, we'll spend December in Lima"), and
non-native English ("Since three weeks I am living in Utrecht", "We are migrate
the CI to …"). 18 slots, 3–4 stories each.

Kinds (``"kind"``): ``update`` (``old`` -> ``new``), ``split`` (the update over
two user turns a day apart), ``restated`` (``old`` said twice, days apart,
before the update), ``removal`` (``old`` ends, ``new`` remains or "" when
nothing does), ``distractor`` (``new`` is the user's and stays; ``old`` is a
third party's).

    python bench/data/make_knowledge_val6.py   # rewrites the .jsonl next to it
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _knowledge_writer import Story, Timeline, build_stories, write

OUT = Path(__file__).with_name("knowledge_val6.jsonl")

# (slot, kind, earlier user statements, update turns, question, old, new)
STORIES: list[Story] = [
    # home
    ("home", "update", ["I'm living in Lyon at the moment, small flat near the river."], ["Packed up the whole Lyon apartment last month. Now we rent a house in Grenoble, much quieter."], "Which city does the user live in now?", "Lyon", "Grenoble"),
    ("home", "update", ["I am living in Rotterdam since 2019."], ["Since three weeks I am living in Utrecht, my company has move there."], "Where does the user live currently?", "Rotterdam", "Utrecht"),
    ("home", "restated", ["Home is Manchester for me.", "Manchester rain again today, typical."], ["Well, that's the last Manchester rain I'll moan about - we've settled in Edinburgh as of Saturday."], "Where is the user based now?", "Manchester", "Edinburgh"),
    ("home", "distractor", ["I live in Tallinn."], ["My cousin finally bought a place in Riga, so now I have somewhere to crash when I visit."], "Which city does the user live in?", "Riga", "Tallinn"),
    # employer
    ("employer", "update", ["I work for Siemens in the energy division."], ["Handed in my notice at Siemens back in March. Since the 1st I'm with Vestas, different vibe entirely."], "Which company does the user work for now?", "Siemens", "Vestas"),
    ("employer", "split", ["I'm employed at Deloitte."], ["Cleared out my desk at Deloitte yesterday, bit emotional.", "Got my PwC laptop this morning, onboarding all week."], "Where does the user work now?", "Deloitte", "PwC"),
    ("employer", "update", ["i work at accenture"], ["finaly got the offer from Shopify and said yes, accenture is history"], "Who does the user work for now?", "accenture", "Shopify"),
    ("employer", "distractor", ["I'm at Unilever."], ["My flatmate got hired by Nestlé, he starts next week."], "Where is the user employed?", "Nestlé", "Unilever"),
    # job title
    ("job_title", "update", ["I work as a paralegal."], ["Passed the bar in the spring, so I'm a fully qualified lawyer now!"], "What is the user's job now?", "paralegal", "lawyer"),
    ("job_title", "restated", ["I'm a junior developer.", "Being a junior developer means lots of code reviews lol"], ["got promoted!! senior developer since monday"], "What is the user's job title now?", "junior developer", "senior developer"),
    ("job_title", "update", ["My profession is nurse in the hospital."], ["I make now the work of midwife, I finish the training in april."], "What is the user's profession now?", "nurse", "midwife"),
    ("job_title", "distractor", ["I'm a graphic designer."], ["My dad has been a firefighter for thirty years, he retires soon."], "What does the user do for work?", "firefighter", "graphic designer"),
    # manager
    ("manager", "update", ["My manager is Hiroshi."], ["Hiroshi moved to the Osaka office, so Beatriz took over our team and I report to her now."], "Who is the user's manager now?", "Hiroshi", "Beatriz"),
    ("manager", "split", ["Olga is my line manager."], ["Olga announced she's leaving for a startup.", "Met my new line manager today, a guy named Tomasz, seems chill."], "Who manages the user now?", "Olga", "Tomasz"),
    ("manager", "update", ["I report to Derek."], ["Derek got let go on Thursday. For now I answer directly to Sunita, the VP."], "Who does the user report to now?", "Derek", "Sunita"),
    ("manager", "distractor", ["My boss is Fatima."], ["My girlfriend's boss Raymond keeps emailing her at midnight."], "Who is the user's boss?", "Raymond", "Fatima"),
    # diet
    ("diet", "update", ["I'm vegan."], ["Fell off the vegan wagon, honestly. I eat flexitarian now, meat maybe twice a week."], "What diet does the user follow now?", "vegan", "flexitarian"),
    ("diet", "update", ["I'm doing intermittent fasting."], ["Doctor told me to stop the fasting thing, I'm on a low-sodium diet now for my blood pressure."], "What is the user's diet these days?", "intermittent fasting", "low-sodium"),
    ("diet", "restated", ["I follow a gluten-free diet.", "Gluten-free pasta is so expensive, ugh."], ["Turns out I'm not celiac after all, so bye bye gluten-free. I've gone low-carb to lose some weight instead."], "What diet is the user on now?", "gluten-free", "low-carb"),
    ("diet", "distractor", ["I'm pescatarian."], ["My husband just started the carnivore diet, steak every night, gross."], "What diet does the user follow?", "carnivore", "pescatarian"),
    # allergy (multi-valued)
    ("allergy", "removal", ["I'm allergic to cats and to ibuprofen."], ["Had the allergy retest: ibuprofen is fine after all, the doctor cleared it. Cats still make me sneeze like crazy."], "What is the user allergic to now?", "ibuprofen", "cats"),
    ("allergy", "removal", ["I can't eat eggs or soy, allergic to both."], ["the egg allergy is gone!! grew out of it apparently. soy still a no-go"], "Which allergies does the user have now?", "eggs", "soy"),
    ("allergy", "distractor", ["I'm allergic to pollen."], ["My boyfriend found out he's allergic to kiwi, his lips swelled up."], "What is the user allergic to?", "kiwi", "pollen"),
    # partner
    ("partner", "update", ["My boyfriend Lucas is a chef."], ["Lucas and I called it quits in March. I've been dating Amir for a couple of months now and it's going great."], "Who is the user dating now?", "Lucas", "Amir"),
    ("partner", "removal", ["My wife Sofia and I love hiking."], ["Sofia and me are divorced now, it was final in september. Being single is strange."], "Who is the user's partner now?", "Sofia", ""),
    ("partner", "restated", ["My partner is Kenji.", "Kenji cooked ramen tonight, so good."], ["Kenji and I broke up before the summer; Daniela and I have been together since July."], "Who is the user's partner?", "Kenji", "Daniela"),
    ("partner", "distractor", ["My husband is Tobias."], ["My best friend is marrying a guy called Marco next month!"], "Who is the user married to?", "Marco", "Tobias"),
    # pet (multi-valued)
    ("pet", "removal", ["We have two cats, Mochi and Tiger."], ["Mochi ran away in April and never came back :( Tiger is all alone now."], "What pets does the user have now?", "Mochi", "Tiger"),
    ("pet", "removal", ["I have a parrot called Captain."], ["We had to rehome Captain, he was too loud for the new neighbours. No pets at the moment."], "Does the user have a pet now?", "Captain", ""),
    ("pet", "split", ["We have a hamster named Nugget."], ["Nugget died last night, the kids are devastated.", "We got the kids a guinea pig called Peanut to cheer them up."], "What pets does the user have now?", "Nugget", "Peanut"),
    ("pet", "distractor", ["I've got a rabbit named Clover."], ["My neighbour's cat Shadow keeps sneaking into our garden."], "What is the user's pet called?", "Shadow", "Clover"),
    # vehicle
    ("vehicle", "update", ["I drive a Ford Focus."], ["The Focus finally gave up the ghost, so I got myself a second-hand Skoda Octavia."], "What car does the user drive now?", "Ford Focus", "Skoda Octavia"),
    ("vehicle", "update", ["My car is a Renault Clio."], ["I have change my car, now I am driving one Hyundai Tucson, the Clio I give to my brother."], "Which car does the user have now?", "Renault Clio", "Hyundai Tucson"),
    ("vehicle", "removal", ["I've got a Subaru Outback."], ["Got rid of the Subaru, city living with a car is pointless. Bike and tram for me now."], "What car does the user own now?", "Subaru Outback", ""),
    ("vehicle", "restated", ["My ride is a BMW X3.", "Took the BMW X3 in for service, pricey."], ["The X3 lease ran out and I didn't renew; picked up a Volvo XC40 on Friday instead."], "What car does the user drive these days?", "BMW X3", "Volvo XC40"),
    # phone
    ("phone", "update", ["My phone number is 07700 900461."], ["Lost my phone on the bus and had to get a new SIM, the new number is 07700 900872."], "What is the user's phone number now?", "07700 900461", "07700 900872"),
    ("phone", "update", ["You can text me at 415-555-0134."], ["Switched carriers, so 415-555-0134 won't work anymore. Use 628-555-0199."], "Which number should be used to reach the user now?", "415-555-0134", "628-555-0199"),
    ("phone", "distractor", ["My mobile is +33 6 12 34 56 78."], ["If I don't answer, try my husband at +33 6 98 76 54 32."], "What is the user's own mobile number?", "+33 6 98 76 54 32", "+33 6 12 34 56 78"),
    ("phone", "split", ["Reach me on 0161 555 0123."], ["I'm ditching my landline, it's all scam calls.", "From now on please use my mobile, 07911 555 234."], "What number should the user be called on now?", "0161 555 0123", "07911 555 234"),
    # email
    ("email", "update", ["My email is lena.k@web.de."], ["Please update your records: my email changed to lena.krause@posteo.de, I stopped using the web.de one."], "What is the user's email address now?", "lena.k@web.de", "lena.krause@posteo.de"),
    ("email", "update", ["email me on raj.p@hotmail.com"], ["got a new adress - raj.patel.dev@gmail.com. hotmail one is dead"], "Which email does the user use now?", "raj.p@hotmail.com", "raj.patel.dev@gmail.com"),
    ("email", "distractor", ["My email is mia@studio9.io."], ["For invoices write to my accountant, accounts@numbersltd.com."], "What is the user's email address?", "accounts@numbersltd.com", "mia@studio9.io"),
    # birthday
    ("birthday", "update", ["My birthday is March 3."], ["Oops, I typed that wrong before: my birthday is March 13, not the 3rd."], "When is the user's birthday?", "March 3", "March 13"),
    ("birthday", "update", ["I was born on 12 April."], ["My mom just reminded me the hospital wrote the date wrong - I was actually born on 21 April."], "What is the user's date of birth?", "12 April", "21 April"),
    ("birthday", "distractor", ["My birthday's on September 30."], ["My wife's birthday is on February 8, help me plan a surprise."], "When is the user's birthday?", "February 8", "September 30"),
    # language
    ("language", "update", ["I'm learning French."], ["Gave French a rest after my exam, these days it's Korean flashcards every morning."], "Which language is the user learning now?", "French", "Korean"),
    ("language", "restated", ["I study Italian on Tuesdays.", "My Italian teacher gave us so much homework lol"], ["I quit the Italian classes, switching to Mandarin - my company sends me to Shanghai next year."], "What language is the user studying now?", "Italian", "Mandarin"),
    ("language", "split", ["Currently learning Russian."], ["Honestly Russian grammar broke me, I stopped.", "Now I practise Greek with an app before work."], "Which language is the user learning these days?", "Russian", "Greek"),
    ("language", "distractor", ["I'm learning Dutch."], ["My kids are learning Swahili at school, so cute."], "Which language is the user learning?", "Swahili", "Dutch"),
    # database
    ("database", "update", ["Our main database is Oracle."], ["We ripped out Oracle over the holidays, the licence was insane; everything runs on CockroachDB now."], "Which database does the user's team use now?", "Oracle", "CockroachDB"),
    ("database", "update", ["We are using SQLite for the app."], ["For the app we are now use Supabase, SQLite was not enough for many users."], "What database does the user's app use now?", "SQLite", "Supabase"),
    ("database", "distractor", ["We store everything in PostgreSQL."], ["My old team at the bank is still stuck on DB2."], "Which database does the user's team use?", "DB2", "PostgreSQL"),
    ("database", "restated", ["Cassandra is our datastore.", "Cassandra compaction ate the disk again today."], ["Cassandra is finally gone, we cut over to ScyllaDB on Wednesday."], "What datastore does the user's team run now?", "Cassandra", "ScyllaDB"),
    # editor
    ("editor", "update", ["I write code in Vim."], ["Caved and installed VS Code last month, I barely open Vim anymore."], "Which editor does the user code in now?", "Vim", "VS Code"),
    ("editor", "update", ["Atom is my editor."], ["Atom got discontinued so I had to move, I'm on Zed these days."], "What editor does the user use now?", "Atom", "Zed"),
    ("editor", "distractor", ["I code in PyCharm."], ["My intern insists on Notepad++ for everything, it hurts to watch."], "Which editor does the user use?", "Notepad++", "PyCharm"),
    ("editor", "split", ["My editor is Eclipse."], ["Eclipse crashed for the fifth time today, I'm done with it.", "Set up WebStorm this afternoon, so far so good."], "Which IDE does the user use now?", "Eclipse", "WebStorm"),
    # ci
    ("ci", "update", ["We use GitHub Actions for CI."], ["GitHub Actions minutes were costing a fortune, so the builds run on Drone now."], "What CI does the user's team use now?", "GitHub Actions", "Drone"),
    ("ci", "update", ["Our CI is TeamCity."], ["We are migrate the CI to Azure Pipelines, last week finish, TeamCity is off."], "Which CI system runs the user's builds now?", "TeamCity", "Azure Pipelines"),
    ("ci", "distractor", ["Our pipelines run on GitLab CI."], ["The other squad is trying out Argo Workflows, rather them than us."], "Which CI does the user's team use?", "Argo Workflows", "GitLab CI"),
    # trip
    ("trip", "update", ["We'll fly to Mexico City in December."], ["The Mexico City plan fell through, we'll spend December in Lima instead."], "Where is the user going on their next trip?", "Mexico City", "Lima"),
    ("trip", "update", ["I'm going to Amsterdam at Easter."], ["Amsterdam hotels were crazy expensive so we will go to Ghent instead, same dates."], "Where is the user travelling next?", "Amsterdam", "Ghent"),
    ("trip", "split", ["Planning a trip to Kyoto in October."], ["The Kyoto trip is off, my visa didn't come through.", "Booked Singapore for October, no visa needed."], "What is the user's next trip destination?", "Kyoto", "Singapore"),
    ("trip", "distractor", ["I'm heading to Oslo in June."], ["My brother is backpacking through Peru in June."], "Where is the user going in June?", "Peru", "Oslo"),
    # likes (multi-valued)
    ("likes", "removal", ["I do yoga and climbing."], ["Climbing is over for me after I hurt my shoulder. I stick with yoga."], "Which sports does the user do now?", "climbing", "yoga"),
    ("likes", "removal", ["I like jazz and heavy metal."], ["Honestly I've grown out of heavy metal, these days it's only jazz on my speakers."], "What music does the user like now?", "heavy metal", "jazz"),
    ("likes", "removal", ["I enjoy knitting and painting."], ["Haven't touched my paints in a year, I think painting isn't my hobby anymore. Knitting every evening though!"], "What hobbies does the user have now?", "painting", "Knitting"),
]

FILLER_USER = [
    "recommend me a podcast for my commute?",
    "How many ml in a tablespoon",
    "thx a lot",
    "What's the difference between a list and a tuple in Python?",
    "Give me three ideas for a rainy Sunday.",
    "good evening :)",
    "Is it better to stretch before or after running?",
    "translate 'good luck' into Spanish please",
]
FILLER_ASSISTANT = [
    "Certainly! Here are some options.",
    "Nice, let's do it.",
    "Anytime.",
    "Here's a quick rundown.",
    "I hope that helps!",
]


# a restated old value: the second statement comes a week later
WHEN = Timeline(
    opening=lambda k, j: f"2024-07-{1 + k + j:02d}T07:40:00Z",
    openings=2,
    before=lambda k, j: f"2024-07-{4 + k + 7 * j:02d}T21:05:00Z",
    middle=lambda k, j: f"2024-08-{3 + 3 * j:02d}T12:00:00Z",
    middles=3,
    update=lambda k, j: f"2024-09-{2 + 2 * k + j:02d}T16:20:00Z",
    closing=lambda k: f"2024-09-{20 + k:02d}T10:10:00Z",
    reply=6,
)


def build(seed: int = 6) -> list[dict[str, Any]]:
    """All val6 scenarios, deterministic for a seed."""
    return build_stories(STORIES, "val6", "kv6", seed, FILLER_USER,
                         FILLER_ASSISTANT, WHEN)


def main() -> None:
    """Write the split."""
    write(build(), OUT)


if __name__ == "__main__":
    main()
