"""The SQLite layout of one index generation, and how to open one.

Tables:

``meta``     key/value: schema version, generation number, embedder spec and
             dimension, store URL, build time, average text length.
``sources``  one row per indexed store file: its kind, user, SHA-256 and the
             byte size indexed. For raw logs the size is the *watermark*: the
             wake path reads anything past it straight from the file.
``items``    one row per retrievable item (see :mod:`.rows`), with its vector
             as a float32 or float16 blob (``[index] vectors``; ``meta.vectors``
             names it, absent = float32; the blob's length decodes it, so the
             width needs no schema version) and ``tkey``, the hash of the embedded text,
             so later generations reuse vectors instead of re-embedding.
             ``text`` is the validated text (secrets redacted); ``flags`` the
             rules that flagged it (space-separated, empty when clean) and
             ``findings`` every finding as JSON (``[{rule, span}]``, spans in
             the original text), computed once at build time.
``items_fts`` FTS5 over ``text``, ``role`` and ``ctx`` (the turn before, in
             the same session: a question's words often sit in the turn that
             prompted the answer), plus ``ukey``, a per-user token used as a
             cheap filter (its BM25 weight is 0).
``topics``   routing data per reference topic: chunk count, centroid vector,
             its most telling terms.
"""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

__all__ = ["SCHEMA", "SCHEMA_VERSION", "connect_ro", "connect_rw", "user_key"]

# 3: notes read as quoted text; LONG_TERM.md no longer indexed
# 4: every row judged by the trust gate: redacted text, ``flags`` and ``findings``
# 5: facts carry superseded_by
# 6: fact rows not in slot form carry role "claim" (quoted, never trusted)
SCHEMA_VERSION = "6"

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS sources (
    path TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    user TEXT,
    sha TEXT NOT NULL,
    size INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS items (
    id INTEGER PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,
    user TEXT,
    ukey TEXT NOT NULL,
    layer TEXT NOT NULL,
    path TEXT NOT NULL,
    text TEXT NOT NULL,
    role TEXT NOT NULL DEFAULT '',
    ctx TEXT NOT NULL DEFAULT '',
    cites TEXT NOT NULL,
    at TEXT,
    at_ts REAL,
    valid_from TEXT,
    valid_to TEXT,
    superseded_by TEXT,
    session TEXT,
    topic TEXT,
    tkey TEXT NOT NULL,
    vec BLOB,
    flags TEXT NOT NULL DEFAULT '',
    findings TEXT NOT NULL DEFAULT '[]'
);
CREATE INDEX IF NOT EXISTS items_user ON items(user, layer);
CREATE INDEX IF NOT EXISTS items_path ON items(path);
CREATE INDEX IF NOT EXISTS items_topic ON items(topic);
CREATE INDEX IF NOT EXISTS items_tkey ON items(tkey);
CREATE VIRTUAL TABLE IF NOT EXISTS items_fts USING fts5(
    text, role, ctx, ukey, content='items', content_rowid='id',
    tokenize='porter unicode61 remove_diacritics 2'
);
CREATE TRIGGER IF NOT EXISTS items_ai AFTER INSERT ON items BEGIN
    INSERT INTO items_fts(rowid, text, role, ctx, ukey)
    VALUES (new.id, new.text, new.role, new.ctx, new.ukey);
END;
CREATE TRIGGER IF NOT EXISTS items_ad AFTER DELETE ON items BEGIN
    INSERT INTO items_fts(items_fts, rowid, text, role, ctx, ukey)
    VALUES ('delete', old.id, old.text, old.role, old.ctx, old.ukey);
END;
CREATE TABLE IF NOT EXISTS topics (
    slug TEXT PRIMARY KEY,
    chunks INTEGER NOT NULL,
    centroid BLOB,
    terms TEXT NOT NULL
);
"""


def user_key(user: str | None) -> str:
    """The FTS token that marks a user's rows (``t`` + hash for shared topic rows).

    A hash rather than the id itself: user ids contain ``-`` and ``.``, which
    the FTS tokenizer would split into several tokens that other ids share.
    """
    if user is None:
        return "tshared"
    return "u" + hashlib.sha1(user.encode("utf-8")).hexdigest()[:16]


def connect_rw(path: Path) -> sqlite3.Connection:
    """A connection for building a generation that nobody reads yet (no journal)."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode=OFF")
    conn.execute("PRAGMA synchronous=OFF")
    conn.execute("PRAGMA cache_size=-65536")
    conn.executescript(SCHEMA)
    return conn


def connect_ro(path: Path) -> sqlite3.Connection:
    """Open a published generation read-only (``mode=ro``; published files never change).

    ``immutable=1`` skips SQLite's file locking: a generation is never written
    after it is published, and a damaged one fails on read and sends recall to
    its fallback.
    """
    uri = f"{path.resolve().as_uri()}?mode=ro&immutable=1"
    conn = sqlite3.connect(uri, uri=True, check_same_thread=False, isolation_level=None)
    conn.execute("PRAGMA query_only=1")
    return conn
