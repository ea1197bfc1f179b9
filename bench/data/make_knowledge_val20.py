# ruff: noqa: E501  (hand-written data: one story per line reads best)
"""Writes ``knowledge_val20.jsonl``: a twentieth held-out split of the knowledge-update set.

Written in round 14 by an outside evaluator who never read ``src/``
(``"split": "val20"``); each story is phrased with its own sentence shape. Its
voices: non-native English learners with article and tense slips ("I am living
in Valga since 2 years", "I finally sell the Dacia and I buy ..."); terse
note-taking shorthand with arrows ("home: Wigtown -> Portpatrick",
"manager now X (was Teodora)", "DOB confirmed: ..."); chat abbreviations (ppl,
b/c, w/, rn, tmrw); hedged changes that are confirmed a day later ("might be
leaving X" ... "it's official, Y"); changes only considered that do NOT happen
(the user's value stays and the considered one is the distractor's ``old``:
"seriously considered a Mitsubishi i-MiEV ... keeping the Mazda Premacy"); people writing about
their twin or a namesake (a twin's number with two digits swapped, a colleague with the
same name who got a new title, a twin's new allergy that the user does not
share); speech-to-text with no punctuation at all; and changes told through a
newly acquired thing ("got my Dishoom lanyard today", "new number, save it:",
"got my Wing IDE license today", "got my new whites with 'Demi Chef de Partie' on them").
What is hard: the new value said only through the thing acquired; the old value
named only in an arrow note; the split whose first turn is a hedge that names
nothing new; and distractors where the user's own value is re-said next to the
considered or twin's one. Values and filler are new; the timeline (June –
September 2015) is no other split's.
18 slots, 89 stories (5 a slot, birthday 4): 26 update, 18 split, 16 restated,
11 removal, 18 distractor.

Kinds (``"kind"``): ``update`` (``old`` -> ``new``), ``split`` (the update over
two user turns a day apart), ``restated`` (``old`` said twice, nine days apart,
before the update), ``removal`` (``old`` ends, ``new`` remains or "" when
nothing does), ``distractor`` (``new`` is the user's and stays; ``old`` is a
third party's, a namesake's or a value the user only considered, said later).
In the multi-valued slots (allergy, pet, likes, language) an update's ``old`` is
the value that ended and ``new`` the one that took its place; a removal's
``new`` is what is left.

    python bench/data/make_knowledge_val20.py   # rewrites the .jsonl next to it
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _knowledge_writer import Story, Timeline, build_stories, write

OUT = Path(__file__).with_name("knowledge_val20.jsonl")

# (slot, kind, earlier user statements, update turns, question, old, new)
STORIES: list[Story] = [
    # home
    ("home", "update", ["I am living in Valga since 2 years, I came for work in the furniture factory."], ["Big news for me, I am moving to Daugavpils last week because my wife find a job in the hospital there. Now I must learn where is the cheap market. Can you help me to write a letter for register my address?"], "In which city does the user live now?", "Valga", "Daugavpils"),
    ("home", "update", ["home: Wigtown, small flat above the bakery"], ["notes for you — home: Wigtown -> Portpatrick (since Sat). landlord sold the bakery bldg. q: how to redirect post?"], "What town is the user's home at present?", "Wigtown", "Portpatrick"),
    ("home", "split", ["we're in Gore rn, it's freezing lol"], ["might be leaving Gore, hubby has an interview up the coast tmrw. fingers crossed!!", "it's official, Oamaru!! got the keys to a rental near the harbour. what do ppl do there on weekends w/ kids?"], "Where is the user based these days?", "Gore", "Oamaru"),
    ("home", "restated", ["i live in Shepparton with my mum and two brothers", "its hot again in Shepparton no rain for weeks"], ["so we packed up the whole house and drove to Mildura on sunday thats home now can you tell me how to set up the internet with a new provider"], "Which town does the user call home right now?", "Shepparton", "Mildura"),
    ("home", "distractor", ["I live in Lüneburg, it's a small Hanseatic town near Hamburg."], ["My twin brother Jonas is moving to Flensburg for his apprenticeship next month and Mum is crying already lol. What is a good going-away present for him?"], "Where does the user live?", "Flensburg", "Lüneburg"),
    # employer
    ("employer", "update", ["I do the wok station at Busaba Eathai, five shifts a week."], ["got my Dishoom lanyard today!! no more wok burns, first shift on their grill is friday. any tips for not burning my arms there too?"], "Which restaurant does the user work for now?", "Busaba Eathai", "Dishoom"),
    ("employer", "split", ["I'm a tools programmer at Ubisoft Reflections in Newcastle."], ["might be leaving Ubisoft Reflections, had a final round somewhere else today. b/c of NDA can't say where yet lol", "it's official: Sumo Digital. signed this morning, start in 3 wks. how do i tell my lead w/o burning bridges?"], "Who employs the user at the moment?", "Ubisoft Reflections", "Sumo Digital"),
    ("employer", "restated", ["I am working for Tieto since 2013, in the Espoo office.", "In Tieto we have the summer holiday all July, is very quiet."], ["From Monday I am employee of Vaisala, I sign the contract last week. They make weather instruments, is very interesting. How I can explain in English my new work in LinkedIn?"], "What company is the user employed by today?", "Tieto", "Vaisala"),
    ("employer", "removal", ["employer: Pöyry (consulting, energy)"], ["status: Pöyry -> none. contract ended 31.7, not renewed. freelancing maybe later. q: how does unemployment insurance work in FI?"], "Where does the user work?", "Pöyry", ""),
    ("employer", "distractor", ["I'm a barista at Monmouth Coffee, the Borough Market shop."], ["Went to an open day at Ottolenghi and honestly thought about applying for a kitchen porter spot, but nah, I'm staying at Monmouth Coffee, the team's too good. How do I ask for a raise?"], "Which business does the user work at?", "Ottolenghi", "Monmouth Coffee"),
    # job title
    ("job_title", "update", ["I'm a Pastry Commis at a spa hotel in Harrogate."], ["got my new whites today with 'Demi Chef de Partie' stitched on them!!! 🎉 so what's the first thing a new demi CDP should sort out with their section?"], "What is the user's job title now?", "Pastry Commis", "Demi Chef de Partie"),
    ("job_title", "update", ["My position is Quantity Surveyor Assistant in a construction company."], ["Good news, since one week I am Site Quantity Surveyor, the director give me the promotion after the project in Szczecin. How I write this in my CV correct?"], "What position does the user hold these days?", "Quantity Surveyor Assistant", "Site Quantity Surveyor"),
    ("job_title", "split", ["title rn: Tier 2 Support Analyst"], ["they're scrapping the Tier 2 Support Analyst role in the reorg, ppl are stressed", "phew. I'm Incident Coordinator from tmrw, same team same pay. what does an incident coordinator do on day 1?"], "What is the user's role called at present?", "Tier 2 Support Analyst", "Incident Coordinator"),
    ("job_title", "restated", ["role: Assistant Stage Manager (touring co, Shrewsbury-based)", "Assistant Stage Manager life = no weekends."], ["role: ASM -> Deputy Stage Manager as of this tour. calling the show from the prompt desk now. q: how to mark up a prompt book?"], "Which job does the user do in the touring company now?", "Assistant Stage Manager", "Deputy Stage Manager"),
    ("job_title", "distractor", ["I'm a Geotechnical Engineer at a consultancy in Leeds."], ["Funny thing, there's another Priya Raman on LinkedIn and she's just posted that she got made Head of Procurement, so now recruiters keep messaging ME about procurement roles. How do I make my profile clearer?"], "What does the user's job title read?", "Head of Procurement", "Geotechnical Engineer"),
    # manager
    ("manager", "update", ["manager: Teodora Vasilescu (nice, micromanages a bit)"], ["manager now Kwabena Asante-Lindgren (was Teodora). T moved to the platform team. q: what to prep for a 1st 1:1?"], "Who is the user's manager at the moment?", "Teodora Vasilescu", "Kwabena Asante-Lindgren"),
    ("manager", "split", ["I report to Radhika Venkataraman, she's great."], ["rumour is Radhika Venkataraman might be leaving for the Singapore office, nothing confirmed tho", "it's official, she's gone and my new boss is Ekaterina Zhelyazkova, from monday. how do i make a good first impression?"], "To whom does the user report now?", "Radhika Venkataraman", "Ekaterina Zhelyazkova"),
    ("manager", "restated", ["My manager is Mr. Yoshiro Hanazawa, he is very strict person.", "Yoshiro Hanazawa make us stay late again today."], ["Finally! Yoshiro Hanazawa is transfer to the Osaka branch and now my boss is Aigerim Bekova, she is from Kazakhstan and very kind. How I can say thank you for the welcome in a nice email?"], "Who is the user's boss these days?", "Yoshiro Hanazawa", "Aigerim Bekova"),
    ("manager", "removal", ["my supervisor is Thandiwe Mokoena"], ["so Thandiwe Mokoena retired on friday and they are not replacing her so i dont have a supervisor anymore i just log my hours in the app is that even legal"], "Who supervises the user?", "Thandiwe Mokoena", ""),
    ("manager", "distractor", ["My manager is Ruaridh Macaulay."], ["my twin sister just got a new boss called Philippa Oyelaran-Hughes and apparently she's a nightmare, sis was in tears. how do i cheer her up over the phone?"], "Who manages the user?", "Philippa Oyelaran-Hughes", "Ruaridh Macaulay"),
    # diet
    ("diet", "update", ["Been on the Montignac diet for a year, only low-GI carbs."], ["got the Pritikin diet cookbook in the post and started it this morning. The Montignac diet is finished for me, my doctor says it makes no sense. what rye bread can I buy in a normal supermarket?"], "What diet does the user follow now?", "Montignac diet", "Pritikin diet"),
    ("diet", "split", ["doing the Warrior Diet, one big meal at night"], ["thinking of ditching the Warrior Diet, the 20h fasts are killing me lol. dietitian appt tmrw", "ok it's official, dietitian put me on the Mayo Clinic diet b/c of my blood pressure. low salt everything. snack ideas?"], "Which eating plan is the user on these days?", "Warrior Diet", "Mayo Clinic diet"),
    ("diet", "restated", ["I am following Jain diet since I am living with my in-laws in Ahmedabad, no onion no garlic no potato.", "In Jain diet also nothing after sunset, is very hard for me."], ["Now I come back to Lyon and I change to the macrobiotic diet, a Japanese friend give me the idea. Lot of brown rice. Is it healthy for a runner?"], "How does the user eat at present?", "Jain diet", "macrobiotic diet"),
    ("diet", "removal", ["diet: AIP protocol (autoimmune, strict phase)"], ["diet: AIP protocol -> nothing. rheumatologist said stop, eating normal again. q: easy weeknight pasta?"], "What diet is the user keeping to?", "AIP protocol", ""),
    ("diet", "distractor", ["I keep to the Ital diet, have been since I was 14."], ["My coworkers are doing a Master Cleanse challenge and I honestly considered joining for a week, but no, not happening, I'm staying Ital. How do I politely skip the team BBQ?"], "What is the user's diet?", "Master Cleanse", "Ital diet"),
    # allergy
    ("allergy", "update", ["I have allergy to cardamom, so careful with the Indian sweets please."], ["The allergist make new test and cardamom is negative now, but the test show I am allergic to cochineal instead. What sweets and drinks I must avoid?"], "What is the user allergic to now?", "cardamom", "cochineal"),
    ("allergy", "split", ["allergic to formaldehyde fyi, found out at the nail salon"], ["formaldehyde patch test came back neg 🎉 so that's off the list. rest of the results tmrw", "ok results in: it's propylene glycol I react to. ugh. which moisturisers don't have it?"], "Which allergy does the user have at the moment?", "formaldehyde", "propylene glycol"),
    ("allergy", "restated", ["im allergic to kiwi fruit", "no kiwi fruit in the smoothie please im allergic"], ["went back to the allergy clinic and turns out it was never the kiwi fruit its celeriac that i react to they did the whole panel can you tell me what foods have celeriac in them"], "Which food should the user avoid because of an allergy?", "kiwi fruit", "celeriac"),
    ("allergy", "removal", ["allergies: doxycycline, wasp venom"], ["allergy list update: doxycycline -> cleared (delabelled at the GP today, oral challenge fine). wasp venom still yes, EpiPen stays. q: does that mean I can take doxy as malaria tablets?"], "What is on the user's allergy list?", "doxycycline", "wasp venom"),
    ("allergy", "distractor", ["I'm allergic to star anise."], ["My identical twin just found out she's allergic to flaxseed, and now my mum's convinced I must be too. I've had flaxseed in my porridge for years with no problem. Is that how allergies work with twins?"], "What allergy does the user have?", "flaxseed", "star anise"),
    # partner
    ("partner", "update", ["My girlfriend is Ioana, she study medicine in Cluj."], ["Me and Ioana we broke up in spring, now I am together with Ludivine since July, she is French. Where I can take her for a nice dinner in Brussels?"], "Who is the user's girlfriend now?", "Ioana", "Ludivine"),
    ("partner", "split", ["bf is Tavita, we've been together 2 yrs"], ["things w/ Tavita are kinda over I think? he moved out on the weekend", "ok so.. I'm seeing someone new, his name's Ólafur, we met at the climbing gym and it's official as of last night lol. what do I get him for his bday next wk?"], "Who is the user dating these days?", "Tavita", "Ólafur"),
    ("partner", "restated", ["partner: Bérénice (together 4 yrs)", "Bérénice's parents visiting this wknd, send help"], ["partner: Bérénice -> ended in July. now seeing Kaveh (since Aug). q: when to tell my parents?"], "Who is the user's partner at present?", "Bérénice", "Kaveh"),
    ("partner", "removal", ["my husband is Demetrios"], ["Demetrios and i are getting divorced the papers came through tuesday so its just me now can you help me figure out how to change my name back on my bank account"], "Who is the user married to?", "Demetrios", ""),
    ("partner", "distractor", ["My wife is Yetunde, we met at uni in Ibadan."], ["My cousin has the same name as me (family tradition) and he just got engaged to a girl called Folasade, so now everyone is congratulating ME by mistake on Facebook lol. How do I correct it without being rude?"], "Who is the user's spouse?", "Folasade", "Yetunde"),
    # vehicle
    ("vehicle", "update", ["I drive a Proton Persona, old but reliable."], ["got the keys to my Perodua Myvi today!! sold the Proton to my cousin. how often to change the oil on a new car?"], "What car does the user drive now?", "Proton Persona", "Perodua Myvi"),
    ("vehicle", "split", ["I ride a Royal Enfield Bullet 350 to work"], ["might sell the Royal Enfield Bullet 350, guy from OLX coming to look tmrw", "sold!! and it's official, picked up a Bajaj Pulsar 220 this evening. what's the running-in period?"], "Which motorbike does the user ride these days?", "Royal Enfield Bullet 350", "Bajaj Pulsar 220"),
    ("vehicle", "restated", ["I have a Dacia Sandero Stepway, it is my first car in Germany.", "The Dacia Sandero Stepway is again in the garage, the clutch."], ["I finally sell the Dacia and I buy a used Škoda Roomster, more space for the children. What I must check before the long drive to Romania?"], "Which vehicle does the user own at the moment?", "Dacia Sandero Stepway", "Škoda Roomster"),
    ("vehicle", "removal", ["I drive a Mitsubishi Colt, mostly for the commute"], ["no car rn, the Mitsubishi Colt got written off in a car park bump (no one hurt) & I'm not replacing it, going bus + bike. best bike lights for dark mornings?"], "What car does the user have?", "Mitsubishi Colt", ""),
    ("vehicle", "distractor", ["I drive a Mazda Premacy, seven seats."], ["Test drove a Mitsubishi i-MiEV at the weekend and seriously considered it, but the range is tiny, so I'm keeping the Mazda Premacy for at least another 3 years. How do I get the most out of an old diesel?"], "What does the user drive?", "Mitsubishi i-MiEV", "Mazda Premacy"),
    # phone
    ("phone", "update", ["my mobile: +61 412 555 309"], ["new number, save it: +61 438 555 772. old sim died in the pool lol. how do I get my contacts back?"], "What is the user's mobile number now?", "+61 412 555 309", "+61 438 555 772"),
    ("phone", "update", ["My phone number is +48 601 234 578, you can put it in my CV."], ["I change operator to Play and now my number is +48 790 555 413, the old is not working. Please change it in the CV header."], "On which number can the user be reached today?", "+48 601 234 578", "+48 790 555 413"),
    ("phone", "split", ["tel: 0612 445 098"], ["tel: 0612 445 098 -> dead (contract ended 31/8)", "tel new: 0687 551 203, nothing ported. q: how to tell the bank w/o going to a branch?"], "What phone number does the user have at present?", "0612 445 098", "0687 551 203"),
    ("phone", "restated", ["my cell is 312 555 0148", "you can text me at 312 555 0148 for the reminders"], ["i got a new phone and a new number its 773 555 0192 the old one is gone so please use that one for the reminders from now on"], "Which number should reminders be texted to for the user?", "312 555 0148", "773 555 0192"),
    ("phone", "distractor", ["My mobile is 083 555 2911."], ["My twin keeps getting my calls because her number is 083 555 2191 — two digits swapped! Is there any way to stop people dialling her by mistake?"], "What is the user's phone number?", "083 555 2191", "083 555 2911"),
    # email
    ("email", "update", ["work email is h.nakashima@tessellon.jp"], ["email: h.nakashima@tessellon.jp -> hiro.nakashima@fastmail.com (left the company). pls use the new one for all drafts"], "Which e-mail address does the user use now?", "h.nakashima@tessellon.jp", "hiro.nakashima@fastmail.com"),
    ("email", "update", ["You can reach me at miguelito.ferrante@yahoo.com.ar"], ["Got my new address set up today and I'm using it for everything from now on: m.ferrante@quillmate.com.ar. The Yahoo one is full of spam. Can you write a short email telling my contacts?"], "What is the user's e-mail address these days?", "miguelito.ferrante@yahoo.com.ar", "m.ferrante@quillmate.com.ar"),
    ("email", "split", ["my email is kestrel.ngata@xtra.co.nz"], ["thinking of shutting down kestrel.ngata@xtra.co.nz b/c they want to charge me for it now", "done, it's official: kestrel.ngata@outlook.co.nz is my email now, the xtra one's deleted. can u write a 'new email address' msg for my whānau group chat?"], "Where should e-mail for the user be sent at present?", "kestrel.ngata@xtra.co.nz", "kestrel.ngata@outlook.co.nz"),
    ("email", "restated", ["My email is oksana.hrytsenko@ukr.net", "Please write the reply to oksana.hrytsenko@ukr.net, I check it every day."], ["I make new email because ukr.net is blocked at my new work: oksana.hrytsenko.uk@gmail.com. Please use only this from today."], "Which inbox does the user check now?", "oksana.hrytsenko@ukr.net", "oksana.hrytsenko.uk@gmail.com"),
    ("email", "distractor", ["my email's fintan.kearney.writes@gmail.com"], ["There's another Fintan Kearney at a supplier of ours and his address is fintan.kearney@brightwater-ops.ie, so I keep getting his invoices. How do I write a polite note to forward them?"], "What is the user's e-mail?", "fintan.kearney@brightwater-ops.ie", "fintan.kearney.writes@gmail.com"),
    # birthday
    ("birthday", "update", ["My birthday is 14 March, in my country we make big party."], ["I find out my birthday is 15 March actually, the priest write wrong date in the church book and my mother tell me only now! Please change to 15 March."], "When is the user's birthday?", "14 March", "15 March"),
    ("birthday", "update", ["my birthday is july 26"], ["turns out my birthday is actually july 28 my dad read the wrong line on the adoption papers for like thirty years can you fix it"], "On which day does the user have their birthday?", "july 26", "july 28"),
    ("birthday", "split", ["DOB: 06.04.1988"], ["DOB 06.04.1988 is wrong — consulate says the birth register differs. more when I get the extract", "DOB confirmed: 04.06.1988 (day/month swapped on my old ID the whole time). q: which forms need updating?"], "What is the user's date of birth?", "06.04.1988", "04.06.1988"),
    ("birthday", "distractor", ["my birthday is the 2nd of October."], ["My twin was born just after midnight, so his birthday is the 3rd of October and mine's the 2nd of October — every year people mix it up. Ideas for a joint party?"], "What date is the user's birthday?", "3rd of October", "2nd of October"),
    # language
    ("language", "update", ["learning Romansh on Memrise rn"], ["dropped Romansh b/c there are like 5 versions of it lol. doing Friulian now w/ a tutor on skype. any podcasts for beginners?"], "Which language is the user learning now?", "Romansh", "Friulian"),
    ("language", "split", ["I'm taking Nahuatl classes at the community centre."], ["Nahuatl class is probably getting cancelled, the teacher's moving back to Puebla", "it's official, switched to the Mapudungun group on thursdays instead. same building. any good beginner books?"], "What language class is the user attending?", "Nahuatl", "Mapudungun"),
    ("language", "restated", ["I am learning Tatar because my husband family speak only Tatar.", "The Tatar have so many vowels, is crazy."], ["We stop the Tatar lessons, my husband get job in Ufa so I learn Bashkir from September. What is best app for Bashkir?"], "Which language is the user studying at present?", "Tatar", "Bashkir"),
    ("language", "removal", ["langs: Hiligaynon + Teochew (rusty)"], ["langs update: Teochew -> basically gone, couldn't follow grandma at the reunion. Hiligaynon still fine. q: put just Hiligaynon on the CV?"], "Which languages does the user speak?", "Teochew", "Hiligaynon"),
    ("language", "distractor", ["I'm learning Asturian on the side, online course + a Saturday meet-up."], ["Seriously thought about switching to Aragonese after the holiday in Jaca, but nah, sticking with Asturian. Any tips for the mutations?"], "What language is the user learning?", "Aragonese", "Asturian"),
    # ci
    ("ci", "update", ["CI: Ship.io for the iOS repo"], ["CI: Ship.io -> Hosted CI (migrated Tue). q: how to cache CocoaPods between builds?"], "What CI service builds the user's iOS repo now?", "Ship.io", "Hosted CI"),
    ("ci", "split", ["our builds run on Pulse CI"], ["we might be leaving Pulse CI, licence fees are getting pricey, evaluating stuff this week", "it's official, we're on Parabuild now. how do I set up parallel jobs?"], "Which CI does the user's team run builds on at the moment?", "Pulse CI", "Parabuild"),
    ("ci", "restated", ["In our team we are using BuildMaster for the build pipelines.", "The BuildMaster agent is again offline, I lose all the morning."], ["Our architect decide to move everything from BuildMaster to Electric Commander, we finish the migration yesterday. How I write a procedure with a git checkout in Electric Commander?"], "What does the user's team use for continuous integration these days?", "BuildMaster", "Electric Commander"),
    ("ci", "removal", ["we use FinalBuilder for the windows builds"], ["we turned off FinalBuilder completely last week the windows build was never green anyway so now theres no ci at all we just run the tests by hand before release is that terrible"], "Which CI tool does the user's team use?", "FinalBuilder", ""),
    ("ci", "distractor", ["We use Rultor for CI, merges go through it."], ["My brother's team is on Integrity CI and he keeps saying we should try it, and I did think about it for a sprint, but no way, we're staying on Rultor. How do I convince him his setup is outdated?"], "What CI system does the user's team run?", "Integrity CI", "Rultor"),
    # database
    ("database", "update", ["our app uses OpenTSDB for the metrics stuff"], ["moved off OpenTSDB b/c HBase kept falling over, we're on KairosDB now. anyone know how to do rollups there?"], "Which database does the user's metrics live in now?", "OpenTSDB", "KairosDB"),
    ("database", "update", ["the warehouse data lives in Infobright"], ["got my Exasol training certificate today, handy since we moved the warehouse off Infobright onto Exasol last week. how do I write a Lua UDF there?"], "Where is the user's warehouse data held these days?", "Infobright", "Exasol"),
    ("database", "split", ["db: Pervasive PSQL (legacy ERP)"], ["db: Pervasive PSQL -> decommissioned Fri. data exported.", "db new: Altibase, imported over the wknd. q: how to do online backups?"], "What database does the user's ERP use at present?", "Pervasive PSQL", "Altibase"),
    ("database", "restated", ["our inventory system runs on Adabas", "Adabas crashed again during the stocktake"], ["we finally moved the inventory system onto Tibero over the weekend everything seems fine so far how do i set up replication"], "Which database is the user's inventory system on?", "Adabas", "Tibero"),
    ("database", "distractor", ["Our knowledge graph runs on Virtuoso."], ["The vendor demo of Stardog was honestly impressive and I was tempted, but we're staying on Virtuoso, the migration risk is too high. How do I speed up SPARQL queries with lots of OPTIONALs?"], "What database does the user's knowledge graph run on?", "Stardog", "Virtuoso"),
    # editor
    ("editor", "update", ["I am writing all my code in Leafpad, it is light for my old laptop."], ["Now I use Ninja-IDE, my teacher at the bootcamp show it to us and I like it more than the old one. How I install a plugin for Python there?"], "Which editor does the user write code in now?", "Leafpad", "Ninja-IDE"),
    ("editor", "update", ["editor: Crimson Editor (old but fast)"], ["editor: Crimson Editor -> Programmer's Notepad. proper folding at last. q: how to add a custom lexer?"], "What code editor is the user on at the moment?", "Crimson Editor", "Programmer's Notepad"),
    ("editor", "update", ["I write all my Python in Eric IDE."], ["got my Wing IDE license today, Eric IDE's uninstalled. how do I set up a project with a virtualenv?"], "What editor does the user use these days?", "Eric IDE", "Wing IDE"),
    ("editor", "split", ["i do my LaTeX in Texmaker"], ["might give up on Texmaker, it crashes every time i compile my thesis", "ok it's official: Gummi from now on, installed it on the lab machine too. how do i set the default compiler to xelatex?"], "Which editor does the user write their thesis in at present?", "Texmaker", "Gummi"),
    ("editor", "distractor", ["I use SciTE for pretty much everything."], ["My twin just discovered Acme and keeps sending me screenshots, he's obsessed. What's the big deal with mouse chording?"], "Which text editor does the user use?", "Acme", "SciTE"),
    # likes
    ("likes", "update", ["My hobby is the quilling, I make every evening."], ["I am not doing quilling anymore, my eyes get tired. Now my hobby is the magnet fishing, I find already 12 old coins in the canal! What is a good strong magnet?"], "What hobby does the user have now?", "quilling", "magnet fishing"),
    ("likes", "split", ["into slacklining 3x a week"], ["might have to quit slacklining, physio says my ankle is toast", "it's official, no more slacklining. picked up sea kayaking instead, first lesson sat. what do i wear?"], "What does the user do for fun these days?", "slacklining", "sea kayaking"),
    ("likes", "restated", ["hobbies: aquascaping (2 tanks)", "aquascaping update: the carpet plant finally took!!"], ["hobby status: aquascaping -> sold the tanks, no room in the new flat. now: whittling. q: best starter knife?"], "What pastime is the user into at present?", "aquascaping", "whittling"),
    ("likes", "removal", ["i love playing cribbage and doing cryptic crosswords"], ["i gave up cribbage my partner moved away and i cant find a new one but i still do the cryptic crosswords every night can you recommend a good book of them"], "What are the user's hobbies?", "cribbage", "cryptic crosswords"),
    ("likes", "distractor", ["I'm into kendo, club practice most Sundays."], ["There are two Siobhan Gallaghers on my floor at work (nightmare) and the other one just took up pole fitness, so people keep asking ME how classes are going lol. Funny out-of-office idea about it?"], "What does the user enjoy doing?", "pole fitness", "kendo"),
    # trip
    ("trip", "update", ["booked a long wknd in Zadar for late Sept w/ my sister"], ["trip's changed: the Zadar flights got cancelled so we're doing Trieste instead, same dates. what to eat there?"], "Where is the user going in late September?", "Zadar", "Trieste"),
    ("trip", "split", ["October holiday: Olsztyn with the choir"], ["the choir might cancel Olsztyn, not enough ppl signed up :(", "it's official, Olsztyn is off and we're doing Kortrijk instead, coach trip. any good concert venues?"], "Where is the user's choir trip headed?", "Olsztyn", "Kortrijk"),
    ("trip", "restated", ["In September I travel to Mirleft with my friends for surf.", "For Mirleft I must buy new wetsuit, the water is cold there."], ["The plan is change, we go to Taghazout now because the surf camp is more cheap. What I must pack for one week?"], "Which place is the user travelling to in September?", "Mirleft", "Taghazout"),
    ("trip", "removal", ["upcoming: Hammerfest, 12–16 Sept (northern lights, fingers crossed)"], ["trip: Hammerfest -> cancelled (work). nothing else booked. q: travel insurance claim for a cancellation?"], "What trip does the user have planned?", "Hammerfest", ""),
    ("trip", "distractor", ["We're going to Veliko Tarnovo in September for a friend's wedding."], ["Looked at adding a few days in Thessaloniki after the wedding, but the buses are awful so we're skipping it. Just Veliko Tarnovo. What should I wear to a Bulgarian wedding?"], "Where is the user travelling to?", "Thessaloniki", "Veliko Tarnovo"),
    # pet
    ("pet", "update", ["my budgie's called Pakora"], ["sad week, Pakora passed away. got a new name tag engraved today tho: 'Zorba', for my new cockatiel. how do i get him to step up?"], "What pet does the user have now?", "Pakora", "Zorba"),
    ("pet", "split", ["we have a rescue greyhound called Oberon"], ["might have to rehome Oberon, he's not coping with the new baby at all :(", "it's official, Oberon went to a lovely retired couple w/ no kids. and we adopted a tabby, Quenelle, from the shelter. litter tips?"], "What is the user's pet called these days?", "Oberon", "Quenelle"),
    ("pet", "restated", ["I have a turtle, her name is Shirin.", "Shirin is sleeping all day in the summer, is normal?"], ["My turtle Shirin I give to my cousin because I move to a small flat, and I take a betta fish, his name is Bolbol. How often I must change the water?"], "Which animal lives with the user at present?", "Shirin", "Bolbol"),
    ("pet", "removal", ["i have two rabbits called Blini and Kasha"], ["Kasha died on tuesday the vet said it was his heart so its just Blini now should i get her a new friend or is she ok on her own"], "Which pets does the user have?", "Kasha", "Blini"),
    ("pet", "distractor", ["My cat is called Sprocket."], ["my twin's adopting a kitten called Figaro next week and she wants to bring him round to meet Sprocket. good idea or disaster?"], "What is the name of the user's pet?", "Figaro", "Sprocket"),
]

FILLER_USER = [
    "how I can say 'I look forward to hear from you' more natural?",
    "q: diff between affect / effect again?",
    "whats the weather usually like in august in the alps",
    "thx!! v helpful",
    "Is it correct: 'I have been there yesterday'?",
    "todo: dentist, passport photos. q: how big is a passport photo in the UK",
    "can u explain what a pull request is like im new",
    "hey how many minutes do i boil rice for",
    "What is the difference between 'since' and 'for'? I always make mistake.",
    "ok got it",
    "recipe for cold cucumber soup pls, it's 30 degrees rn",
    "note: renew gym card. q: is it worth paying yearly?",
    "how to remove a red wine stain from a white shirt",
    "Please correct my sentence: 'He explained me the problem.'",
    "tmrw is a bank holiday right?",
    "whats a good name for a wifi network thats funny but not rude",
    "Why in English we say 'on the bus' but 'in the car'?",
    "perfect ty",
    "q: sunscreen SPF 30 vs 50, real diff?",
    "can you give me three easy icebreaker questions for a team meeting",
    "how long is a parking ticket appeal usually take",
    "lol ok fair",
]
FILLER_ASSISTANT = [
    "Sure, here's the short version.",
    "Happy to help with that.",
    "Good question. Here's how it works:",
    "Here are a few options.",
    "No problem, here you go.",
    "Right, quick answer below.",
]


# a restated old value: the second statement comes nine days later; a split update: its
# second turn comes the next day
WHEN = Timeline(
    opening=lambda k, j: f"2015-06-{2 + k + j:02d}T07:15:00Z",
    openings=2,
    before=lambda k, j: f"2015-06-{10 + k + 9 * j:02d}T20:40:00Z",
    middle=lambda k, j: f"2015-07-{3 + 8 * j:02d}T12:05:00Z",
    middles=3,
    update=lambda k, j: f"2015-08-{2 + 5 * k + j:02d}T18:25:00Z",
    closing=lambda k: f"2015-09-{3 + k:02d}T09:50:00Z",
    reply=14,
)


def build(seed: int = 2020) -> list[dict[str, Any]]:
    """All val20 scenarios, deterministic for a seed (dated June – September 2015)."""
    return build_stories(STORIES, "val20", "kv20", seed, FILLER_USER,
                         FILLER_ASSISTANT, WHEN)


def main() -> None:
    """Write the split."""
    write(build(), OUT)


if __name__ == "__main__":
    main()
