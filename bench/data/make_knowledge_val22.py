# ruff: noqa: E501  (hand-written data: one story per line reads best)
"""Writes ``knowledge_val22.jsonl``: a twenty-second held-out split of the knowledge-update set.

Written in round 15 by an outside evaluator who never read ``src/``
(``"split": "val22"``). Each story is phrased with its own sentence shape. Its
people are busy professionals (nurses, solicitors and attorneys, engineers,
researchers, shop owners) in Ireland, South Africa, Singapore, Kenya and
Canada, writing long formal messages, pasted e-mail fragments and signature
blocks, bullet lists, and terse one-liners, with local words ("grand",
"lekker", "eish", "can or not", "sawa"). What is hard: the change told in the
past perfect or as a narrative ("Since leaving Letterkenny in February I have
been renting ...", "I had handed in my notice at Kerry Group before
Christmas, and since the 8th of January ..."); two slots changing in one
message (a move and a new car, a promotion and a new way to commute, a new
CI service and a new database); the old value repeated after the change in a
past-tense anecdote ("our last braai in Stellenbosch got rained out", "that
OpenEdge box once ran 900 days without a reboot"); the change announced as a
plan first and confirmed a day later (most ``split`` stories); the new value
only inside a pasted letter or signature block; and colleagues', clients',
husbands' and articling students' values (their employer, their car, their
boss, their diet, their trip) as traps. Values and filler are new; the
timeline (January - April 2018) is no other split's.
18 slots, 89 stories (4 or 5 a slot): 26 update, 18 split, 16 restated,
11 removal, 18 distractor.

Kinds (``"kind"``): ``update`` (``old`` -> ``new``), ``split`` (the update over
two user turns a day apart; here mostly a plan, then its confirmation),
``restated`` (``old`` said twice, nine days apart, before the update),
``removal`` (``old`` ends, ``new`` remains or "" when nothing does),
``distractor`` (``new`` is the user's and stays; ``old`` is a colleague's,
client's or relative's, said later). In the multi-valued slots (allergy, pet,
likes, language) an update's ``old`` is the value that ended and ``new`` the
one that took its place; a removal's ``new`` is what is left.

    python bench/data/make_knowledge_val22.py   # rewrites the .jsonl next to it
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _knowledge_writer import Story, Timeline, build_stories, write

OUT = Path(__file__).with_name("knowledge_val22.jsonl")

# (slot, kind, earlier user statements, update turns, question, old, new)
STORIES: list[Story] = [
    # home
    ("home", "update", ["I live in Letterkenny and do nights on the coronary care unit, so forgive the odd hours."], ["Since leaving Letterkenny in February I have been renting a small terrace in Ballina, which puts me forty minutes from Castlebar General. Could you draft a short note to my credit union asking them to update my address?"], "Where does the user live at present?", "Letterkenny", "Ballina"),
    ("home", "update", ["We're based in Stellenbosch; my practice is two streets from the Moederkerk."], ["Bit of news for your records. We had sold the Stellenbosch house by December, and by the time the schools opened we were settled in Makhanda, where I've also taken up a partnership at a small firm on High Street. Funny thing, our last braai in Stellenbosch got rained out, so the neighbours threw us a farewell potjie instead. Which schools in Makhanda take transfers mid-year?"], "In which town is the user's home these days?", "Stellenbosch", "Makhanda"),
    ("home", "restated", ["Home is a 4-room flat in Tampines, 14th floor, facing the park.", "The train from Tampines was packed again this morning lah, 50 minutes door to door."], ["Can you check the tone of this before I send it to the bank?\n\n---\nDear Sir/Madam,\nKindly note that with effect from 1 March 2018 I no longer reside in Tampines. My new residential address is Blk 208C, Compassvale Lane, Sengkang. Please update your records accordingly.\n\nYours faithfully,\nDr Lim Wei Ting\nSenior Research Fellow\n---"], "Which part of Singapore does the user live in now?", "Tampines", "Sengkang"),
    ("home", "split", ["I live in Nakuru and run a hardware shop near the old market."], ["We are planning to relocate to Eldoret once the lease on the new branch is signed, hopefully by the weekend. Nakuru shop will go to my cousin Otieno.", "It is done. We moved to Eldoret on Saturday, the lorry arrived at 2am but sawa. Kindly help me write an SMS telling customers where to find us."], "Where does the user live now?", "Nakuru", "Eldoret"),
    ("home", "distractor", ["I live in Moncton, New Brunswick, and work as a structural engineer."], ["A client of ours just relocated his whole family to Yellowknife for a mining contract and wants us to review the foundation drawings for his new house remotely. What should I watch for with permafrost?"], "What city is the user based in?", "Yellowknife", "Moncton"),
    # employer
    ("employer", "update", ["I'm a process engineer with Kerry Group, on the dairy side."], ["I had handed in my notice at Kerry Group before Christmas, and since the 8th of January I've been with Glanbia at the Ballyragget plant. Funnily enough my old shift lead from Kerry Group rang last week looking for a valve spec I'd written, which was awkward. How do I politely turn down favours for a former employer?"], "Which company employs the user now?", "Kerry Group", "Glanbia"),
    ("employer", "restated", ["I'm a mechanical engineer at Sasol in Secunda.", "Shutdown season at Sasol has me on twelve-hour shifts this month, eish."], ["Quick one. Exxaro since Monday, same coal dust, better drive home. How should I describe the Sasol turnaround projects on LinkedIn without breaching the NDA I signed there?"], "Where does the user work these days?", "Sasol", "Exxaro"),
    ("employer", "split", ["I'm a data scientist at Lazada, on the pricing team."], ["Looks like I'll be joining Carousell next month. Signed the offer last night but haven't told anyone at Lazada yet, so shhh.", "Resigned this morning, my lead took it well. Carousell start date is confirmed for 2 April. What should go into a handover doc?"], "Who does the user work for at the moment?", "Lazada", "Carousell"),
    ("employer", "removal", ["I'm a clinical officer with Amref Health Africa, mostly outreach clinics."], ["My contract with Amref Health Africa ended on 31st January and was not renewed because of the donor cuts. I am not working anywhere at present, doing a short course in health informatics while I look. Kindly help me with a cover letter that explains the gap."], "Which organisation is the user employed by?", "Amref Health Africa", ""),
    ("employer", "distractor", ["I'm an associate at Stikeman Elliott in the Calgary office."], ["My articling student just accepted a position at Bennett Jones for the fall and asked me to be her reference. What should a reference letter for a law firm include?"], "What firm does the user work at?", "Bennett Jones", "Stikeman Elliott"),
    # job title
    ("job_title", "update", ["I'm a Clinical Nurse Specialist in diabetes, based on St. Brigid's ward."], ["Two bits of news. I'm Clinical Nurse Manager 1 since the interviews in February, and I've given up the car for a bike since they started charging for parking. When I was a Clinical Nurse Specialist I thought clinics were the busy part, ha. Could you help me build a fair weekend rota template?"], "What is the user's job title now?", "Clinical Nurse Specialist", "Clinical Nurse Manager 1"),
    ("job_title", "restated", ["My title is Candidate Attorney at a firm in Durban.", "Being a Candidate Attorney means I basically live in motion court."], ["Admitted on 12 March!! The firm has changed my title to Professional Assistant with effect from the 13th. What should go on my new business cards?"], "What does the user's current title say?", "Candidate Attorney", "Professional Assistant"),
    ("job_title", "split", ["I work as a Senior Laboratory Officer at a polyclinic lab."], ["HR says I'm being put up for Principal Medical Technologist, panel interview is tomorrow. Nervous!", "Confirmed this morning: I'm Principal Medical Technologist from 1 April and my Senior Laboratory Officer post will be backfilled. What should I say in my first team meeting?"], "What position does the user hold at the lab now?", "Senior Laboratory Officer", "Principal Medical Technologist"),
    ("job_title", "removal", ["I'm the Senior Supplies Officer at the county referral hospital in Kisumu."], ["I retired from the county service on 28th February after thirty-one years. Senior Supplies Officer was my last title; now I have no title at all, only grandfather. Which hobbies are good for a retired man with a bad back?"], "What is the user's job title?", "Senior Supplies Officer", ""),
    ("job_title", "distractor", ["I'm a Geotechnical Engineer-in-Training at a consultancy in Saskatoon."], ["My colleague down the hall was just promoted to Senior Hydrogeologist and I'm happy for her, but also a bit... you know. How do I bring up my own path with my supervisor without sounding bitter?"], "What is the user's role?", "Senior Hydrogeologist", "Geotechnical Engineer-in-Training"),
    # manager
    ("manager", "update", ["My supervising partner is Fionnuala Breathnach."], ["Fionnuala had already moved to the Cork office by the time I got back from leave, so I've been reporting to Cathal Ó Súilleabháin since the 5th. Fionnuala Breathnach once made me redo a brief three times in one night, so this is a change of pace. Could you draft a short intro email to him?"], "Who does the user report to now?", "Fionnuala Breathnach", "Cathal Ó Súilleabháin"),
    ("manager", "restated", ["My boss is Thandeka Mahlangu, the head of radiology.", "Thandeka Mahlangu signed my leave form at last, Durban here I come."], ["FYI for your notes:\n- Thandeka retired end of February\n- Pieter-Jan van Rensburg is HOD now, so he's my boss\n- the MRI scanner is STILL broken\nHow do I ask him for a study-leave day in his first month?"], "Who is the user's head of department?", "Thandeka Mahlangu", "Pieter-Jan van Rensburg"),
    ("manager", "split", ["I report to Ong Siew Ling, the regional compliance head."], ["Ong Siew Ling told us today she's moving to the Hong Kong office next quarter. Word is Harpreet Kaur Sandhu takes over our team, but nothing official yet.", "Town hall just confirmed it: Harpreet Kaur Sandhu is my manager from today. How do I build rapport fast with a new boss?"], "Who manages the user at present?", "Ong Siew Ling", "Harpreet Kaur Sandhu"),
    ("manager", "removal", ["My site supervisor is Eng. Wanjiru Gachanja."], ["Eng. Wanjiru Gachanja left the firm in January and they never replaced her. I run the site alone and report to nobody now, which is freedom and also terror. How do I document decisions when there's no one to sign off?"], "Who is the user's supervisor?", "Wanjiru Gachanja", ""),
    ("manager", "distractor", ["My manager is Émilie Thibodeau, she runs the research lab."], ["My husband's new boss, Gurvinder Dhaliwal, invited us both to a dinner party on Saturday. What's an appropriate host gift in Ontario?"], "Who is the user's manager?", "Gurvinder Dhaliwal", "Émilie Thibodeau"),
    # diet
    ("diet", "update", ["I'm on the Cambridge Weight Plan, shakes and soups, trying to shift a stone before the wedding."], ["Had to come off the Cambridge Weight Plan in January: the cardiologist wants me on a low-sodium diet now that the heart failure's been diagnosed. Back when I was doing the Cambridge Weight Plan I lived on the salty soups, so that was probably half the problem. Packed lunch ideas for a twelve-hour shift?"], "What diet is the user following now?", "Cambridge Weight Plan", "low-sodium diet"),
    ("diet", "restated", ["I'm on Banting, Noakes style, no bread at all.", "Banting has me dreaming about vetkoek, I'm not even joking."], ["Haven't touched Banting since my endocrinologist saw my HbA1c. I'm on the Newcastle diet now, 800 calories a day for eight weeks, ja. Can you do me a week's meal plan that isn't only shakes?"], "How does the user eat these days?", "Banting", "Newcastle diet"),
    ("diet", "split", ["I've been on a ketogenic diet since last year, lost eight kilos."], ["Our church is keeping a Lenten fast for the whole of Lent and I intend to join them from next week, so the ketogenic diet will have to go.", "Started the Lenten fast today: no meat, no sugar, only vegetables, grains and water until Easter. What can I pack for lunch at the clinic?"], "Which diet is the user on?", "ketogenic diet", "Lenten fast"),
    ("diet", "removal", ["I'm on the Blood Type Diet, my auntie swears by it."], ["Gave up the Blood Type Diet, my dietitian laughed at it for ten minutes. No special diet at all now, I eat everything. Chilli crab this weekend, can or not?"], "What diet does the user keep to?", "Blood Type Diet", ""),
    ("diet", "distractor", ["I follow a Jain vegetarian diet, so no root vegetables either."], ["My law partner has gone ketovore, steak and butter three times a day, and lectures me about it over lunch. Is that even safe long term?"], "What is the user's diet?", "ketovore", "Jain vegetarian"),
    # allergy
    ("allergy", "update", ["I'm allergic to natural rubber latex, which is fun as a theatre nurse."], ["Occupational health retested me in January: the natural rubber latex result was a false positive all along, but the same panel flagged povidone-iodine, which I'd never have guessed. Years ago I came out in hives after a shift in latex gloves; must have been the iodine scrub all along. What alternatives to povidone-iodine skin prep should I ask theatre to stock?"], "What is the user allergic to now?", "natural rubber latex", "povidone-iodine"),
    ("allergy", "restated", ["Allergy-wise: cefuroxime, found out as a kid.", "The cefuroxime allergy is engraved on my MedicAlert bracelet."], ["Skin-prick and challenge testing at Groote Schuur showed I'm not allergic to cefuroxime after all; it's co-trimoxazole that does it. The bracelet needs redoing. Who makes them in Cape Town?"], "Which drug allergy does the user have?", "cefuroxime", "co-trimoxazole"),
    ("allergy", "split", ["I'm allergic to durian, of all things, and to house dust mites."], ["My allergist wants to do an oral challenge for the durian one next week; she thinks I may have outgrown it. She's also testing bird's nest since my mum keeps buying it.", "Passed the durian challenge, so that one's off the list! But the bird's nest test came back positive. Never eaten it, thankfully. How do I check for it in herbal soups?"], "What foods is the user allergic to?", "durian", "bird's nest"),
    ("allergy", "removal", ["I am allergic to cassava flour and to sorghum."], ["The sorghum challenge at Aga Khan went fine, so the doctor removed the sorghum allergy from my file. The cassava flour one remains. Good alternatives for ugali?"], "Which allergies does the user have?", "sorghum", "cassava flour"),
    ("allergy", "distractor", ["I'm allergic to macadamia."], ["One of my clients has a daughter with a quinoa allergy and they're coming to our office Easter open house. Which caterers in Halifax can do quinoa-free?"], "What is the user allergic to?", "quinoa", "macadamia"),
    # partner
    ("partner", "update", ["My girlfriend is Saoirse Ní Bhriain, she's a physio in Galway."], ["Saoirse and I had broken up by Christmas, and since the end of January I've been seeing Róisín Fahy, a radiographer from Athlone. Saoirse Ní Bhriain and I once did the Croagh Patrick climb in a hailstorm, good times, but that's over. Date ideas in the midlands that aren't the cinema?"], "Who is the user's partner now?", "Saoirse Ní Bhriain", "Róisín Fahy"),
    ("partner", "restated", ["My husband is Sibusiso Mthembu.", "Sibusiso Mthembu is in Joburg all week for an audit, so it's me and the kids."], ["The divorce was finalised in January and I've been with Jacques Olivier since February. The kids like him, which is a relief. How do we handle Easter with two households?"], "Who is the user in a relationship with?", "Sibusiso Mthembu", "Jacques Olivier"),
    ("partner", "split", ["I'm dating Darren Koh."], ["Ended things with Darren Koh last night. No drama, just done.", "And before you judge me: yes, I'm now with Nurul Huda Rahman. We've been friends for years. Good first-date spot in Singapore that isn't a mall?"], "Who is the user dating?", "Darren Koh", "Nurul Huda Rahman"),
    ("partner", "removal", ["My wife, Njeri Wambugu, and I run the shop together."], ["Njeri Wambugu and I separated in February and she has gone back to Nyeri with her family. I am on my own now. How should I restructure the shop ownership papers?"], "Who is the user's spouse?", "Njeri Wambugu", ""),
    ("partner", "distractor", ["My partner is Thomas Bergeron-Whitfield."], ["A colleague just got engaged to a guy named Dmitri Volkonsky and I'm in charge of the office card. What do I write that isn't cheesy?"], "Who is the user's partner?", "Dmitri Volkonsky", "Thomas Bergeron-Whitfield"),
    # vehicle
    ("vehicle", "update", ["I drive a Skoda Octavia estate."], ["Since moving to Naas in February I've sold the Skoda Octavia estate and got a Hyundai Ioniq Electric for the commute up the N7. What's the cheapest home charger installation option?"], "What does the user drive now?", "Skoda Octavia estate", "Hyundai Ioniq Electric"),
    ("vehicle", "restated", ["My bakkie is a Toyota Hilux Raider.", "The Hilux Raider needs new tyres again, this gravel road is murder."], ["Traded the Raider in for an Isuzu KB 250 last week, the dealer gave a lekker price. The Raider got me out of a sand trap in the Kgalagadi once, so I was a bit sad. What service interval does the KB need?"], "Which vehicle does the user have?", "Toyota Hilux Raider", "Isuzu KB 250"),
    ("vehicle", "split", ["I drive a Honda Shuttle."], ["With the twins coming we've decided to replace the Honda Shuttle with a Toyota Sienta, test drive tomorrow and we'll sign if it's ok.", "Signed! The Honda Shuttle went for deregistration and we collected the Toyota Sienta this afternoon. Car seat fitting tips for a 7-seater?"], "What car does the user drive now?", "Honda Shuttle", "Toyota Sienta"),
    ("vehicle", "removal", ["I use a Toyota Probox for deliveries."], ["The Probox was stolen from outside the shop in January and the insurance only paid out last week. I have decided not to buy another car, boda bodas do the deliveries now. How do I set up a fair rate with the riders?"], "What vehicle does the user own?", "Toyota Probox", ""),
    ("vehicle", "distractor", ["I drive a Ford Flex."], ["A client backed his Ram 3500 into my car in the office lot this morning. He's apologetic but wants to settle without insurance. Is that wise?"], "What car does the user drive?", "Ram 3500", "Ford Flex"),
    # phone
    ("phone", "update", ["Mobile: 087 615 2290"], ["Could you tidy up my new email signature? The mobile changed when I switched network, the old number got lost in the port.\n\n--\nDr Órla Keane\nSpecialist Registrar, Geriatric Medicine\nM: 089 471 3308\n--"], "What mobile number does the user have now?", "087 615 2290", "089 471 3308"),
    ("phone", "update", ["My number is 0722 418 906, Safaricom."], ["Kindly note I have moved to Airtel, new line 0733 562 104. I lost the SIM for 0722 418 906 in Mombasa last month and the line was deactivated. How do I inform all my suppliers at once?"], "On which number can the user be reached?", "0722 418 906", "0733 562 104"),
    ("phone", "restated", ["Cell: 082 553 0417", "If the receptionist can't reach me, 082 553 0417 is always on."], ["Work gave me a contract phone, so it's 071 880 2265 for everything now; I cancelled the 082 one. Can you redo the contact line on my letterhead?"], "What is the user's cell number?", "082 553 0417", "071 880 2265"),
    ("phone", "split", ["HP: 9736 2185"], ["I'll be porting out of my old telco next week, the company's putting me on a corporate line so the 9736 2185 number will stop working.", "New number active as of this morning: 8214 6093. Old line is terminated. Can you draft a WhatsApp broadcast to my clients?"], "What is the user's phone number?", "9736 2185", "8214 6093"),
    ("phone", "distractor", ["My cell is (902) 555-0148."], ["Please add this to my file note for the Morrison matter: the client's callback number is 613-555-0182, afternoons only. Can you format the note properly?"], "What is the user's cell phone number?", "613-555-0182", "(902) 555-0148"),
    # email
    ("email", "update", ["My work email is nmcgrath@corribsolicitors.ie"], ["Signature block from the new firm is below, please use this address from now on; the corribsolicitors.ie account was closed the day I left.\n\nNiamh McGrath\nAssociate Solicitor\nBrennan Tierney LLP\nE: niamh.mcgrath@brennantierney.ie\nT: +353 1 664 0032"], "Which e-mail address does the user use now?", "nmcgrath@corribsolicitors.ie", "niamh.mcgrath@brennantierney.ie"),
    ("email", "update", ["Personal email: weiling.tan88@yahoo.com.sg"], ["My Yahoo got hijacked in January, the hackers sent phishing mails to my whole department. I've moved everything to tanweiling.research@gmail.com and closed weiling.tan88@yahoo.com.sg. How do I warn my collaborators without sounding paranoid?"], "What is the user's e-mail address at present?", "weiling.tan88@yahoo.com.sg", "tanweiling.research@gmail.com"),
    ("email", "restated", ["Email: omondi.hardware@gmail.com", "Send the invoice template to omondi.hardware@gmail.com please."], ["We now have a business domain! sales@omondihardware.co.ke is the address for everything from today, I have stopped checking the gmail. Can you make the invoice footer show it?"], "Where should e-mails for the user go?", "omondi.hardware@gmail.com", "sales@omondihardware.co.ke"),
    ("email", "split", ["Email: priya.raman@mail.utoronto.ca"], ["My UofT email will be deactivated on April 1 when my postdoc ends; I've got an offer letter from Edmonton with a new address coming.", "All set, my new address is praman@ualberta.ca and IT confirmed the old one forwards for 30 days only. Draft me an auto-reply?"], "What e-mail does the user have these days?", "priya.raman@mail.utoronto.ca", "praman@ualberta.ca"),
    ("email", "distractor", ["email: lerato.khumalo@mweb.co.za"], ["My client, Mr Venter, wants all correspondence sent to venter.boerdery@telkomsa.net. Can you draft a formal cover letter for the lease agreement?"], "What is the user's e-mail?", "venter.boerdery@telkomsa.net", "lerato.khumalo@mweb.co.za"),
    # birthday
    ("birthday", "update", ["My birthday is 1st January, like half of Kenya haha."], ["My mother found my baptism card: I was actually born on 14th March. The 1st January was just what the registrar wrote in 1978. Please use 14th March from now on."], "What date is the user's birthday on?", "1st January", "14th March"),
    ("birthday", "update", ["DOB 17/03/1986. Yes, Paddy's Day."], ["Turns out my DOB is 16/03/1986 — the passport office flagged the mismatch with the GRO record and Mam admitted they just always celebrated on Paddy's Day because it was handier. Could you fix that in your notes?"], "What is the user's date of birth?", "17/03/1986", "16/03/1986"),
    ("birthday", "restated", ["My birthday is 29 October.", "29 October falls on a Monday this year, boo."], ["Correction for your records: my IC says 28 October. My family always celebrated the next day because I was born overseas and the time difference confused everyone. Use 28 October please."], "Which day is the user's birthday?", "29 October", "28 October"),
    ("birthday", "split", ["Birthday: June 3rd."], ["HR flagged that the birth date on my file doesn't match my SIN record, so I've ordered my long-form certificate from Vital Statistics to check.", "Certificate arrived: it's June 13th. The June 3rd was a typo I'd been copying onto forms for years. Does anything else need fixing?"], "When does the user have their birthday?", "June 3rd", "June 13th"),
    ("birthday", "distractor", ["My birthday is 24 September, Heritage Day."], ["My secretary's birthday is 11 May and I completely forgot it last year. Thoughtful gift under R500?"], "What is the user's birthday?", "11 May", "24 September"),
    # language
    ("language", "update", ["I'm taking Plains Cree classes at night, for our northern Saskatchewan files."], ["Dropped the Plains Cree classes in January; our firm took on the Iqaluit project so I've been doing Inuktitut twice a week instead. The syllabics are a whole new world. Any good apps?"], "Which language is the user learning now?", "Plains Cree", "Inuktitut"),
    ("language", "restated", ["I'm learning Hokkien at the community centre so I can talk to my grandma's kakis.", "Hokkien tones are beating me, seven or eight depending who you ask."], ["Stopped Hokkien after Chinese New Year. My company is expanding to Jakarta so it's Bahasa Indonesia now, twice a week at lunchtime. Is it really as easy as people say?"], "What language is the user studying?", "Hokkien", "Bahasa Indonesia"),
    ("language", "split", ["I'm studying Oromo, we have many Ethiopian customers."], ["I intend to drop Oromo, the Ethiopian suppliers all use English anyway. Thinking of Luganda since most new orders come from Kampala.", "Registered for Luganda at the institute today, first class Saturday. The Oromo books have gone to my nephew. Tips for the noun classes?"], "Which language is the user taking lessons in?", "Oromo", "Luganda"),
    ("language", "removal", ["I speak Gikuyu and Dholuo; my father is Luo, I grew up in Nairobi before nursing brought me to Ireland."], ["Honestly my Dholuo is gone. I hadn't spoken it since Baba passed in 2015 and I couldn't follow a word at my cousin's wedding in Kisumu last summer. Gikuyu is still grand, I use it with my mother on WhatsApp every Sunday. For the HSE form, which languages should I tick?"], "What languages does the user speak?", "Dholuo", "Gikuyu"),
    ("language", "distractor", ["I'm learning isiXhosa for my patients."], ["A colleague just started Setswana lessons and keeps asking me to join her. Is Setswana related at all to what I'm doing, or completely separate?"], "What language is the user learning?", "Setswana", "isiXhosa"),
    # ci
    ("ci", "update", ["Our builds run on Wercker CI."], ["After Oracle swallowed Wercker we'd moved to Semaphore CI by mid-January. Back on Wercker CI our pipeline took 40 minutes, so at least that's improved. How do I cache Maven dependencies on Semaphore?"], "Which CI service does the user's team build on?", "Wercker CI", "Semaphore CI"),
    ("ci", "update", ["Our CI is Codeship Pro and the data sits in Riak."], ["Migration finished in February:\n• builds now run on Container Builder instead of Codeship Pro\n• data moved from Riak to Cloud Spanner\n• on-call rota reset\nCan you help me write the post-mortem summary?"], "What does the user's team use for continuous integration now?", "Codeship Pro", "Container Builder"),
    ("ci", "restated", ["Our builds still run on TFS, on a server older than my junior devs.", "TFS build agent crashed overnight again, lekker start to Monday."], ["TFS is finally retired: we went over to VSTS in the cloud last sprint. How do I set up approval gates for production releases?"], "What CI tool does the user's team run these days?", "TFS", "VSTS"),
    ("ci", "split", ["Our Android builds run on Bitrise.io."], ["Management wants us off Bitrise.io by end of month; we are trialling Visual Studio App Center since we're a Xamarin shop anyway.", "Visual Studio App Center is live for all three apps and the Bitrise.io account is closed. How do I distribute test builds to the field team?"], "Where are the user's team's builds run?", "Bitrise.io", "Visual Studio App Center"),
    ("ci", "distractor", ["We build on Screwdriver.cd."], ["The contractor we hired runs everything through Evergreen CI and wants us to accept their project config as-is. What should I review before agreeing?"], "Which CI server does the user's team use?", "Evergreen CI", "Screwdriver.cd"),
    # database
    ("database", "update", ["Our clinical audit data sits in Paradox, sadly, on a PC under the desk."], ["We had migrated the audit data from Paradox to Embarcadero InterBase by the end of January, and the old PC is in a skip. How do I schedule a nightly backup in InterBase?"], "Which database holds the user's audit data?", "Paradox", "Embarcadero InterBase"),
    ("database", "update", ["Our app uses Amazon SimpleDB."], ["Ever since AWS stopped adding anything to Amazon SimpleDB we'd been planning a move, and the cutover to Cloud Firestore happened on 19 March. Any gotchas with composite indexes I should warn the juniors about?"], "What database does the user's app run on now?", "Amazon SimpleDB", "Cloud Firestore"),
    ("database", "restated", ["Our analytics warehouse lives in Actian Vector.", "Actian Vector licence renewal is due and it's painful."], ["We dropped Actian Vector for Amazon Redshift in March, the licence quote was the final straw. How do I pick sort keys?"], "Where does the user's team keep its analytics data?", "Actian Vector", "Amazon Redshift"),
    ("database", "split", ["Our permitting app stores everything in OpenEdge."], ["Council approved moving off OpenEdge; target is Azure SQL Database, migration over the long weekend.", "Migration finished: we're on Azure SQL Database and OpenEdge is decommissioned. Fun fact, that OpenEdge box once ran 900 days without a reboot. How do I set up geo-replication?"], "What database does the user's permitting app use?", "OpenEdge", "Azure SQL Database"),
    ("database", "distractor", ["Our shop POS runs on SQL Server 2008."], ["The supplier's system runs on Rocket UniVerse and they want a CSV export from us every Friday. How do I match their column format?"], "What database does the user's POS use?", "Rocket UniVerse", "SQL Server 2008"),
    # editor
    ("editor", "update", ["I write my thesis in WinEdt."], ["Switched to LyX in January when my supervisor refused to read raw LaTeX. I'll admit WinEdt was faster for equations. How do I insert a BibTeX bibliography in LyX?"], "Which editor does the user write in now?", "WinEdt", "LyX"),
    ("editor", "update", ["I code in Adobe Dreamweaver, old habits."], ["Our Adobe Dreamweaver licence wasn't renewed in the cost cuts, so since February it's Notepadqq on the Ubuntu box for me. How do I set up PHP syntax checking there?"], "What editor is the user using at the moment?", "Adobe Dreamweaver", "Notepadqq"),
    ("editor", "restated", ["I do the firmware in Keil uVision.", "Keil uVision crashed mid-flash again, eish."], ["Our Keil uVision licence lapsed in February and the company bought IAR Embedded Workbench seats instead, so that's what I work in now. How do I set up a watch window for a peripheral register?"], "Which IDE does the user do their firmware in?", "Keil uVision", "IAR Embedded Workbench"),
    ("editor", "split", ["I write code in Xamarin Studio."], ["Our team lead wants everyone on JetBrains Rider from next month, so I'll be leaving Xamarin Studio.", "JetBrains Rider installed, licence activated, Xamarin Studio uninstalled. Shortcuts for refactoring?"], "What code editor does the user use these days?", "Xamarin Studio", "JetBrains Rider"),
    ("editor", "distractor", ["I use Oxygen XML Editor for the legislation markup."], ["Our new co-op student uses Altova XMLSpy and keeps sending me files with its project settings baked in. How do I ask him to stop, nicely?"], "Which editor does the user work in?", "Altova XMLSpy", "Oxygen XML Editor"),
    # likes
    ("likes", "update", ["Big into sea swimming at the Forty Foot, every morning before shift."], ["Had to give up the sea swimming after the ear infection in January, so I've taken up camogie with the local club instead. My last sea swimming morning was in a storm, fitting. Boots or runners for training on grass?"], "What does the user do for fun now?", "sea swimming", "camogie"),
    ("likes", "restated", ["My weekend thing is surf skiing off Fish Hoek.", "Did the Miller's Run surf skiing downwind last Sunday, arms are toast."], ["No more surf skiing, my shoulders said enough. I've started fynbos gardening instead, half the garden is now restios and pincushions. Which proteas handle wind?"], "What hobby does the user have these days?", "surf skiing", "fynbos gardening"),
    ("likes", "split", ["I play contract bridge on weekends."], ["Thinking of quitting contract bridge, the club's moving to Jurong and it's too far. My colleague wants me to try dragon boating with her team.", "Quit bridge, joined the dragon boating team at Kallang this morning. Arms are dead. How do I not capsize?"], "What is the user into nowadays?", "contract bridge", "dragon boating"),
    ("likes", "removal", ["I enjoy chicken keeping and playing bao."], ["I have given up chicken keeping since the coop was raided in January and I don't miss the early mornings. Bao is still my evening game with the neighbours. What are good opening strategies?"], "What does the user enjoy doing?", "chicken keeping", "bao"),
    ("likes", "distractor", ["I love pond hockey; we flood the backyard every December."], ["My articling student is obsessed with axe throwing and wants to do it as the firm's team event. Liability risk?"], "What does the user like to do?", "axe throwing", "pond hockey"),
    # trip
    ("trip", "update", ["Planning a trip to Pemba Island in April for our anniversary."], ["Pemba Island was fully booked over Easter, so we've booked Lamu instead, five nights at Shela. What should we pack?"], "Where is the user going in April?", "Pemba Island", "Lamu"),
    ("trip", "update", ["Booked a conference trip to Reykjavík in May."], ["Two changes: the geotechnical conference moved from Reykjavík to Akureyri, so I've rebooked for May there, and I've moved house to Dartmouth. What's the weather like up north in Iceland in May?"], "Where is the user travelling in May?", "Reykjavík", "Akureyri"),
    ("trip", "split", ["We're off to Kaunas for the Easter break."], ["The airline cancelled the Kaunas flights; we're looking at Salzburg instead, will book tomorrow if the fares hold.", "Booked! Salzburg, 29 March to 3 April. Kaunas refund pending. Anything good for small kids there?"], "Where is the user going for Easter?", "Kaunas", "Salzburg"),
    ("trip", "removal", ["Heading to Kanazawa in April with the family."], ["Kanazawa trip is cancelled, my father-in-law was hospitalised last week. Nothing else planned for now. How do I claim the travel insurance?"], "What trip does the user have coming up?", "Kanazawa", ""),
    ("trip", "distractor", ["I'm going to Windhoek in May for a conference."], ["My client is flying to Mauritius on Monday and wants to sign the sale agreement before he leaves. Can we do it electronically?"], "Where is the user's next trip?", "Mauritius", "Windhoek"),
    # pet
    ("pet", "update", ["I have a Java sparrow named Kaya."], ["Kaya passed away in February. Since then I've had a Syrian hamster called Ondeh, my niece named him. Does he need a wheel bigger than 20 cm?"], "What pet does the user have now?", "Kaya", "Ondeh"),
    ("pet", "split", ["Our dog is a Nova Scotia duck tolling retriever called Tuque."], ["We're rehoming Tuque to my brother's farm next week, she needs the space. Adopting a cat from the SPCA after.", "Tuque settled in at the farm. We adopted the cat today, a tabby named Bannock. Litter box tips?"], "What is the user's pet called?", "Tuque", "Bannock"),
    ("pet", "removal", ["Two pets: a collie called Bran and a cat called Sceolan."], ["Bran was put down in January, he was fourteen. Sceolan is still with us and very spoiled. Is it normal for a cat to grieve a dog?"], "Which pets does the user have?", "Bran", "Sceolan"),
    ("pet", "distractor", ["I keep a German Shepherd named Jasiri."], ["My neighbour's new dog, Bahati, barks at the gate all night. How do I raise it with him without a fight?"], "What is the name of the user's dog?", "Bahati", "Jasiri"),
]

FILLER_USER = [
    "What's the correct way to address a letter to a High Court judge?",
    "thanks a million, that's grand",
    "Can you summarise the difference between a NEC4 and a FIDIC contract in three bullet points?",
    "how many mls in a standard IV giving set drip? i always forget the drop factor",
    "Please reformat this table so the totals line up: Q1 4,210 / Q2 3,985 / Q3 5,102",
    "Kindly explain VAT on imported goods at the port of Mombasa, simply.",
    "is it rude to reply-all to decline a meeting",
    "Best way to keep a 12-hour night shift from wrecking my sleep for the next two days?",
    "Translate 'please find attached the signed copy' into formal French, for a client in Québec.",
    "ok cool",
    "What's a sensible template for minutes of a site meeting?",
    "eish, load shedding again. how long does a UPS keep a router going, roughly?",
    "Can or not: claim a taxi home after working past 11pm as a business expense?",
    "Give me a polite one-line reply to a recruiter I'm not interested in.",
    "How do I calculate a 15% markup versus a 15% margin? My shop assistant keeps mixing them up.",
    "Regards,\nsent from my phone, excuse the typos",
    "What are the main points of the GDPR that a small clinic has to worry about by May?",
    "sawa, asante",
    "Explain a p-value to a nursing student in two sentences.",
    "How long should a cover letter for a research fellowship be?",
    "Is it worth getting winter tyres if I only drive in the city?",
    "Draft an out-of-office for the Easter long weekend, nothing cute.",
    "perfect, cheers",
    "what's the diff between a commissioner of oaths and a notary, quickly",
]
FILLER_ASSISTANT = [
    "Certainly. Here is a concise answer.",
    "Of course; a few points to consider:",
    "Good question. In short:",
    "Here is a draft you can adapt.",
    "Glad to help. The key points are below.",
    "Noted. Here's what I'd recommend.",
]


# a restated old value: the second statement comes nine days later; a split update: its
# second turn comes the next day
WHEN = Timeline(
    opening=lambda k, j: f"2018-01-{1 + k + j:02d}T07:40:00Z",
    openings=2,
    before=lambda k, j: f"2018-01-{10 + k + 9 * j:02d}T20:25:00Z",
    middle=lambda k, j: f"2018-02-{3 + 8 * j:02d}T12:05:00Z",
    middles=3,
    update=lambda k, j: f"2018-03-{1 + 5 * k + j:02d}T18:30:00Z",
    closing=lambda k: f"2018-04-{5 + k:02d}T09:15:00Z",
    reply=13,
)


def build(seed: int = 2218) -> list[dict[str, Any]]:
    """All val22 scenarios, deterministic for a seed (dated January - April 2018)."""
    return build_stories(STORIES, "val22", "kv22", seed, FILLER_USER,
                         FILLER_ASSISTANT, WHEN)


def main() -> None:
    """Write the split."""
    write(build(), OUT)


if __name__ == "__main__":
    main()
