"""Hypothesis stateful tests of the store's invariants on a real directory.

- replaying the audit log (with the version blobs) reproduces the current tree;
- every successful mutation adds audit entries, every refused one adds none;
- no sequence of public calls writes memory/ outside ingestion, or audit/ and
  versions/ at all (beyond the store's own log, HEAD and blobs);
- rollback restores exact bytes.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from sleepstack.errors import SleepstackError
from sleepstack.store import Store, blob_path
from sleepstack.store.audit import sha256_hex

W = {"actor": "prop", "reason": "stateful test"}
FILES = [f"user/{u}/{n}.md" for u in ("ann", "bob") for n in ("a", "b", "c")]
LOGS = ["memory/log/ann/2024-01-01.md", "memory/log/bob/2024-01-02.md"]
BAD = ["memory/log/ann/2024-01-01.md", "audit/log.jsonl", "versions/aa/x", "../x",
       "user/ann/../../audit/HEAD", "memory/topics/t/x.md", "/abs", "staging//x"]
text = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"),
               max_size=40)


def replay(store: Store) -> dict[str, bytes]:
    tree: dict[str, bytes] = {}
    for e in store.audit_entries():
        if e["op"] == "write":
            tree[e["path"]] = store.fs.read_bytes(blob_path(e["new_sha"]))
        elif e["op"] == "delete":
            tree.pop(e["path"], None)
        elif e["op"] == "append":
            tree[e["path"]] = tree.get(e["path"], b"") + store.fs.read_bytes(
                blob_path(e["chunk_sha"]))
    return tree


class StoreMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.dir = Path(tempfile.mkdtemp(prefix="sleepstack-prop-"))
        self.store = Store.init(self.dir / "home")
        self.model: dict[str, bytes] = {}
        self.versions: dict[str, list[bytes | None]] = {}
        self.entries = 0

    def teardown(self) -> None:
        shutil.rmtree(self.dir, ignore_errors=True)

    def _record(self, path: str, content: bytes | None, n: int = 1) -> None:
        if content is None:
            self.model.pop(path, None)
        else:
            self.model[path] = content
        self.versions.setdefault(path, []).append(content)
        self.entries += n

    @rule(path=st.sampled_from(FILES), content=text, use_sha=st.booleans())
    def write(self, path: str, content: str, use_sha: bool) -> None:
        expected = None
        if use_sha:
            expected = sha256_hex(self.model[path]) if path in self.model else "absent"
        self.store.write_text(path, content, expected_sha=expected, **W)
        self._record(path, content.encode())

    @rule(path=st.sampled_from(FILES), content=text)
    def stale_write_is_refused(self, path: str, content: str) -> None:
        try:
            self.store.write_text(path, content, expected_sha="e" * 64, **W)
        except SleepstackError:
            return
        raise AssertionError("a stale precondition was accepted")

    @rule(path=st.sampled_from(FILES))
    def delete(self, path: str) -> None:
        if path in self.model:
            self.store.delete(path, **W)
            self._record(path, None)

    @rule(path=st.sampled_from(FILES), data=st.data())
    def rollback(self, path: str, data: st.DataObject) -> None:
        versions = self.versions.get(path)
        if not versions:
            return
        v = data.draw(st.integers(1, len(versions)))
        target = versions[v - 1]
        if target is None and path not in self.model:
            return  # deleting an absent file is an error, not a rollback
        self.store.rollback(path, v, **W)
        self._record(path, target)
        if target is not None:
            assert self.store.read_bytes(path) == target

    @rule(path=st.sampled_from(LOGS), content=text.filter(bool))
    def append(self, path: str, content: str) -> None:
        self.store.append_text(path, content, **W)
        self.model[path] = self.model.get(path, b"") + content.encode()
        self.entries += 1

    @rule(path=st.sampled_from(BAD), content=text)
    def refused(self, path: str, content: str) -> None:
        for call in (
            lambda: self.store.write_text(path, content, **W),
            lambda: self.store.delete(path, **W),
        ):
            try:
                call()
            except SleepstackError:
                continue
            raise AssertionError(f"write to {path!r} was not refused")

    @invariant()
    def tree_matches_model_and_replay(self) -> None:
        actual = {p: self.store.fs.read_bytes(p) for p in self.store.list("")}
        assert actual == self.model
        assert replay(self.store) == self.model
        assert len(self.store.audit_entries()) == self.entries

    @invariant()
    def internal_areas_hold_only_store_files(self) -> None:
        audit = sorted(p.name for p in (self.dir / "home" / "audit").iterdir()
                       if not p.name.startswith("."))
        assert set(audit) <= {"log.jsonl", "HEAD"}
        for blob in (self.dir / "home" / "versions").rglob("*"):
            if blob.is_file() and not blob.name.startswith("."):
                assert sha256_hex(blob.read_bytes()) == blob.name

    @invariant()
    def verifies(self) -> None:
        assert self.store.audit_verify().ok


TestStoreMachine = StoreMachine.TestCase
TestStoreMachine.settings = settings(
    max_examples=30, stateful_step_count=25, deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
