"""The validator initialises detect-secrets once, safely, when many threads validate first.

Concurrent first imports of detect-secrets used to fail with "partially initialized
module 'detect_secrets.core.plugins.util'" (issue #12 item 5). Each test runs in a
fresh interpreter, because only the very first use in a process exercises the race.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

_SCRIPT = textwrap.dedent('''
    import json, threading
    from sleepstack.validate import Validator, ValidatorConfig
    from sleepstack.validate.detect_secrets_engine import DetectSecretsEngine

    N = 12
    barrier = threading.Barrier(N)
    errors, results = [], []
    TEXT = 'db_password = "Qm9vdHN0cmFwOTk4ZmFrZQx7Zr"\\nnotes: call Bob at noon'

    def work(i):
        try:
            # Every thread its own engine: each one's first scan initialises
            # detect-secrets, all at once (the old code failed ~1 run in 8).
            if i % 3 == 0:
                engine = DetectSecretsEngine()
                barrier.wait()
                engine.scan(TEXT)
                v = shared
            else:
                v = Validator(ValidatorConfig(learned=False))
                barrier.wait()
            verdict = v.validate(TEXT, user="alice")
            results.append(sorted(verdict.rules()))
        except BaseException as exc:  # report every failure, not just the first
            errors.append(f"{type(exc).__name__}: {exc}")

    shared = Validator(ValidatorConfig(learned=False))
    threads = [threading.Thread(target=work, args=(i,)) for i in range(N)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    print(json.dumps({"errors": errors, "results": results}))
''')


@pytest.mark.parametrize("attempt", range(6))
def test_concurrent_first_validation_in_a_fresh_process(attempt: int) -> None:
    done = subprocess.run([sys.executable, "-c", _SCRIPT], capture_output=True, text=True,
                          timeout=240, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["errors"] == []
    assert len(out["results"]) == 12
    # Every thread got the same, complete answer: detect-secrets ran in all of them.
    assert all(r == out["results"][0] for r in out["results"])
    assert "secret.detect_secrets" in out["results"][0] or \
        any(r.startswith("secret.") for r in out["results"][0])


@pytest.mark.parametrize("module", [
    "sleepstack.validate", "sleepstack.sleep.extract", "sleepstack.sleep.claims",
    "sleepstack.sleep.resolve", "sleepstack.sleep.expire", "sleepstack.sleep.summarise",
    "sleepstack.sleep.consolidate",
])
def test_a_missing_module_is_an_import_error_not_a_stand_in(module: str) -> None:
    # The sleep cycle's seam used to fall back to stand-ins (one of them a second
    # validator that accepted everything but four regexes); now the phases import
    # what they use, so an unimportable module stops the cycle before it starts.
    script = textwrap.dedent(f'''
        import sys
        sys.modules[{module!r}] = None  # as if the module were missing
        try:
            from sleepstack.sleep.phases import default_plan
            default_plan()
        except ImportError:
            print("import-error")
        else:
            print("ran")
    ''')
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.stdout.strip().splitlines()[-1] == "import-error", done.stderr[-2000:]
