# ruff: noqa: E501  (hand-written data: one story per line reads best)
"""Writes ``knowledge_val14.jsonl``: a fourteenth held-out split of the knowledge-update set.

Written in round 12, before any code change of that round, by someone who never
read ``src/`` (``"split": "val14"``): an outside evaluator's set, measured only at
the start and the end of the round, never looked at while tuning. Its people write
formally or semi-formally: e-mail drafts, LinkedIn posts, letters and templates
pasted in for proofreading; bullet lists and status notes ("Status: - relocated to
X as of 1 Dec - ..."); long paragraphs where the personal fact is one clause in
the middle; passive voice ("was transferred to", "was written off", "was made
redundant"); nominalised changes ("following my relocation to", "following my
promotion to"); updates said as corrections of the assistant ("no, that's out of
date, ..."); the old value negated first and the new one given later in the same
turn; hedged but real updates ("I think I'm finally settled in ..."); the old
value retired in one turn and the new one named in a later turn (the split
stories); and ownership traps: a colleague's, client's, relative's or vendor's
value in the same paragraph, quoted messages from others, and templates with
placeholders. Values and filler are new; the timeline (November 2019 – February
2020) is no other split's.
18 slots, 88 stories (4 or 5 a slot): 24 update, 18 split, 17 restated,
11 removal, 18 distractor.

Kinds (``"kind"``): ``update`` (``old`` -> ``new``), ``split`` (the update over
two user turns a day apart), ``restated`` (``old`` said twice, nine days apart,
before the update), ``removal`` (``old`` ends, ``new`` remains or "" when
nothing does), ``distractor`` (``new`` is the user's and stays; ``old`` is a
third party's, said later). In the multi-valued slots (allergy, pet, likes,
language) an update's ``old`` is the value that ended and ``new`` the one that
took its place; a removal's ``new`` is what is left.

    python bench/data/make_knowledge_val14.py   # rewrites the .jsonl next to it
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _knowledge_writer import Story, Timeline, build_stories, write

OUT = Path(__file__).with_name("knowledge_val14.jsonl")

# (slot, kind, earlier user statements, update turns, question, old, new)
STORIES: list[Story] = [
    # home
    ("home", "update", ["I'm based in Leicester, for context on the commute question I asked last time."], ["Can you turn these notes into a tidy paragraph for my records?\n\nStatus:\n- relocated to Aberystwyth as of 1 Dec\n- lease on the previous flat surrendered, deposit returned\n- new desk at the university library, second floor"], "Where does the user live now?", "Leicester", "Aberystwyth"),
    ("home", "split", ["Our household is in Tampere, Finland, so please keep all measurements metric."], ["No, that's out of date. We are not in Tampere any longer; the removal van came on Saturday and the keys were handed back yesterday.", "To complete yesterday's message: the new house is in Kuopio, about ten minutes from my wife's parents. Post is still being forwarded for a month."], "Which city is the user's household in at present?", "Tampere", "Kuopio"),
    ("home", "restated", ["I live in Mechelen.", "Re: the bicycle repair shops, anything near the centre of Mechelen will do."], ["Following my relocation to Zwolle for the water board contract, I am required to register my new address with the municipality. Could you draft a short, formal e-mail requesting an appointment at the town hall?"], "In which city does the user currently reside?", "Mechelen", "Zwolle"),
    ("home", "distractor", ["I'm writing from Launceston; it is my home base and I've no plans to leave."], ["Please proofread the following before I send it:\n\n'Dear Ms Okafor, thank you for your letter of 3 January. I note that you have recently moved to Darwin and will update our client file accordingly. Kind regards.'\n\nMs Okafor is one of my clients, for context."], "Where is the user's home?", "Darwin", "Launceston"),
    ("home", "update", ["Home is Saskatoon, which is relevant to the winter tyre question."], ["It has been a long autumn. The boxes are mostly unpacked, the children have started at their new school, the car needed a new battery the week we arrived, and I think I'm finally settled in Kelowna, although the neighbours' dog would disagree. In any case: which shrubs tolerate an Okanagan winter?"], "Which city does the user call home these days?", "Saskatoon", "Kelowna"),
    # employer
    ("employer", "update", ["I work at Rathbone Instruments as a test engineer."], ["Please make this LinkedIn announcement sound less stiff: 'After six rewarding years at Rathbone Instruments, I am pleased to share that I have joined Quillfeather Analytics as of this month, where I will be leading hardware validation.'"], "Who is the user employed by now?", "Rathbone Instruments", "Quillfeather Analytics"),
    ("employer", "removal", ["My employer is Dunmore Freight, for what it's worth."], ["Dear all, as some of you already know, my position at Dunmore Freight was made redundant with effect from 15 January. I intend to take a few months off before looking for the next role, and I would be grateful for any introductions in the spring.\n\n(That is the note I'm sending to friends. Does it read well?)"], "Where does the user work?", "Dunmore Freight", ""),
    ("employer", "distractor", ["I'm employed by Gundersen Marine, in the naval architecture group."], ["Forwarding a colleague's message so you can help me reply:\n\n> Hi all, quick news: I've accepted an offer from Tessellate Robotics and my last day here is the 31st. Thanks for everything!\n\nHow do I congratulate him warmly without sounding envious?"], "Which company employs the user?", "Tessellate Robotics", "Gundersen Marine"),
    ("employer", "split", ["I'm at Brightwater Credit Union, in the compliance team."], ["Handed in my notice at Brightwater Credit Union this afternoon. Three weeks of handover and then I am out.", "Contract signed this morning: I'll be joining Kestrelvane Consulting on the 3rd, in their regulatory practice."], "What organisation is the user working for now?", "Brightwater Credit Union", "Kestrelvane Consulting"),
    ("employer", "restated", ["I work for Ostrander Biologics.", "Ostrander Biologics has a strict policy on personal devices, so please bear that in mind for the phone question."], ["I was transferred to Ostrander's sister company, Pellucid Diagnostics, with effect from 6 January; my contract is now held by Pellucid Diagnostics rather than Ostrander Biologics. What clauses should I check in the new contract?"], "Whose payroll is the user on at the moment?", "Ostrander Biologics", "Pellucid Diagnostics"),
    # job title
    ("job_title", "update", ["My title is Senior Firmware Engineer."], ["Following my promotion to Principal Firmware Engineer, I am expected to write considerably more design documents. Could you suggest a template with sections for rationale and rejected alternatives?"], "What is the user's job title now?", "Senior Firmware Engineer", "Principal Firmware Engineer"),
    ("job_title", "distractor", ["I'm the Chief Estimator at a mid-sized contractor."], ["Template for the org chart, please fix the formatting only:\n\nName: [NAME]\nTitle: Assistant Quantity Surveyor\nReports to: [MANAGER]\nStart date: [DATE]\n\nIt's for the new hire joining my team on Monday."], "What is the user's title?", "Assistant Quantity Surveyor", "Chief Estimator"),
    ("job_title", "split", ["I'm a Clinical Research Associate."], ["Quick correction to what I told you before: I no longer work as a Clinical Research Associate. The role was restructured in December.", "The paperwork came through today, so officially my title is Trial Operations Manager now."], "What role does the user hold at present?", "Clinical Research Associate", "Trial Operations Manager"),
    ("job_title", "restated", ["I'm a Junior Cartographer at the survey office.", "As a Junior Cartographer I mostly do QA on other people's maps."], ["Long story, but: the survey office was reorganised, half the team left in November, and after a fairly gruelling panel interview I was appointed GIS Team Lead. I start managing two people on Monday. How should I run a first one-to-one?"], "What is the user's position at the survey office now?", "Junior Cartographer", "GIS Team Lead"),
    ("job_title", "update", ["job title: Payroll Administrator"], ["no, that's out of date, I'm Payroll and Benefits Supervisor now. Can you rewrite my email signature to reflect that?"], "What does the user's job title say these days?", "Payroll Administrator", "Payroll and Benefits Supervisor"),
    # manager
    ("manager", "update", ["My manager is Imogen Thackeray."], ["Could you make this into a short Slack message for my team?\n\nStatus:\n- reorg complete\n- I now report to Desmond Vanterpool\n- 1:1s moved to Thursdays\n- no change to on-call"], "Who does the user report to now?", "Imogen Thackeray", "Desmond Vanterpool"),
    ("manager", "distractor", ["I report to Priyanka Venkatraman."], ["My colleague Tomasz says his new boss, Gerald Fenwick-Hale, keeps scheduling calls at 7am. Is that normal, in your view? Priyanka has never once done that to me."], "Who is the user's manager?", "Gerald Fenwick-Hale", "Priyanka Venkatraman"),
    ("manager", "removal", ["My line manager is Cornelius Abara."], ["Cornelius Abara left the company on Friday and the position has not been backfilled; for the time being nobody is formally managing me. What should I do about my annual review?"], "Who is the user's line manager?", "Cornelius Abara", ""),
    ("manager", "split", ["I report to Helga Sørbye."], ["Helga Sørbye has been moved over to the Stavanger office, so she is no longer my manager as of this week.", "It has now been confirmed that my new line manager will be Faisal Qureshi-Dunn, starting Monday."], "Who manages the user at present?", "Helga Sørbye", "Faisal Qureshi-Dunn"),
    ("manager", "restated", ["my boss is Lorraine Whitcombe", "Lorraine Whitcombe wants the variance report by Friday"], ["Please tighten this reply to HR: 'Thank you for confirming the change in my reporting line. I acknowledge that, effective 2 January, I report to Mr Obinna Castellanos rather than to Ms Lorraine Whitcombe.'"], "Whom does the user report to these days?", "Lorraine Whitcombe", "Obinna Castellanos"),
    # diet
    ("diet", "update", ["I'm on the Dukan diet."], ["I was on the Dukan diet for years, but my gastroenterologist put me on the GAPS diet in December and that is what I follow now, strictly. Could you suggest a few breakfasts?"], "What diet is the user on now?", "Dukan diet", "GAPS diet"),
    ("diet", "distractor", ["I'm pollotarian, so chicken is fine but no red meat or pork."], ["My father-in-law has gone on the Optavia plan, little packaged 'fuelings' five times a day. I'm hosting Sunday lunch for him and my sister. What is one main course that works for him and a side that works for me?"], "How does the user eat?", "Optavia plan", "pollotarian"),
    ("diet", "split", ["I follow a Nordic diet for my heart."], ["So that your suggestions are accurate: the Nordic diet is over for me, the cholesterol numbers did not move at all.", "The dietitian has put me on the Portfolio diet instead: oats, soy, nuts and plant sterols. Please draft a shopping list."], "Which diet is the user following now?", "Nordic diet", "Portfolio diet"),
    ("diet", "restated", ["I follow the slow-carb diet.", "Still on slow-carb, so no bread in the suggestions, please."], ["Draft, please make it more polite: 'Dear Dr Mbeki, following our appointment I have stopped the slow-carb regimen and switched to the TLC diet as you recommended. Could you confirm the daily sodium target?'"], "What eating plan does the user follow these days?", "slow-carb", "TLC diet"),
    ("diet", "update", ["I'm doing the Scarsdale diet, for the record."], ["The holidays were chaotic: my brother's flight was cancelled, the oven broke on the 24th, and somewhere in the middle of all that I gave up on the Scarsdale diet and switched to Volumetrics, which is what I have been doing since New Year. My mother is appalled. Any high-protein lunch ideas?"], "What is the user's diet at present?", "Scarsdale diet", "Volumetrics"),
    # allergy
    ("allergy", "update", ["I'm allergic to fenugreek."], ["The allergist's results are in: the fenugreek allergy was a false positive, but I am allergic to psyllium, which apparently turns up in some gluten-free flours. Which brands should I avoid?"], "What is the user allergic to?", "fenugreek", "psyllium"),
    ("allergy", "removal", ["Allergies: bacitracin, chia seeds."], ["Following the oral food challenge in January, chia seeds have been cleared; I tolerated the full dose without any reaction. The bacitracin one stays, of course. Could you suggest a chia pudding recipe?"], "What allergies does the user have now?", "chia seeds", "bacitracin"),
    ("allergy", "distractor", ["I have a kiwifruit allergy."], ["Menu check for the team lunch. Attendees' notes:\n- Marcus: allergic to caraway\n- Anjali: no restrictions\n- me: the usual\nWhat can the caterer reasonably do?"], "Which allergy does the user have?", "caraway", "kiwifruit"),
    ("allergy", "split", ["I'm allergic to sulphites."], ["The patch test came back and sulphites are negative after all, so please scratch that one off.", "The dermatologist rang today: the real culprit is carmine, the red dye. That is the allergy I actually have, and apparently it's in half my lipsticks."], "What is the user allergic to now?", "sulphites", "carmine"),
    ("allergy", "restated", ["allergic to chamomile", "remember the chamomile allergy when you recommend teas"], ["Re teas: the allergy has been reassessed. It is mugwort that I react to; the chamomile reaction was only cross-reactivity, and I have been told I can drink chamomile again in moderation. Please keep that in mind."], "Which allergy should be kept in mind for the user?", "chamomile", "mugwort"),
    # partner
    ("partner", "update", ["My partner, Ottoline, is a veterinarian."], ["Ottoline and I separated in November. I have been seeing someone new since December, her name is Perpetua, and she is coming to my work party. What is the etiquette on introductions?"], "Who is the user's partner now?", "Ottoline", "Perpetua"),
    ("partner", "removal", ["My husband Ignatius handles the household finances."], ["Please help me write a formal letter to the bank. Context: the divorce from Ignatius was finalised on 9 January and I need the joint account closed. I'm not with anyone at the moment, so it should be my name only on everything."], "Who is the user's partner?", "Ignatius", ""),
    ("partner", "distractor", ["My wife is called Theodora."], ["My best friend just messaged: 'Engaged!!! Evander proposed on the ferry!' Help me write a congratulations card for her, something Theodora and I can both sign."], "What is the name of the user's spouse?", "Evander", "Theodora"),
    ("partner", "split", ["I live with my boyfriend, Fitzroy."], ["Fitzroy moved out last week. It was mutual, mostly.", "Small news: I've started seeing Thaddeus, a man from my climbing gym. We have been officially together since yesterday."], "Who is the user seeing now?", "Fitzroy", "Thaddeus"),
    ("partner", "restated", ["my fiancée Genoveva is an architect", "Genoveva is choosing the wedding venue"], ["The engagement to Genoveva was called off in December, and after a while I met Euphemia through friends; we have been together for a few weeks now. Can you suggest a low-key Valentine's plan?"], "Who is the user in a relationship with these days?", "Genoveva", "Euphemia"),
    # pet
    ("pet", "update", ["I have a cat named Pimpernel."], ["Pimpernel was put to sleep at the end of November; she was nineteen. In January we adopted a rescue greyhound, Thistledown. Any advice for a retired racer living in a flat?"], "What pet does the user have now?", "Pimpernel", "Thistledown"),
    ("pet", "removal", ["We have two rabbits, Marzipan and Quibble."], ["Sad update: Quibble passed away over Christmas. Marzipan seems lonely. Should we find her a companion, or is one rabbit fine on its own?"], "Which pets does the user have?", "Quibble", "Marzipan"),
    ("pet", "distractor", ["My dog is a beagle named Horatio."], ["Pasting a neighbour's note that came through the door: 'Lost: tabby cat, answers to Pumpernickel, please call if seen.' Should I share it in the local group?"], "What is the name of the user's pet?", "Pumpernickel", "Horatio"),
    ("pet", "split", ["I keep a bearded dragon called Ptolemy."], ["Ptolemy has been rehomed with a reptile sanctuary; we could not give him the heat set-up he needed.", "The vivarium has been replaced by a small aquarium: a single betta fish named Sardonyx. How often should he be fed?"], "What animal does the user keep at the moment?", "Ptolemy", "Sardonyx"),
    # vehicle
    ("vehicle", "update", ["I drive a Skoda Yeti."], ["The Skoda Yeti was written off after someone rear-ended me on the ring road. The insurer paid out and I have since bought a used Suzuki Jimny. What should I ask about at its first service?"], "What car does the user drive now?", "Skoda Yeti", "Suzuki Jimny"),
    ("vehicle", "removal", ["I commute in a Vauxhall Zafira."], ["Can you turn this into a formal e-mail to my insurance broker?\n\nStatus:\n- Vauxhall Zafira sold on 12 Jan\n- no replacement, cycling and train from now on\n- please cancel the motor policy"], "What vehicle does the user have?", "Vauxhall Zafira", ""),
    ("vehicle", "distractor", ["I drive a Mazda CX-30."], ["A client of mine drives a Lancia Ypsilon and wants to know whether it can tow a small box trailer. I said I would look it up. Can it?"], "Which car does the user drive?", "Lancia Ypsilon", "Mazda CX-30"),
    ("vehicle", "split", ["My car is a Peugeot 2008, on lease."], ["The Peugeot 2008 went back to the lease company today; the contract has ended.", "Collected the replacement lease this afternoon, a BMW i3. First electric car, so is there any charging etiquette I should know?"], "What is the user driving these days?", "Peugeot 2008", "BMW i3"),
    ("vehicle", "restated", ["I ride a Triumph Bonneville to work.", "the Triumph Bonneville needs new tyres before winter"], ["No, I don't ride the Bonneville any more; I'm on a Royal Enfield Interceptor now, traded in before Christmas. Does it need a different tyre pressure?"], "What does the user ride to work now?", "Triumph Bonneville", "Royal Enfield Interceptor"),
    # phone
    ("phone", "update", ["My mobile is +44 7911 602418."], ["Please update your notes: my number has changed to +44 7911 653907. The old one is disconnected."], "What is the user's mobile number now?", "+44 7911 602418", "+44 7911 653907"),
    ("phone", "distractor", ["my cell is (415) 555-0178"], ["Draft a reply to this vendor e-mail, please:\n\n> For urgent issues, please contact our support line at (628) 555-0124.\n\nI want to ask whether they have weekend hours."], "What is the user's phone number?", "(628) 555-0124", "(415) 555-0178"),
    ("phone", "split", ["You can reach me on 0412 558 381."], ["The 0412 558 381 number is being cancelled this week; I'm moving off that plan.", "New SIM is active. The number is 0433 571 907, please use that for the reminder texts."], "On what number can the user be reached now?", "0412 558 381", "0433 571 907"),
    ("phone", "restated", ["My phone number is 06 41 87 22 93.", "Reminder: 06 41 87 22 93 is the number on file with the school."], ["My signature block, please fix the formatting:\n\nÉlodie Marchand\nResponsable logistique\nTél. : 07 58 13 40 26 (nouveau numéro depuis janvier)"], "What is the user's telephone number at present?", "06 41 87 22 93", "07 58 13 40 26"),
    ("phone", "update", ["work phone: 030 5557 2210"], ["Following the office move, the landline 030 5557 2210 has been retired; my direct line is now 030 5557 4862. Please use it in the out-of-office text you drafted."], "What is the user's work phone number?", "030 5557 2210", "030 5557 4862"),
    # email
    ("email", "update", ["My email is t.nwachukwu@fernhollow.net."], ["No, that's out of date: the fernhollow address was shut down along with my old job. Use tobi.nwachukwu@larchmail.com, please."], "What is the user's e-mail address?", "t.nwachukwu@fernhollow.net", "tobi.nwachukwu@larchmail.com"),
    ("email", "distractor", ["Reach me at m.delacroix-hart@pm.me"], ["Template for my assistant to send, please check the grammar:\n\n'Dear [CLIENT NAME], please send the signed forms to my colleague at j.valadares@stonebridgelaw.com, who is handling the conveyancing from here.'"], "Which e-mail address does the user use?", "j.valadares@stonebridgelaw.com", "m.delacroix-hart@pm.me"),
    ("email", "split", ["email: lena.brandvold@gmail.com"], ["I'm closing the lena.brandvold@gmail.com account, there's far too much spam on it.", "Done. The new address is lbrandvold@fastmail.fm; please use that in the draft."], "What is the user's current e-mail?", "lena.brandvold@gmail.com", "lbrandvold@fastmail.fm"),
    ("email", "restated", ["my email's quentin.ash@outlook.com", "send it to quentin.ash@outlook.com when you're done"], ["Can you write a short notice to friends from this?\n\nStatus:\n- personal mail migrated to quentin@ashwell.family\n- Outlook forwarding kept for 30 days, then the account is deleted"], "Where should e-mail for the user go now?", "quentin.ash@outlook.com", "quentin@ashwell.family"),
    ("email", "update", ["Work email is rpatel@corvidsys.io"], ["Thank you for the help with the slides last week; they went over well with the board. Unrelated: IT migrated everyone to the new domain after the rebrand, so my address is now rpatel@corvidsystems.com and the old one bounces. Could you also suggest a good closing line for the deck?"], "What is the user's work e-mail address now?", "rpatel@corvidsys.io", "rpatel@corvidsystems.com"),
    # birthday
    ("birthday", "update", ["my birthday's the 9th of July"], ["Sorry, a typo earlier: not the 9th of July. My birthday is the 6th of July. Please correct your note."], "When is the user's birthday?", "9th of July", "6th of July"),
    ("birthday", "distractor", ["I was born on 28/04/1986."], ["Office admin question: I'm organising the team's cards and my manager Heather's birthday is 19 September. Is it odd to sort it out this early? Also, how do I set an annual reminder in Outlook?"], "What is the user's date of birth?", "19 September", "28/04/1986"),
    ("birthday", "split", ["Birthday: 1990-02-23"], ["About the birthday I gave you: 1990-02-23 is wrong. That's the date on my old passport, which had a typo.", "Corrected date, from the registry office extract: 1990-02-26."], "What is the user's birth date?", "1990-02-23", "1990-02-26"),
    ("birthday", "restated", ["my bday is Nov 30", "Nov 30 is coming up and I'm turning 40"], ["Funny thing: Mum dug out my birth certificate and I was born at ten past midnight, so my birthday is actually Dec 1, not the day I've always celebrated. I'm changing it everywhere."], "On which day is the user's birthday?", "Nov 30", "Dec 1"),
    # language
    ("language", "update", ["I'm learning Faroese on the side."], ["I have paused the Faroese for good; there are too few speakers near me. Since January I have been doing Breton instead, two evenings a week. Could you quiz me on numbers?"], "Which language is the user learning now?", "Faroese", "Breton"),
    ("language", "removal", ["I speak Ilocano and Estonian."], ["I should stop claiming Estonian on my CV, honestly; I have lost nearly all of it since my grandmother died. Ilocano I still use every day. Can you rewrite the languages section accordingly?"], "What languages does the user speak?", "Estonian", "Ilocano"),
    ("language", "distractor", ["I'm studying Georgian."], ["My flatmate has started learning Basque and keeps labelling everything in the kitchen. Is Basque related to any other language?"], "Which language is the user studying?", "Basque", "Georgian"),
    ("language", "split", ["I'm taking Tigrinya classes at the adult education centre."], ["Withdrew from the Tigrinya course today; the timetable clashed with work.", "Enrolled in the Thursday Amharic class at the community college instead. First session next week."], "What language class is the user taking now?", "Tigrinya", "Amharic"),
    ("language", "restated", ["language I'm learning: Galician", "Galician lesson tonight, wish me luck"], ["Please draft an e-mail to my tutor: 'Dear Uxía, after careful thought I have decided to discontinue my Galician lessons and concentrate on Lithuanian, which I will need for the Vilnius posting. Thank you for a wonderful year.'"], "Which language is the user concentrating on at present?", "Galician", "Lithuanian"),
    # ci
    ("ci", "update", ["Our pipelines run on Wercker."], ["Status note for the engineering weekly, please make it read less like a ransom note:\n- Wercker agents decommissioned Fri\n- all repos now build on Buddy.Works\n- flaky test list attached"], "What CI does the user's team use now?", "Wercker", "Buddy.Works"),
    ("ci", "removal", ["we use Codeship for the monorepo"], ["Following the decision at the architecture review, Codeship has been switched off and not replaced; releases are cut by hand from a tagged build until budget is approved. Can you write a checklist for the manual release?"], "Which CI system does the user's team run?", "Codeship", ""),
    ("ci", "distractor", ["Our CI is CruiseControl."], ["The vendor we are integrating with wrote: 'Our builds run on Appcircle, so we can share artefacts from there.' Do we need to change anything on our side to consume them?"], "What CI server does the user's team use?", "Appcircle", "CruiseControl"),
    ("ci", "split", ["CI: Strider CD, self-hosted."], ["We're not on Strider CD any more; the server died over the holidays and nobody wanted to resurrect it.", "Following up on yesterday: the replacement is Screwdriver CD, running on the same box. Could you show me a minimal pipeline file?"], "Where does the user's CI run these days?", "Strider CD", "Screwdriver CD"),
    ("ci", "restated", ["We're on Shippable.", "Shippable queue times are awful this week"], ["I think we're finally done migrating: every repo builds on Team Foundation Server as of this morning, and the old Shippable config files were deleted. Any gotchas with caching?"], "Which CI service builds the user's repositories now?", "Shippable", "Team Foundation Server"),
    # database
    ("database", "update", ["Our main datastore is Aerospike."], ["The quarterly review was mostly about headcount, which I won't bore you with, but the one decision that matters for me is that Aerospike is being retired; everything was migrated to VoltDB over the weekend and the cut-over went surprisingly smoothly, apart from one sequence. Anyway, can you explain what a tablet split is?"], "What database does the user's team use now?", "Aerospike", "VoltDB"),
    ("database", "distractor", ["We store everything in Percona Server."], ["Our client's team uses Sybase ASE for their warehouse system and wants us to read from it nightly. What is the easiest connector from Python?"], "Which database does the user's team store its data in?", "Sybase ASE", "Percona Server"),
    ("database", "split", ["The app's database is OrientDB."], ["OrientDB is out; the decision was taken at Friday's architecture meeting.", "It will be FaunaDB going forward. The migration scripts were merged today."], "What database does the user's app run on now?", "OrientDB", "FaunaDB"),
    ("database", "restated", ["we use Informix", "Informix licence renewal is due in the spring"], ["No, that's outdated: the Informix instance was decommissioned in December. We're on Netezza now, same vendor, different product. How do I list tables in Netezza?"], "Which database does the user work with at present?", "Informix", "Netezza"),
    ("database", "removal", ["Our product uses JanusGraph for the recommendation graph."], ["Status:\n- JanusGraph removed from the stack\n- recommendations now precomputed nightly into flat files\n- no database of any kind behind that service any more\nPlease turn this into release notes."], "What database backs the user's recommendation service?", "JanusGraph", ""),
    # editor
    ("editor", "update", ["I write code in Komodo Edit."], ["Following the laptop refresh, Komodo Edit is no longer installed; IT only supports gedit on the new Linux image, so that is my editor now. What is the shortcut for multi-cursor editing?"], "What editor does the user code in now?", "Komodo Edit", "gedit"),
    ("editor", "distractor", ["My editor is CotEditor."], ["Our contractor insists on UltraEdit and sends me files with CRLF line endings. How do I normalise them on my side?"], "Which text editor does the user use?", "UltraEdit", "CotEditor"),
    ("editor", "split", ["I use Light Table for front-end work."], ["Light Table keeps crashing on anything larger than a few thousand lines, so I've uninstalled it.", "Moved to PhpStorm this week; the company pays for the licence. How do I turn off the spell checker?"], "What does the user use for front-end work now?", "Light Table", "PhpStorm"),
    ("editor", "restated", ["I use jEdit", "jEdit plugins are my secret weapon"], ["I was persuaded by the team to move from jEdit to KDevelop; it has been three weeks and I'm not going back. How do I set the tab width?"], "Which editor is the user using these days?", "jEdit", "KDevelop"),
    ("editor", "update", ["editor: Rodeo (data science work)"], ["no, that's out of date. I use RKWard now, the whole lab switched to R in January. Is there a variable explorer like the one I had before?"], "What is the user's editor at present?", "Rodeo", "RKWard"),
    # likes
    ("likes", "update", ["Orienteering is my main hobby."], ["My knee surgery has put an end to orienteering, I'm afraid. I have taken up lino printing instead and am enjoying it far more than I expected. Which ink is best for beginners?"], "What hobby does the user enjoy now?", "orienteering", "lino printing"),
    ("likes", "removal", ["I'm into handbell ringing and marquetry."], ["I have resigned from the handbell ringing group; the Tuesday practices no longer fit. I'm still doing marquetry most evenings. Where can I buy veneer offcuts?"], "What are the user's hobbies?", "handbell ringing", "marquetry"),
    ("likes", "distractor", ["I really like croquet; I play at the club every Saturday."], ["My uncle is obsessed with falconry now and wants me to come along to a display. What should I expect?"], "What does the user enjoy doing?", "falconry", "croquet"),
    ("likes", "split", ["I enjoy geocaching on Sundays."], ["I've lost interest in geocaching; every cache within twenty miles has been found.", "What I'm loving now is kintsugi. I started a class last week. Which gold powder is food-safe?"], "What is the user into these days?", "geocaching", "kintsugi"),
    ("likes", "restated", ["fly tying is how I switch off", "tied three flies last night, fly tying is so calming"], ["Hard to explain, but fly tying stopped being fun after the fishing trip was cancelled. My evenings now go to letterpress printing; I bought a tabletop Adana press. Where do I get type?"], "What pastime does the user enjoy now?", "fly tying", "letterpress printing"),
    # trip
    ("trip", "update", ["Planning a February trip to Mostar."], ["Itinerary, please check:\n\nTrip: Yerevan (replacing Mostar, flights were cheaper)\nDates: 14-19 Feb\nHotel: TBC\n\nWhat is the weather like then?"], "Where is the user travelling in February?", "Mostar", "Yerevan"),
    ("trip", "removal", ["We have a trip to Luang Prabang booked for February."], ["Please make this firmer: 'Dear Tom, I regret to inform you that our February trip to Luang Prabang has been cancelled due to my mother's illness, and we will not be rebooking this year. Could you kindly arrange the refund?'"], "What trip does the user have coming up?", "Luang Prabang", ""),
    ("trip", "distractor", ["Booked Montevideo for the end of February."], ["My boss is off to Plovdiv for a conference next month and asked me to draft her travel memo. Please produce a template with placeholders for [HOTEL] and [FLIGHT]."], "Where is the user going at the end of February?", "Plovdiv", "Montevideo"),
    ("trip", "split", ["Next trip: Matera, in February."], ["Matera is off; the airline cancelled the route.", "Rebooked: we are now going to Kotor, same dates. What is the ferry situation there?"], "Where is the user's next trip?", "Matera", "Kotor"),
    ("trip", "restated", ["going to Oaxaca in February", "for Oaxaca, what should I pack"], ["Please tidy this update for the family group chat: 'FYI, our Oaxaca trip has changed. We now fly to Valparaíso on 8 Feb, same budget. Dad is still going to Oaxaca with his walking club, though.'"], "What is the user's February destination?", "Oaxaca", "Valparaíso"),
]

FILLER_USER = [
    "What is the correct way to address a letter to a circuit judge?",
    'Is "per se" italicised in formal writing?',
    "Please convert 72 degrees Fahrenheit to Celsius.",
    "Thank you, that will do nicely.",
    "What is a courteous way to decline a meeting invitation?",
    "Could you explain what a Gantt chart is used for?",
    'Is a semicolon appropriate before "however"?',
    "How do I wrap text inside a spreadsheet cell?",
    "Noted, many thanks.",
    'What is the difference between "ensure" and "insure"?',
    "Kindly summarise the main points of GDPR in five bullets.",
    "How many working days are there in February 2020?",
]
FILLER_ASSISTANT = [
    "Certainly; please see below.",
    "Of course. Here is a draft.",
    "Understood. A few points follow.",
    "Noted. Here is my suggestion.",
    "Good question; in brief:",
]


# a restated old value: the second statement comes nine days later; a split update: its
# second turn comes the next day
WHEN = Timeline(
    opening=lambda k, j: f"2019-11-{1 + k + j:02d}T09:15:00Z",
    openings=2,
    before=lambda k, j: f"2019-11-{8 + k + 9 * j:02d}T17:40:00Z",
    middle=lambda k, j: f"2019-12-{3 + 8 * j:02d}T11:20:00Z",
    middles=3,
    update=lambda k, j: f"2020-01-{2 + 5 * k + j:02d}T16:25:00Z",
    closing=lambda k: f"2020-02-{3 + k:02d}T10:05:00Z",
    reply=14,
)


def build(seed: int = 1414) -> list[dict[str, Any]]:
    """All val14 scenarios, deterministic for a seed (dated November 2019 – February 2020)."""
    return build_stories(STORIES, "val14", "kv14", seed, FILLER_USER,
                         FILLER_ASSISTANT, WHEN)


def main() -> None:
    """Write the split."""
    write(build(), OUT)


if __name__ == "__main__":
    main()
