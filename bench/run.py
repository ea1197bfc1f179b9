"""Run every benchmark in bench/ one after another (``make bench``).

Each benchmark prints its own table against a baseline measured in the same
run. Pass names to run a subset: ``python bench/run.py store security``.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).parent
ORDER = ["store", "security", "subjects", "embed", "locomo", "graph_extract", "trust", "scale",
         "sleep", "knowledge", "engines", "serve", "memories"]


def main() -> int:
    wanted = sys.argv[1:] or ORDER
    failed = []
    for name in wanted:
        script = HERE / f"{name}.py"
        if not script.exists():
            print(f"(skipping {name}: bench/{name}.py not present)")
            continue
        print(f"\n=== bench/{name}.py", flush=True)
        t = time.perf_counter()
        code = subprocess.call([sys.executable, str(script)])
        print(f"(bench/{name}.py took {time.perf_counter() - t:.1f} s, exit {code})", flush=True)
        if code != 0:
            failed.append(name)
    if failed:
        print(f"failed: {', '.join(failed)}")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
