"""The optional LLM path of extraction: statements an LLM reads, validated like the rules'.

With an LLM configured (``[sleep] llm``), the graph phase also asks it for the
relations each batch of turns states. What it answers is never trusted as
text: every statement must name a known relation kind, and each named end
must be written in the turn it cites (:func:`~sleepstack.graph.extract.validate`,
the function the rules pass through); the sentence recorded as evidence is
the turn's own text, never the model's. A failed or over-budget call leaves
the rules' statements as they are.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from ..adapters.llm import LLM, BudgetedLLM, complete_json
from ..errors import LLMError
from .extract import Statement, validate
from .model import RELATION_KINDS

__all__ = ["llm_statements", "parse_reply"]

_PROMPT = """You read conversation turns and list the relations between named entities
that the turns state as facts. Use only these relation kinds: {kinds}.
"I"/"me"/"my" in a turn with role "user" is the user: write "@user".
Answer with JSON: {{"relations": [{{"turn": "<turn id>", "src": "<name>", "kind": "<kind>",
"dst": "<name>"}}]}}. Names must be copied exactly from the turn. No guesses, no questions,
nothing negated or hypothetical.

<<<TURNS
{turns}
TURNS>>>"""


def parse_reply(value: Any, texts: dict[str, tuple[str, str, str | None]]) -> list[Statement]:
    """The valid statements of a parsed reply (*texts*: turn id → (text, at, speaker))."""
    if not isinstance(value, dict) or not isinstance(value.get("relations"), list):
        raise ValueError('expected {"relations": [...]}')
    out: list[Statement] = []
    for r in value["relations"]:
        if not isinstance(r, dict):
            continue
        tid, src, kind, dst = (str(r.get(k, "")) for k in ("turn", "src", "kind", "dst"))
        if tid not in texts or kind not in RELATION_KINDS:
            continue
        text, at, speaker = texts[tid]
        ends = []
        for end in (src, dst):
            if end == "@user":
                if speaker is None:
                    break
                ends.append(speaker)
            else:
                ends.append(end.strip())
        if len(ends) != 2:
            continue
        # what someone does, or a lower-case gathering they attend, is an activity or
        # event node, as graph/activity.py writes it; a capitalised object stays a name
        obj = "person"
        if kind == "does" or (kind == "attends" and ends[1][:1].islower()):
            obj = "activity" if kind == "does" else "event"
        dst = ends[1].casefold() if obj != "person" else ends[1]
        st = Statement(ends[0], kind, dst, text[:300], tid, at, dst_kind=obj, confidence=0.8,
                       source="llm")
        if validate(st, text):
            out.append(st)
    return out


def llm_statements(llm: LLM | BudgetedLLM, turns: Sequence[tuple[str, str, str, str | None]],
                   ) -> tuple[list[Statement], list[str]]:
    """``(statements, warnings)`` an LLM reads from *turns* ``(id, text, at, speaker)``."""
    if not turns:
        return [], []
    texts = {tid: (text, at, speaker) for tid, text, at, speaker in turns}
    lines = "\n".join(json.dumps({"id": tid, "role": "user" if spk == "@user" else "other",
                                  "text": text}, ensure_ascii=False)
                      for tid, text, _, spk in turns)
    prompt = _PROMPT.format(kinds=", ".join(sorted(RELATION_KINDS)), turns=lines)
    try:
        got, _ = complete_json(llm, prompt, schema_check=lambda v: parse_reply(v, texts))
    except LLMError as exc:
        return [], [f"LLM graph extraction fell back to rules: {exc.message}"]
    return got, []
