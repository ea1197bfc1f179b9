"""Phrasing rules, part 2: people, moves, work, plans, events and the rest.

Family and pets ("my sister Ana"), moves ("we moved to X"), work ("I work at X
as Y", "I quit X"), dated plans and past events, age, name and languages
spoken. Each rule takes one clause context and returns candidates; the order
they are tried in is :data:`sleepstack.sleep.extract._RULES`.
"""

from __future__ import annotations

import re

from .extract_base import (
    _ADV,
    _I,
    _IA,
    _PRONOUN_OBJ,
    _Cand,
    _clean,
    _Ctx,
    _cut,
    _name,
    _poss,
    _sentence,
    _third,
)
from .extract_rules_prefs import _LANGS, _proper

_REL = (
    r"(?P<rel>wife|husband|partner|spouse|boyfriend|girlfriend|fianc[eé]e?|son|daughter|kid|child|"
    r"mom|mum|mother|dad|father|sister|brother|boss|manager|best friend|roommate|flatmate|cousin|"
    r"grandma|grandmother|grandpa|grandfather|aunt|uncle|niece|nephew|dog|cat|puppy|kitten|pet|"
    r"bird|parrot|hamster|rabbit|bunny|horse|fish|turtle|tortoise|snake|lizard|guinea pig)"
)
_PETS = frozenset(
    {"dog", "cat", "puppy", "kitten", "pet", "bird", "parrot", "hamster", "rabbit", "bunny",
     "horse", "fish", "turtle", "tortoise", "snake", "lizard", "guinea pig", "dogs", "cats",
     "puppies", "kittens", "pets", "birds", "parrots", "hamsters", "rabbits", "horses",
     "turtles", "snakes", "guinea pigs"}
)  # fmt: skip
_NAMES = r"(?P<names>[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)?(?:(?:,\s*|\s+and\s+|\s*&\s*)[A-Z][\w'-]+)*)"
_RX_REL_NAME = re.compile(
    r"^my\s+(?:(?:little|big|older|younger|baby|twin|new|old|late)\s+)?"
    + _REL
    + r"(?:'s|s)?\s+(?:name\s+is|is\s+(?:called|named))\s+"
    + _NAMES,
    re.I,
)
_RX_NAME_IS_REL = re.compile(
    r"^(?P<names>[A-Z][\w'-]+)\s+is\s+my\s+(?:(?:little|big|older|younger|baby|twin|new)\s+)?"
    + _REL
    + r"\b",
)
_RX_HAVE = re.compile(
    rf"^{_IA}(?:have|'ve got|have got|got|adopted|own)\s+(?P<count>a|an|one|two|three|four|five|"
    rf"\d)\s+"
    r"(?:(?:new|little|big|older|younger|baby|twin|rescue|sweet|cute|adorable|beautiful)\s+)*"
    r"(?P<kind>kids?|children|sons?|daughters?|brothers?|sisters?|siblings?|dogs?|cats?|pupp(?:y|"
    r"ies)|"
    r"kittens?|hamsters?|rabbits?|bunn(?:y|ies)|parrots?|birds?|fish|horses?|turtles?|tortoises?|"
    r"snakes?|guinea pigs?|pets?)\b(?:\s+(?:named|called)\s+" + _NAMES + r")?(?P<rest>.*)$",
)


def _rel_attr(rel: str) -> tuple[str, str]:
    rel = rel.lower().replace("é", "e")
    base = re.sub(r"[^a-z]+", "_", rel).strip("_")
    return f"{base}_name", "relationship"


def _rule_relations(ctx: _Ctx) -> list[_Cand]:
    c = ctx.clause
    if ctx.neg:
        return []
    m = _RX_REL_NAME.match(c) or _RX_NAME_IS_REL.match(c)
    if m:
        names = m["names"]
        if names.split()[0] in ("The", "A", "An", "My", "It", "This", "That"):
            return []
        rel = m["rel"].lower()
        attr, cat = _rel_attr(rel)
        text = f"{_poss(ctx.subject)} {rel} is named {names}"
        return [_Cand(ctx.subject, attr, names, cat, 0.85, _sentence(text, ctx.stated))]
    m = _RX_HAVE.match(c)
    if m:
        kind = m["kind"].lower()
        count = m["count"].lower()
        if not count.isalpha() or count not in ("a", "an"):
            pass
        names = m["names"]
        if kind.rstrip("s") not in {k.rstrip("s") for k in _PETS} and kind not in _PETS:
            attr = "family"
        else:
            attr = "has_pet"
        value = f"{count} {kind}" + (f" named {names}" if names else "")
        verb = "adopted" if re.search(r"\badopted\b", c, re.I) else "has"
        text = f"{_name(ctx.subject)} {verb} {value}"
        if verb == "adopted":
            date_txt = next((d.rendered for d in ctx.dates), "")
            text = f"{text} {date_txt}".strip()
        return [_Cand(ctx.subject, attr, value, "relationship", 0.8, _sentence(text, ctx.stated))]
    m = re.match(
        rf"^{_IA}(?:am|'m|got|just got)\s+(?P<st>married|engaged|divorced|single|widowed)"
        r"(?:\s+to\s+(?P<to>[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)?))?\s*$",
        c,
    )
    if m:
        st = m["st"].lower() + (f" to {m['to']}" if m["to"] else "")
        date_txt = next((" " + d.rendered for d in ctx.dates), "")
        verb = "got" if re.search(r"\bgot\b", c) else "is"
        text = f"{_name(ctx.subject)} {verb} {st}{date_txt}"
        return [
            _Cand(
                ctx.subject,
                "relationship_status",
                st,
                "relationship",
                0.8,
                _sentence(text, ctx.stated),
            )
        ]
    return []


_RX_MOVED = re.compile(
    rf"^(?P<who>{_I}|we){_ADV}(?:\s+|(?='))(?:have\s+|'ve\s+)?(?:just\s+|recently\s+|finally\s+|"
    rf"officially\s+)*"
    r"(?:moved|relocated)(?:\s+(?:back|house|over|across the country))?\s+to\s+(?P<rest>.+)$",
    re.I,
)
_RX_LIVE = re.compile(
    rf"^{_IA}(?:live|'m living|am living|'m based|am based|reside|'m located|am located)"
    r"\s+in\s+(?P<rest>.+)$",
    re.I,
)
_RX_FROM = re.compile(
    rf"^{_IA}(?:'m|am|come|originally come|grew up)\s+(?:originally\s+)?(?:from|"
    rf"in)\s+(?P<rest>.+)$",
    re.I,
)
_RX_THIRD_MOVED = re.compile(
    r"^(?:(?i:my)\s+(?P<rel>[a-z]+(?:\s+friend)?)\s+)?(?P<name>[A-Z][\w'-]+)?\s*(?:just\s+|"
    r"recently\s+|finally\s+)?"
    r"(?:moved|relocated)\s+to\s+(?P<rest>.+)$"
)
_NOT_NAMES = frozenset(
    {"I", "We", "He", "She", "They", "It", "This", "That", "The", "My", "Our", "You", "Everyone",
     "Someone", "Somebody", "Nobody", "Mom", "Dad", "Mum", "Who", "What", "Then", "So", "And",
     "But", "Also", "Finally", "Recently", "Just", "There", "Here", "Which", "When", "Where",
     "Yesterday", "Today", "Everybody", "People", "Family", "Friends"}
)  # fmt: skip
_RELWORDS = frozenset(
    {"sister", "brother", "mom", "mum", "mother", "dad", "father", "wife", "husband", "partner",
     "son", "daughter", "friend", "best friend", "cousin", "boss", "roommate", "aunt", "uncle",
     "grandma", "grandpa", "boyfriend", "girlfriend", "colleague", "coworker", "neighbor",
     "neighbour", "niece", "nephew"}
)  # fmt: skip


def _rule_moves(ctx: _Ctx) -> list[_Cand]:
    from .claims.whose import to_workplace  # imported on use, like extract.py's claims imports

    c = ctx.clause
    if ctx.neg or to_workplace(c):
        return []
    date_txt = next((" " + d.rendered for d in ctx.dates if d.first <= ctx.stated), "")
    m = _RX_MOVED.match(c)
    if m:
        loc = _proper(m["rest"])
        if not loc:
            return []
        # Say what is now true ("lives in"), then how: the fact answers "where
        # does X live?" as well as "when did X move?".
        text = f"{_name(ctx.subject)} lives in {loc}, having moved there{date_txt}"
        return [_Cand(ctx.subject, "lives_in", loc, "personal", 0.85, _sentence(text, ctx.stated))]
    m = _RX_LIVE.match(c)
    if m:
        loc = _proper(m["rest"])
        if not loc:
            return []
        text = f"{_name(ctx.subject)} lives in {loc}"
        return [_Cand(ctx.subject, "lives_in", loc, "personal", 0.85, _sentence(text, ctx.stated))]
    m = _RX_FROM.match(c)
    if m and not re.search(
        r"\b(?:work|school|office|gym|trip|vacation|holiday|the)\b", m["rest"][:12], re.I
    ):
        loc = _proper(m["rest"])
        if not loc:
            return []
        text = f"{_name(ctx.subject)} is from {loc}"
        return [_Cand(ctx.subject, "from", loc, "personal", 0.8, _sentence(text, ctx.stated))]
    m = _RX_THIRD_MOVED.match(c)
    if m and (m["rel"] or m["name"]):
        rel = (m["rel"] or "").lower()
        name = m["name"]
        if rel and rel not in _RELWORDS:
            return []
        if name in _NOT_NAMES:
            return []
        if not rel and (not name or name in _NOT_NAMES):
            return []
        who = name or f"{_poss(ctx.subject)} {rel}"
        loc = _proper(m["rest"])
        if not loc:
            return []
        text = f"{who} lives in {loc}, having moved there{date_txt}"
        if rel and name:
            owner = "the user's" if ctx.subject == "user" else _poss(ctx.subject)
            text = f"{name} ({owner} {rel}) lives in {loc}, having moved there{date_txt}"
        return [_Cand(who, "lives_in", loc, "personal", 0.7, _sentence(text, ctx.stated))]
    return []


_OCCUPATIONS = (
    r"engineer|developer|programmer|designer|teacher|nurse|doctor|physician|lawyer|attorney|"
    r"accountant|manager|student|writer|author|artist|painter|musician|chef|cook|scientist|"
    r"researcher|consultant|analyst|architect|photographer|pharmacist|therapist|counsel+or|"
    r"psychologist|professor|lecturer|firefighter|police officer|dentist|mechanic|electrician|"
    r"plumber|pilot|journalist|editor|librarian|baker|farmer|barista|bartender|waiter|waitress|"
    r"cashier|carpenter|veterinarian|vet|paramedic|surgeon|social worker|intern|freelancer|"
    r"entrepreneur|founder|ceo|cto|director|officer|administrator|technician|translator|"
    r"tutor|coach|trainer|dancer|actor|actress|singer|model|marketer|recruiter|salesperson|"
    r"data scientist|product manager|software engineer|web developer|graduate student|phd student"
)
_RX_WORK_AT = re.compile(
    rf"^(?P<who>{_I}){_ADV}\s+(?:work|'m working|am working|'m employed|am employed|'m interning|"
    r"am interning|intern)\s+(?:full[- ]time\s+|part[- ]time\s+|remotely\s+)?(?:at|for|"
    r"with)\s+(?P<rest>.+)$",
    re.I,
)
_RX_WORK_AS = re.compile(
    rf"^{_IA}(?:work|'m working|am working|'m employed|am employed|started working|"
    r"began working|started|'m starting|got hired|was hired|got a job|landed a job|"
    r"(?:got|was|have been|'ve been)\s+promoted)\s+(?:as|to)\s+(?:a|an|the)?\s*(?P<title>.+)$",
    re.I,
)
_RX_NEW_JOB = re.compile(
    rf"^{_IA}(?:started|began|got|landed|accepted|took|'m starting|am starting)\s+"
    r"(?:a\s+|an\s+|my\s+)?(?:new\s+|first\s+|full-time\s+|part-time\s+)?(?:job|position|role|"
    r"internship|gig)(?:\s+as\s+(?:a|an)\s+(?P<title>[a-z][\w -]{2,40}?))?\s+(?:at|"
    r"with)\s+(?P<rest>.+)$",
    re.I,
)
_RX_HIRED = re.compile(
    rf"^{_IA}(?:got hired|was hired|got a job offer from|accepted an offer from|joined)\s+"
    r"(?:at|by)?\s*(?P<rest>[A-Z].+)$",
)
_RX_IM_A = re.compile(
    rf"^{_I}(?:'m| am)\s+(?:now\s+)?(?:a|an)\s+(?P<title>(?:[a-z-]+\s+){{0,2}}(?:{_OCCUPATIONS}))"
    r"(?:\s+(?:at|for)\s+(?P<rest>.+))?\s*$",
    re.I,
)
_RX_QUIT = re.compile(
    rf"^{_IA}(?:quit|left|resigned from|was laid off from|got laid off from|was fired from|"
    r"got fired from|lost)\s+my\s+(?:job|position|role|internship)(?:\s+(?:at|"
    r"with)\s+(?P<rest>.+))?$",
    re.I,
)
_RX_QUIT2 = re.compile(
    rf"^{_IA}(?:resigned|got laid off|was laid off|got fired|was fired|got let go|was let go)"
    r"(?:\s+(?:from|at|by)\s+(?P<rest>.+))?$",
    re.I,
)
_RX_NO_LONGER_WORK = re.compile(
    rf"^{_IA}(?:no longer work|don't work|do not work)\s+(?:at|for)\s+(?P<rest>.+?)"
    r"(?:\s+(?:anymore|any more))?$",
    re.I,
)
_RX_RETIRED = re.compile(rf"^{_IA}(?:retired|'m retired|am retired|'m now retired)\b", re.I)


def _org(rest: str) -> str | None:
    org = _proper(rest, max_words=5, allow_article=True)
    if org and org.lower().split()[0] in ("home", "night", "the moment", "moment", "least", "all"):
        return None
    return org


def _a(noun: str) -> str:
    return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun


def _title(raw: str) -> str | None:
    t = _cut(raw, "at|for|in|with|on|from|last|next|this|now")
    t = re.sub(r"^(?:a|an|the)\s+", "", t, flags=re.I).strip()
    if not t or len(t.split()) > 5 or _PRONOUN_OBJ.match(t) or not re.match(r"^[A-Za-z]", t):
        return None
    if re.search(r"\b(?:job|team|company|way|lot|bit|time|day|week)\b", t, re.I):
        return None
    return t


def _rule_work(ctx: _Ctx) -> list[_Cand]:
    c = ctx.clause
    s = _name(ctx.subject)
    out: list[_Cand] = []
    for rx in (_RX_QUIT, _RX_QUIT2, _RX_NO_LONGER_WORK):
        m = rx.match(c)
        if m:
            org = _org(m["rest"]) if m["rest"] else None
            where = f" at {org}" if org else ""
            text = (
                f"{s} no longer works{where}"
                if rx is _RX_NO_LONGER_WORK
                else f"{s} left their job{where}"
            )
            dt = next((" " + d.rendered for d in ctx.dates if d.first <= ctx.stated), "")
            return [
                _Cand(
                    ctx.subject, "works_at", "none", "work", 0.8, _sentence(text + dt, ctx.stated)
                )
            ]
    if _RX_RETIRED.match(c) and not ctx.neg:
        return [
            _Cand(
                ctx.subject,
                "works_at",
                "none",
                "work",
                0.8,
                _sentence(f"{s} is retired", ctx.stated),
            ),
            _Cand(
                ctx.subject,
                "job_title",
                "retired",
                "work",
                0.8,
                _sentence(f"{s} is retired", ctx.stated),
            ),
        ]
    if ctx.neg:
        return []
    m = _RX_NEW_JOB.match(c)
    if m:
        org = _org(m["rest"])
        if org:
            title = _title(m["title"]) if m["title"] else None
            text = f"{s} started a new job" + (f" as {title}" if title else "") + f" at {org}"
            dt = next((" " + d.rendered for d in ctx.dates), "")
            out.append(
                _Cand(ctx.subject, "works_at", org, "work", 0.85, _sentence(text + dt, ctx.stated))
            )
            if title:
                out.append(
                    _Cand(
                        ctx.subject,
                        "job_title",
                        title,
                        "work",
                        0.8,
                        _sentence(text + dt, ctx.stated),
                    )
                )
        return out
    m = _RX_WORK_AS.match(c)
    if m:
        raw = m["title"]
        title = _title(raw)
        org_m = re.search(r"\s(?:at|for)\s+(?P<o>.+)$", raw)
        org = _org(org_m["o"]) if org_m else None
        if title:
            promoted = re.search(r"\bpromoted\b", c, re.I)
            text = f"{s} {'was promoted to' if promoted else 'works as'} {_a(title)}" + (
                f" at {org}" if org else ""
            )
            out.append(
                _Cand(ctx.subject, "job_title", title, "work", 0.8, _sentence(text, ctx.stated))
            )
            if org:
                out.append(
                    _Cand(ctx.subject, "works_at", org, "work", 0.8, _sentence(text, ctx.stated))
                )
        return out
    m = _RX_WORK_AT.match(c)
    if m:
        org = _org(m["rest"])
        if org:
            text = f"{s} works at {org}"
            return [_Cand(ctx.subject, "works_at", org, "work", 0.85, _sentence(text, ctx.stated))]
        return []
    m = _RX_HIRED.match(c)
    if m:
        org = _proper(m["rest"], max_words=4)
        if org and org not in _NOT_NAMES:
            text = f"{s} {'joined' if 'joined' in c else 'was hired by'} {org}"
            return [_Cand(ctx.subject, "works_at", org, "work", 0.7, _sentence(text, ctx.stated))]
        return []
    m = _RX_IM_A.match(c)
    if m:
        title = _title(m["title"])
        if title and not re.search(r"\b(?:big|huge|good|great|bad|terrible|proud|fan)\b", title):
            text = f"{s} is a {title}"
            out.append(
                _Cand(ctx.subject, "job_title", title, "work", 0.75, _sentence(text, ctx.stated))
            )
            if m["rest"]:
                org = _proper(m["rest"], max_words=4)
                if org:
                    attr = "studies_at" if "student" in title else "works_at"
                    out.append(
                        _Cand(
                            ctx.subject,
                            attr,
                            org,
                            "work",
                            0.75,
                            _sentence(f"{text} at {org}", ctx.stated),
                        )
                    )
    return out


_PLAN_NOUNS = (
    r"exam|test|final|finals|midterm|interview|flight|wedding|appointment|meeting|surgery|"
    r"operation|trip|party|deadline|presentation|defen[cs]e|graduation|concert|vacation|holiday|"
    r"conference|move|due date|recital|race|marathon|game|match|show|performance|ceremony|"
    r"exhibition|opening|launch|check-?up|visit|class|course|lesson|session|shift|reunion|"
    r"birthday party|anniversary|date|hearing|review|talk|workshop|tournament|competition"
)
_RX_MY_EVENT = re.compile(
    r"^(?:my|our)\s+(?P<what>(?:[a-z'-]+\s+){0,2}(?:" + _PLAN_NOUNS + r"))\s+"
    r"(?:is|'s|will be|has been (?:moved|rescheduled|pushed) to|was (?:moved|rescheduled|"
    r"pushed) to|"
    r"got (?:moved|rescheduled|pushed) to|is (?:scheduled|planned|set) for|is (?:moved|"
    r"rescheduled) to)"
    r"\s+(?P<rest>.+)$",
    re.I,
)
_RX_HAVE_EVENT = re.compile(
    rf"^{_IA}(?:have|'ve got|have got|got)\s+(?:a|an|my|the|another)\s+"
    r"(?P<what>(?:[a-z'-]+\s+){0,2}(?:" + _PLAN_NOUNS + r"))\s+(?P<rest>.+)$",
    re.I,
)
_RX_FUTURE = re.compile(
    rf"^(?P<who>{_I}|we)(?:'m|'re| am| are|'ll| will| will be|'ll be|'m going to|'re going to|"
    rf" am going to|"
    r" are going to|'m gonna|'re gonna| am gonna| are gonna|'m planning to|'re planning to|"
    r" am planning to| are planning to| plan to)\s+(?P<rest>.+)$",
    re.I,
)
_NON_PLAN_VERBS = re.compile(
    r"^(?:feeling|doing|loving|enjoying|trying|thinking|hoping|wondering|dreaming|struggling|"
    r"so|really|very|not|just|still|sure|glad|happy|sad|excited|nervous|tired|busy|fine|good|"
    r"great|okay|ok|here|there|back|home|sorry|afraid|looking|keen|be\s+(?:fine|ok|okay|good))\b",
    re.I,
)


def _rule_plans(ctx: _Ctx) -> list[_Cand]:
    if ctx.neg:
        return []
    s = _name(ctx.subject)
    for rx in (_RX_MY_EVENT, _RX_HAVE_EVENT):
        m = rx.match(ctx.clause_abs)
        if not m:
            continue
        what = " ".join(m["what"].lower().split())
        future = [d for d in ctx.dates if d.last >= ctx.stated]
        if not future:
            return []
        d = future[0]
        attr = re.sub(r"[^a-z0-9]+", "_", what).strip("_") + "_date"
        value = d.first if d.granularity == "day" else d.rendered.split(" ", 1)[1]
        rest = _cut(m["rest"])
        text = (
            f"{_poss(ctx.subject)} {what} is {rest}"
            if rx is _RX_MY_EVENT
            else f"{s} has {_a(what)} {rest}"
        )
        if d.rendered not in text:
            text = f"{_poss(ctx.subject)} {what} is {d.rendered}"
        return [_Cand(ctx.subject, attr, value, "plan", 0.8, _sentence(text, ctx.stated))]
    m = _RX_FUTURE.match(ctx.clause)
    if m and not _NON_PLAN_VERBS.match(m["rest"]):
        future = [d for d in ctx.dates if d.first > ctx.stated]
        if not future:
            return []
        mv = re.match(r"^(?:moving|relocating|move|relocate)\s+to\s+(?P<loc>.+)$", m["rest"], re.I)
        mabs = _RX_FUTURE.match(ctx.clause_abs)
        if mabs is None:
            return []
        body = _third(ctx.clause_abs, ctx.subject)
        body = re.sub(r"\b(?:is|are) (?:going to|gonna|planning to)\b", "plans to", body)
        body = re.sub(r"\bplan to\b", "plans to", body)
        if mv:
            loc = _proper(mv["loc"])
            if not loc:
                return []
            d = future[0]
            when = d.first if d.granularity == "day" else d.rendered.split(" ", 1)[1]
            text = f"{s} is moving to {loc} {d.rendered}"
            return [
                _Cand(
                    ctx.subject,
                    "moving_to",
                    f"{loc} ({when})",
                    "plan",
                    0.75,
                    _sentence(text, ctx.stated),
                )
            ]
        value = _clean(re.sub(r"^(?:\S+\s+){1,3}?(?=\S+ing\b|plans to)", "", body, count=1))
        value = _clean(_third(mabs["rest"], ctx.subject))
        if len(value.split()) > 16:
            return []
        return [_Cand(ctx.subject, "plans", value, "plan", 0.7, _sentence(body, ctx.stated))]
    return []


_PAST_VERBS = (
    r"went|visited|attended|finished|completed|graduated|began|bought|adopted|"
    r"took|had|celebrated|met|ran|won|signed up|traveled|travelled|flew|drove|saw|watched|read|"
    r"wrote|painted|made|baked|cooked|hosted|hiked|camped|volunteered|gave|received|passed|"
    r"launched|published|organized|organised|participated|performed|played|learned|learnt|"
    r"started|joined|got|did|built|created|climbed|swam|danced|sang|attended|donated|raised|"
    r"helped|ate|cleaned|fixed|planted|picked|found|lost|broke|injured|hurt|spent|visited|"
    r"returned|came back|arrived|left|moved|booked|ordered|presented|submitted|defended|"
    r"earned|scored|saved|shared|opened|closed|signed|tried|enrolled|explored|toured|checked out|"
    r"took part|caught|went back|applied|interviewed|heard|listened"
)
_RX_EVENT = re.compile(
    rf"^(?P<who>{_I}|we){_ADV}(?:\s+|(?='))(?P<verb>{_PAST_VERBS})\b(?P<rest>.*)$",
    re.I,
)


def _rule_events(ctx: _Ctx) -> list[_Cand]:
    if ctx.neg:
        return []
    past = [d for d in ctx.dates if d.first <= ctx.stated]
    if not past:
        return []
    m = _RX_EVENT.match(ctx.clause_abs)
    if not m:
        return []
    body = _cut(ctx.clause_abs, "who|which")
    # The date must survive the cut, and the event must name what happened.
    if not any(d.rendered.split(" ", 1)[1] in body for d in past):
        return []
    if re.match(r"^\s*(?:it|that|this|them|one|some|those|these|her|him|us|me)\b", m["rest"], re.I):
        return []
    body = _third(body, ctx.subject)
    if len(body.split()) > 24 or len(body.split()) < 4:
        return []
    verb = m["verb"].lower()
    rest_plain = _RX_EVENT.match(ctx.clause)
    attr = "event"
    value = _clean(_third(m["verb"] + m["rest"], ctx.subject))
    if verb == "visited" and rest_plain:
        place = _proper(rest_plain["rest"].strip())
        if place:
            attr, value = "visited", place
    value = _cut(value, "who|which")
    return [
        _Cand(
            ctx.subject, attr, value, "event", 0.7, _sentence(body, ctx.stated, with_stated=False)
        )
    ]


_RX_AGE = re.compile(
    rf"^{_I}(?:'m| am| just turned| turned| recently turned)\s+(?P<n>\d{{1,3}})(?:\s+years?\s+old|"
    rf"\s+yo|\s+y/o)?\s*$",
    re.I,
)
_RX_NAME = re.compile(rf"^(?:{_I}(?:'m| am)\s+called|call me)\s+(?P<v>[A-Z][\w'-]+)\s*$")
_RX_SPEAK = re.compile(rf"^{_IA}speak\s+(?P<v>(?:{_LANGS})(?:(?:,\s*|\s+and\s+)(?:{_LANGS}))*)\b")


def _rule_misc(ctx: _Ctx) -> list[_Cand]:
    if ctx.neg:
        return []
    c = ctx.clause
    m = _RX_AGE.match(c)
    if m and 3 <= int(m["n"]) <= 110:
        text = f"{_name(ctx.subject)} is {m['n']} years old"
        return [_Cand(ctx.subject, "age", m["n"], "personal", 0.8, _sentence(text, ctx.stated))]
    m = _RX_NAME.match(c)
    if m and m["v"] not in _NOT_NAMES:
        text = f"{_poss(ctx.subject)} name is {m['v']}"
        return [_Cand(ctx.subject, "name", m["v"], "personal", 0.8, _sentence(text, ctx.stated))]
    m = _RX_SPEAK.match(c)
    if m:
        langs = re.split(r",\s*|\s+and\s+", m["v"])
        return [
            _Cand(ctx.subject, "speaks", lang, "personal", 0.8,
                  _sentence(f"{_name(ctx.subject)} speaks {lang}", ctx.stated))
            for lang in langs
        ]  # fmt: skip
    return []


