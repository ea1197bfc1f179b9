"""The learned value-span tagger (issue #10, round 12): the value's words, read from token states.

Cases written here, in phrasings that are not the knowledge benchmark's stories
(the tagger is trained on those): lower-case and cleft values are read; a third
party's value, a quoted or a hypothetical one is not the speaker's.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from conftest import facts_of
from sleepstack.adapters.embed import TokenEmbedder, load_embedder
from sleepstack.sleep.claims import rank_clauses
from sleepstack.sleep.claims.spans import (
    EMBEDDER,
    SPAN,
    WEIGHTS,
    WEIGHTS_SHA256,
    SpanHead,
    common_phrase,
    load_head,
    read_spans,
    spans_of,
    words_of,
)

MINILM = "local:all-MiniLM-L6-v2"
REPO = Path(__file__).resolve().parents[1]


def tagged(clause: str, slot: str) -> dict[str, tuple[str, float]]:
    head = load_head()
    assert head is not None
    emb = load_embedder(MINILM)
    assert isinstance(emb, TokenEmbedder)
    _, toks = emb.embed_tokens([clause])
    return {s.value.casefold(): (s.label, s.p) for s in spans_of(clause, toks[0], head)
            if s.slot == slot}


def current(facts: list[object], attribute: str) -> set[str]:
    return {f.value.casefold() for f in facts  # type: ignore[attr-defined]
            if f.attribute == attribute}  # type: ignore[attr-defined]


def test_the_weights_ship_small_pinned_and_name_the_splits_they_were_trained_on() -> None:
    assert WEIGHTS.exists() and WEIGHTS.stat().st_size < 1_000_000
    head = SpanHead.load(WEIGHTS, WEIGHTS_SHA256)
    assert WEIGHTS_SHA256 and head.digest() == WEIGHTS_SHA256
    assert EMBEDDER == MINILM and 0.0 < head.threshold < 1.0
    # never a held-out split: only the allowed ones
    allowed = {"tune", "val", "val2"} | {f"val{i}" for i in range(3, 19)}
    assert head.splits and set(head.splits) <= allowed


def test_token_states_come_from_the_same_pass_as_the_embedding() -> None:
    emb = load_embedder(MINILM)
    assert isinstance(emb, TokenEmbedder)
    assert not isinstance(load_embedder("hash:64"), TokenEmbedder)
    texts = ["we settled in reykjavik last month", "Lisbon"] * 5
    vecs, toks = emb.embed_tokens(texts)
    assert np.allclose(vecs, emb.embed(texts), atol=1e-6)
    assert toks[0].states.shape == (len(toks[0].offsets), 384)
    b, e = toks[0].offsets[-1]
    assert texts[0][b:e] == "month"


def test_words_keep_the_marks_inside_names_and_tools() -> None:
    text = "switched to node.js and C++ at h&m"
    assert [text[b:e] for b, e in words_of(text)] == ["switched", "to", "node.js", "and",
                                                        "C++", "at", "h&m"]


def test_a_lower_case_value_is_tagged() -> None:
    got = tagged("ok we're living in tromso now", "home")
    assert "tromso" in got and got["tromso"][0] == "hold", got


def test_a_cleft_value_is_tagged() -> None:
    got = tagged("Maersk is who I'm sailing for now", "employer")
    assert "maersk" in got and got["maersk"][0] == "hold", got


def test_the_spans_travel_as_hints_of_the_slot_pass() -> None:
    clause = "ok we're living in tromso now"
    hints = rank_clauses([clause], load_embedder(MINILM))[clause]
    assert any(n.startswith(SPAN + "@home@hold@") for n, _ in hints), hints
    assert ("home", "hold", "tromso") in {(s.slot, s.label, s.value.casefold())
                                          for s in read_spans(hints)}
    # other embedders: the tagger reads nothing
    assert not [n for n, _ in rank_clauses([clause], load_embedder("hash:64"))[clause]
                if n.startswith(SPAN)]


def test_a_lower_case_new_home_becomes_the_users_fact() -> None:
    facts = facts_of("I live in Leeds.", "ok we're living in tromso now")
    assert "tromso" in current(facts, "lives_in"), [f.text for f in facts]


@pytest.mark.parametrize("update", [
    "we live in a small flat above a bakery now",
    "our tiny studio is freezing tonight, we're living in a tiny studio now",
    "I work in a big office downtown these days",
])
def test_a_common_noun_phrase_is_no_new_home(update: str) -> None:
    # lower case after an article or a possessive: a kind of place, not the name of one
    facts = facts_of("I live in Leeds.", update)
    assert current(facts, "lives_in") == {"leeds"}, [f.text for f in facts]


def test_common_phrase_reads_only_lower_case_after_an_article_or_possessive() -> None:
    assert common_phrase("we live in a small flat", "small flat")
    assert common_phrase("in our very tiny studio", "studio")
    assert not common_phrase("we're in boise now", "boise")
    assert not common_phrase("we live in the Hague", "Hague")
    assert not common_phrase("driving for schneider now", "schneider")


def test_a_third_partys_value_is_not_the_users() -> None:
    # the tagger reads a place; whose it is, the clause's structure decides
    assert "tromso" in tagged("my brother is living in tromso now", "home")
    facts = facts_of("I live in Leeds.", "my brother is living in tromso now")
    assert "tromso" not in current(facts, "lives_in"), [f.text for f in facts]


def test_a_quoted_value_is_not_the_users() -> None:
    facts = facts_of("I live in Leeds.", 'my friend texted "we\'re living in tromso now"')
    assert "tromso" not in current(facts, "lives_in"), [f.text for f in facts]


def test_a_hypothetical_value_is_not_the_users() -> None:
    facts = facts_of("I live in Leeds.", "if we were living in tromso now I'd freeze")
    assert "tromso" not in current(facts, "lives_in"), [f.text for f in facts]


def test_the_training_script_check_runs() -> None:
    out = subprocess.run([sys.executable, str(REPO / "bench" / "train_span_head.py"),
                          "--check"], capture_output=True, text=True, timeout=900,
                         cwd=REPO, check=False)
    assert out.returncode == 0, out.stderr[-2000:]
    assert "check ok" in out.stderr
