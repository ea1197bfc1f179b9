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
"""

from __future__ import annotations

import asyncio
import concurrent.futures as cf
import json
import multiprocessing
import threading
import time
from typing import Any

from ..sleep.plan import CycleState, Item, Phase, Plan, Result
from .base import kill_point

__all__ = ["LocalEngine"]

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
    ) -> None:
        self.concurrency = max(1, int(concurrency))
        self.processes = 0 if processes is None else max(0, int(processes))
        self.process_threshold = process_threshold
        #: how each phase ran: "threads" / "processes" / "inline"
        self.modes: dict[str, str] = {}

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
        for phase in plan.phases:
            t0 = time.perf_counter()
            items = phase.split(state)
            results = await self._map(phase, items, settings)
            kill_point(phase.name)  # after the work, before anything is folded in
            phase.merge(state, results)
            state.timings[phase.name] = round(time.perf_counter() - t0, 4)
        return state

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
            pool = cf.ProcessPoolExecutor(min(self.processes, self.concurrency), mp_context=ctx)
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
