"""The local engine: phases in order, each phase's items in parallel with asyncio.

Items run in a thread pool under a semaphore (bounded concurrency): most of a
cycle's work is I/O or LLM calls, where threads are enough. With processes
enabled (``[sleep] processes = N``), a phase marked ``cpu_heavy`` goes to a
process pool instead when its items carry enough text for the pool's start-up
cost (about a second) to pay off (``process_threshold`` bytes of JSON); LLM
phases never do, because the cycle's token budget lives in this process. The
pool is off by default: it re-imports the caller's ``__main__`` (a script
without an ``if __name__ == "__main__"`` guard would break it), and if it
breaks anyway the phase is simply rerun on threads.

Work cache. The results of a phase whose work is expensive (``uses_llm`` or
``cpu_heavy``) are kept on disk, keyed on content like the Flyte engine's
cache: the sha256 of the canonical JSON of the phase name, the item and the
settings that phase reads (:func:`~sleepstack.engines.base.cache_settings`,
which includes the code version). A retried or re-run cycle with the same
inputs is then served without repeating LLM calls, and a changed item or
setting misses. Such a phase's ``work`` is given only its keyed settings and
the run settings, as under Flyte, so it cannot depend on anything the key
leaves out. ``consolidate`` is not cached here: its result does not say when
a cluster's LLM call fell back to the deterministic merge (it has a
per-cluster cache of its own that skips those). Nor is a ``security`` phase
(``validate``): a verdict is cheap to recompute and must never be taken from
a file anyone who can write the home could have edited. Nor is any result that says
it degraded (a non-empty ``warnings`` list, ``degraded``), or any result
computed while a dependency was replaced by a stand-in.

The cache lives in ``settings["work_cache_dir"]`` (or the engine's
``work_cache_dir``), else next to the consolidation cache, else in
``<home>/cache/work`` for a local store; a store given by URL without either
gets none. A dry run writes to it too: like ``index/``, ``cache/`` is derived
data outside the audited tree, and an entry is content-keyed (a result is
the same whoever computes it), so a dry run changes no memory and the real
run that follows repeats no LLM work. A cache directory owned by another
user is not used. Entries
are one JSON file per key under a two-level fan-out (``ab/cd/<key>.json``),
written atomically (a temporary file, then ``os.replace``); an unreadable
entry is a miss. Delete the directory to start afresh.
"""

from __future__ import annotations

import asyncio
import concurrent.futures as cf
import concurrent.futures.process  # noqa: F401 - cf.process.BrokenProcessPool below
import contextlib
import hashlib
import json
import multiprocessing
import os
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from .. import environment
from ..plan import CycleState, Item, Phase, Plan, Result
from .base import cache_settings, kill_point, run_settings

__all__ = [
    "UNCACHED_PHASES",
    "LocalEngine",
    "WorkCache",
    "work_cache_dir",
    "work_key",
]

#: expensive phases whose results are never cached (see the module docstring)
UNCACHED_PHASES = frozenset({"consolidate"})

#: the version of the cache's key and entry format
_CACHE_FORMAT = 1


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      default=str)


def work_key(phase: str, item: Item, settings: dict[str, Any]) -> str:
    """The cache key of one work item: its phase, its content and the settings it reads."""
    payload = {"v": _CACHE_FORMAT, "phase": phase, "item": item,
               "settings": cache_settings(phase, settings)}
    return hashlib.sha256(_canonical(payload).encode()).hexdigest()


def work_cache_dir(settings: dict[str, Any], home: str | None = None) -> Path | None:
    """Where the work cache lives for these settings (None: no cache).

    ``work_cache_dir`` if set; else next to the consolidation cache; else
    ``<home>/cache/work`` for a local store (dry runs included).
    """
    explicit = settings.get("work_cache_dir")
    if explicit:
        return Path(str(explicit)).expanduser()
    consolidate = settings.get("cache_dir")
    if consolidate:
        return Path(str(consolidate)).parent / "work"
    if home and "://" not in home and os.path.isdir(home):
        return Path(home) / "cache" / "work"
    return None


def _owned(root: Path) -> bool:
    try:
        return root.is_dir() and (not hasattr(os, "getuid") or root.stat().st_uid == os.getuid())
    except OSError:
        return False


def _private(root: Path) -> bool:
    """Whether *root* is ours to trust: created 0700 here, or already owned by this user."""
    try:
        root.mkdir(parents=True, exist_ok=True, mode=0o700)
    except OSError:
        return False
    return _owned(root)


def _degraded(result: Result) -> bool:
    """A result that says it is not the full answer (an LLM fell back, say)."""
    return not isinstance(result, dict) or bool(result.get("warnings") or result.get("degraded"))


class WorkCache:
    """Work results on disk, one JSON file per content key."""

    def __init__(self, root: str | os.PathLike[str],
                 also: tuple[str | os.PathLike[str], ...] = ()) -> None:
        """*also*: further caches read (never written) after *root*."""
        self.root = Path(root)
        self.also = tuple(Path(a) for a in also)

    def path(self, key: str) -> Path:
        """The file of *key* (two-level fan-out)."""
        return self.root / key[:2] / key[2:4] / f"{key}.json"

    def get(self, key: str) -> Result | None:
        """The result stored under *key*, or None (absent or unreadable: a miss)."""
        for root in (self.root, *self.also):
            got = self._read(root / key[:2] / key[2:4] / f"{key}.json", key)
            if got is not None:
                return got
        return None

    @staticmethod
    def _read(path: Path, key: str) -> Result | None:
        try:
            entry = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        if not isinstance(entry, dict) or entry.get("key") != key \
                or not isinstance(entry.get("result"), dict):
            return None
        result: Result = entry["result"]
        return result

    def put(self, key: str, phase: str, result: Result) -> bool:
        """Store *result* atomically; False when the disk refuses (the cache is optional)."""
        target = self.path(key)
        text = json.dumps({"key": key, "phase": phase, "result": result},
                          separators=(",", ":"), ensure_ascii=False, default=str)
        tmp: str | None = None
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=".json", dir=target.parent)
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(text)
            os.replace(tmp, target)
            return True
        except OSError:
            if tmp is not None:
                with contextlib.suppress(OSError):
                    os.unlink(tmp)
            return False

#: bytes of item JSON from which a CPU-heavy phase goes to a process pool
DEFAULT_PROCESS_THRESHOLD = 8 << 20


class LocalEngine:
    """Runs a plan in this process (threads, and a process pool where it pays)."""

    name = "local"

    def __init__(
        self,
        *,
        concurrency: int = 4,
        processes: int | None = None,
        process_threshold: int = DEFAULT_PROCESS_THRESHOLD,
        work_cache: bool = True,
        work_cache_dir: str | os.PathLike[str] | None = None,
    ) -> None:
        """*work_cache* False turns the work cache off; *work_cache_dir* places it.

        Without *work_cache_dir* the cache goes where :func:`work_cache_dir`
        says for the cycle's settings.
        """
        self.concurrency = max(1, int(concurrency))
        self.processes = 0 if processes is None else max(0, int(processes))
        self.process_threshold = process_threshold
        #: how each phase ran: "threads" / "processes" / "inline"
        self.modes: dict[str, str] = {}
        self.work_cache = bool(work_cache)
        self.work_cache_root = Path(work_cache_dir) if work_cache_dir is not None else None
        #: the last run's work cache: hits, misses, stored results, results not stored
        self.cache_stats: dict[str, int] = dict.fromkeys(
            ("hits", "misses", "stored", "not_stored"), 0)
        #: where the last run's work cache was (None: no cache)
        self.cache_path: Path | None = None

    def run(self, plan: Plan, state: CycleState) -> CycleState:
        """Run every phase in order (safe to call from inside a running event loop)."""
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return asyncio.run(self.arun(plan, state))
        # Called from async code: run our own loop in a helper thread instead of nesting.
        box: dict[str, Any] = {}

        def target() -> None:
            try:
                box["state"] = asyncio.run(self.arun(plan, state))
            except BaseException as exc:  # re-raised in the caller's thread
                box["error"] = exc

        t = threading.Thread(target=target, name="sleepstack-cycle")
        t.start()
        t.join()
        if "error" in box:
            raise box["error"]
        result: CycleState = box["state"]
        return result

    async def arun(self, plan: Plan, state: CycleState) -> CycleState:
        """The asynchronous form of :meth:`run`."""
        settings = dict(state.settings)
        settings.setdefault("cycle_id", state.cycle_id)
        settings.setdefault("now", state.now)
        self.cache_stats = dict.fromkeys(self.cache_stats, 0)
        cache: WorkCache | None = None
        if self.work_cache:
            root = self.work_cache_root or work_cache_dir(settings, state.home)
            if root is not None and _private(root):
                cache = WorkCache(root)
        self.cache_path = cache.root if cache is not None else None
        for phase in plan.phases:
            t0 = time.perf_counter()
            items = phase.split(state)
            if self.cacheable(phase):
                results = await self._cached_map(phase, items, settings, cache)
            else:
                results = await self._map(phase, items, settings)
            kill_point(phase.name)  # after the work, before anything is folded in
            phase.merge(state, results)
            state.timings[phase.name] = round(time.perf_counter() - t0, 4)
        return state

    @staticmethod
    def cacheable(phase: Phase) -> bool:
        """Whether *phase*'s results go through the work cache."""
        return ((phase.uses_llm or phase.cpu_heavy) and not phase.security
                and phase.name not in UNCACHED_PHASES)

    async def _cached_map(self, phase: Phase, items: list[Item], settings: dict[str, Any],
                          cache: WorkCache | None) -> list[Result]:
        # The work sees what its key holds, and how to run: as a Flyte work item does.
        scoped = {**cache_settings(phase.name, settings), **run_settings(settings)}
        if cache is None:
            return await self._map(phase, items, scoped)
        keys = [work_key(phase.name, item, settings) for item in items]
        results: list[Result | None] = [cache.get(k) for k in keys]
        todo = [i for i, r in enumerate(results) if r is None]
        self.cache_stats["hits"] += len(items) - len(todo)
        self.cache_stats["misses"] += len(todo)
        if not todo:
            self.modes[phase.name] = "cached"
        fresh = await self._map(phase, [items[i] for i in todo], scoped) if todo else []
        for i, result in zip(todo, fresh, strict=True):
            results[i] = result
            stored = not _degraded(result) and cache.put(keys[i], phase.name, result)
            self.cache_stats["stored" if stored else "not_stored"] += 1
        return [r for r in results if r is not None]

    def _use_processes(self, phase: Phase, items: list[Item]) -> bool:
        if not phase.cpu_heavy or phase.uses_llm or self.processes < 2 or len(items) < 2:
            return False
        size = sum(len(json.dumps(i, default=str)) for i in items)
        return size >= self.process_threshold

    async def _map(self, phase: Phase, items: list[Item], settings: dict[str, Any]
                   ) -> list[Result]:
        if not items:
            self.modes[phase.name] = "inline"
            return []
        if len(items) == 1:
            # One item: a pool would only add overhead.
            self.modes[phase.name] = "inline"
            return [phase.work(items[0], settings)]
        loop = asyncio.get_running_loop()
        sem = asyncio.Semaphore(self.concurrency)
        pool: cf.Executor
        if self._use_processes(phase, items):
            self.modes[phase.name] = "processes"
            # forkserver: forking a process that runs threads can inherit held locks.
            ctx = multiprocessing.get_context("forkserver")
            # A fresh worker has no entry point: it gets the environment this one installed.
            pool = cf.ProcessPoolExecutor(min(self.processes, self.concurrency), mp_context=ctx,
                                          initializer=environment.install,
                                          initargs=(dict(environment.current()),))
        else:
            self.modes[phase.name] = "threads"
            pool = cf.ThreadPoolExecutor(self.concurrency, thread_name_prefix=f"sleep-{phase.name}")

        async def one(item: Item) -> Result:
            async with sem:
                return await loop.run_in_executor(pool, phase.work, item, settings)

        try:
            return list(await asyncio.gather(*(one(i) for i in items)))
        except cf.process.BrokenProcessPool:
            # Work items are pure, so running them again on threads is safe.
            self.modes[phase.name] = "threads (process pool failed)"
            with cf.ThreadPoolExecutor(self.concurrency) as threads:
                return list(threads.map(lambda i: phase.work(i, settings), items))
        finally:
            pool.shutdown(wait=True, cancel_futures=True)
