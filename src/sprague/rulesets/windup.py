"""WindUp: a subtraction game played modulo n (a loopy heap game)."""

from __future__ import annotations

from typing import Any

from sprague.core.ruleset import Param
from sprague.errors import InvalidPosition
from sprague.rulesets.loopyheap import LoopyHeapRuleset

__all__ = ["WindUp"]
ORDER = 97  #: where ``sprague list`` shows this module's rulesets


class WindUp(LoopyHeapRuleset):
    """WindUp: a subtraction game played modulo ``n``; the heap 0 ends the game.

    Proposed by Alfie Davies at the Games-at-Dal 2023 conference, as the cgt
    Rust library (cgt-tools) records it: a position is a residue ``0..n-1``; from a
    position other than 0 a move subtracts some ``s`` of ``S``, modulo ``n``
    (so it may wrap round to a larger residue, and play may cycle). No closed
    form is published; values come from the game graph, which has at most ``n``
    positions.

    >>> import sprague
    >>> game = sprague.ruleset("windup", n=7, S={1, 2, 5})
    >>> [game.grundy(i) for i in range(7)]
    [0, 1, 2, 0, 1, 2, 0]
    >>> [game.outcome(i) for i in range(4)], sprague.ruleset("windup", n=4, S={2}).grundy(1)
    (['P', 'N', 'N', 'P'], ∞{})
    """

    name = "windup"
    aliases = ("wind-up",)
    source = "-- Alfie Davies, Games-at-Dal 2023 (cgt-tools)"
    parameters = (
        Param("n", "int", "the modulus: positions are 0 .. n-1", minimum=1, example="6"),
        Param("S", "set", "the amounts that may be subtracted (modulo n), e.g. 1,2,5", example="2"),
    )
    example = ("4",)

    def check_heap(self, n: int) -> int:
        if not 0 <= n < self.params["n"]:
            raise InvalidPosition(
                f"windup: position {n} is not a residue 0 .. {self.params['n'] - 1} (n={self.params['n']})"
            )
        return n

    def heap_moves(self, i: int) -> list[int]:
        if i == 0:
            return []
        n = self.params["n"]
        return list(dict.fromkeys((i - s) % n for s in self.params["S"]))

    def heap_option_count(self, i: int) -> int:
        return len(self.params["S"]) if i else 0

    def describe_move(self, position: tuple[int, ...], option: tuple[int, ...]) -> str:
        for k, (a, b) in enumerate(zip(position, option)):
            if a != b:
                s = (a - b) % self.params["n"]
                return f"heap {k + 1}: {a} -> {b} (subtracts {s} mod {self.params['n']})"
        return "pass"

    def random_position(self, rng: Any) -> tuple[int, ...]:
        return tuple(rng.randrange(self.params["n"]) for _ in range(rng.randrange(1, 4)))
