"""Retention: versions kept N or D days (whichever is longer), archives kept D days, audited."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from forget_seed import CONFIG, log, seed
from sleepstack.api import Memory
from sleepstack.errors import NotFoundError, UsageError
from sleepstack.forget.retention import Retention, apply_retention
from sleepstack.store import Store

W = {"actor": "test", "reason": "retention test"}
PATH = "user/alice/notes/n.md"


def _later(days: int) -> datetime:
    return datetime.now(UTC) + timedelta(days=days)


def test_versions_beyond_n_and_older_than_d_go(tmp_path: Path) -> None:
    store = Store.init(tmp_path / "home")
    for i in range(25):
        store.write_text(PATH, f"version {i}\n", **W)
    # Young versions stay whatever their number.
    assert apply_retention(store, {}, now=_later(10))["seq"] is None
    out = apply_retention(store, {}, now=_later(200))
    assert out["counts"] == {"versions.erased": 5}
    versions = store.history(PATH)
    assert len(versions) == 25  # the audit still says every version existed
    for v in versions[:5]:
        with pytest.raises(NotFoundError, match="erased"):
            store.blob_text(str(v.sha))
    assert store.blob_text(str(versions[5].sha)) == "version 5\n"
    assert store.read_text(PATH) == "version 24\n"
    report = store.audit_verify()
    assert report.ok and report.erasures == 1 and report.versions_erased == 5
    record = next(e for e in store.audit_entries() if e["op"] == "redact")
    assert record["target"]["kind"] == "retention"
    # Idempotent: nothing more is due.
    assert apply_retention(store, {}, now=_later(200))["seq"] is None


def test_a_blob_shared_with_a_kept_version_stays(tmp_path: Path) -> None:
    store = Store.init(tmp_path / "home")
    store.write_text(PATH, "same\n", **W)
    store.write_text(PATH, "other\n", **W)
    store.write_text("user/bob/notes/n.md", "same\n", **W)  # the same content, kept
    apply_retention(store, {"retention": {"versions_keep": 1, "versions_days": 0}},
                    now=_later(1))
    assert store.blob_text(store.history(PATH)[0].sha or "") == "same\n"
    assert store.audit_verify().ok


def test_archived_proposals_expire(tmp_path: Path) -> None:
    home = tmp_path / "home"
    store = Store.init(home, config_text=CONFIG)
    seed(store)
    Memory(home).sleep()
    archived = store.list("staging/archive")
    assert archived
    assert apply_retention(store, {}, now=_later(30))["seq"] is None
    out = apply_retention(store, {"retention": {"archive_days": 60}}, now=_later(61))
    assert out["counts"]["staging.removed"] == len(archived)
    assert store.list("staging/archive") == []
    assert store.audit_verify().ok
    # archive_days = 0 keeps them forever.
    seed_more = Store.init(tmp_path / "h2", config_text=CONFIG)
    seed(seed_more)
    Memory(tmp_path / "h2").sleep()
    assert apply_retention(seed_more, {"retention": {"archive_days": 0}},
                           now=_later(3650))["counts"].get("staging.removed") is None


@pytest.mark.parametrize("bad", [{"versions_keep": -1}, {"versions_days": "90"},
                                 {"archive_days": True}, {"keep": 3}])
def test_bad_settings_are_refused(bad: dict[str, object]) -> None:
    with pytest.raises(UsageError):
        Retention.from_config({"retention": bad})


def test_the_sleep_cycle_applies_retention(tmp_path: Path) -> None:
    home = tmp_path / "home"
    config = CONFIG + "\n[retention]\nversions_keep = 2\nversions_days = 0\narchive_days = 0\n"
    store = Store.init(home, config_text=config)
    seed(store)
    first = Memory(home).sleep()
    assert "retention" not in first.details or first.details["retention"]
    log(store, "alice", "a9", "I live in Porto now.", 5)
    Memory(home).sleep()
    log(store, "alice", "a10", "I live in Faro now.", 4)
    second = Memory(home).sleep()
    assert second.details["retention"][0]["counts"]["versions.erased"] >= 1
    verify = store.audit_verify()
    assert verify.ok and verify.erasures >= 1
    # Undo of the last cycle still works: its previous versions are kept (N = 2).
    assert Memory(home).undo(second.cycle_id).undone == second.cycle_id


def test_a_bad_retention_setting_never_fails_a_committed_cycle(tmp_path: Path) -> None:
    home = tmp_path / "home"
    store = Store.init(home, config_text=CONFIG + "\n[retention]\nversions_keep = -1\n")
    seed(store)
    summary = Memory(home).sleep()
    assert not summary.noop and any("retention skipped" in w for w in summary.warnings)
    assert store.audit_verify().ok
