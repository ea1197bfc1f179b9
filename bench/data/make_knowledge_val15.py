# ruff: noqa: E501  (hand-written data: one story per line reads best)
"""Writes ``knowledge_val15.jsonl``: a fifteenth held-out split of the knowledge-update set.

Written in round 13, before any code change of that round, by someone who never
read ``src/`` (``"split": "val15"``): an outside evaluator's set, measured only at
the start and the end of the round, never looked at while tuning. Its people talk
to a voice assistant or text in a hurry: speech-to-text transcripts with little or
no punctuation, "um" and "uh", false starts and self-repairs ("I mean", "wait no"),
numbers spelled as words where a transcript would; code-switching speakers who mix
English with a few words of Spanish, Hindi, German or Tagalog (the value itself is
always a clear name); emoji-heavy short texts; changes mentioned in passing while
asking for something else ("remind me to register the new car, I traded in the
old one"); changes told with relative time ("since last month", "as of
yesterday", "starting this week"); "used to ... now ..." sentences; and ownership
traps: a spouse's, child's, roommate's or friend's value in the later turn, friends'
news, and hypotheticals or questions ("should I switch to X?") that change nothing.
Values and filler are new; the timeline (March 2019 – June 2019) is no other split's.
18 slots, 88 stories (4 or 5 a slot): 25 update, 18 split, 16 restated,
11 removal, 18 distractor.

Kinds (``"kind"``): ``update`` (``old`` -> ``new``), ``split`` (the update over
two user turns a day apart), ``restated`` (``old`` said twice, nine days apart,
before the update), ``removal`` (``old`` ends, ``new`` remains or "" when
nothing does), ``distractor`` (``new`` is the user's and stays; ``old`` is a
third party's or a hypothetical value, said later). In the multi-valued slots
(allergy, pet, likes, language) an update's ``old`` is the value that ended and
``new`` the one that took its place; a removal's ``new`` is what is left.

    python bench/data/make_knowledge_val15.py   # rewrites the .jsonl next to it
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _knowledge_writer import Story, Timeline, build_stories, write

OUT = Path(__file__).with_name("knowledge_val15.jsonl")

# (slot, kind, earlier user statements, update turns, question, old, new)
STORIES: list[Story] = [
    # home
    ("home", "update", ["um I live in Kettering so like the trains to London are the ones I care about"], ["okay um set a reminder for bin day uh it's Thursdays here in Wellingborough I mean since we moved at the end of April it's Thursdays not Mondays"], "Which town does the user live in now?", "Kettering", "Wellingborough"),
    ("home", "split", ["vivo en Cuenca, Ecuador, so prices in dollars porfa"], ["ya no estamos en Cuenca 😮‍💨 we handed back the keys hoy, todo en cajas en el camión", "ok ya llegamos! we're in Loja now, el apartamento es chiquito pero bonito. what's the weather like in Loja this week?"], "Where is the user living at the moment?", "Cuenca", "Loja"),
    ("home", "restated", ["home sweet home 🏡 Tromsø ❄️", "Tromsø winters 🥶🥶 need a better jacket fr"], ["📦📦📦 moved!!! Bodø is home now 🏠✨ as of yesterday. best pizza in Bodø?? 🍕"], "What city is the user's home now?", "Tromsø", "Bodø"),
    ("home", "distractor", ["I live in Dunedin, been here like six years now"], ["um so my roommate just told me she's moving to Nelson in July uh and she keeps saying I should come to Nelson too but nah I'm staying put so uh can you write an ad for her room"], "Where does the user live?", "Nelson", "Dunedin"),
    ("home", "update", ["I'm in Ballarat if that matters for the frost dates"], ["so I used to live in Ballarat but now I'm out in Bendigo since the start of this month um which veggies can I still plant here in May"], "Where is the user based these days?", "Ballarat", "Bendigo"),
    # employer
    ("employer", "update", ["I work at Halvorsen Dairy in the QA lab"], ["can you help me figure out my commute um since I started at Ferncliff Ceramics last week I take the seven forty bus uh what's a good podcast for like forty minutes"], "Who does the user work for now?", "Halvorsen Dairy", "Ferncliff Ceramics"),
    ("employer", "split", ["main Vaidya Pharma mein kaam karta hoon, quality control side pe"], ["aaj last day tha Vaidya Pharma mein, resignation accept ho gaya, feeling weird yaar", "kal se Sundaram Agritech join kar raha hoon, offer letter aa gaya finally. can you help me write a short intro for the new team?"], "Which company is the user with at present?", "Vaidya Pharma", "Sundaram Agritech"),
    ("employer", "restated", ["I work at Pemberton Logistics", "uh Pemberton Logistics has this weird dress code thing so what shoes count as smart casual"], ["so um I'm not at Pemberton Logistics anymore I mean as of Monday I'm at Ashgrove Couriers uh doing dispatch can you explain what a manifest is"], "Where is the user employed now?", "Pemberton Logistics", "Ashgrove Couriers"),
    ("employer", "removal", ["work @ Calloway Bakeries 🥐☕"], ["quit Calloway Bakeries today 😤✌️ no job lined up, just vibes for the summer ☀️ budget tips??"], "Where does the user work?", "Calloway Bakeries", ""),
    ("employer", "distractor", ["I work for Tidewater Insurance in the claims department"], ["my husband got an offer from Nordquist Shipping uh he starts in June um should I apply there too like hypothetically or is it weird working at the same place as your spouse"], "Which company does the user work for?", "Nordquist Shipping", "Tidewater Insurance"),
    # job title
    ("job_title", "update", ["I'm an accounts payable clerk at a mid size firm"], ["okay um draft me a LinkedIn headline uh I got bumped up to accounting supervisor last month so um something with that in it"], "What is the user's job title now?", "accounts payable clerk", "accounting supervisor"),
    ("job_title", "split", ["Pharmacy Technician ako sa ospital, night shift lagi"], ["Hindi na ako Pharmacy Technician starting this week, nag-resign na ako sa position na yun", "Ayun, official na: Inventory Coordinator na ako sa supplier, day shift na finally! can you help me make a daily to-do template?"], "What does the user do for work now, title-wise?", "Pharmacy Technician", "Inventory Coordinator"),
    ("job_title", "restated", ["junior UX writer life ✍️😅", "junior UX writer = coffee + deadlines ☕☕☕"], ["PROMOTED 🎉🎉 I'm content design lead now!!! since yesterday 🥹 what do leads even do all day lol"], "What is the user's role at the moment?", "junior UX writer", "content design lead"),
    ("job_title", "distractor", ["I'm a banquet cook at a conference center downtown"], ["uh my buddy Marco just got made executive chef at some hotel um how much do those make and should I be going for that too I mean someday not now"], "What position does the user hold?", "executive chef", "banquet cook"),
    ("job_title", "update", ["Ich bin Histology Technician am Institut, just so you know"], ["Seit letztem Monat bin ich Junior Research Scientist, nicht mehr Histology Technician, endlich! Kannst du meine email signature updaten?"], "What is the user's current title?", "Histology Technician", "Junior Research Scientist"),
    # manager
    ("manager", "update", ["my manager is Fiona Gallacher"], ["set up a one on one with uh Rupert Okonjo for Thursday um he's my boss now since the reorg last month I mean he took over from Fiona"], "Who is the user's manager now?", "Fiona Gallacher", "Rupert Okonjo"),
    ("manager", "split", ["mi jefa es Lucía Ferrándiz, súper estricta"], ["Lucía Ferrándiz se fue a otra empresa 😢 her last day was today y no sé who I report to now", "ok ya me dijeron: my new boss es Tomás Echeverri, empieza el lunes. tips para la primera reunión?"], "Who does the user report to at present?", "Lucía Ferrándiz", "Tomás Echeverri"),
    ("manager", "removal", ["my manager is Deepa Raghunathan 🙌"], ["Deepa Raghunathan left 😭 and they're not replacing her?? so i literally have no manager rn 🤷‍♀️ who even approves my PTO lol"], "Who manages the user?", "Deepa Raghunathan", ""),
    ("manager", "distractor", ["I report to Gregor Malinowski"], ["uh my roommate's new manager is this guy Alastair Penhaligon and apparently he micromanages everything um how can she push back politely without getting fired"], "Who is the user's boss?", "Alastair Penhaligon", "Gregor Malinowski"),
    ("manager", "restated", ["mera manager Harpreet Sandhu hai", "Harpreet Sandhu ne bola review Friday ko hai, ugh"], ["arre team reshuffle ho gaya, ab main Nandini Iyer ko report karta hoon since last week. Harpreet ab doosri team mein hai. how do I set expectations with a new manager?"], "Who is the user reporting to these days?", "Harpreet Sandhu", "Nandini Iyer"),
    # diet
    ("diet", "update", ["um I follow a sattvic diet so no onion no garlic"], ["uh I used to do the sattvic diet but now I'm on the Sirtfood diet since like April so um can you give me a grocery list with kale and uh buckwheat"], "What diet is the user following now?", "sattvic diet", "Sirtfood diet"),
    ("diet", "split", ["pegan diet 🥑🥩 day 40 lol"], ["ok done with the pegan diet 🙅‍♀️ way too much effort", "starting the Okinawa diet today 🍠🍠 purple sweet potato everything 💜 recipes??"], "Which diet is the user on at the moment?", "pegan diet", "Okinawa diet"),
    ("diet", "restated", ["low-oxalate diet ako ngayon dahil sa kidney stones", "still low-oxalate diet, bawal ang spinach 😩"], ["Sabi ng doctor ko pwede na ako mag-stop sa low-oxalate diet. Ngayon Ornish diet na ako para sa puso, since last week. pwede mo ba akong bigyan ng recipes?"], "What eating plan does the user follow now?", "low-oxalate diet", "Ornish diet"),
    ("diet", "distractor", ["I'm on the Engine 2 diet, plant based, no oil"], ["my wife just started the Dubrow diet ⏰ um and she wants me to try it too uh I'm not switching I mean I'm sticking with mine but what would she even eat for breakfast on that"], "What diet does the user follow?", "Dubrow diet", "Engine 2 diet"),
    ("diet", "update", ["I'm doing the GOLO diet"], ["okay so uh starting this week I'm off the GOLO diet I mean I switched to Eco-Atkins um what's a good lunch with tofu"], "Which diet is the user doing now?", "GOLO diet", "Eco-Atkins"),
    # allergy
    ("allergy", "update", ["um I'm allergic to hemp seeds so watch out for some granola bars"], ["uh so the allergist said it's not hemp seeds after all I mean the skin test came back and it's actually mustard seed um so which curries should I avoid"], "What is the user allergic to now?", "hemp seeds", "mustard seed"),
    ("allergy", "removal", ["allergic to poppy seeds and annatto 😬"], ["outgrew the poppy seeds thing apparently?? 🎉 allergist cleared me yesterday. annatto still a no tho 🚫🧀 which bagels should i try first 🥯"], "Which allergies does the user have now?", "poppy seeds", "annatto"),
    ("allergy", "distractor", ["I'm allergic to cefalexin, found out the hard way"], ["um my son just got diagnosed allergic to jackfruit uh at the Thai place last night so uh what other foods are related that he should avoid"], "What is the user allergic to?", "jackfruit", "cefalexin"),
    ("allergy", "split", ["Ich reagiere allergisch auf propolis, so no fancy honey products bitte"], ["Neuer Test beim Allergologen heute: propolis ist doch kein Problem, the reaction was from something else", "Ergebnis ist da: it's lanolin, nicht propolis. welche lip balms haben kein lanolin?"], "What allergy does the user actually have?", "propolis", "lanolin"),
    ("allergy", "restated", ["I'm allergic to macadamia nuts", "uh yeah still can't do macadamia nuts so no cookies with those okay"], ["um weird news so the oral challenge went fine and macadamia nuts are okay now but uh they found I'm allergic to tea tree oil which is in like half my shampoo so uh what's a substitute"], "What allergy should be considered for the user now?", "macadamia nuts", "tea tree oil"),
    # partner
    ("partner", "update", ["me and my girlfriend Wiebke are going to the farmers market saturday"], ["um so uh Wiebke and I broke up back in April and I've been seeing someone new her name's Catalina uh what's a good second date idea"], "Who is the user dating now?", "Wiebke", "Catalina"),
    ("partner", "split", ["bf = Jovan 💙 3 yrs this summer"], ["Jovan and i are done 💔 he moved his stuff out today", "ok so 👀 me and Idris are official now 🥰 we've been talking since april. gift ideas??"], "Who is the user's partner now?", "Jovan", "Idris"),
    ("partner", "removal", ["meri wife Shalini hai, we've been married 8 saal"], ["divorce final ho gaya last week, Shalini and I are officially separate now. single hoon abhi. how do I update my emergency contacts?"], "Who is the user's spouse?", "Shalini", ""),
    ("partner", "distractor", ["my partner is Benedikt, we live together"], ["uh my best friend just got engaged to Rafferty like out of nowhere um what's a good engagement gift under fifty bucks from me and Benedikt"], "Who is the user's partner?", "Rafferty", "Benedikt"),
    ("partner", "restated", ["boyfriend ko si Emmanuel", "si Emmanuel nagluto ng adobo kagabi 😋"], ["break na kami ni Emmanuel last month. ngayon may bago na ako, si Rommel, official na kami since last week 🥰 ano magandang first monthsary gift?"], "Who is the user in a relationship with now?", "Emmanuel", "Rommel"),
    # vehicle
    ("vehicle", "update", ["I drive a Lada Niva it's old but it runs"], ["uh remind me to get the Mitsubishi Triton registered um I traded in the Lada Niva last week so the insurance needs updating too"], "What vehicle does the user drive now?", "Lada Niva", "Mitsubishi Triton"),
    ("vehicle", "split", ["mi carro es un Chevrolet Spark"], ["vendí el Chevrolet Spark hoy, ya no tengo carro por ahora 😅", "compré un Renault Duster usado!! what oil does it take?"], "What car does the user have at present?", "Chevrolet Spark", "Renault Duster"),
    ("vehicle", "removal", ["my ride 🚗 = Daihatsu Cuore 💚"], ["sold the Daihatsu Cuore 👋🚗 bus + bike life now 🚲🚌 since yesterday. best bike lock?"], "What car does the user drive?", "Daihatsu Cuore", ""),
    ("vehicle", "distractor", ["I drive a Subaru Crosstrek"], ["um so my daughter just got her license and uh she wants a Kia Picanto um should I co-sign the loan or is that a terrible idea"], "What does the user drive?", "Kia Picanto", "Subaru Crosstrek"),
    ("vehicle", "restated", ["Ich fahre einen Opel Zafira", "der Opel Zafira braucht neue Reifen, ugh"], ["Den Opel Zafira hab ich seit letzter Woche nicht mehr, jetzt fahre ich einen Hyundai Kona Electric! wo kann ich in Köln günstig laden?"], "What is the user driving these days?", "Opel Zafira", "Hyundai Kona Electric"),
    # phone
    ("phone", "update", ["my number is 07700 900152"], ["uh text the plumber from my new number um it's 07700 900418 since I switched carriers yesterday I mean the old one's dead"], "What is the user's phone number now?", "07700 900152", "07700 900418"),
    ("phone", "split", ["mera number 98201 55374 hai"], ["98201 55374 wala SIM band ho raha hai is week, doosre network pe shift kar raha hoon", "naya number active ho gaya: 70215 88426. please save kar lo"], "What number reaches the user now?", "98201 55374", "70215 88426"),
    ("phone", "restated", ["📱 (503) 555-0143", "call me (503) 555-0143 if the app breaks again 🙏"], ["new number!! 📲 (971) 555-0186 💅 old one's gone since friday"], "What is the user's cell number at the moment?", "(503) 555-0143", "(971) 555-0186"),
    ("phone", "distractor", ["you can reach me on 0412 733 905"], ["um my roommate's new number is 0423 118 640 uh can you remind me to give it to the landlord because he keeps calling me instead of her"], "What is the user's phone number?", "0423 118 640", "0412 733 905"),
    ("phone", "update", ["meine Handynummer ist 0151 2340 8876"], ["Hab seit gestern eine neue Nummer: 0176 4419 2053, die alte ist abgemeldet. can you update the text for my voicemail greeting?"], "What mobile number does the user have now?", "0151 2340 8876", "0176 4419 2053"),
    # email
    ("email", "update", ["my email is maren.solheim@posteo.de"], ["uh yeah send the recipe to my new email um it's marensolheim@mailbox.org I mean not the posteo one anymore"], "What is the user's email address now?", "maren.solheim@posteo.de", "marensolheim@mailbox.org"),
    ("email", "split", ["✉️ jaybird.okafor@yahoo.com"], ["deleting my yahoo 🗑️ jaybird.okafor@yahoo.com is dead to me", "new email 👉 jay.okafor@proton.me ✨ use this one pls"], "Which email address does the user use now?", "jaybird.okafor@yahoo.com", "jay.okafor@proton.me"),
    ("email", "restated", ["mi correo es ines.barragan@hotmail.es", "mándamelo a ines.barragan@hotmail.es porfa"], ["cambié de correo desde abril, ahora es ines@barragan-studio.mx. update it porfa and also help me write an autoresponder"], "Where should email for the user go now?", "ines.barragan@hotmail.es", "ines@barragan-studio.mx"),
    ("email", "distractor", ["my email is theo.lindqvist@icloud.com"], ["my husband set up his own address anders.lindqvist@gmail.com um and he wants the bills going there from now on uh how do I forward stuff to him from iCloud mail"], "What is the user's email?", "anders.lindqvist@gmail.com", "theo.lindqvist@icloud.com"),
    ("email", "update", ["work email is k.mbatha@harbourline.co.za"], ["can you draft an out of office uh mention that starting this week my address is kagiso.mbatha@tswelopele.co.za since we merged I mean the harbourline one redirects for a month"], "What is the user's work email these days?", "k.mbatha@harbourline.co.za", "kagiso.mbatha@tswelopele.co.za"),
    # language
    ("language", "update", ["I'm learning Twi on the side"], ["um I gave up on Twi like last month uh and switched to Wolof because of the Dakar job so uh can you teach me how to count to ten"], "Which language is the user learning now?", "Twi", "Wolof"),
    ("language", "removal", ["marunong ako ng Kapampangan at Cebuano"], ["honestly hindi ko na kaya mag-Kapampangan, nakalimutan ko na since lola passed. Cebuano pa rin siyempre, araw-araw. can you update my profile languages?"], "What languages does the user speak?", "Kapampangan", "Cebuano"),
    ("language", "distractor", ["I'm learning Latvian"], ["my kid started Sanskrit classes at the temple uh and she wants me to quiz her um what are some easy words to start with"], "Which language is the user learning?", "Sanskrit", "Latvian"),
    ("language", "split", ["Ich lerne seit Januar Slovak, for my partner's family"], ["Slovak hab ich heute aufgegeben, zu schwer ehrlich gesagt", "Hab heute mit Macedonian angefangen, Kurs an der Volkshochschule. can you teach me hello and thank you?"], "What language is the user studying at present?", "Slovak", "Macedonian"),
    ("language", "restated", ["learning Gujarati 📚🙏", "Gujarati homework 😩 help"], ["dropped Gujarati 😔 doing Sinhala instead starting this week 🇱🇰📚 what's the alphabet like?"], "Which language is the user learning these days?", "Gujarati", "Sinhala"),
    # ci
    ("ci", "update", ["we use Prow for builds"], ["uh can you write a job script for um Laminar CI I mean we moved everything off Prow last month so that's what we're on now"], "What CI does the user's team run now?", "Prow", "Laminar CI"),
    ("ci", "split", ["hamare builds Zuul CI pe chalte hain"], ["Zuul CI ko aaj band kar diya, migration shuru", "ab sab Harness CI pe hai, kal se. pipeline syntax samjha do?"], "Which CI system does the user's team use at present?", "Zuul CI", "Harness CI"),
    ("ci", "removal", ["CI = App Center 🚦"], ["killed App Center 💀 we just run tests locally now lol, no CI at all 🙈 is that terrible?"], "What CI service does the user's team use?", "App Center", ""),
    ("ci", "distractor", ["we run our builds on builds.sr.ht"], ["uh my friend's startup uses Concourse CI um and he keeps telling me we should switch I mean should we? what's actually better about it"], "What CI does the user's team use?", "Concourse CI", "builds.sr.ht"),
    # database
    ("database", "update", ["our backend runs on NuoDB"], ["um write me a query to find duplicate emails uh in Apache Ignite since that's what we're on now we moved off NuoDB in April"], "What database does the user's backend use now?", "NuoDB", "Apache Ignite"),
    ("database", "split", ["usamos SAP MaxDB en producción"], ["ya apagamos SAP MaxDB, bye bye 👋 the migration weekend was brutal", "ahora todo está en CUBRID. cómo hago un backup en CUBRID?"], "Which database is the user's production on now?", "SAP MaxDB", "CUBRID"),
    ("database", "restated", ["Wir nutzen Greenplum für analytics", "Greenplum ist super schnell, ehrlich"], ["Seit letzter Woche läuft alles auf Apache Druid, Greenplum ist raus. how do I write a rollup spec?"], "What does the user's team use for analytics now?", "Greenplum", "Apache Druid"),
    ("database", "removal", ["we keep everything in Apache Kudu"], ["uh so we dropped Apache Kudu entirely um everything's just JSON files in an S3 bucket now no database at all uh is that gonna bite us later"], "What database does the user's team use?", "Apache Kudu", ""),
    ("database", "distractor", ["our app db is Tarantool 🐙"], ["my bf's team is moving to Dgraph 🤓 he won't shut up about graphs. should we too?? lol no. explain graphs like i'm 5"], "Which database does the user's app use?", "Dgraph", "Tarantool"),
    # editor
    ("editor", "update", ["I code in Bluefish mostly"], ["uh how do I turn on format on save in Pluma I mean I switched from Bluefish like two weeks ago and haven't figured it out"], "Which editor does the user code in now?", "Bluefish", "Pluma"),
    ("editor", "split", ["EmEditor gamit ko sa work"], ["tinanggal ko na ang EmEditor, expired na yung license", "SlickEdit na gamit ko ngayon. paano mag-set ng keyboard shortcuts?"], "What editor is the user using at work now?", "EmEditor", "SlickEdit"),
    ("editor", "restated", ["SpaceVim 4 life 😈", "my SpaceVim config is 900 lines 💀"], ["rage quit SpaceVim 🫠 on Onivim now since monday 😌 how do i change the theme"], "What editor is the user on these days?", "SpaceVim", "Onivim"),
    ("editor", "distractor", ["my editor is Micro, in the terminal"], ["uh my coworker swears by Textadept and keeps saying I should switch um should I? like what would I even gain"], "Which editor does the user use?", "Textadept", "Micro"),
    ("editor", "update", ["main BlueJ use karta hoon Java ke liye"], ["BlueJ chhod diya since last month, ab DrJava use kar raha hoon. shortcuts batao?"], "What does the user write Java in now?", "BlueJ", "DrJava"),
    # likes
    ("likes", "update", ["I'm really into bonsai"], ["um I used to do bonsai but honestly I kind of stopped and now I'm all about beekeeping since like April uh what do I need for a first hive"], "What hobby is the user into now?", "bonsai", "beekeeping"),
    ("likes", "removal", ["loving macramé 🪢 and roller derby 🛼"], ["quit roller derby 🤕 (knee) but still doing macramé every night 🧶 plant hanger patterns?"], "What are the user's hobbies?", "roller derby", "macramé"),
    ("likes", "distractor", ["I love woodturning"], ["uh my wife's gotten super into cross-stitch uh and she wants me to join her class um should I? I mean I'd rather be at the lathe honestly"], "What does the user enjoy doing?", "cross-stitch", "woodturning"),
    ("likes", "split", ["me encanta hacer origami, every night after work"], ["ya no hago origami, me aburrí la verdad", "ahora me encanta el disc golf! started this week con mis vecinos. qué discos compro?"], "What is the user into these days?", "origami", "disc golf"),
    ("likes", "restated", ["Mein liebstes Hobby ist calligraphy", "Hab gestern wieder calligraphy geübt, so entspannend"], ["calligraphy macht mir seit dem Umzug keinen Spaß mehr. jetzt mache ich bookbinding, seit letztem Monat. welcher Leim ist am besten?"], "What pastime does the user enjoy now?", "calligraphy", "bookbinding"),
    # trip
    ("trip", "update", ["we're going to Essaouira in June"], ["uh can you check the weather for Chefchaouen in June um we switched the trip from Essaouira last week"], "Where is the user going in June?", "Essaouira", "Chefchaouen"),
    ("trip", "split", ["✈️ Kutaisi in june!!! 🇬🇪"], ["Kutaisi trip cancelled 😩 flights got crazy", "NEW PLAN 🎉 Piran!! same week 🇸🇮 what do i eat there??"], "What is the user's June destination?", "Kutaisi", "Piran"),
    ("trip", "removal", ["June mein Leh jaa rahe hain, bike trip 🏍️"], ["Leh wala trip cancel ho gaya, papa ki tabiyat theek nahi hai. is saal kahin nahi ja rahe. hotel se refund kaise lun?"], "What trip does the user have planned?", "Leh", ""),
    ("trip", "distractor", ["booked Hakodate for the end of June"], ["uh my parents are going to Cappadocia for their anniversary um can you suggest a hot air balloon company I can surprise them with"], "Where is the user travelling at the end of June?", "Cappadocia", "Hakodate"),
    ("trip", "restated", ["Pupunta kami sa Siargao sa June", "Siargao packing list please 🏄"], ["Na-move yung trip, hindi na Siargao, Coron na kami ngayon kasi mas mura yung flights. ano ang dapat dalhin?"], "Where is the user's June trip to now?", "Siargao", "Coron"),
    # pet
    ("pet", "update", ["I've got a hamster named Cashew"], ["um Cashew died in April I mean he was old for a hamster uh and now we have a guinea pig called Tamarind uh what hay should I buy"], "What pet does the user have now?", "Cashew", "Tamarind"),
    ("pet", "removal", ["my babies 🐱🐱 Nutmeg & Persimmon"], ["rip Persimmon 🌈😭 crossed the bridge yesterday. Nutmeg keeps looking for her 💔 how do i help her grieve"], "Which pets does the user have?", "Persimmon", "Nutmeg"),
    ("pet", "distractor", ["my dog is a corgi named Dumpling"], ["uh my roommate just adopted a ferret named Rigatoni um is it safe to have a ferret around a corgi"], "What is the name of the user's pet?", "Rigatoni", "Dumpling"),
    ("pet", "split", ["Unser Kater heißt Wilhelm"], ["Wilhelm ist heute gestorben, er war siebzehn 😢", "Wir haben heute eine Katze aus dem Tierheim geholt, sie heißt Lieselotte. Was braucht sie in der ersten Woche?"], "What pet does the user have at present?", "Wilhelm", "Lieselotte"),
    ("pet", "restated", ["mera dog Bhalu hai, labrador", "Bhalu ko walk pe le jaana hai abhi"], ["Bhalu ab permanently mere parents ke paas rehta hai since last month, ab mere paas ek parrot hai, Mithu. parrot ko kya khilau?"], "What pet does the user keep now?", "Bhalu", "Mithu"),
    # birthday
    ("birthday", "update", ["uh my birthday's the twelfth of August"], ["oh wait I messed up earlier um my birthday's not the twelfth of August it's the twenty first of August I mean the twelfth is my mom's can you fix that"], "When is the user's birthday?", "twelfth of August", "twenty first of August"),
    ("birthday", "split", ["mi cumpleaños es el 3 de octubre"], ["oye, el 3 de octubre está mal, my mom says the birth certificate says otra cosa", "ya lo vi: es el 5 de octubre. perdón! update it porfa"], "What is the user's birthday?", "3 de octubre", "5 de octubre"),
    ("birthday", "distractor", ["my bday 🎂 = Jan 17"], ["my twins' bday is May 29 🎈🎈 planning a party for them!! ideas??"], "When is the user's birthday?", "May 29", "Jan 17"),
    ("birthday", "update", ["mera birthday 14 November hai"], ["arre galti ho gayi, 14 November wrong tha. birth certificate dekha, mera actual birthday 11 November hai. please update kar do"], "On what date is the user's birthday?", "14 November", "11 November"),
]

FILLER_USER = [
    "um what's the weather gonna be like tomorrow",
    "set a timer for uh twelve minutes",
    "how do you spell um necessary",
    "ok thx 👍",
    "lol ok 😂",
    "kitna hota hai twenty percent of eighty",
    "oye cuánto es a cup in grams for flour",
    "uh what time is it on Pacific time right now",
    "play something chill um like lo-fi or whatever",
    "wie lange kocht man ein Ei, so medium?",
    "salamat! 🙏",
    "um how many ounces in a liter I mean roughly",
    "remind me to drink water every hour 💧",
]
FILLER_ASSISTANT = [
    "Sure, here you go.",
    "Okay! Here's what I found.",
    "Got it. Quick answer:",
    "Done. Anything else?",
    "Happy to help, here it is:",
]


# a restated old value: the second statement comes nine days later; a split update: its
# second turn comes the next day
WHEN = Timeline(
    opening=lambda k, j: f"2019-03-{1 + k + j:02d}T08:10:00Z",
    openings=2,
    before=lambda k, j: f"2019-03-{9 + k + 9 * j:02d}T19:35:00Z",
    middle=lambda k, j: f"2019-04-{4 + 8 * j:02d}T12:50:00Z",
    middles=3,
    update=lambda k, j: f"2019-05-{1 + 5 * k + j:02d}T18:05:00Z",
    closing=lambda k: f"2019-06-{2 + k:02d}T09:30:00Z",
    reply=11,
)


def build(seed: int = 1515) -> list[dict[str, Any]]:
    """All val15 scenarios, deterministic for a seed (dated March 2019 – June 2019)."""
    return build_stories(STORIES, "val15", "kv15", seed, FILLER_USER,
                         FILLER_ASSISTANT, WHEN)


def main() -> None:
    """Write the split."""
    write(build(), OUT)


if __name__ == "__main__":
    main()
