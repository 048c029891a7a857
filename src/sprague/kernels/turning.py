"""The single-coin values of coin-turning games, by their heap representation (compiled).

A coin-turning game is given by *elements* (one per comma-separated part of its code,
see :mod:`sprague.rulesets.turning`), each a row of :data:`FIELDS`:

``kmin, kmax``  how many coins a move turns (``kmax = UNBOUNDED``: no upper bound);
``span``        every turned coin lies within ``span`` adjacent coins (0: no such bound);
``spacing``     :data:`ANY`, :data:`CONSECUTIVE`, :data:`EQUAL` (equally spaced) or :data:`SYMMETRIC`;
``first``       1 if coin 1 (the leftmost of the row) must be among those turned.

A move turning coins ``a_1 < ... < a_k`` (``a_k`` heads to tails) is, in the heap
representation, a move from a heap of ``a_k`` to the heaps ``a_1, ..., a_{k-1}``, so
``G(n) = mex`` over the legal turn-sets ending at ``n`` of the nim-sum of ``G(a_i)``, ``i < k``
(Winning Ways ch. 14). The set of nim-sums reached is kept as a bitset of ``V`` entries, ``V``
the power of 2 above every value so far (a nim-sum of smaller values stays below it):

* no spacing rule, no span: for each count of coins, the nim-sums of the subsets of coins
  ``1..n-1`` of that count, grown by one coin per heap (the last count bucket means "at
  least" when the count is unbounded): ``O(buckets * V)`` a heap;
* no spacing rule with a span: the same over the window of the last ``span - 1`` coins;
* consecutive: prefix nim-sums, ``O(n)`` a heap;
* equally spaced: each gap ``d`` walked once, ``O(n log n)`` a heap;
* symmetric: each leftmost coin ``L`` with the subsets of the pairs ``(x, L + n - x)``.

The public wrapper :func:`turning_sequence` validates; the kernel stops when its step
budget or the value bound is passed and says how far it got.
"""

from __future__ import annotations

import numpy as np

from sprague.kernels.jit import njit

__all__ = [
    "turning_sequence",
    "FIELDS",
    "ANY",
    "CONSECUTIVE",
    "EQUAL",
    "SYMMETRIC",
    "UNBOUNDED",
    "MAX_VALUE_BITS",
    "STEPS_PER_POSITION",
]

FIELDS = ("kmin", "kmax", "span", "spacing", "first")
ANY, CONSECUTIVE, EQUAL, SYMMETRIC = 0, 1, 2, 3
UNBOUNDED = -1
#: the bitsets hold values below 2**MAX_VALUE_BITS (a byte each: 4 MiB a bucket); past that the kernel stops
MAX_VALUE_BITS = 22
#: kernel steps (bitset entries touched, options walked; about 1 ns each) counted as one position of the limit
STEPS_PER_POSITION = 500


def turning_sequence(elements: np.ndarray, n: int, max_steps: int) -> tuple[np.ndarray, int, str, int]:
    """G(0..n-1) of the heap representation of the coin-turning game ``elements``, within ``max_steps``.

    Returns ``(values, reached, why, steps)``: ``values[:reached]`` are exact; ``reached < n`` when the
    work passed ``max_steps`` (``why == "steps"``) or a value passed ``2**MAX_VALUE_BITS``
    (``why == "bits"``); ``steps`` is the work counted (the kernel stops after the value that passes
    ``max_steps``, so by at most one value's steps more).
    """
    el = np.ascontiguousarray(elements, dtype=np.int64)
    if el.ndim != 2 or el.shape[1] != len(FIELDS) or el.shape[0] == 0:
        raise ValueError(f"elements must be a non-empty (k, {len(FIELDS)}) array, got shape {el.shape}")
    for kmin, kmax, span, spacing, first in el.tolist():
        if (
            kmin < 1
            or (kmax != UNBOUNDED and kmax < kmin)
            or span < 0
            or spacing not in (0, 1, 2, 3)
            or first not in (0, 1)
        ):
            raise ValueError(f"bad element {(kmin, kmax, span, spacing, first)}")
    out = np.zeros(max(n, 1), dtype=np.int64)
    status = np.zeros(3, dtype=np.int64)  # reached, why (0 done, 1 steps, 2 bits), steps counted
    _fill(el, out, max_steps, MAX_VALUE_BITS, status)
    return out[:n], int(min(status[0], n)), ("", "steps", "bits")[int(status[1])], int(status[2])


@njit(cache=True, nogil=True)
def _add(st: np.ndarray, nb: int, unbounded: bool, g: int, V: int, tmp: np.ndarray) -> None:
    """Add one element of value ``g`` to the subset-count DP ``st[b, v]`` (b: count bucket, v: nim-sum)."""
    for b in range(nb - 1, -1, -1):
        if b == nb - 1 and unbounded:
            for v in range(V):
                tmp[v] = st[b, v]
            for v in range(V):
                if tmp[v]:
                    st[b, v ^ g] = True
        if b > 0:
            for v in range(V):
                if st[b - 1, v]:
                    st[b, v ^ g] = True


@njit(cache=True, nogil=True)
def _mark(st: np.ndarray, nb: int, rmin: int, base: int, V: int, seen: np.ndarray) -> None:
    """Mark ``base ^ v`` for each nim-sum ``v`` of an allowed count (buckets ``rmin..nb-1``)."""
    for b in range(rmin, nb):
        for v in range(V):
            if st[b, v]:
                seen[v ^ base] = True


@njit(cache=True, nogil=True)
def _fill(el: np.ndarray, out: np.ndarray, max_steps: int, max_bits: int, status: np.ndarray) -> None:
    """Fill ``out[0:n]`` with G(0..n-1) by the five rules of the module docstring, one heap at a time; ``status``
    says how far it got (it stops once ``max_steps`` steps are done or a value needs more than ``max_bits`` bits).

    One function: a compiled kernel whose five rules share the bitset of nim-sums reached, the count buckets of
    every element (grown as ``V`` doubles) and the step counter; numba keeps them in locals, and split into
    functions each rule would take them all as arguments on every heap.
    """
    n = out.shape[0]
    E = el.shape[0]
    V = 1
    top = 1 << max_bits
    steps = 0
    nbmax = 1  # an upper bound on every count-bucket array below
    for e in range(E):
        nbmax = max(nbmax, (el[e, 1] if el[e, 1] >= 0 else el[e, 0]) + 1)
    # incremental DP of the elements with no spacing rule and no span: st[e, b, v]
    st = np.zeros((E, nbmax, V), dtype=np.bool_)
    for e in range(E):
        st[e, 0, 0] = True
    local = np.zeros((nbmax, V), dtype=np.bool_)
    tmp = np.zeros(V, dtype=np.bool_)
    seen = np.zeros(V + 1, dtype=np.bool_)
    prefix = np.zeros(n + 1, dtype=np.int64)  # prefix[i] = G(1) ^ ... ^ G(i)
    out[0] = 0
    status[0] = 1
    for m in range(1, n):
        # the coin m - 1 joins the incremental windows (coins 1.., or 2.. when coin 1 is forced)
        for e in range(E):
            if el[e, 3] == ANY and el[e, 2] == 0:
                first = el[e, 4]
                c = m - 1
                big = el[e, 1] < 0
                rmin = max(el[e, 0] - 1 - first, 0)
                rmax = el[e, 1] - 1 - first
                if c >= 1 + first and (big or rmax >= 0):
                    nb = rmin + 1 if big else rmax + 1
                    _add(st[e], nb, big, out[c], V, tmp)
                    steps += nb * V
        for v in range(V + 1):
            seen[v] = False
        for e in range(E):
            kmin, kmax, span, spacing, first = el[e, 0], el[e, 1], el[e, 2], el[e, 3], el[e, 4]
            big = kmax < 0
            lo = 1 if span == 0 else max(1, m - span + 1)
            # one coin turned: coin m alone (the leftmost coin only when m = 1)
            if kmin <= 1 and (first == 0 or m == 1):
                seen[0] = True
            if first == 1 and lo > 1:
                continue  # coin 1 is out of reach of the span
            if spacing == ANY:
                rmin = max(kmin - 1 - first, 0)
                rmax = kmax - 1 - first
                if (not big and rmax < 0) or (first == 1 and m == 1):
                    continue  # no move turns two coins or more
                base = out[1] if first == 1 else 0
                nb = rmin + 1 if big else rmax + 1
                if span == 0:
                    _mark(st[e], nb, rmin, base, V, seen)
                    steps += nb * V
                else:
                    for b in range(nb):
                        for v in range(V):
                            local[b, v] = False
                    local[0, 0] = True
                    for c in range(max(lo, 1 + first), m):
                        _add(local, nb, big, out[c], V, tmp)
                    steps += (m - lo + 1) * nb * V
                    _mark(local, nb, rmin, base, V, seen)
            elif spacing == CONSECUTIVE:
                kmax_here = m if big else min(kmax, m)
                if span > 0:
                    kmax_here = min(kmax_here, span)
                for k in range(max(kmin, 2), kmax_here + 1):
                    if first == 0 or k == m:
                        seen[prefix[m - 1] ^ prefix[m - k]] = True
                steps += kmax_here
            elif spacing == EQUAL:
                for d in range(1, m):
                    acc = 0
                    i = 1
                    while True:
                        pos = m - i * d
                        if pos < lo or (not big and i + 1 > kmax):
                            break
                        acc ^= out[pos]
                        if i + 1 >= kmin and (first == 0 or pos == 1):
                            seen[acc] = True
                        i += 1
                    steps += i
                    if m - d < lo:
                        break
            else:  # SYMMETRIC
                last_left = 1 if first == 1 else m - 1
                for left in range(lo, last_left + 1):
                    if left >= m:
                        break
                    if kmin > 2 + (m - left - 1):
                        continue  # too few coins between
                    pairs = (m - left - 1) // 2
                    has_mid = (m - left) % 2 == 0
                    for mid in range(2 if has_mid else 1):
                        base = out[left] ^ (out[(left + m) // 2] if mid == 1 else 0)
                        pmin = max(0, (kmin - 2 - mid + 1) // 2)
                        if big:
                            pmax = pairs
                        else:
                            if kmax - 2 - mid < 0:
                                continue
                            pmax = min((kmax - 2 - mid) // 2, pairs)
                        if pmin > pmax:
                            continue
                        if pmax <= 1:  # no pair or one: listed directly
                            if pmin == 0:
                                seen[base] = True
                            if pmax == 1:
                                for x in range(left + 1, left + 1 + pairs):
                                    seen[base ^ out[x] ^ out[left + m - x]] = True
                            steps += pairs + 1
                            continue
                        nb = pmin + 1 if big else pmax + 1
                        for b in range(nb):
                            for v in range(V):
                                local[b, v] = False
                        local[0, 0] = True
                        for x in range(left + 1, left + 1 + pairs):
                            _add(local, nb, big, out[x] ^ out[left + m - x], V, tmp)
                        steps += (pairs + 1) * nb * V
                        _mark(local, nb, pmin, base, V, seen)
        g = 0
        while seen[g]:
            g += 1
        out[m] = g
        prefix[m] = prefix[m - 1] ^ g
        status[0] = m + 1
        status[2] = steps
        if steps > max_steps and m + 1 < n:
            status[1] = 1
            return
        if g >= V:  # the bitsets double (g <= V: a mex of values below V)
            if 2 * V > top:
                status[1] = 2
                return
            W = 2 * V
            grown = np.zeros((E, nbmax, W), dtype=np.bool_)
            grown[:, :, :V] = st
            st = grown
            local = np.zeros((nbmax, W), dtype=np.bool_)
            tmp = np.zeros(W, dtype=np.bool_)
            seen = np.zeros(W + 1, dtype=np.bool_)
            V = W
