"""The algorithms over any ruleset: search, evaluation, winning moves, tables and the box of positions.

Rulesets declare hooks (:mod:`sprague.core.ruleset`); everything computed from
them lives here: memoised search (:mod:`~sprague.solve.search`), closed form
then search with the method and the work limit (:mod:`~sprague.solve.evaluate`,
installed as the engine behind ``Ruleset.grundy`` and the other public methods),
boxes of positions ranked for the compiled kernels (:mod:`~sprague.solve.box`)
and tables of values (:mod:`~sprague.solve.table`).
"""

from sprague.core.ruleset import install_engine
from sprague.solve import evaluate
from sprague.solve.box import Box, box_size, sieve_pays
from sprague.solve.search import Solver
from sprague.solve.table import GrundySequence, Table, box_table, heap_table

install_engine(evaluate)

__all__ = ["evaluate", "Box", "box_size", "sieve_pays", "Solver", "Table", "GrundySequence", "heap_table",
           "box_table"]
