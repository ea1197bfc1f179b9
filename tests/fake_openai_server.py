"""A real, local, scripted OpenAI-compatible chat-completions server for tests.

Usage::

    from fake_openai_server import FakeOpenAI, Reply, chat

    with FakeOpenAI(api_key="sk-test") as fake:
        fake.script("first answer", Reply(status=500), chat("second", prompt_tokens=7))
        llm = OpenAILLM("m", base_url=fake.base_url, api_key="sk-test")
        ...
        assert fake.requests[0].json_mode

Each POST to ``.../chat/completions`` consumes the next scripted step:

* a ``str``: a 200 chat completion with that content;
* a ``dict``: sent as the JSON body of a 200 answer, verbatim;
* a :class:`Reply`: full control (status, body, headers, delay, dropped connection);
* a callable taking the :class:`RecordedRequest` and returning any of the above,
  for answers that depend on the request.

When the script runs out, ``default`` answers (a step as above; by default a
500 saying the script is exhausted, so an unexpected extra call is visible).
Requests with a wrong bearer token (when ``api_key`` is set) get a 401 and do
not consume a step. Every request, including those, is kept in ``.requests``.
``GET .../models`` lists ``fake-model``. ``POST .../embeddings`` answers
every input with a deterministic vector of ``embed_dim`` floats (a hash of the
text, not normalised, items in reverse order as a real server may send them),
without consuming a step.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

__all__ = ["FakeOpenAI", "RecordedRequest", "Reply", "Step", "chat", "error", "serve"]


@dataclass
class Reply:
    """One scripted HTTP answer.

    ``body``: a dict/list is sent as JSON, a str or bytes verbatim, None as an
    empty body. ``delay`` seconds pass before answering; ``drop`` closes the
    connection without any answer (a connection error for the client).
    """

    status: int = 200
    body: Any = None
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0
    drop: bool = False


@dataclass
class RecordedRequest:
    """One request the fake server received."""

    method: str
    path: str
    headers: dict[str, str]
    raw: bytes
    body: Any

    @property
    def messages(self) -> list[dict[str, Any]]:
        """The chat messages sent (empty if the body had none)."""
        if isinstance(self.body, dict) and isinstance(self.body.get("messages"), list):
            return list(self.body["messages"])
        return []

    @property
    def prompt(self) -> str:
        """The content of the last user message."""
        for message in reversed(self.messages):
            if message.get("role") == "user":
                return str(message.get("content", ""))
        return ""

    @property
    def system(self) -> str | None:
        """The content of the system message, if any."""
        for message in self.messages:
            if message.get("role") == "system":
                return str(message.get("content", ""))
        return None

    @property
    def json_mode(self) -> bool:
        """Whether ``response_format`` asked for a JSON object."""
        fmt = self.body.get("response_format") if isinstance(self.body, dict) else None
        return isinstance(fmt, dict) and fmt.get("type") == "json_object"

    @property
    def authorization(self) -> str | None:
        """The Authorization header as sent."""
        return self.headers.get("authorization")


Step = str | dict[str, Any] | Reply | Callable[[RecordedRequest], Any]


def chat(
    content: str | None,
    *,
    model: str = "fake-model",
    prompt_tokens: int | None = 11,
    completion_tokens: int | None = 5,
    finish_reason: str = "stop",
    headers: dict[str, str] | None = None,
    delay: float = 0.0,
) -> Reply:
    """A 200 chat completion; ``prompt_tokens=None`` omits the ``usage`` field."""
    body: dict[str, Any] = {
        "id": "chatcmpl-fake",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": model,
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": content},
                "finish_reason": finish_reason,
            }
        ],
    }
    if prompt_tokens is not None:
        completion = completion_tokens or 0
        body["usage"] = {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": completion,
            "total_tokens": prompt_tokens + completion,
        }
    return Reply(200, body, headers=dict(headers or {}), delay=delay)


def error(
    status: int,
    message: str = "fake error",
    *,
    type: str = "server_error",
    param: str | None = None,
    headers: dict[str, str] | None = None,
    delay: float = 0.0,
) -> Reply:
    """An error answer in OpenAI's ``{"error": {...}}`` shape."""
    body = {"error": {"message": message, "type": type, "param": param, "code": None}}
    return Reply(status, body, headers=dict(headers or {}), delay=delay)


class FakeOpenAI:
    """The scripted server; a context manager that starts and stops it."""

    def __init__(self, *, api_key: str | None = None, default: Step | None = None,
                 embed_dim: int = 32) -> None:
        self.api_key = api_key
        self.embed_dim = embed_dim
        self.default: Step = (
            default if default is not None else error(500, "fake server: script exhausted")
        )
        self.requests: list[RecordedRequest] = []
        self._steps: deque[Step] = deque()
        self._lock = threading.Lock()
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # -- scripting -----------------------------------------------------------

    def script(self, *steps: Step) -> FakeOpenAI:
        """Append steps to the script; returns self for chaining."""
        with self._lock:
            self._steps.extend(steps)
        return self

    @property
    def pending(self) -> int:
        """Scripted steps not consumed yet."""
        with self._lock:
            return len(self._steps)

    @property
    def chat_requests(self) -> list[RecordedRequest]:
        """The recorded chat-completion requests only."""
        with self._lock:
            return [r for r in self.requests if r.path.endswith("/chat/completions")]

    # -- lifecycle -----------------------------------------------------------

    @property
    def base_url(self) -> str:
        """``http://127.0.0.1:<port>/v1`` while running."""
        if self._server is None:
            raise RuntimeError("FakeOpenAI is not running; use it as a context manager")
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}/v1"

    def start(self) -> FakeOpenAI:
        """Bind to an ephemeral port on 127.0.0.1 and serve in a daemon thread."""
        if self._server is not None:
            return self
        server = ThreadingHTTPServer(("127.0.0.1", 0), _make_handler(self))
        server.daemon_threads = True
        # A handler sleeping on a scripted delay must not hold up shutdown.
        server.block_on_close = False
        self._server = server
        self._thread = threading.Thread(
            target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop serving and release the port."""
        server, self._server = self._server, None
        if server is None:
            return
        server.shutdown()
        server.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    def __enter__(self) -> FakeOpenAI:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    # -- request handling ----------------------------------------------------

    def _record(self, request: RecordedRequest) -> None:
        with self._lock:
            self.requests.append(request)

    def _next_step(self) -> Step:
        with self._lock:
            return self._steps.popleft() if self._steps else self.default

    def _answer(self, request: RecordedRequest) -> Reply:
        if self.api_key is not None and request.authorization != f"Bearer {self.api_key}":
            return error(401, "Incorrect API key provided", type="invalid_request_error")
        if request.method == "GET" and request.path.endswith("/models"):
            return Reply(200, {"object": "list", "data": [{"id": "fake-model", "object": "model"}]})
        if request.method == "POST" and request.path.endswith("/embeddings"):
            return _embeddings(request.body, self.embed_dim)
        if request.method != "POST" or not request.path.endswith("/chat/completions"):
            return error(404, f"no route {request.method} {request.path}", type="not_found")
        step = self._next_step()
        if callable(step):
            step = step(request)
        return _as_reply(step)


def _embeddings(body: Any, dim: int) -> Reply:
    texts = body.get("input") if isinstance(body, dict) else None
    if isinstance(texts, str):
        texts = [texts]
    if not isinstance(texts, list):
        return error(400, "input must be a string or a list of strings")
    data = []
    for i, text in enumerate(texts):
        seed = hashlib.sha256(str(text).encode()).digest()
        vec = [(seed[k % 32] - 127.5) * 3.0 + k for k in range(dim)]
        data.append({"object": "embedding", "index": i, "embedding": vec})
    return Reply(200, {"object": "list", "model": body.get("model", ""), "data": data[::-1],
                       "usage": {"prompt_tokens": len(texts), "total_tokens": len(texts)}})


def _as_reply(step: Any) -> Reply:
    if isinstance(step, Reply):
        return step
    if isinstance(step, str):
        return chat(step)
    if isinstance(step, dict):
        return Reply(200, step)
    raise TypeError(f"unsupported fake server step: {step!r}")


def _make_handler(fake: FakeOpenAI) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        # HTTP/1.0: one request per connection, so no idle keep-alive thread
        # outlives the test.
        protocol_version = "HTTP/1.0"

        def do_GET(self) -> None:
            self._handle()

        def do_POST(self) -> None:
            self._handle()

        def log_message(self, format: str, *args: Any) -> None:
            pass  # keep test output clean

        def _handle(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length) if length else b""
            try:
                body: Any = json.loads(raw) if raw else None
            except ValueError:
                body = None
            request = RecordedRequest(
                method=self.command,
                path=self.path,
                headers={k.lower(): v for k, v in self.headers.items()},
                raw=raw,
                body=body,
            )
            fake._record(request)
            try:
                reply = fake._answer(request)
            except Exception as exc:  # a broken test callable should surface as a 500
                reply = error(500, f"fake server step raised {type(exc).__name__}: {exc}")
            if reply.delay:
                time.sleep(reply.delay)
            if reply.drop:
                self.close_connection = True
                return
            # The client may have given up already (its timeout fired during our delay).
            with contextlib.suppress(BrokenPipeError, ConnectionResetError):
                self._send(reply)

        def _send(self, reply: Reply) -> None:
            payload = _encode(reply.body)
            self.send_response(reply.status)
            headers = {k.lower(): v for k, v in reply.headers.items()}
            if "content-type" not in headers and reply.body is not None:
                is_json = isinstance(reply.body, (dict, list))
                self.send_header("Content-Type", "application/json" if is_json else "text/plain")
            for key, value in reply.headers.items():
                self.send_header(key, value)
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

    return Handler


def _encode(body: Any) -> bytes:
    if body is None:
        return b""
    if isinstance(body, bytes):
        return body
    if isinstance(body, str):
        return body.encode("utf-8")
    return json.dumps(body).encode("utf-8")


@contextmanager
def serve(*steps: Step, api_key: str | None = None, default: Step | None = None) -> Iterator[str]:
    """Run a :class:`FakeOpenAI` with *steps* scripted; yield its base URL."""
    with FakeOpenAI(api_key=api_key, default=default) as fake:
        fake.script(*steps)
        yield fake.base_url
