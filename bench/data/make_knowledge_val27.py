# ruff: noqa: E501  (hand-written data: one story per line reads best)
"""Writes ``knowledge_val27.jsonl``: a twenty-seventh held-out split of the knowledge-update set.

Written in round 18 by an outside evaluator who never read ``src/``
(``"split": "val27"``). Each story is phrased with its own sentence shape. Its
people use the assistant conversationally, and many of their facts come as
ANSWERS to the assistant's questions or as corrections of what the assistant
has just said: a ship's bosun in Manila, a fish-farm deckhand on Lewis, a midwife
in northern Ghana, a sheep shearer in Southland, a welder in Ulsan, a dental nurse,
a tailor, a caver in the Mendips, a bank's build engineer, a ramen cook, a county
road crew, a pharmacist in Pretoria and many more, from many countries and trades.
What is hard: terse user turns whose meaning depends on the assistant turn just
before ("Still on 4D?" -> "moved to Valentina DB over the weekend");
corrections of something the assistant asserted ("I'll send the draft to ..." ->
"not there, that's the old Telenor one, I closed it"); forms filled in reply to
a question ("Name of your car?" -> "a 2004 Proton Wira"); the old value given
only as an answer to an earlier question and the new value only as a short
reply; updates told through consequences; a "no" that answers a question
about somebody else (a sister, a husband, a wife's manager, a stepson, nephews)
and keeps the user's own value; mixed languages and typos. The assistant may
ask about the old value but never names the new one before the user does.

Story turns are either a user line, or a pair (what the assistant asks just
before, what the user answers); the asked line replaces the assistant's reply to
the user turn before it, so the conversation still alternates user/assistant.
Values and filler are new; the timeline (September – December 2013) is no other
split's.
18 slots, 89 stories (4 or 5 a slot): 26 update, 18 split, 16 restated,
11 removal, 18 distractor.

Kinds (``"kind"``): ``update`` (``old`` -> ``new``), ``split`` (the update over
two user turns a day apart), ``restated`` (``old`` said twice, nine days apart,
before the update), ``removal`` (``old`` ends, ``new`` remains or "" when
nothing does), ``distractor`` (``new`` is the user's and stays; ``old`` is a
third party's value, said later). In the multi-valued slots (allergy, pet,
likes, language) an update's ``old`` is the value that ended and ``new`` the one
that took its place; a removal's ``new`` is what is left.

    python bench/data/make_knowledge_val27.py   # rewrites the .jsonl next to it
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _knowledge_writer import Story, Timeline, build_stories, write

OUT = Path(__file__).with_name("knowledge_val27.jsonl")

#: a story turn: a user line, or (the assistant's question just before, the user's answer)
Turn = str | tuple[str, str]
#: (slot, kind, earlier user statements, update turns, question, old, new)
AskedStory = tuple[str, str, list[Turn], list[Turn], str, str, str]

STORIES: list[AskedStory] = [
    # home
    ("home", "update", [("Where are you based, so I get the ferry times right?", "Stornoway, on Lewis. I crew on the salmon farm boats")], [("Quick check before I look up sailings: are you still out in Stornoway?", "nope. Ullapool since the end of october, other side of the Minch. different farm, same smell")], "Which town does the user live in now?", "Stornoway", "Ullapool"),
    ("home", "update", ["I'm a midwife in Tamale, northern Ghana, so most of my questions will be about night shifts"], [("For the trip south, the STC coach from Tamale to Kumasi leaves early in the morning. Want me to check the timetable?", "no no that's old, I'm not in Tamale anymore. they posted me to Bolgatanga in October, the regional hospital. so it would be from Bolgatanga, is there a direct one?")], "Where does the user live these days?", "Tamale", "Bolgatanga"),
    ("home", "split", ["We rent a flat in Šiauliai, near the Hill of Crosses road, me and my wife and the cat."], ["gave back the keys in Šiauliai today, landlord kept half the deposit of course", ("Sorry about the deposit. Where have you landed?", "Klaipėda! wife's family is here, we took the two rooms above her aunt's bakery. labas rytas from the seaside")], "What city does the user call home now?", "Šiauliai", "Klaipėda"),
    ("home", "restated", ["I shear sheep for a living, home base is Winton in Southland", ("Is Winton where you'd want the new handpiece delivered?", "yeah Winton, same as always mate")], [("Shall I put Winton on the invoice again?", "not this time, I'm in Balclutha now. bought a little place off my uncle last month, the run to the sheds is half the time")], "In which town is the user living at present?", "Winton", "Balclutha"),
    ("home", "distractor", ["I live in Giresun, I teach chemistry at a lycée here."], [("Is your sister still in Giresun with you?", "no, she moved to Rize for her husband's tea business. I'm staying put though. what's a good housewarming gift to send her, something Turkish but not tea lol")], "Which city is the user's home?", "Rize", "Giresun"),
    # employer
    ("employer", "update", [("Who do you work for these days?", "Sappi, the pulp mill at Ngodwana. shift electrician")], [("How are things at Sappi?", "left. Mondi now, the Richards Bay mill, better roster and they paid the move")], "Which company employs the user now?", "Sappi", "Mondi"),
    ("employer", "split", ["I do sound for corporate events, I'm staff at Creative Technology in Crawley."], ["finishing at Creative Technology on Friday, handed in my notice this morning", ("Big step! Have you got something lined up?", "yep, Britannia Row Productions, touring crew, first job's a ballet tour in January")], "Who is the user's employer these days?", "Creative Technology", "Britannia Row Productions"),
    ("employer", "restated", ["I'm a pharmacist at Dis-Chem in Pretoria.", ("Same Dis-Chem branch as before, the one you mentioned?", "same Dis-Chem, Menlyn")], [("Will Dis-Chem give you the day off for the board exam?", "not Dis-Chem's problem anymore lol, I'm with Clicks since Monday. different uniform same customers")], "Where does the user work?", "Dis-Chem", "Clicks"),
    ("employer", "removal", ["I weld for Hyundai Heavy Industries in Ulsan, mostly hull blocks."], [("Is the overtime at Hyundai Heavy Industries still crazy?", "no overtime, no job. contract ended and they didn't renew anyone from our crew. I'm at home for now, nobody employs me. how do I write a CV in English?")], "Who employs the user?", "Hyundai Heavy Industries", ""),
    ("employer", "distractor", [("Where do you work? I'll need it for the cover letter.", "Ferrero, the plant in Alba. quality control on the Nutella line")], [("Does your husband work at Ferrero too?", "no, Giorgio just started at Miroglio, the textile people. I'm still at the chocolate. can you fix my letter now?")], "What company is the user employed at?", "Miroglio", "Ferrero"),
    # job title
    ("job_title", "update", [("What's your rank on board?", "Able Seaman, bulk carrier out of Manila")], [("Still Able Seaman on the next contract?", "no sir, signed on as Bosun this time!! more money more headache. what should a new bosun check first on deck?")], "What is the user's rank at sea now?", "Able Seaman", "Bosun"),
    ("job_title", "update", ["I'm a Noodle Cook at a ramen shop in Portland, the station by the window."], [("As a Noodle Cook you probably don't handle ordering, so here's just the prep list.", "actually I do now, I'm Kitchen Supervisor since Kenji left, so the ordering and the schedule are mine. can you redo it with the ordering part?")], "What is the user's position in the kitchen now?", "Noodle Cook", "Kitchen Supervisor"),
    ("job_title", "split", ["I'm Assistant Headteacher at a primary in Leicester."], ["stepped down as Assistant Headteacher today. the stress wasn't worth it", ("That sounds like a big decision. Are you staying at the school in another role?", "yes, back to being a Year 4 Class Teacher from January, and honestly relieved")], "What role does the user have at the school now?", "Assistant Headteacher", "Year 4 Class Teacher"),
    ("job_title", "restated", ["I'm a Grader Operator for the county roads department.", ("Grader Operator, that's the big machine with the blade?", "yep the Grader Operator runs that, that's me, 12 years")], [("Are you still running the grader this winter?", "not me, they bumped me up to Road Foreman. I just tell the grader guy where to go now haha")], "What is the user's job title these days?", "Grader Operator", "Road Foreman"),
    ("job_title", "distractor", ["I'm a Forensic Toxicologist at the state lab."], [("Is this training course for you?", "no it's for my nephew, he wants to be a Scaffolding Supervisor. me, I'm still stuck with blood samples. what tickets does he need in Ireland?")], "What does the user do for a living, by title?", "Scaffolding Supervisor", "Forensic Toxicologist"),
    # manager
    ("manager", "update", ["my team leader at the call centre is Crina Dobrescu"], [("Want me to address the leave request to Crina Dobrescu?", "no that's wrong, it's not Crina any more. my team leader is Oluwaseun Adebayo-Price now, address it to him")], "Who is the user's manager now?", "Crina Dobrescu", "Oluwaseun Adebayo-Price"),
    ("manager", "split", ["my head chef, so my boss, is Matthias Oberhuber"], ["Oberhuber walked out mid-service last night. just... left. kitchen's chaos", ("Wow. Who's running the kitchen now?", "owner brought in Pilar Etxeberria from her San Sebastián place, she's my boss from today. strict but fair so far")], "Who does the user report to at present?", "Matthias Oberhuber", "Pilar Etxeberria"),
    ("manager", "restated", ["I report to Haruto Kinoshita, he's the site manager.", ("Is Haruto Kinoshita the one approving your timesheets?", "yes, Haruto Kinoshita signs everything")], [("Should this week's timesheet go to Haruto Kinoshita as usual?", "nah he's gone to the Osaka project. send it to Mele Tupou, she took over our site on Monday")], "Who manages the user these days?", "Haruto Kinoshita", "Mele Tupou"),
    ("manager", "removal", ["My line manager at the council is Ruairí Ó Dálaigh."], [("Will Ruairí Ó Dálaigh need to sign off the training?", "nobody to sign it off now, I left the council in October and went self-employed. I'm my own boss, god help me")], "Who is the user's line manager?", "Ruairí Ó Dálaigh", ""),
    ("manager", "distractor", [("Who's your manager these days?", "Wanjiru Kamau, head of operations")], [("Is Wanjiru Kamau the one who's leaving?", "no, it's my wife's manager leaving, Gustavo Pimentel at the bank. Wanjiru's not going anywhere. what card should my wife get him?")], "Whom does the user answer to at work?", "Gustavo Pimentel", "Wanjiru Kamau"),
    # diet
    ("diet", "update", [("Any dietary requirements I should put on the conference booking?", "lacto vegetarian, so milk and paneer fine, but no eggs, no meat, no fish")], [("Still lacto vegetarian for the gala dinner?", "can't even do that right now. gastro put me on an elemental diet for the Crohn's flare since November, it's basically shakes. put elemental diet and I'll bring my own")], "What diet does the user follow now?", "lacto vegetarian", "elemental diet"),
    ("diet", "update", ["I've been on Nutrisystem since summer, the boxes come every month, 9 kilos down"], [("Which Nutrisystem plan are you on now?", "none lol. dropped Nutrisystem, way too expensive. doing Eat Stop Eat now, two 24 hour fasts a week and normal food otherwise")], "Which diet is the user on at the moment?", "Nutrisystem", "Eat Stop Eat"),
    ("diet", "split", [("What do you usually eat?", "Primal diet, meat and veg and no grains at all")], ["ok I'm done with the Primal diet. cholesterol came back awful and the doctor in Tallinn nearly fell off her chair, ei aitäh", ("Fair enough! What are you eating instead?", "Ayurvedic diet. a friend runs an ayurveda kitchen in Kalamaja, kitchari and ghee everything")], "What way of eating does the user stick to these days?", "Primal diet", "Ayurvedic diet"),
    ("diet", "removal", ["I keep strict kosher, so recipe ideas need to work with that."], [("Should these recipes stay strict kosher?", "no need anymore honestly. I stopped keeping strict kosher after the divorce, no restrictions at all now, give me the pork version")], "Does the user keep any special diet?", "strict kosher", ""),
    ("diet", "distractor", [("Any foods you avoid?", "I'm on the Rastafarian Ital diet, so no salt, nothing processed, no meat")], [("Is the special christmas menu for you?", "god no, that's my brother-in-law, he's doing the Mayr cure from Austria and wants stale rolls and milk at christmas. I'm still Ital. how do I cook for both?")], "What diet does the user keep to?", "Mayr cure", "Rastafarian Ital diet"),
    # allergy
    ("allergy", "update", ["allergic to rye, which is in half the bread here in Lyon"], [("Any allergies I should mention when I book the restaurant?", "rye turned out to be a false positive, retested in November. it's chestnut that gets me. so chestnut, which means no crème de marrons, quelle horreur")], "What is the user allergic to?", "rye", "chestnut"),
    ("allergy", "split", ["I'm allergic to iodine contrast, found out the hard way in a CT scanner."], ["the allergist says I'm not allergic to iodine contrast after all, the reaction was the panic attack", ("Good news! Did the patch tests show anything else?", "yeah annoyingly, chromium. I'm a dental nurse and half the crowns we fit have chromium-cobalt frames")], "Which allergy does the user have now?", "iodine contrast", "chromium"),
    ("allergy", "restated", ["I'm allergic to watermelon, my throat closes up", ("Watermelon, the fruit?", "the fruit yes, watermelon, I can't even be near the cut ones")], [("So for the fruit platter: anything besides watermelon?", "the watermelon thing was wrong actually. prick test in Hanoi last week says it's apricot, watermelon is fine. so no apricot please")], "What allergy should be kept in mind for the user?", "watermelon", "apricot"),
    ("allergy", "removal", ["I'm allergic to tomato and to fire ant stings."], [("Still need to leave out tomato for the stew?", "nah, the tomato allergy's gone, grew out of it apparently. fire ant stings still, I carry the pen everywhere on the farm")], "What is the user allergic to these days?", "tomato", "fire ant stings"),
    ("allergy", "distractor", [("Do you have any allergies I should keep in mind?", "just mosquito bites, I swell up like a balloon")], [("Is the allergy-friendly menu for you?", "no that's for my stepson, he's allergic to octopus and his class trip is to a seafood place. I only have the mosquito bites thing. what can he order safely?")], "Which allergies does the user have?", "octopus", "mosquito bites"),
    # partner
    ("partner", "update", ["my girlfriend Aigerim is a vet in Almaty"], [("Is Aigerim coming with you to the wedding?", "we split in October... I'm with Zhansaya now, we met at the climbing gym. she's coming")], "Who is the user's partner now?", "Aigerim", "Zhansaya"),
    ("partner", "split", ["my husband Bartek runs a bike shop"], ["Bartek and I signed the separation papers today. he's staying at his brother's", ("I'm sorry. How are you holding up?", "better than expected. actually I've been seeing someone, Torsten, from my choir. early days but he's lovely")], "Who is the user seeing these days?", "Bartek", "Torsten"),
    ("partner", "restated", [("What's your partner's name, for the invitations?", "Tevita"), "Tevita says hi btw, he's reading over my shoulder"], [("Shall I put Tevita on the plus-one card?", "no, not Tevita, we broke up last month. put Losaline, she's my fiancée now")], "What is the name of the user's partner?", "Tevita", "Losaline"),
    ("partner", "removal", ["my boyfriend Émile is a baker, up at 3am every day"], [("Does Émile want to come to the dinner too?", "no Émile anymore 😅 he moved back to Québec and we ended it. single now, so table for one")], "Who is the user in a relationship with?", "Émile", ""),
    ("partner", "distractor", ["my wife Amaka teaches maths"], [("Is Amaka the one getting married?", "no, my cousin is, to a guy called Fernando Abreu from Porto. Amaka and I just had our 11th anniversary. speech ideas for the cousin?")], "Who is the user married to?", "Fernando Abreu", "Amaka"),
    # vehicle
    ("vehicle", "update", [("Name of your car?", "a 2004 Proton Wira")], [("For the insurance quote: still the Proton Wira?", "no, sold it. Perodua Alza now, 2012, silver, seven seats for the kids")], "What car does the user drive now?", "Proton Wira", "Perodua Alza"),
    ("vehicle", "split", ["I drive a Mahindra Bolero for the deliveries."], ["the Mahindra Bolero got written off in the flooding, insurance paid out finally", ("Glad the payout came through. What are you doing deliveries in now?", "Ashok Leyland Dost, small truck, second hand from a dealer in Nashik")], "Which vehicle does the user use for deliveries these days?", "Mahindra Bolero", "Ashok Leyland Dost"),
    ("vehicle", "restated", ["my van's a Renault Trafic", ("What year is the Renault Trafic?", "2007 Renault Trafic, 200k on the clock")], [("Is the Renault Trafic booked in for the service on Thursday?", "cancel that, the Trafic's gone. got a Citroën Jumpy now, my brother-in-law's old one")], "What van does the user have at present?", "Renault Trafic", "Citroën Jumpy"),
    ("vehicle", "removal", ["I ride a SYM Attila to the market every morning."], [("Does the SYM Attila still need that new belt?", "it's gone, stolen outside the pharmacy. not buying another one, I take xe ôm now. no bike at all")], "What does the user ride or drive?", "SYM Attila", ""),
    ("vehicle", "distractor", [("What car do you drive?", "Škoda Yeti, diesel")], [("Did you trade in the Yeti?", "no no, my son bought a Lada Kalina, his first car. I'm still in the Yeti. what should he check before winter?")], "Which car belongs to the user?", "Lada Kalina", "Škoda Yeti"),
    # phone
    ("phone", "update", [("Best number to reach you on?", "+254 722 418 907")], [("Shall I keep +254 722 418 907 on file?", "no, that Safaricom line is dead. use +254 733 905 216 now, it's Airtel")], "What number should be used to call the user?", "+254 722 418 907", "+254 733 905 216"),
    ("phone", "update", ["my number is 0412 883 590 if the club needs it"], [("I'll put 0412 883 590 on the training flyer.", "wrong one! I changed it, 0438 117 264. the old one was getting ten spam calls a day")], "Which mobile number does the user have now?", "0412 883 590", "0438 117 264"),
    ("phone", "split", ["mobile: 06 38 44 17 92"], ["my Orange contract ended and I didn't renew, so 06 38 44 17 92 doesn't work anymore", ("Noted. Do you have a new number yet?", "07 81 29 63 05, with Free")], "What is the user's phone number at present?", "06 38 44 17 92", "07 81 29 63 05"),
    ("phone", "restated", [("What's your phone number?", "0917 552 3081"), "text me at 0917 552 3081 when the order's ready ha"], [("Should the courier call 0917 552 3081?", "use my other SIM, 0998 214 6637. the Globe one died, Smart only now")], "On what number can the user be reached?", "0917 552 3081", "0998 214 6637"),
    ("phone", "distractor", ["my cell is (11) 98432-1175"], [("Anything else to add to your contacts?", "yes, my dad's new number, (11) 97705-3318, save it as Pai. mine stays the same")], "What is the user's own phone number?", "(11) 97705-3318", "(11) 98432-1175"),
    # email
    ("email", "update", [("What email should I put on the order form?", "k.asante.tailor@yahoo.com")], [("Same email as before, k.asante.tailor@yahoo.com?", "no, use asantebespoke@gmail.com, my nephew made me a business one")], "What e-mail address does the user use now?", "k.asante.tailor@yahoo.com", "asantebespoke@gmail.com"),
    ("email", "update", ["email: ingrid.halvorsen@online.no"], [("I'll send the draft to ingrid.halvorsen@online.no.", "not there, that's the old Telenor one, I closed it. ingrid.h@runbox.com please")], "Where should e-mail for the user go these days?", "ingrid.halvorsen@online.no", "ingrid.h@runbox.com"),
    ("email", "split", ["my work email is t.mahlangu@eskom.co.za"], ["IT cut off t.mahlangu@eskom.co.za on my last day, so don't use that one", ("Understood. What address should I use instead?", "thabo.mahlangu@mweb.co.za, my personal one")], "Which e-mail address does the user have now?", "t.mahlangu@eskom.co.za", "thabo.mahlangu@mweb.co.za"),
    ("email", "restated", ["reach me at parisa.rahimi@chmail.ir", ("Is parisa.rahimi@chmail.ir the one you check daily?", "yes parisa.rahimi@chmail.ir, every day")], [("Should I reply to parisa.rahimi@chmail.ir?", "please use prahimi.arch@gmx.de now. I'm in Stuttgart for the architecture job and the Iranian one is blocked half the time")], "To which e-mail should messages for the user be sent?", "parisa.rahimi@chmail.ir", "prahimi.arch@gmx.de"),
    ("email", "distractor", [("Your email?", "nodir.karimov@mail.uz")], ["my daughter made her own email for school, malika.karimova2003@mail.ru. can you help her write a polite message to her teacher? mine is unchanged"], "What is the user's e-mail address?", "malika.karimova2003@mail.ru", "nodir.karimov@mail.uz"),
    # birthday
    ("birthday", "update", [("When's your birthday?", "4 March")], [("I've set a reminder for 4 March.", "wait, that's wrong, it's 3 April. I wrote it the American way back then, 4/3. sorry")], "When is the user's birthday?", "4 March", "3 April"),
    ("birthday", "update", ["my birthday is the 29th of September"], [("Happy belated birthday for the 29th of September!", "ha thanks, but it's not the 29th. my mother finally found the real papers from the village: the 6th of October. the whole family celebrated the wrong day for 40 years")], "On what date does the user celebrate their birthday?", "29th of September", "6th of October"),
    ("birthday", "split", ["DOB 11.07.1982"], ["the Standesamt says DOB 11.07.1982 is a clerical mistake, they're fixing my papers", ("What's the corrected date?", "17.07.1982. someone read a 7 as a 1 in 1982 and nobody noticed")], "What is the user's date of birth?", "11.07.1982", "17.07.1982"),
    ("birthday", "distractor", [("What's your birthday, so I can remind you?", "21 January")], [("Is the party you're planning for you?", "no! for my twin nephews, 9th of December. mine's still 21 January. help me plan a party for two six year olds")], "When was the user born (day and month)?", "9th of December", "21 January"),
    # language
    ("language", "update", [("Which language are you learning?", "Pangasinan, for my wife's family in Dagupan")], [("How's the Pangasinan going?", "paused. we're moving to Zamboanga, her mother's side, so I switched to Chavacano, that's what they actually speak there")], "Which language is the user learning now?", "Pangasinan", "Chavacano"),
    ("language", "split", ["I'm taking Upper Sorbian lessons in the evenings at the institute in Bautzen"], ["gave up Upper Sorbian this week, the class moved to Thursdays and I work Thursdays", ("Shame! Will you pick up another language?", "already have, Rusyn, online with a teacher in Prešov. my gran was from there")], "What language class is the user taking?", "Upper Sorbian", "Rusyn"),
    ("language", "restated", ["learning Bambara so I can talk to my in-laws in Kayes", ("Bambara is the big market language in Mali, right?", "yes Bambara, everyone in Bamako speaks it")], [("Want another batch of Bambara flashcards?", "no, switched to Soninke. turns out my in-laws speak Soninke at home, Bambara was just what I assumed")], "Which language is the user studying these days?", "Bambara", "Soninke"),
    ("language", "removal", ["I speak Kikuyu and a bit of Kamba."], [("Which languages should go on the CV?", "honestly the Kamba is gone, 10 years since I left Machakos. just put Kikuyu")], "Which languages does the user speak?", "Kamba", "Kikuyu"),
    ("language", "distractor", ["I'm learning Kabyle, moving to Tizi Ouzou next year."], [("Is that textbook for you, or for someone else?", "no, for my colleague, she's learning Tashelhit for Agadir. I'm still on Kabyle, one Berber language is enough for me")], "What language is the user learning?", "Tashelhit", "Kabyle"),
    # ci
    ("ci", "update", [("What do you use for CI?", "Draco.NET, on a box under my desk. yes in 2013, I know")], [("Is the Draco.NET box still under your desk?", "binned it. the bank bought IBM licences, builds run in Rational Team Concert now")], "What CI does the user's team build on now?", "Draco.NET", "Rational Team Concert"),
    ("ci", "split", ["our C++ library reports its nightly builds to CDash"], ["dropped CDash today, nobody ever looked at the dashboards", ("Fair. Where will the builds run now?", "Harbormaster, since we already do code review in Phabricator. first green build this morning")], "Where does the user's C++ library get built now?", "CDash", "Harbormaster"),
    ("ci", "restated", ["we use Buildix for the firmware", ("Buildix, the ThoughtWorks appliance?", "yes Buildix, ancient, don't touch it")], [("Shall I write the Buildix config change for you?", "no need, Buildix is retired as of Friday. it's Hydra we're on now, the new guy is a Nix fanatic")], "Which CI does the user's team use for the firmware?", "Buildix", "Hydra"),
    ("ci", "removal", ["my little open source lib runs its tests through Janky on my old company's Jenkins box"], [("How's Janky treating you?", "don't have CI anymore. Janky went down with the old company's server and I just run the tests locally before I tag")], "What continuous integration does the user's library use?", "Janky", ""),
    ("ci", "distractor", [("Which CI server do you run?", "Hippo.NET, for the WinForms app. old but it works")], ["my friend's startup just moved to Team Foundation Service and won't shut up about it. we're staying on Hippo.NET. what does the hosted thing do that's special?"], "Which CI tool does the user's team currently run?", "Team Foundation Service", "Hippo.NET"),
    # database
    ("database", "update", [("What database is the shop system on?", "4D, the old Mac database, the till software needs it")], [("Still on 4D?", "moved to Valentina DB over the weekend, the new till version supports it and the licence is cheaper")], "Which database does the user's shop system run on now?", "4D", "Valentina DB"),
    ("database", "update", ["we store the sensor readings in kdb+"], [("For kdb+ you'd want to partition by date first, roughly like this:", "not kdb+ anymore, sorry, should have said. licence got too expensive, it's all in InfiniDB since October. how do I do this there?")], "Where are the user's sensor readings stored these days?", "kdb+", "InfiniDB"),
    ("database", "split", ["the clinic records are in UniData"], ["we migrate off UniData this weekend, finally", ("Good luck with the migration! What will the records live in?", "OpenInsight, the new practice software ships with it")], "What database holds the clinic's records now?", "UniData", "OpenInsight"),
    ("database", "restated", ["our game backend is on Scalaris", ("Scalaris for the leaderboards too?", "Scalaris for everything")], [("Want help modelling the Scalaris keys?", "we dumped Scalaris last week, it's all on TokuDB now, MySQL with a better engine, transactions saved our lives")], "Which datastore does the user's game backend use?", "Scalaris", "TokuDB"),
    ("database", "distractor", [("Which DB do you use at work?", "GemFire, for the trading cache")], ["my student is writing her thesis on Sedna, the XML database, and I know nothing about it, we're still on GemFire here. can you explain Sedna in 3 sentences?"], "What database does the user work with?", "Sedna", "GemFire"),
    # editor
    ("editor", "update", [("What do you write your code in?", "Programmer's File Editor, on Windows XP")], [("Is Programmer's File Editor still your editor?", "nah, went to jed when I moved to Xubuntu. emacs keys without the emacs")], "Which editor does the user write code in now?", "Programmer's File Editor", "jed"),
    ("editor", "update", ["I use XEmacs for my Perl scripts"], [("In XEmacs you can set that under Options > Customize.", "I'm not in XEmacs anymore though, switched to the Eric IDE last month when we moved to Python. where is it in Eric?")], "What editor is the user using at the moment?", "XEmacs", "Eric"),
    ("editor", "split", ["I write everything in Fraise"], ["Fraise won't run right after the Mavericks upgrade, deleted it", ("Annoying! What are you using instead?", "Kod for now, it's free and it looks nice")], "What text editor does the user use now?", "Fraise", "Kod"),
    ("editor", "restated", ["My editor is Pelles C, for the C assignments", ("Pelles C, the C-only one?", "yes Pelles C, tiny and fast")], [("Shall I give you the Pelles C project settings for that?", "no, I'm on wxDev-C++ these days, the lab machines have it and Pelles C couldn't do C++")], "Which editor does the user do their work in these days?", "Pelles C", "wxDev-C++"),
    ("editor", "distractor", [("What editor do you use?", "SubEthaEdit")], ["my intern installed Skedit and keeps telling me SubEthaEdit is ancient. I'm keeping SubEthaEdit. is Skedit any good for CSS though?"], "Which editor does the user use?", "Skedit", "SubEthaEdit"),
    # likes
    ("likes", "update", [("What do you do for fun?", "kite fishing, off the beach at Paraparaumu")], [("Been kite fishing lately?", "haven't touched the kite in months. it's blacksmithing now, built a little forge in the garage")], "What hobby is the user into now?", "kite fishing", "blacksmithing"),
    ("likes", "split", ["my thing is Eisstockschießen, club in Villach, every Saturday"], ["left the Eisstockschießen club. too much schnapps, not enough shooting", ("Ha! Anything taking its place?", "ja, Schuhplattler with the Trachtenverein. my wife can't stop laughing")], "What does the user enjoy doing these days?", "Eisstockschießen", "Schuhplattler"),
    ("likes", "restated", ["I go letterboxing on Dartmoor every weekend", ("Letterboxing, like hunting for hidden stamps?", "exactly, letterboxing, I've got 400 stamps")], [("Any new letterboxing routes you'd like?", "not really into it anymore. it's change ringing now, at the church, Tuesday practice, my arms ache")], "What is the user's hobby at present?", "letterboxing", "change ringing"),
    ("likes", "removal", ["I love Argentine tango and leathercraft."], [("Do you want Argentine tango classes in the list too?", "no Argentine tango for me anymore, my partner moved away and I hate the milongas alone. just leathercraft these days")], "What are the user's hobbies?", "Argentine tango", "leathercraft"),
    ("likes", "distractor", [("Hobbies?", "caving, most weekends in the Mendips")], ["my brother-in-law got into drone racing and wants me to join his club. no thanks, still caving for me. what do I get him for christmas though?"], "What does the user like doing?", "drone racing", "caving"),
    # trip
    ("trip", "update", [("Where are you going for the holidays?", "Kilwa, end of December, the ruins")], [("Need packing tips for Kilwa?", "Kilwa's off, the road is washed out. we're doing Mafia Island instead, flying from Dar")], "Where is the user going at the end of December?", "Kilwa", "Mafia Island"),
    ("trip", "split", ["booked a week on Don Det over New Year"], ["cancelled Don Det, work won't release me till the 3rd", ("Sorry about that. Are you rescheduling somewhere?", "yes, shorter trip, Kampot for 4 days, I can bus from Phnom Penh")], "Where is the user travelling over New Year?", "Don Det", "Kampot"),
    ("trip", "restated", ["planning Otaru in February for the snow light path festival", ("Otaru, near Sapporo?", "yes Otaru, the canal one")], [("Shall I plan the Otaru itinerary now?", "plans changed, it's Jeju now. my parents are coming and they want warm-ish")], "Where is the user going in February?", "Otaru", "Jeju"),
    ("trip", "removal", ["we're going to Trebinje for Christmas to see my husband's family"], [("Do you need a Trebinje packing list?", "no Trebinje this year. his mum's coming to us instead, so no trip at all, we stay home")], "What trip does the user have coming up?", "Trebinje", ""),
    ("trip", "distractor", [("Where's your next trip?", "Dakhla, kitesurfing in January")], ["my boss is off to Svalbard in December, lucky him. I'm still on for Dakhla. what should I tell him to pack?"], "Where is the user travelling to next?", "Svalbard", "Dakhla"),
    # pet
    ("pet", "update", [("What's your dog called?", "Chapulín, a street dog we adopted")], [("How's Chapulín doing?", "we lost him in October, old age. now there's a kitten, Tlacuache, the kids named it. any advice for a first kitten?")], "What pet does the user have now?", "Chapulín", "Tlacuache"),
    ("pet", "split", ["I keep a parrot, an African grey called Bwana"], ["had to give Bwana to a sanctuary, my landlord found out", ("That's hard. Is the flat pet-free now?", "no, landlord allows fish, so I've got a betta called Mkondo now. what temperature for the tank?")], "What is the name of the user's pet now?", "Bwana", "Mkondo"),
    ("pet", "restated", ["my cat Strudel sleeps on the printer", ("Is Strudel still guarding the printer?", "always, Strudel owns the printer")], [("Any Strudel news?", "Strudel went to live with my mum on the farm, she's happier with the mice. I've got a rabbit now, Knödel. is it ok for him to roam the flat?")], "Which pet lives with the user at the moment?", "Strudel", "Knödel"),
    ("pet", "removal", ["I have two dogs, Tyson and Mirza."], [("How are Tyson and Mirza?", "just Mirza now. Tyson ran off after the fireworks and never came back. she's lonely")], "Which pets does the user have?", "Tyson", "Mirza"),
    ("pet", "distractor", [("What pet do you have?", "a tortoise, Bolat, he's 30")], ["my neighbour's husky Yukon got into our yard and tried to eat Bolat!! he's fine. how do I fence off a tortoise area?"], "What is the user's pet called?", "Yukon", "Bolat"),
]

FILLER_USER = [
    "yes, the second one",
    "no, shorter please",
    "ok do that",
    "hmm not quite, more formal",
    "right, and in metric?",
    "sí, perfecto, gracias",
    "nope, I meant the other recipe",
    "how much antifreeze for a 12 litre system",
    "can you make it sound less like a robot",
    "what's the torque for wheel nuts on a small van, roughly",
    "yes go on",
    "no that's wrong, I asked for Celsius",
    "how do I get candle wax out of a tablecloth",
    "is it safe to eat eggs a week past the date",
    "thanks, that's the one",
    "translate 'the invoice is attached' into French pls",
    "ok and what if it rains",
    "not that one, the cheaper option",
    "how long should I rest a brisket",
    "hmm ok, do the list again but numbered",
    "why does my bread always sink in the middle",
    "yes exactly that",
]
FILLER_ASSISTANT = [
    "Sure. Do you want the short version or the detailed one?",
    "Got it. Here's what I'd do:",
    "Happy to help, here you go.",
    "Okay, updated. Anything else?",
    "Good question. Briefly:",
    "No problem. Here are a few options.",
]


# a restated old value: the second statement comes nine days later; a split update: its
# second turn comes the next day
WHEN = Timeline(
    opening=lambda k, j: f"2013-09-{1 + k + j:02d}T07:40:00Z",
    openings=2,
    before=lambda k, j: f"2013-09-{8 + k + 9 * j:02d}T18:25:00Z",
    middle=lambda k, j: f"2013-10-{3 + 8 * j:02d}T12:05:00Z",
    middles=3,
    update=lambda k, j: f"2013-11-{1 + 5 * k + j:02d}T20:15:00Z",
    closing=lambda k: f"2013-12-{4 + k:02d}T09:30:00Z",
    reply=13,
)


def _said(turn: Turn) -> str:
    """What the user says in a story turn."""
    return turn if isinstance(turn, str) else turn[1]


def build(seed: int = 2713) -> list[dict[str, Any]]:
    """All val27 scenarios, deterministic for a seed (dated September – December 2013).

    The stories are built by the shared writer from their user lines; then each
    assistant turn just before an answered question is replaced by the question.
    """
    plain: list[Story] = [(slot, kind, [_said(t) for t in before], [_said(t) for t in update],
                           question, old, new)
                          for slot, kind, before, update, question, old, new in STORIES]
    rows = build_stories(plain, "val27", "kv27", seed, FILLER_USER, FILLER_ASSISTANT, WHEN)
    for row, story in zip(rows, STORIES, strict=True):
        turns: list[dict[str, str]] = row["turns"]
        start = 0
        for turn in [*story[2], *story[3]]:
            at = next(i for i in range(start, len(turns))
                      if turns[i]["role"] == "user" and turns[i]["text"] == _said(turn))
            start = at + 1
            if isinstance(turn, tuple):
                assert at > 0 and turns[at - 1]["role"] == "assistant"
                turns[at - 1]["text"] = turn[0]
    return rows


def main() -> None:
    """Write the split."""
    write(build(), OUT)


if __name__ == "__main__":
    main()
