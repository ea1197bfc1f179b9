"""The store the shard tests seed: three users on ``hash:64`` and one reference topic."""

from __future__ import annotations

from datetime import UTC, datetime

from sleepstack.layers.rawlog import Turn
from sleepstack.store import Store
from sleepstack.store.s3 import S3FS
from sleepstack.wake.log import append_turns

CONFIG = '[wake]\nembedder = "hash:64"\n'
AT = datetime(2024, 3, 1, 9, 0, tzinfo=UTC)
FACTS = {"alice": "my cat is called Miso", "bob": "my bike is a red Gazelle",
         "carol": "my favourite tea is genmaicha"}



def seed_shard_store(url: str) -> Store:
    fs = S3FS(url, lease_linger=0)
    with fs.lock():
        fs.write_atomic("sleepstack.toml", CONFIG.encode())
    store = Store(fs)
    for user, text in FACTS.items():
        append_turns(store, [Turn(f"t-{user}-{i}", user, "s1", "user",
                                  f"{text} (note {i})" if i else text, AT)
                             for i in range(20)], actor="test")
    store.put_document("memory/topics/cooking/pasta.md",
                       "# Pasta\n\nSalt the water well before the pasta goes in.\n",
                       actor="test", reason="a reference topic")
    return store
