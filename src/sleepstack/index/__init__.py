"""The derived index: SQLite generations built from the store, read by the wake path.

An index *generation* is one immutable SQLite file holding everything recall
needs (raw-log turns, facts, cited summary lines, topic chunks, their FTS5
entries and embeddings, topic routing data). :mod:`.build` makes a new one from
the previous one plus what changed in the store and publishes it atomically;
:mod:`.reader` opens the current one read-only. Nothing here is trusted over
the files: a missing or corrupt generation only makes recall slower.
"""
