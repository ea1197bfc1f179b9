# ruff: noqa: E501  (hand-written data: one story per line reads best)
"""Writes ``knowledge_val18.jsonl``: an eighteenth held-out split of the knowledge-update set.

Written in round 13 by an outside evaluator who never read ``src/``
(``"split": "val18"``). It is meant as training data for a learned tagger, so
each story is phrased with its own sentence shape. Its people are students and
young professionals (university, Erasmus, internships, first jobs, flatshares),
gamers and hobbyists writing in slang ("gg beef", "lowkey burnt out", "RIP the
Matiz"), and parents typing in a rush from a car park. What is hard: the value
put first and explained afterwards ("Coimbra. That's where I am now."; "Zend Studio.
That's what I'm using now"); inverted and cleft sentences ("It's Blazegraph we're
on now", "Gone is the Fiat Panda 4x4; in its place, a Ssangyong Korando"); questions
that carry the update inside them ("now that I'm at Help Scout, how do I ...",
"since I'm in CodeLite now, ..."); lists of several changes at once, where only one
item is the story's slot and the others are other slots with unrelated values;
removals said as absences ("no car anymore", "single again", "no job anymore",
"No Agadir anymore"); corrections of a birthday or an allergy after a test;
the update spread over two turns a day apart (first the old ends, then the new is
named); and third-party traps: a flatmate's new city, trip, editor or boyfriend, a
sibling's car, job, pet or language, a partner's manager, birthday or plans, a
son's school allergy form or email account, and examples in homework and
coursework questions. Values and filler are new; the timeline (October 2016 –
January 2017) is no other split's.
18 slots, 88 stories (4 or 5 a slot): 26 update, 18 split, 16 restated,
10 removal, 18 distractor.

Kinds (``"kind"``): ``update`` (``old`` -> ``new``), ``split`` (the update over
two user turns a day apart), ``restated`` (``old`` said twice, nine days apart,
before the update), ``removal`` (``old`` ends, ``new`` remains or "" when
nothing does), ``distractor`` (``new`` is the user's and stays; ``old`` is a
third party's or a homework example's, said later). In the multi-valued slots
(allergy, pet, likes, language) an update's ``old`` is the value that ended and
``new`` the one that took its place; a removal's ``new`` is what is left.

    python bench/data/make_knowledge_val18.py   # rewrites the .jsonl next to it
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _knowledge_writer import Story, Timeline, build_stories, write

OUT = Path(__file__).with_name("knowledge_val18.jsonl")

# (slot, kind, earlier user statements, update turns, question, old, new)
STORIES: list[Story] = [
    # home
    ("home", "update", ["second year at uni in Stirling, living in halls, so cheap recipes only pls"], ["Coimbra. That's where I am now! My Erasmus placement got moved up a term and I flew out on Tuesday. How do I say 'where is the launderette' in Portuguese?"], "Where is the user living at the moment?", "Stirling", "Coimbra"),
    ("home", "update", ["We're in Salford, two kids, one very small garden."], ["now that we're all living in Falmouth (moved the kids down last weekend, still surrounded by boxes) how do I find a GP that's taking new patients?? sorry typing with one hand"], "Which town does the user's family live in now?", "Salford", "Falmouth"),
    ("home", "split", ["Flatshare in Toruń, four of us and one bathroom. Pray for me."], ["Handed the keys to the Toruń flat back today. Sleeping on a mate's sofa tonight lol", "ok new place sorted: it's Wrocław! Room in a flat near the market square, new job starts Monday."], "What city does the user live in now?", "Toruń", "Wrocław"),
    ("home", "restated", ["I'm in Hamilton, the New Zealand one, not Ontario.", "Hamilton's weather is doing my head in this week."], ["It's Whanganui we ended up in after all: the transfer came through and we drove down last week. What's a good first-day-at-a-new-school lunch for a six-year-old?"], "Where does the user live these days?", "Hamilton", "Whanganui"),
    ("home", "distractor", ["I live in Aalborg, moved here for my master's."], ["My flatmate just got offered a grad scheme in Harstad and she's moving up there in January, absolutely gutted. How do I find a new flatmate fast without getting scammed?"], "Which city is the user's home?", "Harstad", "Aalborg"),
    # employer
    ("employer", "update", ["I do customer support at Kayako, mostly tier-one tickets."], ["now that I'm at Help Scout, how do I write saved replies that don't sound like a robot wrote them?"], "Which company does the user work for now?", "Kayako", "Help Scout"),
    ("employer", "split", ["I'm interning at Ocado Technology on the warehouse robotics team."], ["last day at Ocado Technology today, they gave me a cake shaped like a crate 🥲", "and the offer letter came through!! accepted it on the spot: Citymapper it is, backend grad role, I start next week"], "Who is the user's employer these days?", "Ocado Technology", "Citymapper"),
    ("employer", "restated", ["I'm a QA tester at Frontier Developments, so yes, I've played a LOT of Elite.", "Crunch at Frontier Developments is brutal this month."], ["Jagex. That's where I've been since Monday; Frontier had my notice back in October. Should I ask about the relocation bonus now or wait till probation's over?"], "Where does the user work?", "Frontier Developments", "Jagex"),
    ("employer", "removal", ["I work for Wood Mackenzie as a junior analyst."], ["no job anymore 🙃 Wood Mackenzie let the whole grad cohort go on Thursday. how do I sign on for jobseeker's allowance?"], "Who employs the user?", "Wood Mackenzie", ""),
    ("employer", "distractor", ["I'm a junior dev at Songkick."], ["My little brother just got a Saturday job at Games Workshop and won't stop talking about painting Space Marines. What's the minimum wage for a 17-year-old?"], "What company is the user employed at?", "Games Workshop", "Songkick"),
    # job title
    ("job_title", "update", ["I'm a Graduate Trainee Accountant at a small firm in the city."], ["Busy month, quick rundown so you're up to date:\n- passed the Case Study exam\n- I'm Audit Semi-Senior now, got the bump on Friday\n- started Catalan on Duolingo\n- gave up meat for December\nWhat should I ask for at my next review?"], "What is the user's job title now?", "Graduate Trainee Accountant", "Audit Semi-Senior"),
    ("job_title", "update", ["Job title on my badge: Junior UX Designer."], ["It's Interaction Designer they've put on my new contract — no 'junior' anymore!! How should I update the about page on my portfolio site?"], "What does the user's job title say these days?", "Junior UX Designer", "Interaction Designer"),
    ("job_title", "split", ["I'm the Community Manager at an indie studio, basically I live in our Discord."], ["Not Community Manager anymore, they shuffled the whole team after the Steam launch tanked.", "Officially Live Ops Producer as of today. No idea what that means tbh. What does a live ops producer do day to day?"], "What role does the user have at the studio now?", "Community Manager", "Live Ops Producer"),
    ("job_title", "restated", ["I'm a Learning Support Assistant at a secondary school.", "Being a Learning Support Assistant means I'm on corridor duty every lunchtime lol"], ["Guess who got made Cover Supervisor before the Christmas break! The head signed it off on Wednesday. Will I need to plan lessons or just deliver the ones I'm given?"], "What position does the user hold at the school?", "Learning Support Assistant", "Cover Supervisor"),
    ("job_title", "distractor", ["I work as a Lab Research Assistant alongside my MSc."], ["homework q for my HR module: 'A Warehouse Shift Lead earns £24,000 a year...' how do I work out the employer's National Insurance on that?"], "What is the user's job title?", "Warehouse Shift Lead", "Lab Research Assistant"),
    # manager
    ("manager", "update", ["My manager on the internship is Callum Ferreira-Boyd, he's chill."], ["since Callum's left and I'm under Rosalind Achterberg now, is it weird to ask her for a 1:1 in my first week with her?"], "Who is the user's manager now?", "Callum Ferreira-Boyd", "Rosalind Achterberg"),
    ("manager", "split", ["I report to Bartholomew Nkemelu."], ["Bartholomew Nkemelu got promoted into another division, so my team's officially manager-less for a day or two.", "Aaand it's Svetlana Okonjo-Reyes. She's my boss from today. She seems... intense."], "Who does the user report to at present?", "Bartholomew Nkemelu", "Svetlana Okonjo-Reyes"),
    ("manager", "restated", ["My manager is Ingeborg Lindqvist.", "Ingeborg Lindqvist finally signed off my holiday request."], ["End-of-year roundup so your notes are right:\n- new laptop, at last\n- started a pottery class on Thursdays\n- Ingeborg handed me over to Marcus Delacroix-Otieno since she's running the new data team\nAny tips for a first 1:1 with a new manager?"], "Who manages the user these days?", "Ingeborg Lindqvist", "Marcus Delacroix-Otieno"),
    ("manager", "removal", ["My line manager is Oluwaseun Bradshaw."], ["Oluwaseun Bradshaw left in November and honestly? No manager at all now, I just report into the Friday stand-up. Is that normal for a startup of twelve people?"], "Who is the user's line manager?", "Oluwaseun Bradshaw", ""),
    ("manager", "distractor", ["My manager is Tamsin Yeoh, she's lovely."], ["My girlfriend's new manager, Desmond Prytherch, made her redo a whole deck at 10pm on a Friday. How can I support her without going on a rant about him?"], "Who is the user's boss?", "Desmond Prytherch", "Tamsin Yeoh"),
    # diet
    ("diet", "update", ["I'm doing IIFYM to bulk for rugby season, so macros matter."], ["ok IIFYM is dead to me, my flatmate talked me into going ovo-vegetarian. gg beef. what's a high-protein ovo-vegetarian lunch under £3?"], "How does the user eat now?", "IIFYM", "ovo-vegetarian"),
    ("diet", "split", ["I'm on the low-FODMAP diet for my IBS, so no garlic or onion."], ["The low-FODMAP diet is done, the dietitian says I can stop the elimination phase.", "Now she's got me on the Specific Carbohydrate Diet, so no grains at all. ugh. breakfast ideas?"], "Which diet is the user following these days?", "low-FODMAP diet", "Specific Carbohydrate Diet"),
    ("diet", "restated", ["fruitarian since first year of uni", "fruitarian, so no cooked lasagne suggestions please"], ["My GP had words about my B12 and iron, so I'm on the Mediterranean diet now. Fish and eggs are back!! Quick omelette ideas for someone on night shifts?"], "What is the user's diet at present?", "fruitarian", "Mediterranean diet"),
    ("diet", "removal", ["I'm doing Rosemary Conley with my mum, classes on Tuesdays."], ["No more Rosemary Conley for me. Quit the group, not following anything, eating whatever I like through Christmas. Mince pie recipes please."], "What diet does the user follow?", "Rosemary Conley", ""),
    ("diet", "distractor", ["I keep kosher, so no pork or shellfish in recipes please."], ["Nutrition coursework question: 'A patient on the Cabbage Soup diet reports fatigue in the afternoons.' What's the most likely mechanism?"], "What dietary rule does the user keep?", "Cabbage Soup diet", "kosher"),
    # allergy
    ("allergy", "update", ["I'm allergic to fennel, which rules out half of Italian sausage."], ["Allergy clinic this morning: fennel came back clear, and it's coriander I'm actually allergic to. So no pho, no salsa. Gutted. What else is coriander hiding in?"], "What is the user allergic to?", "fennel", "coriander"),
    ("allergy", "split", ["Allergic to Brazil nuts (tree nut, not peanut)."], ["Re Brazil nuts: oral challenge yesterday, ate three with zero reaction. Off the list!", "BUT the skin prick test lit up for pumpkin seeds, so that's my allergy now. Bye bye seeded granola 😭"], "Which food allergy does the user have now?", "Brazil nuts", "pumpkin seeds"),
    ("allergy", "restated", ["I'm allergic to neomycin.", "neomycin allergy, so remind me to check the label on any first aid cream"], ["It's balsam of Peru I react to, not neomycin. The dermatology patch test cleared neomycin completely. What products is balsam of Peru in?"], "What allergy should be noted for the user?", "neomycin", "balsam of Peru"),
    ("allergy", "removal", ["allergies: mussels and bee venom"], ["grew out of the mussels allergy apparently?? had moules frites at the work do with no reaction and the allergist confirmed it. still carrying the EpiPen for bee venom though"], "What allergies does the user have?", "mussels", "bee venom"),
    ("allergy", "distractor", ["I've got an allergy to cinnamon."], ["quick!! school wants a form saying my son's allergic to egg, do I need a doctor's letter or can I just write it myself? typing in the car park"], "What is the user allergic to?", "egg", "cinnamon"),
    # partner
    ("partner", "update", ["My girlfriend Clodagh is doing her PGCE."], ["Manon. That's who I'm bringing to the Christmas party; we've been official for three weeks, after Clodagh and I split in November. What do you get someone you've only been dating a month?"], "Who is the user's girlfriend now?", "Clodagh", "Manon"),
    ("partner", "split", ["My boyfriend Fraser plays bass in a ska band."], ["single again 🙃 Fraser and I called it on Sunday.", "ok plot twist, Kofi from my course asked me out last night and we're a thing now?? what do I wear to a gig date"], "Who is the user dating at the moment?", "Fraser", "Kofi"),
    ("partner", "restated", ["My partner Florian and I just signed a lease together!", "Florian is cooking tonight, so I'm off the hook."], ["Since Florian moved back to Vienna and we ended things, I've been seeing Cosmin. Is it too early to introduce him to my flatmates?"], "Who is the user's partner these days?", "Florian", "Cosmin"),
    ("partner", "removal", ["My fiancé Ruairí proposed in the summer!"], ["It's over with Ruairí: we called off the engagement the week before Christmas and I'm on my own now. Can you help me word a message to everyone who got a save-the-date?"], "Who is the user engaged to or dating?", "Ruairí", ""),
    ("partner", "distractor", ["My girlfriend Aoife is an SHO at the Royal."], ["Flatmate drama: Jovan just moved his boyfriend Thibault in without asking anyone. How do I bring it up at the house meeting without it getting nasty?"], "Who is the user in a relationship with?", "Thibault", "Aoife"),
    # vehicle
    ("vehicle", "update", ["I drive a Daewoo Matiz. It's a shed, but it's my shed."], ["RIP the Matiz, she's gone to the scrapyard in the sky. Picked up a 2008 Hyundai Getz off Gumtree on Saturday, absolute steal. Do I tell the DVLA or does the seller?"], "What car does the user drive now?", "Daewoo Matiz", "Hyundai Getz"),
    ("vehicle", "split", ["I get to work on my Vespa GTS, it's the only way to survive the traffic."], ["Vespa GTS got nicked from outside the office. Police basically shrugged.", "Insurance paid out, so I bought a Piaggio Liberty. Less pretty, harder to steal (I hope). Best chain lock?"], "What does the user ride to work now?", "Vespa GTS", "Piaggio Liberty"),
    ("vehicle", "restated", ["I drive a Fiat Panda 4x4 on the farm roads.", "The Fiat Panda 4x4 needs its MOT next month."], ["Gone is the Fiat Panda 4x4; in its place, a Ssangyong Korando, more room for the dogs. What tyres would you get for muddy lanes?"], "Which vehicle does the user have at present?", "Fiat Panda 4x4", "Ssangyong Korando"),
    ("vehicle", "removal", ["I've got a Ford Ka, mainly for the school run."], ["no car anymore, the Ford Ka failed its MOT spectacularly and we're not replacing it. what's the best double buggy for getting on buses??"], "What car does the user own?", "Ford Ka", ""),
    ("vehicle", "distractor", ["I drive a Kia Soul."], ["My sister just bought a Citroën C1 as her first car and she's asking me about insurance. Is a black box policy worth it for a 17-year-old?"], "Which car does the user drive?", "Citroën C1", "Kia Soul"),
    # phone
    ("phone", "update", ["my number's 07700 900731 if the recruiter needs it"], ["Couple of changes before you draft anything else for me:\n- new number: 07700 900268, the old one's cut off\n- signed up for a climbing wall membership\n- switched my bank to a student account\nCan you redo the header of my CV?"], "What is the user's mobile number now?", "07700 900731", "07700 900268"),
    ("phone", "update", ["Work phone: +353 87 214 6620"], ["now that my mobile is +353 86 447 1093 (moved to a cheaper network, the old number's gone), how do I move my WhatsApp history over?"], "On which number can the user be reached?", "+353 87 214 6620", "+353 86 447 1093"),
    ("phone", "split", ["Call me on 0171 5583321."], ["Lost my phone on the U-Bahn, so the 0171 5583321 SIM is blocked now.", "New contract signed, number's 0176 3349208. What do I need to tell my bank?"], "What is the user's phone number at present?", "0171 5583321", "0176 3349208"),
    ("phone", "restated", ["cell: 604-555-0193", "604-555-0193 is the number on my résumé"], ["It's 778-555-0146 I'm on now; the old one was on my parents' family plan and they cut me off, lol. Can you fix the header of my résumé?"], "Which phone number does the user use now?", "604-555-0193", "778-555-0146"),
    ("phone", "distractor", ["My mobile number is 021 555 7804."], ["Writing a regex for my CS assignment; the example in the brief is '(09) 555 3712'. Does my pattern need to handle the brackets?"], "What is the user's mobile number?", "(09) 555 3712", "021 555 7804"),
    # email
    ("email", "update", ["my student email is j.okafor@my.kestrelford.ac.uk"], ["graduated, so the uni address is dead; everything goes to jide.okafor.dev@gmail.com now. Can you write me a cover letter opener?"], "What e-mail address should be used for the user?", "j.okafor@my.kestrelford.ac.uk", "jide.okafor.dev@gmail.com"),
    ("email", "update", ["Email me stuff at pixelwitch_92@hotmail.com"], ["morgan.ashby@protonmail.com is the one to use from now on. The hotmail got hacked and spammed my whole contact list. How do I warn people?"], "What is the user's e-mail these days?", "pixelwitch_92@hotmail.com", "morgan.ashby@protonmail.com"),
    ("email", "split", ["Work email: d.fairweather@harbourpixel.co.uk"], ["IT switched off d.fairweather@harbourpixel.co.uk on my last day, so don't send anything there.", "New job, new inbox: dfairweather@tallowbyte.io. Can you set up a signature for it?"], "Which e-mail address does the user have now?", "d.fairweather@harbourpixel.co.uk", "dfairweather@tallowbyte.io"),
    ("email", "distractor", ["my email's claire.mbeki.home@btinternet.com"], ["son's made his first email account for school: zakmbeki2006@outlook.com. What parental controls should I turn on?"], "What is the user's e-mail address?", "zakmbeki2006@outlook.com", "claire.mbeki.home@btinternet.com"),
    # birthday
    ("birthday", "update", ["bday: 22nd of August, I'm a Leo 🦁"], ["ok so my mum just told me my birth certificate says 23rd of August. I've been celebrating a day early for 21 years?? Put the 23rd of August down please."], "When is the user's birthday?", "22nd of August", "23rd of August"),
    ("birthday", "update", ["My birthday is November 9th, for the record."], ["The passport renewal caught it: my birthday is November 19th, not the 9th. A registry typo from when I was born that nobody ever fixed. Can you update that?"], "On what date does the user celebrate their birthday?", "November 9th", "November 19th"),
    ("birthday", "split", ["Birthday: 30/12/1994"], ["Small thing: the 30/12/1994 birthday I gave you is wrong. The hospital registered it wrong and I've been typing it into forms for years.", "Reissued birth certificate arrived: 31/12/1994. A New Year's Eve baby, apparently."], "What is the user's date of birth?", "30/12/1994", "31/12/1994"),
    ("birthday", "distractor", ["my birthday's the 5th of February"], ["Boyfriend's birthday is 28 December and I've got nothing. Gift ideas under £40 for someone who's into vinyl?"], "When is the user's birthday?", "28 December", "5th of February"),
    # language
    ("language", "update", ["learning Brazilian Portuguese so I can follow my raid group's voice chat lol"], ["dropped Brazilian Portuguese, the BR guys left the guild anyway. switched to Levantine Arabic cos the new raid lead is from Amman. how do I even start with the script?"], "Which language is the user learning now?", "Brazilian Portuguese", "Levantine Arabic"),
    ("language", "split", ["I'm doing evening classes in Old Norse."], ["Old Norse classes got cancelled, not enough sign-ups. Gutted.", "So I've signed up for Maltese at the same college instead, Wednesday nights. Any tips for the alphabet?"], "What language class is the user taking?", "Old Norse", "Maltese"),
    ("language", "restated", ["learning Somali with a tutor on italki", "my Somali tutor says my pronunciation is finally ok!!"], ["Somali's out, Zulu's in. My girlfriend's family speak it and I want to actually follow dinner conversation. How do the tones work?"], "Which language is the user studying these days?", "Somali", "Zulu"),
    ("language", "removal", ["I speak Albanian and Serbian."], ["honestly my Serbian is gone, haven't used it since I left Niš. Albanian's still fine. For my CV, do I just list Albanian?"], "Which languages does the user speak?", "Serbian", "Albanian"),
    ("language", "distractor", ["I'm learning Persian for my year abroad."], ["my little sister's picked Urdu for GCSE and wants me to help her revise. I know zero Urdu. Best free resources?"], "What language is the user learning?", "Urdu", "Persian"),
    # ci
    ("ci", "update", ["Our iOS builds run on Greenhouse CI."], ["Updating our onboarding doc, three changes this sprint:\n- builds moved from Greenhouse CI to Buddybuild\n- the analytics tables now live in Druid\n- staging deploys freeze on Fridays\nCan you rewrite the 'Your first PR' section?"], "What CI service does the user's team build on now?", "Greenhouse CI", "Buddybuild"),
    ("ci", "update", ["we use Atlassian Bamboo at work, it's slow as treacle"], ["now that we're on UrbanCode Build instead of Bamboo, how do I get builds to trigger only on master?"], "Which CI server does the user's team use?", "Atlassian Bamboo", "UrbanCode Build"),
    ("ci", "split", ["CI for my side project is Magnum CI."], ["Pulled my side project off Magnum CI today, builds have been stuck in the queue for three days.", "Moved it to drone.io, the hosted one. Has anyone got a .drone.yml for a Go project?"], "Where does the user's side project get built now?", "Magnum CI", "drone.io"),
    ("ci", "restated", ["We still use Hudson for the Windows builds, don't laugh.", "Hudson queue is backed up again 🙄"], ["It's CloudBees we build on now; Hudson finally got put out of its misery. How do I cache NuGet packages there?"], "What does the user's team use for CI?", "Hudson", "CloudBees"),
    ("ci", "distractor", ["Our CI is Distelli."], ["Got a take-home for an interview at another company and the README says 'our packages are built on Open Build Service'. Should I write my test setup for Open Build Service or keep it generic?"], "Which CI tool does the user's team currently run?", "Open Build Service", "Distelli"),
    # database
    ("database", "update", ["Our backend is on Titan (the graph db, not the moon)."], ["It's Blazegraph we're on now. Titan's basically abandoned since the DataStax buyout, so we bailed. Any gotchas with SPARQL?"], "Which database does the user's backend use now?", "Titan", "Blazegraph"),
    ("database", "update", ["my Minecraft server plugin keeps player stats in HSQLDB"], ["moved the server stats from HSQLDB to Apache Derby because of locking issues with 30 players online, how do I back up Derby while it's running?"], "What database holds the stats for the user's Minecraft server?", "HSQLDB", "Apache Derby"),
    ("database", "split", ["Our mobile app's data lives in Parse."], ["Parse is shutting down in January, so we've exported everything and switched our Parse app off.", "Landed on Kinvey. Data's imported and the app's pointed at it. How do I handle offline sync?"], "What does the user's mobile app store its data in now?", "Parse", "Kinvey"),
    ("database", "restated", ["we run Memcached for the session store", "Memcached box fell over again at 3am and logged everyone out, love that for me"], ["Replaced Memcached with Apache Geode last week, and yes, I know nobody's heard of it. How do I set expiry on a region?"], "Which datastore does the user's session store run on?", "Memcached", "Apache Geode"),
    ("database", "distractor", ["At my internship we use MarkLogic for everything."], ["DB coursework: 'Design a schema for a school library in FileMaker Pro.' Is FileMaker even still a thing?? Which relationships do I need?"], "What database does the user work with at the internship?", "FileMaker Pro", "MarkLogic"),
    # editor
    ("editor", "update", ["I code my mods in Notepad2."], ["switched to ZeroBrane Studio last week, the Lua debugger is 🔥 how do I attach it to the game?"], "Which editor does the user write code in now?", "Notepad2", "ZeroBrane Studio"),
    ("editor", "update", ["My editor is Aptana Studio, for the uni web dev modules."], ["Zend Studio. That's what I'm using now, the uni has licences for the PHP module. Where do I change the keymap?"], "What editor is the user using at the moment?", "Aptana Studio", "Zend Studio"),
    ("editor", "split", ["Everything I write is in Chocolat."], ["Uninstalled Chocolat today. Bittersweet.", "Went with TextWrangler in the end. How do I get it to open files from the terminal?"], "What text editor does the user use now?", "Chocolat", "TextWrangler"),
    ("editor", "restated", ["I use Anjuta for my C assignments.", "Anjuta's build button is all I need lol"], ["since I'm in CodeLite now (the lab machines got switched over), how do I set up a workspace for a single-file project?"], "Which editor does the user do their C work in these days?", "Anjuta", "CodeLite"),
    ("editor", "distractor", ["I use Aquamacs."], ["My flatmate swears by Espresso for his freelance sites and keeps trying to convert me. What does it do that I'd miss?"], "Which editor does the user use?", "Espresso", "Aquamacs"),
    # likes
    ("likes", "update", ["I'm big into speedrunning, mostly Ocarina of Time."], ["lowkey burnt out on speedrunning, haven't touched it in weeks. been getting into miniature painting instead, what primer should I get?"], "What hobby is the user into now?", "speedrunning", "miniature painting"),
    ("likes", "split", ["my thing is korfball, training twice a week"], ["quit the club. korfball is done for me after the ankle thing.", "New obsession: aerial silks. First class last night, my arms are destroyed."], "What does the user enjoy doing these days?", "korfball", "aerial silks"),
    ("likes", "restated", ["I'm really into amigurumi", "finished another amigurumi octopus last night!"], ["It's sourdough baking that's eaten my life now; the crochet hooks haven't come out since November. Why is my starter so runny?"], "What is the user's hobby at present?", "amigurumi", "sourdough baking"),
    ("likes", "removal", ["Hobbies: Sunday league football and playing the banjo."], ["no Sunday league football anymore, my knee won't have it. still picking at the banjo every night though, chord suggestions for Christmas songs?"], "What are the user's hobbies?", "Sunday league football", "banjo"),
    ("likes", "distractor", ["I love moth trapping, the garden light trap is my pride and joy."], ["My boyfriend's decided he's getting into powerlifting in the new year and wants me to come to the gym with him. How do I say no nicely?"], "What does the user like doing?", "powerlifting", "moth trapping"),
    # trip
    ("trip", "update", ["Booked a reading-week trip to Skopje in February with my course mates."], ["Quick life update:\n- the February trip is Belgrade now, the Skopje flights got cancelled\n- I've gone veggie (again)\n- got a Saturday shift at the student union bar\nWhat's the cheapest way from the airport into town?"], "Where is the user going in February?", "Skopje", "Belgrade"),
    ("trip", "split", ["Easter is Gran Canaria with the kids, booked and paid."], ["Gran Canaria's off, the travel company went bust. Brilliant.", "Rebooked through someone else: Fuerteventura, same week. Are there beaches there for little ones?"], "Where is the user's family going at Easter?", "Gran Canaria", "Fuerteventura"),
    ("trip", "restated", ["spring break plan: Cluj-Napoca with the lads", "Cluj-Napoca hostels are so cheap it's unreal"], ["Timișoara it is for spring break, the lads outvoted me on Cluj-Napoca. What's actually worth doing there for three days?"], "Where is the user going for spring break?", "Cluj-Napoca", "Timișoara"),
    ("trip", "removal", ["We're going to Agadir in March for my sister's hen do."], ["No Agadir anymore, the hen do got scrapped along with the engagement. Nothing planned now, which is honestly fine. How do I ask for a refund on the flight?"], "What trip does the user have coming up?", "Agadir", ""),
    ("trip", "distractor", ["I'm heading to Batumi in April for a friend's wedding."], ["My flatmate just booked Trondheim for March and won't stop showing me photos of the fjord. Is it as cold as it looks?"], "Where is the user travelling to next?", "Trondheim", "Batumi"),
    # pet
    ("pet", "update", ["I've got a hamster called Sprout."], ["sad news, Sprout died last week 😢 my flatmates chipped in and got me a gerbil, she's called Satsuma. do gerbils need a companion?"], "What pet does the user have now?", "Sprout", "Satsuma"),
    ("pet", "split", ["our family dog is a spaniel called Digby"], ["had to rehome Digby, a new baby plus a spaniel was just too much. kids are heartbroken", "caved and got the kids a guinea pig, they named it Fudge. what hay is best??"], "What is the name of the user's family pet now?", "Digby", "Fudge"),
    ("pet", "restated", ["My cat Nebula is asleep on my notes again.", "Nebula knocked my coffee over, classic."], ["Nebula's living with my ex now (long story), and I've adopted a corn snake called Kumquat to fill the gap. Is a heat mat enough in December?"], "Which pet lives with the user at the moment?", "Nebula", "Kumquat"),
    ("pet", "removal", ["I have two cats, Ludo and Cannoli."], ["Cannoli went missing three weeks ago and we've given up hope 💔 Ludo keeps looking for her. How do I help a cat grieve?"], "Which pets does the user have?", "Cannoli", "Ludo"),
    ("pet", "distractor", ["My dog Hobnob is a Jack Russell."], ["My brother's getting a ferret called Bagel for Christmas and he'll be visiting with it. Do ferrets get on with Jack Russells?"], "What is the user's pet called?", "Bagel", "Hobnob"),
]

FILLER_USER = [
    "how long do you boil an egg for a runny yolk",
    "is it bad to put a hoodie in the tumble dryer",
    "whats a good excuse for missing a 9am seminar lol",
    "Can you explain Big O notation like I'm five?",
    "How do I split a gas bill fairly between four people?",
    "ty, that's perfect",
    "is 60fps actually noticeable over 30 or is that a myth",
    "Quick one: how many grams is a cup of rice?",
    "What's a polite way to chase a reference from a lecturer?",
    "kids won't sleep, any ideas that aren't screens",
    "How do you cite a YouTube video in Harvard style?",
    "cheers, legend",
    "what's the difference between a crit and a headshot multiplier",
]
FILLER_ASSISTANT = [
    "Sure, here's a quick answer.",
    "Good question! Short version:",
    "Happy to help. Here you go:",
    "No problem, a few options:",
    "Here's what I'd suggest.",
]


# a restated old value: the second statement comes nine days later; a split update: its
# second turn comes the next day
WHEN = Timeline(
    opening=lambda k, j: f"2016-10-{1 + k + j:02d}T08:50:00Z",
    openings=2,
    before=lambda k, j: f"2016-10-{9 + k + 9 * j:02d}T21:10:00Z",
    middle=lambda k, j: f"2016-11-{4 + 8 * j:02d}T13:35:00Z",
    middles=3,
    update=lambda k, j: f"2016-12-{1 + 5 * k + j:02d}T19:45:00Z",
    closing=lambda k: f"2017-01-{5 + k:02d}T12:20:00Z",
    reply=11,
)


def build(seed: int = 1818) -> list[dict[str, Any]]:
    """All val18 scenarios, deterministic for a seed (dated October 2016 – January 2017)."""
    return build_stories(STORIES, "val18", "kv18", seed, FILLER_USER,
                         FILLER_ASSISTANT, WHEN)


def main() -> None:
    """Write the split."""
    write(build(), OUT)


if __name__ == "__main__":
    main()
