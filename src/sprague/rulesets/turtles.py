"""Turning Turtles (handout 002, homework 5)."""

from __future__ import annotations

from collections.abc import Iterator
from functools import reduce
from operator import xor

from sprague.core.limits import MAX_OPTION_ENTRIES, refuse_if_too_large
from sprague.rulesets.turning import Turning

__all__ = ["TurningTurtles"]
ORDER = 40  #: where ``sprague list`` shows this module's rulesets

_FLIP = {"H": "T", "T": "H"}


class TurningTurtles(Turning):
    """Turning Turtles: a row of coins, H (heads) or T (tails), numbered 1, 2, ... from the left.

    A move turns one coin from heads to tails and, optionally, any one coin to its
    left either way. The game is Nim in disguise: a head at place ``i`` is a Nim
    heap of ``i`` (turning ``H`` at ``j`` and the coin at ``i < j`` moves heap ``j``
    to heap ``i``, or removes it when ``i`` was a head too, since two equal heaps
    cancel). Closed form: G = nim-sum of the places of the heads (Berlekamp, Conway
    and Guy, *Winning Ways*, ch. 14; handout homework 5). Winning moves are
    constructive from the same correspondence.

    It is the coin-turning game of code ``1-2`` (:class:`~sprague.rulesets.turning.Turning`,
    whose rows, parsing and heap representation it shares), with its own closed form.
    """

    name = "turning-turtles"
    aliases = ("turtles", "tt")
    source = "002 (handout) homework 5 -- Winning Ways ch. 14"
    example = ("TTHHTHH",)
    position_help = "a row of coins as a string of H and T, e.g. TTHHTHH"
    closed_form = "nim-sum of the places of the heads"
    parameters = ()
    preset_parameters = Turning.parameters
    preset = {"code": "1-2"}

    def closed_method(self, position: str) -> str:
        return f"closed form: {self.closed_form}"

    def moves(self, position: str) -> Iterator[str]:
        """As :class:`~sprague.rulesets.turning.Turning` with code 1-2, listed directly (no code to read)."""
        for j, c in enumerate(position):
            if c == "H":
                turned = position[:j] + "T" + position[j + 1 :]
                yield turned
                for i in range(j):
                    yield turned[:i] + _FLIP[turned[i]] + turned[i + 1 :]

    def option_count(self, position: str) -> int:
        return sum(j + 1 for j, c in enumerate(position) if c == "H")

    def closed_grundy(self, position: str) -> int:
        return reduce(xor, (j + 1 for j, c in enumerate(position) if c == "H"), 0)

    def _heads_to_move(self, position: str, value: int) -> Iterator[tuple[int, int]]:
        """``(j, target)`` for each head at ``j`` whose heap ``j + 1`` can become heap ``target`` (0: removed),
        leaving Grundy value ``value``; left to right, in linear time (no strings built)."""
        total = self.closed_grundy(position)
        for j, c in enumerate(position):
            if c == "H":
                target = (j + 1) ^ total ^ value  # heap j+1 must become heap `target`
                if target < j + 1:
                    yield j, target

    def _move(self, position: str, j: int, target: int) -> str:
        turned = position[:j] + "T" + position[j + 1 :]
        if target == 0:
            return turned
        i = target - 1
        return turned[:i] + _FLIP[turned[i]] + turned[i + 1 :]

    def closed_options_with_value(self, position: str, value: int) -> list[str]:
        moves = list(self._heads_to_move(position, value))
        # each option is a row as long as the position: refuse a quadratic list before building it
        refuse_if_too_large(
            f"turning-turtles: listing {len(moves):,} options of {len(position):,} coins",
            len(moves) * len(position),
            max(self.solver.limit, MAX_OPTION_ENTRIES),
        )
        return [self._move(position, j, target) for j, target in moves]

    def closed_winning_move(self, position: str) -> str | None:
        """The first winning move of :meth:`closed_options_with_value`, in linear time."""
        first = next(self._heads_to_move(position, 0), None)
        return None if first is None else self._move(position, *first)
