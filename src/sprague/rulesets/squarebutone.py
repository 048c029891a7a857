"""Square-But-One: subtract a square, or add one stone to an even heap (a loopy heap game)."""

from __future__ import annotations

from collections.abc import Iterator
from math import isqrt

from sprague.rulesets.loopyheap import LoopyHeapRuleset

__all__ = ["SquareButOne"]
ORDER = 96  #: where ``sprague list`` shows this module's rulesets


def _is_square(n: int) -> bool:
    return n >= 0 and isqrt(n) ** 2 == n


class SquareButOne(LoopyHeapRuleset):
    """Square-But-One: remove a positive square number of stones, or add one stone to a positive even heap.

    From "Combinatorial Game Theory V" (Lesson 5, on loopy games), the mathstrek
    blog by limsup, 10 August 2012. A heap never grows past one more than it
    started (an even heap becomes odd), so each heap's game graph is finite, but it
    has cycles (4 -> 5 -> 4). The blog's theorem: 0 and 5 are P-positions, the
    squares m^2 and m^2 + 5 are N-positions, and every other heap is a draw. Its
    proof is left to the reader; ``sprague verify square-but-one`` checks it against
    the game graph, and the tests do so to heap 3,000.

    >>> import sprague
    >>> game = sprague.ruleset("square-but-one")
    >>> [game.outcome(n) for n in range(10)]
    ['P', 'N', 'D', 'D', 'N', 'P', 'N', 'D', 'D', 'N']
    >>> game.grundy(2), game.grundy(4), game.grundy((4, 6))
    (∞{1}, ∞{0}, ∞{})
    """

    name = "square-but-one"
    source = "-- limsup, Combinatorial Game Theory V, mathstrek blog (2012)"
    closed_form = "P = {0, 5}, N = {m^2, m^2 + 5}, D otherwise (limsup 2012)"
    example = ("4",)

    def heap_moves(self, n: int) -> Iterator[int]:
        for k in range(1, isqrt(n) + 1):  # lazily: a huge heap has too many moves to list
            yield n - k * k
        if n > 0 and n % 2 == 0:
            yield n + 1

    def closed_winning_move(self, position: tuple[int, ...]) -> tuple[int, ...] | None:
        """One heap of m^2 or m^2 + 5: to 0 (the game ends), or to 5 (whose options 4 and 1 both move to 0)."""
        if len(position) != 1:
            return None
        n = position[0]
        return (0,) if n > 0 and _is_square(n) else (5,) if n > 5 and _is_square(n - 5) else None

    def heap_closed_outcome(self, n: int) -> str:
        if n in (0, 5):
            return "P"
        return "N" if _is_square(n) or _is_square(n - 5) else "D"

    def heap_option_count(self, n: int) -> int:
        return isqrt(n) + (n > 0 and n % 2 == 0)

    def heap_graph_size(self, n: int) -> int:
        return n + 2
