"""Memory layers: raw log, short-term summary, long-term facts, reference topics."""
