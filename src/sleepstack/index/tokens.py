"""Deprecated: token counting lives in :mod:`sleepstack.text.token_count`.

A thin re-export while other branches still import ``sleepstack.index.tokens``;
``tokens`` now means bearer tokens only (:mod:`sleepstack.server.access_tokens`).
"""

from ..text.token_count import count_tokens

__all__ = ["count_tokens"]
