"""Issue #12: a fuzz/property suite for the store, on a local directory and on ``memory://``.

Random sequences of writes, deletes, batches, proposals and document ingestion
over paths built to hit the policy's edges: paths that are prefixes of each
other (``a.md`` and ``a.md/b.md``: a file where a directory is), dot segments,
Unicode look-alikes and NFC/NFD twins, invisible characters, and names at and
past the length limits. After every step:

* ``audit verify`` passes and the store opens again (nothing wedges it);
* replaying the audit log reproduces the tree;
* no write outside the policy succeeded: every file is in a writable or
  ingestion area under a normalised path, no file sits where another file's
  directory is, and a refused call changed nothing (tree and log alike).

Bounded (a few dozen short runs) so that it stays in the default test run.
"""

from __future__ import annotations

import contextlib
import shutil
import tempfile
import uuid
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from sleepstack.errors import SleepstackError
from sleepstack.store import Change, Store, blob_path
from sleepstack.store.paths import MAX_PATH_BYTES, check_path
from sleepstack.wake.propose import propose

W = {"actor": "fuzz", "reason": "fuzz step"}

#: segments that collide, look alike, hide things or hit the limits
SEGMENTS = [
    "a", "a.md", "b.md", "notes", "x", "LONG_TERM.md",
    ".", "..", ".hidden", "...", " a", "a ",
    "а.md",            # Cyrillic a
    "ａ.md",           # fullwidth a
    "e\u0301.md",      # NFD é (normalised to NFC)
    "é.md",            # NFC é
    "a\u200d.md",      # zero-width joiner
    "a\u202e.md",      # right-to-left override
    "n" * 255, "n" * 256,  # at and past the segment limit (bytes)
    "ü" * 128,             # 256 bytes of two-byte characters
]
HEADS = ["user/ann", "user/bob", "user/../bob", "staging/sessions/s/inbox", "reports",
         "config", "memory/log/ann", "memory/topics/t", "audit", "versions/aa", "nothing",
         "/user/ann", "user/ann\\x"]

paths = st.builds(
    lambda head, segs: "/".join([head, *segs]),
    st.sampled_from(HEADS),
    st.lists(st.sampled_from(SEGMENTS), min_size=1, max_size=3),
) | st.just("user/ann/" + "/".join(["d" * 200] * 6))  # over the whole-path limit
text = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"),
               max_size=30)
WRITABLE = ("user/", "staging/", "config/", "reports/", "memory/log/", "memory/topics/")


def _replay(store: Store) -> dict[str, bytes]:
    tree: dict[str, bytes] = {}
    for e in store.audit_entries():
        if e["op"] == "write":
            tree[e["path"]] = store.fs.read_bytes(blob_path(e["new_sha"]))
        elif e["op"] in ("delete", "quarantine") and e.get("new_sha") is None:
            tree.pop(e["path"], None)
        elif e["op"] == "append":
            tree[e["path"]] = tree.get(e["path"], b"") + store.fs.read_bytes(
                blob_path(e["chunk_sha"]))
    return tree


class _Fuzz(RuleBasedStateMachine):
    backend = "local"

    def __init__(self) -> None:
        super().__init__()
        self.dir = Path(tempfile.mkdtemp(prefix="sleepstack-fuzz-"))
        self.home = (str(self.dir / "home") if self.backend == "local"
                     else f"memory://fuzz-{uuid.uuid4().hex}")
        self.store = Store.init(self.home)

    def teardown(self) -> None:
        shutil.rmtree(self.dir, ignore_errors=True)

    def _state(self) -> tuple[dict[str, bytes], int]:
        tree = {p: self.store.fs.read_bytes(p) for p in self.store.list("")}
        return tree, len(self.store.audit_entries())

    def _attempt(self, call: Any) -> bool:
        """Run *call*; a refusal must be a library error that changed nothing."""
        before = self._state()
        try:
            call()
        except SleepstackError:
            assert self._state() == before, "a refused call changed the store"
            return False
        return True

    @rule(path=paths, content=text)
    def write(self, path: str, content: str) -> None:
        if self._attempt(lambda: self.store.write_text(path, content, **W)):
            norm = check_path(path)
            assert norm.startswith(("user/", "staging/", "config/", "reports/")), norm
            assert self.store.read_text(norm) == content

    @rule(data=st.data(), seg=st.sampled_from(SEGMENTS), content=text)
    def write_under_a_file(self, data: st.DataObject, seg: str, content: str) -> None:
        """A prefix of the new path is a file: ``a.md`` then ``a.md/b.md``."""
        files = [f for f in self.store.list("") if f.startswith(("user/", "memory/topics/"))]
        if files:
            base = data.draw(st.sampled_from(files))
            self._attempt(lambda: self.store.write_text(f"{base}/{seg}", content, **W))
            self._attempt(lambda: self.store.put_document(f"{base}/{seg}", content, **W))

    @rule(data=st.data(), content=text)
    def write_over_a_directory(self, data: st.DataObject, content: str) -> None:
        """The new path is a prefix of a file: ``a.md/b.md`` then ``a.md``."""
        dirs = sorted({f.rsplit("/", 1)[0] for f in self.store.list("")
                       if f.count("/") >= 3 and f.startswith(("user/", "memory/topics/"))})
        if dirs:
            d = data.draw(st.sampled_from(dirs))
            self._attempt(lambda: self.store.write_text(d, content, **W))
            self._attempt(lambda: self.store.put_document(d, content, **W))

    @rule(seg=st.sampled_from(["a.md", "x", "notes"]), content=text)
    def batch_that_collides_with_itself(self, seg: str, content: str) -> None:
        changes = [Change("write", f"user/ann/{seg}", content),
                   Change("write", f"user/ann/{seg}/b.md", content)]
        self._attempt(lambda: self.store.apply(changes, **W))

    @rule(path=paths)
    def delete(self, path: str) -> None:
        self._attempt(lambda: self.store.delete(path, **W))

    @rule(a=paths, b=paths, content=text)
    def batch(self, a: str, b: str, content: str) -> None:
        changes = [Change("write", a, content), Change("write", b, content + "!")]
        self._attempt(lambda: self.store.apply(changes, **W))

    @rule(path=paths, content=text)
    def ingest(self, path: str, content: str) -> None:
        if self._attempt(lambda: self.store.put_document(path, content, **W)):
            assert check_path(path).startswith("memory/topics/")

    @rule(user=st.sampled_from(["ann", "bob", "../bob", "ann/x", "Ann"]), path=paths,
          content=text.map(lambda t: "note " + t))
    def proposal(self, user: str, path: str, content: str) -> None:
        if self._attempt(lambda: propose(self.store, content, user=user, session="s",
                                         path=path)):
            assert check_path(path).startswith(f"user/{user}/")

    @rule(day=st.sampled_from(["2024-01-01", "2024-1-1", "../x"]),
          content=text.map(lambda t: t + "\n"))
    def append(self, day: str, content: str) -> None:
        self._attempt(lambda: self.store.append_text(f"memory/log/ann/{day}.md", content,
                                                     **W))

    @invariant()
    def verifies_reopens_and_replays(self) -> None:
        report = self.store.audit_verify()
        assert report.ok, report.to_dict()
        again = Store.open(self.home)
        assert again.audit_verify().ok
        tree, _ = self._state()
        assert _replay(self.store) == tree

    @invariant()
    def nothing_outside_the_policy(self) -> None:
        files = set(self.store.list(""))
        for f in files:
            assert check_path(f) == f, f  # normalised, no dot segments, no invisibles
            assert f.startswith(WRITABLE), f
            assert len(f.encode()) <= MAX_PATH_BYTES
            parts = f.split("/")
            for i in range(1, len(parts)):
                assert "/".join(parts[:i]) not in files, f"{f} sits under a file"


class LocalFuzz(_Fuzz):
    backend = "local"


class MemoryFuzz(_Fuzz):
    backend = "memory"


_SETTINGS = settings(max_examples=25, stateful_step_count=20, deadline=None,
                     suppress_health_check=[HealthCheck.too_slow])
TestLocalFuzz = LocalFuzz.TestCase
TestLocalFuzz.settings = _SETTINGS
TestMemoryFuzz = MemoryFuzz.TestCase
TestMemoryFuzz.settings = _SETTINGS


# -------------------------------------- proposals with colliding targets, then sleep
NOTE_SEGS = ["a.md", "a.md/b.md", "b.md", "a.md/b.md/c.md", "x", "é.md", "e\u0301.md",
             "../a.md", "facts.jsonl"]
SLEEP_CONFIG = '[wake]\nembedder = "hash:64"\n\n[sleep]\nllm = "none"\n'
#: where a proposal asks to go, for its user ``{u}``: mostly its own notes
HEADS_FOR = ["user/{u}/notes/", "user/{u}/notes/", "user/{u}/notes/", "user/{u}/",
             "user/{u}/LONG_TERM.md/notes/", "user/mallory/notes/"]


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from(["mallory", "ann"]), st.sampled_from(HEADS_FOR),
                          st.sampled_from(NOTE_SEGS)),
                min_size=2, max_size=6))
def test_no_set_of_proposals_stops_the_sleep_cycle(props: list[tuple[str, str, str]]) -> None:
    from sleepstack.config import Config
    from sleepstack.errors import PathRefused
    from sleepstack.sleep.cycle import run_cycle

    root = Path(tempfile.mkdtemp(prefix="sleepstack-fuzz-sleep-"))
    try:
        store = Store.init(root / "home", config_text=SLEEP_CONFIG)
        for i, (user, head, seg) in enumerate(props):
            # refused at once (PathRefused) for another user's area or a bad path
            with contextlib.suppress(PathRefused):
                propose(store, f"{user} note {i} about tea", user=user, session="s",
                        path=head.format(u=user) + seg)
        run_cycle(store, Config.parse(SLEEP_CONFIG))
        again = Store.open(root / "home")
        assert again.audit_verify().ok
        files = set(again.list(""))
        for f in files:
            parts = f.split("/")
            assert not any("/".join(parts[:i]) in files for i in range(1, len(parts))), f
        for f in again.list("user"):
            owner = f.split("/")[1]
            if "/notes/" in f:
                assert f.startswith(f"user/{owner}/notes/"), f
    finally:
        shutil.rmtree(root, ignore_errors=True)
