# ruff: noqa: E501  (hand-written data: one story per line reads best)
"""Writes ``knowledge_val17.jsonl``: a seventeenth held-out split of the knowledge-update set.

Written in round 13, before any code change of that round, by someone who never
read ``src/`` (``"split": "val17"``): an outside evaluator's set, also meant as
training data for a learned tagger, so every story is phrased with a different
sentence structure. Its people write the way they do in customer-support chats
and workplace Slack: threads, @mentions, "+1", status emojis and :shortcodes:,
PSA and OOO notes; bilingual Spanish and French speakers writing English with
literal translations ("since three years", "we drank a pot for her", "my new
direction of email"); people typing on a phone with autocorrect slips around a
correctly spelled value; one-line updates ("new number: ...", "back to
lacto-vegetarian") next to long rambling ones where the fact is one clause;
changes stated only through the value's new role ("my commute from X to the
office in Y", "my 1:1s are now with ..."); corrections of an earlier typo or a
wrongly given date; and third-party traps: colleagues, the user's kids, clients,
neighbours and a celebrity in the news. Values and filler are new; the timeline
(May 2017 – August 2017) is no other split's.
18 slots, 88 stories (4 or 5 a slot): 25 update, 18 split, 16 restated,
11 removal, 18 distractor.

Kinds (``"kind"``): ``update`` (``old`` -> ``new``), ``split`` (the update over
two user turns a day apart), ``restated`` (``old`` said twice, nine days apart,
before the update), ``removal`` (``old`` ends, ``new`` remains or "" when
nothing does), ``distractor`` (``new`` is the user's and stays; ``old`` is a
third party's, said later). In the multi-valued slots (allergy, pet, likes,
language) an update's ``old`` is the value that ended and ``new`` the one that
took its place; a removal's ``new`` is what is left.

    python bench/data/make_knowledge_val17.py   # rewrites the .jsonl next to it
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _knowledge_writer import Story, Timeline, build_stories, write

OUT = Path(__file__).with_name("knowledge_val17.jsonl")

# (slot, kind, earlier user statements, update turns, question, old, new)
STORIES: list[Story] = [
    # home
    ("home", "update", ["hola! I am living in Valladolid since three years, so sorry for my english"], ["Ok so news: we are installed now in Logroño, we made the move the last weekend because my wife found work here. Which are good neighbourhoods for kids near the centre?"], "Which city does the user live in now?", "Valladolid", "Logroño"),
    ("home", "split", ["home is Tallahassee fyi (for the timezone stuff)"], ["last night in Tallahassee 😢 truck comes at 7am and the apartment is just echo now", "made it!! first morning in Chattanooga, the coffee maker is still in a box somewhere lol"], "Where is the user living at this point?", "Tallahassee", "Chattanooga"),
    ("home", "restated", ["I live in Poitiers.", "Poitiers again this weekend, nothing is open here in summer haha"], ["My commute from Angoulême to the office in Poitiers is killing me, 1h10 each way since we bought the house in June. You have podcasts recommendations for the train?"], "Where is the user's home these days?", "Poitiers", "Angoulême"),
    ("home", "distractor", ["I'm in Lunenburg, been here 12 yrs, not leaving"], ["did you see that TV chef everyone loves just bought a house in Nanaimo?? it's all over the news today and my whole feed is drone shots of his deck lol. anyway, what's a good chowder for a crowd of 10?"], "Which town is the user based in?", "Nanaimo", "Lunenburg"),
    ("home", "update", ["home base: Timaru"], ["moved to Invercargill lsat week, rent is hslf. ducking cold tho"], "What city does the user call home now?", "Timaru", "Invercargill"),
    # employer
    ("employer", "update", ["I work at Brindlewood Software, on the payments squad"], [":wave: *status update* :wave:\nlast day at Brindlewood Software was Friday :tada:\nstarted this morning at Halvorsen Maritime, laptop still being imaged\n\nhow do I set an away message on the old workspace before they kill my account?"], "Where does the user work now?", "Brindlewood Software", "Halvorsen Maritime"),
    ("employer", "split", ["My employer is Corvina Foods, I am in quality control there (sorry, my english is more from Spain)"], ["Today I signed the paper of resignation at Corvina Foods. Is a strange feeling after eight years.", "Good news: I have been taken by Alcántara Logística, I begin the day 17. They make the transport of fruits to all Europe."], "Which company is the user working for now?", "Corvina Foods", "Alcántara Logística"),
    ("employer", "removal", ["I'm at Pinewick Labs, been there since 2014"], ["well. Pinewick Labs laid off 40% of us this morning, me included, badge already deactivated. so no job as of today. can you explain how COBRA works?"], "Who employs the user?", "Pinewick Labs", ""),
    ("employer", "distractor", ["i work for Tamberlane Health, IT dept"], ["client just emailed that he's leaving for Ostrowski Brewing next month and wants his account handed to someone else on my side. how do i reply politely without sounding relieved"], "Which organisation does the user work for?", "Ostrowski Brewing", "Tamberlane Health"),
    ("employer", "restated", ["I'm at Quillon Data.", "Quillon Data has free lunch on Fridays which is honestly the only reason I'm still there lol"], ["🧵 thread for everyone who asked how the switch went: first week at Varnum Aerospace done ✅ Quillon Data already feels like a lifetime ago. +1 to whoever told me to negotiate the signing bonus"], "What company is the user at these days?", "Quillon Data", "Varnum Aerospace"),
    # job title
    ("job_title", "update", ["I'm a Tier 2 Support Engineer, mostly tickets about billing"], ["¡Me ascendieron! Sorry, I mean I was promoted: now I am Support Escalation Lead. My mother is very proud haha. How do I say to the team that I am their lead now without sounding arrogant?"], "What is the user's job title now?", "Tier 2 Support Engineer", "Support Escalation Lead"),
    ("job_title", "split", ["job title is Associate Copywriter (for the LinkedIn stuff)"], ["HR told me the Associate Copywriter title is being retired in the reshuffle. no idea yet what they're calling me", "ok it's official, the letter came: Brand Content Strategist. can you redo my LinkedIn headline?"], "What's the user's title at the agency now?", "Associate Copywriter", "Brand Content Strategist"),
    ("job_title", "distractor", ["I'm the Head of Customer Experience at a small fintech"], ["my son (16) just got his first job!! his name badge says Crew Trainer lol, at the burger place by the mall. so proud. what should he do with his first paycheck?"], "What is the user's role?", "Crew Trainer", "Head of Customer Experience"),
    ("job_title", "restated", ["I'm a Field Service Technician.", "as a Field Service Technician I'm on the road like 4 days a week"], ["On mobile so excuse typos. Took the inside job, no more drivng!! Service Planning Coordinator as of the 1st, desk + two monitors + an actual lunch brake"], "What position does the user hold at present?", "Field Service Technician", "Service Planning Coordinator"),
    ("job_title", "update", ["title's Localization Specialist"], ["new title on my badge: Localization Program Manager 🎉 same desk tho"], "What does the user's badge give as their title?", "Localization Specialist", "Localization Program Manager"),
    # manager
    ("manager", "update", ["My manager is Rosalind Achterberg"], ["Can you make this sound friendlier before I post it in #team-ops?\n\n@channel as of the reorg I'm under Bartholomew Ngata now, so PTO requests and expense approvals go to him, not to Rosalind. Thanks all"], "Who is the user's manager now?", "Rosalind Achterberg", "Bartholomew Ngata"),
    ("manager", "removal", ["I report to Ignacio Ferreyra, he is the director of the plant"], ["Ignacio Ferreyra has retired this week, they made him a party with mariachis. For now nobody replaces him, so I report to no one. Is very strange, who signs my vacations?"], "Who does the user report to?", "Ignacio Ferreyra", ""),
    ("manager", "distractor", ["my boss is Wilhelmina Strand, she's great"], ["my coworker Dev keeps venting about his manager Percival Oduya micromanaging every single commit. how do I support him without getting pulled into the drama? (Wilhelmina would never, thank god)"], "Who is the user's boss?", "Percival Oduya", "Wilhelmina Strand"),
    ("manager", "split", ["I work under Geneviève Roussel, she is my manager since January"], ["Geneviève Roussel quits the team, yesterday was her last day. We drank a pot for her after work.", "So finally they named the new responsible of the team: it is Aurélien Dufresne-Kaboré. He arrives on Monday, I am a little nervous."], "Who manages the user at this point?", "Geneviève Roussel", "Aurélien Dufresne-Kaboré"),
    ("manager", "restated", ["I report to Hamish Oyelaran.", "Hamish Oyelaran wants the deck by Thursday, ugh"], ["👍 for the reorg, finally. Hamish got moved to the data platform group and my 1:1s are with Saoirse Lindqvist now. she already rescheduled the first one lol"], "Whom does the user report to these days?", "Hamish Oyelaran", "Saoirse Lindqvist"),
    # diet
    ("diet", "update", ["im doing the slow-carb diet since april, so high protein ideas pls"], ["back to ovo-vegetarian. slow-carb was making me miserable"], "What diet does the user follow now?", "slow-carb diet", "ovo-vegetarian"),
    ("diet", "split", ["Eating-wise I'm low-oxalate, doctor's orders after the kidney stone"], ["urologist says I can stop being so strict about low-oxalate, scans are clear 🙌", "so, starting today: raw food diet, my sister swears by it. give me a breakfast idea that isn't just a smoothie?"], "Which eating plan is the user on at the moment?", "low-oxalate", "raw food diet"),
    ("diet", "distractor", ["I eat low-histamine (long story, mast cell thing), so no aged cheese or leftovers"], ["the client picked the restaurant for our dinner and apparently he's fruitarian, like literally only fruit, so it's a juice-and-salad place. what do I even order that won't make me sick?"], "What does the user's diet look like?", "fruitarian", "low-histamine"),
    ("diet", "restated", ["I eat whole-food plant-based, not even oil", "remember I'm whole-food plant-based when you suggest the dressing"], ["I have abandoned the whole-food plant-based, it was too strict with the kids at home. Now I do the Cretan diet like my grandmother, with fish two times in the week and a lot of olive oil."], "How does the user eat these days?", "whole-food plant-based", "Cretan diet"),
    ("diet", "removal", ["on the specific carbohydrate diet right now, for my gut"], ["quit SCD. eating normal food again, no special diet at all, and honestly I feel fine"], "What diet is the user following?", "specific carbohydrate diet", ""),
    # allergy
    ("allergy", "update", ["allergic to fennel, so careful with the Italian sausage recipes"], ["allergist retested me: fennel came back negative (!!) but I'm positive for coriander now. so swap that into the curry question from before"], "What is the user allergic to now?", "fennel", "coriander"),
    ("allergy", "removal", ["I'm allergic to banana and to horse dander"], ["good news from the immunologist, I outgrew the banana allergy apparently! horse dander still a hard no though, so my daughter's riding lessons stay a car-park thing for me. smoothie ideas?"], "What allergies does the user have?", "banana", "horse dander"),
    ("allergy", "distractor", ["allergy: mussels (and probably all shellfish, never risked it)"], ["my daughter's school sent a note that a boy in her class has a severe lentil allergy, so no lentils or dal in any packed lunches. lunchbox ideas for her?"], "What is the user allergic to?", "lentils", "mussels"),
    ("allergy", "split", ["Tengo alergia al calamar, I mean I have allergy to squid"], ["The doctor made me the test again and the squid is no more a problem, can you believe it?", "But now it appears an allergy to scallops, the doctor confirmed today. So no vieiras at the wedding for me :("], "Which food allergy does the user have at present?", "squid", "scallops"),
    ("allergy", "restated", ["I'm allergic to sulfites.", "sulfites again!! cheap wine = headache + hives"], ["update from the allergist: it was never sulfites, that old test was a false positive. the real culprit is hops. so beer is out and wine is back on the menu 🍷"], "What is the user actually allergic to?", "sulfites", "hops"),
    # partner
    ("partner", "update", ["my boyfriend Teodoro is visiting this weekend, what should we cook"], ["so Teodoro and I broke up in June, and... I'm seeing someone new, Lucien. it's early but it's good. date ideas for when it rains?"], "Who is the user dating now?", "Teodoro", "Lucien"),
    ("partner", "removal", ["my wife Annegret does the taxes, I just sign"], ["Annegret and I separated in the spring and the divorce went final this week. so I'm doing the taxes alone for the first time, help"], "Who is the user's partner?", "Annegret", ""),
    ("partner", "distractor", ["my girlfriend is Marisela, we've been together 5 years"], ["apparently that pop singer everyone's talking about got engaged to some guy called Fitzgerald Amankwah, my whole timeline is just ring pics. anyway, gift ideas for Marisela's birthday?"], "Who is the user's girlfriend?", "Fitzgerald Amankwah", "Marisela"),
    ("partner", "split", ["my partner Eoghan and I are doing the house search together"], ["update i never gave you: me and Eoghan called it off. mutual, but still rough. house search is just me now", "and yes before you ask, there's someone new: Oonagh, from the climbing gym. we made it official last night 🙂"], "Who is the user's partner now?", "Eoghan", "Oonagh"),
    ("partner", "restated", ["Mon copain s'appelle Baptiste, my boyfriend I mean.", "Baptiste cooks tonight, so I am free to chat"], ["Big change since we spoke: with Baptiste it is finished since the end of May. I am with Rémi now, a friend from my choir, and we are very happy together."], "Who is the user in a relationship with?", "Baptiste", "Rémi"),
    # vehicle
    ("vehicle", "update", ["I drive a Dacia Logan MCV, the diesel estate"], ["Traded the Dacia Logan MCV in for a Kia Soul EV yesterday. Whats the best app to find chargers on a road trip?"], "What car does the user drive now?", "Dacia Logan MCV", "Kia Soul EV"),
    ("vehicle", "removal", ["my car is a Saab 9-3 convertible, 2006"], ["RIP the Saab 9-3. transmission died, sold it for scrap. no car now, just the bus and my bike, and honestly it's fine"], "What does the user drive?", "Saab 9-3", ""),
    ("vehicle", "distractor", ["car: Mazda CX-3, 2016"], ["client pulled up to the meeting in a Maserati Ghibli and spent twenty minutes on the leather. how do I steer the small talk back to the contract next time?"], "What vehicle does the user own?", "Maserati Ghibli", "Mazda CX-3"),
    ("vehicle", "split", ["I roll in a Peugeot 308 SW, the break version"], ["My Peugeot 308 SW is sold since yesterday, a young couple bought it for their first baby.", "And today I got the keys of the new one: a Citroën C4 Picasso, because with the third baby we need the space!"], "Which car does the user have now?", "Peugeot 308 SW", "Citroën C4 Picasso"),
    ("vehicle", "restated", ["my ride is a Suzuki Swift Sport", "Suzuki Swift Sport needs new tyres, any brand recs?"], ["on phone sorry: bought a used Volvo XC70 today bc the Swift was too smal for the dogs. Swift Sport already went to my neighbours kid"], "What is the user driving these days?", "Suzuki Swift Sport", "Volvo XC70"),
    # phone
    ("phone", "update", ["my cell is 541-308-2716"], ["new number: 541-308-9054"], "What is the user's phone number now?", "541-308-2716", "541-308-9054"),
    ("phone", "split", ["My number is +34 612 48 93 07, for the WhatsApp"], ["I lost the phone in the metro of Madrid and I cancelled the line +34 612 48 93 07, so don't use it.", "Now I have a new line: +34 689 20 57 14. Same WhatsApp, only the number is new."], "On which number can the user be reached now?", "+34 612 48 93 07", "+34 689 20 57 14"),
    ("phone", "distractor", ["reach me at 07700 914 382"], ["can you format this for the school newsletter: 'For lost property, please contact Mrs Pennington on 07700 961 205.' (she's the class rep, not me thank god)"], "What is the user's mobile number?", "07700 961 205", "07700 914 382"),
    ("phone", "restated", ["My mobile: 06 72 19 48 35", "06 72 19 48 35 is the good number for the plumber, I told him already"], ["I changed operator and they could not keep my old number, so now it is 07 81 36 52 09. The 06 72 19 48 35 does not work anymore, can you help me write a SMS to my contacts?"], "What number does the user have at present?", "06 72 19 48 35", "07 81 36 52 09"),
    ("phone", "update", ["my mobile is 0423 916 580"], ["wait, I typo'd my number way back: it's 0423 961 580, not 0423 916 580. the keyboard on this thing is a menace"], "What is the user's correct mobile number?", "0423 916 580", "0423 961 580"),
    # email
    ("email", "update", ["email me at priya.r@kestrelmoor.co"], [":email: heads up, IT moved everyone to the new domain, so I'm priya.r@kestrelmoor.com now. the .co one stops delivering on Friday"], "What is the user's email address now?", "priya.r@kestrelmoor.co", "priya.r@kestrelmoor.com"),
    ("email", "split", ["my mail is jlozano.arq@yahoo.es"], ["I am closing the jlozano.arq@yahoo.es, too much spam of casinos every day.", "My new direction of email is javier.lozano@estudiolozano.es, please use this one from now."], "Which e-mail address does the user use now?", "jlozano.arq@yahoo.es", "javier.lozano@estudiolozano.es"),
    ("email", "distractor", ["my email is t.okonkwo.writes@gmail.com"], ["can you proofread this before I forward it to the team: 'Hi all, please send invoices to our accountant at billing@marrowfieldcpa.com from now on, not to me.'"], "What is the user's email?", "billing@marrowfieldcpa.com", "t.okonkwo.writes@gmail.com"),
    ("email", "restated", ["work email: nadia@ferncastle.io", "cc nadia@ferncastle.io on that please"], ["pls update your notes: I left ferncastle last month and that inbox is gone. use nadia.haddad.pm@proton.me for everything now"], "Where should mail for the user go now?", "nadia@ferncastle.io", "nadia.haddad.pm@proton.me"),
    ("email", "update", ["contact: marc.dubreuil@orange.fr"], ["autocorrect keeps mangling my email lol. the right one since i switched provider is marc.dubreuil@laposte.net, NOT the orange one anymore"], "What email address does the user have these days?", "marc.dubreuil@orange.fr", "marc.dubreuil@laposte.net"),
    # language
    ("language", "update", ["I'm learning Khmer on the app, 40 day streak"], ["Dropped Khmer (the Cambodia trip fell through) and moved the whole streak over to Kazakh, since the new job sends me to Almaty twice a month. Is the Cyrillic or the Latin alphabet the one to learn?"], "What language is the user learning now?", "Khmer", "Kazakh"),
    ("language", "removal", ["I speak Corsican and Sardinian, my family is mixed, long story"], ["To be honest my Sardinian is dead now, I cannot hold a conversation since my nonna passed. Corsican I still speak every week at the association. Can you fix the languages on my CV?"], "Which languages does the user speak?", "Sardinian", "Corsican"),
    ("language", "distractor", ["I'm learning Albanian, slowly"], ["my kids started Hmong at their school this year and now they correct my pronunciation at dinner 😂 how do I help with homework when I know zero words?"], "What language is the user studying?", "Hmong", "Albanian"),
    ("language", "split", ["I take Belarusian classes, Tuesday evenings"], ["I stopped the Belarusian classes, the teacher moved to Lyon and the replacement is not good.", "I inscribed myself in Uzbek at the university instead, the first class was today. Very difficult the pronunciation!"], "Which language class does the user attend now?", "Belarusian", "Uzbek"),
    ("language", "restated", ["studying Shona", "Shona flashcards before bed, every single night"], ["ok confession: Shona is on pause indefinitely. all my flashcard time goes to Kinyarwanda now bc my new team is in Kigali"], "Which language is the user focused on learning at the moment?", "Shona", "Kinyarwanda"),
    # ci
    ("ci", "update", ["our CI is Snap CI"], ["🚨 PSA from #eng: Snap CI is shutting down so this sprint we moved every repo to Google Cloud Container Builder. the build badges in the READMEs are all wrong now, can you give me a sed one-liner to fix them?"], "What CI does the user's team use now?", "Snap CI", "Google Cloud Container Builder"),
    ("ci", "removal", ["CI for the iOS app is Buddybuild"], ["Buddybuild got switched off for us and we didnt replace it. builds happen on my laptop with fastlane now 🙃 is that as bad as it sounds?"], "Which CI service builds the user's iOS app?", "Buddybuild", ""),
    ("ci", "distractor", ["we run Continua CI for everything"], ["the client's team is on UrbanCode Build and wants us to trigger their pipeline whenever ours goes green. is that even possible?"], "What CI system does the user's team run?", "UrbanCode Build", "Continua CI"),
    ("ci", "split", ["CI = AnthillPro at my job"], ["AnthillPro is getting sunset at our company, last build runs tonight.", "we landed on QuickBuild, agents on our own boxes. the whole team +1'd it in the thread 🎉"], "Which CI does the user's company use at present?", "AnthillPro", "QuickBuild"),
    ("ci", "restated", ["Our CI is Magnum CI", "Magnum CI is slow again today, 40 minutes for each build"], ["Finally we migrated from Magnum CI to ElectricFlow, the builds take 8 minutes now. My boss is very contented and me too."], "What continuous integration service does the user's team use these days?", "Magnum CI", "ElectricFlow"),
    # database
    ("database", "update", ["our main db is Riak KV"], ["with Basho going under we finally got budget to move off Riak KV, and as of last week everything lives in Google Cloud Spanner. how do upserts work there?"], "What database does the user's team run on now?", "Riak KV", "Google Cloud Spanner"),
    ("database", "distractor", ["we're on MonetDB for analytics"], ["the new client runs everything on SAP ASE and wants our nightly export in a format that loads straight into it. any tips?"], "Which database does the user's team use for analytics?", "SAP ASE", "MonetDB"),
    ("database", "split", ["Our database is MarkLogic"], ["We have decided to abandon MarkLogic, the licence is too expensive for a small team like us.", "The replacement is Azure Cosmos DB, the migration finished this night. Some queries to adapt still."], "What database does the user's product use now?", "MarkLogic", "Azure Cosmos DB"),
    ("database", "update", ["we use SQL Anywhere for the inventory system"], ["ok long one, bear with me. the warehouse flooded in June (again), half the barcode scanners died, the vendor sent replacements with the wrong firmware, my manager went on leave in the middle of all of it, and somewhere in that mess the SQL Anywhere box finally gave up. we'd been talking about replacing it for two years, so instead of restoring it we stood up Percona XtraDB Cluster over a very long weekend and pointed the inventory app at it, and it has been running on Percona XtraDB Cluster since the 3rd without a single restart. what I actually need from you: how do I schedule a nightly backup for it?"], "What database is the user's inventory system on now?", "SQL Anywhere", "Percona XtraDB Cluster"),
    # editor
    ("editor", "update", ["I code in Aptana Studio"], ["aptana kept freezing on big files so i installed Coda 2 and honestly? love it. how do I open a remote folder over SFTP?"], "What editor does the user use now?", "Aptana Studio", "Coda 2"),
    ("editor", "distractor", ["I'm a TextWrangler person, always will be"], ["my teammate just asked in #dev-chat if anyone else uses Notepad2 and got zero replies lol. should I tell him about plugins or let him be?"], "Which editor does the user use?", "Notepad2", "TextWrangler"),
    ("editor", "split", ["editor: Mousepad"], ["uninstalled Mousepad today, too many small annoyances", "now on CudaText. how do I get the terminal panel to show up?"], "What is the user's editor now?", "Mousepad", "CudaText"),
    ("editor", "restated", ["I use PSPad for everything", "PSPad has the best HEX mode, in my opinion"], ["My new work gives only Macs, so no more PSPad for me. Now I use Smultron, the colleagues recommended it. How do I make the search with regex?"], "Which text editor does the user work in these days?", "PSPad", "Smultron"),
    ("editor", "update", ["Zend Studio is my editor for the PHP stuff"], ["Long story but: the old laptop died, the Zend Studio licence was tied to it and the vendor wanted a fresh purchase order, which finance sat on for three weeks, and meanwhile the whole team decided the new client portal would be Rails anyway. So the company bought RubyMine seats for all of us, I've been living in RubyMine since the start of July, and honestly the PHP days feel far away. Anyway: how do I get it to stop reindexing every time I switch branches?"], "What editor is the user using at present?", "Zend Studio", "RubyMine"),
    # likes
    ("likes", "update", ["underwater hockey twice a week is my thing"], ["shoulder surgery means underwater hockey is done for me. been getting into kokedama instead, way calmer. what moss do I use?"], "What hobby does the user have now?", "underwater hockey", "kokedama"),
    ("likes", "removal", ["I love bachata and astrophotography"], ["Bachata no more, the academy closed and the others are too far. But still astrophotography every clear night, the Milky Way season is fantastic here."], "What does the user enjoy?", "bachata", "astrophotography"),
    ("likes", "distractor", ["I'm really into kayak fishing"], ["my client spent the whole lunch talking about competitive barbecue, apparently he travels to contests every month. what do I get him as a thank-you gift?"], "What is the user into?", "competitive barbecue", "kayak fishing"),
    ("likes", "split", ["I adore pétanque, every Sunday with my neighbours"], ["I stopped the pétanque, my neighbours moved away and without them it is not the same.", "Now my new passion is stained glass! I take a workshop each Saturday since last week, my first panel is a little sun."], "What pastime does the user enjoy now?", "pétanque", "stained glass"),
    ("likes", "restated", ["parkour is life lol", "did parkour in the rain today, ruined my shoes"], ["getting old: parkour is wrecking my knees so i officially retired lol. weekends go to model railroading now, which i never thought i'd say out loud"], "What is the user's hobby these days?", "parkour", "model railroading"),
    # trip
    ("trip", "update", ["Going to Sucre in August!"], ["change of plans, Sucre is out. we booked Arequipa instead, same week in August. altitude tips?"], "Where is the user travelling in August?", "Sucre", "Arequipa"),
    ("trip", "removal", ["we have a trip to Toruń at the end of August"], ["Toruń is cancelled, my husband's work won't give him the days. No trip this summer for us, we stay home and paint the kitchen."], "What trip does the user have planned?", "Toruń", ""),
    ("trip", "distractor", ["I'm going to Ohrid in August, finally!"], ["my colleague is off to Bled next month and asked me for tips, I've never been. what should I tell her?"], "Where is the user going in August?", "Bled", "Ohrid"),
    ("trip", "split", ["We go to Fez in August, with the kids"], ["The trip to Fez is annulled, the riad cancelled our booking. Very bad service.", "We reserved Tangier instead, same dates and even a better price. What to see there?"], "Where is the user's August trip now?", "Fez", "Tangier"),
    ("trip", "update", [":palm_tree: OOO Aug 14-18, trip to Asheville"], ["OOO update: still Aug 14-18 but it's Savannah now, not Asheville, my sister moved the wedding. can you rewrite my out-of-office message?"], "Where is the user going for the mid-August trip?", "Asheville", "Savannah"),
    # pet
    ("pet", "update", ["our ferret Rutabaga is sick again, vet tomorrow"], ["RIP Rutabaga 💔 we said goodbye in June. the house was too quiet so we adopted a kitten, Pimentón. first-time cat owner tips?"], "What is the name of the user's pet now?", "Rutabaga", "Pimentón"),
    ("pet", "removal", ["I have two rabbits, Winifred and Fennimore"], ["Fennimore died last night, he was 9 😢 Winifred seems lonely, should we get her a friend?"], "Which pets does the user have?", "Fennimore", "Winifred"),
    ("pet", "distractor", ["my dog is a greyhound called Dashiell"], ["the neighbours' new puppy Bartleby barks all night. how do I bring it up without starting a feud? Dashiell is being very judgmental about it too"], "What is the user's dog called?", "Bartleby", "Dashiell"),
    ("pet", "split", ["My dog is called Garbanzo, a dachshund"], ["Garbanzo went to live with my parents in the countryside, he is much happier with the garden. I visit him each month but he is their dog now.", "And yesterday I adopted a cat of the shelter, she is called Lentejita. She hides under the sofa all day."], "What pet does the user have at home now?", "Garbanzo", "Lentejita"),
    ("pet", "restated", ["my cockatiel Kumquat says good morning lol", "Kumquat learned to whistle the Mario theme"], ["Kumquat flew off when the screen door was open two weeks ago, we searched everywhere 😭 we have a budgie now, Pomelo, my daughter named him"], "What is the user's bird called now?", "Kumquat", "Pomelo"),
    # birthday
    ("birthday", "update", ["bday 17/10"], ["ugh typo before: bday is 17/11 not 17/10. November!"], "When is the user's birthday?", "17/10", "17/11"),
    ("birthday", "distractor", ["born 22 August 1984"], ["the radio will not shut up about Madonna turning 59 on August 16. is it weird that it makes me feel old? what's a fun low-key idea for my own birthday?"], "What is the user's date of birth?", "August 16", "22 August 1984"),
    ("birthday", "split", ["my birthday is April 5"], ["I must correct something: my birthday is not April 5, that is the day of my saint, I confused you.", "The real date is April 9, like it says in my passport."], "On what date is the user's birthday?", "April 5", "April 9"),
    ("birthday", "restated", ["my birthday is Oct 21", "Oct 21 falls on a Saturday this year, party time"], ["so I'm adopted, and this summer I finally got my original birth records: turns out my real birthday is Oct 31, Halloween baby, the agency just wrote Oct 21 on everything. gonna start celebrating the right day"], "What day is the user's birthday?", "Oct 21", "Oct 31"),
]

FILLER_USER = [
    "@here anyone know how to mute a channel only on mobile?",
    "+1 to that, thanks!",
    "how do I say 'quedamos a las cinco' in natural english? not 'we stay at five' I think lol",
    "my ticket #48213 has been open for 6 days, how do I escalate nicely?",
    "what does 'circle back' actually mean, my boss says it every meeting",
    "sorry for the typos, on the train with one hand",
    "is it 'I look forward to hear from you' or 'hearing'? in french we say it different",
    ":coffee: ok I'm awake now, what's the difference between a PDF/A and a normal PDF?",
    "can you turn 'pls fix asap' into something I can send to a client",
    "thx!! 🙏",
    "how many hours is 2.75 days of PTO if a day is 7.5h?",
    "what's a polite way to tell a customer their refund takes 10 business days",
    "ok that makes sense, merci",
]
FILLER_ASSISTANT = [
    "Sure! Here you go:",
    "Happy to help. Short version:",
    "Good question. Here's how I'd do it:",
    "No problem, a quick answer:",
    "Got it. Try this:",
]


# a restated old value: the second statement comes nine days later; a split update: its
# second turn comes the next day
WHEN = Timeline(
    opening=lambda k, j: f"2017-05-{1 + k + j:02d}T08:35:00Z",
    openings=2,
    before=lambda k, j: f"2017-05-{9 + k + 9 * j:02d}T13:10:00Z",
    middle=lambda k, j: f"2017-06-{4 + 8 * j:02d}T15:45:00Z",
    middles=3,
    update=lambda k, j: f"2017-07-{3 + 5 * k + j:02d}T19:20:00Z",
    closing=lambda k: f"2017-08-{4 + k:02d}T07:50:00Z",
    reply=17,
)


def build(seed: int = 1717) -> list[dict[str, Any]]:
    """All val17 scenarios, deterministic for a seed (dated May 2017 – August 2017)."""
    return build_stories(STORIES, "val17", "kv17", seed, FILLER_USER,
                         FILLER_ASSISTANT, WHEN)


def main() -> None:
    """Write the split."""
    write(build(), OUT)


if __name__ == "__main__":
    main()
