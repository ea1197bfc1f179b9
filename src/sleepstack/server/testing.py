"""Run a real server in a subprocess for tests and benchmarks.

Shipped with the library (like httpx's ``MockTransport``) so that the test
suite, ``bench/serve.py`` and downstream users start servers the same way:
``python -m sleepstack … serve`` on a free loopback port, ready when
``/health`` answers.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import httpx

__all__ = ["free_port", "running_server", "wait_ready"]


def free_port() -> int:
    """A TCP port that was free on 127.0.0.1 a moment ago."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def wait_ready(url: str, proc: subprocess.Popen[bytes], timeout: float = 30.0,
               log: Path | None = None) -> None:
    """Poll *url* until it answers; fail fast (with the server's log) if it died."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            err = log.read_text(errors="replace")[-2000:] if log is not None else ""
            raise RuntimeError(f"server exited with {proc.returncode}: {err}")
        try:
            httpx.get(url, timeout=1.0)
            return
        except httpx.TransportError:
            time.sleep(0.1)
    raise TimeoutError(f"server at {url} did not answer within {timeout}s")


@contextmanager
def running_server(home: str | Path, *args: str, command: str = "serve",
                   ready_path: str = "/health", log: Path | None = None,
                   env: dict[str, str] | None = None) -> Iterator[str]:
    """Start ``sleepstack --home HOME <command> --port P ARGS…``; yields ``http://127.0.0.1:P``.

    The server's stderr goes to *log* (default ``<home>.serve-<port>.log``), a
    file rather than a pipe so that a chatty server can never block on it.
    """
    port = free_port()
    full_env = {k: v for k, v in os.environ.items() if not k.startswith("SLEEPSTACK_")}
    full_env.update(env or {})
    cmd: Sequence[str] = [sys.executable, "-m", "sleepstack", "--home", str(home), command,
                          "--port", str(port), *args]
    log = log or Path(f"{home}.{command}-{port}.log")
    base = f"http://127.0.0.1:{port}"
    with open(log, "wb") as err:
        proc = subprocess.Popen(cmd, env=full_env, stdout=subprocess.DEVNULL, stderr=err)
        try:
            wait_ready(base + ready_path, proc, log=log)
            yield base
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
