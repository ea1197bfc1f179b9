"""Issue #12 item 9: a full disk is one line naming the path and saying nothing was
lost, with a non-zero exit; the store stays consistent and usable once space is back."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from conftest import run_cli
from sleepstack.errors import StorageFullError
from sleepstack.store import Store
from sleepstack.store.fs import LocalFS

W = {"actor": "test", "reason": "disk full test"}


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A real 2 MiB tmpfs (needs root and mount permission; skipped otherwise)."""
    mnt = tmp_path / f"tmpfs-{uuid.uuid4().hex[:6]}"
    mnt.mkdir()
    r = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(mnt)],
                       capture_output=True, text=True, check=False)
    if r.returncode != 0:
        pytest.skip(f"cannot mount a small tmpfs here: {r.stderr.strip()}")
    try:
        yield mnt
    finally:
        subprocess.run(["umount", "-l", str(mnt)], check=False)


def _fill(mnt: Path, leave: int) -> Path:
    """Fill the disk until about *leave* bytes are free."""
    filler = mnt / "filler"
    free = os.statvfs(mnt).f_bavail * os.statvfs(mnt).f_frsize
    with open(filler, "wb") as fh:
        fh.write(b"\0" * max(0, free - leave))
    return filler


def test_cli_on_a_full_disk(small_disk: Path) -> None:
    home = small_disk / "home"
    assert run_cli("init", home=home).returncode == 0
    assert run_cli("log", "--user", "alice", "--session", "s", "--role", "user", "first",
                   home=home).returncode == 0
    filler = _fill(small_disk, 16 << 10)
    lines_in = [json.dumps({"user": "alice", "session": "s", "role": "user",
                            "text": f"turn {i} " + "x" * 2000}) for i in range(100)]
    r = run_cli("import", "-", home=home, stdin=("\n".join(lines_in) + "\n").encode())
    assert r.returncode != 0
    assert "Traceback" not in r.stderr
    lines = [ln for ln in r.stderr.strip().splitlines() if not ln.startswith("import [")]
    assert len(lines) == 1, r.stderr
    assert "nothing was lost" in lines[0] and str(home) in lines[0], lines[0]
    assert "space" in lines[0]
    filler.unlink()
    r = run_cli("audit", "verify", home=home)
    assert r.returncode == 0, r.stdout + r.stderr
    r = run_cli("log", "--user", "alice", "--session", "s", "--role", "user", "after",
                home=home)
    assert r.returncode == 0, r.stderr
    text = "".join(p.read_text() for p in (home / "memory" / "log" / "alice").glob("*.md"))
    assert "first" in text and "after" in text and "turn 1 " not in text


def _enospc_on(monkeypatch: pytest.MonkeyPatch, method: str, prefix: str) -> None:
    real = getattr(LocalFS, method)

    def fake(self: LocalFS, rel: str, *a: object, **kw: object) -> object:
        if rel.startswith(prefix):
            raise OSError(errno.ENOSPC, "No space left on device", str(self.root / rel))
        return real(self, rel, *a, **kw)

    monkeypatch.setattr(LocalFS, method, fake)


@pytest.mark.parametrize(("method", "prefix", "committed"), [
    ("_write_atomic", "versions/", False),  # the blob, before the commit point
    ("_append", "audit/", False),           # the commit point itself
    ("_write_atomic", "user/", True),       # after the commit point
])
def test_store_says_what_happened(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                  method: str, prefix: str, committed: bool) -> None:
    home = tmp_path / "home"
    store = Store.init(home)
    store.write_text("user/alice/a.md", "one", **W)
    _enospc_on(monkeypatch, method, prefix)
    with pytest.raises(StorageFullError) as info:
        store.write_text("user/alice/a.md", "two", **W)
    msg = info.value.message
    assert "nothing was lost" in msg and info.value.fields.get("path")
    monkeypatch.undo()
    again = Store.open(home)
    assert again.audit_verify().ok
    assert again.read_text("user/alice/a.md") == ("two" if committed else "one")
