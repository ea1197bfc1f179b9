"""The one redaction function: spans and literals become ``[REDACTED:kind]``."""

from __future__ import annotations

from sleepstack.validate.redact import redact_literals, redact_spans


def test_spans_replaced_in_order() -> None:
    text = "key AKIA123 and pin 4242"
    out = redact_spans(text, [(20, 24, "pin"), (4, 11, "aws")])
    assert out == "key [REDACTED:aws] and pin [REDACTED:pin]"


def test_overlapping_spans_leave_no_tail() -> None:
    # A second span that reaches past the first must not leave its tail in clear.
    out = redact_spans("abcdefghij", [(1, 4, "a"), (3, 8, "b")])
    assert out == "a[REDACTED:a]ij"


def test_literals_counted_and_case_sensitive() -> None:
    out, n = redact_literals("sk-XYZ then sk-XYZ, not SK-xyz", ["sk-XYZ", ""], "forgotten")
    assert n == 2
    assert out == "[REDACTED:forgotten] then [REDACTED:forgotten], not SK-xyz"
    assert redact_literals("nothing here", ["zzz"], "k") == ("nothing here", 0)
