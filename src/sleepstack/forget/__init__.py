"""Erasure (``sleepstack forget``): remove a turn, session, fact, user or string everywhere.

See ADR 0004 for the protocol; :func:`forget` is the entry point, the store's
side of it is :mod:`sleepstack.store.erase`.
"""

from .engine import ForgetSummary, forget, new_forget_id
from .target import ForgetTarget

__all__ = ["ForgetSummary", "ForgetTarget", "forget", "new_forget_id"]
