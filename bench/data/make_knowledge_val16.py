# ruff: noqa: E501  (hand-written data: one story per line reads best)
"""Writes ``knowledge_val16.jsonl``: a sixteenth held-out split of the knowledge-update set.

Written in round 13, before any code change of that round, by someone who never
read ``src/`` (``"split": "val16"``): an outside evaluator's set, measured only at
the start and the end of the round, never looked at while tuning. Its people are
mostly older and reflective: they write diary-like or storytelling paragraphs in
which the personal fact is one clause among grandchildren, knees and the weather;
they paste structured things to be checked (change-of-address and prescription
forms with "Address: X (previously Y)", CSV rows, YAML and JSON snippets of their
own profile being updated, changelog lines); they say "anymore", "no longer",
"these days"; the change is often implied by an event (a funeral, a pet buried
under the apple tree, a car written off, a gout attack, a finished course of
injections) rather than stated as a change; some updates are announced for the
near future but already decided ("from Monday my line manager is ...", "I start
there on the 19th"), said weeks before the question. Hard in realistic ways: the
old value is often repeated inside the update turn (negated, as "previously", in
a comment), a new value may contain the old one ("Head Verger" after "Verger",
"3rd of May" after "23rd of May"), and the ownership traps are a partner's,
child's, sibling's or neighbour's change told in the first person, a form filled
in for a mother or a nephew, and an example value the user invented for a
handout. Values and filler are new; the timeline (September – December 2018) is
no other split's.
18 slots, 88 stories (4 or 5 a slot): 25 update, 18 split, 16 restated,
11 removal, 18 distractor.

Kinds (``"kind"``): ``update`` (``old`` -> ``new``), ``split`` (the update over
two user turns a day apart), ``restated`` (``old`` said twice, nine days apart,
before the update), ``removal`` (``old`` ends, ``new`` remains or "" when
nothing does), ``distractor`` (``new`` is the user's and stays; ``old`` is a
third party's or an invented example, said later). In the multi-valued slots
(allergy, pet, likes, language) an update's ``old`` is the value that ended and
``new`` the one that took its place; a removal's ``new`` is what is left.

    python bench/data/make_knowledge_val16.py   # rewrites the .jsonl next to it
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _knowledge_writer import Story, Timeline, build_stories, write

OUT = Path(__file__).with_name("knowledge_val16.jsonl")

# (slot, kind, earlier user statements, update turns, question, old, new)
STORIES: list[Story] = [
    # home
    ("home", "update", ["I've lived in Kirkcudbright for the best part of thirty years now, and I can't imagine my kitchen window without the harbour in it."], ["Dear diary, as my granddaughter would tease. The last of the tea chests came off the van this afternoon and I am sitting in the new front room in Grantown-on-Spey with a cup of tea going cold beside me. Selling the old house in Kirkcudbright was harder than I thought it would be, but the stairs had beaten me. Could you help me write a few lines to the neighbours I left behind?"], "Where does the user live now?", "Kirkcudbright", "Grantown-on-Spey"),
    ("home", "update", ["We're in Bideford, just up from the quay, if that matters for the tide times."], ["Could you check my change-of-address form for the pension office before I post it?\n\nName: Mrs Margaret Ellery\nAddress: 4 Chapel Row, Ledbury (previously 11 Quay Lane, Bideford)\nDate of change: 29 October 2018\nReason: moved nearer to family"], "In which town does the user live at present?", "Bideford", "Ledbury"),
    ("home", "split", ["Home for me is Porthmadog; I walk along the Cob most mornings."], ["Well, that's that. I handed the keys of the Porthmadog cottage to the new owners this morning and had a little cry in the car park. I don't live there anymore.", "Slept the first night in the bungalow in Llandrindod Wells. Very quiet, apart from the central heating, which sounds like a ship's engine. How do I bleed a radiator?"], "Where is the user's home these days?", "Porthmadog", "Llandrindod Wells"),
    ("home", "restated", ["I live in Whitstable.", "Whitstable has gone quiet now the summer visitors have left, thank goodness."], ["I'm updating my own entry for the walking club website; is this YAML valid?\n\nmember:\n  name: Rosalind Pike\n  home_town: Ulverston   # was Whitstable until October\n  joined: 2009\n  grade: B"], "Which town is the user living in now?", "Whitstable", "Ulverston"),
    ("home", "distractor", ["I've been in Hexham since I retired, and I intend to stay put."], ["My husband has taken a little weekday flat in Penzance for his new contract; he comes back to me in Hexham on Friday nights. Forty years married and we're living apart like students! Any tips for making Sundays feel special?"], "Which town does the user live in?", "Penzance", "Hexham"),
    # employer
    ("employer", "update", ["I've been with Harbottle & Sons, the agricultural merchants, for twenty-two years now."], ["The news is out at last: I've accepted the office manager post at Kilnsey Feeds and I start there on the 19th. Twenty-two years at Harbottle & Sons ends with a cake in the canteen on Friday. What do you say in a leaving speech that doesn't make everyone cry?"], "Who does the user work for now?", "Harbottle & Sons", "Kilnsey Feeds"),
    ("employer", "split", ["I work at Pennard Mills Bakery, on the early shift."], ["Last shift at Pennard Mills Bakery today. They gave me a loaf shaped like a clock, which I'm told is a joke about my timekeeping.", "First morning at Corrievale Dairy went well; they've taken me on in the packing office, and I was home by three. I felt like a schoolboy on his first day."], "Which company employs the user at present?", "Pennard Mills Bakery", "Corrievale Dairy"),
    ("employer", "restated", ["I work at Borrowdale Print Works.", "Borrowdale Print Works shuts on Mondays, so that's when I do my errands."], ["For my own records, a little changelog of my year. Can you tidy it?\n\n2018-03  new glasses\n2018-07  grandson born (Alfie!)\n2018-10  left Borrowdale Print Works after 31 years\n2018-11  joined Saltmarsh Bindery, three days a week"], "Where is the user employed these days?", "Borrowdale Print Works", "Saltmarsh Bindery"),
    ("employer", "removal", ["I'm a driver for Ashdown Coaches."], ["These days I'm a man of leisure, or so my wife tells the neighbours. Ashdown Coaches let me go in the autumn cutbacks and, at sixty-three, I've decided not to look for anything else. I'm not working for anyone anymore. How should I plan a winter garden?"], "Who is the user's employer?", "Ashdown Coaches", ""),
    ("employer", "distractor", ["I've worked at Gwalia Ceramics since 1994."], ["I'm filling in a reference form for my nephew; please check the wording:\n\nApplicant: Daniel Rhys\nCurrent employer: Tidewell Logistics\nHow long have you known the applicant: all his life (I am his uncle)\n\nIs it all right for a relative to be a referee?"], "Which company does the user work at?", "Tidewell Logistics", "Gwalia Ceramics"),
    # job title
    ("job_title", "update", ["I'm the Deputy Head of a small primary school up in the Dales."], ["The governors voted last night: from the first of next month I'll be Acting Headteacher while our head is on long-term sick leave. I feel flattered and terrified in equal measure. How do I run my first staff meeting in the big chair?"], "What is the user's job title now?", "Deputy Head", "Acting Headteacher"),
    ("job_title", "update", ["My job title is Parish Clerk."], ["Please check this JSON for the council's staff page; it's my entry, the old one was out of date:\n\n{\"name\": \"Eileen Marsh\", \"role\": \"Responsible Financial Officer\", \"previous_role\": \"Parish Clerk\", \"since\": \"2018-11-01\"}"], "What role does the user hold at the council now?", "Parish Clerk", "Responsible Financial Officer"),
    ("job_title", "split", ["I'm a Senior Staff Nurse on a stroke ward."], ["I'm not a Senior Staff Nurse anymore, as of this week. I'll tell you the rest tomorrow; I'm too tired tonight to string a sentence together.", "As promised: the new badge says Ward Sister. Thirty-one years of nursing and I've finally got the navy uniform. My mother would have been so proud."], "What is the user's position on the ward these days?", "Senior Staff Nurse", "Ward Sister"),
    ("job_title", "restated", ["I'm a Verger at the cathedral.", "Being a Verger means I know where every key in the building lives."], ["The Chapter asked me to step up as Head Verger now that Arthur has retired; I said yes, and it was announced at evensong on Sunday. Could you help me write a few words of thanks to Arthur for the parish magazine?"], "What is the user's title at the cathedral now?", "Verger", "Head Verger"),
    ("job_title", "distractor", ["I'm a Senior Conservator at the county record office."], ["My daughter has just been made Clinical Lead for her physiotherapy team, and I'm bursting with pride. How do I write a congratulations card without sounding like a soppy old mother?"], "What is the user's job title?", "Clinical Lead", "Senior Conservator"),
    # manager
    ("manager", "update", ["My line manager is Gwendolyn Pryce."], ["The memo came round this afternoon: from Monday my line manager is Rupert Ashcombe, because Gwendolyn is taking over the Carlisle branch. Nine years under Gwendolyn; it feels like a divorce. How do I introduce myself to a new manager at my age without sounding set in my ways?"], "Who is the user's line manager now?", "Gwendolyn Pryce", "Rupert Ashcombe"),
    ("manager", "update", ["I report to Mr Obadiah Kettering at the solicitors'."], ["My staff details, updated; could you lay them out as a table?\n\nName: Lorna Fitch\nPosition: Legal Secretary\nReports to: Hermione Castellane (previously Obadiah Kettering)\nExtension: 214"], "Who does the user report to?", "Obadiah Kettering", "Hermione Castellane"),
    ("manager", "split", ["My supervisor at the depot is Tobias Wainwright."], ["Tobias Wainwright retired on Friday. We gave him a barometer and a card signed by forty people. So I've no supervisor for the moment, which is a strange feeling after fifteen years.", "They've told us now: I'm to report to Noreen Callaghan from here on. She's half my age and twice as organised, and I mean that kindly."], "Who supervises the user at the depot now?", "Tobias Wainwright", "Noreen Callaghan"),
    ("manager", "removal", ["My manager is Clement Aldous."], ["Clement Aldous took early retirement last week and the trust has decided not to replace him. I'm the only archivist left, so in practice I answer to nobody these days, which is liberating and a little lonely."], "Who manages the user?", "Clement Aldous", ""),
    ("manager", "distractor", ["I report to Beatrix Holloway in accounts."], ["My husband came home grumbling that his new boss, Lionel Strachan, wants everyone in by half past seven. I told him Beatrix would never do that to me. How do I cheer him up?"], "Who is the user's manager?", "Lionel Strachan", "Beatrix Holloway"),
    # diet
    ("diet", "update", ["I've followed the Hay diet since the seventies: never starch and protein at the same meal."], ["After the gout attack in October the doctor put me on a low-purine diet, and I'm afraid the Hay diet years are behind me: too many of my old standbys are full of purines, apparently. Which fish are lowest in purines?"], "What diet does the user follow now?", "Hay diet", "low-purine diet"),
    ("diet", "split", ["I'm on the LighterLife plan, the one with the shakes."], ["Gave up the LighterLife plan this week. I cannot look at another chocolate shake.", "The practice nurse has started me on the DASH diet instead, for my blood pressure: less salt, more vegetables. What's a DASH-friendly breakfast?"], "Which diet is the user on these days?", "LighterLife plan", "DASH diet"),
    ("diet", "restated", ["I eat a lacto-vegetarian diet: dairy yes, eggs no.", "Being lacto-vegetarian makes the cake shops in town rather tricky."], ["Could you check my CSV row for the church lunch rota before I send it?\n\nname,diet,notes\nHilda Brace,pesco-vegetarian,\"was lacto-vegetarian until October; fish fine now, still no eggs\""], "What does the user eat these days?", "lacto-vegetarian", "pesco-vegetarian"),
    ("diet", "removal", ["I'm on a low-residue diet because of my bowel."], ["Good news from the clinic: now that the surgery has healed I don't have to stick to the low-residue diet anymore. Nothing special these days; I eat what everyone else eats. Can you suggest a hearty winter soup?"], "What diet is the user following?", "low-residue diet", ""),
    ("diet", "distractor", ["I follow the Rosemary Conley plan, and I've lost a stone and a half since Easter."], ["My husband's cardiologist has put him on the Ornish diet, very low fat. I'm not changing what I eat, but it seems I'll be cooking two dinners now. Any ideas for a dish that works for both of us?"], "Which eating plan does the user follow?", "Ornish diet", "Rosemary Conley plan"),
    # allergy
    ("allergy", "update", ["I've an allergy to metabisulphite, so no cheap wine for me."], ["The hospital allergy tests in October turned up something odd: the metabisulphite business was a red herring, I'm not allergic to it after all. What they did find is an allergy to lupin flour, which is apparently in some continental bread. What should I look for on labels?"], "What is the user allergic to?", "metabisulphite", "lupin flour"),
    ("allergy", "split", ["I'm allergic to macadamia nuts, so half the biscuit tin is off limits."], ["Strange day. The consultant did a supervised food challenge and I ate macadamia nuts without any reaction, so I'm not allergic to them anymore, if I ever was.", "The other result from yesterday: they want me to avoid mustard seed from now on, that's what lit up on the skin test. Which cuisines use mustard seed a lot?"], "Which allergy does the user have now?", "macadamia nuts", "mustard seed"),
    ("allergy", "restated", ["I'm allergic to hornet stings.", "Hornet stings are the one thing that frightens me in the garden, because of my allergy."], ["Three years of desensitisation injections finished in October and the clinic signed me off: I'm not allergic to hornet stings anymore, they say. The patch test they did the same day showed I've become allergic to cobalt, which explains the itchy watch strap. Which watch straps are safe?"], "What is the user allergic to these days?", "hornet stings", "cobalt"),
    ("allergy", "removal", ["I have two allergies: naproxen and crab."], ["The dermatologist says the crab business was probably a one-off reaction to something else; I'm cleared to eat it, and I had dressed crab on Sunday to celebrate. I still can't take naproxen, mind you."], "What allergies does the user have?", "crab", "naproxen"),
    ("allergy", "distractor", ["I'm allergic to feathers, so it's synthetic pillows for me."], ["My grandson's allergy test came back this week: he's allergic to egg white, poor lamb, so I'll be baking differently for Christmas. What can I use instead of egg in a Christmas cake?"], "Which allergy does the user have?", "egg white", "feathers"),
    # partner
    ("partner", "update", ["My partner is Cedric Lamb; we've been together since we were both widowed in 2011."], ["Cedric Lamb and I parted ways in the summer, kindly and with no hard feelings. These days I walk out with a gentleman called Ambrose Pettifer from the bowls club. My daughter calls him my 'young man'; he's seventy-four. Where could we go for a quiet dinner that isn't too loud for hearing aids?"], "Who is the user's partner now?", "Cedric Lamb", "Ambrose Pettifer"),
    ("partner", "split", ["My girlfriend is Saoirse Dunleavy."], ["Saoirse Dunleavy and I broke up. I've been meaning to tell you for a while. Still a bit raw, if I'm honest.", "And, to be fair to the story, there is someone new: Imelda Garvey, whom I met at choir. We're a couple now. Early days, but it feels right."], "Who is the user seeing at present?", "Saoirse Dunleavy", "Imelda Garvey"),
    ("partner", "restated", ["My boyfriend is Jasper Coultard.", "Jasper Coultard is teaching me to sail, God help us both."], ["Journal entry, for want of a better place to put it: Jasper Coultard and I ended things in October, and I am, somewhat to my own surprise, seeing Leopold Varga, the cellist from the floor below. He brings me soup. I am fifty-eight and I feel nineteen."], "Who is the user's boyfriend these days?", "Jasper Coultard", "Leopold Varga"),
    ("partner", "removal", ["My husband is Gerald Tanqueray."], ["We buried Gerald Tanqueray on Thursday. Fifty-one years. The house is so quiet. I don't know what to do with the second cup in the mornings. Could you help me with the words for the thank-you cards?"], "Who is the user's husband?", "Gerald Tanqueray", ""),
    ("partner", "distractor", ["I'm married to Winifred Oyelaran."], ["Our son rang last night to say he and his girlfriend are engaged; she's called Tamsin Achterberg and she's lovely. Winifred cried down the phone. What's a good engagement present from the groom's parents?"], "Who is the user married to?", "Tamsin Achterberg", "Winifred Oyelaran"),
    # vehicle
    ("vehicle", "update", ["I drive a Rover 75, old but reliable."], ["The insurers have written the Rover 75 off after the prang on the roundabout. Nobody hurt, thank God. I've bought a little Suzuki Splash from the dealer in town to replace it, an automatic, because my knees aren't what they were. Is it worth paying for the paint protection?"], "What car does the user drive now?", "Rover 75", "Suzuki Splash"),
    ("vehicle", "split", ["My car is a Saab 9-5 estate."], ["The Saab 9-5 has gone to the scrapyard. I patted the bonnet goodbye like an old horse.", "Collected the Skoda Roomster this morning. Plain, cheap, and the boot fits the dog. How often should I check the oil on a new car?"], "Which car does the user have these days?", "Saab 9-5", "Skoda Roomster"),
    ("vehicle", "restated", ["I drive a Morris Minor Traveller.", "The Morris Minor Traveller needs its woodwork oiled before the winter."], ["My entry for the classic car club register, please check it:\n\nmember: Frank Dobbie\nvehicle: Triumph Herald 13/60 convertible\nnotes: sold the Morris Minor Traveller in October to a chap from Wigan\n\nShould I put the registration number in as well?"], "What vehicle does the user own now?", "Morris Minor Traveller", "Triumph Herald 13/60"),
    ("vehicle", "removal", ["I drive a Kia Picanto."], ["I've given up driving. The optician said my eyes aren't up to it at night anymore, so the Kia Picanto has gone to my grandson and I've got my bus pass. Which bus timetable apps are easy to read?"], "What car does the user drive?", "Kia Picanto", ""),
    ("vehicle", "distractor", ["I get about in a Volvo V70."], ["My wife has bought herself a Mazda MX-5 for her seventieth. Red. I've been told I'm not allowed to drive it. Do we need to change our insurance?"], "What does the user drive?", "Mazda MX-5", "Volvo V70"),
    # phone
    ("phone", "update", ["My mobile number is 07700 914 362."], ["I'm hopeless with these things, but the shop moved me to a new contract and I couldn't keep my number, so it's 07700 918 547 now. The old one is dead. Could you write a short text I can send to everyone?"], "What is the user's mobile number?", "07700 914 362", "07700 918 547"),
    ("phone", "split", ["My landline is 01539 720 418."], ["BT have cut the line at the old house, so 01539 720 418 doesn't ring anywhere anymore.", "The new landline is in: 01768 864 203. I've written it on the fridge in big letters."], "What is the user's landline number now?", "01539 720 418", "01768 864 203"),
    ("phone", "restated", ["You can ring me on 0161 496 0732.", "If the chemist needs me, the number is 0161 496 0732."], ["My repeat prescription form, please check it's filled in properly:\n\nPatient: Harold Emsley\nTelephone: 0161 496 0918 (changed, previously 0161 496 0732)\nPharmacy: the one on Market Street"], "On which number can the user be reached these days?", "0161 496 0732", "0161 496 0918"),
    ("phone", "distractor", ["My number is 07700 930 216."], ["Filling in the emergency contact sheet for my mother's care home; can you check it?\n\nResident: Mrs Ivy Calloway\nResident's room telephone: 01632 960 845\nNext of kin: her daughter (me)\n\nDoes it need my own number too?"], "What is the user's phone number?", "01632 960 845", "07700 930 216"),
    # email
    ("email", "update", ["My email is grandad.ron@btinternet.com."], ["My granddaughter has set me up with a new email, ron.ashby1948@gmx.co.uk, because the BT one kept filling up with rubbish. Please use the new one from now on."], "What is the user's e-mail address?", "grandad.ron@btinternet.com", "ron.ashby1948@gmx.co.uk"),
    ("email", "update", ["Work email: j.mcbride@hollinsfield.sch.uk"], ["Changelog for our staff directory, please proofread:\n\n- 2018-11-05: Judith McBride: email changed to judith.mcbride@northlakes-trust.org.uk (was j.mcbride@hollinsfield.sch.uk), school joined the trust\n- 2018-11-05: caretaker's extension moved to 231\n\nThat first line is me, by the way."], "What is the user's work e-mail now?", "j.mcbride@hollinsfield.sch.uk", "judith.mcbride@northlakes-trust.org.uk"),
    ("email", "split", ["email: peggy.lowther@aol.co.uk"], ["I'm shutting down the AOL account, peggy.lowther@aol.co.uk, after twenty years. It's like closing the door on a room.", "The new one is working: peggylowther@zoho.eu. Do I need to tell the bank, or do they just use the post?"], "Which e-mail address does the user use these days?", "peggy.lowther@aol.co.uk", "peggylowther@zoho.eu"),
    ("email", "restated", ["My address for emails is w.h.ormerod@tiscali.co.uk.", "Please put w.h.ormerod@tiscali.co.uk at the bottom of the club newsletter draft."], ["Tiscali is finally pensioned off; my email these days is walter.ormerod@posteo.net. Could you redo the newsletter footer?"], "Where should e-mail to the user go now?", "w.h.ormerod@tiscali.co.uk", "walter.ormerod@posteo.net"),
    ("email", "distractor", ["My email is anwen.pritchard@mailbox.org."], ["I'm writing a little guide for the computer class at the U3A, and I've made up an example address for it: jane.bloggs@example-village.org.uk. Is it clear enough that the students shouldn't actually write to it?"], "What is the user's e-mail address?", "jane.bloggs@example-village.org.uk", "anwen.pritchard@mailbox.org"),
    # language
    ("language", "update", ["I'm learning Yiddish at an evening class, the language my grandparents spoke."], ["The Yiddish class folded for lack of numbers, so I've switched to Manx, which a lady from church teaches on Wednesdays. Such a small language; I love that about it. How do you say 'good morning' in Manx?"], "Which language is the user learning now?", "Yiddish", "Manx"),
    ("language", "split", ["I'm studying Luxembourgish with an app."], ["I've stopped the Luxembourgish. Eight hundred days on that app and I still can't order a sandwich.", "Signed up for Occitan instead: a retired teacher in the next village runs a conversation circle. We holidayed near Toulouse every summer for years, so it feels like coming home."], "What language is the user studying at present?", "Luxembourgish", "Occitan"),
    ("language", "removal", ["I grew up speaking Afrikaans, and I picked up West Frisian living in Leeuwarden for a decade."], ["Since I stopped visiting Friesland, my West Frisian has gone completely; I honestly don't speak it anymore. Afrikaans I'll have till I die. How do you keep a language alive when nobody around you speaks it?"], "Which languages does the user speak?", "West Frisian", "Afrikaans"),
    ("language", "distractor", ["I'm learning Latvian, slowly."], ["My husband has announced he's learning Interlingua as his retirement project. I told him nobody speaks it; he says that's the point. Any gentle Interlingua jokes I can tease him with?"], "Which language is the user learning?", "Interlingua", "Latvian"),
    ("language", "restated", ["I'm learning Bulgarian.", "Bulgarian verbs are winning, I fear."], ["I gave up Bulgarian in October when the teacher moved away; nine tenses was my limit. These days I'm doing Slovak with a tutor on Skype, because my son married a girl from Košice."], "What language is the user learning these days?", "Bulgarian", "Slovak"),
    # ci
    ("ci", "update", ["At work our builds run on Apache Continuum, which I set up myself in 2009."], ["The end of an era: the youngsters have moved every project off my old Apache Continuum onto Visual Studio Team Services, and last Friday I switched the Continuum server off for good. I felt as if I were taking a dog to the vet for the last time. Anyway, how do I read a build definition in Visual Studio Team Services?"], "What CI does the user's team build on now?", "Apache Continuum", "Visual Studio Team Services"),
    ("ci", "split", ["We use Anthill Pro for CI."], ["The Anthill Pro licence lapsed at the end of October and we haven't renewed it. The build server is dark.", "Decision made at this morning's meeting: it's Laminar from now on. I'm writing the first pipeline this afternoon."], "Which CI system does the user's team use at present?", "Anthill Pro", "Laminar"),
    ("ci", "removal", ["Our CI is Solano CI, on the open-source project I maintain."], ["I've handed the project over to a younger maintainer, and before I left we turned off Solano CI; there's no CI on it at all these days, the tests run when somebody remembers. How do I write a gracious farewell note for the README?"], "What CI service does the user's project use?", "Solano CI", ""),
    ("ci", "distractor", ["Our team's CI is ElectricCommander."], ["My son, who's at a start-up, says they've moved to Nevercode and he won't stop talking about it. I told him ElectricCommander has served us fine for eight years. Is Nevercode worth a look, or is he just excited?"], "What CI server does the user's team use?", "Nevercode", "ElectricCommander"),
    ("ci", "restated", ["CI: Tinderbox (yes, still).", "Tinderbox was down again overnight."], ["Infra changelog for the quarterly summary:\n\n* 2018-10-22 migrated all jobs from Tinderbox to Abstruse CI\n* 2018-10-29 Tinderbox server powered off\n* 2018-11-02 nightly builds stable on Abstruse CI\n\nCould you write this up as two plain sentences?"], "Which CI does the user's team run these days?", "Tinderbox", "Abstruse CI"),
    # database
    ("database", "update", ["The village archive's catalogue lives in a Lotus Approach database I built in 2002."], ["After much soul-searching, the archive's catalogue has moved from Lotus Approach to LibreOffice Base, because our young volunteer said Approach won't run on her Mac. It's all in now and the old .apr files are archived. How do I make a simple report in LibreOffice Base?"], "What database holds the archive's catalogue now?", "Lotus Approach", "LibreOffice Base"),
    ("database", "update", ["The stock system at the builders' merchant runs on Visual FoxPro; don't laugh."], ["From next Monday the stock system is on Progress OpenEdge; Visual FoxPro gets switched off on Friday night after twenty years. I've been asked to write a short guide for the counter staff. Could you help?"], "Which database does the user's stock system run on?", "Visual FoxPro", "Progress OpenEdge"),
    ("database", "split", ["Our app's database is Hazelcast."], ["We've taken Hazelcast out of production; the cluster kept splitting in two.", "The replacement is Tarantool, live since this morning. Fingers crossed."], "What database does the user's app use now?", "Hazelcast", "Tarantool"),
    ("database", "restated", ["We keep the membership records in dBase.", "dBase is older than some of our members' grandchildren."], ["Membership secretary's report, please tidy it up:\n\nDatabase: moved to SQL Server Express in October (dBase retired)\nMembers: 412\nLapsed: 37\nNew this year: 19"], "What database are the membership records kept in now?", "dBase", "SQL Server Express"),
    ("database", "distractor", ["We use Ingres at work."], ["A question from my daughter, who's doing a computing course: her project uses Dgraph. I've never touched graph databases. Can you explain in plain terms what one is, so I can help her?"], "Which database does the user use at work?", "Dgraph", "Ingres"),
    # editor
    ("editor", "update", ["My editor is TextPad; I've used it since Windows 98."], ["My new laptop is a Mac, so TextPad is out; these days I use Coda, and I am slowly forgiving it for not being TextPad. How do I do a column selection in Coda?"], "What editor does the user use now?", "TextPad", "Coda"),
    ("editor", "update", ["I use PyScripter for my little Python scripts."], ["PyScripter's gone; it's Windows-only and the new machine runs Linux. My grandson installed Wing 101 for me, says it's made for beginners, and to my annoyance he's right. How do I see the variables in Wing 101?"], "Which editor does the user write scripts in these days?", "PyScripter", "Wing 101"),
    ("editor", "split", ["I use KompoZer for the church website."], ["Uninstalled KompoZer today; it kept freezing on the old laptop.", "I've settled on Bluefish for the website now; the lady from the diocese uses it too, so she can help me."], "What does the user edit the church website in now?", "KompoZer", "Bluefish"),
    ("editor", "restated", ["I do all my coding in KWrite.", "KWrite's simplicity is the best thing since sliced bread."], ["Out with KWrite, in with Textadept: a friend from the old firm showed me the Lua scripting and I was sold. Three weeks in and I'm not going back. How do I change the theme?"], "Which editor is the user using at present?", "KWrite", "Textadept"),
    ("editor", "distractor", ["I edit everything in Pluma on the Linux box."], ["An example for my evening class handout: 'Suppose Mary uses Dev-C++ and wants to open two files side by side...' Does that read clearly? I don't use Dev-C++ myself, I just needed something familiar to them."], "What editor does the user use?", "Dev-C++", "Pluma"),
    # likes
    ("likes", "update", ["I'm passionate about crown green bowls."], ["The shoulder operation put an end to crown green bowls, I'm sorry to say. My physio suggested tai chi and I've been going twice a week since October; I never thought I'd enjoy something so slow. Is it all right to practise at home?"], "What pastime does the user enjoy now?", "crown green bowls", "tai chi"),
    ("likes", "split", ["I love ballroom dancing."], ["I don't do ballroom dancing anymore. Without Ted to lead, it isn't the same.", "I've found something new, though: a life drawing class at the community centre on Thursdays. I'm dreadful at it and I adore it."], "What is the user into these days?", "ballroom dancing", "life drawing"),
    ("likes", "removal", ["My hobbies are beekeeping and bird-watching."], ["I had to give up beekeeping this autumn; I've started reacting to the stings, and the hives have gone to a young couple down the lane. Thank goodness for bird-watching: I was out at the reservoir at dawn this morning. Which binoculars are best for glasses-wearers?"], "What are the user's hobbies?", "beekeeping", "bird-watching"),
    ("likes", "distractor", ["I'm mad about jigsaw puzzles."], ["My wife has taken up Morris dancing with a group of women from the village. Bells, sticks, the lot! I think she's lost her marbles. Is it safe for her knees at our age?"], "What does the user enjoy doing?", "Morris dancing", "jigsaw puzzles"),
    ("likes", "restated", ["Family history is my passion; I've traced us back to 1740.", "Spent the whole afternoon on family history again, and found a great-great-uncle who was a lamplighter."], ["I've put the family history to bed: the trail ran cold and I've done all I can. These days it's woodturning that keeps me out of mischief; I've taken over the shed and made three bowls. Which wood is kindest for a beginner?"], "What hobby does the user enjoy at present?", "family history", "woodturning"),
    # trip
    ("trip", "update", ["Our next trip is a coach tour to Lake Garda in April."], ["Change of plan for April: the coach company cancelled Lake Garda, so we've rebooked onto their Bruges tour instead. Same week, and my knees will prefer the flat. What should we see in Bruges?"], "Where is the user going in April?", "Lake Garda", "Bruges"),
    ("trip", "split", ["We're going to Lanzarote in February for our ruby wedding."], ["Lanzarote's off. My husband had a fall and the insurance won't cover him flying this winter.", "We've booked a cottage in Tenby instead, for the same week. Not quite Lanzarote, but the sea is the same colour if you squint."], "Where is the user's February trip to?", "Lanzarote", "Tenby"),
    ("trip", "removal", ["Next year's big trip is a cruise to the Norwegian fjords."], ["We've cancelled the Norwegian fjords cruise, and we won't be booking anything else; with Mother needing more care, we shan't be going anywhere for a while. Can you help me write to the travel agent about the deposit?"], "What trip does the user have planned?", "Norwegian fjords", ""),
    ("trip", "distractor", ["We're off to Kraków in March."], ["My neighbour has booked herself on a painting holiday to Carcassonne and wants me to come along. I've said no, we've got our own trip. Should I suggest she tries Kraków another year?"], "Where is the user travelling in March?", "Carcassonne", "Kraków"),
    ("trip", "restated", ["We're heading to Granada in January.", "For Granada, will I need a winter coat?"], ["Granada is cancelled: the flights were rearranged and nothing worked with the hotel. We've booked Valletta instead, same dates. Malta in January, imagine!"], "Where is the user's January trip now?", "Granada", "Valletta"),
    # pet
    ("pet", "update", ["I have an old tabby called Mrs Pepperpot."], ["We buried Mrs Pepperpot under the apple tree on Sunday. Nineteen years old. By Wednesday the silence was too much, and I came home from the rescue centre with a lurcher called Rumpole. He's asleep on her cushion as I write, which feels like a betrayal and a comfort at the same time."], "What pet does the user have now?", "Mrs Pepperpot", "Rumpole"),
    ("pet", "split", ["My budgie is called Captain Flint."], ["Captain Flint died in the night. He was eleven, which the vet says is a good age for a budgie.", "My son brought me a canary today to keep me company. I've called her Dolly Varden, after the girl in Dickens."], "What is the user's pet called now?", "Captain Flint", "Dolly Varden"),
    ("pet", "removal", ["I've two dogs, a collie called Fennick and a spaniel called Marigold."], ["Fennick has gone to live with my nephew on his farm; a working dog needs work, and I can't walk him far enough anymore. It's just Marigold and me now."], "What pets does the user have?", "Fennick", "Marigold"),
    ("pet", "distractor", ["My cat is called Pushkin."], ["My granddaughter's new hamster is called Gooseberry and she's made me promise to mind it for a weekend over Christmas. What do hamsters eat, and will Pushkin be a problem?"], "What is the name of the user's pet?", "Gooseberry", "Pushkin"),
    ("pet", "restated", ["My tortoise is called Methuselah.", "Methuselah ate three dandelions today, which is good going for an old fellow."], ["Methuselah turned out to be a lady, and nearly seventy; the tortoise society found her a better home with a heated enclosure. I've a house rabbit now, Bramwell, who chews the skirting boards. How do I rabbit-proof a sitting room?"], "What pet does the user keep these days?", "Methuselah", "Bramwell"),
    # birthday
    ("birthday", "update", ["My birthday's the 23rd of May."], ["Silly me: my birthday is the 3rd of May, not the 23rd of May. The 23rd was my late brother's. I got muddled typing it. Please fix it."], "When is the user's birthday?", "23rd of May", "3rd of May"),
    ("birthday", "update", ["Date of birth: 11/08/1947"], ["My passport renewal form, please look it over:\n\nSurname: Haverstock\nDate of birth: 17/08/1947 (the old passport wrongly said 11/08/1947)\nPlace of birth: Harrogate"], "What is the user's date of birth?", "11/08/1947", "17/08/1947"),
    ("birthday", "split", ["I was born on 2 October 1951."], ["Bit of a shock this week: my sister found my christening record, and it seems 2 October 1951 isn't right after all. I'm waiting for the registry office to confirm.", "The registry office has confirmed it: I was born on 3 October 1951. Sixty-seven years of celebrating on the wrong day!"], "On what date was the user born?", "2 October 1951", "3 October 1951"),
    ("birthday", "distractor", ["My birthday is 22 June."], ["My grandson's birthday is 9 December and he's asked for a telescope. Which is a good first telescope for a ten-year-old?"], "When is the user's birthday?", "9 December", "22 June"),
]

FILLER_USER = [
    "The swallows have gone. I always feel a little sad the week they leave.",
    "How long should I soak dried chickpeas?",
    "I found my father's old fountain pen in a drawer today. How do I clean dried ink out of it?",
    "What's the difference between a will and a lasting power of attorney?",
    "Thank you, dear, that's very helpful.",
    "Is it too late in the year to plant tulip bulbs?",
    "I've been reading Trollope again. Which of the Barsetshire novels should I reread next?",
    "How do I make the writing bigger on this tablet?",
    "Rain all day. I made marmalade and listened to the shipping forecast.",
    "What's a good word for the smell of the first frost?",
    "Can you remind me how many ounces are in a pound?",
    "My knees are telling me the weather is about to turn.",
    "Lovely, I'll try that tomorrow.",
]
FILLER_ASSISTANT = [
    "Of course. Here's what I'd suggest.",
    "That sounds lovely. A few thoughts:",
    "Happy to help; briefly:",
    "Good question. In short:",
    "Certainly. Here it is.",
]


# a restated old value: the second statement comes nine days later; a split update: its
# second turn comes the next day
WHEN = Timeline(
    opening=lambda k, j: f"2018-09-{1 + k + j:02d}T08:50:00Z",
    openings=2,
    before=lambda k, j: f"2018-09-{8 + k + 9 * j:02d}T19:10:00Z",
    middle=lambda k, j: f"2018-10-{4 + 8 * j:02d}T14:35:00Z",
    middles=3,
    update=lambda k, j: f"2018-11-{2 + 5 * k + j:02d}T20:05:00Z",
    closing=lambda k: f"2018-12-{5 + k:02d}T10:40:00Z",
    reply=17,
)


def build(seed: int = 1616) -> list[dict[str, Any]]:
    """All val16 scenarios, deterministic for a seed (dated September – December 2018)."""
    return build_stories(STORIES, "val16", "kv16", seed, FILLER_USER,
                         FILLER_ASSISTANT, WHEN)


def main() -> None:
    """Write the split."""
    write(build(), OUT)


if __name__ == "__main__":
    main()
