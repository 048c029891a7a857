"""What sprague has computed for one ruleset: the memos, the values known, the limit of the call in progress.

A ruleset (:class:`~sprague.core.ruleset.Rules`) holds its rules; everything the
algorithms of :mod:`sprague.solve` learn about it lives in one :class:`Solver`,
the ruleset's ``solver``, kept beside the rules the way networkx keeps an
algorithm's cache on the graph (``G.__networkx_cache__``): the search memos of
normal and misère play, the Grundy values of single heaps known so far, the
period certified, the misère theory (genera, quotients, the proof), and the
work limit of the public call in progress, which hooks that compute read.

Equal rules share no state: two rulesets made alike each have their own
solver. To start afresh, give a ruleset a new one (``r.solver = Solver()``);
to reuse what another computed, hand it over (``r.solver = other.solver``).

>>> import sprague
>>> from sprague.core.solver import Solver
>>> r = sprague.ruleset("kayles")
>>> r.grundy((10,)), len(r.solver.values) >= 11
(2, True)
>>> r.solver = Solver()
>>> len(r.solver.values)
0
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from sprague.core.limits import DEFAULT_MAX_POSITIONS

__all__ = ["Solver", "MisereState"]


@dataclass
class MisereState:
    """What misère play computed for one heap ruleset (:mod:`sprague.solve.misere`): the genus memo, the
    quotients by heap bound, and the quotient proved for all heaps (``proof``; ``proof_tried`` once it was looked
    for, found or not)."""

    genera: Any = None
    quotients: dict[int, Any] = field(default_factory=dict)
    proof_tried: bool = False
    proof: Any = None


def _no_values() -> np.ndarray:
    return np.zeros(0, dtype=np.int64)


@dataclass
class Solver:
    """The state of sprague's algorithms for one ruleset (see the module docstring).

    ``limit``: the work limit of the public call in progress (set by each public call; hooks that compute
    read it). ``search``, ``misere_search``: the search memos of normal and misère play
    (:class:`~sprague.solve.search.MexSearch`, or :class:`~sprague.solve.loopy.LoopySearch` for a loopy game),
    made on first use. ``values``: the Grundy values of single heaps ``0 .. len(values) - 1`` known so far
    (heap rulesets). ``period``: the period certified for them, if any; ``first_tried``: whether the one cheap
    attempt at a certificate was made; ``most_values``: a cap on the values a certificate may compute (see
    :func:`sprague.solve.sequence.at_most`). ``misere``: the misère theory (:class:`MisereState`). ``cache``: a
    ruleset's own tables (say, the largest box of values computed), by name.
    """

    limit: int = DEFAULT_MAX_POSITIONS
    search: Any = None
    misere_search: Any = None
    values: np.ndarray = field(default_factory=_no_values)
    period: Any = None
    first_tried: bool = False
    most_values: int | None = None
    misere: MisereState = field(default_factory=MisereState)
    cache: dict[str, Any] = field(default_factory=dict)
