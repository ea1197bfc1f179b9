"""Cutting a generation into shards as engine work: one item per shard (issue #15).

A generation's shards are ``base`` (meta, topic routing, shared rows), one per
user and one per reference topic (:func:`user_name`, :func:`topic_name`).
:func:`plan_shards` lists them with a *fingerprint* each, a content key: the
SHA-256 of the shard's row identities (``id``, ``key``, ``tkey``, in id order),
its sources (path, SHA-256, indexed size), the generation's embedder, width and
schema, and :data:`SHARD_FORMAT`. A shard whose fingerprint the previous
manifest already names (and whose object is still in the store) is *reused*:
it is neither cut nor uploaded again, so a cycle where one user wrote costs
that user's shard and the base (whose meta names the generation), whatever the
number of users.

Every other shard is one work item of :func:`shard_plan`'s ``shard`` phase,
fanned out by the cycle's engine (the local engine's thread pool, Flyte tasks;
SQLite and SHA-256 release the GIL, so threads cut shards in parallel). An
item's ``work`` cuts its shard from the generation file into a private temp
file and uploads it to ``derived/index/shards/<name>-<sha16>.sqlite``
(immutable, content-addressed), and returns the manifest entry. The item
holds its fingerprint, so an engine's content cache (the local work cache,
Flyte's) can only ever serve the entry of the same content. Where the
engine runs items off the driver's machine (Flyte on a cluster), the driver
uploads the generation once and the items, batched about one per worker,
download it instead (:mod:`.shard_input`); the shards' bytes are the same.

Nothing here writes the manifest: :func:`~sleepstack.index.shards.publish_shards`
does, under the store lock and a live lease, once every shard is up.
"""

from __future__ import annotations

import copy
import hashlib
import sqlite3
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from ..faults import kill_point
from ..plan import CycleState, Item, Phase, Plan, Result
from ..store.audit import sha256_hex
from ..store.erase import PUBLISHED_INDEX
from ..store.fs import StoreFS, open_fs
from . import shard_input
from .schema import connect_rw

if TYPE_CHECKING:
    from ..engines.base import Engine

__all__ = [
    "SHARD_DIR",
    "SHARD_FORMAT",
    "SHARD_PLAN",
    "base_name",
    "build_entries",
    "cut_shard",
    "plan_shards",
    "run_inline",
    "shard_key",
    "shard_plan",
    "shard_work",
    "topic_name",
    "user_name",
]

SHARD_DIR: Final = PUBLISHED_INDEX

#: the plan by reference (engines that load plans by name, such as Flyte)
SHARD_PLAN: Final = "sleepstack.index.shard_tasks:shard_plan"

#: bumped when the way a shard is cut changes (old fingerprints then never match)
SHARD_FORMAT: Final = 1

Runner = Callable[[Plan, CycleState], CycleState]


def user_name(user: str) -> str:
    """The shard of one user's rows (hashed: ids may hold characters keys should not)."""
    return "u-" + sha256_hex(user.encode())[:20]


def topic_name(slug: str) -> str:
    """The shard of one reference topic's rows."""
    return "t-" + sha256_hex(slug.encode())[:20]


def base_name() -> str:
    """The shard every view starts from: meta, topic routing, shared rows."""
    return "base"


def shard_key(name: str, sha: str) -> str:
    """The store key of a shard's bytes (content-addressed, never overwritten)."""
    return f"{SHARD_DIR}/shards/{name}-{sha[:16]}.sqlite"


# ------------------------------------------------------------------ cutting
def _where(kind: str, of: str | None) -> tuple[str, str, tuple[Any, ...], tuple[Any, ...]]:
    """The items and sources filters of one kind of shard, and their parameters."""
    if kind == "base":
        return ("user IS NULL AND topic IS NULL",
                "user IS NULL AND path NOT LIKE 'memory/topics/%'", (), ())
    if kind == "user":
        # A user's sources are memory/log/<u>/... and user/<u>/... (store.paths.user_of):
        # path ranges let SQLite seek the sources' primary key instead of scanning them
        # all once per user (a million turns are ~250k day files).
        ranges = (f"memory/log/{of}/", f"memory/log/{of}0", f"user/{of}/", f"user/{of}0")
        return ("user = ?",
                "user = ? AND ((path >= ? AND path < ?) OR (path >= ? AND path < ?))",
                (of,), (of, *ranges))
    return ("user IS NULL AND topic = ?",
            "user IS NULL AND path LIKE 'memory/topics/' || ? || '/%'", (of,), (of,))


def cut_shard(gen_path: Path, dest: Path, kind: str, of: str | None) -> None:
    """Write the shard of *kind* (``base``, ``user``, ``topic``) for *of* to *dest*."""
    items_where, sources_where, args, source_args = _where(kind, of)
    conn = connect_rw(dest)
    try:
        conn.execute("ATTACH DATABASE ? AS src", (f"{gen_path.resolve().as_uri()}?mode=ro",))
        conn.execute("BEGIN")
        if kind == "base":  # a view's meta is the base's, so only it has one
            conn.execute("INSERT INTO meta SELECT * FROM src.meta")
        # The FTS rows come from the insert trigger, so a shard is a complete generation.
        conn.execute(f"INSERT INTO items SELECT * FROM src.items WHERE {items_where}"
                     " ORDER BY id", args)
        conn.execute(f"INSERT INTO sources SELECT * FROM src.sources WHERE {sources_where}"
                     " ORDER BY path", source_args)
        if kind == "base":
            conn.execute("INSERT INTO topics SELECT * FROM src.topics ORDER BY slug")
        conn.execute("COMMIT")
        conn.execute("DETACH DATABASE src")
        conn.execute("VACUUM")
    finally:
        conn.close()


# ----------------------------------------------------------------- planning
def _topic_of_source(path: str) -> str | None:
    parts = path.split("/")
    return parts[2] if len(parts) > 3 and parts[:2] == ["memory", "topics"] else None


def fingerprints(gen_path: Path) -> dict[str, tuple[str, str | None, str]]:
    """Every shard of the generation: ``{name: (kind, user or slug, fingerprint)}``.

    One pass over the rows' identities (no text, no vectors) and the sources;
    the base's fingerprint covers the whole meta (it names the generation), so
    the base is cut every time.
    """
    conn = sqlite3.connect(f"{gen_path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
        same = "\n".join([f"format={SHARD_FORMAT}", *(f"{k}={meta.get(k, '')}" for k in
                                                      ("schema", "embedder", "dim", "vectors"))])
        hashers: dict[str, Any] = {}
        kinds: dict[str, tuple[str, str | None]] = {}

        def hasher(kind: str, of: str | None) -> Any:
            name = base_name() if kind == "base" else \
                (user_name if kind == "user" else topic_name)(str(of))
            h = hashers.get(name)
            if h is None:
                h = hashers[name] = hashlib.sha256(f"{same}\n{kind}\n{of}\n".encode())
                kinds[name] = (kind, of)
            return h

        base = hasher("base", None)
        for key, value in sorted(meta.items()):
            base.update(f"m\t{key}\t{value}\n".encode())
        for row in conn.execute("SELECT slug, chunks, terms, hex(centroid) FROM topics"
                                " ORDER BY slug"):
            base.update(("t\t" + "\t".join(str(v) for v in row) + "\n").encode())
        for user, topic, rid, key, tkey in conn.execute(
                "SELECT user, topic, id, key, tkey FROM items ORDER BY id"):
            h = hasher("user", user) if user is not None else \
                hasher("topic", topic) if topic is not None else base
            h.update(f"i\t{rid}\t{key}\t{tkey}\n".encode())
        for path, kind, user, sha, size in conn.execute(
                "SELECT path, kind, user, sha, size FROM sources ORDER BY path"):
            slug = _topic_of_source(path)
            h = hasher("user", user) if user is not None else \
                hasher("topic", slug) if slug is not None else base
            h.update(f"s\t{path}\t{kind}\t{sha}\t{size}\n".encode())
    finally:
        conn.close()
    return {name: (*kinds[name], h.hexdigest()) for name, h in sorted(hashers.items())}


def plan_shards(fs: StoreFS, gen_path: Path, previous: dict[str, Any] | None
                ) -> tuple[dict[str, dict[str, Any]], list[Item]]:
    """The shards to reuse (manifest entries) and the work items for the rest.

    An entry of *previous* (the published manifest) is reused when its
    fingerprint is this shard's and its object is still in the store.
    """
    old = (previous or {}).get("shards") or {}
    present = set(fs.list(f"{SHARD_DIR}/shards")) if old else set()
    reused: dict[str, dict[str, Any]] = {}
    items: list[Item] = []
    for name, (kind, of, fp) in fingerprints(gen_path).items():
        entry = old.get(name)
        if isinstance(entry, dict) and entry.get("fp") == fp and entry.get("key") in present:
            reused[name] = dict(entry)
            continue
        items.append({"shard": name, "kind": kind, "of": of, "fp": fp,
                      "gen": str(gen_path), "store": fs.url})
    return reused, items


# --------------------------------------------------------------------- work
_open_lock = threading.Lock()
_open_fs: dict[str, StoreFS] = {}
#: stores a worker (another process, another machine) opened itself: once per process
_opened: dict[str, StoreFS] = {}


def _fs_for(url: str) -> StoreFS:
    """The store a work item uploads to: the driver's own handle when it runs here."""
    with _open_lock:
        fs = _open_fs.get(url) or _opened.get(url)
        if fs is None:
            fs = _opened[url] = open_fs(url, must_exist=True)
    return fs


def shard_work(item: Item, settings: dict[str, Any]) -> Result:
    """Cut one shard (or a batch: ``{"entries": [...]}``) and upload it; its manifest entry.

    The generation is the driver's file, or the store's shared copy where the
    driver's disk is not this one (:mod:`.shard_input`).
    """
    del settings  # the item (its fingerprint) decides the shard; nothing else does
    gen = shard_input.generation_for(item, _fs_for)
    if "batch" in item:  # one pod, one download, many shards
        return {"entries": [_cut_one(gen, {**item, **one}) for one in item["batch"]]}
    return _cut_one(gen, item)


def _cut_one(gen: Path, item: Item) -> Result:
    name = str(item["shard"])
    with tempfile.TemporaryDirectory(prefix="sleepstack-shard-") as tmp:
        dest = Path(tmp) / "shard.sqlite"
        cut_shard(gen, dest, str(item["kind"]), None if item["of"] is None else str(item["of"]))
        data = dest.read_bytes()
    sha = sha256_hex(data)
    key = shard_key(name, sha)
    fs = _fs_for(str(item["store"]))
    uploaded = 0
    if not fs.exists(key):
        fs.write_new(key, data)
        uploaded = len(data)
    return {"shard": name, "key": key, "sha": sha, "bytes": len(data), "fp": item["fp"],
            "uploaded": uploaded}


def shard_split(state: CycleState) -> list[Item]:
    """The shard items the state carries (from :func:`plan_shards`)."""
    return [dict(item) for item in state.inputs.get("shard_items", [])]


def shard_merge(state: CycleState, results: list[Result]) -> None:
    """Collect the shards' entries into ``state.inputs["shard_entries"]``."""
    entries: dict[str, Any] = dict(state.inputs.get("shard_entries", {}))
    for r in (e for res in results for e in res.get("entries", [res])):
        entries[str(r["shard"])] = {"key": r["key"], "sha": r["sha"], "bytes": r["bytes"],
                                    "fp": r["fp"], "uploaded": r.get("uploaded", 0)}
    state.inputs["shard_entries"] = entries


def shard_plan() -> Plan:
    """The shard build's plan: one ``shard`` phase (CPU-bound: fanned out and content-cached)."""
    return Plan((Phase("shard", shard_split, shard_work, shard_merge, cpu_heavy=True),))


def run_inline(plan: Plan, state: CycleState) -> CycleState:
    """Run *plan* here, item after item (no engine given: one worker)."""
    for phase in plan.phases:
        results = [phase.work(item, dict(state.settings)) for item in phase.split(state)]
        kill_point(phase.name)  # as an engine: after the work, before the merge
        phase.merge(state, results)
    return state


def _runner(engine: Engine | None) -> tuple[Runner, str]:
    if engine is None:
        return run_inline, "inline"
    # A copy, so the engine's own record (cache stats, last run) stays the caller's;
    # an engine that runs plans by reference (Flyte) is pointed at the shard plan.
    runner = copy.copy(engine)
    if isinstance(getattr(runner, "plan", None), str):
        runner.plan = SHARD_PLAN  # type: ignore[attr-defined]
    if int(getattr(runner, "processes", 0) or 0) >= 2 and hasattr(runner, "process_threshold"):
        # A local engine given processes ([sleep] processes) cuts on a process pool: a
        # shard item is a few bytes of JSON, but its work is seconds of Python around
        # SQLite, which threads only take turns at (the GIL). The engine's size threshold
        # measures payloads, not work, so it is waived for this plan.
        runner.process_threshold = 0
    return runner.run, str(getattr(runner, "name", "engine"))


def build_entries(fs: StoreFS, gen_path: Path, previous: dict[str, Any] | None, *,
                  engine: Engine | None = None, run_id: str = "shards",
                  shared: bool | None = None
                  ) -> tuple[dict[str, dict[str, Any]], dict[str, Any]]:
    """Every shard of *gen_path* in the store: its manifest entries, and what it took.

    Unchanged shards come from *previous*; the rest are cut and uploaded as
    work items on *engine* (None: here, one after the other). A result an
    engine served from its cache whose object has since been pruned is cut
    again here. *shared* (None: when the engine runs items off this machine,
    :func:`~.shard_input.shared_wanted`) hands the items the generation
    through the store, in batches of about one per worker.
    """
    t0 = time.perf_counter()
    reused, items = plan_shards(fs, gen_path, previous)
    t_plan = time.perf_counter() - t0
    mode: str | None = None
    share = bool(items) and (shard_input.shared_wanted(engine) if shared is None else shared)
    work: list[Item] = items
    given: dict[str, Any] = {}
    if share:
        given = shard_input.share(fs, gen_path)
        items = [{**i, **{k: v for k, v in given.items() if k != "gen_uploaded"}} for i in items]
        work = shard_input.batches(items, int(getattr(engine, "concurrency", 1) or 1))
    state = CycleState(home=fs.url, cycle_id=run_id, key=f"shards:{run_id}", now="",
                       dry_run=False, settings={}, inputs={"shard_items": work})
    run, how = _runner(engine)
    with _open_lock:
        _open_fs[fs.url] = fs
    try:
        if items:
            run(shard_plan(), state)
            owner = getattr(run, "__self__", None)  # the engine's copy: how the phase ran
            mode = getattr(owner, "modes", {}).get("shard") if owner is not None else None
        built: dict[str, dict[str, Any]] = dict(state.inputs.get("shard_entries", {}))
        missing = [i for i in items if i["shard"] not in built]
        if built:
            present = set(fs.list(f"{SHARD_DIR}/shards"))
            missing += [i for i in items if i["shard"] in built
                        and built[str(i["shard"])]["key"] not in present]
        for item in missing:  # a stale cached entry, or an engine that lost an item
            r = shard_work(item, {})
            built[str(r["shard"])] = {k: r[k] for k in ("key", "sha", "bytes", "fp", "uploaded")}
    finally:
        with _open_lock:
            if _open_fs.get(fs.url) is fs:
                del _open_fs[fs.url]
        if share:  # every item is done: nobody needs the shared generation any more
            shard_input.drop_shared(fs)
    uploaded = sum(int(e.pop("uploaded", 0)) for e in built.values())
    entries = {**reused, **built}
    stats = {"shards": len(entries), "built": len(items), "reused": len(reused),
             "recut": len(missing), "uploaded_bytes": uploaded, "engine": how if items else None,
             "shared_generation": int(given.get("gen_uploaded", 0)) if share else None,
             "work_items": len(work) if items else 0, "mode": mode,
             "plan_s": round(t_plan, 3), "cut_s": round(time.perf_counter() - t0 - t_plan, 3)}
    return dict(sorted(entries.items())), stats
