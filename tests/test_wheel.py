"""The wheel builds, carries what the package needs, passes ``twine check``, and
``pipx install`` of the repository gives a working ``sleepstack`` command."""

from __future__ import annotations

import email
import importlib.metadata
import os
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


# What pip prints when it could not reach a package index (as opposed to a broken package).
_UNREACHABLE = ("Could not find a version", "No matching distribution", "NewConnectionError",
                "Max retries exceeded", "Temporary failure in name resolution",
                "Network is unreachable", "ConnectionError")


def test_pipx_install_from_the_repo(tmp_path: Path) -> None:
    # pipx as a user runs it: its home and its bin directory in tmp_path (never ~/.local),
    # the repository path as the spec, so pip builds the package from the working tree.
    if not _installed("pipx"):
        pytest.skip("pipx is not installed (it is in the dev extra)")
    env = {k: v for k, v in os.environ.items() if not k.startswith("PIPX_")}
    env.update(PIPX_HOME=str(tmp_path / "pipx"), PIPX_BIN_DIR=str(tmp_path / "bin"),
               PIPX_MAN_DIR=str(tmp_path / "man"), PIPX_SHARED_LIBS=str(tmp_path / "shared"))
    r = subprocess.run([sys.executable, "-m", "pipx", "install", "--python", sys.executable,
                        str(REPO)], capture_output=True, text=True, timeout=600, env=env,
                       cwd=tmp_path, check=False)
    if r.returncode != 0 and any(s in r.stdout + r.stderr for s in _UNREACHABLE):
        # The package's dependencies come from an index (or pip's cache); offline and
        # with an empty cache there is nothing to install them from.
        pytest.skip(f"pipx install needs a package index for the dependencies: "
                    f"{(r.stdout + r.stderr).strip()[-300:]}")
    assert r.returncode == 0, r.stdout + r.stderr
    exe = tmp_path / "bin" / "sleepstack"
    assert exe.exists()
    out = subprocess.run([str(exe), "--version"], capture_output=True, text=True, timeout=120,
                         env=env, cwd=tmp_path, check=True).stdout
    from sleepstack.version import __version__

    assert out.strip() == f"sleepstack {__version__}"
