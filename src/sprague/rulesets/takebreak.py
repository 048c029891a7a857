"""Take-and-break games: games in which a move may split a heap."""

from __future__ import annotations

from collections.abc import Iterable

from sprague.rulesets.heap import HeapGame, Heaps

__all__ = ["GrundysGame"]


class GrundysGame(HeapGame):
    """Grundy's game: split one heap into two non-empty heaps of different sizes.

    Grundy 1939; handout 002 homework 7. No closed formula is known, and the sequence is
    conjectured but not known to be periodic. Values come from the heap
    recursion (G(n) = mex of G(a) xor G(n-a), a < n-a); OEIS A002188 is the test data.
    """

    name = "grundys-game"
    aliases = ("grundy", "grundys")
    source = "002 (handout) homework 7 -- Grundy 1939; OEIS A002188"
    splits = True
    example = ("10",)
    position_help = "heap sizes separated by spaces, e.g. 10"

    def heap_options(self, n: int) -> Iterable[Heaps]:
        return ((n - a, a) for a in range(1, (n - 1) // 2 + 1))

    def heap_option_count(self, n: int) -> int:
        return (n - 1) // 2
