"""The wheel builds, carries what the package needs, and passes ``twine check`` (when here)."""

from __future__ import annotations

import email
import importlib.metadata
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from conftest import REPO


def _installed(dist: str) -> bool:
    # By distribution, not module: the repo's own (ignored) build/ folder is importable
    # as a namespace package named "build".
    try:
        importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return False
    return True


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    if _installed("build"):
        cmd = [sys.executable, "-m", "build", "--wheel", "--outdir", str(out), str(REPO)]
    else:  # pip's own PEP 517 front end (fetches setuptools>=68 into an isolated env)
        cmd = [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out),
               str(REPO)]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=600, check=False)
    if r.returncode != 0:
        pytest.skip(f"no build tooling or package index reachable: {r.stderr.strip()[-200:]}")
    found = sorted(out.glob("sleepstack-*.whl"))
    assert found
    return found[0]


def test_wheel_contents_and_metadata(wheel: Path) -> None:
    z = zipfile.ZipFile(wheel)
    names = set(z.namelist())
    assert "sleepstack/py.typed" in names
    assert any(n.startswith("sleepstack/validate/") and n.endswith(".npz") for n in names) or \
        any(n.endswith(".json") for n in names if n.startswith("sleepstack/"))
    meta_name = next(n for n in names if n.endswith(".dist-info/METADATA"))
    meta = email.message_from_bytes(z.read(meta_name))
    assert meta["Name"] == "sleepstack" and meta["Version"]
    assert meta["Description-Content-Type"] == "text/markdown"
    assert "# sleepstack" in (meta.get_payload() or "")  # the README as long description
    assert "Requires-Dist" in meta and any("snowballstemmer" in v
                                           for v in meta.get_all("Requires-Dist") or [])
    eps = z.read(next(n for n in names if n.endswith("entry_points.txt"))).decode()
    assert "sleepstack = sleepstack.cli:main" in eps


def test_twine_check(wheel: Path) -> None:
    if not _installed("twine"):
        pytest.skip("twine is not installed")
    r = subprocess.run([sys.executable, "-m", "twine", "check", "--strict", str(wheel)],
                       capture_output=True, text=True, timeout=120, check=False)
    assert r.returncode == 0, r.stdout + r.stderr
