# ruff: noqa: E501  (hand-written data: one story per line reads best)
"""Writes ``knowledge_val19.jsonl``: a nineteenth held-out split of the knowledge-update set.

Written in round 14 by an outside evaluator who never read ``src/``
(``"split": "val19"``). Each story is phrased with its own sentence shape. Its
people are older adults and retirees typing slowly or dictating (long rambling
messages, words in CAPITALS, "..." everywhere), family caregivers who write
about themselves and the person they look after in the same breath, and
speakers of Nigerian, Indian, Scottish and Australian English ("I have resumed
at", "from first", "och", "arvo", "small small"). What is hard: ownership
traps, where a mother's new care home, a dad's new diet or speech-therapy
language, a husband's birthday, a wife's new manager, a father's lady friend or
car are said after the user's own value; changes told first only through a
negation ("Not in Mindtree any more ya", "no more Hay diet") and named in a
later clause; changes told as complaints about packers or coach companies or as
thanks for earlier help; numbers and dates written in words ("the seventeenth
of March"); autocorrect slips; self-corrections in the middle of a message,
where the first value named is wrong ("Lagos, sorry, to Abeokuta I mean",
"99001 47362, sorry, 99001 47326"); retirements and bereavements told as
endings with nothing in their place. Values and filler are new; the timeline
(January – April 2016) is no other split's.
18 slots, 89 stories (4 or 5 a slot): 26 update, 18 split, 16 restated,
11 removal, 18 distractor.

Kinds (``"kind"``): ``update`` (``old`` -> ``new``), ``split`` (the update over
two user turns a day apart), ``restated`` (``old`` said twice, nine days apart,
before the update), ``removal`` (``old`` ends, ``new`` remains or "" when
nothing does), ``distractor`` (``new`` is the user's and stays; ``old`` is a
third party's, said later). In the multi-valued slots (allergy, pet, likes,
language) an update's ``old`` is the value that ended and ``new`` the one that
took its place; a removal's ``new`` is what is left.

    python bench/data/make_knowledge_val19.py   # rewrites the .jsonl next to it
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _knowledge_writer import Story, Timeline, build_stories, write

OUT = Path(__file__).with_name("knowledge_val19.jsonl")

# (slot, kind, earlier user statements, update turns, question, old, new)
STORIES: list[Story] = [
    # home
    ("home", "update", ["I'm seventy-four and live on my own in Kirkcaldy... so recipes for ONE please... and big print if you can, my eyes aren't what they were"], ["Well the big news is... I am NOT in Kirkcaldy any more... my daughter finally talked me round... I've a wee flat in Dunfermline now, ten minutes from her door... how do I get my bus pass changed over to the new address?"], "Where does the user live now?", "Kirkcaldy", "Dunfermline"),
    ("home", "update", ["We live in Ilorin, myself, my wife and our three children."], ["Please note we have relocated to Lagos, sorry, to Abeokuta I mean, Lagos is where my brother stays. The children resume at their new school on Monday. How do I write an introduction letter to the new parish?"], "In which city is the user's family based at present?", "Ilorin", "Abeokuta"),
    ("home", "split", ["We're out in Toowoomba, big yard, bigger spiders."], ["Settlement went through on the Toowoomba house today, keys handed over. Living out of a caravan park for the week haha", "Righto, moved into the new place in Bundaberg this arvo. What plants actually survive the heat up here?"], "What town is the user's home in these days?", "Toowoomba", "Bundaberg"),
    ("home", "restated", ["I am residing in Jabalpur with my parents.", "Jabalpur summer is starting already, 35 degrees in the afternoon itself."], ["Very disappointed with the packers and movers, they broke two steel almirahs on the way to Visakhapatnam!! Anyway we are settled here now in the company quarters. How to file a complaint against the moving company?"], "Where is the user living at the moment?", "Jabalpur", "Visakhapatnam"),
    ("home", "distractor", ["I live in Oban, and Mum has stayed with me since her fall."], ["Mum's moving into a care home in Fort William next week, the one near my sister. It's the right thing but I feel awful. How do I help her settle in?"], "Which town is the user's own home in?", "Fort William", "Oban"),
    # employer
    ("employer", "update", ["I work with Dangote Cement as a plant engineer at the Obajana line."], ["Thanks for the help with the CV last month!!! It worked o, I have resumed at Lafarge Africa this week. How do I introduce myself to the new team by email?"], "Which company is the user working for now?", "Dangote Cement", "Lafarge Africa"),
    ("employer", "split", ["I'm a driver for Stagecoach, out of the Perth depot."], ["Handed in my notice at Stagecoach, last shift was yesterday. Feels awfy strange.", "Started at McGill's Buses this morning (phone keeps changing it to Miguel's, daft thing), different routes, same grumpy passengers. Best way to learn new routes quick?"], "Who does the user drive for these days?", "Stagecoach", "McGill's Buses"),
    ("employer", "restated", ["I am working in Mindtree, Bangalore campus.", "Mindtree appraisal cycle is coming, very tense times."], ["Not in Mindtree any more ya. Joined Mu Sigma from first, the notice period buyout got done. How to transfer my PF account?"], "Where is the user employed?", "Mindtree", "Mu Sigma"),
    ("employer", "removal", ["I've been with Scottish Water for thirty-one years, in the billing department."], ["Well that's it... RETIRED... as of Friday... no more Scottish Water for me, they gave me a lovely carriage clock and a card signed by everybody... what do people DO all day??"], "Who is the user's employer?", "Scottish Water", ""),
    ("employer", "distractor", ["I work for Ramsay Health Care, in the payroll office."], ["Hubby's starting at Bunnings next month on the early shift, which means I'll be doing Mum's morning meds on my own. Where do I get a pill organiser that locks?"], "What company does the user work at?", "Bunnings", "Ramsay Health Care"),
    # job title
    ("job_title", "split", ["My title at the hospital trust is Ward Clerk."], ["Not a Ward Clerk any more, the restructure finally went through on Friday.", "They've made me Discharge Coordinator. More money, more headaches. How do I write a good handover template?"], "What is the user's role at the hospital now?", "Ward Clerk", "Discharge Coordinator"),
    ("job_title", "restated", ["I am the Branch Operations Manager at our Ikeja branch.", "As Branch Operations Manager I am the one closing the vault every evening."], ["God has been faithful o! I have been elevated to Regional Service Manager, the letter came on Thursday. Help me draft a thank-you message to my MD."], "What position does the user hold at the bank these days?", "Branch Operations Manager", "Regional Service Manager"),
    ("job_title", "removal", ["I'm the Head Greenkeeper at the golf club, have been for twenty years."], ["Hung up the mower... I'm not Head Greenkeeper or anything else any more... just a RETIRED man with his own wee garden... what do I put under occupation on forms now?"], "What is the user's job title?", "Head Greenkeeper", ""),
    ("job_title", "distractor", ["I am Assistant Professor of Chemistry in a college in Pune."], ["My son has joined as Graduate Engineer Trainee in a cement company. How can I guide him on office politics without him getting irritated with me?"], "What does the user work as?", "Graduate Engineer Trainee", "Assistant Professor of Chemistry"),
    # manager
    ("manager", "update", ["My supervisor at the council is Morag Strachan."], ["Thank you for the tips on talking to Morag, but it's moot now... she's been moved over to Housing and my new supervisor is Gurpreet Sandhu. He seems fair. How do I ask him for carer's leave for Dad's hospital appointments?"], "Who is the user's supervisor now?", "Morag Strachan", "Gurpreet Sandhu"),
    ("manager", "split", ["My oga at work is Mr Chukwuemeka Obiora."], ["Mr Chukwuemeka Obiora has been transferred to the Port Harcourt office, we are waiting to hear who will replace him.", "The new HOD is Mrs Funmilayo Adebanjo, she resumed today and she is my direct boss now. How do I prepare for our first meeting?"], "Who does the user report to at present?", "Chukwuemeka Obiora", "Funmilayo Adebanjo"),
    ("manager", "restated", ["My boss is Bronwyn Tregear.", "Bronwyn Tregear wants the roster done by Friday, as per usual."], ["Fair dinkum, Bronwyn's packed it in and gone to Darwin. Lachlan Mifsud's running the shop now and I report to him. How do I ask a brand new boss for a pay review?"], "Who manages the user these days?", "Bronwyn Tregear", "Lachlan Mifsud"),
    ("manager", "removal", ["My team leader at the call centre is Eilidh Baird."], ["Eilidh Baird left at the end of February and they haven't replaced her... nobody to report to at all now, we just sort ourselves out. Who would I even ask about booking holidays?"], "Who is the user's team leader?", "Eilidh Baird", ""),
    ("manager", "distractor", ["My manager is Deepak Venkataraman, very understanding about my mother's dialysis days."], ["My wife's new manager, Sanjay Kulkarni, is not allowing work from home at all. How can she request flexibility for caring duties?"], "Who is the user's boss?", "Sanjay Kulkarni", "Deepak Venkataraman"),
    # diet
    ("diet", "update", ["I've been on the Beverly Hills Diet since the eighties... nothing but fruit till lunchtime"], ["Doctor says my cholesterol is through the roof so... no more Beverly Hills Diet... she's put me on the Pritikin diet, hardly any fat at all, oats and beans and the like... WHAT do I have for breakfast??"], "What diet is the user on now?", "Beverly Hills Diet", "Pritikin diet"),
    ("diet", "split", ["I am following Rujuta Diwekar plan strictly, ghee and banana and all."], ["Stopped the Rujuta Diwekar plan, doctor said my sugar is too high for so much banana.", "Now the dietician has put me on a low-GI diet for the sugar. Please give some Indian breakfast options."], "Which diet is the user following these days?", "Rujuta Diwekar plan", "low-GI diet"),
    ("diet", "restated", ["I'm on Jenny Craig and my husband isn't, so I cook two dinners every night.", "Jenny Craig, so the little frozen tray for me and steak pie for him lol"], ["Bit of news for your notes: after watching that documentary with my daughter I've binned the Jenny Craig trays and gone pegan, paleo and vegan at once, don't ask. My husband is still a meat and three veg man. What do I even make for myself at teatime?"], "How does the user eat at present?", "Jenny Craig", "pegan"),
    ("diet", "removal", ["I'm doing the CSIRO Total Wellbeing Diet with the missus."], ["Me and the missus chucked in the CSIRO Total Wellbeing Diet, not following any diet at all now mate, life's too short. What's a good marinade for snags on the barbie?"], "What diet is the user doing?", "CSIRO Total Wellbeing Diet", ""),
    ("diet", "distractor", ["I'm on the Harcombe diet myself, since my twenties really."], ["Dad's speech therapist has put him on a pureed diet after the stroke. How do I make pureed meals look appetising for him?"], "What is the user's own diet?", "pureed diet", "Harcombe diet"),
    # allergy
    ("allergy", "update", ["I am having allergy to brinjal (not 'brunch', this autocorrect!!), any curry without it please."], ["The test results came, it is not brinjal at all, it is mustard seeds I am allergic to. Now how will I do tadka?? Suggest alternatives."], "What is the user allergic to now?", "brinjal", "mustard seeds"),
    ("allergy", "split", ["Allergic to jack jumper ants, I carry an EpiPen in the garden."], ["Good news, the immunotherapy's dome, done I mean, and the jack jumper ants allergy's gone, specialist signed me off.", "Bad news: same specialist reckons I'm now reacting to wattle pollen. Typical. What antihistamine is best for spring?"], "Which allergy does the user have these days?", "jack jumper ants", "wattle pollen"),
    ("allergy", "restated", ["I'm allergic to oxycodone... it brings me out in hives", "OXYCODONE allergy, remember that for the chemist please"], ["The hospital pharmacist says it was never the oxycodone at all... it's tramadol I react to... so oxycodone is fine after all... can you remember TRAMADOL for me instead... my memory is like a sieve these days"], "Which medicine is the user allergic to?", "oxycodone", "tramadol"),
    ("allergy", "removal", ["Allergies: kiwi fruit and Elastoplast."], ["The kiwi fruit allergy is gone, the desensitisation worked and the allergist signed it off. Still can't have Elastoplast on me though, and Mum's got her own list now with the new antibiotics, as you know."], "What are the user's allergies?", "kiwi fruit", "Elastoplast"),
    ("allergy", "distractor", ["I am allergic to groundnut."], ["My daughter's school says she reacted to crayfish in the jollof at the end-of-term party. Is it common for children to be allergic to crayfish?"], "What is the user allergic to?", "crayfish", "groundnut"),
    # partner
    ("partner", "update", ["My partner Murdo and I have been together six years."], ["Och, I should tell you. Murdo and I went our separate ways at Hogmanay, and... well, I'm seeing a lovely man called Tormod from the choir now. Is it too soon to bring him to my sister's sixtieth?"], "Who is the user's partner now?", "Murdo", "Tormod"),
    ("partner", "split", ["My fiancée is Uzoamaka, the wedding is in December by God's grace."], ["Uzoamaka and I have called off the wedding. Please don't ask me about it.", "My people have introduced me to Temitope from Ibadan and we are now courting seriously. How do I greet her parents properly?"], "Who is the user courting at present?", "Uzoamaka", "Temitope"),
    ("partner", "restated", ["My girlfriend's Tamsyn, she's a vet nurse.", "Tamsyn's on nights this week, so I'm cooking for one."], ["Tamsyn took the job in Perth and we've ended it. Been seeing Leilani from the surf club since (not Lei lanai, stupid phone). How do I plan a first proper date that isn't the pub?"], "Who is the user seeing these days?", "Tamsyn", "Leilani"),
    ("partner", "removal", ["My husband Bernard and I have been married forty-four years."], ["Bernard passed away on the second of February... I'm on my own now... the house is very quiet... how do I close his bank account, do I need the death certificate?"], "Who is the user married to?", "Bernard", ""),
    ("partner", "distractor", ["My wife Meenakshi and I look after her father at home."], ["Papa has a lady friend now at the day centre, Mrs Kusum Deshpande, he talks about her all day! Should we invite her over for Holi?"], "Who is the user's spouse?", "Kusum Deshpande", "Meenakshi"),
    # vehicle
    ("vehicle", "update", ["I drive a Daihatsu Sirion, just to the shops and the church on Sundays"], ["my son says the Daihatsu Sirion wasn't safe any more... so he's sold it for me and bought me a little Hyundai i10... automatic... how do I work the CRUISE CONTROL and do I even need it"], "What car does the user drive now?", "Daihatsu Sirion", "Hyundai i10"),
    ("vehicle", "split", ["I drive a Toyota Sienna for the school runs and church."], ["Sold the Sienna yesterday, the fuel was killing me with this petrol scarcity.", "Bought a Peugeot 406 today, tokunbo, clean. Is it good on fuel? What should I check first?"], "What vehicle does the user have at present?", "Toyota Sienna", "Peugeot 406"),
    ("vehicle", "restated", ["I drive a Holden Rodeo ute.", "The Holden Rodeo's needing new tyres again."], ["Traded the Rodeo in for a Mazda BT-50 on the weekend, dealer gave me a decent whack for it. Best tonneau cover?"], "Which ute does the user drive these days?", "Holden Rodeo", "Mazda BT-50"),
    ("vehicle", "removal", ["I've got a Renault Kangoo, wheelchair adapted, for taking my husband out."], ["We handed the Renault Kangoo back to Motability... my husband's in the hospice now so there's no call for it... I don't have a car at all now. How do I get to the hospice by bus?"], "What car does the user have?", "Renault Kangoo", ""),
    ("vehicle", "distractor", ["I drive a Maruti Swift Dzire."], ["My father wants to buy a Mahindra Scorpio at age sixty-eight! Is it safe for him to drive such a big vehicle?"], "Which car does the user drive?", "Mahindra Scorpio", "Maruti Swift Dzire"),
    # phone
    ("phone", "update", ["My number is 01856 873 421, that's the landline, I don't do mobiles."], ["We've had the new line put in at the flat... the number's 01856 870 559 now... the old one went with the house. Can you write that out on a note for my grandson?"], "What is the user's phone number now?", "01856 873 421", "01856 870 559"),
    ("phone", "update", ["My line is 0803 412 7765."], ["Please use my Glo line 0805 339 2018 from now on, the MTN one has been barred since the SIM registration palaver. Draft a broadcast message to tell my contacts."], "Which number should the user be called on?", "0803 412 7765", "0805 339 2018"),
    ("phone", "split", ["My mobile is 98450 22871."], ["My 98450 22871 number is deactivated, I ported out after all the network problems.", "New number is 99001 47362, sorry, 99001 47326 I mean, typed it wrong. Please update."], "What is the user's mobile number at present?", "98450 22871", "99001 47326"),
    ("phone", "restated", ["Mob: 0412 558 903", "0412 558 903 is the best one to reach me on"], ["Ditched Telstra, I'm with Optus now and the number's changed to 0431 227 690. Can you redo my email signature?"], "On which number can the user be reached these days?", "0412 558 903", "0431 227 690"),
    ("phone", "distractor", ["My mobile's 07781 334 902."], ["Mum's care home gave me the direct line for her wing, 01224 556 781. Where should I save it so I don't lose it?"], "What is the user's own mobile number?", "01224 556 781", "07781 334 902"),
    # email
    ("email", "update", ["my email is grannyjean47@aol.com"], ["My grandson has set me up with a NEW email... it's jean.mcphail@btinternet.com... he says AOL is ancient... will the emails to the AOL one still come through to me?"], "What e-mail address does the user use now?", "grannyjean47@aol.com", "jean.mcphail@btinternet.com"),
    ("email", "update", ["Reach me at emeka.nwachukwu@yahoo.com"], ["Yahoo account hacked!! Please note my email is now emeka.nwachukwu1970@gmail.com. Help me write to my contacts not to send money to anybody asking."], "Which e-mail should be used to reach the user?", "emeka.nwachukwu@yahoo.com", "emeka.nwachukwu1970@gmail.com"),
    ("email", "update", ["official email: p.raghavan@infosolve.co.in"], ["Thanks for the help with the resignation letter! New mail id from Monday is priya.raghavan@zenlabs.in, pls use that only."], "What is the user's work e-mail these days?", "p.raghavan@infosolve.co.in", "priya.raghavan@zenlabs.in"),
    ("email", "split", ["My email's the family one, thebrennans@bigpond.com"], ["Closing the bigpond account, thebrennans@bigpond.com stops working Friday.", "New one's kath.brennan@outlook.com.au. Can you help me set Mum's appointment reminders to go there?"], "Which e-mail address does the user have at present?", "thebrennans@bigpond.com", "kath.brennan@outlook.com.au"),
    ("email", "distractor", ["Email me on a.mackinnon58@tiscali.co.uk"], ["Dad's new care home has given him an email so we can send photos, dougie.mackinnon@ashgrovecare.org.uk. What's the easiest way for him to see them on a tablet?"], "What is the user's e-mail address?", "dougie.mackinnon@ashgrovecare.org.uk", "a.mackinnon58@tiscali.co.uk"),
    # birthday
    ("birthday", "update", ["I was born on the seventh of March, 1942"], ["Found my BIRTH CERTIFICATE in the loft... all these years... it says the SEVENTEENTH... mother always told us the 7th... so please put me down as the seventeenth of March"], "When is the user's birthday?", "seventh of March", "seventeenth of March"),
    ("birthday", "update", ["My DOB is 14-08-1979"], ["Correction please: in Aadhaar it was wrongly entered, actual DOB is 14-09-1979, the school leaving certificate confirms it."], "What is the user's date of birth?", "14-08-1979", "14-09-1979"),
    ("birthday", "update", ["Birthday's the 2nd of November, lands on Cup day some years!"], ["Mum rang, turns out I arrived just after midnight so it's the 3rd of November actually. Been doing it wrong for forty years, strewth."], "On what date does the user celebrate their birthday?", "2nd of November", "3rd of November"),
    ("birthday", "split", ["My birthday is 13 May."], ["That 13 May birthday I gave you is the one on my old passport, it is wrong, my father registered me late.", "My real birthday is 31 May, my mother and the baptismal card confirm it. Help me plan a small get-together."], "What day is the user's birthday?", "13 May", "31 May"),
    ("birthday", "distractor", ["My birthday's the twenty-ninth of January."], ["My husband's birthday is the eleventh of February and with the dementia he won't remember it, but I want to make it special anyway. Ideas?"], "When was the user born (day and month)?", "eleventh of February", "twenty-ninth of January"),
    # language
    ("language", "update", ["I'm learning the Doric from a wee book... my late mother spoke it"], ["Given up the Doric... nobody left to speak it with... I'm doing Greenlandic now because we're going on the cruise up to Nuuk... how do you say thank you?"], "Which language is the user learning now?", "Doric", "Greenlandic"),
    ("language", "split", ["I am learning Tulu since we shifted to Mangalore."], ["Tulu classes I have stopped, the teacher went to Dubai.", "Now learning Konkani from our neighbour aunty, she is from Goa. Any good app for Konkani?"], "What language is the user studying at present?", "Tulu", "Konkani"),
    ("language", "restated", ["I'm learning Nupe for my new posting in Bida.", "My Nupe is improving small small."], ["Learning Efik now, no more Nupe, my wife's family is from Calabar and I want to greet her grandmother properly. Where do I start?"], "Which language is the user learning these days?", "Nupe", "Efik"),
    ("language", "removal", ["I speak Niuean and Tongan, grew up between two grandmas."], ["Honestly my Tongan's gone to pot since Nana passed, can't hold a conversation any more. Still speak Niuean with Grandma every Sunday. Should I just put Niuean on my resume?"], "Which languages does the user speak?", "Tongan", "Niuean"),
    ("language", "distractor", ["I'm learning British Sign Language so I can talk to my mum properly."], ["Dad's physio is teaching him Makaton after the stroke. Should I learn it as well?"], "What language is the user learning?", "Makaton", "British Sign Language"),
    # ci
    ("ci", "update", ["We are using FinalBuilder for the build."], ["Finally got approval, the builds have shifted to BuildMaster, no more FinalBuilder scripts on one man's PC. How do I set up build chains?"], "Which CI server does the user's team use now?", "FinalBuilder", "BuildMaster"),
    ("ci", "update", ["Our builds run on Continuum, the old Apache one, it does the job."], ["Continuum's been left to rot so we're on Zutubi Pulse now. Can ye tell me how to split the test suite across workers?"], "What does the user's team build on at present?", "Continuum", "Zutubi Pulse"),
    ("ci", "split", ["We run our builds on Harrow.io."], ["Pulled the plug on Harrow.io today, the boss wants everything under one vendor.", "So it's Vexor CI for builds now, cheaper per minute. How do I cache the gems?"], "Which CI service runs the user's builds these days?", "Harrow.io", "Vexor CI"),
    ("ci", "restated", ["Our CI is Parabuild.", "Parabuild is slow again today, builds queued since morning."], ["We don't use Parabuild again, the team moved everything to Kochiku last week. How do I split the Ruby specs into partitions?"], "What CI does the user's team run?", "Parabuild", "Kochiku"),
    ("ci", "distractor", ["Our team uses Integrity for everything, tiny Ruby shop."], ["My nephew's internship team runs their builds through Rultor and he wants my help. How do I read the build log?"], "Which CI tool does the user's team use?", "Rultor", "Integrity"),
    # database
    ("database", "update", ["I keep my stamp collection catalogue in Microsoft Access 97"], ["My grandson has moved the stamp catalogue into Kexi... he says Microsoft Access 97 won't run on the new computer... can I still print my lists by country?"], "What program holds the user's stamp catalogue now?", "Microsoft Access 97", "Kexi"),
    ("database", "update", ["Our core banking reports run on Adabas."], ["Migration completed last weekend, reporting is on IBM Db2 now. Give me some tips on Db2 tablespaces?"], "Which database do the user's reports run on now?", "Adabas", "IBM Db2"),
    ("database", "split", ["App data's all on Backendless."], ["Shut down the Backendless app tonight, the export's done.", "Everything's in Azure DocumentDB now. How do I query across collections?"], "Where is the user's app data stored these days?", "Backendless", "Azure DocumentDB"),
    ("database", "restated", ["We use Interbase for the school's records.", "Interbase backup failed again this morning."], ["The school records are in Sybase SQL Anywhere now, no Interbase again, the IT vendor did the migration over the holiday. How do I schedule backups?"], "What database keeps the school's records?", "Interbase", "Sybase SQL Anywhere"),
    ("database", "distractor", ["We run InterSystems Caché at the distillery for the stock system."], ["My daughter's uni project uses Apache Cassandra and she wants my help. What even is a column-family database?"], "Which database does the user run at work?", "Apache Cassandra", "InterSystems Caché"),
    # editor
    ("editor", "update", ["I write my wee Python scripts in Crimson Editor"], ["My son-in-law put Programmer's Notepad on the new laptop and took Crimson Editor off... so Programmer's Notepad it is now... how do I make the letters BIGGER in it?"], "Which editor does the user write scripts in now?", "Crimson Editor", "Programmer's Notepad"),
    ("editor", "update", ["I use ConTEXT for client sites."], ["Moved to Sublime Text 3 since last week, the multiple cursors are too good. How to add a plugin?"], "What editor is the user working in at the moment?", "ConTEXT", "Sublime Text 3"),
    ("editor", "split", ["I code in the browser on Codeanywhere."], ["Cancelled Codeanywhere, the sync bit me one too many times.", "Went with Atom, no sorry, TextMate 2 I mean, tried Atom for one day and gave up. Good bundles?"], "What text editor does the user use now?", "Codeanywhere", "TextMate 2"),
    ("editor", "restated", ["I use JCreator for my Java.", "JCreator is hanging again on this old laptop."], ["Lecturer made us use Greenfoot this semester, so JCreator is off my system. How do I run JUnit tests inside it?"], "Which editor does the user write Java in these days?", "JCreator", "Greenfoot"),
    ("editor", "distractor", ["I use SciTE for everything."], ["My son-in-law keeps telling me to try Wing IDE, he's been on it since Christmas. What's it got that SciTE hasn't?"], "Which editor does the user use?", "Wing IDE", "SciTE"),
    # likes
    ("likes", "update", ["My hobby is tapestry... I do a big one every winter"], ["Gave up the tapestry... my eyes... I've taken up salmon fishing instead with my brother-in-law, down on the TAY... which waders should I buy?"], "What hobby does the user have now?", "tapestry", "salmon fishing"),
    ("likes", "split", ["I play lawn tennis every evening at the club."], ["No more lawn tennis for me, my knee has gone.", "I have started Scrabble at the club instead, there is a tournament in April. Tips on two-letter words?"], "What does the user do for fun these days?", "lawn tennis", "Scrabble"),
    ("likes", "restated", ["My hobby is Carnatic violin.", "Carnatic violin practice every morning, the neighbours are tolerating."], ["Violin is on the shelf since January, now fully into terrace gardening, growing curry leaves and tomatoes. Which fertiliser is best?"], "What is the user into at present?", "Carnatic violin", "terrace gardening"),
    ("likes", "removal", ["Hobbies: lawn bowls and crosswords."], ["Haven't been to lawn bowls since Dad moved in with us, no time, so that's done with. Still do the cryptic crosswords in bed at night. Good crossword books?"], "What are the user's hobbies?", "lawn bowls", "crosswords"),
    ("likes", "distractor", ["I love curling, I'm at the rink every Tuesday."], ["My husband's taken up shinty coaching for our grandson's team and he's never away from the pitch. How do I get him to slow down a bit?"], "What does the user enjoy doing?", "shinty", "curling"),
    # trip
    ("trip", "update", ["We're booked on a coach tour to Lake Lucerne in May"], ["That coach company went BUST... we got our money back thank goodness... so we're going to Killarney instead in May, on the train and the ferry... what do we need to take for the ferry?"], "Where is the user going in May?", "Lake Lucerne", "Killarney"),
    ("trip", "split", ["Summer vacation trip is to Munnar with family."], ["Munnar trip cancelled, our tickets stayed waitlisted.", "Now going to Coorg instead, the homestay is booked. What to pack for the coffee estate?"], "Where is the user's family going on vacation?", "Munnar", "Coorg"),
    ("trip", "restated", ["Off to Broome in April with the girls.", "Broome in April, can't wait for the Staircase to the Moon."], ["Broome's off, the resort got smashed in the cyclone. We've rebooked for Esperance, same week. Best beaches?"], "Where is the user's April getaway?", "Broome", "Esperance"),
    ("trip", "removal", ["I've booked a week in Menorca in April while Mum's in respite care."], ["Cancelled Menorca, Mum's had another fall and I can't leave her. No holiday for me this year. How do I claim on the travel insurance?"], "What trip has the user got planned?", "Menorca", ""),
    ("trip", "distractor", ["I am travelling to Jos in April for my cousin's wedding."], ["My wife is going to Cotonou for a conference next month. What documents should she carry at the border?"], "Where is the user travelling to next?", "Cotonou", "Jos"),
    # pet
    ("pet", "update", ["My budgie is called Kipper... he talks more than my husband ever did"], ["Kipper the budgie died on the Tuesday... the grandchildren brought me a canary on the weekend and I've named him Pavarotti... what seed do canaries eat?"], "What pet does the user have now?", "Kipper", "Pavarotti"),
    ("pet", "split", ["We have an indie dog named Kaalu."], ["Kaalu has gone to my uncle's farm in Nashik, our housing society has banned big dogs.", "Got a pair of lovebirds, the kids named them Chintu and Mintu. How to keep them cool in summer?"], "What pets does the user's family keep now?", "Kaalu", "Chintu and Mintu"),
    ("pet", "restated", ["My blue heeler's called Dusty.", "Dusty dug up the veggie patch again."], ["Dusty's gone to live on my brother's station, too much dog for a unit. Got a rescue greyhound now, Pikelet. Do greyhounds need coats?"], "Which pet lives with the user at the moment?", "Dusty", "Pikelet"),
    ("pet", "removal", ["Two cats: Tolly and Marmaduke."], ["Had to have Marmaduke put to sleep on Tuesday... his kidneys. Tolly keeps looking for him. How do I help her?"], "Which pets does the user have?", "Marmaduke", "Tolly"),
    ("pet", "distractor", ["My dog is called Scooter."], ["My neighbour's new Boerboel, Caesar, barks the whole night. How can I complain without causing wahala?"], "What is the user's pet called?", "Caesar", "Scooter"),
]

FILLER_USER = [
    "how long do I boil a ham... the big one from the butcher",
    "What is the best way to remove rust from a garden trowel?",
    "pls explain what is a pension drawdown in simple words",
    "my grandson says I should update WINDOWS... is that safe",
    "How much jollof rice for forty guests?",
    "thank you dear, that's very helpful",
    "What time is it in Lagos when it's noon in London?",
    "kindly share a simple recipe for rava upma",
    "is it normal for an old dog to sleep all day",
    "How do I make the text bigger on my tablet?",
    "cheers, that's grand",
    "whats the best way to keep possums out of the roof",
    "Help me write a sympathy card for a neighbour, short and kind.",
    "how do you get red wine out of a carpet",
    "Is it better to pay the council tax monthly or all at once?",
    "ok thanks mate",
    "what is the meaning of 'pursuant to' in a letter",
    "How many teaspoons in a tablespoon... I always forget",
    "Tips for sleeping when you're up every two hours with someone?",
    "Explain blood pressure numbers please, top and bottom",
    "What is a good word for 'very tired' in a crossword, six letters?",
    "thank you so much, God bless",
]
FILLER_ASSISTANT = [
    "Of course, here's how.",
    "Happy to help with that.",
    "Good question. In short:",
    "Here are a few things to try.",
    "Sure, step by step:",
    "No trouble at all. Here you go:",
]


# a restated old value: the second statement comes nine days later; a split update: its
# second turn comes the next day
WHEN = Timeline(
    opening=lambda k, j: f"2016-01-{1 + k + j:02d}T09:15:00Z",
    openings=2,
    before=lambda k, j: f"2016-01-{9 + k + 9 * j:02d}T20:40:00Z",
    middle=lambda k, j: f"2016-02-{3 + 8 * j:02d}T14:05:00Z",
    middles=3,
    update=lambda k, j: f"2016-03-{1 + 5 * k + j:02d}T18:25:00Z",
    closing=lambda k: f"2016-04-{4 + k:02d}T11:50:00Z",
    reply=13,
)


def build(seed: int = 1919) -> list[dict[str, Any]]:
    """All val19 scenarios, deterministic for a seed (dated January – April 2016)."""
    return build_stories(STORIES, "val19", "kv19", seed, FILLER_USER,
                         FILLER_ASSISTANT, WHEN)


def main() -> None:
    """Write the split."""
    write(build(), OUT)


if __name__ == "__main__":
    main()
