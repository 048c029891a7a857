"""Game-agnostic theory: nim arithmetic, the ruleset protocol, the solver, sums."""

from sprague.core.nimber import mex, nim_sum, v2
from sprague.core.ruleset import Evaluation, Param, Ruleset
from sprague.core.solver import DEFAULT_MAX_POSITIONS, Solver

__all__ = ["mex", "nim_sum", "v2", "Evaluation", "Param", "Ruleset", "DEFAULT_MAX_POSITIONS", "Solver"]
