"""sprague: impartial combinatorial games, their Grundy values and the theorems about them.

>>> import sprague
>>> sprague.ruleset("nim").grundy((3, 5, 6))
0
"""

import importlib
from typing import TYPE_CHECKING

from sprague._version import __version__ as __version__

if TYPE_CHECKING:
    from sprague.analysis import Periodicity, find_period
    from sprague.core import DEFAULT_MAX_POSITIONS, Evaluation, Param, mex, nim_sum, v2
    from sprague.core.budget import Budget, budget
    from sprague.core.loopy import Infinite, LoopyValue, add_values, loopy_outcome, parse_value
    from sprague.core.ruleset import Position
    from sprague.errors import (
        BudgetExceeded,
        IllegalMove,
        InvalidParameter,
        InvalidPosition,
        NoClosedForm,
        NotShortGame,
        SpragueError,
        TooLarge,
        UnknownRuleset,
    )
    from sprague.rulesets import REGISTRY, find_ruleset, register, ruleset
    from sprague.rulesets.heap import HeapRuleset, Heaps, MultiHeapRuleset, PeriodicHeapRuleset
    from sprague.rulesets.sums import Sum
    from sprague.solve.move import Move
    from sprague.solve.ruleset import LoopyRuleset, Ruleset
    from sprague.sweep import sweep

#: where each public name lives. They are imported when one of them is first asked for, all at once (with the
#: Jupyter reprs of :mod:`sprague.viz`): ``import sprague`` itself imports nothing more, so that a process using
#: only ``sprague.kernels`` (a take-and-break run compiled ahead of time) starts without the rulesets.
_WHERE = {
    "Periodicity": "sprague.analysis",
    "find_period": "sprague.analysis",
    "DEFAULT_MAX_POSITIONS": "sprague.core",
    "Evaluation": "sprague.core",
    "Param": "sprague.core",
    "mex": "sprague.core",
    "nim_sum": "sprague.core",
    "v2": "sprague.core",
    "Budget": "sprague.core.budget",
    "budget": "sprague.core.budget",
    "Infinite": "sprague.core.loopy",
    "LoopyValue": "sprague.core.loopy",
    "add_values": "sprague.core.loopy",
    "loopy_outcome": "sprague.core.loopy",
    "parse_value": "sprague.core.loopy",
    "Position": "sprague.core.ruleset",
    "BudgetExceeded": "sprague.errors",
    "IllegalMove": "sprague.errors",
    "InvalidParameter": "sprague.errors",
    "InvalidPosition": "sprague.errors",
    "NoClosedForm": "sprague.errors",
    "NotShortGame": "sprague.errors",
    "SpragueError": "sprague.errors",
    "TooLarge": "sprague.errors",
    "UnknownRuleset": "sprague.errors",
    "REGISTRY": "sprague.rulesets",
    "find_ruleset": "sprague.rulesets",
    "register": "sprague.rulesets",
    "ruleset": "sprague.rulesets",
    "HeapRuleset": "sprague.rulesets.heap",
    "Heaps": "sprague.rulesets.heap",
    "MultiHeapRuleset": "sprague.rulesets.heap",
    "PeriodicHeapRuleset": "sprague.rulesets.heap",
    "Sum": "sprague.rulesets.sums",
    "Move": "sprague.solve.move",
    "LoopyRuleset": "sprague.solve.ruleset",
    "Ruleset": "sprague.solve.ruleset",
}


__all__ = [
    "ruleset",
    "find_ruleset",
    "register",
    "REGISTRY",
    "Sum",
    "Ruleset",
    "HeapRuleset",
    "MultiHeapRuleset",
    "PeriodicHeapRuleset",
    "Heaps",
    "Position",
    "Move",
    "Param",
    "LoopyRuleset",
    "Infinite",
    "LoopyValue",
    "add_values",
    "loopy_outcome",
    "parse_value",
    "Evaluation",
    "mex",
    "nim_sum",
    "v2",
    "Periodicity",
    "find_period",
    "DEFAULT_MAX_POSITIONS",
    "SpragueError",
    "UnknownRuleset",
    "InvalidParameter",
    "InvalidPosition",
    "IllegalMove",
    "TooLarge",
    "BudgetExceeded",
    "budget",
    "Budget",
    "NotShortGame",
    "NoClosedForm",
    "sweep",
]


def _load() -> None:
    """Import every public name (:data:`_WHERE`) and the Jupyter reprs."""
    importlib.import_module("sprague.viz")
    for name, module in _WHERE.items():
        globals()[name] = getattr(importlib.import_module(module), name)


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


def __getattr__(name: str) -> object:
    """The public names (imported when one is first asked for), ``sprague.sweep``, and ``sprague.HeapGame`` and
    ``sprague.PeriodicHeapGame``, the names before 0.2 (deprecated)."""
    if name in _WHERE:
        _load()
        return globals()[name]
    if name == "sweep":  # (the module of that name, once imported, is found before this)
        from sprague.sweep import sweep

        return sweep
    if name in ("HeapGame", "PeriodicHeapGame"):
        from sprague.rulesets import heap

        return getattr(heap, name)
    raise AttributeError(f"module 'sprague' has no attribute {name!r}")
