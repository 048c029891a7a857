"""The algorithms over any ruleset: search, evaluation, winning moves, tables, misère play and the box of positions.

Rulesets declare hooks (:class:`sprague.core.ruleset.Rules`); everything computed
from them lives here, as functions that take the ruleset first: memoised search
(:mod:`~sprague.solve.search`), closed form then search with the method and the
work limit (:mod:`~sprague.solve.evaluate`), single-heap sequences
(:mod:`~sprague.solve.sequence`), genera, the tame rule and misère quotients of
one-heap games (:mod:`~sprague.solve.misere`), boxes of positions ranked for the
compiled kernels (:mod:`~sprague.solve.box`), tables of values built
(:mod:`~sprague.solve.tabulate`) and read (:mod:`~sprague.solve.table`).
:class:`~sprague.solve.ruleset.Ruleset`, the public base class
(``sprague.Ruleset``), adds them to the hooks as one-line methods.
What they learn about a ruleset is kept in its ``solver``
(:class:`~sprague.core.solver.Solver`, also exported here). Importing this
package installs nothing.
"""

from sprague.core.solver import Solver
from sprague.solve import evaluate, misere
from sprague.solve.box import Box, box_size, sieve_pays
from sprague.solve.ruleset import LoopyRuleset, Ruleset
from sprague.solve.search import MexSearch
from sprague.solve.table import GrundySequence, Table
from sprague.solve.tabulate import box_table, heap_table

__all__ = [
    "evaluate",
    "misere",
    "Ruleset",
    "LoopyRuleset",
    "Box",
    "box_size",
    "sieve_pays",
    "MexSearch",
    "Solver",
    "Table",
    "GrundySequence",
    "heap_table",
    "box_table",
]
