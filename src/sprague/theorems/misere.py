"""Theorems about misère play (the player who makes the last move loses), checked against misère search.

* ``misere-nim`` -- Bouton 1901 (his paper treats both conventions); Winning Ways
  ch. 13: a Nim position with a heap of 2 or more is a misère P-position iff its
  nim-sum is 0; one with every heap 0 or 1 iff the number of 1s is odd.
* ``misere-wythoff`` -- sprague's statement with its proof (see
  :class:`~sprague.rulesets.nim.Wythoff`): the normal P-positions with (0,0),
  (1,2), (2,1) replaced by (0,1), (1,0), (2,2).
* ``misere-nim-value`` -- Conway, ONAG ch. 12 (Nim heaps are tame): the misère
  Grundy value g- of a Nim position is its nim-sum, xor 1 when every heap is 0 or 1.

>>> from sprague.theorems import find_theorem
>>> find_theorem("misere-nim").claim_for(3)([1, 1, 1]), find_theorem("misere-nim").claim_for(2)([2, 2])
(0, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from math import isqrt
from typing import Any

from sprague.theorems import N, P, Theorem, register_theorem

__all__ = ["misere_nim_claim", "misere_nim_value_claim", "misere_wythoff_claim"]


def _nim_sum(heaps: Sequence[int]) -> tuple[int, bool]:
    """The nim-sum and whether a heap of 2 or more is present."""
    s, big = 0, False
    for h in heaps:
        s ^= h
        if h >= 2:
            big = True
    return s, big


def misere_nim_claim(n: int, params: dict[str, Any]) -> Any:
    def claim(heaps: Sequence[int]) -> int:
        s, big = _nim_sum(heaps)
        if big:
            return P if s == 0 else N
        return P if s == 1 else N  # heaps of 0 and 1: the nim-sum is the parity of the 1s

    return claim


def misere_nim_value_claim(n: int, params: dict[str, Any]) -> Any:
    def claim(heaps: Sequence[int]) -> int:
        s, big = _nim_sum(heaps)
        return s if big else s ^ 1

    return claim


def _any_heaps(n: int, params: dict[str, Any]) -> bool:
    return n >= 1


register_theorem(
    Theorem(
        name="misere-nim",
        ruleset="nim",
        citation="Bouton 1901; Winning Ways ch. 13",
        kind="outcome",
        misere=True,
        statement="misère Nim: with a heap of 2 or more, P iff the nim-sum is 0; else P iff the number of 1s is odd",
        make_claim=misere_nim_claim,
        heap_ok=_any_heaps,
        heaps_doc="any number of heaps",
        default_heaps=3,
        test_box=(3, 6),
    )
)

register_theorem(
    Theorem(
        name="misere-nim-value",
        ruleset="nim",
        citation="Conway, On Numbers and Games ch. 12",
        kind="grundy",
        misere=True,
        statement="misère Grundy value of Nim: g- = nim-sum, xor 1 when every heap is 0 or 1",
        make_claim=misere_nim_value_claim,
        heap_ok=_any_heaps,
        heaps_doc="any number of heaps",
        default_heaps=3,
        test_box=(3, 6),
    )
)


def misere_wythoff_claim(n: int, params: dict[str, Any]) -> Any:
    def claim(heaps: Sequence[int]) -> int:
        a, b = heaps[0], heaps[1]
        if (a, b) in ((0, 1), (2, 2)):
            return P
        if (a, b) in ((0, 0), (1, 2)):
            return N
        k = b - a  # Wythoff: (a, b), a <= b, is P iff a = floor(k phi) = (k + isqrt(5 k^2)) // 2
        return P if a == (k + isqrt(5 * k * k)) // 2 else N

    return claim


register_theorem(
    Theorem(
        name="misere-wythoff",
        ruleset="wythoff",
        citation="sprague (proof in the Wythoff class docstring)",
        kind="outcome",
        misere=True,
        origin="sprague",
        statement="misère Wythoff: the normal P-positions with (0,0), (1,2), (2,1) replaced by (0,1), (1,0), (2,2)",
        make_claim=misere_wythoff_claim,
        heap_ok=lambda n, params: n == 2,
        heaps_doc="2 heaps",
        default_heaps=2,
        test_box=(2, 60),
    )
)


def misere_moore_claim(n: int, params: dict[str, Any]) -> Any:
    m = params["k"] + 1

    def claim(heaps: Sequence[int]) -> int:
        if heaps[-1] <= 1:  # sorted: every heap is 0 or 1
            return P if sum(heaps) % m == 1 else N
        for j in range(heaps[-1].bit_length()):
            column = 0
            for h in heaps:
                column += (h >> j) & 1
            if column % m:
                return N
        return P

    return claim


register_theorem(
    Theorem(
        name="misere-moore",
        ruleset="moore",
        citation="Moore 1910",
        kind="outcome",
        misere=True,
        params={"k": 2},
        statement="misère Moore's Nim_k: as in normal play while a heap of 2 or more is left; heaps of 0 and 1: "
        "P iff the number of 1s is 1 mod k+1",
        make_claim=misere_moore_claim,
        heap_ok=_any_heaps,
        heaps_doc="any number of heaps",
        default_heaps=4,
        test_box=(4, 7),
    )
)
