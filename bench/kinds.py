"""Value kinds (sleep/claims/kinds.py): accuracy of the head on examples it was not trained on.

Every fifth example of each kind is held out, the head trained on the rest; reported:
kind accuracy on the held-out fifth, and how often a held-out value of a slot's kind
would be vetoed for that slot (false vetoes) or a held-out value of a foreign kind
would be (true vetoes). Usage: python bench/kinds.py
"""

from __future__ import annotations

from sleepstack.adapters.embed import load_embedder
from sleepstack.sleep.claims import kinds


def main() -> None:
    emb = load_embedder(kinds.MODEL)
    train = {k: [v for i, v in enumerate(vs) if i % 5] for k, vs in kinds.EXAMPLES.items()}
    test = [(k, v) for k, vs in kinds.EXAMPLES.items() for i, v in enumerate(vs) if i % 5 == 0]
    head = kinds.train(emb, train)
    probs = kinds.score([v for _, v in test], emb, head)
    right = sum(max(p, key=lambda k: p[k]) == k for (k, _), p in zip(test, probs, strict=True))
    print(f"held-out kind accuracy: {right}/{len(test)} = {right / len(test):.2f}")
    for kind in kinds.KINDS:
        rows = [(v, p) for (k, v), p in zip(test, probs, strict=True) if k == kind]
        ok = sum(max(p, key=lambda x: p[x]) == kind for _, p in rows)
        print(f"  {kind:9s} {ok}/{len(rows)}")
    false_v = true_v = n_own = n_foreign = 0
    for slot, need in kinds.SLOT_KIND.items():
        for (k, v), p in zip(test, probs, strict=True):
            table = {v.casefold(): p}
            if k == need:
                n_own += 1
                false_v += kinds.vetoed(slot, v, table)
            elif k not in kinds._COMPATIBLE[need]:
                n_foreign += 1
                true_v += kinds.vetoed(slot, v, table)
    print(f"vetoed, value of the slot's kind: {false_v}/{n_own}")
    print(f"vetoed, value of a foreign kind: {true_v}/{n_foreign}")


if __name__ == "__main__":
    main()
