"""The periodicity theorem of octal games (Guy & Smith 1956) and its form for take-and-break games of any J."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from sprague.analysis.periodicity import Periodicity, check_shape, check_values, sifted_periods

__all__ = ["certify_octal", "certify_takebreak", "takebreak_values_needed"]


def certify_octal(values: Sequence[int], t: int) -> Periodicity | None:
    """A period of an octal game's sequence proved by the Octal Periodicity Theorem, or None.

    Guy & Smith (1956): for an octal game whose moves remove at most ``t`` tokens
    (and none splits without removing), if ``a[n + p] = a[n]`` for all
    ``n0 <= n < 2 n0 + p + t`` then for all ``n >= n0``. The smallest ``p`` (and for
    it the smallest ``n0``) that the prefix shows is tried.
    """
    length = len(values)
    for p in range(1, length):
        i = length - 1 - p
        while i >= 0 and values[i + p] == values[i]:
            i -= 1
        n0 = i + 1
        if length >= 2 * n0 + 2 * p + t:  # the relation is seen for every n < 2 n0 + p + t
            cert = (
                f"Octal Periodicity Theorem (Guy & Smith): a[n+{p}] = a[n] for {n0} <= n < "
                f"{2 * n0 + p + t} = 2*{n0} + {p} + {t}, checked on the first {length} values"
            )
            return Periodicity(n0, p, 0, True, cert)
    return None


def takebreak_values_needed(preperiod: int, period: int, *, last_digit: int, max_heaps: int) -> int:
    """How many values ``a[0..L-1]`` the take-and-break periodicity theorem needs to prove ``(preperiod, period)``.

    With ``J = max(max_heaps, 1)``, ``t = last_digit`` and ``n1 = max(preperiod, 1)`` the theorem of
    :func:`certify_takebreak` checks ``a[n + p] = a[n]`` for ``n0 <= n < J*n1 + (J-1)*p + t - J + 1``,
    which reads ``a`` up to index ``J*n1 + J*p + t - J``: so ``L = J*n1 + J*p + t - J + 1`` values.
    For octal games (``J = 2``) that is ``2*n0 + 2*p + t - 1``, one value fewer than Guy & Smith's
    range ``n0 <= n < 2*n0 + p + t`` asks for (their bound does not round the half up).

    >>> takebreak_values_needed(71, 12, last_digit=2, max_heaps=2)  # Kayles, 0.77
    167
    >>> takebreak_values_needed(105350, 149459, last_digit=2, max_heaps=2)  # 0.16 (Gangolli & Plambeck)
    509619
    """
    n0 = check_shape("preperiod", preperiod, 0)
    p = check_shape("period", period, 1)
    t = check_shape("last_digit", last_digit, 0)
    j = max(check_shape("max_heaps", max_heaps, 0), 1)
    return j * max(n0, 1) + j * p + t - j + 1


def _final_run_start(a: np.ndarray, p: int, need_from: int) -> int | None:
    """Smallest ``n0`` with ``a[n + p] == a[n]`` for ``n0 <= n < len(a) - p``, or None if it exceeds ``need_from``.

    The tail is compared first (most wrong periods fail in the last few values), then the rest.
    """
    length = len(a)
    lo = max(need_from, 0)
    if lo > length - p:
        return None
    tail = max(lo, length - p - 64)
    if not np.array_equal(a[tail + p :], a[tail : length - p]):
        return None
    if lo < tail and not np.array_equal(a[lo + p : tail + p], a[lo:tail]):
        return None
    bad = np.nonzero(a[p : lo + p] != a[:lo])[0]
    return int(bad[-1]) + 1 if len(bad) else 0


def certify_takebreak(values: Sequence[int] | np.ndarray, *, last_digit: int, max_heaps: int) -> Periodicity | None:
    """A period of a finite take-and-break game's G-sequence, *proved* from a prefix, or None.

    The game: a move removes ``k`` tokens (``0 <= k <= t``, ``t = last_digit``) from one heap and
    leaves the rest as exactly ``j`` non-empty heaps, ``j`` taken from a set that depends on ``k``,
    with ``j <= J = max_heaps`` (J = 2 for octal codes, 3 for hexadecimal, ``b`` for digits below
    ``2**(b+1)``); ``j = 0`` only when the heap had exactly ``k`` tokens; removing nothing and leaving
    one heap is not a move. No constraint on the parts (``!``, ``?``, ``=``) and no additive digits.
    ``d0`` may split (``k = 0``, ``j >= 2``): codes ``4.??`` and ``8.??`` are covered.

    **Theorem** (Guy & Smith 1956 for octal games; Winning Ways ch. 4; Siegel, *Combinatorial Game
    Theory* (2013), IV.2; here for any ``J``). Let ``p >= 1``, ``n0 >= 0``, ``n1 = max(n0, 1)`` and
    ``B = J*n1 + (J-1)*p + t - J + 1``. If ``a[n + p] = a[n]`` for every ``n0 <= n < B``, then
    ``a[n + p] = a[n]`` for every ``n >= n0``. Checking it reads ``L = B + p`` values
    (:func:`takebreak_values_needed`); for ``J = 2``, ``B = 2*n0 + p + t - 1``.

    *Proof.* Induction on ``n >= B``: assume ``a[m + p] = a[m]`` for ``n0 <= m < n``. Since
    ``B - t = J*(n1 - 1) + (J-1)*p + 1 >= 1``, both ``n`` and ``n + p`` exceed ``t``, so neither
    has a ``j = 0`` option. Take an option of ``n + p``: parts ``h1 >= ... >= hj >= 1``
    summing to ``n + p - k``. The largest part is at least ``(n + p - t) / J``, and ``n >= B`` makes
    ``n + p - t > J*(n1 + p - 1)``, so ``h1 >= n1 + p``; and ``h1 <= n + p - 1`` because
    ``(k, j) != (0, 1)``. So ``m = h1 - p`` has ``n1 <= m < n``: it is a non-empty heap and
    ``a[m] = a[h1]`` by the hypothesis. Replacing ``h1`` by ``m`` gives ``j`` non-empty parts summing to
    ``n - k``: an option of ``n`` by the same ``(k, j)``, whose value (the XOR of the parts' values)
    is the same. Conversely the largest part of an option of ``n`` is at least ``(n - t) / J > n1 - 1``
    and at most ``n - 1``, so adding ``p`` to it gives an option of ``n + p`` of the same value. The
    two sets of option values are equal, so their mexes are: ``a[n + p] = a[n]``. QED

    The proof needs the shifted part to stay a legal part of the same move. With ``!`` (parts
    pairwise unequal, Grundy's game ``4!.0``) ``h1 - p`` may *equal* another part, so an option of
    ``n + p`` can have no partner at ``n``, and the range check proves nothing. The smallest
    counterexample is the shortest prefix of Grundy's game itself: ``a[0..2] = 0 0 0`` passes the
    check with ``p = 1, n0 = 0`` (it asks for 3 values), yet ``a[3] = 1``: the option ``(2, 1)`` of 3
    has no partner at 2, since ``(1, 1)`` has equal parts. ``?`` and ``=`` break the proof in the same
    way. Such codes get no certificate.

    The smallest ``p`` whose final run of ``a[n + p] = a[n]`` is long enough is proved; the whole
    sequence then follows from the prefix, so the exact least period (a divisor of ``p``) and least
    preperiod are read off it and returned.

    Parameters
    ----------
    values : sequence of int
        ``a[0], ..., a[L-1]``, the game's G-values.
    last_digit : int
        ``t``, the most tokens a move removes.
    max_heaps : int
        ``J``, the most heaps a move leaves.

    Examples
    --------
    >>> kayles = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4,
    ...           7, 1, 2, 1, 4, 7, 1, 2, 1, 4, 7]
    >>> certify_takebreak(kayles, last_digit=2, max_heaps=2) is None  # its period 12 starts at 71
    True
    >>> certify_takebreak([0, 1, 0, 1, 0, 1], last_digit=1, max_heaps=1).describe()  # doctest: +ELLIPSIS
    'purely periodic: period 2, preperiod 0 (certified: ...)'
    """
    check_values(values)
    t = check_shape("last_digit", last_digit, 0)
    j = max(check_shape("max_heaps", max_heaps, 0), 1)
    a = values if isinstance(values, np.ndarray) else np.asarray(values, dtype=np.int64)  # compared, never subtracted
    length = len(a)
    # the largest n0 that L values can certify with p: L >= J*max(n0,1) + J*p + t - J + 1, i.e. room(p) // J
    last = (length - t - 1) // j  # the largest p with room(p) >= J
    for p in sifted_periods(a, last, lambda ps: (length - j * ps - t + j - 1) // j):
        n0 = _final_run_start(a, p, (length - j * p - t + j - 1) // j)
        if n0 is None:
            continue
        proved_from, proved_period = n0, p
        bound = j * max(n0, 1) + (j - 1) * p + t - j + 1
        base = a[n0 : n0 + p]

        def at(n: int, n0: int = n0, base: Any = base, p: int = p) -> int:
            return int(a[n]) if n < n0 else int(base[(n - n0) % p])

        q = next(d for d in range(1, p + 1) if p % d == 0 and all(at(n + d) == at(n) for n in range(n0, n0 + p)))
        start = n0
        while start > 0 and at(start - 1) == at(start - 1 + q):
            start -= 1
        cert = (
            f"take-and-break periodicity theorem (Guy & Smith 1956, for up to {j} heaps): "
            f"a[n+{proved_period}] = a[n] for {proved_from} <= n < {bound} = {j}*{max(n0, 1)} + "
            f"{j - 1}*{proved_period} + {t} - {j - 1}, checked on the first {length} values"
        )
        if (q, start) != (proved_period, proved_from):
            cert += "; the least period and preperiod then read off the proved sequence"
        return Periodicity(start, q, 0, True, cert)
    return None
