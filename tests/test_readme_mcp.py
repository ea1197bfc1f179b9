"""The README's MCP client configs, started from their own text: handshake and a tool call.

Each JSON snippet under "Agent frameworks and MCP clients" is parsed as the
client would (Claude Desktop and Cursor: ``mcpServers``; VS Code:
``servers``); its ``command`` is found on ``PATH`` (this virtual
environment's ``bin`` first, as a user's install would put it) and started
with its ``args`` and ``env``, only ``SLEEPSTACK_HOME`` pointed at a test store.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest
from mcp import Client, StdioServerParameters

from sleepstack import Memory

ROOT = Path(__file__).resolve().parents[1]


def _snippets() -> list[tuple[str, dict[str, Any]]]:
    text = (ROOT / "README.md").read_text()
    start = text.index("\n## Agent frameworks and MCP clients\n")
    section = text[start:text.find("\n## ", start + 1)]
    out = []
    for m in re.finditer(r"\n([^\n]+):\n\n```json\n(.*?)\n```", section, re.S):
        out.append((m.group(1).split(" (")[0], json.loads(m.group(2))))
    return out


def test_the_readme_has_the_three_clients() -> None:
    names = [n for n, _ in _snippets()]
    assert names == ["Claude Desktop", "Cursor", "VS Code"]


@pytest.mark.parametrize("client", ["Claude Desktop", "Cursor", "VS Code"])
def test_mcp_snippet_starts_the_server(client: str, tmp_path: Path) -> None:
    config = dict(_snippets())[client]
    servers = config["servers"] if client == "VS Code" else config["mcpServers"]
    entry = servers["sleepstack"]
    if client == "VS Code":
        assert entry["type"] == "stdio"
    home = tmp_path / "home"
    mem = Memory.init(home)
    mem.log("alice", "s1", "user", "My sister Ines lives in Porto", id="t-1")
    path = os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])
    command = shutil.which(entry["command"], path=path)
    assert command is not None, f"{entry['command']!r} is not on PATH"
    env = {k: v for k, v in os.environ.items() if not k.startswith("SLEEPSTACK_")}
    env.update(entry.get("env", {}))
    assert "SLEEPSTACK_HOME" in env
    env["SLEEPSTACK_HOME"] = str(home)
    env["PATH"] = path

    async def go() -> None:
        params = StdioServerParameters(command=command, args=list(entry["args"]), env=env)
        async with Client(params) as c:
            names = {t.name for t in (await c.list_tools()).tools}
            assert {"recall", "remember", "get_memory"} <= names
            r = await c.call_tool("recall", {"query": "where does my sister live"})
            assert not r.is_error, r.content
            data = r.structured_content or json.loads(r.content[0].text)
            assert data["user"] == "alice"
            assert any("Porto" in it["text"] for it in data["items"])

    asyncio.run(asyncio.wait_for(go(), timeout=90))
