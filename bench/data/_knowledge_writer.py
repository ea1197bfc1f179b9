"""What the writers of the knowledge-update splits share (``make_knowledge_*.py``).

Each split's writer keeps its own stories, filler and timeline (the timelines
differ on purpose, so that no split's dates teach anything about another's);
the story shape, the turn builder, the scenario row and the writing of the
``.jsonl`` file are the same everywhere and live here.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

# (slot, kind, earlier user statements, update turns, question, old, new)
Story = tuple[str, str, list[str], list[str], str, str, str]


class Conversation:
    """The turns of one scenario, in the order they are said."""

    def __init__(self) -> None:
        self.turns: list[dict[str, str]] = []

    def say(self, role: str, text: str, at: str) -> None:
        """One turn: who said it, what, and when (ISO time, UTC)."""
        self.turns.append({"role": role, "text": text, "at": at})


def numbered(stories: Iterable[Story]) -> Iterator[tuple[int, Story]]:
    """Each story with its number within its slot (1, 2, … per slot)."""
    per_slot: dict[str, int] = {}
    for story in stories:
        k = per_slot[story[0]] = per_slot.get(story[0], 0) + 1
        yield k, story


def scenario(sid: str, split: str, slot: str, kind: str | None, user: str,
             turns: list[dict[str, str]], question: str, old: str,
             new: str) -> dict[str, Any]:
    """One scenario row; ``kind`` is left out where a split has none (tune/val/val2)."""
    row: dict[str, Any] = {"id": sid, "split": split, "slot": slot}
    if kind is not None:
        row["kind"] = kind
    row.update({"user": user, "turns": turns, "question": question, "old": old, "new": new})
    return row


def user_id(prefix: str, slot: str, k: int) -> str:
    """The scenario's user: one per story, named after its split and slot."""
    return f"{prefix}-{slot.replace('_', '-')}-{k:02d}"


def write(rows: list[dict[str, Any]], out: Path, what: str = "scenarios") -> None:
    """Write the rows as JSON lines (UTF-8, one scenario a line) and say so."""
    out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows),
                   encoding="utf-8")
    print(f"wrote {len(rows)} {what} to {out}")
