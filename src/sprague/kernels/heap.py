"""Kernels for single-heap G-value sequences."""

from __future__ import annotations

from typing import Any

import numpy as np

from sprague.errors import InvalidParameter
from sprague.kernels.jit import njit

__all__ = ["subtraction_sequence", "all_but_sequence"]


def subtraction_sequence(moves: np.ndarray, n: int, dtype: Any = np.int64) -> np.ndarray:
    """G(0..n-1) of Subtraction(S), ``moves`` the sorted elements of S (a finite set), as ``dtype``.

    Values are at most |S|, so ``np.uint8`` holds them when |S| < 256 (an eighth
    of the memory traffic of int64).
    """
    moves = np.asarray(moves, dtype=np.int64)
    if moves.ndim != 1 or (len(moves) and (moves[0] < 1 or (np.diff(moves) <= 0).any())):
        raise ValueError(f"moves must be sorted distinct positive integers, got {moves.tolist()}")
    if np.iinfo(dtype).max < len(moves):
        raise ValueError(f"dtype {np.dtype(dtype)} cannot hold values up to |S| = {len(moves)}")
    out = np.zeros(n, dtype=dtype)
    _subtraction_fill(moves, out)
    return out


@njit(cache=True, nogil=True)
def _subtraction_fill(moves: np.ndarray, out: np.ndarray) -> None:
    """Fill ``out`` with G(0..len(out)-1) of Subtraction(S) (see :func:`subtraction_sequence`).

    Each value is the mex of at most |S| earlier values, so it is at most |S|: a
    bit mask of the values seen finds the mex when |S| < 63, a small table otherwise.

    Each value depends only on the ``w = max(S)`` values before it, so as soon as a
    window of ``w`` values recurs, the sequence repeats from there on: a rolling
    hash of the window is compared with one saved at powers of two (Brent's cycle
    search), a match is confirmed value by value, and the rest is copied.
    """
    n = out.shape[0]
    k = moves.shape[0]
    w = moves[k - 1] if k else 1
    seen = np.zeros(k + 2, dtype=np.bool_)
    base = np.uint64(1099511628211)
    top = np.uint64(1)  # base ** w
    for _ in range(w):
        top *= base
    h = np.uint64(0)
    saved_hash = np.uint64(0)
    saved_at = -1
    next_save = w
    for m in range(n):
        if k < 63:
            mask = np.uint64(0)
            for j in range(k):
                s = moves[j]
                if s > m:
                    break
                mask |= np.uint64(1) << np.uint64(out[m - s])
            g = 0
            while mask & (np.uint64(1) << np.uint64(g)):
                g += 1
            out[m] = g
        else:
            seen[:] = False
            for j in range(k):
                s = moves[j]
                if s > m:
                    break
                seen[out[m - s]] = True
            g = 0
            while seen[g]:
                g += 1
            out[m] = g
        h = h * base + np.uint64(out[m] + 1)
        if m >= w:
            h -= top * np.uint64(out[m - w] + 1)
        if m < w:
            continue
        if m == next_save:
            saved_hash, saved_at, next_save = h, m, 2 * m
        elif h == saved_hash:
            p = m - saved_at
            same = True
            for i in range(w):
                if out[m - i] != out[saved_at - i]:
                    same = False
                    break
            if same:  # out[j] = out[j - p] for every j > m: copy the periodic part onto itself, doubling
                start = m + 1 - p
                j = m + 1
                while j < n:
                    count = min(j - start, n - j)  # j - start is a multiple of p
                    for t in range(count):  # a plain loop: numba copies overlapping slices through a temporary
                        out[j + t] = out[start + t]
                    j += count
                return


def all_but_sequence(excluded: np.ndarray, n: int) -> np.ndarray:
    """G(0..n-1) of All-but(X), ``excluded`` the sorted positive elements of the finite set X (checked here)."""
    ex = np.asarray(excluded, dtype=np.int64)
    if ex.ndim != 1 or (len(ex) and (ex[0] < 1 or (np.diff(ex) <= 0).any())) or n < 0:
        raise InvalidParameter(
            f"all_but_sequence needs X as sorted distinct positive integers and n >= 0, got {excluded!r}, {n}"
        )
    out: np.ndarray = _all_but_sequence(ex, n)
    return out


@njit(cache=True, nogil=True)
def _all_but_sequence(excluded: np.ndarray, n: int) -> np.ndarray:
    """G(0..n-1) of All-but(X), ``excluded`` the sorted elements of the finite set X.

    A value v is an option's value of heap m unless every earlier occurrence of v
    lies at a distance in X. With ``count[v]`` the occurrences so far, G(m) is the
    least of: the smallest value never seen, and the values at distances in X whose
    every occurrence is at such a distance -- O(|X|^2) per value instead of O(m).
    """
    out = np.zeros(n, dtype=np.int64)
    count = np.zeros(n + 1, dtype=np.int64)
    k = excluded.shape[0]
    unseen = 0
    for m in range(n):
        best = unseen
        for i in range(k):
            x = excluded[i]
            if x > m:
                break
            v = out[m - x]
            if v >= best:
                continue
            near = 0
            for j in range(k):
                y = excluded[j]
                if y > m:
                    break
                if out[m - y] == v:
                    near += 1
            if near == count[v]:
                best = v
        out[m] = best
        count[best] += 1
        while count[unseen] > 0:
            unseen += 1
    return out
