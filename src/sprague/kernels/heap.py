"""Kernels for single-heap G-value sequences."""

from __future__ import annotations

import numpy as np

from sprague.kernels.jit import njit

__all__ = ["subtraction_sequence"]


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
