"""Example values per value kind, for :mod:`.kinds` (written for it, not taken from any bench).

Each kind is a varied list of the values people say: common and rare, several
countries and languages, some in lower case. ``word`` is what is *no* value: the
ordinary words a reader picks up by mistake (adverbs, pronouns, sign-offs,
feelings, generic nouns). ``app`` is software or a service that is none of the
developer tools (a chat app, a spreadsheet, a ride-hailing service).
tests/test_claims_kinds.py checks that no example equals a value of the bench data.
"""

from __future__ import annotations

__all__ = ["EXAMPLES"]

_PLACE = """
Accra|Quito|Bogotá|Guadalajara|Monterrey|Winnipeg|Anchorage|Albuquerque|Omaha|
Pittsburgh|Raleigh|Cardiff|Belfast|Toulouse|Freiburg|Leipzig|Dresden|Basel|
Lausanne|Turin|Bologna|Naples|Braga|Brno|Uppsala|Izmir|Haifa|Amman|Muscat|Pune|
Chennai|Kochi|Jaipur|Lahore|Dhaka|Colombo|Kathmandu|Chiang Mai|Da Nang|Cebu|Bandung|
Penang|Busan|Sapporo|Fukuoka|Chengdu|Kaohsiung|Tasmania|Queensland|Bavaria|Tuscany|
Andalusia|Brittany|Provence|Yorkshire|Ontario|Manitoba|Texas|Oregon|Vermont|Patagonia|
Portugal|Morocco|Kenya|the suburbs|the countryside|downtown|the coast|a small village|
the east side|new zealand|sao paulo|heidelberg|the netherlands
"""

_ORG = """
Nokia|SAP|Bayer|BASF|Renault|Michelin|L'Oréal|Danone|Carrefour|Maersk|Novo Nordisk|Lego|
Volvo Group|Tata Consultancy|Wipro|Reliance|Samsung|LG|Sony|Toyota Motor|Hitachi|
Alibaba|Tencent|Baidu|IBM|Dell|HP|Cisco|McKinsey|Bain|EY|Goldman Sachs|JPMorgan|
Barclays|HSBC|Santander|ING|Rabobank|Allianz|AXA|Aviva|Vodafone|Telefónica|Orange|BT|
the NHS|the city council|the university|a law firm|a startup|an agency|Walmart|Target|
Costco|Starbucks|McDonald's|Pfizer|the Red Cross|UNICEF|Médecins Sans Frontières|
a hospital|the bank|acme corp|doordash|grab|gojek|mercado libre|naver|kakao|aldi|tesco
"""

_PERSON = """
Mohammed|Sanjay|Deepa|Ananya|Wei|Mei|Jun|Haruto|Sakura|Min-jun|Ji-woo|Thanh|Linh|
Somchai|Ngozi|Ama|Thabo|Zanele|Wanjiru|Segun|Lars|Astrid|Mikkel|Freya|Matthias|
Katrin|Giulia|Francesca|Luca|Lucía|Javier|Diego|Inês|João|Margarida|Pierre|
Camille|Élodie|Théo|Agnieszka|Piotr|Kasia|Anastasia|Sean|Niamh|Hamish|Bethany|Kayla|
Tyler|Dakota|Maria|Dr. Reyes|Mr. Patel|Ms. Okafor|Professor Lindqvist|Jean-Luc|Mary Ann|
emily|josh|kevin|steph
"""

_VEHICLE = """
Honda Accord|Volkswagen Polo|Citroën C3|Renault Mégane|Alfa Romeo Giulia|BMW 3 Series|
Mercedes C-Class|Hyundai Ioniq|Mitsubishi Outlander|Chevrolet Silverado|
Ford F-150|Ram 1500|Land Rover Defender|Range Rover|Porsche Cayenne|Lexus RX|Jaguar XE|
Lucid Air|Smart Fortwo|a Vespa|a motorbike|a scooter|a cargo bike|an e-bike|a campervan|
a pickup truck|a hatchback|an SUV|a minivan|a station wagon|a Ducati|a Harley|
a Yamaha MT-07|prius|corolla|civic|camry|yaris
"""

_EDITOR = """
Visual Studio Code|Rider|Jupyter|micro editor|acme editor|vscode|nvim|
sublime|MacVim|gVim|LunarVim|AstroNvim|Cloud9|Theia|Eclipse Che|EditPlus|
Arduino IDE|MonoDevelop|Lazarus|Delphi|Turbo Pascal|Godot editor|Lite XL|Positron|
Windsurf|CodeSandbox|StackBlitz|mg|joe|vis|pico
"""

_DATABASE = """
Firebase Realtime Database|Solr|etcd|LevelDB|RocksDB|Derby|Vertica|Aurora|
Turso|dynamo|Apache Pinot|QuestDB|VictoriaMetrics|
TigerGraph|Memgraph|Pinecone|Weaviate|Milvus|Qdrant|Chroma|pgvector|PouchDB|IndexedDB|
Berkeley DB|HBase|Bigtable|Spanner|Azure SQL|Amazon RDS|Neptune|KeyDB|Dragonfly|Valkey|
EdgeDB|Xata|MotherDuck|Cloud SQL
"""

_CI = """
CodePipeline|Argo CD|Forgejo Actions|Earthly|Dagger|Vercel builds|Netlify builds|
Bazel remote builds|GitHub workflows|GitLab runners|Strider|
Bamboo Server|TeamCity Cloud|Depot|Blacksmith|RWX Mint|Flux CD|Octopus Deploy|
Xcode Cloud|Fastlane|Agola|Kraken CI|Travis Pro|gh actions|Abstruse|Cirrus|
Tekton Pipelines|Cloud Build|a self-hosted runner|our own build server
"""

_DIET = """
Okinawan|Levantine|Scandinavian|Cretan|the Okinawa diet|Nordic|
the Scarsdale diet|the Ornish diet|grain-free|the GAPS diet|
nightshade-free|soft food diet|low-purine|
ketogenic|low carb|low-fat|lactose-free|jain|sugar-free|alkaline|
lacto-ovo|no red meat|no meat|meat-free|
calorie counting|the zone diet|the South Beach diet|clean eating|juice cleanse|
vegetariano|végétarien|vegetarisch|vegetarian diet|strict vegan|no carbs|carb cycling|
zero carb|ovo-lacto|low sodium|low salt|diabetic diet|the blood type diet|plant-forward|
eggetarian|no pork|no gluten
"""

_ALLERGEN = """
pecans|macadamias|soya|wheat|dairy|lactose|prawns|lobster|oysters|fish|
salmon|cod|bananas|peaches|apples|tomatoes|mold|cat dander|dog hair|msg|
histamine|garlic|corn|oats|citrus|oranges|cherries|plums|
melon|pineapple|papaya|peas|beans|gelatin|red dye|tartrazine|benzoates|fragrance|
sticking plasters|contrast dye|morphine|tetracycline|cephalosporins|
anchovies|tuna|mackerel|sardines
"""

_LANGUAGE = """
Chuvash|Tok Pisin|Sorani|Kashubian|Ossetian|Irish|Bengali|Telugu|
Nepali|Malay|Xhosa|Quechua|Sign Language|ASL|Lao|Burmese|Mongolian|
Armenian|Azerbaijani|Pashto|Kurdish|Lingala|Malagasy|Maori|
Samoan|Hawaiian|Cherokee|Navajo|Guarani|Aymara|Ladino|
Frisian|Swiss German|Haitian Creole
"""

_PASTIME = """
jogging|hiking|pilates|squash|football|basketball|volleyball|rugby|cricket|bridge|
video games|gaming|sewing|drawing|sketching|fishing|baking|cooking|skiing|snowboarding|
rowing|archery|fencing|boxing|karate|judo|dancing|salsa|singing|the piano|guitar|
the violin|drums|reading|writing poetry|stamp collecting|marathons|
triathlons
"""

_TITLE = """
software engineer|teacher|architect|civil engineer|chef|waiter|dentist|paramedic|
radiographer|project manager|product owner|scrum master|engineering manager|team lead|
tech lead|CTO|CEO|CFO|head of marketing|marketing manager|sales representative|
account manager|business analyst|UX designer|copywriter|journalist|editor in chief|
translator|librarian|social worker|pilot|flight attendant|truck driver|lecturer|
professor|postdoc|research assistant|lab technician|intern|consultant|
principal engineer|HR manager|recruiter|office manager
"""

_APP = """
WhatsApp|Telegram|Signal|Slack|Microsoft Teams|Zoom|Skype|Discord|Facebook|Instagram|
TikTok|Snapchat|Twitter|LinkedIn|Reddit|YouTube|Spotify app|Excel|Word|PowerPoint|
Google Sheets|Google Docs|Notion|Trello|Asana|Jira|Evernote|Dropbox|Google Drive|
OneDrive|iCloud|Gmail|Outlook|Photoshop|Canva app|Duolingo|Uber app|Airbnb|Tinder|
Bumble|Strava|MyFitnessPal|Google Maps|Waze|Shazam|Kindle|Audible|Chrome|Firefox|Safari|
Windows|macOS|Linux|Android|iOS|iPhone|iPad|MacBook|a Mac|a laptop|a PC
"""

_WORD = """
just|also|really|actually|basically|probably|maybe|anyway|though|still|already|again|
now|then|soon|later|today|tonight|yesterday|here|there|everywhere|never|no|yes|none|
nothing|something|everything|anything|someone|everyone|they're|we've|you're|it's|that's|
he's|she's|I'm|i've|we'll|best wishes|kind regards|cheers|thanks|sincerely|love|xoxo|
hugs|hello|hi|hey|bye|sorry|please|okay|lol|haha|wow|omg|ugh|yay|oops|the same city|
the weekend|a while|the moment|a lot|the rest|the thing|the stuff|the way|the place|bad|
good|great|nice|tired|busy|happy|sad|weird|random|crazy|fine|mondays|the morning|
the evening|lunch|dinner|the kids|my friends|the team|this week|next month|the office|
home|work|school|the gym|the beach
"""

_RAW = {
    "place": _PLACE, "org": _ORG, "person": _PERSON, "vehicle": _VEHICLE,
    "editor": _EDITOR, "database": _DATABASE, "ci": _CI, "diet": _DIET,
    "allergen": _ALLERGEN, "language": _LANGUAGE, "pastime": _PASTIME,
    "title": _TITLE, "app": _APP, "word": _WORD,
}

#: per kind, its example values (in the order written)
EXAMPLES: dict[str, tuple[str, ...]] = {
    k: tuple(dict.fromkeys(v.strip() for v in raw.replace("\n", "").split("|") if v.strip()))
    for k, raw in _RAW.items()
}
