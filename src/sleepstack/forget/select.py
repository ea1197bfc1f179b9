"""Resolve a forget target against the store: which turns, facts, files and strings go.

The result, a :class:`Selection`, is what every content rule in
:mod:`sleepstack.forget.transform` reads. It is computed once from the working
tree *and* from every stored version (a turn or fact that exists only in an old
version is still erased), so the same rules applied to any version agree.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field

from ..errors import NotFoundError
from ..layers.facts import Fact, load_facts
from ..layers.rawlog import is_erased, parse_file
from ..store import Store
from ..store.erase import REDACT_OP
from ..store.paths import user_of
from .target import ForgetTarget

__all__ = ["MIN_DERIVED", "Catalog", "Selection", "owner_of", "select"]

#: a turn's or fact's text is also erased as a literal where it was copied
#: (reports, archived proposals, summaries) when it is at least this long:
#: shorter texts ("yes", "ok") are everyday words, not something to trace
MIN_DERIVED = 12


@dataclass
class Selection:
    """What one erasure removes, whatever file or version it sits in."""

    #: strings redacted wherever they occur in scope (every encoding, see transform)
    literals: list[str] = field(default_factory=list)
    #: literal scope: None = the whole store; a user = that user's data, staging and reports
    scope_user: str | None = None
    #: where literals are redacted: None = everywhere in scope (``--text``); for texts
    #: *derived* from erased turns and facts only the copies (reports): the raw log and
    #: the other memories keep what other turns said
    literal_prefixes: tuple[str, ...] | None = None
    #: user -> turn ids whose raw-log lines become tombstones
    turns: dict[str, set[str]] = field(default_factory=dict)
    #: user -> fact ids removed from facts.jsonl (and lines citing them)
    facts: dict[str, set[str]] = field(default_factory=dict)
    #: whole-user erasure: every file of this user goes, shared files lose their rows
    drop_user: str | None = None
    #: (user, session) whose proposals and notes go
    drop_session: tuple[str, str] | None = None

    def erased_ids(self, user: str | None) -> set[str]:
        """Turn and fact ids of *user* whose citing lines are dropped."""
        if user is None:
            return set()
        return self.turns.get(user, set()) | self.facts.get(user, set())


class Catalog:
    """Every path of the store, now or in any audited version, with its stored versions."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.entries = store.audit_entries()
        self.versions: dict[str, list[str]] = {}
        for e in self.entries:
            if e.get("op") == REDACT_OP:
                # An earlier erasure's replacement contents are versions of their paths too.
                for path, (_old, new) in (e.get("files") or {}).items():
                    shas = self.versions.setdefault(str(path), [])
                    if new:
                        shas.append(str(new))
                continue
            sha = e.get("chunk_sha") if e.get("op") == "append" else e.get("new_sha")
            if e.get("path"):
                shas = self.versions.setdefault(str(e["path"]), [])
                if sha:
                    shas.append(str(sha))
        for path in store.list(""):
            self.versions.setdefault(path, [])

    def paths(self, prefix: str) -> list[str]:
        """Paths under *prefix* now or in any audited version."""
        return sorted(p for p in self.versions if p.startswith(prefix + "/"))

    def texts(self, paths: Iterable[str]) -> Iterable[tuple[str, str]]:
        """(path, text) of each working file and each stored version of it."""
        for path in paths:
            text: str | None
            try:
                text = self.store.read_text(path)
            except NotFoundError:
                text = None
            if text is not None:
                yield path, text
            for sha in self.versions.get(path, []):
                try:
                    yield path, self.store.blob_text(sha)
                except NotFoundError:
                    continue


def select(store: Store, target: ForgetTarget, cat: Catalog | None = None) -> Selection:
    """Resolve *target*; :class:`NotFoundError` for an id or user the store never had."""
    cat = cat or Catalog(store)
    sel = Selection(literal_prefixes=None if target.kind == "text" else ("reports/",))
    match target.kind:
        case "text":
            assert target.text is not None
            sel.literals = [target.text]
            sel.scope_user = target.user
        case "turn" | "session":
            _select_turns(cat, target, sel)
        case "fact":
            _select_facts(cat, target, sel)
        case "user":
            assert target.user is not None
            user = target.user
            log_paths = cat.paths(f"memory/log/{user}")
            user_paths = cat.paths(f"user/{user}")
            if not log_paths and not user_paths:
                raise NotFoundError(f"no data of user {user!r} in this store", user=user)
            sel.drop_user = user
            sel.scope_user = user
            _derived_literals(cat, user, log_paths, sel)
    return sel


def _select_turns(cat: Catalog, target: ForgetTarget, sel: Selection) -> None:
    users = [target.user] if target.user else sorted(
        {p.split("/")[2] for p in cat.paths("memory/log")})
    wanted = set(target.ids)
    found: dict[str, set[str]] = {}
    texts: list[str] = []
    for user in users:
        assert user is not None
        for _path, text in cat.texts(cat.paths(f"memory/log/{user}")):
            for turn in parse_file(text, user):
                hit = (turn.id in wanted if target.kind == "turn"
                       else turn.session == target.session)
                if hit and not is_erased(turn):
                    found.setdefault(user, set()).add(turn.id)
                    texts.append(turn.text)
    if target.kind == "turn":
        missing = wanted - set().union(*found.values()) if found else wanted
        if missing:
            raise NotFoundError(f"no turn with id {sorted(missing)[0]!r} in the raw log",
                                ids=sorted(missing))
    elif not found:
        raise NotFoundError(f"no turns of session {target.session!r} for user {target.user!r}",
                            session=target.session, user=target.user)
    else:
        assert target.user is not None and target.session is not None
        sel.drop_session = (target.user, target.session)
    sel.turns = found
    # Facts stated only in erased turns are erased with them (claims cite downward).
    for user, ids in found.items():
        for fact in _all_facts(cat, user):
            if fact.cites and set(fact.cites) <= ids:
                sel.facts.setdefault(user, set()).add(fact.id)
                texts.extend((fact.text, fact.value))
    sel.literals = sorted({t for t in texts if len(t.strip()) >= MIN_DERIVED})
    if len(found) == 1:
        sel.scope_user = next(iter(found))


def _select_facts(cat: Catalog, target: ForgetTarget, sel: Selection) -> None:
    users = [target.user] if target.user else sorted(
        {p.split("/")[1] for p in cat.paths("user")})
    wanted = set(target.ids)
    texts: list[str] = []
    for user in users:
        assert user is not None
        for fact in _all_facts(cat, user):
            if fact.id in wanted:
                sel.facts.setdefault(user, set()).add(fact.id)
                texts.extend((fact.text, fact.value))
    got = set().union(*sel.facts.values()) if sel.facts else set()
    if wanted - got:
        raise NotFoundError(f"no fact with id {sorted(wanted - got)[0]!r}",
                            ids=sorted(wanted - got))
    sel.literals = sorted({t for t in texts if len(t.strip()) >= MIN_DERIVED})
    if len(sel.facts) == 1:
        sel.scope_user = next(iter(sel.facts))


def _all_facts(cat: Catalog, user: str) -> list[Fact]:
    out: dict[str, Fact] = {}
    for _path, text in cat.texts([f"user/{user}/facts.jsonl"]):
        try:
            for fact in load_facts(text):
                out.setdefault(fact.id, fact)
        except (ValueError, TypeError):
            continue
    return list(out.values())


def _derived_literals(cat: Catalog, user: str, log_paths: list[str], sel: Selection) -> None:
    """A whole user's texts, to trace them into shared files (reports, other areas)."""
    texts: set[str] = set()
    for _path, text in cat.texts(log_paths):
        texts.update(t.text for t in parse_file(text, user))
    for fact in _all_facts(cat, user):
        texts.update((fact.text, fact.value))
    for path in cat.paths("staging"):
        for _p, text in cat.texts([path]):
            proposal = _proposal_of(text)
            if proposal is not None and proposal.get("user") == user:
                texts.add(str(proposal.get("text") or ""))
    sel.literals = sorted(t for t in texts if len(t.strip()) >= MIN_DERIVED)


def _proposal_of(text: str) -> dict[str, object] | None:
    """The proposal record in a staging file (inbox or archive), if it is one."""
    try:
        obj = json.loads(text)
    except ValueError:
        return None
    if not isinstance(obj, dict):
        return None
    inner = obj.get("proposal")
    if isinstance(inner, dict):
        return inner
    return obj if "user" in obj else None


def owner_of(path: str, text: str | None) -> str | None:
    """The user a file belongs to: by its path, or by the proposal it holds."""
    owner = user_of(path)
    if owner is None and path.startswith("staging/") and text is not None:
        proposal = _proposal_of(text)
        if proposal is not None and isinstance(proposal.get("user"), str):
            return str(proposal["user"])
    return owner
