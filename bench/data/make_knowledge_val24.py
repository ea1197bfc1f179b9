# ruff: noqa: E501  (hand-written data: one story per line reads best)
"""Writes ``knowledge_val24.jsonl``: a twenty-fourth held-out split of the knowledge-update set.

Written in round 16 by an outside evaluator who never read ``src/``
(``"split": "val24"``). Each story is phrased with its own sentence shape. Its
people are students and early-career people in Brazil, Vietnam, Turkey, Ghana,
Germany and New Zealand who use the assistant as a chat companion: national
service postings, Werkstudent contracts, flatshares (WG, república, hall, compound
house), first jobs and internships. They type in a mix of English with Portuguese,
Vietnamese, Turkish, Twi, German and te reo Māori words, with typos, emoji and
sarcasm. What is hard: instructions to the memory itself ("remember that ...",
"update my ...", "scratch that, it's ...", "forget the old one", "Korrektur:");
facts embedded inside requests ("draft an email to my landlord in Whakatāne ...",
"write my Professor a note that my address changed"); relative dates ("since the
Tuesday before last", "since Semesterstart"); negated past ("I'm not in Kumasi any
more", "no more Tutorial Assistant for me"); comparisons ("swapped Rocket Internet
for Trivago", "Atkins? nope, done"); a self-correction inside the update turn
("to a Jenkins box ... wait, no, that was the plan, we actually went with
DEV@cloud"); removals said as absences ("single now", "no car for me anymore",
"not going anywhere for Bayram"), and in the multi-valued slots one item ending
while another stays; date corrections from a registry office (cartório,
nüfus cüzdanı); the update spread over two turns a day apart; and distractor traps
where a flatmate's, roommate's, classmate's, cousin's, sister's, neighbour's or lab
partner's value (or a homework example) is said after the user's own. Values and
filler are new; the timeline (September – December 2012) is no other split's.
18 slots, 89 stories (4 or 5 a slot): 26 update, 18 split, 16 restated,
11 removal, 18 distractor.

Kinds (``"kind"``): ``update`` (``old`` -> ``new``), ``split`` (the update over
two user turns a day apart), ``restated`` (``old`` said twice, nine days apart,
before the update), ``removal`` (``old`` ends, ``new`` remains or "" when
nothing does), ``distractor`` (``new`` is the user's and stays; ``old`` is a
third party's or a homework example's, said later). In the multi-valued slots
(allergy, pet, likes, language) an update's ``old`` is the value that ended and
``new`` the one that took its place; a removal's ``new`` is what is left.

    python bench/data/make_knowledge_val24.py   # rewrites the .jsonl next to it
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _knowledge_writer import Story, Timeline, build_stories, write

OUT = Path(__file__).with_name("knowledge_val24.jsonl")

# (slot, kind, earlier user statements, update turns, question, old, new)
STORIES: list[Story] = [
    # home
    ("home", "update", ["tô morando em Maringá with three guys from my course, the rent is cheap at least and that's the only good thing"], ["can u draft an email to my new landlord in Whakatāne? the hot water cylinder in my unit has been lukewarm since the Tuesday before last and I've only been living here a fortnight 🙃 polite but firm pls, my English is still a bit Brazilian"], "Where does the user live now?", "Maringá", "Whakatāne"),
    ("home", "update", ["Living in Kumasi with my auntie while I wait for my national service posting"], ["Remember that I'm not in Kumasi any more. Posting letter came, I'm in Hohoe now, sharing a compound house with two other service persons near the district office. What's a cheap way to keep mosquitoes out of a room with no nets?"], "Which town is the user based in these days?", "Kumasi", "Hohoe"),
    ("home", "split", ["WG-Zimmer in Greifswald, 14 qm, but the Ostsee is right there so I'm not complaining"], ["Schlüsselübergabe done, Greifswald is officially behind me. sleeping on my cousin's Luftmatratze tonight 😴", "update my city pls: Jena. Got a room in a Plattenbau in Lobeda, 20 min by tram to the institute. How do I do the Anmeldung at the Bürgeramt without an appointment?"], "What city is the user's home at present?", "Greifswald", "Jena"),
    ("home", "restated", ["I'm in Đà Lạt doing agronomy, it's foggy every single morning lol", "cold night again in Đà Lạt, everyone's in jackets and it's only September"], ["scratch that, it's Cần Thơ now. I transferred to the rice research programme and I've been down here since last Saturday. how do I stop my laptop overheating in this humidity??"], "Where is the user living currently?", "Đà Lạt", "Cần Thơ"),
    ("home", "distractor", ["I live in Eskişehir, student flat five minutes from Anadolu Üniversitesi"], ["my flatmate Burak is moving to Trabzon next month for a job at the port 😭 help me write a 'room available' ad in Turkish and English? mention the tram stop and that we're near the campus"], "In which city does the user have their flat?", "Trabzon", "Eskişehir"),
    # employer
    ("employer", "update", ["I'm a Werkstudent at Rocket Internet in the logistics analytics team, 20 hours a week max"], ["swapped Rocket Internet for Trivago last week (better hourly rate AND I get to touch the hotel ranking stuff). can you help me write a LinkedIn headline that doesn't sound desperate?"], "Which company is the user working for now?", "Rocket Internet", "Trivago"),
    ("employer", "split", ["Internship at Vinamilk, quality control lab, so many yoghurt jokes from my friends"], ["Last day at Vinamilk today. They gave me a whole crate of sữa chua as a goodbye lol", "Signed the contract this morning: junior lab analyst at Masan Consumer, start on Monday. What should I wear on the first day, is áo dài too much?"], "Who does the user work for these days?", "Vinamilk", "Masan Consumer"),
    ("employer", "restated", ["I do weekend shifts at Kiwibank in the call centre while I finish my degree", "Kiwibank queue was insane today, a guy yelled at me for twenty minutes about a $4 fee"], ["u can update where I work btw, Xero took me on as a support rep and my last Kiwibank shift was Sunday. how do I ask for my final payslip without it being awkward?"], "Where is the user employed?", "Kiwibank", "Xero"),
    ("employer", "removal", ["I'm on the graduate trainee programme at Turkcell in Istanbul"], ["Turkcell trainee programme? yeah that ended for me on Friday, they didn't keep anyone from our batch 🙃 so forget the old job, I work nowhere now, officially işsiz. how do I explain a 3-month trainee stint in interviews?"], "Which company employs the user?", "Turkcell", ""),
    ("employer", "distractor", ["I work part-time at Natura as a sales consultant, mostly at the kiosk in the shopping"], ["minha colega de quarto just got hired by Localiza and won't stop bragging about the company car 🙄 anyway, how do I calculate my commission if I sell 40 kits at R$ 89 with 30% margin?"], "What company does the user work for?", "Localiza", "Natura"),
    # job title
    ("job_title", "update", ["My title at the agency is Trainee Copywriter, which means I write 400 banner ads a week"], ["Tell your memory: Brand Content Lead. That's what's printed on my new business cards since the restructure on Monday, 'Trainee Copywriter' is history 😎 write me a two-line bio for the agency site?"], "What is the user's job title at the agency now?", "Trainee Copywriter", "Brand Content Lead"),
    ("job_title", "split", ["I'm a Tutorial Assistant in the chemistry department at KNUST"], ["they didn't renew my contract... so no more Tutorial Assistant for me from this semester", "good news though!! the department made me Laboratory Demonstrator for the first-year practicals. do demonstrators have to mark the lab reports too?"], "What position does the user hold in the department?", "Tutorial Assistant", "Laboratory Demonstrator"),
    ("job_title", "restated", ["I'm a Werkstudent Controlling at a mid-size car parts supplier near Stuttgart", "as Werkstudent Controlling I basically live inside SAP, send help"], ["Update my title: Junior Controller. Full contract, no more student hours, unterschrieben yesterday! What should I ask about the bonus before my Probezeit ends?"], "What's the user's role called?", "Werkstudent Controlling", "Junior Controller"),
    ("job_title", "removal", ["I'm the Barista Trainer at a café on Ponsonby Road on top of uni"], ["handed in my apron on Sunday, so no more Barista Trainer, no job title at all now, I'm just a full-time student again. tips for organising revision for three exams in one week?"], "What is the user's current job title?", "Barista Trainer", ""),
    ("job_title", "distractor", ["I'm a Data Entry Intern at a fintech in Levent, mostly Excel and copy paste"], ["my sınıf arkadaşım Elif got promoted to Growth Hacker at her startup 🙄 what does that even mean. anyway can you help me make my internship report sound less boring?"], "What is the user's title at work?", "Growth Hacker", "Data Entry Intern"),
    # manager
    ("manager", "update", ["my supervisor at the lab is Kwabena Ofori-Atta, strict but fair"], ["so Dr. Ofori-Atta went on sabbatical to Leeds and the person I report to now is Efua Mensah-Bonsu. she wants weekly progress reports every Friday, can you give me a template?"], "Who is the user's supervisor now?", "Kwabena Ofori-Atta", "Efua Mensah-Bonsu"),
    ("manager", "split", ["Chefin ist Henrike Brandtstätter, she's the one who approves my hours"], ["Henrike Brandtstätter left the company, Abschiedsfeier was today. no idea who signs my Stundenzettel now 🤷", "ah ok, it's Jörg Hallgrímsson from now on (Icelandic surname, very German guy, long story). should I introduce myself by email or just wait?"], "Who does the user answer to at work now?", "Henrike Brandtstätter", "Jörg Hallgrímsson"),
    ("manager", "restated", ["My manager is Tran Thi Bich Ngoc, she runs the QA team", "Tran Thi Bich Ngoc made us all stay late for the release again, 11pm"], ["heads up, chị Ngọc moved to the Singapore office, so my reviews go to Nguyen Van Khoa now, the new QA lead since Monday. how do I ask him for a raise without sounding pushy?"], "Who manages the user at present?", "Tran Thi Bich Ngoc", "Nguyen Van Khoa"),
    ("manager", "removal", ["My team leader at the call centre is Aroha Tipene"], ["Aroha Tipene's gone (Wellington job) and they just... didn't replace her? we're 'self-managed' now lol. forget the old one, there's no manager. how do I request leave when there's nobody to ask?"], "Who is the user's team leader?", "Aroha Tipene", ""),
    ("manager", "distractor", ["Zeynep Altıntaş is my manager at the bank branch, she's great"], ["my cousin's manager Mehmet Karakaya apparently throws staplers 😂 how do you report a manager like that to HR? asking for my cousin, genuinely"], "Who is the user's boss at the branch?", "Mehmet Karakaya", "Zeynep Altıntaş"),
    # diet
    ("diet", "update", ["I'm doing Atkins induction, basically only protein and cheese, it's grim"], ["Atkins? nope, done, swapped Atkins induction for Weight Watchers ProPoints, my mate from the Mensa got me into it. how many points is a Döner, roughly?"], "What diet is the user following now?", "Atkins induction", "Weight Watchers ProPoints"),
    ("diet", "split", ["Herbalife since August, two shakes a day, my vó thinks I've lost my mind"], ["ok I give up on Herbalife, fainted at the gym on Tuesday and the doctor said I need way more protein", "so now it's the Primal Blueprint: meat, eggs, veg, no grains, no shakes. is feijoada allowed lol"], "How is the user eating these days?", "Herbalife", "Primal Blueprint"),
    ("diet", "restated", ["I'm on a low-histamine diet because of chronic hives, so no aged cheese, no sucuk, no pickles, which is hell in a Turkish kitchen", "low-histamine diet week 3 and my skin is finally calm"], ["the dietitian reintroduced everything and says my skin is fine, so I'm ovo-lacto vegetarian now, which is what I wanted anyway. give me a menemen recipe without the sucuk?"], "What does the user's diet look like at the moment?", "low-histamine diet", "ovo-lacto vegetarian"),
    ("diet", "removal", ["I follow Body for Life for rowing, six small meals a day and a free day on Sunday"], ["rowing season's over and so is Body for Life lol. not following anything now, I eat whatever the hall serves. is it normal to be hungry all the time after stopping?"], "Which eating plan is the user on?", "Body for Life", ""),
    ("diet", "distractor", ["I'm semi-vegetarian, meat maybe twice a week"], ["my flatmate Tane has gone sproutarian now and the fridge is full of sprouting jars 🙃 how do we share a fridge without fighting?"], "What kind of diet does the user keep?", "sproutarian", "semi-vegetarian"),
    # allergy
    ("allergy", "update", ["allergic to tiger nuts (Erdmandeln), which are in every hipster Müsli in Berlin apparently"], ["Korrektur: the Allergologin redid the prick test and the tiger nuts thing was a false positive, the real one is acerola. so no more of those Acerola vitamin shots from dm. pls fix that in what you remember"], "What food is the user allergic to?", "tiger nuts", "acerola"),
    ("allergy", "split", ["I'm allergic to metronidazole, hives as a teenager"], ["doctor says the metronidazole 'allergy' was probably just a viral rash, they tested and I'm totally fine on it", "but they found the real culprit: cefaclor, I swelled up on the test dose 😵 write that down. which antibiotics are related to cefaclor?"], "Which drug is the user allergic to?", "metronidazole", "cefaclor"),
    ("allergy", "restated", ["I can't eat longan, it gives me a rash around my mouth", "mẹ keeps sending longan from Hưng Yên and I keep giving it away, allergic to longan, sad life"], ["patch test results: longan is fine after all (nhãn is back!!), it's rambutan I'm allergic to (chôm chôm, of all things). can I still eat durian?"], "What is the user allergic to?", "longan", "rambutan"),
    ("allergy", "removal", ["Allergies: periwinkles and garden egg. Fun at every family funeral."], ["Korle Bu did a food challenge and I'm not allergic to periwinkles any more, apparently I outgrew it?? garden egg still a yes though, so no garden egg stew. can I finally have my auntie's abenkwan?"], "What allergies does the user have?", "periwinkles", "garden egg"),
    ("allergy", "distractor", ["I'm allergic to okra, so my grandma's bamya is off limits, which in Ankara is a tragedy"], ["my classmate Deniz just found out she's allergic to PPD hair dye at 22, right after dyeing it for her cousin's wedding 😳 can allergies really start that late?"], "Which allergy does the user have?", "PPD hair dye", "okra"),
    # partner
    ("partner", "update", ["my boyfriend Thiago Albuquerque is coming to visit in October!!"], ["ok update my boyfriend in your memory: Rafael Nakamura. Thiago and I ended it in September and Rafa and I have been together since the Tuesday before last 🙈 ideas for our first proper date night in Curitiba?"], "Who is the user's boyfriend now?", "Thiago Albuquerque", "Rafael Nakamura"),
    ("partner", "split", ["My girlfriend is Abena Owusu-Ansah, we met at Legon"], ["Abena Owusu-Ansah and I broke up on Sunday. I'm not ok but I'll live", "ok this is fast but Akosua Darkwa from the choir asked me out yesterday and we're officially together now, don't judge. how do I not mess this one up?"], "Who is the user dating these days?", "Abena Owusu-Ansah", "Akosua Darkwa"),
    ("partner", "restated", ["my partner is Lukas Brenninkmeyer, we share a flat in Leipzig", "Lukas Brenninkmeyer forgot our anniversary. again."], ["scratch that whole Lukas thing, he's out of the picture. I'm with Mirela Hadžić now, we've been together since Semesterstart. what's a Bosnian dish I could learn to cook for her?"], "Who is the user's partner?", "Lukas Brenninkmeyer", "Mirela Hadžić"),
    ("partner", "removal", ["My girlfriend's name is Pounamu Rangi, she's doing law at Vic"], ["Pounamu Rangi and I split up. single now, not looking. what do I do with all the photos on my wall lol"], "Who is the user in a relationship with?", "Pounamu Rangi", ""),
    ("partner", "distractor", ["My husband is Emre Yıldırım, we got married in June"], ["my sister's fiancé Kerem Aksoy is already asking my husband to be his sağdıç, isn't that too soon? how do I tell him politely to wait"], "Who is the user married to?", "Kerem Aksoy", "Emre Yıldırım"),
    # vehicle
    ("vehicle", "update", ["I ride a Honda Wave Alpha to class, it's older than me"], ["sold the Wave 😢 got a Yamaha Nouvo now, second-hand from a guy in Quận 7. how often should I change the oil?"], "What does the user ride now?", "Honda Wave Alpha", "Yamaha Nouvo"),
    ("vehicle", "split", ["I drive a Fiat Uno Mille, probably the cheapest car in Curitiba"], ["the Uno is gone, sold it to my cousin yesterday for R$ 9 mil", "bought a Volkswagen Gol G4 today!! anything I should check in the first week?"], "What car does the user drive now?", "Fiat Uno Mille", "Volkswagen Gol G4"),
    ("vehicle", "restated", ["My car is a 1998 Nissan Sunny, imported from Japan like every car in NZ", "the Nissan Sunny failed its WOF again, brake lights this time"], ["the Sunny's finally dead. got a Mazda Demio off a guy in Papakura for $3500, so that's my car now. what should I check before the next WOF?"], "Which car does the user own?", "Nissan Sunny", "Mazda Demio"),
    ("vehicle", "removal", ["I have a Trabant 601 from my Opa, it's a miracle it still runs"], ["no car for me anymore: the Trabant 601 went to a collector in Zwickau last weekend and I'm doing everything by S-Bahn and bike. help me compare Semesterticket options?"], "What vehicle does the user have?", "Trabant 601", ""),
    ("vehicle", "distractor", ["I ride a Bajaj Boxer to my national service post"], ["my roommate Kofi just bought a Toyota Vitz and now thinks he's a big man 😂 should I ask him for lifts or is that weird?"], "What does the user get around on?", "Toyota Vitz", "Bajaj Boxer"),
    # phone
    ("phone", "update", ["my phone is a Nokia C3-00, the keyboard one, don't laugh"], ["finally upgraded from the C3 to a Samsung Galaxy Y!! how do I move my contacts across?"], "What phone does the user use now?", "Nokia C3-00", "Samsung Galaxy Y"),
    ("phone", "update", ["I use a BlackBerry Curve 8520, BBM is life in Accra"], ["BBM life is over for me, the Curve got snatched at Kaneshie market and I replaced it with a Nokia Asha 303. does WhatsApp work ok on it?"], "Which handset does the user carry these days?", "BlackBerry Curve 8520", "Nokia Asha 303"),
    ("phone", "split", ["I'm on an HTC Desire HD, battery dies by lunch"], ["dropped the Desire HD in the Rhein yesterday. gone. RIP", "new phone: Sony Xperia Sola, got it on a Vertrag with O2. how do I stop apps draining the battery?"], "What is the user's phone at the moment?", "HTC Desire HD", "Sony Xperia Sola"),
    ("phone", "restated", ["phone: LG Optimus Black", "the LG Optimus Black screen is so bright it blinds me in lectures"], ["cracked the Optimus at Raglan, so I'm on a Motorola Defy now (waterproof-ish, for the surfing lol). how do I root it?"], "Which mobile does the user have?", "LG Optimus Black", "Motorola Defy"),
    ("phone", "distractor", ["I've got a Nokia Lumia 710"], ["my flatmate bought a Huawei Ascend P1 and keeps calling my phone a brick 😒 is the Lumia really that outdated?"], "What phone model does the user own?", "Huawei Ascend P1", "Nokia Lumia 710"),
    # email
    ("email", "update", ["my email is mariana.tavares.ufpr@bol.com.br"], ["forget the old one, my email now is mari.tavares88@uol.com.br. the bol one got hacked and spammed my whole faculty 😡 help me write an apology to my professors?"], "What is the user's email address now?", "mariana.tavares.ufpr@bol.com.br", "mari.tavares88@uol.com.br"),
    ("email", "update", ["email me reminders at hoang.minhthu@yahoo.com.vn"], ["from now on use thu.hoang@fpt.edu.vn for me, the school makes us use the university address for everything and the yahoo one is only for games now"], "Which address should the user be emailed at?", "hoang.minhthu@yahoo.com.vn", "thu.hoang@fpt.edu.vn"),
    ("email", "split", ["my mail is jonas.weisskirchen@gmx.de"], ["GMX account is gekündigt, closing it today, too much spam", "new one: jonas.weisskirchen@posteo.de. can you write my Professor a short note that my address changed?"], "What is the user's current email?", "jonas.weisskirchen@gmx.de", "jonas.weisskirchen@posteo.de"),
    ("email", "restated", ["email: kwame.asante.gh@hotmail.com", "did you get that kwame.asante.gh@hotmail.com is my email? use that one for everything"], ["please update my email to k.asante@st.ug.edu.gh, the hotmail is full of junk and my lecturers only answer the school one"], "Which email address does the user use?", "kwame.asante.gh@hotmail.com", "k.asante@st.ug.edu.gh"),
    ("email", "distractor", ["my email's tane.whaanga@xtra.co.nz"], ["can you write an email to my flatmate's new address, ruby.mcallister@orcon.net.nz, reminding her the power bill is due Friday? sign it from me"], "What is the user's email address?", "ruby.mcallister@orcon.net.nz", "tane.whaanga@xtra.co.nz"),
    # birthday
    ("birthday", "update", ["my birthday is 14 de março"], ["KKKK my mom just told me the cartório registered me wrong, my real birthday is 13 de março, not the 14th. update that pls"], "When was the user born?", "14 de março", "13 de março"),
    ("birthday", "update", ["Birthday: 02.11.1991"], ["kleiner Fehler von mir: it's 02.12.1991, I typed the month wrong when I told you. I'm a December kid. remember that"], "What is the user's date of birth?", "02.11.1991", "02.12.1991"),
    ("birthday", "split", ["birthday's 19 Ağustos, yes I'm a Leo 🦁"], ["my nüfus cüzdanı says 19 Ağustos but my anneanne swears that's wrong, apparently they registered me late. so don't trust the 19th", "asked my mom: I was born on 16 Ağustos, three days before they registered me. use 16 Ağustos from now on"], "On which day is the user's birthday?", "19 Ağustos", "16 Ağustos"),
    ("birthday", "distractor", ["my birthday is 25th of September"], ["my classmate Ama's birthday is 4th of October and we're planning a surprise, cheap party ideas for 15 people in Cape Coast?"], "When does the user celebrate their birthday?", "4th of October", "25th of September"),
    # language
    ("language", "update", ["learning Cham because I'm doing fieldwork in Ninh Thuận next year"], ["the fieldwork site moved up to Cao Bằng, so I swapped Cham for Tày last week. any good Tày textbooks for Vietnamese speakers?"], "Which language is the user learning now?", "Cham", "Tày"),
    ("language", "split", ["exchange semester in Cape Coast and I'm taking Fante lessons from my landlady, she laughs at my tones"], ["stopped the Fante lessons, my landlady moved in with her daughter", "started Ewe with a guy from the polytechnic instead since I'm moving to the Volta side next term. what are the hardest sounds?"], "What language is the user studying at the moment?", "Fante", "Ewe"),
    ("language", "restated", ["I'm learning Tupi from an old grammar book, my weird hobby", "Tupi place names are everywhere in Paraná once you notice them"], ["Tupi's on ice, I picked up Nheengatu instead because my namorada's family in São Gabriel da Cachoeira actually speaks it at home. where can I find Nheengatu recordings?"], "Which language is the user working on?", "Tupi", "Nheengatu"),
    ("language", "removal", ["I speak Laz from my mom's side and Kurmanji from my dad's"], ["I can't claim Kurmanji on my CV anymore, haven't spoken it since my dede died and it's just gone. Laz still fine, annem makes sure of that. how should I word languages on a Europass CV?"], "Which languages does the user speak?", "Kurmanji", "Laz"),
    ("language", "distractor", ["I'm learning Cook Islands Māori at night classes at the Pasifika centre, kia orana!"], ["my flatmate started Bislama on an app before her Vanuatu volunteer trip and practises on me at breakfast 😅 any Bislama phrases I can answer with?"], "What language is the user learning?", "Bislama", "Cook Islands Māori"),
    # ci
    ("ci", "update", ["our Rails app builds on CI Joe, the tiny GitHub one"], ["moved off CI Joe to CruiseControl.rb this sprint, because someone wanted a dashboard. can you help me translate the build config?"], "What does the user's team run its builds on now?", "CI Joe", "CruiseControl.rb"),
    ("ci", "update", ["at the startup we use FinalBuilder Server for the C# stuff"], ["we finally killed FinalBuilder Server, it's Team Foundation Build now, my boss bought the MSDN licence. how do I set up a nightly build?"], "Which CI server does the user's startup use?", "FinalBuilder Server", "Team Foundation Build"),
    ("ci", "split", ["our thesis lab uses Bitten, the Trac plugin, for the simulation code"], ["Bitten slave died and nobody knows how to fix it, so we shut it down today", "the lab moved to Luntbuild... yes I know, 2005 called. how do I add an Ant project?"], "What continuous integration does the user's lab use?", "Bitten", "Luntbuild"),
    ("ci", "restated", ["we build on ThoughtWorks Cruise at my internship", "ThoughtWorks Cruise's pipeline view is actually pretty"], ["no more ThoughtWorks Cruise for us, the team moved everything to a Jenkins box under someone's desk... wait, no, that was the plan, we actually went with DEV@cloud, the CloudBees hosted thing. how do I add a GitHub hook there?"], "Where are the user's internship builds run?", "ThoughtWorks Cruise", "DEV@cloud"),
    ("ci", "distractor", ["our CI is Eclipse Hudson, because enterprise"], ["my classmate's startup runs Apache Gump for their nightly builds and he won't shut up about it 🙄 is it worth suggesting to my team lead or will I look naive?"], "What CI tool does the user's team use?", "Apache Gump", "Eclipse Hudson"),
    # database
    ("database", "update", ["our app runs on Oracle XE, inherited from the old Delphi system"], ["Oracle XE → DB2 Express-C migration finished last night!! ☕☕☕ how do I tune the buffer pool for 4 GB of RAM?"], "Which database does the user's app run on now?", "Oracle XE", "DB2 Express-C"),
    ("database", "update", ["my thesis corpus is stored in eXist-db, because XML"], ["ditched eXist-db, BaseX is way faster on my corpus queries. how do I write a full-text query in BaseX?"], "What database holds the user's thesis corpus?", "eXist-db", "BaseX"),
    ("database", "split", ["we store everything in db4o at work"], ["db4o licence expired and the boss won't pay, so we're exporting everything tonight", "it's all in ObjectDB now, imported this morning. how do I write a JPQL join?"], "What database does the user's workplace use at present?", "db4o", "ObjectDB"),
    ("database", "restated", ["the startup uses Tokyo Tyrant for user sessions", "Tokyo Tyrant fell over during the launch and logged everyone out 🙃"], ["Tokyo Tyrant's out. we went with Membase, don't ask. how do I set a TTL on a key?"], "Which datastore keeps the startup's sessions?", "Tokyo Tyrant", "Membase"),
    ("database", "distractor", ["we use Aster Data for the analytics at my internship"], ["homework question for my DB class: 'Explain why Mnesia suits telecom switches'... do you know what Mnesia even is?"], "What database does the user use at the internship?", "Mnesia", "Aster Data"),
    # editor
    ("editor", "update", ["I write my Python homework in DrPython"], ["swapped DrPython for Wing IDE 101 last week, the debugger is so much nicer. how do I change the font size?"], "Which editor does the user write Python in now?", "DrPython", "Wing IDE 101"),
    ("editor", "update", ["for PHP stuff I use Rapid PHP"], ["I'm on NuSphere PhpED now (the uni had spare licences), Rapid PHP is uninstalled. how do I get the debugger working with XAMPP?"], "What does the user edit web code in?", "Rapid PHP", "NuSphere PhpED"),
    ("editor", "update", ["Editor of choice: Editra, yes on Windows XP still"], ["new laptop, so I'm using RJ TextEd instead of Editra now. how do I set tabs to 4 spaces?"], "What text editor does the user use these days?", "Editra", "RJ TextEd"),
    ("editor", "split", ["I code in medit on my Ubuntu netbook"], ["medit keeps crashing on 12.10, removed it", "Scribes is what I'm using now, looks weird but it's fast. how do I turn on line numbers?"], "Which editor is the user coding in at the moment?", "medit", "Scribes"),
    ("editor", "distractor", ["I write my whole thesis in Kile, LaTeX forever"], ["my lab partner swears by TeXnicCenter and wants me to switch so we can share templates. is that even a good reason?"], "What editor does the user use?", "TeXnicCenter", "Kile"),
    # likes
    ("likes", "update", ["I'm obsessed with forró, dancing every Saturday at the Casa do Forró"], ["forró's done for now (joelho 🙄), I swapped it for juggling in Parque Barigui, three balls so far. how do I stop them drifting forward?"], "What is the user into these days?", "forró", "juggling"),
    ("likes", "split", ["I love đá cầu, we play every evening in the park in Bình Thạnh"], ["quit the đá cầu group, my ankle can't anymore lol", "new thing: I joined a cờ tướng club, every Sunday at a café with old uncles who destroy me! what openings should I learn first?"], "What does the user do for fun now?", "đá cầu", "cờ tướng"),
    ("likes", "restated", ["my hobby is ebru, Turkish paper marbling, I do it every weekend", "made a new ebru tulip, finally not blotchy"], ["haven't touched ebru since September, it's all bağlama now, bought one from a shop in Ünkapanı. how do I tune it?"], "What hobby does the user have at the moment?", "ebru", "bağlama"),
    ("likes", "removal", ["I'm into tramping and touch rugby"], ["so touch rugby is off the list, the uni team folded. tramping still going strong tho, did the Pinnacles in the Coromandel last weekend. what's a good pack for overnighters?"], "What are the user's hobbies?", "touch rugby", "tramping"),
    ("likes", "distractor", ["I love highlife guitar, I play in a small band on weekends"], ["my roommate is into oware tournaments now and practises at 2am 😤 how do I ask him to keep it down?"], "What does the user enjoy?", "oware", "highlife guitar"),
    # trip
    ("trip", "update", ["planning a trip to Florianópolis for the feriado in November"], ["changed plans, it's Ilha Grande for the feriado now, Floripa was way too expensive. how do I get there from Rio?"], "Where is the user going for the November holiday?", "Florianópolis", "Ilha Grande"),
    ("trip", "split", ["Tết trip planned: Phú Quốc with my cousins"], ["Phú Quốc is cancelled, flight prices doubled 😤", "booked Côn Đảo instead, same dates. what should I pack?"], "Where is the user travelling for Tết?", "Phú Quốc", "Côn Đảo"),
    ("trip", "restated", ["Christmas trip: Queenstown with my uni mates", "Queenstown hostel deposit paid!"], ["Queenstown's off, we're doing Stewart Island for Christmas now since one of the guys' family has a bach there. what do I need for the ferry?"], "What is the user's Christmas destination?", "Queenstown", "Stewart Island"),
    ("trip", "removal", ["I'm going to Kapadokya in October for the Bayram break"], ["no Kapadokya trip anymore, my burs payment was late and I had to cancel. not going anywhere for Bayram. recommend me a cheap film marathon?"], "What trip does the user have planned?", "Kapadokya", ""),
    ("trip", "distractor", ["winter break I'm going to Poznań for a Weihnachtsmarkt tour, already booked"], ["my Mitbewohnerin is going to Lviv over New Year and wants me to come, but my money's already gone on my own trip. is Lviv cold in December?"], "Where is the user travelling next?", "Lviv", "Poznań"),
    # pet
    ("pet", "update", ["my cat is called Quindim, she's orange and evil"], ["Quindim moved to my vó's place in Londrina (she has a quintal), so it's just me and my new jabuti Tostão now. what do tortoises eat?"], "What pet does the user have now?", "Quindim", "Tostão"),
    ("pet", "split", ["I keep a betta fish named Bánh Bao on my desk"], ["Bánh Bao died this morning 😭 fish funeral at 5", "my sister gave me a hamster to cheer me up, I named her Xôi. what bedding should I buy?"], "What is the user's pet called now?", "Bánh Bao", "Xôi"),
    ("pet", "restated", ["my budgie Hōhepa says 'kia ora' now!!", "Hōhepa escaped for an hour, found him on the curtain rail"], ["Hōhepa lives at my nana's now, no birds allowed in the new flat. but I adopted a kitten called Kūmara from the SPCA on Sunday 🐱 what vaccines does she need?"], "Which animal lives with the user?", "Hōhepa", "Kūmara"),
    ("pet", "removal", ["I have two dogs, Karabaş and Pamuk"], ["we had to give Karabaş to my uncle's farm in Sivas, he needed more space. Pamuk stays with me in the apartment. how do I help Pamuk not feel lonely?"], "Which pets does the user have?", "Karabaş", "Pamuk"),
    ("pet", "distractor", ["my dog is a mixed breed called Ataa"], ["my neighbour's goat Kwaku ate my socks off the line again 😂 how do I fence off a small yard cheaply?"], "What is the name of the user's pet?", "Kwaku", "Ataa"),
]

FILLER_USER = [
    "how long does jollof rice need on low heat? mine always burns at the bottom",
    "is it rude to eat during a Skype call with my thesis supervisor",
    "explain eigenvalues like I'm tired, because I am",
    "what's a polite way to tell my flatmates the dishes have been there since Monday",
    "obrigada!! perfect",
    "how many ECTS is a normal semester in Germany",
    "cảm ơn nha, that helped",
    "should I print my CV on one page or two for a first job",
    "teşekkürler, you're a lifesaver",
    "why does my bread never rise, I followed the recipe exactly 😒",
    "what's the difference between a bachelor thesis and a Hausarbeit",
    "sweet as, cheers",
    "is 7 hours of sleep enough before an exam or should I cram",
    "how do I reference a lecture slide in APA",
    "can you check this sentence: 'I am looking forward to hear from you'",
    "medase, that's exactly it",
    "my laptop fan sounds like a jet engine, should I worry",
    "how do I split a power bill between four people when one is never home",
    "what's a cheap dinner for five with just rice, eggs and tomatoes",
    "is it normal to feel homesick three months in",
    "best way to memorise 200 flashcards in a week?",
    "danke dir, passt",
]
FILLER_ASSISTANT = [
    "Sure thing, here's the short version:",
    "Good one. A few quick points:",
    "Happy to help, try this:",
    "Here's what usually works:",
    "Of course. Step by step:",
    "No worries, here you go:",
]


# a restated old value: the second statement comes nine days later; a split update: its
# second turn comes the next day
WHEN = Timeline(
    opening=lambda k, j: f"2012-09-{1 + k + j:02d}T07:40:00Z",
    openings=2,
    before=lambda k, j: f"2012-09-{8 + k + 9 * j:02d}T22:15:00Z",
    middle=lambda k, j: f"2012-10-{3 + 9 * j:02d}T15:05:00Z",
    middles=3,
    update=lambda k, j: f"2012-11-{1 + 5 * k + j:02d}T20:30:00Z",
    closing=lambda k: f"2012-12-{4 + k:02d}T11:55:00Z",
    reply=14,
)


def build(seed: int = 2412) -> list[dict[str, Any]]:
    """All val24 scenarios, deterministic for a seed (dated September – December 2012)."""
    return build_stories(STORIES, "val24", "kv24", seed, FILLER_USER,
                         FILLER_ASSISTANT, WHEN)


def main() -> None:
    """Write the split."""
    write(build(), OUT)


if __name__ == "__main__":
    main()
