"""Ingestion of reference documents: recursion, chunking with headings, typed errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import run_cli, snapshot
from sleepstack.api import Memory
from sleepstack.errors import NotFoundError, UsageError
from sleepstack.layers.topics import chunk_document


def _docs(root: Path) -> Path:
    docs = root / "docs"
    (docs / "guide" / "deep").mkdir(parents=True)
    (docs / ".hidden").mkdir()
    (docs / "README.md").write_text("# Project\n\nIntro paragraph.\n")
    (docs / "guide" / "install.md").write_text(
        "# Install\n\n## Linux\n\nUse the package manager.\n\n## macOS\n\nUse brew.\n")
    (docs / "guide" / "deep" / "notes.txt").write_text("Plain text notes.\n\nSecond para.\n")
    (docs / "guide" / "image.png").write_bytes(b"\x89PNG\x00\x00")
    (docs / ".hidden" / "secret.md").write_text("# hidden\n")
    return docs


def test_chunks_keep_their_heading_trail() -> None:
    text = "# Guide\n\nTop.\n\n## Setup\n\n### Linux\n\nRun apt.\n\n```\n# not a heading\n```\n"
    chunks = chunk_document(text)
    assert [c.headings for c in chunks] == [("Guide",), ("Guide", "Setup", "Linux")]
    assert chunks[1].text.startswith("Guide > Setup > Linux\n")
    assert "# not a heading" in chunks[1].body
    long = "# Big\n\n" + " ".join(f"word{i}." for i in range(500))
    parts = chunk_document(long, max_words=100)
    assert len(parts) == 5 and all(len(c.body.split()) <= 100 for c in parts)
    assert all(c.headings == ("Big",) for c in parts)


def test_ingest_folder_recursively(tmp_path: Path) -> None:
    mem = Memory.init(tmp_path / "home")
    paths = mem.ingest([_docs(tmp_path)], "manual")
    assert paths == [
        "memory/topics/manual/README.md",
        "memory/topics/manual/guide/deep/notes.txt",
        "memory/topics/manual/guide/install.md",
    ]
    assert mem.store.read_text("memory/topics/manual/guide/install.md").startswith("# Install")
    entries = mem.store.audit_entries()
    assert len({e["tx"] for e in entries if e["op"] == "write"}) == 1  # one mutation
    # Re-ingesting identical documents writes nothing new.
    n = len(mem.store.audit_entries())
    mem.ingest([tmp_path / "docs"], "manual")
    assert len(mem.store.audit_entries()) == n


def test_ingest_errors_change_nothing(tmp_path: Path) -> None:
    mem = Memory.init(tmp_path / "home")
    docs = _docs(tmp_path)
    (tmp_path / "latin1.md").write_bytes("caf\xe9".encode("latin-1"))
    before = snapshot(tmp_path / "home")
    with pytest.raises(UsageError, match="not UTF-8"):
        mem.ingest([docs, tmp_path / "latin1.md"], "manual")
    with pytest.raises(NotFoundError):
        mem.ingest([docs, tmp_path / "missing.md"], "manual")
    with pytest.raises(UsageError, match="slug"):
        mem.ingest([docs], "Bad Slug")
    assert snapshot(tmp_path / "home") == before


def test_ingest_cli_exit_codes(tmp_path: Path) -> None:
    home = tmp_path / "home"
    assert run_cli("init", home=home).returncode == 0
    docs = _docs(tmp_path)
    (tmp_path / "bin.md").write_bytes(b"\xff\xfe\x00binary")
    before = snapshot(home)
    r = run_cli("ingest", str(docs), str(tmp_path / "bin.md"), "--topic", "manual", home=home)
    assert r.returncode == 2 and "UTF-8" in r.stderr
    r = run_cli("ingest", str(tmp_path / "nope"), "--topic", "manual", home=home)
    assert r.returncode == 3 and "no such file" in r.stderr
    r = run_cli("ingest", str(docs), "--topic", "../x", home=home)
    assert r.returncode == 2 and "slug" in r.stderr
    assert snapshot(home) == before
    r = run_cli("--json", "ingest", str(docs), "--topic", "manual", home=home)
    assert r.returncode == 0
    assert json.loads(r.stdout)["paths"][0] == "memory/topics/manual/README.md"
