# ruff: noqa: E501  (hand-written data: one story per line reads best)
"""Writes ``knowledge_val7.jsonl``: a seventh held-out split of the knowledge-update set.

Written in round 9 *before* any code change of that round, to be measured once
on the unchanged code and once at the end; its stories are never looked at
while tuning (``"split": "val7"``). The phrasings were written fresh, the way
people actually chat with an assistant and the way an outside evaluator would
probe a memory product: lowercase, terse, emoji, typos, British and American
idioms ("failed its MOT", "done and dusted"), non-native English ("With Thiago
is finish, he go back to Brazil"), the value before the verb ("Kia Sportage —
that's what I ended up buying"), passive voice ("Redshift was replaced by
BigQuery"), negations ("we're not in Bilbao anymore"), corrections ("it's
212-555-0174 not 0147"), plans that changed, updates buried in a request about
something else (an out-of-office, a LinkedIn headline, a thank-you note), and
third parties next to the user (roommate, sister, ex, boss, landlord, the team
next door) as distractors. Values and filler are new too: no value of another
split is reused where a fresh one reads as naturally. 18 slots, 4–5 stories each.

Kinds (``"kind"``): ``update`` (``old`` -> ``new``), ``split`` (the update over
two user turns a day apart), ``restated`` (``old`` said twice, days apart,
before the update), ``removal`` (``old`` ends, ``new`` remains or "" when
nothing does), ``distractor`` (``new`` is the user's and stays; ``old`` is a
third party's).

    python bench/data/make_knowledge_val7.py   # rewrites the .jsonl next to it
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _knowledge_writer import Story, Timeline, build_stories, write

OUT = Path(__file__).with_name("knowledge_val7.jsonl")

# (slot, kind, earlier user statements, update turns, question, old, new)
STORIES: list[Story] = [
    # home
    ("home", "update", ["moved to Bilbao for the job, loving the pintxos so far"], ["ok so big news. we're not in Bilbao anymore!! got a flat in Zaragoza, been here two weeks and the boxes are STILL everywhere 📦"], "what city is the user living in these days?", "Bilbao", "Zaragoza"),
    ("home", "update", ["I am living in Antwerp with my family."], ["Because of the new work of my wife we have move to Leuven, Antwerp is finish for us since the summer."], "Where is the user's home now?", "Antwerp", "Leuven"),
    ("home", "restated", ["Sheffield born and bred, still live here.", "Typical Sheffield weather today, grey grey grey"], ["Long week. The removal van finally came on Tuesday and everything we own is in a rented terrace in Norwich now. Still can't find the kettle."], "Which town does the user live in at the moment?", "Sheffield", "Norwich"),
    ("home", "split", ["I'm renting in Lille right now."], ["Gave notice on the Lille place today, landlord wasn't thrilled.", "First night in the new flat in Marseille 🎉 the sea is literally a 10 min walk"], "Where does the user live now?", "Lille", "Marseille"),
    ("home", "distractor", ["Home's Aarhus for me, been here 6 years."], ["my roommate just told me he's moving out to Odense next month, so I need to find someone new for the room 😩"], "Which city is the user based in?", "Odense", "Aarhus"),
    # employer
    ("employer", "update", ["I'm a contractor at Ubisoft, been there since 2021."], ["Last day at Ubisoft was Friday, and this morning I badged in at Bandai Namco for the first time. Surreal."], "Which company is the user working for now?", "Ubisoft", "Bandai Namco"),
    ("employer", "update", ["work at rakuten"], ["Zendesk hired me!!! rakuten is over, first week done"], "who's the user's employer at present?", "Rakuten", "Zendesk"),
    ("employer", "update", ["I'm at Heineken in the procurement team."], ["Quick one before my meeting - can you help me rewrite my LinkedIn headline? I was poached by Carlsberg in the autumn and never updated it, it still says Heineken."], "Where does the user work today?", "Heineken", "Carlsberg"),
    ("employer", "split", ["I work for Decathlon, e-commerce side."], ["Resigned from Decathlon today. Scary but right.", "Signed with Booking.com this afternoon, I'm officially on their payroll from today."], "What company employs the user now?", "Decathlon", "Booking.com"),
    ("employer", "removal", ["I work at Klarna as a backend dev"], ["so klarna let go of 200 people yesterday and I was one of them. unemployed for the first time in my life, not sure how to feel"], "Who employs the user right now?", "Klarna", ""),
    # job title
    ("job_title", "update", ["I'm a receptionist at a dental clinic."], ["Guess who's the new practice manager 😎 they gave me the job after Karen retired, no more front desk for me"], "What's the user's role at work now?", "receptionist", "practice manager"),
    ("job_title", "update", ["My job is sound engineer in a theatre."], ["Actually I wrote wrong before, I am not sound engineer, I am lighting technician. Sorry my English!"], "What's the user's line of work?", "sound engineer", "lighting technician"),
    ("job_title", "restated", ["I work as a bus driver.", "Another 10 hour shift as a bus driver, my back is killing me."], ["Finished the instructor course!! I train the new drivers now instead of doing routes myself, officially a driving instructor."], "What does the user work as nowadays?", "bus driver", "driving instructor"),
    ("job_title", "distractor", ["I'm a UX researcher."], ["my sister just qualified as an anaesthetist, proudest big sis moment ever 🥹"], "What is the user's job?", "anaesthetist", "UX researcher"),
    # manager
    ("manager", "update", ["My manager is Ingeborg, she's great."], ["reorg again 🙄 Ingeborg's team got merged into platform and now I'm under Rashid"], "Who is the user's manager at the moment?", "Ingeborg", "Rashid"),
    ("manager", "update", ["I report to Colm."], ["As of this sprint my 1:1s are with Fernanda — Colm was moved over to the sales side."], "Who does the user report to these days?", "Colm", "Fernanda"),
    ("manager", "update", ["Bogdan is my team lead."], ["Can you draft a short thank-you note? It's for Bogdan, he left the company on Friday and he was a brilliant lead. His replacement Marisol started this week, so I report to her now. Big shoes to fill!"], "Who leads the user's team now?", "Bogdan", "Marisol"),
    ("manager", "split", ["My supervisor is Wojciech."], ["Wojciech is on long-term sick leave from today, poor guy.", "HR says Adaeze is my supervisor until further notice."], "Who supervises the user now?", "Wojciech", "Adaeze"),
    ("manager", "distractor", ["My boss is Henrike."], ["lol my brother's boss Seamus just gave the whole office friday off, why can't mine do that"], "Who's in charge of the user at work?", "Seamus", "Henrike"),
    # diet
    ("diet", "update", ["I'm doing Whole30 at the moment."], ["whole30 done and dusted, now I'm just eating high-protein for the gym, chicken and rice forever lol"], "What kind of eating plan is the user on?", "Whole30", "high-protein"),
    ("diet", "update", ["I eat dairy-free."], ["Not dairy-free any more btw — the nutritionist says the bloating was FODMAP stuff, so it's low-FODMAP for me now."], "Which eating pattern does the user stick to at present?", "dairy-free", "low-FODMAP"),
    ("diet", "restated", ["I'm on a raw food diet.", "Raw food diet day 40, I miss toast so much."], ["Dropped the raw food thing, it was wrecking my stomach. The cardiologist has me on the DASH diet now, which is basically less salt and more veg."], "Which diet is the user on at the moment?", "raw food", "DASH"),
    ("diet", "split", ["I'm doing the 5:2 diet."], ["Quit 5:2, the fasting days turned me into a monster at work", "now trying the zone diet my trainer suggested, 40/30/30 macros"], "what's the user's current way of eating?", "5:2", "zone diet"),
    # allergy (multi-valued)
    ("allergy", "update", ["I'm allergic to hazelnuts."], ["my bad, it's not hazelnuts — the skin prick test came back and it's actually cashews I react to. hazelnuts are fine"], "What food allergy does the user have?", "hazelnuts", "cashews"),
    ("allergy", "update", ["Allergic to aspirin."], ["Allergist says the aspirin thing was a misdiagnosis, what I'm really allergic to is codeine."], "Which medication is the user allergic to?", "aspirin", "codeine"),
    ("allergy", "removal", ["I'm allergic to wasps and to mango."], ["Did the desensitisation course for wasp venom and it worked, no more EpiPen for stings. Mango still gives me hives though."], "Which allergies does the user still have?", "wasps", "mango"),
    ("allergy", "removal", ["I'm allergic to nickel, cheap earrings are a nightmare."], ["Weird update: the dermatologist retested me and the nickel allergy is gone. Apparently that happens. So no allergies at all now!"], "Does the user have any allergies?", "nickel", ""),
    # partner
    ("partner", "update", ["My girlfriend Saoirse is coming over tonight."], ["ended things with saoirse after easter 💔 anyway!! Valentina and I have been going out for a month now and she makes me laugh so much"], "who's the user going out with?", "Saoirse", "Valentina"),
    ("partner", "update", ["My husband Dariusz works nights."], ["It's a year since the divorce from Dariusz was finalised. I got remarried in June — Kwabena is my husband now, can you believe it"], "Who is the user married to now?", "Dariusz", "Kwabena"),
    ("partner", "update", ["My fiancé is Thiago."], ["With Thiago is finish, he go back to Brazil. Now I am together with Ruairi, he is Irish, very funny man."], "Who is the user's partner at present?", "Thiago", "Ruairi"),
    ("partner", "removal", ["My partner Ezra and I live together in a tiny flat."], ["Ezra moved out last weekend. We're done. I'm single and honestly kind of relieved?"], "Is the user in a relationship now?", "Ezra", ""),
    ("partner", "distractor", ["I'm married to Ilse."], ["My ex, Bartholomew, is getting married in May and he INVITED me. the audacity"], "Who is the user's spouse?", "Bartholomew", "Ilse"),
    # pet (multi-valued)
    ("pet", "update", ["I have a tortoise named Sheldon."], ["Sheldon went to live with my uncle who has a huge garden, better for him. In his place we now have a ferret, Pringle, total chaos gremlin"], "What animal lives with the user now?", "Sheldon", "Pringle"),
    ("pet", "update", ["My dog's called Moose."], ["rip Moose 💔 14 years. we brought home a rescue pup last week, named her Fig"], "What's the name of the user's dog now?", "Moose", "Fig"),
    ("pet", "removal", ["Two dogs at home: Bramble and Juno."], ["Juno went to my parents' farm, she's happier with space to run. It's just Bramble and me in the flat now."], "Which pets live with the user now?", "Juno", "Bramble"),
    ("pet", "removal", ["I've got a budgie named Kiki."], ["Kiki passed away on Sunday. I don't think I'll get another bird, the cage is already gone."], "Does the user have any pets?", "Kiki", ""),
    ("pet", "split", ["we've got a bearded dragon, Spike"], ["Spike has been rehomed to a reptile sanctuary, my landlord found out 😬", "ok the landlord IS fine with cats, so meet Mabel, a grumpy old tabby from the shelter"], "Which pet does the user look after at home?", "Spike", "Mabel"),
    # vehicle
    ("vehicle", "update", ["I drive a Mini Cooper."], ["The Mini Cooper got written off in a car park bump (nobody hurt). Insurance money went on a used Mazda CX-5, so that's my car now."], "What is the user driving now?", "Mini Cooper", "Mazda CX-5"),
    ("vehicle", "update", ["my car's a Citroen C3"], ["Kia Sportage — that's what I ended up buying after the Citroen C3 failed its MOT. Love it so far."], "Which car does the user own at the moment?", "Citroen C3", "Kia Sportage"),
    ("vehicle", "update", ["My auto is a Seat Ibiza."], ["I sold the Seat Ibiza to a colleague and now I am driving a Dacia Duster, more space for the kids."], "What car does the user have now?", "Seat Ibiza", "Dacia Duster"),
    ("vehicle", "split", ["I drive a Nissan Qashqai."], ["Traded in the Qashqai at the dealer this morning.", "Picked up the Polestar 2 this afternoon, first EV, range anxiety incoming"], "What does the user drive these days?", "Nissan Qashqai", "Polestar 2"),
    ("vehicle", "removal", ["I've got a Vauxhall Corsa."], ["Sold the Corsa, I'm fully car-free now, cycling everywhere. Best decision ever."], "Does the user own a car now?", "Vauxhall Corsa", ""),
    # email
    ("email", "update", ["my email is marta.v@gmx.net"], ["new email: marta.vidal@tutanota.com — please stop using the gmx one, I don't check it"], "What's the user's email address at present?", "marta.v@gmx.net", "marta.vidal@tutanota.com"),
    ("email", "update", ["Contact me at ben.o@yahoo.co.uk"], ["Yahoo got hacked twice, I'm done with it. ben.okafor@fastmail.fm is where I live online now."], "Which email should the user be contacted at now?", "ben.o@yahoo.co.uk", "ben.okafor@fastmail.fm"),
    ("email", "update", ["Work email is p.nair@brightlabs.io"], ["Could you help me write an out-of-office? Context: I left Bright Labs, so p.nair@brightlabs.io will bounce; everything should go to priya@nairconsulting.co from now on."], "Where should emails to the user go now?", "p.nair@brightlabs.io", "priya@nairconsulting.co"),
    ("email", "split", ["Reach me at chloe.d@orange.fr"], ["I'm closing my Orange account, so that address dies at the end of the week.", "Set up a new one: chloe.dubois@laposte.net"], "What email address does the user use now?", "chloe.d@orange.fr", "chloe.dubois@laposte.net"),
    ("email", "distractor", ["My email is ha.nguyen@proton.me"], ["if you draft anything for the landlord, his email is r.whitfield@lettings.co.uk - not mine obviously"], "Which email address belongs to the user?", "r.whitfield@lettings.co.uk", "ha.nguyen@proton.me"),
    # phone
    ("phone", "update", ["My mobile is 0470 12 34 56."], ["my phone got nicked at a gig so new SIM 📱 0488 31 07 95. the old one's been blocked"], "What's the user's mobile number now?", "0470 12 34 56", "0488 31 07 95"),
    ("phone", "update", ["Call me on +46 70 123 45 67"], ["I'm back in Germany so the Swedish number is gone; +49 176 5550 2231 is the one now."], "Which number reaches the user these days?", "+46 70 123 45 67", "+49 176 5550 2231"),
    ("phone", "update", ["my number is 212-555-0147"], ["wait I gave you the wrong number earlier lol, it's 212-555-0174 not 0147"], "What's the right number to call the user on?", "212-555-0147", "212-555-0174"),
    ("phone", "restated", ["You can reach me at 0412 883 120.", "Did you save my number? 0412 883 120"], ["Got a work phone and ported my personal line over to it, long story. Anyway 0431 662 905 is how you reach me now."], "On which number can the user be reached today?", "0412 883 120", "0431 662 905"),
    ("phone", "distractor", ["my cell is (503) 555-0162"], ["my roommate Jen's number is (503) 555-0190 in case you ever need to reach her when I'm out"], "What's the user's cell number?", "(503) 555-0190", "(503) 555-0162"),
    # birthday
    ("birthday", "update", ["My birthday is 9 July."], ["Ugh, I mistyped ages ago — my birthday's actually 19 June, not 9 July. No idea how that happened"], "When does the user celebrate their birthday?", "9 July", "19 June"),
    ("birthday", "update", ["I was born on November 3rd."], ["Correction for my profile: date of birth is November 30th. Passport says so, I just can't type"], "What is the user's birth date?", "November 3rd", "November 30th"),
    ("birthday", "update", ["My birthday is the 14th of March."], ["My mother tell me I am confuse — my real birthday is the 4th of May, the 14th of March is my brother."], "What date is the user's birthday on?", "14th of March", "4th of May"),
    ("birthday", "distractor", ["my bday is Jan 27"], ["It's my girlfriend's birthday on Oct 12 and I have NO idea what to get her, help"], "When was the user born?", "Oct 12", "Jan 27"),
    # language
    ("language", "update", ["I'm learning Norwegian on Duolingo."], ["Norwegian is on pause (streak died at 212 days 😭). Started Catalan lessons since we might move to Barcelona."], "Which language is the user learning at the moment?", "Norwegian", "Catalan"),
    ("language", "update", ["I've been studying Hungarian."], ["Dropped Hungarian, way too hard for me. Doing Indonesian now with a tutor from Bandung"], "What language does the user study now?", "Hungarian", "Indonesian"),
    ("language", "update", ["This term I'm taking Ukrainian at the evening school."], ["Change of plan: the Ukrainian course got cancelled for low numbers, so I enrolled in Tagalog instead, first class was yesterday"], "Which language class is the user taking?", "Ukrainian", "Tagalog"),
    ("language", "restated", ["I'm learning Welsh.", "Welsh mutations are doing my head in 🙃"], ["Gave up on Welsh tbh. My partner's family speaks Farsi so that's what I'm working on now"], "What language is the user working on now?", "Welsh", "Farsi"),
    ("language", "split", ["I practise Danish every morning."], ["I've stopped the Danish, no time with the new job", "but I started Icelandic on my commute, the pronunciation is wild"], "Which language is the user practising these days?", "Danish", "Icelandic"),
    # database
    ("database", "update", ["Our backend runs on SQL Server."], ["We finally moved off SQL Server, the whole backend has been on TiDB since the cutover weekend."], "Which database does the user's backend run on now?", "SQL Server", "TiDB"),
    ("database", "update", ["we use mongo for everything"], ["mongo's gone, we're on Postgres with JSONB now, way happier"], "What does the user's team keep its data in now?", "mongo", "Postgres"),
    ("database", "update", ["Our analytics warehouse is Redshift."], ["Redshift was replaced by BigQuery during the GCP migration in Q3."], "What is the user's analytics warehouse now?", "Redshift", "BigQuery"),
    ("database", "restated", ["The product data lives in Elasticsearch.", "Elasticsearch cluster went yellow again, fun times."], ["After the licence drama we switched to OpenSearch, Elasticsearch is officially decommissioned as of last sprint."], "Which search store does the user's team run?", "Elasticsearch", "OpenSearch"),
    ("database", "distractor", ["Our team stores everything in PlanetScale."], ["The data science folks next door just bought Teradata, good luck to them lol"], "What database is the user's team on?", "Teradata", "PlanetScale"),
    # ci
    ("ci", "update", ["Our CI runs on Bitbucket Pipelines."], ["Bitbucket Pipelines is out, everything builds on AWS CodeBuild since we consolidated on AWS."], "Which CI does the user's team use now?", "Bitbucket Pipelines", "AWS CodeBuild"),
    ("ci", "update", ["For CI we use GoCD."], ["Last month we have replace GoCD with Cirrus CI, is more fast for us."], "What CI system does the user's team run now?", "GoCD", "Cirrus CI"),
    ("ci", "restated", ["We use Codefresh for CI/CD.", "Codefresh pipeline broke again after the update"], ["Management pulled the plug on Codefresh. Our builds go through Google Cloud Build these days."], "Where do the user's builds run?", "Codefresh", "Google Cloud Build"),
    ("ci", "split", ["Our pipelines are on Harness."], ["We're sunsetting Harness, the contract wasn't renewed.", "Migration done, every repo builds on Codemagic now, the mobile team pushed for it"], "What does the user's team use for CI these days?", "Harness", "Codemagic"),
    # editor
    ("editor", "update", ["I use BBEdit."], ["Been on Fleet for a month now, BBEdit just felt old."], "Which editor does the user write code in now?", "BBEdit", "Fleet"),
    ("editor", "update", ["Spacemacs is my editor."], ["spacemacs config broke for the 100th time so I switched to Doom Emacs, way less pain"], "What editor is the user using now?", "Spacemacs", "Doom Emacs"),
    ("editor", "update", ["I code in Kakoune."], ["Kakoune was fun but I wanted LSP out of the box, so Lapce it is now."], "Which code editor does the user use at the moment?", "Kakoune", "Lapce"),
    ("editor", "restated", ["My editor is Geany.", "Geany is so lightweight, love it"], ["geany couldn't cope with the monorepo. I'm using CLion now that work pays for it"], "What IDE does the user code in these days?", "Geany", "CLion"),
    ("editor", "split", ["I write everything in TextMate."], ["Uninstalled TextMate today, it's time.", "Kate? nah. Went with GNOME Builder, it's surprisingly decent"], "What's the user's editor of choice now?", "TextMate", "GNOME Builder"),
    # trip
    ("trip", "update", ["We're going to Tbilisi in April."], ["Tbilisi flights doubled in price so we switched to Sarajevo, same week in April"], "Where is the user going in April?", "Tbilisi", "Sarajevo"),
    ("trip", "update", ["Booked Zanzibar for New Year!"], ["Zanzibar's off (long story involving a bankrupt airline), we're doing Madeira over New Year instead"], "Where is the user spending New Year?", "Zanzibar", "Madeira"),
    ("trip", "update", ["Next holiday: Cape Town in February."], ["Montreal in February — that's the new plan, my friend's wedding got moved there so Cape Town has to wait."], "Where is the user's next holiday?", "Cape Town", "Montreal"),
    ("trip", "removal", ["I'm going to Bergen in the summer."], ["Had to cancel Bergen, the car repairs ate the holiday fund. No trips for me this year 😞"], "What trip does the user have planned?", "Bergen", ""),
    ("trip", "distractor", ["I'm off to Ljubljana in March."], ["My boss is flying to Buenos Aires in March and wants me to cover his meetings lol"], "Where is the user travelling in March?", "Buenos Aires", "Ljubljana"),
    # likes (multi-valued)
    ("likes", "update", ["I'm really into bouldering."], ["ok I've officially swapped bouldering for padel, my whole office plays it now"], "What sport is the user into now?", "bouldering", "padel"),
    ("likes", "removal", ["I play the cello and the ukulele."], ["Sold the ukulele on Vinted, never touched it. Cello's still my baby though"], "Which instruments does the user play now?", "ukulele", "cello"),
    ("likes", "removal", ["My hobbies are woodworking and birdwatching."], ["Since the move I've got no garage so woodworking's off the table, sadly. Still go birdwatching every weekend."], "What are the user's hobbies now?", "woodworking", "birdwatching"),
    ("likes", "distractor", ["I love salsa dancing."], ["my flatmate has gone full crossfit bro, protein shakes all over the kitchen 🙄"], "What does the user enjoy doing?", "crossfit", "salsa dancing"),
]

FILLER_USER = [
    "whats a good substitute for buttermilk",
    "Can you explain compound interest in two sentences?",
    "best way to reheat leftover rice safely?",
    "Write a haiku about Mondays",
    "cheers mate",
    "Is 'data' singular or plural?",
    "any tips to fall asleep faster? 😴",
    "Summarise the plot of Hamlet in one line.",
    "convert 72 fahrenheit to celsius",
]
FILLER_ASSISTANT = [
    "Sure thing, here you go.",
    "Glad I could help.",
    "Good question! Here's the short version.",
    "Happy to help with that.",
    "Here's what I'd suggest.",
]


# a restated old value: the second statement comes eight days later; a split update: its
# second turn comes the next day
WHEN = Timeline(
    opening=lambda k, j: f"2025-10-{1 + k + j:02d}T08:15:00Z",
    openings=2,
    before=lambda k, j: f"2025-10-{6 + k + 8 * j:02d}T19:35:00Z",
    middle=lambda k, j: f"2025-11-{4 + 4 * j:02d}T13:15:00Z",
    middles=3,
    update=lambda k, j: f"2025-12-{1 + 3 * k + j:02d}T17:50:00Z",
    closing=lambda k: f"2025-12-{22 + k:02d}T09:25:00Z",
    reply=9,
)


def build(seed: int = 7) -> list[dict[str, Any]]:
    """All val7 scenarios, deterministic for a seed (dated October–December 2025)."""
    return build_stories(STORIES, "val7", "kv7", seed, FILLER_USER,
                         FILLER_ASSISTANT, WHEN)


def main() -> None:
    """Write the split."""
    write(build(), OUT)


if __name__ == "__main__":
    main()
