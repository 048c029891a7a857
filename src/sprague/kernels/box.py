"""Kernels over a box of multi-heap positions: ranking, option scans, tables, local checks.

A *box* is every sorted tuple ``a_0 <= ... <= a_(n-1)`` of ``n`` heaps in
``lo..hi``. It is ranked in colex order by the combinatorial number system:
``_rank(a) = sum_i C(a_i - lo + i, i + 1)``. In every game of the Delete Nim
family an option has a smaller rank than its position: if ``t`` is the largest
heap that the move removes (deletes or splits), every heap above ``t`` is kept
and the option has fewer copies of ``t``, everything else being smaller, so the
two tuples first differ (from the top) where the option is smaller. A table can
therefore be filled in rank order, and a box is closed under moves.

A game is given by *shapes* ``(s, p)``: delete ``s (p-1)`` heaps and split ``s``
others into ``p`` non-empty parts each. ``p = 0`` stands for Delete Nim's move
(two heaps: take a token from one heap, delete the other, split the rest into two
possibly empty parts).

Tables hold int32 values: for outcomes 0 = P, 1 = N; for Grundy values the value;
in a table of claims, -1 means "the claim says nothing here".
"""

from __future__ import annotations

from typing import Any

import numpy as np

from sprague.errors import InvalidParameter
from sprague.kernels import config
from sprague.kernels.jit import njit

__all__ = [
    "binomials",
    "rank",
    "unrank",
    "positions",
    "fill_table",
    "extend_table",
    "extend_split_two",
    "local_check",
    "fill_claims",
    "smallest_flagged",
    "advance",
    "next_combination",
    "sort_prefix",
    "check_box",
    "check_span",
    "check_shapes",
    "FIND_P",
    "FIND_NOT_N",
    "MEX",
    "UNKNOWN_OPTION",
    "MEX_OVERFLOW",
]

FIND_P = 0  #: the first option whose table value is 0
FIND_NOT_N = 1  #: the first option whose table value is not 1 (claimed P, or no claim)
MEX = 2  #: the mex of the options' values
UNKNOWN_OPTION = -3  #: MEX met an option with no claim
MEX_OVERFLOW = -2  #: MEX met more distinct small values than its scratch space holds
_SATURATED = np.int64(2**62)
_SEEN = config.MEX_SCRATCH


def binomials(n: int, lo: int, hi: int) -> np.ndarray:
    """``C(m, k)`` for ``m <= hi - lo + n + 1`` and ``k <= n`` (int64; entries past 2^62 saturated).

    Ranks only use entries at most the box size, so saturation never changes a rank
    of a box whose size fits in int64.
    """
    rows = hi - lo + n + 2
    table = np.zeros((rows, n + 1), dtype=np.int64)
    row = [1] + [0] * n
    for m in range(rows):
        if m:
            row = [1] + [row[k] + row[k - 1] for k in range(1, n + 1)]
        table[m] = [min(v, int(_SATURATED)) for v in row]
    return table


@njit(cache=True, nogil=True)
def _rank(a: np.ndarray, lo: int, binom: np.ndarray) -> int:
    """Colex rank of the sorted heaps ``a``."""
    r = 0
    for i in range(a.shape[0]):
        r += binom[a[i] - lo + i, i + 1]
    return r


@njit(cache=True, nogil=True)
def _unrank(r: int, n: int, lo: int, binom: np.ndarray, out: np.ndarray) -> None:
    """Write the position of rank ``r`` into ``out`` (inverse of :func:`rank`)."""
    for i in range(n - 1, -1, -1):
        c = i
        while binom[c + 1, i + 1] <= r:
            c += 1
        r -= binom[c, i + 1]
        out[i] = c - i + lo


@njit(cache=True, nogil=True)
def advance(a: np.ndarray, lo: int, hi: int) -> bool:
    """The next position in colex order, in place; False after the last."""
    n = a.shape[0]
    for i in range(n):
        if (i < n - 1 and a[i] < a[i + 1]) or (i == n - 1 and a[i] < hi):
            a[i] += 1
            for j in range(i):
                a[j] = lo
            return True
    return False


@njit(cache=True, nogil=True)
def _next_partition(parts: np.ndarray, j: int, p: int) -> bool:
    """Next partition (non-decreasing parts, lexicographic) of row ``j`` into ``p`` parts, in place."""
    tail = parts[j, p - 1]
    for i in range(p - 2, -1, -1):
        tail += parts[j, i]
        if (parts[j, i] + 1) * (p - i) <= tail:
            v = parts[j, i] + 1
            for t in range(i, p - 1):
                parts[j, t] = v
            parts[j, p - 1] = tail - v * (p - 1 - i)
            return True
    return False


@njit(cache=True, nogil=True)
def _first_partition(parts: np.ndarray, j: int, p: int, h: int) -> None:
    for t in range(p - 1):
        parts[j, t] = 1
    parts[j, p - 1] = h - (p - 1)


@njit(cache=True, nogil=True)
def next_combination(c: np.ndarray, k: int, m: int) -> bool:
    """Next k-subset of 0..m-1 (sorted indices in ``c[:k]``), in place."""
    i = k - 1
    while i >= 0 and c[i] == m - k + i:
        i -= 1
    if i < 0:
        return False
    c[i] += 1
    for t in range(i + 1, k):
        c[t] = c[t - 1] + 1
    return True


@njit(cache=True, nogil=True)
def _visit(opt: np.ndarray, lo: int, binom: np.ndarray, table: np.ndarray, mode: int, seen: np.ndarray) -> int:
    """Sort ``opt``, then :func:`_look_up` it."""
    sort_prefix(opt, opt.shape[0])
    return _look_up(opt, lo, binom, table, mode, seen)


@njit(cache=True, nogil=True)
def sort_prefix(v: np.ndarray, m: int) -> None:
    """Sort ``v[:m]`` in place (insertion sort: ``m`` is a number of heaps, small)."""
    for i in range(1, m):
        x = v[i]
        j = i - 1
        while j >= 0 and v[j] > x:
            v[j + 1] = v[j]
            j -= 1
        v[j + 1] = x


@njit(cache=True, nogil=True)
def _look_up(opt: np.ndarray, lo: int, binom: np.ndarray, table: np.ndarray, mode: int, seen: np.ndarray) -> int:
    """Look the sorted option ``opt`` up; return its rank if the scan should stop there, else -1.

    In MEX mode the value is recorded in ``seen`` (or UNKNOWN_OPTION returned).
    """
    n = opt.shape[0]
    r = 0
    for i in range(n):
        r += binom[opt[i] - lo + i, i + 1]
    value = table[r]
    if mode == FIND_P:
        return r if value == 0 else -1
    if mode == FIND_NOT_N:
        return r if value != 1 else -1
    if value < 0:
        return UNKNOWN_OPTION
    if value < seen.shape[0]:
        seen[value] = True
    return -1


@njit(cache=True, nogil=True)
def _leftmost_of_equals(values: np.ndarray, chosen: np.ndarray, k: int) -> bool:
    """Whether the sorted indices ``chosen[:k]`` take, among equal values, the leftmost ones only.

    Choosing another copy of an equal heap gives the same option again, so those
    choices are skipped.
    """
    for j in range(k):
        idx = chosen[j]
        if idx > 0 and values[idx - 1] == values[idx] and not (j > 0 and chosen[j - 1] == idx - 1):
            return False
    return True


@njit(cache=True, nogil=True)
def _complement(values: np.ndarray, m: int, chosen: np.ndarray, k: int, out: np.ndarray) -> int:
    """Write ``values[:m]`` minus the sorted indices ``chosen[:k]`` into ``out``; return how many."""
    w = 0
    t = 0
    for i in range(m):
        if t < k and chosen[t] == i:
            t += 1
        else:
            out[w] = values[i]
            w += 1
    return w


@njit(cache=True, nogil=True)
def _merge_parts(kept: np.ndarray, m: int, x: int, y: int, out: np.ndarray) -> None:
    """Write the sorted heaps ``kept[:m]`` with the parts ``x <= y`` merged in, sorted, into ``out``."""
    w = 0
    t = 0
    for part in (x, y):
        while t < m and kept[t] <= part:
            out[w] = kept[t]
            w += 1
            t += 1
        out[w] = part
        w += 1
    while t < m:
        out[w] = kept[t]
        w += 1
        t += 1


@njit(cache=True, nogil=True)
def _scan_split_two(
    a: np.ndarray,
    lo: int,
    binom: np.ndarray,
    table: np.ndarray,
    mode: int,
    seen: np.ndarray,
    opt: np.ndarray,
    kept: np.ndarray,
) -> int:
    """Shape (1, 2) of :func:`scan_option`: delete one heap, split another into two."""
    n = a.shape[0]
    for i in range(n):
        h = a[i]
        if h < 2 or (i > 0 and a[i - 1] == h):
            continue
        for j in range(n):
            if (
                j == i
                or (j > 0 and j - 1 != i and a[j - 1] == a[j])
                or (j > 0 and j - 1 == i and j > 1 and a[j - 2] == a[j])
            ):
                continue
            w = 0
            for t in range(n):
                if t != i and t != j:
                    kept[w] = a[t]
                    w += 1
            for x in range(1, h // 2 + 1):
                _merge_parts(kept, n - 2, x, h - x, opt)
                found = _look_up(opt, lo, binom, table, mode, seen)
                if found != -1:
                    return found
    return -1


@njit(cache=True, nogil=True)
def _scan_option(
    a: np.ndarray,
    lo: int,
    shapes: np.ndarray,
    binom: np.ndarray,
    table: np.ndarray,
    mode: int,
    seen: np.ndarray,
    scratch: np.ndarray,
) -> int:
    """Scan the options of ``a`` against ``table``.

    FIND_P / FIND_NOT_N: the rank of the first option found, or -1. MEX: the mex of
    the options' values, UNKNOWN_OPTION if an option has no value, MEX_OVERFLOW if
    the mex is past the scratch space. ``scratch`` is an int64 array of shape
    ``(n + 4, n)`` (see :func:`_scratch`), so that a scan allocates nothing.
    """
    n = a.shape[0]
    opt = scratch[0]
    split = scratch[1]
    others = scratch[2]
    dele = scratch[3]
    parts = scratch[4:]
    if mode == MEX:
        seen[:] = False
    for q in range(shapes.shape[0]):
        s = shapes[q, 0]
        p = shapes[q, 1]
        if p == 0:  # Delete Nim: a[0], a[1] >= 0
            for i in range(n):
                h = a[i]
                if h == 0 or (i > 0 and a[i - 1] == h):
                    continue
                for x in range((h - 1) // 2 + 1):
                    opt[0] = x
                    opt[1] = h - 1 - x
                    found = _visit(opt, lo, binom, table, mode, seen)
                    if found != -1:
                        return found
            continue
        d = s * (p - 1)
        if n - s - d < 0:  # not enough heaps for this shape
            continue
        if s == 1 and p == 2:  # the common move (delete one heap, split one in two): a direct loop
            found = _scan_split_two(a, lo, binom, table, mode, seen, opt, others)
            if found != -1:
                return found
            continue
        for j in range(s):
            split[j] = j
        while True:
            ok = _leftmost_of_equals(a, split, s)
            for j in range(s):
                if a[split[j]] < p:
                    ok = False
            if ok:
                _complement(a, n, split, s, others)
                for t in range(d):
                    dele[t] = t
                while True:
                    if _leftmost_of_equals(others, dele, d):
                        for j in range(s):
                            _first_partition(parts, j, p, a[split[j]])
                        while True:
                            # assemble: kept heaps, then the parts
                            w = _complement(others, n - s, dele, d, opt)
                            for j in range(s):
                                for u in range(p):
                                    opt[w] = parts[j, u]
                                    w += 1
                            found = _visit(opt, lo, binom, table, mode, seen)
                            if found != -1:
                                return found
                            j = s - 1
                            while j >= 0 and not _next_partition(parts, j, p):
                                j -= 1
                            if j < 0:
                                break
                            for u in range(j + 1, s):
                                _first_partition(parts, u, p, a[split[u]])
                    if d == 0 or not next_combination(dele, d, n - s):
                        break
            if not next_combination(split, s, n):
                break
    if mode == MEX:
        for v in range(seen.shape[0]):
            if not seen[v]:
                return v
        return MEX_OVERFLOW
    return -1


@njit(cache=True, nogil=True)
def _scratch(n: int) -> np.ndarray:
    return np.zeros((n + 4, max(n, 2)), dtype=np.int64)


@njit(cache=True, nogil=True)
def _fill_table(n: int, lo: int, hi: int, shapes: np.ndarray, binom: np.ndarray, size: int, grundy: bool) -> np.ndarray:
    """Outcomes (0 = P, 1 = N) or Grundy values of the first ``size`` positions of the box, by search in rank order."""
    table = np.full(size, -1, dtype=np.int32)
    _extend_table(n, lo, hi, shapes, binom, table, 0, size, grundy)
    return table


@njit(cache=True, nogil=True)
def _extend_table(
    n: int,
    lo: int,
    hi: int,
    shapes: np.ndarray,
    binom: np.ndarray,
    table: np.ndarray,
    start: int,
    stop: int,
    grundy: bool,
) -> None:
    """Fill ``table[start:stop]`` by search in rank order, ``table[:start]`` known.

    Ranks do not depend on ``hi``: the table of a smaller box is a prefix of this one,
    so a stored table is extended, not recomputed.
    """
    seen = np.zeros(_SEEN, dtype=np.bool_)
    scratch = _scratch(n)
    a = np.empty(n, dtype=np.int64)
    _unrank(start, n, lo, binom, a)
    for r in range(start, stop):
        if grundy:
            table[r] = _scan_option(a, lo, shapes, binom, table, MEX, seen, scratch)
        else:
            table[r] = 1 if _scan_option(a, lo, shapes, binom, table, FIND_P, seen, scratch) >= 0 else 0
        if not advance(a, lo, hi):
            break


@njit(cache=True, nogil=True)
def _extend_split_two(
    n: int,
    lo: int,
    hi: int,
    binom: np.ndarray,
    table: np.ndarray,
    start: int,
    stop: int,
    masks: np.ndarray,
    known: np.ndarray,
) -> None:
    """Grundy values of ranks ``start..stop-1`` for shape (1, 2) alone (single-delete, VDN), memoising by split.

    An option keeps ``n - 2`` heaps K, deletes one and splits one heap ``h`` in two;
    the set of values ``{G(K + {x, h - x})}`` depends on ``(K, h)`` only, not on
    the deleted heap. It is computed once, as a bit mask (``masks[k * (hi + 1) + h]``,
    ``k`` the colex rank of K; ``known`` says which are done), and every later
    position with that K and h ORs it in: about ``(n - 1) n`` ORs a position
    instead of ``(n - 1) n h / 2`` look-ups. Values from ``64 * masks.shape[1]`` on
    are not recorded (MEX_OVERFLOW if the mex would reach them), as in :func:`scan_option`.
    """
    words = masks.shape[1]
    a = np.empty(n, dtype=np.int64)
    _unrank(start, n, lo, binom, a)
    kept = np.zeros(max(n - 2, 1), dtype=np.int64)
    opt = np.empty(n, dtype=np.int64)
    acc = np.zeros(words, dtype=np.uint64)
    for r in range(start, stop):
        acc[:] = 0
        for i in range(n):  # the heap split
            h = a[i]
            if h < 2 or (i > 0 and a[i - 1] == h):
                continue
            for j in range(n):  # the heap deleted
                if (
                    j == i
                    or (j > 0 and j - 1 != i and a[j - 1] == a[j])
                    or (j > 0 and j - 1 == i and j > 1 and a[j - 2] == a[j])
                ):
                    continue
                w = 0
                k = 0
                for t in range(n):
                    if t != i and t != j:
                        kept[w] = a[t]
                        k += binom[a[t] - lo + w, w + 1]
                        w += 1
                slot = k * (hi + 1) + h
                if not known[slot]:
                    for x in range(1, h // 2 + 1):
                        _merge_parts(kept, n - 2, x, h - x, opt)
                        q = 0
                        for u in range(n):
                            q += binom[opt[u] - lo + u, u + 1]
                        v = table[q]
                        if v < 64 * words:
                            masks[slot, v >> 6] |= np.uint64(1) << np.uint64(v & 63)
                    known[slot] = True
                for u in range(words):
                    acc[u] |= masks[slot, u]
        value = MEX_OVERFLOW
        for u in range(words):
            if acc[u] != np.uint64(0xFFFFFFFFFFFFFFFF):
                bit = 0
                while acc[u] & (np.uint64(1) << np.uint64(bit)):
                    bit += 1
                value = 64 * u + bit
                break
        table[r] = value
        if not advance(a, lo, hi):
            break


@njit(cache=True, nogil=True)
def _local_check(
    n: int,
    lo: int,
    hi: int,
    shapes: np.ndarray,
    binom: np.ndarray,
    claims: np.ndarray,
    start: int,
    stop: int,
    grundy: bool,
    failures: np.ndarray,
) -> int:
    """Check ``claims`` locally on ranks ``start..stop-1``; return the number of failures.

    Outcome claims: a claimed P-position must have no option that is not claimed N,
    a claimed N-position must have a claimed-P option. Grundy claims: the claim must
    be the mex of the options' claims. The first ``len(failures)`` failures are
    written as rows (rank, evidence): the rank of the offending option, -1 if there
    is none, or the mex found.
    """
    seen = np.zeros(_SEEN, dtype=np.bool_)
    scratch = _scratch(n)
    a = np.empty(n, dtype=np.int64)
    _unrank(start, n, lo, binom, a)
    count = 0
    for r in range(start, stop):
        c = claims[r]
        bad = False
        evidence = -1
        if c >= 0:
            if grundy:
                evidence = _scan_option(a, lo, shapes, binom, claims, MEX, seen, scratch)
                bad = evidence != c
            elif c == 0:
                evidence = _scan_option(a, lo, shapes, binom, claims, FIND_NOT_N, seen, scratch)
                bad = evidence >= 0
            else:
                evidence = _scan_option(a, lo, shapes, binom, claims, FIND_P, seen, scratch)
                bad = evidence < 0
        if bad:
            if count < failures.shape[0]:
                failures[count, 0] = r
                failures[count, 1] = evidence
            count += 1
        advance(a, lo, hi)
    return count


@njit(cache=True, nogil=True)
def _positions(n: int, lo: int, hi: int, binom: np.ndarray, start: int, stop: int) -> np.ndarray:
    """The positions of ranks ``start..stop-1``, one per row."""
    out = np.empty((stop - start, n), dtype=np.int64)
    a = np.empty(n, dtype=np.int64)
    _unrank(start, n, lo, binom, a)
    for r in range(stop - start):
        out[r] = a
        advance(a, lo, hi)
    return out


def fill_claims(claim: object, n: int, lo: int, hi: int, binom: np.ndarray, size: int) -> np.ndarray:
    """The claims of a compiled claim function (int codes) on every position of the box."""
    return _fill_claims(claim, n, lo, hi, size)


@njit
def _fill_claims(claim: Any, n: int, lo: int, hi: int, size: int) -> np.ndarray:
    out = np.empty(size, dtype=np.int32)
    a = np.full(n, lo, dtype=np.int64)
    for r in range(size):
        out[r] = claim(a)
        advance(a, lo, hi)
    return out


@njit(cache=True, nogil=True)
def _smallest_flagged(n: int, lo: int, hi: int, flags: np.ndarray) -> int:
    """Rank of the flagged position with the least total size (ties: the lexicographically least heaps), or -1."""
    a = np.full(n, lo, dtype=np.int64)
    best = np.zeros(n, dtype=np.int64)
    best_rank = -1
    best_sum = 0
    for r in range(flags.shape[0]):
        if flags[r]:
            total = 0
            for i in range(n):
                total += a[i]
            better = best_rank < 0 or total < best_sum
            if not better and total == best_sum:
                for i in range(n):
                    if a[i] != best[i]:
                        better = a[i] < best[i]
                        break
            if better:
                best_rank, best_sum = r, total
                best[:] = a
        advance(a, lo, hi)
    return best_rank


# ------------------------------------------------------------------ the validating entry points
# Each checks what the compiled loop would otherwise read out of bounds, then calls it.


def check_box(n: int, lo: int, hi: int, binom: np.ndarray) -> None:
    if n < 1 or lo < 0 or hi < lo:
        raise InvalidParameter(f"a box needs n >= 1 heaps and 0 <= lo <= hi, got n={n}, lo={lo}, hi={hi}")
    if binom.dtype != np.int64 or binom.shape != (hi - lo + n + 2, n + 1):
        raise InvalidParameter(
            f"binom must be binomials({n}, {lo}, {hi}) (int64, shape {(hi - lo + n + 2, n + 1)}), "
            f"got {binom.dtype} {binom.shape}"
        )


def check_span(start: int, stop: int, length: int, what: str) -> None:
    if not 0 <= start <= stop <= length:
        raise InvalidParameter(f"ranks {start}..{stop} are outside the {what} of {length:,} positions")


def check_shapes(shapes: np.ndarray, n: int | None = None) -> None:
    """Refuse shapes the kernels do not play: every row is ``(s, p)`` with ``s >= 1``, ``p >= 2`` (a move that
    deletes and splits), or ``(0, 0)`` (Delete Nim's move, on 2 heaps: ``n`` when given)."""
    if shapes.dtype != np.int64 or shapes.ndim != 2 or shapes.shape[1] != 2:
        raise InvalidParameter(f"shapes must be an int64 array of (s, p) rows, got {shapes.dtype} {shapes.shape}")
    for s, p in shapes.tolist():
        if (s, p) == (0, 0):
            if n is not None and n != 2:
                raise InvalidParameter(f"the shape (0, 0) is Delete Nim's move, on 2 heaps; got {n} heaps")
        elif s < 1 or p < 2:
            raise InvalidParameter(
                f"the shape ({s}, {p}) is not a move: a shape deletes s (p-1) heaps and splits s "
                "others into p parts, s >= 1 and p >= 2 (or (0, 0), Delete Nim's move)"
            )


def rank(a: np.ndarray, lo: int, binom: np.ndarray) -> int:
    """The colex rank of the sorted heaps ``a`` (each ``>= lo``)."""
    if a.dtype != np.int64 or (len(a) and (a[0] < lo or (np.diff(a) < 0).any())):
        raise InvalidParameter(f"a rank needs sorted int64 heaps >= {lo}, got {a!r}")
    return int(_rank(a, lo, binom))


def unrank(r: int, n: int, lo: int, binom: np.ndarray, out: np.ndarray) -> None:
    """Write the position of rank ``r`` (``n`` heaps ``>= lo``) into ``out``."""
    if r < 0 or out.dtype != np.int64 or len(out) < n:
        raise InvalidParameter(f"unrank needs a rank >= 0 and an int64 out of length >= {n}, got {r}, {out.dtype}")
    _unrank(r, n, lo, binom, out)


def positions(n: int, lo: int, hi: int, binom: np.ndarray, start: int, stop: int) -> np.ndarray:
    """The positions of ranks ``start..stop-1`` of the box, one row of ascending heaps each."""
    check_box(n, lo, hi, binom)
    check_span(start, stop, int(binom[hi - lo + n, n]), "box")
    out: np.ndarray = _positions(n, lo, hi, binom, start, stop)
    return out


def fill_table(n: int, lo: int, hi: int, shapes: np.ndarray, binom: np.ndarray, size: int, grundy: bool) -> np.ndarray:
    """Outcomes (0 P / 1 N) or Grundy values of the first ``size`` ranks, by search in rank order."""
    check_box(n, lo, hi, binom)
    check_shapes(shapes, n)
    check_span(0, size, int(binom[hi - lo + n, n]), "box")
    out: np.ndarray = _fill_table(n, lo, hi, shapes, binom, size, grundy)
    return out


def extend_table(
    n: int,
    lo: int,
    hi: int,
    shapes: np.ndarray,
    binom: np.ndarray,
    table: np.ndarray,
    start: int,
    stop: int,
    grundy: bool,
) -> None:
    """Fill ``table[start:stop]`` by search (the ranks below ``start`` filled already)."""
    check_box(n, lo, hi, binom)
    check_shapes(shapes, n)
    check_span(start, stop, len(table), "table")
    _extend_table(n, lo, hi, shapes, binom, table, start, stop, grundy)


def extend_split_two(
    n: int,
    lo: int,
    hi: int,
    binom: np.ndarray,
    table: np.ndarray,
    start: int,
    stop: int,
    masks: np.ndarray,
    done: np.ndarray,
) -> None:
    """Grundy values of ``table[start:stop]`` for the shape (1, 2), memoising in ``masks`` and ``done``."""
    check_box(n, lo, hi, binom)
    check_span(start, stop, len(table), "table")
    if n < 2 or masks.dtype != np.uint64 or masks.ndim != 2 or len(done) != len(masks):
        raise InvalidParameter("extend_split_two needs n >= 2 and uint64 masks with one done flag per row")
    _extend_split_two(n, lo, hi, binom, table, start, stop, masks, done)


def local_check(
    n: int,
    lo: int,
    hi: int,
    shapes: np.ndarray,
    binom: np.ndarray,
    claims: np.ndarray,
    start: int,
    stop: int,
    grundy: bool,
    failures: np.ndarray,
) -> int:
    """The local rule on ranks ``start..stop-1``; failures go to ``failures``; returns how many there were."""
    check_box(n, lo, hi, binom)
    check_shapes(shapes, n)
    check_span(start, stop, len(claims), "claims")
    if failures.dtype != np.int64 or failures.ndim != 2 or failures.shape[1] != 2:
        raise InvalidParameter(f"failures must be an int64 array of 2 columns, got {failures.dtype} {failures.shape}")
    return int(_local_check(n, lo, hi, shapes, binom, claims, start, stop, grundy, failures))


def smallest_flagged(n: int, lo: int, hi: int, flags: np.ndarray) -> int:
    """The rank of the smallest flagged position (total size, then heaps), or -1."""
    if n < 1 or lo < 0 or hi < lo or flags.dtype != np.bool_:
        raise InvalidParameter(f"smallest_flagged needs a box (n={n}, lo={lo}, hi={hi}) and bool flags")
    return int(_smallest_flagged(n, lo, hi, flags))
