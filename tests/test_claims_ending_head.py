"""The learned ending head (issue #10, round 11): ends / holds / neither, by meaning.

Cases written here, in phrasings that are neither in the head's training file
(``bench/data/ending_train.txt``) nor in the knowledge benchmark's stories.
"""

from __future__ import annotations

import numpy as np
import pytest

from conftest import facts_of
from sleepstack.adapters.embed import load_embedder
from sleepstack.sleep.claims import classify
from sleepstack.sleep.claims.classify import END_MARGIN, ending_scores, mask_values
from sleepstack.sleep.claims.endhead import EMBEDDER, LABELS, WEIGHTS, EndingHead, load_head

MINILM = "local:all-MiniLM-L6-v2"


def p_end(*texts: str) -> list[float]:
    head = load_head()
    assert head is not None
    vecs = np.asarray(load_embedder(MINILM).embed([mask_values(t) for t in texts]),
                      dtype=np.float32)
    return [float(x) for x in head.probabilities(vecs)[:, 0]]


def test_the_weights_ship_in_the_package_small_and_load_the_same_every_time() -> None:
    assert WEIGHTS.exists() and WEIGHTS.stat().st_size < 20_000
    a, b = EndingHead.load(), EndingHead.load()
    assert a.dim == 384 and a.weight.shape == (len(LABELS), 384)
    assert np.array_equal(a.weight, b.weight) and a.threshold == b.threshold
    assert EMBEDDER == MINILM and 0.0 < a.threshold < 1.0


def test_endings_in_new_phrasings_are_read() -> None:
    endings = ["My stint at the brewery wrapped up on Friday, I'm out.",
               "the poor old rabbit is no more",
               "The campervan is gone, a couple in Devon bought it.",
               "Finished with the carb-free regime, pasta is back."]
    head = load_head()
    assert head is not None
    assert all(p >= head.threshold for p in p_end(*endings)), p_end(*endings)


def test_holdings_and_starts_are_no_endings_even_with_finally_or_now() -> None:
    holdings = ["Finally signed with a new agency, starting next week.",
                "now I've got a little terrier called Moss",
                "We bought a narrowboat and live on it."]
    head = load_head()
    assert head is not None
    assert all(p < head.threshold for p in p_end(*holdings)), p_end(*holdings)


@pytest.mark.parametrize("text", [
    "Never once regretted leaving the city for the coast.",  # a negation that ends nothing
    "Toying with the idea of selling the caravan.",          # an intention
    "We toured Vietnam back in 2018.",                       # a past event
])
def test_hard_negatives_are_below_the_ending_threshold(text: str) -> None:
    head = load_head()
    assert head is not None
    assert p_end(text)[0] < head.threshold, (text, p_end(text))


def test_whose_ending_it_is_is_not_the_heads_question() -> None:
    # Known limit: a third party's ending reads as an ending ("My flatmate got sacked
    # from the pub" is near "I got sacked"); subject.py keeps it from the speaker's
    # slots (test_a_third_partys_ending_closes_nothing_of_the_speakers below).
    head = load_head()
    assert head is not None
    assert p_end("My flatmate got sacked from the pub.")[0] >= head.threshold


def test_an_ending_outweighs_a_holding_of_the_same_thing() -> None:
    e, h = p_end("sold the caravan at last", "bought a caravan at last")
    assert e > h


def test_the_head_is_on_the_margin_scale() -> None:
    # At END_MARGIN exactly when p(end) reaches the threshold: every reader keeps its cut.
    head = load_head()
    assert head is not None
    vecs = np.asarray(load_embedder(MINILM).embed(["I quit it.", "I moved to it."]),
                      dtype=np.float32)
    p = head.probabilities(vecs)[:, 0]
    s = head.scores(vecs, END_MARGIN)
    assert [x >= END_MARGIN for x in s] == [bool(x >= head.threshold) for x in p]


def test_other_embedders_keep_the_margin_alone() -> None:
    # The weights live in MiniLM's space: the hashing embedder never reaches the head.
    emb = load_embedder("hash:384")
    got = ending_scores(["I sold the Civic."], emb)
    assert got == classify.contrast_scores(["I sold the Civic."], emb,
                                           classify.ENDING_PROTOTYPES,
                                           classify.HOLDING_PROTOTYPES, mask_values)


def test_an_ending_the_prototypes_miss_closes_the_held_value() -> None:
    facts = facts_of("I work at Ocado.", "My stint at Ocado wrapped up on Friday.")
    later = {(f.attribute, f.value) for f in facts if f.cites == ("t1",)}
    assert ("works_at", "Ocado") not in later
    assert any((a.startswith("ended:") and v == "Ocado") or v == "none" for a, v in later), later


def test_a_third_partys_ending_closes_nothing_of_the_speakers() -> None:
    facts = facts_of("I work at Ocado.", "My flatmate's stint at Ocado wrapped up on Friday.")
    assert not any(f.attribute.startswith("ended:") for f in facts)
    assert ("works_at", "Ocado") in {(f.attribute, f.value) for f in facts}


def test_the_destination_of_a_move_is_the_new_value_not_an_ending() -> None:
    facts = facts_of("We keep all our data in Oracle.",
                     "The final Oracle schema got ported to Postgres last night, "
                     "so that is finished.")
    later = {(f.attribute, f.value) for f in facts if f.cites == ("t1",)}
    assert ("uses_database", "Postgres") in later, later
    assert ("ended:uses_database", "Postgres") not in later, later


@pytest.mark.parametrize("text", [
    "Still unable to eat walnuts.",          # a negated holding: the allergy holds
    "Lately I'm at Rabobank, it is going well.",  # a move stated as where one is now
])
def test_negated_or_moved_holdings_are_no_endings(text: str) -> None:
    head = load_head()
    assert head is not None
    assert p_end(text)[0] < head.threshold, p_end(text)
