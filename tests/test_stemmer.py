"""One stemmer everywhere: Python-side stems equal FTS5's porter tokenizer's."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

from sleepstack.api import Memory
from sleepstack.index.build import build_generation
from sleepstack.index.lexical import BM25, stem, terms
from sleepstack.wake.recall import recall

_TEXT = ("hiking hikes hiked generalization generalize relational conditional caresses ponies "
         "happiness motoring troubling hopping organization organizing connections connected "
         "café cafés naïve résumés Zürich running runner national nationality agreed feed")
WORDS = _TEXT.split()


def _fts(words: list[str]) -> dict[str, str]:
    con = sqlite3.connect(":memory:")
    con.execute("CREATE VIRTUAL TABLE t USING fts5(x, tokenize='porter unicode61 "
                "remove_diacritics 2')")
    con.execute("CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance')")
    con.executemany("INSERT INTO t(rowid, x) VALUES (?, ?)", list(enumerate(words, start=1)))
    return {words[int(d) - 1]: str(t) for t, d in con.execute("SELECT term, doc FROM v")}


def test_stems_equal_fts5() -> None:
    words = [w.lower() for w in WORDS]
    fts = _fts(words)
    assert {w: stem(w) for w in words} == fts


def test_fresh_and_indexed_rows_match_alike(tmp_path: Path) -> None:
    now = datetime(2024, 5, 1, tzinfo=UTC)
    mem = Memory.init(tmp_path / "home")
    mem.log("u", "s1", "user", "I wrote a paper on generalization", at=(now - timedelta(days=2))
            .isoformat(), id="OLD")
    build_generation(mem.store, embedder="hash:64")
    mem.log("u", "s2", "user", "My talk was about generalization too", at=now.isoformat(),
            id="NEW")  # past the index: scored by the Python BM25
    ctx = recall(mem.store, "how does it generalize", "u", now=now)
    cites = set(ctx.cites)
    assert {"OLD", "NEW"} <= cites
    # The Python BM25 groups the words like FTS5 does.
    assert BM25(["generalization"]).scores("generalize")[0] > 0
    assert terms("organizations") == terms("organization")
