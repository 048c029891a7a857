"""Game-agnostic theory: nim arithmetic, sets and parsing, work limits, the ruleset protocol (its hooks)."""

from sprague.core.limits import DEFAULT_MAX_POSITIONS
from sprague.core.nimber import mex, nim_sum, v2
from sprague.core.params import Param
from sprague.core.ruleset import Evaluation, Rules

__all__ = ["mex", "nim_sum", "v2", "Evaluation", "Param", "Rules", "DEFAULT_MAX_POSITIONS"]
