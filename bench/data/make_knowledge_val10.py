# ruff: noqa: E501  (hand-written data: one story per line reads best)
"""Writes ``knowledge_val10.jsonl``: a tenth held-out split of the knowledge-update set.

Written in round 10 *before* any code change of that round, by someone who never
read ``src/`` or the tests and never ran the benchmark: the stories are what an
outside evaluator would write to probe a memory product, with no knowledge of
how the extractor reads them. Measured once on the unchanged code and once at
the end of the round; never looked at while tuning (``"split": "val10"``).

Each story is told in the voice of one of five ordinary users of a chat
assistant (a student, a nurse on night shifts, a retired engineer, a startup
founder, a parent of toddlers): plain statements and messy ones, the change as a
side remark inside a question about something else, as an answer, a complaint
or a joke, the new value before the change verb or in another sentence than the
change, pronouns, the old value repeated in some updates and absent from
others, typos, missing apostrophes, capitals and emoji, corrections of an
earlier mistake, removals said indirectly, plans cancelled or postponed, and
family, colleagues, friends or people met at work next to the user's own
unchanged fact as distractors. Phrasings and filler are new, and so are the
values where a fresh one reads as naturally (none is val7's; 15 common ones, such
as a vegan diet or Jenkins, also occur in older splits); the dates (January–April
2025) are used by no other split. 18 slots, 4 stories each, 72
in all.

Kinds (``"kind"``): ``update`` (``old`` -> ``new``, 40), ``split`` (the update
over two user turns a day apart, 8), ``restated`` (``old`` said twice, days
apart, before the update, 8), ``removal`` (``old`` ends, ``new`` remains or ""
when nothing does, 8), ``distractor`` (``new`` is the user's and stays; ``old``
is a third party's, 8). In the multi-valued slots (allergy, pet, likes,
language) an update replaces one value by another and a removal keeps the
value that remains as ``new``.

    python bench/data/make_knowledge_val10.py   # rewrites the .jsonl next to it
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _knowledge_writer import Story, Timeline, build_stories, write

OUT = Path(__file__).with_name("knowledge_val10.jsonl")

# (slot, kind, earlier user statements, update turns, question, old, new)
STORIES: list[Story] = [
    # home
    ("home", "restated", ["Our whole team is remote but I'm based in Wroclaw, the dev salaries here made hiring easy.", "Wroclaw in January is grey grey grey, the sun sets at like 4pm"], ["whats a decent coworking space near the marina? we set up in Faro three weeks ago, our lead investor basically lives in the Algarve and wanted us close"], "Which city does the user live in?", "Wroclaw", "Faro"),
    ("home", "distractor", ["I've lived in Harrogate since I retired from the railway in 2016."], ["My son rang last night to say he and his wife have bought a house in Bergerac. Bergerac! I shall have to brush up my French for the visits. I'm staying put here in Harrogate myself, my knees wouldn't cope with a move."], "Where is the user's home?", "Bergerac", "Harrogate"),
    ("home", "update", ["We're in Swindon, two kids under 3, send help"], ["any tips for keeping toddlers happy on a long car journey? we're driving up to see my mum in Swindon on saturday and its a 4 hour trek now that we live in Truro 😩"], "Where does the user live these days?", "Swindon", "Truro"),
    ("home", "update", ["i live in Arbroath, 20 min from the hospital which is a blessing after a 12hr night"], ["since the move to Perth my commute to Ninewells is 25 mins if the A90 behaves 😴 rents way cheaper tho so worth it"], "What town is the user living in now?", "Arbroath", "Perth"),
    # employer
    ("employer", "update", ["I work weekends at Waterstones, the staff discount is the only reason I can afford my textbooks"], ["quit waterstones lol. ive been doing shifts at Pret A Manger since last week, free coffee > book discount ☕"], "Where does the user work at the moment?", "Waterstones", "Pret A Manger"),
    ("employer", "split", ["I'm still officially employed by Monzo while I get the startup off the ground, nights and weekends on the side."], ["handed in my notice at Monzo this morning, heart pounding", "its real now: Fernhill Labs (the startup!!) is my only job, I pay myself a tiny salary lol"], "Who does the user work for now?", "Monzo", "Fernhill Labs"),
    ("employer", "update", ["I'm a nurse with NHS Lothian, mostly on the acute medical unit."], ["Agency pays nearly double so as of this month I'm with Medacs Healthcare full time. Do you know if agency nurses can still get the blue light card?"], "Which organisation employs the user now?", "NHS Lothian", "Medacs Healthcare"),
    ("employer", "removal", ["I still do a bit of consulting for Rolls-Royce two days a week."], ["Finished my last consulting day at Rolls-Royce on Friday. That's me properly retired now: no more employer, just the allotment!"], "Does the user work for any company at present?", "Rolls-Royce", ""),
    # job title
    ("job_title", "update", ["I'm a staff nurse on the night rota"], ["got the band 6!!! charge nurse from the next rota 🎉 still nights tho obviously"], "What is the user's job title now?", "staff nurse", "charge nurse"),
    ("job_title", "restated", ["I'm the lead developer at our startup, four of us so far.", "being lead developer means I'm also the person who fixes the printer"], ["We hired a proper engineering lead so I'm stepping back from the code. New title on the investor deck: chief executive. Terrifying."], "What is the user's role at their company?", "lead developer", "chief executive"),
    ("job_title", "distractor", ["I'm a primary school teacher, on maternity leave at the moment."], ["my husband just got made station commander, the kids made him a paper crown 👑 so proud. meanwhile Im a primary school teacher who hasnt slept since 2023"], "What does the user do for a living?", "station commander", "primary school teacher"),
    ("job_title", "update", ["I'm a teaching assistant for the first-year stats module"], ["the department made me a lab demonstrator this semester instead of TA, more hours but more money so no complaints"], "What position does the user hold in the department?", "teaching assistant", "lab demonstrator"),
    # manager
    ("manager", "update", ["my ward manager is Philippa, she's strict but fair"], ["philippa retired!! the new one, Oluwaseun, actually lets us swap shifts without filling in a form in triplicate. is it weird to bake her a cake already"], "Who is the user's ward manager now?", "Philippa", "Oluwaseun"),
    ("manager", "split", ["My PhD supervisor is Prof. Lindqvist."], ["Lindqvist took a job in Uppsala so I'm losing my supervisor halfway through the PhD 😭", "the department assigned me to Dr Achterberg, first meeting went ok actually"], "Who supervises the user's PhD now?", "Lindqvist", "Achterberg"),
    ("manager", "update", ["I work part time and my line manager is Gethin, he's really understanding about nursery pickups"], ["Gethin has gone to the Cardiff office and my new line manager is Wilhelmina, who booked a 5pm meeting on her first day. 5PM. nursery shuts at 6"], "Who is the user's line manager?", "Gethin", "Wilhelmina"),
    ("manager", "distractor", ["for my internship I report to Marguerite in the data team"], ["my flatmates manager Dimitrios made her cry today over a spreadsheet. so lucky Marguerite is lovely"], "Who does the user report to?", "Dimitrios", "Marguerite"),
    # diet
    ("diet", "restated", ["I'm doing time-restricted eating, 16:8, it fits round nights", "day 30 of time-restricted eating and I'm still starving at 4am"], ["update: the GP wants me on a low-GI plan after my bloods, the fasting was making the night shift dizziness worse. so low-GI it is, send recipes pls"], "What diet is the user following?", "time-restricted eating", "low-GI"),
    ("diet", "split", ["I'm vegan, have been since first year"], ["ok confession. I had a burger at the society social and I think I'm done with being vegan", "going pescatarian instead, fish a couple of times a week, my iron levels will thank me"], "How does the user eat now?", "vegan", "pescatarian"),
    ("diet", "update", ["My doctor has me on a low-salt diet because of the blood pressure."], ["Good news from the clinic: the pressure is normal, so the low-salt regime is relaxed. The dietitian would now like me on the MIND diet instead, for the memory. Lots of berries and leafy greens, which I don't mind one bit."], "Which diet is the user on now?", "low-salt", "MIND diet"),
    ("diet", "update", ["I'm on Atkins, it keeps me sharp during fundraising"], ["OMAD. that's what I'm doing now, one meal a day, Atkins made me insufferable according to my cofounder 😂"], "What eating plan does the user follow at present?", "Atkins", "OMAD"),
    # allergy (multi-valued)
    ("allergy", "update", ["Just so you know I'm allergic to buckwheat, so soba noodles are off the menu for me."], ["turns out I was wrong about the buckwheat, the allergist tested everything and its lupin I react to. who even knew lupin was in bread??"], "What is the user allergic to?", "buckwheat", "lupin"),
    ("allergy", "update", ["I'm allergic to latex, which is fun in my job"], ["Occ health retested me: NEGATIVE for latex!! what came up was chlorhexidine, which is honestly worse for a nurse 🙃"], "Which substance is the user allergic to?", "latex", "chlorhexidine"),
    ("allergy", "update", ["I'm allergic to amoxicillin, it's on my medical record."], ["At my age you'd think I'd know my own allergies. The hospital went through the old records and the reaction in 1974 was to sulfa drugs, not amoxicillin. They've corrected my notes."], "Which drug is the user allergic to?", "amoxicillin", "sulfa drugs"),
    ("allergy", "removal", ["I'm allergic to cats and mould 🤧"], ["my new flatmate has a cat and I've been totally fine?? guess I outgrew the cat allergy. the mould in this bathroom still wrecks me though"], "What allergies does the user have now?", "cats", "mould"),
    # partner
    ("partner", "update", ["my boyfriend Caspian is visiting this weekend"], ["caspian and i broke up in december. seeing someone new tho, her name's Ottilie, we met at the climbing wall 🧗"], "Who is the user dating?", "Caspian", "Ottilie"),
    ("partner", "removal", ["my partner Jasper works days so we're ships in the night lol"], ["jaspers stuff is all gone from the flat. 6 years. on my own now and honestly nights are easier without someone sulking about them"], "Does the user have a partner?", "Jasper", ""),
    ("partner", "distractor", ["My wife Rosalind and I celebrate our 40th anniversary this autumn."], ["Our granddaughter has just got engaged to a chap called Leopold. Rosalind approves, which is what matters in this house."], "Who is the user married to?", "Leopold", "Rosalind"),
    ("partner", "update", ["my girlfriend Anouk is the only reason I eat vegetables"], ["Anouk and I split up last spring, long story, BUT Henrietta said yes on Sunday 💍 can you help me plan an engagement dinner for her?"], "Who is the user's partner now?", "Anouk", "Henrietta"),
    # pet (multi-valued)
    ("pet", "update", ["We have a guinea pig called Crumpet, the toddlers adore him"], ["Crumpet died of old age last month 😢 the kids picked a rabbit at the rescue, he's called Captain Carrot (the three year old insisted)"], "What pet does the user have?", "Crumpet", "Captain Carrot"),
    ("pet", "removal", ["I have two cats, Pesto and Gnocchi"], ["gnocchi passed last week. kidney failure. Pesto keeps looking for her everywhere 💔"], "Which cats does the user have now?", "Gnocchi", "Pesto"),
    ("pet", "removal", ["My old collie Skipper keeps me walking every day."], ["No more morning walks. We had Skipper put to sleep on Thursday, he was nearly sixteen. The house is very quiet."], "Does the user have a dog?", "Skipper", ""),
    ("pet", "split", ["my hamster is called Hazel"], ["Hazel has gone back to my parents place, halls dont allow pets and I got a warning", "BUT fish are allowed!! got a betta, calling him Sashimi (sorry)"], "What's the name of the user's pet?", "Hazel", "Sashimi"),
    # vehicle
    ("vehicle", "update", ["We drive a Ford Fiesta, which is getting very small with two car seats"], ["can a Skoda Kodiaq fit 3 car seats across the back? we bought one on saturday, the fiesta went in part exchange"], "What car does the user drive?", "Ford Fiesta", "Skoda Kodiaq"),
    ("vehicle", "update", ["I drive a BYD Atto 3"], ["Taking the Kia EV9 up to Inverness this weekend for the team offsite, how long should I budget for charging stops? (sold the BYD, needed the boot space)"], "Which car does the user own now?", "BYD Atto 3", "Kia EV9"),
    ("vehicle", "split", ["I've had my Volvo 240 estate since 1991."], ["Finally parted with the Volvo 240. A young lad from the classic car club bought it and I nearly cried.", "Replaced her with a Suzuki Swift. Sensible, reliable, terribly dull."], "What is the user's car these days?", "Volvo 240", "Suzuki Swift"),
    ("vehicle", "removal", ["I have a Lambretta for getting to campus"], ["lambretta got nicked from outside the library 😡 not replacing it, bus it is"], "What does the user ride or drive now?", "Lambretta", ""),
    # email
    ("email", "restated", ["Use founders@pebblestack.io for anything business", "again, its founders@pebblestack.io, not my personal one"], ["We rebranded (trademark thing, don't ask) so pebblestack is dead. My address is sam@quillhaven.com now"], "What is the user's email address?", "founders@pebblestack.io", "sam@quillhaven.com"),
    ("email", "update", ["my uni email is s2291847@ed.ac.uk"], ["I graduate next month and the uni account gets deleted, so use rhiannon.tait99@gmail.com going forward"], "Which email address reaches the user?", "s2291847@ed.ac.uk", "rhiannon.tait99@gmail.com"),
    ("email", "update", ["email me at nursekemi@hotmail.com"], ["kemi.adeyemi@outlook.com is my email now!! the hotmail one is nothing but spam"], "Where should the user be emailed?", "nursekemi@hotmail.com", "kemi.adeyemi@outlook.com"),
    ("email", "update", ["My email address is g.haworth@btinternet.com."], ["BT are closing the old mailboxes, so my grandson has set me up with geoffrey.haworth@icloud.com. Please use that; g.haworth@btinternet.com stops working at the end of April."], "What email does the user use?", "g.haworth@btinternet.com", "geoffrey.haworth@icloud.com"),
    # phone
    ("phone", "update", ["my numbers 07700 900573"], ["new phone new number 📱 07700 900388, the old one had every agency recruiter in scotland on it"], "What is the user's phone number?", "07700 900573", "07700 900388"),
    ("phone", "split", ["Best number for me is +1 415 555 0134."], ["Cancelling my US plan now that we've relocated, the 415 number stops working on Friday.", "My Portuguese number: +351 912 345 678. WhatsApp works on it too."], "Which number should be used to call the user?", "+1 415 555 0134", "+351 912 345 678"),
    ("phone", "distractor", ["My mobile is 07911 338406"], ["nursery wanted a second emergency contact so I gave them my mums number, 07911 220815. mine's still the main one obvs"], "What's the user's mobile number?", "07911 220815", "07911 338406"),
    ("phone", "update", ["My landline number is 01423 567890."], ["We've had the landline disconnected, nobody rang it but scammers. I'm on the mobile only now: 07823 441902."], "How can the user be reached by phone?", "01423 567890", "07823 441902"),
    # birthday
    ("birthday", "update", ["my birthday's 21 February btw"], ["i swapped the digits earlier lol, birthday is 12 February not the 21st"], "When is the user's birthday?", "21 February", "12 February"),
    ("birthday", "restated", ["My birthday's on the 8th of August", "working nights on the 8th of August AGAIN, every single year"], ["ok so HR had my birthday wrong and I just copied it off my payslip like an idiot 🤦‍♀️ it's the 3rd of September. my mum is furious"], "On what date is the user's birthday?", "8th of August", "3rd of September"),
    ("birthday", "update", ["I was born on 30 May 1951."], ["My daughter pointed out that I'd typed it wrong: I was born on 13 May 1951, not the 30th."], "What is the user's date of birth?", "30 May 1951", "13 May 1951"),
    ("birthday", "distractor", ["my birthday is December 5"], ["the twins turn 2 on April 17!!! what cake can I make that survives two toddlers"], "When does the user have their birthday?", "April 17", "December 5"),
    # language (multi-valued)
    ("language", "update", ["I'm taking Cantonese as my elective"], ["switched my elective to Latin, the Cantonese tones were wrecking my GPA"], "Which language is the user studying?", "Cantonese", "Latin"),
    ("language", "restated", ["I'm trying to learn Romanian during nap time", "Romanian lesson 12 done while the baby slept 🙌"], ["honestly the language app died when the second one stopped napping. Romanian is dead. I do 10 minutes of Tamil before bed now since my in-laws are from Chennai"], "What language is the user learning now?", "Romanian", "Tamil"),
    ("language", "update", ["I'm learning Esperanto at the U3A, slowly."], ["Esperanto turned out to be rather pointless, I'm afraid. The U3A has a Cornish group on Tuesdays, so that's my language now."], "Which language is the user learning these days?", "Esperanto", "Cornish"),
    ("language", "update", ["I'm learning Yoruba so I can chat with some of my patients"], ["Yoruba's on hold. Started Punjabi instead, half my ward speaks Punjabi and they laugh at my attempts 😅"], "What language is the user practising?", "Yoruba", "Punjabi"),
    # database
    ("database", "update", ["Our stack is Firebase, it got us to launch fast"], ["Hit the Firebase pricing wall so we migrated to Neon over the weekend. anyone who says migrations are easy is lying"], "Which database does the user's startup use?", "Firebase", "Neon"),
    ("database", "split", ["for my dissertation project the data's in Microsoft Access"], ["supervisor says Access is a crime lol so I'm exporting everything out of it tonight", "everything's in DuckDB now, runs on my laptop and the analysis is SO much faster"], "Where does the user keep their dissertation data?", "Microsoft Access", "DuckDB"),
    ("database", "distractor", ["We keep everything in SurrealDB."], ["Was on a panel yesterday with a founder who swears by ArangoDB for everything. ArangoDB! In 2025! We're very happy on SurrealDB thanks"], "What database does the user's company run on?", "ArangoDB", "SurrealDB"),
    ("database", "update", ["For my weather station logger I use InfluxDB."], ["I rewrote the weather station logger over Christmas; the readings go into TimescaleDB now, since I already knew PostgreSQL from my working days."], "Which database stores the user's weather readings?", "InfluxDB", "TimescaleDB"),
    # ci
    ("ci", "update", ["Our CI is CircleCI"], ["the CircleCI bill was insane for a team of 5. moved everything to Gitea Actions on our own box last sprint, basically free"], "What does the user's team use for CI?", "CircleCI", "Gitea Actions"),
    ("ci", "restated", ["our group project uses Travis CI", "travis ci is failing again and nobody knows why"], ["we gave up and set up GitLab CI instead, Travis is dead to us"], "Which CI service does the user's group project use?", "Travis CI", "GitLab CI"),
    ("ci", "update", ["On my open-source project the CI runs on Jenkins on an old box in my garage."], ["The garage box finally gave up the ghost, so the project's builds run on Sourcehut builds now, which a kind soul pays for. Jenkins served me well for twelve years."], "Where do the builds of the user's project run?", "Jenkins", "Sourcehut builds"),
    ("ci", "update", ["at work our CI is TeamCity"], ["back from mat leave and surprise, TeamCity is gone, everything's on Azure Pipelines now. nobody told me 🙃"], "Which CI system does the user's workplace run?", "TeamCity", "Azure Pipelines"),
    # editor
    ("editor", "update", ["I write all my code in IDLE, the one that comes with python"], ["Spyder finally won me over, my lecturer's notebooks look way nicer in it"], "What editor does the user code in?", "IDLE", "Spyder"),
    ("editor", "restated", ["Vim forever, it's been my editor for 15 years.", "people who don't use vim are just slower, I said what I said"], ["ok I've eaten my words. been on Helix for three weeks and I'm not going back"], "Which editor does the user use?", "Vim", "Helix"),
    ("editor", "update", ["I still do my programming in Emacs, old habits."], ["My grandson installed Thonny for me and, I hate to admit it, it's rather good. Emacs has been retired, like me."], "What does the user write code in now?", "Emacs", "Thonny"),
    ("editor", "update", ["I do my freelance coding in Atom still lol"], ["atom is literally discontinued so I moved to WebStorm, the licence was a birthday present from my partner"], "Which code editor does the user work in?", "Atom", "WebStorm"),
    # trip
    ("trip", "update", ["We've booked Center Parcs for Easter with the kids"], ["Center Parcs refunded us because of the pool closure, so Easter is a farm cottage in Pembrokeshire instead. any toddler friendly beaches there?"], "Where is the user going for Easter?", "Center Parcs", "Pembrokeshire"),
    ("trip", "split", ["spring break plan: Bratislava with my flatmates"], ["bratislava fell through, one flatmate has resits and the other's broke", "so I'm going to Tenerife with my coursemates for spring break instead!! 🌞"], "Where is the user going for spring break?", "Bratislava", "Tenerife"),
    ("trip", "removal", ["We're taking a river cruise on the Douro in May."], ["The Douro cruise is off. My hip operation has been scheduled for May, so no holidays for us this year, I'm afraid."], "What holiday does the user have booked?", "Douro", ""),
    ("trip", "distractor", ["Got 10 days off in June, going to Kefalonia!! 🏖️"], ["my charge nurse is off to Lombok in June too and we can't both be off, so someone's leave is getting cancelled and it is NOT going to be mine"], "Where is the user travelling in June?", "Lombok", "Kefalonia"),
    # likes (multi-valued)
    ("likes", "update", ["I'm obsessed with speedcubing rn, like 3 hours a day"], ["speedcubing phase is over, I've gotten really into ultimate frisbee, joined the uni team and everything"], "What is the user into these days?", "speedcubing", "ultimate frisbee"),
    ("likes", "removal", ["My hobbies are parkrun and crochet."], ["Parkrun is not happening with two toddlers, let's be honest, I've given it up. Crochet I can do in 5 minute bursts so that one survived"], "What hobbies does the user have?", "parkrun", "crochet"),
    ("likes", "update", ["I spend most afternoons on my model railway."], ["Sold the model railway layout to a club in York, I needed the spare room. Watercolour painting has taken its place, and there's much less dusting."], "How does the user spend their free time?", "model railway", "watercolour painting"),
    ("likes", "update", ["big into sailing, its the only time my phone is off"], ["can you recommend a beginner friendly golf course near Richmond? golf's my new thing since I sold my share in the boat, no more sailing for me"], "What hobby is the user into now?", "sailing", "golf"),
]

FILLER_USER = [
    "how long do boiled eggs keep in the fridge",
    "What's the difference between affect and effect?",
    "give me a 10 minute stretching routine",
    "is it rude to reply-all with just 'thanks'?",
    "Explain what an index fund is like I'm 12.",
    "thx!!",
    "what rhymes with orange, honestly",
    "Can you suggest a name for a pub quiz team?",
    "how many cups in a litre",
    "Translate 'see you tomorrow' into French please",
]
FILLER_ASSISTANT = [
    "Of course, here's a quick answer.",
    "No problem at all.",
    "Here are a few ideas.",
    "Short version below.",
    "You're welcome, anytime.",
]


# a restated old value: the second statement comes nine days later; a split update: its
# second turn comes the next day
WHEN = Timeline(
    opening=lambda k, j: f"2025-01-{3 + k + j:02d}T07:40:00Z",
    openings=2,
    before=lambda k, j: f"2025-01-{10 + k + 9 * j:02d}T21:05:00Z",
    middle=lambda k, j: f"2025-02-{2 + k + 6 * j:02d}T12:20:00Z",
    middles=3,
    update=lambda k, j: f"2025-03-{2 + 4 * k + j:02d}T20:10:00Z",
    closing=lambda k: f"2025-04-{1 + 3 * k:02d}T10:30:00Z",
    reply=11,
)


def build(seed: int = 10) -> list[dict[str, Any]]:
    """All val10 scenarios, deterministic for a seed (dated January–April 2025)."""
    return build_stories(STORIES, "val10", "kv10", seed, FILLER_USER,
                         FILLER_ASSISTANT, WHEN)


def main() -> None:
    """Write the split."""
    write(build(), OUT)


if __name__ == "__main__":
    main()
