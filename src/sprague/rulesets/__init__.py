"""The registry of built-in rulesets, and :func:`ruleset` to get one by name.

Each ruleset is one small class; ``REGISTRY`` lists them in the order
``sprague list`` shows them. A user-defined ruleset is any subclass of
:class:`sprague.Ruleset`: pass the class itself to :func:`ruleset`, register it
with :func:`register`, or name it on the command line as ``module:Class``.
"""

from __future__ import annotations

import difflib
import importlib
import inspect
from typing import Any

from sprague.core.ruleset import Ruleset
from sprague.errors import UnknownRuleset
from sprague.rulesets.delete import (
    AllButOneDelete, DeleteNim, FractionDelete, HalfDelete, NoMoreThanHalfDelete, SingleDelete, VariantDeleteNim,
)
from sprague.rulesets.hackenbush import GreenHackenbush
from sprague.rulesets.nim import Moore, Nim, Wythoff
from sprague.rulesets.nimhoff import CyclicNimhoff, GeneralizedCyclicNimhoff, Nimhoff
from sprague.rulesets.subtraction import AllBut, Subtraction
from sprague.rulesets.takebreak import GrundysGame, Octal
from sprague.rulesets.turtles import TurningTurtles

__all__ = ["REGISTRY", "register", "find_ruleset", "ruleset"]

REGISTRY: list[type[Ruleset]] = [Nim, Subtraction, AllBut, GrundysGame, Wythoff, Moore, TurningTurtles, GreenHackenbush,
    DeleteNim, VariantDeleteNim, AllButOneDelete, NoMoreThanHalfDelete, HalfDelete, FractionDelete, SingleDelete,
    Nimhoff, CyclicNimhoff, GeneralizedCyclicNimhoff, Octal,
]


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


def _import_class(spec: str) -> type[Ruleset]:
    module, _, attr = spec.partition(":")
    try:
        cls = getattr(importlib.import_module(module), attr)
    except (ImportError, AttributeError) as exc:
        raise UnknownRuleset(f"cannot load ruleset {spec!r}: {exc}; write module:ClassName with the module importable") from None
    if not (isinstance(cls, type) and issubclass(cls, Ruleset)):
        raise UnknownRuleset(f"{spec!r} is not a subclass of sprague.Ruleset")
    return cls


def find_ruleset(name: str) -> type[Ruleset]:
    """The ruleset class called ``name`` (or one of its aliases), or ``module:Class`` for a user's own."""
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    for cls in REGISTRY:
        if key == cls.name or key in cls.aliases:
            return cls
    if ":" in name:
        return _import_class(name.strip())
    names = [n for cls in REGISTRY for n in (cls.name, *cls.aliases)]
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
    cls = name if isinstance(name, type) else find_ruleset(name)
    if not issubclass(cls, Ruleset):
        raise UnknownRuleset(f"{cls!r} is not a subclass of sprague.Ruleset")
    missing = sorted(cls.__abstractmethods__) if inspect.isabstract(cls) else []
    if missing:
        raise UnknownRuleset(f"ruleset class {cls.__name__} must define {', '.join(m + '()' for m in missing)}")
    return cls(**params)
