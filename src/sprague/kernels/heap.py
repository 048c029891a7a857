"""Kernels for single-heap G-value sequences."""

from __future__ import annotations

import numpy as np

from sprague.kernels.jit import njit

__all__ = ["subtraction_sequence", "all_but_sequence"]


@njit(cache=True)
def subtraction_sequence(moves: np.ndarray, n: int) -> np.ndarray:
    """G(0..n-1) of Subtraction(S), ``moves`` the sorted elements of S (a finite set).

    Each value is the mex of at most |S| earlier values, so it is at most |S|: a
    bit mask of the values seen finds the mex when |S| < 63, a small table otherwise.
    """
    out = np.zeros(n, dtype=np.int64)
    k = moves.shape[0]
    seen = np.zeros(k + 2, dtype=np.bool_)
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
    return out


@njit(cache=True)
def all_but_sequence(excluded: np.ndarray, n: int) -> np.ndarray:
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
