"""The learned slot head (issue #10, round 15): a clause's slot by meaning, past the prototypes.

Clauses here are written for this file, in phrasings and with values that are
in no knowledge story the head was trained on.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

from sleepstack.adapters.embed import load_embedder
from sleepstack.errors import EmbedderError
from sleepstack.layers import slot_head
from sleepstack.layers.slot_head import EMBEDDER, NONE, WEIGHTS, SlotHead, load_head
from sleepstack.layers.slot_vectors import prototype_matrix, slot_scores
from sleepstack.layers.slots import SLOTS
from sleepstack.sleep.claims.classify import rank_slots
from sleepstack.weights import Shipped

MINILM = "local:all-MiniLM-L6-v2"
REPO = Path(__file__).resolve().parents[1]


def test_the_weights_ship_small_pinned_and_load_the_same_every_time() -> None:
    assert WEIGHTS.exists() and WEIGHTS.stat().st_size < 64_000
    a = SlotHead.load(WEIGHTS, slot_head.WEIGHTS_SHA256)
    b = load_head()
    assert b is not None and a.digest() == b.digest() == slot_head.WEIGHTS_SHA256
    assert a.dim == 384 and a.labels[-1] == NONE and EMBEDDER == MINILM
    assert set(a.labels[:-1]) <= {s.name for s in SLOTS} and 0.0 < a.gain <= 0.5


def test_weights_that_are_not_the_pinned_ones_are_refused(tmp_path: Path) -> None:
    head = SlotHead.load(WEIGHTS, slot_head.WEIGHTS_SHA256)
    other = SlotHead(head.weight * 1.01, head.bias, head.labels, head.gain)
    path = tmp_path / "slot_head.npz"
    other.save(path)
    with pytest.raises(EmbedderError, match="train_slot_head"):
        SlotHead.load(path, slot_head.WEIGHTS_SHA256)
    path.write_bytes(b"not a zip")
    with pytest.raises(EmbedderError, match="cannot read"):
        SlotHead.load(path)


def test_labels_of_another_taxonomy_are_refused() -> None:
    w, b = np.zeros((3, 384), np.float32), np.zeros(3, np.float32)
    with pytest.raises(EmbedderError, match="not slots"):
        SlotHead(w, b, ("home", "horoscope", NONE), 0.3)
    with pytest.raises(EmbedderError, match="end with"):
        SlotHead(w, b, ("home", "employer", "diet"), 0.3)


def _scores(clause: str, head: SlotHead | None) -> dict[str, float]:
    """Each slot's score as recall reads a turn's slot: best prototype cosine (+ the head)."""
    emb = load_embedder(MINILM)
    vec = np.asarray(emb.embed([clause]), dtype=np.float32)
    protos, owner = prototype_matrix(emb)
    best = slot_scores(vec @ protos.T, owner)[0]
    if head is not None:
        best += head.boost(vec)[0]
    return {s.name: float(best[i]) for i, s in enumerate(SLOTS)}


@pytest.mark.parametrize(("clause", "slot"), [
    ("my other half Teodor cooks most nights", "partner"),
    ("trying to pick up Tagalog with an app", "language"),
    ("off to Valparaíso in March", "trip"),
    ("we store everything in Cassandra", "database"),
    ("the hatchback is in the shop again", "vehicle"),
])
def test_the_head_reads_the_slot_of_clauses_the_prototypes_miss_or_rank_low(
        clause: str, slot: str) -> None:
    head = load_head()
    with_head, alone = _scores(clause, head), _scores(clause, None)
    assert max(with_head, key=lambda k: with_head[k]) == slot, with_head
    # the head only adds: the slot's score rises by what the head gives it
    assert with_head[slot] > alone[slot]


def test_small_talk_gains_little() -> None:
    head = load_head()
    assert head is not None
    vecs = np.asarray(load_embedder(MINILM).embed(
        ["ok thanks, that makes sense", "haha fair enough"]), dtype=np.float32)
    assert float(head.boost(vecs).max()) < 0.5 * head.gain


def test_sleep_ranks_clause_slots_by_the_prototypes_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    # the head lifted slots that let readers take values from other voices' clauses
    # ("im in Farah's team now" as a home): sleep does not add it (classify.rank_slots)
    emb = load_embedder(MINILM)
    clauses = ["we store everything in Cassandra", "my other half Teodor cooks"]
    a = rank_slots(clauses, emb, wide=True, floor=-1.0)
    monkeypatch.setattr(slot_head, "_shipped", Shipped(lambda: None))
    assert rank_slots(clauses, emb, wide=True, floor=-1.0) == a


def test_the_trainer_labels_value_clauses_and_repeated_filler_only() -> None:
    sys.path.insert(0, str(REPO / "bench"))
    import train_slot_head as t

    filler = "ok thanks, that makes sense, I appreciate it"
    rows = [{"split": "tune", "slot": "home", "old": "Tromsø", "new": "Bodø", "kind": "update",
             "turns": [{"role": "user", "text": "I live in Tromsø."},
                       {"role": "user", "text": filler},
                       {"role": "user", "text": f"I think the weather is nicer here ({i})."},
                       {"role": "assistant", "text": "Bodø is lovely."},
                       {"role": "user", "text": "Moved to Bodø on Friday."}]}
            for i in range(3)]
    got = {(c, lab) for _, c, lab in t.examples(rows)}
    assert ("I live in Tromsø", "home") in got and ("Moved to Bodø on Friday", "home") in got
    assert any(lab == NONE for _, lab in got)
    # a turn of the story that names no value may be about the slot: left out
    assert not any("weather" in c for c, _ in got)
    with pytest.raises(AssertionError):
        t.stories(["val23"])  # a held-out split is never opened
