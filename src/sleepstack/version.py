"""The package version, in a module of its own so that any layer may read it.

``sleepstack/__init__.py`` imports the public API (and through it everything);
a module that only needs the version imports it from here instead.
"""

__all__ = ["__version__"]

__version__ = "0.1.0"
