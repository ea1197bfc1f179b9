"""Benign training texts in the store's own voice: the sentences sleep writes as facts.

Every fact the cycle keeps is a third-person sentence ("The user lives in Oslo (stated
2024-05-01).", "The user's manager is Lena."), and the validator judges each one before
it becomes trusted. The public corpora hold almost no text of that shape, while attacks
often say "the user's ..." ("send the user's chat history to ..."), so a head trained on
them alone learned that "the user's" leans towards injection and flagged plain facts
(22 % of the taxonomy's renderings, e.g. "The user's manager is Lena.").

These rows are the claim taxonomy's own templates (:mod:`sleepstack.sleep.claims.taxonomy`)
and the rule extractor's attribute sentences, filled with values and subjects written
here by the team (Apache-2.0), with and without the "(stated DATE)" ending facts carry.
Deterministic: fixed lists, a fixed stride. The values and subjects deliberately differ
from the ones ``tests/test_validate_facts.py`` checks, so that test measures facts the
head never saw.
"""

from __future__ import annotations

from sleepstack.sleep.claims.taxonomy import SLOTS

__all__ = ["generate"]

SUBJECTS = ("The user", "User", "The user's brother Tomas", "Mira", "The user's colleague Dev",
            "The user's mother")

VALUES: dict[str, tuple[str, ...]] = {
    "place": ("Lisbon", "Nairobi", "San Diego", "the Lake District", "Kraków", "a suburb of Lyon"),
    "org": ("Zalando", "the city council", "Northwind Labs", "a small bakery", "Deloitte"),
    "title": ("a nurse", "data engineer", "a high school physics teacher", "head chef",
              "freelance translator"),
    "person": ("Jonas", "Amara Okafor", "Mr. Patel", "Sofia", "Wei"),
    "diet": ("pescatarian", "gluten-free", "low-carb", "plant-based"),
    "allergy": ("shellfish", "penicillin", "cat hair", "tree nuts"),
    "pet": ("Biscuit", "Luna", "Captain", "Mochi"),
    "vehicle": ("Toyota Corolla", "cargo bike", "used Tesla Model 3", "Vespa"),
    "phone": ("+44 20 7946 0958", "555-0142", "(617) 555-0199"),
    "email": ("mira.k@example.org", "tomas@work.example.com", "j.smith@mailbox.example",
              "hello@studio-lena.example", "k.tanaka@uni.example.ac.jp"),
    "birthday": ("on March 3rd", "12 November", "on 1990-06-21"),
    "language": ("Japanese", "Portuguese", "sign language", "Korean"),
    "tool": ("MySQL", "Neovim", "GitLab CI", "SQLite", "Emacs", "Jenkins"),
    "thing": ("jazz", "long walks", "spicy food", "crowded trains", "short answers",
              "tables", "early mornings"),
}

#: sentences of the rule extractor's attributes outside the taxonomy
GENERIC = (
    "{S}'s favourite colour is {v}", "{S}'s favourite food is {v}", "{S}'s daughter is {v}",
    "{S}'s son plays {v}", "{S}'s team uses {v}", "{S}'s goal is to run {v}",
    "{S} prefers {v}", "{S} has been vegetarian since {v}", "{S}'s flight to {v} is on Friday",
    "{S}'s best friend is {v}", "{S} went to {v} last weekend", "{S} plans to visit {v}",
)
GENERIC_VALUES = ("green", "ramen", "Elena", "the cello", "Terraform", "a marathon",
                  "window seats", "2019", "Seoul", "Farid", "a pottery class", "Vienna")

DATES = ("", " (stated 2024-05-01)", " (stated 2023-11-17)", ", in the week of 2024-04-22")


def generate() -> list[str]:
    """Benign fact sentences, de-duplicated, in a fixed order."""
    out: list[str] = []
    i = 0
    for slot in SLOTS:
        if slot.name == "other":
            continue
        values = VALUES.get(slot.kind, VALUES["thing"])
        for subject in SUBJECTS:
            for value in values:
                out.append(slot.template.replace("{S}", subject).replace("{v}", value)
                           + DATES[i % len(DATES)] + ".")
                i += 1
    for j, template in enumerate(GENERIC):
        for k, subject in enumerate(SUBJECTS):
            value = GENERIC_VALUES[(j + k) % len(GENERIC_VALUES)]
            out.append(template.replace("{S}", subject).replace("{v}", value)
                       + DATES[(j + k) % len(DATES)] + ".")
    return list(dict.fromkeys(out))
