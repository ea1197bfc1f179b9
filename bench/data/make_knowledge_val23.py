# ruff: noqa: E501  (hand-written data: one story per line reads best)
"""Writes ``knowledge_val23.jsonl``: a twenty-third held-out split of the knowledge-update set.

Written in round 16 by an outside evaluator who never read ``src/``
(``"split": "val23"``). Each story is phrased with its own sentence shape. Its
people are older adults and retirees (60–85) from the UK, India, Nigeria, Italy,
Mexico and Japan writing to the assistant, some of them dictating by voice. What
is hard: voice transcripts with no punctuation where "comma", "full stop" and
"question mark" are said aloud and homophones slip in ("the write choice", "knew
number"); long rambling letters where the change sits in the middle of a paragraph
about tomatoes, the vicar and the weather; changes told through what a son, a
daughter, a son-in-law or a doctor arranged ("our Karen had the landline cut off",
"my children have carried me to Ilesa", "the oncologist said I am five years
clear"); a change hedged in one turn ("might be off, we'll hear Monday") and
confirmed the next day; polite corrections of the assistant ("no dear, that was
before"); mixed Italian, Spanish, Yoruba-English and Japanese words; corrected
birth dates from a father's diary, a koseki or the registro civil; allergies
re-tested in a clinic; and family members' and neighbours' values as traps: a
neighbour moving to Tlaquepaque, a nephew hired by a pasta maker, a daughter-in-law's
promotion, a son-in-law's strict boss, a comadre's crash diet, a grandson's school
allergy form, a neighbour's second wife, a neighbour's odd car, a driver's new
line, a granddaughter's university e-mail, a granddaughter's eighteenth, a
grandson's Elvish, a son's company CI and a son's bank database, a compadre's
editor, a husband's new hobby, a neighbour's trip and a neighbour's parrot.
Values and filler are new; the timeline (April 2013 – July 2013) is no other
split's.
18 slots, 89 stories (4 or 5 a slot): 26 update, 18 split, 16 restated,
11 removal, 18 distractor.

Kinds (``"kind"``): ``update`` (``old`` -> ``new``), ``split`` (the update over
two user turns a day apart), ``restated`` (``old`` said twice, nine days apart,
before the update), ``removal`` (``old`` ends, ``new`` remains or "" when
nothing does), ``distractor`` (``new`` is the user's and stays; ``old`` is a
third party's value, said later). In the multi-valued slots (allergy, pet,
likes, language) an update's ``old`` is the value that ended and ``new`` the one
that took its place; a removal's ``new`` is what is left.

    python bench/data/make_knowledge_val23.py   # rewrites the .jsonl next to it
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _knowledge_writer import Story, Timeline, build_stories, write

OUT = Path(__file__).with_name("knowledge_val23.jsonl")

# (slot, kind, earlier user statements, update turns, question, old, new)
STORIES: list[Story] = [
    # home
    ("home", "update", ["I live in Rushden, have done since 1971 when we came down from Glasgow for Ted's job at the shoe factory."], ["Good morning, I hope you are keeping well. The weather here has been dreadful, my tomatoes have the blight again and the vicar has retired at last, which nobody is sorry about. Our Susan finally got her way and I've been in a little bungalow in Oundle since the start of the month, ten minutes from her, the estate agent sold the Rushden house to a young couple with twins. Anyway what I wanted to ask is how I get the Radio Times delivered to the new address?"], "Where does the user live now?", "Rushden", "Oundle"),
    ("home", "update", ["i am staying in Dhanbad with my wife comma retired from Coal India in 2009 full stop"], ["namaste we have shifted to Bhubaneswar full stop son in law has taken a flat for us near his office comma two bedroom first floor comma lift is there thank god full stop very hot hear compared to Dhanbad full stop what is best time to visit Lingaraj temple for old people question mark"], "Which city is the user's home these days?", "Dhanbad", "Bhubaneswar"),
    ("home", "split", ["Abito a Bra, in Piemonte, yes the town of Slow Food, for all my life."], ["My daughter Chiara says it is madness for me to stay alone in Bra with all those stairs after my fall. Maybe I sell, maybe not, we talk on Sunday at lunch.", "Eh, deciso. The house in Bra is sold and from yesterday I sleep in Chiara's spare room in Savigliano, all my things still in boxes. How do I change the address for my pension with INPS?"], "In which town is the user living at present?", "Bra", "Savigliano"),
    ("home", "restated", ["I live in Ogbomosho, retired now from the Ministry of Works.", "Ogbomosho has been too hot this week and NEPA took light for two whole days."], ["My children have carried me to Ilesa, my late wife's town, since the knee operation; my first son built a small flat for me behind his house and I am settling. Please how do I find a good physiotherapist there?"], "What town is the user based in now?", "Ogbomosho", "Ilesa"),
    ("home", "distractor", ["Vivo en Zacatecas, maestra jubilada, 71 años y todavía subo el cerro."], ["My neighbour Doña Remedios is moving to Tlaquepaque to be with her grandchildren and she asked me to help her pack the good china, the Talavera. What is the best way to wrap plates so they arrive in one piece?"], "Where is the user's home?", "Tlaquepaque", "Zacatecas"),
    # employer
    ("employer", "update", ["I still do three mornings a week at Timpson cutting keys and mending watch straps, at 66 if you can believe it."], ["No dear, Timpson was before, I left them after eleven years at Easter. I'm at Robert Dyas now, part-time on the tills, and my feet are killing me by twelve o'clock. What insoles would you recommend for standing all morning?"], "Which company does the user work for now?", "Timpson", "Robert Dyas"),
    ("employer", "split", ["I work part-time for Yamato Transport, sorting parcels three nights a week. My age is 68."], ["The Yamato Transport contract is finished at the end of this month, the manager said my back is too weak for night work now. I am a little sad.", "Good news! My son-in-law introduced me and now I work at Seicomart as a convenience store clerk, morning shift from 6. How can I remember all the many kinds of cigarettes behind the counter?"], "Where is the user employed these days?", "Yamato Transport", "Seicomart"),
    ("employer", "restated", ["After retirement I am consultant with Larsen & Toubro, two days a week in the Powai office.", "Larsen & Toubro has given me a small project on bridge inspection this month, very interesting."], ["good evening comma from this month i have joined Tata Projects as advisor full stop the L and T contract was not renewed because of some budget issue comma no hard feelings full stop how to write a proper handing over note question mark"], "Who does the user do consulting for now?", "Larsen & Toubro", "Tata Projects"),
    ("employer", "removal", ["I am still with Guinness Nigeria as a consultant on the Ogba brewery, even at 67."], ["Eventually I have retired fully o. My send-forth party was on Saturday, the children came from Lagos and London and the MD gave a speech. No more Guinness Nigeria, no more office for me, I am now a full-time grandfather. How do I start a small poultry in the backyard?"], "Which organisation employs the user?", "Guinness Nigeria", ""),
    ("employer", "distractor", ["I do the accounts part-time for Cantine Ceci, the Lambrusco people near Parma."], ["My nephew Luca just got hired by Barilla, on the line at Pedrignano, the whole family is very proud, his mamma cried. What can I give him as a present for his first job?"], "What company does the user work for?", "Barilla", "Cantine Ceci"),
    # job title
    ("job_title", "update", ["I'm a School Crossing Patrol Officer, the lollipop man to the kiddies at St Anselm's."], ["Bit of news, the council have only gone and made me Crossing Patrol Supervisor for the whole district, of all things, at my age! So I don't stand in the road anymore, I train the new ones and do the rotas. How do I make a rota in Excel?"], "What is the user's job title now?", "School Crossing Patrol Officer", "Crossing Patrol Supervisor"),
    ("job_title", "update", ["I am the head waiter, Jefe de Meseros, at a hotel in Puebla, 63 years and still on my feet all day."], ["hello again the owner made me Gerente de Banquetes last week comma so now I do the weddings and the quinceañeras instead of the floor period my wife says it is the write choice for my knees period how do I make a nice seating chart for 300 people"], "What position does the user hold at the hotel?", "Jefe de Meseros", "Gerente de Banquetes"),
    ("job_title", "split", ["I am re-employed as Senior Technical Advisor in my old company after the teinen, the retirement age 60."], ["From April my contract will change, they told me the Senior Technical Advisor post is closing. They are still thinking what to call me.", "It is decided: Part-time Quality Auditor. Less money, but also less meetings. How should I write it on my meishi in English?"], "What is the user's role called now?", "Senior Technical Advisor", "Part-time Quality Auditor"),
    ("job_title", "restated", ["I am Honorary Secretary of our housing society in Chembur, 48 flats.", "As Honorary Secretary I must collect the maintenance from everybody, very thankless job."], ["At the AGM on Sunday they elected me Chairman of the Managing Committee, and Mr Kulkarni has taken over the secretary work, poor fellow. How to conduct the first committee meeting properly?"], "What office does the user hold in the housing society?", "Honorary Secretary", "Chairman of the Managing Committee"),
    ("job_title", "distractor", ["I am the Proprietress of a nursery and primary school in Enugu, since 1988."], ["My daughter-in-law has just been made Deputy Director of Nursing at the teaching hospital, we are so proud of her! How do I organise a thanksgiving service in church for her?"], "What is the user's title at work?", "Deputy Director of Nursing", "Proprietress"),
    # manager
    ("manager", "update", ["At the Caritas shop where I volunteer my coordinator is Suor Benedetta, a saint with a very loud voice."], ["Suor Benedetta has gone to the mother house in Assisi, we made her a cake, and now the one who gives me my shifts is Signora Graziella Monteforte. Very precise, a bit severe, she counts the coat hangers. How do I ask her for the Thursday afternoons instead of mornings?"], "Who is the user's coordinator at the shop now?", "Suor Benedetta", "Graziella Monteforte"),
    ("manager", "split", ["my boss at the garden centre is Trevor Ashworth-Pyke"], ["Trevor Ashworth-Pyke is leaving at the end of the week full stop he's going to the big Dobbies in Stratford comma so god nose who we'll get", "the new manager started today comma her name is Precious Mhlanga comma lovely girl from Zimbabwe comma knows her perennials full stop how do I ask her for Wednesdays off question mark"], "Who does the user report to at the garden centre now?", "Trevor Ashworth-Pyke", "Precious Mhlanga"),
    ("manager", "restated", ["My supervisor at the museum where I volunteer is Lic. Abundio Carrasco.", "Abundio Carrasco asked me to give the Sunday tours again, I am happy."], ["Since the change of director Abundio is in the archive now and I am under Maestra Xóchitl Tzompantzi for everything with the guides. She wants us in uniform! A uniform, at my age. How do I tell her politely it is too hot?"], "Who supervises the user at the museum these days?", "Abundio Carrasco", "Xóchitl Tzompantzi"),
    ("manager", "removal", ["At the Silver Jinzai Center my supervisor is Haruki Tokunaga, he gives me the park cleaning jobs."], ["I finished the work at the Silver Jinzai Center at end of May. So no supervisor, no Haruki Tokunaga, no boss anymore, only my wife who is the boss of the house, ha ha. What hobby is good for the brain of a 72-year-old man?"], "Who is the user's supervisor?", "Haruki Tokunaga", ""),
    ("manager", "distractor", ["At the NGO where I teach adult literacy I report to Ms Farida Contractor."], ["My son-in-law has got a new boss, one Mr Raghavendra Iyengar, very strict type, calling him on Sunday also. How should I advise him to manage such a demanding boss without losing the job?"], "Whom does the user report to?", "Raghavendra Iyengar", "Farida Contractor"),
    # diet
    ("diet", "update", ["I'm doing LighterLife, the shakes and bars, my counsellor meets us Tuesday nights above the chemist."], ["Dr Okonedo says my sugars are borderline now, so it's low-glycaemic eating for me from here on and the LighterLife lot will have to weigh in without me. Is porridge allowed on low-glycaemic or is that too much?"], "What diet is the user following now?", "LighterLife", "low-glycaemic"),
    ("diet", "split", ["I follow the satvik diet strictly, no onion, no garlic, no root vegetables, for 40 years."], ["doctor at Ruby Hall has said my protein is too low comma he is saying I must stop the satvik or at least bend it full stop my wife is not happy we will see", "we decided full stop from this week I am eggitarian comma only eggs no meat no fish comma doctor says two boiled daily full stop recipe for egg curry without onion question mark"], "How does the user eat these days?", "satvik", "eggitarian"),
    ("diet", "restated", ["I am on a salt-free diet because of my blood pressure.", "This salt-free diet makes everything taste like paper, even my egusi soup."], ["The kidney doctor at UCH Ibadan has now put me on low-potassium, strict strict, and the salt business is the least of my worries now. Which Nigerian foods are safe on low-potassium?"], "What kind of diet is the user on at present?", "salt-free", "low-potassium"),
    ("diet", "removal", ["I follow the Gerson therapy since my cancer operation, juices and vegetables, nothing else."], ["My oncologist said I am five years clear! So I stop Gerson therapy, my wife is very happy, now I eat everything again, normal food, even tonkatsu. Which tonkatsu restaurant near Sendai station is famous?"], "Which diet does the user keep to?", "Gerson therapy", ""),
    ("diet", "distractor", ["I eat the dieta de la milpa, beans, corn and squash, my doctor in Oaxaca recommended it."], ["My comadre Lupita started the grapefruit diet for her granddaughter's wedding and she wants me to do it with her for company. Is it safe at 74?"], "What does the user eat as a diet?", "grapefruit diet", "dieta de la milpa"),
    # allergy
    ("allergy", "update", ["I'm allergic to co-amoxiclav, I had a terrible rash with it in 1998."], ["Well, after all these years the allergy clinic at the Royal Berkshire did their tests and it turns out co-amoxiclav is perfectly fine for me, it was the nitrofurantoin I had the same week that did it. So I'm allergic to nitrofurantoin, apparently, and I've told the surgery. Is nitrofurantoin in any of the cold remedies?"], "Which drug is the user allergic to now?", "co-amoxiclav", "nitrofurantoin"),
    ("allergy", "split", ["Sono allergica alle graminacee, the grass pollen, every May I suffer like a dog."], ["The allergologist in Modena made the tests again and the graminacee are negative now, after three years of the vaccine. Finalmente!", "But there is always a but: the same tests show I am allergic to parietaria now, the weed that grows in the walls. It is everywhere in Modena! What can I take?"], "What is the user allergic to these days?", "graminacee", "parietaria"),
    ("allergy", "restated", ["I am allergic to metamizole, the Novalgin, please always remember this.", "Again yesterday the chemist nearly gave me tablets with metamizole in them, I caught it only."], ["The doctor at Jaslok did a proper test and says my reaction in 2004 was never the metamizole, it was the diclofenac injection given same day. So now diclofenac is my allergy on the file. What painkiller can I take for knee pain then?"], "Which medicine is the user allergic to?", "metamizole", "diclofenac"),
    ("allergy", "removal", ["I am allergic to periwinkle and to chloroquine, both since childhood."], ["The doctor at Lagoon Hospital did a supervised challenge and the chloroquine allergy is not true again, I took it and nothing happened, glory be. The periwinkle one remains, so my wife still cooks my edikang ikong separately. How do I update my hospital card?"], "What are the user's allergies?", "chloroquine", "periwinkle"),
    ("allergy", "distractor", ["I am allergic to soba, so I must be very careful in noodle shops and with soba-cha."], ["My grandson Sota is allergic to yamaimo, the kindergarten sent a form for grandparents who pick him up. How do I fill it, in which box?"], "Which food is the user allergic to?", "yamaimo", "soba"),
    # partner
    ("partner", "update", ["My novio is Aurelio Bañuelos, we dance danzón every Saturday in the plaza."], ["Aurelio and I finished, it was not meant to be, he wants to go to the US to his sons. Now I go to danzón with Evaristo Cuautle, widower like me, very gallant, he brings me gardenias. My daughters are scandalised! How do I tell them nicely to mind their business?"], "Who is the user's partner now?", "Aurelio Bañuelos", "Evaristo Cuautle"),
    ("partner", "split", ["My partner is Gwen Pryce-Jenkins, we've been courting since the bowls club Christmas do."], ["Gwen Pryce-Jenkins and I have decided to go our separate ways, quite amicably, she wants to be nearer her sister. We'll see how I feel.", "Don't laugh, but I've been seeing a lady from the U3A called Marguerite Olusanya. We went to the pictures on Tuesday and again on Friday. She's 74 and a lot sharper than me. Where should I take her for Sunday lunch?"], "Who is the user seeing at the moment?", "Gwen Pryce-Jenkins", "Marguerite Olusanya"),
    ("partner", "restated", ["My partner is Kimura Setsuko, we live together but not married, my children don't like it.", "Kimura Setsuko made chirashizushi for Hinamatsuri, very beautiful."], ["Setsuko went back to her son in Fukuoka in the winter, we agreed it was best. Now I have a new companion, Ishiguro Natsue from the haiku circle. She is a widow, 69, she laughs at my jokes. Is it too soon to introduce her to my children?"], "Who is the user's companion these days?", "Kimura Setsuko", "Ishiguro Natsue"),
    ("partner", "removal", ["My husband Ramachandran Pillai and I have been married 52 years this June."], ["Ramachandran Pillai passed away on 14th May after a short illness. I am alone now in the house, the children are in Dubai and Melbourne. Please tell me how to transfer the family pension to my name."], "Who is the user's husband?", "Ramachandran Pillai", ""),
    ("partner", "distractor", ["My wife is Mrs Adaeze Okonkwo-Bello, married since 1972."], ["My neighbour Chief Ogundipe has married a second wife, one Funmilayo Adesanya, and the drumming went on till 3am on Saturday. How do I complain politely without offending the Chief?"], "Who is the user married to?", "Funmilayo Adesanya", "Adaeze Okonkwo-Bello"),
    # vehicle
    ("vehicle", "update", ["I drive a Lancia Musa, small but it carries my three grandchildren to school."], ["I sold the Lancia Musa to a boy from Treviso, and now, don't laugh, I have a Piaggio Ape 50, yes the little three-wheeler, for going to the orto with the tools. Do I need a special licence for it at 70?"], "What does the user drive now?", "Lancia Musa", "Piaggio Ape 50"),
    ("vehicle", "split", ["I have a Maruti 800, 1994 model, still running like a horse."], ["the RTO says the Maruti 800 is too old and must be scrapped full stop my son took it to the scrap dealer today comma i cried a little full stop", "my son has booked for me a Tata Nano comma it came today comma white colour comma very small but new full stop how to use the AC without draining battery question mark"], "Which car does the user have at present?", "Maruti 800", "Tata Nano"),
    ("vehicle", "restated", ["I drive a Peugeot 504 that I bought new in 1986.", "My Peugeot 504 still starts first time, better than my children's fancy cars."], ["My son in Atlanta shipped me a Honda Odyssey through Tin Can port, and the 504 has gone to a mechanic in Onitsha who begged for it. The Odyssey has too many buttons. How do I set the clock?"], "What is the user's car these days?", "Peugeot 504", "Honda Odyssey"),
    ("vehicle", "removal", ["I've got a Rover 75 Tourer, British Racing Green, my pride and joy."], ["The optician says that's it for me driving, macular degeneration, and I've sent the licence back to Swansea. Our Gareth sold the Rover 75 Tourer for me last week. I'm on the bus pass now. How do I find out which buses go to the hospital?"], "What vehicle does the user drive?", "Rover 75 Tourer", ""),
    ("vehicle", "distractor", ["My car is a Suzuki Alto Lapin, kei car, light blue, very easy to park."], ["My neighbour Mr Hasegawa bought a Mitsuoka Viewt, the one that looks like an old British Jaguar, and he polishes it every morning. Is it really a good car or only the face?"], "What car does the user own?", "Mitsuoka Viewt", "Suzuki Alto Lapin"),
    # phone
    ("phone", "update", ["Home phone is 01632 960417, I don't hold with mobiles."], ["Well, our Karen has made me get one of these mobile telephones and she had the landline cut off, because I was paying the line rental for nothing, she says. The number is 07700 900865, I've got it written on the fridge. How do I make the ring louder?"], "What number can the user be reached on now?", "01632 960417", "07700 900865"),
    ("phone", "update", ["my mobile is 98450 12763 for any emergency"], ["please note my knew number 94483 60219 comma the old BSNL connection I have surrendered full stop grandson has put it on the Airtel full stop how to forward my old messages question mark"], "What is the user's mobile number now?", "98450 12763", "94483 60219"),
    ("phone", "split", ["Il mio cellulare è 347 218 5590, write it down for the doctor forms."], ["I lost my telefonino at the market on Saturday, so the SIM 347 218 5590 is blocked now, my grandson did it on the internet.", "New SIM arrived: 389 604 1172, in the old phone of my daughter. Can you help me write an SMS to all my friends with the new number?"], "Which phone number does the user have at present?", "347 218 5590", "389 604 1172"),
    ("phone", "restated", ["Mi celular es 55 4127 8836.", "For the clinic forms my number is 55 4127 8836, same as always."], ["Telcel was charging me too much so my grandson changed me to Movistar and now the number is 55 3390 1574. The old one doesn't exist anymore. Who do I need to tell first, the bank or the clinic?"], "On which number can the user be called?", "55 4127 8836", "55 3390 1574"),
    ("phone", "distractor", ["My number is 0807 554 1928, MTN line."], ["My driver Sunday has collected a new line, 0805 219 3348, please how do I save it in my phone as a contact so I don't forget?"], "What is the user's phone number?", "0805 219 3348", "0807 554 1928"),
    # email
    ("email", "update", ["my email is ronnie.haworth@talktalk.net"], ["Our Debbie said TalkTalk is no good and she's set me up with ronald.haworth1946@btinternet.com, she's closed the talktalk one for me. Can you tell me how to put a photo in an email?"], "What e-mail address does the user use now?", "ronnie.haworth@talktalk.net", "ronald.haworth1946@btinternet.com"),
    ("email", "update", ["My e-mail is s.nakagawa@ezweb.ne.jp, it is for my keitai."], ["I changed to smartphone and also to docomo, so the ezweb address is finished. Please use nakagawa.shigeru.1947@docomo.ne.jp from now. How do I make the letters bigger on the screen?"], "Which e-mail does the user have these days?", "s.nakagawa@ezweb.ne.jp", "nakagawa.shigeru.1947@docomo.ne.jp"),
    ("email", "split", ["email me at kvsubramaniam@rediffmail.com"], ["the rediffmail account is hacked comma spam going to all my contacts comma grandson has closed kvsubramaniam@rediffmail.com full stop please do not use", "new id my grandson has typed here for me: kv.subramaniam.retd@yahoo.co.in full stop how to send one mail to all the relatives together question mark"], "What is the user's e-mail address at present?", "kvsubramaniam@rediffmail.com", "kv.subramaniam.retd@yahoo.co.in"),
    ("email", "removal", ["Mi scriva a gianna.ferrandi@libero.it, that is my posta."], ["I close the email, gianna.ferrandi@libero.it is closed, too many virus and strange men. My daughter reads everything for me now on her phone, I don't want one anymore. Better the telephone."], "What is the user's e-mail?", "gianna.ferrandi@libero.it", ""),
    ("email", "distractor", ["my correo is abuelo.tacho@prodigy.net.mx"], ["My granddaughter Ximena made a new email for the university, ximena.olvera.r@alumnos.udg.mx, and she wants me to write her every Sunday. How do I put her in my contacts?"], "Which e-mail address belongs to the user?", "ximena.olvera.r@alumnos.udg.mx", "abuelo.tacho@prodigy.net.mx"),
    # birthday
    ("birthday", "update", ["My birthday is 1st October, same as Independence, though my mother always argued about it."], ["My elder sister found our late father's diary from 1947 and it is written there clearly: I was born on 14 September, not 1st October at all. The headmaster just gave all of us 1st October for the register. I want to use 14 September from now on."], "When is the user's birthday?", "1st October", "14 September"),
    ("birthday", "update", ["My birthday is 3rd March, Hinamatsuri day, Showa 22."], ["I was wrong about my birthday. The koseki copy from the ward office says 13th March. My mother always celebrated it together with Hinamatsuri, so I believed 3rd March for 66 years! Funny."], "On which date was the user born?", "3rd March", "13th March"),
    ("birthday", "split", ["Mi cumpleaños es el 12 de diciembre, día de la Virgen de Guadalupe."], ["My comadre looked at the baptism papers and now she says the 12 de diciembre was maybe only the day of the baptism, not the birth. I will go to the registro civil.", "It is confirmed by the registro civil: 8 de diciembre. So I am older by four days, ay. Can you remember this?"], "What is the user's real birthday?", "12 de diciembre", "8 de diciembre"),
    ("birthday", "distractor", ["Il mio compleanno è il 29 giugno, San Pietro e Paolo."], ["Mia nipote Giulia compie diciotto anni il 4 agosto, big party at the agriturismo. What is a good present from a nonna for eighteen?"], "When does the user have their birthday?", "4 agosto", "29 giugno"),
    # language
    ("language", "update", ["At the community centre in Sapporo I learn Ainu on Tuesdays, my grandmother's side."], ["I stopped Ainu because the teacher moved to Asahikawa. Now I study Bisaya, because my home helper Marites is from Cebu and I want to say thank you properly. How do you say 'good morning' in Bisaya?"], "Which language is the user studying now?", "Ainu", "Bisaya"),
    ("language", "split", ["I'm learning Cymraeg on the computer for when we visit my daughter in Aberaeron."], ["I think I'm giving up on the Cymraeg, the mutations have beaten me. Don't tell my daughter yet.", "So I've started Kernewek instead, at the library on Thursdays, there's six of us and a lovely teacher called Morwenna. How do you say good morning in Kernewek?"], "What language is the user learning at the moment?", "Cymraeg", "Kernewek"),
    ("language", "restated", ["I'm learning Fulfulde so I can talk with the Fulani mallam who guards our estate gate.", "My Fulfulde teacher says I am improving, small small."], ["Fulfulde has been put aside for now; my daughter married in Cotonou and the grandchildren speak Fon with their other grandmother, so I am learning Fon from a young man at the church. Is Fon a tonal language like Yoruba?"], "Which language is the user learning these days?", "Fulfulde", "Fon"),
    ("language", "removal", ["I speak Sindhi and Odia, our family settled in Cuttack after Partition."], ["after the stroke the speech therapist says my Odia has mostly gone comma only Sindhi comes back properly now full stop she says not to force it full stop which exercises can I do at home question mark"], "Which languages can the user speak?", "Odia", "Sindhi"),
    ("language", "distractor", ["I am learning Náhuatl at the casa de cultura, my grandmother spoke it."], ["My grandson Emiliano is learning Quenya, the elf language from the Tolkien films, and says it is more useful than my Náhuatl. Is Quenya even a real language?"], "What language is the user learning?", "Quenya", "Náhuatl"),
    # ci
    ("ci", "update", ["My little open-source project, a planetarium plugin in Ruby, builds on CruiseControl.rb on my old Dell in the spare room."], ["I've given up my own build box, the electricity bill was ridiculous. My grandson moved everything over to ThoughtWorks Go on the server at his flat, so the Dell is switched off. How do I read the build log when it goes red?"], "What does the user's project build on now?", "CruiseControl.rb", "ThoughtWorks Go"),
    ("ci", "update", ["At the volunteer IT group we run Bitten, the Trac plugin, for the town library's program."], ["The young volunteer Kenta replaced Bitten with Team Foundation Build, because the library bought Visual Studio. I am 75 and I must learn again! Where do I see if the tests pass?"], "Which CI service does the library program use now?", "Bitten", "Team Foundation Build"),
    ("ci", "split", ["we use Luntbuild for the co-operative bank's loan software"], ["my old colleague says Luntbuild is not maintained anymore comma so we stopped it last week full stop builds are done by hand for now", "now we are on Openmake Meister full stop my old colleague set it up on the server in Kolhapur full stop how to schedule nightly build question mark"], "What does the co-operative bank's software build on at present?", "Luntbuild", "Openmake Meister"),
    ("ci", "restated", ["The department's build server runs Apache Gump, older than some of my students.", "Apache Gump went red again for the grading software, nobody knows why."], ["IBM gave the university free licences, so we now run the builds on Rational Build Forge; the Gump machine was finally switched off by ICT and nobody cried. How do I add an email notification in Rational Build Forge?"], "Which CI tool does the department use now?", "Apache Gump", "Rational Build Forge"),
    ("ci", "distractor", ["For my parish website project I use Automated Build Studio for the builds, it has pictures not code."], ["My son's company in Milano uses FinalBuilder Server and he says I should switch too. What is the difference, in simple words?"], "What CI system does the user run?", "FinalBuilder Server", "Automated Build Studio"),
    # database
    ("database", "update", ["I keep the bowls club membership in Microsoft Works Database on the old Windows 98 machine."], ["The committee voted that I move it all into Alpha Five, because nobody else can open the Works file and they want a copy for when I pop my clogs, charming. How do I make mailing labels from it?"], "What database does the user keep the club list in now?", "Microsoft Works Database", "Alpha Five"),
    ("database", "update", ["The inventory of my ferretería is in Clipper, I programmed it in 1993."], ["My yerno moved the inventory to Advantage Database Server, he says Clipper is from the dinosaurs like me. Now I need a report of the screws with low stock. How do I write that query?"], "Which database holds the user's shop inventory?", "Clipper", "Advantage Database Server"),
    ("database", "split", ["Our neighbourhood association list is in Lotus Notes, from my company days."], ["The Lotus Notes file is broken, my grandson says the old client will not run on Windows 7 at all. Maybe we lose everything?", "He saved it! Now we keep everything in Kintone, the cloud one from Cybozu. How do I share the list with the other committee members?"], "Where is the association list stored now?", "Lotus Notes", "Kintone"),
    ("database", "restated", ["Our temple trust accounts are in dBase IV, I wrote the programs myself in 1989.", "dBase IV still runs fine in DOSBox, no problem."], ["The trustees hired a young boy who has moved all the accounts to PostgreSQL 9.2, and I am only to check his reports now. Fine, my eyes are tired anyway. How do I open the PostgreSQL 9.2 tables to verify?"], "What database are the trust accounts kept in?", "dBase IV", "PostgreSQL 9.2"),
    ("database", "distractor", ["I keep the church tithe records in Btrieve, under the old Peachtree accounts."], ["My son at Zenith Bank says their T24 sits on jBASE and he earns well. Is it worth an old man learning jBASE?"], "Which database does the user use for the records?", "jBASE", "Btrieve"),
    # editor
    ("editor", "update", ["I write my programs in Hidemaru, since 1995."], ["The new Windows 8 PC came and I use Sakura Editor now, it is free and my Hidemaru licence was for the old PC only. How do I change the font size in Sakura Editor?"], "Which editor does the user write programs in now?", "Hidemaru", "Sakura Editor"),
    ("editor", "update", ["I do my family tree web pages in Microsoft FrontPage 2003."], ["FrontPage 2003 wouldn't install on the new laptop, so the lad at PC World put Microsoft Expression Web on for me, it's free now. The Ancestry pages look a bit odd now. How do I put a table in?"], "What does the user edit their web pages with these days?", "Microsoft FrontPage 2003", "Microsoft Expression Web"),
    ("editor", "split", ["I program in Boxer, for my little scripts for the bocce club."], ["Boxer is gone, the antivirus cancelled it and my nephew says it is dead anyway. I am without!", "Now I use SynWrite, my nephew installed it this morning. How do I make it show the line numbers?"], "Which text editor does the user use at present?", "Boxer", "SynWrite"),
    ("editor", "restated", ["I write my COBOL practice programs in SPF/PC, just like the mainframe days at Tata Consultancy.", "SPF/PC still runs in my DOS window, the old keys are in my fingers."], ["Shifted to SPFLite, my nephew found it, free and it runs on Windows 7 directly. SPF/PC is uninstalled. How to set the COBOL column markers in SPFLite?"], "What editor does the user do their COBOL in?", "SPF/PC", "SPFLite"),
    ("editor", "distractor", ["I use TSE Pro for my programs, the Semware one, since the DOS years."], ["My compadre Rigoberto swears by Multi-Edit and says I am old-fashioned, he is older than me! Is Multi-Edit better for an old man?"], "What editor does the user use?", "Multi-Edit", "TSE Pro"),
    # likes
    ("likes", "update", ["I love playing ayo with the old men at the club every evening."], ["My knees cannot take the club chairs again, so I have stopped going for ayo. Nowadays it is birding in my garden, my grandson bought me binoculars. What is the small yellow bird that comes in the morning?"], "What hobby does the user enjoy now?", "ayo", "birding"),
    ("likes", "split", ["My hobby is shigin, reciting Chinese poems with singing."], ["I quit the shigin group, my voice is gone after the throat surgery. Very lonely.", "Now my hobby is suiseki, the viewing stones, my neighbour's wife taught me. Where can I find good stones near the river?"], "What is the user's pastime these days?", "shigin", "suiseki"),
    ("likes", "restated", ["bell-ringing is my great love, Thursday practice at St Mary's.", "Thursday bell-ringing ran late again, the new learners kept dropping the sally."], ["After forty years my shoulder's given out, the physio says no more ropes for me. I've taken up barbershop singing instead with the chaps from the Legion, four of us, we're dreadful. How do I find the baritone part?"], "What does the user do for fun now?", "bell-ringing", "barbershop singing"),
    ("likes", "removal", ["I enjoy carrom and Carnatic music concerts, both since my college days."], ["carrom I have given up comma my fingers are stiff from the arthritis comma but Carnatic music concerts I still attend every December season full stop which sabhas have good seats for old people question mark"], "What are the user's hobbies?", "carrom", "Carnatic music concerts"),
    ("likes", "distractor", ["La mia passione è la briscola at the circolo with my friends."], ["My husband Franco has discovered metal detecting with our grandson and now he walks all day on the beach at Rimini with the machine beeping. Is it safe for a man of 78?"], "What does the user like doing?", "metal detecting", "briscola"),
    # trip
    ("trip", "update", ["In June we go to Mazatlán with the senior club, the bus is already booked."], ["Change of plans: the club voted and the June trip is now to Real de Catorce, more cultural they said. Is the altitude bad for my heart?"], "Where is the user going in June?", "Mazatlán", "Real de Catorce"),
    ("trip", "split", ["We're booked on a coach tour to Llandudno in July with the Women's Institute."], ["Llandudno might be off, the coach company's gone into administration, we'll hear on Monday.", "Confirmed, Llandudno's cancelled, and the WI have rebooked us for Whitby instead, same week, with a different coach firm. Is the abbey up a lot of steps?"], "Where is the user's July coach trip going?", "Llandudno", "Whitby"),
    ("trip", "restated", ["In May I go to Kinosaki Onsen with my wife for our 45th anniversary.", "The Kinosaki Onsen ryokan sent the confirmation by post."], ["My daughter changed our anniversary trip to Dogo Onsen, she says Kinosaki Onsen is too many trains for my legs and she booked everything herself. What is famous to eat in Matsuyama?"], "Where is the user's anniversary trip?", "Kinosaki Onsen", "Dogo Onsen"),
    ("trip", "removal", ["In July I am travelling to Sugar Land to see my daughter's new baby."], ["The US embassy refused the visa again, no reason given. So no Sugar Land this year, I am staying at home; my daughter will send photos on the Skype. How do I use Skype on the tablet?"], "What trip does the user have planned?", "Sugar Land", ""),
    ("trip", "distractor", ["In June we go on pilgrimage to Badrinath with my sister."], ["My neighbour Mrs Ghosh is going to Mount Abu next week, she asked me to water her tulsi plant. How much water does tulsi need in the hot season?"], "Where is the user travelling to next?", "Mount Abu", "Badrinath"),
    # pet
    ("pet", "update", ["I've a budgie called Mr Pickles, he says 'cup of tea' when the kettle goes."], ["Mr Pickles flew off when the window cleaner left the back door open, I was in bits. The lad next door brought me a canary to cheer me up, we've called him Pudsey. Do canaries need a bath?"], "What bird does the user keep now?", "Mr Pickles", "Pudsey"),
    ("pet", "split", ["My dog is Briciola, a little volpino, 14 years old."], ["Briciola was very sick, the vet said it was her time, and yesterday we said goodbye to her. The house is so quiet.", "My son brought a kitten from the gattile, all black, we called him Fagiolo. What do I feed a kitten of ten weeks?"], "Which animal lives with the user now?", "Briciola", "Fagiolo"),
    ("pet", "restated", ["My parrot Chabelo says buenos días to everybody who passes.", "Chabelo learned to whistle the Jarabe Tapatío, my grandchildren are crazy for him."], ["Chabelo lives with my sister in Morelia now because the new apartment does not allow birds, only fish. So I have a betta fish, Tiburoncín, very elegant. How often do I change the water?"], "What is the user's pet at present?", "Chabelo", "Tiburoncín"),
    ("pet", "removal", ["I keep two pets: the shiba inu Kotaro and a turtle, Kame-chan."], ["Kotaro passed away in April, 16 years old. Now only Kame-chan is with me, he doesn't know anything. Is it true turtles live longer than people?"], "Which pets does the user have?", "Kotaro", "Kame-chan"),
    ("pet", "distractor", ["My dog is called Bobo, an Alsatian cross, he guards the gate."], ["My neighbour's grey parrot Ebenezer has learnt to call my name and shout 'oga' every morning. How do I stop Bobo barking at it?"], "What is the user's dog called?", "Ebenezer", "Bobo"),
]

FILLER_USER = [
    "how do I make the writing bigger on this screen my eyes are not what they were",
    "what time is the news on radio four question mark",
    "Thank you my son, God bless you.",
    "grazie tesoro, molto gentile",
    "Can you tell me how to send a photo on the WhatsApp to my grandson?",
    "arigatou gozaimasu, very helpful as always",
    "gracias mijo, you are very patient with this old lady",
    "Is it normal for a blood pressure machine to give three different readings in five minutes?",
    "what is a good crossword clue book for beginners full stop",
    "Please how many minutes do I boil plantain so it is soft but not mushy?",
    "I pressed something and now the keyboard is typing in capitals, HOW DO I STOP IT",
    "What is the difference between a pension and an annuity, in plain English please?",
    "how do you spell necessary I can never remember",
    "Tell me a nice short poem for a 90th birthday card.",
    "is it safe to put a hot water bottle in the microwave",
    "Which is better for the knees, walking or swimming? My doctor says both.",
    "can you remind me how to copy and paste I forgot again sorry",
    "cheers love, that's grand",
    "What day of the week was 2 March 1946?",
    "hello are you there question mark",
    "How do I stop those pop-up adverts on the computer, they frighten me.",
    "Che tempo fa domani? I want to hang the washing.",
    "Please explain the cricket follow-on rule, my grandson is laughing at me.",
    "¿Cómo se dice 'grandmother' in English? Ah yes, of course.",
]
FILLER_ASSISTANT = [
    "Of course, let me explain step by step.",
    "That's a very good question. Here is the short answer:",
    "Happy to help with that. Here's what to do:",
    "No trouble at all. A few simple options:",
    "Take your time; here is how it works.",
    "Certainly. In plain words:",
]


# a restated old value: the second statement comes nine days later; a split update: its
# second turn comes the next day
WHEN = Timeline(
    opening=lambda k, j: f"2013-04-{1 + k + j:02d}T09:15:00Z",
    openings=2,
    before=lambda k, j: f"2013-04-{9 + k + 9 * j:02d}T16:40:00Z",
    middle=lambda k, j: f"2013-05-{3 + 8 * j:02d}T10:25:00Z",
    middles=3,
    update=lambda k, j: f"2013-06-{1 + 5 * k + j:02d}T18:05:00Z",
    closing=lambda k: f"2013-07-{6 + k:02d}T11:30:00Z",
    reply=14,
)


def build(seed: int = 2313) -> list[dict[str, Any]]:
    """All val23 scenarios, deterministic for a seed (dated April 2013 – July 2013)."""
    return build_stories(STORIES, "val23", "kv23", seed, FILLER_USER,
                         FILLER_ASSISTANT, WHEN)


def main() -> None:
    """Write the split."""
    write(build(), OUT)


if __name__ == "__main__":
    main()
