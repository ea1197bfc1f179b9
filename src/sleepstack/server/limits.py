"""Request limits: body size (413), JSON nesting depth (400), per-token rate (429).

Body size and depth are enforced in a pure ASGI middleware *before* FastAPI
parses anything, so an oversized or pathologically nested body never reaches
``json.loads`` or pydantic. The rate limit is a token bucket per bearer token,
applied after authentication (an unauthenticated caller has no bucket; it gets
401s, which cost nothing). Handler timeouts live in :mod:`.http`.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from typing import Any

__all__ = ["BodyLimitMiddleware", "RateLimiter", "json_depth_exceeds"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def json_depth_exceeds(body: bytes, max_depth: int) -> bool:
    """Whether *body* nests arrays/objects deeper than *max_depth*.

    A linear scan over the bytes that skips string contents; it never builds
    the document, so a 1 MiB ``[[[[…`` costs one pass and no recursion.
    """
    depth = 0
    in_string = False
    escaped = False
    for b in body:
        if in_string:
            if escaped:
                escaped = False
            elif b == 0x5C:  # backslash
                escaped = True
            elif b == 0x22:  # quote
                in_string = False
        elif b == 0x22:
            in_string = True
        elif b in (0x5B, 0x7B):  # [ {
            depth += 1
            if depth > max_depth:
                return True
        elif b in (0x5D, 0x7D):  # ] }
            depth -= 1
    return False


async def _send_error(send: Send, status: int, error: str, message: str,
                      detail: dict[str, Any]) -> None:
    body = json.dumps({"error": error, "message": message, "detail": detail}).encode()
    await send({
        "type": "http.response.start",
        "status": status,
        "headers": [(b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                    (b"connection", b"close")],
    })
    await send({"type": "http.response.body", "body": body})


class BodyLimitMiddleware:
    """Reject bodies over *max_bytes* (413) and JSON deeper than *max_depth* (400).

    The body is buffered here (it is bounded) and replayed to the app, which
    lets the depth check see the whole document before anyone parses it.
    """

    def __init__(self, app: ASGIApp, *, max_bytes: int, max_depth: int) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.max_depth = max_depth

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """ASGI entry point."""
        if scope["type"] != "http" or scope["method"] in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        declared = headers.get(b"content-length")
        too_big = {"limit": self.max_bytes}
        if declared is not None:
            try:
                declared_len = int(declared)
            except ValueError:
                await _send_error(send, 400, "usage", "invalid Content-Length", {})
                return
            if declared_len > self.max_bytes:
                await _send_error(send, 413, "too_large", "request body is too large", too_big)
                return
        chunks: list[bytes] = []
        size = 0
        more = True
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_bytes:  # chunked uploads have no Content-Length
                await _send_error(send, 413, "too_large", "request body is too large", too_big)
                return
            chunks.append(chunk)
            more = bool(message.get("more_body", False))
        body = b"".join(chunks)
        if json_depth_exceeds(body, self.max_depth):
            await _send_error(send, 400, "usage", "JSON nests too deeply",
                              {"max_depth": self.max_depth})
            return
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()  # after the body: wait for disconnect as usual

        await self.app(scope, replay, send)


@dataclass
class _Bucket:
    tokens: float
    stamp: float


class RateLimiter:
    """A token bucket per key: *rate* requests per second, bursts up to *burst*.

    In-process state: with several workers each has its own buckets, so the
    effective limit is per worker (documented in ``serve --help``).
    """

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = burst
        self._buckets: dict[str, _Bucket] = {}
        self._lock = threading.Lock()

    def acquire(self, key: str) -> float:
        """Take one token for *key*: 0.0 when allowed, else seconds until one is free."""
        if self.rate <= 0:
            return 0.0
        now = time.monotonic()
        with self._lock:
            bucket = self._buckets.get(key)
            if bucket is None:
                bucket = self._buckets[key] = _Bucket(float(self.burst), now)
            bucket.tokens = min(float(self.burst), bucket.tokens + (now - bucket.stamp) * self.rate)
            bucket.stamp = now
            if bucket.tokens >= 1.0:
                bucket.tokens -= 1.0
                return 0.0
            return (1.0 - bucket.tokens) / self.rate
