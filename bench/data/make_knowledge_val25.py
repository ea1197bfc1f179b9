# ruff: noqa: E501  (hand-written data: one story per line reads best)
"""Writes ``knowledge_val25.jsonl``: a twenty-fifth held-out split of the knowledge-update set.

Written in round 17 by an outside evaluator who never read ``src/``
(``"split": "val25"``). Each story is phrased with its own sentence shape. Its
people are shift workers and tradespeople (nurses, electricians, bus drivers,
warehouse staff, chefs, paramedics) from Australia, the Philippines, Poland,
Kenya, Ireland and Canada, texting from a phone between shifts: short bursts,
autocorrect slips ("autocorrect is ducking me up", "teh NCT"), abbreviations
("tmrw", "ngl", "w/"), Taglish, Polish and Swahili mixed in, local slang
("arvo", "ute", "grand", "sawa"). What is hard: the change told through what follows from it rather
than said outright (a roster signed by someone else, a payslip with a new
grade or a new station on it, a landlord adding a name to the lease, a
mechanic's verdict, a union rep's phone call, a PESEL number or a baptism
card that gives the real birthday, a rostering app showing the new number);
the change spread over two or three messages a day apart where the middle
one is only a burst of chatter; old values repeated inside the update turn
("way better than what Sitel Philippines gave me"); removals said as what the
user does now ("cycling to the hospital now", "nobody's over me now, I run
the pass", "I just run the tests on my laptop"); corrections found by an
allergist, a patch test or a birth certificate; and third-party traps told
in the same breath as work: a coworker's promotion, a crew partner's new
number, a housemate's girlfriend, car, pet or Dota habit, a commis chef's
allergy, a ward colleague's move, a course example. Values and filler are
new; the timeline (August – November 2014) is no other split's.
18 slots, 89 stories (4 or 5 a slot): 26 update, 18 split, 16 restated,
11 removal, 18 distractor.

Kinds (``"kind"``): ``update`` (``old`` -> ``new``), ``split`` (the update over
two or three user turns a day apart), ``restated`` (``old`` said twice, nine
days apart, before the update), ``removal`` (``old`` ends, ``new`` remains or
"" when nothing does), ``distractor`` (``new`` is the user's and stays;
``old`` is a third party's or a course example's, said later). In the
multi-valued slots (allergy, pet, likes, language) an update's ``old`` is the
value that ended and ``new`` the one that took its place; a removal's ``new``
is what is left.

    python bench/data/make_knowledge_val25.py   # rewrites the .jsonl next to it
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _knowledge_writer import Story, Timeline, build_stories, write

OUT = Path(__file__).with_name("knowledge_val25.jsonl")

# (slot, kind, earlier user statements, update turns, question, old, new)
STORIES: list[Story] = [
    # home
    ("home", "update", ["nurse at the regional, living in Mandurah w/ my sister, 45 min each way ngl"], ["transfer went thru!! packed the ute sunday, 7 hrs of driving and Kalgoorlie is home now. red dirt in everything lol. how do u sleep days when its 38 out and the aircon is rubbish"], "Where does the user live now?", "Mandurah", "Kalgoorlie"),
    ("home", "update", ["bus driver, MZK depot, I live in Gorzów Wielkopolski since 2009"], ["landlord here in Zielona Góra wants 2 months kaucja upfront + 1st month, is that normal?? (yes I moved, new depot, Gorzów Wielkopolski is behind me now)"], "Which town is the user based in at the moment?", "Gorzów Wielkopolski", "Zielona Góra"),
    ("home", "restated", ["im a nurse in Kitale, mostly maternity nights", "Kitale is so cold at night this month, I sleep in my sweater"], ["payslip came, it says duty station: Naivasha now and the hardship allowance is gone 😤 they moved us from Kitale two weeks ago and the rent here is higher. can I appeal the allowance?"], "In which town does the user live and work now?", "Kitale", "Naivasha"),
    ("home", "split", ["I drive for a courier outta Thunder Bay, been here my whole life"], ["keys handed back on the Thunder Bay place. landlord kept $200 of the deposit for a scuff mark smh", "somewhere past Watson Lake, no signal half the day, truck smells like coffee", "made it. Whitehorse!! apartment smells like paint and its already -5 at night. what do i actually need for a first winter up here"], "What city does the user call home now?", "Thunder Bay", "Whitehorse"),
    ("home", "distractor", ["staff nurse, I'm in Castlebar, 10 min from the hospital thank god"], ["Deirdre off our ward got a CNM2 post down in Tralee and she's moving next month 😭 what do I get her as a leaving present, budget about 20 euro"], "Where is the user's home?", "Tralee", "Castlebar"),
    # employer
    ("employer", "update", ["night shift agent at Sitel Philippines, US telco account, graveyard everyday"], ["1st payslip from Sutherland Global came in today and the night diff is way better than what Sitel Philippines gave me. paano i-compute ang 13th month if I switched mid-year?"], "Which company is the user working for now?", "Sitel Philippines", "Sutherland Global"),
    ("employer", "restated", ["sous chef at one of the Merivale venues, brutal hours", "Merivale rostered me on a double again, 14 hrs on saturday"], ["first week w/ Solotel done!! head chef at one of their pubs, way better roster. Merivale was cooking me alive tbh. do they have to pay out my annual leave from the old place?"], "Who does the user cook for now?", "Merivale", "Solotel"),
    ("employer", "removal", ["I work the packing line at Bidco Africa in Thika, night shifts"], ["Bidco Africa retrenched 40 of us on friday, me included. so no work for now, just tarmacking. how do I get my NSSF statement?"], "Who is the user employed by?", "Bidco Africa", ""),
    ("employer", "split", ["forklift in a big warehouse, Raben Group in Stryków, 3 zmiany rotation"], ["oddałem badge today. last shift at Raben Group done, my back says dzięki", "slept 11 hrs straight, first day off w/o a phone call in 2 yrs lol", "umowa podpisana!! Rohlig Suus Logistics from monday, day shifts only 🙌 what do I say if they ask why I left"], "Where does the user work at present?", "Raben Group", "Rohlig Suus Logistics"),
    ("employer", "distractor", ["flight paramedic with Ornge out of Sioux Lookout"], ["roommate just got hired at Purolator and now he's up at 4am slamming the door every day. how do i bring it up without a fight, we share a lease till june and hes actualy a nice guy"], "Which organisation employs the user?", "Purolator", "Ornge"),
    # job title
    ("job_title", "update", ["im an Apprentice Electrician w/ a mob in Geelong, 3rd year"], ["capstone results in, PASSED 🍻 payslip this fortnight says Electrical Mechanic and the rate jumped heaps. do i need my own public liability now or is the boss's enough"], "What is the user's job title now?", "Apprentice Electrician", "Electrical Mechanic"),
    ("job_title", "update", ["Tier 2 Tech Support ako sa BPO, router resets all night lol"], ["nag-apply ako sa WFM team and got it!! Workforce Analyst na ako, no more phones. whatever happens to the Tier 2 Tech Support queue is officially someone else's problem haha. what excel stuff should I learn first?"], "What does the user do at the BPO now?", "Tier 2 Tech Support", "Workforce Analyst"),
    ("job_title", "restated", ["still a Spare Driver, so I never know my route till the night before", "Spare Driver life: 5am call-out again, Route 40 in the lashing rain"], ["union rep rang me at 7 this morning and I nearly dropped the phone. the Road Inspector job's mine, started on it yesterday, got the hat and all. how do I write up lads I used to drive with without being a dose about it?"], "What grade does the user hold at the bus company?", "Spare Driver", "Road Inspector"),
    ("job_title", "split", ["First Commis at a hotel in Westlands, mostly the cold section"], ["chef called me in after service and said I'm finished as First Commis. I was shaking 😳", "it was a promotion lol!! Junior Sous Chef from tomorrow, new jacket and everything. how do I manage guys who are older than me without them hating me"], "What position does the user hold in the kitchen?", "First Commis", "Junior Sous Chef"),
    ("job_title", "distractor", ["I'm an Inventory Control Associate at a DC in Nisku, cycle counts all day"], ["my buddy Tyrone just got bumped to Reach Truck Operator and won't shut up about it. what cert does he actually need in Alberta for that?"], "What is the user's job title?", "Reach Truck Operator", "Inventory Control Associate"),
    # manager
    ("manager", "update", ["my oddziałowa is Bożena Krawczyk-Lis, she does the grafik"], ["grafik for listopad is signed by Halina Wróblewska now, Bożena Krawczyk-Lis went on early retirement and Halina took the ward over. can I ask her to swap my nights in week 2 or is it too soon?"], "Who is in charge of the user on the ward now?", "Bożena Krawczyk-Lis", "Halina Wróblewska"),
    ("manager", "restated", ["my TL at the DC is Shane Tuipulotu, good bloke", "Shane Tuipulotu let us knock off early yesterday, legend"], ["TL reshuffle at work. Shane Tuipulotu's gone to inbound and our shift sits under Priya Venkataraman from this roster on. she does 5am huddles 😩 how do i ask her for saturdays off"], "Who is the user's team leader these days?", "Shane Tuipulotu", "Priya Venkataraman"),
    ("manager", "removal", ["my head chef is Fergal Mac Giolla Rua, a madman but fair"], ["Fergal Mac Giolla Rua walked out mid service saturday and the owners aren't replacing him. nobody's over me now, I run the pass myself and deal with the owners direct. how do I order for a week with no budget sheet?"], "Who manages the user?", "Fergal Mac Giolla Rua", ""),
    ("manager", "split", ["TL namin si Corazon Dimaculangan, strict pero mabait"], ["Corazon Dimaculangan got moved to another LOB today, nag-iyakan kami sa huddle", "ang tahimik ng floor without her, walang nag-a-approve ng OT namin today", "ok so my new TL is Jerome Macapagal, he's younger than me lol. kakaiba. any tips for the first coaching session?"], "Who is the user's team lead now?", "Corazon Dimaculangan", "Jerome Macapagal"),
    ("manager", "distractor", ["I report to Nyambura Gachanja at the ambulance base"], ["my housemate's new supervisor Barasa Wekesa keeps calling her on her off day to come in. is that even legal in Kenya?"], "Who does the user report to?", "Barasa Wekesa", "Nyambura Gachanja"),
    # diet
    ("diet", "update", ["doing the Eat-Clean Diet, the Tosca Reno one, meal prep sundays"], ["meal prep's changed, the dietitian at work put me on an anti-inflammatory diet for my knees so the Eat-Clean Diet stuff is in the bin. is a tim hortons chili ok on that?"], "What diet is the user on now?", "Eat-Clean Diet", "anti-inflammatory diet"),
    ("diet", "restated", ["on Lite n' Easy atm, they deliver to the flat on mondays", "Lite n' Easy lasagne for dinner at 3am, living the dream"], ["cancelled the Lite n' Easy deliveries, the night shift fridge kept eating them lol. doing Michelle Bridges 12WBT now, my sister shouted me the round. can I do the meal plan if brekkie is at 8pm?"], "What diet does the user follow these days?", "Lite n' Easy", "Michelle Bridges 12WBT"),
    ("diet", "removal", ["I'm doing Unislim, class is tuesday evenings"], ["gave up Unislim, the class clashes with my lates every tuesday and honestly I'm eating normal now, no plan. whats a decent dinner to bring in for a 12 hr shift?"], "Which diet is the user following?", "Unislim", ""),
    ("diet", "split", ["on the GM diet this week, prutas lang day 1 haha"], ["stopped the GM diet, nahilo ako on duty yesterday and almost fainted sa OR", "went to the doc today, uric acid high daw. so gout diet na ako from now. bawal dinuguan 😭 what ulam can I eat?"], "How is the user eating at the moment?", "GM diet", "gout diet"),
    ("diet", "distractor", ["Kwaśniewski diet for me, loads of fat and eggs, been on it 2 yrs"], ["my flatmate Kasia started the Dąbrowska diet yesterday and the whole kitchen smells of cabbage and beetroot. is it even safe to do that for 6 weeks on warehouse shifts?"], "Which diet does the user keep to?", "Dąbrowska diet", "Kwaśniewski diet"),
    # allergy
    ("allergy", "update", ["allergic to cetrimide, the antiseptic wipes at work give me welts"], ["occ health patch test results: not cetrimide after all, it's tincture of benzoin that does it, the sticky stuff we paint on before dressings. what else on the truck has tincture of benzoin in it?"], "Which allergy does the user have?", "cetrimide", "tincture of benzoin"),
    ("allergy", "restated", ["i'm allergic to jack jumper ant stings, carry an epipen on site", "jack jumper ant nest under the switchboard today, I made the apprentice do it lol"], ["immunologist reckons it was never the jack jumper ant. skin test negative for that, positive for paper wasp venom. so desensitisation shots for paper wasp now, every 4 weeks. can I still work up ladders under eaves?"], "What is the user allergic to?", "jack jumper ant", "paper wasp"),
    ("allergy", "removal", ["allergic ako sa shrimp paste and lanzones, bawal ang bagoong"], ["sabi ng derma ok na ako sa lanzones pala, the rash last summer was from the sticky sap sa balat, not the fruit. shrimp paste still a big no tho. can I eat lanzones if someone else peels them?"], "Which things is the user still allergic to?", "lanzones", "shrimp paste"),
    ("allergy", "split", ["mam alergię na alder pollen, every March I'm dead"], ["alergolog says alder pollen is negative now, the 3 yrs of odczulanie worked!!", "but the new panel shows mugwort pollen, which explains my whole August lol. so that's my allergy now. when does mugwort season end in Poland?"], "Which pollen is the user allergic to now?", "alder pollen", "mugwort pollen"),
    ("allergy", "distractor", ["I'm allergic to omena, even the smell when they fry it"], ["my commis Baraka just told me he's allergic to passion fruit and we have a pavlova on the menu. how do I keep it off his station?"], "Which food is the user allergic to?", "passion fruit", "omena"),
    # partner
    ("partner", "update", ["my boyfriend Donncha is a sparky, we rent in Drumcondra"], ["landlord wants Fiachra's name on the lease now he's moved in (yes Fiachra is the new fella, Donncha's stuff is finally out since august). do we both have to sign the RTB form?"], "Who is the user's boyfriend now?", "Donncha", "Fiachra"),
    ("partner", "restated", ["gf ko si Rowena, she's a pharmacist sa Mercury Drug", "Rowena made me baon for the whole week 🥰"], ["break na kami ni Rowena since september. I'm with Jhoanna na, she's a nurse sa PGH. what do I get her for our monthsary?"], "Who is the user's girlfriend at present?", "Rowena", "Jhoanna"),
    ("partner", "removal", ["my girlfriend Desirée is a 911 dispatcher"], ["Desirée and I are done, she kept the apartment and the dog. just me now, back on my brother's couch. how do I get my name off the lease without paying the whole break fee"], "Who is the user's partner?", "Desirée", ""),
    ("partner", "split", ["my wife Wambui is a teacher in Nyeri"], ["Wambui and I are finished, the divorce papers came today. she's staying in Nyeri", "met someone at my cousin's ruracio, Akinyi. we've been out 4 times and it's official now 😅 what do I cook for a first dinner at my place?"], "Who is the user seeing now?", "Wambui", "Akinyi"),
    ("partner", "distractor", ["my wife Jadwiga works in the same magazyn, different shift"], ["flatmate's new girlfriend Grażyna stays over every night now and uses all the hot water before my 5am. how do I say something without being rude?"], "Who is the user married to?", "Grażyna", "Jadwiga"),
    # vehicle
    ("vehicle", "update", ["drive a Ford Courier, ladder racks on top, 380k on the clock"], ["mechanic rang, head gasket's cooked on the Courier and it's not worth fixing. traded it in for a 2011 Holden Colorado w/ a canopy this arvo. do I need to get the ladder racks re-certified?"], "What does the user drive now?", "Ford Courier", "Holden Colorado"),
    ("vehicle", "restated", ["naka Honda TMX 155 ako papuntang ospital", "Honda TMX 155 ko ayaw na mag-start pag umaga 😩"], ["sold the Honda TMX 155 to my tito, ang lakas sa gas. Yamaha Mio Soul na gamit ko ngayon. pwede ba unleaded lang or need premium?"], "What does the user ride these days?", "Honda TMX 155", "Yamaha Mio Soul"),
    ("vehicle", "removal", ["I drive a Nissan Almera to the hospital, 2003 but grand"], ["the Nissan Almera failed teh NCT on rust and I sold her for scrap. cycling to the hospital now. what lights do I need for Irish winter mornings?"], "What car does the user have?", "Nissan Almera", ""),
    ("vehicle", "split", ["my car is a Nissan AD Van, best car for Nairobi potholes"], ["a matatu hit the Nissan AD Van at Globe roundabout. I'm ok, car is written off", "insurance paid, sawa. picked up a 2006 Toyota Fielder from a yard on Mombasa Road. what service does it need first?"], "Which vehicle does the user drive now?", "Nissan AD Van", "Toyota Fielder"),
    ("vehicle", "distractor", ["I drive a Pontiac Vibe, winter tires already on"], ["roommate bought a Dodge Grand Caravan to take his kids on weekends and it's blocking my spot every morning. how do i word a note that isn't passive aggressive"], "Which car does the user drive?", "Dodge Grand Caravan", "Pontiac Vibe"),
    # phone
    ("phone", "update", ["put my mobile as 0491 572 665 on the agency forms"], ["rostering app has me on 0491 576 801 now, the 0491 572 665 one got ported wrong and Telstra killed it. can you fix my email signature?"], "What is the user's mobile number now?", "0491 572 665", "0491 576 801"),
    ("phone", "update", ["number ko 0917 842 3306, Globe postpaid"], ["Smart prepaid na ako, the Globe postpaid bill was killing me. 0998 214 7750 na yung number, pakiayos sa resume ko. do I need to tell Pag-IBIG?"], "Which number should the user be reached on?", "0917 842 3306", "0998 214 7750"),
    ("phone", "restated", ["tel. +48 512 384 907 if agency calls", "+48 512 384 907 is on my CV, ok?"], ["Play gave me a better deal so I switched. +48 664 210 538 is the one that works from today, the Orange SIM is in the drawer. update my CV header pls"], "What is the user's phone number these days?", "+48 512 384 907", "+48 664 210 538"),
    ("phone", "split", ["my line is 0722 418 905 for the roster group"], ["fraudster did a SIM swap on 0722 418 905 and emptied my M-Pesa 😡 the line is blocked now", "got an Airtel line for now: 0733 906 271. add it to my CV header and the roster group message pls"], "On which number can the user be reached now?", "0722 418 905", "0733 906 271"),
    ("phone", "distractor", ["my cell is 867-555-0142, text don't call"], ["crew partner gave me his new cell 709-555-0188 for shift swaps. how do i set up a group text with the rest of the station on android?"], "What is the user's cell number?", "709-555-0188", "867-555-0142"),
    # email
    ("email", "update", ["INMO has me as niamh.oduibhir@eircom.net"], ["closed the eircom account when we went to Vodafone broadband so niamh.oduibhir@eircom.net is dead. niamhodrgn@gmail.com from now on. how do I update my INMO membership details?"], "What email address does the user use now?", "niamh.oduibhir@eircom.net", "niamhodrgn@gmail.com"),
    ("email", "update", ["quotes go out from tradie_dazza@bigpond.com"], ["missus set up a proper website so quotes go from darren@kowalczykelectrical.com.au now, not the bigpond one. can u write an auto-reply for tradie_dazza@bigpond.com telling people?"], "Which email does the user send quotes from?", "tradie_dazza@bigpond.com", "darren@kowalczykelectrical.com.au"),
    ("email", "restated", ["my email is marie-eve.thibodeau@videotron.ca", "send it to marie-eve.thibodeau@videotron.ca like before"], ["moved out, no more Vidéotron, so it's methibodeau@live.ca for everything. pls fix the cover letter for the station in Rimouski"], "What is the user's email address at present?", "marie-eve.thibodeau@videotron.ca", "methibodeau@live.ca"),
    ("email", "split", ["email ko jmbautista_rn@yahoo.com.ph for agency stuff"], ["na-hack na naman yung yahoo. deleted jmbautista_rn@yahoo.com.ph for good", "new one for agency apps: jeanmae.bautista@outlook.com. paki-update yung cover letter"], "Which email address does the user have now?", "jmbautista_rn@yahoo.com.ph", "jeanmae.bautista@outlook.com"),
    ("email", "distractor", ["my email is wekesa.medic@gmail.com"], ["shift 2 in-charge gave me otieno.shift2@yahoo.com to send the fuel logs to. do I cc the base manager or not?"], "What is the user's email?", "otieno.shift2@yahoo.com", "wekesa.medic@gmail.com"),
    # birthday
    ("birthday", "update", ["urodziny 14.03.1988, just so u know"], ["new dowód came and the PESEL starts 880514, so it's 14.05.1988 not 14.03.1988 like I told you, I typed it in a hurry lol. fix it pls"], "What is the user's date of birth?", "14.03.1988", "14.05.1988"),
    ("birthday", "restated", ["my birthday is June 12, same as Independence Day!", "June 12 na naman soon, walang pasok haha"], ["got my PSA birth cert for the visa and it says June 16 pala. mama celebrated on June 12 kasi holiday, for 26 years!! use June 16 for the forms"], "When is the user's birthday?", "June 12", "June 16"),
    ("birthday", "split", ["my birthday is 1st January 1987, like half of Kenya lol"], ["that 1st January 1987 on my ID is not real, it's what they put when nobody knew the date", "my aunt found my baptism card: 17th April 1987. that's the real one, use that from now"], "On what date was the user born?", "1st January 1987", "17th April 1987"),
    ("birthday", "distractor", ["my bday's November 7th, working it of course"], ["coworker Raj turns 40 on November 26th and I'm on the cake committee. what do we get a guy who only drinks double doubles"], "What is the user's birthday?", "November 26th", "November 7th"),
    # language
    ("language", "update", ["nag-aaral ako ng Nihongo for the EPA caregiver slot in Japan"], ["Japan fell through, but the Triple Win hospital contract in Germany went thru!! Nihongo books given to my pinsan. Deutsch every night after duty na, der die das 😵 how do I remember the genders?"], "Which language is the user studying now?", "Nihongo", "Deutsch"),
    ("language", "restated", ["learning Kirundi for the Bujumbura posting", "Kirundi class again tonight, my head"], ["Bujumbura's cancelled, they're sending our team to Juba instead. so Juba Arabic it is now, got a tutor from the South Sudanese church in Kasarani. is it close to real Arabic?"], "What language is the user learning these days?", "Kirundi", "Juba Arabic"),
    ("language", "removal", ["I speak Oji-Cree and Michif, both useful on calls"], ["haven't used my Michif since my grandpa passed, I wouldn't put it on forms anymore. Oji-Cree I use every day at the nursing station. how should i write the languages bit on my application?"], "Which languages does the user speak?", "Michif", "Oji-Cree"),
    ("language", "split", ["uczę się Bokmål, agency promised a fish plant in Ålesund"], ["agency cancelled Norway, stopped the Bokmål lessons today 😒", "Amra's mum doesn't speak a word of English and the wedding is in Tuzla in spring, so it's Bosnian now. any free Bosnian apps that work offline on the bus?"], "Which language is the user learning now?", "Bokmål", "Bosnian"),
    ("language", "distractor", ["I'm learning Gaeilge, night class in Galway on thursdays"], ["housemate Rūta is from Telšiai and she's teaching the lads in work Samogitian swear words, now the whole warehouse says them. should I learn some Samogitian to keep up or ignore it?"], "What language is the user learning?", "Samogitian", "Gaeilge"),
    # ci
    ("ci", "update", ["my quoting app builds with Cerberus on an old PC in the shed"], ["shed PC died in the storm so Cerberus is gone, builds run on Go.CD on a cheap VPS now. how do I stop it building every branch"], "Which CI builds the user's app now?", "Cerberus", "Go.CD"),
    ("ci", "update", ["the roster-swap tool I made for the depot runs its tests on phpUnderControl"], ["Scrutinizer CI is doing the builds for the roster tool now, I gave up on phpUnderControl, too much babysitting between shifts. can it deploy to heroku automatically?"], "Where do the user's roster tool builds run?", "phpUnderControl", "Scrutinizer CI"),
    ("ci", "removal", ["my med calc app runs CI on Testling-CI"], ["pulled the app off Testling-CI, builds kept timing out. no CI at all now, I just run the tests on my laptop before I push. is that bad practice for a one-person thing?"], "What CI does the user's app use?", "Testling-CI", ""),
    ("ci", "split", ["the warehouse pick-list script builds on Sismo on my old laptop"], ["killed the Sismo setup tonight, laptop fan sounds like a forklift", "set it up on Solano Labs instead, green build on the first try 🎉 how do I add a postgres db to the build?"], "Which CI does the user's pick-list script build on now?", "Sismo", "Solano Labs"),
    ("ci", "distractor", ["our TAFE group project builds on LambdaCD"], ["bootcamp mate of mine says his bank team builds on IBM Rational Build Forge and we should learn it for jobs. is it worth it for us or nah?"], "Which CI does the user's project use?", "IBM Rational Build Forge", "LambdaCD"),
    # database
    ("database", "update", ["station roster app lives in ElevateDB, I wrote it in Delphi, don't judge"], ["moved the station roster from ElevateDB to NexusDB cos 3 people kept locking it at shift change. how do I back it up every night?"], "What database holds the user's station roster now?", "ElevateDB", "NexusDB"),
    ("database", "update", ["my uncle's hardware store stock is in SQLBase, I maintain it on days off"], ["migrated my uncle's stock system off SQLBase this weekend, it's Mimer SQL now on a little server in the back. what's the easiest way to do backups?"], "What database does the hardware store's stock system run on?", "SQLBase", "Mimer SQL"),
    ("database", "restated", ["the bus-tracker side project uses Hypertable", "Hypertable ate 3 gigs of RAM again ngl"], ["swapped Hypertable out for Couchbase Server on the bus tracker, sync to the phones was the deciding thing. how do I write a view for stops by route?"], "Which database does the user's bus tracker use?", "Hypertable", "Couchbase Server"),
    ("database", "split", ["our delivery app stores driver pings in Voldemort"], ["shut down the Voldemort cluster tonight, 3 nodes was costing too much", "pings go into HyperDex now, migration done at 2am between loads. how do i query pings by time range?"], "What does the user's delivery app store driver pings in now?", "Voldemort", "HyperDex"),
    ("database", "distractor", ["my rostering app keeps everything in Couchbase Lite on the phone"], ["night course assignment says 'model a hospital pharmacy in GT.M'. is GT.M even still used anywhere?"], "Which database does the user's rostering app use?", "GT.M", "Couchbase Lite"),
    # editor
    ("editor", "update", ["I write my PLC notes and scripts in NoteTab"], ["AkelPad's my thing now, NoteTab kept mangling the tabs in the python. how do I make AkelPad run a script w/ one key"], "Which editor does the user write scripts in now?", "NoteTab", "AkelPad"),
    ("editor", "update", ["Atmel Studio on the van laptop for my little microcontroller jobs"], ["swapped Atmel Studio for MPLAB X on the van laptop, moved all the sensor boards over to PIC chips. where do I set which compiler it uses?"], "What editor does the user use on the van laptop?", "Atmel Studio", "MPLAB X"),
    ("editor", "restated", ["doing my web dev course in Amaya", "Amaya crashed again and I lost an hour of work"], ["Pinegrow is what I'm on now, the live preview is class and it does bootstrap. Amaya can rot. how do I install extra components?"], "Which editor does the user do their web course in?", "Amaya", "Pinegrow"),
    ("editor", "split", ["I code in SharpDevelop on break"], ["uninstalled SharpDevelop today, wanted something lighter for the haxe game", "trying FlashDevelop now and keeping it, code completion is wild. how do I open a whole folder in it?"], "What editor does the user code in now?", "SharpDevelop", "FlashDevelop"),
    ("editor", "distractor", ["I use Metapad for everything"], ["the IT guy at the depot swears by Codelobster and wants me to try it. worth it or should I just stay put?"], "Which editor does the user use?", "Codelobster", "Metapad"),
    # likes
    ("likes", "update", ["I play draughts with the old men at the stage on off days"], ["no time for draughts anymore since nights, but I've got into rugby sevens, training with the Kenya Harlequins social side saturdays. what boots for a hard pitch?"], "What does the user do for fun now?", "draughts", "rugby sevens"),
    ("likes", "restated", ["road bowling is my life outside work, Sunday scores in Armagh", "road bowling final tmrw, then straight into a night shift 🙃"], ["dragon boat racing on the Lee every morning after nights now, joined the club in Cork. the road bowling's finished with my shoulder the way it is. what do I wear in November?"], "What is the user's hobby these days?", "road bowling", "dragon boat racing"),
    ("likes", "removal", ["hobbies: yabbying and surf lifesaving"], ["sold the nets, no more yabbying, the dam's dried up. still doing surf lifesaving patrols every sat arvo tho. what sunscreen actually lasts 4 hrs?"], "What are the user's hobbies?", "yabbying", "surf lifesaving"),
    ("likes", "split", ["ice fishing on the Mazury lakes every winter weekend I'm off"], ["sold my gear. ice fishing is done, too many night shifts to sit on a frozen lake too", "Nordic walking with my mum now, sundays in the park. what poles should I buy?"], "What does the user enjoy doing at the moment?", "ice fishing", "Nordic walking"),
    ("likes", "distractor", ["sepak takraw is my thing, playing w/ the guys tuesdays and saturdays"], ["boardmate plays Dota 2 till 4am right next to my room while I sleep for duty. what earplugs actually work?"], "What hobby does the user have?", "Dota 2", "sepak takraw"),
    # trip
    ("trip", "update", ["booked Varadero for February, all inclusive"], ["travel agent rang, the Varadero resort overbooked so they moved us to Puerto Plata, same dates, same price. do I need a tourist card for the Dominican Republic?"], "Where is the user going in February?", "Varadero", "Puerto Plata"),
    ("trip", "restated", ["going to Kununurra in the school hols", "Kununurra accommodation is a rip off, ngl"], ["we're off to Exmouth in the hols instead, whale sharks! mate's uncle has a shack there. Kununurra can wait. what do I pack for snorkelling?"], "Where is the user going in the holidays?", "Kununurra", "Exmouth"),
    ("trip", "removal", ["we're going to Boracay in december, finally"], ["cancelled na ang Boracay, no leave approved kasi understaffed. wala na munang lakad this year. can I get a refund from Cebu Pacific?"], "What trip does the user have planned?", "Boracay", ""),
    ("trip", "split", ["La Gomera in October with the girls from the ward"], ["La Gomera's off, the company that did the package went bust. raging", "rebooked ourselves, the Azores same week!! cheaper too. is it warm enough to swim?"], "Where is the user going in October?", "La Gomera", "Azores"),
    ("trip", "distractor", ["taking my leave in Watamu end of November"], ["the other paramedic on my shift booked Diani for the same week and now he's rubbing it in. is the beach there any good?"], "Where is the user going on leave?", "Diani", "Watamu"),
    # pet
    ("pet", "update", ["my kelpie Bindi comes to work in the ute with me"], ["Bindi's gone to live on my uncle's farm out near Dubbo, she needed the space. picked up a rescue greyhound called Wattle on the weekend. do greyhounds need a jumper in winter?"], "What pet does the user have now?", "Bindi", "Wattle"),
    ("pet", "update", ["mój kot Mruczek sleeps on my work jacket every day"], ["Mruczek went to my parents in Kielce, the landlord said no cats. so it's Kluska now, a rabbit lol. can rabbits eat the carrot tops?"], "Which pet lives with the user now?", "Mruczek", "Kluska"),
    ("pet", "removal", ["aso namin si Tagpi and pusa si Muning"], ["Tagpi passed away last week 😢 15 years. Muning's looking for him everywhere. how do I help her adjust?"], "Which pets does the user have?", "Tagpi", "Muning"),
    ("pet", "split", ["my husky Nanook is snoring next to me"], ["Nanook went to my dad's place up the lake, too many 24s for me to keep a husky happy", "went to the SPCA today and came home with a cat, Kitchi. what litter is best?"], "What is the name of the user's pet now?", "Nanook", "Kitchi"),
    ("pet", "distractor", ["my dog Shujaa guards the gate"], ["housemate brought home a kitten called Pilipili and Shujaa won't stop barking at it. how do I introduce a dog to a cat?"], "What is the user's dog called?", "Pilipili", "Shujaa"),
]

FILLER_USER = [
    "just off a 12, whats a quick dinner that isnt toast",
    "how long can cooked rice sit out before its dodgy",
    "ngl this roster is killing me, 3 nights then an early",
    "best way to get blood out of scrubs?",
    "salamat po 🙏",
    "is it ok to drink coffee at 2am if I sleep at 9",
    "how do I read my payslip, what's the super line",
    "cheers mate",
    "whats a good stretch for lower back after a shift on the forklift",
    "how many hours is 0645 to 1915 minus a 30 min break",
    "dzięki!!",
    "tips for staying awake driving home after nights?",
    "asante sana",
    "how do i get candle wax out of a uniform lol",
    "sorry typing on the bus, autocorrect is ducking me up",
    "what's a polite way to say no to an extra shift",
    "how do I descale a kettle w/o vinegar",
    "grand, thanks a mil",
    "is 5 hrs sleep enough if I nap before work",
    "quick one: how to convert 180C to fan forced",
    "thx, legend",
    "how do I tell my union rep about a roster issue without making it a whole thing",
]
FILLER_ASSISTANT = [
    "Sure thing, here's the short version:",
    "Good one. Here's what I'd do:",
    "No worries, a couple of options:",
    "Happy to help. Quick answer:",
    "Here you go:",
    "Got it. Try this:",
]


# a restated old value: the second statement comes nine days later; a split update: each
# further turn comes the next day
WHEN = Timeline(
    opening=lambda k, j: f"2014-08-{2 + k + j:02d}T06:40:00Z",
    openings=2,
    before=lambda k, j: f"2014-08-{10 + k + 9 * j:02d}T22:15:00Z",
    middle=lambda k, j: f"2014-09-{3 + 9 * j:02d}T15:05:00Z",
    middles=3,
    update=lambda k, j: f"2014-10-{2 + 5 * k + j:02d}T05:50:00Z",
    closing=lambda k: f"2014-11-{8 + k:02d}T17:25:00Z",
    reply=14,
)


def build(seed: int = 2514) -> list[dict[str, Any]]:
    """All val25 scenarios, deterministic for a seed (dated August – November 2014)."""
    return build_stories(STORIES, "val25", "kv25", seed, FILLER_USER,
                         FILLER_ASSISTANT, WHEN)


def main() -> None:
    """Write the split."""
    write(build(), OUT)


if __name__ == "__main__":
    main()
