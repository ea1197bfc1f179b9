# ruff: noqa: E501  (hand-written data: one story per line reads best)
"""Writes ``knowledge_val8.jsonl``: an eighth held-out split of the knowledge-update set.

Written in round 9 as a fresh held-out set nobody tuned on (``"split": "val8"``):
its stories are never looked at while tuning, only measured. The phrasings were
written new, the way people chat with an assistant: lowercase, typos, emoji,
non-native English ("the hotel give me day job"), idioms ("the chapter is
closed", "on the shelf for now"), the new value in another sentence than the
change, updates buried in a longer message (a Slack welcome note, a design doc,
a CV), corrections of a wrong date or a wrong allergy, and third parties (little
brother, roommate, old college roommate, dad, colleague, a friend's startup) as
distractors. The old value is first stated in varied ways too ("greetings from
rainy Galway", "our flat in tartu", "there's something with me and shellfish").
Values and filler are new; the timeline (February–May 2023) is no other
split's. 18 slots, 3 stories each: 30 update, 6 split, 6 restated, 6 removal,
6 distractor.

Kinds (``"kind"``): ``update`` (``old`` -> ``new``), ``split`` (the update over
two user turns a day apart), ``restated`` (``old`` said twice, days apart,
before the update), ``removal`` (``old`` ends, ``new`` remains or "" when
nothing does), ``distractor`` (``new`` is the user's and stays; ``old`` is a
third party's).

    python bench/data/make_knowledge_val8.py   # rewrites the .jsonl next to it
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _knowledge_writer import Story, Timeline, build_stories, write

OUT = Path(__file__).with_name("knowledge_val8.jsonl")

# (slot, kind, earlier user statements, update turns, question, old, new)
STORIES: list[Story] = [
    # home
    ("home", "update", ["greetings from rainy Galway ☔ third day of drizzle in a row"], ["anyway the lease in galway ran out and we grabbed a place in Porto, rent is half and there is actual sun 🌞"], "which city does the user live in now?", "Galway", "Porto"),
    ("home", "restated", ["our flat in tartu is tiny but cosy", "Tartu in winter = dark at 3pm, send help"], ["so the new job came with relocation help and we said yes... we live in Vilnius since last month, still hunting for a decent bakery"], "Where is the user's home these days?", "Tartu", "Vilnius"),
    ("home", "distractor", ["Been living in Graz for ages, cant imagine leaving"], ["my little brother just signed for an apartment in Innsbruck, I'm helping him carry a sofa up 4 floors on sat 😅"], "Which city does the user live in?", "Innsbruck", "Graz"),
    # employer
    ("employer", "update", ["currently at Siemens Healthineers, imaging software"], ["Heads-up for when we redo my CV: the Siemens Healthineers chapter is closed. I joined Philips in March, same field, way less bureaucracy"], "Which company does the user work for now?", "Siemens Healthineers", "Philips"),
    ("employer", "split", ["my company is Spotify, podcast ads team"], ["handed in my laptop at spotify today. weird feeling after 5 yrs", "and on monday I start at Deezer!! small team, big plans"], "Who is the user's employer these days?", "Spotify", "Deezer"),
    ("employer", "removal", ["I do weekend shifts at Lidl to pay for uni"], ["quit Lidl finally, exams matter more. no job at all right now, living off savings and my mum's lasagne"], "Where does the user work at the moment?", "Lidl", ""),
    # job title
    ("job_title", "update", ["Im a junior copywriter at an ad agency"], ["they made me creative director?!?! skipped like two levels, my imposter syndrome is screaming"], "What is the user's job title now?", "junior copywriter", "creative director"),
    ("job_title", "update", ["I am night porter in a hotel close to the station."], ["From this month the hotel give me day job, I am concierge now, finally I can sleep in the night like normal person"], "What does the user do for work now?", "night porter", "concierge"),
    ("job_title", "restated", ["paralegal life: 200 pages of discovery before lunch", "being a paralegal means I know every stapler in this building"], ["passed the bar!! 🎓 so I'm an associate attorney at the firm now, same desk though lol"], "What's the user's position these days?", "paralegal", "associate attorney"),
    # manager
    ("manager", "update", ["my boss here is called Tuomas, very finnish, very quiet"], ["Tuomas went on parental leave for a year, so Leocadia is running our team in the meantime and I report to her"], "Who is the user's boss right now?", "Tuomas", "Leocadia"),
    ("manager", "update", ["Anneliese manages me, she's fine I guess"], ["can u help me word a welcome message for slack? our new head of eng Obinna takes over my team from anneliese on monday, so he's my manager from then on"], "Who manages the user now?", "Anneliese", "Obinna"),
    ("manager", "split", ["I'm in Grigor's team, he's my line manager."], ["Grigor handed in his notice today, last day is Friday 😬", "they announced it this morning: Pilar is my new line manager, she came over from the Dublin office"], "Who is the user's line manager at present?", "Grigor", "Pilar"),
    # diet
    ("diet", "update", ["lacto-ovo vegetarian for 3 years now 🥚🧀"], ["so after that documentary I went fully plant-based, no eggs or cheese either. vegan for two weeks and counting"], "What diet does the user follow now?", "lacto-ovo vegetarian", "vegan"),
    ("diet", "update", ["My doctor has me on a low-carb diet."], ["low-carb made me tired all the time... the dietitian moved me to the Mediterranean diet and honestly it is way easier to stick with"], "Which diet is the user following these days?", "low-carb", "Mediterranean"),
    ("diet", "distractor", ["I eat gluten-free because of my coeliac disease"], ["my roommate started the carnivore diet lmao, the fridge is just steak now"], "What does the user eat?", "carnivore", "gluten-free"),
    # allergy (multi-valued)
    ("allergy", "update", ["there's something with me and shellfish, I get hives every time"], ["news from the allergy clinic: shellfish is fine actually!! the hives were from sesame, it showed up in the tests"], "What is the user allergic to?", "shellfish", "sesame"),
    ("allergy", "update", ["penicillin allergy, just so u know, in case I ever ask about antibiotics"], ["Turns out my penicillin allergy was never real, they tested me properly in hospital. The one I do react to is sulfa drugs, that's what's on my chart now"], "Which drug allergy does the user have?", "penicillin", "sulfa"),
    ("allergy", "removal", ["I'm allergic to cats and dust mites, my life is antihistamines"], ["new mattress covers + the immunotherapy = no more reaction to dust mites!! still can't be near cats though, sneezing within 5 min"], "What allergies does the user have now?", "dust mites", "cats"),
    # partner
    ("partner", "update", ["me and my bf Lorcan are going to IKEA this weekend, pray for us"], ["Lorcan and I split up in the spring. I'm seeing someone new, her name is Yevgenia and she's a paramedic 😍"], "Who is the user dating now?", "Lorcan", "Yevgenia"),
    ("partner", "update", ["My wife Hiroko says hi!"], ["Hiroko and me, we divorce last year. Since the Christmas I am with Beatriz, we maybe plan to marry"], "Who is the user's partner now?", "Hiroko", "Beatriz"),
    ("partner", "distractor", ["my husband Ravindra is cooking dinner tonight 🍛"], ["caught up with my old college roommate, she's engaged to a guy called Fitzgerald and I've never even heard of him lol"], "Who is the user married to?", "Fitzgerald", "Ravindra"),
    # pet (multi-valued)
    ("pet", "update", ["we have a hamster, her name is Noodle"], ["Noodle died last month 😢 the kids wanted a new pet asap so there's a guinea pig called Biscotti living in her old cage"], "What pet does the user have now?", "Noodle", "Biscotti"),
    ("pet", "update", ["my cat Tofu sleeps on my keyboard all day"], ["tofu lives with my mom now (she was lonely after dad passed). I adopted a cat for myself from the shelter, she's called Paprika"], "What's the name of the user's cat now?", "Tofu", "Paprika"),
    ("pet", "removal", ["There are two parrots in our house, Zazu and Kiwi."], ["Kiwi flew out the balcony door on Tuesday and never came back. Only Zazu is left, he's very quiet without her"], "Which pets does the user have now?", "Kiwi", "Zazu"),
    # vehicle
    ("vehicle", "update", ["I get around in an old Skoda Fabia"], ["RIP skoda fabia, the gearbox died on the motorway. bought a second-hand Hyundai i30, only 40k km on it"], "What car does the user drive now?", "Skoda Fabia", "Hyundai i30"),
    ("vehicle", "restated", ["my Toyota Yaris is parked right outside, why?", "the Toyota Yaris needs new tyres again, ugh"], ["I traded the Toyota Yaris for a Tesla Model 3 last weekend, first time driving electric and it is SO quiet"], "Which car does the user own these days?", "Toyota Yaris", "Tesla Model 3"),
    ("vehicle", "removal", ["I ride a Vespa to work every day 🛵"], ["the Vespa got stolen from outside the office and insurance won't pay much. not buying another one, I take the tram now"], "What vehicle does the user have?", "Vespa", ""),
    # email
    ("email", "update", ["you can email me on jonas.berg88@hotmail.com"], ["fyi I finally ditched hotmail, my address is jonas@bergphoto.se now, looks more professional for clients"], "What is the user's email address now?", "jonas.berg88@hotmail.com", "jonas@bergphoto.se"),
    ("email", "update", ["my mail is aiko_t@outlook.jp"], ["Please from now use aiko.tanaka@icloud.com. The outlook one is full with spam, I don't open it anymore"], "Which email address does the user use now?", "aiko_t@outlook.jp", "aiko.tanaka@icloud.com"),
    ("email", "split", ["Email me at d.mensah@unisa.ac.za for anything uni related"], ["graduated!! the uni account gets wiped in a week, so that address stops working", "my personal one is kofi.mensah@gmail.com, use that from now on"], "Where should the user be emailed now?", "d.mensah@unisa.ac.za", "kofi.mensah@gmail.com"),
    # phone
    ("phone", "update", ["my number: 07700 900412"], ["changed networks and couldn't keep the number, annoying. it's 07700 900786 now"], "What is the user's phone number now?", "07700 900412", "07700 900786"),
    ("phone", "update", ["Mobile +33 6 12 45 78 90"], ["I live in Canada now, the French number is cancelled. Write this one pls: +1 438 555 0129"], "Which number should be used to call the user?", "+33 6 12 45 78 90", "+1 438 555 0129"),
    ("phone", "distractor", ["reach me on 0161 496 0753"], ["my dad keeps losing his mobile so I'm noting his landline here: 0161 496 0218, that's the house phone at his place"], "What's the user's phone number?", "0161 496 0218", "0161 496 0753"),
    # birthday
    ("birthday", "update", ["bday's on the 2nd of August 🎂"], ["ok funny story, my mum dug out my birth certificate and it says the 12th of September. the August date was when I got registered or something?? 30 years celebrating the wrong day lol"], "When is the user's birthday?", "2nd of August", "12th of September"),
    ("birthday", "update", ["I was born February 17."], ["sorry i mixed it up, February 17 is my cousin. My own birthday is April 8, please fix it"], "What is the user's date of birth?", "February 17", "April 8"),
    ("birthday", "distractor", ["My birthday is 21 December, right before xmas so everyone forgets it"], ["my colleague's birthday is 5 October and the team asked me to organise the cake, any ideas?"], "When was the user born?", "5 October", "21 December"),
    # language
    ("language", "update", ["currently learning japanese, hiragana done ✅"], ["japanese is on the shelf for now, my company is sending me to São Paulo next year so Portuguese comes first"], "Which language is the user learning now?", "japanese", "Portuguese"),
    ("language", "update", ["I'm taking Mandarin classes twice a week."], ["Stopped Mandarin, the teacher moved away. Now I learn Greek with a neighbour from Crete, and in exchange I help her with her English"], "What language is the user studying these days?", "Mandarin", "Greek"),
    ("language", "split", ["learning Swahili for my volunteering trip"], ["the volunteering got cancelled so Swahili is over for me", "picked up Korean instead, my daughter is obsessed with k-dramas so we learn together"], "Which language is the user learning at the moment?", "Swahili", "Korean"),
    # database
    ("database", "update", ["our app's on MySQL 5.7, don't judge"], ["we migrated from MySQL to YugabyteDB over the long weekend, zero downtime somehow 🙏"], "What database does the user's app run on now?", "MySQL", "YugabyteDB"),
    ("database", "restated", ["Our main store is Cassandra.", "Cassandra compaction ate the disk again last night"], ["Long message sorry. Context for the design doc I need help with: we retired Cassandra in Q1 and all the event data goes to DynamoDB now. Can you help me write the intro paragraph?"], "Which database holds the user's team's event data?", "Cassandra", "DynamoDB"),
    ("database", "distractor", ["we keep everything in Supabase"], ["my friend's startup runs on Firebird, didn't even know that was still alive"], "What database does the user's team use?", "Firebird", "Supabase"),
    # ci
    ("ci", "update", ["CI is Travis CI, yes still in 2023"], ["killed travis ci at last 🎉 everything is on Semaphore now, builds went from 20 min to 6"], "What CI does the user's team run now?", "Travis CI", "Semaphore"),
    ("ci", "update", ["We build with TeamCity."], ["Company policy changed, we must use Bamboo now because we are all-in on Atlassian, the TeamCity licence is not renew."], "Which CI system does the user's team use these days?", "TeamCity", "Bamboo"),
    ("ci", "split", ["our pipelines run in Drone"], ["drone is being decommissioned this week, orders from ops", "every repo got moved onto Woodpecker CI yesterday, the pipelines look almost identical"], "Where do the user's pipelines run now?", "Drone", "Woodpecker CI"),
    # editor
    ("editor", "update", ["sublime text has been my editor since forever"], ["tried Pulsar for a week because of the packages and I'm not going back to sublime text"], "Which editor does the user use now?", "sublime text", "Pulsar"),
    ("editor", "update", ["I'm an Eclipse person, Java all day"], ["the team standardised on IntelliJ IDEA and tbh I don't miss Eclipse one bit"], "What IDE does the user work in these days?", "Eclipse", "IntelliJ IDEA"),
    ("editor", "restated", ["notepad++ is all I need", "notepad++ crashed and ate my notes grr"], ["my nephew set me up with VSCodium, I use it instead of notepad++ now, the plugins are nice"], "What does the user edit code in now?", "notepad++", "VSCodium"),
    # trip
    ("trip", "update", ["we're doing Kyoto in October 🍁"], ["hotel prices in Kyoto during the autumn leaves are insane, so we changed it to Seoul, still October"], "Where is the user travelling in October?", "Kyoto", "Seoul"),
    ("trip", "split", ["Trip to Havana booked for Easter!"], ["Havana is cancelled, the tour operator went bust 😤", "rebooked: Easter in Cartagena, Colombia. fingers crossed this one actually happens"], "Where is the user going for Easter?", "Havana", "Cartagena"),
    ("trip", "removal", ["planning an Iceland road trip in June"], ["scrapped the Iceland thing, my passport expired and the renewal takes months. staying home this summer"], "What trip has the user got planned?", "Iceland", ""),
    # likes (multi-valued)
    ("likes", "restated", ["I'm obsessed with pottery", "pottery class tonight, making another wonky mug"], ["sold my wheel. pottery was fun but I'm all about rock climbing now, three times a week at the gym"], "What hobby is the user into now?", "pottery", "rock climbing"),
    ("likes", "removal", ["I like chess and knitting"], ["deleted my chess app, too addictive and I was losing sleep. still knitting though, on my 4th scarf 🧶"], "What are the user's hobbies now?", "chess", "knitting"),
    ("likes", "update", ["big fan of trail running, out on the hills every sunday"], ["knee surgery = no more trail running for me 😔 the physio pushed me into open-water swimming and I'm hooked"], "What sport does the user do now?", "trail running", "open-water swimming"),
]

FILLER_USER = [
    "how long do boiled eggs keep in the fridge?",
    "what's the difference between affect and effect",
    "Give me three names for a book club",
    "is it rude to reply-all to say thanks?",
    "translate 'see you tomorrow' into Italian",
    "thx!!",
    "How many tablespoons are in a quarter cup?",
    "why is the sky orange at sunset, short answer pls",
    "Suggest a stretch for a stiff neck",
]
FILLER_ASSISTANT = [
    "Here's a quick answer.",
    "You're very welcome 🙂",
    "Sure, a few options below.",
    "Good one. In short:",
    "Happy to, here it is.",
]


# a restated old value: the second statement comes nine days later; a split update: its
# second turn comes the next day
WHEN = Timeline(
    opening=lambda k, j: f"2023-02-{3 + k + j:02d}T10:05:00Z",
    openings=2,
    before=lambda k, j: f"2023-02-{10 + k + 9 * j:02d}T20:40:00Z",
    middle=lambda k, j: f"2023-03-{6 + 5 * j:02d}T12:20:00Z",
    middles=3,
    update=lambda k, j: f"2023-04-{2 + 4 * k + j:02d}T18:10:00Z",
    closing=lambda k: f"2023-05-{10 + k:02d}T08:45:00Z",
    reply=7,
)


def build(seed: int = 8) -> list[dict[str, Any]]:
    """All val8 scenarios, deterministic for a seed (dated February–May 2023)."""
    return build_stories(STORIES, "val8", "kv8", seed, FILLER_USER,
                         FILLER_ASSISTANT, WHEN)


def main() -> None:
    """Write the split."""
    write(build(), OUT)


if __name__ == "__main__":
    main()
