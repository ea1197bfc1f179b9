"""Languages by name: the closed class the language slot's values come from.

A language is a closed class of names, so it is read by list, not by phrasing:
the ~50 most common names in any case ("doing japanese on duolingo"), ~230
more said capitalised (several are English words or names in lower case:
"ewe", "even"), with "Old / Middle / Brazilian …" before them. A language
name before a noun is a nationality ("the Italian sausage recipes", "English
breakfast"), unless what follows is what is learnt ("Arabic evening classes").
:func:`learnt_languages` reads the languages a clause says are learnt
("started Kinyarwanda", "Wolof lessons"): precise enough for
:func:`.pick.pick` to decide the slot. Pure text functions; the reader that
sorts old from new (:func:`.values.read_value`) lives in :mod:`.values`.
"""

from __future__ import annotations

import re

__all__ = ["as_adjective", "as_nationality", "lang_value", "languages_in", "learnt_languages"]

# The common names, read in any case: "doing japanese on duolingo" is Japanese.
_COMMON_LANG_WORDS = (
    "English French Spanish German Italian Portuguese Dutch Swedish Norwegian Danish "
    "Finnish Polish Russian Ukrainian Greek Turkish Arabic Hebrew Hindi Chinese Mandarin "
    "Cantonese Japanese Korean Vietnamese Thai Indonesian Czech Romanian Hungarian Swahili "
    "Persian Farsi Urdu Bengali Tagalog Malay Catalan Basque Irish Welsh Icelandic Latin "
    "Esperanto Croatian Serbian Bulgarian Slovak Tamil Telugu Punjabi Amharic Yoruba Zulu"
)
_COMMON_LANGS = "|".join(_COMMON_LANG_WORDS.split())
_LANGS = re.compile(rf"\b(?P<v>{_COMMON_LANGS})\b", re.I)


# More of the closed class, said capitalised only: several are also English words or
# names in lower case ("ewe", "even", "ga", "mon"). World languages, regional and
# heritage ones, sign languages and classical ones, by their English names.
_MORE_LANG_WORDS = (
    "Afrikaans Akan Albanian Amharic Aragonese Armenian Assamese Asturian Aymara Azerbaijani "
    "Azeri Balinese Baluchi Bambara Bashkir Belarusian Bemba Berber Bhojpuri Bislama Bosnian "
    "Breton Burmese Buryat Cebuano Bisaya Visayan Chamorro Chechen Cherokee Chichewa Chuvash "
    "Cornish Kernewek Corsican Cree Dari Dhivehi Dholuo Luo Dinka Dogri Dzongkha Estonian Ewe "
    "Fante Fanti Faroese Fijian Filipino Flemish Frisian Friulian Fula Fulani Gaelic Galician "
    "Georgian Gikuyu Kikuyu Greenlandic Guarani Gujarati Haitian Creole Hausa Hawaiian Hiligaynon "
    "Hmong Igbo Ilocano Ilokano Inuktitut Javanese Kabyle Kalaallisut Kannada Kashmiri Kazakh "
    "Khmer Kinyarwanda Kirundi Konkani Krio Kurdish Kurmanji Sorani Kyrgyz Ladin Ladino Lao "
    "Latvian Laz Lingala Lithuanian Lombard Luganda Luxembourgish Macedonian Maithili Malagasy "
    "Malayalam Maltese Manx Maori Māori Marathi Mapudungun Mende Mongolian Montenegrin Nahuatl "
    "Navajo Ndebele Nepali Neapolitan Niuean Norse Nupe Occitan Odia Oriya Oromo Ossetian "
    "Pali Papiamento Pashto Quechua Romansh Romani Rusyn Samoan Sanskrit Sardinian Scots "
    "Shona Sicilian Sindhi Sinhala Sinhalese Slovenian Slovene Somali Sotho Sundanese "
    "Tahitian Tajik Tamazight Tatar Tetum Tibetan Tigrinya Tongan Tsonga Tswana Tulu Pisin "
    "Turkmen Twi Tày Uyghur Uzbek Venetian Wolof Xhosa Yiddish Yucatec Zapotec Zhuang Cymraeg "
    "Gàidhlig Gaeilge Euskara Cham Ainu Okinawan Hokkien Hakka Teochew Shanghainese Tupi "
    "Nheengatu Quenya Klingon Auslan BSL ASL Coptic Aramaic Akkadian Sumerian Hittite Avestan "
    "Tocharian Yoruba Zulu Kiswahili Setswana Sesotho isiZulu isiXhosa Tagalog Bikol "
    "Waray Kapampangan Pangasinan Chavacano Tausug Maranao Tamil Telugu Punjabi Bengali"
)
_MORE_LANGS = _MORE_LANG_WORDS.split()
_LANGS_CAP = re.compile(
    r"(?<![\w-])(?P<v>(?:(?:Old|Middle|Ancient|Classical|Biblical|Modern|Brazilian|"
    r"European|Latin American|Mexican|Swiss|Canadian|Egyptian|Levantine|Moroccan|"
    r"Gulf)\s+(?=[A-Z]))?(?:" + "|".join(sorted(map(re.escape, _MORE_LANGS), key=len,
                                                reverse=True))
    + r"|(?=[A-Z])(?:" + _COMMON_LANGS + r")))(?![\w-])")


def languages_in(clause: str) -> list[re.Match[str]]:
    """The language names of *clause* in order.

    Capitalised (with "Old", "Brazilian"…), or one of the common ones in any case
    ("doing japanese on duolingo").
    """
    cap = list(_LANGS_CAP.finditer(clause))
    spans = [m.span() for m in cap]
    rest = [m for m in _LANGS.finditer(clause)
            if not any(b <= m.start() and m.end() <= e for b, e in spans)]
    return sorted([*cap, *rest], key=lambda x: x.start())


# Learning said of a language right before it ("started Kinyarwanda", "brushing up on
# my Dutch") or right after it ("Wolof lessons", "Tamil on Duolingo").
_LEARN_BEFORE = re.compile(
    r"\b(?:learn(?:ing|t|ed|s)?|stud(?:y|ying|ies|ied)|(?:start|began|begin|pick|took|"
    r"tak)\w*(?:\s+up)?|brush\w*\s+up(?:\s+on)?|practi[sc]\w*|revis\w*|classes\s+in|"
    r"class\s+in|course\s+in|lessons\s+in)\s+(?:(?:learning|studying|some|a\s+bit\s+of|a\s+little|"
    r"basic|beginner|beginners|my|the|on)\s+)*$", re.I)
_LEARN_AFTER = re.compile(r"^\s+(?:lessons?|class(?:es)?|course|tutor\w*|on\s+duolingo|"
                          r"at\s+(?:evening\s+)?class|homework|exam)\b", re.I)


def learnt_languages(clause: str) -> list[str]:
    """Languages *clause* says are learnt ("I've started Kinyarwanda on an app").

    Precise enough to decide the slot whatever the clause's meaning came nearest to.
    """
    got: list[re.Match[str]] = []
    for m in languages_in(clause):
        if as_adjective(clause, m.end()) and not _LEARN_AFTER.match(clause[m.end():]):
            continue
        if _LEARN_BEFORE.search(clause[: m.start()]) or _LEARN_AFTER.match(clause[m.end():]) \
                or (got and re.fullmatch(r"\s*(?:,|&|and|,\s*and|plus)\s*",
                                         clause[got[-1].end():m.start()])):
            got.append(m)  # (one joined to a learnt one is learnt too: "Tamil and Telugu")
    return [lang_value(m) for m in got]


def lang_value(m: re.Match[str]) -> str:
    """A language as said capitalised, or a common one typed in lower case capitalised."""
    return m["v"] if m.re is _LANGS_CAP else m["v"][:1].upper() + m["v"][1:].lower()


# A language name before a noun is a nationality's ("the Italian sausage recipes",
# "English breakfast"): a function word, a learning word or nothing follows a language.
_NOT_A_NOUN_WORDS = (
    "and or but so because since with at on in for from to by now too again every each this "
    "that these those the a an is was are were am be been has have had will would can could "
    "should might must do does did then than as like via through after before during while "
    "when where which who until till up down out off over under about into per plus also still "
    "just only really very lol haha pls please tho though fyi btw lessons lesson class classes "
    "course courses homework exam exams test tests tutor tutors tutoring teacher grammar vocab "
    "vocabulary words conversation practice level book books textbook app speaker speakers "
    "skills fluently fluent properly instead anymore either again yet"
)
_NOT_A_NOUN = frozenset(_NOT_A_NOUN_WORDS.split())


def as_adjective(clause: str, end: int) -> bool:
    """Whether the language name ending at *clause*[end] stands before a noun it qualifies."""
    m = re.match(r"\s+([a-z][a-z'’-]*)", clause[end:])
    if m is None or m.group(1) in _NOT_A_NOUN:
        return False
    # "Arabic evening classes", "Welsh conversation group": what is learnt, a few words on
    return not re.match(r"(?:\s+[a-z][a-z'’-]*){1,3}?\s+(?:lessons?|class(?:es)?|courses?|"
                        r"tutor\w*|group|circle|club|school|exam|test)\b", clause[end:])


def as_nationality(clause: str, value: str) -> bool:
    """Whether *value*, a language name, stands before a noun in *clause* ("Italian sausage")."""
    words = set(value.casefold().split())
    return any(m["v"].casefold() in words | {value.casefold()} and as_adjective(clause, m.end())
               for m in languages_in(clause))
