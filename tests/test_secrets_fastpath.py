"""The secret scan's faster stand-ins give detect-secrets' own answers."""

from __future__ import annotations

import random

from detect_secrets.filters.heuristic import is_indirect_reference

from sleepstack.validate.detect_secrets_engine import (
    _detect_secrets_defaults,
    _fast_indirect_reference,
)


def _fast() -> object:
    _, filters = _detect_secrets_defaults()
    (f,) = [f for f in filters if getattr(f, "__name__", "") == "is_indirect_reference"]
    fast = _fast_indirect_reference(f)
    assert fast is not f and fast.injectable_variables == f.injectable_variables
    return fast


def test_indirect_reference_matches_detect_secrets_on_random_and_crafted_lines() -> None:
    fast = _fast()
    rng = random.Random(7)
    alphabet = "ab=:!([])\t .-_x\v'\"$"
    lines = ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 16)))
             for _ in range(50_000)]
    lines += ["secret = get_secret_key()", "key = request.headers['apikey']",
              "password := os.environ['PW']", "token == cfg.get(x)", "api_key = 'abc123'",
              "a" * 999 + "=b(c)", "a" * 1001 + "=b(c)", "x != y[0]", ": z(", "=(]"]
    for line in lines:
        assert fast(line) == is_indirect_reference(line), repr(line)  # type: ignore[operator]
