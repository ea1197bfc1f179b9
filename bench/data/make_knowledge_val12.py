# ruff: noqa: E501  (hand-written data: one story per line reads best)
"""Writes ``knowledge_val12.jsonl``: a twelfth held-out split of the knowledge-update set.

Written in round 11, before any code change of that round, by someone who never
read ``src/`` (``"split": "val12"``): an outside evaluator's set, measured only at
the start and the end of the round, never looked at while tuning. It focuses on
long, messy real-chat turns where the personal fact is one clause among several
topics (a sick kid, a broken dishwasher, a request for a recipe); updates told as
a small story over a sentence or three ("the interview went well... they called
back... I start on the 3rd"); the new value brought in by a pronoun or a
description that only gets its name later; euphemisms and idioms for endings
("went our separate ways", "went to a better home", "I'm done with ..."); updates
said as relief or complaint ("finally no more ..."); relative dates ("next
Thursday", "the 14th"); the old value said in another surface form than at first
("NYC" then "New York"); a little French and Spanish code-switching; and
ownership traps: a partner's, friend's, sibling's or colleague's value in the
same turn as the user's own, questions to the assistant that name a value that
is not the user's, and hypotheticals ("if I moved to Oslo...") that are not
updates, placed as extra turns inside stories whose real update is elsewhere.
Values and filler are new; the timeline (July–October 2023) is no other split's.
18 slots, 80 stories (4 or 5 a slot): 36 update, 11 split, 11 restated,
11 removal, 11 distractor.

Kinds (``"kind"``): ``update`` (``old`` -> ``new``), ``split`` (the update over
two user turns a day apart), ``restated`` (``old`` said twice, nine days apart,
before the update), ``removal`` (``old`` ends, ``new`` remains or "" when
nothing does), ``distractor`` (``new`` is the user's and stays; ``old`` is a
third party's, said later). In the multi-valued slots (allergy, pet, likes,
language) an update's ``old`` is the value that ended and ``new`` the one that
took its place; a removal's ``new`` is what is left.

    python bench/data/make_knowledge_val12.py   # rewrites the .jsonl next to it
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _knowledge_writer import Story, Timeline, build_stories, write

OUT = Path(__file__).with_name("knowledge_val12.jsonl")

# (slot, kind, earlier user statements, update turns, question, old, new)
STORIES: list[Story] = [
    # home
    ("home", "update", ["ok random but I'm in Phoenix and it's 115 out, what houseplants survive a west-facing window in this heat"], ["honestly is Denver nice to live in? my coworker won't shut up about it and now I'm curious", "So the lease thing finally sorted itself out. We signed on Tuesday, the truck came Saturday, and as of this weekend home is Tucson. Still desert, but two hours closer to my parents and way cheaper. anyway what's a good first-week-in-a-new-house checklist"], "What city does the user live in now?", "Phoenix", "Tucson"),
    ("home", "update", ["I live in NYC, tiny apartment, so for anything cooking-related assume one burner and zero counter space"], ["Left New York at the end of last month and I don't miss the rent one bit. The new place is in Philadelphia (South Philly if you know it) and I have an actual oven now!! what should I bake first, something that makes the whole place smell good"], "Where does the user live these days?", "NYC", "Philadelphia"),
    ("home", "split", ["we live in Gothenburg, it rains like 200 days a year here"], ["last night in Gothenburg. the flat is empty, we're sleeping on a mattress on the floor and the car is packed to the roof", "made it!! five hours of driving with a cat yowling the whole way and we're officially Malmö people now. the new flat smells like paint but the light is amazing"], "Which city is the user's home now?", "Gothenburg", "Malmö"),
    ("home", "restated", ["I'm in Montreal so winter tips are very welcome", "Montreal in January is no joke, it was -30 with the wind this morning"], ["if I moved to Oslo would I even notice the cold lol. anyway, unrelated, what's the cheapest way to ship a bike across Canada", "ok real news: the transfer came through and we've been in Charlottetown since the 14th. The ocean is RIGHT there, I can't get over it. Montreal was great but I won't miss shovelling"], "What city does the user live in at the moment?", "Montreal", "Charlottetown"),
    ("home", "distractor", ["I'm living in Lyon these days, so if you suggest weekend trips keep them within a few hours of here"], ["My best friend Camille just got the keys to her place in Bordeaux, she's over the moon. I'm still in Lyon, someone has to keep our apéro tradition alive. Can you suggest a housewarming gift I can mail to her?"], "Which city does the user live in?", "Bordeaux", "Lyon"),
    # employer
    ("employer", "update", ["I work at Accenture, mostly SAP projects, don't judge"], ["So the interview went well. They called back Friday. I start at Capgemini on the 3rd! Handing in my notice at Accenture tomorrow, wish me luck with that conversation. Also can you help me write a short LinkedIn post that doesn't sound cringe?"], "Where does the user work now?", "Accenture", "Capgemini"),
    ("employer", "update", ["what's it actually like working at Google? my cousin has a final round there next week", "we're a Shopify shop, I'm on the payments team there"], ["long day. my kid has strep, the dishwasher died, and I finally signed the offer. It's a fintech in Amsterdam, smaller, they do payment APIs, you probably haven't heard of them, it's called Mollie. Last day at Shopify is next Thursday. Can you help me write a goodbye message to my team?"], "Which company does the user work for these days?", "Shopify", "Mollie"),
    ("employer", "split", ["I'm a pharmacist at Walgreens, 12-hour shifts, send help"], ["turned in my badge at Walgreens today. weird feeling after 9 years", "first day at the hospital pharmacy went great!! Kaiser Permanente has their act together, I got a whole onboarding binder and a lunch break"], "Who employs the user now?", "Walgreens", "Kaiser Permanente"),
    ("employer", "removal", ["I work for Wayfair, on the logistics side, and yes it's as chaotic as you'd think"], ["well, it finally happened. they cut most of logistics this morning, me included, so Wayfair and I are done. I'm officially between jobs and taking the summer off before I even start looking. what's a good novel for a week at the beach?"], "Who does the user work for at present?", "Wayfair", ""),
    ("employer", "distractor", ["I'm at Spotify, backend, mostly playlist infra"], ["my partner just accepted an offer at Klarna and we celebrated with way too much cava. I'm staying put at Spotify for now, the team's too good to leave. what's a nice restaurant in Stockholm for a proper celebration dinner?"], "Which company does the user work at?", "Klarna", "Spotify"),
    # job title
    ("job_title", "update", ["I'm a junior data analyst, basically I make dashboards nobody reads"], ["if I went into data science would I need a master's? just wondering", "guess who's not junior anymore 🎉 had my review today, my manager said they're moving me up and the new title is senior data analyst, effective next month. also can you explain window functions like I'm 5"], "What is the user's job title now?", "junior data analyst", "senior data analyst"),
    ("job_title", "update", ["I'm a paralegal at a small family law firm"], ["Remember the bar exam I was so stressed about? Results came out on the 14th. I passed!! The firm kept me on, and as of this week I'm an associate attorney with my name on the website and everything. Now I need a decent work bag, any ideas?"], "What is the user's role at the firm now?", "paralegal", "associate attorney"),
    ("job_title", "restated", ["I'm a line cook, six days a week", "being a line cook in August is basically living in a sauna"], ["Hung up the apron at the restaurant. The bakery down the street needed someone for the early shift and I said yes, so I'm a baker now, 4am starts but nobody screams at me. Any tips for sleeping at weird hours?"], "What does the user do for work now?", "line cook", "baker"),
    ("job_title", "split", ["I'm a middle school teacher, 7th grade science"], ["the district posted the assistant principal job and I applied, interview is on the 14th, so nervous", "I GOT IT. Assistant principal starting next semester. Going to miss my 7th graders and the baking soda volcanoes"], "What position does the user hold now?", "middle school teacher", "assistant principal"),
    ("job_title", "distractor", ["I work as a physiotherapist in a sports clinic"], ["my husband just got promoted to fire captain, so proud of him. Me, still a physiotherapist, still fixing weekend warriors' hamstrings. what should I cook for his celebration dinner, he loves spicy food"], "What is the user's job?", "fire captain", "physiotherapist"),
    # manager
    ("manager", "update", ["My manager is Priyanka, she's super supportive"], ["Big reorg week. Priyanka moved over to lead the platform team (good for her). We got a new director from outside, he seems sharp, asks a lot of questions in standup, a bit intense. His name's Desmond and he's who I report to starting Monday. How do I make a good first impression in a 1:1?"], "Who does the user report to now?", "Priyanka", "Desmond"),
    ("manager", "update", ["my boss is Gerald and he micromanages everything, like he literally reviews my Slack messages"], ["FINALLY free of Gerald. He got moved to the Singapore office and my new manager is Marit, who said in our very first 1:1 'I trust you, just tell me if you're blocked'. I almost cried."], "Who is the user's manager these days?", "Gerald", "Marit"),
    ("manager", "split", ["I report to Tomás, the engineering manager for our squad"], ["Tomás told us today he's going on a year of parental leave starting next week, so someone's going to cover for him", "ok the cover is Saskia from the infra side, she's my manager for the next year. first 1:1 on Thursday"], "Who manages the user at the moment?", "Tomás", "Saskia"),
    ("manager", "restated", ["my manager Rhiannon is out this week so it's quiet", "Rhiannon wants the Q3 plan by Friday, any template ideas?"], ["Rhiannon's last day was Friday, she left for a startup. For now I report to her boss, Obi, who runs the whole department, so my 1:1s just got a lot more intimidating"], "Who does the user report to at present?", "Rhiannon", "Obi"),
    ("manager", "removal", ["I report to Lucinda, the studio manager"], ["So I did the thing. Handed in my notice at the studio and I'm freelancing full time as of this month. No more Lucinda, no more timesheets, nobody to answer to but my clients. Can you help me set up a simple invoice template?"], "Who is the user's manager now?", "Lucinda", ""),
    # partner
    ("partner", "update", ["my boyfriend Ewan is a chef so dinner at our place is always ridiculous"], ["Ewan and I went our separate ways back in June, it was the right call for both of us. I've been seeing someone new for a few weeks. She's a vet, insanely patient with me and with my chaos. Her name's Ximena. Should I bring wine or flowers when I meet her parents?"], "Who is the user's partner now?", "Ewan", "Ximena"),
    ("partner", "update", ["my husband Dmitri and I are trying to plan something for our anniversary"], ["Bit heavy, sorry: the divorce from Dmitri was finalised in May. Life goes on. I met Callum at a friend's barbecue and we've been together since July; he's the reason I'm asking about hiking boots, he wants to drag me up Ben Nevis"], "Who is the user in a relationship with these days?", "Dmitri", "Callum"),
    ("partner", "restated", ["my girlfriend Anneliese is vegan so please keep recipes plant based", "Anneliese's birthday is coming up, gift ideas?"], ["Anneliese and I broke up, long story, it's fine. I'm seeing someone now actually, Bram, we met in a pottery class. He's not vegan so recipes can have cheese again lol"], "Who is the user seeing now?", "Anneliese", "Bram"),
    ("partner", "removal", ["my fiancée Giorgia and I are touring wedding venues this month"], ["the wedding's off. Giorgia and I realised we want different things and we ended it last month. I'm single now and honestly focusing on me for a while. can you suggest a solo weekend trip?"], "Who is the user engaged to?", "Giorgia", ""),
    ("partner", "distractor", ["my wife Ifeoma works nights as a nurse so I'm the breakfast parent"], ["my brother just introduced us to his new girlfriend Svetlana, she's lovely, so much better than the last one. Ifeoma and I both liked her a lot. What's a board game that works for 6 adults?"], "Who is the user married to?", "Svetlana", "Ifeoma"),
    # pet (multi-valued)
    ("pet", "update", ["our hamster Gizmo is nocturnal and SO loud at night"], ["RIP Gizmo, he had a long happy hamster life. The kids were heartbroken, so on Saturday we went to the shelter and came back with a kitten. Black, tiny, ridiculous. We argued about names for two days and settled on Nugget."], "What pet does the user have now?", "Gizmo", "Nugget"),
    ("pet", "update", ["are corgis good apartment dogs? asking for my neighbour", "our golden retriever Barnaby is shedding literally everywhere"], ["The hardest week. Barnaby was 13 and his heart gave out on Tuesday. We weren't going to get another dog so soon, but my partner found this scruffy terrier mix at the rescue and, well, Pickles lives here now"], "What is the user's pet called?", "Barnaby", "Pickles"),
    ("pet", "removal", ["we have two cats, Saffron and Tofu, and they hate each other"], ["update on the cat wars: Saffron went to a better home. My mum adopted her, she's the only cat there and she's queen of the house. Tofu is thrilled to be an only cat here."], "Which pets does the user have now?", "Saffron", "Tofu"),
    ("pet", "split", ["I have a parrot named Pistachio who swears in two languages"], ["the bird sanctuary called back, they have room for Pistachio and she's going there next week. I can't give her the space she needs anymore", "dropped Pistachio at the sanctuary yesterday and came home to a very quiet flat... so I went and got a bearded dragon. His name is Gandalf."], "What pet does the user have at the moment?", "Pistachio", "Gandalf"),
    ("pet", "distractor", ["my dog Chutney is a menace, a lovable menace"], ["my roommate brought home a ferret this weekend without asking me and named him Bandit. Chutney is losing her mind. Can dogs and ferrets live together safely?"], "What is the user's pet?", "Bandit", "Chutney"),
    # allergy (multi-valued)
    ("allergy", "update", ["I'm allergic to shellfish so keep that in mind for recipes"], ["Weird update. Went back to the allergist because the shellfish thing never made sense to me, and it turns out it's not shellfish at all. It's sesame. They think the reaction was from the sesame oil in that shrimp dish. So shrimp are back on the menu and tahini is out 😭"], "What is the user allergic to?", "shellfish", "sesame"),
    ("allergy", "update", ["penicillin allergy, found out the hard way as a kid"], ["had the penicillin challenge at the hospital and I'm not allergic anymore (or never was?). But they flagged sulfa drugs instead, apparently that rash in 2019 was from Bactrim. so sulfa is the one to avoid now. can you explain what sulfa drugs are in plain english"], "Which medication is the user allergic to?", "penicillin", "sulfa"),
    ("allergy", "removal", ["I'm allergic to rabbits and to dust mites, my apartment is basically a clean room"], ["good news from the immunotherapy clinic: after three years of shots the dust mite allergy is basically gone, tests came back clean. Rabbits, sadly, still a hard no, so I had to turn down my niece's plan to bring her bunny when she stays with us. what vacuum would you recommend anyway?"], "What is the user allergic to now?", "dust mite", "rabbits"),
    ("allergy", "restated", ["allergic to kiwi, my mouth gets all itchy", "no kiwi in the fruit salad please, allergy"], ["so the allergist retested everything. The kiwi reaction seems to have faded, she cleared me for it. Bad news is avocado is the new problem, my lips swelled up after guacamole last week. So avocado is the one to avoid now."], "Which food is the user allergic to at the moment?", "kiwi", "avocado"),
    ("allergy", "distractor", ["I'm allergic to wasp stings, carry an EpiPen on every hike"], ["our daughter tested positive for a milk allergy today, so the fridge is getting a total overhaul. Me, just the wasp stings as always. Any good dairy-free snack ideas for a 4 year old?"], "What is the user allergic to?", "milk", "wasp stings"),
    # likes (multi-valued)
    ("likes", "update", ["I'm obsessed with bouldering, I'm at the gym 4 times a week"], ["Tore a finger pulley in July so bouldering is off the table for a long while, physio's orders. I picked up pottery to keep my hands busy and now I'm hooked, I'm at the studio every evening making lopsided mugs"], "What hobby is the user into now?", "bouldering", "pottery"),
    ("likes", "update", ["I play a ton of Warhammer on weekends, painting minis is my zen"], ["Sold my whole Warhammer collection on eBay and it paid for a decent telescope. Stargazing is my thing now, Saturn was unreal last night. How do I photograph planets with a phone?"], "What does the user do for fun these days?", "Warhammer", "stargazing"),
    ("likes", "removal", ["my two big hobbies are chess and kayaking"], ["I'm done with chess. Too much stress, I was losing sleep over my online rating, deleted the app. Kayaking stays, nothing beats being on the lake at 6am."], "What are the user's hobbies now?", "chess", "kayaking"),
    ("likes", "split", ["quilting is my main hobby, I make quilts for everyone I know"], ["gave all my fabric to the school art teacher, I'm burnt out on quilting after 10 years", "new obsession: fermenting stuff. kimchi, kombucha, hot sauce. the kitchen smells wild"], "What is the user's hobby at the moment?", "quilting", "fermenting"),
    ("likes", "restated", ["tennis is my favourite thing, I play three times a week", "tennis league final this Sunday!"], ["my knee finally gave up on tennis. The doctor suggested swimming and honestly I love it, laps at 7am before work, my head is so clear afterwards"], "What sport does the user enjoy now?", "tennis", "swimming"),
    # diet
    ("diet", "update", ["I'm vegetarian, have been since college"], ["so my iron levels were awful again and the doctor and I talked it through. I'm eating meat a couple of times a week now, flexitarian I guess? Feels strange after 12 years. Can you give me an easy chicken recipe for someone who forgot how to cook meat"], "What diet does the user follow now?", "vegetarian", "flexitarian"),
    ("diet", "update", ["low FODMAP diet for my IBS, so no onion or garlic in recipes please"], ["the elimination phase is over and the dietitian says I can reintroduce most things. What actually works for me is just a gluten-free diet, wheat was the big trigger all along. So garlic is back, baby"], "Which diet is the user on these days?", "low FODMAP", "gluten-free"),
    ("diet", "restated", ["I'm doing carnivore, just meat, eggs and butter", "carnivore day 40, I feel amazing but my wife thinks I'm insane"], ["cholesterol came back through the roof, so the carnivore thing is over. Doc put me on the Mediterranean diet, olive oil and lentils and all that. what's an easy Mediterranean dinner for tonight"], "How does the user eat now?", "carnivore", "Mediterranean"),
    ("diet", "distractor", ["I eat halal, so please keep recipe suggestions halal"], ["my sister just started the South Beach diet and keeps sending me pics of her sad lettuce wraps. I'm not dieting, still eating halal like always 😂 what's a good high-protein halal lunch I can take to work"], "What diet does the user follow?", "South Beach", "halal"),
    # vehicle
    ("vehicle", "update", ["I drive a Subaru Outback, perfect for the dog and the mountains"], ["The Subaru went to a better home (my nephew, he's 19 and thrilled). I've been driving a Rivian since last week, the R1S, and I keep grinning like an idiot. How do home charger installs usually work?"], "What car does the user drive now?", "Subaru Outback", "Rivian"),
    ("vehicle", "update", ["I've got a VW Golf, manual, and the clutch is on its way out"], ["clutch finally died on the golf, the repair cost more than the car was worth so I traded it in. Now I drive a Honda Jazz... automatic. I feel like a traitor but my left leg is grateful"], "Which car does the user have these days?", "VW Golf", "Honda Jazz"),
    ("vehicle", "removal", ["I drive a Nissan Leaf to work"], ["We sold the Leaf last week. The tram line opened right outside our building, so we're car-free now and honestly I don't miss hunting for parking at all."], "What car does the user own?", "Leaf", ""),
    ("vehicle", "split", ["my car's a Jeep Wrangler, loud and thirsty but I love it"], ["listed the Jeep Wrangler online this morning, already 4 messages. gas prices won", "picked up the Toyota Prius today. It's silent. It's SO silent. I miss the Jeep a little"], "What does the user drive at the moment?", "Jeep Wrangler", "Toyota Prius"),
    # email
    ("email", "update", ["my email is dana.whitfield@aol.com, send the summaries there"], ["finally ditched AOL lol, it's 2023. new address is danawhitfield.writes@gmail.com, please use that from now on"], "What is the user's email address now?", "dana.whitfield@aol.com", "danawhitfield.writes@gmail.com"),
    ("email", "update", ["send work stuff to j.okonkwo@brightlane.io"], ["Brightlane got acquired and everyone's mailbox is being migrated, ugh. From Monday mine is jude.okonkwo@northwind-group.com, the old brightlane one bounces after the 30th"], "Which email should work things go to now?", "j.okonkwo@brightlane.io", "jude.okonkwo@northwind-group.com"),
    ("email", "split", ["my email: kasia.zielinska@onet.pl"], ["the onet account got hacked AGAIN, I'm changing everything this weekend", "ok done. new one is kzielinska@pm.me, all my accounts are moved over"], "What email address does the user use now?", "kasia.zielinska@onet.pl", "kzielinska@pm.me"),
    ("email", "distractor", ["my address is marcus.hale@icloud.com"], ["can you draft an email to my landlord about the broken boiler? his address is r.pennington@rentwise.co.uk. Replies should come to me at marcus.hale@icloud.com"], "What is the user's email address?", "r.pennington@rentwise.co.uk", "marcus.hale@icloud.com"),
    # phone
    ("phone", "update", ["my number's 07700 900123 if anything needs it"], ["switched networks finally, Vodafone wanted a fee to keep the number so whatever, it's 07700 900456 now. also what's a good budget phone case for a Pixel"], "What is the user's phone number now?", "07700 900123", "07700 900456"),
    ("phone", "update", ["my cell is 312-555-0147"], ["Got a local number so people here stop thinking I'm spam: 512-555-0199. The Chicago number is cancelled, don't use it."], "Which number does the user have now?", "312-555-0147", "512-555-0199"),
    ("phone", "restated", ["phone: +33 6 12 34 56 78", "you can reach me on +33 6 12 34 56 78 on WhatsApp too"], ["j'ai changé de numéro, the new one is +33 7 81 22 45 90. the old one I gave you is dead, I lost the SIM in Marseille"], "What is the user's phone number at the moment?", "+33 6 12 34 56 78", "+33 7 81 22 45 90"),
    ("phone", "distractor", ["my mobile is 0411 222 358"], ["my mum's new mobile is 0433 901 776, can you remind me how to set up a contact group on iPhone? I want her, my sister and me in one. Mine hasn't changed, 0411 222 358"], "What is the user's mobile number?", "0433 901 776", "0411 222 358"),
    # birthday
    ("birthday", "update", ["my birthday is March 3rd"], ["ok embarrassing: my passport says March 8th and so does my birth certificate. My mum always celebrated on the 3rd because that's when she got out of hospital with me. So officially my birthday is March 8th and I'm going with the official one from now on"], "When is the user's birthday?", "March 3rd", "March 8th"),
    ("birthday", "update", ["born 12 June 1991, for the record"], ["small correction, I mixed up the digits earlier: it's 21 June, not the 12th. Solstice baby, longest day of the year"], "What is the user's date of birth?", "12 June", "21 June"),
    ("birthday", "split", ["my birthday's October 17"], ["the registry office found a mistake on my birth record while I was renewing my passport, they're checking it", "they confirmed it: I was born October 19, not the 17th. Forty years of cake on the wrong day lol"], "When was the user born?", "October 17", "October 19"),
    ("birthday", "distractor", ["my birthday's the 5th of September"], ["my boyfriend's birthday is the 28th of November and I have no idea what to get him. Mine's the 5th of September, which he forgot last year, so the bar is low honestly"], "When is the user's birthday?", "28th of November", "5th of September"),
    # language (multi-valued)
    ("language", "update", ["I'm learning Korean, mostly from K-dramas if I'm honest"], ["Gave up on Korean, the grammar finally broke me. My company is sending me to São Paulo next year, so it's Portuguese now, three lessons a week. Obrigado in advance for all the questions I'm about to ask you"], "What language is the user learning now?", "Korean", "Portuguese"),
    ("language", "update", ["estoy aprendiendo alemán... sorry, I mean I'm learning German, my Spanish brain takes over sometimes"], ["ya no estudio German, lo dejé. My girlfriend is from Athens, so ahora aprendo Greek, que es imposible, the alphabet alone me mata"], "Which language is the user studying these days?", "German", "Greek"),
    ("language", "removal", ["I'm studying Japanese and Swahili at the same time, ambitious I know"], ["I'm done with Swahili for now, the volunteering trip to Kenya got cancelled and the motivation went with it. Japanese stays, I'm taking the JLPT N4 in December"], "Which languages is the user learning now?", "Swahili", "Japanese"),
    ("language", "restated", ["I'm learning Mandarin, 45 min a day", "Mandarin tones are destroying me"], ["so I dropped Mandarin. I realised I'll use Norwegian way more, my partner's family lives outside Bergen, so I switched last week. Tusen takk in advance lol"], "What language is the user learning at present?", "Mandarin", "Norwegian"),
    # database
    ("database", "update", ["our stack is MySQL, old school but it works"], ["finally no more MySQL replication headaches, CockroachDB handles it all now. The migration took four months but it's done. What's the best way to monitor query latency there?"], "What database does the user's team use now?", "MySQL", "CockroachDB"),
    ("database", "update", ["we're on DynamoDB for the main app"], ["the cost review was brutal. Our DynamoDB bill was insane for what we actually do. Long story short, we moved the whole app onto Supabase over the summer and the bill is a tenth of what it was"], "Which database does the user's main app run on these days?", "DynamoDB", "Supabase"),
    ("database", "split", ["our backend runs on RethinkDB, yes it still exists"], ["exporting the last of the data out of RethinkDB tonight, fingers crossed nothing breaks", "cutover done, the app reads and writes to Neo4j now and the graph queries are so much nicer"], "What database does the user's backend use now?", "RethinkDB", "Neo4j"),
    ("database", "removal", ["the side project uses Redis as its only datastore"], ["honestly I ripped Redis out of the side project. It's a static site now, no backend, no database at all, and it costs me nothing to host"], "What database does the user's side project use?", "Redis", ""),
    # ci
    ("ci", "update", ["our CI is Cirrus CI, don't ask"], ["finally no more Cirrus CI, we moved to Codefresh this sprint and builds are like 3x faster, so much nicer"], "What CI does the user's team use now?", "Cirrus CI", "Codefresh"),
    ("ci", "update", ["we use Heroku CI for builds"], ["Our new platform lead made the call last week and I love her for it: Heroku CI is getting retired. Everything's moving to the thing she used at her last job, it's called Harness. Half our pipelines are on Harness already and the rest go over by Friday"], "Which CI system runs the user's builds now?", "Heroku CI", "Harness"),
    ("ci", "restated", ["builds go through Semaphore", "Semaphore is down again, so no deploys today"], ["we ditched Semaphore after the third outage this month. everything runs in Google Cloud Build now since we're all-in on GCP anyway"], "Where do the user's builds run these days?", "Semaphore", "Google Cloud Build"),
    ("ci", "removal", ["we use AppVeyor for the Windows builds"], ["We killed AppVeyor. Dropped Windows support entirely, and the project's small enough that we just run the tests locally before tagging a release, so there's no CI at all right now."], "What CI service does the user's project use?", "AppVeyor", ""),
    # editor
    ("editor", "update", ["I'm a Sublime Text person, it's fast and I paid for the license"], ["I'm done with Sublime. The team standardised on Zed and after a week I actually like it, the multiplayer editing is great for pairing"], "Which editor does the user use now?", "Sublime Text", "Zed"),
    ("editor", "update", ["I use Notepad++ for everything, even code"], ["My new job gave me a Mac, so bye bye Notepad++. Using Nova now, it's made by Panic and it's really pretty"], "What editor does the user write code in these days?", "Notepad++", "Nova"),
    ("editor", "distractor", ["I code in Neovim with a config I've been tweaking for years"], ["my junior keeps asking me to try Cursor, she says the AI stuff is magic. I'll stick with Neovim, thanks, but can you explain what the fuss is about?"], "What editor does the user code in?", "Cursor", "Neovim"),
    ("editor", "split", ["I write my thesis in TeXstudio"], ["my TeXstudio setup keeps crashing on the bibliography, I'm about to give up on it", "moved the whole thesis to Overleaf, syncing with my supervisor is so much easier there"], "What does the user write their thesis in now?", "TeXstudio", "Overleaf"),
    # trip
    ("trip", "update", ["booked Dubrovnik for the October half-term, first proper holiday in two years"], ["change of plans, Dubrovnik is off because the hotel double-booked us. We found a last-minute deal to Madeira, same week, and it's actually cheaper. What should we see in Funchal?"], "Where is the user going for the October half-term?", "Dubrovnik", "Madeira"),
    ("trip", "update", ["our road trip next month is Scotland, the NC500"], ["so I'd love Scotland but my husband's knee can't handle that much driving, so we've swapped to Cornwall instead, we leave on the 14th. Can you suggest a 5-day route down there?"], "Where is the user's road trip next month?", "Scotland", "Cornwall"),
    ("trip", "removal", ["we're going to Tokyo in November for our 10th anniversary"], ["Tokyo's cancelled. My dad's surgery got moved to November and I need to be around, so we're not going anywhere this year. We'll celebrate with a nice dinner at home instead, suggestions welcome"], "What trip does the user have planned?", "Tokyo", ""),
    ("trip", "restated", ["heading to Iceland next month to chase the northern lights", "need packing tips for Iceland, it's my first time"], ["if I went to Norway instead would the aurora odds be better? just curious", "ok decided, we're doing Lapland instead of Iceland: Rovaniemi, glass igloo, the works. booked it last night"], "Where is the user travelling next month?", "Iceland", "Lapland"),
]

FILLER_USER = [
    "how long do hard-boiled eggs keep in the fridge?",
    "what's the difference between affect and effect again",
    "give me a name for a fantasy football team",
    "how do I unclog a shower drain without chemicals",
    "thanks, perfect",
    "is it rude to reply-all to say thank you",
    "what's 15% of 84",
    "suggest a 20 minute podcast about history",
    "why do onions make you cry",
    "ok cool",
    "Summarise the plot of Hamlet in three sentences",
    "how do I remove a stripped screw",
]
FILLER_ASSISTANT = [
    "Here's a quick answer.",
    "Happy to help!",
    "A few ideas below.",
    "Short answer first, then details.",
    "Sure thing, here it is.",
]


# a restated old value: the second statement comes nine days later; a split update: its
# second turn comes the next day
WHEN = Timeline(
    opening=lambda k, j: f"2023-07-{1 + k + j:02d}T08:45:00Z",
    openings=2,
    before=lambda k, j: f"2023-07-{8 + k + 9 * j:02d}T20:10:00Z",
    middle=lambda k, j: f"2023-08-{4 + 8 * j:02d}T12:30:00Z",
    middles=3,
    update=lambda k, j: f"2023-09-{1 + 5 * k + j:02d}T18:05:00Z",
    closing=lambda k: f"2023-10-{2 + k:02d}T09:40:00Z",
    reply=12,
)


def build(seed: int = 12) -> list[dict[str, Any]]:
    """All val12 scenarios, deterministic for a seed (dated July–October 2023)."""
    return build_stories(STORIES, "val12", "kv12", seed, FILLER_USER,
                         FILLER_ASSISTANT, WHEN)


def main() -> None:
    """Write the split."""
    write(build(), OUT)


if __name__ == "__main__":
    main()
