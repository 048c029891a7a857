"""All-but subtraction games: the state argument that proves an arithmetic period of All-but(X)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from sprague.analysis.periodicity import Periodicity, find_period

__all__ = ["certify_all_but"]


def certify_all_but(values: Sequence[int] | np.ndarray, excluded: Sequence[int]) -> Periodicity | None:
    """A *proved* arithmetic period of the G-sequence of All-but(X), from a prefix ``values``, or None.

    In All-but(X) (X finite, m = max X) a heap of n can move to every j < n except
    j = n - x, x in X. So a value that occurs at some j < n - m is excluded from
    G(k) for every k >= n, and G(n) is the least value v, not so *blocked*, whose
    occurrences among the last m values all lie at distances in X. The state at n
    is therefore (B(n), W(n)): B(n) the values of a[0..n-m-1], W(n) = a[n-m..n-1].

    Certificate: if for some n, W(n+p) = W(n) + s and B(n+p) = {0..s-1} + (B(n) + s),
    then G(n+p) = G(n) + s (the same choice, shifted; every value below s is blocked),
    and the next states stand in the same relation; by induction a[k+p] = a[k] + s
    for every k >= n - m. With m = 0 (X empty: Nim) the sequence is a[n] = n.

    >>> values = [0, 1, 2, 0, 1, 2, 3, 4, 5, 3, 4, 5, 6, 7, 8, 6, 7, 8, 9, 10, 11, 9, 10, 11]  # All-but({3})
    >>> per = certify_all_but(values, [3])
    >>> per.certified, per.period, per.saltus, per.value(values, 10**30) == 10**30 // 6 * 3 + 10**30 % 3
    (True, 6, 3, True)
    """
    m = max(excluded) if excluded else 0
    values = np.asarray(values, dtype=np.int64).tolist()  # Python ints: sums and differences never wrap
    guess = find_period(values, arithmetic=True, min_repeats=2)
    if guess is None:
        return None
    p, s, n0 = guess.period, guess.saltus, guess.preperiod
    length = len(values)
    for n in range(max(n0 + m, m), length - p + 1):
        window_ok = all(values[n + p - m + i] == values[n - m + i] + s for i in range(m))
        if not window_ok:
            continue
        blocked_then = set(values[: n - m])
        blocked_now = set(values[: n + p - m])
        if blocked_now == set(range(s)) | {v + s for v in blocked_then}:
            cert = (
                f"All-but state argument: at n = {n} the last {m} values and the blocked values "
                f"(those seen before n - {m}) reappear {p} later shifted by {s}, with every value "
                f"below {s} blocked; so a[k+{p}] = a[k]{f' + {s}' if s else ''} for all k >= {n0}"
            )
            return Periodicity(n0, p, s, True, cert)
    return None
