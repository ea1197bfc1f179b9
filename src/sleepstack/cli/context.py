"""Deprecated: the CLI's per-invocation state is :class:`sleepstack.cli.invocation.Invocation`.

``Context`` now means one thing, the wake path's cited answer
(:class:`sleepstack.wake.context.Context`); this alias stays while other
branches' command modules still import it.
"""

from .invocation import Invocation

Context = Invocation

__all__ = ["Context"]
