"""Deprecated home of the plan, now :mod:`sleepstack.plan` (shared by engines, index, sleep).

A thin re-export, kept while other branches still import ``sleepstack.sleep.plan``.
"""

from ..plan import COUNT_KEYS, CycleState, Item, Phase, Plan, Result, item_hash

__all__ = ["COUNT_KEYS", "CycleState", "Item", "Phase", "Plan", "Result", "item_hash"]
