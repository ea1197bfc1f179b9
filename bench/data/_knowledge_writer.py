"""What the writers of the knowledge-update splits share (``make_knowledge_*.py``).

Each split's writer keeps its own stories, filler and timeline (the timelines
differ on purpose, so that no split's dates teach anything about another's);
the story shape, the turn builder, the scenario row and the writing of the
``.jsonl`` file are the same everywhere and live here.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
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

    def exchange(self, text: str, at: str, rng: random.Random, replies: Sequence[str],
                 delay: int) -> None:
        """A user turn at *at* (whole minute) and a reply drawn from *replies* *delay* s later."""
        self.say("user", text, at)
        self.say("assistant", rng.choice(replies), f"{at[:-3]}{delay:02d}Z")


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


#: the time of a phase's j-th user turn in story k (ISO, UTC, whole minute: "...:00Z")
At = Callable[[int, int], str]


@dataclass(frozen=True)
class Timeline:
    """When each phase of a story is said: a split's own calendar.

    A story is filler (``openings`` exchanges), the old statements, filler
    (``middles`` exchanges), the update turns and one closing exchange; every
    user turn is answered ``reply`` seconds later. The filler is drawn from the
    split's own lines, in that order, so a split keeps its bytes.
    """

    opening: At
    openings: int
    before: At
    middle: At
    middles: int
    update: At
    closing: Callable[[int], str]
    reply: int


def build_stories(stories: Sequence[Story], split: str, prefix: str, seed: int,
                  filler_user: Sequence[str], filler_assistant: Sequence[str],
                  when: Timeline) -> list[dict[str, Any]]:
    """Every story of a split as a scenario row, deterministic for *seed*.

    Scenario ids are ``<prefix[1:]>-<slot>-NN`` and users ``<prefix>-<slot>-NN``
    (``kv7`` gives ``v7-home-01`` and ``kv7-home-01``).
    """
    rng = random.Random(seed)
    out: list[dict[str, Any]] = []
    for k, (slot, kind, before, update, question, old, new) in numbered(stories):
        conv = Conversation()
        # the user's filler line is drawn before the assistant's answer to it
        for j in range(when.openings):
            conv.exchange(rng.choice(filler_user), when.opening(k, j), rng, filler_assistant,
                          when.reply)
        for j, text in enumerate(before):
            conv.exchange(text, when.before(k, j), rng, filler_assistant, when.reply)
        for j in range(when.middles):
            conv.exchange(rng.choice(filler_user), when.middle(k, j), rng, filler_assistant,
                          when.reply)
        for j, text in enumerate(update):
            conv.exchange(text, when.update(k, j), rng, filler_assistant, when.reply)
        conv.exchange(rng.choice(filler_user), when.closing(k), rng, filler_assistant, when.reply)
        out.append(scenario(f"{prefix[1:]}-{slot}-{k:02d}", split, slot, kind,
                            user_id(prefix, slot, k), conv.turns, question, old, new))
    return out
