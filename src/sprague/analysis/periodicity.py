"""Periodicity of G-value sequences (003, Definitions 1.5 and 1.6), with certificates.

A period found in a finite prefix is only a guess unless a theorem turns it into
a proof. :func:`find_period` therefore takes an optional ``window``: when every
value of the sequence is determined by the ``window`` values before it (a
subtraction game with finite set S has ``window = max(S)``), a run of ``window``
consecutive values that repeats with period p proves the sequence periodic from
there on, by induction. Without a window the result is reported as observed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from sprague.errors import InvalidParameter

__all__ = ["Periodicity", "find_period", "certify_all_but", "certify_octal"]


@dataclass(frozen=True)
class Periodicity:
    """``a[n + period] = a[n] + saltus`` for every ``n >= preperiod``."""

    preperiod: int
    period: int
    saltus: int
    certified: bool
    certificate: str

    def value(self, values: Sequence[int] | np.ndarray, n: int) -> int:
        """``a[n]`` for any ``n`` (even ``10**100``), from a prefix that covers one full period."""
        if n < len(values):
            return int(values[n])
        if not self.certified:
            raise ValueError("the period was observed, not proved: values past the prefix are not determined")
        q, r = divmod(n - self.preperiod, self.period)
        return int(values[self.preperiod + r]) + q * self.saltus

    def fill(self, values: Sequence[int] | np.ndarray, n: int, dtype: Any = np.int64) -> np.ndarray:
        """``a[0..n-1]`` as a NumPy array, from a prefix that covers one full period.

        The first period is copied onto itself, doubling (memory speed); an arithmetic
        period then adds ``q * saltus`` to the ``q``-th copy.

        >>> Periodicity(1, 2, 1, True, "").fill([5, 0, 1], 7).tolist()
        [5, 0, 1, 1, 2, 2, 3]
        """
        if not self.certified:
            raise ValueError("the period was observed, not proved: values past the prefix are not determined")
        start, p = self.preperiod, self.period
        out = np.empty(n, dtype=dtype)
        head = min(n, start + p)
        out[:head] = np.asarray(values[:head])
        filled = head - start  # out[start:start + filled] holds whole periods: copy them onto what follows
        while start + filled < n:
            count = min(filled - filled % p, n - start - filled)
            out[start + filled:start + filled + count] = out[start:start + count]
            filled += count
        if self.saltus and n > start + p:
            out[start + p:] += (np.arange(p, n - start, dtype=np.int64) // p * self.saltus).astype(dtype)
        return out

    @property
    def kind(self) -> str:
        if self.saltus:
            return "arithmetic periodic"
        return "purely periodic" if self.preperiod == 0 else "periodic"

    def describe(self) -> str:
        s = f"{self.kind}: period {self.period}, preperiod {self.preperiod}"
        if self.saltus:
            s += f", saltus {self.saltus}"
        return f"{s} ({'certified' if self.certified else 'observed, not proved'}: {self.certificate})"


def find_period(
    values: Sequence[int],
    window: int | None = None,
    *,
    arithmetic: bool = False,
    min_repeats: int = 3,
) -> Periodicity | None:
    """Smallest period (and, for it, smallest preperiod) of ``values``.

    Parameters
    ----------
    values : sequence of int
        ``a[0], ..., a[N-1]``.
    window : int, optional
        If each ``a[n]`` is a function of ``a[n-window], ..., a[n-1]`` alone, a
        match over ``window`` consecutive positions is a proof and the result is
        ``certified``. Otherwise the tail must show ``min_repeats`` full periods
        and cover half the prefix, and the result is marked "observed, not proved".
    arithmetic : bool
        Also look for a saltus ``s != 0`` (arithmetic periodicity, Def. 1.6).

    Examples
    --------
    >>> find_period([0, 1, 2] * 6, window=2).describe()  # doctest: +ELLIPSIS
    'purely periodic: period 3, preperiod 0 (certified: ...)'
    """
    _check_values(values)
    for what, value, least in (("window", window, 0), ("min_repeats", min_repeats, 1)):
        if (value is not None or what == "min_repeats") and (
                isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < least):
            raise InvalidParameter(f"find_period: {what}={value!r} must be an integer of at least {least}")
    n = len(values)
    for p in range(1, n):
        saltus = values[n - 1] - values[n - 1 - p] if arithmetic else 0
        run = 0
        i = n - 1 - p
        while i >= 0 and values[i + p] - values[i] == saltus:
            run += 1
            i -= 1
        start = i + 1
        if window is not None:
            if run >= window:
                cert = (
                    f"a[n+{p}] = a[n]{f' + {saltus}' if saltus else ''} holds for {run} consecutive n "
                    f"(>= {window}, the number of earlier values each value depends on), "
                    f"checked on the first {n} values"
                )
                return Periodicity(start, p, saltus, True, cert)
        elif run >= max(min_repeats * p, (n - 1) // 2, 2):
            cert = f"seen for {run} consecutive n up to {n - 1}, about {run // p} periods"
            return Periodicity(start, p, saltus, False, cert)
    return None


def _check_values(values: Any) -> None:
    """Refuse ``values`` that are not a sequence of integers (a NumPy integer array is one)."""
    if isinstance(values, np.ndarray):
        if values.ndim == 1 and values.dtype.kind in "iu":
            return
    elif isinstance(values, Sequence) and not isinstance(values, (str, bytes)) and all(
            isinstance(v, (int, np.integer)) and not isinstance(v, bool) for v in values):
        return
    raise InvalidParameter(f"find_period: {repr(values)[:80]} is not a sequence of integers (the values a[0..N-1])")


def certify_all_but(values: Sequence[int], excluded: Sequence[int]) -> Periodicity | None:
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
            cert = (f"All-but state argument: at n = {n} the last {m} values and the blocked values "
                    f"(those seen before n - {m}) reappear {p} later shifted by {s}, with every value "
                    f"below {s} blocked; so a[k+{p}] = a[k]{f' + {s}' if s else ''} for all k >= {n0}")
            return Periodicity(n0, p, s, True, cert)
    return None


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
            cert = (f"Octal Periodicity Theorem (Guy & Smith): a[n+{p}] = a[n] for {n0} <= n < "
                    f"{2 * n0 + p + t} = 2*{n0} + {p} + {t}, checked on the first {length} values")
            return Periodicity(n0, p, 0, True, cert)
    return None
