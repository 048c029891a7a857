"""A table filled by wavefront: the positions of one level at a time, valued against the lower levels.

The box, its colex ranks and the move shapes are those of :mod:`sprague.kernels.box`.
Give a position ``a`` of ``n`` heaps the *level*

    w(a) = 2 (a_0 + ... + a_(n-1)) + (the number of heaps of 0).

Every move of the Delete family lowers it; the kernels play two kinds of move shape
(:func:`~sprague.kernels.box.check_shapes` refuses any other):

* shape ``(s, p)``, ``s >= 1`` and ``p >= 2``: ``s (p-1) >= 1`` heaps are deleted and ``s`` heaps are
  split into ``p`` non-empty parts each. The parts add up to the heap they split and
  are never 0, so the total falls by ``D``, the sum of the deleted heaps, and the
  zeros fall by ``z``, the number of deleted heaps of 0: ``w`` falls by ``2D + z``,
  which is at least 1 since every deleted heap is either at least 1 (counted in
  ``D``) or 0 (counted in ``z``);
* shape ``(0, 0)``, Delete Nim's move on two heaps: from ``(h, d)``, ``h >= 1``, to ``(x, h - 1 - x)``: the
  total falls by ``d + 1`` and the zeros rise by at most 2, less one if ``d = 0``
  (that 0 is deleted): ``w`` falls by at least ``2 (d + 1) - 2 + [d = 0] >= 1``.

So the positions of one level have no options among themselves: they can be valued
in any order, on any number of machines, once every lower level is known; a table
filled level by level equals the one filled in rank order. :func:`level_values`
lists one level's positions (total ``T`` with ``z`` zeros: ``w = 2T + z``; a box with
``lo >= 1`` has no zeros) and values every ``parts``-th one of them, from number
``part`` on, so that ``parts`` workers share a level evenly.
"""

from __future__ import annotations

import numpy as np

from sprague.errors import InvalidParameter
from sprague.kernels import config
from sprague.kernels.box import FIND_P, MEX, _scan_option, _scratch, check_box, check_shapes
from sprague.kernels.jit import njit

__all__ = ["level_size", "level_ranks", "level_values", "levels"]

_COUNT, _RANK, _VALUE = 0, 1, 2  # what a walk over a level does


def levels(n: int, lo: int, hi: int) -> list[list[tuple[int, int]]]:
    """The levels of the box in increasing order, each as its ``(total, zeros)`` classes.

    >>> levels(2, 0, 1)  # (0, 0): w = 2; (0, 1): w = 3; (1, 1): w = 4
    [[(0, 2)], [(1, 1)], [(2, 0)]]
    """
    out: list[list[tuple[int, int]]] = []
    zeros = range(n + 1) if lo == 0 else range(1)
    least = 0 if lo == 0 else n * lo
    for w in range(2 * least, 2 * n * hi + n + 1):
        level = [
            (t, z) for z in zeros if (w - z) % 2 == 0 for t in [(w - z) // 2] if _feasible(n - z, max(lo, 1), hi, t)
        ]
        if level:
            out.append(level)
    return out


def _feasible(m: int, plo: int, hi: int, total: int) -> bool:
    """Whether ``m`` heaps in ``plo..hi`` can add up to ``total`` (no heaps: only 0)."""
    return m * plo <= total <= m * hi


@njit(cache=True, nogil=True)
def _walk(
    n: int,
    lo: int,
    hi: int,
    total: int,
    zeros: int,
    binom: np.ndarray,
    mode: int,
    part: int,
    parts: int,
    shapes: np.ndarray,
    table: np.ndarray,
    grundy: bool,
    ranks: np.ndarray,
    values: np.ndarray,
) -> int:
    """List the sorted positions of ``total`` with ``zeros`` heaps of 0; every ``parts``-th from ``part`` is
    ranked (``mode`` _RANK) or ranked and valued (_VALUE).

    Returns how many positions the level has (``mode`` _COUNT) or how many were ranked.
    The heaps past the zeros are at least ``plo`` (1 when ``lo = 0``); each is chosen
    as small as it can be, from the left, such that what is left can still be made of
    the heaps to its right (at least it, at most ``hi``): the walk never dead-ends.
    """
    plo = lo if lo >= 1 else 1
    m = n - zeros
    a = np.zeros(n, dtype=np.int64)
    rem = np.zeros(n + 1, dtype=np.int64)
    seen = np.zeros(config.MEX_SCRATCH, dtype=np.bool_)
    scratch = _scratch(n)
    if m * plo > total or total > m * hi:
        return 0
    index = 0
    done = 0
    i = zeros
    rem[i] = total
    while True:
        while i < n:  # the smallest heap that leaves a feasible rest
            low = a[i - 1] if i > zeros else plo
            need = rem[i] - (n - 1 - i) * hi
            if need > low:
                low = need
            a[i] = low
            rem[i + 1] = rem[i] - low
            i += 1
        if mode != _COUNT and index % parts == part:
            r = 0
            for k in range(n):
                r += binom[a[k] - lo + k, k + 1]
            ranks[done] = r
            if mode == _VALUE:
                if grundy:
                    values[done] = _scan_option(a, lo, shapes, binom, table, MEX, seen, scratch)
                else:
                    values[done] = 1 if _scan_option(a, lo, shapes, binom, table, FIND_P, seen, scratch) >= 0 else 0
            done += 1
        index += 1
        j = n - 2  # the last heap is what is left: raise the one before it that can be raised
        while j >= zeros:
            top = rem[j] // (n - j)
            if top > hi:
                top = hi
            if a[j] + 1 <= top:
                a[j] += 1
                rem[j + 1] = rem[j] - a[j]
                i = j + 1
                break
            j -= 1
        if j < zeros:
            break
    return index if mode == _COUNT else done


def level_size(n: int, lo: int, hi: int, total: int, zeros: int, binom: np.ndarray) -> int:
    """How many positions of the box have ``total`` tokens and ``zeros`` heaps of 0."""
    check_box(n, lo, hi, binom)
    empty = np.zeros(0, dtype=np.int64)
    return int(
        _walk(
            n,
            lo,
            hi,
            total,
            zeros,
            binom,
            _COUNT,
            0,
            1,
            np.zeros((0, 2), dtype=np.int64),
            np.zeros(0, dtype=np.int32),
            False,
            empty,
            empty,
        )
    )


def level_ranks(n: int, lo: int, hi: int, total: int, zeros: int, binom: np.ndarray) -> np.ndarray:
    """The ranks of the positions of a level, in the order :func:`level_values` lists them."""
    check_box(n, lo, hi, binom)
    ranks = np.zeros(level_size(n, lo, hi, total, zeros, binom), dtype=np.int64)
    _walk(
        n,
        lo,
        hi,
        total,
        zeros,
        binom,
        _RANK,
        0,
        1,
        np.zeros((0, 2), dtype=np.int64),
        np.zeros(0, dtype=np.int32),
        False,
        ranks,
        np.zeros(0, dtype=np.int32),
    )
    return ranks


def level_values(
    n: int,
    lo: int,
    hi: int,
    total: int,
    zeros: int,
    shapes: np.ndarray,
    binom: np.ndarray,
    table: np.ndarray,
    grundy: bool,
    part: int = 0,
    parts: int = 1,
) -> tuple[np.ndarray, np.ndarray]:
    """The ranks and values (Grundy values, or 0 = P / 1 = N) of every ``parts``-th position of a level, from ``part``.

    ``table`` (int32, one entry per rank of the box) must hold the values of every
    lower level; those of this level are not read. A Grundy value past the mex
    scratch, or an option with no value (-2, -3: see :mod:`sprague.kernels.box`), is
    returned as such for the caller to refuse.
    """
    check_box(n, lo, hi, binom)
    check_shapes(shapes, n)
    if not 0 <= part < parts:
        raise InvalidParameter(f"part={part} must be in 0..parts-1 (parts={parts})")
    if table.dtype != np.int32 or table.ndim != 1 or len(table) < int(binom[hi - lo + n, n]):
        raise InvalidParameter(
            f"the table must be int32 with an entry for each of the {int(binom[hi - lo + n, n]):,} "
            f"positions of the box, got {table.dtype} of shape {table.shape}"
        )
    size = level_size(n, lo, hi, total, zeros, binom)
    mine = max(0, (size - part + parts - 1) // parts)
    ranks = np.zeros(mine, dtype=np.int64)
    values = np.zeros(mine, dtype=np.int32)
    done = _walk(n, lo, hi, total, zeros, binom, _VALUE, part, parts, shapes, table, grundy, ranks, values)
    return ranks[:done], values[:done]
