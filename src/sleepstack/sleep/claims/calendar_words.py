"""Month names and birth words in the languages people mix into English (data for values).

"Mi cumpleaños es el 27 de julio", "urodziny 14.03.1988", "Min födelsedag är 14
juni", "aniversário: 2 de julho": a birthday said in (or half in) another language
is read like one said in English. Both are closed classes: ~12 names for each
month in Spanish, Portuguese, French, Italian, German, Dutch, Swedish/Norwegian/
Danish, Polish, Turkish, Indonesian/Malay and Tagalog, and the words for a
birthday or a date of birth in the same languages and Hindi/Urdu. Written for this
module; the reader is :func:`.values.birthdays_in`.
"""

from __future__ import annotations

import re

__all__ = ["BIRTH", "DAY_ABROAD", "FOREIGN_MONTHS", "MONTHS"]

#: the English months, full and short, as a regex alternation (the full names first)
MONTHS = (r"January|February|March|April|May|June|July|August|September|October|November|"
          r"December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec")
_BY_MONTH = {
    "January": "enero janeiro janvier gennaio januar januari januar stycznia styczeń ocak "
               "enero",
    "February": "febrero fevereiro février fevrier febbraio februar februari lutego luty şubat "
                "subat pebrero",
    "March": "marzo março marco mars märz maerz maart marts marca marzec mart maret marso",
    "April": "abril avril aprile april kwietnia kwiecień nisan",
    "May": "mayo maio mai maggio mei maj maja mayıs mayis mayo",
    "June": "junio junho juin giugno juni czerwca czerwiec haziran hunyo",
    "July": "julio julho juillet luglio juli lipca lipiec temmuz hulyo",
    "August": "agosto août aout august augustus augusti sierpnia sierpień ağustos agustus",
    "September": "septiembre setembro septembre settembre september września wrzesień eylül "
                 "setyembre",
    "October": "octubre outubro octobre ottobre oktober oktobre października październik ekim "
               "oktubre",
    "November": "noviembre novembro novembre november listopada listopad kasım kasim nobyembre",
    "December": "diciembre dezembro décembre decembre dicembre dezember desember december "
                "grudnia grudzień aralık aralik disyembre",
}
#: a month's name in another language (lower case) -> its English name
FOREIGN_MONTHS = {w: en for en, words in _BY_MONTH.items() for w in words.split()}
# words for a birthday or a date of birth in other languages
_BIRTH_WORDS = (
    r"cumpleaños|cumpleanos|aniversário|aniversario|anniversaire|nacimiento|"
    r"nascimento|compleanno|geburtstag|geboren|geb\.|verjaardag|jarig|födelsedag|"
    r"fødselsdag|fodselsdag|bursdag|urodziny|urodzin|urodzony|urodzona|doğum günü|dogum gunu|"
    r"doğdum|ulang tahun|ultah|kaarawan|bertday|janamdin|janmdin|salgirah"
)
#: a birth word, in English or another language
BIRTH = re.compile(rf"\b(?:birth\w*|born|b-?day|dob|d\.o\.b|{_BIRTH_WORDS})(?!\w)", re.I)
#: a day and a month in another language: "27 de julio", "14 juni", "3. März"
DAY_ABROAD = re.compile(rf"\b(?P<d>\d{{1,2}})\.?\s+(?:de\s+|di\s+)?(?P<m>"
                        rf"{'|'.join(sorted(FOREIGN_MONTHS, key=len, reverse=True))})\b", re.I)
