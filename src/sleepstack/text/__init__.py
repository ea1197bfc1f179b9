"""Plain-text helpers shared by the sleep and wake paths (no I/O, no store access)."""
