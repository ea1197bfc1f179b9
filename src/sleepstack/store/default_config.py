"""The ``sleepstack.toml`` a new store starts with."""

DEFAULT_CONFIG = """\
# sleepstack store configuration
[store]
max_bytes = 1048576

[wake]
embedder = "local:all-MiniLM-L6-v2"
budget_tokens = 1000

[sleep]
llm = "none"
every = "6h"

[ingest]
# "redact": secrets in logged turns and ingested documents are replaced by
# [REDACTED:<rule>] before they are ever written; "keep": stored as given
secrets = "redact"

[sleep.ttl_days]
# days a fact of each category stays current without being restated (0 = never expires);
# a plan with a date expires the day after its date (docs/claims.md)
conversation = 30
project = 90
preference = 365
plan = 30
other = 30
event = 0
personal = 0
work = 0
relationship = 0
health = 0
contact = 0
"""
