"""The environment an entry point handed to the library: the one mapping below the edges.

Library code never looks at ``os.environ``. The entry points (the CLI's
``main``, the servers' app factory, the Flyte task bootstrap, and
:class:`sleepstack.Memory` through :func:`sleepstack.config.adopt_environment`)
:func:`install` the mapping that configures this process, usually
``os.environ`` itself (live, so a setting changed later is seen). What reads it
below them: the API keys and endpoints an adapter looks up by name, the cache
root of URL stores, the S3 lease times. Until an entry point installs one, the
mapping is empty: a library call that needs a credential takes it as an
argument (every adapter has ``env=``/``api_key=``), or its caller installs one.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

__all__ = ["current", "install"]

_EMPTY: Mapping[str, str] = MappingProxyType({})
_installed: Mapping[str, str] = _EMPTY


def install(env: Mapping[str, str]) -> None:
    """Make *env* the environment the library reads (entry points only)."""
    global _installed
    _installed = env


def current() -> Mapping[str, str]:
    """The installed environment (empty until an entry point installs one)."""
    return _installed
