"""CLI hygiene: --version, progress only on a TTY, config check, JSON logs, pinned weights."""

from __future__ import annotations

import json
import os
import pty
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import run_cli
from sleepstack import __version__
from sleepstack.adapters.embed.minilm import MiniLMEmbedder, find_model_dir
from sleepstack.adapters.embed.pin import PINNED, verify_weights
from sleepstack.config import Config
from sleepstack.config_keys import KEYS
from sleepstack.errors import EmbedderError, UsageError, WeightsMismatchError

ROOT = Path(__file__).resolve().parents[1]


def _turns(n: int) -> bytes:
    return "".join(json.dumps({"user": "u1", "session": "s1", "role": "user",
                               "text": f"turn number {i}", "at": "2024-01-01T00:00:00Z"}) + "\n"
                   for i in range(n)).encode()


def test_version() -> None:
    r = run_cli("--version")
    assert r.returncode == 0
    assert r.stdout.strip() == f"sleepstack {__version__}"


def test_progress_not_drawn_into_redirected_stderr(home: Path) -> None:
    assert run_cli("init", home=home).returncode == 0
    r = run_cli("import", "-", home=home, stdin=_turns(5))
    assert r.returncode == 0, r.stderr
    assert "\r" not in r.stderr and "[#" not in r.stderr


def test_progress_drawn_on_a_terminal(home: Path, tmp_path: Path) -> None:
    assert run_cli("init", home=home).returncode == 0
    src = tmp_path / "turns.jsonl"
    src.write_bytes(_turns(5))
    master, slave = pty.openpty()
    env = {k: v for k, v in os.environ.items() if not k.startswith("SLEEPSTACK_")}
    proc = subprocess.run([sys.executable, "-m", "sleepstack", "--home", str(home), "import",
                           str(src)], stderr=slave, stdout=subprocess.PIPE, env=env,
                          timeout=120, check=False)
    os.close(slave)
    out = os.read(master, 65536).decode()
    os.close(master)
    assert proc.returncode == 0
    assert "\rimport [" in out and "5/5" in out


def test_bad_value_is_a_usage_error_naming_the_key(home: Path) -> None:
    assert run_cli("init", home=home).returncode == 0
    cfg = home / "sleepstack.toml"
    cfg.write_text(cfg.read_text().replace("max_bytes = 1048576", 'max_bytes = "1MB"'))
    r = run_cli("recall", "hello", "--user", "u1", home=home)
    assert r.returncode == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "store.max_bytes" in lines[0] and "Traceback" not in r.stderr


@pytest.mark.parametrize(("text", "key"), [
    ('[store]\nmax_bytes = "1MB"\n', "store.max_bytes"),
    ("[retrieval]\nmax_latency_ms = -1\n", "retrieval.max_latency_ms"),
    ('[retrieval]\ncache_enabled = "yes"\n', "retrieval.cache_enabled"),
    ('[ingest]\nsecrets = "drop"\n', "ingest.secrets"),
    ('[sleep.ttl_days]\nplan = "a month"\n', "sleep.ttl_days.plan"),
    ("[compression]\nmax_raw_turns = 1.5\n", "compression.max_raw_turns"),
])
def test_config_check_bad_values(tmp_path: Path, text: str, key: str) -> None:
    f = tmp_path / "s.toml"
    f.write_text(text)
    with pytest.raises(UsageError) as info:
        Config.parse(text)
    assert key in info.value.message
    r = run_cli("config", "check", str(f))
    assert r.returncode == 2 and key in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1


def test_config_check_warns_misspelt_keys(tmp_path: Path) -> None:
    f = tmp_path / "s.toml"
    f.write_text("[retrieval]\nmax_latancy_ms = 5\n[wake]\nbudget_token = 10\n")
    r = run_cli("--json", "config", "check", str(f))
    assert r.returncode == 0, r.stderr
    doc = json.loads(r.stdout)
    assert any("did you mean retrieval.max_latency_ms?" in w for w in doc["warnings"])
    assert any("did you mean wake.budget_tokens?" in w for w in doc["warnings"])
    assert "did you mean retrieval.max_latency_ms?" in r.stderr


def test_config_check_default_config_is_clean(home: Path) -> None:
    assert run_cli("init", home=home).returncode == 0
    r = run_cli("--json", "config", "check", home=home)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["warnings"] == []


def test_json_logs(tmp_path: Path) -> None:
    f = tmp_path / "s.toml"
    f.write_text("[stor]\nmax_bytes = 5\n")
    r = run_cli("config", "check", str(f), "--log-format", "json")
    assert r.returncode == 0
    recs = [json.loads(line) for line in r.stderr.splitlines() if line.startswith("{")]
    assert recs and recs[0]["level"] == "warning" and recs[0]["logger"] == "sleepstack.config"
    assert "did you mean store" in recs[0]["msg"]


def test_every_key_documented() -> None:
    doc = (ROOT / "docs" / "config.md").read_text()
    for name in KEYS:
        assert f"`{name}`" in doc, name


def test_pinned_weights_verify(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from sleepstack.adapters.embed import pin

    monkeypatch.setattr(pin, "_verified", set())
    verify_weights(find_model_dir(), cache_dir=tmp_path)  # the shipped package matches
    assert (tmp_path / "verified-weights.json").exists()
    # A new process (empty memo) trusts the stamp of the same unchanged files: no hashing.
    monkeypatch.setattr(pin, "_verified", set())

    def boom(path: Path) -> str:
        raise AssertionError(f"hashed {path} again")

    monkeypatch.setattr(pin, "_sha256", boom)
    verify_weights(find_model_dir(), cache_dir=tmp_path)


def test_substituted_weights_refused(tmp_path: Path) -> None:
    src = find_model_dir()
    dst = tmp_path / "model"
    shutil.copytree(src, dst)
    blob = bytearray((dst / "model.safetensors").read_bytes())
    blob[-1] ^= 0xFF  # one flipped byte in the last weight: parses fine, embeds wrong
    (dst / "model.safetensors").write_bytes(bytes(blob))
    with pytest.raises(WeightsMismatchError, match=r"model\.safetensors"):
        verify_weights(dst, cache_dir=tmp_path / "cache")
    with pytest.raises(EmbedderError):
        MiniLMEmbedder(dst)
    assert set(PINNED) == {"config.json", "tokenizer.json", "model.safetensors"}


def test_debug_prints_per_answer_timings_and_ask_reports_its_time(home: Path) -> None:
    assert run_cli("init", home=home).returncode == 0
    assert run_cli("import", "-", home=home, stdin=_turns(3)).returncode == 0
    r = run_cli("ask", "which turn number?", "--user", "u1", home=home,
                env={"SLEEPSTACK_DEBUG": "1"})
    assert r.returncode == 0, r.stderr
    assert "answered in" in r.stdout and "retrieve" in r.stdout
    line = next(x for x in r.stderr.splitlines() if "debug:" in x)
    fields = dict(kv.split("=") for kv in line.split("debug: ", 1)[1].split())
    assert set(fields) == {"retrieve_s", "answer_s", "ctx_chars"}
    assert float(fields["retrieve_s"]) > 0 and int(fields["ctx_chars"]) > 0
    r = run_cli("--json", "ask", "which turn number?", "--user", "u1", home=home)
    t = json.loads(r.stdout)["timings_ms"]
    assert t["total"] >= t["retrieve"] > 0 and "debug:" not in r.stderr  # off by default
