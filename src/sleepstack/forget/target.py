"""What a ``forget`` erases: the target kinds, their checks, and a description without secrets.

A target is one of: turns by id, one session of one user, facts by id, a whole
user, or a literal string (``text``; ``secret`` is the same string read from
stdin so that it never sits in a shell history or a process list). The
description recorded in the audit names ids but never the literal itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from ..errors import UsageError
from ..store.paths import check_user_id

__all__ = ["MIN_LITERAL", "ForgetTarget", "Kind"]

Kind = Literal["turn", "session", "fact", "user", "text"]
#: shorter literals would erase ordinary words everywhere
MIN_LITERAL = 4


@dataclass(frozen=True)
class ForgetTarget:
    """One erasure request."""

    kind: Kind
    ids: tuple[str, ...] = ()
    user: str | None = None
    session: str | None = None
    text: str | None = field(default=None, repr=False)  # never printed

    def __post_init__(self) -> None:
        if self.user is not None:
            check_user_id(self.user)
        match self.kind:
            case "turn" | "fact":
                if not self.ids or any(not isinstance(i, str) or not i.strip()
                                       for i in self.ids):
                    raise UsageError(f"forget --{self.kind} needs at least one id")
            case "session":
                if not self.session or not self.user:
                    raise UsageError("forget --session needs --user as well")
            case "user":
                if not self.user:
                    raise UsageError("forget --user needs a user id")
            case "text":
                if not isinstance(self.text, str) or len(self.text.strip()) < MIN_LITERAL:
                    raise UsageError(f"forget --text needs a string of at least {MIN_LITERAL}"
                                     " characters (shorter ones would erase ordinary words)")
            case _:
                raise UsageError(f"unknown forget target {self.kind!r}")

    @classmethod
    def from_args(cls, *, turns: list[str] | tuple[str, ...] | None = None,
                  session: str | None = None, user: str | None = None,
                  facts: list[str] | tuple[str, ...] | None = None,
                  text: str | None = None) -> ForgetTarget:
        """The one target the arguments name (exactly one kind), or :class:`UsageError`."""
        kinds = [k for k, on in (("turn", bool(turns)), ("session", session is not None),
                                 ("fact", bool(facts)), ("text", text is not None)) if on]
        if not kinds and user is not None:
            kinds = ["user"]
        if len(kinds) != 1:
            raise UsageError("name exactly one target: --turn ID…, --session S --user U,"
                             " --fact ID…, --user U, --text STR or --secret")
        kind: Kind = kinds[0]  # type: ignore[assignment]
        ids = tuple(turns or facts or ())
        return cls(kind=kind, ids=ids, user=user, session=session, text=text)

    def describe(self) -> dict[str, Any]:
        """What the redaction record says was asked for: ids, never the literal."""
        out: dict[str, Any] = {"kind": self.kind}
        if self.ids:
            out["ids"] = list(self.ids)
        if self.user:
            out["user"] = self.user
        if self.session:
            out["session"] = self.session
        if self.text is not None:
            # Length only: even a hash would let anyone confirm a guessed secret.
            out["literal"] = f"{len(self.text)} characters"
        return out
