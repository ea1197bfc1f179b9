"""What changed in the files since the index was built, remembered between recalls (issue #15).

Every recall adds to the index's rows what the files hold past it
(:mod:`.sources`): the user's raw-log tail past the watermark, the user's files
and the reference documents that changed since the build. On object storage
that was a LIST and a HEAD per file, every time. A store whose audit log is a
series of segments (``s3://``) offers a change feed instead
(``changes_after``): every change to the audited tree is first an entry of a
new segment, so one LIST after the newest segment this process has read says
whether anything changed at all, and the new segments say which paths.

Each of the three parts is cached per generation and folder (``memory/log/<u>``,
``user/<u>``, ``memory/topics``); a new entry for a path under a folder drops
that folder's parts, except an append whose bytes the segment carries: its
turns join the cached raw-log tail directly (a turn just logged costs the
LIST and one GET of the new segment). Read-your-writes across replicas holds because the feed is
read on *every* recall (never from a timer): a turn logged anywhere before a
recall starts is in a segment that recall's LIST finds.

The one window: a segment is the commit point, and the writer puts the working
files right after it. A replica that reads the files in between sees the old
bytes. So an entry stays *pending* until a read shows it applied: an append's
size, seen in the listing the folder's read starts from; a write's sha or a
delete's absence, checked before the folder is read again. A part read while
one of its paths is pending is used but not kept, so the next recall reads
again. When the feed cannot say what happened since the cursor (first use, or
a compaction folded segments past it), every cached part is dropped and the
newest segment's entries are pending.

Stores without a feed (local, ``memory://``, the one-object log layout) read the
files on every recall, as before. Read-only, like all of ``wake/``.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from ..errors import SleepstackError
from ..index.reader import Generation
from ..index.rows import Row, source_kind, turn_rows
from ..layers.rawlog import user_log_prefix
from ..store import Store
from ..store.audit import sha256_hex
from .sources import changed_rows, tail_rows

__all__ = ["MAX_PARTS", "Since", "forget", "set_feed", "since_index"]

MAX_PARTS: Final = 4096  # cached (folder, generation) parts per store, least recent dropped
_MAX_PENDING: Final = 10_000  # more unconfirmed paths than this: start over
_TOPICS: Final = "memory/topics"
_REDACT: Final = "redact"

Part = tuple[list[Row], set[str]]  # rows read from files, indexed paths they hide
Compute = Callable[[dict[str, int]], Part]  # fills its argument with the sizes it listed


@dataclass
class Since:
    """What the files add to generation *gen* for one user's recall."""

    fresh: list[Row]  # the user's raw-log tail and changed user files
    hidden: set[str]  # indexed paths whose rows are stale (user files and documents)
    topic_fresh: list[Row]  # reference documents changed since the build


@dataclass
class _Feed:
    """One store's change feed, as this process has read it."""

    cursor: tuple[str, int] | None = None
    pending: dict[str, tuple[str, Any]] = field(default_factory=dict)  # path -> expectation
    parts: OrderedDict[tuple[str, str], Part] = field(default_factory=OrderedDict)
    versions: dict[str, int] = field(default_factory=dict)  # folder -> drops so far
    # raw-log parts: the sizes their read listed and the watermarks it read past
    logs: dict[tuple[str, str], tuple[dict[str, int], dict[str, int]]] = field(
        default_factory=dict)
    epoch: int = 0  # bumps whenever everything is dropped
    lock: threading.Lock = field(default_factory=threading.Lock)
    poll: threading.Lock = field(default_factory=threading.Lock)


_feeds: dict[str, _Feed] = {}
_feeds_lock = threading.Lock()
_use_feed = True


def set_feed(on: bool) -> None:
    """Use the change feed (default) or read the files on every recall (benchmarks)."""
    global _use_feed
    _use_feed = on


def forget() -> None:
    """Drop every cached part and cursor (tests; an erasure in this process)."""
    with _feeds_lock:
        _feeds.clear()


def _folder(path: str) -> str | None:
    """The cached folder a path belongs to (None: no cached part reads it)."""
    parts = path.split("/")
    if len(parts) >= 3 and parts[0] == "memory" and parts[1] == "log":
        return "/".join(parts[:3])
    if len(parts) >= 2 and parts[0] == "user":
        return "/".join(parts[:2])
    if len(parts) >= 2 and parts[0] == "memory" and parts[1] == "topics":
        return _TOPICS
    return None


def _expectations(entry: dict[str, Any]) -> list[tuple[str, tuple[str, Any]]]:
    """(path, what a read must show once the entry is applied) for one audit entry."""
    op, path = entry.get("op"), str(entry.get("path") or "")
    if op == _REDACT:  # an erasure names every file it rewrites or removes
        files = entry.get("files") or {}
        return [(str(p), ("absent", None) if new[1] is None else ("sha", new[1]))
                for p, new in files.items() if isinstance(new, list) and len(new) == 2]
    if not path:
        return []  # recover, compact: no working file changes with them
    if op == "append" and isinstance(entry.get("size"), int):
        return [(path, ("size", int(entry["size"])))]
    sha = entry.get("new_sha")
    if op in ("write", "quarantine", "delete"):
        return [(path, ("absent", None) if sha is None else ("sha", str(sha)))]
    return [(path, ("unknown", None))]


def _applied(store: Store, path: str, want: tuple[str, Any]) -> bool:
    """Whether the working file already shows what its entry committed."""
    kind, value = want
    try:
        if kind == "size":
            return store.fs.size(path) >= int(value)
        if kind == "sha":
            return bool(sha256_hex(store.fs.read_bytes(path)) == value)
        if kind == "absent":
            return not store.fs.exists(path)
    except FileNotFoundError:
        return False
    except (OSError, SleepstackError):
        return False
    return False


def _feed_of(store: Store) -> _Feed:
    with _feeds_lock:
        feed = _feeds.get(store.url)
        if feed is None:
            feed = _feeds[store.url] = _Feed()
        return feed


def _drop(feed: _Feed, folder: str) -> None:
    feed.versions[folder] = feed.versions.get(folder, 0) + 1
    for key in [k for k in feed.parts if k[0] == folder]:
        del feed.parts[key]
        feed.logs.pop(key, None)


def _extend(feed: _Feed, folder: str, path: str, size: int, chunk: str) -> bool:
    """Add an append's turns to the cached raw-log parts of *folder*, from the segment.

    The segment carries the appended bytes, so a turn just logged (on any
    replica) joins the cached tail without a LIST or a GET of the day file. Only
    when each cached part read the file exactly up to where the append starts
    (and at or past the watermark); otherwise False and the caller drops them.
    """
    data = chunk.encode()
    if not data.endswith(b"\n") or source_kind(path) != "raw":
        return False
    user = folder.split("/")[2]
    keys = [k for k in feed.parts if k[0] == folder]
    for key in keys:
        sizes, marks = feed.logs.get(key, (None, None))
        if sizes is None or marks is None:
            return False
        old = sizes.get(path, 0)
        if old != size - len(data) or old < marks.get(path, 0):
            return False
    rows = turn_rows(data, user, path)[0]
    for key in keys:
        cached, hidden = feed.parts[key]
        # The read may have found this append already (it landed between its LIST
        # and its GET): a turn id is unique per user, so it is not added twice.
        known = {r.key for r in cached}
        extra = [r for r in rows if r.key not in known]
        # Grouped by file in path order, as tail_rows reads them (the sort is stable).
        feed.parts[key] = (sorted([*cached, *extra], key=lambda r: r.path), hidden)
        feed.logs[key][0][path] = size
    # A read of this folder already under way must not store what it read.
    feed.versions[folder] = feed.versions.get(folder, 0) + 1
    return True


def _poll(store: Store, feed: _Feed, changes: Callable[..., Any]) -> bool:
    """Read the feed past the cursor and drop what it changed; False: no feed."""
    with feed.poll:  # one LIST at a time; each recall still makes its own
        with feed.lock:
            cursor = feed.cursor
        try:
            got = changes(cursor)
        except (OSError, SleepstackError):
            got = None
        if got is None:
            return False
        new, entries, complete = got
        with feed.lock:
            if not complete or len(feed.pending) > _MAX_PENDING:
                feed.parts.clear()
                feed.logs.clear()
                feed.pending.clear()
                feed.epoch += 1
            touched: set[str] = set()
            for entry in entries:
                chunk = entry.get("_chunk") if complete else None
                for path, want in _expectations(entry):
                    folder = _folder(path)
                    if folder is None:
                        continue
                    feed.pending[path] = want
                    if (folder in touched or not isinstance(chunk, str) or want[0] != "size"
                            or not folder.startswith("memory/log/")
                            or not _extend(feed, folder, path, int(want[1]), chunk)):
                        touched.add(folder)
            for folder in touched:
                _drop(feed, folder)
            feed.cursor = new
    return True


def _part(store: Store, feed: _Feed | None, folder: str, gen_key: str,
          compute: Compute, marks: dict[str, int] | None = None) -> Part:
    listed: dict[str, int] = {}
    if feed is None:
        return compute(listed)
    key = (folder, gen_key)
    with feed.lock:
        hit = feed.parts.get(key)
        if hit is not None:
            feed.parts.move_to_end(key)
            return list(hit[0]), set(hit[1])
        version, epoch = feed.versions.get(folder, 0), feed.epoch
        todo = {p: w for p, w in feed.pending.items() if p.startswith(folder + "/")}
    # Checked before the folder is read: once a write shows, every read after it does.
    # An append is checked by the listing the read starts from (its size comes with it).
    done = {p: w for p, w in todo.items() if w[0] != "size" and _applied(store, p, w)}
    rows, hidden = compute(listed)
    done.update((p, w) for p, w in todo.items()
                if w[0] == "size" and listed.get(p, -1) >= int(w[1]))
    with feed.lock:
        for path, want in done.items():
            if feed.pending.get(path) == want:
                del feed.pending[path]
        if (len(done) == len(todo) and feed.epoch == epoch
                and feed.versions.get(folder, 0) == version):
            feed.parts[key] = (list(rows), set(hidden))
            if marks is not None:
                feed.logs[key] = (dict(listed), dict(marks))
            while len(feed.parts) > MAX_PARTS:
                gone, _ = feed.parts.popitem(last=False)
                feed.logs.pop(gone, None)
    return rows, hidden


def since_index(store: Store, gen: Generation, user: str,
                sources: dict[str, tuple[str, int]]) -> Since:
    """The rows the files add to *gen* for *user*'s recall, from cache when nothing changed.

    *sources* is the user's indexed ``{path: (sha, size)}``.
    """
    changes = getattr(store.fs, "changes_after", None)
    feed: _Feed | None = None
    if _use_feed and changes is not None and store.fs.local_path() is None:
        feed = _feed_of(store)
        if not _poll(store, feed, changes):
            feed = None
    gen_key = f"{gen.number}:{gen.path}"
    raw_marks = {p: size for p, (_, size) in sources.items() if p.startswith("memory/log/")}
    log_folder = user_log_prefix(user)
    tail, _ = _part(store, feed, log_folder, gen_key,
                    lambda seen: (tail_rows(store, user, raw_marks, seen), set()), raw_marks)
    changed, hidden = _part(store, feed, f"user/{user}", gen_key,
                            lambda _: changed_rows(store, f"user/{user}", sources))
    topic_fresh, topic_hidden = _part(
        store, feed, _TOPICS, gen_key,
        lambda _: changed_rows(store, _TOPICS, gen.topic_sources(), by_size=True))
    return Since(tail + changed, hidden | topic_hidden, topic_fresh)
