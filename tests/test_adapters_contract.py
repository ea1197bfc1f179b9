"""One contract per adapter family, every implementation run through it (fsspec style).

LLMs (:class:`~sleepstack.adapters.llm.LLM`): ``none``, ``cmd:`` (a real child
process) and ``openai:`` over the loopback fake OpenAI-compatible server
(tests/fake_openai_server.py, the real wire protocol). Embedders
(:class:`~sleepstack.adapters.embed.Embedder`): the MiniLM model that ships as a
package, ``hash:``, and ``openai:`` over the same fake. Each implementation is a
fixture; each promise is one test that every implementation inherits.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from typing import Any, ClassVar

import numpy as np
import pytest

from fake_openai_server import FakeOpenAI, error
from sleepstack.adapters.embed import DEFAULT_EMBEDDER, Embedder, load_embedder
from sleepstack.adapters.embed.remote import OpenAIEmbedder
from sleepstack.adapters.llm import LLM, Completion, load_llm
from sleepstack.errors import LLMError, UsageError

KEY = "sk-contract"
#: a model that answers JSON when asked for it, plain text otherwise
ECHO = (
    "import json, sys; p = sys.stdin.read(); "
    "print(json.dumps({'echo': p[-20:]}) if 'JSON' in p else 'plain: ' + p[-20:])"
)


# ====================================================================== LLMs
class LLMContract:
    """Every LLM adapter: a spec, and an answer or an :class:`LLMError`, nothing else."""

    answers: ClassVar[bool] = True

    def test_is_an_llm_with_a_spec_of_its_kind(self, llm: LLM) -> None:
        assert isinstance(llm, LLM)
        assert isinstance(llm.spec, str) and llm.spec.split(":")[0] in ("none", "cmd", "openai")

    def test_completes_or_says_it_cannot(self, llm: LLM) -> None:
        if not self.answers:
            with pytest.raises(LLMError):
                llm.complete("Say hello.")
            return
        got = llm.complete("Say hello.", system="Be brief.", max_tokens=20)
        assert isinstance(got, Completion)
        assert isinstance(got.text, str) and got.text.strip()
        assert got.prompt_tokens >= 0 and got.completion_tokens >= 0
        assert isinstance(got.model, str)

    def test_json_mode_answers_json(self, llm: LLM) -> None:
        if not self.answers:
            pytest.skip("this adapter answers nothing")
        got = llm.complete("Answer in JSON.", json_mode=True)
        assert isinstance(json.loads(got.text), dict)

    def test_a_broken_backend_is_an_llm_error(self, broken: LLM) -> None:
        with pytest.raises(LLMError):
            broken.complete("Say hello.")


class TestNoLLM(LLMContract):
    answers = False

    @pytest.fixture
    def llm(self) -> LLM:
        return load_llm("none")

    @pytest.fixture
    def broken(self) -> LLM:
        return load_llm(None)


class TestCmdLLM(LLMContract):
    @pytest.fixture
    def llm(self) -> LLM:
        return load_llm(f"cmd:{sys.executable} -c \"{ECHO}\"", timeout=30)

    @pytest.fixture
    def broken(self) -> LLM:
        return load_llm(f"cmd:{sys.executable} -c \"import sys; sys.exit(3)\"", timeout=30)


class TestOpenAILLM(LLMContract):
    @pytest.fixture
    def fake(self) -> Iterator[FakeOpenAI]:
        def answer(request: Any) -> str:
            return json.dumps({"echo": "hi"}) if request.json_mode else "hello there"

        with FakeOpenAI(api_key=KEY, default=answer) as server:
            yield server

    @pytest.fixture
    def llm(self, fake: FakeOpenAI) -> LLM:
        return load_llm("openai:fake-model", base_url=fake.base_url, api_key=KEY)

    @pytest.fixture
    def broken(self) -> Iterator[LLM]:
        with FakeOpenAI(api_key=KEY, default=error(500, "down")) as server:
            yield load_llm("openai:fake-model", base_url=server.base_url, api_key=KEY,
                           max_retries=1, backoff_base=0.001)


# ================================================================ embedders
class EmbedderContract:
    """Every embedder: unit-norm float32 rows of one width, deterministic, strict input."""

    TEXTS: ClassVar[list[str]] = ["one", "two words", "", "hiking with Melanie in the hills"]

    def test_is_an_embedder_with_a_name_and_a_width(self, emb: Embedder) -> None:
        assert isinstance(emb, Embedder)
        assert isinstance(emb.name, str) and emb.name
        assert isinstance(emb.dim, int) and emb.dim > 0

    def test_rows_are_unit_norm_float32_of_its_width(self, emb: Embedder) -> None:
        vecs = emb.embed(self.TEXTS)
        assert vecs.shape == (len(self.TEXTS), emb.dim)
        assert vecs.dtype == np.float32 and vecs.flags["C_CONTIGUOUS"]
        assert np.isfinite(vecs).all()
        np.testing.assert_allclose(np.linalg.norm(vecs, axis=1), 1.0, atol=1e-5)

    def test_empty_input_is_an_empty_matrix(self, emb: Embedder) -> None:
        out = emb.embed([])
        assert out.shape == (0, emb.dim) and out.dtype == np.float32

    def test_deterministic_and_batch_independent(self, emb: Embedder) -> None:
        together = emb.embed(self.TEXTS)
        alone = np.vstack([emb.embed([t]) for t in self.TEXTS])
        np.testing.assert_allclose(together, alone, atol=1e-5)
        np.testing.assert_allclose(emb.embed(self.TEXTS), together, atol=1e-6)

    def test_different_texts_get_different_rows(self, emb: Embedder) -> None:
        a, b = emb.embed(["I live in Lisbon.", "The invoice is overdue."])
        assert float(a @ b) < 0.99

    def test_a_bare_string_or_a_non_string_is_refused(self, emb: Embedder) -> None:
        with pytest.raises(UsageError, match="not a single string"):
            emb.embed("hello")  # type: ignore[arg-type]
        with pytest.raises(UsageError, match="item 1"):
            emb.embed(["ok", 3])  # type: ignore[list-item]


class TestMiniLM(EmbedderContract):
    @pytest.fixture
    def emb(self) -> Embedder:
        return load_embedder(DEFAULT_EMBEDDER)


class TestHashingEmbedder(EmbedderContract):
    @pytest.fixture
    def emb(self) -> Embedder:
        return load_embedder("hash:64")


class TestOpenAIEmbedder(EmbedderContract):
    @pytest.fixture
    def emb(self) -> Iterator[Embedder]:
        with FakeOpenAI(api_key=KEY, embed_dim=48) as server:
            emb = OpenAIEmbedder("fake-embed", base_url=server.base_url, api_key=KEY,
                                 backoff=0.001, timeout=5.0)
            try:
                yield emb
            finally:
                emb.close()
