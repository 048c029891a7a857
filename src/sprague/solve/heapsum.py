"""Sums of one-heap games by the Sprague-Grundy theorem: values, options of a value, winning moves.

A position of a one-heap game (:class:`~sprague.rulesets.heap.HeapRuleset`) is a sum
of single heaps, so its value is the nim-sum of the heaps' values, and a move
changes one heap ``h`` into parts whose values nim-sum to ``G(h) xor G(position)
xor value``. Each function takes ``heap_value``, where single-heap values come
from: ``game.heap_grundy_closed`` for the theorem tier (None where no closed form
applies, and then the answer is None), or the sequence computed bottom-up.

>>> import sprague
>>> nim = sprague.ruleset("nim")
>>> winning_move(nim, (3, 5, 7), nim.heap_grundy_closed)
(2, 5, 7)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import reduce
from operator import xor
from typing import Any

from sprague.core.limits import refuse_if_too_large
from sprague.errors import TooLarge

__all__ = ["grundy", "options_with_value", "winning_move", "SCAN_FIRST"]

#: heaps with at most this many options are scanned (microseconds); larger ones are first given to the ruleset's
#: construction (Nim's is O(1); see benchmarks/winning_move.py)
SCAN_FIRST = 64

Heaps = tuple[int, ...]
HeapValue = Callable[[int], "int | None"]


def grundy(position: Sequence[int], heap_value: HeapValue) -> int | None:
    """The nim-sum of the heaps' values, or None if one of them has none."""
    values = _values(position, heap_value)
    return None if values is None else reduce(xor, values, 0)


def _values(position: Sequence[int], heap_value: HeapValue) -> list[int] | None:
    values = []
    for h in position:
        g = heap_value(h)
        if g is None:
            return None
        values.append(g)
    return values


def _parts_value(parts: Sequence[int], heap_value: HeapValue) -> int | None:
    return grundy(parts, heap_value)


def options_with_value(game: Any, position: Heaps, value: int, heap_value: HeapValue) -> list[Heaps] | None:
    """Every option of value ``value``: for each heap, only its own options matter. None if a value is missing."""
    if game.option_count(position) is None:
        return None
    values = _values(position, heap_value)
    if values is None:
        return None
    total = reduce(xor, values, 0)
    found = []
    limit = game.solver.limit
    for i, h in enumerate(position):
        want = total ^ values[i] ^ value
        refuse_if_too_large(f"{game.name}: listing the options of a heap of {h}", game.heap_option_count(h), limit)
        for parts in game.heap_options(h):
            got = _parts_value(parts, heap_value)
            if got is None:
                return None
            if got == want:
                found.append(position[:i] + tuple(parts) + position[i + 1 :])
    return list(dict.fromkeys(found))


def winning_move(game: Any, position: Heaps, heap_value: HeapValue) -> Heaps | None:
    """Move one heap ``h`` to parts of value ``G(h) xor G(position)``, or None (a P-position, or no value).

    A heap with few options is scanned; a larger one is first given to the ruleset's
    construction (``heap_option_with_value``: Nim's ``x -> x xor s``, a certified
    period inverted), and scanned only if there is none and its options can be listed.
    """
    values = _values(position, heap_value)
    total = 0 if values is None else reduce(xor, values, 0)
    if values is None or not total:
        return None
    limit = game.solver.limit
    # a heap with G(h) xor total < G(h) surely has such an option (mex); try those first
    for i in sorted(range(len(position)), key=lambda i: values[i] ^ total >= values[i]):
        h, want = position[i], values[i] ^ total
        count = game.heap_option_count(h)
        parts = None
        if count is None or count > SCAN_FIRST:
            try:
                parts = game.heap_option_with_value(h, want)
            except TooLarge:  # the construction needs more than the limit (a period not yet certified)
                if count is None or count > limit:
                    raise
        if parts is None and count is not None and count <= limit:
            parts = next((o for o in game.heap_options(h) if _parts_value(o, heap_value) == want), None)
        if parts is not None:
            return position[:i] + tuple(parts) + position[i + 1 :]
    return None
