"""Hypothesis: any history of writes, appends, deletes and erasures stays verifiable.

After any sequence of mutations (some contents holding a secret, some reasons
quoting it) and ``forget --text`` / ``forget --user`` erasures interleaved with them:

- ``audit verify`` passes;
- not one byte of an erased secret is left anywhere under the home (audit log
  and versions included), unless it was written again after its erasure;
- every file equals what the model says: the original bytes, with each secret
  erased before the file's last change replaced by the forget marker;
- every stored version is still readable, or was erased on the record.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from sleepstack.errors import NotFoundError
from sleepstack.forget import ForgetTarget, forget
from sleepstack.forget.transform import redact_text
from sleepstack.store import Store

SECRETS = ["Qz7-alpha-SECRET", "Wv4|beta\"SECRET", "Ñu9-gamma-SECRET"]
FILES = [f"user/{u}/{n}.md" for u in ("ann", "bob") for n in ("a", "b")]
LOGS = ["memory/log/ann/2024-01-01.md", "memory/log/bob/2024-01-02.md"]
words = st.sampled_from(["plain", "words", "here", "x|y", "a\"b", "ü"])
content = st.lists(st.one_of(words, st.sampled_from(SECRETS)), min_size=1, max_size=6).map(
    lambda parts: " ".join(parts))


class ErasureMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.dir = Path(tempfile.mkdtemp(prefix="forget-props-"))
        self.store = Store.init(self.dir / "home")
        self.model: dict[str, str] = {}
        self.erased: set[str] = set()

    def teardown(self) -> None:
        shutil.rmtree(self.dir, ignore_errors=True)

    def _after_erasures(self, text: str) -> str:
        from sleepstack.forget.transform import encodings

        forms = sorted({f for s in self.erased for f in encodings(s)}, key=len, reverse=True)
        return redact_text(text, forms)

    @rule(path=st.sampled_from(FILES), body=content, quote=st.booleans())
    def write(self, path: str, body: str, quote: bool) -> None:
        reason = f"because {body}" if quote else "write"
        self.store.write_text(path, body + "\n", actor="prop", reason=reason)
        self.model[path] = body + "\n"
        self.erased -= {s for s in SECRETS if s in body}  # said again: it is back

    @rule(path=st.sampled_from(LOGS), body=content)
    def append(self, path: str, body: str) -> None:
        self.store.append_text(path, f"- {body}\n", actor="prop", reason="append")
        self.model[path] = self.model.get(path, "") + f"- {body}\n"
        self.erased -= {s for s in SECRETS if s in body}

    @rule(path=st.sampled_from(FILES))
    def delete(self, path: str) -> None:
        if path in self.model:
            self.store.delete(path, actor="prop", reason="delete")
            del self.model[path]

    @rule(secret=st.sampled_from(SECRETS))
    def erase(self, secret: str) -> None:
        forget(self.store, ForgetTarget.from_args(text=secret), reason=f"leak of {secret}",
               actor="prop", rebuild_index=False)
        self.erased.add(secret)
        self.model = {p: self._after_erasures(t) for p, t in self.model.items()}

    @rule()
    def erase_bob(self) -> None:
        ever = any("/bob/" in e.get("path", "") for e in self.store.audit_entries())
        try:
            forget(self.store, ForgetTarget.from_args(user="bob"), reason="account closed",
                   actor="prop", rebuild_index=False)
        except NotFoundError:
            assert not ever
            return
        self.model = {p: t for p, t in self.model.items() if "/bob/" not in p}

    @invariant()
    def verifies(self) -> None:
        report = self.store.audit_verify()
        assert report.ok, report.to_dict()

    @invariant()
    def files_match_the_model(self) -> None:
        tree = {p: self.store.read_text(p) for p in self.store.list("")
                if p.startswith(("user/", "memory/"))}
        assert tree == self.model

    @invariant()
    def erased_bytes_are_nowhere(self) -> None:
        from forget_seed import forms

        live = {s for s in SECRETS if any(s in t for t in self.model.values())}
        for secret in self.erased - live:
            for p in (self.dir / "home").rglob("*"):
                if p.is_file():
                    data = p.read_bytes()
                    assert not any(f in data for f in forms(secret)), (secret, p)

    @invariant()
    def versions_read_or_were_erased(self) -> None:
        for path in {*FILES, *LOGS}:
            try:
                versions = self.store.history(path)
            except NotFoundError:
                continue
            for v in versions:
                if v.sha and v.op != "append":
                    try:
                        self.store.blob_text(v.sha)
                    except NotFoundError as exc:
                        assert "erased" in exc.message


ErasureMachine.TestCase.settings = settings(
    max_examples=40, stateful_step_count=15, deadline=None,
    suppress_health_check=[HealthCheck.too_slow])
TestErasure = ErasureMachine.TestCase
