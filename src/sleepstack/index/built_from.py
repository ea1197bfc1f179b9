"""What a published index was built from, and whether the store has moved on since (issue #15).

A remote store's published manifest (:mod:`.shards`) records ``built_from``:
the audit log's tail (``seq`` and ``hash`` of the last entry) read *under the
store lock* before the build read a single source, plus everything else the
shards' bytes depend on: the embedder and its width, the stored vector type,
the index schema, the shard format and a hash of the code that turns files
into rows and vectors (``index``, ``layers``, ``validate``, ``adapters``).

Every change to the audited tree is an audit entry: a trusted file, a
reference document and each raw-log turn (an ``append`` entry whose end
offset is the raw log's new watermark). ``sleepstack.toml`` is outside that
tree, but what of it decides the rows (the embedder, the vector type) is read
from it at every check and is part of the state. So while the log's tail is
still the recorded one and nothing else in :func:`store_state` differs,
nothing the index reads has changed and a builder, in any process on any
machine, may skip the build and the publication (:func:`up_to_date`; a log
compaction chained right after the recorded entry, which changes no file, is
the same state). The
check costs the manifest's GET, the config's and a read of the log's tail; it
writes nothing.

Why under the lock: a writer holds it from its commit point until its working
files are written, so a tail read under the lock names a tree that is whole.
Read without it, a builder could see a new entry, then the file before that
entry's bytes landed, and record a state its index does not hold. Writers
that commit after the read only move the tail on, which makes the next check
rebuild: the record can be behind the index, never ahead of it.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any, Final

from ..store import Store
from ..version import code_fingerprint, source_files
from .schema import SCHEMA_VERSION
from .shard_tasks import SHARD_FORMAT

__all__ = [
    "BUILT_FROM_VERSION",
    "CODE_PACKAGES",
    "index_code",
    "index_code_files",
    "store_state",
    "up_to_date",
]

#: bumped when the record's meaning changes (an old record then never matches)
BUILT_FROM_VERSION: Final = 1

#: the packages whose code decides a shard's rows (parsing, trust flags, schema, vectors,
#: and the words and stems FTS rows and Python-scored rows are matched by)
CODE_PACKAGES: Final = ("index", "layers", "validate", "adapters", "text")


@lru_cache(maxsize=1)
def index_code() -> str:
    """The package version and a hash of the code that turns store files into index rows."""
    return code_fingerprint(index_code_files())


def index_code_files() -> list[Path]:
    """The source files :func:`index_code` hashes: every module of :data:`CODE_PACKAGES`."""
    return source_files(only=CODE_PACKAGES)


def _tail(store: Store) -> tuple[int, str]:
    # The last audit entry (Store._tail: what the commit point and compaction use).
    seq, digest = store._tail()
    return int(seq), str(digest)


def store_state(store: Store, *, embedder: str, dim: int, vectors: str,
                locked: bool = True) -> dict[str, Any]:
    """What an index of *store* built now would be built from (see the module docstring).

    *locked* reads the tail under the store lock (what a builder records);
    without it (what a check compares) nothing is written to the store at all.
    """
    if locked:
        with store.fs.lock():
            seq, digest = _tail(store)
    else:
        seq, digest = _tail(store)
    return {"v": BUILT_FROM_VERSION, "head": {"seq": seq, "hash": digest},
            "embedder": embedder, "dim": int(dim), "vectors": vectors,
            "schema": SCHEMA_VERSION, "shard_format": SHARD_FORMAT, "code": index_code()}


def up_to_date(manifest: dict[str, Any] | None, state: dict[str, Any],
               store: Store | None = None) -> bool:
    """Whether *manifest* was built from *state* (and names shards at all).

    With *store*, a tail one entry past the record is the same state when that
    entry is a log compaction chained right onto the recorded one: compaction
    folds log segments and changes no file (the cycle compacts after it indexed).
    """
    if not manifest or not manifest.get("shards"):
        return False
    made = manifest.get("built_from")
    if made == state:
        return True
    if store is None or not isinstance(made, dict):
        return False
    if {k: v for k, v in made.items() if k != "head"} != \
            {k: v for k, v in state.items() if k != "head"}:
        return False
    return _compaction_after(store, made.get("head"), state["head"])


def _compaction_after(store: Store, recorded: object, now: dict[str, Any]) -> bool:
    if not isinstance(recorded, dict) or now.get("seq") != recorded.get("seq", -2) + 1:
        return False
    last = store._last_entry()  # the tail entry itself (what _tail reads the seq of)
    return (isinstance(last, dict) and last.get("op") == "compact"
            and last.get("seq") == now["seq"] and last.get("hash") == now["hash"]
            and last.get("prev_hash") == recorded.get("hash"))
