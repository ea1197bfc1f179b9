"""Bearer tokens for the HTTP and MCP servers, stored hashed in ``config/tokens.json``.

A token is ``sst_<id>_<secret>``: the id names the record (so revocation and the
audit trail can refer to it without the secret), the secret is 256 bits from
:mod:`secrets`. Only the SHA-256 of the whole token is stored — a high-entropy
secret needs no slow password hash — and lookups compare hashes with
:func:`hmac.compare_digest`. The file lives in the audited ``config/`` area and
is written only through :meth:`Store.write_text` with an ``expected_sha``
precondition, so concurrent ``token create`` calls cannot lose each other's
records and every change is in the audit log. ``config/`` is never read by
recall, so no hash can end up in a prompt.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import secrets
import threading
from dataclasses import asdict, dataclass, replace
from datetime import UTC, datetime
from enum import IntEnum
from typing import Any

from ..errors import CorruptStoreError, NotFoundError, UsageError
from ..store import ABSENT, Store
from ..store.paths import check_user_id

__all__ = ["TOKENS_PATH", "Scope", "TokenRecord", "TokenStore", "hash_token"]

TOKENS_PATH = "config/tokens.json"
_TOKEN_RE = re.compile(r"^sst_([0-9a-f]{12})_([A-Za-z0-9_-]{43})$")
# Compared against when a presented id is unknown, so that a miss costs the
# same hash + compare as a hit (no timing signal for which ids exist).
_DUMMY_HASH = hashlib.sha256(b"sleepstack-no-such-token").hexdigest()


class Scope(IntEnum):
    """What a token may do.

    ``read`` < ``write`` < ``admin`` are bound to one user: each includes the
    ones below it, and none reaches another user's data. ``operator`` is not a
    higher rung but another kind: bound to no user, it may run the store-wide
    operations (sleep cycles, undo, audit verify, every report, the history of
    ``reports/``, ``staging/`` and ``config/``) and nothing that reads or
    writes a user's memory.
    """

    READ = 1  # recall, ask, facts, history, review
    WRITE = 2  # + log, import, propose
    ADMIN = 3  # + decide on the user's own held proposals
    OPERATOR = 4  # store-wide operations only; no user

    @classmethod
    def parse(cls, name: str) -> Scope:
        """``"read"`` → :attr:`READ`; a usage error for anything else."""
        try:
            return cls[name.upper()]
        except KeyError:
            raise UsageError(
                f"unknown scope {name!r}: use read, write, admin or operator", scope=name
            ) from None

    @property
    def label(self) -> str:
        """The lower-case name used on the command line and in JSON."""
        return self.name.lower()


@dataclass(frozen=True)
class TokenRecord:
    """One stored token: everything but the secret."""

    id: str
    name: str
    user: str
    scope: str
    hash: str
    created: str
    revoked: str | None = None

    @property
    def active(self) -> bool:
        """Not revoked."""
        return self.revoked is None

    @property
    def scope_level(self) -> Scope:
        """The scope as an ordered enum."""
        return Scope.parse(self.scope)

    @property
    def operator(self) -> bool:
        """An operator token: store-wide operations, bound to no user."""
        return self.scope == Scope.OPERATOR.label

    @property
    def actor(self) -> str:
        """The audit actor for writes made with this token."""
        return f"token:{self.id}"

    def public(self) -> dict[str, Any]:
        """The record without its hash (for ``token list``)."""
        d = asdict(self)
        del d["hash"]
        return d


def hash_token(token: str) -> str:
    """SHA-256 hex of a token (the only form ever stored)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


class TokenStore:
    """Create, list, revoke and verify tokens of one store."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._lock = threading.Lock()
        self._cached_raw: bytes | None = None
        self._cached: dict[str, TokenRecord] = {}

    # ------------------------------------------------------------------ reads
    def _load(self) -> tuple[dict[str, TokenRecord], str | None]:
        """Records by id and the file's SHA (None when there is no file yet).

        Re-reads the small file on every call — that is what makes a
        revocation take effect on the next request, even in other worker
        processes — but parses it again only when its bytes changed.
        """
        try:
            raw = self.store.read_bytes(TOKENS_PATH)
        except NotFoundError:
            return {}, None
        sha = hashlib.sha256(raw).hexdigest()
        with self._lock:
            if raw != self._cached_raw:
                self._cached = self._parse(raw)
                self._cached_raw = raw
            return self._cached, sha

    @staticmethod
    def _parse(raw: bytes) -> dict[str, TokenRecord]:
        try:
            data = json.loads(raw)
            return {r["id"]: TokenRecord(**r) for r in data["tokens"]}
        except (ValueError, KeyError, TypeError) as exc:
            raise CorruptStoreError(f"{TOKENS_PATH} is not a valid token file") from exc

    def records(self) -> list[TokenRecord]:
        """Every token record (revoked ones included), oldest first."""
        records, _ = self._load()
        return sorted(records.values(), key=lambda r: (r.created, r.id))

    def has_active(self) -> bool:
        """Whether at least one unrevoked token exists."""
        return any(r.active for r in self.records())

    def verify(self, token: str) -> TokenRecord | None:
        """The active record a presented token belongs to, or None."""
        records, _ = self._load()
        m = _TOKEN_RE.match(token)
        record = records.get(m.group(1)) if m else None
        want = record.hash if record is not None else _DUMMY_HASH
        ok = hmac.compare_digest(hash_token(token), want)
        if ok and record is not None and record.active:
            return record
        return None

    # ----------------------------------------------------------------- writes
    def _save(self, records: dict[str, TokenRecord], sha: str | None, *, actor: str,
              reason: str) -> None:
        body = {"tokens": [asdict(r) for r in sorted(records.values(), key=lambda r: r.id)]}
        self.store.write_text(
            TOKENS_PATH,
            json.dumps(body, indent=2, sort_keys=True) + "\n",
            expected_sha=sha or ABSENT,
            actor=actor,
            reason=reason,
        )

    def create(self, user: str | None, scope: str | Scope = Scope.READ, *,
               name: str | None = None, actor: str = "cli") -> tuple[TokenRecord, str]:
        """A new token for *user*; returns its record and the secret (shown once).

        An operator token (``scope="operator"``) takes no user (*user* None);
        every other scope needs one.
        """
        level = scope if isinstance(scope, Scope) else Scope.parse(scope)
        if level is Scope.OPERATOR:
            if user is not None:
                raise UsageError("an operator token is bound to no user; drop the user",
                                 user=user)
            user = ""
        elif user is None:
            raise UsageError(f"a {level.label} token needs a user", scope=level.label)
        else:
            check_user_id(user)
        records, sha = self._load()
        token_id = secrets.token_hex(6)
        token = f"sst_{token_id}_{secrets.token_urlsafe(32)}"
        record = TokenRecord(
            id=token_id,
            name=name or (f"{user}-{level.label}" if user else level.label),
            user=user,
            scope=level.label,
            hash=hash_token(token),
            created=_now(),
        )
        self._save({**records, token_id: record}, sha, actor=actor,
                   reason=f"create {level.label} token {token_id}"
                          + (f" for {user}" if user else ""))
        return record, token

    def revoke(self, token_id: str, *, actor: str = "cli") -> TokenRecord:
        """Revoke a token by id (idempotent); NotFoundError for an unknown id."""
        records, sha = self._load()
        record = records.get(token_id)
        if record is None:
            raise NotFoundError(f"no token with id {token_id!r}", id=token_id)
        if not record.active:
            return record
        revoked = replace(record, revoked=_now())
        self._save({**records, token_id: revoked}, sha, actor=actor,
                   reason=f"revoke token {token_id}")
        return revoked
