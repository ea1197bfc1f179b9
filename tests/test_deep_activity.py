"""Issue 14: deep recall's activity step lifts the named speaker's activity turns."""

from __future__ import annotations

import numpy as np

from sleepstack.graph import Graph, Text, build_graph
from sleepstack.index.rows import Row
from sleepstack.wake.context import Piece
from sleepstack.wake.deep_activity import ActivityConfig, pull

TURNS = [
    ("d1", "Mia", "Hey Leo, how are the activities at your new job?"),
    ("d2", "Leo", "Busy! Lots of activities planned for the team."),
    ("d3", "Mia", "I had a quiet weekend after we went camping by the lake."),
    ("d4", "Mia", "I'm off to go swimming with the kids now."),
    ("d5", "Leo", "We went camping too, years ago."),
    ("d6", "Mia", "Work has been long this week."),
]


def _setup() -> tuple[Graph, list[Row], np.ndarray, list[Piece]]:
    texts = [Text(c, t, f"2026-01-0{i + 1}T10:00:00Z", r) for i, (c, r, t) in enumerate(TURNS)]
    g = build_graph(Graph("u"), texts)
    rows = [Row(f"k{c}", "u", "raw", f"p/{c}", t, (c,), at=f"2026-01-0{i + 1}T10:00:00Z",
                session="s1", role=r) for i, (c, r, t) in enumerate(TURNS)]
    dense = np.array([0.6, 0.55, 0.2, 0.25, 0.2, 0.1], dtype=np.float32)
    # what the first hop ranked: the turns that write "activities" first
    pieces = [Piece(rows[0], 1.0, extra={"pos": 0}), Piece(rows[1], 0.9, extra={"pos": 1}),
              Piece(rows[5], 0.2, extra={"pos": 5})]
    return g, rows, dense, pieces


def test_pull_lifts_the_named_speakers_activity_turns() -> None:
    g, rows, dense, pieces = _setup()
    hidden = np.zeros(len(rows), dtype=bool)
    cfg = ActivityConfig(weight=0.5, gate=0.0)
    out, added = pull(g, rows, hidden, dense, pieces, "What activities does Mia do?", 1.0, cfg)
    order = [p.row.cites[0] for p in out]
    assert added == 2 and {"d3", "d4"} <= set(order)
    assert order.index("d4") < order.index("d6") and order.index("d3") < order.index("d6")
    assert "d5" not in order  # Leo's camping turn is not Mia's activity


def test_pull_does_nothing_without_a_named_speaker_or_with_the_gate_shut() -> None:
    g, rows, dense, pieces = _setup()
    hidden = np.zeros(len(rows), dtype=bool)
    cfg = ActivityConfig(weight=0.5, gate=0.0)
    out, added = pull(g, rows, hidden, dense, pieces, "What activities are there?", 1.0, cfg)
    assert added == 0 and out == pieces
    # the gate: none of the best hits is an activity turn of Mia's
    shut = ActivityConfig(weight=0.5, gate=0.4, top=2)
    out, added = pull(g, rows, hidden, dense, pieces, "What activities does Mia do?", 1.0, shut)
    assert added == 0


def test_hidden_turns_never_join() -> None:
    g, rows, dense, pieces = _setup()
    hidden = np.zeros(len(rows), dtype=bool)
    hidden[3] = True  # a hidden (flagged) turn never joins
    cfg = ActivityConfig(weight=0.5, gate=0.0)
    out, _ = pull(g, rows, hidden, dense, pieces, "What activities does Mia do?", 1.0, cfg)
    assert "d4" not in {p.row.cites[0] for p in out}


def test_pull_spreads_the_gain_over_activities() -> None:
    """A node's best turn gains in full, its other turns ``within`` of that."""
    texts = [Text("a1", "I went camping by the lake.", "2026-01-01T10:00:00Z", "Mia"),
             Text("a2", "Camping again this weekend, I love it.", "2026-01-02T10:00:00Z", "Mia"),
             Text("a3", "I'm off to go swimming.", "2026-01-03T10:00:00Z", "Mia")]
    g = build_graph(Graph("u"), texts)
    rows = [Row(f"k{t.cite}", "u", "raw", f"p/{t.cite}", t.text, (t.cite,), at=t.at,
                session="s1", role="Mia") for t in texts]
    dense = np.array([0.5, 0.4, 0.5], dtype=np.float32)
    hidden = np.zeros(3, dtype=bool)
    cfg = ActivityConfig(weight=1.0, gate=0.0, within=0.25)
    out, added = pull(g, rows, hidden, dense, [], "What does Mia do?", 1.0, cfg)
    score = {p.row.cites[0]: p.score for p in out}
    assert added == 3
    assert score["a1"] == score["a3"] == 1.0  # the best turn of each activity
    assert score["a2"] == 0.25  # camping's second turn


def test_the_walk_passes_over_activity_and_untyped_nodes() -> None:
    from sleepstack.wake.deep import DEFAULT_DEEP, _spread

    texts = [Text("a1", "I went camping by the lake.", "2026-01-01T10:00:00Z", "Mia"),
             Text("a2", "My sister Ana works at Acme Corp.", "2026-01-02T10:00:00Z", "Mia")]
    g = build_graph(Graph("u"), texts)
    camping, acme = g.by_name("camping"), g.by_name("Acme Corp")
    assert camping is not None and acme is not None
    _, spread = _spread(g, {camping.id: 1.0, acme.id: 1.0}, DEFAULT_DEEP)
    assert acme.id in spread and camping.id not in spread
