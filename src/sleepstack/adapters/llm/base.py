"""The narrow LLM interface every adapter implements, plus JSON and budget helpers.

Sleepstack asks an LLM for one thing: a completion of a single prompt. Keeping
the interface that small lets any backend (an OpenAI-compatible endpoint, a
local command, a test double) plug in. :func:`complete_json` layers
"ask for JSON, repair it, validate it, re-ask on failure" on top, and
:class:`Budget` caps the tokens one sleep cycle may spend.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar, runtime_checkable

from sleepstack.errors import LLMError

from .jsonrepair import repair_json

__all__ = [
    "LLM",
    "Budget",
    "BudgetedLLM",
    "Completion",
    "Usage",
    "complete_json",
    "estimate_tokens",
]

T = TypeVar("T")

#: how much of a rejected reply is quoted back to the model when re-asking
_REASK_EXCERPT = 2000
_JSON_INSTRUCTION = "Respond with a single JSON value only: no prose, no Markdown code fences."


@dataclass(frozen=True)
class Completion:
    """One answer from an LLM, with the tokens it cost."""

    text: str
    prompt_tokens: int
    completion_tokens: int
    model: str


@runtime_checkable
class LLM(Protocol):
    """Anything that can complete a prompt.

    ``spec`` is the ``kind:name`` string the adapter was built from (``"none"``
    for the no-LLM adapter), used in logs, reports and ``is_none`` checks.
    """

    @property
    def spec(self) -> str:
        """The ``kind:name`` string this adapter was configured with."""
        ...

    def complete(
        self,
        prompt: str,
        *,
        system: str | None = None,
        max_tokens: int = 512,
        json_mode: bool = False,
    ) -> Completion:
        """Complete *prompt*; raise :class:`~sleepstack.errors.LLMError` on failure."""
        ...


@dataclass
class Usage:
    """Tokens spent over one or more LLM calls (mutable accumulator)."""

    prompt_tokens: int = 0
    completion_tokens: int = 0
    calls: int = 0

    @property
    def total_tokens(self) -> int:
        """Prompt plus completion tokens."""
        return self.prompt_tokens + self.completion_tokens

    def add(self, other: Usage | Completion) -> Usage:
        """Add a completion (one call) or another usage to this one; return self."""
        self.prompt_tokens += other.prompt_tokens
        self.completion_tokens += other.completion_tokens
        self.calls += other.calls if isinstance(other, Usage) else 1
        return self

    def copy(self) -> Usage:
        """An independent snapshot of this usage."""
        return Usage(self.prompt_tokens, self.completion_tokens, self.calls)

    def to_dict(self) -> dict[str, int]:
        """JSON-ready form, for cycle reports."""
        return {
            "prompt_tokens": self.prompt_tokens,
            "completion_tokens": self.completion_tokens,
            "total_tokens": self.total_tokens,
            "calls": self.calls,
        }


def estimate_tokens(text: str) -> int:
    """Rough token count (four characters per token) for backends that report none."""
    return (len(text) + 3) // 4


class Budget:
    """A per-cycle token budget.

    :meth:`charge` records what each call spent and raises
    :class:`~sleepstack.errors.LLMError` with ``budget_exceeded=True`` once the
    total passes ``max_tokens`` (the spend is still recorded, so the cycle can
    report it). ``max_tokens=None`` only accounts. Thread-safe, because a cycle
    may run LLM calls concurrently.
    """

    def __init__(self, max_tokens: int | None) -> None:
        if max_tokens is not None and max_tokens < 0:
            raise ValueError("max_tokens must be >= 0 or None")
        self.max_tokens = max_tokens
        self._spent = Usage()
        self._lock = threading.Lock()

    @property
    def spent(self) -> Usage:
        """A snapshot of everything charged so far."""
        with self._lock:
            return self._spent.copy()

    @property
    def remaining(self) -> int | None:
        """Tokens left before the budget is exceeded (None when unlimited)."""
        if self.max_tokens is None:
            return None
        with self._lock:
            return max(0, self.max_tokens - self._spent.total_tokens)

    @property
    def exhausted(self) -> bool:
        """True when no tokens are left (a further call would exceed the budget)."""
        remaining = self.remaining
        return remaining is not None and remaining <= 0

    def charge(self, usage: Usage | Completion) -> None:
        """Record *usage*; raise ``LLMError(budget_exceeded=True)`` if over budget."""
        with self._lock:
            self._spent.add(usage)
            total = self._spent.total_tokens
        if self.max_tokens is not None and total > self.max_tokens:
            raise self._error(total)

    def check(self) -> None:
        """Raise ``LLMError(budget_exceeded=True)`` if the budget is already used up."""
        if self.exhausted:
            raise self._error(self.spent.total_tokens)

    def _error(self, total: int) -> LLMError:
        return LLMError(
            f"LLM token budget exceeded: spent {total} of {self.max_tokens} tokens",
            budget_exceeded=True,
            spent_tokens=total,
            max_tokens=self.max_tokens,
        )


class BudgetedLLM:
    """Wraps an LLM so that every call is checked against and charged to a :class:`Budget`."""

    def __init__(self, llm: LLM, budget: Budget) -> None:
        self.llm = llm
        self.budget = budget

    @property
    def spec(self) -> str:
        """The wrapped adapter's spec (so ``is_none`` still sees through the wrapper)."""
        return self.llm.spec

    def complete(
        self,
        prompt: str,
        *,
        system: str | None = None,
        max_tokens: int = 512,
        json_mode: bool = False,
    ) -> Completion:
        """Complete via the wrapped LLM, refusing to start once the budget is spent."""
        self.budget.check()
        completion = self.llm.complete(
            prompt, system=system, max_tokens=max_tokens, json_mode=json_mode
        )
        self.budget.charge(completion)
        return completion


def complete_json(
    llm: LLM,
    prompt: str,
    *,
    schema_check: Callable[[Any], T],
    retries: int = 2,
    system: str | None = None,
    max_tokens: int = 1024,
) -> tuple[T, Usage]:
    """Ask *llm* for JSON and return ``(schema_check(value), usage)``.

    The reply is repaired (code fences, prose, trailing commas, quotes,
    truncation) before parsing. ``schema_check`` validates the parsed value and
    returns the typed result, raising :class:`ValueError` on a bad shape (a
    ``TypeError``/``KeyError``/``IndexError`` from a naive check counts too).
    On a parse or validation failure the model is asked again with the error
    appended, up to *retries* more times; then :class:`LLMError` is raised with
    the spent usage in its fields. Transport errors from the adapter propagate
    at once: adapters already retry those.
    """
    if retries < 0:
        raise ValueError("retries must be >= 0")
    usage = Usage()
    base_prompt = f"{prompt.rstrip()}\n\n{_JSON_INSTRUCTION}"
    current = base_prompt
    last_error = ""
    last_text = ""
    attempts = retries + 1
    for _ in range(attempts):
        completion = llm.complete(current, system=system, max_tokens=max_tokens, json_mode=True)
        usage.add(completion)
        last_text = completion.text
        try:
            value = repair_json(completion.text)
        except ValueError as exc:
            last_error = str(exc)
        else:
            try:
                return schema_check(value), usage
            except (ValueError, TypeError, KeyError, IndexError) as exc:
                last_error = _describe(exc)
        current = _reask_prompt(base_prompt, last_text, last_error)
    raise LLMError(
        f"LLM gave no usable JSON after {attempts} attempt(s): {last_error}",
        attempts=attempts,
        last_error=last_error,
        last_reply=last_text[:500],
        spec=llm.spec,
        **usage.to_dict(),
    )


def _describe(exc: Exception) -> str:
    # A bare KeyError prints as "'name'"; the type makes it readable to the model.
    if isinstance(exc, ValueError) and str(exc):
        return str(exc)
    return f"{type(exc).__name__}: {exc}"


def _reask_prompt(base_prompt: str, reply: str, error: str) -> str:
    excerpt = reply if len(reply) <= _REASK_EXCERPT else reply[:_REASK_EXCERPT] + " …"
    return (
        f"{base_prompt}\n\n"
        f"Your previous reply could not be used.\n"
        f"Error: {error}\n"
        f"Previous reply:\n{excerpt}\n\n"
        f"Reply again with corrected JSON only."
    )
