# ruff: noqa: E501  (hand-written data: one story per line reads best)
"""Writes ``knowledge_val4.jsonl``: a fourth held-out split of the knowledge-update set.

Written in round 5 *before* any code change of that round, and measured once on
the unchanged code; never looked at while tuning afterwards (``"split": "val4"``).
The phrasings were written fresh, unlike tune/val/val2/val3: value first
("Lisbon's home now"), contractions and lower case, time phrases in many places
("as of the 2nd", "since mid-March", "two weeks ago"), updates spread over
several sentences, updates wrapped in unrelated filler before and after ("oh
and before I forget — ... anyway, can you help with my essay?"), the old value
said twice before it changes, explicit removals from multi-valued slots, and
third-party mentions that must not change the user's own value.

Kinds (``"kind"``): ``update`` (``old`` -> ``new``), ``split`` (the update over
two user turns a day apart), ``restated`` (``old`` said twice before the
update), ``removal`` (``old`` ends, ``new`` remains or "" when nothing does),
``distractor`` (``new`` is the user's and stays; ``old`` is a third party's).

    python bench/data/make_knowledge_val4.py   # rewrites the .jsonl next to it
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _knowledge_writer import Story, Timeline, build_stories, write

OUT = Path(__file__).with_name("knowledge_val4.jsonl")

# (slot, kind, earlier user statements, update turns, question, old, new)
STORIES: list[Story] = [
    # home
    ("home", "update", ["Nantes has been home for about six years."], ["Oh and before I forget, Lyon's home now. Anyway, can you help me with a cover letter?"], "Where does the user live these days?", "Nantes", "Lyon"),
    ("home", "restated", ["I rent a flat in Utrecht.", "The rent in Utrecht keeps going up, honestly."], ["We finally bought a place! It's in Haarlem, we got the keys on the 2nd."], "Which city is the user's home now?", "Utrecht", "Haarlem"),
    ("home", "split", ["Home for me is Adelaide."], ["The removal truck came this morning.", "First night in our Brisbane house tonight, feels weird."], "What city does the user live in currently?", "Adelaide", "Brisbane"),
    ("home", "distractor", ["I'm a Glasgow local."], ["My cousin bought a house in Dundee, we're visiting next month."], "Where does the user live?", "Dundee", "Glasgow"),
    # employer
    ("employer", "update", ["I'm an engineer at Atlassian."], ["Small update on my end: since the 4th I've been at Canva. Still getting used to the new laptop lol"], "Which company does the user work at now?", "Atlassian", "Canva"),
    ("employer", "restated", ["Deloitte has employed me since 2019.", "Another late night at Deloitte, ugh."], ["Handed back my Deloitte badge on Friday. Tomorrow's my first day with Accenture."], "Who employs the user currently?", "Deloitte", "Accenture"),
    ("employer", "split", ["I work for Shopify."], ["Big decision made: I resigned from Shopify.", "Stripe offered me a role and I accepted it, I begin next week."], "Where does the user work now?", "Shopify", "Stripe"),
    ("employer", "distractor", ["My company is Unilever."], ["My flatmate's just been hired by Nestle, she's thrilled."], "Which company does the user work for?", "Nestle", "Unilever"),
    # job title
    ("job_title", "update", ["I'm a junior copywriter."], ["Guess who's a content strategist as of this month? Me!"], "What is the user's job title now?", "junior copywriter", "content strategist"),
    ("job_title", "restated", ["I work as a paralegal.", "Being a paralegal means endless paperwork."], ["Passed the bar, so I'm an attorney now. No more paralegal work for me."], "What does the user work as these days?", "paralegal", "attorney"),
    ("job_title", "split", ["My role is QA tester."], ["HR called me in today.", "I'm officially a test automation engineer from next Monday."], "What is the user's role now?", "QA tester", "test automation engineer"),
    ("job_title", "distractor", ["I'm a pharmacist."], ["My sister-in-law just qualified as a veterinarian."], "What is the user's profession?", "veterinarian", "pharmacist"),
    # manager
    ("manager", "update", ["My line manager is Oksana."], ["Oksana got promoted to director, so Tobias took over our team and I report to him now."], "Who does the user report to now?", "Oksana", "Tobias"),
    ("manager", "restated", ["I report to Malik.", "Malik approved my leave, he's a good boss."], ["Quick one: Malik left the company. My new manager is Greta, started Tuesday."], "Who is the user's manager now?", "Malik", "Greta"),
    ("manager", "split", ["Chen is my boss."], ["There was a team reshuffle last week.", "Now I'm under Beatriz, Chen moved to sales."], "Who manages the user currently?", "Chen", "Beatriz"),
    ("manager", "distractor", ["My supervisor is Ravi."], ["My friend's boss, Dmitri, sounds like a nightmare."], "Who is the user's supervisor?", "Dmitri", "Ravi"),
    # diet
    ("diet", "update", ["I eat a pescatarian diet."], ["Heads up for recipes: I've gone fully vegan since mid-March."], "What diet does the user follow now?", "pescatarian", "vegan"),
    ("diet", "restated", ["I do intermittent fasting.", "Fasting till noon again today, intermittent fasting is hard."], ["Stopped intermittent fasting, my doctor put me on a low-sodium diet instead."], "What diet is the user on these days?", "intermittent fasting", "low-sodium"),
    ("diet", "split", ["I'm gluten-free."], ["The celiac test came back negative.", "So I'm eating normally again, just a balanced omnivore diet."], "What does the user eat now?", "gluten-free", "omnivore"),
    ("diet", "distractor", ["I'm vegetarian."], ["My dad started the carnivore thing, eats only steak now."], "Which diet does the user follow?", "carnivore", "vegetarian"),
    # allergy
    ("allergy", "removal", ["I'm allergic to cats and to ibuprofen."], ["The allergist retested me: cats don't bother me anymore, only the ibuprofen one is left."], "What is the user allergic to now?", "cats", "ibuprofen"),
    ("allergy", "update", ["Sesame gives me hives."], ["Weird, the new tests say sesame is fine but I'm allergic to kiwi."], "What gives the user an allergy now?", "Sesame", "kiwi"),
    ("allergy", "removal", ["Pollen and dust mites both set off my allergies."], ["After three years of shots my pollen allergy is basically gone. Dust mites still get me though."], "Which allergies does the user have now?", "Pollen", "dust mites"),
    ("allergy", "distractor", ["I'm allergic to eggs."], ["My nephew is allergic to almonds, so no almond cake at the party."], "What is the user allergic to?", "almonds", "eggs"),
    # partner
    ("partner", "update", ["Me and my boyfriend Marco are going hiking this weekend."], ["marco and i are done. I've been dating Andre for a month now, he's lovely"], "Who is the user dating now?", "Marco", "Andre"),
    ("partner", "restated", ["My wife Hannah is a nurse.", "Hannah and I have been married for ten years."], ["Hannah and I divorced last year. I'm with Sofia now, we just moved in together."], "Who is the user's partner now?", "Hannah", "Sofia"),
    ("partner", "removal", ["I'm engaged to Rohan."], ["We called off the engagement. Rohan and I aren't together anymore, I'm single."], "Who is the user's partner now?", "Rohan", ""),
    ("partner", "distractor", ["My husband is Jonas."], ["My coworker married Enrique last weekend, beautiful wedding."], "Who is the user married to?", "Enrique", "Jonas"),
    # pet
    ("pet", "removal", ["We have two dogs, Luna and Max."], ["Sad day. Max died this morning, it was his heart. Luna keeps looking for him."], "What pets does the user have now?", "Max", "Luna"),
    ("pet", "update", ["I've got a parrot called Kiwi."], ["Kiwi went to a bird sanctuary. These days it's just me and my new cat, Tofu."], "Which pet does the user have now?", "Kiwi", "Tofu"),
    ("pet", "removal", ["My two cats are Miso and Ginger."], ["We found Ginger a new home with my aunt, she has a big garden. Miso stays with us."], "Which cats does the user have at the moment?", "Ginger", "Miso"),
    ("pet", "distractor", ["I have a beagle named Scout."], ["My neighbour got a husky called Blizzard, very loud."], "What is the user's dog called?", "Blizzard", "Scout"),
    # vehicle
    ("vehicle", "update", ["My daily driver is a Ford Focus."], ["Said goodbye to the Ford Focus. Picked up a Hyundai Ioniq 5 on Saturday, electric at last!"], "What car does the user drive now?", "Ford Focus", "Hyundai Ioniq 5"),
    ("vehicle", "restated", ["I drive a Toyota Corolla.", "The Toyota Corolla needs new tyres again."], ["Finally replaced the Corolla, I drive a Skoda Octavia now."], "Which car does the user have now?", "Toyota Corolla", "Skoda Octavia"),
    ("vehicle", "removal", ["I've got a Renault Clio."], ["Gave my Renault Clio to my brother. I cycle everywhere now, car-free!"], "What car does the user own these days?", "Renault Clio", ""),
    ("vehicle", "distractor", ["I drive a Nissan Leaf."], ["My boss just got a Porsche Taycan, showing off as usual."], "What car does the user drive?", "Porsche Taycan", "Nissan Leaf"),
    # phone
    ("phone", "update", ["Text me on +33 6 12 34 56 78."], ["Changed carriers, so my number is different: +33 6 98 76 54 32. The old one stops working Friday."], "What is the user's phone number now?", "+33 6 12 34 56 78", "+33 6 98 76 54 32"),
    ("phone", "restated", ["My mobile is +1 415 555 0142.", "Just call +1 415 555 0142 if the app is down."], ["Lost my phone and had to get a new SIM. I'm on +1 415 555 0188 now."], "Which number reaches the user now?", "+1 415 555 0142", "+1 415 555 0188"),
    ("phone", "split", ["My number is 07911 123456."], ["Switched to a work phone this week.", "Best number for me from now on: 07911 654321."], "How can the user be reached by phone now?", "07911 123456", "07911 654321"),
    ("phone", "distractor", ["My phone is +61 412 345 678."], ["My landlord's number is +61 498 765 432, in case the boiler breaks."], "What is the user's phone number?", "+61 498 765 432", "+61 412 345 678"),
    # email
    ("email", "update", ["You can email me at tom.b@hotmail.com."], ["Please send things to tom@brennan.ie going forward — the hotmail one's dead."], "What is the user's email address now?", "tom.b@hotmail.com", "tom@brennan.ie"),
    ("email", "restated", ["My email is lucia@uni-bonn.de.", "Send the draft to lucia@uni-bonn.de please."], ["Graduated! My uni address stops working, use lucia.f@posteo.de instead."], "Which email should the user get mail at now?", "lucia@uni-bonn.de", "lucia.f@posteo.de"),
    ("email", "split", ["Work email: raj@oldco.com."], ["Last day at oldco, the mailbox closes tonight.", "Reach me at raj@newco.io from tomorrow."], "What email does the user use now?", "raj@oldco.com", "raj@newco.io"),
    ("email", "distractor", ["My email is kim@lee.family."], ["My accountant's address is books@taxhelp.com, can you remember that for later?"], "What is the user's own email?", "books@taxhelp.com", "kim@lee.family"),
    # birthday
    ("birthday", "update", ["My birthday falls on March 3."], ["Ugh, I told you the wrong date. It's March 13, not the 3rd."], "When is the user's birthday?", "March 3", "March 13"),
    ("birthday", "split", ["I was born on August 8."], ["My mum laughed when she saw my profile.", "Apparently I was born August 18 - the hospital papers had a typo."], "What is the user's birthday?", "August 8", "August 18"),
    ("birthday", "update", ["I turn 30 on December 1."], ["Small correction, my birthday is December 10. Sorry for the mix-up!"], "On what date is the user's birthday?", "December 1", "December 10"),
    ("birthday", "distractor", ["My birthday is April 22."], ["My twin nieces were born on September 30."], "When is the user's birthday?", "September 30", "April 22"),
    # language
    ("language", "update", ["Learning Korean at the moment."], ["Gave up on Korean for now. Greek's my new project, two lessons a week."], "Which language is the user learning now?", "Korean", "Greek"),
    ("language", "restated", ["I'm learning Swedish.", "My Swedish teacher is very patient."], ["Moved on from Swedish after passing B1. I started Finnish classes this term."], "What language is the user studying now?", "Swedish", "Finnish"),
    ("language", "split", ["I take Hindi lessons on Tuesdays."], ["Cancelled the Hindi lessons, no time.", "I'm picking up Polish instead, for my partner's family."], "What language does the user study at the moment?", "Hindi", "Polish"),
    ("language", "distractor", ["I'm studying French."], ["My husband is learning Vietnamese for work."], "Which language is the user learning?", "Vietnamese", "French"),
    # database
    ("database", "update", ["Our product runs on Oracle."], ["Migration done - we're on CockroachDB as of last sprint, Oracle licences cancelled."], "Which database does the user's product run on now?", "Oracle", "CockroachDB"),
    ("database", "restated", ["We use Cassandra for storage.", "Cassandra compaction bit us again today."], ["We swapped Cassandra out for ScyllaDB two weeks ago, way fewer pages."], "What database does the user's team use now?", "Cassandra", "ScyllaDB"),
    ("database", "split", ["Our data sits in Redis."], ["We've outgrown Redis as a primary store.", "Everything's in FoundationDB now, finished the cutover last night."], "Where does the user's team store its data now?", "Redis", "FoundationDB"),
    ("database", "distractor", ["We run Postgres in production."], ["The analytics folks down the hall use Snowflake."], "Which database does the user's team run?", "Snowflake", "Postgres"),
    # editor
    ("editor", "update", ["Vim is my editor."], ["Confession: I've been using Zed every day since February. Haven't opened vim in weeks."], "Which editor does the user use now?", "Vim", "Zed"),
    ("editor", "restated", ["I code in Atom.", "Atom plugins keep breaking on me."], ["Atom's dead so I moved to VSCodium, it's my daily editor now."], "What does the user code in these days?", "Atom", "VSCodium"),
    ("editor", "split", ["I do all my coding in Eclipse."], ["Our team got licences for JetBrains tools.", "So it's WebStorm for me from now on, bye Eclipse."], "What editor does the user write code in now?", "Eclipse", "WebStorm"),
    ("editor", "distractor", ["I use Kate as my editor."], ["My intern insists on using Nano for everything, it's painful."], "Which editor does the user use?", "Nano", "Kate"),
    # ci
    ("ci", "update", ["Our pipelines run on Bamboo."], ["we finally ditched Bamboo. GitHub Actions runs everything now and honestly it's so much nicer"], "What CI does the user's team use now?", "Bamboo", "GitHub Actions"),
    ("ci", "restated", ["We build with Concourse.", "Concourse was flaky again this morning."], ["As of Monday our CI is Woodpecker, Concourse is switched off."], "Which CI system runs the user's builds now?", "Concourse", "Woodpecker"),
    ("ci", "split", ["AppVeyor runs our Windows builds."], ["AppVeyor's pricing went up a lot.", "Moved all the Windows builds onto Semaphore yesterday."], "What CI service does the user's team use at present?", "AppVeyor", "Semaphore"),
    ("ci", "distractor", ["Our CI runs on Tekton."], ["A friend's team is still on Jenkins X, poor them."], "Which CI does the user's team use?", "Jenkins X", "Tekton"),
    # trip
    ("trip", "update", ["We're heading to Lisbon in July."], ["Change of plans! Lisbon's off; we booked Porto for the same dates."], "Where is the user going on their next trip?", "Lisbon", "Porto"),
    ("trip", "restated", ["I'm visiting Marrakech in March.", "Still packing for Marrakech, any tips?"], ["The Marrakech trip got moved - we're going to Cairo instead, leaving on the 20th."], "Where is the user travelling next?", "Marrakech", "Cairo"),
    ("trip", "split", ["Next holiday: Crete."], ["Crete is fully booked for our week.", "So we grabbed a cheap deal to Malta, flying on the 9th."], "What is the user's next holiday destination?", "Crete", "Malta"),
    ("trip", "distractor", ["I'm flying to Toronto in the spring."], ["My parents are off to Havana next month."], "Where is the user flying next?", "Havana", "Toronto"),
]

FILLER_USER = [
    "can u give me a quick stretching routine?",
    "What's the capital of Mongolia?",
    "thanks, that's perfect",
    "Help me name a sourdough starter.",
    "How do I convert cups to grams for flour?",
    "hey there",
    "Summarise the plot of Hamlet in two lines.",
    "Is it rude to reply-all?",
]
FILLER_ASSISTANT = [
    "Of course! Here's a simple one.",
    "Great question.",
    "Happy to help.",
    "Sure thing, here it is.",
    "You're welcome!",
]


# a restated old value: its second statement comes four days later
WHEN = Timeline(
    opening=lambda k, j: f"2024-02-{2 + k:02d}T09:10:00Z",
    openings=1,
    before=lambda k, j: f"2024-02-{2 + k + 4 * j:02d}T09:1{1 + j}:00Z",
    middle=lambda k, j: f"2024-03-{10 + j:02d}T18:00:00Z",
    middles=4,
    update=lambda k, j: f"2024-04-{4 + k + j:02d}T12:30:00Z",
    closing=lambda k: f"2024-04-{8 + k:02d}T21:00:00Z",
    reply=5,
)


def build(seed: int = 4) -> list[dict[str, Any]]:
    """All val4 scenarios, deterministic for a seed."""
    return build_stories(STORIES, "val4", "kv4", seed, FILLER_USER,
                         FILLER_ASSISTANT, WHEN)


def main() -> None:
    """Write the split."""
    write(build(), OUT)


if __name__ == "__main__":
    main()
