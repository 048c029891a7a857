"""Single-heap values of one-heap games: G(0), G(1), ... grown as far as asked, through the results cache.

A one-heap game (:class:`~sprague.rulesets.heap.HeapRuleset`) keeps the values it
knows (``game._values``); :func:`grow` extends them by the game's own compiled
kernel (its ``extend_values`` hook), the take-and-break kernel (games with
``take_break_moves``: the sparse-space method of Winning Ways ch. 4) or the plain
heap recursion ``G(n) = mex`` of the options' values. Long computations are looked
up in and stored to the results cache (:func:`sprague.cache.active`), and on
Ctrl-C what is finished is kept.

>>> import sprague
>>> game = sprague.ruleset("grundys-game")
>>> grow(game, 10, 1000)
>>> game._values.tolist()
[0, 0, 0, 1, 0, 2, 1, 0, 2, 1]
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import reduce
from operator import xor
from typing import Any

import numpy as np

from sprague import cache as _cache
from sprague.core.limits import refuse_if_too_large
from sprague.core.nimber import mex
from sprague.errors import InvalidPosition

__all__ = ["grow", "extend", "sparse_space", "CACHE_FROM"]

CACHE_FROM = 10**6  #: work (options examined) from which the results cache is consulted

Progress = Callable[[int], Any] | None


def grow(game: Any, n: int, limit: int, progress: Progress = None) -> None:
    """Know the first ``n`` values of ``game``: from the results cache, else computed (then cached)."""
    if n <= len(game._values):
        return
    cache = _cache.active() if (game.sequence_cost(n) or 0) >= CACHE_FROM else None
    if cache is not None:
        stored = cache.load("sequence", game.cache_key())
        if stored is not None and stored.ndim == 1 and len(stored) > len(game._values):
            game._values = stored.astype(np.int64)
            if n <= len(game._values):
                return
    start, began = len(game._values), time.perf_counter()
    try:
        extend(game, n, limit, progress)
    finally:  # also on Ctrl-C: what is finished is kept
        if cache is not None and len(game._values) > start:
            cache.store("sequence", game.cache_key(), game._values, time.perf_counter() - began)


def extend(game: Any, n: int, limit: int, progress: Progress = None) -> None:
    """Compute the first ``n`` values: the game's own kernel, the take-and-break kernel, or the heap recursion."""
    cost = game.sequence_cost(n)
    refuse_if_too_large(f"{game.name}: computing single-heap values up to {n - 1:,}", n * n if cost is None else cost,
                        limit)
    own = game.extend_values(n)
    if own is not None:
        game._values = own
        return
    moves = game.take_break_moves()
    if moves is not None:
        return _extend_take_break(game, n, moves, progress)
    values = game._values.tolist()
    try:
        for m in range(len(values), n):
            seen = set()
            for parts in game.heap_options(m):
                if any(p >= m for p in parts):
                    raise InvalidPosition(f"{game.name}: heap_options({m}) gave {parts!r}; "
                                          f"every part must be smaller than {m}")
                seen.add(reduce(xor, (values[p] for p in parts), 0))
            values.append(mex(seen))
            if progress is not None and m % 4096 == 0:
                progress(4096)
    finally:
        game._values = np.array(values, dtype=np.int64)


def _extend_take_break(game: Any, n: int, moves: tuple[list[int], list[int], list[int], bool],
                       progress: Progress) -> None:
    from sprague.kernels.takebreak import extend as kernel

    start = len(game._values)
    g = np.zeros(n, dtype=np.int64)
    g[:start] = game._values
    try:
        for reached in kernel(g, start, *moves):
            done, start = reached - start, reached
            if progress is not None:
                progress(done)
    finally:
        game._values = g[:start]


def sparse_space(game: Any, n: int) -> tuple[int, np.ndarray] | None:
    """The sparse-space mask the kernel chooses and the rare positions among heaps ``0..n-1``, or None.

    Winning Ways ch. 4: under the mask, values of even masked popcount are *rare*;
    for Grundy's game they stop early (a pattern, not a theorem).
    """
    from sprague.kernels.takebreak import PREFIX, choose_mask, rare_positions

    if game.take_break_moves() is None:
        return None
    values = np.asarray(game.sequence(n))
    mask = choose_mask(values[:min(n, 1 << 15)]) if n > PREFIX else choose_mask(values)
    return mask, rare_positions(values, mask)
