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
them are the cycle's own (:mod:`sleepstack.sleep.cycle`). Each phase lives in
the module of its name (``phases/validate.py`` holds ``validate``, …);
``phases/consolidate.py`` holds ``cluster`` and ``consolidate``.
"""

from __future__ import annotations

from ...plan import Phase, Plan
from ..report import render_state_html
from . import consolidate, expire, extract, graph, resolve, summarise, validate

__all__ = ["PHASE_NAMES", "default_plan"]


def default_plan() -> Plan:
    """Validate → extract → resolve → cluster → consolidate → expire → summarise → graph."""
    return Plan((
        Phase("validate", validate.split, validate.work, validate.merge, cpu_heavy=True,
              security=True),
        Phase("extract", extract.extract_split, extract.extract_work, extract.extract_merge,
              cpu_heavy=True, uses_llm=True),
        Phase("resolve", resolve.resolve_split, resolve.resolve_work, resolve.resolve_merge),
        Phase("cluster", consolidate.cluster_split, consolidate.cluster_work,
              consolidate.cluster_merge, cpu_heavy=True),
        Phase("consolidate", consolidate.split, consolidate.work, consolidate.merge,
              cpu_heavy=True, uses_llm=True),
        Phase("expire", expire.expire_split, expire.expire_work, expire.expire_merge),
        Phase("summarise", summarise.summarise_split, summarise.summarise_work,
              summarise.summarise_merge),
        Phase("graph", graph.graph_split, graph.graph_work, graph.graph_merge, cpu_heavy=True,
              uses_llm=True),
    ), report=render_state_html)


#: every step a cycle reports a timing for, in order
PHASE_NAMES = ("snapshot", *default_plan().names, "report", "commit", "index")
