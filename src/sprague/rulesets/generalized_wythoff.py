"""NimHof: Wythoff's game generalised to any rule vectors, each taken any positive number of times.

Friedman, Garrabrant, Phipps-Morgan, Landsberg and Larsson, "Geometric analysis of a
generalized Wythoff game" (Games of No Chance 5); OEIS A307296-A307301 (N. J. A. Sloane)
list the values of several rule sets. Not to be confused with 003's Nimhoff
(:mod:`sprague.rulesets.cyclic_nimhoff`), where each vector of R is subtracted once.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import reduce
from typing import Any, ClassVar

import numpy as np

from sprague.core.budget import DEFAULT_MAX_WORK
from sprague.core.budget import left as budget_left
from sprague.core.limits import (
    MAX_SET_ELEMENTS,
    refuse_if_too_large,
)
from sprague.core.ruleset import Param
from sprague.errors import InvalidParameter, InvalidPosition, TooLarge
from sprague.kernels import config
from sprague.kernels.rays import ray_steps, ray_table
from sprague.rulesets.heap import Heaps, MultiHeapRuleset

__all__ = ["NimHof"]
ORDER = 71  #: where ``sprague list`` shows this module's rulesets (after 003's Nimhoff)


class NimHof(MultiHeapRuleset):
    """NimHof(R): for a rule vector ``v`` of ``R`` and any ``i >= 1``, move from ``x`` to ``x - i v`` (no heap below 0).

    Friedman, Garrabrant, Phipps-Morgan, Landsberg and Larsson, "Geometric analysis of a
    generalized Wythoff game" (Games of No Chance 5). ``R = 1,0;0,1`` is two-heap Nim
    (OEIS A003987) and ``R = 1,0;1,1;0,1`` is Wythoff's game (A004481); the OEIS lists
    others: A307296 (``R = 1,0;3,2;1,1;0,1``), A307298 (``R = 1,0;1,1;2,3;1,2;0,1``),
    A307299 (``R = 1,0;1,1;1,2;0,1``), A307301 (``R = 1,0;3,1;0,1``).
    Each rule may be taken **any positive number of times** -- unlike 003's Nimhoff
    (``nimhoff``), which takes any amount from one heap or subtracts a vector of R
    **once**. The number of heaps is the length of the vectors (two is the main case).
    A zero vector would be a pass, so the game would never end: it is refused.

    Values: no closed form. A compiled pass over the box of positions below ``x``
    (:func:`sprague.kernels.rays.ray_table`: G = mex over the rays, the work the sum of
    the rays' lengths, estimated exactly before it starts) answers single positions and
    fills ``table`` (``sprague table nimhof -p R=... --max-heap 30``); search remains for
    ``method="search"``.

    >>> g = NimHof(R="1,0;1,1;0,1")
    >>> g.grundy((3, 5)), g.grundy((4, 7)), g.table(3, values="grundy").to_grid().tolist()[1]
    (0, 0, [1, 2, 0, 4])
    """

    board = "grid"  # positions of two heaps are drawn as cells of the grid (x, y), of more heaps as stacks

    name = "nimhof"
    aliases = ("nim-hof", "generalized-wythoff")
    source = (
        "-- Friedman, Garrabrant, Phipps-Morgan, Landsberg & Larsson, Geometric analysis of a generalized "
        "Wythoff game (Games of No Chance 5); OEIS A003987, A004481, A307296, A307298, A307299, A307301"
    )
    parameters: ClassVar[tuple[Param, ...]] = (
        Param(
            "R",
            "vectors",
            "rule vectors, one entry per heap; a move subtracts any positive multiple of one, e.g. "
            '"1,0;1,1;0,1" (Wythoff)',
            example="1,0;1,1;2,3;1,2;0,1",
        ),
    )
    example = ("5", "7")
    position_help = "one heap size per entry of R's vectors, e.g. 5 7"
    interchangeable_heaps = False  # R's vectors are ordered
    vectorised_tables = True

    def __init__(self, **params: Any) -> None:
        zero = _zero_rule(params.get("R"))
        if zero is not None:
            raise InvalidParameter(
                f"nimhof: R contains the zero vector {zero!r}: moving by it is a pass, so play "
                "could go on forever (a loopy game); give every rule a positive entry"
            )
        super().__init__(**params)

    @property
    def dimension(self) -> int:
        """The number of heaps (the length of the rule vectors)."""
        return len(self.params["R"][0])

    def check_position(self, position: Any) -> Heaps:
        heaps = super().check_position(position)
        n = self.dimension
        if len(heaps) != n:
            raise InvalidPosition(
                f"nimhof with rule vectors of length {n} is played on {n} heaps, got {len(heaps)}: {heaps!r}"
            )
        return heaps

    def canonical(self, position: Heaps) -> Any:
        return tuple(position)  # the heaps are not interchangeable

    def moves(self, position: Heaps) -> Iterator[Heaps]:
        for vec in self.params["R"]:
            for i in range(1, _reach(position, vec) + 1):
                yield tuple(x - i * a for x, a in zip(position, vec))

    def option_count(self, position: Heaps) -> int:
        return sum(_reach(position, vec) for vec in self.params["R"])

    def is_move(self, position: Heaps, option: Heaps) -> bool:
        """``position - option`` is a positive multiple of a rule vector."""
        if len(option) != len(position) or min(option, default=0) < 0:
            return False
        diff = [x - o for x, o in zip(position, option)]
        for vec in self.params["R"]:
            j = next(k for k, a in enumerate(vec) if a)
            i, rest = divmod(diff[j], vec[j])
            if i >= 1 and not rest and all(d == i * a for d, a in zip(diff, vec)):
                return True
        return False

    def estimate_positions(self, position: Heaps) -> int:
        return reduce(lambda a, x: a * (x + 1), position, 1)

    # the compiled box --------------------------------------------------------------------
    def box_work(self, top: Heaps, cap: int | None = None) -> int:
        """The box ``0..top`` in positions of the work limit: its cells, or its options (exact, see
        :func:`~sprague.kernels.rays.ray_steps`) over RAY_STEPS_PER_POSITION, whichever is more.

        Past ``cap`` cells the options are not counted (the count takes a step per cell along the longest ray:
        10^30 steps for a heap of 10^30), and the cells are returned: already over."""
        cells = reduce(lambda a, x: a * (x + 1), top, 1)
        if cap is not None and cells > cap:
            return cells
        return max(cells, -(-ray_steps(self.params["R"], top) // config.RAY_STEPS_PER_POSITION))

    def box(self, top: Heaps, limit: int | None = None) -> np.ndarray:
        """G of every position ``0 <= x <= top`` as an array (``box(top)[x]``), refused over ``limit`` (positions).

        The largest box computed is kept, and a smaller one is a slice of it.
        """
        top = tuple(top)
        grid = self.solver.cache.get("grid")  # the values of the largest box computed so far
        if grid is not None and all(t < s for t, s in zip(top, grid.shape)):
            return grid[tuple(slice(0, t + 1) for t in top)]
        if grid is not None:  # grow to cover both: the new box holds the old one
            top = tuple(max(t, s - 1) for t, s in zip(top, grid.shape))
        limit = self.solver.limit if limit is None else limit
        refuse_if_too_large(
            f"nimhof: the values of the box of heaps 0..{'x'.join(map(str, top))}", self.box_work(top, limit), limit
        )
        self.solver.cache["grid"] = grid = ray_table(self.params["R"], top)
        return grid

    def computed_grundy(self, position: Heaps) -> int | None:
        """From the compiled box below ``position``. Over the limit, None: search, which may visit fewer
        positions (a sparse lattice of rules), stops at the request's budget."""
        try:
            return int(self.box(position)[tuple(position)])
        except TooLarge:
            return None  # search, under the request's budget (it may visit fewer positions than the box holds)

    def computed_method(self, position: Heaps) -> str:
        return "compiled NimHof kernel: G = mex over the rays of every rule, the box below the position in one pass"

    def computed_options_with_value(self, position: Heaps, value: int) -> list[Heaps] | None:
        """From the same box (every option lies in it), when the options are few enough to list."""
        if self.option_count(position) > (budget_left() or DEFAULT_MAX_WORK):
            return None
        try:
            grid = self.box(position)
        except TooLarge:
            return None
        return [o for o in self.moves(position) if int(grid[o]) == value]

    def table_values(self, positions: np.ndarray, hi: int, values: str, limit: int) -> tuple[np.ndarray, str]:
        """The whole box ``0..hi`` by the compiled kernel, then looked up (refused if its work passes ``limit``)."""
        grid = self.box((hi,) * self.dimension, limit)
        found = grid[tuple(positions.T)].astype(np.int64)
        if values == "outcome":
            found = (found != 0).astype(np.int64)
        return found, "compiled NimHof kernel (mex over the rays, the whole box at once)"


def _reach(position: Heaps, vec: tuple[int, ...]) -> int:
    """How many times ``vec`` may be subtracted from ``position``."""
    return min(x // a for x, a in zip(position, vec) if a)


def _zero_rule(raw: Any) -> str | None:
    """The first all-zero rule of ``R`` as given (text or a list of vectors), or None (other faults are left to
    :func:`~sprague.core.sets.parse_vectors`)."""
    rows = raw.split(";") if isinstance(raw, str) else raw if isinstance(raw, (list, tuple)) else []
    for row in rows[:MAX_SET_ELEMENTS]:
        parts = row.split(",") if isinstance(row, str) else row if isinstance(row, (list, tuple)) else None
        try:
            if parts and all(int(p) == 0 for p in parts):
                return row if isinstance(row, str) else ",".join(map(str, row))
        except (TypeError, ValueError):
            continue
    return None
