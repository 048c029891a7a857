"""Theorems about loopy games (play may go on forever; outcomes P, N or D), checked against the game graph.

* ``square-but-one`` -- limsup, "Combinatorial Game Theory V", mathstrek blog
  (2012): in Square-But-One (subtract a square, or add one stone to a positive
  even heap) a heap is P iff it is 0 or 5, N iff it is m^2 or m^2 + 5, and a draw
  otherwise. Checked heap by heap against the search of each heap's game graph
  (the local rule of short games does not hold on cycles).

>>> from sprague.theorems import find_theorem
>>> [find_theorem("square-but-one").claim_for(1)([n]) for n in range(8)]
[0, 1, 2, 2, 1, 0, 1, 2]
"""

from __future__ import annotations

from collections.abc import Sequence
from math import isqrt
from typing import Any

from sprague.theorems import D, N, P, Theorem, register_theorem

__all__ = ["square_but_one_claim"]


def _square(n: int) -> bool:
    return n >= 0 and isqrt(n) ** 2 == n


def square_but_one_claim(n: int, params: dict[str, Any]) -> Any:
    def claim(heaps: Sequence[int]) -> int:
        h = heaps[0]
        if h in (0, 5):
            return P
        return N if _square(h) or _square(h - 5) else D

    return claim


register_theorem(
    Theorem(
        name="square-but-one",
        ruleset="square-but-one",
        citation="limsup, Combinatorial Game Theory V, mathstrek (2012)",
        kind="outcome",
        statement="one heap: P iff 0 or 5; N iff m^2 or m^2 + 5; a draw (D) otherwise",
        make_claim=square_but_one_claim,
        heap_ok=lambda n, params: n == 1,
        heaps_doc="one heap",
        default_heaps=1,
        test_box=(1, 200),
    )
)
