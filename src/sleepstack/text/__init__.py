"""Plain text helpers shared by every layer: words, stop words, negation, token counts, dates.

Nothing here knows about the store, the index or the cycle: these are the
analysers the index, the wake path's compression, the sleep cycle's claims and
consolidation, and the validator all read text with, kept in one place so that
a word list or a counting rule means the same thing everywhere.
"""
