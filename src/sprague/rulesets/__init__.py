"""The registry of rulesets, and :func:`ruleset` to get one by name.

Every module of this package is one family of rulesets; each concrete
:class:`~sprague.solve.ruleset.Ruleset` subclass it defines with a ``name`` is
registered when the package is imported (a module's ``ORDER`` places it in
``sprague list``), so adding a ruleset is adding one file. Rulesets of other
packages come in through the ``sprague.rulesets`` entry-point group, and modules
named at run time through :func:`load_plugin` (see :mod:`sprague.core.plugins`).
A user-defined ruleset is any subclass of :class:`sprague.Ruleset`: pass the
class itself to :func:`ruleset`, register it with :func:`register`, or name it
on the command line as ``module:Class``.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
import warnings
from collections.abc import Iterator
from types import ModuleType
from typing import Any

from sprague.core.plugins import RULESET_GROUP, PluginWarning, entry_point_objects, load_module
from sprague.errors import InvalidParameter, UnknownRuleset
from sprague.solve.ruleset import Ruleset
from sprague.theorems import Theorem, register_theorem

__all__ = [
    "REGISTRY",
    "register",
    "register_module",
    "find_ruleset",
    "ruleset",
    "all_rulesets",
    "load_plugin",
    "code_family",
    "take_break_family",
]

#: every registered ruleset class, in the order ``sprague list`` shows them (plugins: see :func:`all_rulesets`)
REGISTRY: list[type[Ruleset]] = []
_PLUGINS_LOADED: list[bool] = []


def register(cls: type[Ruleset]) -> type[Ruleset]:
    """Add a ruleset class to the registry (usable as a class decorator)."""
    if not (isinstance(cls, type) and issubclass(cls, Ruleset)) or not cls.name:
        raise TypeError(f"{cls!r} is not a Ruleset subclass with a name")
    taken = {n: c for c in REGISTRY for n in (c.name, *c.aliases)}
    for n in (cls.name, *cls.aliases):
        if n in taken and taken[n] is not cls:
            raise ValueError(f"ruleset name {n!r} is already taken by {taken[n].__name__}")
    if cls not in REGISTRY:
        REGISTRY.append(cls)
    return cls


def register_module(module: ModuleType) -> list[type[Ruleset]]:
    """Register every concrete, named, listed Ruleset subclass that ``module`` defines, in definition order."""
    found = [
        obj
        for obj in vars(module).values()
        if isinstance(obj, type)
        and issubclass(obj, Ruleset)
        and obj.__module__ == module.__name__
        and obj.name
        and obj.listed
        and not inspect.isabstract(obj)
    ]
    for cls in found:
        register(cls)
    return found


def _register_builtins() -> None:
    modules = [importlib.import_module(f"{__name__}.{info.name}") for info in pkgutil.iter_modules(__path__)]
    for module in sorted(modules, key=lambda m: (vars(m).get("ORDER", 100), m.__name__)):
        register_module(module)


def all_rulesets() -> list[type[Ruleset]]:
    """Every ruleset: the built-in ones, then those of installed plugins (entry points, loaded once)."""
    if not _PLUGINS_LOADED:
        _PLUGINS_LOADED.append(True)
        for where, obj in entry_point_objects(RULESET_GROUP):
            if isinstance(obj, type) and issubclass(obj, Ruleset) and obj.name:
                try:
                    register(obj)
                except ValueError as exc:  # a name taken: the plugin is skipped, sprague goes on
                    warnings.warn(f"plugin {where} of {RULESET_GROUP} is skipped: {exc}", PluginWarning, stacklevel=2)
            else:
                warnings.warn(
                    f"plugin {where} of {RULESET_GROUP} is not a Ruleset subclass with a name; skipped",
                    PluginWarning,
                    stacklevel=2,
                )
    return REGISTRY


def load_plugin(spec: str) -> list[type[Ruleset]]:
    """Load a module by name or ``.py`` path; register its rulesets and its :class:`~sprague.theorems.Theorem` records.

    A module that registers nothing, or defines a named ruleset class that cannot be built (a hook such as
    ``moves`` missing), is reported as a :class:`~sprague.core.plugins.PluginWarning` naming it (it was dropped
    silently).
    """
    module = load_module(spec)
    theorems = [obj for obj in vars(module).values() if isinstance(obj, Theorem)]
    for theorem in theorems:
        register_theorem(theorem, replace=True)
    try:
        found = register_module(module)
    except ValueError as exc:  # a name taken by another ruleset: the user's mistake, said in one line
        raise InvalidParameter(f"plugin {spec!r}: {exc}; give the class a name of its own (name = '...')") from None
    unfinished = [
        obj
        for obj in vars(module).values()
        if isinstance(obj, type)
        and issubclass(obj, Ruleset)
        and obj.__module__ == module.__name__
        and obj.name
        and inspect.isabstract(obj)
    ]
    for cls in unfinished:
        missing = ", ".join(f"{m}()" for m in sorted(cls.__abstractmethods__))
        warnings.warn(
            f"plugin {spec!r}: ruleset {cls.name!r} ({cls.__name__}) is not registered: it must define {missing}",
            PluginWarning,
            stacklevel=2,
        )
    if not found and not theorems and not unfinished:
        warnings.warn(
            f"plugin {spec!r} registers nothing: a ruleset is a Ruleset subclass with a name, defined in "
            "the module itself (not imported into it), and a theorem a sprague.theorems.Theorem record",
            PluginWarning,
            stacklevel=2,
        )
    return found


def _import_class(spec: str) -> type[Ruleset]:
    module, _, attr = spec.partition(":")
    hint = "write module:ClassName with the module importable"
    if not module.strip() or not attr.strip() or module.startswith("."):
        raise UnknownRuleset(f"cannot load ruleset {spec!r}: {hint}, e.g. mygames:Chain")
    try:
        cls = getattr(importlib.import_module(module), attr)
    except (ImportError, AttributeError) as exc:
        raise UnknownRuleset(f"cannot load ruleset {spec!r}: {exc}; {hint}") from None
    except Exception as exc:  # the user's module failed while importing
        raise UnknownRuleset(
            f"cannot load ruleset {spec!r}: importing {module} raised {type(exc).__name__}: {exc}"
        ) from None
    if not (isinstance(cls, type) and issubclass(cls, Ruleset)):
        raise UnknownRuleset(f"{spec!r} is not a subclass of sprague.Ruleset")
    return cls


def _registered_then_plugins() -> Iterator[type[Ruleset]]:
    """The rulesets registered so far, then those of installed plugins: the plugins are looked for (30 ms)
    only when none of the first is the one wanted."""
    known = len(REGISTRY)
    yield from REGISTRY[:known]
    yield from all_rulesets()[known:]


def find_ruleset(name: str) -> type[Ruleset]:
    """The ruleset class called ``name`` (or one of its aliases), or ``module:Class`` for a user's own."""
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    for cls in _registered_then_plugins():
        if key == cls.name or key in cls.aliases:
            return cls
    if ":" in name:
        return _import_class(name.strip())
    names = [n for cls in REGISTRY for n in (cls.name, *cls.aliases)]
    import difflib

    close = difflib.get_close_matches(key, names, n=1, cutoff=0.5)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    raise UnknownRuleset(f"unknown ruleset {name!r}{hint} ('sprague list' shows every ruleset)")


def ruleset(name: str | type[Ruleset] | Ruleset, **params: Any) -> Ruleset:
    """A ruleset instance by name with its parameters: ``ruleset("subtraction", S={1, 2, 5})``.

    Examples
    --------
    >>> g = ruleset("subtraction", S={1, 2, 5})
    >>> g.grundy((26,)), g.outcome((26,)), g.winning_moves((26,))
    (2, 'N', [(24,), (21,)])
    """
    if isinstance(name, Ruleset):
        if params:
            raise TypeError("parameters cannot be given with a ruleset instance")
        return name
    if not isinstance(name, (str, type)):
        raise UnknownRuleset(
            f"{name!r} is not a ruleset name, Ruleset class or instance ('sprague list' shows every ruleset)"
        )
    cls = name if isinstance(name, type) else find_ruleset(name)
    if not issubclass(cls, Ruleset):
        raise UnknownRuleset(f"{cls!r} is not a subclass of sprague.Ruleset")
    missing = sorted(cls.__abstractmethods__) if inspect.isabstract(cls) else []
    if missing:
        raise UnknownRuleset(f"ruleset class {cls.__name__} must define {', '.join(m + '()' for m in missing)}")
    return cls(**params)


_CODE = re.compile(r"^[0-9.{\[&]")  # no ruleset name starts so: a bare take-and-break code (0.77, 4!.0, 0.F)


def take_break_family() -> type[Ruleset]:
    """The family of the games given by a take-and-break code, its parameter ``code`` (``sprague sweep``)."""
    from sprague.rulesets.takebreak import TakeBreak

    return TakeBreak


def code_family(text: str) -> type[Ruleset] | None:
    """The family whose ``code`` parameter ``text`` is, where ``text`` is a bare code rather than a ruleset name
    (``sprague quotient 0.77``: a take-and-break code), or None.

    >>> code_family("0.77").name, code_family("kayles")
    ('takebreak', None)
    """
    return take_break_family() if _CODE.match(text.strip()) else None


_register_builtins()
