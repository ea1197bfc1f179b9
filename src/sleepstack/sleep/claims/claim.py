"""A claim: one self-disclosure read as (slot, value), before it becomes a fact."""

from __future__ import annotations

from dataclasses import dataclass

from ...layers.rawlog import Turn
from .taxonomy import Slot

__all__ = ["Claim"]


@dataclass(frozen=True)
class Claim:
    """One self-disclosure read as (slot, value), before it becomes a fact."""

    turn: Turn
    subject: str
    slot: Slot
    value: str
    removal: bool
    clause: str
    score: float
    #: an earlier statement about a single-valued slot whose value could not be
    #: read, kept as history once a later claim gives the slot a value
    mention: bool = False
