"""Phase 1, snapshot and key: what a cycle reads, and whether there is anything to do.

:func:`take_snapshot` is cheap (file lists, sizes, the shas of trusted memory
and of staged proposals) and computes the idempotency key; only when the key
differs from the last cycle's resting key does :func:`load_inputs` read the
new raw-log bytes, proposals, notes and facts into a :class:`CycleState`.
Turns enter the cycle here and only here, through the trust gate
(:func:`~sleepstack.layers.trust.screen`): every phase after this one sees
turns with their secrets redacted, and never a turn the validator flagged or
one logged under a reserved role (the raw log keeps them; recall shows them
only as flagged, quoted data).
Every path read is recorded with its sha in ``state.base``: the commit writes
with those shas as preconditions, so a concurrent edit aborts the cycle
instead of being overwritten.
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from ...errors import NotFoundError, PathRefused
from ...layers.claims_map import claims_path
from ...layers.facts import facts_path, load_facts
from ...layers.rawlog import is_erased, parse_file, parse_line
from ...layers.trust import is_reserved_role, screen
from ...plan import CycleState
from ...store import Store
from ...store.audit import sha256_hex
from ...store.paths import check_user_id
from ...store.store import CONFIG_FILE
from ..state import (
    CycleInputs,
    compute_key,
    cycle_id_for,
    load_state,
    user_digest,
)
from .carried import carried_of

__all__ = ["NOTES_DIR", "Snapshot", "load_inputs", "per_user_digests", "screen_turns",
           "take_snapshot"]

#: where promoted and curated notes live inside ``user/<u>/``
NOTES_DIR = "notes"
_INBOX_MARK = "/inbox/"


@dataclass
class Snapshot:
    """The cheap view of the store a key is computed from."""

    state: dict[str, Any]
    state_sha: str | None
    inputs: CycleInputs
    key: str
    cycle_id: str
    #: raw-log path -> size in bytes
    raw_sizes: dict[str, int] = field(default_factory=dict)
    #: user/** path -> sha
    user_files: dict[str, str | None] = field(default_factory=dict)
    #: proposal path -> sha
    inbox: dict[str, str] = field(default_factory=dict)
    #: reports/index.html sha at snapshot (None: absent)
    index_sha: str | None = None

    @property
    def noop(self) -> bool:
        """True when nothing arrived since the last completed cycle."""
        return bool(self.state) and self.state.get("resting_key") == self.key


def per_user_digests(files: dict[str, str | None]) -> dict[str, str]:
    """The digest of each user's trusted files."""
    by_user: dict[str, dict[str, str | None]] = defaultdict(dict)
    for path, sha in files.items():
        by_user[path.split("/")[1]][path] = sha
    return {u: user_digest(f) for u, f in sorted(by_user.items())}


def _user_of_raw(path: str) -> str:
    return path.split("/")[2]


def take_snapshot(store: Store, *, day: str, code: str) -> Snapshot:
    """Gather sizes and shas, compute the key."""
    state, state_sha = load_state(store)
    config_sha = sha256_hex(store.fs.read_bytes(CONFIG_FILE))
    marks: dict[str, int] = {str(k): int(v) for k, v in state.get("watermarks", {}).items()}
    raw_sizes: dict[str, int] = {}
    pending_raw: list[tuple[str, int, int]] = []
    for path in store.list("memory/log"):
        size = store.fs.size(path)
        raw_sizes[path] = size
        consumed = marks.get(path, 0)
        if consumed > size:  # the file shrank: only possible by hand; read it again
            consumed = 0
        if size > consumed:
            pending_raw.append((path, consumed, size))
    user_files = {p: store.sha(p) for p in store.list("user")}
    inbox = {
        p: store.sha(p) or ""
        for p in store.list("staging/sessions")
        if _INBOX_MARK in p and p.endswith(".json")
    }
    inputs = CycleInputs(
        config_sha=config_sha,
        code=code,
        day=day,
        raw=pending_raw,
        proposals=sorted(inbox.items()),
        memory=user_digest(user_files),
    )
    key = compute_key(inputs)
    return Snapshot(
        state=state,
        state_sha=state_sha,
        inputs=inputs,
        key=key,
        cycle_id=cycle_id_for(key, day),
        raw_sizes=raw_sizes,
        user_files=user_files,
        inbox=inbox,
        index_sha=store.sha("reports/index.html"),
    )


def _new_turns(store: Store, snap: Snapshot) -> tuple[dict[str, list[dict[str, Any]]],
                                                         dict[str, int]]:
    """Turns past each watermark, per user, and the watermarks after reading them."""
    turns: dict[str, list[dict[str, Any]]] = defaultdict(list)
    marks: dict[str, int] = {}
    for path, consumed, size in snap.inputs.raw:
        data = store.fs.read_bytes(path)[:size]
        chunk = data[consumed:]
        # Only whole lines are consumed; a line still being written waits for the next cycle.
        end = chunk.rfind(b"\n") + 1
        user = _user_of_raw(path)
        for line in chunk[:end].decode("utf-8", errors="replace").splitlines():
            turn = parse_line(line, user)
            if turn is not None and not is_erased(turn):  # forget tombstones say nothing
                turns[user].append(turn.to_dict())
        marks[path] = consumed + end
    return dict(turns), marks


def screen_turns(turns: list[dict[str, Any]],
                 withheld: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """The turns the cycle may build trusted memory from: redacted, flagged ones left out.

    A left-out turn is recorded in *withheld* (its id, user and the rules that
    flagged it; never its text, which may hold the very secret or payload).
    """
    out: list[dict[str, Any]] = []
    for t in turns:
        if is_reserved_role(str(t["role"])):
            flags: tuple[str, ...] = ("role.reserved",)
        else:
            got = screen(str(t["text"]))
            flags = got.flags
            if not flags:
                out.append(t if got.text == t["text"] else {**t, "text": got.text})
                continue
        if withheld is not None:
            withheld.append({"user": t["user"], "turn": t["id"], "flags": list(flags)})
    return out


def _recent_turns(
    store: Store, user: str, raw_sizes: dict[str, int], now: datetime, days: int
) -> list[dict[str, Any]]:
    """Every turn of the last *days* days (plus one for time zones), for SHORT_TERM.md."""
    first = (now - timedelta(days=days + 1)).strftime("%Y-%m-%d")
    out: list[dict[str, Any]] = []
    prefix = f"memory/log/{user}/"
    for path, size in sorted(raw_sizes.items()):
        if not path.startswith(prefix):
            continue
        day = path[len(prefix):].removesuffix(".md")
        if day < first:
            continue
        text = store.fs.read_bytes(path)[:size].decode("utf-8", errors="replace")
        out.extend(t.to_dict() for t in parse_file(text, user) if not is_erased(t))
    return screen_turns(out)


def load_inputs(store: Store, snap: Snapshot, settings: dict[str, Any], *, now: str,
                dry_run: bool) -> CycleState:
    """Read what the cycle needs into a fresh :class:`CycleState`."""
    # The store's content limit: what the cycle writes (its reports above all) must fit.
    settings.setdefault("max_bytes", int(store.max_bytes))
    state = CycleState(
        home=store.url,
        cycle_id=snap.cycle_id,
        key=snap.key,
        now=now,
        dry_run=dry_run,
        settings=settings,
        prev=snap.state,
    )
    state.base["reports/state.json"] = snap.state_sha
    state.base["reports/index.html"] = snap.index_sha
    state.base.update(snap.user_files)

    new_turns, marks = _new_turns(store, snap)
    turns_read = sum(len(v) for v in new_turns.values())
    withheld: list[dict[str, Any]] = []
    new_turns = {u: kept for u, ts in new_turns.items() if (kept := screen_turns(ts, withheld))}
    for entry in withheld:
        state.detail("withheld", entry)
    proposals: list[dict[str, Any]] = []
    for path, sha in sorted(snap.inbox.items()):
        state.base[path] = sha
        raw = store.fs.read_bytes(path)
        record: Any
        try:
            record = json.loads(raw)
        except ValueError:
            record = None
        proposals.append({"path": path, "sha": sha, "record": record,
                          "raw": raw.decode("utf-8", errors="replace")})

    seen_notes: dict[str, str] = dict(snap.state.get("notes", {}))
    new_notes: dict[str, list[dict[str, Any]]] = defaultdict(list)
    prev_digests: dict[str, str] = dict(snap.state.get("user_digests", {}))
    digests = per_user_digests(snap.user_files)
    # A user whose trusted files differ from what the last cycle left was edited by hand.
    changed_users = {u for u in digests.keys() | prev_digests.keys()
                     if digests.get(u) != prev_digests.get(u)}
    for path, fsha in snap.user_files.items():
        user = path.split("/")[1]
        if f"/{NOTES_DIR}/" in path and path.endswith(".md") and seen_notes.get(path) != fsha:
            new_notes[user].append({"path": path,
                                    "text": store.read_text(path),
                                    "sha": fsha})

    users_known = {p.split("/")[1] for p in snap.user_files} | {
        _user_of_raw(p) for p in snap.raw_sizes
    }
    dirty = set(new_turns) | set(new_notes) | changed_users
    for p in proposals:
        rec = p["record"]
        if isinstance(rec, dict) and isinstance(rec.get("user"), str):
            dirty.add(rec["user"])
    if snap.state.get("day") != snap.inputs.day:
        # A new day: short-term summaries roll and facts may expire, for everyone.
        dirty |= users_known
    users: list[str] = []
    for u in sorted(dirty):
        try:
            check_user_id(u)
        except PathRefused:
            continue  # a proposal naming an impossible user is rejected by the validator
        users.append(u)

    now_dt = datetime.fromisoformat(now.replace("Z", "+00:00"))
    days = int(settings.get("summary_days", 3))
    recent: dict[str, list[dict[str, Any]]] = {}
    unread: dict[str, dict[str, Any]] = {}
    for u in users:
        fpath = facts_path(u)
        try:
            text = store.read_text(fpath)
        except NotFoundError:
            text = ""
        state.base.setdefault(fpath, store.sha(fpath))
        state.facts[u] = [f.to_dict() for f in load_facts(text)]
        recent[u] = _recent_turns(store, u, snap.raw_sizes, now_dt, days)
        if snap.user_files.get(claims_path(u)) is not None:
            # The remarks earlier cycles could not read yet (sleep/claims/carry.py).
            got = carried_of(store, u, snap.raw_sizes, screen_turns)
            if got is not None:
                unread[u] = got
        for name in ("SHORT_TERM.md", "LONG_TERM.md"):
            state.base.setdefault(f"user/{u}/{name}", snap.user_files.get(f"user/{u}/{name}"))
    state.users = users
    all_notes: dict[str, list[dict[str, Any]]] = defaultdict(list)
    wanted = set(users)
    for path in sorted(snap.user_files):
        user = path.split("/")[1]
        if user in wanted and f"/{NOTES_DIR}/" in path and path.endswith(".md"):
            all_notes[user].append({"path": path, "text": store.read_text(path)})
    state.inputs = {
        "new_turns": new_turns,
        "watermarks": marks,
        "proposals": proposals,
        "new_notes": dict(new_notes),
        "all_notes": dict(all_notes),
        "recent_turns": recent,
        "unread": unread,
        "raw_sizes": snap.raw_sizes,
        "user_files": snap.user_files,
        "config_sha": snap.inputs.config_sha,
        "code": snap.inputs.code,
        "day": snap.inputs.day,
    }
    state.counts["turns_read"] = turns_read
    state.counts["proposals"] = len(proposals)
    return state
