"""Turning Turtles (handout 002, homework 5)."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from functools import reduce
from operator import xor
from typing import Any

from sprague.core.ruleset import Ruleset
from sprague.errors import InvalidPosition

__all__ = ["TurningTurtles"]
ORDER = 40  #: where ``sprague list`` shows this module's rulesets

_FLIP = {"H": "T", "T": "H"}
_EMPTY = "(no coins)"


class TurningTurtles(Ruleset):
    """Turning Turtles: a row of coins, H (heads) or T (tails), numbered 1, 2, ... from the left.

    A move turns one coin from heads to tails and, optionally, any one coin to its
    left either way. The game is Nim in disguise: a head at place ``i`` is a Nim
    heap of ``i`` (turning ``H`` at ``j`` and the coin at ``i < j`` moves heap ``j``
    to heap ``i``, or removes it when ``i`` was a head too, since two equal heaps
    cancel). Closed form: G = nim-sum of the places of the heads (Berlekamp, Conway
    and Guy, *Winning Ways*, ch. 14; handout homework 5). Winning moves are
    constructive from the same correspondence.
    """

    name = "turning-turtles"
    aliases = ("turtles", "tt")
    source = "002 (handout) homework 5 -- Winning Ways ch. 14"
    example = ("TTHHTHH",)
    position_help = "a row of coins as a string of H and T, e.g. TTHHTHH"
    closed_form = "nim-sum of the places of the heads"

    def check_position(self, position: Any) -> str:
        if not isinstance(position, str):
            raise InvalidPosition(f"turning-turtles: position {position!r} must be a string of H and T, e.g. 'TTHHTHH'")
        row = position.strip().upper()
        if row == _EMPTY.upper():
            return ""
        bad = sorted(set(row) - {"H", "T"})
        if bad:
            raise InvalidPosition(
                f"turning-turtles: {position!r} has {bad[0]!r}; write the row with H (heads) and T (tails) only, e.g. TTHHTHH"
            )
        return row

    def parse_position(self, tokens: Sequence[str]) -> str:
        if not tokens:
            raise InvalidPosition(f"turning-turtles: no position given; write {self.position_help}")
        text = " ".join(tokens)
        return self.check_position(text if text.strip() == _EMPTY else text.replace(" ", ""))

    def format_position(self, position: str) -> str:
        return position or _EMPTY

    def moves(self, position: str) -> Iterator[str]:
        for j, c in enumerate(position):
            if c == "H":
                turned = position[:j] + "T" + position[j + 1:]
                yield turned
                for i in range(j):
                    yield turned[:i] + _FLIP[turned[i]] + turned[i + 1:]

    def positions(self, size: int) -> Iterator[str]:
        """Every row of at most ``size`` coins, shorter rows first (moves keep the length: the set is closed)."""
        for length in range(size + 1):
            for bits in range(2**length):
                yield "".join("H" if bits >> (length - 1 - i) & 1 else "T" for i in range(length))

    def random_position(self, rng: random.Random) -> str:
        """A row of 5 to 10 coins, each heads or tails."""
        return "".join(rng.choice("HT") for _ in range(5 + rng.randrange(6)))

    def option_count(self, position: str) -> int:
        return sum(j + 1 for j, c in enumerate(position) if c == "H")

    def estimate_positions(self, position: str) -> int:
        return 2 ** len(position.rstrip("T"))

    def describe_move(self, position: str, option: str) -> str:
        turned = [f"{i + 1} ({a}->{b})" for i, (a, b) in enumerate(zip(position, option)) if a != b]
        return "turn coin " + " and ".join(reversed(turned))

    def closed_grundy(self, position: str) -> int:
        return reduce(xor, (j + 1 for j, c in enumerate(position) if c == "H"), 0)

    def closed_options_with_value(self, position: str, value: int) -> list[str]:
        total = self.closed_grundy(position)
        found = []
        for j, c in enumerate(position):
            if c != "H":
                continue
            turned = position[:j] + "T" + position[j + 1:]
            target = (j + 1) ^ total ^ value  # heap j+1 must become heap `target`
            if target == 0:
                found.append(turned)
            elif target < j + 1:
                i = target - 1
                found.append(turned[:i] + _FLIP[turned[i]] + turned[i + 1:])
        return found
