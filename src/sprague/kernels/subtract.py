"""Kernel for the G-values of a subtraction game whose set S is given by its members up to n (S may be infinite).

``G(m) = mex {G(m - s) : s in S, s <= m}``: O(n |S ∩ [1, n]|) steps for the first
``n`` values. Unlike :func:`sprague.kernels.heap.subtraction_sequence` (finite S) there
is no window after which the sequence must repeat, so every value is computed.
"""

from __future__ import annotations

import numpy as np

from sprague.errors import InvalidParameter
from sprague.kernels.jit import njit

__all__ = ["subtract_sequence", "subtract_values"]


def subtract_sequence(members: np.ndarray, n: int, prefix: np.ndarray | None = None) -> np.ndarray:
    """G(0..n-1) of Subtraction(S), ``members`` the elements of S up to ``n - 1`` (sorted), as int64.

    ``prefix`` holds values already known (G(0), G(1), ...): they are copied, not recomputed.

    >>> subtract_sequence(np.array([1, 4, 9]), 12).tolist()
    [0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 0, 1]
    """
    out, reached, _ = subtract_values(members, n, prefix, UNLIMITED)
    assert reached == n
    return out


#: a step budget no computation reaches (int64, as the kernel takes it)
UNLIMITED = 2**62


def subtract_values(
    members: np.ndarray, n: int, prefix: np.ndarray | None, max_steps: int
) -> tuple[np.ndarray, int, int]:
    """As :func:`subtract_sequence`, within ``max_steps``: ``(values, reached, steps)`` with ``values[:reached]``
    exact and ``steps`` the steps done (an option examined or a mex step each).

    It stops between two values once its steps pass ``max_steps`` (so by at most one value's steps more);
    the steps to fill ``values[k:n]`` are at least the options examined, ``S.pairs(n) - S.pairs(k)``.

    >>> values, reached, steps = subtract_values(np.array([1, 4, 9]), 12, None, 10)
    >>> reached, values[:reached].tolist(), steps > 10
    (5, [0, 1, 0, 1, 2], True)
    """
    members = np.asarray(members, dtype=np.int64)
    prefix = np.zeros(0, dtype=np.int64) if prefix is None else np.asarray(prefix, dtype=np.int64)
    if members.ndim != 1 or (len(members) and (members[0] < 1 or (np.diff(members) <= 0).any())):
        raise InvalidParameter(
            f"subtract_sequence needs the members of S as sorted distinct positive integers, "
            f"got {members.tolist()[:20]}"
        )
    if n < 0 or prefix.ndim != 1 or len(prefix) > n:
        raise InvalidParameter(
            f"subtract_sequence needs n >= 0 and a prefix of at most n values, got n={n}, a prefix of {prefix.size}"
        )
    out = np.zeros(n, dtype=np.int64)
    out[: len(prefix)] = prefix
    status = np.zeros(2, dtype=np.int64)  # reached, steps
    _fill(members[members < max(n, 1)], out, len(prefix), max_steps, status)
    return out, int(status[0]), int(status[1])


@njit(cache=True, nogil=True)
def _fill(members: np.ndarray, out: np.ndarray, start: int, max_steps: int, status: np.ndarray) -> None:
    """Fill ``out[start:]``: each value the mex of the values at distances in S.

    A value is at most its number of options (``hi``, the members <= m), so a stamp
    array of ``len(members) + 2`` entries finds the mex: ``stamp[v] == m`` marks v as
    seen at heap m, and nothing needs clearing between heaps. ``status`` receives the
    heaps done and the steps (options examined plus mex steps); it stops once these
    pass ``max_steps``.
    """
    n = out.shape[0]
    k = members.shape[0]
    stamp = np.full(k + 2, -1, dtype=np.int64)
    hi = 0
    steps = 0
    status[0] = start
    for m in range(start, n):
        while hi < k and members[hi] <= m:
            hi += 1
        for j in range(hi):
            v = out[m - members[j]]
            if v <= hi:
                stamp[v] = m
        g = 0
        while stamp[g] == m:
            g += 1
        out[m] = g
        steps += hi + g + 1
        status[0] = m + 1
        status[1] = steps
        if steps > max_steps:
            return
