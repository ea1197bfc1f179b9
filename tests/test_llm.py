"""Tests for the LLM adapters: openai (against a real local HTTP server), cmd, none,
complete_json, jsonrepair and Budget."""

from __future__ import annotations

import pickle
import shlex
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from fake_openai_server import FakeOpenAI, RecordedRequest, Reply, chat, error, serve
from sleepstack.adapters.llm import (
    LLM,
    Budget,
    BudgetedLLM,
    Completion,
    NoLLM,
    Usage,
    complete_json,
    is_none,
    load_llm,
    repair_json,
)
from sleepstack.adapters.llm.cmd import CmdLLM
from sleepstack.adapters.llm.openai import DEFAULT_BASE_URL, OpenAILLM
from sleepstack.errors import BackendError, LLMError, UsageError

KEY = "sk-test-123"
PY = shlex.quote(sys.executable)


# -- fixtures -----------------------------------------------------------------


@pytest.fixture
def fake() -> Iterator[FakeOpenAI]:
    with FakeOpenAI(api_key=KEY) as server:
        yield server


@pytest.fixture
def sleeps() -> list[float]:
    return []


@pytest.fixture
def llm(fake: FakeOpenAI, sleeps: list[float]) -> Iterator[OpenAILLM]:
    with make_llm(fake, sleep=sleeps.append) as adapter:
        yield adapter


def make_llm(fake: FakeOpenAI, **overrides: Any) -> OpenAILLM:
    options: dict[str, Any] = {
        "base_url": fake.base_url,
        "api_key": KEY,
        "env": {},
        "timeout": 5.0,
        "max_retries": 3,
        "backoff_base": 0.001,
        "backoff_max": 0.005,
    }
    options.update(overrides)
    return OpenAILLM("test-model", **options)


def facts_check(value: Any) -> list[str]:
    if not isinstance(value, dict) or not isinstance(value.get("facts"), list):
        raise ValueError("expected an object with a 'facts' list")
    if not all(isinstance(f, str) for f in value["facts"]):
        raise ValueError("every fact must be a string")
    return list(value["facts"])


class ScriptedLLM:
    """An in-process LLM double returning canned texts."""

    def __init__(self, *texts: str, tokens: int = 10) -> None:
        self.texts = list(texts)
        self.tokens = tokens
        self.prompts: list[str] = []

    @property
    def spec(self) -> str:
        return "test:scripted"

    def complete(
        self,
        prompt: str,
        *,
        system: str | None = None,
        max_tokens: int = 512,
        json_mode: bool = False,
    ) -> Completion:
        self.prompts.append(prompt)
        return Completion(self.texts.pop(0), self.tokens, self.tokens, "scripted")


# -- openai adapter -----------------------------------------------------------


def test_openai_happy_path_sends_wire_format(fake: FakeOpenAI, llm: OpenAILLM) -> None:
    fake.script(chat("hello there", model="served-model", prompt_tokens=17, completion_tokens=3))
    out = llm.complete("Say hi", system="You are terse.", max_tokens=64)
    assert out == Completion("hello there", 17, 3, "served-model")
    assert isinstance(llm, LLM)
    assert llm.spec == "openai:test-model"

    (req,) = fake.requests
    assert req.method == "POST"
    assert req.path == "/v1/chat/completions"
    assert req.authorization == f"Bearer {KEY}"
    assert req.body["model"] == "test-model"
    assert req.body["max_tokens"] == 64
    assert req.body["temperature"] == 0
    assert req.messages == [
        {"role": "system", "content": "You are terse."},
        {"role": "user", "content": "Say hi"},
    ]
    assert "response_format" not in req.body


def test_openai_json_mode_sets_response_format(fake: FakeOpenAI, llm: OpenAILLM) -> None:
    fake.script('{"a": 1}')
    assert llm.complete("give JSON", json_mode=True).text == '{"a": 1}'
    assert fake.requests[0].json_mode
    assert fake.requests[0].system is None


def test_openai_usage_estimated_when_missing(fake: FakeOpenAI, llm: OpenAILLM) -> None:
    fake.script(chat("x" * 40, prompt_tokens=None))
    out = llm.complete("p" * 80)
    assert out.prompt_tokens == 20
    assert out.completion_tokens == 10


def test_openai_wrong_key_is_401_without_retry(fake: FakeOpenAI, sleeps: list[float]) -> None:
    fake.script("never sent")
    with (
        make_llm(fake, api_key="sk-wrong", sleep=sleeps.append) as bad,
        pytest.raises(LLMError) as info,
    ):
        bad.complete("hi")
    assert info.value.fields["status"] == 401
    assert "Incorrect API key" in info.value.message
    assert "sk-wrong" not in info.value.message
    assert isinstance(info.value.__cause__, httpx.HTTPStatusError)
    assert len(fake.requests) == 1 and sleeps == []
    assert fake.pending == 1


def test_openai_retries_500_then_succeeds(
    fake: FakeOpenAI, llm: OpenAILLM, sleeps: list[float]
) -> None:
    fake.script(error(500, "upstream hiccup"), "recovered")
    assert llm.complete("hi").text == "recovered"
    assert len(fake.requests) == 2
    assert len(sleeps) == 1 and 0 < sleeps[0] <= 0.005


def test_openai_real_backoff_sleep(fake: FakeOpenAI) -> None:
    fake.script(error(502), error(503), "ok")
    with make_llm(fake) as adapter:
        assert adapter.complete("hi").text == "ok"
    assert len(fake.requests) == 3


def test_openai_429_honours_retry_after(
    fake: FakeOpenAI, llm: OpenAILLM, sleeps: list[float]
) -> None:
    fake.script(error(429, "slow down", headers={"Retry-After": "2"}), "done")
    assert llm.complete("hi").text == "done"
    assert sleeps == [2.0]


def test_openai_retry_after_beyond_limit_fails_fast(fake: FakeOpenAI, sleeps: list[float]) -> None:
    fake.script(error(429, "quota", headers={"Retry-After": "3600"}), "never")
    with (
        make_llm(fake, sleep=sleeps.append, max_retry_after=10) as adapter,
        pytest.raises(LLMError) as info,
    ):
        adapter.complete("hi")
    assert info.value.fields["status"] == 429
    assert sleeps == []


def test_openai_persistent_failure_raises(
    fake: FakeOpenAI, llm: OpenAILLM, sleeps: list[float]
) -> None:
    fake.default = error(503, "overloaded, try later")
    with pytest.raises(LLMError) as info:
        llm.complete("hi")
    err = info.value
    assert isinstance(err, BackendError)
    assert err.fields["status"] == 503
    assert "overloaded" in err.fields["body"]
    assert "overloaded" in err.message
    assert len(fake.requests) == 4  # 1 + max_retries
    assert len(sleeps) == 3
    # Backoff grows (equal jitter keeps each delay within [cap/2, cap]).
    assert sleeps[0] <= 0.001 and sleeps[1] >= 0.001
    # Errors cross process boundaries with their fields.
    clone = pickle.loads(pickle.dumps(err))
    assert type(clone) is LLMError and clone.fields == err.fields


def test_openai_dropped_connection_is_retried(fake: FakeOpenAI, llm: OpenAILLM) -> None:
    fake.script(Reply(drop=True), "after drop")
    assert llm.complete("hi").text == "after drop"
    assert len(fake.requests) == 2


def test_openai_unreachable_endpoint(sleeps: list[float]) -> None:
    with FakeOpenAI() as server:
        url = server.base_url  # a port that is free again once the server stops
    adapter = OpenAILLM(
        "m", base_url=url, env={}, max_retries=2, backoff_base=0.001, sleep=sleeps.append
    )
    with adapter, pytest.raises(LLMError) as info:
        adapter.complete("hi")
    assert isinstance(info.value.__cause__, httpx.TransportError)
    assert info.value.fields["attempts"] == 3
    assert len(sleeps) == 2


def test_openai_timeout(fake: FakeOpenAI) -> None:
    fake.script(chat("too late", delay=1.0))
    with make_llm(fake, timeout=0.2, max_retries=0) as adapter:
        started = time.monotonic()
        with pytest.raises(LLMError) as info:
            adapter.complete("hi")
    assert time.monotonic() - started < 1.0
    assert isinstance(info.value.__cause__, httpx.TimeoutException)


def test_openai_400_on_response_format_retries_without(fake: FakeOpenAI, llm: OpenAILLM) -> None:
    def strict_server(req: RecordedRequest) -> Reply:
        if req.json_mode:
            return error(400, "Unrecognized request argument: response_format", param="x")
        return chat('{"ok": true}')

    fake.default = strict_server
    assert llm.complete("json please", json_mode=True).text == '{"ok": true}'
    assert [r.json_mode for r in fake.requests] == [True, False]
    # Learned: the next JSON call does not pay for the rejected round trip again.
    llm.complete("again", json_mode=True)
    assert [r.json_mode for r in fake.requests] == [True, False, False]


def test_openai_400_on_max_tokens_switches_parameter(fake: FakeOpenAI, llm: OpenAILLM) -> None:
    fake.script(
        error(400, "Unsupported parameter: 'max_tokens'. Use 'max_completion_tokens' instead."),
        "fine",
    )
    assert llm.complete("hi", max_tokens=33).text == "fine"
    assert "max_tokens" in fake.requests[0].body
    assert fake.requests[1].body["max_completion_tokens"] == 33
    assert "max_tokens" not in fake.requests[1].body


def test_openai_other_400_fails_without_retry(fake: FakeOpenAI, llm: OpenAILLM) -> None:
    fake.script(error(400, "context length exceeded", type="invalid_request_error"))
    with pytest.raises(LLMError, match="context length exceeded") as info:
        llm.complete("hi", json_mode=True)
    assert info.value.fields["status"] == 400
    assert len(fake.requests) == 1


@pytest.mark.parametrize(
    "step",
    [
        Reply(200, "<html>not json</html>"),
        Reply(200, {"object": "chat.completion", "choices": []}),
        chat(None),
    ],
    ids=["html", "no-choices", "null-content"],
)
def test_openai_unusable_200(fake: FakeOpenAI, llm: OpenAILLM, step: Reply) -> None:
    fake.script(step)
    with pytest.raises(LLMError) as info:
        llm.complete("hi")
    assert info.value.fields["status"] == 200


def test_openai_content_parts_are_joined(fake: FakeOpenAI, llm: OpenAILLM) -> None:
    body = chat("unused").body
    body["choices"][0]["message"]["content"] = [
        {"type": "text", "text": "a"},
        {"type": "text", "text": "b"},
    ]
    fake.script(Reply(200, body))
    assert llm.complete("hi").text == "ab"


def test_openai_configuration() -> None:
    with pytest.raises(UsageError, match="SLEEPSTACK_LLM_BASE_URL"):
        OpenAILLM("m", env={})
    key_only = OpenAILLM("m", env={"OPENAI_API_KEY": "sk-x"})
    assert key_only.base_url == DEFAULT_BASE_URL
    env = {
        "SLEEPSTACK_LLM_BASE_URL": "http://localhost:8000/v1/",
        "OPENAI_BASE_URL": "http://ignored",
        "SLEEPSTACK_LLM_API_KEY": "sk-secret",
    }
    local = OpenAILLM("m", env=env)
    assert local.base_url == "http://localhost:8000/v1"
    assert "sk-secret" not in repr(local)
    # A local server needs no key at all.
    assert OpenAILLM("m", env={"OPENAI_BASE_URL": "http://127.0.0.1:1/v1"})._api_key is None
    with pytest.raises(UsageError):
        OpenAILLM("m", base_url="localhost:8000", env={})


def test_openai_env_from_process(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SLEEPSTACK_LLM_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    monkeypatch.setenv("SLEEPSTACK_LLM_BASE_URL", "http://127.0.0.1:9/v1")
    adapter = load_llm("openai:llama3")
    assert isinstance(adapter, OpenAILLM)
    assert adapter.base_url == "http://127.0.0.1:9/v1"
    assert adapter.spec == "openai:llama3"


def test_serve_helper_without_key() -> None:
    with serve("plain") as url, OpenAILLM("m", base_url=url, env={}) as adapter:
        assert adapter.complete("hi").text == "plain"


# -- complete_json ------------------------------------------------------------


def test_complete_json_repairs_malformed_output(fake: FakeOpenAI, llm: OpenAILLM) -> None:
    fake.script(
        chat(
            "Sure! Here is the JSON:\n```json\n{'facts': ['likes tea', 'lives in Oslo',],}\n```",
            prompt_tokens=30,
            completion_tokens=12,
        )
    )
    facts, usage = complete_json(llm, "Extract facts.", schema_check=facts_check)
    assert facts == ["likes tea", "lives in Oslo"]
    assert usage == Usage(30, 12, 1)
    req = fake.requests[0]
    assert req.json_mode
    # OpenAI's json_object mode rejects prompts that never mention JSON.
    assert "JSON" in req.prompt


def test_complete_json_reasks_with_validation_error(fake: FakeOpenAI, llm: OpenAILLM) -> None:
    fake.script(
        chat('{"fact": "likes tea"}', prompt_tokens=10, completion_tokens=4),
        chat('{"facts": ["likes tea"]}', prompt_tokens=25, completion_tokens=6),
    )
    facts, usage = complete_json(llm, "Extract facts.", schema_check=facts_check, system="sys")
    assert facts == ["likes tea"]
    assert usage.to_dict() == {
        "prompt_tokens": 35,
        "completion_tokens": 10,
        "total_tokens": 45,
        "calls": 2,
    }
    first, second = fake.requests
    assert "expected an object with a 'facts' list" not in first.prompt
    assert "expected an object with a 'facts' list" in second.prompt
    assert '{"fact": "likes tea"}' in second.prompt
    assert second.system == "sys"


def test_complete_json_reasks_on_unparseable_reply() -> None:
    llm = ScriptedLLM("I cannot do that.", '{"facts": []}')
    facts, usage = complete_json(llm, "Extract.", schema_check=facts_check, retries=1)
    assert facts == []
    assert usage.calls == 2
    assert "not valid JSON" in llm.prompts[1]


def test_complete_json_gives_up_after_retries(fake: FakeOpenAI, llm: OpenAILLM) -> None:
    fake.default = chat('{"facts": [1, 2]}', prompt_tokens=5, completion_tokens=5)
    with pytest.raises(LLMError) as info:
        complete_json(llm, "Extract.", schema_check=facts_check, retries=2)
    err = info.value
    assert err.fields["attempts"] == 3
    assert err.fields["total_tokens"] == 30
    assert "every fact must be a string" in err.message
    assert len(fake.requests) == 3


def test_complete_json_key_error_counts_as_bad_shape() -> None:
    llm = ScriptedLLM('{"x": 1}', '{"name": "n"}')
    name, _ = complete_json(llm, "Name?", schema_check=lambda v: str(v["name"]), retries=1)
    assert name == "n"
    assert "KeyError" in llm.prompts[1]


def test_complete_json_transport_error_propagates(fake: FakeOpenAI, llm: OpenAILLM) -> None:
    fake.script(error(401, "bad key"))
    with pytest.raises(LLMError, match="bad key"):
        complete_json(llm, "x", schema_check=facts_check)
    assert len(fake.requests) == 1


# -- budget -------------------------------------------------------------------


def test_budget_charges_and_raises_when_exceeded() -> None:
    budget = Budget(100)
    budget.charge(Completion("a", 40, 10, "m"))
    assert budget.spent == Usage(40, 10, 1)
    assert budget.remaining == 50
    budget.check()
    with pytest.raises(LLMError) as info:
        budget.charge(Usage(50, 20, 2))
    assert info.value.fields["budget_exceeded"] is True
    assert info.value.fields["spent_tokens"] == 120
    assert type(info.value) is LLMError
    # The overspend is still recorded so the cycle can report it.
    assert budget.spent.total_tokens == 120 and budget.spent.calls == 3
    assert budget.exhausted
    with pytest.raises(LLMError):
        budget.check()


def test_budget_unlimited_only_accounts() -> None:
    budget = Budget(None)
    budget.charge(Usage(10**9, 1, 1))
    assert budget.remaining is None and not budget.exhausted
    assert budget.spent.total_tokens == 10**9 + 1


def test_budgeted_llm_stops_calling_once_spent() -> None:
    inner = ScriptedLLM('{"facts": []}', "second", "third", tokens=30)
    budget = Budget(100)
    wrapped = BudgetedLLM(inner, budget)
    assert wrapped.spec == "test:scripted"
    complete_json(wrapped, "x", schema_check=facts_check)
    with pytest.raises(LLMError) as info:
        wrapped.complete("y")  # 60 + 60 > 100: charged, then refused
    assert info.value.fields["budget_exceeded"]
    with pytest.raises(LLMError):
        wrapped.complete("z")
    assert len(inner.prompts) == 2  # the third call never reached the model
    assert budget.spent.total_tokens == 120


# -- cmd adapter --------------------------------------------------------------


def test_cmd_cat_echoes_prompt_with_system() -> None:
    llm = load_llm("cmd:cat")
    assert isinstance(llm, CmdLLM)
    assert llm.spec == "cmd:cat"
    out = llm.complete("the prompt", system="the system")
    assert out.text == "the system\n\nthe prompt"
    assert out.prompt_tokens == (len("the system\n\nthe prompt") + 3) // 4
    assert out.completion_tokens == (len(out.text) + 3) // 4


def test_cmd_python_script_and_complete_json() -> None:
    script = (
        "import json, os, sys; text = sys.stdin.read(); "
        "print(json.dumps({'facts': [text.splitlines()[0].upper()], "
        "'json': os.environ['SLEEPSTACK_LLM_JSON_MODE'], "
        "'max': os.environ['SLEEPSTACK_LLM_MAX_TOKENS']}))"
    )
    llm = load_llm(f"cmd:{PY} -c {shlex.quote(script)}", timeout=30)
    seen: list[Any] = []

    def check(value: Any) -> list[str]:
        seen.append(value)
        return facts_check({"facts": value["facts"]})

    facts, usage = complete_json(llm, "likes tea", schema_check=check, max_tokens=77)
    assert facts == ["LIKES TEA"]
    assert seen[0]["json"] == "1" and seen[0]["max"] == "77"
    assert usage.calls == 1 and usage.prompt_tokens > 0


def test_cmd_nonzero_exit_raises_with_stderr() -> None:
    script = "import sys; sys.stdin.read(); sys.stderr.write('model exploded'); sys.exit(3)"
    llm = CmdLLM(f"{PY} -c {shlex.quote(script)}")
    with pytest.raises(LLMError, match="model exploded") as info:
        llm.complete("hi")
    assert info.value.fields["returncode"] == 3
    assert info.value.fields["stderr"] == "model exploded"


def test_cmd_timeout_kills_process_group() -> None:
    # sh waits on a child that holds stdout open: killing only sh would leave
    # communicate() blocked until the child exits.
    llm = CmdLLM("sh -c 'sleep 10; echo late'", timeout=0.3)
    started = time.monotonic()
    with pytest.raises(LLMError, match="timed out") as info:
        llm.complete("hi")
    assert time.monotonic() - started < 3
    assert info.value.fields["timeout"] == 0.3
    assert isinstance(info.value.__cause__, subprocess.TimeoutExpired)


def test_cmd_timeout_plain_sleep() -> None:
    llm = load_llm("cmd:sleep 10", timeout=0.2)
    with pytest.raises(LLMError, match="timed out"):
        llm.complete("hi")


def test_cmd_configuration_errors() -> None:
    with pytest.raises(UsageError, match="not found"):
        load_llm("cmd:definitely-not-a-real-llm-binary --flag")
    with pytest.raises(UsageError, match="cannot parse"):
        load_llm("cmd:echo 'unterminated")
    with pytest.raises(UsageError, match="lacks a command"):
        load_llm("cmd:")


# -- none and the factory -----------------------------------------------------


@pytest.mark.parametrize("spec", [None, "", "none", "  NONE ", "none:"])
def test_none_spec_gives_no_llm(spec: str | None) -> None:
    llm = load_llm(spec)
    assert isinstance(llm, NoLLM)
    assert llm.spec == "none" and is_none(llm)
    with pytest.raises(LLMError, match="no LLM configured"):
        llm.complete("hi")


def test_is_none() -> None:
    assert is_none(None)
    assert is_none(BudgetedLLM(NoLLM(), Budget(10)))
    assert not is_none(ScriptedLLM())
    with pytest.raises(LLMError, match="no LLM configured"):
        complete_json(NoLLM(), "x", schema_check=facts_check)


@pytest.mark.parametrize(
    ("spec", "hint"),
    [
        ("opneai:gpt-4o", "did you mean 'openai:gpt-4o'"),
        ("OpenAl:gpt-4o", "did you mean 'openai:gpt-4o'"),
        ("cdm:cat", "did you mean 'cmd:cat'"),
        ("gpt-4o-mini", "did you mean 'openai:gpt-4o-mini'"),
        ("anthropic:claude", "kind:name"),
    ],
)
def test_unknown_spec_hints(spec: str, hint: str) -> None:
    with pytest.raises(UsageError, match="unknown LLM spec") as info:
        load_llm(spec)
    assert hint in info.value.message
    assert info.value.exit_code == 2


def test_openai_spec_needs_model() -> None:
    with pytest.raises(UsageError, match="lacks a model"):
        load_llm("openai:")
    with pytest.raises(UsageError, match="lacks a model"):
        load_llm("openai")
    with pytest.raises(UsageError, match="takes no name"):
        load_llm("none:x")


def test_importing_adapters_does_not_import_httpx() -> None:
    code = "import sys, sleepstack.adapters.llm; print('httpx' in sys.modules)"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert out.stdout.strip() == "False"


# -- jsonrepair ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('{"a": 1}', {"a": 1}),
        ("42", 42),
        ('```json\n{"a": 1}\n```', {"a": 1}),
        ("```\n[1, 2]\n```\nHope that helps!", [1, 2]),
        ('Sure, here you go: {"a": [1, 2]} Let me know.', {"a": [1, 2]}),
        ('Use {curly} braces like this: {"a": 1}', {"a": 1}),
        ('{"a": [1, 2,], "b": {"c": 3,},}', {"a": [1, 2], "b": {"c": 3}}),
        ("{'a': 'it\\'s', 'b': \"x\"}", {"a": "it's", "b": "x"}),
        ("{'q': 'say \"hi\"'}", {"q": 'say "hi"'}),
        ("{'ok': True, 'no': False, 'x': None}", {"ok": True, "no": False, "x": None}),
        ('{"a": [1, 2', {"a": [1, 2]}),
        ('{"a": {"b": [1, {"c": 2}', {"a": {"b": [1, {"c": 2}]}}),
        ('[{"t": "x"}, {"t": "y', [{"t": "x"}]),
        ('{"facts": ["a", "b", "unfinished', {"facts": ["a", "b"]}),
        ('{"a": 1, "b"', {"a": 1}),
        ('{"a": 1, "b": tru', {"a": 1}),
        ('{"a": [1, 2}', {"a": [1, 2]}),
        ('{"text": "line one\nline two"}', {"text": "line one\nline two"}),
        ('{"path": "C:\\dir"}', {"path": "C:\\dir"}),
        ('\ufeff{"a": "\\u00e9"}', {"a": "é"}),
        ('```json\n{"a": [1, 2', {"a": [1, 2]}),
    ],
)
def test_repair_json(text: str, expected: Any) -> None:
    assert repair_json(text) == expected


@pytest.mark.parametrize("text", ["", "   ", "no json at all", "{a: 1}", "[oops]"])
def test_repair_json_gives_up(text: str) -> None:
    with pytest.raises(ValueError):
        repair_json(text)


def test_repair_json_bounded_on_bracket_soup() -> None:
    started = time.monotonic()
    with pytest.raises(ValueError):
        repair_json("{x " * 5000)
    assert time.monotonic() - started < 5
