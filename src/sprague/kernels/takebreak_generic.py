"""A compiled kernel for every take-and-break code: G(0..n-1) by knapsacks of value sets.

Any code (three or more heaps, ``{2+}``, the constraints ``! ? =``, additive digits,
repeating codes) is described to the kernel by a table ``rules``: row ``k + A`` (``A``
the number of additive digits, so ``k`` runs from ``-A``) says, for each heap count
``j = 0..C``, whether removing ``k`` tokens may leave ``j`` heaps and under which
constraint (:data:`NONE`, :data:`FREE`, :data:`UNEQUAL`, :data:`NOT_ALL_EQUAL`,
:data:`ALL_EQUAL`); column ``C + 1`` stands for every count above ``C``.

For heap ``n`` the kernel needs, for each sum ``m = n - k`` and count ``j``, the set of
nim-sums ``G(a_1) ^ ... ^ G(a_j)`` over the ways to leave ``m`` tokens as ``j`` heaps.
Those sets are kept as bitsets over the values, for every sum up to ``n - 1 + A``, built
as knapsacks over the part sizes ``1, 2, ..., n - 1`` added one by one (each part size
once its value is known; every part of an option is smaller than ``n``, so nothing
larger is needed):

* ``multi[j][s]``: multisets of ``j`` parts (``C + 1``: more than ``C``) with sum ``s``,
  not all equal (unbounded knapsack, sums increasing); sets of equal parts are had
  directly (``j`` copies of ``q``: ``G(q)`` if ``j`` is odd, else 0), and those of more
  than ``C`` parts in ``equal[0][s]``;
* ``unequal[j][s]``: sets of ``j`` pairwise different parts (0/1 knapsack, sums decreasing).

Adding part size ``p`` of value ``g`` costs one pass over the sums and counts, each step
a bitset translated by ``g`` (``v -> v ^ g``: whole words swapped for the high bits of
``g``, bits inside a word by masked shifts for the low six). The work is counted in
steps (word operations) and bounded by ``budget``; :func:`work` gives a lower bound in
advance. The naive twin is ``tests/naive.py`` (``takebreak_sequence``).
"""

from __future__ import annotations

import numpy as np

from sprague.kernels.jit import njit

__all__ = ["NONE", "FREE", "UNEQUAL", "NOT_ALL_EQUAL", "ALL_EQUAL", "values", "work"]

NONE, FREE, UNEQUAL, NOT_ALL_EQUAL, ALL_EQUAL = -1, 0, 1, 2, 3

_M = np.array(
    [
        0x5555555555555555,
        0x3333333333333333,
        0x0F0F0F0F0F0F0F0F,
        0x00FF00FF00FF00FF,
        0x0000FFFF0000FFFF,
        0x00000000FFFFFFFF,
    ],
    dtype=np.uint64,
)


@njit(cache=True, nogil=True)
def _xor_word(x: np.uint64, low: int, masks: np.ndarray) -> np.uint64:
    """The bits of ``x`` moved from place ``b`` to place ``b ^ low`` (``low < 64``)."""
    for b in range(6):
        if low >> b & 1:
            s = np.uint64(1 << b)
            x = ((x & masks[b]) << s) | ((x >> s) & masks[b])
    return x


@njit(cache=True, nogil=True)
def _or_xor(dst: np.ndarray, dj: int, ds: int, src: np.ndarray, sj: int, ss: int, g: int, masks: np.ndarray) -> None:
    """``dst[dj, ds] |= {v ^ g for v in src[sj, ss]}`` (bitsets of a power of two words; indices, not views,
    so that one-word bitsets cost a few operations)."""
    high, low = g >> 6, g & 63
    for w in range(src.shape[2]):
        x = src[sj, ss, w]
        if x:
            dst[dj, ds, w ^ high] |= _xor_word(x, low, masks) if low else x


@njit(cache=True, nogil=True)
def _or(dst: np.ndarray, src: np.ndarray, sj: int, ss: int) -> None:
    """``dst |= src[sj, ss]``."""
    for w in range(dst.shape[0]):
        dst[w] |= src[sj, ss, w]


@njit(cache=True, nogil=True)
def _set(bits: np.ndarray, v: int) -> None:
    bits[v >> 6] |= np.uint64(1) << np.uint64(v & 63)


@njit(cache=True, nogil=True)
def _set3(bits: np.ndarray, j: int, s: int, v: int) -> None:
    bits[j, s, v >> 6] |= np.uint64(1) << np.uint64(v & 63)


@njit(cache=True, nogil=True)
def _mex(bits: np.ndarray) -> int:
    full = ~np.uint64(0)
    for w in range(bits.shape[0]):
        if bits[w] != full:
            x = bits[w]
            b = 0
            while x >> np.uint64(b) & np.uint64(1):
                b += 1
            return 64 * w + b
    return 64 * bits.shape[0]


@njit(cache=True, nogil=True)
def _grow(a: np.ndarray, words: int) -> np.ndarray:
    out = np.zeros(a.shape[:-1] + (words,), dtype=np.uint64)
    out[..., : a.shape[-1]] = a
    return out


@njit(cache=True, nogil=True)
def _kernel(
    g: np.ndarray,
    n: int,
    additive: int,
    rules: np.ndarray,
    words: int,
    use_multi: bool,
    use_unequal: bool,
    use_equal: bool,
    budget: int,
    masks: np.ndarray,
) -> tuple[int, int]:
    """Fill ``g[0:n]``; returns ``(reached, steps)`` (stops before a value once ``budget`` steps are done).

    One function: a compiled kernel whose phases share the table of reachable XORs per part count and the step counter;
    numba keeps them in locals, and split into functions each phase would take them all as arguments (or allocate them
    again) on every call.
    """
    top = rules.shape[1] - 2  # C: counts above it share column C + 1
    tail = top + 1
    sums = n + additive  # sums 0 .. n - 1 + additive
    multi = np.zeros((tail + 1 if use_multi else 1, sums, words), dtype=np.uint64)
    unequal = np.zeros((tail + 1 if use_unequal else 1, sums, words), dtype=np.uint64)
    equal = np.zeros((1, sums if use_equal else 1, words), dtype=np.uint64)
    if use_unequal and sums > 0:  # (no sums at all for n = 0: compiled, the write would land outside the array)
        unequal[0, 0, 0] = np.uint64(1)  # no parts: nim-sum 0
    seen = np.zeros(words, dtype=np.uint64)
    steps = 0
    if n > 0:
        g[0] = 0
    for h in range(1, n):
        if steps >= budget:
            return h, steps
        seen[:] = 0
        lo = -additive
        hi = h if h < rules.shape[0] - additive else rules.shape[0] - additive - 1
        for k in range(lo, hi + 1):
            m = h - k
            row = k + additive
            for j in range(tail + 1):
                c = rules[row, j]
                if c == NONE:
                    continue
                steps += 1
                if j == 0:
                    if m == 0:
                        _set(seen, 0)
                elif j == 1:
                    if m >= 1:
                        _set(seen, g[m])
                elif j < tail:
                    if m < j:
                        continue
                    steps += words
                    if c == FREE or c == NOT_ALL_EQUAL:
                        _or(seen, multi, j, m)
                    elif c == UNEQUAL:
                        _or(seen, unequal, j, m)
                    if (c == FREE or c == ALL_EQUAL) and m % j == 0:
                        _set(seen, g[m // j] if j & 1 else 0)
                else:
                    if m < tail:
                        continue
                    steps += words
                    if c == FREE or c == NOT_ALL_EQUAL:
                        _or(seen, multi, tail, m)
                    elif c == UNEQUAL:
                        _or(seen, unequal, tail, m)
                    if c == FREE or c == ALL_EQUAL:
                        _or(seen, equal, 0, m)
        v = _mex(seen)
        g[h] = v
        if v >= 64 * words:  # values past the bitsets: widen them (a value's word does not move)
            while v >= 64 * words:
                words *= 2
            multi, unequal, equal, seen = (
                _grow(multi, words),
                _grow(unequal, words),
                _grow(equal, words),
                np.zeros(words, dtype=np.uint64),
            )
            steps += (multi.size + unequal.size + equal.size) // 2
        p = h  # the part size h joins the knapsacks
        if use_multi:
            for s in range(p, sums):
                r = s - p
                for j in range(1, tail + 1):
                    to = j + 1 if j < tail else tail
                    if j >= 2:
                        _or_xor(multi, to, s, multi, j, r, v, masks)
                    if j < tail:
                        if r % j == 0 and 1 <= r // j < p:  # j equal parts q < p, then a p
                            _set3(multi, to, s, (g[r // j] if j & 1 else 0) ^ v)
                    else:  # more than C equal parts q < p, then a p
                        _or_xor(multi, tail, s, equal, 0, r, v, masks)
                steps += tail * words
        if use_unequal:
            for s in range(sums - 1, p - 1, -1):
                r = s - p
                for j in range(tail, -1, -1):
                    _or_xor(unequal, j + 1 if j < tail else tail, s, unequal, j, r, v, masks)
                steps += (tail + 1) * words
        if use_equal:  # j >= C + 1 copies of p
            j = tail
            while j * p < sums:
                _set3(equal, 0, j * p, v if j & 1 else 0)
                j += 1
                steps += 1
    return n, steps


def values(rules: np.ndarray, additive: int, n: int, budget: int) -> tuple[np.ndarray, int]:
    """G(0..reached-1) of the code described by ``rules`` (see the module docstring), and the steps taken.

    Stops early, before a value, once ``budget`` steps are done: the values returned are then fewer than ``n``.

    >>> r = np.full((3, 4), NONE, dtype=np.int8); r[1, 0] = r[1, 1] = r[1, 2] = FREE  # 0.7
    >>> values(r, 0, 8, 10**6)[0].tolist()
    [0, 1, 0, 1, 0, 1, 0, 1]
    """
    rules = np.ascontiguousarray(rules, dtype=np.int8)
    if rules.ndim != 2 or rules.shape[1] < 3:
        raise ValueError(f"rules must be a table of at least 3 columns (counts 0, 1 and the tail), got {rules.shape}")
    if additive < 0 or n < 0 or budget < 0:
        raise ValueError(f"additive, n and budget must be non-negative, got {additive}, {n}, {budget}")
    if rules.shape[0] <= additive:
        raise ValueError(f"rules has {rules.shape[0]} rows, fewer than the {additive} additive ones and d0")
    if np.any((rules < NONE) | (rules > ALL_EQUAL)):
        raise ValueError("rules entries must be NONE, FREE, UNEQUAL, NOT_ALL_EQUAL or ALL_EQUAL")
    many = rules[:, 2:]
    use_multi = bool(np.any((many == FREE) | (many == NOT_ALL_EQUAL)))
    use_unequal = bool(np.any(many == UNEQUAL))
    use_equal = use_multi or bool(np.any(rules[:, -1] == ALL_EQUAL))  # the multisets' updates read it too
    g = np.zeros(n, dtype=np.int64)
    reached, steps = _kernel(g, n, additive, rules, 1, use_multi, use_unequal, use_equal, budget, _M)
    return g[:reached], steps


def work(rules: np.ndarray, additive: int, n: int) -> int:
    """A lower bound on the steps :func:`values` takes for ``n`` values (bitsets of one word).

    >>> r = np.full((2, 4), NONE, dtype=np.int8); r[0, 2] = r[0, 3] = FREE  # {2+}.0
    >>> work(r, 0, 100) > 100 * 100 // 2
    True
    """
    rules = np.asarray(rules)
    tail = rules.shape[1] - 1
    many = rules[:, 2:]
    tables = int(np.any((many == FREE) | (many == NOT_ALL_EQUAL))) * tail + int(np.any(many == UNEQUAL)) * (tail + 1)
    sums = n + additive
    update = tables * sum_span(n, sums)
    per_row = (rules != NONE).sum(axis=1).astype(np.int64)  # row k + additive serves heaps k..n-1 (and 1.. for k < 1)
    k = np.maximum(np.arange(rules.shape[0], dtype=np.int64) - additive, 1)
    used = k < min(n, 1 << 62)  # n may be a huge Python int: the sums below are Python ints
    queries = n * int(per_row[used].sum()) - int((per_row * k)[used].sum())
    return int(update + queries)


def sum_span(n: int, sums: int) -> int:
    """``sum(sums - p for p in range(1, n))``: the knapsack steps of adding part sizes 1..n-1."""
    return (n - 1) * sums - n * (n - 1) // 2 if n > 1 else 0
