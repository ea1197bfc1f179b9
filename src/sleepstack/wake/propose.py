"""Proposals: the wake path's only way to suggest a memory, into quarantine.

A proposal is a JSON file under ``staging/sessions/<session>/inbox/<id>.json``.
Nothing in it is trusted: the next sleep cycle validates it and either
promotes it into ``user/<user>/`` or archives it with the reasons.
"""

from __future__ import annotations

import re
import secrets
import time
from typing import Any

from ..errors import PathRefused, UsageError
from ..layers.metadata import check_category, check_tags
from ..layers.rawlog import iso, parse_at
from ..store import ABSENT, Store
from ..store.audit import canonical
from ..store.paths import check_path, check_user_id

__all__ = ["check_proposal_target", "inbox_path", "preview", "propose"]

_SESSION_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._:@-]{0,127}$")


def _check_session(session: str) -> str:
    if not isinstance(session, str) or not _SESSION_RE.match(session):
        raise UsageError(
            "session ids used for proposals are 1-128 characters of letters, digits and ._:@-",
            session=repr(session),
        )
    return session


def inbox_path(session: str, proposal_id: str) -> str:
    """Where a proposal waits for the next sleep cycle."""
    return f"staging/sessions/{_check_session(session)}/inbox/{proposal_id}.json"


def preview(text: str, *, user: str, path: str | None = None,
            source: str | None = None) -> dict[str, Any]:
    """What the sleep cycle's validator will most likely say about this proposal.

    Advisory only: the proposal is quarantined either way and judged again at
    sleep time (rules may change, a person may review it). It lets an agent
    learn at once that a memory will be refused, and why.
    """
    from ..validate import Validator, ValidatorConfig

    verdict = Validator(ValidatorConfig()).validate(text, user=user, path=path, source=source)
    return {"decision": str(verdict.decision.value), "reasons": list(verdict.reasons)}


def check_proposal_target(path: str, user: str) -> str:
    """A proposal may ask for a path under its own ``user/<user>/`` only (PathRefused else).

    Refused at once, as the HTTP API refuses it, rather than quarantined and
    silently replaced by the default path at sleep time.
    """
    norm = check_path(path)
    if not norm.startswith(f"user/{user}/"):
        raise PathRefused(f"a proposal of {user} may target user/{user}/… only, not {norm}",
                          path=norm, rule="prefix")
    return norm


def propose(
    store: Store,
    text: str,
    *,
    user: str,
    session: str,
    path: str | None = None,
    source: str | None = None,
    actor: str | None = None,
    category: str | None = None,
    tags: list[str] | tuple[str, ...] | None = None,
) -> str:
    """Quarantine a memory proposal; returns its id. Validation happens at sleep time.

    *category* and *tags* (strict labels, :mod:`sleepstack.layers.metadata`)
    go into the note's header when it is promoted.
    """
    check_user_id(user)
    if not isinstance(text, str) or not text.strip():
        raise UsageError("a proposal needs non-empty text")
    if path is not None:
        path = check_proposal_target(path, user)
    proposal_id = f"p-{int(time.time() * 1000):x}{secrets.token_hex(4)}"
    record: dict[str, Any] = {
        "id": proposal_id,
        "user": user,
        "session": session,
        "text": text,
        "path": path,
        "source": source,
        "at": iso(parse_at(None)),
    }
    # Only when given, so proposals without metadata keep their exact bytes.
    if category is not None:
        record["category"] = check_category(category)
    if tags:
        record["tags"] = list(check_tags(tags))
    store.write_text(
        inbox_path(session, proposal_id),
        canonical(record).decode() + "\n",
        expected_sha=ABSENT,
        actor=actor or f"wake:{user}",
        reason="proposal (quarantined until the next sleep cycle)",
    )
    return proposal_id
