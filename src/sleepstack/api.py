"""``Memory``: the Python facade over one store (INTERFACES.md, *Python*).

It wires the store, the configuration and the paths together in one place and
delegates every operation to the module that owns it.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from .config import Config, adopt_environment, resolve_home
from .layers.rawlog import Turn, check_turn_fields, new_turn_id, parse_at
from .store import Store, VerifyReport, Version
from .store.store import CONFIG_FILE
from .wake.log import append_turns, turn_from_dict
from .wake.propose import propose as _propose

if TYPE_CHECKING:  # types of the lazily loaded wake and sleep modules
    from .forget import ForgetSummary
    from .index.build import GenerationInfo
    from .layers.compression import SessionContext
    from .layers.facts import Fact
    from .memories import MemoryEvent, MemoryFilter, MemoryItem
    from .sleep.cycle import CycleSummary
    from .wake.ask import Answer
    from .wake.context import Context

__all__ = ["Memory"]


class Memory:
    """Long-term memory for agents, stored at *home* (a path or an fsspec URL)."""

    def __init__(self, home: str | os.PathLike[str] | None = None, *, actor: str = "api") -> None:
        adopt_environment()  # the Python API's entry point: API keys, cache root, S3 lease
        self.home = resolve_home(home)
        self.store = Store.open(self.home)
        self.config = Config.parse(self.store.fs.read_bytes(CONFIG_FILE).decode("utf-8"))
        self.store.max_bytes = self.config.max_bytes
        self.actor = actor

    @classmethod
    def init(cls, home: str | os.PathLike[str] | None = None, *, actor: str = "api") -> Memory:
        """Create the store (idempotent) and open it."""
        Store.init(resolve_home(home))
        return cls(home, actor=actor)

    # ------------------------------------------------------------ ingestion
    def log(
        self,
        user: str,
        session: str,
        role: str,
        text: str,
        at: str | None = None,
        id: str | None = None,
    ) -> str:
        """Append one turn to the raw log; returns its id."""
        turn_id = id if id is not None else new_turn_id()
        check_turn_fields(user, session, role, text, turn_id)
        turn = Turn(turn_id, user, session, role, text, parse_at(at))
        return append_turns(self.store, [turn], actor=self.actor,
                            time_range=self.config.time_range,
                            secrets=self.config.ingest_secrets)[0]

    def import_turns(self, records: Iterable[Mapping[str, Any]]) -> int:
        """Append many turns (all or nothing); returns how many were written."""
        turns = [turn_from_dict(r, where=f"record {i}") for i, r in enumerate(records, start=1)]
        append_turns(self.store, turns, actor=self.actor, reason="import turns",
                     time_range=self.config.time_range,
                     secrets=self.config.ingest_secrets)
        return len(turns)

    def propose(
        self,
        text: str,
        user: str,
        session: str,
        path: str | None = None,
        source: str | None = None,
        *,
        category: str | None = None,
        tags: list[str] | tuple[str, ...] | None = None,
    ) -> str:
        """Quarantine a memory proposal for the next sleep cycle; returns its id."""
        return _propose(self.store, text, user=user, session=session, path=path, source=source,
                        actor=self.actor, category=category, tags=tags)

    # ------------------------------------------------------------ inspection
    def history(self, path: str) -> list[Version] | list[MemoryEvent]:
        """Every version of a path, or, given a memory id (no ``/``), what happened to it."""
        if "/" not in path:
            from .memories import history

            return history(self.store, path)
        return self.store.history(path)

    # ------------------------------------------------- memory verbs by id
    # Thin delegation to sleepstack.memories (docs/interfaces.md, "Memory verbs by id").
    def get(self, memory_id: str, *, user: str | None = None) -> MemoryItem:
        """One fact or note by id (with *user*: only that user's)."""
        from .memories import get

        return get(self.store, memory_id, user=user)

    def get_all(self, user: str, filters: MemoryFilter | Mapping[str, Any] | None = None
                ) -> list[MemoryItem]:
        """A user's facts and notes that pass *filters* (current ones by default)."""
        from .memories import MemoryFilter, get_all

        return get_all(self.store, user, MemoryFilter.parse(filters))

    def update(self, memory_id: str, text: str | None = None, *, user: str | None = None,
               category: str | None = None, source: str | None = None,
               tags: list[str] | tuple[str, ...] | None = None,
               expected_sha: str | None = None, reason: str | None = None) -> MemoryItem:
        """Change a memory's text (through the validator) or metadata; audited.

        Returns the memory as it is now (a fact whose text changed: its successor).
        """
        from .memories import DEFAULT_REASON, get, update

        owner = user if user is not None else get(self.store, memory_id).user
        return update(self.store, memory_id, user=owner, actor=self.actor, text=text,
                      category=category, source=source, tags=tags,
                      expected_sha=expected_sha, reason=reason or DEFAULT_REASON)

    def delete(self, memory_id: str, *, user: str | None = None,
               expected_sha: str | None = None, reason: str | None = None) -> dict[str, Any]:
        """Delete a memory: a fact is erased everywhere (``forget``), a note deleted."""
        from .memories import DEFAULT_REASON, delete, get

        owner = user if user is not None else get(self.store, memory_id).user
        return delete(self.store, memory_id, user=owner, actor=self.actor,
                      expected_sha=expected_sha, reason=reason or DEFAULT_REASON,
                      embedder=self.config.embedder)

    def add(self, text: str, user: str, session: str = "default", *,
            source: str | None = None, category: str | None = None,
            tags: list[str] | tuple[str, ...] | None = None) -> str:
        """mem0's ``add``: :meth:`propose` (quarantined; memory after the next sleep cycle)."""
        return self.propose(text, user, session, source=source, category=category, tags=tags)

    def search(self, query: str, user: str, session: str | None = None,
               budget_tokens: int | None = None) -> Context:
        """mem0's ``search``: :meth:`recall`."""
        return self.recall(query, user, session, budget_tokens)

    def rollback(self, path: str, version: int, *, reason: str = "rollback") -> dict[str, Any]:
        """Make an old version current again (a new audited write)."""
        return self.store.rollback(path, version, actor=self.actor, reason=reason)

    def audit_verify(self) -> VerifyReport:
        """Check the audit chain and the files against it."""
        return self.store.audit_verify()

    # ---------------------------------------------------------------- sleep
    def sleep(self, engine: str = "local", dry_run: bool = False) -> CycleSummary:
        """Run one sleep cycle (a no-op when nothing arrived since the last one)."""
        from .forget.retention import apply_retention
        from .sleep.cycle import run_cycle

        return run_cycle(self.store, self.config, engine=engine, dry_run=dry_run,
                         after_commit=apply_retention)

    def undo(self, cycle_id: str, *, force: bool = False) -> CycleSummary:
        """Revert every write of one sleep cycle, as one audited batch."""
        from .sleep.undo import undo_cycle

        return undo_cycle(self.store, cycle_id, actor=f"{self.actor}:undo", force=force)

    def facts(self, user: str, include_history: bool = False) -> list[Fact]:
        """A user's current facts (with superseded and expired ones when *include_history*)."""
        from .errors import NotFoundError
        from .layers.facts import facts_path, load_facts
        from .store.paths import check_user_id

        try:
            facts = load_facts(self.store.read_text(facts_path(check_user_id(user))))
        except NotFoundError:
            return []
        return facts if include_history else [f for f in facts if f.current]

    # --------------------------------------------------------------- erasure
    def forget(self, *, turns: Iterable[str] | None = None, session: str | None = None,
               user: str | None = None, facts: Iterable[str] | None = None,
               text: str | None = None, reason: str, dry_run: bool = False) -> ForgetSummary:
        """Erase turns, a session (with *user*), facts, a whole *user* or a literal *text*.

        Everywhere it went: working files, stored versions, the raw log (as
        tombstone lines), derived memory, archives, reports, the index and the
        caches; recorded in the audit as a redaction record (ADR 0004). With
        *text*, *user* limits the erasure to that user's own data.
        """
        from .forget import ForgetTarget
        from .forget import forget as _forget

        target = ForgetTarget.from_args(turns=list(turns or ()), session=session, user=user,
                                        facts=list(facts or ()), text=text)
        return _forget(self.store, target, reason=reason, actor=self.actor, dry_run=dry_run,
                       embedder=self.config.embedder)

    # ----------------------------------------------------------------- wake
    def ingest(self, paths: str | os.PathLike[str] | Iterable[str | os.PathLike[str]],
               topic: str) -> list[str]:
        """Add reference documents (files or folders) to ``memory/topics/<topic>/``."""
        from .layers.topics import ingest

        items = [paths] if isinstance(paths, str | os.PathLike) else list(paths)
        return ingest(self.store, items, topic, actor=self.actor,
                      secrets=self.config.ingest_secrets)

    def index(self, full: bool = False) -> GenerationInfo:
        """Build or refresh the derived index (incremental unless *full*)."""
        from .index.build import build_generation

        return build_generation(self.store, embedder=self.config.embedder, full=full)

    def recall(self, query: str, user: str, session: str | None = None,
               budget_tokens: int | None = None, *, include_flagged: bool = False,
               deep: bool = False) -> Context:
        """The wake path: cited memories for *query*, within the token budget.

        Items the validator flagged are left out unless *include_flagged*.
        *deep* also follows the graph tier (issue 14; refused on a facts-only store).
        """
        from .wake.recall import recall
        from .wake.settings import recall_config

        budget = self.config.budget_tokens if budget_tokens is None else budget_tokens
        return recall(self.store, query, user, session, budget, include_flagged=include_flagged,
                      config=recall_config(self.config.retrieval), deep=deep)

    def ask(self, question: str, user: str, llm: str | None = None, *,
            session: str | None = None, budget_tokens: int | None = None) -> Answer:
        """Recall, then answer (extractively without an LLM)."""
        from .wake.ask import ask
        from .wake.settings import recall_config

        budget = self.config.budget_tokens if budget_tokens is None else budget_tokens
        return ask(self.store, question, user, llm=llm, session=session, budget_tokens=budget,
                   config=recall_config(self.config.retrieval))

    def session_context(self, user: str, session: str,
                        budget_tokens: int | None = None) -> SessionContext:
        """A session's turns within a budget: recent ones verbatim, older ones summarised."""
        from .layers.compression import session_context

        budget = self.config.budget_tokens if budget_tokens is None else budget_tokens
        return session_context(self.store, user, session, budget)
