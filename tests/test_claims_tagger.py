"""The learned value tagger (issue #10, round 10): new values read by meaning, not by phrase.

* the tagger (:mod:`sleepstack.sleep.claims.tagger`) ships with the package,
  loads offline, and its weights are what ``bench/train_value_tagger.py``
  produces from the tuning splits (the digest the script recorded);
* through the real pipeline (real MiniLM), a turn that changes a slot the user
  holds, in a phrasing the phrase readers do not know, gives the slot its new
  value (:mod:`sleepstack.sleep.claims.learned`);
* questions, hypotheticals, other people's values, quotes and text handed over
  to translate leave the user's slot alone.

Sentences here are written for these tests; none is from the benchmark's splits.
"""

from __future__ import annotations

import numpy as np
import pytest

from conftest import slot_values
from sleepstack.adapters.embed import load_embedder
from sleepstack.sleep.claims import tagger
from sleepstack.sleep.claims.held import names_value

POSITIVE = [
    # (held statement, update, attribute, new value)
    pytest.param("I write all my code in Sublime Text.",
                 "Sublime got too slow for the monorepo, so Zed is my daily driver now.",
                 "uses_editor", "Zed", marks=pytest.mark.xfail(strict=True, reason=(
                     "a limit: a phrase reader takes 'my daily driver now' as the new value, "
                     "so the tagger is not asked (the veto that would drop it is off)"))),
    ("Our app stores its data in MySQL.",
     "MySQL was swapped out for CockroachDB over the summer.", "uses_database", "CockroachDB"),
    ("Our builds run on Travis CI.",
     "Travis is history, GitLab pipelines run everything these days", "uses_ci", "GitLab"),
    pytest.param("I drive a Ford Fiesta.",
                 "Collected my Kia EV6 from the dealer yesterday, the Fiesta went to my nephew.",
                 "vehicle", "Kia EV6", marks=pytest.mark.xfail(strict=True, reason=(
                     "a limit: the tagger reads 'EV6' as current only at about the floor "
                     "and 'Kia' as neither"))),
    ("I live in Ghent.", "new address: Leuven, signed the lease on friday", "lives_in", "Leuven"),
    ("I work at Philips.",
     "After eight years at Philips I handed in my badge; Monday I'm joining ASML.",
     "works_at", "ASML"),
    pytest.param("I'm a junior accountant.", "they bumped me up to finance controller last week",
                 "job_title", "finance controller", marks=pytest.mark.xfail(strict=True, reason=(
                     "a limit: the classifier puts job title only faintly; faint slots are not "
                     "filled (they let 'dinner with Jonas' become a manager)"))),
    ("My manager is Dorota.", "Dorota got moved to another team and Kenji is my boss now.",
     "manager", "Kenji"),
    ("My boyfriend is Mateus.",
     "Mateus and me is finish since march. Now I am with Olek, he is very kind",
     "partner", "Olek"),
    ("Next month I'm travelling to Seville.",
     "Seville fell through, so we booked Valencia instead.", "next_trip", "Valencia"),
    ("I'm learning Italian.", "gave up on Italian, Portuguese is what I study now",
     "learning_language", "Portuguese"),
    ("I'm vegetarian.", "been eating pescatarian since january, fish is back on the menu",
     "diet", "pescatarian"),
    ("My email is tom.reyes@mailbox.org",
     "pls use t.reyes@fastmail.com from now on, the old mailbox is closed",
     "email", "t.reyes@fastmail.com"),
    ("I use Atom for coding.",
     "atom got discontinued so i moved evrything to VSCodium lol", "uses_editor", "VSCodium"),
    ("We keep our data in Oracle.",
     "Postgres is what we run now, the Oracle licences were too pricey.",
     "uses_database", "Postgres"),
    ("Our CI is CircleCI.", "CircleCI has been replaced by Drone at work.", "uses_ci", "Drone"),
    ("I'm based in Tallinn.",
     "Long week. The movers finally came on Tuesday. Tartu is home now, the flat is tiny but cosy.",
     "lives_in", "Tartu"),
    ("I am working by Siemens.",
     "Since one month I am working for Bosch, Siemens was not good for me.", "works_at", "Bosch"),
    ("My car is a Peugeot 208.", "Traded the Peugeot in for a Skoda Octavia estate.",
     "vehicle", "Skoda Octavia"),
    ("I report to Hilde.", "Hilde retired in May and Arvid took over as my manager.",
     "manager", "Arvid"),
    pytest.param("Emacs is my editor.", "moved to Helix a month ago and honestly not looking back",
                 "uses_editor", "Helix", marks=pytest.mark.xfail(strict=True, reason=(
                     "a limit: the clause reads as home/employer; editor only faintly"))),
    ("My phone number is 0612 345 678.", "new number!! 0687 654 321, the old sim is dead",
     "phone", "0687 654 321"),
]

NEGATIVE = [
    # (held statement, turn that must not change it, attribute, value it must not get)
    ("I live in Ghent.", "Is Leuven a nice place to live?", "lives_in", "Leuven"),
    ("I drive a Ford Fiesta.", "If I had the money I would buy a Porsche Taycan.",
     "vehicle", "Porsche Taycan"),
    ("I work at Philips.", "My brother just started at ASML.", "works_at", "ASML"),
    ("My editor is Vim.", 'My colleague keeps saying "just use Emacs" all day.',
     "uses_editor", "Emacs"),
    ("I live in Ghent.", "Translate into Spanish: I live in Madrid and I work at Telefonica.",
     "lives_in", "Madrid"),
    ("My manager is Dorota.", "My wife's boss is Kenji, he's strict.", "manager", "Kenji"),
    ("We use MySQL for the app.", "Should we migrate to MongoDB? what do you think",
     "uses_database", "MongoDB"),
    ("I drive a Ford Fiesta.", "My dad finally bought a Volvo XC40.", "vehicle", "Volvo XC40"),
    ("I use Atom for coding.", "What's the difference between Zed and Helix?",
     "uses_editor", "Zed"),
    ("I'm travelling to Seville next month.", "My friend is going to Porto next month.",
     "next_trip", "Porto"),
    ("I'm a junior accountant.", "Maybe one day I'll be a CFO, who knows.", "job_title", "CFO"),
    ("I'm learning Italian.", "How do you say 'good morning' in Portuguese?",
     "learning_language", "Portuguese"),
]


def test_the_shipped_weights_load_offline_and_match_the_recorded_digest() -> None:
    model = tagger.load_model()
    arrays = {"mean": model.mean, "scale": model.scale, "w": model.w, "b": model.b}
    assert tagger.weights_digest(arrays) == tagger.WEIGHTS_SHA256
    head = model.header
    assert head["script"] == "bench/train_value_tagger.py"
    # trained on the tuning splits only
    assert head["splits"] == ["tune", "val", "val2", "val3", "val4", "val5", "val6", "val7",
                              "val8"]
    assert set(head["loso"]) == {"val5", "val6", "val7", "val8"}


def test_the_training_labels_are_the_ones_the_weights_were_trained_on() -> None:
    # The labels are exact (no floating point): the script's dataset today is the one
    # the shipped weights were fitted to.
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
    import train_value_tagger as train

    data = train.dataset(train.TRAIN_SPLITS)
    assert train.label_digest(data) == tagger.load_model().header["labels_sha256"]
    # the labels mean what the docstring says: an update turn's new value is current,
    # the old one ended; a distractor's third-party value is neither
    sc = {"old": "Ghent", "new": "Leuven", "kind": "update", "turns": [
        {"role": "user", "text": "I live in Ghent."},
        {"role": "user", "text": "Left Ghent, Leuven is home now."}]}
    got = train.story_labels(sc)
    assert got[0][1] == [0, 0, 0, 1]
    assert got[1][1] == [0, 2, 1, 0, 0, 0]
    sc["kind"] = "distractor"
    sc["turns"] = [{"role": "user", "text": "I live in Leuven."},
                   {"role": "user", "text": "My sister lives in Ghent."}]
    assert [lab for _, lab in train.story_labels(sc)] == [[0, 0, 0, 1], [0, 0, 0, 0, 0]]


def test_a_retrained_model_on_a_sample_is_deterministic() -> None:
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
    import train_value_tagger as train

    rng = np.random.default_rng(0)
    x = rng.normal(size=(300, 12)).astype(np.float32)
    y = (x[:, 0] > 0.5).astype(np.int64) + (x[:, 1] > 1.0).astype(np.int64)
    a = train.fit(x, y, 0.1, 50)
    b = train.fit(x, y, 0.1, 50)
    assert all(np.array_equal(a[k], b[k]) for k in a)
    assert (train.predict(a, x) == y).mean() > 0.8


def test_the_tagger_reads_a_new_value_as_current_and_the_old_as_ended() -> None:
    emb = load_embedder("local:all-MiniLM-L6-v2")
    text = "Bitbucket is gone, we moved all our repos and builds to Gitea last week."
    ((spans, probs),) = tagger.tag_words([text], emb)
    got = {s.text: s.label for s in tagger.tag_spans(text, spans, probs)}
    assert got.get("Gitea") == "current"
    assert "Bitbucket" not in got or got["Bitbucket"] == "ended"


def test_a_text_without_words_or_an_embedder_without_states_tags_nothing() -> None:
    emb = load_embedder("local:all-MiniLM-L6-v2")
    ((spans, probs),) = tagger.tag_words(["!!! ..."], emb)
    assert spans == [] and probs.shape == (0, 3)
    ((spans, probs),) = tagger.tag_words(["I live in Ghent."], object())
    assert spans == []


@pytest.mark.parametrize(("held", "update", "attr", "new"), POSITIVE,
                         ids=[str(p.values[3] if hasattr(p, "values") else p[3])
                              for p in POSITIVE])
def test_a_changed_value_is_read_by_meaning(held: str, update: str, attr: str,
                                            new: str) -> None:
    got = slot_values(held, update)
    # the new value, or its distinctive part ("EV6" for "Kia EV6")
    assert any(a == attr and (v == new or names_value(v, new) or names_value(new, v))
               for a, v in got), sorted(got)


@pytest.mark.parametrize(("held", "turn", "attr", "value"), NEGATIVE,
                         ids=[n[3] for n in NEGATIVE])
def test_no_change_from_questions_hypotheticals_others_quotes(held: str, turn: str,
                                                               attr: str, value: str) -> None:
    got = slot_values(held, turn)
    assert not any(a == attr and value.casefold() in v.casefold() for a, v in got), sorted(got)
