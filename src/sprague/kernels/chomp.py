"""The values of every Chomp diagram of at most ``m`` rows, ranked, filled in order (compiled).

A Chomp position (:mod:`sprague.rulesets.chomp`) is a Young diagram: row lengths
``l_0 >= l_1 >= ... >= l_{m-1} >= 0`` (``l_0`` the top row, which holds the poisoned
cell). With ``c_k = l_{m-1-k} + k`` the diagram is the strictly increasing sequence
``c_0 < c_1 < ... < c_{m-1}``, and its rank is ``sum_k C(c_k, k + 1)`` (the colex rank of
the combinatorial number system). The diagrams of at most ``n`` columns are exactly the
ranks below ``C(m + n, m)``, so one array per row count ``m`` serves every width and
grows by extension. A move removes cells, lowering row lengths, and a lower row length
lowers the rank: every option has a smaller rank, and the values are filled in rank order.

A move at cell ``(i, j)`` (``(0, 0)``, the poisoned cell, excluded) cuts every row
``k >= i`` to ``min(l_k, j)``. The value of a diagram is the mex of its options' values;
the diagram of the poisoned cell alone has no option (value 0, or 1 under misère play,
Conway's g-). The empty diagram (rank 0) is no position; its entry is left 0.

The public wrapper :func:`fill_values` validates and fills ``values[start:stop]``.
"""

from __future__ import annotations

import numpy as np

from sprague.kernels.jit import njit

__all__ = ["fill_values", "binomials", "rank_of", "lengths_of_rank", "table_size"]


def binomials(m: int, n: int) -> np.ndarray:
    """``C(a, b)`` for ``a <= m + n``, ``b <= m + 1`` (int64; the ranks of the diagrams in an ``m`` x ``n`` box)."""
    table = np.zeros((m + n + 1, m + 2), dtype=np.int64)
    for a in range(m + n + 1):
        table[a, 0] = 1
        for b in range(1, min(a, m + 1) + 1):
            table[a, b] = table[a - 1, b - 1] + (table[a - 1, b] if b <= a - 1 else 0)
    return table


def table_size(m: int, n: int) -> int:
    """The number of diagrams of at most ``m`` rows and ``n`` columns (the empty one included): ``C(m + n, m)``."""
    from math import comb

    return comb(m + n, m)


def rank_of(lengths: tuple[int, ...], m: int) -> int:
    """The rank of the diagram ``lengths`` (top row first) among the diagrams of ``m`` rows (padded with 0)."""
    from math import comb

    rows = list(lengths) + [0] * (m - len(lengths))
    return sum(comb(rows[m - 1 - k] + k, k + 1) for k in range(m))


def lengths_of_rank(rank: int, m: int) -> tuple[int, ...]:
    """The row lengths (``m`` of them, zeros included) of the diagram of ``rank``: the inverse of :func:`rank_of`."""
    from math import comb

    rows = [0] * m
    for k in range(m - 1, -1, -1):
        c = k
        while comb(c + 1, k + 1) <= rank:
            c += 1
        rank -= comb(c, k + 1)
        rows[m - 1 - k] = c - k
    return tuple(rows)


@njit(cache=True, nogil=True)
def _unrank(rank: int, m: int, binom: np.ndarray, rows: np.ndarray) -> None:
    """The row lengths of the diagram of ``rank`` into ``rows`` (top row first)."""
    r = rank
    for k in range(m - 1, -1, -1):
        c = k
        while binom[c + 1, k + 1] <= r:
            c += 1
        r -= binom[c, k + 1]
        rows[m - 1 - k] = c - k


@njit(cache=True, nogil=True)
def _fill(m: int, binom: np.ndarray, values: np.ndarray, start: int, stop: int, misere: int) -> int:
    """``values[start:stop]`` for the diagrams of ``m`` rows (see the module's text); returns the options walked."""
    comb = np.zeros(m, dtype=np.int64)  # c_0 < ... < c_{m-1}, the diagram as a combination
    rows = np.zeros(m, dtype=np.int64)
    _unrank(start, m, binom, rows)
    for i in range(m):
        comb[m - 1 - i] = rows[i] + m - 1 - i
    seen = np.zeros(m * (binom.shape[0] - 1 - m) + 2, dtype=np.int64)
    steps = 0
    for rank in range(start, stop):
        if rank > start:  # the next combination in colex order
            k = 0
            while k < m - 1 and comb[k] + 1 == comb[k + 1]:
                k += 1
            comb[k] += 1
            for j in range(k):
                comb[j] = j
        for i in range(m):
            rows[i] = comb[m - 1 - i] - (m - 1 - i)
        if rows[0] == 0:
            continue
        stamp = rank + 1
        cells = 0
        for i in range(m):
            cells += rows[i]
        base = 0  # the part of the rank of the rows above row i, which a move in row i keeps
        for i in range(m):
            if rows[i] == 0:
                break
            for j in range(1 if i == 0 else 0, rows[i]):
                r = base
                for k in range(i, m):
                    v = rows[k] if rows[k] < j else j
                    r += binom[v + m - 1 - k, m - k]
                seen[values[r]] = stamp
                steps += m - i
            base += binom[rows[i] + m - 1 - i, m - i]
        if cells == 1:
            values[rank] = misere
        else:
            g = 0
            while seen[g] == stamp:
                g += 1
            values[rank] = g
    return steps


def fill_values(m: int, n: int, values: np.ndarray, start: int, stop: int, misere: bool) -> int:
    """Fill ``values[start:stop]``, the values of the diagrams of at most ``m`` rows and ``n`` columns ranked
    ``start`` to ``stop - 1`` (``values[:start]`` already filled); returns the kernel's steps.

    ``values`` is an int32 array of ``C(m + n, m)`` entries (:func:`table_size`); ``misere`` gives Conway's
    misère values g- instead of the normal-play Grundy values.
    """
    if m < 1 or n < 0:
        raise ValueError(f"a box of {m} rows and {n} columns: give at least 1 row and 0 columns")
    size = table_size(m, n)
    if values.dtype != np.int32 or values.shape != (size,):
        raise ValueError(f"values must be an int32 array of C({m}+{n}, {m}) = {size} entries")
    if not 0 <= start <= stop <= size:
        raise ValueError(f"ranks {start}..{stop} are not within 0..{size}")
    return int(_fill(m, binomials(m, n), values, start, stop, 1 if misere else 0))
