"""``Memory``: the Python facade over one store (INTERFACES.md, *Python*).

It wires the store, the configuration and the paths together in one place and
delegates every operation to the module that owns it.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from typing import Any

from .config import Config, resolve_home
from .layers.rawlog import Turn, check_turn_fields, new_turn_id, parse_at
from .store import Store, VerifyReport, Version
from .store.store import CONFIG_FILE
from .wake.log import append_turns, turn_from_dict
from .wake.propose import propose as _propose

__all__ = ["Memory"]


class Memory:
    """Long-term memory for agents, stored at *home* (a path or an fsspec URL)."""

    def __init__(self, home: str | os.PathLike[str] | None = None, *, actor: str = "api") -> None:
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
        return append_turns(self.store, [turn], actor=self.actor)[0]

    def import_turns(self, records: Iterable[Mapping[str, Any]]) -> int:
        """Append many turns (all or nothing); returns how many were written."""
        turns = [turn_from_dict(r, where=f"record {i}") for i, r in enumerate(records, start=1)]
        append_turns(self.store, turns, actor=self.actor, reason="import turns")
        return len(turns)

    def propose(
        self,
        text: str,
        user: str,
        session: str,
        path: str | None = None,
        source: str | None = None,
    ) -> str:
        """Quarantine a memory proposal for the next sleep cycle; returns its id."""
        return _propose(self.store, text, user=user, session=session, path=path, source=source,
                        actor=self.actor)

    # ------------------------------------------------------------ inspection
    def history(self, path: str) -> list[Version]:
        """Every version of a path."""
        return self.store.history(path)

    def rollback(self, path: str, version: int, *, reason: str = "rollback") -> dict[str, Any]:
        """Make an old version current again (a new audited write)."""
        return self.store.rollback(path, version, actor=self.actor, reason=reason)

    def audit_verify(self) -> VerifyReport:
        """Check the audit chain and the files against it."""
        return self.store.audit_verify()
