"""Deprecated: bearer tokens live in :mod:`sleepstack.server.access_tokens`.

``tokens`` meant both bearer tokens and token counting; this alias stays while
other branches still import ``sleepstack.server.tokens``.
"""

from .access_tokens import TOKENS_PATH, Scope, TokenRecord, TokenStore, hash_token

__all__ = ["TOKENS_PATH", "Scope", "TokenRecord", "TokenStore", "hash_token"]
