# ruff: noqa: E501  (hand-written data: one story per line reads best)
"""Writes ``knowledge_val13.jsonl``: a thirteenth held-out split of the knowledge-update set.

Written in round 12, before any code change of that round, by someone who never
read ``src/`` (``"split": "val13"``): an outside evaluator's set, measured only at
the start and the end of the round, never looked at while tuning. It is the voice
of people typing on a phone: lowercase, little punctuation, typos and autocorrect
slips, emoji and abbreviations (rn, tmrw, bc, ngl); British, Indian, Australian,
Nigerian and Irish idioms ("wahala", "only", "himself", "freo", "abeg"); changes
told through their consequences and plans ("the landlord wants the keys back by
friday..."); the "we" voice of a family; updates inside a question to the
assistant that presupposes the new fact ("which area in Abuja get correct
suya?"); two slots changing in one turn (a new job and a new title, a new home
and a new employer, a promotion and a new manager), where only one is the
story's slot and the other is still a real value; dates written many ways
("18/5", "the 4th of may", "next tues", "in a fortnight"); and distractors from
a boss, a flatmate, a sibling, a parent or a child said after the user's own
value. Values and filler are new; the timeline (March–June 2020) is no other
split's. 18 slots, 86 stories (4 or 5 a slot): 21 update, 18 split, 18 restated,
11 removal, 18 distractor.

Kinds (``"kind"``): ``update`` (``old`` -> ``new``), ``split`` (the update over
two user turns a day apart), ``restated`` (``old`` said twice, nine days apart,
before the update), ``removal`` (``old`` ends, ``new`` remains or "" when
nothing does), ``distractor`` (``new`` is the user's and stays; ``old`` is a
third party's, said later). In the multi-valued slots (allergy, pet, likes,
language) an update's ``old`` is the value that ended and ``new`` the one that
took its place; a removal's ``new`` is what is left.

    python bench/data/make_knowledge_val13.py   # rewrites the .jsonl next to it
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _knowledge_writer import Story, Timeline, build_stories, write

OUT = Path(__file__).with_name("knowledge_val13.jsonl")

# (slot, kind, earlier user statements, update turns, question, old, new)
STORIES: list[Story] = [
    # home
    ("home", "update", ["hiya, any decent chippy near me? im in Wakefield, lockdown has me craving a proper fish supper"], ["landlord wants the keys back by friday and the new flat in Mechelen is ready so thats that, wakefield chapter closed 😭 bf got the transfer to the antwerp office so we just went for it. any good bakeries near my new place in mechelen"], "Which city is the user living in now?", "Wakefield", "Mechelen"),
    ("home", "split", ["we're in Limerick, the kids' school is literally across the road from us"], ["last night in limerick, sleeping on the floor bc the beds went in the van this morning. ngl bit emotional", "grand so we're in Sligo now!! kids found the beach at strandhill already 🌊 and me and himself both started at Sligo University Hospital on monday, same canteen lol"], "Where does the user live at the moment?", "Limerick", "Sligo"),
    ("home", "restated", ["im in Indore, its 41 degrees and the power keeps going", "indore traffic is back to normal-ish even w lockdown lol"], ["papa's health is not good so we shifted to Nagpur last week only, staying with parents. the indore flat we've given up. can u suggest some home workouts w no equipment, gyms are all shut"], "What city is the user based in these days?", "Indore", "Nagpur"),
    ("home", "distractor", ["I live in Fremantle, five min walk from the markets, best decision i ever made"], ["my flatmate Jez reckons he's off to Darwin in a fortnight for some mining gig, mad bloke. im staying put in freo obvs, someone has to keep the veggie patch alive. what do u even get someone as a going away present"], "Where does the user live?", "Darwin", "Fremantle"),
    ("home", "update", ["i stay in Ibadan, my mum's house, until the new posting comes through"], ["abeg which area in Abuja get correct suya? we landed on sunday for the new posting and i no know anywhere yet, the estate is in Gwarinpa"], "Which city does the user live in now?", "Ibadan", "Abuja"),
    # employer
    ("employer", "update", ["i work at Deliveroo, ops side, its carnage rn w everyone ordering in"], ["handed my notice in at deliveroo today!! starting at Gousto on the 4th of may as a supply planner, so new job AND new title lol. ngl kinda terrified. tips for onboarding when its all on zoom?"], "Which company does the user work for now?", "Deliveroo", "Gousto"),
    ("employer", "split", ["I'm at Infosys since 2016, did the Mysore training and then Bangalore DC"], ["last working day at infosys is tmrw, they did the farewell on teams lol, cake emoji only", "joined Razorpay today!! laptop got couriered to my house in 1 day, v efficient people"], "Who is the user's employer these days?", "Infosys", "Razorpay"),
    ("employer", "restated", ["at Culture Amp, on the insights team, melbourne office but wfh rn", "culture amp's gone fully remote for now bc of covid"], ["so Afterpay came knocking and i said yes 🙈 start date 8/6, last day at culture amp is friday. how do i tell my team without crying on a zoom"], "Where does the user work at present?", "Culture Amp", "Afterpay"),
    ("employer", "removal", ["I work for Flybe, cabin crew, Exeter base"], ["well its official, no rescue deal, Flybe is gone for good and all of us are out. so no employer for me rn, just the dole and a lot of daytime telly. how do i sign up for universal credit"], "Who does the user work for?", "Flybe", ""),
    ("employer", "distractor", ["I work for Workhuman, in the Dublin office, payroll team"], ["my boss keeps forwarding me Intercom job ads as a joke, turns out he's leaving for Intercom himself next month lol. im not going anywhere, i love workhuman. whats a nice leaving card message for a boss"], "Which company does the user work for?", "Intercom", "Workhuman"),
    # job title
    ("job_title", "update", ["im a trainee solicitor at a firm in manchester, second seat is employment law"], ["qualified!!! newly qualified solicitor as of today 🎉🎉 mum cried on facetime and the partners sent a bottle of prosecco to my flat"], "What's the user's job title now?", "trainee solicitor", "newly qualified solicitor"),
    ("job_title", "split", ["I'm a commis chef, restaurant's shut rn obvs, doing takeaway boxes 3 nights a week"], ["our chef de partie on the grill handed in his notice, moving back to Lisburn. owner asked if i'd step up into his section when we reopen", "said yes!! so im chef de partie from when we reopen in july, my own section finally. whats a good way to prep a grill station for 30 covers"], "What is the user's position in the kitchen now?", "commis chef", "chef de partie"),
    ("job_title", "restated", ["I'm a district nurse, out in the car all day doing dressings and insulin", "another 10hr day as a district nurse, did 14 home visits in full ppe"], ["got the band 8 post!!! community matron from next tues and i'll be reporting to Marguerite at the trust now instead of the team lead. more paperwork, fewer dressings lol"], "What is the user's current role?", "district nurse", "community matron"),
    ("job_title", "distractor", ["I'm a product designer at a fintech, mostly onboarding flows"], ["my flatmate just got promoted to design director and she will not let us forget it 🙄 still a humble product designer over here. what should we get her to celebrate, budget is like 30 quid"], "What is the user's job title?", "design director", "product designer"),
    ("job_title", "update", ["im an associate professor of chemistry, lecturing from my kitchen table rn"], ["the promotion committee met (on zoom obvs) and im full professor from the 1st of july!! any tips for an inaugural lecture when we cant be in a room"], "What is the user's academic rank?", "associate professor", "full professor"),
    # manager
    ("manager", "update", ["my manager is Siobhan, shes great but micromanages a bit"], ["siobhan's gone on mat leave so Declan is my manager till next year. he's... a lot. how do i set boundaries on teams messages after 7pm without being a dick about it"], "Who is the user's manager right now?", "Siobhan", "Declan"),
    ("manager", "split", ["my boss is Adebayo, very old school, calls instead of texting"], ["adebayo has been moved to the Port Harcourt office, reorg wahala", "so my new line manager is Chiamaka, met her on zoom today, she seems sharp and she actually reads emails 🙏"], "Who does the user report to now?", "Adebayo", "Chiamaka"),
    ("manager", "restated", ["I report to Gurpreet", "gurpreet wants the deck by eod again ugh"], ["reorg finally done, i now report to Anjali instead of Gurpreet. first 1:1 tmrw at 10, what should i ask her"], "Who is the user's line manager?", "Gurpreet", "Anjali"),
    ("manager", "distractor", ["my manager's Bronwyn, shes from Hobart and v chill"], ["my flatmate's new manager Lachlan sounds like a total nightmare, rings her at 10pm about spreadsheets. so glad bronwyn is mine. how can i help my flatmate deal w him"], "Who manages the user?", "Lachlan", "Bronwyn"),
    ("manager", "update", ["my line manager is Fergal, been with him 6 yrs"], ["fergal retired!! we had a zoom send off w a cake he couldnt eat bc he was in wexford and we were all in our kitchens lol. Róisín's stepped into his role so shes my manager from monday"], "Who is the user's manager these days?", "Fergal", "Róisín"),
    # diet
    ("diet", "update", ["doing Slimming World w my mum, the syns are confusing lol"], ["quit slimming world, doing Noom now bc its all on the app and theres no weigh-in group on zoom. is noom legit or a scam ngl"], "Which diet plan is the user following now?", "Slimming World", "Noom"),
    ("diet", "split", ["im on the Dukan diet, attack phase, nothing but protein"], ["dukan is wrecking my sleep and my breath tbh, stopping it", "ok switched to the Fast 800 like my GP suggested, 800 cals a day for a few weeks. ideas for a 250 cal lunch that isnt sad"], "What diet is the user on now?", "Dukan", "Fast 800"),
    ("diet", "removal", ["im on the autoimmune protocol for my thyroid, dietitian's orders, no eggs nuts or nightshades"], ["reintroductions are done and the dietitian says i can eat normally again!! no more autoimmune protocol, tomatoes are back baby 🍅 best shakshuka recipe?"], "What diet does the user follow?", "autoimmune protocol", ""),
    ("diet", "distractor", ["we eat sattvic at home, no onion no garlic, my amma is strict about it"], ["my brother has gone full Optavia, shakes and 'fuelings' all day, he was lecturing us on the family whatsapp for an hour 😂 we're sticking w sattvic obviously. is his thing even safe"], "What diet does the user follow?", "Optavia", "sattvic"),
    ("diet", "restated", ["I do Weight Watchers, been on it since jan", "weight watchers points for a bacon butty are criminal"], ["gave weight watchers the boot, too much counting. doing the Cambridge diet w my sister now, the shakes are grim but the weigh-ins are going well. any low cal soups"], "Which diet plan is the user on at the moment?", "Weight Watchers", "Cambridge diet"),
    # allergy
    ("allergy", "update", ["im allergic to pistachios, throat goes scratchy"], ["allergist says the pistachios thing has settled, i had a whole handful at the challenge and nothing. BUT turns out im allergic to hair dye now, which explains the burning scalp after lockdown box dye 🙃 what can i use instead"], "What is the user allergic to now?", "pistachios", "hair dye"),
    ("allergy", "removal", ["allergic to erythromycin and chickpeas, both on my chart at the GP"], ["the erythromycin allergy test came back negative!! so i was never actually allergic apparently. just chickpeas now, which means still no hummus 😩 can u explain how they test drug allergies"], "What allergies does the user have?", "erythromycin", "chickpeas"),
    ("allergy", "split", ["allergic to lychee since i was little, even the smell"], ["did the oral challenge w lychee at the hospital today and i passed 😳 after 20 yrs", "so lychee is officially fine now, but the skin prick flagged coconut instead which is random af. coconut is in everything here"], "What food is the user allergic to now?", "lychee", "coconut"),
    ("allergy", "distractor", ["i'm allergic to sunflower seeds, found out the hard way from a seeded loaf"], ["my flatmate is allergic to cumin apparently, she told me AFTER i made a massive curry 🙈 what can i swap cumin for next time, i feel terrible"], "What is the user allergic to?", "cumin", "sunflower seeds"),
    ("allergy", "restated", ["im allergic to grass pollen, may is hell", "grass pollen count is mental today, eyes streaming"], ["the 3 yrs of immunotherapy worked, grass pollen doesnt touch me anymore!! but the new tests say im reacting to horses now, so no more pony rides w the niece. is that a common switch?"], "What is the user allergic to these days?", "grass pollen", "horses"),
    # partner
    ("partner", "update", ["me and my boyfriend Tadhg are isolating together, day 12 and we havent killed each other yet"], ["tadhg and i broke up in april, lockdown was too much for us. been seeing someone new from the running club, Oisín, socially distanced walks lol. is that weird"], "Who is the user dating now?", "Tadhg", "Oisín"),
    ("partner", "split", ["my girlfriend Ishita is a doctor, she's on covid wards rn"], ["ishita and i ended things last night, mutual but sad", "been talking to Meenal again, we were friends at uni. we made it official today 💕"], "Who is the user's girlfriend now?", "Ishita", "Meenal"),
    ("partner", "restated", ["my husband Olumide is doing the homeschooling today thank god", "olumide made jollof for the whole street lol"], ["divorce came through last week. new chapter. dating someone called Ifeoluwa now, slow and steady 🙏"], "Who is the user's partner at present?", "Olumide", "Ifeoluwa"),
    ("partner", "distractor", ["my fiancée Aoibheann is a physio, she's the sensible one"], ["my sister's boyfriend Cathal proposed to her on a zoom call in front of the whole family 😂 aoibheann and i were like at least we did it in person. gift ideas for a newly engaged couple"], "Who is the user engaged to?", "Cathal", "Aoibheann"),
    ("partner", "removal", ["my partner Brodie and i live together, he's a sparky"], ["brodie moved out sunday, we're done for good. just me and the cat now, which honestly is fine. recipes for one person?"], "Who is the user's partner?", "Brodie", ""),
    # pet
    ("pet", "update", ["our dog Custard is 14 and slow as anything"], ["we lost Custard on the 2nd of april 💔 kids were heartbroken so we adopted a rescue greyhound from the shelter, Lamington. how do we settle a rescue greyhound"], "What pet does the user's family have now?", "Custard", "Lamington"),
    ("pet", "removal", ["i have a guinea pig called Jollof and a hamster called Puff"], ["puff died in his sleep last night, he was 3 which is old for a hamster. jollof seems lonely i think. do guinea pigs get lonely"], "What pets does the user have?", "Puff", "Jollof"),
    ("pet", "split", ["my rabbit is called Bhaji, he's a menace, chewed the laptop charger twice"], ["rehoming bhaji to my cousin's farm tmrw, i just cant give him the space he needs", "bhaji's gone, house is so quiet. got a budgie today to fill the silence, named him Gulab"], "What pet does the user have now?", "Bhaji", "Gulab"),
    ("pet", "distractor", ["my cat's called Wombat, yes a cat called wombat"], ["my boss adopted a lockdown puppy called Vegemite and keeps putting him on zoom calls lol. wombat is unimpressed. should i let my cat on calls too"], "What is the name of the user's pet?", "Vegemite", "Wombat"),
    ("pet", "restated", ["we've got a tortoise called Tortellini", "tortellini's out of hibernation!"], ["we gave tortellini to a tortoise sanctuary in kent, he needed a bigger garden than ours. the kids got a kitten instead, named her Tuppence"], "What pet does the user have at home now?", "Tortellini", "Tuppence"),
    # vehicle
    ("vehicle", "update", ["i drive a Vauxhall Astra, held together w gaffer tape"], ["sold the astra to a lad off gumtree, picked up a Dacia Sandero on 18/5. first car ive bought w my own money ngl"], "What car does the user drive now?", "Vauxhall Astra", "Dacia Sandero"),
    ("vehicle", "split", ["my ride is a Bajaj Pulsar, 150cc, dont laugh"], ["sold the pulsar today, got a good price from a college boy", "took delivery of our Hyundai Creta!! family's first car, dad did a small puja for it in the driveway"], "What vehicle does the user have now?", "Bajaj Pulsar", "Hyundai Creta"),
    ("vehicle", "restated", ["I drive a Holden Commodore", "commodore's due for a service again"], ["traded in the holden, we're an Isuzu D-Max family now, needed the tray for the reno. how often do u change the oil on a diesel ute"], "What does the user drive these days?", "Holden Commodore", "Isuzu D-Max"),
    ("vehicle", "removal", ["i have a Nissan Micra for the school run"], ["we've sold the micra, we're walking everywhere now and the kids are on scooters. cheaper and no parking stress. best kids scooter for a 7 yo?"], "What car does the user have?", "Nissan Micra", ""),
    ("vehicle", "distractor", ["got an MG ZS EV last year, love it, charging at home is so cheap"], ["my dad bought a Ford Ranger and wont stop texting me photos of it lol. im keeping my MG, much cheaper to run. how do i tell him a ute is overkill for the shops"], "What car does the user drive?", "Ford Ranger", "MG ZS EV"),
    # phone
    ("phone", "update", ["my number is 0803 555 0192 if you need it for the form"], ["my phone fell inside gutter for Surulere 😭 new line is 0816 555 7734, the old MTN one is dead. also which phone case survives water"], "What is the user's phone number now?", "0803 555 0192", "0816 555 7734"),
    ("phone", "split", ["my mobile: +91 99001 43287"], ["porting out of that network, the signal in my new flat is nil", "ok new no. is +91 63602 58814, the 99001 one stops working from tmrw"], "Which mobile number does the user use now?", "+91 99001 43287", "+91 63602 58814"),
    ("phone", "restated", ["ring me on 087 555 1234", "087 555 1234 is the best number for me, i never check email"], ["dropped the phone in the sea at salthill, got a new sim, so its 085 555 9876 now. update whatever u have saved"], "What number can the user be reached on now?", "087 555 1234", "085 555 9876"),
    ("phone", "distractor", ["my mobile's 0412 555 908"], ["can u help me write a text to my flatmate about the bills? her number is 0422 555 617. mine hasnt changed btw, still 0412 555 908"], "What is the user's mobile number?", "0422 555 617", "0412 555 908"),
    # email
    ("email", "update", ["email me at tunde.bakare@yahoo.com"], ["yahoo keeps sending everything to spam so i don open am again. use tunde.bakare.ng@gmail.com from now"], "What email does the user want to use now?", "tunde.bakare@yahoo.com", "tunde.bakare.ng@gmail.com"),
    ("email", "split", ["my email is niamh.oconnor@eircom.net"], ["eir are shutting down the old eircom mailboxes, gah, need a new address", "sorted, im niamhoc@outlook.ie now. forward anything important there pls"], "What is the user's email address now?", "niamh.oconnor@eircom.net", "niamhoc@outlook.ie"),
    ("email", "restated", ["my mail id is rohit.kulkarni88@rediffmail.com", "pls send the pdf to rohit.kulkarni88@rediffmail.com"], ["rediff has become useless only, so i made rkulkarni@zohomail.in. pls use that going forward"], "Which email address does the user use at present?", "rohit.kulkarni88@rediffmail.com", "rkulkarni@zohomail.in"),
    ("email", "distractor", ["my email is bec.mcallister@bigpond.com"], ["can u draft a reply to my boss, his address is gthornbury@coastlineplumbing.com.au, tell him ill be late monday. cc me on bec.mcallister@bigpond.com as usual"], "What is the user's email address?", "gthornbury@coastlineplumbing.com.au", "bec.mcallister@bigpond.com"),
    # birthday
    ("birthday", "update", ["its my bday on the 6th of april, 30 ffs 😩"], ["omg i told u wrong, its the 16th of april not the 6th, autocorrect ate the 1 🙈 so we did the zoom party on the wrong day lol"], "When is the user's birthday?", "6th of april", "16th of april"),
    ("birthday", "split", ["bday is 22/11 btw, sagittarius energy"], ["mum was going through the old papers during lockdown and found my birth cert, she's acting weird about the date", "turns out 22/11 was my christening! i was actually born 20/11, forty years of cake on the wrong day 😂"], "What is the user's date of birth?", "22/11", "20/11"),
    ("birthday", "restated", ["born 9 August, for the record", "9 August is my birthday so dont book anything that weekend"], ["passport office flagged that my birth cert says 7 August, my da registered me late and the 9th stuck. so officially its 7 August and im going with that from now on"], "When was the user born?", "9 August", "7 August"),
    ("birthday", "distractor", ["my birthday's June 30th"], ["my son turns 6 on the 12th of May and he wants a dinosaur cake, help. mine's June 30th but nobody remembers that when there's a six year old in the house"], "When is the user's birthday?", "12th of May", "June 30th"),
    # language
    ("language", "update", ["im learning Igbo so i can talk to my grandma properly"], ["work is posting me to Kano in a fortnight so Igbo is on hold, learning Hausa now, two classes a week online. sannu! how do i practise speaking alone"], "Which language is the user learning now?", "Igbo", "Hausa"),
    ("language", "removal", ["doing Malayalam and BSL at the same time, ambitious i know"], ["dropping malayalam, my tutor moved back to Kochi and the zoom lag was killing it. BSL stays, my deaf nephew is teaching me more than the course tbh"], "Which languages is the user learning now?", "Malayalam", "BSL"),
    ("language", "split", ["learning Thai for the trip we were meant to take"], ["trip's off so thai is off too, no point rn", "started Te Reo Māori instead, my partner's whānau are from Rotorua. kia ora lol"], "What language is the user studying now?", "Thai", "Te Reo Māori"),
    ("language", "restated", ["learning Marathi, my in-laws only speak it at home", "marathi verbs are too much yaar"], ["we shifted to Bangalore so the in-laws are far now haha, i switched to Kannada for the day to day, autowalas and all. any good apps for kannada"], "What language is the user learning at the moment?", "Marathi", "Kannada"),
    ("language", "distractor", ["im learning Scottish Gaelic on duolingo, 60 day streak"], ["my daughter's doing Auslan at school now and signing at me across the dinner table, its adorable. im still on my gaelic streak. how can i support her learning at home"], "What language is the user learning?", "Auslan", "Scottish Gaelic"),
    # likes
    ("likes", "update", ["netball is my life, training twice a week and matches sat"], ["season's cancelled so netball is done for the year. got into baking banana bread like literally everyone else, im on loaf 9. how do i stop it sinking in the middle"], "What hobby is the user into now?", "netball", "banana bread"),
    ("likes", "removal", ["hurling and jigsaws, those are my two things"], ["did my cruciate, so hurling is finished for me, surgeon said no more contact sport. still got the jigsaws, 1000 pieces a week ngl. whats a hard one to order"], "What are the user's hobbies now?", "hurling", "jigsaws"),
    ("likes", "split", ["five-a-side on thursdays, only thing getting me through the week"], ["pitches are shut so five-a-side is dead, and tbh my knees are grateful", "bought roller skates!! roller skating in the car park every evening, fell 4 times today lol"], "What does the user do for fun these days?", "five-a-side", "roller skating"),
    ("likes", "restated", ["darts is my thing, down the pub every tues", "darts league is cancelled this week, gutted"], ["pubs shut so no darts anymore, ive got really into Animal Crossing instead, my island is thriving 🏝️ how do i get more bells fast"], "What is the user's hobby at the moment?", "darts", "Animal Crossing"),
    ("likes", "distractor", ["i do embroidery most evenings, little botanical hoops"], ["my son is obsessed with Roblox, he's on it 6 hours a day and talks about nothing else 😩 i'll stick to my embroidery thanks. is roblox safe for a 9 yr old"], "What is the user's hobby?", "Roblox", "embroidery"),
    # trip
    ("trip", "update", ["booked Mallorca for the summer hols, villa w a pool, cant wait"], ["mallorca's off, spain closed everything. we've rebooked a staycation on the Isle of Wight for august, same week. what should we do w 3 kids there"], "Where is the user going in the summer?", "Mallorca", "Isle of Wight"),
    ("trip", "removal", ["going to Gokarna in may w the college gang"], ["gokarna is cancelled, lockdown extended again. not going anywhere this year tbh. suggest some good netflix for a zoom watch party instead"], "What trip does the user have planned?", "Gokarna", ""),
    ("trip", "split", ["honeymoon's in Santorini in june!!"], ["santorini got cancelled by the airline, we're so gutted", "rebooked for the Lake District instead, a cottage near Keswick, 10th-17th. we'll do greece for the 1st anniversary"], "Where is the user's honeymoon?", "Santorini", "Lake District"),
    ("trip", "restated", ["uluru trip is in july, the whole family", "packing list for Uluru? its my first time"], ["WA and NT closed the borders so Uluru's off. we're doing Byron Bay instead, can drive there from Brissie. whats good for kids in byron"], "Where is the user's July family trip?", "Uluru", "Byron Bay"),
    ("trip", "distractor", ["we're doing the Costa Brava in sept if borders open"], ["my boss is off to the Amalfi Coast in september, showed us 40 photos of the hotel on zoom 🙄 we're still on for the costa brava. best beaches near Tossa?"], "Where is the user travelling in September?", "Amalfi Coast", "Costa Brava"),
    # ci
    ("ci", "update", ["our CI is Codeship, its fine i guess"], ["codeship kept timing out on the monorepo so we moved everything to Screwdriver last sprint. how do i cache node_modules in screwdriver"], "What CI does the user's team use now?", "Codeship", "Screwdriver"),
    ("ci", "split", ["builds run on Shippable, it's been flaky since the jfrog thing"], ["migrating off shippable this week, not a day too soon", "done, AWS CodePipeline runs all our builds now. whats the nicest way to get slack notifications from it"], "Which CI system runs the user's builds now?", "Shippable", "AWS CodePipeline"),
    ("ci", "restated", ["we still run CruiseControl.NET on a box under someone's desk", "CruiseControl.NET fell over again, no builds today lol"], ["the box under the desk finally died for good, so we moved to Azure DevOps since we're a microsoft shop anyway. yaml pipelines are actually decent"], "Where do the user's team's builds run these days?", "CruiseControl.NET", "Azure DevOps"),
    ("ci", "removal", ["we use Wercker for the api builds"], ["wercker's shutting down so we just ripped it out, team of 2, we run the tests locally before pushing. no CI at all rn, living dangerously"], "What CI does the user's project use?", "Wercker", ""),
    ("ci", "distractor", ["our CI is Zuul, the openstack heritage is strong here"], ["the platform team next door moved their deploys to Spinnaker, they wont shut up about it. we're staying on Zuul for ci. whats the difference between the two anyway"], "What CI does the user's team use?", "Spinnaker", "Zuul"),
    # database
    ("database", "update", ["our db is Sybase, yes in 2020, its a bank"], ["the migration went live at the weekend!! everything's on SAP HANA now, sybase is finally switched off. how do i tune a slow view in hana"], "Which database does the user's team run on now?", "Sybase", "SAP HANA"),
    ("database", "split", ["backend runs on Riak, legacy from the old cto"], ["last export out of riak tonight, fingers crossed", "cutover done, we're on Cosmos DB now, the RU pricing is confusing af tho. explain it like im 5"], "What database does the user's backend use now?", "Riak", "Cosmos DB"),
    ("database", "restated", ["we use RavenDB for the main app", "RavenDB indexes are stale again ugh"], ["finally moved the main app off ravendb, it's on Amazon Aurora now with the postgres flavour. whats a good connection pool size"], "What database does the user's main app use these days?", "RavenDB", "Amazon Aurora"),
    ("database", "removal", ["the mobile app stores everything in Realm"], ["we rewrote the app as a thin client over the API, so Realm is gone, nothing stored on the device at all anymore. app size dropped by half lol"], "What database does the user's mobile app use?", "Realm", ""),
    ("database", "distractor", ["our analytics run on MemSQL, fast as hell"], ["the other squad picked FaunaDB for their new service, their lead was raving about it at standup. we're sticking w MemSQL. is fauna any good for analytics tho"], "What database does the user's team use for analytics?", "FaunaDB", "MemSQL"),
    # editor
    ("editor", "update", ["i still do all my php in Dreamweaver lol dont judge"], ["work paid for PhpStorm and omg the autocomplete, bye bye dreamweaver. whats the shortcut for multi cursor in phpstorm"], "What editor does the user use for PHP now?", "Dreamweaver", "PhpStorm"),
    ("editor", "split", ["NetBeans for all my java, its what uni taught us"], ["new job is all Go so netbeans is getting uninstalled tonight", "set up GoLand today, the debugger is so nice. any must-have plugins"], "What does the user code in now?", "NetBeans", "GoLand"),
    ("editor", "restated", ["i write c++ in Code::Blocks", "Code::Blocks crashed and ate my assignment again"], ["switched to Qt Creator bc the lecturer uses it and code::blocks kept crashing. how do i set the c++ standard in qt creator"], "Which editor does the user write C++ in now?", "Code::Blocks", "Qt Creator"),
    ("editor", "distractor", ["I code in Komodo IDE, have done for years"], ["my flatmate is trying to get me onto Light Table, keeps sending me videos. nah im good w komodo. what was light table even about"], "What editor does the user code in?", "Light Table", "Komodo IDE"),
]

FILLER_USER = [
    "how many tbsp in a cup, the recipe is american",
    "whats a good name for a family quiz team on zoom",
    "is it bad to wash a hoodie inside out",
    "k ta",
    "how do i get blu tack marks off a painted wall",
    "what time is it in auckland rn",
    "convert 37.8 celsius to fahrenheit pls",
    "lol cheers",
    "give me a 10 min stretch routine for after a long day at the laptop",
    "why does my wifi drop every evening around 8",
    "whats the difference between a hare and a rabbit actually",
    "suggest a board game for 2 ppl that isnt chess",
    "how long do u boil a soft egg for dippy soldiers",
]
FILLER_ASSISTANT = [
    "Righto, here it is.",
    "Good question, quick rundown:",
    "No worries, here's what I'd do.",
    "Sure, a couple of options.",
    "Easy one, answer below.",
]


# a restated old value: the second statement comes nine days later; a split update: its
# second turn comes the next day
WHEN = Timeline(
    opening=lambda k, j: f"2020-03-{1 + k + j:02d}T07:50:00Z",
    openings=2,
    before=lambda k, j: f"2020-03-{8 + k + 9 * j:02d}T21:15:00Z",
    middle=lambda k, j: f"2020-04-{3 + 9 * j:02d}T13:20:00Z",
    middles=3,
    update=lambda k, j: f"2020-05-{1 + 5 * k + j:02d}T19:35:00Z",
    closing=lambda k: f"2020-06-{3 + k:02d}T10:25:00Z",
    reply=9,
)


def build(seed: int = 1313) -> list[dict[str, Any]]:
    """All val13 scenarios, deterministic for a seed (dated March–June 2020)."""
    return build_stories(STORIES, "val13", "kv13", seed, FILLER_USER,
                         FILLER_ASSISTANT, WHEN)


def main() -> None:
    """Write the split."""
    write(build(), OUT)


if __name__ == "__main__":
    main()
