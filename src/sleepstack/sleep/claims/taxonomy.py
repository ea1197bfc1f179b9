"""The slot taxonomy of claims: :mod:`sleepstack.layers.slots`, where recall reads it too."""

from __future__ import annotations

from ...layers.slots import OTHER, SLOTS, Slot, nothing_sentence, slot_by_attribute, slot_by_name

__all__ = ["OTHER", "SLOTS", "Slot", "nothing_sentence", "slot_by_attribute", "slot_by_name"]
