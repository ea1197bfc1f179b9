"""One contract for every store filesystem (fsspec's ``tests/abstract`` style).

:class:`StoreFSContract` states what :class:`~sleepstack.store.fs.StoreFS` promises
(13 methods) once; each backend supplies only a ``fs`` fixture and inherits every
test, including a Hypothesis state machine that runs random sequences of writes,
appends, truncations and removals against a dict model. Backends: a local
directory, fsspec's ``memory://`` and ``s3://`` on a moto server on 127.0.0.1
(skipped without moto). A new backend is one subclass here.
"""

from __future__ import annotations

import hashlib
import importlib.util
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule, run_state_machine_as_test

from sleepstack.store.fs import FsspecFS, LocalFS, StoreFS, open_fs

NAMES = st.sampled_from(["a.txt", "b.md", "d/c.txt", "d/e/f.json", "x/y.bin"])
BLOBS = st.sampled_from(["versions/aa/aa01", "versions/bb/bb02"])
DATA = st.binary(max_size=64)


class StoreFSContract:
    """Every test a StoreFS backend must pass; subclasses provide the ``fs`` fixture."""

    #: the local directory behind the store, or None (``local_path``)
    local: ClassVar[bool] = False
    #: Hypothesis examples for the state machine (remote backends are slower)
    examples: ClassVar[int] = 25
    steps: ClassVar[int] = 12

    def test_read_of_a_missing_file_is_file_not_found(self, fs: StoreFS) -> None:
        assert not fs.exists("nope.txt")
        with pytest.raises(FileNotFoundError):
            fs.read_bytes("nope.txt")
        with pytest.raises(FileNotFoundError):
            fs.size("nope.txt")

    def test_write_atomic_then_read_exists_size(self, fs: StoreFS) -> None:
        with fs.lock():
            fs.write_atomic("d/one.txt", b"hello")
            fs.write_atomic("d/one.txt", b"hello, again")
        assert fs.exists("d/one.txt")
        assert fs.read_bytes("d/one.txt") == b"hello, again"
        assert fs.size("d/one.txt") == len(b"hello, again")

    def test_is_dir_sees_directories_not_files(self, fs: StoreFS) -> None:
        with fs.lock():
            fs.write_atomic("p/q/r.txt", b"x")
        assert fs.is_dir("p") and fs.is_dir("p/q")
        assert not fs.is_dir("p/q/r.txt")
        assert not fs.is_dir("nothing-here")

    def test_append_creates_then_extends(self, fs: StoreFS) -> None:
        with fs.lock():
            fs.append("log/l.jsonl", b"one\n")
            fs.append("log/l.jsonl", b"two\n")
        assert fs.read_bytes("log/l.jsonl") == b"one\ntwo\n"

    def test_read_tail(self, fs: StoreFS) -> None:
        with fs.lock():
            fs.write_atomic("t.txt", b"0123456789")
        assert fs.read_tail("t.txt", 3).endswith(b"789")
        assert fs.read_tail("t.txt", 100) == b"0123456789"
        with pytest.raises(FileNotFoundError):
            fs.read_tail("missing.txt", 3)

    def test_write_new_leaves_an_existing_file_alone(self, fs: StoreFS) -> None:
        with fs.lock():
            fs.write_new("versions/ab/abc", b"first")
            fs.write_new("versions/ab/abc", b"first")
        assert fs.read_bytes("versions/ab/abc") == b"first"

    def test_overwrite_small(self, fs: StoreFS) -> None:
        # A hint in an existing directory; a backend may pad it (one unsplittable
        # write), so readers strip trailing blanks.
        with fs.lock():
            fs.append("audit/log.jsonl", b"")
            fs.overwrite_small("audit/HEAD", b"1 long enough")
            fs.overwrite_small("audit/HEAD", b"22")
        assert fs.read_bytes("audit/HEAD").rstrip() == b"22"

    def test_truncate_cuts_a_torn_tail(self, fs: StoreFS) -> None:
        with fs.lock():
            fs.write_atomic("l.jsonl", b"whole\ntorn")
            fs.truncate("l.jsonl", 6)
        assert fs.read_bytes("l.jsonl") == b"whole\n"

    def test_remove_after_write_new_of_a_name_seen_absent(self, fs: StoreFS) -> None:
        # Found by the state machine on S3: a blob removed while absent, then written,
        # then removed again, in one lease, must be gone (the session had noted it as
        # absent and skipped the second delete).
        with fs.lock():
            fs.remove("versions/aa/aa01")
            fs.write_new("versions/aa/aa01", b"blob")
            assert fs.read_bytes("versions/aa/aa01") == b"blob"
            fs.remove("versions/aa/aa01")
            assert not fs.exists("versions/aa/aa01")
        assert fs.list("versions") == []

    def test_remove_is_idempotent(self, fs: StoreFS) -> None:
        with fs.lock():
            fs.write_atomic("gone.txt", b"x")
            fs.remove("gone.txt")
            fs.remove("gone.txt")
        assert not fs.exists("gone.txt")

    def test_list_is_recursive_sorted_and_prefix_bound(self, fs: StoreFS) -> None:
        with fs.lock():
            for rel in ("u/b.txt", "u/a.txt", "u/sub/c.txt", "uv/d.txt", "w.txt"):
                fs.write_atomic(rel, b"x")
        assert fs.list("u") == ["u/a.txt", "u/b.txt", "u/sub/c.txt"]
        assert fs.list("nothing") == []
        every = fs.list("")
        assert every == sorted(every) and {"w.txt", "uv/d.txt"} <= set(every)

    def test_lock_is_reentrant_in_one_thread(self, fs: StoreFS) -> None:
        with fs.lock(), fs.lock():
            fs.write_atomic("r.txt", b"nested")
        assert fs.read_bytes("r.txt") == b"nested"

    def test_local_path(self, fs: StoreFS) -> None:
        got = fs.local_path()
        assert (got is not None) == self.local
        if got is not None:
            assert (got / "x.txt").exists() is fs.exists("x.txt")

    def test_open_fs_finds_the_same_backend_by_url(self, fs: StoreFS) -> None:
        with fs.lock():
            fs.write_atomic("sleepstack.toml", b"")
        again = open_fs(str(getattr(fs, "url", fs.local_path())))
        assert type(again) is type(fs)

    def test_random_sequences_match_a_dict_model(self, fs: StoreFS) -> None:
        run_state_machine_as_test(
            lambda: _machine(fs), settings=settings(
                max_examples=self.examples, stateful_step_count=self.steps, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow]))


def _machine(fs: StoreFS) -> RuleBasedStateMachine:
    # Every example starts from a clean store: remove what the last one left.
    with fs.lock():
        for rel in fs.list(""):
            fs.remove(rel)
    return _FSMachine(fs)


class _FSMachine(RuleBasedStateMachine):
    """Random mutations on a backend and on a dict; they must never disagree."""

    def __init__(self, fs: StoreFS) -> None:
        super().__init__()
        self.fs = fs
        self.model: dict[str, bytes] = {}

    @rule(rel=NAMES, data=DATA)
    def write_atomic(self, rel: str, data: bytes) -> None:
        if self._blocked(rel):
            return
        with self.fs.lock():
            self.fs.write_atomic(rel, data)
        self.model[rel] = data

    @rule(rel=NAMES, data=DATA)
    def append(self, rel: str, data: bytes) -> None:
        if self._blocked(rel):
            return
        with self.fs.lock():
            self.fs.append(rel, data)
        self.model[rel] = self.model.get(rel, b"") + data

    @rule(rel=BLOBS)
    def write_new(self, rel: str) -> None:
        # Content-addressed blobs (their own names, never appended or cut): one
        # name, one content; writing one again leaves it as it is.
        data = hashlib.sha256(rel.encode()).digest()
        with self.fs.lock():
            self.fs.write_new(rel, data)
        self.model[rel] = data

    @rule(rel=NAMES, cut=st.integers(min_value=0, max_value=64))
    def truncate(self, rel: str, cut: int) -> None:
        if rel not in self.model or cut > len(self.model[rel]):
            return
        with self.fs.lock():
            self.fs.truncate(rel, cut)
        self.model[rel] = self.model[rel][:cut]

    @rule(rel=st.one_of(NAMES, BLOBS))
    def remove(self, rel: str) -> None:
        with self.fs.lock():
            self.fs.remove(rel)
        self.model.pop(rel, None)

    def _blocked(self, rel: str) -> bool:
        # A file where a directory is (or the reverse) is the store's to refuse
        # (store/collisions.py), not the filesystem's: the model stays out of it.
        parents = {"/".join(rel.split("/")[:i]) for i in range(1, rel.count("/") + 1)}
        return bool(parents & set(self.model)) or any(
            k.startswith(rel + "/") for k in self.model)

    @invariant()
    def same_files_same_bytes(self) -> None:
        assert self.fs.list("") == sorted(self.model)
        for rel, data in self.model.items():
            assert self.fs.read_bytes(rel) == data
            assert self.fs.size(rel) == len(data)
            assert self.fs.exists(rel)


# ------------------------------------------------------------------ backends
class TestLocalFS(StoreFSContract):
    local = True

    @pytest.fixture
    def fs(self, tmp_path: Path) -> StoreFS:
        (tmp_path / "home").mkdir()
        return LocalFS(tmp_path / "home")


class TestMemoryFS(StoreFSContract):
    @pytest.fixture
    def fs(self) -> Iterator[StoreFS]:
        url = f"memory://contract-{uuid.uuid4().hex[:12]}"
        yield FsspecFS(url)
        import fsspec

        memory = fsspec.filesystem("memory")
        if memory.exists(url):
            memory.rm(url, recursive=True)


_S3 = importlib.util.find_spec("moto") is not None and importlib.util.find_spec("botocore")


@pytest.mark.skipif(not _S3, reason="the s3 backend needs a local S3 server: "
                    "pip install 'moto[server]'")
class TestS3FS(StoreFSContract):
    # every call is an HTTP round trip to moto: fewer, shorter random runs
    examples = 3
    steps = 6

    @pytest.fixture(params=["segments", "object"])
    def fs(self, request: pytest.FixtureRequest, bucket: str) -> StoreFS:
        from sleepstack.store.s3 import S3FS

        maker: Callable[..., Any] = S3FS
        made: StoreFS = maker(f"s3://{bucket}/mem", log_layout=request.param)
        return made
