"""The public names of ``sleepstack`` are pinned (httpx's ``test_exported_members``).

Adding or removing a top-level name is an interface change: it shows up here
first, and in docs/interfaces.md.
"""

from __future__ import annotations

import sleepstack
import sleepstack.errors

PUBLIC = ["Memory", "SleepstackError", "__version__"]


def test_the_top_level_exports_are_exactly_these() -> None:
    assert sleepstack.__all__ == PUBLIC
    for name in PUBLIC:
        assert hasattr(sleepstack, name), name


def test_every_exported_object_comes_from_the_package() -> None:
    for name in PUBLIC:
        obj = getattr(sleepstack, name)
        if isinstance(obj, type):
            assert obj.__module__.startswith("sleepstack."), name
    assert isinstance(sleepstack.__version__, str) and sleepstack.__version__.count(".") == 2


def test_no_other_public_name_leaks_from_the_top_level() -> None:
    # Submodules show up as attributes once imported; anything else must be in __all__.
    leaked = {n for n, v in vars(sleepstack).items()
              if not n.startswith("_") and type(v).__name__ != "module"} - set(PUBLIC)
    assert leaked == set()


def test_the_error_tree_exports_every_error_class_and_its_lookups() -> None:
    classes = {n for n, v in vars(sleepstack.errors).items()
               if isinstance(v, type) and issubclass(v, sleepstack.errors.SleepstackError)}
    assert classes | {"exit_code_for", "status_for"} == set(sleepstack.errors.__all__)
