# ruff: noqa: E501  (hand-written data: one story per line reads best)
"""Writes ``knowledge_val9.jsonl``: a ninth held-out split of the knowledge-update set.

Written in round 10, before any code change of that round, by someone who never
read ``src/`` (``"split": "val9"``): an outside evaluator's set, measured only at
the start and the end of the round, never looked at while tuning. The phrasings
were written new, the way people talk to an assistant: long rambling messages
where the update is one clause among several topics, updates given in passing
inside a request about something else (a bank letter, an HR note, an onboarding
page, a thank-you card), the new value named before the change or in another
sentence than it, pronouns and possessives for the new person, formal
email-like register, very terse notes, voice dictation without punctuation,
non-native English, British/Australian/Indian idioms and a few words of Spanish,
German or Hindi (the values themselves in plain form). Removals are said
indirectly (sold, given away, outgrown, taking time apart), corrections fix a
wrong date or a wrong allergen, plans are cancelled or moved, and the
distractors are neighbours, coworkers, an ex, kids, in-laws, a customer and a
TV character, often right beside the user's own unchanged fact. Values and
filler are new; the timeline (September–December 2022) is no other split's.
18 slots, 5 stories each: 50 update, 10 split, 10 restated, 10 removal,
10 distractor.

Kinds (``"kind"``): ``update`` (``old`` -> ``new``), ``split`` (the update over
two user turns a day apart), ``restated`` (``old`` said twice, nine days apart,
before the update), ``removal`` (``old`` ends, ``new`` remains or "" when
nothing does), ``distractor`` (``new`` is the user's and stays; ``old`` is a
third party's). In the multi-valued slots (allergy, pet, likes, language) an
update's ``old`` is the value that ended and ``new`` the one that took its
place; a removal's ``new`` is what is left.

    python bench/data/make_knowledge_val9.py   # rewrites the .jsonl next to it
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _knowledge_writer import Story, Timeline, build_stories, write

OUT = Path(__file__).with_name("knowledge_val9.jsonl")

# (slot, kind, earlier user statements, update turns, question, old, new)
STORIES: list[Story] = [
    # home
    ("home", "update", ["Quick one before I forget: I'm in Leeds and the trains here are a joke, so factor that in whenever I ask about commutes"], ["Can you help me word the change-of-address letter for my bank? The new address is 14 Harbour Street, Bristol BS1 4RN. We left Leeds on the 1st and I'm still living out of boxes."], "What city is the user living in at present?", "Leeds", "Bristol"),
    ("home", "update", ["I'm based in Wellington, so assume NZ time for anything involving meetings"], ["ok so lots going on. the little one started daycare, I finally fixed the bike, and Christchurch is where we call home now, the move down from the capital happened three weeks ago, house prices basically decided it for us. also can you recommend a podcast about sourdough?"], "Which city does the user live in?", "Wellington", "Christchurch"),
    ("home", "split", ["my place is in Rotterdam, ten minutes from the Markthal"], ["Handing the keys of the Rotterdam apartment back to the agency tomorrow, bittersweet", "first night sleeping in our Utrecht flat!! the move is done, and it even has a little balcony"], "Where does the user live now?", "Rotterdam", "Utrecht"),
    ("home", "restated", ["Brisbane humidity is killing my hair lol", "we've been in Brisbane going on six years now, reckon it's home"], ["Righto, big news: we've upped sticks to Hobart. Traded the humidity for a proper winter and the kids are stoked about snow on the mountain."], "Which city is the user's home at the moment?", "Brisbane", "Hobart"),
    ("home", "distractor", ["I live in Ljubljana, in case the weather questions didn't give it away"], ["My neighbour Matej just moved to Zagreb for his wife's job and the building feels empty. I'm staying in Ljubljana, obviously, but who's going to water my plants when I travel now?"], "What city does the user live in?", "Zagreb", "Ljubljana"),
    # employer
    ("employer", "update", ["For context, I am employed by Deloitte in their risk advisory practice."], ["Dear assistant, please note the following change for your records: as of 1 November I have left Deloitte and taken up a position with KPMG in the same city. Kindly refer to KPMG in any correspondence you draft on my behalf. Regards."], "Which firm employs the user at present?", "Deloitte", "KPMG"),
    ("employer", "update", ["at Zalando we ship code like 40 times a day, it's wild"], ["Booking.com. That's where I'll be badging in from now on. Signed the contract Friday, and zalando gave me a very nice farewell cake."], "Who does the user work for these days?", "Zalando", "Booking.com"),
    ("employer", "update", ["I work by Bosch in Stuttgart, in the department for sensors"], ["Also, ich habe gewechselt: I am now by Porsche, also in Stuttgart, but the work is more interesting. Bosch was good but too slow for me."], "What company is the user working at now?", "Bosch", "Porsche"),
    ("employer", "split", ["I'm a nurse at St Vincent's Hospital, mostly night shifts"], ["resignation accepted at St Vincent's, two weeks' notice and then I'm out", "The contract came through: Mater Hospital, day shifts only, I start on the 18th"], "Which hospital does the user work at now?", "St Vincent's", "Mater Hospital"),
    ("employer", "removal", ["I drive for Uber in the evenings to top up the rent"], ["deactivated my uber driver account this week. with the baby coming I'm not taking any paid work for a while, so nobody's paying me at the moment haha"], "Who does the user currently work for?", "Uber", ""),
    # job title
    ("job_title", "update", ["I'm a sous chef at a tapas place so my hours are weird"], ["so the head chef quit on the spot last friday and guess who got bumped up im head chef now which is terrifying and also kind of amazing anyway can you give me a prep list template"], "What is the user's job at the restaurant now?", "sous chef", "head chef"),
    ("job_title", "update", ["I am working as a software tester in an MNC in Pune"], ["Good news, my promotion came through, I am test lead now only, handling a team of six. Mummy has already distributed sweets in the whole society."], "What is the user's role at work now?", "software tester", "test lead"),
    ("job_title", "update", ["My title is account executive, which basically means I cold-call people all day."], ["Regional sales manager. That's what the new business cards say. Still can't quite believe they picked me over the guy with ten years on me."], "What's the user's job title these days?", "account executive", "regional sales manager"),
    ("job_title", "split", ["I'm a staff accountant at a mid-size firm"], ["the controller position opened up and I interviewed for it today, fingers crossed", "got it!!! I'm the financial controller from next month, no more reconciling petty cash"], "What position does the user hold now?", "staff accountant", "financial controller"),
    ("job_title", "distractor", ["I'm a UX researcher, so yes, I will judge your survey questions"], ["my ex just got made a product manager and now his posts are all about roadmaps. so glad I'm still a UX researcher, fewer meetings"], "What does the user do for a living?", "product manager", "UX researcher"),
    # manager
    ("manager", "update", ["I report to Bartholomew, our head of data"], ["Bartholomew was moved to the platform org in the reshuffle. The new head of data is Ingrid, and she's already booked 1:1s with all of us, so she's the one I report to now."], "Who does the user report to now?", "Bartholomew", "Ingrid"),
    ("manager", "update", ["My manager's Chidi, nice guy, terrible at calendars"], ["Reorg finally landed. Chidi's off to run the Lagos office and I'm in Sunniva's team now. Her calendar is immaculate, which is a relief."], "Who is the user's manager these days?", "Chidi", "Sunniva"),
    ("manager", "update", ["My team lead is Haruto Sato, he hired me five years ago."], ["Could you help me draft a short thank-you card? Haruto Sato retires at the end of the month after thirty years. His replacement, Fenella Adeyemi, has been named our team lead from December."], "Who leads the user's team now?", "Haruto Sato", "Fenella Adeyemi"),
    ("manager", "split", ["I work under Casimir, the QA director"], ["Casimir announced he's leaving for a startup, his last day is the 15th", "so the QA director role went to Yolanda, she starts managing us next week"], "Who manages the user at the moment?", "Casimir", "Yolanda"),
    ("manager", "restated", ["Ezinne is my boss, she's great", "ugh, Ezinne wants the report by noon"], ["Ezinne got promoted two levels up, so she's my skip-level now. Day to day I answer to Rasmus, who came over from the Copenhagen team."], "Who is the user's direct manager now?", "Ezinne", "Rasmus"),
    # diet
    ("diet", "update", ["I'm pescatarian, fish yes, meat no"], ["Since the blood test came back with low iron, the pescatarian experiment is done and I'm eating everything again. Omnivore, doctor's orders."], "What kind of diet does the user follow now?", "pescatarian", "omnivore"),
    ("diet", "update", ["keto. strict. don't send me pasta recipes"], ["diet update: intermittent fasting, 16:8. keto's over."], "How is the user eating these days?", "keto", "intermittent fasting"),
    ("diet", "update", ["I'm on the DASH diet for my blood pressure"], ["Bueno, la doctora changed it. She says the DASH diet is not enough for my kidneys, so now is a renal diet, low sodium and low potassium, muy aburrido pero bueno."], "Which diet is the user on now?", "DASH", "renal diet"),
    ("diet", "restated", ["day 12 of Whole30, I would kill for a biscuit", "Whole30 means no sugar, no grains, no dairy, so plan any recipes around that"], ["Whole30 ended on Sunday and I'm keeping most of it: going paleo long-term, just with the odd glass of wine."], "What diet does the user stick to now?", "Whole30", "paleo"),
    ("diet", "distractor", ["I'm lactose intolerant so I go dairy-free for everything"], ["cooking for the in-laws this weekend. my father-in-law is doing the Atkins diet again so he gets his own plate, the rest of us are eating dairy-free as usual because of me"], "What diet does the user follow?", "Atkins", "dairy-free"),
    # allergy (multi-valued)
    ("allergy", "update", ["allergic to peanuts, I carry an EpiPen everywhere"], ["correction to what I told you before: it's not peanuts, it's tree nuts. the allergist retested me and peanuts came back clear."], "What food is the user allergic to?", "peanuts", "tree nuts"),
    ("allergy", "update", ["Latex gloves give me a nasty rash, I'm allergic"], ["Funny thing: the rash wasn't the latex after all, the patch test says it's nickel. So latex is fine and nickel (belt buckles, cheap earrings) is the problem."], "What is the user allergic to?", "latex", "nickel"),
    ("allergy", "restated", ["hay fever season, my birch pollen allergy is going crazy", "birch pollen again, eyes streaming all morning"], ["Since we moved inland the birch pollen doesn't bother me at all, but the allergist found I'm reacting to ragweed instead, so autumn is my bad season now"], "Which pollen is the user allergic to these days?", "birch pollen", "ragweed"),
    ("allergy", "removal", ["I'm allergic to eggs and to mango"], ["Outgrew it apparently?! Eggs are fine now, I had a whole omelette at the clinic under supervision and nothing happened. Mango is still a hard no though."], "Which foods is the user allergic to now?", "eggs", "mango"),
    ("allergy", "removal", ["bee stings are my only allergy, I carry antihistamines on hikes"], ["finished the three years of venom immunotherapy, the doctor says I'm desensitised to bee stings now, so officially there are no allergies on my file anymore"], "What allergies does the user have at the moment?", "bee stings", ""),
    # partner
    ("partner", "update", ["my girlfriend Saoirse thinks I spend too much time on my phone"], ["Saoirse and I called it quits in August, all amicable. I've been seeing Tomasz for about a month; he's a carpenter and makes me laugh constantly."], "Who is the user's partner these days?", "Saoirse", "Tomasz"),
    ("partner", "update", ["My fiancé Arjun and I are planning the wedding for next winter"], ["The engagement with Arjun is off, families did not agree, big drama. Now I am with Kabir, we met at my cousin's sangeet, and this time both families are happy only."], "Who is the user with now?", "Arjun", "Kabir"),
    ("partner", "restated", ["Delphine and I have been together four years", "date night with Delphine tonight, need a restaurant idea"], ["long message, bear with me. work is chaos, my mum's hip surgery went well, and Delphine moved out, we're done. the good bit: Anselm, the guy from my climbing gym, asked me out and we've been together since. anyway, what's a good gift for a mum recovering from surgery?"], "Who is the user seeing now?", "Delphine", "Anselm"),
    ("partner", "removal", ["my boyfriend Keanu is a sound engineer, he mixes records for local bands"], ["Keanu and I are taking some time apart. Indefinitely, probably. Single again I guess, just me and the houseplants."], "Who is the user in a relationship with?", "Keanu", ""),
    ("partner", "distractor", ["my wife Marisol and I binge TV every Friday"], ["We're watching that Danish drama and the main guy's girlfriend Gudrun just left him for his brother. Marisol actually screamed at the TV 😂"], "Who is the user married to?", "Gudrun", "Marisol"),
    # pet (multi-valued)
    ("pet", "update", ["our beagle Waffles keeps stealing socks"], ["We lost Waffles in October, he was fourteen. The house was too quiet, so since last week there's a rescue greyhound called Juniper snoring on the sofa."], "What pet does the user currently have?", "Waffles", "Juniper"),
    ("pet", "update", ["my rabbit Clementine has the run of the flat"], ["Clementine's gone to live with my nan in Devon, she's got a proper garden. I've got a tortoise now, Sir Reginald, who is frankly far less chaotic."], "What's the user's pet these days?", "Clementine", "Sir Reginald"),
    ("pet", "removal", ["we've got a goldfish called Bubbles and a gecko named Chorizo"], ["Bubbles didn't make it through the weekend, the flushing was a whole ceremony with the kids. Chorizo's fine, eating crickets like nothing happened."], "Which pets does the user have now?", "Bubbles", "Chorizo"),
    ("pet", "removal", ["Our border collie Maisie needs so much exercise"], ["Maisie's gone to a farm. No, literally: a sheep farm in Wales, the owner adores her and she finally has a job. The flat feels empty without a dog but we're not getting another while we're renting."], "What pets does the user have now?", "Maisie", ""),
    ("pet", "distractor", ["my cat Mochi is asleep on my lap as I type"], ["the neighbours' kid got a puppy called Pretzel and brings him over every afternoon. Mochi is NOT amused, she sits on top of the fridge in protest"], "What is the user's pet called?", "Pretzel", "Mochi"),
    # vehicle
    ("vehicle", "update", ["I drive a Ford Focus estate, fits the dog crate perfectly"], ["Kia Niro, plug-in hybrid, dark green, picked it up Saturday. The Focus went back as part-exchange."], "What does the user drive now?", "Ford Focus", "Kia Niro"),
    ("vehicle", "update", ["the ute's a Toyota Hilux, bit of a tank"], ["Flogged the Hilux, mate, fuel was costing a fortune. Got myself a Subaru Forester and it does everything I need."], "Which vehicle does the user have at the moment?", "Toyota Hilux", "Subaru Forester"),
    ("vehicle", "restated", ["I commute on a Yamaha MT-07, rain or shine", "the Yamaha MT-07 needs a new chain, any tips?"], ["Sold the Yamaha MT-07 after that near miss on the ring road. Walked out of the shop with a Brompton folding bike instead: slower, but I'm alive."], "What does the user ride to work now?", "Yamaha MT-07", "Brompton"),
    ("vehicle", "removal", ["I've got a 2009 Honda Civic, paid off, runs forever"], ["sold the civic to some dude off facebook marketplace for $2,800 cash. we're a bus-pass household now, the city's flat enough"], "What car does the user have?", "Honda Civic", ""),
    ("vehicle", "distractor", ["I drive a Mazda CX-5"], ["a customer brought a vintage Citroën DS into the garage today, I nearly cried. then back home in my boring Mazda CX-5 lol"], "What car does the user drive?", "Citroën DS", "Mazda CX-5"),
    # email
    ("email", "update", ["email: r.kowalczyk@wp.pl"], ["new email → rafal.kowalczyk@proton.me. old one's dead."], "What is the user's email address now?", "r.kowalczyk@wp.pl", "rafal.kowalczyk@proton.me"),
    ("email", "update", ["Please send the summaries to m.oduya@lagosfintech.ng"], ["Dear Assistant, following my departure from Lagos Fintech, the address m.oduya@lagosfintech.ng will be deactivated on Friday. Kindly direct all future summaries to mercy.oduya@yahoo.com. Thank you."], "Where should the user's summaries be emailed now?", "m.oduya@lagosfintech.ng", "mercy.oduya@yahoo.com"),
    ("email", "update", ["My email is hannelore.w@gmx.de"], ["okay so going forward use hannelore.weiss@posteo.de for everything the gmx one keeps getting hacked I moved all my accounts over yesterday"], "Which email address does the user use these days?", "hannelore.w@gmx.de", "hannelore.weiss@posteo.de"),
    ("email", "split", ["reach me at t.nguyen@acmelogistics.com"], ["last week at acme logistics, IT shuts my mailbox on friday", "personal address going forward: thanh.nguyen.dev@fastmail.com"], "What's the user's current email?", "t.nguyen@acmelogistics.com", "thanh.nguyen.dev@fastmail.com"),
    ("email", "distractor", ["my address is leonie.brandt@web.de"], ["could you add my coworker to the invite too? his is paolo.ferri@outlook.it. mine's unchanged, leonie.brandt@web.de"], "What is the user's email address?", "paolo.ferri@outlook.it", "leonie.brandt@web.de"),
    # phone
    ("phone", "update", ["cell: (415) 555-0172"], ["number's changed → (628) 555-0193"], "What is the user's phone number now?", "(415) 555-0172", "(628) 555-0193"),
    ("phone", "update", ["My mobile number is +91 98450 12345"], ["I have taken a new Jio connection, the Airtel number is discontinued. Kindly save +91 70220 67890 as my number, the old one will not work."], "Which mobile number does the user have now?", "+91 98450 12345", "+91 70220 67890"),
    ("phone", "update", ["you can text me on 0412 555 309"], ["0423 555 871. That's me now. Dropped my phone in the harbour and the new plan came with a new number, didn't bother porting."], "What number should be used to text the user?", "0412 555 309", "0423 555 871"),
    ("phone", "split", ["phone: +49 151 2345 6789"], ["the German SIM gets cancelled at the end of the month, I'm moving back to Spain", "mi número nuevo es +34 612 345 678, desde ya"], "What is the user's phone number at the moment?", "+49 151 2345 6789", "+34 612 345 678"),
    ("phone", "distractor", ["my mobile is 021 555 4412"], ["saving my daughter's new number here so I don't lose it: 022 555 9087. she finally got her first phone, god help us. mine's still the same"], "What's the user's mobile number?", "022 555 9087", "021 555 4412"),
    # birthday
    ("birthday", "update", ["born 14 May, a Taurus through and through"], ["Sorry, fat fingers earlier. My birthday is 24 May, not the 14th. So I'm a Gemini, not a Taurus, which explains a lot honestly."], "When is the user's birthday?", "14 May", "24 May"),
    ("birthday", "update", ["I celebrate my birthday on 9 November"], ["Got my adoption file from the agency at last. The date they gave my parents, 9 November, was just the day I arrived. My actual birth date is 19 January."], "What is the user's date of birth?", "9 November", "19 January"),
    ("birthday", "update", ["my birthday is July 27, for the record"], ["hey so the hr system has my birthday as july 27 but thats wrong its july 21 can you help me write a short note to hr asking them to fix it"], "On what date was the user born?", "July 27", "July 21"),
    ("birthday", "restated", ["30th of October, that's my birthday, one day before Halloween", "turning 40 on the 30th of October, gulp"], ["My aunt found my baptism record and it turns out I was born just after midnight, so the 31st of October. A Halloween baby after all, and all those cakes were a day early."], "When is the user's birthday?", "30th of October", "31st of October"),
    ("birthday", "distractor", ["my birthday's 2 April"], ["my twins turn five on 16 August and they want a dinosaur party. me, I'll be 38 on 2 April and nobody's planning me a dinosaur party"], "When was the user born?", "16 August", "2 April"),
    # language
    ("language", "update", ["doing Duolingo Italian every morning, 200-day streak"], ["broke the streak on purpose and dropped Italian. My partner's family is from Istanbul, so Turkish it is now, and my mother-in-law is an excellent (strict) teacher."], "What language is the user learning now?", "Italian", "Turkish"),
    ("language", "update", ["I learn French in the evening school"], ["The French course is finish. Now I start with Dutch because maybe I move to Amsterdam for work, the pronunciation is very hard"], "Which language is the user studying these days?", "French", "Dutch"),
    ("language", "update", ["Learning Tamil so I can talk to my grandmother properly"], ["Nani passed last month. Tamil ki classes band kar di. Now I'm doing Arabic for work, the Dubai project needs it."], "What language is the user taking lessons in now?", "Tamil", "Arabic"),
    ("language", "split", ["Polish lessons on Tuesdays, the grammar is insane"], ["told my Polish tutor I'm stopping after this term, the motivation just isn't there", "signed up for Hebrew instead, the community centre runs a free evening course"], "Which language is the user learning at the moment?", "Polish", "Hebrew"),
    ("language", "removal", ["I'm studying both Russian and Vietnamese"], ["I'm dropping Russian to focus, two languages at once was too much. Keeping Vietnamese going since we visit Hanoi every year."], "Which languages is the user learning now?", "Russian", "Vietnamese"),
    # database
    ("database", "update", ["backend is MongoDB, everything's a document"], ["Rough week: the intern deleted staging (restored, fine), our PM quit, and we finished moving off MongoDB; PostgreSQL with JSONB columns holds everything now. Also, can you explain what a partial index is?"], "What database does the user's team use now?", "MongoDB", "PostgreSQL"),
    ("database", "update", ["our analytics warehouse is Redshift"], ["Snowflake. That's the warehouse now: finance signed off on the switch, and the last Redshift cluster gets paused on Monday."], "Which data warehouse does the user's team run these days?", "Redshift", "Snowflake"),
    ("database", "update", ["We are running Oracle Database for the billing system."], ["For the architecture review, please note that the billing system was migrated from Oracle Database to Microsoft SQL Server during the summer maintenance window."], "What database does the user's billing system run on?", "Oracle Database", "Microsoft SQL Server"),
    ("database", "split", ["we run on CouchDB, don't ask why"], ["final CouchDB backup taken, the cluster gets turned off tonight", "all reads and writes go to ScyllaDB since this morning, dashboards look good"], "Which database does the user's service use now?", "CouchDB", "ScyllaDB"),
    ("database", "restated", ["the whole app sits on SQLite, works fine for us", "SQLite locking issues again when two workers write at once"], ["Got approval to fix the locking mess: we're on MariaDB since Tuesday and the write errors are gone."], "What database does the user's app run on now?", "SQLite", "MariaDB"),
    # ci
    ("ci", "update", ["we use Jenkins, 400 jobs of pure pain"], ["Jenkins is finally gone from our stack!! Everything builds on GitHub Actions now and I deleted 400 Groovy files with great joy"], "What CI does the user's team use now?", "Jenkins", "GitHub Actions"),
    ("ci", "update", ["ci = circleci"], ["moved ci to buildkite. circleci credits ran out."], "Which CI service runs the user's builds these days?", "circleci", "buildkite"),
    ("ci", "update", ["Our pipelines are on Azure Pipelines."], ["Could you help me rewrite our onboarding page? The section about Azure Pipelines is out of date: since the move to GitLab we build and deploy everything with GitLab CI, and new hires need the runner setup instead."], "Which CI system does the user's team run on?", "Azure Pipelines", "GitLab CI"),
    ("ci", "update", ["builds run on AWS CodeBuild"], ["Tekton, that's what runs our pipelines since the Kubernetes migration. CodeBuild took ages to spin up."], "What does the user's team use for CI now?", "AWS CodeBuild", "Tekton"),
    ("ci", "split", ["CI: Bitbucket Pipelines"], ["we're leaving Bitbucket, so the Bitbucket Pipelines setup is getting archived this sprint", "new builds are on Concourse as of today, the first green run was at 9am"], "Where do the user's builds run now?", "Bitbucket Pipelines", "Concourse"),
    # editor
    ("editor", "update", ["Vim user, 15 years, my fingers don't know anything else"], ["don't laugh but I switched from Vim to Helix. the selection-first editing sold me, and the muscle memory mostly carries over"], "Which editor does the user use now?", "Vim", "Helix"),
    ("editor", "update", ["I write everything in Atom, it's brilliant"], ["Atom's been sunsetted so I've had to move on. BBEdit on the Mac is my editor now, rather lovely actually."], "What text editor does the user write in these days?", "Atom", "BBEdit"),
    ("editor", "update", ["I do my coding in Emacs with org mode for notes"], ["ok so I gave in and installed PyCharm the refactoring tools are too good my emacs config is just sitting there gathering dust now"], "What does the user code in now?", "Emacs", "PyCharm"),
    ("editor", "restated", ["Xcode is where I live, iOS dev", "Xcode indexing froze my laptop for 20 min today"], ["the team is going Android-first, so I'm in Android Studio all day now; haven't opened Xcode in weeks"], "What IDE does the user use these days?", "Xcode", "Android Studio"),
    ("editor", "distractor", ["Geany is my editor, light and fast, I refuse anything heavier"], ["my coworker swears by Visual Studio and keeps sending me screenshots of its debugger. I'm sticking with Geany, no regrets"], "Which editor does the user use?", "Visual Studio", "Geany"),
    # trip
    ("trip", "update", ["booked Lisbon for the first week of December"], ["the airline cancelled the Lisbon route, so we redid the whole thing: Marrakech instead, same dates, riad already booked"], "Where is the user going in early December?", "Lisbon", "Marrakech"),
    ("trip", "update", ["honeymoon is going to be in Bali"], ["We changed the honeymoon to the Maldives after reading about the rainy season in Bali, my wife wanted beaches not mud"], "Where is the user's honeymoon?", "Bali", "Maldives"),
    ("trip", "update", ["next month we're going to Vancouver for my cousin's wedding"], ["so the wedding got moved to the brides hometown which is halifax so were not going to vancouver anymore were flying to halifax instead can you find me things to do there"], "Where is the user travelling next month?", "Vancouver", "Halifax"),
    ("trip", "split", ["ski week in Chamonix planned for January"], ["no snow in the forecast for the Alps, Chamonix looks grim, we're rethinking it", "decided: swapped to Niseko, powder guaranteed, flights booked last night"], "Where is the user skiing in January?", "Chamonix", "Niseko"),
    ("trip", "removal", ["we're taking the kids to Disneyland Paris at half-term"], ["half-term plans are off, my husband's surgery got scheduled for that week, so no Disneyland Paris. we'll stay home and see about day trips in spring"], "What trip does the user have coming up?", "Disneyland Paris", ""),
    # likes (multi-valued)
    ("likes", "update", ["weekends are for birdwatching, binoculars always in the car"], ["Haven't been birdwatching since summer, honestly. What I actually do every weekend now is salsa dancing: joined a beginners' class and now I can't stop"], "What does the user do for fun these days?", "birdwatching", "salsa dancing"),
    ("likes", "update", ["mi hobby favorito: painting watercolours"], ["ya no pinto watercolours, my hands shake too much now. Lo que me encanta ahora es gardening, tomatoes and chillies on the balcony."], "What is the user's hobby now?", "watercolours", "gardening"),
    ("likes", "update", ["I'm really into board games, we have a group every Thursday"], ["The Thursday group fell apart when half of them moved away. Been filling the gap with woodworking; made a stool last week that almost doesn't wobble."], "What is the user into at the moment?", "board games", "woodworking"),
    ("likes", "restated", ["surfing before work is the best thing in my life", "waves were perfect for surfing this morning 🌊"], ["shoulder's wrecked, surgeon says no surfing for at least a year. swapped the board for a road bike, cycling is my thing now, did 80 km on Sunday"], "What sport is the user into now?", "surfing", "cycling"),
    ("likes", "removal", ["my hobbies: photography and playing the cello"], ["sold the cello to pay for the new camera lens lol. photography wins, there's only so much time in a week"], "What are the user's hobbies now?", "cello", "photography"),
]

FILLER_USER = [
    "what's a good substitute for buttermilk?",
    "is it 'fewer' or 'less' when counting minutes?",
    "how do I get candle wax out of a tablecloth",
    "Write a two-line rhyme about Mondays",
    "how many ounces in a litre?",
    "cheers",
    "what does 'per se' actually mean",
    "Give me a 10-minute stretching routine",
    "ta, that helps",
    "convert 180C to Fahrenheit",
]
FILLER_ASSISTANT = [
    "Sure, here's the short version.",
    "Glad that helped!",
    "Here are a couple of options.",
    "Good question; briefly:",
    "Of course. Here you go.",
]


# a restated old value: the second statement comes nine days later; a split update: its
# second turn comes the next day
WHEN = Timeline(
    opening=lambda k, j: f"2022-09-{2 + k + j:02d}T09:15:00Z",
    openings=2,
    before=lambda k, j: f"2022-09-{12 + k + 9 * j:02d}T19:25:00Z",
    middle=lambda k, j: f"2022-10-{4 + 6 * j:02d}T13:50:00Z",
    middles=3,
    update=lambda k, j: f"2022-11-{1 + 5 * k + j:02d}T17:35:00Z",
    closing=lambda k: f"2022-12-{3 + k:02d}T08:20:00Z",
    reply=9,
)


def build(seed: int = 9) -> list[dict[str, Any]]:
    """All val9 scenarios, deterministic for a seed (dated September–December 2022)."""
    return build_stories(STORIES, "val9", "kv9", seed, FILLER_USER,
                         FILLER_ASSISTANT, WHEN)


def main() -> None:
    """Write the split."""
    write(build(), OUT)


if __name__ == "__main__":
    main()
