# ruff: noqa: E501  (hand-written data: one story per line reads best)
"""Writes ``knowledge_val26.jsonl``: a twenty-sixth held-out split of the knowledge-update set.

Written in round 17 by an outside evaluator who never read ``src/``
(``"split": "val26"``). Each story is phrased with its own sentence shape. Its
people are busy professionals (lawyers, architects, researchers, consultants,
civil servants) in Sweden, South Korea, Egypt, Argentina, South Africa and the
Netherlands who paste things into the chat (bits of e-mails, meeting notes,
bullet lists, calendar entries, letters forwarded from HR, a landlord or a
registry) and add a line of their own. What is hard: formal and passive phrasing
("the relocation has been finalised", "effective 1 March I report to ...",
"the position of ... is abolished"); the change told inside the pasted text
and only confirmed by the user's own line, or told through its consequences
(a new domicilio on the DNI, a new letterhead, a tracker company); British and
American spelling mixed with Swedish, Korean, Arabic, Spanish, Afrikaans and
Dutch words ("sambo", "팀장", "khul'", "escribano", "werkloos", "lekker");
lists of several changes at once where only one item is the story's slot;
corrections of a birthday (a late Korean registration, a Skatteverket clerical
error) and of an allergy after a test; removals said formally ("your employment
ends on", "the post has been frozen", "the khul' was finalised"); and
colleagues' and clients' values as traps: a team lead's move, a client's new
manager, a colleague's diet, CI tool, editor or trip, a landlord's number, a
client's procurement address or birthday, a sister's boyfriend, a neighbour's dog.
Values and filler are new; the timeline (January – April 2015) is no other split's.
18 slots, 89 stories (4 or 5 a slot): 26 update, 18 split, 16 restated,
11 removal, 18 distractor.

Kinds (``"kind"``): ``update`` (``old`` -> ``new``), ``split`` (the update over
two user turns a day apart), ``restated`` (``old`` said twice, nine days apart,
before the update), ``removal`` (``old`` ends, ``new`` remains or "" when
nothing does), ``distractor`` (``new`` is the user's and stays; ``old`` is a
third party's, said later). In the multi-valued slots (allergy, pet, likes,
language) an update's ``old`` is the value that ended and ``new`` the one that
took its place; a removal's ``new`` is what is left.

    python bench/data/make_knowledge_val26.py   # rewrites the .jsonl next to it
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _knowledge_writer import Story, Timeline, build_stories, write

OUT = Path(__file__).with_name("knowledge_val26.jsonl")

# (slot, kind, earlier user statements, update turns, question, old, new)
STORIES: list[Story] = [
    # home
    ("home", "update", ["For context when I ask about commuting: I am based in Sundsvall, our office is two minutes from the station."], ["Fwd from HR (Personalavdelningen):\n> Dear colleague, we are pleased to confirm that your relocation to the Östersund office has been finalised. The removal firm delivered on 6 March.\nSo yes, the flat in Östersund is where I wake up now, boxes everywhere. Which winter tyres are legally required up in Jämtland?"], "In which town is the user living now?", "Sundsvall", "Östersund"),
    ("home", "update", ["I live in Daejeon, close to the research complex in Daedeok, if that matters for the recommendations."], ["Calendar, Sat 7 Mar: 09:00 moving truck (Daejeon -> Cheongju), 14:00 gas company.\n이사 완료! Everything arrived, the institute's shuttle picks me up in Cheongju at 7:40 now. What is a polite phrase to put on the rice cakes for the new neighbours?"], "Which city does the user reside in these days?", "Daejeon", "Cheongju"),
    ("home", "split", ["Domicilio: Bahía Blanca, a small apartment near the port, I work for a law firm here."], ["Last day of the lease in Bahía Blanca. The escribano has the keys, the furniture is in a truck somewhere on Ruta 22. Technically sin casa tonight.", "Arrived. The firm opened a Patagonia desk and I am it: a two-room flat in Neuquén on Avenida Argentina. Which papers do I need to change the address on my DNI?"], "Where is the user's home at present?", "Bahía Blanca", "Neuquén"),
    ("home", "restated", ["I'm in Polokwane, so anything in Joburg is a three-hour drive for me.", "Load-shedding in Polokwane again tonight, stage 2, working by torch."], ["New postal address for the medical aid form:\n14 Jacaranda Street, Nelspruit Extension 5, Mbombela, 1201\nThe firm closed the Polokwane branch and I took the transfer instead of the package; we've been in Mbombela since the 28th. Can you fill the form in for me in English?"], "Where does the user live now?", "Polokwane", "Mbombela"),
    ("home", "distractor", ["I live in Hardenberg and take the train to the provincial office, rain or not."], ["Notes from the team meeting (Dutch/English mix, sorry):\n- Pieter (teamleider) relocates to Leeuwarden per 1 April, works remote on Fridays\n- new coffee machine approved\n- budget round moved to May\nCan you turn this into a short English summary for the Brussels partners?"], "What city does the user call home?", "Leeuwarden", "Hardenberg"),
    # employer
    ("employer", "update", ["I'm a project consultant at Orascom Construction, mostly the Cairo metro packages."], ["Please help me update my LinkedIn headline. Effective 1 March I am employed by Hassan Allam Holding; my last day at Orascom Construction was Thursday and the clearance papers are signed."], "Which company employs the user now?", "Orascom Construction", "Hassan Allam Holding"),
    ("employer", "split", ["I am an associate at Mannheimer Swartling in Stockholm, competition law."], ["Resignation accepted at Mannheimer Swartling today, garden leave from tomorrow. Konstigt att vara ledig på en tisdag.", "Signed with Setterwalls this morning, I start in their Malmö office on Monday. Could you draft a formal line for my out-of-office?"], "Which firm is the user with now?", "Mannheimer Swartling", "Setterwalls"),
    ("employer", "restated", ["I'm an architect with Osmond Lange Architects in East London (the SA one).", "Osmond Lange Architects has me on the hospital project till June at least."], ["Change of letterhead, so to speak: my contract has been with Boogertman + Partners since Monday, and the hospital went to someone else at Osmond Lange. Can you proofread the new email signature below?\nS. Naidoo | Boogertman + Partners | Pretoria"], "Who is the user's employer?", "Osmond Lange Architects", "Boogertman + Partners"),
    ("employer", "removal", ["I'm a hydrologist at Deltares in Delft."], ["Forwarded from P&O:\n> Hereby we confirm that your employment with Deltares ends on 28 February 2015 due to the end of project funding.\nSo since Sunday officially werkloos, and I'm not looking until after the summer. How do I register with the UWV?"], "Where does the user work at present?", "Deltares", ""),
    ("employer", "distractor", ["I work at Hancom in Pangyo, on the office suite."], ["Forwarded from my team lead: 'Min-jun has accepted an offer from Daum Kakao and leaves on 20 March, please sign the card at the front desk.' What's a warm but short farewell line in English for the card?"], "What company is the user employed by?", "Daum Kakao", "Hancom"),
    # job title
    ("job_title", "update", ["My title is Detailed Plan Architect at the municipality, for the CV you're helping with."], ["The kommunstyrelse decided on Tuesday: from 1 March I hold the position of Stadsarkitekt. Nobody calls me Detailed Plan Architect any more, thank God. Rewrite the first line of the CV accordingly?"], "What is the user's position called now?", "Detailed Plan Architect", "Stadsarkitekt"),
    ("job_title", "split", ["I'm Litigation Counsel at a telecom operator in Smart Village."], ["HR letter today: the Litigation Counsel position is abolished in the restructuring, effective end of month. Not fired, just... pending.", "Second letter arrived. I am appointed Head of Regulatory Affairs, Egypt & Sudan. Less court, more ministries. Any good books on telecom regulation?"], "What job title does the user hold at present?", "Litigation Counsel", "Head of Regulatory Affairs"),
    ("job_title", "restated", ["Business card says Senior Research Engineer, ETRI style, if you need it for the bio.", "As a Senior Research Engineer I still get stuck with all the procurement forms."], ["Promotion list was posted on the intranet this morning, my name is on it, so the business card will read Principal Research Engineer from April. 축하 받았어요. Could you update the speaker bio for the Busan workshop?"], "What is the user's title at the institute?", "Senior Research Engineer", "Principal Research Engineer"),
    ("job_title", "removal", ["I'm Gerente de Proyectos at a consulting firm in Córdoba."], ["Handed in the letter: no more Gerente de Proyectos, no title at all for a year. Sabbatical, approved, starting Monday. I intend to do nothing with a job description attached. How do I word the LinkedIn update?"], "What role does the user have these days?", "Gerente de Proyectos", ""),
    ("job_title", "distractor", ["I work as an Environmental Assessment Practitioner, mainly mining EIAs in Limpopo."], ["Client email signature I need to copy into the report: 'Thandeka Mokoena, Acting Chief Sustainability Officer'. Is it rude to leave 'Acting' off in the acknowledgements, or must it stay?"], "What is the user's job title?", "Acting Chief Sustainability Officer", "Environmental Assessment Practitioner"),
    # manager
    ("manager", "update", ["My manager at the ministry is Jeroen Wagenmakers."], ["Effective 1 March I report to Femke Oosterhuis-Brink; Jeroen Wagenmakers has moved to the Caribbean Netherlands dossier. Can you suggest an agenda for a first bilateral with her?"], "Who is the user's manager now?", "Jeroen Wagenmakers", "Femke Oosterhuis-Brink"),
    ("manager", "split", ["I report to Hisham El-Sherbiny, head of the disputes group."], ["Hisham El-Sherbiny retired on Thursday. We had konafa and speeches. No replacement announced yet, so nobody to sign my leave.", "Circular from the managing partner this morning: Nesrine Abdel-Malek takes over the disputes group and I report to her from today. How do I introduce my caseload in a one-page memo?"], "Who does the user report to at present?", "Hisham El-Sherbiny", "Nesrine Abdel-Malek"),
    ("manager", "restated", ["My director is Baek Seung-hwan.", "Baek Seung-hwan rejected my budget again, third time."], ["Calendar 3/9 10:00 — first 1:1 with Ryu Ji-yeon (new 팀장), room 402.\nBaek Seung-hwan was sent to the Gumi plant last week and our team now sits under Ryu Ji-yeon. How formal should my first email to her be?"], "Who is the user's boss these days?", "Baek Seung-hwan", "Ryu Ji-yeon"),
    ("manager", "removal", ["My chef is Lennart Holmqvist, enhetschef for the planning unit."], ["Lennart Holmqvist left for the Riksdag administration and the post has been frozen until the 2016 budget. So: no manager whatsoever, I sign my own travel claims. Should I mention that in my appraisal?"], "Who manages the user?", "Lennart Holmqvist", ""),
    ("manager", "distractor", ["My boss at the consultancy is Verónica Iturralde."], ["Client meeting notes:\n- their new gerente, Ezequiel Saavedra, wants the report on Friday, not Monday\n- scope unchanged\n- invoice in pesos\nDraft a polite reply asking for Monday anyway?"], "Who is the user's manager?", "Ezequiel Saavedra", "Verónica Iturralde"),
    # diet
    ("diet", "update", ["I follow the Bernstein diet, my trainer in Zamalek swears by it."], ["Great Lent started on the 23rd, so the Bernstein diet is suspended. I'm keeping the Coptic fast with my family: no meat, no dairy, no eggs until Easter. Ideas for ful and lentil dishes that are not boring?"], "What is the user eating these days?", "Bernstein diet", "Coptic fast"),
    ("diet", "split", ["I eat LCHF, have done for two years, so no bread suggestions please."], ["Dropped LCHF this week. The cholesterol numbers came back and the doctor was not amused.", "My sister dragged me to Viktväktarna on Saturday, so it's points now, rye bread is allowed again. Recipes with rågbröd that count as few points?"], "Which diet does the user follow now?", "LCHF", "Viktväktarna"),
    ("diet", "restated", ["Estoy haciendo la Cormillot diet, the one from the clinic, small plates every three hours.", "Cormillot diet week 4 and I dream of medialunas."], ["From my cardiologist's printout, verbatim: 'Patient is to discontinue the Cormillot diet and follow the Esselstyn diet (plants only, no oil at all).' Started on Monday. Menú para una semana con Esselstyn diet?"], "What diet is the user on?", "Cormillot diet", "Esselstyn diet"),
    ("diet", "removal", ["I'm doing Sonja Bakker, the Dutch one with the little booklets."], ["Sonja Bakker is over for me. Stopped with the booklets, not following any plan whatsoever, just eating normally. What's a nice stamppot for a Sunday?"], "Which eating plan is the user on?", "Sonja Bakker", ""),
    ("diet", "distractor", ["I'm on a low-tyramine diet because of migraines, so no aged cheese or kimchi in recipes."], ["Team dinner on Friday and a colleague has just started the Fit for Life diet, fruit only before noon. Which Seoul restaurant could handle both of us?"], "What diet does the user keep to?", "Fit for Life diet", "low-tyramine diet"),
    # allergy
    ("allergy", "update", ["I'm allergic to ginkgo nuts, which makes some temple food a minefield."], ["The hospital allergy panel came back: ginkgo nuts negative, perilla seeds strongly positive. So it's perilla seeds I'm allergic to. Which Korean dishes hide perilla?"], "What is the user allergic to now?", "ginkgo nuts", "perilla seeds"),
    ("allergy", "split", ["Allergic to alder pollen, February is hell."], ["Allergy test at the vårdcentral: alder pollen is negative after all. The sneezing was something else.", "Results part two arrived today: mugwort pollen, strongly positive. That's my allergy. Which antihistamine is least sleepy?"], "Which allergy does the user have these days?", "alder pollen", "mugwort pollen"),
    ("allergy", "restated", ["I'm allergic to Sunset Yellow, the E110 colouring, so those orange sodas are out.", "Sunset Yellow again: an orange candy from a client's desk and my lips swelled"], ["Alergista says it was never the Sunset Yellow. The patch tests point at yerba mate, which I drink all day, every day I was using at the same time. So yerba mate is the allergy. Which products should I check?"], "What should be noted as the user's allergy?", "Sunset Yellow", "yerba mate"),
    ("allergy", "removal", ["allergies: clindamycin and mopane worms"], ["Antibiotic de-labelling clinic at Groote Schuur: they challenged me with clindamycin and nothing happened, so it's off my file. Mopane worms stays on, obviously, so mopane worms is the only line left. Can you reword the allergy line for my medical aid?"], "What allergies does the user have?", "clindamycin", "mopane worms"),
    ("allergy", "distractor", ["I react to asafoetida, so please flag it in any curry recipe."], ["Email from my daughter's school: 'A pupil in group 5 has a severe allergy to lychees, please do not send fruit cups.' What can I pack on Thursday?"], "What is the user allergic to?", "lychees", "asafoetida"),
    # partner
    ("partner", "update", ["Mi novio Bautista is a notary, very organised, he plans everything."], ["Bautista and I ended it in January. I'm with Milagros now, we met at the Colegio de Abogados dinner. What do you bring to a first asado with her family?"], "Who is the user seeing now?", "Bautista", "Milagros"),
    ("partner", "split", ["My girlfriend Ye-jin works at a bank in Yeouido."], ["Ye-jin and I ended it after Seollal. Quietly, no drama.", "A friend set me up at a wedding in Jeonju: her name is Hye-rin and after four dates I think we are officially together. What do you bring when you meet her parents?"], "Who is the user's girlfriend at present?", "Ye-jin", "Hye-rin"),
    ("partner", "restated", ["My sambo Linnéa and I share a flat in Södermalm.", "Linnéa is away at a conference, so it's frozen dumplings tonight."], ["Moved out from Linnéa in February, it was mutual. Sigrid and I have been together since the end of the month, and she's coming to the office party on Friday. Anything I should know about introducing a new partner to colleagues?"], "Who is the user's partner?", "Linnéa", "Sigrid"),
    ("partner", "removal", ["My husband Sherif is a civil engineer in New Cairo."], ["Sherif and I are divorced; the khul' was finalised at the family court in February. I'm on my own and intend to stay that way for now. How do I change my marital status on official documents?"], "Who is the user married to?", "Sherif", ""),
    ("partner", "distractor", ["My partner Lwazi is a paramedic in Durban."], ["My sister's new boyfriend Riaan is coming to braai on Saturday and apparently he's a vegetarian. What can I put on the fire for him that's not just mielies?"], "Who is the user in a relationship with?", "Riaan", "Lwazi"),
    # vehicle
    ("vehicle", "update", ["We drive a Kia Carens, seven seats, three kids."], ["Lease ended on the Kia Carens and we went electric: a Nissan e-NV200 since last week, still seven seats. Where can I charge it near Utrecht Centraal?"], "What car does the user drive now?", "Kia Carens", "Nissan e-NV200"),
    ("vehicle", "split", ["I drive a Nissan Hardbody, double cab, to site every day."], ["Nissan Hardbody stolen from the parking at Menlyn. The tracker company found nothing. Lekker.", "Insurance paid out this morning and I bought a Tata Xenon, cheaper and lots of space for the plans. Which anti-smash film for the windows?"], "Which vehicle does the user have at present?", "Nissan Hardbody", "Tata Xenon"),
    ("vehicle", "restated", ["I drive a Saab 9-5 SportCombi, the 2008 one.", "The Saab 9-5 SportCombi needs a new turbo, of course it does."], ["The Saab 9-5 SportCombi went to the scrap dealer in Södertälje; in the garage now sits a Škoda Octavia Scout, four-wheel drive. Do I need to re-register the parking permit for the new plates?"], "What does the user drive these days?", "Saab 9-5 SportCombi", "Škoda Octavia Scout"),
    ("vehicle", "removal", ["My car is a Hyundai Avante, silver, nothing special."], ["Sold the Hyundai Avante to my cousin on Saturday. No car at all now, just the subway and the company shuttle. How do I cancel the car insurance mid-year?"], "What car does the user own?", "Hyundai Avante", ""),
    ("vehicle", "distractor", ["I drive a Daewoo Lanos, the most Egyptian car there is."], ["My brother-in-law just bought a Proton Gen-2 and wants me to check the papers before he registers it at the traffic unit. What should I look for on the contract?"], "Which car does the user drive?", "Proton Gen-2", "Daewoo Lanos"),
    # phone
    ("phone", "update", ["Mobil: 070-318 42 95, in case you draft any signatures."], ["Signature update please, the firm moved everyone to a new operator and my number is 073-662 19 08 now. 070-318 42 95 no longer works."], "What is the user's mobile number at present?", "070-318 42 95", "073-662 19 08"),
    ("phone", "update", ["My mobile is 010-4471-2036."], ["Three things for the lab contact sheet:\n- new room: B-214\n- new mobile 010-8825-3970 (old 010-4471-2036 is cancelled)\n- extension unchanged\nCan you format it as a table?"], "On which phone number can the user be reached now?", "010-4471-2036", "010-8825-3970"),
    ("phone", "split", ["Celular: +54 9 11 4873-2210"], ["The +54 9 11 4873-2210 line is cancelled as of today, Buenos Aires number, no sense keeping it in Neuquén.", "New line is +54 9 299 512-4486. Could you rewrite my email footer with it?"], "Which number does the user use now?", "+54 9 11 4873-2210", "+54 9 299 512-4486"),
    ("phone", "restated", ["My cell is 082 417 3365.", "Clients have 082 417 3365, it's on every invoice."], ["Ported to a new contract, and the port failed, so I have a totally new number: 071 908 2254. The old 082 one is dead. Draft an SMS to clients about it?"], "What is the user's cell number?", "082 417 3365", "071 908 2254"),
    ("phone", "distractor", ["Mijn nummer is 06-41827753, mobile only."], ["Message from the landlord: 'For repairs from now on, please call 06-19374460 (new caretaker), not the office.' Should I save it under the landlord's name or the caretaker's?"], "What is the user's phone number?", "06-19374460", "06-41827753"),
    # email
    ("email", "update", ["Work e-mail: m.vanderhoeven@minienm.nl"], ["Since the department merged into Rijkswaterstaat my address is marloes.vanderhoeven@rws.nl; m.vanderhoeven@minienm.nl bounces from 1 March. Please write a short notice for my external contacts."], "What is the user's e-mail address now?", "m.vanderhoeven@minienm.nl", "marloes.vanderhoeven@rws.nl"),
    ("email", "update", ["Send documents to ahmed.sabry@link.net please."], ["I have opened my own practice, alhamdulillah. All correspondence to ahmed.sabry@sabrylegal.com.eg from now on; the link.net account is closed. Draft the announcement to clients?"], "Which e-mail does the user use these days?", "ahmed.sabry@link.net", "ahmed.sabry@sabrylegal.com.eg"),
    ("email", "split", ["Institute e-mail: jhpark@etri.re.kr"], ["jhpark@etri.re.kr is deactivated from today, my secondment there is over.", "Home institute gave me back my old account: jh.park@kiost.ac.kr. Could you change it on my poster template?"], "What is the user's current e-mail address?", "jhpark@etri.re.kr", "jh.park@kiost.ac.kr"),
    ("email", "restated", ["my work address is florencia.quiroga@estudioquiroga.com.ar", "Use florencia.quiroga@estudioquiroga.com.ar for anything formal, por favor."], ["The estudio closed its mail server to save costs, so fquiroga@fibertel.com.ar is the address for everything now, formal too. Can you help me set up an auto-reply on the old one?"], "Where should e-mails to the user be sent?", "florencia.quiroga@estudioquiroga.com.ar", "fquiroga@fibertel.com.ar"),
    ("email", "distractor", ["My email is nomsa.dlamini@aurecongroup.com."], ["Tender instructions say submissions go to procurement@msunduzi.gov.za before 12:00 on the 20th. Check my cover letter for tone?"], "What is the user's e-mail?", "procurement@msunduzi.gov.za", "nomsa.dlamini@aurecongroup.com"),
    # birthday
    ("birthday", "update", ["Birthday: 1979-03-04, that's what the 주민등록 says."], ["Family secret revealed at Seollal: my parents registered me late, so 1979-03-04 is just the registration date. I was actually born 1979-02-11. Please use 1979-02-11 from now on."], "What is the user's date of birth?", "1979-03-04", "1979-02-11"),
    ("birthday", "update", ["Min födelsedag är 14 juni, write it like that in the form, I like it."], ["Skatteverket letter: my personnummer has been corrected, the birthday is 16 juni and not 14 juni, a clerical error from 1976. Unbelievable. Please change it in whatever you keep for me."], "On which day is the user's birthday?", "14 juni", "16 juni"),
    ("birthday", "split", ["Mi cumpleaños es el 27 de julio."], ["Strange week: the consulate found a mistake on my partida de nacimiento and 27 de julio is not my birthday after all.", "Corrected copy arrived from the Registro Civil: 7 de junio. So I'm a Gemini now, apparently. Fix it on your side?"], "When was the user born?", "27 de julio", "7 de junio"),
    ("birthday", "distractor", ["My birthday is 30 September."], ["Reminder from my PA: the client's chairman turns sixty on 17 September and we're invited. What's an appropriate gift from a firm, not from me personally?"], "When does the user celebrate their birthday?", "17 September", "30 September"),
    # language
    ("language", "update", ["I'm taking Modern Greek at the Hellenic centre, Tuesdays."], ["Dropped Modern Greek. The ministry put me on the Nile file and I'm now doing Afaan Oromo with a tutor from Adama, three mornings a week. Any apps for Afaan Oromo at all?"], "What language is the user learning now?", "Modern Greek", "Afaan Oromo"),
    ("language", "split", ["I'm learning Frysk for the posting in Leeuwarden."], ["Leeuwarden posting cancelled, so Frysk is shelved. Jammer.", "They're sending me to Paramaribo instead, and I've started Sranan Tongo with a colleague from the embassy. Good beginner resources?"], "Which language is the user studying?", "Frysk", "Sranan Tongo"),
    ("language", "restated", ["I'm studying Tajik, our plant near Dushanbe needs it.", "Tajik verbs are destroying me, the Persian I half-know doesn't help."], ["Plant project moved to Bishkek, so it's Kyrgyz now, no more Tajik. At least my school Turkish helps a little. What's the quickest way to get meeting-level Kyrgyz?"], "Which language is the user learning these days?", "Tajik", "Kyrgyz"),
    ("language", "removal", ["I speak Xitsonga and Tshivenda, plus English of course."], ["Honestly my Tshivenda has gone since Gogo passed, I haven't spoken it in years. Xitsonga is still daily. Should I drop Tshivenda from my CV?"], "Which languages does the user speak?", "Tshivenda", "Xitsonga"),
    ("language", "distractor", ["I'm learning Meänkieli, my grandmother's language from Tornedalen."], ["A colleague just started Karelian because of a cross-border project and keeps sending me words. Is Karelian closer to Finnish or Estonian?"], "What language is the user learning?", "Karelian", "Meänkieli"),
    # ci
    ("ci", "update", ["Our builds still run on Cabie, legacy everywhere."], ["Sprint review notes:\n- Cabie retired, all jobs now on Travis CI Enterprise\n- DB migration postponed\n- demo for the ministry on 18 Mar\nHow do I configure a nightly schedule in Travis CI Enterprise?"], "Which CI server does the user's team use now?", "Cabie", "Travis CI Enterprise"),
    ("ci", "update", ["We build on Damage Control at the agency, it's ancient."], ["Op verzoek van de klant: Damage Control has been replaced by XL Release, the XebiaLabs people did the migration themselves. Can you help me write a pipeline file for a Rails app?"], "What CI service does the user's agency build on?", "Damage Control", "XL Release"),
    ("ci", "split", ["Our CI is Bamboo Cloud, for the Java services."], ["Cancelled the Bamboo Cloud subscription today, the hosted agents were far too slow for our test suite. Totsiens.", "Everything's on GitLab CI Multi-Runner now, the parallel builds are a relief. How do I split the test suite across agents?"], "Where do the user's builds run these days?", "Bamboo Cloud", "GitLab CI Multi-Runner"),
    ("ci", "restated", ["We still use DevZuz Maestro for the release builds.", "DevZuz Maestro crashed again during the release."], ["DevZuz Maestro is finally decommissioned; the release builds run on TaskCluster as of this sprint. How do I migrate the Maven settings?"], "What does the user's team use for continuous integration?", "DevZuz Maestro", "TaskCluster"),
    ("ci", "distractor", ["Our CI is Koji, on a box under my desk."], ["The client's vendor sent their requirements: 'all artefacts must be produced by CloudBees DEV@cloud'. Should I push back or just adapt our pipeline?"], "Which CI tool does the user's team run?", "CloudBees DEV@cloud", "Koji"),
    # database
    ("database", "update", ["The agency's case system sits on Mimer SQL, Swedish to the bone."], ["Procurement decision has been implemented: case data now lives in IBM solidDB; Mimer SQL was switched off at the weekend. Any gotchas with solidDB backups?"], "Which database does the user's case system run on now?", "Mimer SQL", "IBM solidDB"),
    ("database", "update", ["Our sensor platform uses GOLDILOCKS."], ["Migration is done, the time series are in Blueflood now instead of GOLDILOCKS (licence costs). How do I size the Cassandra cluster behind it?"], "What database does the user's sensor platform use?", "GOLDILOCKS", "Blueflood"),
    ("database", "split", ["Our ERP runs on Oracle Rdb."], ["Oracle Rdb shut down this weekend, final export done. No way back.", "And the new ERP database is Rocket UniData, don't ask me why, the vendor decided. Backup strategy advice?"], "Which database is the user's ERP on now?", "Oracle Rdb", "Rocket UniData"),
    ("database", "restated", ["Patient data at the hospital is in Caché.", "Caché licence renewal is due again, ugh."], ["We moved the research data warehouse to Vectorwise, Caché is only kept read-only for the auditors. How do I bulk-load CSV into Vectorwise?"], "What database does the user work with these days?", "Caché", "Vectorwise"),
    ("database", "distractor", ["Our systems run on NexusDB."], ["A client in Rosario asked if we can integrate with their ElevateDB database. Is ODBC the sensible route?"], "Which database does the user's company run?", "ElevateDB", "NexusDB"),
    # editor
    ("editor", "update", ["I edit my scripts in TED Notepad."], ["TED Notepad keeps crashing on big files, so: PyCharm Community Edition, since last week. How do I add a Python linter?"], "Which editor does the user write code in now?", "TED Notepad", "PyCharm Community Edition"),
    ("editor", "update", ["I use EditiX for the XML files."], ["EditiX choked on a 400 MB GML file, so the department bought me XMLSpy. Can XMLSpy validate against several schemas at once?"], "What editor is the user using at the moment?", "EditiX", "XMLSpy"),
    ("editor", "update", ["Source Insight is my editor, I've used it since university."], ["Time for a change: AcroEdit since Monday, the column editing is better than Source Insight. How do I set UTF-8 without BOM as default?"], "Which text editor does the user use these days?", "Source Insight", "AcroEdit"),
    ("editor", "split", ["I write my Perl in Padre."], ["IT pushed a policy: anything not on the approved software list gets removed by Friday, and Padre is not on the list. Chau, Padre.", "The approved list had exactly one thing I could live with, so Kephra is what I write my Perl in now. Where do I switch on Perl syntax highlighting?"], "What is the user's code editor now?", "Padre", "Kephra"),
    ("editor", "distractor", ["I use NoteTab Pro for everything."], ["The new intern keeps recommending Textastic and says I'm a dinosaur. What does Textastic actually have that NoteTab Pro doesn't?"], "Which editor does the user use?", "Textastic", "NoteTab Pro"),
    # likes
    ("likes", "update", ["I play pato on weekends at an estancia near Luján."], ["Shoulder surgery means no more pato, the doctor was clear. I've taken up bochas at the club in Palermo with the retirees. Rules for beginners?"], "What sport does the user enjoy now?", "pato", "bochas"),
    ("likes", "split", ["My sport is fierljeppen, yes, jumping over canals with a pole."], ["The orthopedist was very clear: no more fierljeppen, my knees are done after last season.", "Calendar, Sat 14 Mar 07:30: wadlopen, guide from Pieterburen, meet at the dike. That's my weekends now. What do you wear for March mud?"], "What does the user do for fun?", "fierljeppen", "wadlopen"),
    ("likes", "restated", ["I play bandy on Sundays.", "Bandy final this Sunday, we're going to lose."], ["Quit bandy, the team folded. Now it's långfärdsskridsko every weekend, tour skating on the lake ice. Safety gear list?"], "What hobby does the user have?", "bandy", "långfärdsskridsko"),
    ("likes", "removal", ["hobbies: baduk and ceramics"], ["Gave up ceramics, the studio closed and I never found another. Still playing baduk online every night though. Which openings should a 5-kyu study?"], "What are the user's hobbies?", "ceramics", "baduk"),
    ("likes", "distractor", ["I love playing the oud, my evening ritual."], ["My husband just decided spearfishing in Dahab is his new passion and bought all the gear. Is it safe for a beginner?"], "What does the user enjoy doing?", "spearfishing", "playing the oud"),
    # trip
    ("trip", "update", ["Booked a weekend in Knysna for Easter, forest cottage."], ["Easter is Clarens now, not Knysna, the fires closed the forest roads. What's worth doing in Clarens with two days?"], "Where is the user going at Easter?", "Knysna", "Clarens"),
    ("trip", "split", ["Spring trip: Takamatsu in April with my wife."], ["Forwarded from the travel agency: 'We regret to inform you that the charter to Takamatsu on 11 April has been withdrawn.' No alternative offered, so Takamatsu is off.", "Rebooked this evening, 아내가 골랐어요: Kota Kinabalu, same dates. Best way to climb Kinabalu in two days?"], "Where is the user travelling in April?", "Takamatsu", "Kota Kinabalu"),
    ("trip", "restated", ["Planning Siwa Oasis in March for the family.", "Siwa Oasis permits are being arranged."], ["Siwa Oasis is off because of the security situation in the Western Desert; we're going to Marsa Alam instead. Good snorkelling spots there for kids?"], "Where is the user's family travelling?", "Siwa Oasis", "Marsa Alam"),
    ("trip", "removal", ["We're going to Kiruna in March to see the ice hotel."], ["The Kiruna trip has been cancelled, work is too heavy this spring. Nothing planned now. How do I get the deposit back from the hotel?"], "What trip does the user have coming up?", "Kiruna", ""),
    ("trip", "distractor", ["I'm going to Salta in April for a conference."], ["My boss just announced he's taking his family to Ushuaia over Semana Santa and I have to cover his clients. Out-of-office message draft?"], "Where is the user travelling next?", "Ushuaia", "Salta"),
    # pet
    ("pet", "update", ["We have a rabbit called Pluis."], ["Vet invoice in the post: 'Euthanasie konijn Pluis, 12 februari'. The house was too quiet after that, so since last week there is a kitten asleep on the radiator, the kids named her Hagelslag. Which vaccinations before she goes outside?"], "What pet does the user have now?", "Pluis", "Hagelslag"),
    ("pet", "split", ["Our dog Vetkoek is a boerboel, very gentle."], ["Vetkoek had to be put down this week, hip dysplasia. Heartbroken.", "We adopted an African grey from the rescue, named Mampoer. Does an African grey need a second bird?"], "What is the user's pet called now?", "Vetkoek", "Mampoer"),
    ("pet", "restated", ["My cat Malbec sleeps on my files.", "Malbec knocked the mate over again."], ["Pasting the adoption certificate for my records: 'Refugio San Roque. Animal: gatito macho, nombre: Alfajor. Fecha: 2/3/2015.' Malbec stays with my sister in Mendoza for good, her garden suits him better. Litter training tips for a ten-week-old?"], "Which pet does the user live with?", "Malbec", "Alfajor"),
    ("pet", "removal", ["Two dogs at home: Dubu and Mandu."], ["Notes for the pet insurer:\n- policy for Mandu to be cancelled (died 2 March, age 14)\n- policy for Dubu continues unchanged\nCan you write the cancellation letter in polite English?"], "Which pets does the user have?", "Mandu", "Dubu"),
    ("pet", "distractor", ["My cat Basbousa is a rescue from Maadi."], ["The neighbour's saluki Zaatar keeps barking at Basbousa from the balcony. How do I raise it politely with them?"], "What is the user's pet named?", "Zaatar", "Basbousa"),
]

FILLER_USER = [
    "Can you make this sound less blunt? 'We will not be able to meet the deadline.'",
    "Is it 'per 1 April' or 'as of 1 April' in formal English?",
    "quick one: what's the difference between 'shall' and 'will' in a contract clause",
    "Summarise this paragraph in two lines for a minister, please: the tender has been delayed owing to objections from two bidders.",
    "Tack! That's exactly what I needed.",
    "How do I politely decline a meeting invite that has no agenda?",
    "Shukran, perfect.",
    "What's a good way to start an e-mail to someone I've never met, in English, not too American?",
    "Is 'kindly revert' acceptable in a British e-mail or does it sound odd?",
    "Dank je, helder.",
    "Translate 'met vriendelijke groet' into a natural English sign-off?",
    "gracias, genial",
    "How long should a cover note for a planning application be?",
    "Convert 3,750 rand to euros roughly, no need to be exact",
    "What's the plural of 'memorandum', memoranda or memorandums?",
    "감사합니다, that helps.",
    "Can you format these minutes as bullet points? Attendees: 6. Decisions: 2. Actions: 4.",
    "Is it rude to reply-all just to say thanks?",
    "Shorten this to under 280 characters: our office will be closed on Good Friday and Family Day.",
    "What's the time difference between Cairo and Stockholm right now?",
    "Baie dankie, that's lekker.",
    "Which is correct, 'organisation' or 'organization', if the client is in Seoul?",
    "Please check the grammar: 'The documents has been forwarded to the relevant authority.'",
    "Give me three synonyms for 'finalised' that don't sound like a robot.",
]
FILLER_ASSISTANT = [
    "Of course. Here is a version you can use:",
    "Certainly, a short answer first:",
    "Glad to help. A few points:",
    "Here's how I would put it.",
    "Good question. In brief:",
    "Sure, see below.",
]


# a restated old value: the second statement comes nine days later; a split update: its
# second turn comes the next day
WHEN = Timeline(
    opening=lambda k, j: f"2015-01-{2 + k + j:02d}T07:40:00Z",
    openings=2,
    before=lambda k, j: f"2015-01-{10 + k + 9 * j:02d}T20:25:00Z",
    middle=lambda k, j: f"2015-02-{3 + 8 * j:02d}T12:15:00Z",
    middles=3,
    update=lambda k, j: f"2015-03-{5 * k - 3 + j:02d}T18:05:00Z",
    closing=lambda k: f"2015-04-{6 + 2 * k:02d}T10:30:00Z",
    reply=14,
)


def build(seed: int = 2615) -> list[dict[str, Any]]:
    """All val26 scenarios, deterministic for a seed (dated January – April 2015)."""
    return build_stories(STORIES, "val26", "kv26", seed, FILLER_USER,
                         FILLER_ASSISTANT, WHEN)


def main() -> None:
    """Write the split."""
    write(build(), OUT)


if __name__ == "__main__":
    main()
