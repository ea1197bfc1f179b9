"""Subject-gate benchmark: is a merged line about the wrong person refused (issue #12).

LoCoMo's session observations are third-person lines about one speaker, each
citing the turns it summarises ("Caroline attended an LGBTQ support group…",
D1:3) — what consolidation writes. For each observation of speaker X:

* **faithful**: the line as it is, in X's memory, with the cited turns as its
  evidence. The gate should pass it (a flag is a false alarm: a merge lost).
* **wrong person**: X's name replaced by the other speaker's (or by a name
  that occurs nowhere in the conversation), still in X's memory. The gate
  must refuse it.

The gate's word lists were written before this data was looked at;
conversations 0-4 are the part studied afterwards ("seen"), 5-9 were never
looked at ("held out"). Both are reported.

    python bench/subjects.py [--data DIR]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _table import table
from sleepstack.sleep.subjects import subject_reasons

REPO = Path(__file__).resolve().parents[1]
OUTSIDER = "Ingrid"  # occurs in no LoCoMo conversation


def _turns(conv: dict[str, object]) -> dict[str, tuple[str, str]]:
    out: dict[str, tuple[str, str]] = {}
    for key, value in conv.items():
        if re.fullmatch(r"session_\d+", key) and isinstance(value, list):
            for t in value:
                out[str(t["dia_id"])] = (str(t["speaker"]), str(t["text"]))
    return out


def run(data: Path) -> list[list[object]]:
    convs = json.loads((data / "locomo" / "locomo10.json").read_text())
    rows: list[list[object]] = []
    for part, idx in (("seen (0-4)", range(0, 5)), ("held out (5-9)", range(5, 10))):
        n = fp = caught_other = caught_out = 0
        for i in idx:
            c = convs[i]
            a, b = c["conversation"]["speaker_a"], c["conversation"]["speaker_b"]
            turns = _turns(c["conversation"])
            for obs in c["observation"].values():
                for speaker, lines in obs.items():
                    other = b if speaker == a else a
                    for line, cites in lines:
                        ids = re.findall(r"D\d+:\d+", str(cites))
                        evidence = [turns[d][1] for d in ids if d in turns]
                        if not evidence or speaker not in line:
                            continue
                        user = speaker.lower()
                        n += 1
                        fp += bool(subject_reasons(line, user=user, evidence=evidence))
                        swapped = line.replace(speaker, other)
                        caught_other += bool(subject_reasons(swapped, user=user,
                                                             evidence=evidence))
                        caught_out += bool(subject_reasons(line.replace(speaker, OUTSIDER),
                                                           user=user, evidence=evidence))
        rows.append([part, n, fp / n, caught_other / n, caught_out / n])
    return rows


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--data", type=Path, default=REPO.parent / "shared" / "data")
    args = p.parse_args()
    if not (args.data / "locomo" / "locomo10.json").is_file():
        print(f"no LoCoMo data under {args.data}: nothing to measure", file=sys.stderr)
        return 0
    print(table(["conversations", "lines", "faithful flagged (false alarm)",
                 "other speaker's name refused", "outsider's name refused"], run(args.data)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
