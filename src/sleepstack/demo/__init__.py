"""The bundled demo (``sleepstack demo``): wake → sleep → wake on a multi-day scenario."""

from __future__ import annotations

from .run import run_demo

__all__ = ["run_demo"]
