"""Pluggable backends: LLMs, embedders and other adapters sleepstack talks to."""
