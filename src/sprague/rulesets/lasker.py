"""Lasker's Nim: Nim in which a move may instead split a heap into two non-empty heaps.

>>> import sprague
>>> lasker = sprague.ruleset("laskers-nim")
>>> lasker.sequence(12).tolist(), lasker.winning_move((3, 5))
([0, 1, 2, 4, 3, 5, 6, 8, 7, 9, 10, 12], (3, 3))
"""

from __future__ import annotations

from collections.abc import Iterable

from sprague.analysis.periodicity import Periodicity
from sprague.rulesets.heap import HeapRuleset, Heaps

__all__ = ["LaskersNim", "lasker_value", "lasker_heap_of_value"]

ORDER = 36  #: where ``sprague list`` shows this module's rulesets (with the named games)


def lasker_value(n: int) -> int:
    """G(n) of one heap: G(4k+3) = 4k+4, G(4k+4) = 4k+3, otherwise G(n) = n (Winning Ways ch. 4)."""
    r = n % 4
    return n + 1 if r == 3 else n - 1 if r == 0 and n else n


def lasker_heap_of_value(g: int) -> int:
    """The one heap of value ``g`` (``lasker_value`` is a bijection of the naturals: it swaps 4k+3 and 4k+4)."""
    return lasker_value(g)


class LaskersNim(HeapRuleset):
    """Lasker's Nim: remove any positive number of tokens from one heap, or split one heap into two non-empty heaps.

    Closed form (Emanuel Lasker, *Brettspiele der Völker*, 1931; Berlekamp, Conway
    and Guy, *Winning Ways*, ch. 4): G(4k+1) = 4k+1, G(4k+2) = 4k+2,
    G(4k+3) = 4k+4, G(4k+4) = 4k+3, and G(0) = 0; a position's value is the
    nim-sum. Winning moves are constructive: the heap of value ``t`` is
    ``lasker_value(t)``, and a heap of 4k+3 reaches value 4k+3 by splitting off
    one token. In take-and-break notation the game is ``4.333...``, a code with
    infinitely many digits.
    """

    name = "laskers-nim"
    aliases = ("lasker", "laskers")
    source = "-- Lasker 1931; Winning Ways ch. 4"
    closed_form = "G(4k+3) = 4k+4, G(4k+4) = 4k+3, otherwise G(n) = n; nim-sum over the heaps"
    splits = True
    example = ("3", "5", "7")

    def heap_options(self, n: int) -> Iterable[Heaps]:
        yield from ((m,) for m in range(n - 1, -1, -1))
        yield from ((a, n - a) for a in range(1, n // 2 + 1))

    def heap_option_count(self, n: int) -> int:
        return n + n // 2

    def heap_grundy_closed(self, n: int) -> int:
        return lasker_value(n)

    def heap_method(self, n: int) -> str:
        return "Lasker's closed form: G(4k+3) = 4k+4, G(4k+4) = 4k+3, otherwise G(n) = n"

    def heap_option_with_value(self, n: int, value: int) -> Heaps | None:
        """A heap of ``n`` goes to the one heap of value ``value`` if smaller, or splits 4k+3 into 1 and 4k+2."""
        m = lasker_heap_of_value(value)
        if m < n:
            return (m,)
        if n % 4 == 3 and value == n:  # G(1) xor G(4k+2) = 1 xor (4k+2) = 4k+3
            return (1, n - 1)
        return None

    def is_heap_option(self, n: int, parts: Heaps) -> bool:
        kept = [p for p in parts if p]
        return (len(kept) <= 1 and sum(kept) < n) or (len(kept) == 2 and sum(kept) == n)

    certifies_periods = True

    def periodicity(self, max_positions: int | None = None) -> Periodicity:
        """G(n + 4) = G(n) + 4 from n = 1: arithmetic periodic, period 4 and saltus 4 (the closed form)."""
        return Periodicity(1, 4, 4, True, "Lasker's Nim closed form (Winning Ways ch. 4)")
