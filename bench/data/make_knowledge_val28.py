# ruff: noqa: E501  (hand-written data: one story per line reads best)
"""Writes ``knowledge_val28.jsonl``: a twenty-eighth held-out split of the knowledge-update set.

Written in round 18 by an outside evaluator who never read ``src/``, ``tests/``
or ``docs/`` (``"split": "val28"``). Each story is phrased with its own sentence
shape. Its people are bilingual and code-switch inside English sentences:
Hinglish, Taglish, Spanglish, Singlish/Manglish, Franglais (France and Québec),
Arabizi (Levantine, digits for letters: "3am", "ya3ni", "el 5"), Nigerian Pidgin
and Denglisch. The turns stay mostly English, so a careful English reader can
tell the old value from the new, but they carry the other language's particles
and discourse words ("yaar", "lah", "po", "wallah", "o", "genau", "bueno pues",
"khalas", "tsé"), whole short clauses in the other language ("Wala na akong work",
"Der Touran ist weg", "C'est fini avec Gaëtan"), local date and number habits
(15/11, 30/10, "01/06/1991 is only on papers", French and Lebanese phone formats).

What is hard: the change told through its consequences or in passing inside
chatter ("Mummy is still crying ... since I shifted to Siliguri"; "my access card
kena deactivated already"; "Jio wala offer le liya, so the Airtel number is
band now"); the new value put in a clause of the other language ("Ngayon sipa na ang
hilig ko"; "jetzt lerne ich Sorbian"; "Na CrateDB we dey use now"); removals
said as absences in the other language ("abhi koi manager nahi hai", "no CI du
tout now", "We just stay home this Weihnachten, nothing booked"); a birthday
corrected from a school record or a baptism card; an allergy moved from one allergen
to another after a test; the update split over two turns a day apart (first the
old ends, then the new is named); and relatives, colleagues and friends whose
values are traps: a cousin's NYSC posting, a brother's new employer and new
phone line, a wife's new manager, a tío's new car, a mother's new e-mail, a
flatmate's new language, a girlfriend's birthday, a coloc's editor, a cousin's
freediving, a neighbour's dachshund, a brother's DBMS homework.
The timeline (September – December 2017) is no other split's.
18 slots, 89 stories (4 or 5 a slot): 26 update, 18 split, 16 restated,
11 removal, 18 distractor.

Kinds (``"kind"``): ``update`` (``old`` -> ``new``), ``split`` (the update over
two user turns a day apart), ``restated`` (``old`` said twice, nine days apart,
before the update), ``removal`` (``old`` ends, ``new`` remains or "" when
nothing does), ``distractor`` (``new`` is the user's and stays; ``old`` is a
third party's, said later). In the multi-valued slots (allergy, pet, likes,
language) an update's ``old`` is the value that ended and ``new`` the one that
took its place; a removal's ``new`` is what is left.

    python bench/data/make_knowledge_val28.py   # rewrites the .jsonl next to it
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _knowledge_writer import Story, Timeline, build_stories, write

OUT = Path(__file__).with_name("knowledge_val28.jsonl")

# (slot, kind, earlier user statements, update turns, question, old, new)
STORIES: list[Story] = [
    # home
    ("home", "update", ["Eh I stay in Seremban lah, so balik kampung on weekends only 30 minutes for me"], ["Aiyo finally settled down already. Miri is home now, the company transfer me to the Sarawak office and the lorry with all my barang reached on the 3rd. Got any tips for finding a good kopitiam near my new place?"], "Which town is the user based in now?", "Seremban", "Miri"),
    ("home", "update", ["Yaar I live in Bhilai, steel plant township, everything here shuts by 9 pm"], ["Mummy is still crying on the phone every evening, she says the house in Bhilai feels so empty since I shifted to Siliguri for the new posting. Kya karoon? How do I make her feel better from so far away?"], "Where does the user live these days?", "Bhilai", "Siliguri"),
    ("home", "restated", ["Taga-Tagbilaran po ako, and I still live here, near the port.", "Grabe ang init dito sa Tagbilaran today, brownout pa since 2 pm"], ["Ay update lang po, nasa Tacloban na kami since last month, sinundan ko yung work ni hubby. Ang hirap mag-adjust, everybody talks so fast here. What are basic phrases para makabili ako sa palengke?"], "What city is the user living in at present?", "Tagbilaran", "Tacloban"),
    ("home", "split", ["J'habite à Sherbrooke, tsé, close to the université, I bike everywhere"], ["Bon, c'est fait: the Sherbrooke appartement is empty, keys given back to the proprio this morning. Je dors chez ma soeur ce soir.", "Et voilà, officially living in Rimouski now, the new job at the institut maritime starts lundi. What do I need to change on my permis de conduire when I move?"], "Which city does the user call home now?", "Sherbrooke", "Rimouski"),
    ("home", "distractor", ["I dey live for Osogbo, na here I born and na here I go grow old o"], ["My cousin Tunde don pack go Calabar for im NYSC, im mama dey cry like say na abroad e travel. Abeg wetin I fit send am make e no dey lonely there?"], "Where does the user live?", "Calabar", "Osogbo"),
    # employer
    ("employer", "update", ["Ich arbeite bei Jimdo in Hamburg, website builder, mostly frontend Kram"], ["So, erste Woche bei Personio geschafft! Munich is teuer but the team ist super nett, and I gave my Jimdo laptop back on the 29.9. How do I ask for Homeoffice without sounding lazy during Probezeit?"], "Who does the user currently work for?", "Jimdo", "Personio"),
    ("employer", "restated", ["I'm working at Honestbee, grocery ops, quite shiok lah", "Honestbee got free lunch on Friday, that's why I never complain"], ["Eh my access card for Honestbee kena deactivated already, last day was Friday. Monday onwards I report to PropertyGuru, same kind of role but better pay lah. How to negotiate leave days when I just join?"], "Which company employs the user at the moment?", "Honestbee", "PropertyGuru"),
    ("employer", "removal", ["Nagwo-work ako sa Ayala Land as leasing assistant, sa Makati office"], ["Wala na akong work po, nag-resign ako sa Ayala Land last 30/10 para alagaan si Lola full time. Walang kapalit muna. How do I keep paying my SSS contributions voluntarily?"], "Who is the user's employer?", "Ayala Land", ""),
    ("employer", "split", ["Trabajo en Rappi, ops team in Bogotá, the app never sleeps so neither do I"], ["Bueno pues, renuncié. Today was my last day at Rappi, they even did a despedida con torta.", "And guess what, the offer from Cornershop came through, I start el lunes on their Mexico City ops team. How do I explain on LinkedIn that I only stayed one year at Rappi?"], "Where does the user work now?", "Rappi", "Cornershop"),
    ("employer", "distractor", ["Ana I work at Careem, driver onboarding, Dubai office, yalla always busy"], ["Wallah my brother Karim got in at Anghami!! Ya3ni he'll be working on the music app lol, mama is so proud. Shu I can gift him for his first day?"], "What company does the user work at?", "Anghami", "Careem"),
    # job title
    ("job_title", "update", ["Abhi I'm a Junior Purchase Officer at a cement company, basically the chai-wallah for my seniors"], ["Yaar quick updates, bahut kuch hua:\n- letter came on 15/11, I'm Procurement Executive now, own desk, own vendors, own headache\n- joined a badminton group\n- Papa's knee surgery went fine\nKaise negotiate karun with suppliers who are 30 years older than me?"], "What is the user's current job title?", "Junior Purchase Officer", "Procurement Executive"),
    ("job_title", "update", ["I be Relationship Officer for one bank for Lekki, na account opening and target I dey chase"], ["Oga, dem don move me up o! Branch Service Manager na im dem write for my letter, since last Monday, so no more chasing target. Wetin be the first things I suppose check for the vault procedures?"], "What position does the user hold at the bank now?", "Relationship Officer", "Branch Service Manager"),
    ("job_title", "restated", ["Je suis Assistant Sommelier dans un resto à Lyon, so I taste wine for a living, c'est pas mal", "Being Assistant Sommelier means I polish 300 glasses a night, beaucoup moins glamour"], ["Le chef m'a appelé dans son bureau hier: Paul est parti, and they made me Head Sommelier, effective tout de suite! J'ai dit oui évidemment. How do I build a wine list for a winter menu?"], "What is the user's role at the restaurant now?", "Assistant Sommelier", "Head Sommelier"),
    ("job_title", "split", ["I'm a Dispatcher at a trucking company in El Paso, all day on the radio, güey"], ["No more Dispatcher for me, the jefe pulled me off the radio desk this morning, dijo que tenía otros planes para mí.", "Ya está official: Fleet Supervisor, effective today, con company truck y todo. What do I need to know about DOT inspections?"], "What does the user do at the trucking company now?", "Dispatcher", "Fleet Supervisor"),
    ("job_title", "distractor", ["I'm a Quantity Surveyor lah, construction site every other day"], ["My cousin Jun Hao just passed his training, now he's Air Traffic Controller at Changi, whole family so proud. Is it true they cannot drink coffee before shift ah?"], "What does the user work as?", "Air Traffic Controller", "Quantity Surveyor"),
    # manager
    ("manager", "update", ["Boss ko si Rowena Dimaculangan, strict pero fair naman"], ["Na-transfer si Ma'am Rowena sa Cebu branch, so ang bago kong boss is Ferdinand Tolentino, starting this week. Paano ako magpapakilala nang maayos? Any tips for the first 1:1 with him?"], "Who is the user's boss now?", "Rowena Dimaculangan", "Ferdinand Tolentino"),
    ("manager", "restated", ["Mein Chef ist Jürgen Obermaier, old school, prints every E-Mail", "Jürgen Obermaier hat mir heute wieder ein Fax geschickt, ich schwöre"], ["Team-Reorg ist durch: Annika Vössing leads our team now, Jürgen moved to Stuttgart for some Sonderprojekt. Sie will Jira tickets for everything. Wie schreibe ich gute user stories?"], "Who does the user report to these days?", "Jürgen Obermaier", "Annika Vössing"),
    ("manager", "removal", ["My reporting manager is Sudhir Kulkarni, achha banda hai"], ["Sudhir Kulkarni sir ne resign kar diya and the company decided not to replace him, so abhi koi manager nahi hai, we all report straight into the Monday review. Is that normal in a 15-person startup?"], "Who is the user's manager?", "Sudhir Kulkarni", ""),
    ("manager", "split", ["My manager is Rami Abou Jaoude, he's a good guy bas always late"], ["Khalas, Rami Abou Jaoude left the company today, farewell lunch w kil shi. 3al a2al he paid for the mana2ish lol.", "They announced it this morning: Nour El-Khatib is my manager now, she came from the Riyadh office. Shu ra2yak, any tips for the first meeting with her?"], "Who manages the user right now?", "Rami Abou Jaoude", "Nour El-Khatib"),
    ("manager", "distractor", ["My oga for work na Chinedu Okwuosa, the man get sense sha"], ["My wife new manager, Funmilayo Adeyemi-Cole, don dey give am wahala since she resume. E be like say na she go finish my wife o. How I fit support her without entering their matter?"], "Who is the user's own oga at work?", "Funmilayo Adeyemi-Cole", "Chinedu Okwuosa"),
    # diet
    ("diet", "update", ["Estoy haciendo el Bulletproof Diet, butter in my coffee every morning, don't judge"], ["Bueno pues, the doctor saw my sugar levels and said forget the Bulletproof Diet, ya estoy prediabético. So now I'm doing the Blood Sugar Diet, the 8-week Mosley one, menos carbs en todo. Can you give me a week of comidas that fit?"], "What diet is the user following now?", "Bulletproof Diet", "Blood Sugar Diet"),
    ("diet", "restated", ["Ghar pe we follow an Ayurvedic diet, kapha-balancing and all, mummy is very strict", "Even in hostel I try to stick to the Ayurvedic diet yaar, very difficult with mess food"], ["Gym trainer ne Eat Stop Eat pakda diya, so now it's two 24-hour fasts a week and whatever I want in between, mummy ko mat batana lol. Is it safe to lift on a fasting day?"], "How does the user eat these days?", "Ayurvedic diet", "Eat Stop Eat"),
    ("diet", "removal", ["I'm doing the Military diet now, three days strict then four days off, tuna and hot dogs all"], ["Stopped the Military diet already lah, doc say my gastric cannot take it. Now I just eat normal, breakfast lunch dinner like everybody, no special diet. Which roti is less oily?"], "What diet does the user follow?", "Military diet", ""),
    ("diet", "split", ["I'm on an anti-candida diet depuis six mois, no sugar no bread, my mother thinks I joined a secte"], ["J'arrête l'anti-candida diet, the naturopathe was a charlatan and my bloodwork was catastrophique.", "Nouveau régime: the neurologue suggested the Wahls Protocol for my MS, so that's me now, neuf tasses de légumes par jour. What's a Wahls Protocol breakfast that isn't just kale?"], "Which diet does the user stick to now?", "anti-candida diet", "Wahls Protocol"),
    ("diet", "distractor", ["Buddhist vegetarian kami sa bahay, Tsinoy family, no meat and no garlic or onions"], ["Si ate nag-Starch Solution na, puro kanin at kamote daw, tapos gusto niya sumali ako. Grabe. Is it safe ba talaga to eat that much rice every day?"], "What kind of diet is the user on?", "Starch Solution", "Buddhist vegetarian"),
    # allergy
    ("allergy", "update", ["3andi allergy to sumac, so no fattoush for me, ya 7aram"], ["Tele3o the test results: mish sumac abadan, it's carob! The allergist said the debs kharroub in teta's sweets was the culprit all along. Which foods usually hide carob?"], "What food allergy does the user have, as far as is known now?", "sumac", "carob"),
    ("allergy", "restated", ["I allergic to belacan leh, one spoon of sambal belacan and my face swell", "Last night the zi char uncle put belacan in the kangkong even though I said cannot, sian"], ["Update ah, the skin prick test say belacan actually OK for me, the one causing the swelling is sea cucumber! Every CNY reunion dinner got sea cucumber, walao. What other festive dishes should I avoid?"], "Which allergy does the user have?", "belacan", "sea cucumber"),
    ("allergy", "removal", ["Allergies: urad dal and makhana, so no dosa and no makhana kheer for me, life is sad"], ["Good news yaar, the immunotherapy worked, urad dal doesn't bother me anymore, had three masala dosas at Nani's place with zero rashes. Makhana is still a no-go though. Can you suggest a snack for Navratri fasting without it?"], "Which allergies does the user have?", "urad dal", "makhana"),
    ("allergy", "split", ["Ich habe eine Allergie gegen hazel pollen, February is the worst, Heuschnupfen-Hölle"], ["Der Allergologe sagt: actually not hazel pollen, the test was negative. Verrückt, all these years.", "Next result came today: it's lovage. Liebstöckel! That explains the soups and the Maggi Würze. Which German dishes secretly have lovage in them?"], "What is the user allergic to?", "hazel pollen", "lovage"),
    ("allergy", "distractor", ["I dey react to Septrin o, the drug, my body go just rash everywhere"], ["My small boy get allergy to egusi, the school wan make I fill form. Abeg which other soups I suppose tell dem make dem no give am?"], "What allergy does the user have?", "egusi", "Septrin"),
    # partner
    ("partner", "update", ["Mi novia Yatziri is a vet, she always smells like perro mojado lol"], ["So Yatziri and I are done, se fue a Monterrey and that was that. Ahora ando con Itzel, we met at the salsa night del trabajo, it's been a month already. What's a nice plan for our first posada together?"], "Who is the user's girlfriend now?", "Yatziri", "Itzel"),
    ("partner", "restated", ["Boyfriend ko si Kristoffer, nurse sa St. Luke's", "Si Kristoffer nag-duty ng 16 hours kahapon, kawawa naman"], ["Hay naku, Kristoffer left for the UK for his nursing job and we broke up before he flew. Ngayon si Raffy na, classmate ko nung high school, super sweet. Ano magandang regalo for a monthsary?"], "Who is the user dating now?", "Kristoffer", "Raffy"),
    ("partner", "removal", ["Mon copain Gaëtan et moi, we've been together five years, he's a luthier"], ["C'est fini avec Gaëtan. He kept the apartment, I kept the plants, and honnêtement I'm happy to be single for a while. How do we split the furniture without drama?"], "Who is the user's partner?", "Gaëtan", ""),
    ("partner", "split", ["My bf Wei Jie is doing NS now, only book out on weekends"], ["Broke up with Wei Jie last night lor, after ORD he changed until I don't recognise him.", "Ok don't judge but Thivya from my poly class asked me out today and we're together now. Where to go for a first date that's not a mall?"], "Who is the user in a relationship with at present?", "Wei Jie", "Thivya"),
    ("partner", "distractor", ["Meri wife Aparajita teaches physics at a Kendriya Vidyalaya"], ["Mera best friend Rohan finally introduced us to his girlfriend Tanvika at dinner, yaar she's lovely. What's a good housewarming gift now that they're moving in together?"], "Who is the user married to?", "Tanvika", "Aparajita"),
    # vehicle
    ("vehicle", "update", ["My car is a Perodua Kancil, 2003 one, aircon also half dead"], ["Finally ah, sold the Kancil to my neighbour's son, and on Saturday I collected a Proton Iriz from the showroom, first time I got car with reverse camera. How often should I service it?"], "What car does the user drive these days?", "Perodua Kancil", "Proton Iriz"),
    ("vehicle", "restated", ["I dey drive Peugeot 505, old but e strong", "The Peugeot 505 don start to dey make noise for front again"], ["I don sell that Peugeot 505 give one mechanic for Ladipo, now na Innoson Fox I dey drive, made in Nnewi, support local! How often I go change the oil?"], "Which car does the user have now?", "Peugeot 505", "Innoson Fox"),
    ("vehicle", "removal", ["Wir haben einen VW Touran, seven seats for the Kinder and the dog"], ["Der Touran ist weg, verkauft letzte Woche, and we are car-free now, alles mit Bahn und Bus. Was kostet eine BahnCard 50 für eine Familie?"], "What car does the user's family own?", "VW Touran", ""),
    ("vehicle", "split", ["Ang sasakyan namin is an Isuzu Crosswind, pang-family outing"], ["Binenta na namin yung Isuzu Crosswind kahapon, wala kaming sasakyan for now, commute muna.", "Ayan na, kinuha namin today yung Suzuki Ertiga sa casa, 7-seater din! Ano yung dapat i-check sa first PMS?"], "What vehicle does the user's family have now?", "Isuzu Crosswind", "Suzuki Ertiga"),
    ("vehicle", "distractor", ["Yo manejo un Nissan Tsuru, el clásico, but it's mine and it's paid off"], ["Mi tío se compró un Chevrolet Aveo del año and now he wants me to teach him Waze, órale. How do I set up Waze to avoid toll roads?"], "What does the user drive?", "Chevrolet Aveo", "Nissan Tsuru"),
    # phone
    ("phone", "update", ["My number is +91 98450 31277, put it in the cover letter please"], ["Jio wala offer le liya, so the Airtel number is band now. Naya wala: +91 70220 48613. Resume ke header mein change kar do please?"], "What is the user's phone number now?", "+91 98450 31277", "+91 70220 48613"),
    ("phone", "update", ["Contact me at 9123 4470 can already"], ["Aiyah so many things this week:\n- port-out kena stuck so I gave up and took new line 8276 5519, the old one dead already\n- aircon servicing on the 3rd of next month\n- mum wants steamboat for Christmas\nCan help me draft a message to tell my clients the number?"], "Which mobile number reaches the user?", "9123 4470", "8276 5519"),
    ("phone", "restated", ["Mon portable c'est le 06 71 23 48 90", "Pour le formulaire de la crèche: 06 71 23 48 90, same as always"], ["Changement de numéro! Mon téléphone est tombé dans la Seine (oui, vraiment) and with the new forfait I got 07 68 45 12 39. Can you help me write a text to the crèche with the new number?"], "What is the user's mobile number at present?", "06 71 23 48 90", "07 68 45 12 39"),
    ("phone", "split", ["My line na 0803 517 2296, call me anytime"], ["Thief collect my phone for danfo yesterday, so 0803 517 2296 don block. No call am again o.", "I don get new SIM: 0909 338 2140. Abeg how I go take restore my WhatsApp chats?"], "Which number is the user on now?", "0803 517 2296", "0909 338 2140"),
    ("phone", "distractor", ["My number is +961 3 482 519, call anytime ba3d el 5"], ["Khayye (my brother) got a new line, +961 71 220 934, and now he keeps sending me voice notes 3al WhatsApp. How do I mute one person's voice notes without blocking him?"], "What is the user's phone number?", "+961 71 220 934", "+961 3 482 519"),
    # email
    ("email", "update", ["Meine Mail ist lena.brockhoff@gmx.de, for all the Bewerbung stuff"], ["Hab GMX gekündigt, zu viel Werbung. Alles geht jetzt an l.brockhoff@posteo.de, genau, the posteo one. Can you write a short note for my contacts about the switch?"], "Which e-mail address does the user use now?", "lena.brockhoff@gmx.de", "l.brockhoff@posteo.de"),
    ("email", "update", ["Email ko po is jhunjhun_cute@yahoo.com, since high school pa yan haha"], ["Nakakahiya na kasi yung jhunjhun_cute@yahoo.com for job applications, so gumawa ako ng jun.macaraeg@gmail.com and yun na lang ang chine-check ko. Pa-check naman ng cover letter ko?"], "What is the user's email address these days?", "jhunjhun_cute@yahoo.com", "jun.macaraeg@gmail.com"),
    ("email", "update", ["My uni email is valeria.quispe@ucsm.edu.pe, I check it everyday"], ["Ya me gradué!! The university closed my account, so valeria.quispe@ucsm.edu.pe bounces now. Use vquispe.design@outlook.com para todo please. Can you help me write a portfolio intro?"], "Where should e-mails for the user go now?", "valeria.quispe@ucsm.edu.pe", "vquispe.design@outlook.com"),
    ("email", "split", ["Email me at hafiz.rosli@tmnet.my ok"], ["The ISP closed my old mailbox lah, anything sent to hafiz.rosli@tmnet.my will bounce.", "Ok now using hafizrosli87@gmail.com, only this one. Can you help me set an auto-forward from my office account to it?"], "What e-mail does the user have now?", "hafiz.rosli@tmnet.my", "hafizrosli87@gmail.com"),
    ("email", "distractor", ["my email id is ritika.sabharwal@rediffmail.com, old but gold"], ["Mummy ne finally apna email banaya: kusum.sabharwal1961@gmail.com. Usko Gmail kaise sikhaun? She keeps replying-all to everything"], "What is the user's email address?", "kusum.sabharwal1961@gmail.com", "ritika.sabharwal@rediffmail.com"),
    # birthday
    ("birthday", "update", ["DOB: 01/06/1991, like half my class, haha"], ["Fun fact, Papa ne admission ke time school mein date badal di thi, so 01/06/1991 is only on papers. My real birthday, as per Dadi's diary, is 19/11/1990. Passport renew karwa raha hoon, so please note the real one."], "When was the user born?", "01/06/1991", "19/11/1990"),
    ("birthday", "update", ["My birthday na 12 October, make you no forget o"], ["Wahala dey o! My mama just show me my baptism card, e write 21 October, not 12 October. Na the hospital clerk swap am. So my birthday na 21 October from today, abeg update am."], "When does the user celebrate their birthday?", "12 October", "21 October"),
    ("birthday", "split", ["Je suis née le 14/02/1992, yes Valentine's baby, everybody makes the joke"], ["Bon, scandale familial: my mother found the livret de famille and the 14/02/1992 is faux, the mairie registered it wrong.", "She checked with the maternité: I was born the 15/02/1992, après minuit. So no more Valentine jokes. Change it partout please."], "What is the user's birth date?", "14/02/1992", "15/02/1992"),
    ("birthday", "distractor", ["My birthday is 25 January, always near CNY so kena combine celebrate"], ["Girlfriend birthday is 8 August, one day before National Day, so every year she says the fireworks are for her lol. What gift under 100 bucks ah?"], "When is the user's birthday?", "8 August", "25 January"),
    # language
    ("language", "update", ["Estoy aprendiendo Mixtec because mi abuela is from Tlaxiaco"], ["Dejé el Mixtec, el profe se fue a Oaxaca city, and now I'm doing Purépecha con un grupo en Morelia on Saturdays. Any good Purépecha podcasts?"], "Which language is the user learning now?", "Mixtec", "Purépecha"),
    ("language", "restated", ["Ich lerne Plattdeutsch, weil Oma in Husum only speaks it when she's annoyed", "Plattdeutsch is harder than it looks, so many words that sound English"], ["Hab aufgegeben mit Plattdeutsch, the new job is in Bautzen, also jetzt lerne ich Sorbian, the street signs are bilingual here. How do I learn the dual forms without crying?"], "What language is the user studying these days?", "Plattdeutsch", "Sorbian"),
    ("language", "removal", ["I speak Chavacano and Pangasinan, Chavacano from Mama, Pangasinan from Papa"], ["Sad to say, wala na akong Pangasinan, I forgot it all since Papa passed, I can't even follow my tito on the phone. Chavacano lang talaga ang natira. Para sa CV ko, Chavacano lang ilalagay ko diba?"], "Which languages does the user speak?", "Pangasinan", "Chavacano"),
    ("language", "split", ["3am et3allam Syriac at church on Sundays, Aramaic basically"], ["The Syriac class stopped, el abouna moved to Zahle. Khalas.", "So now ana 3am et3allam Western Armenian with our neighbour Tante Anahid in Bourj Hammoud, Thursdays after work. How do I start with the alphabet?"], "What language is the user learning now?", "Syriac", "Western Armenian"),
    ("language", "distractor", ["I dey learn Urhobo properly now, so my papa people for Ughelli go stop to laugh me"], ["My flatmate don start to learn Dagbani because of im babe from Tamale, e dey play Dagbani audio every morning. How I fit tell am make e use headphone without vex am?"], "What language is the user learning?", "Dagbani", "Urhobo"),
    # ci
    ("ci", "update", ["Office mein we still use Travis Enterprise for the builds, self-hosted, bahut slow hai"], ["Sprint retro notes for the wiki, yaar:\n- Travis Enterprise is switched off, the whole pipeline runs on GitLab Runner now since the code moved to our GitLab anyway\n- standup moved to 10:15\n- Deepak is on leave till 4/12\nHow do I run parallel test jobs there?"], "Which CI does the user's team run builds on now?", "Travis Enterprise", "GitLab Runner"),
    ("ci", "restated", ["We using Probo.CI for the Drupal builds, don't laugh lah", "Probo.CI hang again this morning, whole team cannot deploy"], ["Boss finally approve budget, so all our builds on CloudBees Jenkins Enterprise already, the Probo account we cancel last Friday. How to cache Composer dependencies there?"], "What CI service does the user's team use?", "Probo.CI", "CloudBees Jenkins Enterprise"),
    ("ci", "removal", ["Our CI is OVH CDS, for the small API, cocorico"], ["On a arrêté OVH CDS, the boss said trop compliqué for a team of two. So no CI du tout now, we just run the tests locally before pushing, à l'ancienne. Is that risky?"], "What CI tool does the user's team have?", "OVH CDS", ""),
    ("ci", "split", ["Our builds run on DeployBot, the cheap plan"], ["DeployBot price go up again, so my lead say we migrate out, we turned off DeployBot today.", "Now everything on LambCI, runs inside our own AWS Lambda, damn cheap. Got sample config for a Node project?"], "Where do the user's builds run now?", "DeployBot", "LambCI"),
    ("ci", "distractor", ["Wir nutzen Jenkins Blue Ocean für alle Builds, the new pipeline UI"], ["Mein Kollege aus dem anderen Team schwärmt von Cloud 66, they build and deploy their containers with it. Macht das Sinn für uns, or is it overkill for 5 devs?"], "Which CI server does the user's team currently use?", "Cloud 66", "Jenkins Blue Ocean"),
    # database
    ("database", "update", ["Our inventory app runs on OpenQM, legacy system ng company"], ["Migration done na!! OpenQM is gone, nasa Cloud Spanner na kami kasi multi-branch na. Paano mag-backup ng Cloud Spanner nang hindi dina-down?"], "What database does the user's inventory app use now?", "OpenQM", "Cloud Spanner"),
    ("database", "update", ["Our realtime pricing cache is on Oracle Coherence, w ana b7ebbo kteer"], ["The Oracle licence renewal came in crazy, so w finally this month we moved everything to Infinispan. Bas the config is XML hell, how do I set up a replicated cache?"], "What does the user's realtime pricing cache run on?", "Oracle Coherence", "Infinispan"),
    ("database", "restated", ["En el banco usamos UniVerse, yes it still exists", "UniVerse se cayó otra vez during quincena, imagine the llamadas"], ["Después de 20 años, the bank moved off UniVerse and onto Clustrix this weekend, everything salió bien. How do I tune slow queries there?"], "Which database does the user's bank run on now?", "UniVerse", "Clustrix"),
    ("database", "split", ["We dey use Raima for the app backend"], ["We don comot all the data from Raima, the licence price don too much.", "Na CrateDB we dey use now, e fast well well. How I go monitor am?"], "What database backs the user's app now?", "Raima", "CrateDB"),
    ("database", "distractor", ["At work our main store is Kudu, ad-tech wala scale"], ["Bhai ka DBMS assignment hai, sab FoxPro pe karna hai, kaunse zamane ka college hai. Can you explain indexes simply so I can teach him?"], "What database does the user use at work?", "FoxPro", "Kudu"),
    # editor
    ("editor", "update", ["I code in HippoEDIT, simple enough for me"], ["HippoEDIT keep crashing on my office PC so I switch to Notepad3 already, been using it whole week. How to enable the code folding?"], "Which editor does the user code in now?", "HippoEDIT", "Notepad3"),
    ("editor", "update", ["Ich code in NEdit, oldschool, I know"], ["Neuer Laptop, neues Glück: on Linux Mint I'm using Xed now, NEdit is gone with the old machine. Wie richte ich Syntax-Highlighting für Python ein?"], "What editor does the user use now?", "NEdit", "Xed"),
    ("editor", "restated", ["Main Zeus IDE use karta hoon, Windows pe light hai", "Zeus IDE mein macros record kar raha tha kal"], ["Senior ne Nuclide dikhaya, the Hack support dekh ke dil khush ho gaya, so ab main Nuclide pe hoon. How do I set up remote editing?"], "Which text editor does the user work in these days?", "Zeus IDE", "Nuclide"),
    ("editor", "split", ["Uso JED para todo, it's ancient but whatever"], ["Bye JED, lo desinstalé hoy, the Spanish keyboard kept breaking it.", "Me pasé a Howl, written in Lua y muy rápido. How do I open the file browser?"], "Which editor does the user write code in now?", "JED", "Howl"),
    ("editor", "distractor", ["J'utilise SubEthaEdit, depuis toujours"], ["Mon coloc ne jure que par Oni maintenant, he says it's neovim but prettier. C'est vrai? Should I even care?"], "What is the user's editor?", "Oni", "SubEthaEdit"),
    # likes
    ("likes", "update", ["Adik ako sa Mobile Legends, rank grind every night"], ["Tinigil ko na ang Mobile Legends, sayang oras. Ngayon sipa na ang hilig ko, twice a week with the tropa sa barangay court. What stretching should I do before playing?"], "What does the user enjoy doing now?", "Mobile Legends", "sipa"),
    ("likes", "restated", ["I like okwe well well, na me be champion for my street", "Yesterday I beat three people for okwe back to back"], ["I no dey play okwe again o, now na rollerblading I dey do every Saturday with my guys. How I fit stop without falling?"], "What is the user's hobby these days?", "okwe", "rollerblading"),
    ("likes", "removal", ["Hobbies: canoe polo and orchid growing, my balcony is full of Vandas"], ["Canoe polo no more lah, shoulder injury, doctor say cannot paddle already. Still doing my orchid growing though, any good fertiliser for Dendrobiums?"], "What are the user's hobbies?", "canoe polo", "orchid growing"),
    ("likes", "split", ["Weekends = gully cricket with the building boys, tennis ball and all"], ["Gully cricket band, the society secretary banned it after the window broke.", "So now we play kabaddi every evening on the mud ground behind the temple, I'm getting addicted. How to improve my raids?"], "What does the user do for fun now?", "gully cricket", "kabaddi"),
    ("likes", "distractor", ["I'm into darbuka drumming, I play at weddings sometimes"], ["Ibn 3ammi is obsessed with freediving now, he wants me to join him in Batroun every Friday. Kif bi2oul la2 without upsetting him?"], "What does the user like doing?", "freediving", "darbuka drumming"),
    # trip
    ("trip", "update", ["Para diciembre we're going to San Cristóbal de las Casas, ya tengo los boletos"], ["Cambio de planes: San Cristóbal de las Casas se canceló, the airline dropped the route, so we're flying to Pucón instead for December. What do I pack for the volcano hike?"], "Where is the user going in December?", "San Cristóbal de las Casas", "Pucón"),
    ("trip", "restated", ["Year-end trip to Krabi with my gang, confirm already", "Krabi hotel booking done, got pool villa somemore"], ["Krabi cancel lah, the flight time changed until so teruk. We change to Vang Vieng, same dates. Need visa or not for Malaysians?"], "Where is the user's year-end trip now?", "Krabi", "Vang Vieng"),
    ("trip", "removal", ["Im Dezember fahren wir nach Rovaniemi, Weihnachtsmann und Polarlichter für die Kids"], ["Rovaniemi ist abgesagt, my husband's Schicht got changed and there's no way. We just stay home this Weihnachten, nothing booked. How do I explain it to two sad kids?"], "What trip is the user planning?", "Rovaniemi", ""),
    ("trip", "split", ["Diwali ke baad Hampi trip hai with college friends, bouldering and ruins"], ["Hampi trip cancel, two people dropped out and the hostel didn't refund, bakwaas.", "New plan fixed: Varkala, same long weekend, cliff and beach. What should I pack for the cliff walk?"], "Where is the user travelling for the long weekend?", "Hampi", "Varkala"),
    ("trip", "distractor", ["Camiguin kami sa December, diving lessons naka-book na"], ["Yung officemate ko pupunta ng Batanes next month, ang ganda ng pics na pinapakita niya. Okay ba doon kapag December, malakas ba hangin?"], "Where is the user heading next?", "Batanes", "Camiguin"),
    # pet
    ("pet", "update", ["Ma chatte Croquette sleeps on my keyboard all day"], ["Croquette est morte la semaine dernière, 16 ans 😢. My daughter convinced me to adopt a lapin, she's called Pistache. What vegetables can a rabbit eat?"], "What pet does the user have now?", "Croquette", "Pistache"),
    ("pet", "restated", ["Mi perrita Canela is a chihuahua with attitude", "Canela bit the mailman otra vez, ay Dios"], ["Canela se fue a vivir con mi mamá en Puebla because the new depa doesn't allow dogs. Ahora tengo un periquito llamado Pancha, she already says 'hola'. What seeds are best for a parakeet?"], "Which pet lives with the user now?", "Canela", "Pancha"),
    ("pet", "removal", ["Do kutte hain ghar pe, Bholu and Sheru, both desi indies"], ["Sheru ko Nana ji ke farm pe bhej diya, usko space chahiye tha. Ab sirf Bholu hai ghar pe, aur woh bahut udaas hai. How to keep a lonely dog busy?"], "Which pets does the user have?", "Sheru", "Bholu"),
    ("pet", "split", ["My dog Rambo dey guard the compound like soja"], ["Rambo don die o, e chop poison wey dem throw over the fence. I dey vex.", "My uncle don give me one puppy, I name am Ajala because e like to waka. Which vaccine e suppose take first?"], "What is the user's dog called now?", "Rambo", "Ajala"),
    ("pet", "distractor", ["Meine Katze heißt Krümel, total verwöhnt"], ["Der Dackel vom Nachbarn, Waldi, kommt jeden Tag in unseren Garten und Krümel flippt aus. How do I keep the dog out without fighting with the Nachbar?"], "What's the name of the user's pet?", "Waldi", "Krümel"),
]

FILLER_USER = [
    "yaar how long to pressure cook rajma, 4 whistles enough?",
    "ok ok thanks po!",
    "Genau, that's what I needed, danke",
    "bueno pues, what's the difference between a Roth and a normal IRA?",
    "can explain compound interest simple simple or not lah",
    "Abeg how I go remove rust from my gate?",
    "wallah I can't sleep, any tips that aren't chamomile?",
    "c'est quoi la différence between affect and effect, I always mix them",
    "merci, parfait",
    "how many grams is one cup of sugar, my tita's recipe uses cups",
    "Is 25/12 a public holiday everywhere or just some countries?",
    "ok noted, thanks ah",
    "How do I write a polite leave application, chhutti for two days?",
    "órale, that helped, gracias",
    "wetin be the difference between APR and interest rate?",
    "Kannst du mir erklären how a Steuererklärung refund works, roughly?",
    "what's a good 10-minute workout I can do before office",
    "sige, thanks!",
    "khalas, got it, shukran",
    "how to unclog the sink without calling the plumber, he charge too much",
    "Is it normal for a laptop battery to drop 10% in 20 minutes?",
    "how do I convert 1,50,000 rupees to dollars roughly",
]
FILLER_ASSISTANT = [
    "Sure! Here's the short version.",
    "Happy to help, here's what I'd do:",
    "Good one. A few pointers:",
    "Of course. Quick rundown:",
    "No problem at all, try this:",
    "Here's a simple way to think about it.",
]


# a restated old value: the second statement comes nine days later; a split update: its
# second turn comes the next day
WHEN = Timeline(
    opening=lambda k, j: f"2017-09-{2 + k + j:02d}T07:40:00Z",
    openings=2,
    before=lambda k, j: f"2017-09-{8 + k + 9 * j:02d}T20:25:00Z",
    middle=lambda k, j: f"2017-10-{5 + 7 * j:02d}T12:15:00Z",
    middles=3,
    update=lambda k, j: f"2017-11-{2 + 5 * k + j:02d}T18:30:00Z",
    closing=lambda k: f"2017-12-{4 + k:02d}T10:05:00Z",
    reply=13,
)


def build(seed: int = 2817) -> list[dict[str, Any]]:
    """All val28 scenarios, deterministic for a seed (dated September – December 2017)."""
    return build_stories(STORIES, "val28", "kv28", seed, FILLER_USER,
                         FILLER_ASSISTANT, WHEN)


def main() -> None:
    """Write the split."""
    write(build(), OUT)


if __name__ == "__main__":
    main()
