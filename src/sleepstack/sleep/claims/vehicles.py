"""Vehicles by make: the closed class a vehicle's name starts with.

A vehicle is named by its make and model ("a Citroën Berlingo", "Kymco Agility
50", "a 1998 Nissan Sunny"). Models are an open class but makes are a closed
one, so a make followed by a model, or a make after "a / my / our", names a
vehicle whatever else the clause is about ("I have a Kymco Agility 50 for the
pizza deliveries" had read as a CI server). A make right after "at", "for",
"joined" is an employer ("I work at Toyota"), and a make that is also a word
("Ford", "Mini", "Seat") needs its model or a word of driving. Pure text
functions; the list was written for this module.
"""

from __future__ import annotations

import functools
import re

from .lower import vocabulary

__all__ = ["DRIVEN", "in_use", "vehicles_in"]

_MAKES = """
Toyota|Honda|Nissan|Mazda|Subaru|Mitsubishi|Suzuki|Maruti Suzuki|Maruti|Daihatsu|Isuzu|
Lexus|Infiniti|Acura|Datsun|Hyundai|Kia|Genesis|SsangYong|Daewoo|Proton|Perodua|Tata|
Mahindra|Hindustan|Bajaj|TVS|Hero|Royal Enfield|Ford|Chevrolet|Chevy|GMC|Cadillac|Buick|
Dodge|Jeep|Chrysler|Ram|Lincoln|Pontiac|Oldsmobile|Plymouth|Saturn|Hummer|Tesla|Rivian|
Lucid|Volkswagen|VW|Audi|BMW|Mercedes|Mercedes-Benz|Porsche|Opel|Vauxhall|Skoda|Škoda|
Seat|SEAT|Cupra|Renault|Peugeot|Citroën|Citroen|Dacia|Fiat|Alfa Romeo|Lancia|Ferrari|
Lamborghini|Maserati|Abarth|Volvo|Saab|Polestar|Jaguar|Land Rover|Range Rover|Mini|MINI|
MG|Rover|Lotus|Aston Martin|Bentley|Rolls-Royce|McLaren|Lada|UAZ|GAZ|Moskvich|Trabant|
Wartburg|Zastava|Yugo|Tatra|BYD|Geely|Chery|Great Wall|Haval|NIO|XPeng|Wuling|Holden|
Kymco|Piaggio|Vespa|Aprilia|Ducati|Yamaha|Kawasaki|KTM|Harley-Davidson|Harley|Triumph|
Husqvarna|Benelli|Moto Guzzi|MV Agusta|SYM|Lambretta|CFMoto|Royal Enfield|Iveco|Scania|
DAF|Hino|Fuso|Mack|Kenworth|Peterbilt|Freightliner|Smart|Alpine|Ssangyong|Daihatsu|
Hillman|Morris|Austin|Reliant|Sinclair|Zotye|Changan|Dongfeng|FAW|JAC|Foton|Baojun|
Roewe|Lynx|Tofaş|Togg|Samsung|Renault Samsung|Holden|Eunos|Scion|Mercury|Studebaker|
Packard|DeLorean|Fisker|Ora|Leapmotor|Aiways|Vinfast|VinFast|Kia Motors|Hero Honda
"""
# A model after the make: words with a capital or a digit ("Berlingo", "TMX 155", "C3",
# "Agility 50"), up to three, stopping at a lower-case word or punctuation.
_MODEL = (r"(?:\s+(?!(?:and|or|for|in|on|at|to|with|from|I|I'm|I've)\b)"
          r"(?:[A-Z0-9][\w.+/-]*|[a-z]?\d[\w.+/-]*)){1,3}")
# Words of having or driving a vehicle, for a make that is also a word ("a Ford").
_DRIVE = re.compile(r"\b(?:car|cars|van|ute|truck|pickup|bike|motorbike|motorcycle|scooter|"
                    r"moped|drive|drives|driving|drove|ride|rides|riding|rode|parked|mileage|"
                    r"km|miles|engine|tyres|tires|rego|mot|insurance|diesel|petrol|hybrid|ev|"
                    r"garage|mechanic|serviced|repairs?|dented|crashed|scratched|fuel|tank|"
                    r"clutch|brakes|battery|naka)\b", re.I)
# ... and of having one, enough for a make and its model ("got a Dacia Logan")
_HAVE = re.compile(r"\b(?:bought|sold|traded|leased|lease|own|owns|have|has|got|get|new|"
                   r"is|'s)\b", re.I)
_SOFTWARE_AFTER = re.compile(r"\s+(?:database|db|app|software|editor|ide|server|suite|"
                             r"spreadsheet|program|system)\b", re.I)
_EMPLOYER_BEFORE = re.compile(r"\b(?:at|for|joined|joining|with)\s+(?:the\s+)?$", re.I)
_ARTICLE_BEFORE = re.compile(r"\b(?:a|an|my|our|the|his|her|their|new|used|old|"
                             r"(?:19|20)\d\d)\s+(?:[a-z]+\s+)?$", re.I)


@functools.lru_cache(maxsize=1)
def _pattern() -> re.Pattern[str]:
    names = sorted({n.strip() for n in _MAKES.replace("\n", "|").split("|") if n.strip()},
                   key=len, reverse=True)
    alts = "|".join(re.escape(n) for n in names)
    return re.compile(rf"(?<![\w-])(?P<make>{alts})(?P<model>{_MODEL})?(?![\w-])")


def _plain(make: str) -> bool:
    vocab = vocabulary()
    return " " not in make and (not vocab or make.casefold() in vocab)


def vehicles_in(clause: str) -> list[str]:
    """Each vehicle *clause* names by make, with its model, as written."""
    out = []
    for m in _pattern().finditer(clause):
        before = clause[: m.start()]
        if _EMPLOYER_BEFORE.search(before):
            continue  # "I work at Toyota", "a driver for Mercedes"
        if re.search(r"[A-Z][\w'’-]*\s+$", before) and not re.search(r"(?:19|20)\d\d\s+$", before):
            continue  # a surname ("Harrison Ford") or part of another name
        if _SOFTWARE_AFTER.match(clause[m.end():]):
            continue  # "a Lotus Approach database": software named like a car
        model = m["model"] or ""
        if not model and not (_ARTICLE_BEFORE.search(before) and _DRIVE.search(clause)):
            continue
        if _plain(m["make"]) and not model and not _DRIVE.search(clause):
            continue
        if _plain(m["make"]) and model and not (_DRIVE.search(clause) or _HAVE.search(clause)
                                                or _ARTICLE_BEFORE.search(before)):
            continue  # "Ford Foundation", "Mini Cooper" said of nothing one drives
        out.append(m.group(0).strip())  # (a year before it dates the car, not its name)
    return out


#: a clause with no first person that opens with having or driving: "drive a Ford
#: Courier, ladder racks on top", "naka Honda TMX 155 ako"
DRIVEN = re.compile(r"^(?:just\s+|still\s+)?(?:drive|drives|driving|drove|ride|riding|got|"
                    r"bought|have|own|sold|traded|naka|new)\b", re.I)


# The vehicle in use now: "in my dented Peugeot 206", "driving the Kia Rio": whatever
# else the clause ends (a trip to the garage), the car is still the speaker's.
_IN_USE = re.compile(r"\b(?:in|on)\s+(?:my|our)\s+|\b(?:driving|drive|drives|riding|ride)\s+"
                     r"(?:my|our|the|a|an)\s+", re.I)


def in_use(clause: str) -> bool:
    """Whether *clause* speaks of a vehicle it names as in use now."""
    return any(_IN_USE.search(clause[: clause.find(v)][-40:]) for v in vehicles_in(clause))
