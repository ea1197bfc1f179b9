"""The sleep path: scheduled, careful consolidation of memory (ARCHITECTURE.md §6)."""
