"""The trust gate itself: fail closed when a text cannot be judged; reserved roles."""

from __future__ import annotations

import pytest

from sleepstack.layers import trust


@pytest.fixture(autouse=True)
def _fresh_gate() -> object:
    trust._validator.cache_clear()
    trust.clear_cache()
    yield None
    trust._validator.cache_clear()
    trust.clear_cache()


def test_a_text_too_large_to_judge_is_hidden_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(trust, "_MAX_BYTES", 64)
    trust._validator.cache_clear()
    got = trust.screen("my github token is ghp_Zx8Kq2Lm4Np6Rs8Tv0Wx2Yz4Ab6Cd8Ef0Gh2J " * 3)
    assert got.hidden and got.flags == ("size.bytes",) and "ghp_" not in got.text


def test_a_failing_validator_hides_the_text(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(trust, "_judge", lambda text: None)
    got = trust.screen("anything at all")
    assert got.hidden and got.flags == ("screen.failed",)
    assert trust.redact_secrets("anything at all") == "[REDACTED:screen.failed]"


def test_redact_secrets_keeps_everything_else_byte_for_byte() -> None:
    text = "pw:\u200b The wifi password is hunter2bananas \x01 | keep this"
    out = trust.redact_secrets(text)
    assert out == text.replace("hunter2bananas", "[REDACTED:secret.stated]")
    assert trust.redact_secrets("nothing secret here") == "nothing secret here"


@pytest.mark.parametrize("role", ["memory", "MEMORY", "  memory\t", "Memory"])
def test_reserved_roles(role: str) -> None:
    assert trust.is_reserved_role(role)


@pytest.mark.parametrize("role", ["user", "memories", "memory-bot", "Caroline"])
def test_other_roles_are_free(role: str) -> None:
    assert not trust.is_reserved_role(role)
