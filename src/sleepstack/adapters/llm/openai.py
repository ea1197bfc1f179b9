"""The ``openai:<model>`` adapter: any OpenAI-compatible chat-completions endpoint.

Works with OpenAI itself and with the compatible servers people run locally
(vLLM, llama.cpp ``llama-server``, Ollama's ``/v1``). Configuration comes from
the constructor (``env=``) or the environment an entry point installed
(:mod:`sleepstack.environment`: the CLI, the servers and ``Memory`` install the
process environment)::

    SLEEPSTACK_LLM_BASE_URL   (fallback OPENAI_BASE_URL)  e.g. http://localhost:8000/v1
    SLEEPSTACK_LLM_API_KEY    (fallback OPENAI_API_KEY)

The public OpenAI URL is used only when a key is set and no base URL is, so an
unconfigured install never reaches for the network. Transient failures (429,
5xx, connection errors, timeouts) are retried with exponential backoff and
jitter, honouring ``Retry-After``; everything else maps to :class:`LLMError`.
"""

from __future__ import annotations

import email.utils
import random
import threading
import time
from collections.abc import Callable, Mapping
from typing import Any

import httpx

from sleepstack import observe
from sleepstack.environment import current
from sleepstack.errors import LLMError, UsageError

from .base import Completion, estimate_tokens

__all__ = ["DEFAULT_BASE_URL", "OpenAILLM"]

DEFAULT_BASE_URL = "https://api.openai.com/v1"
_EXCERPT = 500
_RETRY_STATUSES = frozenset({408, 409, 425, 429})


class OpenAILLM:
    """Chat completions over HTTP against an OpenAI-compatible server."""

    def __init__(
        self,
        model: str,
        *,
        base_url: str | None = None,
        api_key: str | None = None,
        timeout: float = 60.0,
        max_retries: int = 4,
        backoff_base: float = 0.5,
        backoff_max: float = 30.0,
        max_retry_after: float = 120.0,
        temperature: float = 0.0,
        env: Mapping[str, str] | None = None,
        client: httpx.Client | None = None,
        sleep: Callable[[float], None] = time.sleep,
        rng: random.Random | None = None,
    ) -> None:
        """Configure the adapter; nothing is sent until :meth:`complete`.

        ``max_retry_after`` is the longest ``Retry-After`` the adapter will wait
        for; a server asking for more fails the call instead of stalling a
        cycle. ``client``, ``sleep`` and ``rng`` exist for tests and embedding.
        """
        model = model.strip()
        if not model:
            raise UsageError("openai LLM spec needs a model name, e.g. 'openai:gpt-4o-mini'")
        environ = current() if env is None else env
        key = api_key or environ.get("SLEEPSTACK_LLM_API_KEY") or environ.get("OPENAI_API_KEY")
        url = base_url or environ.get("SLEEPSTACK_LLM_BASE_URL") or environ.get("OPENAI_BASE_URL")
        if not url:
            if not key:
                raise UsageError(
                    f"LLM 'openai:{model}' is not configured: set SLEEPSTACK_LLM_BASE_URL "
                    "to an OpenAI-compatible endpoint (e.g. http://localhost:8000/v1 for "
                    "vLLM, http://localhost:11434/v1 for Ollama) and/or SLEEPSTACK_LLM_API_KEY "
                    "(with only a key, https://api.openai.com/v1 is used), or use the "
                    "LLM spec 'none'",
                    model=model,
                )
            url = DEFAULT_BASE_URL
        if not url.startswith(("http://", "https://")):
            raise UsageError(f"LLM base URL must start with http:// or https://, got {url!r}")
        if timeout <= 0:
            raise UsageError("LLM timeout must be > 0 seconds")
        if max_retries < 0:
            raise UsageError("LLM max_retries must be >= 0")
        self.model = model
        self.base_url = url.rstrip("/")
        self.timeout = timeout
        self.max_retries = max_retries
        self.backoff_base = backoff_base
        self.backoff_max = backoff_max
        self.max_retry_after = max_retry_after
        self.temperature = temperature
        self._api_key = key or None
        self._client = client
        self._owns_client = client is None
        self._client_lock = threading.Lock()
        self._sleep = sleep
        self._rng = rng or random.Random()
        # Learned from 400 answers, so that later calls skip known-rejected
        # parameters instead of paying a failed round trip each time.
        self._json_mode_supported = True
        self._max_tokens_param = "max_tokens"
        self._temperature_supported = True

    @property
    def spec(self) -> str:
        """``openai:<model>``."""
        return f"openai:{self.model}"

    def __repr__(self) -> str:
        # Never include the key.
        return f"OpenAILLM(model={self.model!r}, base_url={self.base_url!r})"

    def __enter__(self) -> OpenAILLM:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the HTTP connection pool (if this adapter created it)."""
        with self._client_lock:
            if self._client is not None and self._owns_client:
                self._client.close()
                self._client = None

    def complete(
        self,
        prompt: str,
        *,
        system: str | None = None,
        max_tokens: int = 512,
        json_mode: bool = False,
    ) -> Completion:
        """Send one chat completion request and return the first choice."""
        t0 = time.perf_counter()
        messages: list[dict[str, str]] = []
        if system:
            messages.append({"role": "system", "content": system})
        messages.append({"role": "user", "content": prompt})
        # Each parameter fallback is tried at most once per call.
        fallbacks_left = 3
        while True:
            payload = self._payload(messages, max_tokens, json_mode and self._json_mode_supported)
            response = self._post(payload)
            if (
                response.status_code == 400
                and fallbacks_left > 0
                and self._drop_rejected(response, payload)
            ):
                fallbacks_left -= 1
                continue
            break
        done = self._parse(response, messages)
        observe.llm_call(self.spec, done.prompt_tokens, done.completion_tokens,
                         time.perf_counter() - t0)
        return done

    # -- request -------------------------------------------------------------

    def _payload(
        self, messages: list[dict[str, str]], max_tokens: int, json_mode: bool
    ) -> dict[str, Any]:
        payload: dict[str, Any] = {
            "model": self.model,
            "messages": messages,
            self._max_tokens_param: max_tokens,
        }
        if self._temperature_supported:
            payload["temperature"] = self.temperature
        if json_mode:
            payload["response_format"] = {"type": "json_object"}
        return payload

    def _drop_rejected(self, response: httpx.Response, payload: dict[str, Any]) -> bool:
        """If a 400 names a parameter we can do without, stop sending it; True if so."""
        body = response.text.lower()
        if "response_format" in payload and ("response_format" in body or "json_object" in body):
            self._json_mode_supported = False
            return True
        # Newer OpenAI reasoning models reject max_tokens and temperature.
        if "max_tokens" in payload and "max_tokens" in body and "max_completion_tokens" in body:
            self._max_tokens_param = "max_completion_tokens"
            return True
        if "temperature" in payload and "temperature" in body:
            self._temperature_supported = False
            return True
        return False

    def _http(self) -> httpx.Client:
        with self._client_lock:
            if self._client is None:
                self._client = httpx.Client(timeout=httpx.Timeout(self.timeout))
                self._owns_client = True
            return self._client

    def _headers(self) -> dict[str, str]:
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if self._api_key:
            headers["Authorization"] = f"Bearer {self._api_key}"
        return headers

    def _post(self, payload: dict[str, Any]) -> httpx.Response:
        """POST with retries; return the final response (any status) or raise LLMError."""
        url = f"{self.base_url}/chat/completions"
        attempt = 0
        while True:
            error: httpx.TransportError | None = None
            response: httpx.Response | None = None
            try:
                response = self._http().post(
                    url, json=payload, headers=self._headers(), timeout=self.timeout
                )
            except httpx.TransportError as exc:
                error = exc
            if response is not None and not _retryable(response.status_code):
                return response
            if attempt >= self.max_retries:
                if response is not None:
                    return response
                raise LLMError(
                    f"cannot reach LLM endpoint {url} after {attempt + 1} attempt(s): "
                    f"{type(error).__name__}: {error}",
                    url=url,
                    model=self.model,
                    attempts=attempt + 1,
                    status=None,
                    body="",
                ) from error
            delay = self._backoff(attempt)
            if response is not None:
                retry_after = _retry_after_seconds(response.headers.get("retry-after"))
                if retry_after is not None:
                    if retry_after > self.max_retry_after:
                        return response  # fails in _parse with the server's own message
                    delay = retry_after
            self._sleep(delay)
            attempt += 1

    def _backoff(self, attempt: int) -> float:
        # "Equal jitter": at least half the exponential delay, so retries from
        # parallel workers spread out without collapsing to zero.
        ceiling = min(self.backoff_max, self.backoff_base * 2.0**attempt)
        return ceiling / 2 + self._rng.uniform(0, ceiling / 2)

    # -- response ------------------------------------------------------------

    def _parse(self, response: httpx.Response, messages: list[dict[str, str]]) -> Completion:
        try:
            response.raise_for_status()
        except httpx.HTTPStatusError as exc:
            raise LLMError(
                f"LLM endpoint answered HTTP {response.status_code}: {_error_message(response)}",
                status=response.status_code,
                body=response.text[:_EXCERPT],
                url=str(response.request.url),
                model=self.model,
            ) from exc
        try:
            data = response.json()
            message = data["choices"][0]["message"]
            text = _content_text(message.get("content"))
        except (ValueError, KeyError, IndexError, TypeError, AttributeError) as exc:
            raise LLMError(
                "LLM endpoint returned a response that is not a chat completion",
                status=response.status_code,
                body=response.text[:_EXCERPT],
                model=self.model,
            ) from exc
        if text is None:
            raise LLMError(
                "LLM returned no text content (refusal or tool call?)",
                status=response.status_code,
                body=response.text[:_EXCERPT],
                model=self.model,
            )
        usage = data.get("usage") if isinstance(data, dict) else None
        prompt_tokens = _int_field(usage, "prompt_tokens")
        completion_tokens = _int_field(usage, "completion_tokens")
        if prompt_tokens is None:
            prompt_tokens = sum(estimate_tokens(m["content"]) for m in messages)
        if completion_tokens is None:
            completion_tokens = estimate_tokens(text)
        model = data.get("model")
        return Completion(
            text=text,
            prompt_tokens=prompt_tokens,
            completion_tokens=completion_tokens,
            model=model if isinstance(model, str) and model else self.model,
        )


def _retryable(status: int) -> bool:
    return status in _RETRY_STATUSES or status >= 500


def _retry_after_seconds(value: str | None) -> float | None:
    """Seconds to wait from a ``Retry-After`` header (delta-seconds or HTTP date)."""
    if not value:
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - time.time())


def _content_text(content: Any) -> str | None:
    if content is None or isinstance(content, str):
        return content
    if isinstance(content, list):
        # Some servers return content parts instead of a string.
        return "".join(
            part.get("text", "")
            for part in content
            if isinstance(part, dict) and part.get("type", "text") == "text"
        )
    raise TypeError(f"unexpected content type {type(content).__name__}")


def _int_field(usage: Any, name: str) -> int | None:
    if not isinstance(usage, dict):
        return None
    value = usage.get(name)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _error_message(response: httpx.Response) -> str:
    """The server's own error message if it sent the OpenAI error shape, else a body excerpt."""
    try:
        data = response.json()
        message = data["error"]["message"] if isinstance(data["error"], dict) else data["error"]
        if isinstance(message, str) and message:
            return message[:_EXCERPT]
    except (ValueError, KeyError, TypeError):
        pass
    return response.text[:_EXCERPT].strip() or "(empty body)"
