"""Loopy games on independent heaps: a move changes one heap, and may make it larger.

A position of several heaps is the sum of its heaps, so its value gamma follows
from the heaps' values by Smith's rule (:func:`~sprague.core.loopy.add_values`):
each heap's game graph is searched on its own (it is small: the heap's values
reachable from it), and the sum's graph, their product, never has to be.
Subclasses give ``heap_moves`` and, where a theorem gives one, ``heap_closed_outcome``.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Iterable, Iterator
from math import prod
from typing import Any

from sprague.core.loopy import LoopyValue, sum_values
from sprague.core.parsing import as_heaps
from sprague.errors import InvalidPosition
from sprague.rulesets.heap import heap_words
from sprague.solve.ruleset import LoopyRuleset

__all__ = ["LoopyHeapRuleset"]


class LoopyHeapRuleset(LoopyRuleset):
    """Base of loopy heap games: positions are tuples of heap sizes; a move is a move in one heap."""

    position_help = "heap sizes, e.g. 4 6"

    @abstractmethod
    def heap_moves(self, n: int) -> Iterable[int]:
        """The heaps a heap of ``n`` can become in one move (every subclass defines it)."""

    def check_heap(self, n: int) -> int:
        """A heap size, checked (default: any non-negative int)."""
        if n < 0:
            raise InvalidPosition(f"{self.name}: heap {n} is negative; heaps are 0, 1, 2, ...")
        return n

    def heap_closed_outcome(self, n: int) -> str | None:
        """The outcome of one heap of ``n`` by a theorem, or None."""
        return None

    def heap_option_count(self, n: int) -> int | None:
        """The number of moves from a heap of ``n``, where it can be had without listing them, or None."""
        return None

    def heap_graph_size(self, n: int) -> int | None:
        """An upper bound on the heaps reachable from ``n`` (the size of its game graph), or None."""
        return None

    # positions ------------------------------------------------------------------------
    def check_position(self, position: Any) -> tuple[int, ...]:
        return tuple(self.check_heap(h) for h in as_heaps(position, self.name))

    def moves(self, position: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        for i, h in enumerate(position):
            for o in self.heap_moves(h):
                yield position[:i] + (o,) + position[i + 1 :]

    def canonical(self, position: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(sorted(position))

    def option_count(self, position: tuple[int, ...]) -> int | None:
        counts = [self.heap_option_count(h) for h in position]
        return None if None in counts else sum(c for c in counts if c is not None)

    def estimate_positions(self, position: tuple[int, ...]) -> int | None:
        sizes = [self.heap_graph_size(h) for h in position]
        return None if None in sizes else prod(s for s in sizes if s is not None)

    def describe_move(self, position: tuple[int, ...], option: tuple[int, ...]) -> str:
        """``heap 1: take 4 from 4``, ``heap 2: add 1 to 6`` (:func:`~sprague.rulesets.heap.heap_words`)."""
        for i, (a, b) in enumerate(zip(position, option)):
            if a != b:
                return f"heap {i + 1}: {heap_words(a, (b,))}"
        return "pass"

    # values ---------------------------------------------------------------------------
    def closed_outcome(self, position: tuple[int, ...]) -> str | None:
        return self.heap_closed_outcome(position[0]) if len(position) == 1 else None

    def computed_grundy(self, position: tuple[int, ...]) -> LoopyValue | None:  # type: ignore[override]
        """Several heaps: Smith's rule over the heaps' values, each heap's graph searched on its own."""
        if len(position) < 2:
            return None
        return sum_values(self.grundy((h,), "auto", self.solver.limit) for h in position)

    def computed_method(self, position: tuple[int, ...]) -> str:
        return (
            "Smith's sum rule (Smith 1966; Fraenkel-Yesha 1986) over the heaps' values, each heap's game graph "
            "searched on its own"
        )

    def closed_method(self, position: tuple[int, ...]) -> str:
        return f"closed form: {self.closed_form}"

    def random_position(self, rng: Any) -> tuple[int, ...] | None:
        return tuple(rng.randrange(0, 12) for _ in range(rng.randrange(1, 4)))
