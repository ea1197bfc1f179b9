"""The no-LLM adapter: sleepstack's default, fully deterministic and offline.

Callers check ``is_none(llm)`` (or ``llm.spec == "none"``) and take their
deterministic code path instead of calling it; :meth:`NoLLM.complete` raises so
that a forgotten check fails loudly instead of silently producing nothing.
"""

from __future__ import annotations

from sleepstack.errors import LLMError

from .base import Completion

__all__ = ["NoLLM"]


class NoLLM:
    """Stands in for "no LLM configured"; every completion raises :class:`LLMError`."""

    @property
    def spec(self) -> str:
        """Always ``"none"``."""
        return "none"

    def complete(
        self,
        prompt: str,
        *,
        system: str | None = None,
        max_tokens: int = 512,
        json_mode: bool = False,
    ) -> Completion:
        """Raise :class:`LLMError`: there is no model to ask."""
        raise LLMError(
            "no LLM configured (spec 'none'); use the deterministic path or set an "
            "LLM spec such as 'openai:<model>' or 'cmd:<command>'",
            spec="none",
        )

    def __repr__(self) -> str:
        return "NoLLM()"
