"""Plugins: rulesets and theorems from other packages (entry points) or from a module named at run time.

A package adds rulesets to sprague by declaring, in its ``pyproject.toml``::

    [project.entry-points."sprague.rulesets"]
    half-nim = "half_nim:HalfNim"            # a Ruleset subclass

    [project.entry-points."sprague.theorems"]
    half-nim-values = "half_nim:VALUES"      # a Theorem record

Once it is installed, its rulesets and theorems appear in ``sprague list``,
``sprague verify --list``, the web page and ``/api/rulesets``, with no edit to
sprague. A module that is not installed can be loaded by name or path
(``sprague --plugin mygames.py list``, :func:`load_module`): its rulesets and
theorems are registered the same way.

A plugin that fails to load is reported as a :class:`PluginWarning` naming it
and the error; sprague goes on without it.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
import warnings
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

from sprague.errors import InvalidParameter

__all__ = ["RULESET_GROUP", "THEOREM_GROUP", "PluginWarning", "entry_point_objects", "load_module", "loaded_modules"]

RULESET_GROUP = "sprague.rulesets"
THEOREM_GROUP = "sprague.theorems"

_LOADED: list[ModuleType] = []  # modules loaded by name or path, in order


class PluginWarning(UserWarning):
    """A plugin that could not be loaded (sprague goes on without it)."""


def entry_point_objects(group: str) -> Iterator[tuple[str, Any]]:
    """``(name, object)`` for each installed entry point of ``group`` that loads; a warning for each that fails."""
    from importlib.metadata import entry_points  # here: it takes 30 ms to import (email, socket)

    for ep in sorted(entry_points(group=group), key=lambda e: e.name):
        try:
            obj = ep.load()
        except Exception as exc:  # a broken plugin must not break sprague: say which and why
            warnings.warn(
                f"plugin {ep.name!r} ({ep.value}) of {group} could not be loaded: {type(exc).__name__}: {exc}",
                PluginWarning,
                stacklevel=2,
            )
            continue
        yield f"{ep.name} ({ep.value})", obj


def load_module(spec: str) -> ModuleType:
    """Import a module by dotted name (``mygames``) or file path (``./mygames.py``), once.

    Raises
    ------
    InvalidParameter
        When no such module or file exists, or importing it fails.
    """
    path = Path(spec)
    try:
        if spec.endswith(".py") or path.is_file():
            if not path.is_file():
                raise InvalidParameter(f"plugin file {spec!r} does not exist; give a .py file or an importable module")
            # one module per file: two files of one name in different folders are two modules
            import hashlib  # here, not at import: OpenSSL takes 20 ms to load

            digest = hashlib.sha1(str(path.resolve()).encode()).hexdigest()[:10]
            name = f"sprague_plugin_{path.stem}_{digest}"
            module = sys.modules.get(name)
            if module is None:
                loader_spec = importlib.util.spec_from_file_location(name, path)
                if loader_spec is None or loader_spec.loader is None:
                    raise InvalidParameter(f"plugin file {spec!r} cannot be loaded as a Python module")
                module = importlib.util.module_from_spec(loader_spec)
                sys.modules[name] = module
                try:
                    loader_spec.loader.exec_module(module)
                except BaseException:
                    del sys.modules[name]
                    raise
        else:
            module = importlib.import_module(spec)
    except InvalidParameter:
        raise
    except ImportError as exc:
        raise InvalidParameter(
            f"cannot import plugin {spec!r}: {exc}; give an importable module or a .py file"
        ) from None
    except KeyboardInterrupt:
        raise
    except BaseException as exc:  # sys.exit() in the module too: a failure to load, not the end of the program
        how = " (it called sys.exit)" if isinstance(exc, SystemExit) else ""
        raise InvalidParameter(f"plugin {spec!r} failed while loading: {type(exc).__name__}: {exc}{how}") from None
    if module not in _LOADED:
        _LOADED.append(module)
    return module


def loaded_modules() -> list[ModuleType]:
    """The modules loaded by :func:`load_module`, in order."""
    return list(_LOADED)
