"""The wake path: per-question, read-only recall, plus the two writes it may make.

It may append to the raw log (:mod:`.log`) and leave proposals in quarantine
(:mod:`.propose`); it must never import any other write API. A test reads this
package's imports with ``ast`` to keep it that way.
"""
