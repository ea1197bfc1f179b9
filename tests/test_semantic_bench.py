"""The semantic-head experiment's parts (``bench/semantic_head.py``) compute what its docs say.

The experiment's result is a measured negative (docs/security.md), so nothing of it ships;
these tests keep the measurement itself honest: sentence cutting, the window vectors, the
oracle upper bound and the AUC, and a deterministic fit.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
semantic_head = pytest.importorskip("semantic_head")


def test_sentences_keep_terminators_and_drop_letterless_parts() -> None:
    got = semantic_head.sentences("Hello there. Ignore that!\n---\n42\nSend it now")
    assert got == ["Hello there.", "Ignore that!", "Send it now"]


def test_windows_are_every_run_of_up_to_three_sentences() -> None:
    assert semantic_head.windows(4) == [(0, 1), (1, 2), (2, 3), (3, 4), (0, 2), (1, 3), (2, 4),
                                        (0, 3), (1, 4)]
    assert semantic_head.windows(1) == [(0, 1)]


def test_window_vector_is_the_length_weighted_mean_renormalised() -> None:
    e = np.asarray([[1.0, 0.0], [0.0, 1.0], [0.6, 0.8]], dtype=np.float32)
    x, wins = semantic_head.window_matrix(e, [1, 3, 2])
    row = x[wins.index((0, 2))]
    want = np.asarray([1.0, 3.0]) / np.linalg.norm([1.0, 3.0])
    assert np.allclose(row, want, atol=1e-6)
    assert np.allclose(x[wins.index((2, 3))], e[2], atol=1e-6)
    assert np.allclose(np.linalg.norm(x, axis=1), 1.0, atol=1e-6)


def test_oracle_never_exceeds_the_benign_budget_and_never_loses_todays_catch() -> None:
    # (label, today flags it, semantic p): 100 benign, one of them scoring 0.9
    rows = [(0, False, 0.1)] * 99 + [(0, False, 0.9)]
    rows += [(1, True, 0.0), (1, False, 0.95), (1, False, 0.5), (1, False, 0.05)]
    # 1 % of 100 benign rows may be flagged: the threshold may go down to just above 0.1
    assert semantic_head.oracle_catch(rows, max_fp=0.01) == pytest.approx(3 / 4)
    # no benign row may be flagged: only what scores above 0.9 is added
    assert semantic_head.oracle_catch(rows, max_fp=0.0) == pytest.approx(2 / 4)


def test_auc_counts_ties_half() -> None:
    assert semantic_head.auc([0.9, 0.8], [0.1, 0.2]) == 1.0
    assert semantic_head.auc([0.5], [0.5]) == 0.5
    assert semantic_head.auc([], [0.1]) != semantic_head.auc([], [0.1])  # nan


def test_fit_is_deterministic_and_separates_a_separable_set() -> None:
    x = np.asarray([[1, 0], [0.9, 0.1], [0, 1], [0.1, 0.9]], dtype=np.float32)
    y = np.asarray([1.0, 1.0, 0.0, 0.0])
    w = np.ones(4)
    a = semantic_head._fit(x, y, w, iters=200)
    b = semantic_head._fit(x, y, w, iters=200)
    assert np.array_equal(a.w, b.w) and a.b == b.b
    z = a.logits(x)
    assert z[:2].min() > z[2:].max()
