"""Theorems about coin-turning games, whose positions are rows of coins (not heaps): checked on every row of at
most ``--max-heap`` coins (``box="positions"``, the ruleset's own ``positions(size)``).

* ``turning-turtles-heads`` -- Winning Ways ch. 14: Turning Turtles is Nim in disguise, a head at place ``n``
  (numbered from 1 at the left) a Nim heap of ``n``: the value of a row is the nim-sum of the places of its heads.
* ``mock-turtles-odious`` -- Winning Ways ch. 14: in Mock Turtles (turn up to three coins, the rightmost from
  heads to tails) a lone head at place ``n`` has the value of the ``n``-th odious number (1, 2, 4, 7, 8, 11, ...,
  OEIS A000069), and a row the nim-sum of its heads' values.

>>> from sprague.theorems import find_theorem
>>> find_theorem("turning-turtles-heads").claim_for(0)("THTH"), find_theorem("mock-turtles-odious").claim_for(0)("TTTH")
(6, 7)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sprague.theorems import Theorem, register_theorem

__all__ = ["heads_claim", "odious_claim"]


def _nim_sum_over_heads(value: Callable[[int], int]) -> Callable[[str], int]:
    def claim(row: str) -> int:
        g = 0
        for place, coin in enumerate(row, start=1):
            if coin == "H":
                g ^= value(place)
        return g

    return claim


def heads_claim(n: int, params: dict[str, Any]) -> Callable[[str], int]:
    """The nim-sum of the places of the heads."""
    return _nim_sum_over_heads(lambda place: place)


def _odious(place: int) -> int:
    """The ``place``-th odious number (a number with an odd count of 1 bits), from 1: 1, 2, 4, 7, 8, ..."""
    k = place - 1
    return 2 * k + (bin(k).count("1") % 2 == 0)


def odious_claim(n: int, params: dict[str, Any]) -> Callable[[str], int]:
    """The nim-sum over the heads of the odious number of each head's place."""
    return _nim_sum_over_heads(_odious)


register_theorem(
    Theorem(
        name="turning-turtles-heads",
        ruleset="turning-turtles",
        box="positions",
        kind="grundy",
        citation="Winning Ways ch. 14 (Turning Turtles is Nim in disguise)",
        statement="G = nim-sum of the places of the heads (places numbered from 1 at the left)",
        make_claim=heads_claim,
        test_box=(0, 9),
    )
)

register_theorem(
    Theorem(
        name="mock-turtles-odious",
        ruleset="mock-turtles",
        box="positions",
        kind="grundy",
        citation="Winning Ways ch. 14; OEIS A000069",
        statement="G = nim-sum over the heads of the n-th odious number, n the head's place from 1 at the left",
        make_claim=odious_claim,
        test_box=(0, 8),
    )
)
