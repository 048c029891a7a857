"""sprague: impartial combinatorial games, their Grundy values and the theorems about them.

>>> import sprague
>>> sprague.ruleset("nim").grundy((3, 5, 6))
0
"""

from typing import TYPE_CHECKING

from sprague import viz as _viz  # noqa: F401  (the Jupyter reprs)
from sprague._version import __version__ as __version__
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

if TYPE_CHECKING:
    from sprague.sweep import sweep


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


def __getattr__(name: str) -> object:
    """``sprague.sweep`` (imported when first asked for), and ``sprague.HeapGame`` and ``sprague.PeriodicHeapGame``,
    the names before 0.2 (deprecated)."""
    if name == "sweep":
        from sprague.sweep import sweep

        return sweep
    if name in ("HeapGame", "PeriodicHeapGame"):
        from sprague.rulesets import heap

        return getattr(heap, name)
    raise AttributeError(f"module 'sprague' has no attribute {name!r}")
