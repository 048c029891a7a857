"""The algorithms over any ruleset: search, evaluation, winning moves, tables and the box of positions.

Rulesets declare hooks (:mod:`sprague.core.ruleset`); everything computed from
them lives here: memoised search (:mod:`~sprague.solve.search`), closed form
then search with the method and the work limit (:mod:`~sprague.solve.evaluate`,
called by ``Ruleset.grundy`` and the other public methods of :mod:`~sprague.solve.ruleset`),
boxes of positions ranked for the compiled kernels (:mod:`~sprague.solve.box`)
and tables of values (:mod:`~sprague.solve.table`).
"""

from sprague.solve import evaluate
from sprague.solve.box import Box, box_size, sieve_pays
from sprague.solve.search import Solver
from sprague.solve.table import GrundySequence, Table, box_table, heap_table

__all__ = ["evaluate", "Box", "box_size", "sieve_pays", "Solver", "Table", "GrundySequence", "heap_table",
           "box_table"]
