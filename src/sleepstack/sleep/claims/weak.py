"""What makes a clause with no first person the speaker's own: a precise shape in it.

A user's clause with no "I", "my" or "we" is a statement about the world unless
its meaning is clearly one of the speaker's slots (:func:`..claims_of`). Texting
and notes drop the "I" ("drive a Ford Courier", "DOB 17/03/1986", "tel. +48 512
384 907 if agency calls", "the bus-tracker side project uses Hypertable"), so a
shape precise enough to name the slot makes the clause the speaker's too: a
product by name with a word of use, an address with a word that gives it, a job
title after its label, a date with a birth word, a make and model after a verb of
driving. Said of someone else ("her number is …", "their shop runs on
FileMaker", "Mum's birthday is …") or of a service ("the helpline is 0800 …"),
it stays theirs. :func:`weak_slots` names the slot; the readers read the value.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .occupations import job_titles
from .products import product_slot
from .taxonomy import Slot, slot_by_name
from .values import read_value
from .vehicles import DRIVEN, vehicles_in
from .whose import others_address

__all__ = ["WEAK_FLOOR", "weak_slots"]

#: a clause without any first person needs its nearest prototype at least this close (a
#: slot decided by a shape here is given that score)
WEAK_FLOOR = 0.7
_EMAIL_SLOT = slot_by_name("email")
_PHONE_SLOT = slot_by_name("phone")
_BIRTHDAY_SLOT = slot_by_name("birthday")
_VEHICLE_SLOT = slot_by_name("vehicle")
_TITLE_SLOT = slot_by_name("job_title")


def weak_slots(text: str, near: Sequence[tuple[Slot, float]]) -> list[tuple[Slot, float]]:
    """The slot a clause with no first person is about by a precise shape; empty when none.

    *near* are the slots the clause's meaning came near, with their scores.
    """
    if _THEIRS.search(text):
        return []
    return (_by_product(text, near) or _by_address(text) or _by_title(text)
            or _by_birthday(text) or _by_vehicle(text))


# Someone else's, said in the third person ("their shop runs on FileMaker").
_THEIRS = re.compile(r"\b(?:he|she|they|his|her|their|hers|theirs)\b", re.I)


def _by_product(text: str, near: Sequence[tuple[Slot, float]]) -> list[tuple[Slot, float]]:
    """The tool slot a clause with no first person names a product of, with a word of use.

    "the bus-tracker side project uses Hypertable": a product by name is precise
    enough (.products) where the slot's meaning alone is not; said of someone
    else ("their shop runs on FileMaker") it is theirs.
    """
    tool = product_slot(text, {sl.name for sl, _ in near})
    slot = slot_by_name(tool[0]) if tool else None
    if slot is None or slot.kind != "tool":
        return []  # (a diet without a first person stays a remark: "keto for two months")
    return [(slot, max((sc for sl, sc in near if sl is slot), default=WEAK_FLOOR))]


# An address with a word that says it is one to reach or send to, in a clause with no
# first person: "quotes go out from dazza@…", "tel. +48 512 …", "number ko 0917 …".
_ADDRESS_CUE = re.compile(
    r"\b(?:e-?mail|mail|inbox|addy|number|no|nr|tel|phone|mobile|mob|cell|whatsapp|viber|"
    r"signal|telegram|sms|text|call|ring|reach|contact|send|sent|go(?:es)?\s+out|from)\b",
    re.I)
# ... but a service's or an office's address is nobody's own ("the helpline is 0800 …").
_SERVICE = re.compile(
    r"\b(?:support|help|helpline|hotline|info|noreply|no-reply|sales|office|reception|"
    r"front\s+desk|customer|service|emergenc\w*|ambulance|police|bank|clinic|surgery|"
    r"switchboard|hr|billing|orders?)\b", re.I)


def _by_address(text: str) -> list[tuple[Slot, float]]:
    """The contact slot of a clause with no first person that gives an address to use.

    An e-mail address or a phone number is precise; said with a word of reaching or
    sending and given as no one else's (.whose), it is the speaker's own.
    """
    if _SERVICE.search(text) or others_address(text) \
            or not _ADDRESS_CUE.search(text):
        return []
    for slot in (_EMAIL_SLOT, _PHONE_SLOT):
        if read_value(slot.kind, text).new:
            return [(slot, 1.0)]
    return []


def _by_vehicle(text: str) -> list[tuple[Slot, float]]:
    """The vehicle slot of a clause with no first person that opens with driving or having one.

    "drive a Ford Courier, ladder racks on top": a make and its model (.vehicles)
    with the verb that drops its "I"; "my brother has a Ford Focus" has a first
    person and is his, "Ford Focus recalled again" opens with none.
    """
    if not DRIVEN.match(text) or not vehicles_in(text):
        return []
    return [(_VEHICLE_SLOT, WEAK_FLOOR)]


def _by_birthday(text: str) -> list[tuple[Slot, float]]:
    """The birthday slot of a clause with no first person that gives a date with a birth word.

    "DOB 17/03/1986", "bday 17/10": precise; someone else's ("Mum's birthday is
    …", "her DOB") is theirs.
    """
    if re.search(r"['’]s\s+(?:b-?day|birthday|dob|date of birth)\b", text, re.I):
        return []
    return [(_BIRTHDAY_SLOT, 1.0)] if read_value("birthday", text).new else []


def _by_title(text: str) -> list[tuple[Slot, float]]:
    """The job slot of a clause with no first person that gives a title by its label.

    "job title is Associate Copywriter", "title's Localization Specialist": the
    label and an occupation at the end are precise (.occupations); someone
    else's ("Dan's title is …", "her title is …") is theirs.
    """
    if re.search(r"['’]s\s+(?:job\s+)?title\b", text) or not job_titles(text):
        return []
    return [(_TITLE_SLOT, WEAK_FLOOR)]
