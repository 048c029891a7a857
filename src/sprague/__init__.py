"""sprague: impartial combinatorial games, their Grundy values and the theorems about them.

>>> import sprague
>>> sprague.ruleset("nim").grundy((3, 5, 6))
0
"""

from sprague.analysis import Periodicity, find_period
from sprague.core import DEFAULT_MAX_POSITIONS, Evaluation, Param, Ruleset, mex, nim_sum, v2
from sprague.core.sums import Sum
from sprague.errors import (
    IllegalMove,
    InvalidParameter,
    InvalidPosition,
    NotShortGame,
    SpragueError,
    TooLarge,
    UnknownRuleset,
)
from sprague.rulesets import REGISTRY, find_ruleset, register, ruleset
from sprague.rulesets.heap import HeapGame, HeapRuleset

__version__ = "0.1.0"

__all__ = [
    "ruleset", "find_ruleset", "register", "REGISTRY", "Sum", "Ruleset", "HeapRuleset", "HeapGame", "Param",
    "Evaluation", "mex", "nim_sum", "v2", "Periodicity", "find_period", "DEFAULT_MAX_POSITIONS",
    "SpragueError", "UnknownRuleset", "InvalidParameter", "InvalidPosition", "IllegalMove", "TooLarge",
    "NotShortGame",
]
