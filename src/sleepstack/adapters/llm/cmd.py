"""The ``cmd:<command>`` adapter: any local program as an LLM.

The command (split with :func:`shlex.split`, never run through a shell) gets
the prompt on stdin, with the system prompt, if any, prepended, and answers on
stdout. This plugs in local runners (``llm``, ``ollama run``, ``llama-cli``) or
a wrapper script without any network code in sleepstack. The environment
variables ``SLEEPSTACK_LLM_MAX_TOKENS`` and ``SLEEPSTACK_LLM_JSON_MODE`` (``1``
or ``0``) are set for the command so that a wrapper can honour them.
"""

from __future__ import annotations

import contextlib
import os
import shlex
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Mapping

from sleepstack import observe
from sleepstack.environment import current
from sleepstack.errors import LLMError, UsageError

from .base import Completion, estimate_tokens

__all__ = ["CmdLLM"]

_EXCERPT = 1000

if sys.platform == "win32":
    _CREATIONFLAGS = subprocess.CREATE_NEW_PROCESS_GROUP
    _NEW_SESSION = False
else:
    _CREATIONFLAGS = 0
    _NEW_SESSION = True


class CmdLLM:
    """Runs a local command per completion (prompt on stdin, answer on stdout)."""

    def __init__(
        self,
        command: str,
        *,
        timeout: float = 120.0,
        env: Mapping[str, str] | None = None,
        cwd: str | os.PathLike[str] | None = None,
    ) -> None:
        try:
            argv = shlex.split(command)
        except ValueError as exc:
            raise UsageError(f"cannot parse LLM command {command!r}: {exc}") from exc
        if not argv:
            raise UsageError("cmd: LLM spec needs a command, e.g. 'cmd:llm -m mistral'")
        # Checked up front so a typo in the config fails at load time, not
        # halfway through a sleep cycle.
        if shutil.which(argv[0]) is None:
            raise UsageError(
                f"LLM command {argv[0]!r} not found on PATH or not executable",
                command=command,
            )
        if timeout <= 0:
            raise UsageError("cmd LLM timeout must be > 0 seconds")
        self.command = command
        self.argv = argv
        self.timeout = timeout
        self.env = dict(env) if env is not None else None
        self.cwd = cwd

    @property
    def spec(self) -> str:
        """``cmd:<command>``."""
        return f"cmd:{self.command}"

    def complete(
        self,
        prompt: str,
        *,
        system: str | None = None,
        max_tokens: int = 512,
        json_mode: bool = False,
    ) -> Completion:
        """Run the command once and return its stdout as the completion."""
        t0 = time.perf_counter()
        stdin_text = f"{system}\n\n{prompt}" if system else prompt
        env = dict(self.env if self.env is not None else current())
        env["SLEEPSTACK_LLM_MAX_TOKENS"] = str(max_tokens)
        env["SLEEPSTACK_LLM_JSON_MODE"] = "1" if json_mode else "0"
        stdout, stderr, returncode = self._run(stdin_text, env)
        if returncode != 0:
            raise LLMError(
                f"LLM command exited with status {returncode}: {_excerpt(stderr) or '(no stderr)'}",
                command=self.command,
                returncode=returncode,
                stderr=_excerpt(stderr),
            )
        text = stdout.strip()
        done = Completion(
            text=text,
            prompt_tokens=estimate_tokens(stdin_text),
            completion_tokens=estimate_tokens(text),
            model=self.spec,
        )
        observe.llm_call(self.spec, done.prompt_tokens, done.completion_tokens,
                         time.perf_counter() - t0)
        return done

    def _run(self, stdin_text: str, env: dict[str, str]) -> tuple[str, str, int]:
        try:
            proc = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                encoding="utf-8",
                errors="replace",
                env=env,
                cwd=self.cwd,
                # Own process group, so a timeout kills the whole tree (a shell
                # wrapper's children would otherwise keep the pipes open).
                start_new_session=_NEW_SESSION,
                creationflags=_CREATIONFLAGS,
            )
        except OSError as exc:
            raise LLMError(
                f"cannot start LLM command {self.argv[0]!r}: {exc}", command=self.command
            ) from exc
        with proc:
            try:
                stdout, stderr = proc.communicate(stdin_text, timeout=self.timeout)
            except subprocess.TimeoutExpired as exc:
                _kill_group(proc)
                _, stderr = proc.communicate()
                raise LLMError(
                    f"LLM command timed out after {self.timeout:g}s",
                    command=self.command,
                    timeout=self.timeout,
                    stderr=_excerpt(stderr or ""),
                ) from exc
            except BaseException:
                # KeyboardInterrupt or a broken pipe: never leave the child running.
                _kill_group(proc)
                raise
        return stdout, stderr, proc.returncode

    def __repr__(self) -> str:
        return f"CmdLLM({self.command!r}, timeout={self.timeout:g})"


def _kill_group(proc: subprocess.Popen[str]) -> None:
    if sys.platform == "win32":
        proc.kill()
        return
    # The group may already be gone if the command exited just as we timed out.
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGKILL)


def _excerpt(text: str) -> str:
    text = text.strip()
    return text if len(text) <= _EXCERPT else text[-_EXCERPT:]
