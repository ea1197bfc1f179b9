# ruff: noqa: E501  (hand-written data: one story per line reads best)
"""Writes ``knowledge_val21.jsonl``: a twenty-first held-out split of the knowledge-update set.

Written in round 15 by an outside evaluator who never read ``src/``
(``"split": "val21"``). Each story is phrased with its own sentence shape. Its
people are young parents and gig workers (delivery riders, office and house
cleaners, tutors, market-stall sellers, care assistants), many of them Spanish-,
Portuguese-, Tagalog- or Polish-speaking people writing English on a phone: SMS
style, emoji, dropped subjects ("mudámos to Barreiro in april"), code-switched
words ("no boss no nada", "scam talaga", "se me cayó el móvil"). What is hard:
the change told in passing inside a long message about something else (a sick
child, a flooded stall, a squeaky brake); the user correcting what was said
before ("no that's old, ..."); changes told through their consequences (a new
uniform with another company's logo, a dearer insurance postcode, the ferry as
the new commute, new business cards with another number, a walkie-talkie);
family members' values said nearby as traps (a sister's town, a husband's job
town, a mother's town, a husband's manager and work car, a cousin's job title,
a son's birthday, a daughter's school language and nursery allergy form, a
sister-in-law's honeymoon, a neighbour's parrot); and removals said with slang
("finito", "Benidorm trip ded", "RIP", "no boss no nada", "single mum era").
Values and filler are new; the timeline (March – June 2014) and the seed (2114)
are no other split's.
18 slots, 89 stories (4 or 5 a slot): 26 update, 18 split, 16 restated,
11 removal, 18 distractor.

Kinds (``"kind"``): ``update`` (``old`` -> ``new``), ``split`` (the update over
two user turns a day apart), ``restated`` (``old`` said twice, nine days apart,
before the update), ``removal`` (``old`` ends, ``new`` remains or "" when
nothing does), ``distractor`` (``new`` is the user's and stays; ``old`` is a
third party's, said later). In the multi-valued slots (allergy, pet, likes,
language) an update's ``old`` is the value that ended and ``new`` the one that
took its place; a removal's ``new`` is what is left.

    python bench/data/make_knowledge_val21.py   # rewrites the .jsonl next to it
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _knowledge_writer import Story, Timeline, build_stories, write

OUT = Path(__file__).with_name("knowledge_val21.jsonl")

# (slot, kind, earlier user statements, update turns, question, old, new)
STORIES: list[Story] = [
    # home
    ("home", "update", ["hi!! single mum 2 kids, we live in Wisbech, I clean houses mornings 🧽 so short answers pls I read them in the bus"], ["ok so long story, school called AGAIN about Mateo and his reading, teacher says maybe he needs glasses?? so I took a day off from the agency and lost the money, and the car insurance went up bc of the new postcode, Spalding is more expensive they said 🙄 at least since we moved to Spalding the school is 5 min walking. how do I get a free eye test for kids in the UK?"], "In which town does the user live now?", "Wisbech", "Spalding"),
    ("home", "update", ["we are in Almada, across the river from Lisboa, I do Uber Eats on the bike"], ["no that's old, we're not in Almada anymore!! mudámos to Barreiro in april, the rent was killing us. so now the ferry is my commute every day, minha mãe stays in Seixal with the baby in the day. which bike lights are legal in Portugal?"], "Where has the user got their home these days?", "Almada", "Barreiro"),
    ("home", "split", ["tutor kids in maths, based in Legionowo, commuting into Warsaw on the train every day"], ["last night in Legionowo 😢 boxes everywhere, landlord comes for keys at 8", "first morning in Pruszków!! my sister lives in Otwock so now we are far from her, kids a bit sad. new SKM line for me. how do I register the new address (meldunek) online?"], "Which town is the user's home at present?", "Legionowo", "Pruszków"),
    ("home", "restated", ["I live in Marikina with my husband and baby, I sell kakanin at the weekend market", "Marikina flooding again this week, market closed 2 days 😩"], ["Teh good news!! we are renting in Antipolo now, up the hill so no more baha 🙏 husband still works in Pasig so long jeepney ride for him haha. what plants grow good on a small balcony?"], "What city is the user based in now?", "Marikina", "Antipolo"),
    ("home", "distractor", ["vivo en Getafe, south of Madrid, I tutor English to kids after school"], ["my brother Iker just moved to Alcobendas for a warehouse job and wants me to help with the flat contract in English. what does 'break clause' mean??"], "Where does the user reside?", "Alcobendas", "Getafe"),
    # employer
    ("employer", "update", ["I clean offices for Mitie, night shifts 10pm to 4am"], ["got the new uniform today, purple polo with the ISS Facility Services logo, so ugly 😂 the contract changed hands so all us cleaners from Mitie got moved over to them, same building same hours. do I need to sign a new contract or does the old one carry over? TUPE or something?"], "Which company employs the user now?", "Mitie", "ISS Facility Services"),
    ("employer", "split", ["I ride for Shutl, the app pays per drop"], ["deactivated from Shutl 😤 no explanation, just one email at 2am", "ok sorted, start with CitySprint monday as pushbike courier, they give the bag and the radio. whats a good padded short for 8 hrs on the bike?"], "Who does the user courier for at the moment?", "Shutl", "CitySprint"),
    ("employer", "restated", ["tutoring for Kumon, marking worksheets every evening at the kitchen table", "Kumon centre wants me saturdays too now 🙄"], ["finalmente left Kumon!! hired by Explore Learning, better pay and they train you properly. first shift thursday. how I explain negative numbers to a 7 yr old?"], "Where does the user work these days?", "Kumon", "Explore Learning"),
    ("employer", "removal", ["working at Caffè Nero in Canary Wharf, the 5am shift"], ["bye bye Caffè Nero, handed my notice and yesterday was the last shift lol. no job for now, full time mommy until the baby is 6 months 🍼 how do I claim maternity allowance if I'm not working?"], "What is the user's employer?", "Caffè Nero", ""),
    ("employer", "distractor", ["I deliver parcels for Yodel in my own car, 9 hour days"], ["my husband starts at 2 Sisters Food Group tomorrow, night shift in the chicken factory, so I'm alone with the kids at night now. how to make a toddler sleep in his own bed??"], "Which firm does the user work for?", "2 Sisters Food Group", "Yodel"),
    # job title
    ("job_title", "update", ["I'm a Room Attendant at a hotel in Bayswater, 14 rooms a shift"], ["so from monday I don't clean the rooms anymore, I CHECK them 😎 Housekeeping Supervisor, walkie talkie and everything. the girls from my team already asking me for days off haha. how do I make a rota that's fair??"], "What is the user's job title now?", "Room Attendant", "Housekeeping Supervisor"),
    ("job_title", "update", ["title on my payslip is Kitchen Porter but I do prep also"], ["no that's old!! they put Breakfast Chef on my new contract, chef Rui signed it friday, so I start at 6 doing the eggs and the fry-ups. the knives are mine now lol. how do you sharpen a knife with a whetstone?"], "What role is written on the user's contract?", "Kitchen Porter", "Breakfast Chef"),
    ("job_title", "split", ["I'm a Junior Maths Tutor at a tutoring centre in Leyton"], ["centre manager called me in today, they're dropping the Junior Maths Tutor title for me, she said wait for the paper tomorrow", "new badge says Lead Tutor 🥳 I have to train the new ones now. what should go in a first-day checklist for new tutors?"], "What position does the user hold at the tutoring centre?", "Junior Maths Tutor", "Lead Tutor"),
    ("job_title", "restated", ["I'm a Multi-Drop Driver, van, 120 parcels a day", "Multi-Drop Driver life = lunch in the van every day 🥪"], ["off the road now! Route Planner in the depot office, sitting all day at the computer, my back says obrigado. excel formula to add up stops per postcode?"], "What does the user do at the depot now?", "Multi-Drop Driver", "Route Planner"),
    ("job_title", "distractor", ["I'm a Care Assistant in a nursing home, 12 hr shifts"], ["my cousin Jhoanna got hired as Head Nurse in Riyadh, so proud!! she asked me to check the English in her acceptance email. can you fix it: 'I am accept the position with gladness'"], "What is the user's job?", "Head Nurse", "Care Assistant"),
    # manager
    ("manager", "update", ["my supervisor at the warehouse is Grażyna Wiśniewska, strict but fair"], ["ugh long day. kids sick so I was late, and the new boss Kwabena Asante didn't even say anything, Grażyna would have killed me haha (she went to the Daventry site last month). also my car makes a noise again. what makes a squeak when braking?"], "Who supervises the user at the warehouse these days?", "Grażyna Wiśniewska", "Kwabena Asante"),
    ("manager", "split", ["I report to Rogelio Bustamante, the area manager for the cleaners"], ["Rogelio Bustamante got fired today 😳 nobody knows who is our boss now", "ok the agency says Lourdes Macaraeg is in charge of us from now, she's Pinay too so yay. how do I ask her for sunday off politely?"], "Who is the user's area manager now?", "Rogelio Bustamante", "Lourdes Macaraeg"),
    ("manager", "restated", ["my manager at the market hall is Fintan O'Rourke", "Fintan O'Rourke gave us a new stall spot near the door 🙌"], ["Fintan retired!! the council put Adaeze Nwosu in to run the market, she already changed the bin rules lol. how do I write a complaint about the rent increase that sounds professional?"], "Who runs the market the user answers to?", "Fintan O'Rourke", "Adaeze Nwosu"),
    ("manager", "removal", ["my boss is Heitor Vasconcelos, he owns the cleaning company"], ["Heitor Vasconcelos sold the company and I went solo, my own clients, no boss no nada 💪 how much should I charge per hour in Cambridge?"], "Who is the user's boss?", "Heitor Vasconcelos", ""),
    ("manager", "distractor", ["my manager is Jadwiga Kołodziej, she runs the tutoring office"], ["husband's new manager, Priyanka Deshmukh, wants him every saturday now 😩 and I tutor saturdays so who watches the kids?? ideas for cheap weekend childcare?"], "Who does the user report to?", "Priyanka Deshmukh", "Jadwiga Kołodziej"),
    # diet
    ("diet", "update", ["doing the Cambridge Weight Plan since the baby, shakes and bars only"], ["cancelled the Cambridge Weight Plan, the consultant was charging 40 quid a week 😭 now it's Slim-Fast from Tesco, one shake for breakfast one for lunch and a normal dinner, way cheaper. is the chocolate one or the strawberry one less sugar?"], "Which eating plan is the user on now?", "Cambridge Weight Plan", "Slim-Fast"),
    ("diet", "split", ["I do the alkaline diet, lemon water and greens every day haha"], ["stopped the alkaline diet thing, I was dead tired on the bike all day, legs like jelly", "doctor put me on a high-protein diet now for the riding. meal prep ideas under £20 a week?"], "How does the user eat these days?", "alkaline diet", "high-protein diet"),
    ("diet", "restated", ["I follow the blood type diet (I'm O positive)", "blood type diet says no wheat for me lol"], ["ok my sister convinced me, now I'm doing 5:2 fasting, mondays and thursdays 500 calories only. husband still eats everything 😂 what 500-calorie dinner can I make?"], "What diet does the user follow at present?", "blood type diet", "5:2 fasting"),
    ("diet", "removal", ["I'm on Herbalife shakes for breakfast and lunch"], ["no more Herbalife shakes, scam talaga, my tita sold them to me lol 🙄 not on any diet now, just normal food. what's a healthy baon for kids?"], "Is the user following a diet, and which?", "Herbalife shakes", ""),
    ("diet", "distractor", ["I'm on a low-sodium diet since the baby, my blood pressure went crazy in the pregnancy"], ["mother-in-law visiting next week and she's on the Montignac method, no white rice no potatoes, she's gonna complain about all my food 😅 what do I cook for 5 when one doesn't eat white carbs?"], "What dietary pattern does the user keep?", "Montignac method", "low-sodium diet"),
    # allergy
    ("allergy", "update", ["allergic to natural rubber, so I use the blue nitrile gloves for cleaning"], ["allergist says it was never the natural rubber!! patch test shows methylisothiazolinone, it's in half the cleaning sprays and the wet wipes. so normal gloves ok again but I need MI-free products. which brands are safe?"], "What is the user allergic to now?", "natural rubber", "methylisothiazolinone"),
    ("allergy", "split", ["I'm allergic to clams, no halaan soup for me 😭"], ["went to the allergy clinic, clams test came out negative!! halaan is back on the menu", "but they found I'm allergic to peach 🍑 of all things, so no more Jollibee peach mango pie lol. dessert ideas without it?"], "Which food allergy does the user have at the moment?", "clams", "peach"),
    ("allergy", "restated", ["allergy to clarithromycin, I got a rash as a kid", "remember the clarithromycin allergy if I ask about meds for my chest"], ["no that's old info. they retested and clarithromycin is fine, the rash was the virus. the real one is trimethoprim, I swelled up last month with a UTI. which antibiotics can I take for a UTI then?"], "Which medicine is the user allergic to?", "clarithromycin", "trimethoprim"),
    ("allergy", "removal", ["allergic to dog dander and house dust mites, antihistamines always in my bag"], ["dog dander not a problem anymore?? did the immunotherapy shots for 3 yrs and now I clean a house with 2 labradors and zero sneezing 🙌 house dust mites still the same though, mask on when I hoover. tips for very dusty houses?"], "What allergies does the user have now?", "dog dander", "house dust mites"),
    ("allergy", "distractor", ["I'm allergic to olive pollen, May in Córdoba is hell for me"], ["daughter's nursery sent home a form, they think she's allergic to chestnuts after the autumn snack day, now I read every label 😩 do I need a doctor letter?"], "What is the user allergic to?", "chestnuts", "olive pollen"),
    # partner
    ("partner", "update", ["my boyfriend Przemek drives a taxi nights so I do the kids in the mornings"], ["what a week: baby teething, the stall at the market flooded, and I finally told Przemek it's over, he moved to his brother's. Dawid (the guy from the bakery stall) took me for coffee saturday and we're kinda together now 🙈 anyway how do I get a teething baby to sleep?"], "Who is the user's boyfriend now?", "Przemek", "Dawid"),
    ("partner", "split", ["married to Eleuterio, 8 years, two boys"], ["Eleuterio and me are separated now, signed the papers at the lawyer today. not ok but ok", "and... there's someone, Anselmo, from church choir. we've been talking for months and now it's official. too soon?? how do I tell the boys?"], "Who is the user's partner at the moment?", "Eleuterio", "Anselmo"),
    ("partner", "restated", ["my girlfriend Xiomara is a nanny in Chelsea", "Xiomara's boss gave her a whole weekend off!!"], ["not with Xiomara anymore 💔 I'm with Wiktoria now, from the Polish shop, she makes the best pierogi lol. cheap date ideas in London?"], "Who is the user seeing these days?", "Xiomara", "Wiktoria"),
    ("partner", "removal", ["my fiancé is Leandro, wedding next year in Braga"], ["Leandro and I are done, finito, he went back to Braga and I'm staying here. single mum era 💅 how do I get a wedding venue deposit back?"], "Who is the user engaged to?", "Leandro", ""),
    ("partner", "distractor", ["my husband Joaquim works on the building sites"], ["my sister Paula is dating some guy called Valdemar and he's already asking her for money 🚩 how do I talk to her without her getting angry?"], "Who is the user married to?", "Valdemar", "Joaquim"),
    # vehicle
    ("vehicle", "update", ["I deliver on a Honda PCX 125, best scooter for the city"], ["insurance for the Yamaha NMAX is cheaper than the Honda PCX 125 was, sold the Honda last week to my cousin 😊 and the NMAX is good on fuel too. what oil does it take?"], "What does the user ride for deliveries now?", "Honda PCX 125", "Yamaha NMAX"),
    ("vehicle", "split", ["we have a Citroën Berlingo, for the family and for the market stall stuff"], ["the Citroën Berlingo is gone, gearbox died and the garage wanted 1200 so we scrapped it", "bought a Fiat Doblò at an auction, fits the stall AND the kids 🙌 how do I check if it has outstanding finance?"], "Which vehicle does the user's family have now?", "Citroën Berlingo", "Fiat Doblò"),
    ("vehicle", "restated", ["I have a Kymco Agility 50 for the pizza deliveries", "Kymco Agility 50 won't start in the cold again 🥶"], ["the Kymco Agility 50 got stolen outside the flats, so with the insurance money I bought a Carrera Crossfire-E, electric bike, no petrol no tax!! how long does the battery last in winter?"], "What does the user get around on at present?", "Kymco Agility 50", "Carrera Crossfire-E"),
    ("vehicle", "removal", ["got a Dacia Logan, I do the school run and the cleaning jobs with it"], ["Dacia Logan is dead, RIP 🪦 scrapped, no car now, buses and my feet haha. how do I carry a mop and bucket on the bus to clients??"], "What car does the user have?", "Dacia Logan", ""),
    ("vehicle", "distractor", ["we have a Toyota Vios, I drive it to my tutoring students"], ["my husband's company gave him a Mitsubishi Adventure for work, so two cars in the garage and no space for the kids' bikes 😂 how do I organise a tiny garage?"], "Which car does the user drive?", "Mitsubishi Adventure", "Toyota Vios"),
    # phone
    ("phone", "update", ["my number is 0917 555 2840 for the clients"], ["hi! so many things: baby has fever since last night, I gave paracetamol, landlady wants the rent early, and my Globe sim got blocked so new one now, 0998 555 1736, Smart network. can you make a short text for my clients telling the new number?"], "What number do the user's clients reach them on now?", "0917 555 2840", "0998 555 1736"),
    ("phone", "update", ["call me on +48 601 555 318 if anything"], ["no no that number is old, I changed to Play, it's +48 790 555 264 now. write me a short ad for maths tutoring with the new number pls"], "Which phone number does the user have now?", "+48 601 555 318", "+48 790 555 264"),
    ("phone", "update", ["my mobile: 912 555 407"], ["the new cartões for the stall say 936 555 918, the 912 555 407 is dead since I switched to NOS. how do I make the MB Way app work with the new number?"], "What is the user's mobile number at present?", "912 555 407", "936 555 918"),
    ("phone", "split", ["my phone is 655 55 12 98"], ["se me cayó el móvil en el metro, screen broken and the SIM too, so 655 55 12 98 is cancelled", "got a new SIM from Yoigo, number is 622 55 80 41. cheapest way to call Ecuador from Spain?"], "On what number can the user be called these days?", "655 55 12 98", "622 55 80 41"),
    ("phone", "distractor", ["my cell is (617) 555-0178"], ["babysitter gave me her new number (857) 555-0122 and I saved it wrong twice already 😅 how do I put her in favorites on the iPhone so I can call fast?"], "What is the user's cell number?", "(857) 555-0122", "(617) 555-0178"),
    # email
    ("email", "update", ["my email: rosario.limpezas@yahoo.com"], ["made a proper business email finally!! brilho.cleaning@gmail.com, the yahoo one was full of spam. can you write a welcome email for new clients from it?"], "Which e-mail address does the user use now?", "rosario.limpezas@yahoo.com", "brilho.cleaning@gmail.com"),
    ("email", "update", ["email me at kasia.tutor.maths@o2.pl"], ["no that's old, o2 closed my account lol, use kasia.korepetycje@wp.pl now. can you write a reminder email for parents who didn't pay?"], "Where should e-mails to the user go now?", "kasia.tutor.maths@o2.pl", "kasia.korepetycje@wp.pl"),
    ("email", "split", ["email is jhunjhun.delacruz@ymail.com"], ["can't log in to jhunjhun.delacruz@ymail.com anymore, hacked 😡 don't use it", "made a new one: jdelacruz.rider@outlook.com. how do I make a strong password I can remember?"], "What is the user's e-mail address at the moment?", "jhunjhun.delacruz@ymail.com", "jdelacruz.rider@outlook.com"),
    ("email", "restated", ["my email is mamadelucas84@hotmail.es", "mamadelucas84@hotmail.es is also where the school sends stuff"], ["changed everything to lucasyvalentina.mama@gmail.com bc hotmail kept losing the school emails!! how do I make gmail put school emails in a folder?"], "Which inbox does the user check these days?", "mamadelucas84@hotmail.es", "lucasyvalentina.mama@gmail.com"),
    ("email", "distractor", ["my email: t.nowicki.deliveries@gmail.com"], ["wife made her email for the nail salon: ania.nails.leyton@gmail.com, she wants a logo in the signature, how do I add an image signature in gmail?"], "What e-mail does the user have?", "ania.nails.leyton@gmail.com", "t.nowicki.deliveries@gmail.com"),
    # birthday
    ("birthday", "update", ["my bday is 27 March, aries ♈"], ["hahaha funny story, applying for the Polish passport the consulate says I'm born 28 March. mama always said the 27th but the paper wins 🤷 so put 28 March pls"], "When is the user's birthday?", "27 March", "28 March"),
    ("birthday", "update", ["aniversário: 2 de julho"], ["corrected my birth date on the NIF papers: it's 12 de julho, the registry in Goiânia wrote it wrong my whole life 🙄 how do I change it at the bank too?"], "On which day was the user born?", "2 de julho", "12 de julho"),
    ("birthday", "split", ["my birthday is 1985-09-03"], ["wait the 1985-09-03 I told you is wrong, my birth certificate from Cebu says something else, I'll check the papers tomorrow", "found it: 1985-09-30. the missing zero was my lola's mistake on the school forms haha. can you remember that one?"], "What is the user's date of birth?", "1985-09-03", "1985-09-30"),
    ("birthday", "distractor", ["my birthday is 21st of November"], ["son's birthday is 8th of May and he wants a Minecraft party 😩 cheap ideas for 10 kids?"], "When does the user celebrate their birthday?", "8th of May", "21st of November"),
    # language
    ("language", "update", ["I speak Tagalog and now learning Gulf Arabic for a caregiver job in Kuwait"], ["the Kuwait job fell through so Gulf Arabic is out 😞 the agency got me a caregiver job in Taichung instead, the lola there only speaks Taiwanese Hokkien so that's my homework every night on youtube. how many tones does it have??"], "Which language is the user studying now?", "Gulf Arabic", "Taiwanese Hokkien"),
    ("language", "split", ["learning Valencian for my job at the school kitchen in Gandia, the kids talk it all day lol"], ["stopped the Valencian classes, too much with the night shifts", "but my boss is paying for Spanish Sign Language level 1 on thursdays, more useful for the deaf boy in the nursery class. good youtube channels for it?"], "What language class does the user go to these days?", "Valencian", "Spanish Sign Language"),
    ("language", "restated", ["learning Flemish, we want to move to Antwerp next year, my cousin is there", "Flemish has like 3 words for everything 😵"], ["mudança de planos: husband's family is in Praia and his uncle gave him a job at the port, so it's Cape Verdean Creole now, Flemish is over. is it close to Portuguese?"], "Which language is the user learning at present?", "Flemish", "Cape Verdean Creole"),
    ("language", "removal", ["I speak Waray and Bikol, mama is from Samar and papa from Naga"], ["my Bikol is gone tbh, totally rusty, I only talk to papa's side twice a year and can't follow them anymore. Waray still every day with mama. so for the CV only Waray plus Tagalog and English right? how do I write levels?"], "Which Philippine languages does the user speak besides Tagalog?", "Bikol", "Waray"),
    ("language", "distractor", ["learning Papiamento, we move to Curaçao in the summer for my husband's hotel job"], ["we live near Miranda do Douro and my daughter started Mirandese at school, now she corrects my pronunciation 😂 how do I help her practise if I don't know any?"], "What language is the user learning?", "Mirandese", "Papiamento"),
    # ci
    ("ci", "update", ["I teach coding to teens on weekends, the class repo runs its tests on BuildHive"], ["Atlassian gave us a free classroom licence so the class repo moved from BuildHive to Bamboo OnDemand, the kids didn't even notice lol. how do I show the build status on the class page?"], "Where do the tests of the user's class repo run now?", "BuildHive", "Bamboo OnDemand"),
    ("ci", "split", ["for my bootcamp PHP project we use Xinc"], ["killed the Xinc setup today, too many red builds and the mentor got mad 😅", "mentor set up PHPCI instead, much faster. how do I make it run only on master?"], "Which CI does the user's bootcamp project use these days?", "Xinc", "PHPCI"),
    ("ci", "restated", ["our shop website builds with Visual Build Pro, my brother-in-law set it up in 2009 lol", "Visual Build Pro broke again and the shop site is down 😩"], ["cunhado finally replaced Visual Build Pro with Visual Studio Online, it's in the cloud so no more server in my closet!! how do I get a notification on the phone when a build fails?"], "What builds the user's shop website now?", "Visual Build Pro", "Visual Studio Online"),
    ("ci", "removal", ["the tutoring booking app I made builds on Buildbox"], ["deleted the Buildbox account, too expensive for one person. no CI at all now, I just run the tests on my laptop before pushing 🤷‍♀️ is that terrible?"], "What CI service does the user's booking app use?", "Buildbox", ""),
    ("ci", "distractor", ["my bootcamp team uses Tddium for CI"], ["my husband's company is switching to BuildForge and he's so stressed, he talks about build servers at dinner 😂 what is BuildForge even?"], "Which continuous integration tool does the user's team run?", "BuildForge", "Tddium"),
    # database
    ("database", "update", ["my stall stock list is in Bento on the old Mac, my nephew made it"], ["Bento got discontinued so my nephew moved the whole stock list to Zoho Creator, now I see it on my phone at the market!! how do I make a report of what sold this week?"], "Where does the user keep their stall's stock data now?", "Bento", "Zoho Creator"),
    ("database", "update", ["the tutoring site stores the students in Amazon SimpleDB, don't ask why"], ["no that's old, my friend migrated it to MongoLab last weekend, SimpleDB was too weird. how do I export the student list to a spreadsheet?"], "Which database does the user's tutoring site run on now?", "Amazon SimpleDB", "MongoLab"),
    ("database", "split", ["our little delivery app uses Datomic"], ["took Datomic down today, way too complicated for a small app like ours", "everything is in Cloudant now, the sync to the riders' phones is better. how do I do a backup in Cloudant?"], "What database is behind the user's delivery app these days?", "Datomic", "Cloudant"),
    ("database", "restated", ["my recipe app for the market keeps its data in StackMob", "StackMob dashboard so slow today ugh"], ["StackMob is shutting down after the PayPal thing so I moved everything to Kii Cloud last week. how do I import the users there?"], "What backend stores the data of the user's recipe app at present?", "StackMob", "Kii Cloud"),
    ("database", "distractor", ["at the bootcamp we keep our app data on MongoHQ"], ["my cousin in Manila works with IBM IMS at a bank and says MongoHQ is a toy 😤 is he right?? what's the difference"], "What database does the user work with?", "IBM IMS", "MongoHQ"),
    # editor
    ("editor", "update", ["I write my code in HTML-Kit"], ["bootcamp told us all to use Adobe Edge Code so I'm on Adobe Edge Code now, the live preview is so nice 😍 how do I install extensions?"], "What editor does the user code in now?", "HTML-Kit", "Adobe Edge Code"),
    ("editor", "update", ["I use Nitrous.IO for the python homework, the one in the browser"], ["no that's old, I'm on Koding now bc Nitrous.IO started charging. how do I run a python file from the terminal in there?"], "Which editor does the user do their Python homework in these days?", "Nitrous.IO", "Koding"),
    ("editor", "split", ["my editor is Caret, on the chromebook"], ["deleted Caret, kept crashing on my chromebook", "trying Chrome Dev Editor now and I'm keeping it, looks so cool. how do I change the font size?"], "What text editor does the user have at the moment?", "Caret", "Chrome Dev Editor"),
    ("editor", "restated", ["I use CoffeeCup HTML Editor for the tutoring website", "CoffeeCup HTML Editor FTP upload is the best thing ever"], ["CoffeeCup HTML Editor is gone from my laptop, my brother gave me his phpDesigner licence and that's what I use now. how do I set up FTP in phpDesigner?"], "Which editor does the user edit the tutoring website with now?", "CoffeeCup HTML Editor", "phpDesigner"),
    ("editor", "distractor", ["I use Codenvy for my java class, in the browser"], ["my classmate Bogdan uses Visual Studio Express and keeps saying browser editors are for grandpas lol. is he right?"], "What editor does the user use?", "Visual Studio Express", "Codenvy"),
    # likes
    ("likes", "update", ["I love zumba, 3 classes a week at the community centre"], ["gave up zumba, my knees 😫 doing capoeira now at the same centre, the kids come too. what shoes for capoeira?"], "What does the user do for fun now?", "zumba", "capoeira"),
    ("likes", "split", ["my hobby is karaoke, every friday with the titas at the pub"], ["the pub stopped karaoke night so that's over for me 😢", "started arnis classes instead!! filipino stick fighting, my son loves it too. where do I buy rattan sticks in the UK?"], "What hobby is the user into these days?", "karaoke", "arnis"),
    ("likes", "restated", ["paper quilling is my thing, I sell the cards at the market", "did 12 paper quilling cards for mother's day orders 🌸"], ["paper quilling is over for me, my eyes hurt with the tiny strips. now it's soap making, faster to sell!! what oils for a beginner cold process soap?"], "Which craft does the user enjoy at present?", "paper quilling", "soap making"),
    ("likes", "removal", ["I like futsal and carp fishing on my days off"], ["futsal is finito, tore my ACL 🦵 doctor says never again. carp fishing still ok, I can sit down haha. best spot near Leeds?"], "What are the user's hobbies now?", "futsal", "carp fishing"),
    ("likes", "distractor", ["I love bachata dancing"], ["my husband is obsessed with pigeon racing now, like his tata in Poland, the loft takes half the garden 🙄 how do I make him stop lol"], "What does the user like doing?", "pigeon racing", "bachata dancing"),
    # trip
    ("trip", "update", ["saving for Zakopane in June with the kids"], ["bought the bus tickets to Sopot today for June 🏖️ Zakopane was too expensive with all the kids so we changed. what do I pack for the Baltic sea?"], "Where is the user's family going in June?", "Zakopane", "Sopot"),
    ("trip", "split", ["going home to Bohol in June for my brother's wedding"], ["the Bohol trip is cancelled, wedding postponed, the church is still not fixed after the earthquake 😞", "so with the ticket credit I'm flying to Dumaguete in June to see my lola instead. what pasalubong to bring from the UK?"], "Where is the user travelling in June?", "Bohol", "Dumaguete"),
    ("trip", "restated", ["summer trip: Ericeira with the kids, surf lessons booked", "Ericeira apartment is paid!!"], ["Ericeira is off bc husband can't get the days, so we're doing Vila Nova de Milfontes instead, closer to his mãe. beach ideas for toddlers?"], "Where is the user going for the summer holiday?", "Ericeira", "Vila Nova de Milfontes"),
    ("trip", "removal", ["going to Benidorm in May with the girls from work"], ["Benidorm trip ded 💀 two girls dropped out and the apartment cancelled on us. nothing planned now, staying home and working. how do I get the deposit back from the booking site?"], "What trip has the user got planned?", "Benidorm", ""),
    ("trip", "distractor", ["going to Segovia in April for Semana Santa with my family"], ["my sister-in-law is going to Punta Cana for her honeymoon and keeps sending me hotel pics 🙄 nice gift for a honeymoon couple?"], "Where is the user's next trip to?", "Punta Cana", "Segovia"),
    # pet
    ("pet", "update", ["we have a rabbit called Pipoca"], ["Pipoca passed away 😢 the kids cried all week. the neighbour's cat had kittens so now we have a little one, Paçoca. what do kittens eat at 8 weeks?"], "What is the name of the user's pet now?", "Pipoca", "Paçoca"),
    ("pet", "split", ["our dog Burek is a big mix, lives in the yard"], ["had to give Burek to my parents' farm, new landlord says no dogs 😭", "kids got a hamster at the market, they named him Pierogi lol. how often do I clean the cage?"], "Which pet does the user's family keep at the moment?", "Burek", "Pierogi"),
    ("pet", "restated", ["my cat Mingming sleeps on the laundry pile lol", "Mingming knocked over the rice cooker 😾"], ["Mingming stayed with my mama when we moved, landlord says no cats. the kids have a budgie now, Ligaya, so loud in the morning lol. how to tame a budgie?"], "What pet lives with the user these days?", "Mingming", "Ligaya"),
    ("pet", "removal", ["two dogs: Chispa and Bantay"], ["Bantay ran off during the fireworks and never came back 💔 only Chispa now and she's so sad. how do I cheer up a lonely dog?"], "Which dogs does the user have?", "Bantay", "Chispa"),
    ("pet", "distractor", ["I have a guinea pig called Churro"], ["neighbour's parrot Lorenzo escaped and sat on my balcony all morning 😂 what do parrots eat? want to keep him busy till she's home"], "What is the user's pet called?", "Lorenzo", "Churro"),
]

FILLER_USER = [
    "how long rice in the rice cooker for 4 cups",
    "baby wont stop crying after the jab, normal?? 😩",
    "salamat po 🙏",
    "what's the difference between self employed and zero hours contract",
    "can you write a text to a client that I'm 10 min late pls, traffic",
    "how do I get wax out of a carpet, client asked lol",
    "dziękuję, perfect",
    "is it safe to ride the bike in the rain with disc brakes",
    "how much tax do I pay if I earn 9k a year self employed",
    "kids lunchbox ideas no nuts the school is strict",
    "what's 15% of 68",
    "obrigada!! 😘",
    "how to remove mould from a shower silicone",
    "explain fractions for a 9 year old but simple",
    "do I need a receipt book for the market or phone is ok",
    "what's a good price for second hand kids shoes",
    "ok gracias 👍",
    "how do I say 'I'm not available on sundays' more polite",
    "is paracetamol and ibuprofen together ok for adults",
    "best way to keep phone battery alive on a 10 hour shift",
    "how many calories in a chicken adobo plate",
    "quick: what's the plural of 'child' in english lol",
    "thanks, that helps",
]
FILLER_ASSISTANT = [
    "Sure, here's the short version.",
    "Of course! Here you go:",
    "Good question, a few options:",
    "Happy to help with that.",
    "Here's what usually works:",
    "No problem. Quick answer:",
]


# a restated old value: the second statement comes nine days later; a split update: its
# second turn comes the next day
WHEN = Timeline(
    opening=lambda k, j: f"2014-03-{2 + k + j:02d}T07:40:00Z",
    openings=2,
    before=lambda k, j: f"2014-03-{10 + k + 9 * j:02d}T22:05:00Z",
    middle=lambda k, j: f"2014-04-{3 + 7 * j:02d}T12:15:00Z",
    middles=3,
    update=lambda k, j: f"2014-05-{1 + 5 * k + j:02d}T20:30:00Z",
    closing=lambda k: f"2014-06-{4 + k:02d}T09:55:00Z",
    reply=14,
)


def build(seed: int = 2114) -> list[dict[str, Any]]:
    """All val21 scenarios, deterministic for a seed (dated March – June 2014)."""
    return build_stories(STORIES, "val21", "kv21", seed, FILLER_USER,
                         FILLER_ASSISTANT, WHEN)


def main() -> None:
    """Write the split."""
    write(build(), OUT)


if __name__ == "__main__":
    main()
