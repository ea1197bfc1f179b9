"""One BLAS thread for processes that embed one text at a time.

A per-turn CLI call embeds a single question; a server embeds one per request,
several requests at once. Their matrix products are tiny, yet OpenBLAS wakes a
thread per core for each: on a busy machine that turned a 45 ms embedding into
~0.9 s, and concurrent requests each fanning out over every core were measured
~20x slower than one thread each. The setting only takes effect before numpy is
first imported, so entry points call :func:`one_blas_thread` first thing.
"""

from __future__ import annotations

import os
import sys

#: the thread-count variables of the BLAS builds numpy may use
BLAS_VARS = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")


def one_blas_thread() -> bool:
    """Ask for one BLAS thread unless the caller chose a count; whether it can still apply.

    A value already in the environment is kept (the caller's choice wins); once
    numpy is imported nothing changes and ``False`` is returned.
    """
    if "numpy" in sys.modules:
        return False
    for var in BLAS_VARS:
        os.environ.setdefault(var, "1")
    return True
