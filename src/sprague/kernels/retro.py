"""Outcomes of a box by a retrograde sieve: work only at the P-positions.

The box, its colex ranks and the move *shapes* ``(s, p)`` are those of
:mod:`sprague.kernels.box`. Every option has a smaller rank than its position,
so positions are settled in increasing rank: a position that no smaller
P-position has marked is P (all its options are settled N), and then each of its
*predecessors* in the box (the positions having it as an option; they have
larger ranks) is marked N. Only P-positions cost anything, which pays when they
are few and their predecessors are few.

Predecessors of a sorted position ``q``, inverting the forward moves of
:func:`sprague.kernels.box._scan_option`:

* shape ``(s, p)``: choose ``s`` disjoint groups of ``p`` heaps of ``q`` (each
  heap at least 1, the parts of a split), replace each group by its sum (the
  split heap; it must be at most ``hi``), keep the other heaps of ``q``, and add
  ``s (p-1)`` heaps of any size in ``lo..hi`` (the deleted ones);
* shape ``(0, 0)`` (Delete Nim, two heaps): ``(x + y + 1, d)`` for every ``d`` in
  ``lo..hi``.

Shape ``(1, 2)`` adds one heap ``d`` to a base of ``n - 1`` sorted heaps: where
``d`` falls between two base heaps the rank is a constant plus ``C(d - lo + t,
t + 1)``, so :func:`_mark_insert_one` marks each predecessor with one look-up.
Other shapes add ``s (p-1)`` heaps by walking their sorted tuples. The cost per
P-position grows like ``hi ** (s (p-1))``: the sieve is the fast method when
moves delete at most four heaps, not for All-but-one-delete with six or more
(:func:`sprague.solve.box.sieve_pays` chooses).
"""

from __future__ import annotations

import numpy as np

from sprague.kernels.box import advance, check_box, check_shapes, check_span, next_combination, sort_prefix
from sprague.kernels.jit import njit

__all__ = ["retro_outcomes"]


@njit(cache=True, nogil=True)
def _mark_insert_one(
    base: np.ndarray, m: int, lo: int, hi: int, binom: np.ndarray, mark: np.ndarray, size: int, suffix: np.ndarray
) -> None:
    """Mark N every position ``base[:m]`` (sorted) plus one heap ``d`` in ``lo..hi`` of rank below ``size``.

    With ``d`` at index ``t`` of the result, ``base[i]`` for ``i >= t`` moves to
    index ``i + 1``: rank = prefix(t) + suffix(t) + C(d - lo + t, t + 1).
    """
    suffix[m] = 0
    for i in range(m - 1, -1, -1):
        suffix[i] = suffix[i + 1] + binom[base[i] - lo + i + 1, i + 2]
    prefix = 0
    start = lo
    for t in range(m + 1):
        stop = base[t] if t < m else hi + 1  # d in start..stop-1 sits at index t
        const = prefix + suffix[t]
        for d in range(start, stop):
            r = const + binom[d - lo + t, t + 1]
            if r >= size:
                break
            mark[r] = 1
        if t < m:
            prefix += binom[base[t] - lo + t, t + 1]
            start = base[t]


@njit(cache=True, nogil=True)
def _mark_split_two(
    a: np.ndarray,
    lo: int,
    hi: int,
    binom: np.ndarray,
    mark: np.ndarray,
    size: int,
    base: np.ndarray,
    suffix: np.ndarray,
) -> None:
    """Shape (1, 2): merge two heaps of ``a`` into one (at most ``hi``) and add any heap."""
    n = a.shape[0]
    for i in range(n - 1):
        if a[i] < 1 or (i > 0 and a[i - 1] == a[i]):
            continue
        for j in range(i + 1, n):
            if j - 1 != i and a[j - 1] == a[j]:
                continue
            h = a[i] + a[j]
            if h > hi:
                break  # a[j] only grows
            w = 0
            placed = False
            for t in range(n):
                if t == i or t == j:
                    continue
                if not placed and a[t] > h:
                    base[w] = h
                    w += 1
                    placed = True
                base[w] = a[t]
                w += 1
            if not placed:
                base[w] = h
            _mark_insert_one(base, n - 1, lo, hi, binom, mark, size, suffix)


@njit(cache=True, nogil=True)
def _groupings(n: int, s: int, p: int, binom: np.ndarray) -> int:
    """How many ways to choose ``s`` disjoint unordered groups of ``p`` among ``n`` heap indices."""
    count = binom[n, s * p]
    for g in range(s):
        count *= binom[s * p - g * p - 1, p - 1]
    return count


@njit(cache=True, nogil=True)
def _mark_generic(
    a: np.ndarray,
    s: int,
    p: int,
    lo: int,
    hi: int,
    binom: np.ndarray,
    mark: np.ndarray,
    size: int,
    bases: np.ndarray,
    avail: np.ndarray,
    pick: np.ndarray,
    added: np.ndarray,
    opt: np.ndarray,
) -> None:
    """Shape ``(s, p)``: every grouping of ``s`` groups of ``p`` heaps, merged, plus ``s (p-1)`` heaps of any size.

    Groupings are enumerated once each, groups ordered by their least index:
    group ``g`` picks ``p`` of ``avail[g]``, the indices that no earlier group took
    and that lie above the least index of group ``g - 1`` (a depth-first walk over
    :func:`next_combination` at each level). Equal bases (kept heaps and sums,
    sorted) are marked from once.
    """
    n = a.shape[0]
    d = s * (p - 1)
    m = n - d  # heaps in a base
    nb = 0
    for i in range(n):
        avail[0, i] = i
    avail[0, n] = n  # avail[g, n] holds the length of row g
    if n >= s * p:
        g = 0
        for t in range(p):
            pick[0, t] = t
        while True:
            if g == s - 1:
                w = _base(a, s, p, hi, avail, pick, opt)
                if w == m:
                    sort_prefix(opt, m)
                    new = True
                    for b in range(nb):
                        same = True
                        for i in range(m):
                            if bases[b, i] != opt[i]:
                                same = False
                                break
                        if same:
                            new = False
                            break
                    if new:
                        bases[nb, :m] = opt[:m]
                        nb += 1
            else:  # open level g + 1 on what group g leaves above its least index
                least = avail[g, pick[g, 0]]
                w = 0
                u = 0
                for i in range(avail[g, n]):
                    if u < p and pick[g, u] == i:
                        u += 1
                    elif avail[g, i] > least:
                        avail[g + 1, w] = avail[g, i]
                        w += 1
                avail[g + 1, n] = w
                if w >= p:
                    g += 1
                    for t in range(p):
                        pick[g, t] = t
                    continue
            while g >= 0 and not next_combination(pick[g], p, avail[g, n]):
                g -= 1
            if g < 0:
                break
    for b in range(nb):
        for i in range(d):
            added[i] = lo
        while True:
            # merge the base and the added heaps (both sorted), rank, mark
            r = 0
            i = 0
            j = 0
            for t in range(n):
                if j >= d or (i < m and bases[b, i] <= added[j]):
                    v = bases[b, i]
                    i += 1
                else:
                    v = added[j]
                    j += 1
                r += binom[v - lo + t, t + 1]
            if r < size:
                mark[r] = 1
            if not advance(added[:d], lo, hi):
                break


@njit(cache=True, nogil=True)
def _base(a: np.ndarray, s: int, p: int, hi: int, avail: np.ndarray, pick: np.ndarray, opt: np.ndarray) -> int:
    """Write the kept heaps and the group sums of a grouping into ``opt`` (unsorted); return how many, or -1.

    -1 when a sum is above ``hi`` or a part is empty (a split's parts are non-empty).
    """
    n = a.shape[0]
    w = 0
    for g in range(s):
        total = 0
        for t in range(p):
            h = a[avail[g, pick[g, t]]]
            if h < 1:
                return -1
            total += h
        if total > hi:
            return -1
        opt[w] = total
        w += 1
    for i in range(n):
        used = False
        for g in range(s):
            for t in range(p):
                if avail[g, pick[g, t]] == i:
                    used = True
        if not used:
            opt[w] = a[i]
            w += 1
    return w


@njit(cache=True, nogil=True)
def _buffers(n: int, shapes: np.ndarray, binom: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Scratch space for :func:`_mark_predecessors`: bases, small rows, avail, pick (nothing allocated per position)."""
    most = 1
    for q in range(shapes.shape[0]):
        s = shapes[q, 0]
        p = shapes[q, 1]
        if p >= 2 and s * p <= n:
            most = max(most, _groupings(n, s, p, binom))
    bases = np.zeros((most, n), dtype=np.int64)
    rows = np.zeros((4, n + 1), dtype=np.int64)  # base, suffix, added, opt
    avail = np.zeros((n, n + 1), dtype=np.int64)
    pick = np.zeros((n, n), dtype=np.int64)
    return bases, rows, avail, pick


@njit(cache=True, nogil=True)
def _mark_predecessors(
    a: np.ndarray,
    lo: int,
    hi: int,
    shapes: np.ndarray,
    binom: np.ndarray,
    mark: np.ndarray,
    size: int,
    buffers: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray],
) -> None:
    """Set ``mark[r] = 1`` for the rank ``r < size`` of every predecessor of the sorted position ``a`` in the box."""
    n = a.shape[0]
    bases, rows, avail, pick = buffers
    base = rows[0]
    suffix = rows[1]
    added = rows[2]
    opt = rows[3]
    for q in range(shapes.shape[0]):
        s = shapes[q, 0]
        p = shapes[q, 1]
        if p == 0:  # Delete Nim: (x + y + 1, d)
            if n == 2 and a[0] + a[1] + 1 <= hi:
                base[0] = a[0] + a[1] + 1
                _mark_insert_one(base, 1, lo, hi, binom, mark, size, suffix)
        elif s * p > n:
            continue
        elif s == 1 and p == 2:
            _mark_split_two(a, lo, hi, binom, mark, size, base, suffix)
        else:
            _mark_generic(a, s, p, lo, hi, binom, mark, size, bases, avail, pick, added, opt)


def retro_outcomes(n: int, lo: int, hi: int, shapes: np.ndarray, binom: np.ndarray, size: int) -> np.ndarray:
    """Outcomes (0 = P, 1 = N) of the first ``size`` positions of the box, by the retrograde sieve.

    Same arguments (checked here) and result as :func:`sprague.kernels.box.fill_table` with ``grundy=False``.
    """
    check_box(n, lo, hi, binom)
    check_shapes(shapes, n)
    check_span(0, size, int(binom[hi - lo + n, n]), "box")
    out: np.ndarray = _retro_outcomes(n, lo, hi, shapes, binom, size)
    return out


@njit(cache=True, nogil=True)
def _retro_outcomes(n: int, lo: int, hi: int, shapes: np.ndarray, binom: np.ndarray, size: int) -> np.ndarray:
    """The sieve itself (see :func:`retro_outcomes`)."""
    mark = np.zeros(size, dtype=np.uint8)  # a byte a position: the sieve's working set stays in cache longer
    buffers = _buffers(n, shapes, binom)
    a = np.full(n, lo, dtype=np.int64)
    for r in range(size):
        if mark[r] == 0:  # P: every option is N; mark its predecessors N
            _mark_predecessors(a, lo, hi, shapes, binom, mark, size, buffers)
        if not advance(a, lo, hi):
            break
    return mark  # 0 = P, 1 = N: a byte a position, as the table keeps them
