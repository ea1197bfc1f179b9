"""The package version and code fingerprints, in a module any layer may read.

``sleepstack/__init__.py`` imports the public API (and through it everything);
a module that only needs the version imports it from here instead.

A code fingerprint is the version plus a hash of some of the package's source
files: what a cache or a published record names so that a change to the code
its content depends on never reuses it. Each user picks its files by their top
part under the package (:func:`source_files`): the sleep cycle hashes all but
the read-path parts (``sleep/state.code_version``), the index its row code
(``index/built_from.index_code``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Collection, Iterable
from pathlib import Path

__all__ = ["PACKAGE_ROOT", "__version__", "code_fingerprint", "source_files"]

__version__ = "0.1.0"

#: the ``sleepstack`` package's directory
PACKAGE_ROOT = Path(__file__).resolve().parent


def _top(src: Path, root: Path) -> str:
    # A subpackage's name ("index" for index/build.py) or a top-level module's file name.
    return src.relative_to(root).parts[0]


def source_files(*, only: Collection[str] | None = None, leave_out: Collection[str] = (),
                 root: Path = PACKAGE_ROOT) -> list[Path]:
    """The ``.py`` files under *root* in path order, chosen by their top part.

    *only*, when given, keeps the files whose top part it names; *leave_out*
    drops those whose top part it names.
    """
    return [src for src in sorted(root.glob("**/*.py"))
            if (only is None or _top(src, root) in only) and _top(src, root) not in leave_out]


def code_fingerprint(files: Iterable[Path], *, root: Path = PACKAGE_ROOT) -> str:
    """``<version>+<12 hex>``: the version and a hash of *files*' paths (under *root*) and bytes.

    The path is hashed with the bytes, so moving code between files changes it too.
    """
    h = hashlib.sha256(__version__.encode())
    for src in files:
        h.update(src.relative_to(root).as_posix().encode())
        h.update(src.read_bytes())
    return f"{__version__}+{h.hexdigest()[:12]}"
