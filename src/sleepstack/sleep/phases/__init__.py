"""The phases of a sleep cycle and the default plan that orders them.

=============  ==========================================================
phase          does (one work item per …)
=============  ==========================================================
validate       judge each staged proposal; promote, archive or hold (proposal)
extract        facts from new raw-log turns and promoted notes (user)
resolve        supersede within slots, keep history (user)
cluster        embed a user's notes and cluster related ones (user)
consolidate    merge one cluster, cached on its content and grounded (cluster)
expire         close facts past their category's TTL (user)
summarise      ``facts.jsonl``, ``SHORT_TERM.md``, ``LONG_TERM.md`` (user)
graph          entities and relations (user with new turns; changed topic)
=============  ==========================================================

The snapshot before them and the state, report, commit and index steps after
them are the cycle's own (:mod:`sleepstack.sleep.cycle`).
"""

from __future__ import annotations

from ..plan import Phase, Plan
from . import consolidate, graph, memory, promote

__all__ = ["PHASE_NAMES", "default_plan"]


def default_plan() -> Plan:
    """Validate → extract → resolve → cluster → consolidate → expire → summarise → graph."""
    return Plan((
        Phase("validate", promote.split, promote.work, promote.merge, cpu_heavy=True,
              security=True),
        Phase("extract", memory.extract_split, memory.extract_work, memory.extract_merge,
              cpu_heavy=True, uses_llm=True),
        Phase("resolve", memory.resolve_split, memory.resolve_work, memory.resolve_merge),
        Phase("cluster", consolidate.cluster_split, consolidate.cluster_work,
              consolidate.cluster_merge, cpu_heavy=True),
        Phase("consolidate", consolidate.split, consolidate.work, consolidate.merge,
              cpu_heavy=True, uses_llm=True),
        Phase("expire", memory.expire_split, memory.expire_work, memory.expire_merge),
        Phase("summarise", memory.summarise_split, memory.summarise_work,
              memory.summarise_merge),
        Phase("graph", graph.graph_split, graph.graph_work, graph.graph_merge, cpu_heavy=True,
              uses_llm=True),
    ))


#: every step a cycle reports a timing for, in order
PHASE_NAMES = ("snapshot", *default_plan().names, "report", "commit", "index")
