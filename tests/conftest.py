"""Shared fixtures: real stores on tmp_path, the CLI run as a real subprocess."""

from __future__ import annotations

import ast
import importlib
import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
import uuid
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from sleepstack import environment
from sleepstack.store import Store

REPO = Path(__file__).resolve().parents[1]

# The test process is an entry point: tests that call library functions directly (an
# adapter, an index build) see the environment they set, as a CLI run would.
environment.install(os.environ)
SHARED_DATA = REPO.parent / "shared" / "data"


@pytest.fixture(autouse=True)
def _no_network_env(monkeypatch: pytest.MonkeyPatch) -> None:
    # Tests must never reach a real model endpoint by accident.
    for var in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "SLEEPSTACK_LLM_BASE_URL",
                "SLEEPSTACK_LLM_API_KEY", "SLEEPSTACK_HOME"):
        monkeypatch.delenv(var, raising=False)


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store.init(tmp_path / "home")


@pytest.fixture
def home(tmp_path: Path) -> Path:
    return tmp_path / "home"


def snapshot(root: Path) -> dict[str, bytes]:
    """Every file under *root* with its bytes (byte-for-byte comparisons)."""
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and p.name != ".lock"
    }


def run_cli(
    *args: str,
    home: Path | str | None = None,
    stdin: bytes | None = None,
    env: dict[str, str] | None = None,
    timeout: float = 120,
) -> subprocess.CompletedProcess[str]:
    """Run ``python -m sleepstack`` in a subprocess."""
    full_env = {k: v for k, v in os.environ.items() if not k.startswith("SLEEPSTACK_")}
    full_env.update(env or {})
    cmd = [sys.executable, "-m", "sleepstack", *args]
    if home is not None:
        cmd[3:3] = ["--home", str(home)]
    return subprocess.run(cmd, input=stdin.decode() if stdin else None, capture_output=True,
                          text=True, env=full_env, timeout=timeout, check=False)


@pytest.fixture
def cli() -> Iterator[object]:
    yield run_cli


# -------------------------------------------------- S3: a moto server on 127.0.0.1
def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def endpoint() -> Iterator[str]:
    """A moto S3 server on 127.0.0.1 for this test module (skips without moto)."""
    pytest.importorskip("moto")
    pytest.importorskip("botocore")
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    proc = subprocess.Popen([sys.executable, "-m", "moto.server", "-H", "127.0.0.1", "-p",
                             str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"{url}/moto-api/", timeout=2):
                    break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    pytest.fail("moto server did not start")
                time.sleep(0.1)
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@pytest.fixture
def aws_env(endpoint: str, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    env = {"AWS_ENDPOINT_URL": endpoint, "AWS_ACCESS_KEY_ID": "testing",
           "AWS_SECRET_ACCESS_KEY": "testing", "AWS_DEFAULT_REGION": "us-east-1"}
    for var in ("AWS_PROFILE", "AWS_SESSION_TOKEN", "AWS_REGION", "AWS_CONFIG_FILE",
                "AWS_SHARED_CREDENTIALS_FILE"):
        monkeypatch.delenv(var, raising=False)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    return env


@pytest.fixture
def client(aws_env: dict[str, str]) -> Any:
    session = importlib.import_module("botocore.session")  # untyped: keep mypy quiet
    return session.get_session().create_client("s3")


@pytest.fixture
def bucket(client: Any) -> str:
    name = f"t-{uuid.uuid4().hex[:12]}"
    client.create_bucket(Bucket=name)
    return name


def s3_snapshot(client: Any, bucket: str) -> dict[str, bytes]:
    """Every object in the bucket but the lease, with its bytes."""
    out: dict[str, bytes] = {}
    for page in client.get_paginator("list_objects_v2").paginate(Bucket=bucket):
        for obj in page.get("Contents", []):
            if not obj["Key"].endswith(".lock"):  # s3.LEASE_KEY (s3 needs its extra)
                out[obj["Key"]] = client.get_object(Bucket=bucket, Key=obj["Key"])["Body"].read()
    return out


def count_requests(fs: Any) -> Counter[str]:
    """Count every S3 request *fs* (an ``S3FS``) makes from now on, by operation name.

    It wraps the one method every request goes through; typed ``Any`` because
    conftest must not import the s3 module (it needs its extra).
    """
    calls: Counter[str] = Counter()
    original = fs._call

    def counting(op: str, **kwargs: Any) -> dict[str, Any]:
        calls[op] += 1
        response: dict[str, Any] = original(op, **kwargs)
        return response

    fs._call = counting
    return calls


def child_env() -> dict[str, str]:
    """The environment for a child Python process: this checkout's ``src`` first on the path."""
    env = dict(os.environ)
    src = str(Path(__file__).resolve().parents[1] / "src")
    env["PYTHONPATH"] = os.pathsep.join([src, env.get("PYTHONPATH", "")])
    return env


def parse_python(path: Path) -> ast.Module:
    """``ast.parse`` of a source file, retried on CPython 3.11's AST thread-safety bug.

    3.11's AST constructor keeps a recursion counter that another thread parsing at
    the same moment (a framework compiling a schema in a worker thread) can upset;
    it raises ``SystemError: AST constructor recursion depth mismatch`` for a file
    that parses fine. A retry is safe: the parse has no side effects.
    """
    text = path.read_text()
    for attempt in range(5):
        try:
            return ast.parse(text, filename=str(path))
        except SystemError:
            if attempt == 4:
                raise
            time.sleep(0.05)
    raise AssertionError("unreachable")


def facts_of(*texts: str, embedder: str = "local:all-MiniLM-L6-v2", day: int = 1) -> list[Any]:
    """The facts the offline extractor reads from *texts*: one user turn each, a day apart.

    The first turn is said on *day* May 2024, 10:00 UTC.
    """
    from datetime import UTC, datetime, timedelta

    from sleepstack.adapters.embed import load_embedder
    from sleepstack.layers.rawlog import Turn
    from sleepstack.sleep.extract import extract_facts

    at = datetime(2024, 5, day, 10, 0, tzinfo=UTC)
    turns = [Turn(f"t{i}", "u1", "s1", "user", t, at + timedelta(days=i))
             for i, t in enumerate(texts)]
    return extract_facts(turns, embedder=load_embedder(embedder))


def slot_values(*texts: str) -> set[tuple[str, str]]:
    """The (attribute, value) pairs of :func:`facts_of` *texts*, said from 8 May 2024."""
    return {(f.attribute, f.value) for f in facts_of(*texts, day=8)}


def mcp_stdio(home: Path, *args: str) -> Any:
    """Parameters that start ``sleepstack --home HOME mcp ARGS`` as a stdio MCP server."""
    from mcp import StdioServerParameters

    env = {k: v for k, v in os.environ.items() if not k.startswith("SLEEPSTACK_")}
    return StdioServerParameters(command=sys.executable,
                                 args=["-m", "sleepstack", "--home", str(home), "mcp", *args],
                                 env=env)


def tool_data(result: Any) -> dict[str, Any]:
    """An MCP tool result's JSON: its structured content, or its first text block."""
    assert not result.is_error, result.content
    if result.structured_content is not None:
        return dict(result.structured_content)
    return dict(json.loads(result.content[0].text))
