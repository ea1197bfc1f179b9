"""Cold CLI: ``sleepstack recall`` end to end in a fresh process, against ``python -c pass``.

A shell pipeline that calls ``sleepstack recall`` on every turn pays the whole
start each time: the interpreter, the imports, the store, the index and the
embedder. This measures it on a LoCoMo-sized store (the LoCoMo conversations
imported and indexed by bench/locomo.py, cached in bench/out/locomo-home; a
synthetic store of the same size from bench/scale.py when the data is absent),
interleaving the runs of each command so machine noise hits them alike:

* ``python -c pass``: the interpreter alone (the floor);
* ``sleepstack --version``: the CLI's entry point;
* ``sleepstack recall "<question>" --user U --json``: a real question each time.

Usage: python bench/cold_cli.py [--runs 20] [--baseline-src OTHER/src]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

from _table import median, pct, table

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "bench" / "out"


def _store() -> tuple[Path, list[tuple[str, str]]]:
    """The store and (user, question) pairs to ask."""
    import locomo

    if (locomo.DATA / "locomo10.json").exists():
        convs, _ = locomo.load()
        locomo.build_store(convs, fresh=False)
        qs = [(c["sample_id"], qa["question"]) for c in convs for qa in c["qa"][:5]]
        return OUT / "locomo-home", qs
    from scale import QUESTIONS, generate
    from sleepstack.api import Memory
    from sleepstack.index.build import build_generation

    home = OUT / "cold-home-6000"
    if not (home / "index").exists():
        mem = Memory.init(home, actor="bench")
        for rows in generate(6000, 10):
            mem.import_turns(rows)
        build_generation(mem.store)
    return home, [(f"user{i % 10:03d}", QUESTIONS[i % len(QUESTIONS)].format(
        person="Ana", place="Lisbon", act="ran a 10k")) for i in range(50)]


#: CPU time (user + system) of each command's runs: on a shared machine the wall
#: clock also counts waiting for a core, which the command does not cost
CPU: dict[str, list[float]] = {}


def _cpu_ms() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (r.ru_utime + r.ru_stime) * 1000


def _run(name: str, cmd: list[str], env: dict[str, str]) -> tuple[float, str]:
    c, t = _cpu_ms(), time.perf_counter()
    r = subprocess.run(cmd, capture_output=True, text=True, env=env, check=False)
    ms = (time.perf_counter() - t) * 1000
    CPU.setdefault(name, []).append(_cpu_ms() - c)
    if r.returncode != 0:
        raise SystemExit(f"{cmd[:4]} failed: {r.stderr.strip()[-300:]}")
    return ms, r.stdout


def _time(cmd: list[str], env: dict[str, str], name: str = "") -> float:
    return _run(name or " ".join(cmd[:2]), cmd, env)[0]


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--runs", type=int, default=20)
    p.add_argument("--baseline-src", type=Path, default=None,
                   help="another checkout's src/ (e.g. `git archive REV src`), timed"
                        " interleaved as 'recall (baseline)'")
    args = p.parse_args()
    home, questions = _store()
    # Bytecode is cached as on an installed package (pip compiles it at install): a
    # PYTHONDONTWRITEBYTECODE in the caller's environment would recompile every
    # module of src/ on each call (~60 ms) and measure the checkout, not the CLI.
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("SLEEPSTACK_") and k != "PYTHONDONTWRITEBYTECODE"}
    base_env = None
    if args.baseline_src is not None:
        base_env = {**env, "PYTHONPATH": str(args.baseline_src.resolve())}
    for src in (ROOT / "src", args.baseline_src):
        if src is not None:
            subprocess.run([sys.executable, "-m", "compileall", "-q", str(src)],
                           capture_output=True, env=env, check=False)
    py = sys.executable
    sleepstack = [py, "-m", "sleepstack"]
    # One recall first: page cache warm, the weights' hash check stamped, as on any
    # machine after the first call (that first call is reported apart).
    user, q = questions[0]
    first = _time([*sleepstack, "--home", str(home), "recall", q, "--user", user, "--json"], env,
                  "first recall")
    times: dict[str, list[float]] = {"python -c pass": [], "sleepstack --version": [],
                                     "sleepstack recall": []}
    if base_env is not None:
        times["recall (baseline)"] = []
        _time([*sleepstack, "--home", str(home), "recall", q, "--user", user, "--json"],
              base_env, "first baseline")
    fallback = 0
    for i in range(args.runs):
        user, q = questions[(i + 1) % len(questions)]
        times["python -c pass"].append(_time([py, "-c", "pass"], env, "python -c pass"))
        times["sleepstack --version"].append(
            _time([*sleepstack, "--version"], env, "sleepstack --version"))
        cmd = [*sleepstack, "--home", str(home), "recall", q, "--user", user, "--json"]
        ms, out = _run("sleepstack recall", cmd, env)
        times["sleepstack recall"].append(ms)
        fallback += bool(json.loads(out).get("fallback"))
        if base_env is not None:
            times["recall (baseline)"].append(_time(cmd, base_env, "recall (baseline)"))
    base = median(times["python -c pass"])
    cpu_base = median(CPU["python -c pass"])
    rows = [[name, len(v), f"{median(v):.0f}", f"{pct(v, 95):.0f}", f"{median(v) - base:.0f}",
             f"{median(CPU[name]):.0f}", f"{median(CPU[name]) - cpu_base:.0f}"]
            for name, v in times.items()]
    print(f"\nCold CLI on {home.name} ({args.runs} interleaved runs each, ms; target: recall"
          f" p50 <= 300; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    print(table(["command", "runs", "p50", "p95", "p50 over python -c pass", "CPU p50",
                 "CPU over python -c pass"], rows))
    print(f"\nvery first recall (cold page cache / weights check): {first:.0f} ms;"
          f" recalls that fell back to lexical: {fallback}/{args.runs}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
