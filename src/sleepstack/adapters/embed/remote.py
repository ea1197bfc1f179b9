"""An embedder that calls an OpenAI-compatible ``/embeddings`` HTTP endpoint.

Works with OpenAI itself and with the many servers that copy its wire format
(vLLM, Ollama, LiteLLM, text-embeddings-inference...). Configuration comes from the
constructor (``env=``) or from the environment an entry point installed
(:mod:`sleepstack.environment`)::

    SLEEPSTACK_EMBED_BASE_URL   (falls back to OPENAI_BASE_URL, then OpenAI's own URL)
    SLEEPSTACK_EMBED_API_KEY    (falls back to OPENAI_API_KEY; optional for local servers)

Transient failures (connection errors, timeouts, HTTP 408/409/425/429 and 5xx) are
retried with exponential backoff and jitter, honouring ``Retry-After``; everything
else, and running out of retries, raises :class:`~sleepstack.errors.EmbedderError`.
The API key never appears in messages or reprs.
"""

from __future__ import annotations

import math
import random
import threading
import time
from collections.abc import Mapping, Sequence
from typing import Any
from urllib.parse import urlsplit

import httpx
import numpy as np

from sleepstack.adapters.embed.base import FloatMatrix, check_texts, l2_normalize
from sleepstack.environment import current
from sleepstack.errors import EmbedderError, UsageError

__all__ = [
    "DEFAULT_BASE_URL",
    "KNOWN_DIMS",
    "OpenAIEmbedder",
    "resolve_endpoint",
]

DEFAULT_BASE_URL = "https://api.openai.com/v1"

#: Output sizes of well-known models, so ``dim`` needs no probe request for them.
KNOWN_DIMS: Mapping[str, int] = {
    "text-embedding-3-small": 1536,
    "text-embedding-3-large": 3072,
    "text-embedding-ada-002": 1536,
}

_RETRY_STATUS = frozenset({408, 409, 425, 429})
_ERROR_BODY_CHARS = 300


def resolve_endpoint(
    base_url: str | None = None,
    api_key: str | None = None,
    env: Mapping[str, str] | None = None,
) -> tuple[str, str | None]:
    """Return ``(base_url, api_key)`` from the arguments, else the environment.

    The base URL has no trailing slash; an empty key counts as no key.
    """
    environ = current() if env is None else env
    url = (
        base_url
        or environ.get("SLEEPSTACK_EMBED_BASE_URL")
        or environ.get("OPENAI_BASE_URL")
        or DEFAULT_BASE_URL
    ).rstrip("/")
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise UsageError(
            f"embedding base URL must be http(s)://host[/path], got {url!r}", base_url=url
        )
    key = api_key or environ.get("SLEEPSTACK_EMBED_API_KEY") or environ.get("OPENAI_API_KEY")
    return url, key or None


class OpenAIEmbedder:
    """Embeddings from an OpenAI-compatible server. Build it through ``load_embedder``.

    ``dim`` is the given one, else a known model's, else learned from the first
    response (reading ``dim`` before any call sends one short probe request).
    Thread-safe; call :meth:`close` (or use ``with``) to release the connection pool.
    """

    def __init__(
        self,
        model: str,
        *,
        base_url: str | None = None,
        api_key: str | None = None,
        dim: int | None = None,
        timeout: float = 30.0,
        max_retries: int = 4,
        backoff: float = 0.5,
        max_backoff: float = 20.0,
        batch_size: int = 256,
        name: str | None = None,
        env: Mapping[str, str] | None = None,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        if not model:
            raise UsageError("the remote embedder needs a model name, e.g. openai:<model>")
        if dim is not None and dim < 1:
            raise UsageError(f"dim must be >= 1, got {dim}", dim=dim)
        if max_retries < 0 or batch_size < 1 or timeout <= 0 or backoff < 0:
            raise UsageError(
                "invalid remote embedder settings",
                max_retries=max_retries,
                batch_size=batch_size,
                timeout=timeout,
                backoff=backoff,
            )
        self.model = model
        self.name = name if name is not None else f"openai:{model}"
        self.base_url, self._api_key = resolve_endpoint(base_url, api_key, env)
        if self._api_key is None and urlsplit(self.base_url).hostname == "api.openai.com":
            raise EmbedderError(
                "no API key for the OpenAI embeddings API: set SLEEPSTACK_EMBED_API_KEY "
                "(or OPENAI_API_KEY), or point SLEEPSTACK_EMBED_BASE_URL at a local server",
                base_url=self.base_url,
            )
        self._dim = dim if dim is not None else KNOWN_DIMS.get(model)
        self.timeout = timeout
        self.max_retries = max_retries
        self.backoff = backoff
        self.max_backoff = max_backoff
        self.batch_size = batch_size
        self._transport = transport
        self._client: httpx.Client | None = None
        self._lock = threading.Lock()

    # -- public --------------------------------------------------------------------------

    @property
    def dim(self) -> int:
        """Vector size; learned from the server when neither given nor known."""
        if self._dim is None:
            self._embed_chunk(["dimension probe"])
        assert self._dim is not None  # set by _embed_chunk or it raised
        return self._dim

    def embed(self, texts: Sequence[str]) -> FloatMatrix:
        """Embed ``texts``; see :class:`sleepstack.adapters.embed.base.Embedder`."""
        items = check_texts(texts)
        if not items:
            return np.zeros((0, self.dim), dtype=np.float32)
        chunks = [
            self._embed_chunk(items[i : i + self.batch_size])
            for i in range(0, len(items), self.batch_size)
        ]
        return l2_normalize(np.concatenate(chunks, axis=0), source=self.name)

    def close(self) -> None:
        """Close the HTTP connection pool (a later call opens a new one)."""
        with self._lock:
            client, self._client = self._client, None
        if client is not None:
            client.close()

    def __enter__(self) -> OpenAIEmbedder:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"OpenAIEmbedder(model={self.model!r}, base_url={self.base_url!r})"

    # -- internals -----------------------------------------------------------------------

    def _http(self) -> httpx.Client:
        with self._lock:
            if self._client is None:
                headers = {"Accept": "application/json", "User-Agent": "sleepstack"}
                if self._api_key:
                    headers["Authorization"] = f"Bearer {self._api_key}"
                self._client = httpx.Client(
                    base_url=self.base_url,
                    headers=headers,
                    timeout=httpx.Timeout(self.timeout, connect=min(self.timeout, 10.0)),
                    transport=self._transport,
                )
            return self._client

    def _embed_chunk(self, texts: list[str]) -> FloatMatrix:
        # OpenAI answers HTTP 400 to an empty string; a blank embeds as "no content" too.
        payload = {"model": self.model, "input": [t if t else " " for t in texts]}
        body = self._post_with_retries(payload)
        return self._parse(body, len(texts))

    def _post_with_retries(self, payload: dict[str, Any]) -> Any:
        url = f"{self.base_url}/embeddings"
        attempts = self.max_retries + 1
        last_exc: Exception | None = None
        last_reason = ""
        for attempt in range(attempts):
            retry_after: float | None = None
            try:
                resp = self._http().post("/embeddings", json=payload)
            except httpx.TransportError as exc:  # connect/read errors and timeouts
                last_exc, last_reason = exc, f"{type(exc).__name__}: {exc}"
            else:
                if resp.is_success:
                    try:
                        return resp.json()
                    except ValueError as exc:
                        raise EmbedderError(
                            f"{url} answered {resp.status_code} with a body that is not JSON",
                            url=url,
                            body=resp.text[:_ERROR_BODY_CHARS],
                        ) from exc
                last_exc = httpx.HTTPStatusError(
                    f"HTTP {resp.status_code}", request=resp.request, response=resp
                )
                status = resp.status_code
                last_reason = f"HTTP {status}: {resp.text[:_ERROR_BODY_CHARS]}"
                if status not in _RETRY_STATUS and status < 500:
                    hint = ""
                    if status in (401, 403):
                        hint = " (check SLEEPSTACK_EMBED_API_KEY / OPENAI_API_KEY)"
                    elif status == 404:
                        hint = f" (is {self.base_url!r} an OpenAI-compatible base URL?)"
                    raise EmbedderError(
                        f"embedding request to {url} failed with {last_reason}{hint}",
                        url=url,
                        status=status,
                        model=self.model,
                    ) from last_exc
                retry_after = _parse_retry_after(resp.headers.get("Retry-After"))
            if attempt + 1 < attempts:
                time.sleep(self._delay(attempt, retry_after))
        raise EmbedderError(
            f"embedding request to {url} failed after {attempts} attempt(s); last error: "
            f"{last_reason}",
            url=url,
            attempts=attempts,
            model=self.model,
        ) from last_exc

    def _delay(self, attempt: int, retry_after: float | None) -> float:
        if retry_after is not None:
            return min(retry_after, self.max_backoff)
        base = min(self.backoff * (2.0**attempt), self.max_backoff)
        # Full jitter around the exponential step keeps many clients from retrying in sync.
        return base * (0.5 + random.random() / 2.0)

    def _parse(self, body: Any, expected: int) -> FloatMatrix:
        where = f"{self.base_url}/embeddings"
        data = body.get("data") if isinstance(body, dict) else None
        if not isinstance(data, list):
            raise EmbedderError(f"{where}: response has no 'data' list", url=where)
        if len(data) != expected:
            raise EmbedderError(
                f"{where}: asked for {expected} embeddings, got {len(data)}", url=where
            )
        rows: list[Any] = [None] * expected
        for pos, item in enumerate(data):
            if not isinstance(item, dict) or not isinstance(item.get("embedding"), list):
                raise EmbedderError(f"{where}: data[{pos}] has no 'embedding' list", url=where)
            index = item.get("index", pos)
            if not isinstance(index, int) or not 0 <= index < expected or rows[index] is not None:
                raise EmbedderError(f"{where}: data[{pos}] has a bad index {index!r}", url=where)
            rows[index] = item["embedding"]
        try:
            mat = np.asarray(rows, dtype=np.float32)
        except (TypeError, ValueError) as exc:
            raise EmbedderError(
                f"{where}: embeddings are not equal-length lists of numbers", url=where
            ) from exc
        if mat.ndim != 2 or mat.shape[1] == 0:
            raise EmbedderError(f"{where}: embeddings have shape {mat.shape}", url=where)
        got = int(mat.shape[1])
        if self._dim is None:
            self._dim = got
        elif got != self._dim:
            raise EmbedderError(
                f"{where}: model {self.model!r} returned {got}-d vectors, expected {self._dim}",
                url=where,
                got=got,
                expected=self._dim,
            )
        return mat


def _parse_retry_after(value: str | None) -> float | None:
    """Seconds from a ``Retry-After`` header; the HTTP-date form is ignored."""
    if not value:
        return None
    try:
        seconds = float(value)
    except ValueError:
        return None
    return seconds if math.isfinite(seconds) and seconds >= 0 else None
