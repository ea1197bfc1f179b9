# ruff: noqa: E501  (hand-written data: one story per line reads best)
"""Writes ``knowledge_val11.jsonl``: an eleventh held-out split of the knowledge-update set.

Written in round 11 *before* any code change of that round, by someone who never
read ``src/`` or the tests and never ran the benchmark: the stories are what an
outside evaluator would write to probe a memory product, with no knowledge of
how the extractor reads them. Measured once on the unchanged code and once at
the end of the round; never looked at while tuning (``"split": "val11"``).

Each story is told in the voice of one of five users unlike those of earlier
splits: a long-haul truck driver dictating by voice (run-on sentences, little
punctuation, "me and her", dictation slips), a PhD student in marine ecology
who writes long hedged paragraphs with asides in brackets, a sixteen-year-old
gamer (lowercase, slang, typos, "lmao", emoji), an Austrian engineer whose
English follows German word order and idiom ("since two weeks we are living",
"I work by", "allergic against"), and a busy executive who writes terse notes
("FYI", "Pls", colons, arrows, no verbs). Varieties: the change as a side
remark inside a question or a request, the change implied by a consequence,
the new value before the verb, the old value repeated or left out, pronouns,
lowercase names, typos, corrections of an earlier mistake (including dates
written in another country's order), removals said indirectly, plans cancelled,
and partners, siblings, colleagues, friends and bosses with their own value
next to the user's unchanged fact as distractors. The filler is new, and the
values are new where a fresh one reads as naturally (three common ones, French,
SQLite and GitHub Actions, also occur in val9 or val10). The dates
(June–September 2021) are used by no other split. 18 slots, 5 stories each, 90 in all.

Kinds (``"kind"``): ``update`` (``old`` -> ``new``, 40), ``split`` (the update
over two user turns a day apart, 12), ``restated`` (``old`` said twice, days
apart, before the update, 13), ``removal`` (``old`` ends, ``new`` remains or ""
when nothing does, 12), ``distractor`` (``new`` is the user's and stays;
``old`` is a third party's, said later, 13). In the multi-valued slots
(allergy, pet, likes, language) an update replaces one value by another and a
removal keeps the value that remains as ``new``.

    python bench/data/make_knowledge_val11.py   # rewrites the .jsonl next to it
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _knowledge_writer import Story, Timeline, build_stories, write

OUT = Path(__file__).with_name("knowledge_val11.jsonl")

# (slot, kind, earlier user statements, update turns, question, old, new)
STORIES: list[Story] = [
    # home
    ("home", "update", ["Home base is Joplin Missouri but honestly I'm only there maybe four nights a month the rest of the time I live in the sleeper"], ["ok can you find me a truck stop with showers on I-44 I want to be home by tonight. since we moved to Tulsa in July dispatch gets me home twice as often cause the terminal is right there so that's a win"], "Where does the user live now?", "Joplin", "Tulsa"),
    ("home", "update", ["I live in Graz since 2016, it is a very nice city for cycling."], ["Since two weeks we are living in Linz, my wife got a position at the Kepler University. Now I need only 10 minutes with the bike to the office! Can you recommend me a good bicycle shop there?"], "Which city does the user live in?", "Graz", "Linz"),
    ("home", "split", ["im in dayton ohio, theres literally nothing to do here fr"], ["packing my whole room into boxes rn bc my mom got a new job 😭 we leave dayton on friday", "ok we're in boise now. wifi isnt set up yet so im hotspotting off my phone to play lmao"], "Where does the user live at the moment?", "Dayton", "Boise"),
    ("home", "restated", ["I'm based in Aberdeen for the PhD, and honestly the thing nobody warns you about is the wind (my umbrella count this year stands at four).", "Could you help me draft an email to my landlord in Aberdeen? The boiler has been broken for nine days and I've asked three times now, politely, which clearly isn't working."], ["So I've finally done it: after two years of that wind I've moved down to Plymouth for the final year, because my co-supervisor is at the Marine Biological Association and it made no sense to keep supervising by email. The flat is tiny, but I can see the Sound from the bathroom window if I stand on the edge of the bath, which I think counts as a sea view. Anyway, is there a good way to set up a writing routine when you're somewhere new?"], "Where is the user living these days?", "Aberdeen", "Plymouth"),
    ("home", "distractor", ["Based in Singapore. Schedule calls in SGT."], ["FYI CFO relocating to Doha next month -> board calls need a slot that works for Gulf time too. I stay in Singapore."], "Where is the user based?", "Doha", "Singapore"),
    # employer
    ("employer", "update", ["I drive for Werner Enterprises been with them six years come October"], ["Schneider is who I'm driving for now, finally left Werner, better home time and they pay detention after two hours. Can you explain how per diem works on my taxes with a new company"], "Which company does the user drive for?", "Werner Enterprises", "Schneider"),
    ("employer", "update", ["I work as engineer at AVL in Graz, in the department for engine testing."], ["Since Monday I work by Magna Steyr, the contract is signed! AVL was good but I was there already eight years and I needed something new."], "Who is the user's employer now?", "AVL", "Magna Steyr"),
    ("employer", "split", ["i work at the movie theater on weekends, its a Regal. free popcorn is elite tho"], ["quit regal today lmaooo my manager kept putting me on closing shifts on school nights", "GOT HIRED at gamestop!! i start saturday and theres an employee discount on games 🙏"], "Where does the user work?", "Regal", "GameStop"),
    ("employer", "removal", ["COO at Halvorsen Freight. Use that on the conference badge."], ["Resigned from Halvorsen Freight, effective yesterday. Garden leave, then sabbatical. Not joining anyone before 2022 -> no employer on bios for now."], "Which company does the user work for now?", "Halvorsen Freight", ""),
    ("employer", "distractor", ["i work at culvers after school, mostly drive thru"], ["my brother just got hired at Tesla and will NOT shut up about it 🙄 like ok congrats. meanwhile im still at Culver's making concrete mixers for minimum wage lol"], "Where does the user have a job?", "Tesla", "Culver's"),
    # job title
    ("job_title", "update", ["I'm a company driver not an owner operator so the truck ain't mine and neither are the repair bills"], ["big news they made me a driver trainer, I get my first student Monday and it's an extra five cents a mile. Any tips for not losing my mind teaching a 19 year old to back a 53 foot trailer"], "What is the user's job title now?", "company driver", "driver trainer"),
    ("job_title", "update", ["My position is test engineer, I make the measurements on the engine test bench."], ["My boss has retired and they asked me to take the group, so now I am group leader for the test benches. More meetings, less measuring. How do I write a good agenda for a weekly meeting?"], "What is the user's position?", "test engineer", "group leader"),
    ("job_title", "update", ["On the staff page I'm listed as a doctoral researcher, which sounds considerably grander than it is."], ["I passed my viva!! (Minor corrections, which apparently everyone gets, so I'm trying not to read anything into it.) And the lab has kept me on: as of Monday I'm a postdoctoral research fellow on the new kelp grant, so someone has to update that staff page. Could you suggest a short bio for it?"], "What is the user's job title?", "doctoral researcher", "postdoctoral research fellow"),
    ("job_title", "restated", ["VP Operations, Kessler Logistics. Use that title on the deck.", "Sign the supplier letter as VP Operations pls."], ["Board approved: Chief Operating Officer from today. Update signatures and bios."], "What is the user's title at their company?", "VP Operations", "Chief Operating Officer"),
    ("job_title", "distractor", ["i'm a crew member at the pizza place, basically i fold boxes and answer the phone"], ["my best friend got promoted to shift lead at her job and shes 16 like me?? insane. still a crew member over here folding boxes lol"], "What is the user's role at work?", "shift lead", "crew member"),
    # manager
    ("manager", "update", ["My dispatcher is Rhonda she's the only one who picks up at 3 am"], ["Rhonda moved over to the flatbed division so now I got a guy named Clint dispatching me and he already put me on a load with a 4 am appointment in Newark thanks Clint. How do I ask for a different dispatcher without burning a bridge"], "Who is the user's dispatcher?", "Rhonda", "Clint"),
    ("manager", "update", ["My Chef is Herr Wallner. Sorry, I mean my boss, in German we say Chef. He is very correct, everything must be in writing."], ["Wallner went to the headquarters in Munich. The new boss is a lady from Slovenia, Mrs. Kovačič, and she speaks better German than me haha. Can you help me to prepare a short introduction of my team for her?"], "Who is the user's boss now?", "Wallner", "Kovačič"),
    ("manager", "update", ["My primary supervisor is Dr Ferreira-Holt, who is lovely but answers emails roughly once per lunar cycle."], ["Slightly awkward development: Dr Ferreira-Holt has gone on long-term sick leave, so the graduate school has made Professor Nakagawa (previously my second supervisor) my primary for the rest of the PhD. She's much more hands-on, which is wonderful and also terrifying, since she actually reads the drafts. Could you help me prepare for our first proper meeting?"], "Who is the user's primary supervisor?", "Ferreira-Holt", "Nakagawa"),
    ("manager", "restated", ["my shift manager at the ice rink is Brayden and he literally never lets me leave early", "brayden scheduled me on the 4th of july. brayden. on the FOURTH"], ["brayden got fired lmaooo. new manager is this lady ms okafor and she already said i can have sundays off, huge W"], "Who is the user's manager at the rink?", "Brayden", "Okafor"),
    ("manager", "distractor", ["I report to the CEO, Anneliese Brandt."], ["FYI my chief of staff now reports to Raymond in Finance, not to me. My own line unchanged (Anneliese)."], "Who does the user report to?", "Raymond", "Anneliese Brandt"),
    # diet
    ("diet", "update", ["Doc's got me on the South Beach diet for my blood pressure so I'm trying to stay away from the truck stop fried chicken"], ["DOT doctor says I got to lose thirty pounds to keep my medical card and South Beach wasn't moving the scale so me and my buddy are doing the carnivore diet now, what can I even buy at a Love's that's just meat"], "What diet is the user following?", "South Beach diet", "carnivore diet"),
    ("diet", "update", ["my mom is making the whole family do the Daniel Fast with her church and i want to cry"], ["daniel fast is finally over thank god. now shes got us on the Mediterranean diet which is basically fish and olive oil but at least bread is allowed again lol"], "What diet is the user on?", "Daniel Fast", "Mediterranean"),
    ("diet", "restated", ["I eat low-carb since one year, it helps with my blood sugar.", "For the low-carb it is difficult in our canteen, there are always Knödel and potatoes."], ["My diabetologist says I can stop the low-carb, the values are good now. She recommends the 5:2 diet instead, two days in the week only 600 calories. Today is such a day and I am very hungry!"], "Which diet does the user follow now?", "low-carb", "5:2 diet"),
    ("diet", "removal", ["I'm on a low-FODMAP diet at the moment (dietitian's orders while they work out what's wrong with my gut), which makes fieldwork catering an absolute nightmare."], ["Good news on the gut front: the gastroenterologist is happy, the reintroduction went fine, and I've been told I can drop low-FODMAP altogether and simply eat normally. I celebrated with an enormous bowl of garlic and onion pasta, which felt genuinely rebellious."], "What diet is the user following now?", "low-FODMAP", ""),
    ("diet", "split", ["Diet: macrobiotic. Flag for any dinner bookings."], ["Dropping macrobiotic. Doctor's orders, iron levels.", "Now plant-based, strictly. Update the dinner notes for Thurs."], "What does the user eat?", "macrobiotic", "plant-based"),
    # allergy (multi-valued)
    ("allergy", "update", ["I'm allergic to wasp stings I carry an EpiPen in the cab just in case"], ["so that reaction I had last month the allergist says it wasn't wasps at all it's fire ants I'm allergic to. Fire ants. In Texas. Where I drive every single week. Where do those things even live"], "What is the user allergic to?", "wasp stings", "fire ants"),
    ("allergy", "update", ["I have an allergy against hazelnuts, so in Austria I must be careful with all the cakes."], ["Funny story: the new test at the allergologist shows I am not allergic against hazelnuts at all! It is celery. In Austria there is celery in every soup, so this is not really better."], "Which food is the user allergic to?", "hazelnuts", "celery"),
    ("allergy", "removal", ["im allergic to dogs and aspirin which sucks bc i want a dog SO bad"], ["WAIT the allergy shots actually worked?? i was at my friends house with her golden retriever for like 3 hrs and nothing happened. still cant take aspirin tho obvs"], "What is the user allergic to now?", "dogs", "aspirin"),
    ("allergy", "distractor", ["I'm allergic to sesame, which turns out to be a surprisingly large problem at conference dinners."], ["My office mate has just found out she's allergic to kiwi (she went slightly purple at the departmental picnic, it was all very dramatic), so there are now two allergy notes on the lab fridge: hers for kiwi and mine for sesame. Is kiwi allergy linked to latex, do you know?"], "What is the user allergic to?", "kiwi", "sesame"),
    ("allergy", "restated", ["Allergy: pine nuts. Severe.", "Reminder, pine nuts. Tell the chef for the Tokyo dinner."], ["Correction per allergist: not pine nuts, it's mustard. Inform the chef for Thursday."], "What is the user allergic to?", "pine nuts", "mustard"),
    # partner
    ("partner", "update", ["My wife Darlene rides along with me sometimes in the summer she likes seeing the country"], ["me and Darlene are getting divorced, papers got filed in July, it's been a rough summer. I been seeing a gal named Loretta from church though, she's real patient with the trucking life. What's a nice restaurant in Springfield to take her to"], "Who is the user's partner now?", "Darlene", "Loretta"),
    ("partner", "split", ["my gf is Kayleigh, we met in a discord server lmao"], ["kayleigh broke up with me. over TEXT. who does that", "ok idk if this is too fast but marcus from my chem class asked me out and i said yes?? so hes my boyfriend now i guess. how do i tell my parents"], "Who is the user dating now?", "Kayleigh", "Marcus"),
    ("partner", "removal", ["My partner Tobias is a software developer in Edinburgh, so we do the long-distance thing at weekends."], ["Tobias and I have decided to call it a day. It was mutual and surprisingly civil, but long distance plus a thesis plus his new job was simply too much. So I'm on my own for the first time in six years, and I have genuinely no idea how to cook for one person."], "Who is the user's partner?", "Tobias", ""),
    ("partner", "distractor", ["My wife is called Birgit, we are married since 2009."], ["My brother is marrying his girlfriend Mireille in September in Lyon and I must give a speech in French! Birgit says I should keep it short. Can you help me?"], "Who is the user married to?", "Mireille", "Birgit"),
    ("partner", "update", ["Husband: Callum. Add him to the gala RSVP."], ["Separated from Callum. Gala plus-one -> my partner Solveig. Update RSVP."], "Who is the user's partner?", "Callum", "Solveig"),
    # pet (multi-valued)
    ("pet", "update", ["My riding buddy is a chihuahua named Taco he's been to 48 states with me"], ["Taco passed in his sleep last month, fourteen years old. my daughter surprised me with a blue heeler pup for the cab, I named him Diesel. Is it ok to give a puppy water while I'm driving or should I wait for stops"], "What is the name of the user's dog?", "Taco", "Diesel"),
    ("pet", "removal", ["We have two cats, Mimi and Kasimir."], ["Kasimir is not coming home anymore since three weeks. We looked everywhere and put flyers in the whole street, nothing. Mimi is sitting every evening at the window and waiting. It is sad."], "Which cats does the user have now?", "Kasimir", "Mimi"),
    ("pet", "removal", ["i have a bearded dragon named Spike, hes the goat"], ["had to rehome spike bc my little sister is allergic to basically everything. a guy from the reptile expo took him and he has a HUGE setup so spike is living his best life. miss him tho"], "What pet does the user have?", "Spike", ""),
    ("pet", "split", ["My only companion during thesis writing is a rescue greyhound called Bramble, who sleeps roughly twenty-two hours a day."], ["Bramble has gone to live with my parents in the Borders; the new landlord doesn't allow dogs and I couldn't face fighting it in my final year. He has a garden and two sheepdogs to ignore now, so I suspect he's done better out of this than I have.", "In a possibly unwise act of compensation I've adopted a rat from the rescue centre (the lease allows 'small caged animals', I checked twice). He's called Humboldt and he has already eaten a corner of my thesis plan."], "What pet does the user keep now?", "Bramble", "Humboldt"),
    ("pet", "distractor", ["Dog: Admiral, Weimaraner. Walker comes 12-1."], ["My COO's cat Pixel keeps walking across her keyboard on calls. Separately: need a new walker for Admiral from Sept, current one leaving."], "What is the user's pet called?", "Pixel", "Admiral"),
    # vehicle
    ("vehicle", "update", ["I drive a 2016 Freightliner Cascadia it's a company truck"], ["turned in the Cascadia on Friday I'm in a Kenworth T680 now, the sleeper's got a fridge and a microwave and everything. What's a good easy meal I can make in a truck microwave"], "What truck does the user drive?", "Freightliner Cascadia", "Kenworth T680"),
    ("vehicle", "update", ["I drive a VW Passat Variant diesel, it is old but reliable."], ["Because the Passat had a big damage on the gearbox we bought a Renault Zoe, electric. Do you know how I find the charging stations in Slovenia for our holiday?"], "What car does the user have?", "VW Passat", "Renault Zoe"),
    ("vehicle", "removal", ["I drive a battered 2007 Vauxhall Corsa, which is the only reason I can get to the field sites at all."], ["The Corsa failed its MOT spectacularly (the mechanic actually laughed), so it's gone to the scrapyard and I'm now entirely dependent on the bus and the goodwill of colleagues. Honestly, it's quite freeing not having to think about insurance."], "What car does the user drive now?", "Vauxhall Corsa", ""),
    ("vehicle", "split", ["finally got my license!! driving my grandpas old Buick LeSabre lol"], ["my grandpa sold the buick without even telling me 💀 im carless again", "NVM my dad found me a used mazda 3, 2011, its got 140k miles but its MINE"], "What car does the user drive?", "Buick LeSabre", "Mazda 3"),
    ("vehicle", "restated", ["Car: Lexus LS. Reg on the parking permit form.", "Driver to take the Lexus LS for the airport run Thu."], ["Sold the Lexus. Porsche Taycan delivered today -> update parking permit + book charging spaces."], "What car does the user own?", "Lexus LS", "Porsche Taycan"),
    # email
    ("email", "update", ["my email is dale.kowalski68@yahoo.com"], ["kowalski.hauling@gmail.com is my email now all lowercase, the yahoo got hacked and somebody sent my whole contact list a fake gift card thing"], "What is the user's email address?", "dale.kowalski68@yahoo.com", "kowalski.hauling@gmail.com"),
    ("email", "update", ["My e-mail is j.hofbauer@gmx.at"], ["Please write to jakob.hofbauer@posteo.de from now on, I have closed the GMX account because of all the advertising."], "Which email address does the user use?", "j.hofbauer@gmx.at", "jakob.hofbauer@posteo.de"),
    ("email", "update", ["my email is xXsn1perwolfXx@gmail.com dont judge"], ["ok i made a new email bc im applying to jobs and my mom said the old one was embarassing lmao. its tyler.brennan.05@gmail.com"], "What email does the user have?", "xXsn1perwolfXx@gmail.com", "tyler.brennan.05@gmail.com"),
    ("email", "restated", ["If you draft anything for me, my university address is ir42@st-andrews.ac.uk.", "(Same address for the conference form, please: ir42@st-andrews.ac.uk.)"], ["Now that I've submitted, the university will deactivate my student account at the end of the month, so could you use isla.ramsay@protonmail.com for anything from here on, including the journal correspondence?"], "Which email address should be used for the user?", "ir42@st-andrews.ac.uk", "isla.ramsay@protonmail.com"),
    ("email", "split", ["Email: m.okonkwo@verdantcap.com"], ["Leaving Verdant Capital end of week. Mailbox closes Fri.", "New address: mo@okonkwo.partners. Use for everything."], "What is the user's email?", "m.okonkwo@verdantcap.com", "mo@okonkwo.partners"),
    # phone
    ("phone", "update", ["my cell is 417-555-0182 if you need it for the form"], ["switched over to Verizon cause AT&T had no signal across half of Wyoming and they made me take a new number, it's 918-555-0147 now"], "What is the user's phone number?", "417-555-0182", "918-555-0147"),
    ("phone", "update", ["My mobile number is +43 664 1234567."], ["Because of the new job in Passau I have now a German number: +49 151 23456789. The Austrian one is already cancelled."], "What is the user's mobile number?", "+43 664 1234567", "+49 151 23456789"),
    ("phone", "update", ["my number's (614) 555-0139"], ["dropped my phone in the lake at camp 💀 got a new one on my dads plan and the number is (614) 555-0192, the old one is gone gone"], "Which number reaches the user?", "(614) 555-0139", "(614) 555-0192"),
    ("phone", "update", ["Mobile: +65 9123 4567."], ["New mobile +65 8234 5901. Old SIM retired. Update travel profile."], "What is the user's mobile?", "+65 9123 4567", "+65 8234 5901"),
    ("phone", "distractor", ["My mobile is 07700 900412, in case the form needs a number."], ["For the fieldwork risk assessment I need an emergency contact who isn't on the boat, so I've put down my sister Catriona, 07700 900861. (My own number hasn't changed, it's still the one ending 412.) Does the form need her address as well?"], "What is the user's phone number?", "07700 900861", "07700 900412"),
    # birthday
    ("birthday", "update", ["my birthday is October 9th"], ["my daughter set up a Facebook for me and I realized I told you October 9 but that's my wife's birthday I always mix them up when I'm tired, mine is November 9"], "When is the user's birthday?", "October 9th", "November 9"),
    ("birthday", "update", ["For the form: my date of birth is 7/11/1985."], ["Attention, I wrote my birthday before in the German order. 7/11/1985 means for me the 7th of November, not July 11. Please note it as November 7, 1985."], "What is the user's date of birth?", "7/11/1985", "November 7, 1985"),
    ("birthday", "update", ["my bday is jan 30 so im gonna be 17 soon-ish"], ["lol my mom read this over my shoulder and says the 30th is wrong, i was born like right after midnight so its January 31. how did i not know my own birthday 💀"], "When is the user's birthday?", "jan 30", "January 31"),
    ("birthday", "restated", ["DOB 22 Sep 1974 for the visa form.", "Visa form again: DOB 22 Sep 1974."], ["Error on my part, DOB is 22 Feb 1974. Passport confirms. Fix the visa application."], "What is the user's date of birth?", "22 Sep 1974", "22 Feb 1974"),
    ("birthday", "distractor", ["My birthday is the 2nd of March, which always manages to fall in the worst week of term."], ["My supervisor turns sixty on the 19th of August and the lab is throwing her a surprise party. Could you help me write something for the card that's warm without being sycophantic? (Mine isn't until March, so I'm safe from any lab-organised fuss for a while.)"], "When is the user's birthday?", "19th of August", "2nd of March"),
    # language (multi-valued)
    ("language", "update", ["I been learning Spanish with an app, lot of the guys at the docks in Laredo speak it"], ["gave up on the Spanish honestly, I'm learning Ukrainian now cause the new dispatcher and half the drivers at our terminal are from Ukraine and they give me a hard time. How do you say good morning in Ukrainian"], "Which language is the user learning?", "Spanish", "Ukrainian"),
    ("language", "removal", ["Besides German and English I am learning Slovenian and Croatian, for the holidays."], ["The Croatian course at the Volkshochschule is cancelled, not enough people. So I continue only with Slovenian now."], "Which language is the user learning now?", "Croatian", "Slovenian"),
    ("language", "restated", ["learning japanese on duolingo so i can watch anime without subs lol", "day 100 of my japanese streak 🔥🔥"], ["lost my streak and honestly im done with japanese. doing Korean now bc my sister made me watch a kdrama and i got hooked"], "What language is the user learning?", "Japanese", "Korean"),
    ("language", "split", ["I'm learning Norwegian, since my postdoc applications are mostly to Bergen and Tromsø."], ["The Bergen job has gone to someone else and Tromsø hasn't replied, so I've paused the Norwegian; no sense learning it for nothing.", "The offer I did get is from a lab in Brest, so it's French I'm trying to drag back up from school level now. Duolingo has been very humbling."], "Which language is the user learning?", "Norwegian", "French"),
    ("language", "update", ["Learning Mandarin. 30 min/day, 7am slot."], ["Mandarin lessons cancelled. Hindi tutor started Monday, same 7am slot. Mumbai office is the priority."], "What language is the user studying?", "Mandarin", "Hindi"),
    # database
    ("database", "update", ["For our measurement data we use an IBM Db2 database, very expensive."], ["The IT has decided that the Db2 licences are too expensive, so since July all the test bench data goes into ClickHouse. My SQL queries need some adapting, can you help me with the date functions?"], "Which database holds the user's measurement data?", "Db2", "ClickHouse"),
    ("database", "update", ["my minecraft server's coin plugin stores everyones balance in H2, the default one"], ["switched the coin plugin to mysql bc im running 3 servers now and they all need the same balances lmao. how do i back it up every night"], "What database does the user's Minecraft server use?", "H2", "MySQL"),
    ("database", "split", ["All my dive survey data lives in a FileMaker database a previous student built in 2009, which is every bit as charming as that sounds."], ["I've spent the entire weekend wrestling the survey data out of FileMaker. Never again.", "It's all in SQLite now: one file, under version control alongside the thesis, which I hope my examiners will find reassuring rather than eccentric."], "Where does the user keep their survey data?", "FileMaker", "SQLite"),
    ("database", "distractor", ["Core platform runs on CockroachDB."], ["Acquisition target runs everything on BigQuery. We are NOT migrating; CockroachDB stays."], "Which database does the user's company run on?", "BigQuery", "CockroachDB"),
    ("database", "restated", ["my discord bot stores everything in Supabase, free tier go brrr", "supabase is down AGAIN and my bot cant save anything 😭"], ["moved the bot to mongodb atlas this weekend, supabase kept dying during exams week and i lost peoples xp twice"], "What does the user's Discord bot store its data in?", "Supabase", "MongoDB Atlas"),
    # ci
    ("ci", "update", ["Our CI is Bamboo from Atlassian."], ["Atlassian does not sell the server licences anymore, so we have moved all pipelines to GoCD. It runs on our own servers, the security people are happy."], "What CI does the user's team use?", "Bamboo", "GoCD"),
    ("ci", "update", ["i set up GitHub Actions for my fabric mod so it builds a jar every push"], ["github actions kept running out of free minutes on my private repo so the builds run on Drone CI now, self hosted on my old laptop lmao"], "What builds the user's mod?", "GitHub Actions", "Drone CI"),
    ("ci", "removal", ["AppVeyor runs the checks on my thesis analysis repo (a previous student set it up, I merely inherited it)."], ["I finally deleted the AppVeyor config from the thesis repo. It failed every other week for reasons unrelated to my code, and with three months left I don't need automated checks, I need to write. So there's no CI on it at all any more, and I sleep better."], "What CI runs on the user's thesis repository?", "AppVeyor", ""),
    ("ci", "restated", ["Eng uses Harness for CI/CD. Budget line 14.", "Harness renewal due Q3, flag it."], ["Eng consolidated CI onto Semaphore. Kill the Harness renewal."], "What CI does the user's engineering team use?", "Harness", "Semaphore"),
    ("ci", "split", ["Our CI system is Buildbot, one colleague is a big fan of it."], ["The colleague who loves Buildbot has left the company and nobody else understands it, so we must migrate.", "Done! Now all our pipelines run in Cirrus CI, the migration took only three days."], "What CI system does the user's team run?", "Buildbot", "Cirrus CI"),
    # editor
    ("editor", "update", ["For the R analysis I use RStudio, like absolutely everyone in ecology."], ["I've been converted at a workshop: all my analysis now happens in JupyterLab, with the R kernel, because I can finally keep the Python and R bits in one place. Is there a way to get RStudio-style keyboard shortcuts in it?"], "What does the user write their analysis code in?", "RStudio", "JupyterLab"),
    ("editor", "update", ["i code my mods in eclipse bc the tutorial used it"], ["intellij idea is SO much better than eclipse why did nobody tell me. switched yesterday"], "What editor does the user code in?", "Eclipse", "IntelliJ IDEA"),
    ("editor", "restated", ["I program in Notepad++, it is simple and fast.", "Notepad++ has crashed again with my big log file, 2 GB."], ["My colleague convinced me, I use now Sublime Text, it opens the 2 GB log files without problem."], "Which editor does the user program in?", "Notepad++", "Sublime Text"),
    ("editor", "distractor", ["Still code on weekends. Neovim."], ["CTO mandated VS Code for the whole eng team. Doesn't apply to me, Neovim stays."], "Which editor does the user code in?", "VS Code", "Neovim"),
    ("editor", "split", ["making my portfolio site in Brackets lol"], ["brackets freezes every time i open my css file im so done with it", "moved everything to replit, now i can code on the school chromebook too and my friend can edit with me"], "What does the user code in?", "Brackets", "Replit"),
    # trip
    ("trip", "update", ["taking my first real vacation in three years going to Myrtle Beach with the grandkids in September"], ["Myrtle Beach is off the condo flooded so we're doing Branson instead in September, the kids want to see the Titanic museum. Is Branson good for a six year old"], "Where is the user going on vacation?", "Myrtle Beach", "Branson"),
    ("trip", "removal", ["In September we make a hiking holiday in the Dolomites."], ["The Dolomites we must cancel, Birgit has broken her foot. So we stay at home this year, no holiday for us."], "Where is the user going on holiday?", "Dolomites", ""),
    ("trip", "split", ["I'm presenting at a conference in Gdańsk in September, my first ever talk!"], ["The Gdańsk conference has gone fully online because of the travel rules, so I'll be presenting to my webcam from the spare room.", "Consolation prize: my supervisor has found money to send me on a research cruise off the Faroe Islands instead, also in September! Ten days at sea. Could you help me with a packing list?"], "Where is the user travelling in September?", "Gdańsk", "Faroe Islands"),
    ("trip", "distractor", ["we're going to the outer banks end of august for our family vacation, 10 hrs in the car with my sisters 😭"], ["my best friend gets to go to cancún and im stuck at the outer banks with my family lmaooo life is so unfair. whats a good game to play on my switch in the car"], "Where is the user going on vacation?", "Cancún", "Outer Banks"),
    ("trip", "update", ["Q3 offsite: Seville, 14-16 Sep. Book venue."], ["Offsite moved to Tallinn, Seville venue fell through. Same dates. Rebook flights."], "Where is the user's offsite?", "Seville", "Tallinn"),
    # likes (multi-valued)
    ("likes", "update", ["when I'm parked up I mostly do crossword puzzles keeps my brain awake"], ["been getting into ham radio lately instead of the crosswords, got my technician license last month and talked to a guy in New Zealand Tuesday night from a truck stop in Nebraska"], "What does the user do in their spare time?", "crossword puzzles", "ham radio"),
    ("likes", "removal", ["My hobbies are table tennis and playing the trumpet in the town band."], ["The town band has no more rehearsals since the conductor moved away, so the trumpet stays in the case. Table tennis I still play twice in the week."], "What are the user's hobbies now?", "trumpet", "table tennis"),
    ("likes", "removal", ["im really into fortnite and skateboarding"], ["uninstalled fortnite, so done with it after this season tbh. just skating now"], "What is the user into?", "Fortnite", "skateboarding"),
    ("likes", "distractor", ["My main non-thesis hobby is wild swimming, all year round (yes, even in February)."], ["My flatmate has got very into pottery and our kitchen is now full of slightly wonky mugs. She's invited me to her Thursday class, but honestly I'd rather be in the sea: wild swimming remains very much my thing. How cold is too cold for swimming without a wetsuit?"], "What is the user's hobby?", "pottery", "wild swimming"),
    ("likes", "restated", ["Hobby: polo. Keep Sundays clear.", "Polo Sunday. No calls."], ["Gave up polo after the fall. Fly fishing now, Sundays still blocked."], "What hobby does the user have?", "polo", "fly fishing"),
]

FILLER_USER = [
    "whats the speed limit for trucks in california",
    "Can you convert 68 Fahrenheit to Celsius?",
    "How many tablespoons are in a quarter cup?",
    "explain the offside rule quickly",
    "Summarise the plot of Hamlet in three sentences, please.",
    "is it safe to eat raw cookie dough",
    "What is the plural of 'octopus'?",
    "Draft a two-line out-of-office reply.",
    "bro what does 'per se' mean",
    "Which planets can I see without a telescope this month?",
    "ok thanks, that helps",
    "How long should I steep green tea?",
]
FILLER_ASSISTANT = [
    "Sure, here's what I found.",
    "Happy to help with that.",
    "Good question; here's a short answer.",
    "Got it. Here you go.",
    "Glad that was useful.",
]


# a restated old value: the second statement comes nine days later; a split update: its
# second turn comes the next day
WHEN = Timeline(
    opening=lambda k, j: f"2021-06-{1 + k + j:02d}T06:15:00Z",
    openings=2,
    before=lambda k, j: f"2021-06-{8 + k + 9 * j:02d}T22:40:00Z",
    middle=lambda k, j: f"2021-07-{1 + k + 6 * j:02d}T13:05:00Z",
    middles=3,
    update=lambda k, j: f"2021-08-{1 + 4 * k + j:02d}T18:50:00Z",
    closing=lambda k: f"2021-09-{2 + 3 * k:02d}T09:25:00Z",
    reply=14,
)


def build(seed: int = 11) -> list[dict[str, Any]]:
    """All val11 scenarios, deterministic for a seed (dated June–September 2021)."""
    return build_stories(STORIES, "val11", "kv11", seed, FILLER_USER,
                         FILLER_ASSISTANT, WHEN)


def main() -> None:
    """Write the split."""
    write(build(), OUT)


if __name__ == "__main__":
    main()
